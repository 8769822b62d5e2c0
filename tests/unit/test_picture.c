/*
 * test_picture.c - the pictures other code takes in memory: the PNG of
 * PNG_MODULE (its signature, size and stability), the board of a page
 * (svg_write with an id: scoped, no declaration, one piece per stack,
 * a mark cell per square), svg_marks, and the HTML page of a record
 * written to a memory stream as the referee will.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "notation/notation.h"
#include "notation/png.h"
#include "notation/svg.h"

/* Occurrences of needle in text. */
static int
count(const char *text, const char *needle)
{
	int n = 0;

	while ((text = strstr(text, needle)) != NULL) {
		text += strlen(needle);
		n++;
	}
	return n;
}

/* The big-endian 32-bit number at p. */
static unsigned long
be32(const unsigned char *p)
{
	return (unsigned long)p[0] << 24 | (unsigned long)p[1] << 16 |
	    (unsigned long)p[2] << 8 | p[3];
}

/* A view of the start of game name. */
static void
start_view(struct svg_view *v, struct pos *p, const char *name)
{
	memset(v, 0, sizeof(*v));
	v->r = rules_find(name);
	assert_non_null(v->r);
	v->r->start(p);
	v->pos = p;
	v->style = -1;
}

static void
test_png(void **state)
{
	static const unsigned char sig[8] = { 0x89, 'P', 'N', 'G', '\r', '\n',
	    0x1a, '\n' };
	unsigned char *a, *b;
	struct svg_view v;
	struct pos p;
	char why[256];
	size_t alen, blen;

	(void)state;
	start_view(&v, &p, "accasta-pari");
	v.size = 200;
	assert_int_equal(PNG_MODULE->render(&v, &a, &alen, why, sizeof(why)),
	    0);
	assert_true(alen > 33);
	assert_memory_equal(a, sig, 8);
	assert_memory_equal(a + 12, "IHDR", 4);
	assert_int_equal(be32(a + 16), 200);     /* wider than high */
	assert_true(be32(a + 20) < 200 && be32(a + 20) > 100);
	assert_int_equal(PNG_MODULE->render(&v, &b, &blen, why, sizeof(why)),
	    0);
	assert_int_equal(alen, blen);           /* the same bytes again */
	assert_memory_equal(a, b, alen);
	free(a);
	free(b);
}

/* Without a size, the natural one: the viewBox rounded. */
static void
test_png_natural(void **state)
{
	struct svg_view v;
	struct pos p;
	unsigned char *a;
	char why[256];
	double w, h;
	size_t len;

	(void)state;
	start_view(&v, &p, "checkers");
	svg_measure(&v, &w, &h);
	assert_int_equal(PNG_MODULE->render(&v, &a, &len, why, sizeof(why)), 0);
	assert_int_equal(be32(a + 16), (unsigned long)(w + 0.5));
	assert_int_equal(be32(a + 20), (unsigned long)(h + 0.5));
	free(a);
}

/* The SVG document of v (allocated). */
static char *
svg_text(const struct svg_view *v)
{
	char *text = NULL;
	size_t size = 0;
	FILE *out;

	assert_non_null(out = open_memstream(&text, &size));
	assert_int_equal(svg_write(out, v), 0);
	assert_int_equal(fclose(out), 0);
	return text;
}

/* A page's board: no declaration nor namespace, the root's id on the
 * defs and the style sheet, a piece per stack, a mark cell per square. */
static void
test_page_board(void **state)
{
	struct svg_piece pc[2];
	struct svg_view v;
	struct pos p;
	char *text;

	(void)state;
	start_view(&v, &p, "stackup");
	memset(pc, 0, sizeof(pc));
	pc[0].sq = 0;
	stack_push(&pc[0].stack, SIDE_FIRST, 0);
	stack_push(&pc[0].stack, SIDE_SECOND, 0);
	pc[0].shown = 1;
	pc[1].sq = 31;
	stack_push(&pc[1].stack, SIDE_SECOND, 1);
	v.id = "g1";
	v.pieces = pc;
	v.npieces = 2;
	text = svg_text(&v);
	assert_null(strstr(text, "<?xml"));
	assert_null(strstr(text, "xmlns"));
	assert_non_null(strstr(text, "<svg id=\"g1\" class=\"board\""));
	assert_non_null(strstr(text, "#g1 .l{"));
	assert_non_null(strstr(text, "#g1 .o,#g1 .t{"));
	assert_non_null(strstr(text, "id=\"g1-d11\""));
	assert_non_null(strstr(text, "<g class=\"pc\" data-square=\"1\" "
	    "data-stack=\"wb\">"));
	assert_non_null(strstr(text, "<g class=\"pc off\" data-square=\"32\" "
	    "data-stack=\"W\">"));
	assert_int_equal(count(text, "<use "), 3);
	assert_int_equal(count(text, "data-m=\""), 32);
	assert_int_equal(count(text, "class=\"mk\""), 32);
	assert_int_equal(count(text, "<text class=\"c"), 0);   /* no caption */
	free(text);
}

static void
test_marks(void **state)
{
	const struct rules *r = rules_find("checkers");
	unsigned char mark[POS_SQUARES];
	struct move m;

	(void)state;
	memset(&m, 0, sizeof(m));
	m.nsteps = 2;
	m.step[0] = (struct step){ 10, 17, 13, 1, STEP_CAPTURE };
	m.step[1] = (struct step){ 17, 24, 20, 1, STEP_CAPTURE };
	svg_marks(r, &m, mark);
	assert_int_equal(mark[10], SVG_MARK_FROM);
	assert_int_equal(mark[17], SVG_MARK_TO);     /* passed, and reached */
	assert_int_equal(mark[24], SVG_MARK_TO);
	assert_int_equal(mark[13], SVG_MARK_NONE);   /* jumped over */
	m.kind = MOVE_PASS;
	svg_marks(r, &m, mark);
	assert_int_equal(mark[10], SVG_MARK_NONE);
	svg_marks(r, NULL, mark);
	assert_int_equal(mark[24], SVG_MARK_NONE);
}

/* The page of a record, in memory: one item a ply and the start, the
 * final board's pieces shown, no reading side. */
static void
test_html(void **state)
{
	static const char rec[] = "[Game \"checkers\"]\n[Black \"Ann\"]\n\n"
	    "1. 11-15 {good} 23-19 2. 8-11 *\n";
	const struct notation *nt = notation_find("html");
	struct record g;
	struct diag d;
	char *text = NULL;
	size_t size = 0;
	FILE *out;

	(void)state;
	assert_non_null(nt);
	assert_null(nt->open);
	diag_init(&d, "stackref", stderr);
	record_init(&g);
	assert_int_equal(notation_read_text(rec, sizeof(rec) - 1, "t.pdn", &g,
	    NULL, &d), 0);
	assert_non_null(out = open_memstream(&text, &size));
	assert_int_equal(notation_write_record(nt, out, &g), 0);
	fclose(out);
	assert_true(strncmp(text, "<!DOCTYPE html>", 15) == 0);
	assert_int_equal(count(text, "<li data-ply=\""), 4);
	assert_int_equal(count(text, "<g class=\"pc\""), 24);
	assert_non_null(strstr(text, "<span class=\"c\">good</span>"));
	assert_non_null(strstr(text, "red: Ann"));
	assert_non_null(strstr(text, "data-st=\"Ply 3: 8-11 by red; white to "
	    "move\""));
	assert_int_equal(count(text, "<script>"), 1);
	assert_non_null(strstr(text, "</html>\n"));
	free(text);
	record_free(&g);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_png),
		cmocka_unit_test(test_png_natural),
		cmocka_unit_test(test_page_board),
		cmocka_unit_test(test_marks),
		cmocka_unit_test(test_html),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
