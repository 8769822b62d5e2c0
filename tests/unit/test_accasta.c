/*
 * test_accasta.c - Accasta Pari rules (RULES.md section 5).
 *
 * Every claim of the worked example is one assertion; each rule has a
 * test that fails when the rule is broken.  The perft tables of
 * tests/data/perft-accasta.txt are checked, and cross-checked against an
 * independent, deliberately naive generator written here on a different
 * representation: cube coordinates (q, r) of a hexagon of radius 3, with
 * stacks as strings (top first, as in the notation), the whole board
 * copied at every step.
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
#include "rules/rules.h"
#include "perft_source.h"

#define FIXTURE "tests/data/perft-accasta.txt"
#define CHECK_MAX 40000000ULL   /* fixture counts checked in the test */
#define NAIVE_MAX 200000ULL     /* counts cross-checked by the naive walk */

/* The worked example of RULES.md 5, Black to move, and its variants. */
#define EXAMPLE "g1=bbb,g2=bbb,g3=bbb,f3=bb,f4=bb,e1=bb,e2=b,d3=b,e4=bw," \
	"a1=www,a2=ww,a3=ww,b1=ww,b2=w,b4=www,b5=ww,d6=wwb,c4=wbw"
#define EXAMPLE2 "g1=bbb,g2=bbb,g3=bbb,f3=bb,e1=bb,e2=b,d3=b,e4=bbbw," \
	"a1=www,a2=ww,a3=ww,b1=ww,b2=w,b4=www,b5=ww,d6=wwb,c4=wbw"

static const struct rules *
ac(void)
{
	const struct rules *r = rules_find("accasta-pari");

	assert_non_null(r);
	return r;
}

/* Sets p from a stack FEN. */
static void
setup(struct pos *p, const char *fen)
{
	const char *why = NULL;
	size_t err = 0;

	if (fen_parse(ac(), fen, p, &err, &why) != 0)
		fail_msg("bad FEN %s at %zu: %s", fen, err, why);
}

static void
assert_fen(const struct pos *p, const char *want)
{
	char buf[512];

	assert_true(fen_format(ac(), p, buf, sizeof(buf)) > 0);
	assert_string_equal(buf, want);
}

/* How many legal moves of p the text denotes (-1: unreadable). */
static int
resolve(const struct pos *p, const char *text, struct move *found)
{
	struct move pat;
	size_t err;

	if (ac()->move_parse(text, strlen(text), &pat, &err) != 0)
		return -1;
	return (int)rules_resolve(ac(), p, &pat, found);
}

static void
assert_legal(const struct pos *p, const char *text)
{
	if (resolve(p, text, NULL) != 1)
		fail_msg("%s should be legal", text);
}

static void
assert_illegal(const struct pos *p, const char *text)
{
	if (resolve(p, text, NULL) != 0)
		fail_msg("%s should be illegal", text);
}

/* Plays text (which must be legal) on p. */
static void
play(struct pos *p, const char *text)
{
	struct move m;

	if (resolve(p, text, &m) != 1)
		fail_msg("%s should be legal", text);
	ac()->apply(p, &m);
}

/* Asserts the canonical text of the move text denotes. */
static void
assert_canonical(const struct pos *p, const char *text, const char *want)
{
	struct move m;
	char buf[64];

	assert_int_equal(resolve(p, text, &m), 1);
	assert_true(ac()->move_format(p, &m, buf, sizeof(buf)) > 0);
	assert_string_equal(buf, want);
}

struct listing {
	const struct pos *p;
	const char *prefix;     /* count only moves starting so, or NULL */
	char text[4096];
	unsigned n;
};

static int
list_one(void *ctx, const struct move *m)
{
	struct listing *l = ctx;
	char buf[64];

	assert_true(ac()->move_format(l->p, m, buf, sizeof(buf)) > 0);
	if (l->prefix != NULL &&
	    strncmp(buf, l->prefix, strlen(l->prefix)) != 0)
		return 0;
	if (l->n++ > 0)
		strcat(l->text, " ");
	assert_true(strlen(l->text) + strlen(buf) < sizeof(l->text) - 1);
	strcat(l->text, buf);
	return 0;
}

/* Asserts the canonical list of the legal moves of p starting with
 * prefix. */
static void
assert_moves(const struct pos *p, const char *prefix, const char *want)
{
	struct listing l;

	memset(&l, 0, sizeof(l));
	l.p = p;
	l.prefix = prefix;
	ac()->generate(p, list_one, &l);
	assert_string_equal(l.text, want);
}

static unsigned
count_moves(const struct pos *p)
{
	return rules_count_moves(ac(), p);
}

/* ---- The independent generator ---------------------------------- */

#define NCELL 8

/* Cube coordinates (q, r, -q-r), |q|, |r|, |q+r| <= 3; cell[q+3][r+3].
 * Cells are numbered r ascending, then q ascending (the official order:
 * rank a is r = -3, cells from White's left). */
struct naive {
	char cell[7][7][NCELL];
	char turn;              /* 'w' or 'b' */
	signed char castle[7][7];       /* 'w', 'b' or 0 */
};

static const int naive_dir[6][2] = {
	{ 1, 0 }, { -1, 0 }, { 0, 1 }, { 0, -1 }, { 1, -1 }, { -1, 1 }
};

static int
naive_on(int q, int r)
{
	return q >= -3 && q <= 3 && r >= -3 && r <= 3 && q + r >= -3 &&
	    q + r <= 3;
}

/* The cube cell of square number sq (in the official order). */
static void
naive_cell(unsigned sq, int *cq, int *cr)
{
	unsigned n = 0;
	int q, r;

	*cq = *cr = 0;
	for (r = -3; r <= 3; r++)
		for (q = -3; q <= 3; q++)
			if (naive_on(q, r) && n++ == sq) {
				*cq = q;
				*cr = r;
				return;
			}
	fail_msg("no cell %u", sq);
}

/* The cell named like "c4": rank letter, then the n-th cell of that
 * rank counted from the left. */
static void
naive_named(const char *name, int *cq, int *cr)
{
	int q, n = 0;

	*cr = name[0] - 'a' - 3;
	for (q = -3; q <= 3; q++)
		if (naive_on(q, *cr) && ++n == name[1] - '0') {
			*cq = q;
			return;
		}
	fail_msg("no cell %s", name);
}

static void
naive_from_pos(struct naive *nb, const struct pos *p)
{
	static const char *const castle[2] = {
		"a1 a2 a3 a4 b2 b3 b4 c3 c4", "g1 g2 g3 g4 f2 f3 f4 e3 e4"
	};
	unsigned sq, k, s;
	int q = 0, r = 0;
	char *c;

	memset(nb, 0, sizeof(*nb));
	nb->turn = p->turn == SIDE_FIRST ? 'w' : 'b';
	for (sq = 0; sq < 37; sq++) {
		naive_cell(sq, &q, &r);
		c = nb->cell[q + 3][r + 3];
		for (k = p->sq[sq].height; k-- > 0; )
			*c++ = (p->sq[sq].owner >> k) & 1 ? 'b' : 'w';
	}
	for (s = 0; s < 2; s++)
		for (k = 0; k < 9; k++) {
			naive_named(castle[s] + 3 * k, &q, &r);
			nb->castle[q + 3][r + 3] = s == 0 ? 'w' : 'b';
		}
}

static unsigned
naive_count(const char *s, char c)
{
	unsigned n = 0;

	for (; *s != '\0'; s++)
		n += *s == c;
	return n;
}

/* Cells of the enemy castle whose top is colour c. */
static unsigned
naive_castled(const struct naive *nb, char c)
{
	unsigned n = 0;
	int q, r;

	for (q = 0; q < 7; q++)
		for (r = 0; r < 7; r++)
			n += nb->castle[q][r] != 0 && nb->castle[q][r] != c &&
			    nb->cell[q][r][0] == c;
	return n;
}

static uint64_t naive_perft(const struct naive *nb, unsigned depth);

static uint64_t
naive_done(const struct naive *after, unsigned depth)
{
	struct naive next = *after;

	if (depth <= 1)
		return 1;
	next.turn = next.turn == 'w' ? 'b' : 'w';
	return naive_perft(&next, depth - 1);
}

/* Whether text (top first) may land on the stack at: not safe, at most
 * three of each colour in the result. */
static int
naive_lands(const char *text, const char *at)
{
	char other = at[0] == 'w' ? 'b' : 'w';

	return naive_count(at, other) < 3 &&
	    naive_count(at, 'w') + naive_count(text, 'w') <= 3 &&
	    naive_count(at, 'b') + naive_count(text, 'b') <= 3;
}

/* Every turn going on from the origin (q, r) of nb. */
static uint64_t
naive_turns(const struct naive *nb, int q, int r, unsigned depth)
{
	const char *o = nb->cell[q + 3][r + 3];
	unsigned k, h = (unsigned)strlen(o), range = naive_count(o, nb->turn);
	int d, dist, tq, tr, rel;
	struct naive next;
	uint64_t n = 0;
	char part[NCELL], *t;

	for (k = 1; k <= h; k++) {
		rel = k < h && o[k] != nb->turn;
		if (rel && nb->castle[q + 3][r + 3] == nb->turn)
			continue;
		memcpy(part, o, k);
		part[k] = '\0';
		for (d = 0; d < 6; d++)
			for (dist = 1; dist <= (int)range; dist++) {
				tq = q + dist * naive_dir[d][0];
				tr = r + dist * naive_dir[d][1];
				if (!naive_on(tq, tr))
					break;
				t = next.cell[tq + 3][tr + 3];
				if (nb->cell[tq + 3][tr + 3][0] != '\0' &&
				    !naive_lands(part, nb->cell[tq + 3][tr + 3]))
					break;
				next = *nb;
				memmove(t + k, t, strlen(t) + 1);
				memcpy(t, part, k);
				memmove(next.cell[q + 3][r + 3], o + k, h - k + 1);
				n += naive_done(&next, depth);
				if (!rel && k < h)
					n += naive_turns(&next, q, r, depth);
				if (nb->cell[tq + 3][tr + 3][0] != '\0')
					break;
			}
	}
	return n;
}

static uint64_t
naive_perft(const struct naive *nb, unsigned depth)
{
	char last = nb->turn == 'w' ? 'b' : 'w';
	uint64_t n = 0;
	int q, r;

	if (depth == 0)
		return 1;
	if (naive_castled(nb, last) >= 3 || naive_castled(nb, nb->turn) >= 3)
		return 0;
	for (r = -3; r <= 3; r++)
		for (q = -3; q <= 3; q++)
			if (naive_on(q, r) &&
			    nb->cell[q + 3][r + 3][0] == nb->turn)
				n += naive_turns(nb, q, r, depth);
	return n;
}

/* naive_perft for perft_line. */
static uint64_t
naive_any(const void *nb, unsigned depth)
{
	return naive_perft(nb, depth);
}

/* The naive walk and both perft paths agree on p up to depth max. */
static void
cross_check(const struct pos *p, unsigned max)
{
	struct naive nb;
	uint64_t n;
	unsigned d;

	naive_from_pos(&nb, p);
	for (d = 1; d <= max; d++) {
		n = rules_perft(ac(), p, d);
		assert_int_equal(rules_perft_generic(ac(), p, d), n);
		assert_int_equal(naive_perft(&nb, d), n);
	}
}

/* ---- The worked example ----------------------------------------- */

static void
test_example_black(void **state)
{
	struct pos p, q;

	(void)state;
	setup(&p, "b:" EXAMPLE);
	assert_legal(&p, "e4:-e5");
	assert_legal(&p, "f4:+e4");
	assert_illegal(&p, "e4:1-e5");
	assert_illegal(&p, "g3:xd6");
	q = p;
	play(&q, "f4:+e4");
	setup(&p, "w:" EXAMPLE2);
	assert_true(pos_equal(&q, &p));
}

static void
test_example_black2(void **state)
{
	struct pos p;

	(void)state;
	setup(&p, "b:" EXAMPLE2);
	assert_legal(&p, "e4:xb5");
	assert_legal(&p, "g3:2xd6");
	assert_illegal(&p, "g3:xd6");
}

static void
test_example_white(void **state)
{
	struct pos p;

	(void)state;
	setup(&p, "w:" EXAMPLE);
	assert_legal(&p, "d6:xf4");
	play(&p, "d6:xf4");
	assert_int_equal(ac()->square_castle(31), SIDE_SECOND);
	assert_int_equal(p.sq[31].height, 5);
	assert_int_equal(stack_count(&p.sq[31], SIDE_SECOND), 3);
	assert_int_equal(stack_top_side(&p.sq[31]), SIDE_FIRST);
	/* wwbbb is safe: black cannot land on it, nor can white. */
	assert_moves(&p, "e4:", "e4:-e5 e4:-e3 e4:+f3 e4:-d5 e4:-d4");
}

/* ---- Rules ------------------------------------------------------ */

static void
test_range(void **state)
{
	struct pos p;

	(void)state;
	/* R counts the mover's stones on the origin, buried ones too. */
	setup(&p, "w:d4=wbw,g4=b");
	assert_legal(&p, "d4:-d6");
	assert_illegal(&p, "d4:-d7");
	setup(&p, "w:d4=www,g4=b");
	assert_legal(&p, "d4:-d7");
	assert_legal(&p, "d4:1-d7");
	/* Not the stones of the moving portion. */
	setup(&p, "w:d4=wbb,g4=b");
	assert_legal(&p, "d4:-d5");
	assert_illegal(&p, "d4:-d6");
	/* At that moment: after one stone left, R is 1. */
	setup(&p, "w:d4=wwb,g4=b");
	assert_legal(&p, "d4:1-d6");
	assert_legal(&p, "d4:1-d2,-d5");
	assert_illegal(&p, "d4:1-d2,-d6");
}

static void
test_slide_empty(void **state)
{
	struct pos p;

	(void)state;
	setup(&p, "w:d4=www,d5=w,g4=b");
	assert_illegal(&p, "d4:-d6");
	assert_illegal(&p, "d4:1-d7");
	assert_legal(&p, "d4:1+d5");
	assert_legal(&p, "d4:-d3");
	setup(&p, "w:d4=www,d5=b,g4=b");
	assert_illegal(&p, "d4:-d6");
	assert_legal(&p, "d4:xd5");
}

static void
test_lines(void **state)
{
	struct pos p;

	(void)state;
	/* The three axes through d4, both ways, out to range 3. */
	setup(&p, "w:d4=www,e6=b");
	assert_moves(&p, "d4:-", "d4:-d5 d4:-d6 d4:-d7 d4:-d3 d4:-d2 "
	    "d4:-d1 d4:-e3 d4:-f2 d4:-g1 d4:-c4 d4:-b4 d4:-a4 d4:-e4 "
	    "d4:-f4 d4:-g4 d4:-c3 d4:-b2 d4:-a1");
	assert_illegal(&p, "d4:-c5");
	assert_illegal(&p, "d4:-e5");
	assert_illegal(&p, "d4:-e2");
	assert_illegal(&p, "d4:-c2");
}

static void
test_three_per_colour(void **state)
{
	struct pos p;

	(void)state;
	setup(&p, "w:d4=ww,d5=ww,g4=b");
	assert_illegal(&p, "d4:+d5");
	assert_legal(&p, "d4:1+d5");
	setup(&p, "b:d4=bb,d5=wbb,a1=w");
	assert_illegal(&p, "d4:xd5");
	assert_legal(&p, "d4:1xd5");
	/* Enemy stones carried along count too. */
	setup(&p, "w:d4=wbb,d5=bb,g4=b");
	assert_illegal(&p, "d4:xd5");
	assert_legal(&p, "d4:2xd5");
	assert_legal(&p, "d4:1xd5");
}

static void
test_safe(void **state)
{
	struct pos p;

	(void)state;
	/* wbbb is safe: white may not land on it although the result
	 * would hold only two white stones. */
	setup(&p, "w:d4=w,d5=wbbb,g4=b");
	assert_illegal(&p, "d4:+d5");
	setup(&p, "w:d4=w,d5=wbb,g4=b");
	assert_legal(&p, "d4:+d5");
	setup(&p, "b:d4=b,d5=bwww,a1=w");
	assert_illegal(&p, "d4:+d5");
	setup(&p, "b:d4=b,d5=wbbb,a1=w");
	assert_illegal(&p, "d4:xd5");
}

static void
test_release_ends_turn(void **state)
{
	struct pos p;

	(void)state;
	setup(&p, "w:d4=wbw,g4=b");
	assert_legal(&p, "d4:1-d5");
	assert_moves(&p, "d4:1-d5,", "");
	play(&p, "d4:1-d5");
	assert_int_equal(stack_top_side(&p.sq[18]), SIDE_SECOND);
	/* Without a release the turn may go on. */
	setup(&p, "w:d4=wwb,g4=b");
	assert_moves(&p, "d4:1-d5,", "d4:1-d5,1+d5 d4:1-d5,1-d3 d4:1-d5,1-e3 "
	    "d4:1-d5,1-c4 d4:1-d5,1-e4 d4:1-d5,1-c3 d4:1-d5,+d5 d4:1-d5,-d3 "
	    "d4:1-d5,-e3 d4:1-d5,-c4 d4:1-d5,-e4 d4:1-d5,-c3");
	assert_moves(&p, "d4:1-d5,1-d3,", "");
}

static void
test_release_castle(void **state)
{
	struct pos p;

	(void)state;
	setup(&p, "w:a1=wb,g4=b");
	assert_illegal(&p, "a1:1-b1");
	assert_legal(&p, "a1:-b1");
	setup(&p, "w:b3=wwb,g4=b");
	assert_legal(&p, "b3:1-c3");
	assert_illegal(&p, "b3:2-c3");
	assert_illegal(&p, "b3:1-c3,1-b5");
	/* Elsewhere, and in the enemy castle, a release is legal. */
	setup(&p, "w:d4=wb,g4=b");
	assert_legal(&p, "d4:1-d5");
	setup(&p, "w:f3=wb,a1=b");
	assert_legal(&p, "f3:1-f4");
	setup(&p, "b:b3=bw,g4=w");
	assert_legal(&p, "b3:1-c3");
	setup(&p, "b:f3=bw,a1=w");
	assert_illegal(&p, "f3:1-f4");
	assert_legal(&p, "f3:-f4");
}

static int
from_origin(void *ctx, const struct move *m)
{
	unsigned i;

	(void)ctx;
	for (i = 0; i < m->nsteps; i++)
		assert_int_equal(m->step[i].from, m->step[0].from);
	return 0;
}

static void
test_moved_stay(void **state)
{
	struct pos p;

	(void)state;
	setup(&p, "w:d4=www,g4=b");
	/* The stone moved to d5 neither moves on nor lets d4 pass. */
	assert_illegal(&p, "d4:1-d5,1-d6");
	assert_legal(&p, "d4:1-d5,1+d5");
	assert_legal(&p, "d4:1-d5,+d5");
	ac()->generate(&p, from_origin, NULL);
	ac()->start(&p);
	ac()->generate(&p, from_origin, NULL);
	setup(&p, "b:" EXAMPLE);
	ac()->generate(&p, from_origin, NULL);
}

static void
test_multi_step(void **state)
{
	struct pos p, q;

	(void)state;
	setup(&p, "w:d4=www,g4=b");
	assert_legal(&p, "d4:1-d5");
	assert_legal(&p, "d4:1-d5,1-d3");
	q = p;
	play(&q, "d4:1-d5,1-d3,-c3");
	assert_fen(&q, "b:c3=w,d3=w,d5=w,g4=b");
	play(&p, "d4:2-d6,-c3");
	assert_fen(&p, "b:c3=w,d6=ww,g4=b");
	/* Every prefix is a turn: 18 slides of each portion first, then
	 * the continuations (agreed with the naive generator below). */
	setup(&p, "w:d4=www,e6=b");
	assert_int_equal(count_moves(&p), 1842);
	cross_check(&p, 1);
}

static void
test_castle_win(void **state)
{
	struct pos p;
	const char *why = NULL;

	(void)state;
	setup(&p, "w:f2=w,f3=wb,e5=w,g1=b,a1=b,a2=b");
	assert_int_equal(ac()->outcome(&p, &why), OUTCOME_NONE);
	assert_null(why);
	play(&p, "e5:-f4");
	assert_int_equal(ac()->outcome(&p, &why), OUTCOME_FIRST_WINS);
	assert_string_equal(why, "white controls three cells of black's castle");
	assert_int_equal(count_moves(&p), 0);
	assert_int_equal(rules_perft(ac(), &p, 2), 0);
	/* Black too, in White's castle. */
	setup(&p, "w:a1=b,a2=b,b2=bw,d4=w");
	assert_int_equal(ac()->outcome(&p, &why), OUTCOME_SECOND_WINS);
	assert_string_equal(why, "black controls three cells of white's castle");
	assert_int_equal(count_moves(&p), 0);
	/* Set up with the side to move already holding three. */
	setup(&p, "b:a1=b,a2=b,b2=bw,d4=w");
	assert_int_equal(ac()->outcome(&p, &why), OUTCOME_SECOND_WINS);
	/* Own castle cells and cells outside do not count. */
	setup(&p, "w:f2=w,f3=w,e2=w,f5=w,f1=w,a1=w,a2=w,a3=w,d4=b");
	assert_int_equal(ac()->outcome(&p, &why), OUTCOME_NONE);
}

/* Plays text on p under r: 0, or -1 when it is not exactly one legal
 * move there. */
static int
play_under(const struct rules *r, struct pos *p, const char *text)
{
	struct move pat, m;
	size_t err;

	if (r->move_parse(text, strlen(text), &pat, &err) != 0 ||
	    rules_resolve(r, p, &pat, &m) != 1)
		return -1;
	r->apply(p, &m);
	return 0;
}

/*
 * Stein's win rule since 2010 (accasta-pari-2010; spielstein.com's rules,
 * Abstract Play's accasta.ts checkEOG): the defender replies once after
 * the third cell of his castle is taken, and the win is checked at the
 * beginning of the attacker's next turn.  A reply that retakes a cell
 * saves the game; any other loses it.  The 2004 rule (accasta-pari)
 * ends the game at once, in the same position.
 */
static void
test_castle_win_2010(void **state)
{
	const struct rules *late = rules_find("accasta-pari-2010");
	const char *start = "w:e3=w,e4=w,e5=w,g3=b,a1=bbb", *why = NULL;
	struct pos p;

	(void)state;
	assert_non_null(late);
	/* 2004: the third cell wins at once, black has no reply */
	setup(&p, start);
	assert_int_equal(play_under(ac(), &p, "e5:-f4"), 0);
	assert_int_equal(ac()->outcome(&p, &why), OUTCOME_FIRST_WINS);
	assert_int_equal(play_under(ac(), &p, "g3:xf4"), -1);
	/* 2010: black replies; retaking f4 saves the game */
	setup(&p, start);
	assert_int_equal(play_under(late, &p, "e5:-f4"), 0);
	assert_int_equal(late->outcome(&p, &why), OUTCOME_NONE);
	assert_true(rules_count_moves(late, &p) > 0);
	assert_int_equal(play_under(late, &p, "g3:xf4"), 0);
	assert_int_equal(late->outcome(&p, &why), OUTCOME_NONE);
	assert_int_equal(play_under(late, &p, "e3:-f3"), 0);
	/* a reply elsewhere does not: white wins at the start of its turn */
	setup(&p, start);
	assert_int_equal(play_under(late, &p, "e5:-f4"), 0);
	assert_int_equal(play_under(late, &p, "a1:1-a2"), 0);
	assert_int_equal(late->outcome(&p, &why), OUTCOME_FIRST_WINS);
	assert_string_equal(why, "white controls three cells of black's castle");
	assert_int_equal(rules_count_moves(late, &p), 0);
	assert_int_equal(rules_perft(late, &p, 1), 0);
	/* the defender's reply counts the tree: perft 2 from the start */
	setup(&p, start);
	assert_true(rules_perft(late, &p, 2) > rules_perft(ac(), &p, 2));
}

static void
test_no_move(void **state)
{
	struct pos p;
	const char *why = NULL;

	(void)state;
	setup(&p, "w:a1=w,a2=bwww,b1=bwww,b2=bwww");
	assert_int_equal(count_moves(&p), 0);
	assert_int_equal(ac()->outcome(&p, &why), OUTCOME_SECOND_WINS);
	assert_string_equal(why, "white has no legal move");
	setup(&p, "b:d4=wb,g4=w");
	assert_int_equal(ac()->outcome(&p, &why), OUTCOME_FIRST_WINS);
	assert_string_equal(why, "black has no legal move");
	setup(&p, "b:d4=b,g4=w");
	assert_int_equal(ac()->outcome(&p, &why), OUTCOME_NONE);
}

static void
test_geometry(void **state)
{
	static const char *const corner[] = { "a1", "a4", "d1", "d7", "g1",
	    "g4" };
	struct pos p;
	char name[8], fen[32];
	unsigned sq, x, y, total = 0, castle[2] = { 0, 0 };
	size_t used;
	int c;

	(void)state;
	assert_int_equal(ac()->nsquares, 37);
	for (sq = 0; sq < 37; sq++) {
		assert_int_equal(ac()->square_name(sq, name, sizeof(name)), 2);
		assert_int_equal(ac()->square_parse(name, 2, &used), (int)sq);
		name[0] = (char)(name[0] - 'a' + 'A');
		assert_int_equal(ac()->square_parse(name, 2, &used), (int)sq);
		if ((c = ac()->square_castle(sq)) >= 0)
			castle[c]++;
		assert_int_equal(ac()->square_castle(36 - sq), c < 0 ? -1 : !c);
		snprintf(fen, sizeof(fen), "w:%c%c=w", name[0], name[1]);
		setup(&p, fen);
		total += count_moves(&p);
	}
	assert_int_equal(castle[0], 9);
	assert_int_equal(castle[1], 9);
	/* 19 inner cells with 6 neighbours, 6 corners with 3, 12 other
	 * edge cells with 4. */
	assert_int_equal(total, 19 * 6 + 6 * 3 + 12 * 4);
	for (sq = 0; sq < 6; sq++) {
		snprintf(fen, sizeof(fen), "w:%s=w", corner[sq]);
		setup(&p, fen);
		assert_int_equal(count_moves(&p), 3);
	}
	setup(&p, "w:d4=w");
	assert_int_equal(count_moves(&p), 6);
	setup(&p, "w:b1=w");
	assert_int_equal(count_moves(&p), 4);
	assert_int_equal(ac()->square_parse("h1", 2, &used), -1);
	assert_int_equal(ac()->square_parse("a5", 2, &used), -1);
	assert_int_equal(ac()->square_parse("d8", 2, &used), -1);
	assert_int_equal(ac()->square_parse("a0", 2, &used), -1);
	ac()->square_xy(0, &x, &y);
	assert_true(x == 3 && y == 0);
	ac()->square_xy(15, &x, &y);
	assert_true(x == 0 && y == 3);
	ac()->square_xy(21, &x, &y);
	assert_true(x == 12 && y == 3);
	ac()->square_xy(36, &x, &y);
	assert_true(x == 9 && y == 6);
	assert_int_equal(ac()->width, 13);
	assert_int_equal(ac()->height, 7);
}

struct round {
	const struct pos *p;
	unsigned n;
};

static int
round_one(void *ctx, const struct move *m)
{
	struct round *rt = ctx;
	struct move found;
	char buf[64];

	assert_true(ac()->move_format(rt->p, m, buf, sizeof(buf)) > 0);
	assert_int_equal(resolve(rt->p, buf, &found), 1);
	assert_true(move_equal(&found, m));
	rt->n++;
	return 0;
}

static void
assert_round_trips(const struct pos *p)
{
	struct round rt = { p, 0 };

	ac()->generate(p, round_one, &rt);
	assert_true(rt.n > 0);
}

static void
test_round_trip(void **state)
{
	struct pos p;

	(void)state;
	ac()->start(&p);
	assert_round_trips(&p);
	setup(&p, "b:" EXAMPLE);
	assert_round_trips(&p);
	setup(&p, "w:" EXAMPLE);
	assert_round_trips(&p);
	setup(&p, "b:" EXAMPLE2);
	assert_round_trips(&p);
}

static void
test_liberal(void **state)
{
	struct pos p;

	(void)state;
	setup(&p, "w:" EXAMPLE);
	assert_canonical(&p, "D6:\xc3\x97" "F4", "d6:xf4");
	assert_canonical(&p, "d6xf4", "d6:xf4");
	assert_canonical(&p, "d6:Xf4", "d6:xf4");
	assert_canonical(&p, "d6:3xf4", "d6:xf4");
	assert_canonical(&p, "d6:+f4", "d6:xf4");
	assert_canonical(&p, "d6:2-d7", "d6:2-d7");
	assert_canonical(&p, "d6:1-d7,2+d7", "d6:1-d7,+d7");
	setup(&p, "b:" EXAMPLE);
	assert_canonical(&p, "f4:+e4", "f4:+e4");
	assert_canonical(&p, "f4:1+e4,1-f5", "f4:1+e4,-f5");
	assert_canonical(&p, "E4:-E5", "e4:-e5");
	/* 'x' only onto an enemy stack, '-' only onto an empty cell, '+'
	 * onto any stack but no empty cell. */
	assert_illegal(&p, "f4:xe4");
	assert_illegal(&p, "e4:+e5");
	assert_illegal(&p, "e4:xe5");
	assert_illegal(&p, "f4:-e4");
	assert_illegal(&p, "f4:4+e4");
}

static void
assert_bad(const char *text, size_t at)
{
	struct move pat;
	size_t err = 999;

	assert_int_equal(ac()->move_parse(text, strlen(text), &pat, &err), -1);
	assert_int_equal(err, at);
}

static void
test_bad_text(void **state)
{
	(void)state;
	assert_bad("", 0);
	assert_bad("z1:-a1", 0);
	assert_bad("a5:-b1", 1);
	assert_bad("d6", 2);
	assert_bad("d6:", 3);
	assert_bad("d6:0xf4", 3);
	assert_bad("d6:xh4", 4);
	assert_bad("d6:x f4", 4);
	assert_bad("d6;xf4", 2);
	assert_bad("d6:xf4,", 7);
	assert_bad("d6:xf4-e5", 6);
	assert_bad("d6:1xf4,,-e5", 8);
}

static void
test_start(void **state)
{
	struct pos p;
	const char *why = "unset";
	char note[128];

	(void)state;
	ac()->start(&p);
	assert_fen(&p, "w:a1=www,a2=www,a3=www,a4=www,b2=ww,b3=ww,b4=ww,"
	    "c3=w,c4=w,e3=b,e4=b,f2=bb,f3=bb,f4=bb,g1=bbb,g2=bbb,g3=bbb,"
	    "g4=bbb");
	assert_int_equal(ac()->outcome(&p, &why), OUTCOME_NONE);
	assert_null(why);
	assert_int_equal(count_moves(&p), 192);
	assert_int_equal(ac()->pos_note(&p, note, sizeof(note)), 0);
	setup(&p, "b:f2=w,f3=wb,a1=b");
	assert_true(ac()->pos_note(&p, note, sizeof(note)) > 0);
	assert_string_equal(note, "white holds 2 cells of black's castle, "
	    "black holds 1");
	assert_int_equal(ac()->pos_note(&p, note, 10), -1);
}

/* ---- Perft ------------------------------------------------------ */

/* Sets p to the start, then plays the moves of list (space separated). */
static void
play_list(struct pos *p, const char *list)
{
	char text[64];
	size_t len;

	ac()->start(p);
	while (*(list += strspn(list, " \t\n")) != '\0') {
		len = strcspn(list, " \t\n");
		assert_true(len < sizeof(text));
		memcpy(text, list, len);
		text[len] = '\0';
		play(p, text);
		list += len;
	}
}

static void
test_perft_fixture(void **state)
{
	FILE *f = fopen(FIXTURE, "r");
	unsigned long long nodes;
	unsigned depth, tables = 0, checked = 0, naive = 0;
	char line[1024];
	struct naive nb;
	struct pos p;
	struct perft_check c = { ac(), CHECK_MAX, NAIVE_MAX, naive_any,
	    { 0 } };
	enum perft_source src;

	(void)state;
	assert_non_null(f);
	while (fgets(line, sizeof(line), f) != NULL) {
		if (line[0] == '#' || line[0] == '\n')
			continue;
		if (strncmp(line, "position ", 9) == 0) {
			play_list(&p, strcmp(line + 9, "start\n") == 0 ? "" :
			    line + 9);
			naive_from_pos(&nb, &p);
			tables++;
			continue;
		}
		assert_int_equal(sscanf(line, "%u %llu", &depth, &nodes), 2);
		assert_true(tables > 0);
		/* fast perft up to CHECK_MAX, generic and naive up to
		 * NAIVE_MAX; no number of this game is published */
		src = perft_line(&c, &p, &nb, line, 0, 0);
		checked += src >= PERFT_SELF;
		naive += src == PERFT_NAIVE;
	}
	fclose(f);
	perft_summary(&c, FIXTURE);
	assert_true(tables >= 3);
	assert_true(checked >= 7);
	assert_true(naive >= 6);
}

static void
test_cross_positions(void **state)
{
	struct pos p;

	(void)state;
	setup(&p, "b:" EXAMPLE);
	cross_check(&p, 2);
	setup(&p, "w:" EXAMPLE);
	cross_check(&p, 2);
	setup(&p, "b:" EXAMPLE2);
	cross_check(&p, 2);
	/* Near a castle win and with releases in both castles. */
	setup(&p, "w:f2=w,f3=wb,e5=ww,g1=bwb,a1=bw,a2=b,b3=bww,d4=wbb");
	cross_check(&p, 3);
	p.turn = SIDE_SECOND;
	cross_check(&p, 3);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_example_black),
		cmocka_unit_test(test_example_black2),
		cmocka_unit_test(test_example_white),
		cmocka_unit_test(test_range),
		cmocka_unit_test(test_slide_empty),
		cmocka_unit_test(test_lines),
		cmocka_unit_test(test_three_per_colour),
		cmocka_unit_test(test_safe),
		cmocka_unit_test(test_release_ends_turn),
		cmocka_unit_test(test_release_castle),
		cmocka_unit_test(test_moved_stay),
		cmocka_unit_test(test_multi_step),
		cmocka_unit_test(test_castle_win),
		cmocka_unit_test(test_castle_win_2010),
		cmocka_unit_test(test_no_move),
		cmocka_unit_test(test_geometry),
		cmocka_unit_test(test_round_trip),
		cmocka_unit_test(test_liberal),
		cmocka_unit_test(test_bad_text),
		cmocka_unit_test(test_start),
		cmocka_unit_test(test_perft_fixture),
		cmocka_unit_test(test_cross_positions),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
