/* test_xml.c - the XML notation (notation/xml.c) and how notation_open
 * finds an input's notation (notation/notation.c): every element written
 * and read back the same, bytes XML cannot hold, the limits, the refusal
 * of DTDs, schema errors with their line, and detection on files and
 * pipes.
 *
 * Also a small converter for tests/xml.sh while `stackref convert --to
 * xml` is not there:  test_xml --convert pdn|xml FILE  reads FILE in
 * whatever notation and writes every game, not replayed, to stdout. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <errno.h>
#include <unistd.h>
#include <cmocka.h>

#include "notation/pdn.h"
#include "notation/xml.h"

/* A reading session; diagnostics go to a buffer. */
struct session {
	FILE *in, *err;
	char *errbuf;
	size_t errlen;
	struct diag d;
	const struct notation *nt;
	struct reader *rd;
	struct record g;
	unsigned long index;
};

static void
open_stream(struct session *s, FILE *in, const char *name)
{
	memset(s, 0, sizeof(*s));
	s->in = in;
	assert_non_null(s->in);
	s->err = open_memstream(&s->errbuf, &s->errlen);
	assert_non_null(s->err);
	diag_init(&s->d, "stackref", s->err);
	s->rd = notation_open(s->in, name, &s->d, &s->nt);
	assert_non_null(s->rd);
	record_init(&s->g);
}

static void
open_text(struct session *s, const char *text)
{
	open_stream(s, fmemopen((void *)(uintptr_t)text, strlen(text), "r"),
	    "t.xml");
}

static enum read_result
next(struct session *s)
{
	enum read_result rr = s->nt->next(s->rd, &s->g, &s->index);

	fflush(s->err);
	return rr;
}

static void
close_session(struct session *s)
{
	s->nt->close(s->rd);
	record_free(&s->g);
	fclose(s->in);
	fclose(s->err);
	free(s->errbuf);
}

/* g written as a whole XML stream. */
static char *
write_xml(const struct record *g)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	assert_non_null(f);
	assert_int_equal(notation_write_record(&notation_xml, f, g), 0);
	fclose(f);
	return buf;
}

static struct elem *
push(struct line *l, enum elem_kind kind, const char *text)
{
	struct elem *e = line_push(l, kind, NULL);

	assert_non_null(e);
	if (text != NULL)
		assert_int_equal(elem_set_text(e, text, strlen(text)), 0);
	return e;
}

/* A record holding every kind of element and awkward bytes. */
static void
make_record(struct record *g)
{
	struct elem *e;

	record_init(g);
	assert_int_equal(record_tag_add(g, "Event", "a <b> & \"c\"", NULL), 0);
	assert_int_equal(record_tag_add(g, "Event", "twice\r\n", NULL), 0);
	assert_int_equal(record_tag_add(g, "Site", "caf\xe9 \x01 \xc3\xa9", NULL),
	    0);
	e = push(&g->main, ELEM_MOVE, "11-15");
	assert_int_equal(elem_set_suffix(e, "?!", 2), 0);
	e = push(&g->main, ELEM_COMMENT, "  two\n  lines\t]]> ");
	push(&g->main, ELEM_NAG, NULL)->nag = 65535;
	e = push(&g->main, ELEM_VARIATION, NULL);
	assert_non_null(e->var = calloc(1, sizeof(*e->var)));
	push(e->var, ELEM_MOVE, "22-18");
	push(e->var, ELEM_COMMENT, " line comment")->style = COMMENT_LINE;
	push(e->var, ELEM_COMMENT, "");
	e = push(e->var, ELEM_VARIATION, NULL);
	assert_non_null(e->var = calloc(1, sizeof(*e->var)));
	push(&g->main, ELEM_ACTION, "offer-draw white");
	push(&g->main, ELEM_MOVE, "\xff\xfe\x7f");
	assert_int_equal(record_set_result(g, "1/2-1/2"), 0);
}

static void
assert_line_equal(const struct line *a, const struct line *b)
{
	size_t i;

	assert_int_equal(a->n, b->n);
	for (i = 0; i < a->n; i++) {
		const struct elem *x = &a->elems[i], *y = &b->elems[i];

		assert_int_equal(x->kind, y->kind);
		if (x->kind == ELEM_VARIATION) {
			assert_line_equal(x->var, y->var);
			continue;
		}
		if (x->text != NULL || y->text != NULL)
			assert_string_equal(x->text, y->text);
		if (x->suffix != NULL || y->suffix != NULL)
			assert_string_equal(x->suffix, y->suffix);
		assert_int_equal(x->nag, y->nag);
		if (x->kind == ELEM_COMMENT)
			assert_int_equal(x->style, y->style);
	}
}

/* Everything written reads back the same, and writes the same again. */
static void
test_round_trip(void **state)
{
	struct record g;
	struct session s;
	char *a, *b;
	size_t i;

	(void)state;
	make_record(&g);
	a = write_xml(&g);
	assert_non_null(strstr(a, "caf<byte>e9</byte> <byte>01</byte> "
	    "\xc3\xa9"));
	assert_non_null(strstr(a, "twice&#13;\n</tag>"));
	open_text(&s, a);
	assert_ptr_equal(s.nt, &notation_xml);
	assert_int_equal(next(&s), READ_GAME);
	assert_int_equal(s.d.count, 0);
	assert_int_equal(s.g.ntags, g.ntags);
	for (i = 0; i < g.ntags; i++) {
		assert_string_equal(s.g.tags[i].name, g.tags[i].name);
		assert_string_equal(s.g.tags[i].value, g.tags[i].value);
	}
	assert_line_equal(&s.g.main, &g.main);
	assert_string_equal(s.g.result, "1/2-1/2");
	assert_int_equal(s.g.main.elems[0].at.line, 8);
	b = write_xml(&s.g);
	assert_string_equal(a, b);
	assert_int_equal(next(&s), READ_END);
	close_session(&s);
	free(a);
	free(b);
	record_free(&g);
}

/* Many games in one stream, read one at a time. */
static void
test_stream(void **state)
{
	const char *text = "<?xml version='1.0'?>\n"
	    "<stackref xmlns='urn:stackref:record:1' version='1'>\n"
	    "<game><move>11-15</move><result>1-0</result></game>\n"
	    "<!-- a comment --><?pi x?>\n"
	    "<game><result>*</result></game>\n"
	    "</stackref>\n";
	struct session s;

	(void)state;
	open_text(&s, text);
	assert_int_equal(next(&s), READ_GAME);
	assert_int_equal(s.index, 1);
	assert_string_equal(s.g.main.elems[0].text, "11-15");
	assert_int_equal(next(&s), READ_GAME);
	assert_int_equal(s.index, 2);
	assert_int_equal(s.g.main.n, 0);
	assert_int_equal(next(&s), READ_END);
	assert_int_equal(next(&s), READ_END);
	close_session(&s);
	(void)state;
}

/* Reads text, which must be refused with exactly message err. */
static void
refused(const char *text, const char *err)
{
	struct session s;

	open_text(&s, text);
	assert_int_equal(next(&s), READ_MALFORMED);
	assert_string_equal(s.errbuf, err);
	assert_int_equal(s.d.status, STATUS_MALFORMED);
	assert_int_equal(next(&s), READ_END);
	close_session(&s);
}

#define ROOT "<stackref xmlns='urn:stackref:record:1' version='1'>"

static void
test_refused(void **state)
{
	(void)state;
	refused("<?xml version='1.0'?>\n<!DOCTYPE x [<!ENTITY a 'b'>]>\n"
	    ROOT "</stackref>\n", "stackref: t.xml:2:1: expected a document "
	    "with no DOCTYPE or other declaration, read '<!D...'\n");
	refused("<!-- ok --><!ELEMENT x ANY>",
	    "stackref: t.xml:1:12: expected a document with no DOCTYPE or "
	    "other declaration, read '<!E...'\n");
	refused("<!-- fine -->\n  x", "stackref: t.xml:2:3: expected '<', "
	    "read 'x'\n");
	refused(ROOT "\n<game>\n<nag>x</nag><result>*</result></game>"
	    "</stackref>", "stackref: t.xml:3: game 1: expected a record "
	    "valid under stackref.rng, read Type unsignedShort doesn't allow "
	    "value 'x'\n");
	refused(ROOT "\n<game>\n<move></move><result>*</result></game>"
	    "</stackref>", "stackref: t.xml:3: game 1: expected a move "
	    "text, read an empty <move>\n");
	refused(ROOT "\n<game><result>*</result>\n</gam></stackref>",
	    "stackref: t.xml:3:7: expected well-formed XML, read Opening "
	    "and ending tag mismatch: game line 2 and gam\n");
	refused(ROOT "<game><tag name='A'>&x;</tag></game></stackref>",
	    "stackref: t.xml:1:76: expected well-formed XML, read Entity "
	    "'x' not defined\n");
}

/* Reads text, whose one game must read with its first element's
 * text empty (it once crashed the reader): the first tag (where 0),
 * the first element of the main line (1) or of its first variation
 * (2) is then an empty string. */
static void
empty_first(const char *text, int where)
{
	struct session s;
	const struct line *l;

	open_text(&s, text);
	assert_int_equal(next(&s), READ_GAME);
	assert_int_equal(s.d.count, 0);
	l = where == 2 ? s.g.main.elems[0].var : &s.g.main;
	if (where == 0)
		assert_string_equal(s.g.tags[0].value, "");
	else
		assert_string_equal(l->elems[0].text, "");
	assert_int_equal(next(&s), READ_END);
	close_session(&s);
}

/* Every element with text may come first and empty, in either form:
 * a tag, a comment of either style; an empty <move>, <nag> or
 * <result> is refused, not read. */
static void
test_empty_first(void **state)
{
	(void)state;
	empty_first(ROOT "<game><tag name='Event'></tag><result>*</result>"
	    "</game></stackref>", 0);
	empty_first(ROOT "<game><tag name='Event'/><result>*</result>"
	    "</game></stackref>", 0);
	empty_first(ROOT "<game><comment/><result>*</result></game>"
	    "</stackref>", 1);
	empty_first(ROOT "<game><comment style='line'></comment>"
	    "<result>*</result></game></stackref>", 1);
	empty_first(ROOT "<game><variation><comment/></variation>"
	    "<result>*</result></game></stackref>", 2);
	refused(ROOT "\n<game>\n<move/><result>*</result></game>"
	    "</stackref>", "stackref: t.xml:3: game 1: expected a move "
	    "text, read an empty <move>\n");
	refused(ROOT "\n<game>\n<nag/><result>*</result></game>"
	    "</stackref>", "stackref: t.xml:3: game 1: expected a record "
	    "valid under stackref.rng, read Type unsignedShort doesn't allow "
	    "value ''\n");
	refused(ROOT "\n<game>\n<result/></game></stackref>",
	    "stackref: t.xml:3: game 1: expected a record valid under "
	    "stackref.rng, read Error validating value\n");
}

/* A text of n bytes of c inside pre and post. */
static char *
big_text(const char *pre, size_t n, int c, const char *post)
{
	size_t a = strlen(pre), b = strlen(post);
	char *s = malloc(a + n + b + 1);

	assert_non_null(s);
	memcpy(s, pre, a);
	memset(s + a, c, n);
	memcpy(s + a + n, post, b + 1);
	return s;
}

static void
test_limits(void **state)
{
	char *s;

	(void)state;
	s = big_text(ROOT "<game><comment>", PDN_TEXT_MAX + 1, 'a',
	    "</comment><result>*</result></game></stackref>");
	refused(s, "stackref: t.xml:1: game 1: too big: comment over 1 MiB\n");
	free(s);
	s = big_text(ROOT "<game><move>", PDN_WORD_MAX + 1, '1',
	    "</move><result>*</result></game></stackref>");
	refused(s, "stackref: t.xml:1: game 1: too big: move text over "
	    "4096 bytes\n");
	free(s);
}

/* The text ROOT "<game>" pre [n times rep] post "<result>*</result>
 * </game></stackref>", allocated. */
static char *
repeat_doc(const char *pre, const char *rep, size_t n, const char *post)
{
	const char *end = "<result>*</result></game></stackref>";
	size_t len = strlen(ROOT) + 6 + strlen(pre) + n * strlen(rep) +
	    strlen(post) + strlen(end) + 1;
	char *s = malloc(len), *at;
	size_t i;

	assert_non_null(s);
	at = s + snprintf(s, len, "%s<game>%s", ROOT, pre);
	for (i = 0; i < n; i++)
		at = stpcpy(at, rep);
	stpcpy(stpcpy(at, post), end);
	return s;
}

/* Reads text, which must read as one game without a problem. */
static void
read_ok(const char *text)
{
	struct session s;

	open_text(&s, text);
	assert_int_equal(next(&s), READ_GAME);
	assert_string_equal(s.errbuf != NULL ? s.errbuf : "", "");
	assert_int_equal(next(&s), READ_END);
	close_session(&s);
}

/* The guard's bounds (xmlguard.h), each at its limit and one past it;
 * what looks like markup in comments, CDATA and values is not
 * counted. */
static void
test_guard(void **state)
{
	char *s;

	(void)state;
	read_ok(ROOT "<game><tag name='A' xmlns:a='u' xmlns:b='u' "
	    "xmlns:c='u' xmlns:d='u' xmlns:e='u' xmlns:f='u' xmlns:g='u'>x"
	    "</tag><result>*</result></game></stackref>");
	refused(ROOT "<game><tag name='A' xmlns:a='u' xmlns:b='u' "
	    "xmlns:c='u' xmlns:d='u' xmlns:e='u' xmlns:f='u' xmlns:g='u' "
	    "xmlns:h='u'>x</tag><result>*</result></game></stackref>",
	    "stackref: t.xml:1:59: too big: an element with over 8 "
	    "attributes\n");
	s = repeat_doc("<tag name='A' xmlns:", "p", 58, "='u'>x</tag>");
	read_ok(s);
	free(s);
	s = repeat_doc("<tag name='A' xmlns:", "p", 59, "='u'>x</tag>");
	refused(s, "stackref: t.xml:1:59: too big: a name over 64 bytes\n");
	free(s);
	s = repeat_doc("<move suffix='", "!", 4096, "'>11-15</move>");
	read_ok(s);
	free(s);
	s = repeat_doc("<move suffix='", "!", 4097, "'>11-15</move>");
	refused(s, "stackref: t.xml:1:59: game 1: too big: an attribute "
	    "value over 4096 bytes\n");
	free(s);
	read_ok(ROOT "<game><tag name='A'/><!-- <a b='1' c='2' d='3' e='4' "
	    "f='5' g='6' h='7' i='8' j='9'> --><comment><![CDATA[<a b='1' "
	    "c='2' d='3' e='4' f='5' g='6' h='7' i='8' j='9'>]]></comment>"
	    "<move suffix='!'>11-15</move><result>*</result></game>"
	    "</stackref>");
}

/* Variations nested XML_DEPTH_MAX deep are read and written; one more
 * is refused either way. */
static void
test_depth(void **state)
{
	struct record g;
	struct line *l;
	struct elem *e;
	char *buf = NULL;
	size_t len = 0, i;
	FILE *f;

	(void)state;
	record_init(&g);
	l = &g.main;
	for (i = 0; i < XML_DEPTH_MAX; i++) {
		e = push(l, ELEM_VARIATION, NULL);
		assert_non_null(e->var = calloc(1, sizeof(*e->var)));
		l = e->var;
	}
	push(l, ELEM_MOVE, "11-15");
	buf = write_xml(&g);
	free(buf);
	e = push(l, ELEM_VARIATION, NULL);
	assert_non_null(e->var = calloc(1, sizeof(*e->var)));
	push(e->var, ELEM_MOVE, "11-15");
	f = open_memstream(&buf, &len);
	errno = 0;
	assert_int_equal(notation_xml.write(f, &g), -1);
	assert_int_equal(errno, EOVERFLOW);
	fclose(f);
	free(buf);
	record_free(&g);
}

/* Detection: PDN and XML from a pipe, blanks and a BOM before them,
 * line numbers kept. */
static void
piped(const char *text, const struct notation *want, unsigned long line)
{
	struct session s;
	int fd[2];

	assert_int_equal(pipe(fd), 0);
	assert_int_equal(write(fd[1], text, strlen(text)),
	    (ssize_t)strlen(text));
	close(fd[1]);
	open_stream(&s, fdopen(fd[0], "r"), "<stdin>");
	assert_ptr_equal(s.nt, want);
	assert_int_equal(next(&s), READ_GAME);
	assert_int_equal(s.d.count, 0);
	assert_int_equal(s.g.main.elems[0].at.line, line);
	close_session(&s);
}

static void
test_detect(void **state)
{
	(void)state;
	piped("[Event \"x\"]\n1. 11-15 *\n", &notation_pdn, 2);
	piped("\n\n \t1. 11-15 *\n", &notation_pdn, 3);
	piped("\xef\xbb\xbf\n1. 11-15 *\n", &notation_pdn, 2);
	piped("\xef\xbb\xbf" ROOT "\n<game>\n<move>1</move><result>*</result>"
	    "</game></stackref>\n", &notation_xml, 3);
	piped("  \n" ROOT "\n<game><move>1</move><result>*</result>"
	    "</game></stackref>\n", &notation_xml, 3);
}

static void
test_schema(void **state)
{
	(void)state;
	assert_non_null(strstr(xml_schema(), "urn:stackref:record:1"));
	assert_ptr_equal(notation_find("xml"), &notation_xml);
	assert_ptr_equal(notation_find("XML"), &notation_xml);
}

/* test_xml --convert pdn|xml FILE: for tests/xml.sh. */
static int
convert(const char *to, const char *path)
{
	const struct notation *out = notation_find(to), *in;
	struct diag d;
	struct reader *rd;
	struct record g;
	enum read_result rr;
	FILE *f;
	int rc = 0;

	diag_init(&d, "stackref", stderr);
	if (out == NULL || (f = fopen(path, "r")) == NULL)
		return 2;
	if ((rd = notation_open(f, path, &d, &in)) == NULL)
		return 4;
	record_init(&g);
	if (out->begin != NULL)
		rc |= out->begin(stdout);
	while ((rr = in->next(rd, &g, NULL)) != READ_END &&
	    rr != READ_SYSTEM)
		if (rr == READ_GAME)
			rc |= out->write(stdout, &g);
	if (out->end != NULL)
		rc |= out->end(stdout);
	record_free(&g);
	in->close(rd);
	fclose(f);
	return rc != 0 || fflush(stdout) != 0 ? 4 : (int)d.status;
}

int
main(int argc, char *argv[])
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_round_trip),
		cmocka_unit_test(test_stream),
		cmocka_unit_test(test_refused),
		cmocka_unit_test(test_empty_first),
		cmocka_unit_test(test_limits),
		cmocka_unit_test(test_guard),
		cmocka_unit_test(test_depth),
		cmocka_unit_test(test_detect),
		cmocka_unit_test(test_schema),
	};

	if (argc == 4 && strcmp(argv[1], "--convert") == 0)
		return convert(argv[2], argv[3]);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
