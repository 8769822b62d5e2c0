/* timeutc.c - RFC 3339 UTC times and spans, by calendar arithmetic. */
#include <stdio.h>
#include <string.h>

#include "base/timeutc.h"

/* Days from 1970-01-01 to y-m-d of the proleptic Gregorian calendar
 * (Howard Hinnant's days_from_civil). */
static long long
timeutc_days(long long y, unsigned m, unsigned d)
{
	long long era;
	unsigned yoe, doy, doe;

	y -= m <= 2;
	era = (y >= 0 ? y : y - 399) / 400;
	yoe = (unsigned)(y - era * 400);
	doy = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + d - 1;
	doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
	return era * 146097 + (long long)doe - 719468;
}

/* The civil date of day z since 1970-01-01 (civil_from_days). */
static void
timeutc_civil(long long z, long long *y, unsigned *m, unsigned *d)
{
	long long era;
	unsigned doe, yoe, doy, mp;

	z += 719468;
	era = (z >= 0 ? z : z - 146096) / 146097;
	doe = (unsigned)(z - era * 146097);
	yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
	doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
	mp = (5 * doy + 2) / 153;
	*d = doy - (153 * mp + 2) / 5 + 1;
	*m = mp < 10 ? mp + 3 : mp - 9;
	*y = (long long)yoe + era * 400 + (*m <= 2);
}

/* Reads n digits of s into *v; -1 when one is not a digit. */
static int
timeutc_digits(const char *s, unsigned n, unsigned *v)
{
	unsigned i;

	*v = 0;
	for (i = 0; i < n; i++) {
		if (s[i] < '0' || s[i] > '9')
			return -1;
		*v = *v * 10 + (unsigned)(s[i] - '0');
	}
	return 0;
}

static int
timeutc_month_days(unsigned y, unsigned m)
{
	static const unsigned char days[12] = { 31, 28, 31, 30, 31, 30, 31,
	    31, 30, 31, 30, 31 };
	int leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;

	return days[m - 1] + (m == 2 && leap);
}

int
timeutc_parse(const char *s, long long *t)
{
	static const char shape[] = "dddd-dd-ddTdd:dd:ddZ";
	unsigned y, mo, d, h, mi, sec;
	size_t i;

	if (s == NULL || strlen(s) != sizeof(shape) - 1)
		return -1;
	for (i = 0; shape[i] != '\0'; i++)
		if (shape[i] != 'd' && s[i] != shape[i])
			return -1;
	if (timeutc_digits(s, 4, &y) == -1 ||
	    timeutc_digits(s + 5, 2, &mo) == -1 ||
	    timeutc_digits(s + 8, 2, &d) == -1 ||
	    timeutc_digits(s + 11, 2, &h) == -1 ||
	    timeutc_digits(s + 14, 2, &mi) == -1 ||
	    timeutc_digits(s + 17, 2, &sec) == -1)
		return -1;
	if (y < 1970 || mo < 1 || mo > 12 || d < 1 ||
	    (int)d > timeutc_month_days(y, mo) || h > 23 || mi > 59 ||
	    sec > 59)
		return -1;
	*t = timeutc_days(y, mo, d) * TIMEUTC_DAY + h * 3600LL + mi * 60LL +
	    sec;
	return 0;
}

int
timeutc_format(long long t, char *buf, size_t size)
{
	long long y, s;
	unsigned m, d;

	if (t < TIMEUTC_MIN || t > TIMEUTC_MAX || size < TIMEUTC_SIZE)
		return -1;
	timeutc_civil(t / TIMEUTC_DAY, &y, &m, &d);
	s = t % TIMEUTC_DAY;
	snprintf(buf, size, "%04lld-%02u-%02uT%02lld:%02lld:%02lldZ", y, m, d,
	    s / 3600, s / 60 % 60, s % 60);
	return 0;
}

int
timeutc_year(long long t)
{
	long long y;
	unsigned m, d;

	timeutc_civil((t >= 0 ? t : t - TIMEUTC_DAY + 1) / TIMEUTC_DAY, &y,
	    &m, &d);
	return (int)y;
}

int
timeutc_span(long long secs, char *buf, size_t size)
{
	unsigned long long a = secs < 0 ? 0ULL - (unsigned long long)secs :
	    (unsigned long long)secs;
	int n;

	if (secs < 0)
		a += 59;	/* down to the minute is away from zero */

	n = snprintf(buf, size, "%s%llud%02lluh%02llum", secs < 0 ? "-" : "",
	    a / 86400, a / 3600 % 24, a / 60 % 60);
	return n < 0 || (size_t)n >= size ? -1 : n;
}
