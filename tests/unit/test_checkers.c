/* test_checkers.c - American checkers rules and board32 geometry. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "notation/notation.h"
#include "rules/board32.h"
#include "rules/rules.h"

#define MAX_LISTED 64

static const struct rules *
ck(void)
{
	const struct rules *r = rules_find("checkers");

	assert_non_null(r);
	return r;
}

/* Puts a piece on square n (1..32). */
static void
put(struct pos *p, unsigned n, enum side side, int king)
{
	assert_int_equal(stack_push(&p->sq[n - 1], side, king), 0);
}

struct listing {
	const struct pos *p;
	unsigned n;
	struct move m[MAX_LISTED];
	char text[MAX_LISTED][64];
};

static int
list_one(void *ctx, const struct move *m)
{
	struct listing *l = ctx;

	assert_true(l->n < MAX_LISTED);
	l->m[l->n] = *m;
	assert_true(ck()->move_format(l->p, m, l->text[l->n],
	    sizeof(l->text[0])) > 0);
	l->n++;
	return 0;
}

/* Lists the legal moves of p with their canonical texts. */
static void
list_moves(const struct pos *p, struct listing *l)
{
	memset(l, 0, sizeof(*l));
	l->p = p;
	assert_int_equal(ck()->generate(p, list_one, l), 0);
}

/* Asserts the legal moves of p, canonical, space separated. */
static void
assert_moves(const struct pos *p, const char *want)
{
	struct listing l;
	char got[1024] = "";
	unsigned i;

	list_moves(p, &l);
	for (i = 0; i < l.n; i++) {
		if (i > 0)
			strcat(got, " ");
		strcat(got, l.text[i]);
	}
	assert_string_equal(got, want);
}

/* Resolves text in p: returns the number of matches. */
static unsigned
resolve(const struct pos *p, const char *text, struct move *found)
{
	struct move pat;
	size_t err = 99;

	assert_int_equal(ck()->move_parse(text, strlen(text), &pat, &err), 0);
	return rules_resolve(ck(), p, &pat, found);
}

static void
test_geometry(void **state)
{
	unsigned sq, x, y;
	int d, n;

	(void)state;
	for (sq = 0; sq < 32; sq++)
		for (d = 0; d < B32_NDIRS; d++) {
			n = board32_next(sq, (enum b32_dir)d);
			assert_int_equal(board32_shift((uint32_t)1 << sq,
			    (enum b32_dir)d), n < 0 ? 0 : (uint32_t)1 << n);
		}
	assert_int_equal(board32_next(9, B32_FWD_LOW), 13);
	assert_int_equal(board32_next(9, B32_FWD_HIGH), 14);
	assert_int_equal(board32_jump(9, B32_FWD_LOW), 16);
	assert_int_equal(board32_next(11, B32_FWD_HIGH), -1);
	ck()->square_xy(0, &x, &y);
	assert_true(x == 6 && y == 0);
	ck()->square_xy(3, &x, &y);
	assert_true(x == 0 && y == 0);
	ck()->square_xy(4, &x, &y);
	assert_true(x == 7 && y == 1);
	ck()->square_xy(31, &x, &y);
	assert_true(x == 1 && y == 7);
}

static void
test_square_text(void **state)
{
	size_t used;
	char buf[4];

	(void)state;
	assert_int_equal(ck()->square_parse("12x", 3, &used), 11);
	assert_int_equal(used, 2);
	assert_int_equal(ck()->square_parse("32", 2, &used), 31);
	assert_int_equal(ck()->square_parse("33", 2, &used), -1);
	assert_int_equal(ck()->square_parse("0", 1, &used), -1);
	assert_int_equal(ck()->square_parse("123", 3, &used), -1);
	assert_int_equal(ck()->square_parse(" 1", 2, &used), -1);
	assert_int_equal(ck()->square_name(31, buf, sizeof(buf)), 2);
	assert_string_equal(buf, "32");
	assert_int_equal(ck()->square_name(31, buf, 2), -1);
}

/* Source (tests/unit/perft_source.h): published.  Depths 1-9 are the
 * published table RULES.md section 1 gives (to depth 12); depth 0 is
 * the start itself.  Checked with the fast perft, and to depth 7 with
 * the generic walk too. */
static void
test_perft_start(void **state)
{
	static const uint64_t want[] = { 1, 7, 49, 302, 1469, 7361, 36768,
	    179740, 845931, 3963680 };
	struct pos p;
	unsigned d;

	(void)state;
	ck()->start(&p);
	for (d = 0; d < 10; d++) {
		assert_int_equal(rules_perft(ck(), &p, d), want[d]);
		if (d <= 7)
			assert_int_equal(rules_perft_generic(ck(), &p, d),
			    want[d]);
	}
}

/* Fast path and generic walk agree in a position with kings.  Source of
 * 34786: this program alone, two methods (the fast perft, equal to the
 * generic walk at depths 1-7 just before). */
static void
test_perft_kings(void **state)
{
	struct pos p;
	unsigned d;

	(void)state;
	pos_clear(&p, 32, SIDE_SECOND);
	put(&p, 6, SIDE_FIRST, 1);
	put(&p, 15, SIDE_FIRST, 0);
	put(&p, 18, SIDE_FIRST, 0);
	put(&p, 11, SIDE_FIRST, 1);
	put(&p, 23, SIDE_SECOND, 1);
	put(&p, 22, SIDE_SECOND, 0);
	put(&p, 27, SIDE_SECOND, 0);
	put(&p, 10, SIDE_SECOND, 1);
	for (d = 1; d <= 7; d++)
		assert_int_equal(rules_perft(ck(), &p, d),
		    rules_perft_generic(ck(), &p, d));
	assert_int_equal(rules_perft(ck(), &p, 7), 34786);
}

static int
divide_one(void *ctx, const struct move *m)
{
	const struct pos *start = ((const struct pos **)ctx)[0];
	struct pos next = *start;

	ck()->apply(&next, m);
	assert_int_equal(rules_count_moves(ck(), &next), 7);
	assert_int_equal(rules_perft(ck(), &next, 1), 7);
	(*(unsigned *)((void **)ctx)[1])++;
	return 0;
}

static void
test_divide(void **state)
{
	struct pos p;
	unsigned n = 0;
	void *ctx[2] = { &p, &n };

	(void)state;
	ck()->start(&p);
	ck()->generate(&p, divide_one, ctx);
	assert_int_equal(n, 7);
	assert_moves(&p, "9-13 9-14 10-14 10-15 11-15 11-16 12-16");
}

static void
test_compulsory(void **state)
{
	struct pos p;

	(void)state;
	pos_clear(&p, 32, SIDE_FIRST);
	put(&p, 1, SIDE_FIRST, 0);
	put(&p, 10, SIDE_FIRST, 0);
	put(&p, 14, SIDE_SECOND, 0);
	assert_moves(&p, "10x17");
	pos_clear(&p, 32, SIDE_FIRST);
	put(&p, 1, SIDE_FIRST, 0);
	put(&p, 10, SIDE_FIRST, 0);
	put(&p, 22, SIDE_SECOND, 0);
	assert_moves(&p, "1-5 1-6 10-14 10-15");
}

static void
test_multi_jump(void **state)
{
	struct pos p;
	struct listing l;

	(void)state;
	pos_clear(&p, 32, SIDE_FIRST);
	put(&p, 10, SIDE_FIRST, 0);
	put(&p, 14, SIDE_SECOND, 0);
	put(&p, 22, SIDE_SECOND, 0);
	list_moves(&p, &l);
	assert_int_equal(l.n, 1);
	assert_int_equal(l.m[0].nsteps, 2);
	assert_int_equal(l.m[0].step[0].over, 13);
	assert_int_equal(l.m[0].step[1].over, 21);
	assert_int_equal(l.m[0].step[1].kind, STEP_CAPTURE);
	assert_string_equal(l.text[0], "10x26");
	ck()->apply(&p, &l.m[0]);
	assert_int_equal(p.sq[25].height, 1);
	assert_int_equal(p.sq[13].height + p.sq[21].height, 0);
	assert_int_equal(pos_count(&p, SIDE_SECOND), 0);
	assert_int_equal(p.turn, SIDE_SECOND);
}

static void
test_crowning_ends_move(void **state)
{
	struct pos p;
	struct listing l;

	(void)state;
	pos_clear(&p, 32, SIDE_FIRST);
	put(&p, 22, SIDE_FIRST, 0);
	put(&p, 26, SIDE_SECOND, 0);
	put(&p, 27, SIDE_SECOND, 0);
	list_moves(&p, &l);
	assert_int_equal(l.n, 1);
	assert_string_equal(l.text[0], "22x31");
	ck()->apply(&p, &l.m[0]);
	assert_true(stack_top_crowned(&p.sq[30]));
	assert_int_equal(p.sq[26].height, 1);
	/* A king in the same place goes on. */
	pos_clear(&p, 32, SIDE_FIRST);
	put(&p, 22, SIDE_FIRST, 1);
	put(&p, 26, SIDE_SECOND, 0);
	put(&p, 27, SIDE_SECOND, 0);
	assert_moves(&p, "22x24");
	/* A plain move onto the far row crowns too. */
	pos_clear(&p, 32, SIDE_SECOND);
	put(&p, 5, SIDE_SECOND, 0);
	put(&p, 30, SIDE_FIRST, 0);
	list_moves(&p, &l);
	assert_string_equal(l.text[0], "5-1");
	ck()->apply(&p, &l.m[0]);
	assert_true(stack_top_crowned(&p.sq[0]));
}

static void
test_backward(void **state)
{
	struct pos p;

	(void)state;
	pos_clear(&p, 32, SIDE_FIRST);
	put(&p, 14, SIDE_FIRST, 0);
	assert_moves(&p, "14-17 14-18");
	pos_clear(&p, 32, SIDE_FIRST);
	put(&p, 14, SIDE_FIRST, 1);
	assert_moves(&p, "14-9 14-10 14-17 14-18");
	pos_clear(&p, 32, SIDE_FIRST);
	put(&p, 18, SIDE_FIRST, 0);
	put(&p, 14, SIDE_SECOND, 0);
	assert_moves(&p, "18-22 18-23");
	pos_clear(&p, 32, SIDE_FIRST);
	put(&p, 18, SIDE_FIRST, 1);
	put(&p, 14, SIDE_SECOND, 0);
	assert_moves(&p, "18x9");
	/* White men go down the board, white kings both ways. */
	pos_clear(&p, 32, SIDE_SECOND);
	put(&p, 14, SIDE_SECOND, 0);
	assert_moves(&p, "14-9 14-10");
}

static void
test_not_jumped_twice(void **state)
{
	struct pos p;
	struct listing l;

	(void)state;
	pos_clear(&p, 32, SIDE_FIRST);
	put(&p, 10, SIDE_FIRST, 1);
	put(&p, 14, SIDE_SECOND, 0);
	list_moves(&p, &l);
	assert_int_equal(l.n, 1);
	assert_int_equal(l.m[0].nsteps, 1);
	/* Around a ring of four and back home, but not round again. */
	put(&p, 15, SIDE_SECOND, 0);
	put(&p, 22, SIDE_SECOND, 0);
	put(&p, 23, SIDE_SECOND, 0);
	assert_moves(&p, "10x17x26x19x10 10x19x26x17x10");
	list_moves(&p, &l);
	assert_int_equal(l.m[0].nsteps, 4);
	ck()->apply(&p, &l.m[0]);
	assert_int_equal(pos_count(&p, SIDE_SECOND), 0);
	assert_int_equal(p.sq[9].height, 1);
}

static void
test_two_paths(void **state)
{
	struct pos p;
	struct move found;

	(void)state;
	pos_clear(&p, 32, SIDE_FIRST);
	put(&p, 10, SIDE_FIRST, 0);
	put(&p, 14, SIDE_SECOND, 0);
	put(&p, 15, SIDE_SECOND, 0);
	put(&p, 22, SIDE_SECOND, 0);
	put(&p, 23, SIDE_SECOND, 0);
	assert_moves(&p, "10x17x26 10x19x26");
	assert_int_equal(resolve(&p, "10x26", NULL), 2);
	assert_int_equal(resolve(&p, "10x19x26", &found), 1);
	assert_int_equal(found.step[0].over, 14);
	assert_int_equal(resolve(&p, "10-19-26", NULL), 1);
	assert_int_equal(resolve(&p, "10x19", NULL), 0);
	/* Without 15 only one path fits the elided form. */
	memset(&p.sq[14], 0, sizeof(p.sq[14]));
	assert_moves(&p, "10x26");
	assert_int_equal(resolve(&p, "10x26", &found), 1);
	assert_int_equal(found.nsteps, 2);
	assert_int_equal(found.step[0].to, 16);
	assert_int_equal(resolve(&p, "10:17:26", NULL), 1);
	assert_int_equal(resolve(&p, "10x17", NULL), 0);
}

/* Sets p from a checkers FEN. */
static void
setup(struct pos *p, const char *fen)
{
	const char *why = NULL;
	size_t err = 0;

	if (fen_parse(ck(), fen, p, &err, &why) != 0)
		fail_msg("%s: %s at %zu", fen, why, err);
}

/* A three-jump chain ending one jump from its origin is written by its
 * ends, as PDN writes it, when no other legal move has them (it was
 * written in full and its ends refused: issue 11 item 1); so are the
 * issue's examples. */
static void
test_short_form_not_ambiguous(void **state)
{
	struct pos p;
	struct move found;

	(void)state;
	setup(&p, "B:W14,22,23:BK10");
	assert_moves(&p, "10x19");
	assert_int_equal(resolve(&p, "10x19", &found), 1);
	assert_int_equal(found.nsteps, 3);
	assert_int_equal(resolve(&p, "10x17x26x19", NULL), 1);
	assert_int_equal(resolve(&p, "10x26x19", NULL), 1);
	setup(&p, "W:WK2,13,17,23,26:B6,14,15");	/* 2x9x18x11 */
	assert_moves(&p, "2x11 17x1");
	assert_int_equal(resolve(&p, "2x11", &found), 1);
	assert_int_equal(found.nsteps, 3);
	setup(&p, "B:W18,25,26:BK14");	/* 14x23x30x21 */
	assert_moves(&p, "14x21");
	assert_int_equal(resolve(&p, "14x21", &found), 1);
	assert_int_equal(found.nsteps, 3);
}

/* A king that can jump once from 11 to 4 over 8, or go round 11x18x27
 * x20x11 (either way) and then jump to 4: the two round trips share
 * their ends with the single jump, so they are written in full, and
 * 11x4, the single jump's whole path, denotes it alone (it would
 * otherwise be a legal move no text could name). */
static void
test_single_jump_and_round_trip(void **state)
{
	struct pos p;
	struct move found;

	(void)state;
	setup(&p, "B:W8,12,15,16,23,K24,31:B2,6,K11,K13,K29");
	assert_moves(&p, "11x4 11x18x27x20x11x4 11x20x27x18x11x4");
	assert_int_equal(resolve(&p, "11x4", &found), 1);
	assert_int_equal(found.nsteps, 1);
	assert_int_equal(resolve(&p, "11x18x27x20x11x4", &found), 1);
	assert_int_equal(found.nsteps, 5);
	assert_int_equal(resolve(&p, "11x18x4", NULL), 2);
	assert_int_equal(resolve(&p, "11x27x4", NULL), 2);
	assert_int_equal(resolve(&p, "11x20x4", NULL), 2);
}

static void
test_parse(void **state)
{
	struct move m;
	size_t err = 0;

	(void)state;
	assert_int_equal(ck()->move_parse("11-15", 5, &m, &err), 0);
	assert_int_equal(m.nsteps, 1);
	assert_int_equal(m.step[0].kind, STEP_ANY);
	assert_int_equal(m.step[0].from, 10);
	assert_int_equal(m.step[0].to, 14);
	assert_int_equal(m.flags, MOVE_ELIDED);	/* any text may elide */
	assert_int_equal(ck()->move_parse("15x22x29", 8, &m, &err), 0);
	assert_int_equal(m.nsteps, 2);
	assert_int_equal(m.step[1].kind, STEP_ANY);
	assert_int_equal(m.flags, MOVE_ELIDED);
	assert_int_equal(ck()->move_parse("11x25", 5, &m, &err), 0);
	assert_int_equal(m.flags, MOVE_ELIDED);
	assert_int_equal(ck()->move_parse("15\xc3\x97" "22", 6, &m, &err), 0);
	assert_int_equal(m.step[0].kind, STEP_ANY);
	assert_int_equal(m.step[0].to, 21);
	assert_int_equal(ck()->move_parse("15:22", 5, &m, &err), 0);
	assert_int_equal(m.step[0].kind, STEP_ANY);
}

/* Archives write plain moves with x (tinsley.pdn: 10x14) and jumps with
 * '-': the squares decide, never the separator. */
static void
test_separator_free(void **state)
{
	struct pos p;
	struct move found;

	(void)state;
	ck()->start(&p);
	assert_int_equal(resolve(&p, "10x14", &found), 1);
	assert_int_equal(found.step[0].kind, STEP_MOVE);
	assert_int_equal(resolve(&p, "10x15", NULL), 1);
	assert_int_equal(resolve(&p, "10x19", NULL), 0);
	pos_clear(&p, 32, SIDE_FIRST);
	stack_push(&p.sq[9], SIDE_FIRST, 0);
	stack_push(&p.sq[13], SIDE_SECOND, 0);
	assert_int_equal(resolve(&p, "10-19", &found), 0);
	assert_int_equal(resolve(&p, "10-17", &found), 1);
	assert_int_equal(found.step[0].kind, STEP_CAPTURE);
	assert_int_equal(found.step[0].over, 13);
}

static void
test_parse_garbage(void **state)
{
	static const struct {
		const char *text;
		size_t err;
	} bad[] = {
		{ "", 0 }, { "a2", 0 }, { "11", 2 }, { "11-", 3 },
		{ "11--15", 3 }, { "11-15x", 6 }, { "11-40", 3 },
		{ "11 15", 2 }, { "11-15 ", 5 }, { "\xc3", 0 },
	};
	struct move m;
	size_t i, err;

	(void)state;
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		err = 99;
		assert_int_equal(ck()->move_parse(bad[i].text,
		    strlen(bad[i].text), &m, &err), -1);
		assert_int_equal(err, bad[i].err);
	}
}

/* A pattern whose target is no square (built by hand: the parser
 * refuses "11-40") matches nothing, and the range is checked before
 * the square is made a bit (a shift by 40 or 254: UBSan's error). */
static void
test_resolve_off_board(void **state)
{
	static const uint8_t to[] = { 32, 40, SQ_OFF, SQ_NONE };
	struct move pat;
	struct pos p;
	size_t i, err;

	(void)state;
	ck()->start(&p);
	assert_int_equal(ck()->move_parse("11-15", 5, &pat, &err), 0);
	for (i = 0; i < sizeof(to); i++) {
		pat.step[0].to = to[i];
		assert_int_equal(rules_resolve(ck(), &p, &pat, NULL), 0);
	}
}

static void
test_outcome(void **state)
{
	struct pos p;
	const char *why = "unset";

	(void)state;
	ck()->start(&p);
	assert_int_equal(ck()->outcome(&p, &why), OUTCOME_NONE);
	assert_null(why);
	pos_clear(&p, 32, SIDE_FIRST);
	put(&p, 5, SIDE_FIRST, 0);
	put(&p, 9, SIDE_SECOND, 0);
	put(&p, 14, SIDE_SECOND, 0);
	assert_int_equal(ck()->outcome(&p, &why), OUTCOME_SECOND_WINS);
	assert_string_equal(why, "red has no legal move");
	p.turn = SIDE_SECOND;
	assert_int_equal(ck()->outcome(&p, &why), OUTCOME_NONE);
	pos_clear(&p, 32, SIDE_SECOND);
	put(&p, 5, SIDE_FIRST, 0);
	assert_int_equal(ck()->outcome(&p, &why), OUTCOME_FIRST_WINS);
	assert_string_equal(why, "white has no pieces left");
}

/* The algebraic names of the research notes: 1 = b8, 4 = h8, 5 = a7,
 * 29 = a1, 32 = g1; every square reads back from both of its names. */
static void
test_algebraic_squares(void **state)
{
	static const struct {
		unsigned n;
		const char *name;
	} known[] = {
		{ 1, "b8" }, { 4, "h8" }, { 5, "a7" }, { 8, "g7" },
		{ 11, "f6" }, { 15, "e5" }, { 29, "a1" }, { 32, "g1" },
	};
	char name[8];
	size_t i, used;
	unsigned sq;

	(void)state;
	for (i = 0; i < sizeof(known) / sizeof(known[0]); i++) {
		assert_int_equal(board32_square_style_name(known[i].n - 1,
		    SQUARES_ALGEBRAIC, name, sizeof(name)), 2);
		assert_string_equal(name, known[i].name);
	}
	for (sq = 0; sq < B32_SQUARES; sq++) {
		board32_square_style_name(sq, SQUARES_ALGEBRAIC, name,
		    sizeof(name));
		assert_int_equal(board32_square_parse(name, 2, &used),
		    (int)sq);
		board32_square_style_name(sq, SQUARES_NUMERIC, name, sizeof(name));
		assert_int_equal(board32_square_parse(name, strlen(name),
		    &used), (int)sq);
	}
	assert_int_equal(board32_square_parse("a8", 2, &used), -1);
	assert_int_equal(board32_square_parse("h1", 2, &used), -1);
	assert_int_equal(board32_square_parse("i1", 2, &used), -1);
	/* upper case too (issue 11 item 2: D6-C5 was refused) */
	assert_int_equal(board32_square_parse("B8", 2, &used), 0);
	assert_int_equal(board32_square_parse("G1", 2, &used), 31);
	assert_int_equal(board32_text_style("B:B2"), SQUARES_NUMERIC);
	assert_int_equal(board32_square_parse("b9", 2, &used), -1);
	assert_string_equal(rules_style_code(SQUARES_NUMERIC), "N1");
	assert_string_equal(rules_style_code(SQUARES_ALGEBRAIC), "A3");
}

/* A move in algebraic squares reads as the same move numbered. */
static void
test_algebraic_moves(void **state)
{
	struct move a, n;
	size_t err;

	(void)state;
	assert_int_equal(ck()->move_parse("f6-e5", 5, &a, &err), 0);
	assert_int_equal(ck()->move_parse("11-15", 5, &n, &err), 0);
	assert_memory_equal(&a, &n, sizeof(a));
	assert_int_equal(ck()->move_parse("d6xb4xd2", 8, &a, &err), 0);
	assert_int_equal(ck()->move_parse("10x17x26", 8, &n, &err), 0);
	assert_memory_equal(&a, &n, sizeof(a));
	assert_int_equal(ck()->move_parse("f6-e", 4, &a, &err), -1);
	assert_int_equal(err, 3);
	assert_true(ck()->restyle != NULL);
	assert_true(rules_find("stackup")->restyle != NULL);
	assert_true(rules_find("stackers-mogensen")->restyle == NULL);
}

/* Restyling a text rewrites its square names only, both ways. */
static void
test_restyle(void **state)
{
	static const struct {
		const char *numeric, *algebraic;
	} pair[] = {
		{ "11-15", "f6-e5" }, { "10x17x26", "d6xb4xd2" },
		{ "B:W18,24,K27:B12,16", "B:Wd4,g3,Kf2:Bh6,g5" },
		{ "w:11=bw,15=b,22=Wwb", "w:f6=bw,e5=b,c3=Wwb" },
		{ "W:W:B", "W:W:B" },
	};
	char buf[64];
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(pair) / sizeof(pair[0]); i++) {
		assert_int_equal(board32_restyle(pair[i].numeric,
		    SQUARES_ALGEBRAIC, buf, sizeof(buf)),
		    (int)strlen(pair[i].algebraic));
		assert_string_equal(buf, pair[i].algebraic);
		board32_restyle(pair[i].algebraic, SQUARES_NUMERIC, buf,
		    sizeof(buf));
		assert_string_equal(buf, pair[i].numeric);
		board32_restyle(pair[i].numeric, SQUARES_NUMERIC, buf,
		    sizeof(buf));
		assert_string_equal(buf, pair[i].numeric);
	}
	assert_int_equal(board32_restyle("11-15", SQUARES_ALGEBRAIC, buf, 5), -1);
	assert_int_equal(board32_text_style("11-15"), SQUARES_NUMERIC);
	assert_int_equal(board32_text_style("B:Wd4:Bg7"), SQUARES_ALGEBRAIC);
	assert_int_equal(board32_text_style("b:w18"), SQUARES_NUMERIC);
	assert_int_equal(board32_text_style("W:W:B"), -1);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_geometry),
		cmocka_unit_test(test_square_text),
		cmocka_unit_test(test_perft_start),
		cmocka_unit_test(test_perft_kings),
		cmocka_unit_test(test_divide),
		cmocka_unit_test(test_compulsory),
		cmocka_unit_test(test_multi_jump),
		cmocka_unit_test(test_crowning_ends_move),
		cmocka_unit_test(test_backward),
		cmocka_unit_test(test_not_jumped_twice),
		cmocka_unit_test(test_two_paths),
		cmocka_unit_test(test_short_form_not_ambiguous),
		cmocka_unit_test(test_single_jump_and_round_trip),
		cmocka_unit_test(test_parse),
		cmocka_unit_test(test_separator_free),
		cmocka_unit_test(test_parse_garbage),
		cmocka_unit_test(test_resolve_off_board),
		cmocka_unit_test(test_outcome),
		cmocka_unit_test(test_algebraic_squares),
		cmocka_unit_test(test_algebraic_moves),
		cmocka_unit_test(test_restyle),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
