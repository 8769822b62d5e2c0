/*
 * verdict.h - what the judge (judge.h) says of a play: the kind of
 * refusal and the details that go with it, no text.  The commands turn
 * a verdict into a diagnostic of the table (judge_report), the referee
 * into its reply.  replay.h and clock.h fill the verdicts of their own
 * rules (an action's state, leave, a claim on time).
 */
#ifndef STACKREF_GAME_VERDICT_H
#define STACKREF_GAME_VERDICT_H

#include "model/record.h"

struct rules;

enum judge_kind {
	JUDGE_OK,
	JUDGE_STALE,              /* sent as ply `ply`, the next is `next`
				   * (at: the move of ply `ply`, if played) */
	JUDGE_OVER,               /* the game is over: result, why */
	JUDGE_NOT_TURN,           /* a move by side, other to move */
	JUDGE_NOW_BEHIND,         /* now before the record's last stamp
				   * (when) */
	JUDGE_STAMP_AHEAD,        /* a stamp (at, its time when) later than
				   * now + CLOCK_AHEAD (clock.h) */
	JUDGE_BAD_CONTROL,        /* the TimeControl does not read: why */
	JUDGE_BAD_CLOCK,          /* the record's time does not add up: at
				   * the element at fault, why */
	JUDGE_TIME_UP,            /* side, to move, has lost on time; its
				   * time ran out at `when` */
	JUDGE_OFFER_PENDING,      /* a draw offer by other is pending */
	JUDGE_NO_OFFER,           /* no draw offer is pending */
	JUDGE_OWN_OFFER,          /* the offer is side's own */
	JUDGE_UNDO_PENDING,       /* a request to undo by other is pending */
	JUDGE_NOTHING_TO_UNDO,    /* side has no move to take back */
	JUDGE_NO_UNDO,            /* no request to undo is pending */
	JUDGE_OWN_UNDO,           /* the request is side's own */
	/* the refusals of leave and claims (clock_refusal_text) */
	JUDGE_UNTIMED,            /* leave or a claim on a record without a
				   * clock (leave) or a time control */
	JUDGE_NO_LEAVE,           /* the time control gives no leave */
	JUDGE_ON_LEAVE,           /* side is on leave until `when` */
	JUDGE_LEAVE_SPENT,        /* side has `left` of `allowance` days of
				   * leave left in `year` */
	JUDGE_NOT_TO_MOVE,        /* a claim: other is not to move */
	JUDGE_NO_LIMIT,           /* a claim: other cannot run out of time */
	JUDGE_TIME_LEFT           /* a claim: other has time until `when` */
};

#define JUDGE_MOVE (-1)          /* judge_verdict.act: a move */

struct judge_verdict {
	enum judge_kind kind;
	const struct rules *r;    /* the game (side names) */
	int act;                  /* what was judged: an enum replay_act,
				   * or JUDGE_MOVE */
	int side;                 /* the side that plays, or -1: a move by
				   * whoever is to move */
	int other;                /* the other side named */
	unsigned long ply, next;
	const char *result;       /* JUDGE_OVER: the result token */
	const char *why;          /* JUDGE_OVER: why it ended (static, or
				   * the replay's); JUDGE_BAD_CONTROL and
				   * JUDGE_BAD_CLOCK: what the clock finds
				   * wrong (judge_clock.why) */
	long long now, when;      /* the time judged; the time named */
	unsigned left, allowance; /* JUDGE_LEAVE_SPENT */
	int year;
	const struct elem *at;    /* the element the refusal points at */
	const char *control;      /* JUDGE_BAD_CONTROL: the TimeControl */
};

#endif
