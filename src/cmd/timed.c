/*
 * timed.c - what the commands share about time: the time now (the one
 * place the system clock is read), the clock of a record being added
 * to, its time stamps, and the check of a record's time.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cmd/cmd.h"
#include "game/play.h"
#include "base/timeutc.h"

int
cmd_now(const char *opt, long long *now, struct diag *d)
{
	const char *env = getenv("STACKREF_NOW");
	const char *text = opt != NULL ? opt : env;

	if (text == NULL) {
		*now = (long long)time(NULL);
		return 0;
	}
	if (timeutc_parse(text, now) == 0)
		return 0;
	diag_report(d, DIAG_BAD_NOW, NULL, opt != NULL ? "--now" :
	    "STACKREF_NOW", text);
	return -1;
}

int
cmd_clock_load(struct judge_clock *jc, const struct record *g,
    const struct replay *rp, long long now, const struct diag_where *w,
    struct diag *d)
{
	struct judge_verdict v;

	if (judge_clock(jc, g, rp, now, &v) == 0)
		return 0;
	judge_report(&v, w, d);
	return -1;
}

int
cmd_clock_check(const struct record *g, const struct replay *rp,
    const struct replay_opts *o, long long now, struct diag *d)
{
	struct diag_where w = { o->file, &g->at, o->game, 0 };
	struct judge_verdict v;
	struct judge_clock jc;
	long long last = clock_last_stamp(g);

	if (judge_stamps(g, rp, now, &v) == -1) {
		judge_report(&v, &w, d);
		return -1;
	}
	return last < 0 ? 0 : cmd_clock_load(&jc, g, rp, last, &w, d);
}

int
cmd_play_stamp(const struct judge_clock *jc, struct record *g,
    const struct diag_where *w, struct diag *d)
{
	if (!jc->timed || play_append_stamp(g, jc->now) == 0)
		return 0;
	diag_report(d, DIAG_NOMEM, w);
	return -1;
}
