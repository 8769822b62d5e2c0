/* test_rating.c - Glicko-2 (src/game/rating.c) against Glickman's
 * worked example and Lichess's own test vectors, and its symmetries. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <math.h>
#include <cmocka.h>

#include "game/rating.h"

#define near(x, want, tol) assert_true(fabs((x) - (want)) <= (tol))

/* "Example of the Glicko-2 system" (glicko.net/glicko/glicko2.pdf):
 * 1500/200/0.06 against 1400/30, 1550/100, 1700/300, scoring 1, 0, 0,
 * tau 0.5, one period: mu' -0.2069 (so 1464.06 from the rounded mu';
 * 1464.0507 unrounded), phi' 0.8722 (RD 151.52), volatility 0.05999. */
static void
test_glickman(void **state)
{
	struct rating p = { 1500, 200, 0.06, 0 };
	struct rating opp[3] = {
		{ 1400, 30, 0.06, 0 }, { 1550, 100, 0.06, 0 },
		{ 1700, 300, 0.06, 0 }
	};
	double score[3] = { 1, 0, 0 };
	struct rating q;

	(void)state;
	q = rating_period(&p, opp, score, 3, 1, 0.5);
	near((q.r - 1500) / 173.7178, -0.2069, 0.00005);
	near(q.r, 1464.06, 0.01);
	near(q.rd / 173.7178, 0.8722, 0.00005);
	near(q.rd, 151.52, 0.005);
	near(q.vol, 0.05999, 0.00001);
	assert_int_equal(q.games, 3);
}

/* scalachess's GlickoCalculatorTest (tau 0.75, no deviation growth):
 * two players at 1500/350/0.06, white wins: 1662.21 and 1337.79, RD
 * 290.23 each. */
static void
test_lichess(void **state)
{
	struct rating a = rating_new(), b = rating_new();

	(void)state;
	rating_game(&a, &b, 1);
	near(a.r, 1662.21, 0.005);
	near(b.r, 1337.79, 0.005);
	near(a.rd, 290.23, 0.005);
	near(b.rd, 290.23, 0.005);
	assert_int_equal(rating_shown(&a), 1662);
	assert_int_equal(rating_shown(&b), 1337);
	assert_int_equal(a.games, 1);
}

/* Who wins does not matter, only the score: a win for a is a loss for
 * b, the changes equal and opposite between equals. */
static void
test_symmetry(void **state)
{
	struct rating a1 = { 1600, 120, 0.06, 5 }, b1 = { 1450, 200, 0.07, 2 };
	struct rating a2 = a1, b2 = b1;

	(void)state;
	rating_game(&a1, &b1, 1);
	rating_game(&b2, &a2, 0);
	near(a1.r, a2.r, 1e-9);
	near(b1.r, b2.r, 1e-9);
	near(a1.rd, a2.rd, 1e-9);
	a1 = rating_new();
	b1 = rating_new();
	rating_game(&a1, &b1, 0);
	near(a1.r - 1500, 1500 - b1.r, 1e-9);
}

/* A draw between equals changes neither rating, only the deviation;
 * the bounds hold (RD never below 45, volatility never above 0.1). */
static void
test_draw_bounds(void **state)
{
	struct rating a = { 1700, 80, 0.06, 9 }, b = a;
	int i;

	(void)state;
	rating_game(&a, &b, 0.5);
	near(a.r, 1700, 1e-9);
	near(b.r, 1700, 1e-9);
	assert_true(a.rd < 80);
	for (i = 0; i < 500; i++)
		rating_game(&a, &b, 0.5);
	near(a.rd, RATING_MIN_RD, 1e-9);
	a.vol = 0.5;
	rating_game(&a, &b, 1);
	assert_true(a.vol <= RATING_MAX_VOL);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_glickman),
		cmocka_unit_test(test_lichess),
		cmocka_unit_test(test_symmetry),
		cmocka_unit_test(test_draw_bounds),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
