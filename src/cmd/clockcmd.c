/*
 * clockcmd.c - stackref clock: the clock of a record at a time (--now,
 * STACKREF_NOW, else the system clock): its time control, who is on
 * the clock and since when, what each side has used and has left,
 * leave, reminders, and whether the side to move has lost on time.
 * The record is only read.  The counting is game/clock.c's.
 */
#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include "cmd/cmd.h"
#include "base/fileio.h"
#include "base/timeutc.h"
#include "game/clock.h"
#include "game/play.h"

const char cmd_clock_usage[] = "clock [--now TIME] FILE";

const char cmd_clock_help[] =
	"  --now TIME           the time now, as 2026-11-24T20:57:07Z"
	" (default:\n"
	"                       STACKREF_NOW, else the system clock)\n";

/* A time as text, or "?" (a static buffer per slot: two at a time). */
static const char *
clock_when(long long t, int slot)
{
	static char buf[2][TIMEUTC_SIZE];

	if (timeutc_format(t, buf[slot], sizeof(buf[slot])) == -1)
		snprintf(buf[slot], sizeof(buf[slot]), "?");
	return buf[slot];
}

/* A span as text (a static buffer per slot). */
static const char *
clock_span_text(long long s, int slot)
{
	static char buf[2][32];

	if (timeutc_span(s, buf[slot], sizeof(buf[slot])) < 0)
		snprintf(buf[slot], sizeof(buf[slot]), "?");
	return buf[slot];
}

/* What follows a time left of left seconds: "" while there is some,
 * else ", flag fell at T" (T: when the side on the clock ran out) or
 * ", out of time" - a static buffer.  The time left itself is shown
 * as nothing then, never below. */
static const char *
clock_fell(const struct clock *ck, long long left)
{
	static char buf[64];

	if (left >= 0)
		return "";
	if (ck->runs_out < 0)
		return ", out of time";
	snprintf(buf, sizeof(buf), ", flag fell at %s",
	    clock_when(ck->runs_out, 1));
	return buf;
}

/* The time left, left seconds, never below nothing (slot as
 * clock_span_text's). */
static const char *
clock_left(long long left, int slot)
{
	return clock_span_text(left > 0 ? left : 0, slot);
}

/* The line of side s. */
static void
clock_side_line(const struct judge_clock *cc, const struct replay *rp, int s)
{
	const struct clock_side *cs = &cc->ck.side[s];
	const struct clock_control *c = &cc->c;

	printf("%s: used %s", rp->r->side[s], clock_span_text(cs->used, 0));
	if (c->bank)
		printf(", bank %s%s", clock_left(cs->bank, 0),
		    clock_fell(&cc->ck, cs->bank));
	if (c->game > 0)
		printf(", %s of the game left%s",
		    clock_left(c->game - cs->used, 0),
		    clock_fell(&cc->ck, c->game - cs->used));
	printf(", %lu move%s", cs->moves, cs->moves == 1 ? "" : "s");
	if (cs->leave_from >= 0 && cs->leave_from <= cc->now &&
	    cc->now < cs->leave_until)
		printf(", on leave until %s", clock_when(cs->leave_until, 0));
	if (cs->stop_from >= 0 && cs->stop_from <= cc->now &&
	    cc->now < cs->stop_until)
		printf(", clock stopped until %s", clock_when(cs->stop_until,
		    0));
	if (c->leave > 0)
		printf(", leave %u of %u days left in %d",
		    clock_leave_left(&cc->ck, c, s), c->leave,
		    timeutc_year(cc->now));
	printf("\n");
}

/* The line of the side to move. */
static void
clock_turn_line(const struct judge_clock *cc, const struct replay *rp,
    const struct record *g)
{
	const struct clock *ck = &cc->ck;
	const char *res, *why;

	if (ck->on < 0) {
		play_over(rp, g, &res, &why);
		printf("to move: nobody, the game is over (%s, %s)\n", res,
		    why);
		return;
	}
	printf("to move: %s (ply %lu)", rp->r->side[ck->on], rp->plies + 1);
	if (ck->since < 0)
		printf(", no time stamp yet");
	else
		printf(", thinking %s since %s", clock_span_text(ck->thinking,
		    0), clock_when(ck->since, 0));
	if (cc->c.per_move > 0)
		printf(", %s left for this move%s",
		    clock_left(ck->move_left, 1), clock_fell(ck, ck->move_left));
	printf("\n");
}

/* The line of the reminders. */
static void
clock_remind_line(const struct judge_clock *cc)
{
	const struct clock *ck = &cc->ck;
	unsigned n = cc->c.nremind;

	printf("reminder: ");
	if (n == 0 || ck->on < 0)
		printf(n == 0 ? "none set\n" : "none, the game is over\n");
	else if (ck->remind == 0)
		printf("none due; the first at %s\n",
		    clock_when(ck->remind_next, 0));
	else if (ck->remind < n)
		printf("%u of %u due (after %s); the next at %s\n", ck->remind,
		    n, clock_span_text(cc->c.remind[ck->remind - 1], 0),
		    clock_when(ck->remind_next, 1));
	else
		printf("%u of %u due (after %s)\n", n, n,
		    clock_span_text(cc->c.remind[n - 1], 0));
}

/* The verdict line. */
static void
clock_verdict(const struct judge_clock *cc, const struct replay *rp)
{
	const struct clock *ck = &cc->ck;
	const struct clock_side *s;
	const char *side;

	printf("verdict: ");
	if (ck->on < 0) {
		printf("the game is over\n");
		return;
	}
	side = rp->r->side[ck->on];
	s = &ck->side[ck->on];
	if (!cc->c.timed)
		printf("no time control; nobody loses on time\n");
	else if (ck->lost)
		printf("%s has lost on time (its time ran out at %s); %s may "
		    "claim the win\n", side, clock_when(ck->runs_out, 0),
		    rp->r->side[SIDE_OTHER(ck->on)]);
	else if (s->leave_from >= 0 && s->leave_from <= cc->now &&
	    cc->now < s->leave_until)
		printf("%s is on leave, its clock stopped until %s\n", side,
		    clock_when(s->leave_until, 0));
	else if (ck->runs_out >= 0)
		printf("%s is on time; its time runs out at %s\n", side,
		    clock_when(ck->runs_out, 0));
	else
		printf("%s is on time; it cannot run out of time\n", side);
}

/* Prints the clock of the record g, replayed into rp. */
static void
clock_print(const struct judge_clock *cc, const struct replay *rp,
    const struct record *g)
{
	const char *tc = record_tag(g, "TimeControl");

	printf("control: %s\n", cc->c.timed && tc != NULL ? tc : "none");
	printf("now: %s\n", clock_when(cc->now, 0));
	clock_turn_line(cc, rp, g);
	clock_side_line(cc, rp, SIDE_FIRST);
	clock_side_line(cc, rp, SIDE_SECOND);
	clock_remind_line(cc);
	clock_verdict(cc, rp);
}

/* Loads, replays and judges the record of file at now. */
static void
clock_file(const char *file, long long now, struct diag *d)
{
	struct replay_opts o = { fileio_name(file), 0, REPLAY_ALL, 0 };
	struct diag_where w = { o.file, NULL, 0, 0 };
	struct judge_clock cc;
	struct replay rp;
	struct record g;
	char why[256];

	record_init(&g);
	if (cmd_load_one(file, &g, NULL, d) == 0 &&
	    replay_run(&rp, &g, &o, d) == 0 &&
	    cmd_clock_load(&cc, &g, &rp, now, &w, d) == 0) {
		if (!cc.timed)	/* no time: who is to move, the moves */
			clock_run(&cc.ck, &g, &rp, &cc.c, now, why,
			    sizeof(why));
		clock_print(&cc, &rp, &g);
	}
	record_free(&g);
}

int
cmd_clock(int argc, char *argv[], struct diag *d)
{
	static const struct option longopts[] = {
		{ "now", required_argument, NULL, 'N' },
		{ NULL, 0, NULL, 0 }
	};
	const char *opt = NULL;
	long long now;
	int ch;

	opterr = 0;
	while ((ch = getopt_long(argc, argv, ":", longopts, NULL)) != -1) {
		if (ch != 'N')
			return cmd_bad_option(d, cmd_clock_usage, ch, argv);
		opt = optarg;
	}
	if (argc - optind != 1)
		return cmd_arg_count(d, cmd_clock_usage, argc == optind,
		    "file");
	if (cmd_now(opt, &now, d) == 0)
		clock_file(argv[optind], now, d);
	return cmd_finish(d);
}
