/* test_fen.c - the FEN of both styles (notation/fen.c): reading,
 * canonical writing and every error. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "notation/notation.h"

static const struct rules *
game(const char *name)
{
	const struct rules *r = rules_find(name);

	assert_non_null(r);
	return r;
}

/* Parses in, expects success and canonical output out. */
static void
roundtrip(const char *name, const char *in, const char *out)
{
	const struct rules *r = game(name);
	struct pos p, q;
	const char *why = NULL;
	size_t err = 0;
	char buf[512];

	if (fen_parse(r, in, &p, &err, &why) != 0)
		fail_msg("%s: %s at %zu", in, why, err);
	assert_int_equal(fen_format(r, &p, buf, sizeof(buf)),
	    (int)strlen(out));
	assert_string_equal(buf, out);
	assert_int_equal(fen_parse(r, buf, &q, NULL, NULL), 0);
	assert_true(pos_equal(&p, &q));
}

/* Expects in to fail at byte offset at with reason why. */
static void
bad(const char *name, const char *in, size_t at, const char *why)
{
	const char *w = NULL;
	struct pos p;
	size_t err = 99999;

	assert_int_equal(fen_parse(game(name), in, &p, &err, &w), -1);
	assert_non_null(w);
	if (strcmp(w, why) != 0 || err != at)
		fail_msg("%s: got \"%s\" at %zu, want \"%s\" at %zu", in, w,
		    err, why, at);
}

/* fen_parse refuses in of game name; fen_error explains it as want. */
static void
explained(const char *name, const char *in, const char *want)
{
	const char *w = NULL;
	struct pos p;
	size_t err = 0;
	char buf[256];

	assert_int_equal(fen_parse(game(name), in, &p, &err, &w), -1);
	assert_int_equal(fen_error(game(name), in, err, w, buf, sizeof(buf)),
	    (int)strlen(want));
	assert_string_equal(buf, want);
}

/* A square the board does not have is named with the board's squares,
 * in its own style (issue 11 item 3). */
static void
test_no_square(void **state)
{
	(void)state;
	explained("checkers", "B:W1:B33", "no square 33 on this board "
	    "(1-32) at character 7 of \"B:W1:B33\"");
	explained("checkers", "B:W1-40", "no square 40 on this board (1-32) "
	    "at character 6 of \"B:W1-40\"");
	explained("checkers", "B:Wa2", "no square a2 on this board (the dark "
	    "squares of a1-h8) at character 4 of \"B:Wa2\"");
	explained("checkers", "B:W1,:B2",
	    "expected a square at character 6 of \"B:W1,:B2\"");
	explained("stackup", "w:1b",
	    "expected a square at character 3 of \"w:1b\"");
	explained("stackers-mogensen", "w:33=b", "no square 33 on this board "
	    "(1-32) at character 3 of \"w:33=b\"");
	explained("stackers-brown", "b:h9=b", "no square h9 on this board "
	    "(a1-h8) at character 3 of \"b:h9=b\"");
	explained("accasta-pari", "w:d8=w", "no square d8 on this board "
	    "(a1-a4, b1-b5, c1-c6, d1-d7, e1-e6, f1-f5, g1-g4) at character "
	    "3 of \"w:d8=w\"");
}

/* A position the rules forbid is refused, as a whole (issue 11 item
 * 6): a man on the row where it is crowned, more pieces than the game
 * has, an empty board (bridges.pdn game 14: W::.) where the game does
 * not start empty; a stackup man may stand on its crowning row.  The
 * offset is the square at fault's (issue 22 item 11), the start for a
 * fault of the whole position. */
static void
test_impossible(void **state)
{
	(void)state;
	bad("checkers", "B:W1,24:B12", 3,
	    "a man on the row where it is crowned");
	bad("checkers", "W:W9:B32", 6, "a man on the row where it is crowned");
	roundtrip("checkers", "W:WK1:BK32", "W:WK1:BK32");
	bad("checkers", "B:W21-32:B1-12,13", 15,
	    "more checkers than the game has");
	bad("checkers", "W::.", 0, "an empty board");
	bad("checkers", "W", 0, "an empty board");
	bad("stackup", "w:", 0, "an empty board");
	bad("stackers-mogensen", "b", 0, "an empty board");
	bad("accasta-pari", "w", 0, "an empty board");
	roundtrip("stackers-brown", "b", "b:");	/* Brown starts empty */
	roundtrip("stackup", "b:30=bw,3=w", "b:3=w,30=bw");
	explained("checkers", "W::.", "an empty board in \"W::.\"");
}

static void
test_checkers_read(void **state)
{
	const struct rules *r = game("checkers");
	struct pos p;

	(void)state;
	assert_int_equal(fen_parse(r, "W:W18,24,K27:B12,16", &p, NULL,
	    NULL), 0);
	assert_int_equal(p.turn, SIDE_SECOND);
	assert_int_equal(p.nsquares, 32);
	assert_int_equal(p.sq[17].height, 1);
	assert_int_equal(stack_top_side(&p.sq[17]), SIDE_SECOND);
	assert_false(stack_top_crowned(&p.sq[17]));
	assert_true(stack_top_crowned(&p.sq[26]));
	assert_int_equal(stack_top_side(&p.sq[11]), SIDE_FIRST);
	assert_int_equal(pos_count(&p, SIDE_FIRST), 2);
	assert_int_equal(pos_count(&p, SIDE_SECOND), 3);
}

static void
test_checkers_canonical(void **state)
{
	(void)state;
	roundtrip("checkers", "B:W18,24,K27:B12,16", "B:W18,24,K27:B12,16");
	roundtrip("checkers", "b:b16,12:wk27,24", "B:W24,K27:B12,16");
	roundtrip("checkers", "B:BK30,12,5:W27,19,K13.",
	    "B:WK13,19,27:B5,12,K30");
	roundtrip("checkers", "W:W31,27,19:B17,12,5.",
	    "W:W19,27,31:B5,12,17");
	roundtrip("checkers", " W : W 9 , 10 : B 1 - 4 , K5 . ",
	    "W:W9,10:B1,2,3,4,K5");
	roundtrip("checkers", "B:W21-32:B1-12",
	    "B:W21,22,23,24,25,26,27,28,29,30,31,32:"
	    "B1,2,3,4,5,6,7,8,9,10,11,12");
	roundtrip("checkers", "B:WK1-3:B", "B:WK1,K2,K3:B");
	roundtrip("checkers", "B:W:B1", "B:W:B1");
	roundtrip("checkers", "B:B5", "B:W:B5");
	/* "W" and "W::." (bridges.pdn game 14) are empty boards:
	 * refused since issue 11 item 6, see test_impossible */
}

static void
test_checkers_errors(void **state)
{
	(void)state;
	bad("checkers", "", 0, "expected 'B', 'W' or '?'");
	bad("checkers", "X:W1:B2", 0, "expected 'B', 'W' or '?'");
	bad("checkers", "B:X1:B2", 2, "expected 'B' or 'W'");
	bad("checkers", "B;W1:B2", 1, "expected ':'");
	bad("checkers", "B:W1:B33", 6, "square out of range");
	bad("checkers", "B:W0", 3, "square out of range");
	bad("checkers", "B:W1:B1", 6, "given twice");
	bad("checkers", "B:W1:W2", 5, "colour given twice");
	bad("checkers", "B:W1,:B2", 5, "expected a square");
	bad("checkers", "B:W1;2", 4, "expected ',' or ':'");
	bad("checkers", "B:W5-2", 3, "range goes backwards");
	bad("checkers", "B:W1-40", 5, "square out of range");
	bad("checkers", "B:Wa2", 3, "expected a square");
	bad("checkers", "B:W1. x", 6, "unexpected text after the position");
}

static void
test_stacks_read(void **state)
{
	const struct rules *r = game("stackup");
	struct pos p;

	(void)state;
	assert_int_equal(fen_parse(r, "w:11=bw,15=b,22=Wwb", &p, NULL,
	    NULL), 0);
	assert_int_equal(p.turn, SIDE_SECOND);
	assert_int_equal(p.sq[10].height, 2);
	/* top first: b on top of w */
	assert_int_equal(p.sq[10].owner, 1u);
	assert_int_equal(stack_top_side(&p.sq[10]), SIDE_FIRST);
	assert_int_equal(p.sq[21].height, 3);
	assert_int_equal(stack_top_side(&p.sq[21]), SIDE_SECOND);
	assert_true(stack_top_crowned(&p.sq[21]));
	assert_int_equal(p.sq[21].crown, 4u);
	assert_int_equal(pos_count(&p, SIDE_FIRST), 3);
}

static void
test_stacks_canonical(void **state)
{
	(void)state;
	roundtrip("stackup", "w:11=bw,15=b,22=Wwb", "w:11=bw,15=b,22=Wwb");
	roundtrip("stackup", "B : 22 = wWB , 1=w .", "b:1=w,22=wWB");
	roundtrip("stackers-brown", "b:", "b:");	/* stackup's "b:" is
							 * an empty board */
	roundtrip("stackers-brown", "r:d1=b", "r:d1=b");	/* stackup's
							 * "w" is empty */
	roundtrip("stackup",
	    "b:32=bbbbbbbbbbbbwwwwwwwwwwww",
	    "b:32=bbbbbbbbbbbbwwwwwwwwwwww");
}

static void
test_stacks_errors(void **state)
{
	(void)state;
	bad("stackup", "r:1=b", 0, "expected the side to move");
	bad("stackup", "w;1=b", 1, "expected ':'");
	bad("stackup", "w:1=b,1=w", 6, "given twice");
	bad("stackup", "w:33=b", 2, "square out of range");
	bad("stackup", "w:1 b", 4, "expected '='");
	bad("stackup", "w:1b", 2, "expected a square");
	bad("stackup", "w:1=", 4, "expected a stack");
	bad("stackup", "w:1=bxw", 5, "unknown colour letter");
	bad("stackup", "w:1=b;2=w", 5, "expected ','");
	bad("stackup", "w:=b", 2, "expected a square");
	bad("stackup", "w:1=b.x", 6, "unexpected text after the position");
	bad("stackup", "b:32=bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb", 5,
	    "stack too high");
	bad("stackup", "b:32=bbbbbbbbbbbbb", 2,
	    "more checkers than the game has");
	bad("stackers-brown", "b:d4=bbbbbbb,e5=bbbbbbrr", 13,
	    "more checkers than the game has");
	bad("accasta-pari", "b:g1=bbbb", 2,
	    "a stack holds more than 3 stones of a colour");
}

static void
test_format_small_buffer(void **state)
{
	const struct rules *r = game("checkers");
	struct pos p;
	char buf[8];

	(void)state;
	r->start(&p);
	assert_int_equal(fen_format(r, &p, buf, sizeof(buf)), -1);
	assert_int_equal(fen_format(r, &p, buf, 0), -1);
}

static void
test_start_position(void **state)
{
	const struct rules *r = game("checkers");
	struct pos p;
	char buf[256];

	(void)state;
	r->start(&p);
	assert_true(fen_format(r, &p, buf, sizeof(buf)) > 0);
	assert_string_equal(buf, "B:W21,22,23,24,25,26,27,28,29,30,31,32:"
	    "B1,2,3,4,5,6,7,8,9,10,11,12");
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_checkers_read),
		cmocka_unit_test(test_no_square),
		cmocka_unit_test(test_impossible),
		cmocka_unit_test(test_checkers_canonical),
		cmocka_unit_test(test_checkers_errors),
		cmocka_unit_test(test_stacks_read),
		cmocka_unit_test(test_stacks_canonical),
		cmocka_unit_test(test_stacks_errors),
		cmocka_unit_test(test_format_small_buffer),
		cmocka_unit_test(test_start_position),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
