/*
 * util.h - small helpers any layer may use: checked number parsing,
 * string joining, the quoting of untrusted text for log lines, and its
 * cleaning and escaping for XML and HTML.  Nothing here prints but
 * util_text_escape, to the stream it is given.
 */
#ifndef STACKREF_BASE_UTIL_H
#define STACKREF_BASE_UTIL_H

#include <stddef.h>
#include <stdio.h>

/*
 * Parses the whole of s as a decimal number in [min, max] (no sign, no
 * spaces, no trailing text).  Returns 0 and sets *out, or -1.
 */
int util_parse_ulong(const char *s, unsigned long min, unsigned long max,
    unsigned long *out);

/*
 * Appends s to the NUL-terminated buf of size bytes, preceded by sep
 * when buf is not empty.  Truncates with "..." when it does not fit;
 * returns -1 then, else 0.
 */
int util_append(char *buf, size_t size, const char *sep, const char *s);

/* Whether s is 1 to max bytes, each one of set. */
int util_word(const char *s, const char *set, size_t max);

/*
 * The length (2 to 4) of the valid UTF-8 sequence of a character above
 * 0x7f at s, with its code point in *c: no overlong form, no surrogate,
 * nothing past U+10FFFF.  0 when s starts no such sequence (an ASCII
 * byte included).
 */
size_t util_utf8_len(const unsigned char *s, unsigned long *c);

/*
 * Writes s, a text from outside (a mail, an attachment), into buf of
 * size bytes (at least 16) fit for one log line: as it is when it is
 * non-empty printable ASCII without blanks, '"' or '\\'; else between
 * double quotes, with C escapes (\n, \r, \t, \", \\, \xHH for other
 * control and non-ASCII bytes).  What does not fit is cut and marked
 * "...".  A NULL s is written (none).  Returns buf.
 */
const char *util_quote(const char *s, char *buf, size_t size);

/*
 * Copies in to buf as text fit for XML: valid UTF-8 is kept, any other
 * byte is read as Latin-1, control characters become spaces; a line is
 * cut at a character boundary to fit.  buf is NUL-terminated when size >
 * 0.  Returns the length written.
 */
size_t util_text_clean(const char *in, char *buf, size_t size);

/*
 * Writes in to out as text fit for XML or HTML, character data or an
 * attribute value between double quotes: cleaned as util_text_clean
 * does (whole), '&', '<', '>' and '"' escaped.
 */
void util_text_escape(FILE *out, const char *in);

/* Writes s to out as a JSON string: '"', '\\' and control characters
 * escaped, valid UTF-8 kept, any other byte as \u00XX; NULL: null. */
void util_json_string(FILE *out, const char *s);

#endif
