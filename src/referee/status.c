/*
 * status.c - `stackref referee --status` (service.h): the store's
 * figures as text, a summary line first, or as one JSON object.
 */
#include <stdio.h>

#include "base/timeutc.h"
#include "referee/service.h"

/* The time t as RFC 3339 UTC into buf (TIMEUTC_SIZE bytes), or "never"
 * for 0. */
static const char *
ref_status_time(long long t, char *buf)
{
	if (t == 0 || timeutc_format(t, buf, TIMEUTC_SIZE) == -1)
		snprintf(buf, TIMEUTC_SIZE, "never");
	return buf;
}

/* The span secs into buf (32 bytes): "42 s" under two minutes, else
 * "3d04h10m". */
static const char *
ref_status_span(long long secs, char *buf)
{
	if (secs < 120 || timeutc_span(secs, buf, 32) == -1)
		snprintf(buf, 32, "%lld s", secs);
	return buf;
}

static void
ref_status_json(const struct ref_store_status *f, long long max_age,
    int late)
{
	char when[TIMEUTC_SIZE + 2], t[TIMEUTC_SIZE];

	if (f->last_run == 0)
		snprintf(when, sizeof(when), "null");
	else
		snprintf(when, sizeof(when), "\"%s\"",
		    ref_status_time(f->last_run, t));
	printf("{\"mails_waiting\": %ld, \"oldest_waiting\": %lld, "
	    "\"replies_waiting\": %ld,\n \"boards_open\": %ld, "
	    "\"boards_due\": %ld, \"aside\": %ld,\n \"refused_day\": %ld, "
	    "\"bounced_day\": %ld,\n \"last_run\": %s, \"max_age\": %lld, "
	    "\"late\": %s}\n", f->mails, f->oldest, f->replies,
	    f->boards_open, f->boards_due, f->aside, f->refused_day,
	    f->bounced_day, when, max_age, late ? "true" : "false");
}

static void
ref_status_text(const struct ref_store_status *f, long long now,
    unsigned long max_age, int late)
{
	char age[32], ago[32], t[TIMEUTC_SIZE];

	ref_status_span(f->oldest, age);
	ref_status_span(now - f->last_run, ago);
	printf("stackref referee %s: %ld waiting, the oldest %s old (at "
	    "most %lu min)\n", late ? "LATE" : "OK", f->mails, age,
	    max_age);
	printf("mails waiting: %ld, the oldest %s old\n", f->mails, age);
	printf("replies waiting: %ld\n", f->replies);
	printf("boards open: %ld, due: %ld\n", f->boards_open,
	    f->boards_due);
	printf("mails set aside: %ld\n", f->aside);
	printf("over the last day: %ld refused, %ld bounced\n",
	    f->refused_day, f->bounced_day);
	if (f->last_run == 0)
		printf("last run: never\n");
	else
		printf("last run: %s (%s ago)\n",
		    ref_status_time(f->last_run, t), ago);
}

int
ref_status(struct ref_store *st, time_t now, unsigned long max_age,
    int json, struct diag *d)
{
	struct ref_store_status f;
	char age[32];
	int late;

	if (ref_store_status(st, now, &f) == -1)
		return -1;
	late = f.mails > 0 && f.oldest > (long long)max_age * 60;
	if (json)
		ref_status_json(&f, (long long)max_age * 60, late);
	else
		ref_status_text(&f, (long long)now, max_age, late);
	if (late) {
		diag_report(d, DIAG_REF_LATE, NULL, ref_status_span(f.oldest,
		    age), max_age);
	}
	return 0;
}
