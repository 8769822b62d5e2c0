/* judge.c - whether a play may be made on a record at a time (judge.h). */
#include <stdio.h>
#include <string.h>

#include "game/judge.h"
#include "game/play.h"
#include "base/timeutc.h"

/* Starts v, the verdict on a (NULL: a move by whoever is to move). */
static void
judge_start(struct judge_verdict *v, const struct replay *rp,
    const struct judge_ask *a)
{
	memset(v, 0, sizeof(*v));
	v->r = rp->r;
	v->act = a != NULL ? a->act : JUDGE_MOVE;
	v->side = a != NULL ? a->side : -1;
	v->other = -1;
	v->ply = a != NULL ? a->ply : 0;
	v->next = rp->plies + 1;
}

/* The move element of ply n (1-based) of g's main line, or NULL. */
static const struct elem *
judge_ply_elem(const struct record *g, unsigned long n)
{
	size_t i;

	for (i = 0; i < g->main.n; i++)
		if (g->main.elems[i].kind == ELEM_MOVE && --n == 0)
			return &g->main.elems[i];
	return NULL;
}

/* judge_stamps, v started. */
static int
judge_ahead(const struct record *g, long long now, struct judge_verdict *v)
{
	const struct elem *e = clock_stamp_ahead(g, now);

	v->now = now;
	if (e == NULL)
		return 0;
	v->kind = JUDGE_STAMP_AHEAD;
	v->at = e;
	if (timeutc_parse(e->text, &v->when) == -1)
		v->when = -1;
	return -1;
}

int
judge_stamps(const struct record *g, const struct replay *rp, long long now,
    struct judge_verdict *v)
{
	judge_start(v, rp, NULL);
	return judge_ahead(g, now, v);
}

/* The clock of g at now into jc, v started; 0, or -1 with v. */
static int
judge_time(struct judge_clock *jc, const struct record *g,
    const struct replay *rp, long long now, struct judge_verdict *v)
{
	long long last = clock_last_stamp(g);

	memset(jc, 0, sizeof(*jc));
	jc->now = v->now = now;
	if (!(jc->timed = clock_timed(g)))
		return 0;
	if (last > now && judge_ahead(g, now, v) == -1)
		return -1;
	if (last > now) {
		v->kind = JUDGE_NOW_BEHIND;
		v->when = last;
		return -1;
	}
	if (clock_control_of(g, &jc->c, jc->why, sizeof(jc->why)) == -1) {
		v->kind = JUDGE_BAD_CONTROL;
		v->control = record_tag(g, "TimeControl");
	} else if (clock_run(&jc->ck, g, rp, &jc->c, now, jc->why,
	    sizeof(jc->why)) == -1) {
		v->kind = JUDGE_BAD_CLOCK;
		v->at = jc->ck.bad;
	} else {
		jc->ready = 1;
		return 0;
	}
	v->why = jc->why;
	return -1;
}

int
judge_clock(struct judge_clock *jc, const struct record *g,
    const struct replay *rp, long long now, struct judge_verdict *v)
{
	judge_start(v, rp, NULL);
	return judge_time(jc, g, rp, now, v);
}

int
judge_open(const struct record *g, const struct replay *rp,
    const struct judge_ask *a, struct judge_verdict *v)
{
	judge_start(v, rp, a);
	if (a->ply != 0 && a->ply != v->next) {
		v->kind = JUDGE_STALE;
		v->at = a->ply < v->next ? judge_ply_elem(g, a->ply) : NULL;
		return -1;
	}
	if (!play_over(rp, g, &v->result, &v->why))
		return 0;
	v->kind = JUDGE_OVER;
	return -1;
}

/* A move by the side to move only. */
static int
judge_turn(const struct replay *rp, const struct judge_ask *a,
    struct judge_verdict *v)
{
	if (a->act != JUDGE_MOVE || a->side < 0 || a->side == rp->pos.turn)
		return 0;
	v->kind = JUDGE_NOT_TURN;
	v->other = rp->pos.turn;
	return -1;
}

/* No move nor leave by a side on the clock that has lost on time. */
static int
judge_time_up(const struct judge_clock *jc, const struct judge_ask *a,
    struct judge_verdict *v)
{
	const struct clock *ck = &jc->ck;

	if (!jc->ready || ck->on < 0 || !ck->lost ||
	    (a->act != JUDGE_MOVE && a->act != REPLAY_LEAVE) ||
	    (a->side >= 0 && a->side != ck->on))
		return 0;
	v->kind = JUDGE_TIME_UP;
	v->side = ck->on;
	v->other = SIDE_OTHER(ck->on);
	v->when = ck->runs_out;
	return -1;
}

/* The clock's part of leave and of a claim on time. */
static int
judge_clock_act(const struct judge_clock *jc, const struct replay *rp,
    const struct judge_ask *a, struct judge_verdict *v)
{
	if (a->act == REPLAY_CLAIM_TIME)
		return clock_claim_allowed(&jc->ck, rp, &jc->c, a->side, v);
	if (a->act != REPLAY_LEAVE)
		return 0;
	if (jc->timed)
		return clock_leave_allowed(&jc->ck, rp, &jc->c, a->side,
		    a->days, v);
	v->kind = JUDGE_UNTIMED;
	return -1;
}

int
judge_play(struct judge_clock *jc, const struct record *g,
    const struct replay *rp, const struct judge_ask *a, long long now,
    struct judge_verdict *v)
{
	if (judge_open(g, rp, a, v) == -1 || judge_turn(rp, a, v) == -1 ||
	    judge_time(jc, g, rp, now, v) == -1 ||
	    judge_time_up(jc, a, v) == -1)
		return -1;
	if (a->act == JUDGE_MOVE)
		return 0;
	if (replay_act_judge(rp, (enum replay_act)a->act, a->side, v) == -1)
		return -1;
	return judge_clock_act(jc, rp, a, v);
}

/* --- the diagnostics ------------------------------------------- */

/* A stale ply: played already, or not the next. */
static void
judge_report_stale(const struct judge_verdict *v, const char *label,
    const struct diag_where *w, struct diag *d)
{
	if (v->at != NULL)
		diag_report(d, DIAG_PLY_PLAYED, w, v->ply, v->at->text);
	else if (v->act == JUDGE_MOVE)
		diag_report(d, DIAG_WRONG_PLY, w, v->ply, v->next);
	else
		diag_report(d, DIAG_ACTION_PLY, w, label, v->ply, v->next);
}

/* Where w (may be NULL) says, at the element of v when it has one. */
static struct diag_where
judge_where(const struct judge_verdict *v, const struct diag_where *w)
{
	struct diag_where at = { NULL, NULL, 0, 0 };

	if (w != NULL)
		at = *w;
	if (v->at != NULL)
		at.at = &v->at->at;
	return at;
}

/* A record whose time does not add up, at the element at fault: a
 * time stamp, a leave or a claim on time ("leave by red"). */
static void
judge_report_clock(const struct judge_verdict *v,
    const struct diag_where *w, struct diag *d)
{
	struct diag_where at = judge_where(v, w);
	const char *text = v->at != NULL && v->at->text != NULL ?
	    v->at->text : "?";
	char label[80], act[16], side[40];

	if (v->at == NULL || v->at->kind != ELEM_ACTION ||
	    sscanf(text, "%15s %39s", act, side) != 2) {
		diag_report(d, DIAG_BAD_TIME, &at, text, v->why);
		return;
	}
	snprintf(label, sizeof(label), "%s by %s", act, side);
	if (strcmp(act, "claim-time") == 0)
		diag_report(d, DIAG_NOT_LOST, &at, label, v->why);
	else
		diag_report(d, DIAG_LEAVE, &at, label, v->why);
}

void
judge_times(const struct judge_verdict *v, char t[2][TIMEUTC_SIZE])
{
	if (timeutc_format(v->now, t[0], TIMEUTC_SIZE) == -1)
		snprintf(t[0], TIMEUTC_SIZE, "?");
	if (timeutc_format(v->when, t[1], TIMEUTC_SIZE) == -1)
		snprintf(t[1], TIMEUTC_SIZE, "?");
}

/* A stamp later than now allows, at its element. */
static void
judge_report_ahead(const struct judge_verdict *v,
    const struct diag_where *w, struct diag *d)
{
	struct diag_where at = judge_where(v, w);
	char t[2][TIMEUTC_SIZE];

	judge_times(v, t);
	diag_report(d, DIAG_STAMP_AHEAD, &at, t[1], t[0], CLOCK_AHEAD / 60);
}

/* The refusals about time: a clock set back, a stamp ahead of it, a
 * loss on time. */
static void
judge_report_time(const struct judge_verdict *v, const struct diag_where *w,
    struct diag *d)
{
	char t[2][TIMEUTC_SIZE];

	judge_times(v, t);
	if (v->kind == JUDGE_NOW_BEHIND)
		diag_report(d, DIAG_NOW_BEHIND, w, t[0], t[1]);
	else if (v->kind == JUDGE_STAMP_AHEAD)
		judge_report_ahead(v, w, d);
	else
		diag_report(d, DIAG_TIME_UP, w, v->r->side[v->side], t[1],
		    v->r->side[v->other]);
}

void
judge_report(const struct judge_verdict *v, const struct diag_where *w,
    struct diag *d)
{
	char label[64] = "", why[160];

	if (v->act != JUDGE_MOVE)
		replay_act_label(v->r, (enum replay_act)v->act, v->side, label,
		    sizeof(label));
	if (v->kind == JUDGE_STALE)
		judge_report_stale(v, label, w, d);
	else if (v->kind == JUDGE_OVER && v->act == JUDGE_MOVE)
		diag_report(d, DIAG_GAME_OVER, w, v->result, v->why);
	else if (v->kind == JUDGE_NOT_TURN)
		diag_report(d, DIAG_WRONG_SIDE, w, v->r->side[v->side],
		    v->r->side[v->other]);
	else if (v->kind == JUDGE_NOW_BEHIND || v->kind == JUDGE_TIME_UP ||
	    v->kind == JUDGE_STAMP_AHEAD)
		judge_report_time(v, w, d);
	else if (v->kind == JUDGE_BAD_CONTROL)
		diag_report(d, DIAG_BAD_CONTROL, w, v->control, v->why);
	else if (v->kind == JUDGE_BAD_CLOCK)
		judge_report_clock(v, w, d);
	else if (v->kind >= JUDGE_UNTIMED) {	/* the clock's: leave, claim */
		clock_refusal_text(v, why, sizeof(why));
		if (v->act == REPLAY_CLAIM_TIME)
			diag_report(d, DIAG_NOT_LOST, w, label, why);
		else
			diag_report(d, DIAG_LEAVE, w, label, why);
	} else if (v->kind != JUDGE_OK)
		replay_act_report(v, w, d);
}
