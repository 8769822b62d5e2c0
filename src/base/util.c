/* util.c - checked number parsing and bounded string joining. */
#include <errno.h>
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
