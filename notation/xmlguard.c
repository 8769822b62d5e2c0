/*
 * xmlguard.c - the byte scanner the XML reader puts before libxml2
 * (xmlguard.h): the prolog holds no declaration, and the document
 * keeps within the bounds of the schema's shape.
 */
#include <stdio.h>
#include <string.h>

#include "notation/xmlguard.h"

/* The messages below spell the bounds out. */
_Static_assert(XMLGUARD_ATTRS_MAX == 8, "the attributes message");
_Static_assert(XMLGUARD_NAME_MAX == 64, "the name message");
_Static_assert(XMLGUARD_VALUE_MAX == 4096, "the value message");
_Static_assert(XMLGUARD_NEST_MAX == 254, "the nesting message");

void
xmlguard_init(struct xml_guard *gd)
{
	memset(gd, 0, sizeof(*gd));
	gd->at.line = gd->at.col = 1;
}

int
xmlguard_refused(const struct xml_guard *gd)
{
	return gd->expected != NULL || gd->toobig != NULL;
}

/* Refuses what was read at the guard: expected was expected, c read. */
static int
xmlguard_refuse(struct xml_guard *gd, const char *expected, int c)
{
	gd->expected = expected;
	gd->bad = gd->state == XMLGUARD_LT || gd->state == XMLGUARD_BANG ||
	    gd->state == XMLGUARD_BANG2 ? gd->lt : gd->at;
	if (gd->state == XMLGUARD_BANG && c > 0x20 && c < 0x7f)
		snprintf(gd->read, sizeof(gd->read), "'<!%c...'", c);
	else if (c > 0x20 && c < 0x7f)
		snprintf(gd->read, sizeof(gd->read), "'%c'", c);
	else
		snprintf(gd->read, sizeof(gd->read), "byte 0x%02x", c);
	return -1;
}

/* Refuses the element at the last '<' as too big (what says why). */
static int
xmlguard_too_big(struct xml_guard *gd, const char *what)
{
	gd->toobig = what;
	gd->bad = gd->lt;
	return -1;
}

static int
xmlguard_blank(int c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

/* Whether c may start an element name. */
static int
xmlguard_name_start(int c)
{
	return ((c | 0x20) >= 'a' && (c | 0x20) <= 'z') || c == '_' ||
	    c == ':' || c >= 0x80;
}

/* Moves to state st, forgetting the bytes before (so that "<!-->" or
 * "<?>" does not end what it opens). */
static int
xmlguard_enter(struct xml_guard *gd, enum xmlguard_state st)
{
	gd->state = st;
	gd->prev = gd->prev2 = 0;
	return 0;
}

/* One more byte of a name or value; what when it is one too many. */
static int
xmlguard_grow(struct xml_guard *gd, size_t max, const char *what)
{
	if (++gd->run > max)
		return xmlguard_too_big(gd, what);
	return 0;
}

/* An element starts (its name's first byte read). */
static int
xmlguard_open(struct xml_guard *gd)
{
	gd->body = 1;
	gd->attrs = 0;
	gd->run = 1;
	gd->state = XMLGUARD_NAME;
	if (++gd->depth > XMLGUARD_NEST_MAX)
		return xmlguard_too_big(gd, "elements nested over "
		    "254 deep");
	return 0;
}

/* After '<'. */
static int
xmlguard_lt(struct xml_guard *gd, int c)
{
	if (c == '?')
		return xmlguard_enter(gd, XMLGUARD_PI);
	if (c == '!')
		return xmlguard_enter(gd, XMLGUARD_BANG);
	if (xmlguard_name_start(c))
		return xmlguard_open(gd);
	if (c == '/' && gd->body) {
		gd->state = XMLGUARD_END;
		gd->run = 0;
		return 0;
	}
	if (!gd->body)
		return xmlguard_refuse(gd, "an element name after '<'", c);
	gd->state = XMLGUARD_TEXT;	/* libxml2 says what is wrong */
	return 0;
}

/* Text: before the root element, white space only. */
static int
xmlguard_text(struct xml_guard *gd, int c)
{
	if (c == '<') {
		gd->lt = gd->at;
		gd->state = XMLGUARD_LT;
		return 0;
	}
	if (gd->body || xmlguard_blank(c))
		return 0;
	return xmlguard_refuse(gd, "'<'", c);
}

/* After "<!" and after "<!-". */
static int
xmlguard_bang(struct xml_guard *gd, int c)
{
	if (gd->state == XMLGUARD_BANG && c == '[' && gd->body)
		return xmlguard_enter(gd, XMLGUARD_CDATA);
	if (c != '-')
		return xmlguard_refuse(gd, gd->state == XMLGUARD_BANG ?
		    "a document with no DOCTYPE or other declaration" :
		    "'<!--' opening a comment", c);
	return xmlguard_enter(gd, gd->state == XMLGUARD_BANG ?
	    XMLGUARD_BANG2 : XMLGUARD_COMMENT);
}

/* Within a start tag, after its name: attributes, then '>' or "/>". */
static int
xmlguard_tag(struct xml_guard *gd, int c, int prev)
{
	if (c == '"' || c == '\'') {
		gd->quote = c;
		gd->run = 0;
		gd->state = XMLGUARD_VALUE;
		if (++gd->attrs > XMLGUARD_ATTRS_MAX)
			return xmlguard_too_big(gd, "an element with over "
			    "8 attributes");
		return 0;
	}
	if (c == '>') {
		if (prev == '/')
			gd->depth--;
		gd->state = XMLGUARD_TEXT;
		return 0;
	}
	if (xmlguard_blank(c) || c == '=' || c == '/') {
		gd->run = 0;
		return 0;
	}
	return xmlguard_grow(gd, XMLGUARD_NAME_MAX, "a name over 64 bytes");
}

/* The name of a start tag (NAME), or of an end tag (END). */
static int
xmlguard_name(struct xml_guard *gd, int c, int prev)
{
	if (c == '>' || xmlguard_blank(c) || c == '/') {
		if (gd->state == XMLGUARD_NAME) {
			gd->state = XMLGUARD_TAG;
			return xmlguard_tag(gd, c, prev);
		}
		if (c == '>') {
			gd->depth -= gd->depth > 0;
			gd->state = XMLGUARD_TEXT;
		}
		gd->run = 0;
		return 0;
	}
	return xmlguard_grow(gd, XMLGUARD_NAME_MAX, "a name over 64 bytes");
}

/* An attribute value, up to its closing quote. */
static int
xmlguard_value(struct xml_guard *gd, int c)
{
	if (c == gd->quote) {
		gd->state = XMLGUARD_TAG;
		gd->run = 0;
		return 0;
	}
	return xmlguard_grow(gd, XMLGUARD_VALUE_MAX,
	    "an attribute value over 4096 bytes");
}

/* Whether c, after p2 p, ends what the state opened (a processing
 * instruction, a comment, a CDATA section). */
static int
xmlguard_closes(const struct xml_guard *gd, int p2, int p, int c)
{
	if (c != '>')
		return 0;
	if (gd->state == XMLGUARD_PI)
		return p == '?';
	return p2 == p && p == (gd->state == XMLGUARD_COMMENT ? '-' : ']');
}

/* The byte order mark, or the first byte of the document. */
static int
xmlguard_start(struct xml_guard *gd, int c)
{
	if (gd->state == XMLGUARD_START) {
		if (c == 0xef) {
			gd->state = XMLGUARD_BOM1;
			return 0;
		}
		if (c == 0xfe || c == 0xff)
			return xmlguard_refuse(gd,
			    "a document in UTF-8, not UTF-16", c);
		gd->state = XMLGUARD_TEXT;
		return xmlguard_text(gd, c);
	}
	if (c != (gd->state == XMLGUARD_BOM1 ? 0xbb : 0xbf))
		return xmlguard_refuse(gd, "a UTF-8 byte order mark", c);
	gd->state = gd->state == XMLGUARD_BOM1 ? XMLGUARD_BOM2 :
	    XMLGUARD_TEXT;
	return 0;
}

/* Steps the guard over byte c; -1 when the document is refused. */
static int
xmlguard_step(struct xml_guard *gd, int c)
{
	int p = gd->prev, p2 = gd->prev2;

	gd->prev2 = p;
	gd->prev = c;
	switch (gd->state) {
	case XMLGUARD_START:
	case XMLGUARD_BOM1:
	case XMLGUARD_BOM2:
		return xmlguard_start(gd, c);
	case XMLGUARD_TEXT:
		return xmlguard_text(gd, c);
	case XMLGUARD_LT:
		return xmlguard_lt(gd, c);
	case XMLGUARD_BANG:
	case XMLGUARD_BANG2:
		return xmlguard_bang(gd, c);
	case XMLGUARD_PI:
	case XMLGUARD_COMMENT:
	case XMLGUARD_CDATA:
		if (xmlguard_closes(gd, p2, p, c))
			gd->state = XMLGUARD_TEXT;
		return 0;
	case XMLGUARD_NAME:
	case XMLGUARD_END:
		return xmlguard_name(gd, c, p);
	case XMLGUARD_TAG:
		return xmlguard_tag(gd, c, p);
	case XMLGUARD_VALUE:
		return xmlguard_value(gd, c);
	}
	return 0;
}

/* Skips the text of the body up to its next '<' (the most of a
 * document, so it is not stepped byte by byte); returns the bytes
 * skipped. */
static size_t
xmlguard_skip_text(struct xml_guard *gd, const unsigned char *buf,
    size_t n)
{
	const unsigned char *lt = memchr(buf, '<', n), *nl;
	size_t len = lt != NULL ? (size_t)(lt - buf) : n, i = 0;

	while ((nl = memchr(buf + i, '\n', len - i)) != NULL) {
		gd->at.line++;
		gd->at.col = 1;
		i = (size_t)(nl - buf) + 1;
	}
	gd->at.col += len - i;
	if (len > 0) {
		gd->prev2 = len > 1 ? buf[len - 2] : gd->prev;
		gd->prev = buf[len - 1];
	}
	return len;
}

int
xmlguard_scan(struct xml_guard *gd, const unsigned char *buf, size_t n)
{
	size_t i = 0;

	if (xmlguard_refused(gd))
		return -1;
	while (i < n) {
		if (gd->body && gd->state == XMLGUARD_TEXT &&
		    buf[i] != '<') {
			i += xmlguard_skip_text(gd, buf + i, n - i);
			continue;
		}
		if (xmlguard_step(gd, buf[i]) == -1)
			return -1;
		if (buf[i++] == '\n') {
			gd->at.line++;
			gd->at.col = 1;
		} else
			gd->at.col++;
	}
	return 0;
}
