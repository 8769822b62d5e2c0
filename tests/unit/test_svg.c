/*
 * test_svg.c - the SVG drawer (notation/svg.c): the cleaning and
 * escaping of its texts (base/util.c), the compact form of tall stacks, the grid of each game, the hexagons of a
 * doubled grid touching their neighbours, flipping, and a whole
 * document on a memory stream.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "base/util.h"
#include "notation/svg.h"

static void
test_clean(void **state)
{
	char buf[64];

	(void)state;
	assert_int_equal(util_text_clean("a<b>&\"c\"", buf, sizeof(buf)), 8);
	assert_string_equal(buf, "a<b>&\"c\"");
	util_text_clean("Caf\xc3\xa9", buf, sizeof(buf));
	assert_string_equal(buf, "Caf\xc3\xa9");        /* UTF-8 kept */
	util_text_clean("Jos\xe9", buf, sizeof(buf));
	assert_string_equal(buf, "Jos\xc3\xa9");        /* Latin-1 read */
	util_text_clean("a\tb\x01" "c\x7f", buf, sizeof(buf));
	assert_string_equal(buf, "a b c ");
	util_text_clean("\xc0\xaf", buf, sizeof(buf));  /* overlong '/' */
	assert_string_equal(buf, "\xc3\x80\xc2\xaf");
	util_text_clean("\xed\xa0\x80", buf, sizeof(buf)); /* surrogate */
	assert_int_equal(strlen(buf), 6);
	assert_int_equal(util_text_clean("ab\xc3\xa9", buf, 4), 2);
	assert_string_equal(buf, "ab");                 /* cut whole */
	assert_int_equal(util_text_clean("abc", buf, 0), 0);
}

static void
test_escape(void **state)
{
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);

	(void)state;
	assert_non_null(f);
	util_text_escape(f, "a<b>&\"c\" d\te\xe9\xc3\xa9");
	assert_int_equal(fclose(f), 0);
	assert_string_equal(text, "a&lt;b&gt;&amp;&quot;c&quot; d e"
	    "\xc3\xa9\xc3\xa9");
	free(text);
}

static void
test_discs(void **state)
{
	(void)state;
	assert_int_equal(svg_discs_shown(0), 0);
	assert_int_equal(svg_discs_shown(1), 1);
	assert_int_equal(svg_discs_shown(SVG_DISCS_MAX), SVG_DISCS_MAX);
	assert_int_equal(svg_discs_shown(SVG_DISCS_MAX + 1),
	    SVG_DISCS_MAX - 1);
	assert_int_equal(svg_discs_shown(24), SVG_DISCS_MAX - 1);
}

static void
test_grids(void **state)
{
	(void)state;
	assert_int_equal(svg_grid_of(rules_find("checkers")), SVG_SQUARES);
	assert_int_equal(svg_grid_of(rules_find("stackup")), SVG_SQUARES);
	assert_int_equal(svg_grid_of(rules_find("stackers-brown")),
	    SVG_SQUARES);
	assert_int_equal(svg_grid_of(rules_find("stackers-mogensen")),
	    SVG_SQUARES);
	assert_int_equal(svg_grid_of(rules_find("accasta-pari")),
	    SVG_HEXES);
}

static void
centre(const struct svg_layout *l, const struct rules *r, unsigned sq,
    double *cx, double *cy)
{
	unsigned x, y;

	r->square_xy(sq, &x, &y);
	svg_cell_centre(l, x, y, cx, cy);
}

/* Every hexagon has its centre on the board, no two overlap (centres at
 * least one hexagon width apart) and the middle one touches six. */
static void
test_hexes_touch(void **state)
{
	const struct rules *r = rules_find("accasta-pari");
	struct svg_layout l;
	double ax, ay, bx, by, d2, w2;
	unsigned a, b, six = 0;

	(void)state;
	svg_layout_init(&l, r, 0);
	w2 = l.unit * l.unit;
	for (a = 0; a < r->nsquares; a++) {
		centre(&l, r, a, &ax, &ay);
		assert_true(ax > 0 && ax < l.width && ay > 0 && ay < l.height);
		for (b = 0; b < r->nsquares; b++) {
			if (a == b)
				continue;
			centre(&l, r, b, &bx, &by);
			d2 = (ax - bx) * (ax - bx) + (ay - by) * (ay - by);
			assert_true(d2 > w2 * 0.999);
			if (d2 < w2 * 1.001 && a == 18)
				six++;
		}
	}
	assert_int_equal(six, 6);
}

/* Flipping turns the board half round about its centre. */
static void
test_flip(void **state)
{
	static const char *const games[] = { "checkers",
	    "stackers-brown", "accasta-pari" };
	struct svg_layout l, f;
	const struct rules *r;
	double ax, ay, bx, by;
	unsigned g, sq;

	(void)state;
	for (g = 0; g < 3; g++) {
		r = rules_find(games[g]);
		svg_layout_init(&l, r, 0);
		svg_layout_init(&f, r, 1);
		for (sq = 0; sq < r->nsquares; sq++) {
			centre(&l, r, sq, &ax, &ay);
			centre(&f, r, sq, &bx, &by);
			assert_true(ax + bx > l.width - 0.01 &&
			    ax + bx < l.width + 0.01);
			assert_true(ay + by > l.height - 0.01 &&
			    ay + by < l.height + 0.01);
		}
	}
}

static size_t
count(const char *s, const char *what)
{
	size_t n = 0;

	while ((s = strstr(s, what)) != NULL) {
		n++;
		s++;
	}
	return n;
}

/* A whole document: one <use> per disc shown, a badge for a tall stack,
 * the last move's squares, escaped captions. */
static void
test_document(void **state)
{
	const struct rules *r = rules_find("stackers-brown");
	struct move m;
	struct pos p;
	struct svg_view v;
	char *text = NULL;
	size_t size = 0;
	FILE *out;
	int i;

	(void)state;
	pos_clear(&p, r->nsquares, SIDE_SECOND);
	for (i = 0; i < 10; i++)
		stack_push(&p.sq[27], (enum side)(i % 2), 0);
	stack_push(&p.sq[0], SIDE_FIRST, 1);
	memset(&m, 0, sizeof(m));
	m.nsteps = 1;
	m.step[0].from = 1;
	m.step[0].to = 0;
	memset(&v, 0, sizeof(v));
	v.r = r;
	v.pos = &p;
	v.last = &m;
	v.player[0] = "A & <B>";
	v.status = "line one\nline two";
	v.state = "black offers a draw";
	assert_non_null(out = open_memstream(&text, &size));
	assert_int_equal(svg_write(out, &v), 0);
	fclose(out);
	assert_int_equal(count(text, "<use "), SVG_DISCS_MAX - 1 + 1);
	assert_non_null(strstr(text, ">10</text>"));
	assert_int_equal(count(text, "class=\"o\""), 1);
	assert_int_equal(count(text, "class=\"t\""), 1);
	assert_non_null(strstr(text, "black: A &amp; &lt;B&gt;, red: ?"));
	assert_non_null(strstr(text, ">line two</text>"));
	assert_non_null(strstr(text, ">black offers a draw</text>"));
	assert_non_null(strstr(text, "#d01"));     /* the crowned disc */
	free(text);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_clean),
		cmocka_unit_test(test_escape),
		cmocka_unit_test(test_discs),
		cmocka_unit_test(test_grids),
		cmocka_unit_test(test_hexes_touch),
		cmocka_unit_test(test_flip),
		cmocka_unit_test(test_document),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
