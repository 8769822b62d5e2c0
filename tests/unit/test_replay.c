/* test_replay.c - replaying records under the rules (src/replay.c). */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "../../src/replay.h"

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

/* Builds the record: game, optional FEN, moves separated by spaces. */
static void
build(struct fixture *fx, const char *game, const char *fen,
    const char *moves)
{
	struct srcloc at = { 1, 1 };
	const char *p = moves, *q;
	struct elem *e;

	assert_int_equal(record_tag_set(&fx->g, "Game", game, NULL), 0);
	if (fen != NULL) {
		assert_int_equal(record_tag_set(&fx->g, "SetUp", "1", NULL), 0);
		assert_int_equal(record_tag_set(&fx->g, "FEN", fen, NULL), 0);
	}
	while (*p != '\0') {
		q = strchr(p, ' ');
		if (q == NULL)
			q = p + strlen(p);
		e = line_push(&fx->g.main, ELEM_MOVE, &at);
		assert_non_null(e);
		assert_int_equal(elem_set_text(e, p, (size_t)(q - p)), 0);
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

#define T(f) cmocka_unit_test_setup_teardown(f, setup, teardown)

int
main(void)
{
	const struct CMUnitTest tests[] = {
		T(test_legal_line),
		T(test_stop),
		T(test_illegal),
		T(test_ambiguous_and_canonical),
		T(test_game_over),
		T(test_malformed),
		T(test_unknown_game_and_fen),
		T(test_legal_list),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
