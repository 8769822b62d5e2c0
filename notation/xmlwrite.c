/*
 * xmlwrite.c - the XML notation of game records (stackref-xml(5)) in the
 * notation table: a canonical writer, and the reader of stackref-xml.so
 * (xml.c, libxml2), called through the table it exports (xml.h), so that
 * only reading XML loads libxml2.
 *
 * Bytes XML cannot hold (control characters, invalid UTF-8) are written
 * as <byte>HH</byte> elements inside the text, so every record written
 * reads back identical.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "base/timeutc.h"
#include "base/util.h"
#include "notation/pdn.h"
#include "notation/xml.h"

#define XML_NS "urn:stackref:record:1"

/* Length of the valid UTF-8 character XML can hold at s, or 0. */
static size_t
xml_char_len(const unsigned char *s)
{
	unsigned long c;
	size_t n;

	if (s[0] < 0x80)
		return s[0] >= 0x20 || s[0] == '\t' || s[0] == '\n' ||
		    s[0] == '\r';
	if ((n = util_utf8_len(s, &c)) == 0 || c == 0xfffe || c == 0xffff)
		return 0;
	return n;
}

/* Writes s as element content: markup escaped, CR as a reference so no
 * parser folds it, bytes XML cannot hold as <byte> elements. */
static void
xml_put_text(FILE *out, const char *text)
{
	const unsigned char *s = (const unsigned char *)text;
	size_t n;

	while (*s != '\0') {
		if ((n = xml_char_len(s)) == 0) {
			fprintf(out, "<byte>%02x</byte>", *s++);
			continue;
		}
		if (*s == '<')
			fputs("&lt;", out);
		else if (*s == '>')
			fputs("&gt;", out);
		else if (*s == '&')
			fputs("&amp;", out);
		else if (*s == '\r')
			fputs("&#13;", out);
		else
			fwrite(s, 1, n, out);
		s += n;
	}
}

#define XML_NAME_SET "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz" \
	"0123456789_"

static void
xml_indent(FILE *out, unsigned depth)
{
	fprintf(out, "%*s", (int)(2 * depth), "");
}

/* The actions, as the schema lists them (leave apart: it has days). */
static int
xml_action_type_ok(const char *s, size_t n)
{
	static const char *const types[] = { "resign", "offer-draw",
	    "accept-draw", "decline-draw", "request-undo", "accept-undo",
	    "decline-undo", "claim-time", NULL };
	size_t i;

	for (i = 0; types[i] != NULL; i++)
		if (strlen(types[i]) == n && strncmp(types[i], s, n) == 0)
			return 1;
	return 0;
}

/* <action type="leave" side="SIDE" days="N"/> from "leave SIDE N". */
static int
xml_write_leave(FILE *out, const char *text)
{
	char side[80], days[8];

	if (sscanf(text, "leave %64s %4s", side, days) != 2 ||
	    !util_word(side, XML_NAME_SET "-", 64) ||
	    !util_word(days, "0123456789", 4)) {
		errno = EINVAL;
		return -1;
	}
	fprintf(out, "<action type=\"leave\" side=\"%s\" days=\"%s\"/>\n",
	    side, days);
	return 0;
}

/* <action type="TYPE" side="SIDE"/> from the text "TYPE SIDE". */
static int
xml_write_action(FILE *out, const char *text)
{
	const char *sp = text != NULL ? strchr(text, ' ') : NULL;

	if (sp != NULL && strncmp(text, "leave ", 6) == 0)
		return xml_write_leave(out, text);
	if (sp == NULL || !xml_action_type_ok(text, (size_t)(sp - text)) ||
	    !util_word(sp + 1, XML_NAME_SET "-", 64)) {
		errno = EINVAL;
		return -1;
	}
	fprintf(out, "<action type=\"%.*s\" side=\"%s\"/>\n",
	    (int)(sp - text), text, sp + 1);
	return 0;
}

/* <stamp time="2026-11-24T20:57:07Z"/>. */
static int
xml_write_stamp(FILE *out, const char *text)
{
	long long t;

	if (text == NULL || timeutc_parse(text, &t) == -1) {
		errno = EINVAL;
		return -1;
	}
	fprintf(out, "<stamp time=\"%s\"/>\n", text);
	return 0;
}

static int
xml_write_move(FILE *out, const struct elem *e)
{
	if (e->suffix != NULL) {
		if (!util_word(e->suffix, "!?", PDN_WORD_MAX)) {
			errno = EINVAL;
			return -1;
		}
		fprintf(out, "<move suffix=\"%s\">", e->suffix);
	} else
		fputs("<move>", out);
	xml_put_text(out, e->text != NULL ? e->text : "");
	fputs("</move>\n", out);
	return 0;
}

static void
xml_write_comment(FILE *out, const struct elem *e)
{
	fputs(e->style == COMMENT_LINE ? "<comment style=\"line\">" :
	    "<comment>", out);
	xml_put_text(out, e->text != NULL ? e->text : "");
	fputs("</comment>\n", out);
}

static int xml_write_line(FILE *, const struct line *, unsigned);

/* Writes element e of a line at indentation depth. */
static int
xml_write_elem(FILE *out, const struct elem *e, unsigned depth)
{
	xml_indent(out, depth);
	switch (e->kind) {
	case ELEM_MOVE:
		return xml_write_move(out, e);
	case ELEM_COMMENT:
		xml_write_comment(out, e);
		return 0;
	case ELEM_NAG:
		fprintf(out, "<nag>%u</nag>\n", e->nag);
		return 0;
	case ELEM_VARIATION:
		if (e->var == NULL || e->var->n == 0) {
			fputs("<variation/>\n", out);
			return 0;
		}
		fputs("<variation>\n", out);
		if (xml_write_line(out, e->var, depth + 1) == -1)
			return -1;
		xml_indent(out, depth);
		fputs("</variation>\n", out);
		return 0;
	case ELEM_ACTION:
		return xml_write_action(out, e->text);
	case ELEM_STAMP:
		return xml_write_stamp(out, e->text);
	}
	errno = EINVAL;
	return -1;
}

/* Writes the elements of l at indentation depth (2: the main line). */
static int
xml_write_line(FILE *out, const struct line *l, unsigned depth)
{
	size_t i;

	if (depth - 2 > XML_DEPTH_MAX) {
		errno = EOVERFLOW;
		return -1;
	}
	for (i = 0; i < l->n; i++)
		if (xml_write_elem(out, &l->elems[i], depth) == -1)
			return -1;
	return 0;
}

static int
xml_write_tags(FILE *out, const struct record *g)
{
	size_t i;

	for (i = 0; i < g->ntags; i++) {
		if (!util_word(g->tags[i].name, XML_NAME_SET,
		    PDN_NAME_MAX)) {
			errno = EINVAL;
			return -1;
		}
		fprintf(out, "    <tag name=\"%s\">", g->tags[i].name);
		xml_put_text(out, g->tags[i].value);
		fputs("</tag>\n", out);
	}
	return 0;
}

static int
xml_write(FILE *out, const struct record *g)
{

	fputs("  <game>\n", out);
	if (xml_write_tags(out, g) == -1 ||
	    xml_write_line(out, &g->main, 2) == -1)
		return -1;
	fprintf(out, "    <result>%s</result>\n  </game>\n",
	    notation_result_written(g));
	return ferror(out) ? -1 : 0;
}

static int
xml_begin(FILE *out)
{
	fputs("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
	    "<stackref xmlns=\"" XML_NS "\" version=\"1\">\n", out);
	return ferror(out) ? -1 : 0;
}

static int
xml_end(FILE *out)
{
	fputs("</stackref>\n", out);
	return ferror(out) ? -1 : 0;
}

static struct reader *
xml_open(FILE *in, const char *file, struct diag *d)
{
	return XML_MODULE->open(in, file, d);
}

static enum read_result
xml_next(struct reader *rd, struct record *g, unsigned long *index)
{
	return XML_MODULE->next(rd, g, index);
}

static void
xml_close(struct reader *rd)
{
	XML_MODULE->close(rd);
}

const struct notation notation_xml = {
	.name = "xml",
	.open = xml_open, .next = xml_next, .close = xml_close,
	.write = xml_write, .begin = xml_begin, .end = xml_end,
};
