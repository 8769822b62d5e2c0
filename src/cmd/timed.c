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
#include "game/clock.h"
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

/* Reports clock_run's failure on g at the element at fault: a time
 * stamp, a leave or a claim on time ("leave by red"). */
static void
cmd_clock_bad(const struct clock *ck, const char *why,
    const struct diag_where *w, struct diag *d)
{
	struct diag_where at = *w;
	const char *text = ck->bad != NULL && ck->bad->text != NULL ?
	    ck->bad->text : "?";
	char label[80], act[16], side[40];

	if (ck->bad != NULL)
		at.at = &ck->bad->at;
	if (ck->bad == NULL || ck->bad->kind != ELEM_ACTION ||
	    sscanf(text, "%15s %39s", act, side) != 2) {
		diag_report(d, DIAG_BAD_TIME, &at, text, why);
		return;
	}
	snprintf(label, sizeof(label), "%s by %s", act, side);
	if (strcmp(act, "claim-time") == 0)
		diag_report(d, DIAG_NOT_LOST, &at, label, why);
	else
		diag_report(d, DIAG_LEAVE, &at, label, why);
}

int
cmd_clock_load(struct cmd_clock *cc, const struct record *g,
    const struct replay *rp, long long now, const struct diag_where *w,
    struct diag *d)
{
	char why[256], t[2][TIMEUTC_SIZE];
	long long last = clock_last_stamp(g);

	memset(cc, 0, sizeof(*cc));
	cc->now = now;
	if (!(cc->timed = clock_timed(g)))
		return 0;
	if (last > now && timeutc_format(now, t[0], sizeof(t[0])) == 0 &&
	    timeutc_format(last, t[1], sizeof(t[1])) == 0) {
		diag_report(d, DIAG_NOW_BEHIND, w, t[0], t[1]);
		return -1;
	}
	if (clock_control_of(g, &cc->c, why, sizeof(why)) == -1) {
		diag_report(d, DIAG_BAD_CONTROL, w,
		    record_tag(g, "TimeControl"), why);
		return -1;
	}
	if (clock_run(&cc->ck, g, rp, &cc->c, now, why, sizeof(why)) == -1) {
		cmd_clock_bad(&cc->ck, why, w, d);
		return -1;
	}
	return 0;
}

int
cmd_clock_check(const struct record *g, const struct replay *rp,
    const struct replay_opts *o, struct diag *d)
{
	struct diag_where w = { o->file, &g->at, o->game, 0 };
	struct clock_control c;
	struct clock ck;
	long long last = clock_last_stamp(g);
	char why[256];

	if (last < 0)
		return 0;
	if (clock_control_of(g, &c, why, sizeof(why)) == -1) {
		diag_report(d, DIAG_BAD_CONTROL, &w,
		    record_tag(g, "TimeControl"), why);
		return -1;
	}
	if (clock_run(&ck, g, rp, &c, last, why, sizeof(why)) == -1) {
		cmd_clock_bad(&ck, why, &w, d);
		return -1;
	}
	return 0;
}

int
cmd_play_stamp(const struct cmd_clock *cc, struct record *g,
    const struct diag_where *w, struct diag *d)
{
	if (!cc->timed || play_append_stamp(g, cc->now) == 0)
		return 0;
	diag_report(d, DIAG_NOMEM, w);
	return -1;
}
