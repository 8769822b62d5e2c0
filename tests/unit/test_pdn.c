/* test_pdn.c - the PDN reader and writer (notation/pdn.c): every quirk
 * of real files from small inline texts, the canonical writer, and the
 * real files of ../shared/data/pdn/ read and rewritten stably. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <dirent.h>
#include <cmocka.h>

#include "notation/pdn.h"
#include "notation/select.h"

#define DATA_DIR "../shared/data/pdn"

/* A reading session over an inline text; diagnostics go to a buffer. */
struct session {
	FILE *in, *err;
	char *errbuf;
	size_t errlen;
	struct diag d;
	struct reader *rd;
	struct record g;
	unsigned long index;
};

/* Opens the n bytes of text (which may hold NUL bytes). */
static void
open_bytes(struct session *s, const char *text, size_t n)
{
	memset(s, 0, sizeof(*s));
	if (n == 0)
		s->in = fopen("/dev/null", "r");
	else
		s->in = fmemopen((void *)(uintptr_t)text, n, "r");
	assert_non_null(s->in);
	s->err = open_memstream(&s->errbuf, &s->errlen);
	assert_non_null(s->err);
	diag_init(&s->d, "stackref", s->err);
	s->rd = notation_pdn.open(s->in, "t.pdn", &s->d);
	assert_non_null(s->rd);
	record_init(&s->g);
}

static void
open_text(struct session *s, const char *text)
{
	open_bytes(s, text, strlen(text));
}

static enum read_result
next(struct session *s)
{
	enum read_result rr = notation_pdn.next(s->rd, &s->g, &s->index);

	fflush(s->err);
	return rr;
}

static void
close_text(struct session *s)
{
	notation_pdn.close(s->rd);
	record_free(&s->g);
	fclose(s->in);
	fclose(s->err);
	free(s->errbuf);
}

/* Reads text, which must hold exactly one good game. */
static void
read_one(struct session *s, const char *text)
{
	open_text(s, text);
	assert_int_equal(next(s), READ_GAME);
	assert_int_equal(s->index, 1);
	assert_int_equal(s->d.count, 0);
}

/* The canonical text of a record. */
static char *
write_text(const struct record *g)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	assert_non_null(f);
	assert_int_equal(notation_pdn.write(f, g), 0);
	fclose(f);
	return buf;
}

/* Reads every game of in and writes it; counts games and bad ones. */
static char *
convert(const char *in, unsigned *games, unsigned *bad)
{
	struct session s;
	enum read_result rr;
	char *buf = NULL, *one;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	*games = *bad = 0;
	open_text(&s, in);
	while ((rr = next(&s)) != READ_END) {
		assert_true(rr == READ_GAME || rr == READ_MALFORMED);
		if (rr == READ_MALFORMED) {
			(*bad)++;
			continue;
		}
		(*games)++;
		one = write_text(&s.g);
		fputs(one, f);
		free(one);
	}
	close_text(&s);
	fclose(f);
	return buf;
}

/* The canonical form of in (one good game) is out, and stays so. */
static void
canonical(const char *in, const char *out)
{
	unsigned games, bad;
	char *a, *b;

	a = convert(in, &games, &bad);
	assert_int_equal(bad, 0);
	assert_string_equal(a, out);
	b = convert(a, &games, &bad);
	assert_string_equal(a, b);
	free(a);
	free(b);
}

static const struct elem *
elem_at(const struct line *l, size_t i, enum elem_kind kind)
{
	assert_true(i < l->n);
	assert_int_equal(l->elems[i].kind, kind);
	return &l->elems[i];
}

static void
assert_move(const struct line *l, size_t i, const char *text,
    const char *suffix)
{
	const struct elem *e = elem_at(l, i, ELEM_MOVE);

	assert_string_equal(e->text, text);
	if (suffix == NULL)
		assert_null(e->suffix);
	else
		assert_string_equal(e->suffix, suffix);
}

static void
test_line_ends(void **state)
{
	struct session s;

	(void)state;
	read_one(&s, "[Event \"a\"]  \r\n[Site \"b\"] \r1. 11-15  \r\n"
	    "  23-18 *\r\n");
	assert_int_equal(s.g.ntags, 2);
	assert_string_equal(record_tag(&s.g, "Site"), "b");
	assert_int_equal(s.g.tags[1].at.line, 2);
	assert_int_equal(s.g.main.n, 2);
	assert_int_equal(s.g.main.elems[0].at.line, 3);
	assert_int_equal(s.g.main.elems[0].at.col, 4);
	assert_int_equal(s.g.main.elems[1].at.line, 4);
	assert_int_equal(s.g.main.elems[1].at.col, 3);
	assert_string_equal(s.g.result, "*");
	assert_int_equal(s.g.result_at.col, 9);
	assert_int_equal(s.g.at.line, 1);
	assert_int_equal(next(&s), READ_END);
	close_text(&s);
}

static void
test_move_numbers(void **state)
{
	struct session s;

	(void)state;
	read_one(&s, "1.11-15 23-18 2...10x15 6.7x14 12. 9-13 1. 1... "
	    "4-off c3=rbbbr a1:1+b2,-b1 15x22x29 d1 11:2-15 e4:-e5 pass "
	    "1-5 \xc3\x97 8-11Red.");
	assert_move(&s.g.main, 0, "11-15", NULL);
	assert_int_equal(s.g.main.elems[0].at.col, 3);
	assert_move(&s.g.main, 1, "23-18", NULL);
	assert_move(&s.g.main, 2, "10x15", NULL);
	assert_int_equal(s.g.main.elems[2].at.col, 19);
	assert_move(&s.g.main, 3, "7x14", NULL);
	assert_move(&s.g.main, 4, "9-13", NULL);
	assert_move(&s.g.main, 5, "4-off", NULL);
	assert_move(&s.g.main, 6, "c3=rbbbr", NULL);
	assert_move(&s.g.main, 7, "a1:1+b2,-b1", NULL);
	assert_move(&s.g.main, 8, "15x22x29", NULL);
	assert_move(&s.g.main, 9, "d1", NULL);
	assert_move(&s.g.main, 10, "11:2-15", NULL);
	assert_move(&s.g.main, 11, "e4:-e5", NULL);
	assert_move(&s.g.main, 12, "pass", NULL);
	assert_move(&s.g.main, 13, "1-5", NULL);
	assert_move(&s.g.main, 14, "\xc3\x97", NULL);
	assert_move(&s.g.main, 15, "8-11Red.", NULL);
	assert_int_equal(s.g.main.n, 16);
	assert_null(s.g.result);
	close_text(&s);
}

/* Spaces (and move numbers) after a move's square and separator, as the
 * PDN 3.0 conformance set writes "1- 6": one move when a square follows;
 * a separator before anything else stays a move text of its own. */
static void
test_blank_after_separator(void **state)
{
	struct session s;

	(void)state;
	read_one(&s, "1. 11- 15 23-\t18 2. 15x\n  22 8- {c} 9-13 3. a3: 4. "
	    "b4!? *");
	assert_move(&s.g.main, 0, "11-15", NULL);
	assert_int_equal(s.g.main.elems[0].at.col, 4);
	assert_move(&s.g.main, 1, "23-18", NULL);
	assert_move(&s.g.main, 2, "15x22", NULL);
	assert_move(&s.g.main, 3, "8-", NULL);
	assert_int_equal(s.g.main.elems[4].kind, ELEM_COMMENT);
	assert_move(&s.g.main, 5, "9-13", NULL);
	assert_move(&s.g.main, 6, "a3:b4", "!?");
	assert_int_equal(s.g.main.n, 7);
	assert_string_equal(s.g.result, "*");
	close_text(&s);
}

static void
test_comments(void **state)
{
	struct session s;
	const struct elem *e;

	(void)state;
	read_one(&s, "[Event \"a\"]\n{before} 1. 11-15 {two\r\nlines} ; rest "
	    "{ \n% escape ; x\n 23-18 %no *");
	e = elem_at(&s.g.main, 0, ELEM_COMMENT);
	assert_string_equal(e->text, "before");
	assert_int_equal(e->style, COMMENT_BRACE);
	e = elem_at(&s.g.main, 2, ELEM_COMMENT);
	assert_string_equal(e->text, "two\nlines");
	e = elem_at(&s.g.main, 3, ELEM_COMMENT);
	assert_string_equal(e->text, " rest { ");
	assert_int_equal(e->style, COMMENT_LINE);
	e = elem_at(&s.g.main, 4, ELEM_COMMENT);
	assert_string_equal(e->text, " escape ; x");
	assert_int_equal(e->style, COMMENT_LINE);
	assert_int_equal(e->at.line, 4);
	assert_move(&s.g.main, 5, "23-18", NULL);
	/* PDN 3.0: '%' starts a line comment wherever a token starts */
	e = elem_at(&s.g.main, 6, ELEM_COMMENT);
	assert_string_equal(e->text, "no *");
	close_text(&s);
}

static void
test_nags_suffixes(void **state)
{
	struct session s;

	(void)state;
	read_one(&s, "1. 11-15! $1 23-18?! 9-14 ?? 22-17!! $14 $255 "
	    "17-13?? 1-6!?x5?! *");
	assert_move(&s.g.main, 0, "11-15", "!");
	assert_int_equal(elem_at(&s.g.main, 1, ELEM_NAG)->nag, 1);
	assert_move(&s.g.main, 2, "23-18", "?!");
	assert_move(&s.g.main, 3, "9-14", "??");
	assert_move(&s.g.main, 4, "22-17", "!!");
	assert_int_equal(elem_at(&s.g.main, 5, ELEM_NAG)->nag, 14);
	assert_int_equal(elem_at(&s.g.main, 6, ELEM_NAG)->nag, 255);
	assert_move(&s.g.main, 7, "17-13", "??");
	assert_move(&s.g.main, 8, "1-6!?x5", "?!");
	close_text(&s);
}

static void
test_variations(void **state)
{
	struct session s;
	const struct line *v, *w;

	(void)state;
	read_one(&s, "1. 11-15 (1. 9-14 (1. 10-14) 22-18 ()) 23-18 *");
	assert_move(&s.g.main, 0, "11-15", NULL);
	v = elem_at(&s.g.main, 1, ELEM_VARIATION)->var;
	assert_non_null(v);
	assert_move(&s.g.main, 2, "23-18", NULL);
	assert_move(v, 0, "9-14", NULL);
	w = elem_at(v, 1, ELEM_VARIATION)->var;
	assert_int_equal(w->n, 1);
	assert_move(w, 0, "10-14", NULL);
	assert_move(v, 2, "22-18", NULL);
	assert_int_equal(elem_at(v, 3, ELEM_VARIATION)->var->n, 0);
	assert_int_equal(line_count_moves(&s.g.main), 2);
	close_text(&s);
}

static void
test_results(void **state)
{
	static const char *const tok[][2] = {
		{ "1-0", "1-0" }, { "0-1", "0-1" }, { "1/2-1/2", "1/2-1/2" },
		{ "*", "*" }, { "2-0", "1-0" }, { "0-2", "0-1" },
		{ "1-1", "1/2-1/2" }, { "0-0", "0-0" },
		{ "\xc2\xbd-\xc2\xbd", "1/2-1/2" }, { "1/2", "1/2-1/2" },
	};
	struct session s;
	const char *canon;
	char in[64], out[64], *got;
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(tok) / sizeof(tok[0]); i++) {
		assert_int_equal(notation_result_normal(tok[i][0], &canon), 0);
		assert_string_equal(canon, tok[i][1]);
		snprintf(in, sizeof(in), "1. 11-15 1-5 %s", tok[i][0]);
		read_one(&s, in);
		assert_string_equal(s.g.result, tok[i][0]);
		assert_int_equal(s.g.main.n, 2);
		got = write_text(&s.g);
		snprintf(out, sizeof(out), "1. 11-15 1-5 %s\n\n", tok[i][1]);
		assert_string_equal(got, out);
		free(got);
		close_text(&s);
	}
	assert_int_equal(notation_result_normal("1-5", &canon), -1);
	assert_int_equal(notation_result_normal("1-6", NULL), -1);
	assert_int_equal(notation_result_normal("", NULL), -1);
}

static void
test_several_games(void **state)
{
	struct session s;

	(void)state;
	open_text(&s, "[FEN \"B:W19,23:B4,3\"] *\r\n[FEN \"W:W9:B1.\"] *\r\n"
	    "[Event \"x\"]\n1. 11-15\n[Event \"y\"]\n1. 9-14 0-1 {end}\n"
	    "22-18 *\n\n\n");
	assert_int_equal(next(&s), READ_GAME);
	assert_string_equal(record_tag(&s.g, "FEN"), "B:W19,23:B4,3");
	assert_string_equal(s.g.result, "*");
	assert_int_equal(next(&s), READ_GAME);
	assert_int_equal(s.index, 2);
	assert_string_equal(record_tag(&s.g, "FEN"), "W:W9:B1.");
	assert_int_equal(s.g.at.line, 2);
	assert_int_equal(next(&s), READ_GAME);
	assert_string_equal(record_tag(&s.g, "Event"), "x");
	assert_null(s.g.result);
	assert_int_equal(s.g.main.n, 1);
	assert_int_equal(next(&s), READ_GAME);
	assert_string_equal(record_tag(&s.g, "Event"), "y");
	assert_string_equal(s.g.result, "0-1");
	assert_int_equal(s.g.main.n, 2);
	assert_string_equal(s.g.main.elems[1].text, "end");
	assert_int_equal(next(&s), READ_GAME);
	assert_int_equal(s.index, 5);
	assert_int_equal(s.g.ntags, 0);
	assert_move(&s.g.main, 0, "22-18", NULL);
	assert_int_equal(next(&s), READ_END);
	assert_int_equal(next(&s), READ_END);
	assert_int_equal(s.d.count, 0);
	close_text(&s);
}

static void
test_no_game(void **state)
{
	static const char *const in[] = {
		"", "  \r\n\n", "{just a comment}\n; and another\n",
		"\xef\xbb\xbf\n"
	};
	struct session s;
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(in) / sizeof(in[0]); i++) {
		open_text(&s, in[i]);
		assert_int_equal(next(&s), READ_END);
		assert_int_equal(s.d.count, 0);
		close_text(&s);
	}
}

static void
test_tag_escapes(void **state)
{
	struct session s;
	char *out;

	(void)state;
	read_one(&s, "[ Event  \"a \\\"b\\\" \\\\ c\\d\" ]\n[SetUp \"1\"]"
	    "[Setup \"1\"]\n*");
	assert_string_equal(record_tag(&s.g, "Event"), "a \"b\" \\ c\\d");
	assert_string_equal(record_tag(&s.g, "SetUp"), "1");
	assert_string_equal(record_tag(&s.g, "Setup"), "1");
	out = write_text(&s.g);
	assert_string_equal(out, "[Event \"a \\\"b\\\" \\\\ c\\\\d\"]\n"
	    "[SetUp \"1\"]\n[Setup \"1\"]\n\n*\n\n");
	free(out);
	close_text(&s);
}

/* in is malformed: one diagnostic whose text holds want, then the game
 * after it is read (Event "next"). */
static void
malformed(const char *in, const char *want)
{
	struct session s;
	char text[512];

	snprintf(text, sizeof(text), "%s\n[Event \"next\"]\n1. 9-14 *\n", in);
	open_text(&s, text);
	assert_int_equal(next(&s), READ_MALFORMED);
	assert_int_equal(s.index, 1);
	assert_int_equal(s.d.count, 1);
	assert_int_equal(s.d.status, STATUS_MALFORMED);
	if (strstr(s.errbuf, want) == NULL)
		fail_msg("%s: diagnostic \"%s\" lacks \"%s\"", in, s.errbuf,
		    want);
	assert_int_equal(next(&s), READ_GAME);
	assert_int_equal(s.index, 2);
	assert_string_equal(record_tag(&s.g, "Event"), "next");
	assert_int_equal(next(&s), READ_END);
	close_text(&s);
}

static void
test_malformed(void **state)
{
	(void)state;
	malformed("[Event \"a\"]\n1. 11-15 } 23-18 *", "t.pdn:2:10: game 1");
	malformed("[Event \"a]\n1. 11-15 *", "t.pdn:1:11:");
	malformed("[Event \"a\"\n1. 11-15 *", "']' closing the tag");
	malformed("[\"a\"]\n*", "a tag name");
	malformed("[Event a]\n*", "opening the tag value");
	malformed("1. 11-15 ) *", "read ')'");
	malformed("1. 11-15 (9-14 *", "')' closing the variation");
	malformed("1. 11-15 ] *", "read ']'");
	malformed("1. 11-15 $x *", "a number after '$'");
	malformed("1. 11-15 $99999999999 *", "NAG number");
	malformed("1. 11-15 (22-18", "read a tag");
}

/*
 * A fault in a tag section skips the rest of that game, its other tags
 * and its movetext, so that no part of it reads as a game of its own and
 * the games after it keep their numbers (an unclosed quote in game 1 made
 * game 3 "game 4", its other tags and moves a game 2).
 */
static void
test_resync_tags(void **state)
{
	struct session s;

	(void)state;
	open_text(&s, "[Event \"a]\n[White \"x\"]\n\n1. 11-15 23-19 *\n\n"
	    "[Event \"b\"]\n1. 11-15 *\n\n[Event \"c\"]\n[Black \"y\"]\n"
	    "1. 9-14 *\n");
	assert_int_equal(next(&s), READ_MALFORMED);
	assert_int_equal(s.index, 1);
	assert_int_equal(next(&s), READ_GAME);
	assert_int_equal(s.index, 2);
	assert_string_equal(record_tag(&s.g, "Event"), "b");
	assert_int_equal(next(&s), READ_GAME);
	assert_int_equal(s.index, 3);
	assert_string_equal(record_tag(&s.g, "Event"), "c");
	assert_int_equal(next(&s), READ_END);
	close_text(&s);
	/* a tag line right after a broken one is the same tag section */
	open_text(&s, "[\"a\"]\n[Event \"same\"]\n*\n[Event \"next\"]\n*\n");
	assert_int_equal(next(&s), READ_MALFORMED);
	assert_int_equal(next(&s), READ_GAME);
	assert_int_equal(s.index, 2);
	assert_string_equal(record_tag(&s.g, "Event"), "next");
	close_text(&s);
}

/* A NUL byte in a move, a comment or a tag is reported, never looped on
 * (it once made the word lexer stop without consuming it). */
static void
test_nul_bytes(void **state)
{
	static const char text[] = "[Event \"a\"]\n1. 11-15 a\0b *\n\n"
	    "[Event \"b\"]\n1. 11-15 {x\0y} *\n\n"
	    "[Event \"c\0\"]\n*\n\n"
	    "[Event \"d\"]\n1. 11-15 *\n";
	struct session s;

	(void)state;
	open_bytes(&s, text, sizeof(text) - 1);
	assert_int_equal(next(&s), READ_MALFORMED);
	assert_int_equal(next(&s), READ_MALFORMED);
	assert_int_equal(next(&s), READ_MALFORMED);
	assert_int_equal(next(&s), READ_GAME);
	assert_string_equal(record_tag(&s.g, "Event"), "d");
	assert_int_equal(next(&s), READ_END);
	assert_non_null(strstr(s.errbuf, "t.pdn:2:10: game 1: expected text, "
	    "read a NUL byte"));
	close_text(&s);
}

static void
test_unclosed_at_end(void **state)
{
	struct session s;

	(void)state;
	open_text(&s, "[Event \"a\"]\n1. 11-15 {never closed\n\n");
	assert_int_equal(next(&s), READ_MALFORMED);
	assert_non_null(strstr(s.errbuf, ":2:10: game 1: expected '}' closing this comment, read end of file"));
	assert_int_equal(next(&s), READ_END);
	close_text(&s);
}

static void
test_nesting_bound(void **state)
{
	struct session s;
	char *in = malloc(2 * 100000 + 64);
	size_t i, n = 0;

	(void)state;
	assert_non_null(in);
	for (i = 0; i < PDN_DEPTH_MAX; i++)
		in[n++] = '(';
	for (i = 0; i < PDN_DEPTH_MAX; i++)
		in[n++] = ')';
	strcpy(in + n, " *");
	read_one(&s, in);
	close_text(&s);
	for (n = 0; n < 100000; n++)
		in[n] = '(';
	strcpy(in + n, "\n[Event \"next\"] *");
	open_text(&s, in);
	assert_int_equal(next(&s), READ_MALFORMED);
	assert_non_null(strstr(s.errbuf, "too big"));
	assert_int_equal(next(&s), READ_GAME);
	assert_string_equal(record_tag(&s.g, "Event"), "next");
	close_text(&s);
	free(in);
}

static void
test_size_bounds(void **state)
{
	struct session s;
	size_t n = PDN_TEXT_MAX + 64;
	char *in = malloc(n + 64);

	(void)state;
	assert_non_null(in);
	memcpy(in, "[Event \"", 8);
	memset(in + 8, 'a', n);
	strcpy(in + 8 + n, "\"]\n*\n[Event \"next\"] *");
	open_text(&s, in);
	assert_int_equal(next(&s), READ_MALFORMED);
	assert_non_null(strstr(s.errbuf, "tag value over 1 MiB"));
	assert_int_equal(next(&s), READ_GAME);
	close_text(&s);
	memset(in, 'x', PDN_WORD_MAX + 1);
	strcpy(in + PDN_WORD_MAX + 1, " *\n[Event \"next\"] *");
	open_text(&s, in);
	assert_int_equal(next(&s), READ_MALFORMED);
	assert_non_null(strstr(s.errbuf, "move text over"));
	assert_int_equal(next(&s), READ_GAME);
	close_text(&s);
	free(in);
}

/* One game after pad blanks, so that its tokens fall across the 8 kB
 * the reader takes at a time (pdn_run reads a run of bytes at once up
 * to the buffer's end). */
static void
read_padded(struct session *s, char *in, size_t pad, const char *game)
{
	memset(in, ' ', pad);
	strcpy(in + pad, game);
	open_text(s, in);
}

static void
test_buffer_edges(void **state)
{
	static const char game[] = "[Event \"a \\\"long\\\" value\"]\r\n"
	    "1. 11-15 {a comment\r\nover lines} 2. 23-19?! ; to the end\r\n"
	    "3. 8-11 1-0";
	struct session s;
	char *in = malloc(8300 + sizeof(game));
	size_t pad;

	(void)state;
	assert_non_null(in);
	for (pad = 8140; pad < 8240; pad++) {
		read_padded(&s, in, pad, game);
		assert_int_equal(next(&s), READ_GAME);
		assert_int_equal(s.d.count, 0);
		assert_int_equal(s.g.at.col, pad + 1);
		assert_string_equal(record_tag(&s.g, "Event"),
		    "a \"long\" value");
		assert_move(&s.g.main, 0, "11-15", NULL);
		assert_string_equal(elem_at(&s.g.main, 1, ELEM_COMMENT)->text,
		    "a comment\nover lines");
		assert_move(&s.g.main, 2, "23-19", "?!");
		assert_string_equal(elem_at(&s.g.main, 3, ELEM_COMMENT)->text,
		    " to the end");
		assert_move(&s.g.main, 4, "8-11", NULL);
		assert_int_equal(s.g.main.elems[4].at.line, 4);
		assert_int_equal(s.g.main.elems[4].at.col, 4);
		assert_string_equal(s.g.result, "1-0");
		assert_int_equal(next(&s), READ_END);
		close_text(&s);
	}
	free(in);
}

/* A move text of PDN_WORD_MAX bytes is one, of one more too big, and
 * a NUL in one is refused at its place, wherever the buffer ends. */
static void
test_buffer_edges_bounds(void **state)
{
	struct session s;
	char *in = malloc(8300 + PDN_WORD_MAX + 64), *word;
	char want[64];
	size_t pad;

	(void)state;
	assert_non_null(in);
	word = malloc(PDN_WORD_MAX + 2 + 8);
	assert_non_null(word);
	for (pad = 8180 - PDN_WORD_MAX; pad < 8200; pad += 3) {
		memset(word, 'x', PDN_WORD_MAX);
		strcpy(word + PDN_WORD_MAX, " *");
		read_padded(&s, in, pad, word);
		assert_int_equal(next(&s), READ_GAME);
		assert_int_equal(strlen(s.g.main.elems[0].text), PDN_WORD_MAX);
		close_text(&s);
		strcpy(word + PDN_WORD_MAX, "x *");
		read_padded(&s, in, pad, word);
		assert_int_equal(next(&s), READ_MALFORMED);
		snprintf(want, sizeof(want), "t.pdn:1:%zu: game 1: too big: "
		    "move text over 4096 bytes", pad + 1);
		assert_non_null(strstr(s.errbuf, want));
		close_text(&s);
	}
	for (pad = 8180; pad < 8200; pad++) {
		memcpy(in + pad, "1. 11-15 ab", 11);
		memset(in, ' ', pad);
		in[pad + 11] = '\0';
		memcpy(in + pad + 12, "c *", 4);
		open_bytes(&s, in, pad + 15);
		assert_int_equal(next(&s), READ_MALFORMED);
		snprintf(want, sizeof(want), "t.pdn:1:%zu: game 1: expected "
		    "text, read a NUL byte", pad + 10);
		assert_non_null(strstr(s.errbuf, want));
		close_text(&s);
	}
	free(word);
	free(in);
}

static void
test_write_canonical(void **state)
{
	(void)state;
	canonical("[Event \"e\"]\r\n[Result \"1-0\"]\r\n1.11-15 23-18 "
	    "2.8-11 22-17 3.9-13 17x10x1 4.7-10! $3 27-23?? 5.4-8 26-22 "
	    "6.10-14 30-26 7.2-7 2-0",
	    "[Event \"e\"]\n[Result \"1-0\"]\n\n"
	    "1. 11-15 23-18 2. 8-11 22-17 3. 9-13 17x10x1 4. 7-10! $3 "
	    "27-23?? 5. 4-8 26-22\n6. 10-14 30-26 7. 2-7 1-0\n\n");
	canonical("1. 11-15 (1. 9-14 (10-14 $2) 22-18 ()) 23-18 {c} "
	    "8-11 ; a}b\n 22-17 ;x\n 1-0 {t}",
	    "1. 11-15 (1. 9-14 (1. 10-14 $2) 1... 22-18 ()) 1... 23-18 {c} "
	    "2. 8-11 ; a}b\n2... 22-17 {x} {t} 1-0\n\n");
	canonical("", "");
	canonical("[Event \"\"]", "[Event \"\"]\n\n*\n\n");
	canonical("11-15", "1. 11-15 *\n\n");
}

static void
test_write_second_first(void **state)
{
	(void)state;
	canonical("[FEN \"W:W18:B14\"] 1. 18-15 14-9 2. 15-10 *",
	    "[FEN \"W:W18:B14\"]\n\n1... 18-15 2. 14-9 15-10 *\n\n");
	canonical("[GameType \"21,W,8,8,N1,0\"]\n[FEN \"W:W18:B14\"] 18-15",
	    "[GameType \"21,W,8,8,N1,0\"]\n[FEN \"W:W18:B14\"]\n\n"
	    "1... 18-15 *\n\n");
	canonical("[Game \"stackup\"]\n[FEN \"w:18=w,14=b\"] 18-15 (18-14)",
	    "[Game \"stackup\"]\n[FEN \"w:18=w,14=b\"]\n\n"
	    "1... 18-15 (1... 18-14) *\n\n");
	canonical("[Game \"stackup\"]\n[FEN \"b:18=w,14=b\"] 14-17",
	    "[Game \"stackup\"]\n[FEN \"b:18=w,14=b\"]\n\n1. 14-17 *\n\n");
	canonical("[FEN \"junk\"] 18-15", "[FEN \"junk\"]\n\n1. 18-15 *\n\n");
}

static void
test_write_wrap(void **state)
{
	char in[2048], *out, *p, *nl;
	unsigned games, bad;
	int i;

	(void)state;
	in[0] = '\0';
	for (i = 0; i < 60; i++)
		strcat(in, "11-15 {a comment} 22x13x6 ");
	out = convert(in, &games, &bad);
	for (p = out; (nl = strchr(p, '\n')) != NULL; p = nl + 1)
		assert_true(nl - p <= PDN_WRAP);
	free(out);
}

static void
test_notation_game(void **state)
{
	struct record g;
	const char *name = NULL;

	(void)state;
	record_init(&g);
	assert_ptr_equal(notation_game(&g, &name), rules_find("checkers"));
	record_tag_set(&g, "GameType", "21", NULL);
	assert_ptr_equal(notation_game(&g, &name), rules_find("checkers"));
	record_tag_set(&g, "GameType", "21,W,8,8,N1,0", NULL);
	assert_ptr_equal(notation_game(&g, &name), rules_find("checkers"));
	record_tag_set(&g, "GameType", "20", NULL);
	assert_ptr_equal(notation_game(&g, &name), rules_find("international"));
	record_tag_set(&g, "GameType", "41", NULL);
	assert_null(notation_game(&g, &name));
	assert_string_equal(name, "41");
	record_tag_set(&g, "GameType", "210", NULL);
	assert_null(notation_game(&g, &name));
	record_tag_set(&g, "Game", "stackup", NULL);
	assert_ptr_equal(notation_game(&g, &name), rules_find("stackup"));
	record_tag_set(&g, "Game", "go", NULL);
	assert_null(notation_game(&g, &name));
	assert_string_equal(name, "go");
	record_free(&g);
	assert_ptr_equal(notation_find("pdn"), &notation_pdn);
}

/* --game-type: the game a text names, and the tag a record without
 * one is given. */
static void
test_game_named(void **state)
{
	struct select_as as = { NULL, NULL };
	struct record g;
	char names[512];

	(void)state;
	assert_ptr_equal(notation_game_named("30", &as.tag, &as.value),
	    rules_find("turkish"));
	assert_string_equal(as.tag, "GameType");
	assert_string_equal(as.value, "30");
	assert_ptr_equal(notation_game_named("21,B,8,8,N1,0", &as.tag,
	    &as.value), rules_find("checkers"));
	assert_string_equal(as.value, "21,B,8,8,N1,0");
	assert_ptr_equal(notation_game_named("stackup", &as.tag, &as.value),
	    rules_find("stackup"));
	assert_string_equal(as.tag, "Game");
	assert_null(notation_game_named("99", &as.tag, &as.value));
	assert_null(notation_game_named("go", &as.tag, &as.value));
	notation_game_names(names, sizeof(names));
	assert_non_null(strstr(names, "checkers (21), stackup, "));
	record_init(&g);
	assert_ptr_equal(notation_game_named("turkish", &as.tag, &as.value),
	    rules_find("turkish"));
	assert_int_equal(select_read_as(&as, &g), 0);
	assert_ptr_equal(notation_game(&g, NULL), rules_find("turkish"));
	assert_string_equal(record_tag(&g, "GameType"), "30");
	record_tag_set(&g, "GameType", "21", NULL);
	assert_int_equal(select_read_as(&as, &g), 0);
	assert_string_equal(record_tag(&g, "GameType"), "21");
	record_free(&g);
	assert_null(notation_find("sgf"));
	assert_ptr_equal(notation_table[0], &notation_pdn);
}

/* Reads one real file; every game is rewritten, read back and rewritten
 * identically.  Returns the number of games. */
static unsigned
real_file(const char *path)
{
	struct session s, t;
	enum read_result rr;
	unsigned n = 0;
	char *a, *b;
	FILE *f = fopen(path, "rb");

	assert_non_null(f);
	memset(&s, 0, sizeof(s));
	diag_init(&s.d, "stackref", stderr);
	s.rd = notation_pdn.open(f, path, &s.d);
	record_init(&s.g);
	while ((rr = notation_pdn.next(s.rd, &s.g, &s.index)) == READ_GAME) {
		n++;
		a = write_text(&s.g);
		read_one(&t, a);
		b = write_text(&t.g);
		if (strcmp(a, b) != 0)
			fail_msg("%s game %lu: unstable:\n%s\n%s", path,
			    s.index, a, b);
		close_text(&t);
		free(a);
		free(b);
	}
	assert_int_equal(rr, READ_END);
	assert_int_equal(s.d.count, 0);
	notation_pdn.close(s.rd);
	record_free(&s.g);
	fclose(f);
	return n;
}

static int
is_pdn(const struct dirent *de)
{
	size_t n = strlen(de->d_name);

	return n > 4 && strcmp(de->d_name + n - 4, ".pdn") == 0;
}

/* Reads every PDN file of dir; fails when dir is absent (a test that
 * cannot run is a failure: ../shared must be beside the repository). */
static void
read_dir(const char *dir)
{
	struct dirent **list;
	char path[1024];
	int i, n;

	if ((n = scandir(dir, &list, is_pdn, alphasort)) < 0)
		fail_msg("%s is absent: its files cannot be tested", dir);
	for (i = 0; i < n; i++) {
		snprintf(path, sizeof(path), "%s/%s", dir, list[i]->d_name);
		printf("%s: %u games\n", list[i]->d_name, real_file(path));
		free(list[i]);
	}
	free(list);
	assert_true(n > 0);
}

static void
test_fixtures(void **state)
{
	(void)state;
	read_dir("fixtures/pdn");
}

static void
test_real_files(void **state)
{
	(void)state;
	read_dir(DATA_DIR);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_line_ends),
		cmocka_unit_test(test_move_numbers),
		cmocka_unit_test(test_comments),
		cmocka_unit_test(test_nags_suffixes),
		cmocka_unit_test(test_blank_after_separator),
		cmocka_unit_test(test_variations),
		cmocka_unit_test(test_results),
		cmocka_unit_test(test_several_games),
		cmocka_unit_test(test_no_game),
		cmocka_unit_test(test_tag_escapes),
		cmocka_unit_test(test_malformed),
		cmocka_unit_test(test_resync_tags),
		cmocka_unit_test(test_nul_bytes),
		cmocka_unit_test(test_unclosed_at_end),
		cmocka_unit_test(test_nesting_bound),
		cmocka_unit_test(test_size_bounds),
		cmocka_unit_test(test_buffer_edges),
		cmocka_unit_test(test_buffer_edges_bounds),
		cmocka_unit_test(test_write_canonical),
		cmocka_unit_test(test_write_second_first),
		cmocka_unit_test(test_write_wrap),
		cmocka_unit_test(test_notation_game),
		cmocka_unit_test(test_game_named),
		cmocka_unit_test(test_fixtures),
		cmocka_unit_test(test_real_files),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
