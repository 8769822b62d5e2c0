/* test_clock.c - times (src/base/timeutc.c), time controls and the clock
 * of a record (src/game/clock.c), the timed actions of replay. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "base/timeutc.h"
#include "game/clock.h"
#include "game/judge.h"
#include "game/play.h"
#include "notation/notation.h"

#define H 3600LL
#define D 86400LL

/* A record read from PDN text, replayed, and its clock. */
struct timed {
	struct record g;
	struct replay rp;
	struct clock_control c;
	struct clock ck;
	char why[256];
};

static long long
at(const char *s)
{
	long long t;

	assert_int_equal(timeutc_parse(s, &t), 0);
	return t;
}

/* Reads the one game of text and replays it; the control of its tag. */
static void
load(struct timed *t, const char *text)
{
	struct replay_opts o = { "t.pdn", 0, REPLAY_ALL, 0 };
	struct diag d;

	diag_init(&d, "stackref", stderr);
	record_init(&t->g);
	assert_int_equal(notation_read_text(text, strlen(text), "t.pdn",
	    &t->g, NULL, &d), 0);
	assert_int_equal(replay_run(&t->rp, &t->g, &o, &d), 0);
	assert_int_equal(clock_control_of(&t->g, &t->c, t->why,
	    sizeof(t->why)), 0);
}

/* The clock of t at now; the return of clock_run. */
static int
run(struct timed *t, const char *now)
{
	return clock_run(&t->ck, &t->g, &t->rp, &t->c, at(now), t->why,
	    sizeof(t->why));
}

static void
test_times(void **state)
{
	char buf[TIMEUTC_SIZE], span[32];
	long long t;

	(void)state;
	assert_int_equal(timeutc_parse("1970-01-01T00:00:00Z", &t), 0);
	assert_int_equal(t, 0);
	assert_int_equal(timeutc_parse("2026-11-24T20:57:07Z", &t), 0);
	assert_int_equal(timeutc_format(t, buf, sizeof(buf)), 0);
	assert_string_equal(buf, "2026-11-24T20:57:07Z");
	assert_int_equal(timeutc_year(t), 2026);
	assert_int_equal(timeutc_parse("2024-02-29T23:59:59Z", &t), 0);
	assert_int_equal(timeutc_format(t + 1, buf, sizeof(buf)), 0);
	assert_string_equal(buf, "2024-03-01T00:00:00Z");
	assert_int_equal(timeutc_parse("2025-02-29T00:00:00Z", &t), -1);
	assert_int_equal(timeutc_parse("2026-11-24 20:57:07Z", &t), -1);
	assert_int_equal(timeutc_parse("2026-11-24T20:57:07", &t), -1);
	assert_int_equal(timeutc_parse("2026-11-24T24:00:00Z", &t), -1);
	assert_int_equal(timeutc_parse("1969-12-31T23:59:59Z", &t), -1);
	assert_int_equal(timeutc_parse("9999-12-31T23:59:59Z", &t), 0);
	assert_int_equal(t, TIMEUTC_MAX);
	assert_int_equal(timeutc_span(9 * D + 12 * H + 5 * 60 + 59, span,
	    sizeof(span)), 8);
	assert_string_equal(span, "9d12h05m");
	timeutc_span(-5 * H, span, sizeof(span));
	assert_string_equal(span, "-0d05h00m");
	timeutc_span(-1, span, sizeof(span));
	assert_string_equal(span, "-0d00h01m");
}

/* Checks that text is refused as a time control, saying want. */
static void
control_refused(const char *text, const char *want)
{
	struct clock_control c;
	char why[256];

	assert_int_equal(clock_control_parse(text, &c, why, sizeof(why)), -1);
	assert_string_equal(why, want);
}

/* The schemes of stackref-pdn(5), one per anchor, and refusals. */
static void
test_controls(void **state)
{
	struct clock_control c;
	char why[256];

	(void)state;
	assert_int_equal(clock_control_parse("move=21d remind=7d", &c, why,
	    sizeof(why)), 0);
	assert_true(c.timed && !c.bank && c.per_move == 21 * D);
	assert_int_equal(c.nremind, 1);
	assert_int_equal(clock_control_parse("10/50d days double=20d "
	    "move=40d remind=14d,28d,35d leave=30", &c, why, sizeof(why)), 0);
	assert_true(c.bank && c.every == 10 && c.base == 50 * D &&
	    c.inc == 50 * D && c.whole_days && c.doubling == 20 * D);
	assert_int_equal(c.nremind, 3);
	assert_int_equal(c.remind[2], 35 * D);
	assert_int_equal(c.leave, 30);
	assert_int_equal(clock_control_parse("240h+36h cap=240h leave=20",
	    &c, why, sizeof(why)), 0);
	assert_true(c.bank && c.every == 1 && c.base == 240 * H &&
	    c.inc == 36 * H && c.cap == 240 * H);
	assert_int_equal(clock_control_parse("move=3d", &c, why,
	    sizeof(why)), 0);
	assert_int_equal(clock_control_parse("5400+30", &c, why,
	    sizeof(why)), 0);
	assert_true(c.base == 5400 && c.inc == 30);
	assert_int_equal(clock_control_parse("40/7200", &c, why,
	    sizeof(why)), 0);
	assert_int_equal(clock_control_parse("90d", &c, why, sizeof(why)), 0);
	assert_true(c.bank && c.inc == 0);
	assert_int_equal(clock_control_parse("1d+1d game=60d", &c, why,
	    sizeof(why)), 0);
	assert_int_equal(c.game, 60 * D);
	assert_int_equal(clock_control_parse(" - ", &c, why, sizeof(why)), 0);
	assert_false(c.timed);
	assert_int_equal(clock_control_parse("?", &c, why, sizeof(why)), 0);
	assert_false(c.timed);
	assert_int_equal(clock_control_parse("move=3x", &c, why,
	    sizeof(why)), -1);
	assert_string_equal(why, "move=3x: expected a duration above 0");
	assert_int_equal(clock_control_parse("1d 2d", &c, why, sizeof(why)),
	    -1);
	assert_string_equal(why, "2d: a second bank");
	/* a key given twice is refused, not the last one taken */
	control_refused("move=3d move=4d",
	    "move=4d: move= given twice; keep one");
	control_refused("remind=1d remind=2d",
	    "remind=2d: remind= given twice; keep one");
	/* a word that is no duration names what would read */
	control_refused("1 month", "month: not a duration (as 21d, 12h or "
	    "30m) nor a key (move=, game=, cap=, double=, remind=, leave=)");
	control_refused("*180", "*180: PGN's sandclock (*) is not supported");
	assert_int_equal(clock_control_parse("move=3d cap=5d", &c, why,
	    sizeof(why)), -1);
	assert_string_equal(why, "cap= needs a bank (B+I, N/T or T)");
	assert_int_equal(clock_control_parse("10d+1d cap=5d", &c, why,
	    sizeof(why)), -1);
	assert_int_equal(clock_control_parse("move=3d days", &c, why,
	    sizeof(why)), -1);
	assert_int_equal(clock_control_parse("remind=7d,3d", &c, why,
	    sizeof(why)), -1);
	assert_int_equal(clock_control_parse("leave=400", &c, why,
	    sizeof(why)), -1);
	assert_int_equal(clock_control_parse("40/7200:3600", &c, why,
	    sizeof(why)), -1);
	assert_int_equal(clock_control_parse("*180", &c, why, sizeof(why)),
	    -1);
	assert_int_equal(clock_control_parse("hurry=1d", &c, why,
	    sizeof(why)), -1);
}

/* A control that does not read, or reads as something else than it
 * says, is refused with the spelling meant; the spellings read. */
static void
test_controls_meant(void **state)
{
	static const struct {
		const char *text, *meant;
	} cases[] = {
		{ "21 days", "did you mean move=21d (21 days per move) or 21d "
		    "(21 days for the whole game)?" },
		{ "21d per move", "did you mean move=21d (21 days per move)?" },
		{ "3 DAYS/move", "did you mean move=3d (3 days per move)?" },
		{ "10 days + 1 day", "did you mean 10d+1d (a bank of 10 days, "
		    "1 day more after each move)?" },
		{ "bank 30d", "did you mean 30d (30 days for the whole game)?" },
		{ "1 week per move", "did you mean move=7d (7 days per move)?" },
		{ "21", "did you mean move=21d (21 days per move), 21d (21 "
		    "days for the whole game) or 21s (21 seconds for the whole "
		    "game)?" },
		{ "move=21", "did you mean move=21d (21 days per move) or "
		    "move=21s (21 seconds per move)?" },
	};
	struct clock_control c;
	struct clock_guess g;
	char why[640];
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		assert_int_equal(clock_control_parse(cases[i].text, &c, why,
		    sizeof(why)), -1);
		assert_non_null(strstr(why, cases[i].meant));
		assert_true(clock_control_guess(cases[i].text, &g) >= 0);
		assert_int_equal(clock_control_parse(g.text, &c, why,
		    sizeof(why)), 0);
	}
	/* the grammar's own spellings are taken as they are */
	assert_int_equal(clock_control_guess("30d+3d days double=20d "
	    "move=40d remind=14d,28d,35d leave=30", &g), 0);
	assert_string_equal(g.text, "30d+3d days double=20d move=40d "
	    "remind=14d,28d,35d leave=30");
	assert_int_equal(clock_control_parse("5400", &c, why, sizeof(why)), 0);
	clock_control_say(&c, why, sizeof(why));
	assert_string_equal(why, "1 hour 30 minutes for the whole game");
}

#define TAGS(tc) "[Game \"checkers\"]\n[TimeControl \"" tc "\"]\n\n"

/* Little Golem: 240 h + 36 h a move, capped at 240 h. */
static void
test_fischer_capped(void **state)
{
	struct timed t;

	(void)state;
	load(&t, TAGS("240h+36h cap=240h")
	    "{[%ts 2026-01-01T00:00:00Z]} 1. 11-15 {[%ts 2026-01-01T01:00:00Z]}"
	    " 23-19 {[%ts 2026-01-04T01:00:00Z]} *\n");
	assert_int_equal(run(&t, "2026-01-05T01:00:00Z"), 0);
	assert_int_equal(t.ck.on, SIDE_FIRST);
	/* red: 1 h used, 36 h back, capped at 240 h; then a day on this move */
	assert_int_equal(t.ck.side[0].bank, 240 * H - 24 * H);
	assert_int_equal(t.ck.side[0].used, 25 * H);
	/* white: 72 h used, 36 h back */
	assert_int_equal(t.ck.side[1].bank, 240 * H - 72 * H + 36 * H);
	assert_int_equal(t.ck.thinking, D);
	assert_false(t.ck.lost);
	assert_int_equal(t.ck.runs_out, at("2026-01-14T01:00:00Z"));
	assert_int_equal(run(&t, "2026-01-14T01:00:01Z"), 0);
	assert_true(t.ck.lost);
	record_free(&t.g);
}

/* ICCF: 50 days per 10 moves, whole days, doubled beyond 20 days. */
static void
test_iccf(void **state)
{
	struct timed t;

	(void)state;
	load(&t, TAGS("10/50d days double=20d move=40d remind=14d,28d,35d")
	    "{[%ts 2026-01-01T00:00:00Z]} 1. 11-15 {[%ts 2026-01-01T23:00:00Z]}"
	    " *\n");
	assert_int_equal(run(&t, "2026-01-24T23:30:00Z"), 0);
	/* 24 hours are free; 23 days are charged 20 + 2 x 3 */
	assert_int_equal(t.ck.side[0].used, 0);
	assert_int_equal(t.ck.side[1].used, 26 * D);
	assert_int_equal(t.ck.side[1].bank, 24 * D);
	assert_int_equal(t.ck.remind, 1);
	assert_int_equal(t.ck.remind_next, at("2026-01-29T23:00:00Z"));
	/* 36 days would be charged 52 > 50 */
	assert_int_equal(t.ck.runs_out, at("2026-02-06T22:59:59Z"));
	assert_int_equal(run(&t, "2026-02-06T23:00:00Z"), 0);
	assert_true(t.ck.lost);
	assert_int_equal(t.ck.remind, 3);
	assert_int_equal(t.ck.remind_next, -1);
	record_free(&t.g);
}

/* Lichess and pbmserv: days per move, nothing carried over. */
static void
test_per_move(void **state)
{
	struct timed t;

	(void)state;
	load(&t, TAGS("move=3d")
	    "{[%ts 2026-01-01T00:00:00Z]} 1. 11-15 {[%ts 2026-01-02T00:00:00Z]}"
	    " 23-19 {[%ts 2026-01-03T00:00:00Z]} *\n");
	assert_int_equal(run(&t, "2026-01-06T00:00:00Z"), 0);
	assert_false(t.ck.lost);
	assert_int_equal(t.ck.move_left, 0);
	assert_int_equal(t.ck.runs_out, at("2026-01-06T00:00:00Z"));
	assert_int_equal(run(&t, "2026-01-06T00:00:01Z"), 0);
	assert_true(t.ck.lost);
	record_free(&t.g);
}

/* Leave stops its side's clock; a move ends it; the year's allowance. */
static void
test_leave(void **state)
{
	struct judge_verdict v;
	struct timed t;
	char why[160];

	(void)state;
	load(&t, TAGS("move=3d leave=10")
	    "{[%ts 2026-01-01T00:00:00Z]} 1. 11-15 {[%ts 2026-01-01T00:00:00Z]}"
	    " {[%leave white 4]} {[%ts 2026-01-02T00:00:00Z]} *\n");
	assert_int_equal(run(&t, "2026-01-07T00:00:00Z"), 0);
	/* six days, four of them on leave */
	assert_int_equal(t.ck.thinking, 2 * D);
	assert_false(t.ck.lost);
	assert_int_equal(t.ck.runs_out, at("2026-01-08T00:00:00Z"));
	assert_int_equal(clock_leave_left(&t.ck, &t.c, SIDE_SECOND), 6);
	assert_int_equal(clock_leave_allowed(&t.ck, &t.rp, &t.c, SIDE_SECOND,
	    7, &v), -1);
	assert_int_equal(v.kind, JUDGE_LEAVE_SPENT);
	clock_refusal_text(&v, why, sizeof(why));
	assert_string_equal(why, "white has 6 of 10 days of leave left in 2026");
	assert_int_equal(clock_leave_allowed(&t.ck, &t.rp, &t.c, SIDE_SECOND,
	    6, &v), 0);
	assert_int_equal(run(&t, "2026-01-03T00:00:00Z"), 0);
	assert_int_equal(clock_leave_allowed(&t.ck, &t.rp, &t.c, SIDE_SECOND,
	    1, &v), -1);
	assert_int_equal(v.kind, JUDGE_ON_LEAVE);
	clock_refusal_text(&v, why, sizeof(why));
	assert_string_equal(why, "white is on leave until 2026-01-06T00:00:00Z");
	/* the next year's allowance is whole again */
	assert_int_equal(run(&t, "2027-01-01T00:00:00Z"), 0);
	assert_int_equal(clock_leave_left(&t.ck, &t.c, SIDE_SECOND), 10);
	record_free(&t.g);
	load(&t, TAGS("move=3d leave=10")
	    "{[%ts 2026-01-01T00:00:00Z]} 1. 11-15 {[%ts 2026-01-01T00:00:00Z]}"
	    " {[%leave white 12]} {[%ts 2026-01-02T00:00:00Z]} *\n");
	assert_int_equal(run(&t, "2026-01-07T00:00:00Z"), -1);
	assert_string_equal(t.why, "white has 10 of 10 days of leave left in "
	    "2026");
	assert_int_equal(t.ck.bad->kind, ELEM_ACTION);
	record_free(&t.g);
}

/* A claim on time must be right when made; stamps in order. */
static void
test_claims(void **state)
{
	struct timed t;

	(void)state;
	load(&t, TAGS("move=3d")
	    "{[%ts 2026-01-01T00:00:00Z]} 1. 11-15 {[%ts 2026-01-01T00:00:00Z]}"
	    " {[%claim-time red]} {[%ts 2026-01-04T00:00:01Z]} 1-0\n");
	assert_int_equal(run(&t, "2026-02-01T00:00:00Z"), 0);
	assert_int_equal(t.ck.on, -1);
	record_free(&t.g);
	load(&t, TAGS("move=3d")
	    "{[%ts 2026-01-01T00:00:00Z]} 1. 11-15 {[%ts 2026-01-01T00:00:00Z]}"
	    " {[%claim-time red]} {[%ts 2026-01-03T00:00:00Z]} 1-0\n");
	assert_int_equal(run(&t, "2026-02-01T00:00:00Z"), -1);
	assert_string_equal(t.why, "white has 1d00h00m left");
	record_free(&t.g);
	load(&t, TAGS("move=3d")
	    "{[%ts 2026-01-02T00:00:00Z]} 1. 11-15 {[%ts 2026-01-01T00:00:00Z]}"
	    " *\n");
	assert_int_equal(run(&t, "2026-02-01T00:00:00Z"), -1);
	assert_string_equal(t.why, "it is earlier than the one before it");
	assert_int_equal(t.ck.bad->kind, ELEM_STAMP);
	record_free(&t.g);
}

/* Issue 21, case 6: a stamp more than CLOCK_AHEAD later than now is
 * refused by the judge, at that stamp; one within it is the clock's
 * fault (behind); a claim stamped ahead does not win. */
static void
test_stamps_ahead(void **state)
{
	struct judge_verdict v;
	struct judge_clock jc;
	struct timed t;
	long long now = at("2026-01-02T00:00:00Z");

	(void)state;
	load(&t, TAGS("move=3d")
	    "{[%ts 2026-01-01T00:00:00Z]} 1. 11-15 {[%ts 2026-01-01T00:00:00Z]}"
	    " {[%claim-time red]} {[%ts 2026-01-28T00:00:00Z]} 1-0\n");
	assert_null(clock_stamp_ahead(&t.g, -1));
	assert_null(clock_stamp_ahead(&t.g, at("2026-01-27T23:55:00Z")));
	assert_non_null(clock_stamp_ahead(&t.g, at("2026-01-27T23:54:59Z")));
	assert_int_equal(judge_stamps(&t.g, &t.rp, now, &v), -1);
	assert_int_equal(v.kind, JUDGE_STAMP_AHEAD);
	assert_int_equal(v.when, at("2026-01-28T00:00:00Z"));
	assert_int_equal(v.at->kind, ELEM_STAMP);
	assert_int_equal(judge_clock(&jc, &t.g, &t.rp, now, &v), -1);
	assert_int_equal(v.kind, JUDGE_STAMP_AHEAD);
	assert_int_equal(judge_clock(&jc, &t.g, &t.rp, now + 26 * D - 60, &v),
	    -1);
	assert_int_equal(v.kind, JUDGE_NOW_BEHIND);
	assert_int_equal(judge_clock(&jc, &t.g, &t.rp, now + 26 * D, &v), 0);
	record_free(&t.g);
}

/* Issue 21, case 4: a stop the referee wrote stops the clock of its
 * side, a day per move at most; a move ends it. */
static void
test_stops(void **state)
{
	struct timed t;

	(void)state;
	load(&t, TAGS("move=1d")
	    "{[%ts 2026-01-01T00:00:00Z]} 1. 11-15 {[%ts 2026-01-01T00:00:00Z]}"
	    " {[%stop white 2026-01-01T10:00:00Z 2026-01-01T11:00:00Z]}"
	    " {[%stop white 2026-01-01T10:30:00Z 2026-01-01T12:00:00Z]}"
	    " {[%stop white 2026-01-01T20:00:00Z 2026-01-01T20:30:00Z]} *\n");
	assert_int_equal(run(&t, "2026-01-02T02:29:59Z"), 0);
	assert_false(t.ck.lost);
	assert_int_equal(t.ck.thinking, D - 1);
	assert_int_equal(t.ck.runs_out, at("2026-01-02T02:30:00Z"));
	assert_int_equal(play_append_stop(&t.rp, &t.g, SIDE_SECOND,
	    at("2026-01-02T02:00:00Z"), at("2026-01-02T03:00:00Z")), 0);
	assert_string_equal(t.g.main.elems[t.g.main.n - 1].text, "[%stop "
	    "white 2026-01-02T02:00:00Z 2026-01-02T03:00:00Z]");
	assert_int_equal(run(&t, "2026-01-02T03:29:59Z"), 0);
	assert_false(t.ck.lost);
	record_free(&t.g);
	load(&t, TAGS("move=1d")
	    "{[%ts 2026-01-01T00:00:00Z]} 1. 11-15 {[%ts 2026-01-01T00:00:00Z]}"
	    " {[%stop white 2026-01-01T01:00:00Z 2026-01-09T00:00:00Z]} *\n");
	assert_int_equal(run(&t, "2026-01-03T00:00:01Z"), 0);
	assert_true(t.ck.lost);
	record_free(&t.g);
	load(&t, TAGS("move=1d")
	    "{[%ts 2026-01-01T00:00:00Z]} 1. 11-15 {[%ts 2026-01-01T00:00:00Z]}"
	    " {[%stop white 2026-01-01T01:00:00Z 2026-01-01T12:00:00Z]}"
	    " 1... 23-19 {[%ts 2026-01-01T02:00:00Z]} 2. 8-11"
	    " {[%ts 2026-01-01T03:00:00Z]} *\n");
	assert_int_equal(run(&t, "2026-01-02T03:00:00Z"), 0);
	assert_int_equal(t.ck.thinking, D);
	record_free(&t.g);
}

/* The moves an undo took back are charged, earn nothing, and the
 * accept hands the clock back to the side that asked. */
static void
test_undo_time(void **state)
{
	struct timed t;

	(void)state;
	load(&t, TAGS("10d+1d")
	    "{[%ts 2026-01-01T00:00:00Z]} 1. 11-15 {[%ts 2026-01-02T00:00:00Z]}"
	    " (1... 23-19 {[%ts 2026-01-04T00:00:00Z]} 2. 8-11"
	    " {[%ts 2026-01-05T00:00:00Z]} {[%request-undo white]}"
	    " {[%ts 2026-01-06T00:00:00Z]}) {[%accept-undo red]}"
	    " {[%ts 2026-01-07T00:00:00Z]} *\n");
	assert_int_equal(run(&t, "2026-01-07T00:00:00Z"), 0);
	assert_int_equal(t.ck.on, SIDE_SECOND);
	assert_int_equal(t.ck.since, at("2026-01-07T00:00:00Z"));
	/* red: 1 day for 11-15 (and its day back), 1 day for 8-11,
	 * which earns nothing */
	assert_int_equal(t.ck.side[0].used, 2 * D);
	assert_int_equal(t.ck.side[0].bank, 10 * D + D - 2 * D);
	assert_int_equal(t.ck.side[0].moves, 1);
	/* white: 2 days for 23-19, which earns nothing, and 2 days on the
	 * clock until red accepted */
	assert_int_equal(t.ck.side[1].used, 4 * D);
	assert_int_equal(t.ck.side[1].bank, 6 * D);
	assert_int_equal(t.ck.side[1].moves, 0);
	record_free(&t.g);
}

/* An untimed record: no stamp, no control; the clock only knows who is
 * to move. */
static void
test_untimed(void **state)
{
	struct timed t;

	(void)state;
	load(&t, "[Game \"stackup\"]\n\n1. 11-15 *\n");
	assert_false(clock_timed(&t.g));
	assert_int_equal(clock_last_stamp(&t.g), -1);
	assert_int_equal(run(&t, "2026-01-01T00:00:00Z"), 0);
	assert_int_equal(t.ck.on, SIDE_SECOND);
	assert_int_equal(t.ck.since, -1);
	assert_false(t.ck.lost);
	assert_int_equal(t.ck.runs_out, -1);
	assert_int_equal(play_append_stamp(&t.g, at("2026-01-02T00:00:00Z")),
	    0);
	assert_true(clock_timed(&t.g));
	assert_int_equal(clock_last_stamp(&t.g), at("2026-01-02T00:00:00Z"));
	record_free(&t.g);
	load(&t, "[Game \"stackup\"]\n[TimeControl \"-\"]\n\n*\n");
	assert_false(clock_timed(&t.g));
	record_free(&t.g);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_times),
		cmocka_unit_test(test_controls),
		cmocka_unit_test(test_controls_meant),
		cmocka_unit_test(test_fischer_capped),
		cmocka_unit_test(test_iccf),
		cmocka_unit_test(test_per_move),
		cmocka_unit_test(test_leave),
		cmocka_unit_test(test_claims),
		cmocka_unit_test(test_undo_time),
		cmocka_unit_test(test_stamps_ahead),
		cmocka_unit_test(test_stops),
		cmocka_unit_test(test_untimed),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
