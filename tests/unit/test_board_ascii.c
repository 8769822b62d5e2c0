/*
 * test_board_ascii.c - the ASCII drawer (notation/ascii.c), on small
 * fake games so that it is tested apart from any real rules: a 2x2 full
 * board named like a chessboard (a1..b2), and a doubled grid with holes
 * (a small hexagon) that has castles and a position note.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "notation/ascii.h"

/* The 2x2 board: square = 2 * rank + file; names a1 b1 a2 b2. */
static void
sq_xy(unsigned sq, unsigned *x, unsigned *y)
{
	*x = sq % 2;
	*y = sq / 2;
}

static int
sq_name(unsigned sq, char *buf, size_t size)
{
	return snprintf(buf, size, "%c%u", 'a' + sq % 2, sq / 2 + 1);
}

/*
 * The hexagon on a doubled grid of width 5, height 3:
 *
 *	 c1  c2		squares 5 6
 *	b1  b2  b3	squares 2 3 4
 *	 a1  a2		squares 0 1
 *
 * a1, a2: the first side's castle; c1, c2: the second's.
 */
static const unsigned hex_x[7] = { 1, 3, 0, 2, 4, 1, 3 };
static const unsigned hex_y[7] = { 0, 0, 1, 1, 1, 2, 2 };
static const char *const hex_names[7] = {
	"a1", "a2", "b1", "b2", "b3", "c1", "c2"
};

static void
hex_xy(unsigned sq, unsigned *x, unsigned *y)
{
	*x = hex_x[sq];
	*y = hex_y[sq];
}

static int
hex_name(unsigned sq, char *buf, size_t size)
{
	return snprintf(buf, size, "%s", hex_names[sq]);
}

static int
hex_castle(unsigned sq)
{
	return sq < 2 ? 0 : sq > 4 ? 1 : -1;
}

static int
hex_note(const struct pos *p, char *buf, size_t size)
{
	return snprintf(buf, size, "note: %u stones", pos_count(p, 0) +
	    pos_count(p, 1));
}

/* One row of 7 squares on every other of 13 columns: a1..a7. */
static void
row_xy(unsigned sq, unsigned *x, unsigned *y)
{
	*x = 2 * sq;
	*y = 0;
}

static int
row_name(unsigned sq, char *buf, size_t size)
{
	return snprintf(buf, size, "a%u", sq + 1);
}

static const struct rules row13 = {
	.name = "row13", .side = { "white", "black" }, .letter = { 'w', 'b' },
	.nsquares = 7, .width = 13, .height = 1,
	.square_name = row_name, .square_xy = row_xy
};

static const struct rules square2 = {
	.name = "square2", .side = { "black", "red" }, .letter = { 'b', 'r' },
	.nsquares = 4, .width = 2, .height = 2,
	.square_name = sq_name, .square_xy = sq_xy
};

static const struct rules hex7 = {
	.name = "hex7", .side = { "white", "black" }, .letter = { 'w', 'b' },
	.nsquares = 7, .width = 5, .height = 3,
	.square_name = hex_name, .square_xy = hex_xy,
	.square_castle = hex_castle, .pos_note = hex_note
};

/* Puts the stack written top first (b/r/w lower case, upper: crowned;
 * letter[0] is side 0) on square sq of p. */
static void
put(const struct rules *r, struct pos *p, unsigned sq, const char *top)
{
	size_t i = strlen(top);
	char c;

	while (i-- > 0) {
		c = top[i];
		assert_int_equal(stack_push(&p->sq[sq],
		    (c | 0x20) == r->letter[0] ? SIDE_FIRST : SIDE_SECOND,
		    c != (c | 0x20)), 0);
	}
}

/* Draws p and compares with want. */
static void
expect(const struct rules *r, const struct pos *p, int flip,
    const char *want)
{
	char *buf = NULL;
	size_t size = 0;
	FILE *f = open_memstream(&buf, &size);

	assert_non_null(f);
	assert_int_equal(board_ascii(f, r, p, flip), 0);
	assert_int_equal(fclose(f), 0);
	if (strcmp(buf, want) != 0)
		fail_msg("drawn:\n%s\nwanted:\n%s", buf, want);
	free(buf);
}

static void
test_square_empty(void **state)
{
	struct pos p;

	(void)state;
	pos_clear(&p, 4, SIDE_FIRST);
	expect(&square2, &p, 0,
	    "2 . .\n"
	    "1 . .\n"
	    "  a b\n");
	expect(&square2, &p, 1,
	    "1 . .\n"
	    "2 . .\n"
	    "  b a\n");
}

/* Stacks up to BOARD_CELL_MAX show whole; taller ones cut with '+'
 * and given with their height in the legend. */
static void
test_square_stacks(void **state)
{
	struct pos p;

	(void)state;
	pos_clear(&p, 4, SIDE_FIRST);
	put(&square2, &p, 0, "rbbrbb");
	put(&square2, &p, 1, "b");
	put(&square2, &p, 3, "Rbr");
	expect(&square2, &p, 0,
	    "2    .  Rbr\n"
	    "1 rbb+    b\n"
	    "     a    b\n"
	    "stacks (top first): a1=rbbrbb(6) b2=Rbr\n");
	expect(&square2, &p, 1,
	    "1    b rbb+\n"
	    "2  Rbr    .\n"
	    "     b    a\n"
	    "stacks (top first): a1=rbbrbb(6) b2=Rbr\n");
}

/* Four stacks of 24: the legend wraps, each stack written in full. */
static void
test_square_tall(void **state)
{
	static const char tall[] = "rbrbrbrbrbrbbbbbbbbbbbbr";
	struct pos p;
	unsigned sq;

	(void)state;
	pos_clear(&p, 4, SIDE_FIRST);
	for (sq = 0; sq < 4; sq++)
		put(&square2, &p, sq, tall);
	expect(&square2, &p, 0,
	    "2 rbr+ rbr+\n"
	    "1 rbr+ rbr+\n"
	    "     a    b\n"
	    "stacks (top first): a1=rbrbrbrbrbrbbbbbbbbbbbbr(24)\n"
	    "                    b1=rbrbrbrbrbrbbbbbbbbbbbbr(24)\n"
	    "                    a2=rbrbrbrbrbrbbbbbbbbbbbbr(24)\n"
	    "                    b2=rbrbrbrbrbrbbbbbbbbbbbbr(24)\n");
}

/* Holes are blank, so the doubled grid is a hexagon both ways up; empty
 * castle cells are marked and the marks explained; the note follows. */
static void
test_hex(void **state)
{
	struct pos p;

	(void)state;
	pos_clear(&p, 7, SIDE_FIRST);
	put(&hex7, &p, 0, "ww");
	put(&hex7, &p, 3, "b");
	put(&hex7, &p, 6, "bww");
	expect(&hex7, &p, 0,
	    "        o     bww            c1    c2\n"
	    "    .       b       .     b1    b2    b3\n"
	    "       ww       *            a1    a2\n"
	    "stacks (top first): a1=ww c2=bww\n"
	    "* white's castle, o black's castle\n"
	    "note: 6 stones\n");
	expect(&hex7, &p, 1,
	    "        *      ww            a2    a1\n"
	    "    .       b       .     b3    b2    b1\n"
	    "      bww       o            c2    c1\n"
	    "stacks (top first): a1=ww c2=bww\n"
	    "* white's castle, o black's castle\n"
	    "note: 6 stones\n");
}

/* Narrow cells: the names beside the board; too wide for that (80
 * columns or more): the names under it. */
static void
test_names_below(void **state)
{
	struct pos p;

	(void)state;
	pos_clear(&p, 7, SIDE_FIRST);
	put(&row13, &p, 0, "w");
	expect(&row13, &p, 0,
	    "  w   .   .   .   .   .   .     a1    a2    a3    a4    a5    a6"
	    "    a7\n");
	put(&row13, &p, 6, "bwbwb");
	expect(&row13, &p, 1,
	    "  bwb+         .         .         .         .         .    "
	    "     w\n"
	    "\n"
	    "  a7    a6    a5    a4    a3    a2    a1\n"
	    "stacks (top first): a7=bwbwb(5)\n");
}

static void
test_stack_text(void **state)
{
	struct pos p;
	char buf[4];

	(void)state;
	pos_clear(&p, 4, SIDE_FIRST);
	put(&square2, &p, 0, "rBbr");
	assert_int_equal(board_stack_text(&square2, &p.sq[0], buf,
	    sizeof(buf)), 3);
	assert_string_equal(buf, "rBb");
	assert_int_equal(board_stack_text(&square2, &p.sq[1], buf,
	    sizeof(buf)), 0);
	assert_string_equal(buf, "");
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_square_empty),
		cmocka_unit_test(test_square_stacks),
		cmocka_unit_test(test_square_tall),
		cmocka_unit_test(test_hex),
		cmocka_unit_test(test_names_below),
		cmocka_unit_test(test_stack_text),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
