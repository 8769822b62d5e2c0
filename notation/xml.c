/*
 * xml.c - the reader of the XML notation of game records
 * (stackref-xml(5)): streaming, it validates against the RELAX NG schema
 * embedded in the binary.  The code of stackref-xml.so (base/module.h,
 * xml.h); the writer is xmlwrite.c.
 *
 * Untrusted input is read safely: before libxml2 sees a byte, a guard
 * (xmlguard.c) refuses any DOCTYPE (so no DTD, no entity, no external
 * resource ever exists) and bounds what would cost libxml2 more than
 * linear time (attributes of an element, names, nesting); the parser
 * runs with no network, no DTD loading, no entity substitution, no
 * XInclude, and reads UTF-8 whatever the document declares.  Texts are
 * bounded by the limits of the PDN reader (pdn.h), variations by
 * XML_DEPTH_MAX.  A <byte>HH</byte> element inside a text is the byte
 * HH (xmlwrite.c).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include <libxml/relaxng.h>
#include <libxml/xmlreader.h>

#include "base/module.h"
#include "notation/pdn.h"
#include "notation/xml.h"
#include "notation/xmlguard.h"
#include "notation/stackref-rng.h"
#include "base/timeutc.h"
#include "base/util.h"

#define XML_CONTINUE 2            /* xml_node: the game goes on */

const char *
xml_schema(void)
{
	return xml_schema_text;
}

/* A growing, NUL-terminated text bounded by a maximum. */
struct xml_text {
	char *s;
	size_t len, cap;
};

/* The element whose text is being gathered. */
enum xml_field {
	FIELD_NONE, FIELD_TAG, FIELD_MOVE, FIELD_COMMENT, FIELD_NAG,
	FIELD_RESULT
};

struct reader {
	FILE *in;
	const char *file;
	struct diag *d;
	xmlTextReaderPtr xr;
	xmlRelaxNGPtr schema;
	struct xml_guard guard;
	int ioerr;                /* errno of a failed read, or 0 */
	int reported;             /* a problem was reported: stop */
	int done;                 /* READ_END from now on */
	unsigned long index;      /* games started */
	int ingame;
	struct record *g;
	struct line *stack[XML_DEPTH_MAX + 1];
	unsigned depth;
	size_t elems, bytes;      /* tags and elements of the game, bytes of
				   * their texts: at most PDN_ELEMS_MAX,
				   * PDN_GAME_MAX */
	enum xml_field field;     /* gathering text for this element */
	struct srcloc fieldat;
	int fieldbig;             /* fieldat is to come from its text */
	struct xml_text text;     /* its text */
	struct xml_text attr;     /* its attribute: tag name, move suffix */
	int style;                /* a comment's */
	int inbyte;               /* within <byte> */
	char hex[3];
	size_t hexlen;
};

/* Where a diagnostic at at points: the file, the game being read. */
static const struct diag_where *
xml_where(const struct reader *rd, const struct srcloc *at,
    struct diag_where *w)
{
	memset(w, 0, sizeof(*w));
	w->file = rd->file;
	w->at = at;
	w->game = rd->ingame ? rd->index : 0;
	return w;
}

/* The reading result a diagnostic of status st makes; marks it seen. */
static int
xml_result_of(struct reader *rd, enum status st)
{
	rd->reported = 1;
	return st == STATUS_SYSTEM ? READ_SYSTEM : READ_MALFORMED;
}

/* Reports diagnostic DIAG_ID at at with its arguments; the result. */
#define xml_report(rd, at, id, ...) xml_result_of((rd), diag_report( \
	(rd)->d, id, xml_where((rd), (at), &(struct diag_where){ 0 }), \
	##__VA_ARGS__))

/* libxml2's errors and the schema's, the first one reported. */
static void
xml_on_error(void *arg, xmlErrorPtr err)
{
	struct reader *rd = arg;
	struct srcloc at;
	char msg[256];
	size_t n;

	if (rd->reported || xmlguard_refused(&rd->guard) || rd->ioerr != 0 ||
	    err == NULL || err->level == XML_ERR_WARNING)
		return;
	at.line = err->line > 0 ? (unsigned long)err->line :
	    (unsigned long)xmlTextReaderGetParserLineNumber(rd->xr);
	at.col = err->int2 > 0 && err->domain != XML_FROM_RELAXNGV ?
	    (unsigned long)err->int2 : 0;
	snprintf(msg, sizeof(msg), "%s", err->message != NULL ?
	    err->message : "an error");
	n = strlen(msg);
	while (n > 0 && (msg[n - 1] == '\n' || msg[n - 1] == ' '))
		msg[--n] = '\0';
	xml_report(rd, &at, DIAG_SYNTAX, err->domain == XML_FROM_RELAXNGV ?
	    "a record valid under stackref.rng" : "well-formed XML", msg);
}

/* libxml2's input: the stream, through the guard (xmlguard.h). */
static int
xml_io_read(void *ctx, char *buf, int len)
{
	struct reader *rd = ctx;
	size_t n;

	if (xmlguard_refused(&rd->guard) || len <= 0)
		return -1;
	n = fread(buf, 1, (size_t)len, rd->in);
	if (n == 0 && ferror(rd->in)) {
		rd->ioerr = errno != 0 ? errno : EIO;
		return -1;
	}
	if (xmlguard_scan(&rd->guard, (unsigned char *)buf, n) == -1)
		return -1;
	return (int)n;
}

/* Appends n bytes of s to t, at most max in all. */
static int
xml_text_add(struct reader *rd, struct xml_text *t, const char *s,
    size_t n, size_t max, const char *what)
{
	char *p;
	size_t cap;

	if (n > max || t->len > max - n)
		return xml_report(rd, &rd->fieldat, DIAG_TOO_BIG, what);
	if (t->len + n + 1 > t->cap) {
		cap = t->cap == 0 ? 64 : t->cap;
		while (cap < t->len + n + 1)
			cap *= 2;
		if ((p = realloc(t->s, cap)) == NULL)
			return xml_report(rd, NULL, DIAG_NOMEM);
		t->s = p;
		t->cap = cap;
	}
	memcpy(t->s + t->len, s, n);
	t->len += n;
	t->s[t->len] = '\0';
	return XML_CONTINUE;
}

/* Empties t, keeping it a string (never NULL, even before any text):
 * XML_CONTINUE, or the result of reporting no memory. */
static int
xml_text_reset(struct reader *rd, struct xml_text *t)
{
	t->len = 0;
	if (t->s != NULL) {
		t->s[0] = '\0';
		return XML_CONTINUE;
	}
	return xml_text_add(rd, t, "", 0, 0, "text");
}

/*
 * The line of the current node (libxml2 keeps no column), 0 when not
 * known: an element past line 65534 (only its text knows its line).
 */
static unsigned long
xml_node_line(struct reader *rd)
{
	xmlNodePtr node = xmlTextReaderCurrentNode(rd->xr);
	long line = node != NULL ? xmlGetLineNo(node) : -1;

	return line > 0 && line < 65535 ? (unsigned long)line : 0;
}

/* Where the current node starts, else where the parser is. */
static struct srcloc
xml_here(struct reader *rd)
{
	struct srcloc at = { 0, 0 };

	if ((at.line = xml_node_line(rd)) == 0 &&
	    xmlTextReaderGetParserLineNumber(rd->xr) > 0)
		at.line = (unsigned long)
		    xmlTextReaderGetParserLineNumber(rd->xr);
	return at;
}

/* The limit and the description of the text of each field. */
static size_t
xml_field_max(enum xml_field f, const char **what)
{
	switch (f) {
	case FIELD_MOVE:
		*what = "move text over 4096 bytes";
		return PDN_WORD_MAX;
	case FIELD_NAG:
	case FIELD_RESULT:
		*what = f == FIELD_NAG ? "NAG number" : "result";
		return 16;
	case FIELD_TAG:
		*what = "tag value over 1 MiB";
		return PDN_TEXT_MAX;
	default:
		*what = "comment over 1 MiB";
		return PDN_TEXT_MAX;
	}
}

/* Text within the field being gathered. */
static int
xml_on_text(struct reader *rd)
{
	const char *s = (const char *)xmlTextReaderConstValue(rd->xr);
	const char *what = "text";
	size_t n, max;

	if (rd->field == FIELD_NONE || s == NULL)
		return XML_CONTINUE;
	if (rd->fieldbig && rd->text.len == 0 && !rd->inbyte) {
		xmlNodePtr node = xmlTextReaderCurrentNode(rd->xr);
		long line = node != NULL ? xmlGetLineNo(node) : -1;

		if (line > 0)
			rd->fieldat.line = (unsigned long)line;
		rd->fieldbig = 0;
	}
	n = strlen(s);
	if (rd->inbyte) {
		if (rd->hexlen + n > 2)
			return xml_report(rd, &rd->fieldat, DIAG_SYNTAX,
			    "two hexadecimal digits in <byte>", s);
		memcpy(rd->hex + rd->hexlen, s, n);
		rd->hexlen += n;
		rd->hex[rd->hexlen] = '\0';
		return XML_CONTINUE;
	}
	max = xml_field_max(rd->field, &what);
	return xml_text_add(rd, &rd->text, s, n, max, what);
}

/* The end of a <byte>: its byte joins the text. */
static int
xml_end_byte(struct reader *rd)
{
	const char *what = "text";
	char *end;
	unsigned long v;
	char c;

	rd->inbyte = 0;
	v = strtoul(rd->hex, &end, 16);
	if (rd->hexlen != 2 || *end != '\0' || v == 0)
		return xml_report(rd, &rd->fieldat, DIAG_SYNTAX,
		    "two hexadecimal digits in <byte>", rd->hex);
	c = (char)v;
	return xml_text_add(rd, &rd->text, &c, 1,
	    xml_field_max(rd->field, &what), what);
}

/* Copies attribute name of the current element into rd->attr (empty
 * when absent), at most max bytes. */
static int
xml_get_attr(struct reader *rd, const char *name, size_t max,
    const char *what)
{
	xmlChar *v = xmlTextReaderGetAttribute(rd->xr, (const xmlChar *)name);
	int rc;

	rc = xml_text_reset(rd, &rd->attr);
	if (v != NULL && rc == XML_CONTINUE)
		rc = xml_text_add(rd, &rd->attr, (const char *)v,
		    strlen((const char *)v), max, what);
	xmlFree(v);
	return rc;
}

/* The start of an element gathering text: its text and attribute
 * start empty, never NULL, whatever element comes first (an empty
 * <tag/> may). */
static int
xml_start_field(struct reader *rd, enum xml_field f)
{
	int rc;

	rd->field = f;
	rd->fieldat = xml_here(rd);
	rd->fieldbig = xml_node_line(rd) == 0;
	rd->style = COMMENT_BRACE;
	if ((rc = xml_text_reset(rd, &rd->text)) != XML_CONTINUE ||
	    (rc = xml_text_reset(rd, &rd->attr)) != XML_CONTINUE)
		return rc;
	if (f == FIELD_TAG)
		return xml_get_attr(rd, "name", PDN_NAME_MAX,
		    "tag name over 256 bytes");
	if (f == FIELD_MOVE)
		return xml_get_attr(rd, "suffix", PDN_WORD_MAX,
		    "move text over 4096 bytes");
	if (f != FIELD_COMMENT)
		return XML_CONTINUE;
	if ((rc = xml_get_attr(rd, "style", 16, "comment style")) !=
	    XML_CONTINUE)
		return rc;
	if (strcmp(rd->attr.s, "line") == 0)
		rd->style = COMMENT_LINE;
	return xml_text_reset(rd, &rd->attr);	/* not part of the text */
}

static int
xml_nomem(struct reader *rd)
{
	return xml_report(rd, NULL, DIAG_NOMEM);
}

/* Counts one more tag or element of n text bytes in the game at at:
 * XML_CONTINUE, or READ_MALFORMED after reporting that it passes
 * PDN_ELEMS_MAX or PDN_GAME_MAX. */
static int
xml_count(struct reader *rd, const struct srcloc *at, size_t n)
{
	if (rd->elems >= PDN_ELEMS_MAX)
		return xml_report(rd, at, DIAG_TOO_BIG,
		    "game over 2097152 tags and movetext elements");
	if (n > PDN_GAME_MAX - rd->bytes)
		return xml_report(rd, at, DIAG_TOO_BIG,
		    "game over 64 MiB of text");
	rd->elems++;
	rd->bytes += n;
	return XML_CONTINUE;
}

static struct line *
xml_top(struct reader *rd)
{
	return rd->stack[rd->depth];
}

static int
xml_end_move(struct reader *rd)
{
	struct elem *e;

	if (rd->text.len == 0)
		return xml_report(rd, &rd->fieldat, DIAG_SYNTAX, "a move text",
		    "an empty <move>");
	if ((e = line_push(xml_top(rd), ELEM_MOVE, &rd->fieldat)) == NULL ||
	    elem_set_text(e, rd->text.s, rd->text.len) == -1 ||
	    (rd->attr.len > 0 &&
	    elem_set_suffix(e, rd->attr.s, rd->attr.len) == -1))
		return xml_nomem(rd);
	return XML_CONTINUE;
}

static int
xml_end_nag(struct reader *rd)
{
	struct elem *e;
	unsigned long v;
	char *s = rd->text.s;
	size_t n;

	s += strspn(s, " \t\r\n");
	n = strcspn(s, " \t\r\n");
	s[n] = '\0';
	if (util_parse_ulong(s, 0, 65535, &v) == -1)
		return xml_report(rd, &rd->fieldat, DIAG_SYNTAX,
		    "a number from 0 to 65535 in <nag>", s);
	if ((e = line_push(xml_top(rd), ELEM_NAG, &rd->fieldat)) == NULL)
		return xml_nomem(rd);
	e->nag = (unsigned)v;
	return XML_CONTINUE;
}

/* The end of the element gathering text: it joins the record. */
static int
xml_end_field(struct reader *rd)
{
	enum xml_field f = rd->field;
	struct elem *e;

	rd->field = FIELD_NONE;
	if (f != FIELD_NONE && f != FIELD_RESULT && xml_count(rd,
	    &rd->fieldat, rd->attr.len + rd->text.len) != XML_CONTINUE)
		return READ_MALFORMED;
	switch (f) {
	case FIELD_TAG:
		return record_tag_add(rd->g, rd->attr.s, rd->text.s,
		    &rd->fieldat) == -1 ? xml_nomem(rd) : XML_CONTINUE;
	case FIELD_MOVE:
		return xml_end_move(rd);
	case FIELD_COMMENT:
		if ((e = line_push(xml_top(rd), ELEM_COMMENT,
		    &rd->fieldat)) == NULL ||
		    elem_set_text(e, rd->text.s, rd->text.len) == -1)
			return xml_nomem(rd);
		e->style = rd->style;
		return XML_CONTINUE;
	case FIELD_NAG:
		return xml_end_nag(rd);
	case FIELD_RESULT:
		rd->g->result_at = rd->fieldat;
		return record_set_result(rd->g, rd->text.s) == -1 ?
		    xml_nomem(rd) : XML_CONTINUE;
	default:
		return XML_CONTINUE;
	}
}

static int
xml_start_variation(struct reader *rd)
{
	struct srcloc at = xml_here(rd);
	struct elem *e;
	char what[64];

	if (rd->depth >= XML_DEPTH_MAX) {
		snprintf(what, sizeof(what), "variations nested over %d deep",
		    XML_DEPTH_MAX);
		return xml_report(rd, &at, DIAG_TOO_BIG, what);
	}
	if (xml_count(rd, &at, 0) != XML_CONTINUE)
		return READ_MALFORMED;
	if ((e = line_push(xml_top(rd), ELEM_VARIATION, &at)) == NULL ||
	    (e->var = calloc(1, sizeof(*e->var))) == NULL)
		return xml_nomem(rd);
	rd->stack[++rd->depth] = e->var;
	return XML_CONTINUE;
}

/* Pushes an element kind of text at at. */
static int
xml_push_text(struct reader *rd, const struct srcloc *at,
    enum elem_kind kind, const char *text)
{
	struct elem *e;
	int rc;

	if ((rc = xml_count(rd, at, 0)) != XML_CONTINUE)
		return rc;
	if ((e = line_push(xml_top(rd), kind, at)) == NULL ||
	    elem_set_text(e, text, strlen(text)) == -1)
		return xml_nomem(rd);
	return XML_CONTINUE;
}

/* <action type="T" side="S"/>: the text "T S"; with days="N" (leave),
 * "T S N". */
static int
xml_on_action(struct reader *rd)
{
	struct srcloc at = xml_here(rd);
	xmlChar *type, *side, *days;
	char text[160];
	int rc;

	type = xmlTextReaderGetAttribute(rd->xr, (const xmlChar *)"type");
	side = xmlTextReaderGetAttribute(rd->xr, (const xmlChar *)"side");
	days = xmlTextReaderGetAttribute(rd->xr, (const xmlChar *)"days");
	if (type == NULL || side == NULL ||
	    strlen((char *)type) > 80 || strlen((char *)side) > 64 ||
	    (days != NULL && strlen((char *)days) > 4))
		rc = xml_report(rd, &at, DIAG_SYNTAX,
		    "an action with a type and a side", "<action>");
	else {
		snprintf(text, sizeof(text), "%.80s %.64s%s%.4s", type, side,
		    days != NULL ? " " : "", days != NULL ? (char *)days : "");
		rc = xml_push_text(rd, &at, ELEM_ACTION, text);
	}
	xmlFree(type);
	xmlFree(side);
	xmlFree(days);
	return rc;
}

/* <stamp time="T"/>: a time stamp. */
static int
xml_on_stamp(struct reader *rd)
{
	struct srcloc at = xml_here(rd);
	xmlChar *when;
	long long t;
	int rc;

	when = xmlTextReaderGetAttribute(rd->xr, (const xmlChar *)"time");
	if (when == NULL || timeutc_parse((char *)when, &t) == -1)
		rc = xml_report(rd, &at, DIAG_SYNTAX,
		    "a stamp with a time as 2026-11-24T20:57:07Z", "<stamp>");
	else
		rc = xml_push_text(rd, &at, ELEM_STAMP, (char *)when);
	xmlFree(when);
	return rc;
}

static int
xml_start_game(struct reader *rd)
{
	rd->index++;
	rd->ingame = 1;
	rd->depth = 0;
	rd->elems = rd->bytes = 0;
	rd->stack[0] = &rd->g->main;
	rd->g->at = xml_here(rd);
	return XML_CONTINUE;
}

/* An element starts; empty tells it ends at once. */
static int
xml_on_start(struct reader *rd, const char *name)
{
	static const struct {
		const char *name;
		enum xml_field field;
	} fields[] = {
		{ "tag", FIELD_TAG }, { "move", FIELD_MOVE },
		{ "comment", FIELD_COMMENT }, { "nag", FIELD_NAG },
		{ "result", FIELD_RESULT }, { NULL, FIELD_NONE }
	};
	size_t i;

	if (strcmp(name, "byte") == 0 && rd->field != FIELD_NONE) {
		rd->inbyte = 1;
		rd->hexlen = 0;
		rd->hex[0] = '\0';
		return XML_CONTINUE;
	}
	for (i = 0; fields[i].name != NULL; i++)
		if (strcmp(name, fields[i].name) == 0)
			return xml_start_field(rd, fields[i].field);
	if (strcmp(name, "game") == 0)
		return xml_start_game(rd);
	if (strcmp(name, "variation") == 0)
		return xml_start_variation(rd);
	if (strcmp(name, "action") == 0)
		return xml_on_action(rd);
	if (strcmp(name, "stamp") == 0)
		return xml_on_stamp(rd);
	return XML_CONTINUE;
}

/* An element ends. */
static int
xml_on_end(struct reader *rd, const char *name)
{
	if (rd->inbyte)
		return xml_end_byte(rd);
	if (rd->field != FIELD_NONE)
		return xml_end_field(rd);
	if (strcmp(name, "variation") == 0 && rd->depth > 0) {
		rd->depth--;
		return XML_CONTINUE;
	}
	if (strcmp(name, "game") == 0) {
		rd->ingame = 0;
		return READ_GAME;
	}
	return XML_CONTINUE;
}

/* Handles the node the reader is on. */
static int
xml_node(struct reader *rd)
{
	const char *name;
	int rc, type = xmlTextReaderNodeType(rd->xr);

	name = (const char *)xmlTextReaderConstLocalName(rd->xr);
	switch (type) {
	case XML_READER_TYPE_ELEMENT:
		rc = xml_on_start(rd, name != NULL ? name : "");
		if (rc == XML_CONTINUE && xmlTextReaderIsEmptyElement(rd->xr))
			rc = xml_on_end(rd, name != NULL ? name : "");
		return rc;
	case XML_READER_TYPE_END_ELEMENT:
		return xml_on_end(rd, name != NULL ? name : "");
	case XML_READER_TYPE_TEXT:
	case XML_READER_TYPE_CDATA:
	case XML_READER_TYPE_WHITESPACE:
	case XML_READER_TYPE_SIGNIFICANT_WHITESPACE:
		return xml_on_text(rd);
	default:
		return XML_CONTINUE;
	}
}

/* Reports why the parser stopped, when nothing has said so yet. */
static enum read_result
xml_stopped(struct reader *rd)
{
	rd->done = 1;
	if (rd->reported)
		return READ_MALFORMED;
	if (rd->guard.toobig != NULL)
		return xml_report(rd, &rd->guard.bad, DIAG_TOO_BIG,
		    rd->guard.toobig);
	if (rd->guard.expected != NULL)
		return xml_report(rd, &rd->guard.bad, DIAG_SYNTAX,
		    rd->guard.expected, rd->guard.read);
	if (rd->ioerr != 0)
		return xml_report(rd, NULL, DIAG_READ, strerror(rd->ioerr));
	return xml_report(rd, NULL, DIAG_SYNTAX, "well-formed XML",
	    "a document libxml2 cannot read");
}

static enum read_result
xml_next(struct reader *rd, struct record *g, unsigned long *index)
{
	int rc = XML_CONTINUE;

	record_free(g);
	record_init(g);
	rd->g = g;
	if (rd->xr == NULL && !rd->reported)
		return xml_stopped(rd);
	while (rc == XML_CONTINUE && !rd->done) {
		rc = xmlTextReaderRead(rd->xr);
		if (rd->reported || xmlguard_refused(&rd->guard) ||
		    rd->ioerr != 0 || rc < 0)
			rc = xml_stopped(rd);
		else if (rc == 0) {
			rd->done = 1;
			rc = READ_END;
		} else
			rc = xml_node(rd);
		if (rc == READ_MALFORMED || rc == READ_SYSTEM)
			rd->done = 1;
	}
	if (rc == XML_CONTINUE)
		rc = READ_END;
	if (index != NULL)
		*index = rd->index;
	return (enum read_result)rc;
}

/* The embedded schema, compiled; NULL if it does not compile. */
static xmlRelaxNGPtr
xml_compile_schema(void)
{
	xmlRelaxNGParserCtxtPtr pc;
	xmlRelaxNGPtr schema;

	pc = xmlRelaxNGNewMemParserCtxt(xml_schema_text,
	    (int)strlen(xml_schema_text));
	if (pc == NULL)
		return NULL;
	xmlRelaxNGSetParserStructuredErrors(pc, NULL, NULL);
	schema = xmlRelaxNGParse(pc);
	xmlRelaxNGFreeParserCtxt(pc);
	return schema;
}

static void
xml_close(struct reader *rd)
{
	if (rd == NULL)
		return;
	if (rd->xr != NULL)
		xmlFreeTextReader(rd->xr);
	if (rd->schema != NULL)
		xmlRelaxNGFree(rd->schema);
	free(rd->text.s);
	free(rd->attr.s);
	free(rd);
}

/* The parser's options: what makes untrusted input safe. */
#define XML_OPTIONS (XML_PARSE_NONET | XML_PARSE_NOERROR | \
	XML_PARSE_NOWARNING | XML_PARSE_IGNORE_ENC | XML_PARSE_BIG_LINES | \
	XML_PARSE_NOCDATA)

static struct reader *
xml_open(FILE *in, const char *file, struct diag *d)
{
	struct reader *rd;

	if ((rd = calloc(1, sizeof(*rd))) == NULL)
		return NULL;
	rd->in = in;
	rd->file = file;
	rd->d = d;
	xmlguard_init(&rd->guard);
	if ((rd->schema = xml_compile_schema()) == NULL) {
		xml_close(rd);
		return NULL;
	}
	rd->xr = xmlReaderForIO(xml_io_read, NULL, rd, NULL, "UTF-8",
	    XML_OPTIONS);
	if (rd->xr == NULL) {
		/* a refusal or a read error at the first bytes */
		rd->done = xmlguard_refused(&rd->guard) || rd->ioerr != 0;
		if (!rd->done) {
			xml_close(rd);
			return NULL;
		}
		return rd;
	}
	xmlTextReaderSetStructuredErrorHandler(rd->xr, xml_on_error, rd);
	if (xmlTextReaderRelaxNGSetSchema(rd->xr, rd->schema) == -1) {
		xml_close(rd);
		return NULL;
	}
	return rd;
}

/* The table stackref-xml.so exports (xml.h): the reader alone. */
MODULE_EXPORT const struct notation stackref_xml = {
	.name = "xml",
	.open = xml_open,
	.next = xml_next,
	.close = xml_close,
};
