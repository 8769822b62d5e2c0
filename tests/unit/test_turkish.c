/* test_turkish.c - Turkish draughts: its rules and each ruling of
 * stackref-rules(7), on positions built square by square. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "rules/rules.h"

static const struct rules *
tk(void)
{
	const struct rules *r = rules_find("turkish");

	assert_non_null(r);
	return r;
}

/* A position with side to move and the pieces of the list "Wd4 wKa1
 * bd5": a colour letter (w white, b black), K for a king, a square. */
static void
setup(struct pos *p, enum side turn, const char *pieces)
{
	char buf[256], *tok, *save;
	size_t used;
	int sq, king;

	pos_clear(p, 64, turn);
	snprintf(buf, sizeof(buf), "%s", pieces);
	for (tok = strtok_r(buf, " ", &save); tok != NULL;
	    tok = strtok_r(NULL, " ", &save)) {
		king = tok[1] == 'K';
		sq = tk()->square_parse(tok + 1 + king, 2, &used);
		assert_true(sq >= 0);
		assert_int_equal(stack_push(&p->sq[sq], tok[0] == 'w' ?
		    SIDE_FIRST : SIDE_SECOND, king), 0);
	}
}

struct listing {
	const struct pos *p;
	char text[2048];
};

static int
list_one(void *ctx, const struct move *m)
{
	struct listing *l = ctx;
	size_t at = strlen(l->text);

	if (at > 0)
		l->text[at++] = ' ';
	assert_true(tk()->move_format(l->p, m, l->text + at,
	    sizeof(l->text) - at) > 0);
	return 0;
}

/* Asserts the legal moves of p, canonical, space separated. */
static void
moves_are(const struct pos *p, const char *want)
{
	struct listing l = { p, "" };

	assert_int_equal(tk()->generate(p, list_one, &l), 0);
	assert_string_equal(l.text, want);
}

/* The position after the move written text in p. */
static void
play(struct pos *p, const char *text)
{
	struct move pattern, found;
	size_t err;

	assert_int_equal(tk()->move_parse(text, strlen(text), &pattern,
	    &err), 0);
	assert_int_equal(rules_resolve(tk(), p, &pattern, &found), 1);
	tk()->apply(p, &found);
}

static void
test_start(void **state)
{
	struct pos p;
	static const uint64_t want[] = { 1, 8, 64, 708, 7538, 85090 };
	unsigned d;

	(void)state;
	tk()->start(&p);
	moves_are(&p, "a3-a4 b3-b4 c3-c4 d3-d4 e3-e4 f3-f4 g3-g4 h3-h4");
	for (d = 0; d < 6; d++)
		assert_int_equal(rules_perft(tk(), &p, d), want[d]);
	assert_string_equal(tk()->gametype, "30");
}

/* Men step forward and sideways; kings fly along ranks and files. */
static void
test_plain_moves(void **state)
{
	struct pos p;

	(void)state;
	setup(&p, SIDE_FIRST, "wd4 bh8");
	moves_are(&p, "d4-e4 d4-c4 d4-d5");
	setup(&p, SIDE_SECOND, "wa1 bd4");
	moves_are(&p, "d4-e4 d4-c4 d4-d3");
	setup(&p, SIDE_FIRST, "wKb2 wc2 bc4");
	moves_are(&p, "b2-a2 b2-b3 b2-b4 b2-b5 b2-b6 b2-b7 b2-b8 b2-b1 "
	    "c2-d2 c2-c3");
}

/* The most pieces must be taken, kings and men alike (the king's three,
 * a king among them, not the man's two); a king lands on any square
 * beyond; pieces go at once, so their squares may be crossed again. */
static void
test_most_pieces(void **state)
{
	struct pos p;

	(void)state;
	setup(&p, SIDE_FIRST, "wc3 wKa8 bc4 bd5 bKb8");
	moves_are(&p, "a8xb4 a8xa4");
	/* g6xg2xb2xb5xh5 crosses g5, taken first */
	setup(&p, SIDE_FIRST, "wKg6 bc2 bg5 be5 bb3");
	moves_are(&p, "g6xf5 g6xg5 g6xh5");
	play(&p, "g6xg2xb2xb5xh5");
	assert_true(p.sq[39].height == 1 && stack_top_crowned(&p.sq[39]));
	assert_int_equal(pos_count(&p, SIDE_SECOND), 0);
}

/* A capture never turns 180 degrees: the king that took d4 going east
 * may not come back west over c4's square to take b4. */
static void
test_no_turning_back(void **state)
{
	struct pos p;

	(void)state;
	setup(&p, SIDE_FIRST, "wKc4 bd4 bb4 bh8");
	moves_are(&p, "c4xe4 c4xf4 c4xg4 c4xh4 c4xa4");
}

/* Ruling: a man that reaches the far row in a capture goes on as a man
 * (only sideways) and is crowned where its move ends. */
static void
test_crowned_at_the_end(void **state)
{
	struct pos p;

	(void)state;
	setup(&p, SIDE_FIRST, "wc6 bc7 bd8 bb5");
	moves_are(&p, "c6xe8");
	play(&p, "c6xc8xe8");
	assert_true(p.sq[60].height == 1 && stack_top_crowned(&p.sq[60]));
	/* a king there would have gone on down the e-file */
	setup(&p, SIDE_FIRST, "wc6 bc7 bd8 be6 ba1");
	moves_are(&p, "c6xe8");
}

/* Ruling: paths that take the same pieces between the same squares are
 * one move. */
static void
test_merged_paths(void **state)
{
	struct pos p;

	(void)state;
	/* c8-c6-c3 and c8-c5-c3 both take c7 and c4: one move */
	setup(&p, SIDE_FIRST, "wKc8 bc7 bc4");
	moves_are(&p, "c8xc3 c8xc2 c8xc1");
	assert_int_equal(rules_perft(tk(), &p, 1), 3);
	play(&p, "c8xc5xc2");
	assert_int_equal(pos_count(&p, SIDE_SECOND), 0);
}

/* No piece, or no legal move, loses; set-ups are checked. */
static void
test_outcome_and_setup(void **state)
{
	struct pos p;
	const char *why;
	unsigned at;

	(void)state;
	setup(&p, SIDE_SECOND, "wd4 ba8");
	assert_int_equal(tk()->outcome(&p, &why), OUTCOME_NONE);
	setup(&p, SIDE_SECOND, "wKa1 wb2 wc2 ba2");
	assert_int_equal(tk()->outcome(&p, &why), OUTCOME_FIRST_WINS);
	assert_string_equal(why, "black has no legal move");
	setup(&p, SIDE_FIRST, "bd4");
	assert_int_equal(tk()->outcome(&p, &why), OUTCOME_SECOND_WINS);
	setup(&p, SIDE_FIRST, "wd8 bd4");
	assert_int_equal(tk()->pos_check(&p, &why, &at), -1);
	assert_int_equal(at, 59);
	setup(&p, SIDE_FIRST, "wd1 bd4");
	assert_int_equal(tk()->pos_check(&p, &why, &at), -1);
	setup(&p, SIDE_FIRST, "wKd8 wd2 bd7 bKd1");
	assert_int_equal(tk()->pos_check(&p, &why, &at), 0);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_start),
		cmocka_unit_test(test_plain_moves),
		cmocka_unit_test(test_most_pieces),
		cmocka_unit_test(test_no_turning_back),
		cmocka_unit_test(test_crowned_at_the_end),
		cmocka_unit_test(test_merged_paths),
		cmocka_unit_test(test_outcome_and_setup),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
