/*
 * position.c - the mail of a board's position (as pbmserv sends it):
 * the board from the reader's side (ASCII in the text, a PNG in the
 * HTML), the moves so far in the record's square style, whose turn it
 * is and the exact subject line the reader sends next, with its #N; the
 * draw offer and how to answer it, to the player it is offered to; the
 * winner, by name and side, and why.  Both players, and the watchers,
 * are told of a change; the game page of the new record is made when
 * the referee publishes.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "notation/sentence.h"
#include "notation/ascii.h"
#include "notation/png.h"
#include "notation/svg.h"
#include "base/timeutc.h"
#include "base/util.h"
#include "game/picture.h"
#include "referee/job.h"

/* The board named: the command's, or a new one's. */
static const char *
ref_board_name(const struct ref_job *j)
{
	return j->o->board[0] != '\0' ? j->o->board : j->cmd.board;
}

/* ---- the picture ---- */

/* Sets the size of pic from the natural size of v. */
static void
ref_picture_size(struct ref_picture *pic, const struct svg_view *v)
{
	double w, h;

	svg_measure(v, &w, &h);
	pic->width = pic->height = REF_PNG_SIZE;
	if (w >= h && w > 0)
		pic->height = (unsigned)(REF_PNG_SIZE * h / w + 0.5);
	else if (h > 0)
		pic->width = (unsigned)(REF_PNG_SIZE * w / h + 0.5);
}

/* The PNG of the board from side, made once per decision: the picture
 * `stackref show --format png --size REF_PNG_SIZE` gives of the record
 * (game/picture.h); NULL when it cannot be made (the mail then goes
 * without it). */
static const struct ref_picture *
ref_picture(struct ref_job *j, int side)
{
	struct ref_picture *pic = &j->pic[side];
	const char *domain = strchr(j->c->referee, '@');
	struct game_picture gp;
	char why[256];

	if (pic->made)
		return pic->png != NULL ? pic : NULL;
	pic->made = 1;
	game_picture(&gp, &j->rp, &j->g, side, REF_PNG_SIZE);
	if (PNG_MODULE->render(&gp.v, &pic->png, &pic->len, why,
	    sizeof(why)) == -1)
		return NULL;
	ref_picture_size(pic, &gp.v);
	snprintf(pic->cid, sizeof(pic->cid), "board.%.20s.%lu.%d@%.40s",
	    ref_board_name(j), j->rp.plies, side, domain != NULL &&
	    domain[1] != '\0' ? domain + 1 : "localhost");
	snprintf(pic->alt, sizeof(pic->alt), "%s board %s after ply %lu",
	    j->rp.r->title, ref_board_name(j), j->rp.plies);
	return pic;
}

void
ref_picture_warm(void)
{
	static const struct replay_opts ro = { NULL, 0, REPLAY_ALL, 0 };
	static int warm;
	struct game_picture gp;
	struct replay rp;
	struct record g;
	struct diag d;
	unsigned char *png;
	size_t i, len;
	char why[256];

	if (warm)
		return;
	warm = 1;
	diag_init(&d, "stackref", stderr);
	for (i = 0; rules_table[i] != NULL; i++) {
		record_init(&g);
		if (record_tag_set(&g, "Game", rules_table[i]->name, NULL) == 0 &&
		    replay_start(&rp, &g, &ro, &d) == 0) {
			game_picture(&gp, &rp, &g, 0, REF_PNG_SIZE);
			if (PNG_MODULE->render(&gp.v, &png, &len, why,
			    sizeof(why)) == 0)
				free(png);
		}
		record_free(&g);
	}
}

/* ---- the text ---- */

const char *
ref_undo_moves(const struct ref_job *j, char *buf, size_t size)
{
	const struct line *l = &j->g.main;
	size_t i;

	buf[0] = '\0';
	for (i = j->rp.undo_elem; j->rp.undo >= 0 && i < l->n; i++)
		if (l->elems[i].kind == ELEM_MOVE && l->elems[i].text != NULL)
			util_append(buf, size, " ", l->elems[i].text);
	return buf;
}

const char *
ref_action_text(const struct ref_job *j, const struct line *l, size_t i,
    char *buf, size_t size)
{
	const struct elem *e = &l->elems[i], *v = i > 0 ? e - 1 : NULL;
	char moves[512] = "";

	if (v != NULL && v->kind == ELEM_VARIATION && v->var != NULL &&
	    strncmp(e->text, "accept-undo ", 12) == 0)
		sentence_moves(v->var, v->var->n, moves, sizeof(moves));
	else if (l != &j->g.main)         /* a request taken back with it */
		sentence_moves(l, i, moves, sizeof(moves));
	else if (j->rp.undo >= 0 && i >= j->rp.undo_elem)
		ref_undo_moves(j, moves, sizeof(moves));   /* pending */
	return sentence_action(e->text, moves, buf, size);
}

/* The line saying what happened last on the board: its last action
 * (when the whole record is shown), else its last move. */
static void
ref_last_line(const struct ref_job *j, struct ref_doc *d)
{
	const struct line *l = &j->g.main;
	const struct elem *e = NULL;
	char last[800];
	size_t i;

	for (i = l->n; i > 0 && e == NULL; i--)
		if (l->elems[i - 1].kind == ELEM_MOVE ||
		    l->elems[i - 1].kind == ELEM_ACTION)
			e = &l->elems[i - 1];
	if (e != NULL && e->kind == ELEM_ACTION &&
	    j->rp.plies == j->rp.total)
		ref_doc_more(d, "Last action: %s", ref_action_text(j, l,
		    (size_t)(e - l->elems), last, sizeof(last)));
	else if (replay_last_text(&j->rp, last, sizeof(last)) >= 0)
		ref_doc_more(d, "Last move: ply %lu, %s by %s.", j->rp.plies,
		    last, ref_side_user(j, !j->rp.pos.turn));
	else
		ref_doc_more(d, "No move has been played yet.");
}

/* The side that moved first. */
static int
ref_first_side(const struct replay *rp)
{
	return (int)((unsigned)rp->pos.turn ^ (rp->plies & 1));
}

/* The text of the element e of line l in a history: a comment in
 * braces, an action in words, the moves an undo took back with the
 * request in parentheses (their variation); into buf. */
static void
ref_history_elem(const struct ref_job *j, const struct line *l,
    const struct elem *e, char *buf, size_t size)
{
	char words[800];
	size_t i;

	if (e->kind == ELEM_COMMENT)
		snprintf(buf, size, "{%s}", e->text != NULL ? e->text : "");
	else if (e->kind == ELEM_ACTION && e->text != NULL)
		ref_action_text(j, l, (size_t)(e - l->elems), buf, size);
	else if (e->kind == ELEM_VARIATION && e->var != NULL) {
		snprintf(buf, size, "(taken back:");
		for (i = 0; i < e->var->n; i++)
			if (e->var->elems[i].kind == ELEM_MOVE ||
			    e->var->elems[i].kind == ELEM_ACTION) {
				ref_history_elem(j, e->var, &e->var->elems[i],
				    words, sizeof(words));
				util_append(buf, size, " ", words);
			}
		util_append(buf, size, "", ")");
	} else
		snprintf(buf, size, "%s", e->text != NULL ? e->text : "");
}

/* The move list up to the position shown, numbered; with history, the
 * comments, actions and moves taken back too; "none yet." when it lists
 * nothing. */
static void
ref_moves(struct ref_job *j, struct ref_doc *d, int history)
{
	const struct line *l = &j->g.main;
	unsigned long k = 0, first = (unsigned long)ref_first_side(&j->rp);
	char tok[2048];
	int need = 1;
	size_t i, words = 0;

	ref_doc_word(d, "Moves:");
	for (i = 0; i < l->n; i++) {
		const struct elem *e = &l->elems[i];

		if (e->kind == ELEM_MOVE && k >= j->rp.plies)
			break;
		if (e->kind == ELEM_MOVE) {
			if ((k + first) % 2 == 0 || need)
				snprintf(tok, sizeof(tok), "%lu.%s %s",
				    (k + first) / 2 + 1, (k + first) % 2 ?
				    ".." : "", e->text);
			else
				snprintf(tok, sizeof(tok), "%s", e->text);
			k++;
			need = 0;
		} else if (history && (e->kind == ELEM_COMMENT ||
		    e->kind == ELEM_ACTION || e->kind == ELEM_VARIATION)) {
			ref_history_elem(j, l, e, tok, sizeof(tok));
			need = 1;
		} else
			continue;
		ref_doc_word(d, tok);
		words++;
	}
	if (words == 0)
		ref_doc_word(d, "none yet.");
}

/* A subject line for user to send: verb (an action, a move, a queue or
 * a resignation) with move ("" for none) at ply, the password
 * PASSWORD. */
static void
ref_next(const struct ref_job *j, enum pbem_verb verb, const char *user,
    const char *move, unsigned long ply, char *buf, size_t size)
{
	struct pbem_cmd c;

	memset(&c, 0, sizeof(c));
	c.verb = verb;
	snprintf(c.game, sizeof(c.game), "%s", j->rp.r->name);
	snprintf(c.board, sizeof(c.board), "%s", ref_board_name(j));
	snprintf(c.user, sizeof(c.user), "%s", user);
	snprintf(c.password, sizeof(c.password), "PASSWORD");
	snprintf(c.move, sizeof(c.move), "%s", move);
	snprintf(c.text, sizeof(c.text), "%s", move);    /* queue's moves */
	c.ply = ply;
	if (pbem_format(&c, buf, size) < 0)
		snprintf(buf, size, "?");
}

/* The end of the game: the winner by name and side, the result, why. */
static void
ref_game_over(struct ref_job *j, struct ref_doc *d, const char *res,
    const char *why)
{
	int win = strcmp(res, "1-0") == 0 ? 0 : strcmp(res, "0-1") == 0 ?
	    1 : -1;
	const char *shown = notation_result_of(j->rp.r, res);

	if (win >= 0)
		ref_doc_p(d, "Game over: %s, %s (%s) wins: %s.", shown,
		    ref_side_user(j, win), j->rp.r->side[win], why);
	else
		ref_doc_p(d, "Game over: %s, a draw: %s.", shown, why);
	ref_rating_lines(j, d);
}

/* The draw offer pending, to the player me (-1: an observer). */
static void
ref_offer(struct ref_job *j, struct ref_doc *d, int me)
{
	const struct replay *rp = &j->rp;
	const char *user = ref_side_user(j, me < 0 ? 0 : me);
	char line[PBEM_TEXT];

	if (rp->offer < 0 || me < 0)
		return;
	if (me == rp->offer) {
		ref_doc_p(d, "Your draw offer waits for %s's answer.",
		    ref_side_user(j, !me));
		return;
	}
	ref_doc_p(d, "%s (%s) offers you a draw.\nTo accept it, mail %s "
	    "the subject", ref_side_user(j, rp->offer), rp->r->side[rp->offer],
	    j->c->referee);
	ref_next(j, PBEM_ACCEPT_DRAW, user, "", rp->plies + 1, line,
	    sizeof(line));
	ref_doc_cmd(d, line);
	ref_doc_more(d, "To reject it:");
	ref_next(j, PBEM_DECLINE_DRAW, user, "", rp->plies + 1, line,
	    sizeof(line));
	ref_doc_cmd(d, line);
	if (me == rp->pos.turn)
		ref_doc_more(d, "(A move rejects it too.)");
}

/* The moves the request pending would take back, "9-14 and 22-18",
 * into buf ("the last move" when they cannot be told). */
static void
ref_undo_list(const struct ref_job *j, char *buf, size_t size)
{
	char moves[512];

	if (sentence_list(ref_undo_moves(j, moves, sizeof(moves)), buf,
	    size) == 0)
		snprintf(buf, size, "the last move");
}

/* The request to take back moves pending, to the player me (-1: an
 * observer): its answers to the player asked. */
static void
ref_undo_asked(struct ref_job *j, struct ref_doc *d, int me)
{
	const struct replay *rp = &j->rp;
	char line[PBEM_TEXT], moves[600];

	if (rp->undo < 0 || me < 0)
		return;
	ref_undo_list(j, moves, sizeof(moves));
	if (me == rp->undo) {
		ref_doc_p(d, "Your request to take back %s waits for %s's "
		    "answer.", moves, ref_side_user(j, !me));
		return;
	}
	ref_doc_p(d, "%s (%s) asks to take back %s.\nTo accept, mail %s the "
	    "subject", ref_side_user(j, rp->undo), rp->r->side[rp->undo],
	    moves, j->c->referee);
	ref_next(j, PBEM_ACCEPT_UNDO, ref_side_user(j, me), "",
	    rp->plies + 1, line, sizeof(line));
	ref_doc_cmd(d, line);
	ref_doc_more(d, "To reject it:");
	ref_next(j, PBEM_DECLINE_UNDO, ref_side_user(j, me), "",
	    rp->plies + 1, line, sizeof(line));
	ref_doc_cmd(d, line);
}

/* The clock of a timed board: the time control, the time on this
 * move, when it runs out, a leave in force. */
static void
ref_clock_lines(struct ref_job *j, struct ref_doc *d)
{
	const struct judge_clock *k = &j->clk;
	char span[64], when[TIMEUTC_SIZE];
	int on = k->ck.on, s;

	if (!k->ready || on < 0)
		return;
	if (timeutc_span(k->ck.thinking, span, sizeof(span)) < 0)
		snprintf(span, sizeof(span), "?");
	ref_doc_p(d, "Clock (%s): %s has had %s for this move", record_tag(
	    &j->g, "TimeControl") != NULL ? record_tag(&j->g,
	    "TimeControl") : "-", ref_side_user(j, on), span);
	if (k->ck.runs_out >= 0 && timeutc_format(k->ck.runs_out, when,
	    sizeof(when)) == 0)
		ref_doc_more(d, "and loses on time, the game forfeited, "
		    "without a move by %s.", when);
	for (s = 0; s < 2; s++)
		if (k->ck.side[s].leave_until > k->now && timeutc_format(
		    k->ck.side[s].leave_until, when, sizeof(when)) == 0)
			ref_doc_more(d, "%s is on leave until %s.",
			    ref_side_user(j, s), when);
}

/* What the player to move sends. */
static void
ref_to_play(struct ref_job *j, struct ref_doc *d, int me)
{
	char line[PBEM_TEXT];

	ref_doc_p(d, "To play, mail %s the subject", j->c->referee);
	ref_next(j, PBEM_MOVE, ref_side_user(j, me), "MOVE", j->rp.plies + 1,
	    line, sizeof(line));
	ref_doc_cmd(d, line);
	ref_doc_more(d, "with your password for PASSWORD and your move for "
	    "MOVE.");
}

/* What the player waiting may send meanwhile (as the judge would let
 * it: replay_act_judge). */
static void
ref_waiting(struct ref_job *j, struct ref_doc *d, int me)
{
	struct judge_verdict v;
	char line[PBEM_TEXT];

	if (replay_act_judge(&j->rp, REPLAY_OFFER_DRAW, me, &v) == 0) {
		ref_doc_p(d, "Meanwhile you may offer a draw:");
		ref_next(j, PBEM_OFFER_DRAW, ref_side_user(j, me), "",
		    j->rp.plies + 1, line, sizeof(line));
		ref_doc_cmd(d, line);
		ref_doc_more(d, "or resign:");
	} else
		ref_doc_p(d, "Meanwhile you may resign:");
	ref_next(j, PBEM_RESIGN, ref_side_user(j, me), "", j->rp.plies + 1,
	    line, sizeof(line));
	ref_doc_cmd(d, line);
	if (replay_act_judge(&j->rp, REPLAY_REQUEST_UNDO, me, &v) == 0) {
		ref_doc_more(d, "ask to take back your last move:");
		ref_next(j, PBEM_REQUEST_UNDO, ref_side_user(j, me), "",
		    j->rp.plies + 1, line, sizeof(line));
		ref_doc_cmd(d, line);
	}
	ref_doc_more(d, "or leave conditional replies (X your opponent's "
	    "move, Y yours; private):");
	ref_next(j, PBEM_QUEUE, ref_side_user(j, me), "X Y", j->rp.plies + 1,
	    line, sizeof(line));
	ref_doc_cmd(d, line);
}

/* The legal moves (ref_legal_text), and for a count by square how to
 * list the moves of one square and an example. */
static void
ref_legal_lines(struct ref_job *j, struct ref_doc *d)
{
	char legal[4096], line[PBEM_TEXT], example[256];

	if (ref_legal_text(&j->rp, NULL, legal, sizeof(legal)) !=
	    REF_LEGAL_COUNTED) {
		ref_doc_more(d, "Legal moves: %s", legal);
		return;
	}
	ref_doc_more(d, "Legal moves: %s.", legal);
	if (ref_legal_example(&j->rp, NULL, example, sizeof(example)) == 0)
		ref_doc_more(d, "For example: %s", example);
	ref_doc_more(d, "For the moves from one square, mail %s the subject",
	    j->c->referee);
	snprintf(line, sizeof(line), "%s preview %s SQUARE", j->rp.r->name,
	    ref_board_name(j));
	ref_doc_cmd(d, line);
}

/* Whose turn, the offer, the legal moves, what to send next. */
static void
ref_turn(struct ref_job *j, struct ref_doc *d, int me)
{
	const struct replay *rp = &j->rp;
	int turn = rp->pos.turn;
	char state[128];

	if (me == turn)
		ref_doc_p(d, "It is your turn, %s (%s), to play ply %lu.",
		    ref_side_user(j, turn), rp->r->side[turn], rp->plies + 1);
	else
		ref_doc_p(d, "It is %s's turn (%s) to play ply %lu%s",
		    ref_side_user(j, turn), rp->r->side[turn], rp->plies + 1,
		    me >= 0 ? "; you will be mailed the move." : ".");
	if (replay_state_text(rp, state, sizeof(state)) > 0)
		ref_doc_more(d, "Pending: %s.", state);
	if (me < 0 || me == turn)
		ref_legal_lines(j, d);
	ref_clock_lines(j, d);
	ref_offer(j, d, me);
	ref_undo_asked(j, d, me);
	if (me == turn)
		ref_to_play(j, d, me);
	else if (me >= 0)
		ref_waiting(j, d, me);
}

/* The last lines of an observer's mail: how to watch, or to stop (a
 * watcher's, with its token). */
static void
ref_watch_lines(struct ref_job *j, struct ref_doc *d,
    const struct ref_reader *rd)
{
	char line[3 * PBEM_WORD + 16];
	int watcher = rd->watcher;

	snprintf(line, sizeof(line), "%s %ssubscribe %s%s%s", j->rp.r->name,
	    watcher ? "un" : "", ref_board_name(j), watcher && rd->token !=
	    NULL ? " " : "", watcher && rd->token != NULL ? rd->token : "");
	if (watcher)
		ref_doc_p(d, "You get this copy as a watcher of board %s.\nTo "
		    "stop, mail %s the subject", ref_board_name(j),
		    j->c->referee);
	else
		ref_doc_p(d, "To get a copy of every move of this board,\nmail "
		    "%s the subject", j->c->referee);
	ref_doc_cmd(d, line);
	if (!watcher)
		ref_doc_more(d, "from the address you signed up with.");
}

static int ref_player_addr(const struct ref_job *j, const char *addr);

/* Whether the watch lines help rd's reader: a watcher's copy (how to
 * stop), or a mail to a sender who neither plays on the board nor
 * watches it already (how to watch). */
static int
ref_watch_helps(const struct ref_job *j, const struct ref_reader *rd)
{
	const struct ref_watchers *w = j->c->watchers;
	size_t i;

	if (rd->watcher)
		return 1;
	if (j->m->from == NULL || ref_player_addr(j, j->m->from))
		return 0;
	for (i = 0; w != NULL && i < w->n; i++)
		if (strcmp(w->v[i].board, ref_board_name(j)) == 0 &&
		    w->v[i].expires == 0 &&
		    strcasecmp(w->v[i].addr, j->m->from) == 0)
			return 0;
	return 1;
}

/* The ASCII diagram from side, malloc'ed. */
static char *
ref_ascii(const struct ref_job *j, int side)
{
	char *buf;
	size_t len;
	FILE *f = ref_mem_open(&buf, &len);

	board_ascii_style(f, j->rp.r, &j->rp.pos, side == 1, j->rp.style);
	ref_mem_close(f);
	return buf;
}

/* The body of the position mail rd describes into d. */
static void
ref_position(struct ref_job *j, struct ref_doc *d, const struct ref_reader *rd)
{
	int me = rd->you != NULL ? ref_user_side(j, rd->you) : -1;
	const char *res, *why;
	char *ascii;

	if (rd->intro != NULL)
		ref_doc_p(d, "%s", rd->intro);
	ref_doc_p(d, "%s board %s: %s (%s) v %s (%s)", j->rp.r->title,
	    ref_board_name(j), ref_side_user(j, 0), j->rp.r->side[0],
	    ref_side_user(j, 1), j->rp.r->side[1]);
	ref_last_line(j, d);
	ascii = ref_ascii(j, rd->side);
	ref_doc_board(d, ascii, ref_picture(j, rd->side));
	free(ascii);
	ref_moves(j, d, rd->history);
	if (play_over(&j->rp, &j->g, &res, &why))
		ref_game_over(j, d, res, why);
	else {
		ref_turn(j, d, me);
		if (me < 0 && ref_watch_helps(j, rd))
			ref_watch_lines(j, d, rd);
	}
}

/* The subject of a position mail: game, board, who moves or result. */
static void
ref_subject(const struct ref_job *j, const char *title, char *buf,
    size_t size)
{
	const struct replay *rp = &j->rp;
	const char *res, *why;
	int n;

	n = snprintf(buf, size, "%s%s%s board %s: ", title != NULL ? title :
	    "", title != NULL ? " " : "", rp->r->name, ref_board_name(j));
	if (n < 0 || (size_t)n >= size)
		return;
	if (!play_over(rp, &j->g, &res, &why))
		snprintf(buf + n, size - n, "%s to move (ply %lu)",
		    ref_side_user(j, rp->pos.turn), rp->plies + 1);
	else if (strcmp(res, "1-0") == 0 || strcmp(res, "0-1") == 0)
		snprintf(buf + n, size - n, "game over %s, %s wins",
		    notation_result_of(rp->r, res),
		    ref_side_user(j, res[0] == '0'));
	else
		snprintf(buf + n, size - n, "game over %s, a draw",
		    notation_result_of(rp->r, res));
}

int
ref_tell(struct ref_job *j, const char *addr, const struct ref_reader *rd)
{
	const char *to[1] = { addr };
	struct ref_body b = { NULL, NULL, NULL, 1 };
	struct ref_doc d;
	char subject[400], *text, *html;

	ref_subject(j, rd->title, subject, sizeof(subject));
	ref_doc_open(&d, j->c->referee, subject, 1);
	ref_position(j, &d, rd);
	ref_doc_close(&d, &text, &html);
	b.text = text;
	b.html = html;
	b.pic = j->pic[rd->side].png != NULL ? &j->pic[rd->side] : NULL;
	ref_push(j, to, 1, subject, &b);
	free(text);
	free(html);
	return 0;
}

/* The game page of j->g into the outcome. */
static void
ref_page(struct ref_job *j)
{
	FILE *f = ref_mem_open(&j->o->page, &j->o->page_len);

	ref_need(notation_write_record(notation_find("html"), f, &j->g));
	ref_mem_close(f);
}

/* Whether addr is the address of a player of j's board. */
static int
ref_player_addr(const struct ref_job *j, const char *addr)
{
	const struct ref_player *pl;
	int s;

	for (s = 0; s < 2; s++)
		if ((pl = ref_player_find(j->c->players,
		    ref_side_user(j, s))) != NULL &&
		    strcasecmp(pl->addr, addr) == 0)
			return 1;
	return 0;
}

/* The watchers of a board that ended, dropped from the outcome's
 * watchers file. */
static void
ref_drop_watchers(struct ref_job *j)
{
	const struct ref_watchers *w = j->c->watchers;
	struct ref_watchers keep = { NULL, 0, 0 };
	size_t i;
	int gone = 0;

	for (i = 0; w != NULL && i < w->n; i++)
		if (strcmp(w->v[i].board, ref_board_name(j)) == 0)
			gone = 1;
		else
			ref_need(ref_watch_add(&keep, &w->v[i]));
	if (gone)
		j->o->watchers = ref_watchers_format(&keep,
		    &j->o->watchers_len);
	ref_watchers_free(&keep);
}

/* A copy of the change to each confirmed watcher of the board, within
 * its budget of the day. */
static void
ref_copies(struct ref_job *j, const char *title, const char *intro)
{
	const struct ref_watchers *w = j->c->watchers;
	struct ref_reader rd = { 0, NULL, 0, title, intro, 1, NULL };
	struct ref_count b = j->c->board;
	const char *res, *why;
	size_t i, sent = 0, over = 0;

	ref_count_at(&b, j->c->now, REF_ADDR_WINDOW);
	for (i = 0; w != NULL && i < w->n; i++) {
		if (strcmp(w->v[i].board, ref_board_name(j)) != 0 ||
		    w->v[i].expires != 0 || ref_player_addr(j, w->v[i].addr))
			continue;
		if (b.mails >= REF_WATCH_BUDGET) {
			over++;
			continue;
		}
		b.mails++;
		sent++;
		rd.token = w->v[i].token[0] != '\0' ? w->v[i].token : NULL;
		ref_tell(j, w->v[i].addr, &rd);
	}
	if (sent + over > 0) {
		j->o->board_count = b;
		snprintf(j->o->count_board, sizeof(j->o->count_board), "%s",
		    ref_board_name(j));
	}
	if (over > 0)
		snprintf(j->o->summary + strlen(j->o->summary),
		    sizeof(j->o->summary) - strlen(j->o->summary), "; %zu "
		    "watcher copies not sent: the board's %d a day are "
		    "spent", over, REF_WATCH_BUDGET);
	if (play_over(&j->rp, &j->g, &res, &why))
		ref_drop_watchers(j);
}

int
ref_changed(struct ref_job *j, const char *title, const char *intro,
    int copies)
{
	const struct ref_player *pl;
	struct ref_reader rd = { 0, NULL, 0, title, intro, 0, NULL };
	int s;

	const char *res, *why;

	j->o->status = REF_APPLIED;
	snprintf(j->o->board, sizeof(j->o->board), "%s", j->cmd.board);
	j->o->record = ref_record_text(&j->g, &j->o->record_len);
	if (j->c->publish)
		ref_page(j);
	if (play_over(&j->rp, &j->g, &res, &why))
		ref_cond_drop(j);
	ref_rate_end(j);
	ref_clock_load(j);
	for (s = 0; s < 2; s++) {
		rd.side = s;
		rd.you = ref_side_user(j, s);
		if ((pl = ref_player_find(j->c->players, rd.you)) != NULL &&
		    (title != NULL || !ref_notify_holds(j, s)))
			ref_tell(j, pl->addr, &rd);
	}
	if (copies)
		ref_copies(j, title, intro);
	return 0;
}
