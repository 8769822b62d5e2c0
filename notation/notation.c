/* notation.c - the table of record notations and how an input's
 * notation is found. */
#include <sys/types.h>

#include <ctype.h>
#include <stdint.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "notation/notation.h"
#include "notation/html.h"
#include "notation/pdn.h"
#include "notation/xml.h"
#include "notation/json.h"

/* Bytes of blanks read ahead at most to find the first non-blank one. */
#define NOTATION_PEEK_MAX 65536

const struct notation *const notation_table[] = {
	&notation_pdn,
	&notation_xml,
	&notation_html,
	&notation_json,
	NULL
};

/* The start of a stream, read ahead to find its notation. */
struct notation_peek {
	unsigned char *buf;
	size_t len, cap;
	int first;                /* first non-blank byte, or EOF */
	int second;               /* the next non-blank byte after a first
				   * '[' (PDN's tag or JSON's array) or '{'
				   * (PDN's comment or JSON's object), or EOF */
	int third;                /* after '{' '"': the first non-blank byte
				   * after that string (':' in JSON), or EOF */
};

/* Bytes read ahead at most after a first '<' or 0x89 to find what
 * written-only format the stream is in. */
#define NOTATION_SNIFF 512

static int
notation_peek_add(struct notation_peek *pk, int c)
{
	unsigned char *p;
	size_t cap;

	if (pk->len == pk->cap) {
		cap = pk->cap == 0 ? 256 : pk->cap * 2;
		if ((p = realloc(pk->buf, cap)) == NULL)
			return -1;
		pk->buf = p;
		pk->cap = cap;
	}
	pk->buf[pk->len++] = (unsigned char)c;
	return 0;
}

/* Whether c is a blank between tokens. */
static int
notation_blank(int c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' ||
	    c == '\v';
}

/*
 * After a first '{' '"', reads on to the end of that string and the
 * next non-blank byte (pk->third): a JSON object's first member name
 * is followed by ':', a PDN comment that starts with a quote is not.
 * 0, or -1 when out of memory.
 */
static int
notation_peek_key(struct notation_peek *pk, FILE *in)
{
	int c, escaped = 0, closed = 0;

	while (pk->len < NOTATION_PEEK_MAX && (c = getc(in)) != EOF) {
		if (notation_peek_add(pk, c) == -1)
			return -1;
		if (closed && !notation_blank(c)) {
			pk->third = c;
			break;
		}
		if (escaped)
			escaped = 0;
		else if (c == '\\')
			escaped = 1;
		else if (c == '"')
			closed = 1;
	}
	return 0;
}

/*
 * Reads in up to its first byte that is not blank nor part of a leading
 * UTF-8 byte order mark (or NOTATION_PEEK_MAX bytes, or the end), keeping
 * what it read in pk.  0, or -1 when out of memory or unreadable.
 */
static int
notation_peek_read(struct notation_peek *pk, FILE *in)
{
	static const unsigned char bom[] = { 0xef, 0xbb, 0xbf };
	int c;

	size_t start = 0;

	pk->first = pk->second = pk->third = EOF;
	while (pk->len < NOTATION_PEEK_MAX && (c = getc(in)) != EOF) {
		if (notation_peek_add(pk, c) == -1)
			return -1;
		if (pk->len <= 3 && memcmp(pk->buf, bom, pk->len) == 0)
			continue;
		if (pk->first == '<' || pk->first == 0x89) {
			if (pk->len - start >= NOTATION_SNIFF)
				break;
		} else if (!notation_blank(c)) {
			if (pk->first != EOF) {
				pk->second = c;
				break;
			}
			pk->first = c;
			start = pk->len - 1;
			if (c != '[' && c != '{' && c != '<' && c != 0x89)
				break;
		}
	}
	if (pk->first == '{' && pk->second == '"' &&
	    notation_peek_key(pk, in) == -1)
		return -1;
	if (notation_peek_add(pk, 0) == -1)
		return -1;
	pk->len--;       /* the buffer is a string for notation_written */
	return ferror(in) ? -1 : 0;
}

/* Whether mark (lower case) is in s, in any case. */
static int
notation_has(const char *s, const char *mark)
{
	size_t n = strlen(mark);

	for (; *s != '\0'; s++)
		if (strncasecmp(s, mark, n) == 0)
			return 1;
	return 0;
}

/*
 * The written-only format pk's stream is in: "HTML" (a game page),
 * "SVG", "PNG" (pictures), else NULL.
 */
static const char *
notation_written(const struct notation_peek *pk)
{
	static const struct { const char *mark, *format; } marks[] = {
		{ "<!doctype html", "HTML" }, { "<html", "HTML" },
		{ "<svg", "SVG" }, { "<!doctype svg", "SVG" }
	};
	const char *s = (const char *)pk->buf;
	size_t i;

	if (pk->first == 0x89 && strstr(s, "PNG\r\n") != NULL)
		return "PNG";
	if (pk->first != '<' || strstr(s, "<stackref") != NULL)
		return NULL;
	for (i = 0; i < sizeof(marks) / sizeof(marks[0]); i++)
		if (notation_has(s, marks[i].mark))
			return marks[i].format;
	return NULL;
}

/*
 * Puts in back where pk started: seeks back to start when it can,
 * else pushes the bytes read back with ungetc (a pipe: the C library
 * keeps them in its pushback area, freed with the stream; glibc and the
 * BSDs take any number of bytes, POSIX promises one).  0, or -1.
 */
static int
notation_unread(const struct notation_peek *pk, FILE *in, off_t start)
{
	size_t i;

	if (start != -1 && fseeko(in, start, SEEK_SET) == 0)
		return 0;
	clearerr(in);
	for (i = pk->len; i > 0; i--)
		if (ungetc(pk->buf[i - 1], in) == EOF)
			return -1;
	return 0;
}

struct reader *
notation_open(FILE *in, const char *file, struct diag *d,
    const struct notation **nt)
{
	struct diag_where w = { file, NULL, 0, 0 };
	struct notation_peek pk = { NULL, 0, 0, EOF, EOF, EOF };
	off_t start = ftello(in);
	struct reader *rd = NULL;
	const char *written = NULL;
	int rc;

	*nt = &notation_pdn;
	if ((rc = notation_peek_read(&pk, in)) == 0 &&
	    (written = notation_written(&pk)) == NULL &&
	    (rc = notation_unread(&pk, in, start)) == -1)
		errno = EOVERFLOW;     /* the C library took too few back */
	free(pk.buf);
	if (written != NULL) {
		diag_report(d, DIAG_WRITTEN_ONLY, &w, written);
		return NULL;
	}
	if (rc == -1) {
		if (ferror(in) || errno == EOVERFLOW)
			diag_report(d, DIAG_READ, &w,
			    strerror(errno != 0 ? errno : EIO));
		else
			diag_report(d, DIAG_NOMEM, &w);
		return NULL;
	}
	if (pk.first == '<' || pk.first == 0xfe || pk.first == 0xff)
		*nt = &notation_xml;  /* 0xfe, 0xff: UTF-16, which it refuses */
	else if ((pk.first == '{' && (pk.second == '}' || (pk.second == '"' &&
	    pk.third == ':'))) || (pk.first == '[' && (pk.second == '{' ||
	    pk.second == ']' || pk.second == EOF)))
		*nt = &notation_json;
	if ((rd = (*nt)->open(in, file, d)) == NULL)
		diag_report(d, DIAG_NOMEM, NULL);
	return rd;
}

struct reader *
notation_open_as(FILE *in, const char *file, struct diag *d,
    const struct notation *nt)
{
	struct reader *rd;

	if ((rd = nt->open(in, file, d)) == NULL)
		diag_report(d, DIAG_NOMEM, NULL);
	return rd;
}

const char *
notation_written_only(const char *name)
{
	static const char *const formats[] = { "HTML", "SVG", "PNG", "ASCII" };
	size_t i;

	for (i = 0; i < sizeof(formats) / sizeof(formats[0]); i++)
		if (strcasecmp(name, formats[i]) == 0)
			return formats[i];
	return NULL;
}

int
notation_write_record(const struct notation *nt, FILE *out,
    const struct record *g)
{
	if (nt->begin != NULL && nt->begin(out) == -1)
		return -1;
	if (nt->write(out, g) == -1)
		return -1;
	return nt->end != NULL ? nt->end(out) : 0;
}

const struct notation *
notation_find(const char *name)
{
	size_t i;

	for (i = 0; notation_table[i] != NULL; i++)
		if (strcasecmp(notation_table[i]->name, name) == 0)
			return notation_table[i];
	return NULL;
}

/* notation_read_one, as notation as when not NULL. */
static int
notation_read_as(FILE *in, const char *file, struct record *g,
    const struct notation **ntp, const struct notation *as, struct diag *d)
{
	const struct notation *nt = as;
	struct record extra;
	struct reader *rd;
	unsigned long idx;
	enum read_result rr;
	struct diag_where w = { file, NULL, 0, 0 };

	if ((rd = as != NULL ? notation_open_as(in, file, d, as) :
	    notation_open(in, file, d, &nt)) == NULL)
		return -1;
	if (ntp != NULL)
		*ntp = nt;
	if ((rr = nt->next(rd, g, &idx)) == READ_GAME) {
		record_init(&extra);
		rr = nt->next(rd, &extra, &idx);
		if (rr == READ_GAME || rr == READ_MALFORMED) {
			w.at = &extra.at;
			w.game = idx;
			diag_report(d, DIAG_SYNTAX, &w, "one game only "
			    "(take one out with convert --game N -o FILE)",
			    "a second game");
		}
		record_free(&extra);
		rr = rr == READ_END ? READ_GAME : READ_MALFORMED;
	} else if (rr == READ_END)
		diag_report(d, DIAG_NO_GAME, &w);
	nt->close(rd);
	return rr == READ_GAME ? 0 : -1;
}

int
notation_read_one(FILE *in, const char *file, struct record *g,
    const struct notation **ntp, struct diag *d)
{
	return notation_read_as(in, file, g, ntp, NULL, d);
}

/* notation_read_text, as notation as when not NULL. */
static int
notation_read_text_as(const char *data, size_t len, const char *file,
    struct record *g, const struct notation **nt,
    const struct notation *as, struct diag *d)
{
	FILE *f;
	int rc;

	if (data == NULL || len == 0 ||
	    (f = fmemopen((void *)(uintptr_t)data, len, "r")) == NULL) {
		diag_report(d, DIAG_NO_GAME, DIAG_FILE(file));
		return -1;
	}
	rc = notation_read_as(f, file, g, nt, as, d);
	fclose(f);
	return rc;
}

int
notation_read_text(const char *data, size_t len, const char *file,
    struct record *g, const struct notation **nt, struct diag *d)
{
	return notation_read_text_as(data, len, file, g, nt, NULL, d);
}

/* The text of notation_typed_move before it is read as movetext: the
 * typographic signs as ASCII, blanks around a '-' between two words
 * dropped; -1 when it does not fit in size bytes. */
static int
notation_typed_clean(const char *text, char *buf, size_t size)
{
	static const struct { const char *utf8; char ascii; } sign[] = {
		{ "\xe2\x80\x93", '-' }, { "\xe2\x80\x94", '-' },
		{ "\xe2\x88\x92", '-' }, { "\xc3\x97", 'x' }
	};
	size_t i, j, n = 0, k, len = 0;
	const char *p = text;

	while (*p != '\0') {
		for (k = 0; k < sizeof(sign) / sizeof(sign[0]); k++) {
			len = strlen(sign[k].utf8);
			if (strncmp(p, sign[k].utf8, len) == 0)
				break;
		}
		if (n + 1 >= size)
			return -1;
		if (k < sizeof(sign) / sizeof(sign[0])) {
			buf[n++] = sign[k].ascii;
			p += len;
		} else
			buf[n++] = *p++;
	}
	buf[n] = '\0';
	/* "11 - 15": the blanks around a dash after a word go */
	for (i = n = 0; buf[i] != '\0'; i = j) {
		j = i + strspn(buf + i, " \t");
		if (j == i) {
			buf[n++] = buf[j++];
			continue;
		}
		if (n > 0 && ((isalnum((unsigned char)buf[n - 1]) &&
		    buf[j] == '-') || (buf[n - 1] == '-' && n > 1 &&
		    isalnum((unsigned char)buf[n - 2]) &&
		    isalnum((unsigned char)buf[j]))))
			continue;
		while (i < j)
			buf[n++] = buf[i++];
	}
	buf[n] = '\0';
	return 0;
}

/* Counts the moves of line l (its variations are not the player's
 * move; nor are a full stop or marks apart, "11-15 ."); *last gets the
 * last. */
static unsigned
notation_typed_count(const struct line *l, const struct elem **last)
{
	unsigned n = 0;
	size_t i;

	for (i = 0; i < l->n; i++)
		if (l->elems[i].kind == ELEM_MOVE &&    /* not "." or "!" */
		    l->elems[i].text[strspn(l->elems[i].text, ".,!?")] != '\0') {
			*last = &l->elems[i];
			n++;
		}
	return n;
}

unsigned
notation_typed_move(const char *text, char *buf, size_t size)
{
	char clean[512];
	const struct elem *e = NULL;
	struct record g;
	struct diag q;
	unsigned n = 0;
	size_t len;

	if (notation_typed_clean(text, clean, sizeof(clean)) == -1 ||
	    clean[strspn(clean, " \t\r\n")] == '<')
		return 0;     /* too long to be a move; or XML */
	diag_init(&q, "stackref", NULL);
	q.quiet = 1;
	record_init(&g);
	if (notation_read_text_as(clean, strlen(clean), "<move>", &g, NULL,
	    &notation_pdn, &q) == 0 && g.ntags == 0 &&
	    (n = notation_typed_count(&g.main, &e)) == 1) {
		snprintf(buf, size, "%s", e->text);
		len = strlen(buf);
		while (len > 0 && buf[len - 1] == ',')
			buf[--len] = '\0';
		if (len == 0)
			n = 0;
	}
	record_free(&g);
	return n;
}
