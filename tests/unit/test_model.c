/* test_model.c - stacks, positions and move matching (src/model/model.c). */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "model/model.h"

/* Builds a stack from text written top first: b/w men, B/W crowned. */
static struct stack
stack_of(const char *top_first)
{
	struct stack s;
	size_t i = strlen(top_first);

	memset(&s, 0, sizeof(s));
	while (i-- > 0)
		assert_int_equal(stack_push(&s, (top_first[i] | 0x20) == 'w' ?
		    SIDE_SECOND : SIDE_FIRST, top_first[i] < 'a'), 0);
	return s;
}

static struct step
step_of(unsigned from, unsigned to, unsigned count, enum step_kind kind)
{
	struct step st = { (uint8_t)from, (uint8_t)to, SQ_NONE,
	    (uint8_t)count, (uint8_t)kind };

	return st;
}

/* A move of n steps given as from,to pairs of the same kind. */
static struct move
path_of(enum step_kind kind, unsigned n, const unsigned *sq)
{
	struct move m;
	unsigned i;

	memset(&m, 0, sizeof(m));
	m.nsteps = (uint8_t)n;
	for (i = 0; i < n; i++)
		m.step[i] = step_of(sq[i], sq[i + 1], 0, kind);
	return m;
}

static void
test_push_and_top(void **state)
{
	struct stack s = stack_of("Wbb");

	(void)state;
	assert_int_equal(s.height, 3);
	assert_int_equal(stack_top_side(&s), SIDE_SECOND);
	assert_true(stack_top_crowned(&s));
	assert_int_equal(s.owner, 4);
	assert_int_equal(s.crown, 4);
	assert_int_equal(stack_count(&s, SIDE_FIRST), 2);
	assert_int_equal(stack_count(&s, SIDE_SECOND), 1);
}

static void
test_push_full(void **state)
{
	struct stack s;
	unsigned i;

	(void)state;
	memset(&s, 0, sizeof(s));
	for (i = 0; i < STACK_MAX; i++)
		assert_int_equal(stack_push(&s, SIDE_FIRST, 0), 0);
	assert_int_equal(stack_push(&s, SIDE_FIRST, 0), -1);
	assert_int_equal(stack_put_under(&s, SIDE_FIRST, 0), -1);
	assert_int_equal(s.height, STACK_MAX);
}

static void
test_take(void **state)
{
	struct stack s = stack_of("wBbw"), part, want_part, want_rest;

	(void)state;
	part = stack_take(&s, 2);
	want_part = stack_of("wB");
	want_rest = stack_of("bw");
	assert_true(stack_equal(&part, &want_part));
	assert_true(stack_equal(&s, &want_rest));
	part = stack_take(&s, 2);
	assert_int_equal(s.height, 0);
	assert_int_equal(s.owner | s.crown, 0);
}

static void
test_put(void **state)
{
	struct stack s = stack_of("bw"), part = stack_of("Wb"), want;

	(void)state;
	assert_int_equal(stack_put(&s, &part), 0);
	want = stack_of("Wbbw");
	assert_true(stack_equal(&s, &want));
}

static void
test_put_under(void **state)
{
	struct stack s = stack_of("bw"), want;

	(void)state;
	assert_int_equal(stack_put_under(&s, SIDE_SECOND, 1), 0);
	want = stack_of("bwW");
	assert_true(stack_equal(&s, &want));
	assert_int_equal(stack_top_side(&s), SIDE_FIRST);
}

static void
test_put_overflow(void **state)
{
	struct stack s, part = stack_of("bb");
	unsigned i;

	(void)state;
	memset(&s, 0, sizeof(s));
	for (i = 0; i + 1 < STACK_MAX; i++)
		stack_push(&s, SIDE_SECOND, 0);
	assert_int_equal(stack_put(&s, &part), -1);
	assert_int_equal(s.height, STACK_MAX - 1);
	assert_int_equal(stack_count(&s, SIDE_FIRST), 0);
}

static void
test_pos(void **state)
{
	struct pos a, b;

	(void)state;
	pos_clear(&a, 32, SIDE_SECOND);
	pos_clear(&b, 32, SIDE_SECOND);
	assert_true(pos_equal(&a, &b));
	a.sq[5] = stack_of("bwb");
	assert_false(pos_equal(&a, &b));
	assert_int_equal(pos_count(&a, SIDE_FIRST), 2);
	assert_int_equal(pos_count(&a, SIDE_SECOND), 1);
	b.sq[5] = stack_of("bwb");
	assert_true(pos_equal(&a, &b));
	b.turn = SIDE_FIRST;
	assert_false(pos_equal(&a, &b));
}

/* pos_copy copies the squares in use, the size and the side to move. */
static void
test_pos_copy(void **state)
{
	struct pos a, b;

	(void)state;
	pos_clear(&a, 37, SIDE_SECOND);
	a.sq[0] = stack_of("bwb");
	a.sq[36] = stack_of("W");
	pos_clear(&b, 64, SIDE_FIRST);
	b.sq[10] = stack_of("b");
	pos_copy(&b, &a);
	assert_true(pos_equal(&b, &a));
	assert_int_equal(b.nsquares, 37);
	assert_int_equal(b.turn, SIDE_SECOND);
	assert_int_equal(b.sq[10].height, 0);
	assert_int_equal(b.sq[36].height, 1);
}

static void
test_match_exact(void **state)
{
	static const unsigned sq[] = { 10, 17, 24 }, other[] = { 10, 17, 26 };
	struct move pat = path_of(STEP_CAPTURE, 2, sq);
	struct move legal = path_of(STEP_CAPTURE, 2, sq);
	struct move wrong = path_of(STEP_CAPTURE, 2, other);
	struct move shorter = path_of(STEP_CAPTURE, 1, sq);

	(void)state;
	legal.step[0].over = 13;
	assert_true(move_match(&pat, &legal));
	assert_false(move_match(&pat, &wrong));
	assert_false(move_match(&shorter, &legal));
	assert_true(move_equal(&legal, &legal));
	assert_false(move_equal(&pat, &legal));
}

static void
test_match_any_and_count(void **state)
{
	static const unsigned sq[] = { 10, 14 };
	struct move pat = path_of(STEP_ANY, 1, sq);
	struct move mv = path_of(STEP_MOVE, 1, sq);
	struct move cap = path_of(STEP_CAPTURE, 1, sq);
	struct move place = path_of(STEP_PLACE, 1, sq);

	(void)state;
	assert_true(move_match(&pat, &mv));
	assert_true(move_match(&pat, &cap));
	assert_false(move_match(&pat, &place));
	assert_false(move_match(&cap, &mv));
	mv.step[0].count = 2;
	assert_true(move_match(&pat, &mv));
	pat.step[0].count = 3;
	assert_false(move_match(&pat, &mv));
	pat.step[0].count = 2;
	assert_true(move_match(&pat, &mv));
}

static void
test_match_elided(void **state)
{
	static const unsigned ends[] = { 10, 24 }, mid[] = { 10, 17, 24 };
	static const unsigned path[] = { 10, 17, 24 };
	static const unsigned other[] = { 10, 19, 24 };
	static const unsigned longer[] = { 10, 17, 26, 19, 24 };
	struct move pat = path_of(STEP_CAPTURE, 1, ends);
	struct move pat_mid = path_of(STEP_CAPTURE, 2, mid);
	struct move a = path_of(STEP_CAPTURE, 2, path);
	struct move b = path_of(STEP_CAPTURE, 2, other);
	struct move c = path_of(STEP_CAPTURE, 4, longer);

	(void)state;
	assert_false(move_match(&pat, &a));
	pat.flags = MOVE_ELIDED;
	pat_mid.flags = MOVE_ELIDED;
	assert_true(move_match(&pat, &a));
	assert_true(move_match(&pat, &b));
	assert_true(move_match(&pat, &c));
	assert_true(move_match(&pat_mid, &a));
	assert_false(move_match(&pat_mid, &b));
	assert_true(move_match(&pat_mid, &c));
	pat.step[0].to = 26;
	assert_false(move_match(&pat, &a));
}

static void
test_match_kinds(void **state)
{
	struct move pass, restack, other;

	(void)state;
	memset(&pass, 0, sizeof(pass));
	pass.kind = MOVE_PASS;
	other = pass;
	assert_true(move_match(&pass, &other));
	restack = pass;
	restack.kind = MOVE_RESTACK;
	restack.step[0].from = 3;
	restack.restack = stack_of("bwb");
	assert_false(move_match(&pass, &restack));
	other = restack;
	assert_true(move_match(&restack, &other));
	other.restack = stack_of("wbb");
	assert_false(move_match(&restack, &other));
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_push_and_top),
		cmocka_unit_test(test_push_full),
		cmocka_unit_test(test_take),
		cmocka_unit_test(test_put),
		cmocka_unit_test(test_put_under),
		cmocka_unit_test(test_put_overflow),
		cmocka_unit_test(test_pos),
		cmocka_unit_test(test_pos_copy),
		cmocka_unit_test(test_match_exact),
		cmocka_unit_test(test_match_any_and_count),
		cmocka_unit_test(test_match_elided),
		cmocka_unit_test(test_match_kinds),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
