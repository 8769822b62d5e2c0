/*
 * timeutc.h - times as seconds since 1970-01-01T00:00:00Z, read and
 * written as RFC 3339 UTC ("2026-11-24T20:57:07Z"), and spans of time as
 * "9d12h05m".  Pure arithmetic: no time zone, no C library clock; the
 * one place that reads the system clock is the command layer.
 *
 * Nothing here allocates.
 */
#ifndef STACKREF_BASE_TIMEUTC_H
#define STACKREF_BASE_TIMEUTC_H

#include <stddef.h>

#define TIMEUTC_DAY 86400LL      /* seconds in a day */
#define TIMEUTC_SIZE 21          /* bytes of "2026-11-24T20:57:07Z" and
				  * its NUL */
#define TIMEUTC_MIN 0LL          /* 1970-01-01T00:00:00Z */
#define TIMEUTC_MAX 253402300799LL /* 9999-12-31T23:59:59Z */

/*
 * Reads s, exactly "YYYY-MM-DDTHH:MM:SSZ" (a real date of the years
 * 1970 to 9999, seconds 00 to 59), into *t.  Returns 0, or -1 when s is
 * not such a time.
 */
int timeutc_parse(const char *s, long long *t);

/* Writes t (TIMEUTC_MIN..TIMEUTC_MAX) into buf as timeutc_parse reads
 * it; -1 when t is out of range or buf smaller than TIMEUTC_SIZE. */
int timeutc_format(long long t, char *buf, size_t size);

/* The year (UTC) of t. */
int timeutc_year(long long t);

/*
 * Writes the span secs as days, hours and minutes, "9d12h05m" (rounded
 * down to the minute: a second less than nothing is "-0d00h01m"), into
 * buf.
 * Returns its length, or -1 when it does not fit.
 */
int timeutc_span(long long secs, char *buf, size_t size);

#endif
