/* util.c - checked number parsing, bounded string joining, quoting. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"

int
util_parse_ulong(const char *s, unsigned long min, unsigned long max,
    unsigned long *out)
{
	unsigned long v;
	char *end;

	if (s == NULL || *s < '0' || *s > '9')
		return -1;
	errno = 0;
	v = strtoul(s, &end, 10);
	if (errno != 0 || *end != '\0' || v < min || v > max)
		return -1;
	*out = v;
	return 0;
}

int
util_append(char *buf, size_t size, const char *sep, const char *s)
{
	size_t len = strlen(buf), need;

	if (len > 0 && sep != NULL) {
		need = strlen(sep);
		if (len + need + 4 >= size)
			goto full;
		memcpy(buf + len, sep, need + 1);
		len += need;
	}
	need = strlen(s);
	if (len + need + 4 >= size)
		goto full;
	memcpy(buf + len, s, need + 1);
	return 0;
full:
	if (len + 4 <= size)
		memcpy(buf + len, "...", 4);
	return -1;
}

size_t
util_utf8_len(const unsigned char *s, unsigned long *c)
{
	size_t n, i;

	if (s[0] < 0xc2 || s[0] > 0xf4)
		return 0;
	n = s[0] < 0xe0 ? 2 : s[0] < 0xf0 ? 3 : 4;
	*c = s[0] & (0x3f >> (n - 1));
	for (i = 1; i < n; i++) {
		if ((s[i] & 0xc0) != 0x80)
			return 0;
		*c = *c << 6 | (s[i] & 0x3f);
	}
	if ((n == 3 && *c < 0x800) || (n == 4 && *c < 0x10000) ||
	    *c > 0x10ffff || (*c >= 0xd800 && *c <= 0xdfff))
		return 0;
	return n;
}

/* Whether s can stand in a log line without quotes. */
static int
util_plain(const char *s)
{
	if (*s == '\0')
		return 0;
	for (; *s != '\0'; s++)
		if ((unsigned char)*s <= 0x20 || (unsigned char)*s >= 0x7f ||
		    *s == '"' || *s == '\\')
			return 0;
	return 1;
}

/* The escape of byte c into e (at most 5 bytes with the NUL). */
static void
util_escape(unsigned char c, char e[5])
{
	static const char from[] = "\n\r\t\"\\", to[] = "nrt\"\\";
	const char *p = c != '\0' ? strchr(from, c) : NULL;

	if (p != NULL)
		snprintf(e, 5, "\\%c", to[p - from]);
	else if (c < 0x20 || c >= 0x7f)
		snprintf(e, 5, "\\x%02x", c);
	else
		snprintf(e, 5, "%c", c);
}

const char *
util_quote(const char *s, char *buf, size_t size)
{
	size_t len = 1, n;
	char e[5];

	if (s == NULL)
		s = "(none)";
	if (util_plain(s) && strlen(s) < size) {
		memcpy(buf, s, strlen(s) + 1);
		return buf;
	}
	buf[0] = '"';
	for (; *s != '\0'; s++) {
		util_escape((unsigned char)*s, e);
		n = strlen(e);
		if (len + n + 5 > size) {
			memcpy(buf + len, "...", 3);
			len += 3;
			break;
		}
		memcpy(buf + len, e, n);
		len += n;
	}
	memcpy(buf + len, "\"", 2);
	return buf;
}
