/*
 * judge.h - whether a play may be made on a record at a time: a move,
 * an action (resign, offer, accept or decline a draw, request, accept
 * or decline an undo, claim-time) or leave, by a side, sent as a ply,
 * at a time "now".  The one judge of the commands and the referee: each
 * asks it and turns its verdict (verdict.h: a kind and its details, no
 * text) into its own words, a diagnostic of the table (judge_report)
 * or the referee's reply; neither decides again.
 *
 * The rules, in the order they are applied (judge_play):
 *   the ply it is sent as must be the next (JUDGE_STALE), so that a
 *       message that arrives twice is refused as played, whoever moves;
 *   the game must go on (JUDGE_OVER: by its position, an action, or a
 *       result the record gives, play_over);
 *   a move must be by the side to move (JUDGE_NOT_TURN);
 *   a timed record's clock must run at now (judge_clock): no stamp is
 *       later than now + CLOCK_AHEAD (JUDGE_STAMP_AHEAD: judge_stamps),
 *       now is not before its last stamp (JUDGE_NOW_BEHIND: time comes
 *       from the clock, a record never sets it back), its TimeControl reads
 *       (JUDGE_BAD_CONTROL), its time adds up (JUDGE_BAD_CLOCK);
 *   a move or leave is not by a side on the clock that has lost on time
 *       (JUDGE_TIME_UP);
 *   an action must fit the state of offers and requests
 *       (replay_act_judge);
 *   leave needs a clock (JUDGE_UNTIMED) and the allowance
 *       (clock_leave_allowed), a claim on time the clock's word
 *       (clock_claim_allowed).
 * The legality of a move's text is replay_ply's, after the judge.
 *
 * Pure functions of a record, its replay and a time; nothing allocates.
 */
#ifndef STACKREF_GAME_JUDGE_H
#define STACKREF_GAME_JUDGE_H

#include "base/diag.h"
#include "base/timeutc.h"
#include "game/clock.h"
#include "game/replay.h"
#include "game/verdict.h"

/* A record's clock at the time a play is judged: what is stamped on
 * it, and what the commands and the referee show of it. */
struct judge_clock {
	long long now;            /* the time judged, and stamped */
	int timed;                /* the record is timed (clock_timed):
				   * what is added to it gets a stamp */
	int ready;                /* c and ck hold its clock at now */
	struct clock_control c;
	struct clock ck;
	char why[640];            /* why its time does not add up */
};

/* A play put to the judge. */
struct judge_ask {
	int act;                  /* an enum replay_act, or JUDGE_MOVE */
	int side;                 /* the side that plays, or -1: a move by
				   * whoever is to move (not checked) */
	unsigned long ply;        /* the ply it is sent as, or 0: not said */
	unsigned long days;       /* leave: its days */
};

/*
 * Whether every time stamp of g is at most CLOCK_AHEAD later than now
 * (clock_stamp_ahead; now -1: unknown, none is): the one rule that
 * keeps a record from setting the time ahead, as of an opponent's copy
 * that claims a win on time at a stamp to come (rp: g replayed, for
 * the verdict's game).  Returns 0, or -1 with v JUDGE_STAMP_AHEAD, v->at
 * the first such stamp and v->when its time.
 */
int judge_stamps(const struct record *g, const struct replay *rp,
    long long now, struct judge_verdict *v);

/*
 * Loads the clock of g (replayed whole into rp) at now into jc: for a
 * timed record, its stamps judged (judge_stamps), its control read and
 * its clock run.  Returns 0, or -1 with v the refusal
 * (JUDGE_STAMP_AHEAD, JUDGE_NOW_BEHIND, JUDGE_BAD_CONTROL,
 * JUDGE_BAD_CLOCK: v points into jc and g).
 */
int judge_clock(struct judge_clock *jc, const struct record *g,
    const struct replay *rp, long long now, struct judge_verdict *v);

/* The first two rules alone: the ply a is sent as, and the end of the
 * game (for a look at a move, or a request that plays nothing).  0, or
 * -1 with v the refusal. */
int judge_open(const struct record *g, const struct replay *rp,
    const struct judge_ask *a, struct judge_verdict *v);

/*
 * Whether a may be played on g (replayed whole into rp) at now, by the
 * rules above; jc gets the record's clock at now (judge_clock) for the
 * stamp.  Returns 0, or -1 with v the refusal.  A play let pass is then
 * made by its caller: replay_ply, or replay_act_apply and
 * play_append_act.
 */
int judge_play(struct judge_clock *jc, const struct record *g,
    const struct replay *rp, const struct judge_ask *a, long long now,
    struct judge_verdict *v);

/* The times of v, now and when, as text ("?" for none) into t. */
void judge_times(const struct judge_verdict *v, char t[2][TIMEUTC_SIZE]);

/*
 * Reports refusal v as the diagnostic of the table at w (may be NULL):
 * DIAG_PLY_PLAYED, DIAG_WRONG_PLY, DIAG_ACTION_PLY; DIAG_GAME_OVER,
 * DIAG_ACTION_OVER; DIAG_WRONG_SIDE; DIAG_NOW_BEHIND, DIAG_BAD_CONTROL,
 * DIAG_BAD_TIME (DIAG_LEAVE or DIAG_NOT_LOST for a leave or a claim the
 * record holds, at that element); DIAG_STAMP_AHEAD (at the stamp);
 * DIAG_TIME_UP; those of
 * replay_act_report; DIAG_LEAVE and DIAG_NOT_LOST, with the reason
 * clock_refusal_text words.
 */
void judge_report(const struct judge_verdict *v, const struct diag_where *w,
    struct diag *d);

#endif
