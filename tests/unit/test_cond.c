/* test_cond.c - conditional moves (src/game/cond.c): a list made,
 * matched move by move, kept as text. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "game/cond.h"
#include "game/play.h"
#include "notation/notation.h"

struct game {
	struct record g;
	struct replay rp;
	struct diag d;
};

/* A checkers game after the moves of text (one game of PDN). */
static void
start(struct game *t, const char *game, const char *moves)
{
	struct replay_opts o = { "t.pdn", 0, REPLAY_ALL, 0 };
	char text[512];

	snprintf(text, sizeof(text), "[Game \"%s\"]\n\n%s *\n", game, moves);
	diag_init(&t->d, "stackref", stderr);
	record_init(&t->g);
	assert_int_equal(notation_read_text(text, strlen(text), "t.pdn",
	    &t->g, NULL, &t->d), 0);
	assert_int_equal(replay_run(&t->rp, &t->g, &o, &t->d), 0);
}

/* Plays text on t as the next move; what the list says of it. */
static enum cond_verdict
play(struct game *t, const struct cond *c, const char *text)
{
	char played[COND_TEXT];

	assert_int_equal(replay_ply(&t->rp, text, NULL, &t->d, NULL), 0);
	assert_true(replay_last_text(&t->rp, played, sizeof(played)) > 0);
	return cond_match(c, &t->rp, played);
}

/* The list red leaves with 11-15: the first n of 23-19 8-11 22-18
 * 15x22. */
static void
listed(struct game *t, struct cond *c, size_t n)
{
	static const char *const list[] = { "23-19", "8-11", "22-18",
	    "15x22" };
	char why[256];

	start(t, "checkers", "1. 11-15");
	assert_int_equal(cond_set(c, &t->rp, list, n, why, sizeof(why)), 0);
}

static void
test_chain(void **state)
{
	struct game t;
	struct cond c;

	(void)state;
	listed(&t, &c, 4);
	assert_int_equal(c.side, SIDE_FIRST);
	assert_int_equal(c.ply, 2);
	assert_int_equal(c.n, 2);
	assert_int_equal(play(&t, &c, "23-19"), COND_REPLY);
	assert_string_equal(cond_reply(&c), "8-11");
	assert_int_equal(replay_ply(&t.rp, "8-11", NULL, &t.d, NULL), 0);
	cond_shift(&c, &t.rp);
	assert_int_equal(c.n, 1);
	assert_int_equal(c.ply, 4);
	/* the reply played, the list waits for the next move */
	assert_int_equal(cond_match(&c, &t.rp, "8-11"), COND_KEEP);
	assert_int_equal(play(&t, &c, "22-18"), COND_REPLY);
	assert_string_equal(cond_reply(&c), "15x22");
	assert_int_equal(replay_ply(&t.rp, "15x22", NULL, &t.d, NULL), 0);
	cond_shift(&c, &t.rp);
	assert_int_equal(c.side, -1);
	assert_int_equal(c.n, 0);
	record_free(&t.g);
}

static void
test_mismatch(void **state)
{
	struct game t;
	struct cond c;

	(void)state;
	listed(&t, &c, 4);
	assert_int_equal(play(&t, &c, "22-18"), COND_DROP);
	record_free(&t.g);
	/* a list left for a ply passed by: dropped */
	listed(&t, &c, 2);
	assert_int_equal(replay_ply(&t.rp, "22-18", NULL, &t.d, NULL), 0);
	assert_int_equal(play(&t, &c, "15x22"), COND_DROP);
	record_free(&t.g);
	/* another position at the same ply (an undo): dropped */
	listed(&t, &c, 2);
	record_free(&t.g);
	start(&t, "checkers", "1. 9-13");
	assert_int_equal(play(&t, &c, "23-19"), COND_DROP);
	record_free(&t.g);
}

static void
test_refused(void **state)
{
	const char *odd[] = { "23-19", "8-11", "22-18" };
	const char *illegal[] = { "23-19", "8-11", "22-18", "15x29" };
	struct game t;
	struct cond c;
	char why[256];

	(void)state;
	start(&t, "checkers", "1. 11-15");
	assert_int_equal(cond_set(&c, &t.rp, odd, 3, why, sizeof(why)), -1);
	assert_string_equal(why, "expected pairs of moves, X Y ..., at most "
	    "32 pairs; read 3 moves");
	assert_int_equal(cond_set(&c, &t.rp, illegal, 4, why, sizeof(why)),
	    -1);
	assert_string_equal(why, "15x29 (the reply of pair 2, ply 5) is not a "
	    "legal move there");
	assert_int_equal(c.side, -1);
	record_free(&t.g);
}

/* The text kept is read back the same, in any of the games. */
static void
test_text(void **state)
{
	const char *list[] = { "b6:-b7", "f2:-e2" };
	struct cond c, back;
	struct game t;
	char why[256], buf[4096], buf2[4096];

	(void)state;
	start(&t, "accasta-pari", "1. c3:-d3");
	assert_int_equal(cond_set(&c, &t.rp, list, 2, why, sizeof(why)), -1);
	record_free(&t.g);
	start(&t, "stackers-mogensen", "1. 11-15");
	list[0] = "22-18";
	list[1] = "15-19";
	assert_int_equal(cond_set(&c, &t.rp, list, 2, why, sizeof(why)), 0);
	assert_true(cond_format(&c, t.rp.r, buf, sizeof(buf)) > 0);
	assert_non_null(strstr(buf, "side black\nply 2\nfen "));
	assert_non_null(strstr(buf, "\n22-18 15-19\n"));
	assert_int_equal(cond_parse(&back, t.rp.r, buf), 0);
	assert_true(cond_format(&back, t.rp.r, buf2, sizeof(buf2)) > 0);
	assert_string_equal(buf, buf2);
	assert_int_equal(cond_parse(&back, t.rp.r, "side black\nply 2\n"), -1);
	assert_int_equal(back.side, -1);
	assert_int_equal(cond_parse(&back, t.rp.r, "garbage"), -1);
	record_free(&t.g);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_chain),
		cmocka_unit_test(test_mismatch),
		cmocka_unit_test(test_refused),
		cmocka_unit_test(test_text),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
