/* test_replay.c - replaying records under the rules (src/game/replay.c). */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "game/play.h"
#include "game/replay.h"
#include "notation/notation.h"

struct fixture {
	struct record g;
	struct diag d;
	FILE *err;
	char msg[2048];
};

static int
setup(void **state)
{
	static struct fixture fx;

	record_init(&fx.g);
	fx.err = tmpfile();
	diag_init(&fx.d, "stackref", fx.err);
	*state = &fx;
	return fx.err == NULL ? -1 : 0;
}

static int
teardown(void **state)
{
	struct fixture *fx = *state;

	record_free(&fx->g);
	fclose(fx->err);
	return 0;
}

/* Pushes one element of build(): a move, or "@ACTION_SIDE" an action
 * ("@leave_red_5": "leave red 5"). */
static void
push(struct fixture *fx, const char *p, size_t n, const struct srcloc *at)
{
	struct elem *e;
	char *u;

	if (p[0] != '@') {
		e = line_push(&fx->g.main, ELEM_MOVE, at);
		assert_non_null(e);
		assert_int_equal(elem_set_text(e, p, n), 0);
		return;
	}
	e = line_push(&fx->g.main, ELEM_ACTION, at);
	assert_non_null(e);
	assert_int_equal(elem_set_text(e, p + 1, n - 1), 0);
	while ((u = strchr(e->text, '_')) != NULL)
		*u = ' ';
}

/* Builds the record: game, optional FEN, moves separated by spaces
 * ("@offer-draw_red" is the action "offer-draw red"). */
static void
build(struct fixture *fx, const char *game, const char *fen,
    const char *moves)
{
	struct srcloc at = { 1, 1 };
	const char *p = moves, *q;

	assert_int_equal(record_tag_set(&fx->g, "Game", game, NULL), 0);
	if (fen != NULL) {
		assert_int_equal(record_tag_set(&fx->g, "SetUp", "1", NULL), 0);
		assert_int_equal(record_tag_set(&fx->g, "FEN", fen, NULL), 0);
	}
	while (*p != '\0') {
		q = strchr(p, ' ');
		if (q == NULL)
			q = p + strlen(p);
		push(fx, p, (size_t)(q - p), &at);
		at.col += (unsigned long)(q - p) + 1;
		p = *q == ' ' ? q + 1 : q;
	}
}

/* What the diagnostics printed. */
static const char *
messages(struct fixture *fx)
{
	size_t n;

	fflush(fx->err);
	rewind(fx->err);
	n = fread(fx->msg, 1, sizeof(fx->msg) - 1, fx->err);
	fx->msg[n] = '\0';
	return fx->msg;
}

static void
test_legal_line(void **state)
{
	struct fixture *fx = *state;
	struct replay_opts o = { "g.pdn", 1, REPLAY_ALL, 0 };
	struct replay rp;
	struct pos p;
	char text[64];

	build(fx, "checkers", NULL, "11-15 23-19 8-11");
	assert_int_equal(replay_run(&rp, &fx->g, &o, &fx->d), 0);
	assert_int_equal(rp.plies, 3);
	assert_int_equal(rp.total, 3);
	assert_int_equal(rp.pos.turn, SIDE_SECOND);
	assert_int_equal(rp.outcome, OUTCOME_NONE);
	assert_int_equal(replay_last_text(&rp, text, sizeof(text)), 4);
	assert_string_equal(text, "8-11");
	rp.r->start(&p);
	assert_false(pos_equal(&p, &rp.pos));
	assert_int_equal(fx->d.status, STATUS_OK);
}

static void
test_stop(void **state)
{
	struct fixture *fx = *state;
	struct replay_opts o = { "g.pdn", 1, 0, 0 };
	struct replay rp;
	struct pos p;

	build(fx, "stackup", NULL, "11-15 23-19 8-11 zz");
	assert_int_equal(replay_run(&rp, &fx->g, &o, &fx->d), 0);
	assert_int_equal(rp.plies, 0);
	rp.r->start(&p);
	assert_true(pos_equal(&p, &rp.pos));
	o.stop = 2;
	assert_int_equal(replay_run(&rp, &fx->g, &o, &fx->d), 0);
	assert_int_equal(rp.plies, 2);
	assert_int_equal(rp.total, 4);
	assert_int_equal(fx->d.status, STATUS_OK);
}

static void
test_illegal(void **state)
{
	struct fixture *fx = *state;
	struct replay_opts o = { "g.pdn", 3, REPLAY_ALL, 0 };
	struct replay rp;

	build(fx, "checkers", NULL, "11-15 23-19 15-19");
	assert_int_equal(replay_run(&rp, &fx->g, &o, &fx->d), -1);
	assert_int_equal(rp.plies, 2);
	assert_int_equal(fx->d.status, STATUS_REJECTED);
	assert_string_equal(messages(fx), "stackref: g.pdn:1:13: game 3, "
	    "ply 3: illegal move 15-19; legal moves: 7-11, 8-11, 9-13, "
	    "9-14, 10-14, 12-16, 15-18\n");
}

/* A record that names no game is read as checkers; when another game
 * replays more of it, the warning names that game and its option. */
static void
test_likely_game(void **state)
{
	struct fixture *fx = *state;
	struct replay_opts o = { "g.pdn", 1, REPLAY_ALL, 0 };
	struct replay rp;

	build(fx, "checkers", NULL, "c3-c4 b6-b5 d3-d4");
	record_tag_remove(&fx->g, "Game");
	assert_int_equal(replay_run(&rp, &fx->g, &o, &fx->d), -1);
	assert_int_equal(fx->d.counts[DIAG_LIKELY_GAME], 1);
	assert_non_null(strstr(messages(fx), "1:1: game 1, ply 1: warning: "
	    "the record names no game and is read as checkers, but as "
	    "Turkish draughts it replays 3 of its 3 plies: read it with "
	    "--game-type 30\n"));
	/* named, it is not second-guessed */
	assert_int_equal(record_tag_set(&fx->g, "GameType", "21", NULL), 0);
	assert_int_equal(replay_run(&rp, &fx->g, &o, &fx->d), -1);
	assert_int_equal(fx->d.counts[DIAG_LIKELY_GAME], 1);
}

/* A checkers record that fails is not said to be another game. */
static void
test_likely_none(void **state)
{
	struct fixture *fx = *state;
	struct replay_opts o = { "g.pdn", 1, REPLAY_ALL, 0 };
	struct replay rp;

	build(fx, "checkers", NULL, "11-15 23-19 15-19");
	record_tag_remove(&fx->g, "Game");
	assert_int_equal(replay_run(&rp, &fx->g, &o, &fx->d), -1);
	assert_int_equal(fx->d.counts[DIAG_LIKELY_GAME], 0);
	assert_int_equal(fx->d.status, STATUS_REJECTED);
}

static void
test_ambiguous_and_canonical(void **state)
{
	struct fixture *fx = *state;
	struct replay_opts o = { "g.pdn", 1, REPLAY_ALL, 1 };
	struct replay rp;

	build(fx, "checkers", "B:W14,15,22,23:B10", "10x26");
	assert_int_equal(replay_run(&rp, &fx->g, &o, &fx->d), -1);
	assert_int_equal(fx->d.status, STATUS_REJECTED);
	assert_non_null(strstr(messages(fx),
	    "ambiguous move 10x26; it fits 10x17x26, 10x19x26"));
	record_free(&fx->g);
	build(fx, "checkers", "B:W14,22,32:B10", "10x17x26");
	assert_int_equal(replay_run(&rp, &fx->g, &o, &fx->d), 0);
	assert_string_equal(fx->g.main.elems[0].text, "10x26");
}

static void
test_game_over(void **state)
{
	struct fixture *fx = *state;
	struct replay_opts o = { NULL, 0, REPLAY_ALL, 0 };
	struct replay rp;

	build(fx, "checkers", "B:W15:B11", "11x18");
	assert_int_equal(replay_run(&rp, &fx->g, &o, &fx->d), 0);
	assert_int_equal(rp.outcome, OUTCOME_FIRST_WINS);
	assert_string_equal(replay_result_token(rp.outcome), "1-0");
	assert_int_equal(replay_ply(&rp, "18-22", NULL, &fx->d, NULL), -1);
	assert_int_equal(fx->d.status, STATUS_REJECTED);
	assert_non_null(strstr(messages(fx), "the game is over (1-0"));
}

static void
test_malformed(void **state)
{
	struct fixture *fx = *state;
	struct replay_opts o = { "g.pdn", 2, REPLAY_ALL, 0 };
	struct replay rp;

	build(fx, "checkers", NULL, "11-15 2z-17");
	assert_int_equal(replay_run(&rp, &fx->g, &o, &fx->d), -1);
	assert_int_equal(fx->d.status, STATUS_MALFORMED);
	assert_string_equal(messages(fx), "stackref: g.pdn:1:7: game 2, "
	    "ply 2: unreadable move 2z-17: unexpected 'z' at character 2\n");
}

static void
test_unknown_game_and_fen(void **state)
{
	struct fixture *fx = *state;
	struct replay_opts o = { "g.pdn", 1, REPLAY_ALL, 0 };
	struct replay rp;

	build(fx, "chess", NULL, "e4");
	assert_int_equal(replay_start(&rp, &fx->g, &o, &fx->d), -1);
	assert_int_equal(fx->d.status, STATUS_MALFORMED);
	assert_non_null(strstr(messages(fx), "unknown game chess"));
	record_free(&fx->g);
	diag_init(&fx->d, "stackref", NULL);
	build(fx, "checkers", "nonsense", "");
	assert_int_equal(replay_start(&rp, &fx->g, &o, &fx->d), -1);
	assert_int_equal(fx->d.status, STATUS_MALFORMED);
}

static void
test_legal_list(void **state)
{
	struct replay rp;
	char buf[16];

	(void)state;
	memset(&rp, 0, sizeof(rp));
	rp.r = rules_find("checkers");
	rp.r->start(&rp.pos);
	replay_legal_list(rp.r, &rp.pos, ", ", buf, sizeof(buf));
	assert_string_equal(buf, "9-13, 9-14...");
}

static void
test_action_names(void **state)
{
	const struct rules *r = rules_find("stackup");
	enum replay_act act;
	unsigned long days;
	char why[128];
	int side;

	(void)state;
	assert_int_equal(replay_act_find("resign"), REPLAY_RESIGN);
	assert_int_equal(replay_act_find("decline-draw"), REPLAY_DECLINE_DRAW);
	assert_int_equal(replay_act_find("draw"), -1);
	assert_string_equal(replay_act_name(REPLAY_OFFER_DRAW), "offer-draw");
	assert_string_equal(replay_act_name(REPLAY_ACCEPT_DRAW),
	    "accept-draw");
	assert_int_equal(replay_act_parse(r, "offer-draw w", &act, &side, &days, why,
	    sizeof(why)), 0);
	assert_int_equal(act, REPLAY_OFFER_DRAW);
	assert_int_equal(side, SIDE_SECOND);
	assert_int_equal(replay_act_parse(r, "resign first", &act, &side, &days, why,
	    sizeof(why)), 0);
	assert_int_equal(side, SIDE_FIRST);
	assert_int_equal(replay_act_parse(r, "resign", &act, &side, &days, why,
	    sizeof(why)), -1);
	assert_string_equal(why, "expected ACTION SIDE");
	assert_int_equal(replay_act_parse(r, "resign red", &act, &side, &days, why,
	    sizeof(why)), -1);
	assert_string_equal(why, "unknown side red; expected black, white, "
	    "first or second");
	assert_int_equal(replay_act_parse(r, "a-very-long-action-name black",
	    &act, &side, &days, why, sizeof(why)), -1);
	assert_non_null(strstr(why, "unknown action"));
	assert_string_equal(replay_result_token(OUTCOME_DRAW), "1/2-1/2");
}

static void
test_action_resign(void **state)
{
	struct fixture *fx = *state;
	struct replay_opts o = { "g.pdn", 1, REPLAY_ALL, 0 };
	struct replay rp;
	char buf[64];

	build(fx, "checkers", NULL, "11-15 23-19 @resign_red");
	assert_int_equal(replay_run(&rp, &fx->g, &o, &fx->d), 0);
	assert_int_equal(rp.plies, 2);
	assert_int_equal(rp.outcome, OUTCOME_SECOND_WINS);
	assert_int_equal(rp.act_outcome, OUTCOME_SECOND_WINS);
	assert_string_equal(rp.why, "red resigned");
	assert_int_equal(replay_state_text(&rp, buf, sizeof(buf)), 12);
	assert_string_equal(buf, "red resigned");
	assert_int_equal(replay_state_text(&rp, buf, 5), -1);
	assert_int_equal(record_tag_set(&fx->g, "Result", "0-1", NULL), 0);
	assert_int_equal(replay_result(&rp, &fx->g, &o, &fx->d), 0);
	record_tag_remove(&fx->g, "Result");
	assert_int_equal(record_set_result(&fx->g, "1-0"), 0);
	assert_int_equal(replay_result(&rp, &fx->g, &o, &fx->d), -1);
	assert_non_null(strstr(messages(fx), "result 1-0 contradicts the "
	    "actions of the record: 0-1 (red resigned)"));
	assert_int_equal(replay_ply(&rp, "9-14", NULL, &fx->d, NULL), -1);
	assert_non_null(strstr(messages(fx),
	    "the game is over (0-1, red resigned); no move may follow"));
}

static void
test_action_draw(void **state)
{
	struct fixture *fx = *state;
	struct replay_opts o = { "g.pdn", 1, REPLAY_ALL, 0 };
	struct replay rp;
	char buf[64];

	build(fx, "stackup", NULL, "11-15 @offer-draw_black 22-18");
	assert_int_equal(replay_run(&rp, &fx->g, &o, &fx->d), 0);
	assert_int_equal(rp.offer, -1);
	assert_int_equal(replay_state_text(&rp, buf, sizeof(buf)), 0);
	assert_string_equal(buf, "");
	record_free(&fx->g);
	build(fx, "stackup", NULL, "@offer-draw_b 11-15");
	assert_int_equal(replay_run(&rp, &fx->g, &o, &fx->d), 0);
	assert_int_equal(rp.offer, SIDE_FIRST);
	assert_int_equal(replay_state_text(&rp, buf, sizeof(buf)), 19);
	assert_string_equal(buf, "black offers a draw");
	assert_int_equal(replay_action(&rp, REPLAY_ACCEPT_DRAW, SIDE_SECOND,
	    NULL, &fx->d), 0);
	assert_int_equal(rp.outcome, OUTCOME_DRAW);
	assert_int_equal(rp.offer, -1);
	assert_int_equal(replay_state_text(&rp, buf, sizeof(buf)), 11);
	assert_string_equal(buf, "draw agreed");
	assert_int_equal(fx->d.status, STATUS_OK);
}

static void
test_action_refused(void **state)
{
	struct fixture *fx = *state;
	struct replay_opts o = { "g.pdn", 2, REPLAY_ALL, 0 };
	struct replay rp;

	build(fx, "checkers", NULL, "11-15 @offer-draw_red");
	assert_int_equal(replay_run(&rp, &fx->g, &o, &fx->d), 0);
	assert_int_equal(replay_action(&rp, REPLAY_OFFER_DRAW, SIDE_FIRST,
	    NULL, &fx->d), -1);
	assert_int_equal(replay_action(&rp, REPLAY_OFFER_DRAW, SIDE_SECOND,
	    NULL, &fx->d), -1);
	assert_int_equal(replay_action(&rp, REPLAY_ACCEPT_DRAW, SIDE_FIRST,
	    NULL, &fx->d), -1);
	assert_int_equal(replay_action(&rp, REPLAY_DECLINE_DRAW, SIDE_SECOND,
	    NULL, &fx->d), 0);
	assert_int_equal(replay_action(&rp, REPLAY_DECLINE_DRAW, SIDE_SECOND,
	    NULL, &fx->d), -1);
	assert_int_equal(replay_action(&rp, REPLAY_RESIGN, SIDE_SECOND,
	    NULL, &fx->d), 0);
	assert_int_equal(rp.outcome, OUTCOME_FIRST_WINS);
	assert_int_equal(replay_action(&rp, REPLAY_RESIGN, SIDE_FIRST,
	    NULL, &fx->d), -1);
	assert_int_equal(fx->d.status, STATUS_REJECTED);
	assert_int_equal(fx->d.count, 5);
	assert_string_equal(messages(fx),
	    "stackref: offer-draw by red refused: a draw offer by red is "
	    "pending\n"
	    "stackref: offer-draw by white refused: a draw offer by red is "
	    "pending\n"
	    "stackref: accept-draw by red refused: the draw offer is red's "
	    "own; only white may answer it\n"
	    "stackref: decline-draw by white refused: no draw offer is "
	    "pending\n"
	    "stackref: resign by red refused: the game is over (1-0, white "
	    "resigned)\n");
}

static void
test_action_in_record(void **state)
{
	struct fixture *fx = *state;
	struct replay_opts o = { "g.pdn", 4, REPLAY_ALL, 0 };
	struct replay rp;

	build(fx, "checkers", NULL, "11-15 23-19 @accept-draw_white");
	assert_int_equal(replay_run(&rp, &fx->g, &o, &fx->d), -1);
	assert_int_equal(rp.plies, 2);
	assert_string_equal(messages(fx), "stackref: g.pdn:1:13: game 4, "
	    "ply 3: accept-draw by white refused: no draw offer is pending\n");
	record_free(&fx->g);
	diag_init(&fx->d, "stackref", NULL);
	build(fx, "checkers", NULL, "11-15 @surrender_red");
	assert_int_equal(replay_run(&rp, &fx->g, &o, &fx->d), -1);
	assert_int_equal(fx->d.status, STATUS_MALFORMED);
	record_free(&fx->g);
	diag_init(&fx->d, "stackref", NULL);
	build(fx, "checkers", "B:W15:B11", "11x18 @resign_white");
	assert_int_equal(replay_run(&rp, &fx->g, &o, &fx->d), -1);
	assert_int_equal(fx->d.status, STATUS_REJECTED);
	record_free(&fx->g);
	diag_init(&fx->d, "stackref", NULL);
	build(fx, "checkers", NULL, "11-15 @resign_white 23-19");
	assert_int_equal(replay_run(&rp, &fx->g, &o, &fx->d), -1);
	assert_int_equal(fx->d.status, STATUS_REJECTED);
}

static void
test_action_stop_and_canonical(void **state)
{
	struct fixture *fx = *state;
	struct replay_opts o = { "g.pdn", 1, 1, 1 };
	struct replay rp;

	build(fx, "stackup", NULL,
	    "11-15 @offer-draw_b 22-18 @offer-draw_w @accept-draw_first");
	assert_int_equal(replay_run(&rp, &fx->g, &o, &fx->d), 0);
	assert_int_equal(rp.plies, 1);
	assert_int_equal(rp.offer, SIDE_FIRST);
	assert_string_equal(fx->g.main.elems[1].text, "offer-draw black");
	assert_string_equal(fx->g.main.elems[3].text, "offer-draw w");
	o.stop = REPLAY_ALL;
	assert_int_equal(replay_run(&rp, &fx->g, &o, &fx->d), 0);
	assert_int_equal(rp.outcome, OUTCOME_DRAW);
	assert_string_equal(fx->g.main.elems[3].text, "offer-draw white");
	assert_string_equal(fx->g.main.elems[4].text, "accept-draw black");
	assert_int_equal(fx->d.status, STATUS_OK);
}


/* Taking back moves: who may ask, answer, and when. */
static void
test_undo_actions(void **state)
{
	struct fixture *fx = *state;
	struct replay_opts o = { "g.pdn", 0, REPLAY_ALL, 0 };
	struct replay rp;

	build(fx, "stackup", NULL, "11-15 23-19 @request-undo_white");
	assert_int_equal(replay_run(&rp, &fx->g, &o, &fx->d), 0);
	assert_int_equal(rp.undo, SIDE_SECOND);
	assert_int_equal(rp.undo_elem, 1);
	assert_int_equal(replay_action(&rp, REPLAY_REQUEST_UNDO, SIDE_FIRST,
	    NULL, &fx->d), -1);
	assert_int_equal(replay_action(&rp, REPLAY_ACCEPT_UNDO, SIDE_SECOND,
	    NULL, &fx->d), -1);
	assert_int_equal(replay_action(&rp, REPLAY_ACCEPT_UNDO, SIDE_FIRST,
	    NULL, &fx->d), 0);
	assert_int_equal(rp.undo, -1);
	assert_int_equal(replay_action(&rp, REPLAY_DECLINE_UNDO, SIDE_FIRST,
	    NULL, &fx->d), -1);
	/* after an accepted undo, nothing to take back until a new move */
	assert_int_equal(replay_action(&rp, REPLAY_REQUEST_UNDO, SIDE_FIRST,
	    NULL, &fx->d), -1);
	assert_string_equal(messages(fx),
	    "stackref: request-undo by black refused: a request by white to "
	    "take back moves is pending\n"
	    "stackref: accept-undo by white refused: the request is white's "
	    "own; only black may answer it\n"
	    "stackref: decline-undo by black refused: no request to take back "
	    "moves is pending\n"
	    "stackref: request-undo by black refused: black has made no move "
	    "to take back since the start or the last undo\n");
	record_free(&fx->g);
	/* a move voids the request; no request at the start */
	build(fx, "stackup", NULL, "11-15 @request-undo_black 23-19");
	assert_int_equal(replay_run(&rp, &fx->g, &o, &fx->d), 0);
	assert_int_equal(rp.undo, -1);
	record_free(&fx->g);
	build(fx, "stackup", NULL, "");
	assert_int_equal(replay_run(&rp, &fx->g, &o, &fx->d), 0);
	assert_int_equal(replay_action(&rp, REPLAY_REQUEST_UNDO, SIDE_FIRST,
	    NULL, &fx->d), -1);
	record_free(&fx->g);
	/* after the end, no undo */
	build(fx, "checkers", "B:W15:B11", "11x18");
	assert_int_equal(replay_run(&rp, &fx->g, &o, &fx->d), 0);
	assert_int_equal(replay_action(&rp, REPLAY_REQUEST_UNDO, SIDE_FIRST,
	    NULL, &fx->d), -1);
}

/* Replays the PDN text into fx->g; replay_run's return. */
static int
replay_text(struct fixture *fx, const char *text, struct replay *rp)
{
	struct replay_opts o = { "g.pdn", 0, REPLAY_ALL, 0 };

	record_free(&fx->g);
	assert_int_equal(notation_read_text(text, strlen(text), "g.pdn",
	    &fx->g, NULL, &fx->d), 0);
	return replay_run(rp, &fx->g, &o, &fx->d);
}

/* An accepted undo in a record: the variation before it must hold the
 * moves taken back (play_accept_undo makes it so). */
static void
test_undo_record(void **state)
{
	struct fixture *fx = *state;
	struct replay rp;
	char *text = NULL;
	size_t len;
	FILE *f;

	assert_int_equal(replay_text(fx, "1. 11-15 23-19 2. 8-11 "
	    "{[%request-undo red]} *", &rp), 0);
	assert_int_equal(replay_action(&rp, REPLAY_ACCEPT_UNDO, SIDE_SECOND,
	    NULL, &fx->d), 0);
	assert_int_equal(play_accept_undo(&rp, &fx->g, SIDE_SECOND), 0);
	f = open_memstream(&text, &len);
	assert_int_equal(notation_write_record(notation_find("pdn"), f,
	    &fx->g), 0);
	fclose(f);
	assert_string_equal(text, "1. 11-15 23-19 (2. 8-11 "
	    "{[%request-undo red]}) {[%accept-undo white]} *\n\n");
	assert_int_equal(replay_text(fx, text, &rp), 0);
	free(text);
	assert_int_equal(rp.plies, 2);
	assert_int_equal(rp.undo, -1);
	assert_int_equal(rp.pos.turn, SIDE_FIRST);
	assert_int_equal(replay_text(fx, "1. 11-15 (23-19 2. 8-11 "
	    "{[%request-undo white]}) {[%accept-undo red]} *", &rp), 0);
	assert_int_equal(rp.pos.turn, SIDE_SECOND);
	assert_int_equal(fx->d.status, STATUS_OK);
	assert_int_equal(replay_text(fx, "1. 11-15 23-19 2. 8-11 "
	    "{[%request-undo red]} {[%accept-undo white]} *", &rp), -1);
	assert_int_equal(replay_text(fx, "1. 11-15 (23-19 2. 8-11 22-18 "
	    "{[%request-undo white]}) {[%accept-undo red]} *", &rp), -1);
	assert_int_equal(replay_text(fx, "1. 11-15 (23-19 2. 8-11 "
	    "{[%request-undo red]}) {[%accept-undo white]} *", &rp), -1);
	assert_int_equal(replay_text(fx, "1. 11-15 (23-19 2. 11-16 "
	    "{[%request-undo white]}) {[%accept-undo red]} *", &rp), -1);
	assert_int_equal(replay_text(fx, "1. 11-15 (23-19 {[%request-undo "
	    "white]} 2. 8-11) {[%accept-undo red]} *", &rp), -1);
	assert_string_equal(messages(fx),
	    "stackref: g.pdn:1:46: ply 4: accept-undo by white refused: no "
	    "variation with the moves taken back stands before it\n"
	    "stackref: g.pdn:1:56: ply 2: accept-undo by red refused: the "
	    "variation before it: it holds more than two moves\n"
	    "stackref: g.pdn:1:48: ply 2: accept-undo by white refused: the "
	    "variation before it: no request-undo by the side of its first "
	    "move ends it\n"
	    "stackref: g.pdn:1:51: ply 2: accept-undo by red refused: the "
	    "variation before it: its moves do not replay from the position "
	    "before it\n"
	    "stackref: g.pdn:1:50: ply 2: accept-undo by red refused: the "
	    "variation before it: a move follows the request\n");
}

/* Leave and claims parse; a claim ends the game. */
static void
test_timed_actions(void **state)
{
	struct fixture *fx = *state;
	struct replay_opts o = { "g.pdn", 0, REPLAY_ALL, 1 };
	struct replay rp;

	build(fx, "stackers-mogensen", NULL,
	    "11-15 @leave_w_5 @claim-time_white");
	assert_int_equal(replay_run(&rp, &fx->g, &o, &fx->d), 0);
	assert_string_equal(fx->g.main.elems[1].text, "leave white 5");
	assert_int_equal(rp.outcome, OUTCOME_SECOND_WINS);
	assert_string_equal(rp.why, "time forfeit");
	record_free(&fx->g);
	build(fx, "stackers-mogensen", NULL, "11-15 @leave_w_0");
	assert_int_equal(replay_run(&rp, &fx->g, &o, &fx->d), -1);
	assert_int_equal(fx->d.status, STATUS_MALFORMED);
}

#define T(f) cmocka_unit_test_setup_teardown(f, setup, teardown)

int
main(void)
{
	const struct CMUnitTest tests[] = {
		T(test_legal_line),
		T(test_stop),
		T(test_illegal),
		T(test_likely_game),
		T(test_likely_none),
		T(test_ambiguous_and_canonical),
		T(test_game_over),
		T(test_malformed),
		T(test_unknown_game_and_fen),
		T(test_legal_list),
		T(test_action_names),
		T(test_action_resign),
		T(test_action_draw),
		T(test_action_refused),
		T(test_action_in_record),
		T(test_action_stop_and_canonical),
		T(test_undo_actions),
		T(test_undo_record),
		T(test_timed_actions),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
