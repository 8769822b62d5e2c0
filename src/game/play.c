/* play.c - appending moves and actions to a replayed record. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game/cond.h"
#include "game/play.h"
#include "base/timeutc.h"
#include "notation/notation.h"

/* The result g gives (after its moves, else its Result tag), or NULL
 * when it gives none or "*". */
static const char *
play_given_result(const struct record *g)
{
	const char *r = g->result != NULL ? g->result :
	    record_tag(g, "Result");

	return r == NULL || r[0] == '\0' || strcmp(r, "*") == 0 ? NULL : r;
}

int
play_over(const struct replay *rp, const struct record *g,
    const char **res, const char **why)
{
	const char *r = play_given_result(g);

	if (rp->outcome != OUTCOME_NONE) {
		*res = replay_result_token(rp->outcome);
		*why = rp->why != NULL ? rp->why : "no legal move";
		return 1;
	}
	if (r == NULL)
		return 0;
	if (notation_result_normal(r, res) == -1)
		*res = r;
	*why = "the record gives the result";
	return 1;
}

/* Sets the result of g, a game of r, to that of outcome o: its Result
 * tag as r writes results (and Termination to why when why is not
 * NULL). */
static int
play_set_result(struct record *g, const struct rules *r, enum outcome o,
    const char *why)
{
	const char *res = replay_result_token(o);

	if (record_tag_set(g, "Result", notation_result_of(r, res),
	    NULL) == -1 ||
	    (why != NULL &&
	    record_tag_set(g, "Termination", why, NULL) == -1) ||
	    record_set_result(g, res) == -1)
		return -1;
	return 0;
}

int
play_append_move(struct replay *rp, struct record *g, char *text,
    size_t size)
{
	char t[256];
	struct elem *e;
	int len;

	if ((len = replay_last_text(rp, t, sizeof(t))) < 0)
		return -1;
	if ((e = line_push(&g->main, ELEM_MOVE, NULL)) == NULL ||
	    elem_set_text(e, t, (size_t)len) == -1)
		return -1;
	if (text != NULL)
		snprintf(text, size, "%s", t);
	rp->outcome = rp->r->outcome(&rp->pos, &rp->why);
	if (rp->outcome == OUTCOME_NONE)
		return 0;
	return play_set_result(g, rp->r, rp->outcome, NULL);
}

int
play_settle_start(struct replay *rp, struct record *g)
{
	rp->outcome = rp->r->outcome(&rp->pos, &rp->why);
	if (rp->outcome == OUTCOME_NONE || play_given_result(g) != NULL)
		return 0;
	return play_set_result(g, rp->r, rp->outcome, NULL) == -1 ? -1 : 1;
}

/* Appends an element kind of text to g's main line. */
static int
play_push(struct record *g, enum elem_kind kind, const char *text, int n)
{
	struct elem *e;

	if (n < 0 || (e = line_push(&g->main, kind, NULL)) == NULL ||
	    elem_set_text(e, text, (size_t)n) == -1)
		return -1;
	return 0;
}

int
play_append_action(const struct replay *rp, struct record *g,
    enum replay_act act, int side)
{
	char text[64];
	int n;

	n = snprintf(text, sizeof(text), "%s %s", replay_act_name(act),
	    rp->r->side[side]);
	if ((size_t)n >= sizeof(text) || play_push(g, ELEM_ACTION, text,
	    n) == -1)
		return -1;
	if (rp->act_outcome == OUTCOME_NONE)
		return 0;
	return play_set_result(g, rp->r, rp->act_outcome, rp->act_why);
}

int
play_append_leave(const struct replay *rp, struct record *g, int side,
    unsigned long days)
{
	char text[64];
	int n;

	n = snprintf(text, sizeof(text), "%s %s %lu",
	    replay_act_name(REPLAY_LEAVE), rp->r->side[side], days);
	if ((size_t)n >= sizeof(text))
		return -1;
	return play_push(g, ELEM_ACTION, text, n);
}

int
play_accept_undo(const struct replay *rp, struct record *g, int side)
{
	size_t from = rp->undo_elem, n = g->main.n - from;
	struct line *v;
	struct elem *e;

	if (from >= g->main.n || (v = calloc(1, sizeof(*v))) == NULL)
		return -1;
	if ((v->elems = malloc(n * sizeof(*v->elems))) == NULL) {
		free(v);
		return -1;
	}
	memcpy(v->elems, &g->main.elems[from], n * sizeof(*v->elems));
	v->n = v->cap = n;
	g->main.n = from;
	if ((e = line_push(&g->main, ELEM_VARIATION, NULL)) == NULL) {
		line_free(v);
		free(v);
		return -1;
	}
	e->var = v;
	return play_append_action(rp, g, REPLAY_ACCEPT_UNDO, side);
}

int
play_append_act(const struct replay *rp, struct record *g,
    enum replay_act act, int side, unsigned long days)
{
	if (act == REPLAY_LEAVE)
		return play_append_leave(rp, g, side, days);
	if (act == REPLAY_ACCEPT_UNDO)
		return play_accept_undo(rp, g, side);
	return play_append_action(rp, g, act, side);
}

int
play_append_stop(const struct replay *rp, struct record *g, int side,
    long long from, long long until)
{
	char a[TIMEUTC_SIZE], b[TIMEUTC_SIZE], text[160];

	if (timeutc_format(from, a, sizeof(a)) == -1 ||
	    timeutc_format(until, b, sizeof(b)) == -1)
		return -1;
	return play_push(g, ELEM_COMMENT, text, snprintf(text, sizeof(text),
	    "[%%stop %s %s %s]", rp->r->side[side], a, b));
}

int
play_append_stamp(struct record *g, long long t)
{
	char text[TIMEUTC_SIZE];

	if (timeutc_format(t, text, sizeof(text)) == -1)
		return -1;
	return play_push(g, ELEM_STAMP, text, (int)strlen(text));
}

/* Plays the reply of c into rp and g (stamped at now when stamp), its
 * text into text: 1; 0 when it does not replay (c dropped); -1. */
static int
play_cond_reply(struct cond *c, struct replay *rp, struct record *g,
    int stamp, long long now, char *text, size_t size)
{
	struct diag q;

	diag_init(&q, "stackref", NULL);
	q.quiet = 1;
	if (replay_ply(rp, cond_reply(c), NULL, &q, NULL) == -1) {
		cond_clear(c);
		return 0;
	}
	if (play_append_move(rp, g, text, size) == -1 ||
	    (stamp && play_append_stamp(g, now) == -1))
		return -1;
	cond_shift(c, rp);
	return 1;
}

int
play_cond_answer(struct cond *c, struct replay *rp, struct record *g,
    int stamp, long long now, void (*played)(void *ctx, const char *text),
    void *ctx)
{
	char last[COND_TEXT], text[COND_TEXT];
	int n = 0, rc;

	for (;;) {
		if (replay_last_text(rp, last, sizeof(last)) < 0)
			return n;
		switch (cond_match(c, rp, last)) {
		case COND_DROP:
			cond_clear(c);
			return n;
		case COND_KEEP:
			return n;
		case COND_REPLY:
			if ((rc = play_cond_reply(c, rp, g, stamp, now, text,
			    sizeof(text))) <= 0)
				return rc == 0 ? n : -1;
			if (played != NULL)
				played(ctx, text);
			n++;
			break;
		}
	}
}
