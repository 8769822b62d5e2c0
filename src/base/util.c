/* util.c - checked number parsing, bounded string joining, quoting, and
 * text fit for XML and HTML. */
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

/* The character at s as text fit for XML (util.h, util_text_clean): its
 * bytes into c, their number returned; *used the bytes of s it stands
 * for. */
static size_t
util_text_char(const unsigned char *s, char c[4], size_t *used)
{
	unsigned long cp = 0;
	size_t n = s[0] < 0x80 ? 1 : util_utf8_len(s, &cp);

	if (n == 0 || cp == 0xfffe || cp == 0xffff) {
		c[0] = (char)(0xc0 | s[0] >> 6);     /* the byte as Latin-1 */
		c[1] = (char)(0x80 | (s[0] & 0x3f));
		*used = 1;
		return 2;
	}
	memcpy(c, s, n);
	if (n == 1 && (s[0] < 0x20 || s[0] == 0x7f))
		c[0] = ' ';
	*used = n;
	return n;
}

size_t
util_text_clean(const char *in, char *buf, size_t size)
{
	const unsigned char *s = (const unsigned char *)in;
	size_t len = 0, n, used;
	char c[4];

	if (size == 0)
		return 0;
	for (; *s != '\0'; s += used) {
		if (len + (n = util_text_char(s, c, &used)) >= size)
			break;
		memcpy(buf + len, c, n);
		len += n;
	}
	buf[len] = '\0';
	return len;
}

/* Whether byte c stands for itself in util_text_escape's text. */
static int
util_text_plain(unsigned char c)
{
	return c >= 0x20 && c < 0x7f && c != '&' && c != '<' && c != '>' &&
	    c != '"';
}

void
util_text_escape(FILE *out, const char *in)
{
	static const char special[] = "&<>\"";
	static const char *const entity[] = { "&amp;", "&lt;", "&gt;",
	    "&quot;" };
	const unsigned char *s = (const unsigned char *)in;
	const char *e;
	size_t n, used;
	char c[4];

	while (*s != '\0') {
		for (n = 0; util_text_plain(s[n]); n++)
			continue;
		fwrite(s, 1, n, out);
		if (s[n] == '\0')
			break;
		n = util_text_char(s += n, c, &used);
		if (n == 1 && (e = strchr(special, c[0])) != NULL)
			fputs(entity[e - special], out);
		else
			fwrite(c, 1, n, out);
		s += used;
	}
}

int
util_word(const char *s, const char *set, size_t max)
{
	size_t n = strspn(s, set);

	return n > 0 && n <= max && s[n] == '\0';
}

void
util_json_string(FILE *out, const char *s)
{
	const unsigned char *p = (const unsigned char *)s;
	unsigned long c;
	size_t n;

	if (s == NULL) {
		fputs("null", out);
		return;
	}
	putc('"', out);
	for (; *p != '\0'; p++) {
		if (*p == '"' || *p == '\\')
			fprintf(out, "\\%c", *p);
		else if (*p < 0x20 || *p == 0x7f)
			fprintf(out, "\\u%04x", *p);
		else if (*p < 0x80)
			putc(*p, out);
		else if ((n = util_utf8_len(p, &c)) > 0) {
			fwrite(p, 1, n, out);
			p += n - 1;
		} else
			fprintf(out, "\\u%04x", *p);
	}
	putc('"', out);
}
