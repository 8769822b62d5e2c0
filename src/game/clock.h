/*
 * clock.h - the clock of a game played by correspondence: its time
 * control (the TimeControl tag, stackref-pdn(5)) and what the time
 * stamps of its record give at a time "now": who is on the clock and
 * for how long, what is left to each side, whether a reminder is due,
 * whether the side to move has lost on time, who is on leave.
 *
 * Everything here is a pure function of a record, its replay and a
 * time: nothing reads the system clock or a file (the commands and the
 * referee pass "now").  Times are seconds since 1970-01-01T00:00:00Z
 * (base/timeutc.h); -1 stands for "unknown" or "never".
 *
 * How time is counted (stackref(1), Time): the time of a move or
 * action is the stamp after it (before the next move or action; none:
 * the stamp before it).  The time between two events is charged to the
 * side on the clock, the side to move: a move ends its turn, earns its
 * increment and hands the clock over.  Leave stops the clock of its
 * side only, from its stamp for its days, or until that side moves.
 * The moves an accepted undo took back (line_undo_var) are charged as
 * they were played but earn nothing, and the accept hands the clock
 * back to the side that asked.  A stop (the comment "[%stop SIDE FROM
 * UNTIL]" the referee writes when a lock may have refused that side's
 * player) stops the clock of its side from FROM to UNTIL, or until that
 * side moves, as leave does; stops count for CLOCK_STOP_MAX per move at
 * most.
 *
 * Nothing here allocates.
 */
#ifndef STACKREF_GAME_CLOCK_H
#define STACKREF_GAME_CLOCK_H

#include <stddef.h>

#include "game/replay.h"
#include "model/record.h"

#define CLOCK_REMINDERS 8        /* remind= thresholds at most */
#define CLOCK_STOP_MAX 86400     /* seconds of stops counted per move */

/* A time control, as clock_control_parse reads a TimeControl value. */
struct clock_control {
	int timed;                /* 0: none ("-", "?", empty, no tag) */
	int bank;                 /* a bank is kept: base, then inc
				   * after every `every` moves of a side */
	long long base;           /* the bank at the start */
	long long inc;            /* its increment */
	unsigned long every;      /* moves per increment: 1 (B+I), N (N/T) */
	long long cap;            /* the most it holds after an increment,
				   * or 0: no cap */
	long long per_move;       /* move=: the most time on one move, 0 */
	long long game;           /* game=: the most a side uses in all, 0 */
	long long doubling;       /* double=: time on one move beyond it is
				   * charged twice, 0: never */
	int whole_days;           /* days: a move's time is charged in
				   * whole days, rounded down */
	unsigned nremind;         /* remind=: reminders, ascending */
	long long remind[CLOCK_REMINDERS];
	unsigned leave;           /* leave=: days per side per calendar year */
};

/*
 * Reads a TimeControl value (stackref-pdn(5)): words separated by
 * blanks, "-" or "?" alone (or nothing) for no time control; durations
 * are a number and an optional unit s, m, h or d (none: seconds, as
 * PGN).  A value that reads, but not as it was meant to
 * (clock_control_guess: "21 days" is a 21-second bank counted in whole
 * days; "21" 21 seconds), is refused too, and every refusal names the
 * spelling meant when one is found ("did you mean move=21d (21 days per
 * move) or 21d (21 days for the whole game)?").  Returns 0, or -1 with
 * what is wrong in why (of size bytes).
 */
int clock_control_parse(const char *text, struct clock_control *c,
    char *why, size_t size);

#define CLOCK_GUESS_SIZE 256     /* bytes of a spelling guessed */

/* What a loose time control was meant to say, as clock_control_guess
 * reads it. */
struct clock_guess {
	char text[CLOCK_GUESS_SIZE];  /* the grammar's spelling; when unsure,
				       * the one of "per move" (move=21d) */
	char alt[CLOCK_GUESS_SIZE];   /* when unsure: the one of "for the
				       * whole game" (21d), else "" */
	char bare[CLOCK_GUESS_SIZE];  /* when a bare number was read: its
				       * spelling in seconds (21s), else "" */
};

/*
 * Reads text as people write time controls ("21 days per move", "3
 * DAYS/move", "10 days + 1 day", "bank 30d", "1 week", units spelled
 * out, in any case) into g, spelled as the grammar of
 * clock_control_parse has it.  Returns 0 (g->text), 1 when a duration
 * stands alone with its unit spelled out or none ("21 days", "21": per
 * move or for the game?), or -1 when text is not read so (or holds
 * more than one such duration).
 */
int clock_control_guess(const char *text, struct clock_guess *g);

/* Writes c in words ("21 days per move, a reminder after 7 days") into
 * buf, "none" for no time control. */
void clock_control_say(const struct clock_control *c, char *buf,
    size_t size);

/* The time control of g, from its TimeControl tag (none: untimed), as
 * clock_control_parse reads it. */
int clock_control_of(const struct record *g, struct clock_control *c,
    char *why, size_t size);

/* Whether g is timed: a TimeControl tag other than "-", "?" or empty,
 * or a time stamp in its main line.  Moves and actions added to a timed
 * record get a time stamp. */
int clock_timed(const struct record *g);

/* The last time stamp of g's main line (the variations of its undos
 * included), or -1 when it has none.  A stamp that is not a time
 * counts as none. */
long long clock_last_stamp(const struct record *g);

/* How much later than now a time stamp may be: the clocks of the
 * players' machines and the referee's set a little apart.  Time comes
 * from the clock, never from a record: a later stamp is refused. */
#define CLOCK_AHEAD 300

/* The first time stamp of g's main line (the variations of its undos
 * included) later than now + CLOCK_AHEAD, or NULL when there is none
 * (or now is -1: unknown). */
const struct elem *clock_stamp_ahead(const struct record *g, long long now);


/* A side's account. */
struct clock_side {
	long long bank;           /* its bank (with a bank): for the side on
				   * the clock, less this move's charge */
	long long used;           /* time charged to it, this move's too */
	unsigned long moves;      /* its moves counted */
	long long leave_from;     /* its last leave, [from, until); -1 */
	long long leave_until;
	int leave_year;           /* the year its leave days count in */
	unsigned leave_taken;     /* days taken in that year */
	long long stop_from;      /* its stop in force at the time judged,
				   * else its last, [from, until); -1 */
	long long stop_until;
};

/* The clock at a time. */
struct clock {
	long long now;            /* the time judged */
	int timed;                /* the record holds a time stamp */
	int on;                   /* the side on the clock (to move), or
				   * -1: the game is over */
	long long since;          /* its turn began then, or -1 unknown */
	long long thinking;       /* its time on this move, leave excluded */
	long long move_left;      /* per_move less thinking (move=) */
	int lost;                 /* it has lost on time */
	long long runs_out;       /* when its time runs (or ran) out: the
				   * last second it has not lost, -1 never */
	unsigned remind;          /* reminders due: remind= passed */
	long long remind_next;    /* when the next falls due, or -1 */
	struct clock_side side[2];
	const struct elem *bad;   /* after clock_run's -1: the element */
};

/*
 * Computes the clock of g, replayed into rp without a fault, under
 * control c at time now (at or after clock_last_stamp(g)), into ck,
 * checking the record's time as it goes: its stamps in order, each
 * leave allowed when taken (clock_leave_allowed), each claim on time
 * right when made (clock_claim_allowed).  Returns 0, or -1 with ck->bad
 * the element at fault and why (of size bytes) what is wrong.
 */
int clock_run(struct clock *ck, const struct record *g,
    const struct replay *rp, const struct clock_control *c, long long now,
    char *why, size_t size);

/*
 * Whether side may take leave of days days at time t (ck's time): the
 * control gives leave (else JUDGE_NO_LEAVE), none of side's is in force
 * (JUDGE_ON_LEAVE), and the days taken in t's calendar year (UTC) stay
 * within the allowance (JUDGE_LEAVE_SPENT).  Returns 0, or -1 with v
 * the refusal (v is filled either way).
 */
int clock_leave_allowed(const struct clock *ck, const struct replay *rp,
    const struct clock_control *c, int side, unsigned long days,
    struct judge_verdict *v);

/*
 * Whether claimant wins on time at ck's time: the game has a time
 * control (JUDGE_UNTIMED), the other side is on the clock
 * (JUDGE_NOT_TO_MOVE) and has lost on time (JUDGE_NO_LIMIT: it cannot;
 * JUDGE_TIME_LEFT: not yet).  Returns 0, or -1 with v the refusal.
 */
int clock_claim_allowed(const struct clock *ck, const struct replay *rp,
    const struct clock_control *c, int claimant, struct judge_verdict *v);

/* Writes why a refusal of leave or of a claim (v, of the two above) is
 * one into why: "red has 5 of 20 days of leave left in 2026", "white has
 * 2d03h00m left"; "" for a verdict of another kind. */
void clock_refusal_text(const struct judge_verdict *v, char *why,
    size_t size);

/* Days of leave side has left in the calendar year of ck->now. */
unsigned clock_leave_left(const struct clock *ck,
    const struct clock_control *c, int side);

#endif
