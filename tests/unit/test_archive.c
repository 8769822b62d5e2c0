/*
 * test_archive.c - the archive toolkit's machinery: selecting games
 * (notation/select.c), matching positions (src/game/posmatch.c), the keys
 * of duplicates (src/game/dedupe.c), the three-move ballots
 * (src/game/opening.c, ballots.c) and keeping a broken game
 * (src/game/broken.c).
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
#include "notation/select.h"
#include "game/broken.h"
#include "game/dedupe.h"
#include "game/opening.h"
#include "game/posmatch.h"

/* Reads the one game of text into g (record_init'ed). */
static void
read_game(const char *text, struct record *g)
{
	struct diag d;

	diag_init(&d, "test", NULL);
	d.quiet = 1;
	assert_int_equal(notation_read_text(text, strlen(text), "t.pdn", g,
	    NULL, &d), 0);
}

static void
test_select_games(void **state)
{
	struct select s;

	(void)state;
	select_init(&s);
	assert_int_equal(select_add_games(&s, "10-20,541"), SELECT_FINE);
	assert_false(select_number(&s, 9));
	assert_true(select_number(&s, 10));
	assert_true(select_number(&s, 20));
	assert_false(select_number(&s, 21));
	assert_true(select_number(&s, 541));
	assert_false(select_past(&s, 540));
	assert_true(select_past(&s, 541));
	assert_int_equal(select_single(&s), 0);
	assert_int_equal(select_add_games(&s, "600-"), SELECT_FINE);
	assert_true(select_number(&s, 100000));
	assert_false(select_past(&s, 100000));
	assert_int_equal(select_add_games(&s, "20-10"), SELECT_BAD_GAMES);
	assert_int_equal(select_add_games(&s, "0"), SELECT_BAD_GAMES);
	assert_int_equal(select_add_games(&s, "3,x"), SELECT_BAD_GAMES);
	select_free(&s);
	assert_int_equal(select_add_games(&s, "7"), SELECT_FINE);
	assert_int_equal(select_single(&s), 7);
	select_free(&s);
}

/* Whether the criterion text selects the game of the PDN text. */
static int
meets(const char *criterion, const char *text)
{
	struct select s;
	struct record g;
	char why[256];
	int rc;

	select_init(&s);
	record_init(&g);
	assert_int_equal(select_add_tag(&s, criterion, why, sizeof(why)),
	    SELECT_FINE);
	read_game(text, &g);
	rc = select_game(&s, 1, &g);
	record_free(&g);
	select_free(&s);
	return rc;
}

static void
test_select_tags(void **state)
{
	static const char game[] = "[White \"Marion Tinsley\"]\n"
	    "[Date \"1950.05.12\"]\n[Result \"2-0\"]\n[Round \"12\"]\n\n"
	    "1. 11-15 *\n";
	struct select s;
	char why[256];

	(void)state;
	assert_true(meets("White~tinsley", game));
	assert_false(meets("White!~tinsley", game));
	assert_true(meets("White=Marion Tinsley", game));
	assert_false(meets("White=Tinsley", game));
	assert_true(meets("Date>=1950", game));
	assert_true(meets("Date<1950.06", game));
	assert_false(meets("Date>1950.05.12", game));
	assert_false(meets("Date>=1950", "[Date \"????.??.??\"]\n*\n"));
	assert_true(meets("Result=1-0", game));	/* 2-0 is 1-0 */
	assert_true(meets("Round>9", game));	/* numbers as numbers */
	assert_true(meets("Game=checkers", game));
	assert_false(meets("Black=x", game));	/* no tag: only != and !~ */
	assert_true(meets("Black!=x", game));
	select_init(&s);
	assert_int_equal(select_add_tag(&s, "White", why, sizeof(why)),
	    SELECT_BAD_CRITERION);
	assert_int_equal(select_add_tag(&s, "White~(", why, sizeof(why)),
	    SELECT_BAD_REGEX);
	assert_true(why[0] != '\0');	/* regerror's message */
	select_free(&s);
}

/* Replays text and says whether any position of it matches spec. */
static int
reaches(const struct posmatch_spec *spec, const char *text)
{
	const struct posmatch_game *pg;
	struct replay_opts o = { "t.pdn", 1, REPLAY_ALL, 0 };
	struct posmatch pm;
	struct replay rp;
	struct record g;
	struct diag d;
	int found = 0;

	diag_init(&d, "test", NULL);
	d.quiet = 1;
	record_init(&g);
	read_game(text, &g);
	posmatch_init(&pm, spec);
	assert_int_equal(replay_start(&rp, &g, &o, &d), 0);
	if ((pg = posmatch_for(&pm, rp.r, &d)) != NULL) {
		found = posmatch_test(pg, &rp.pos);
		o.stop = 1;
		while (!found && o.stop <= line_count_moves(&g.main)) {
			assert_int_equal(replay_run(&rp, &g, &o, &d), 0);
			found = posmatch_test(pg, &rp.pos);
			o.stop++;
		}
	}
	record_free(&g);
	return found;
}

static void
test_posmatch(void **state)
{
	static const char game[] = "1. 11-15 23-19 2. 8-11 22-17 *\n";
	struct posmatch_spec sp = { NULL, NULL, NULL, NULL };

	(void)state;
	sp.fen = "W:W17,19,21,24,25,26,27,28,29,30,31,32:"
	    "B1,2,3,4,5,6,7,9,10,11,12,15";
	assert_false(reaches(&sp, game));	/* red is to move there */
	sp.fen = "B:W17,19,21,24,25,26,27,28,29,30,31,32:"
	    "B1,2,3,4,5,6,7,9,10,11,12,15";
	assert_true(reaches(&sp, game));
	sp.fen = NULL;
	sp.pattern = "?:W17:B15";
	assert_true(reaches(&sp, game));
	sp.pattern = "W:W17:B15";
	assert_false(reaches(&sp, game));	/* ends with red to move */
	sp.pattern = NULL;
	sp.empty = "11,22-23";
	assert_false(reaches(&sp, game));
	sp.empty = "8,22-23";
	assert_true(reaches(&sp, game));
	sp.empty = NULL;
	sp.material = "red=12,white-kings=0";
	assert_true(reaches(&sp, game));
	sp.material = "red<12";
	assert_false(reaches(&sp, game));
	sp.material = "blue=1";		/* not a side: nothing matches */
	assert_false(reaches(&sp, game));
}

/* The dedupe key of the game of text. */
static struct dedupe_key
key_of(const struct dedupe *dd, const char *text)
{
	struct replay_opts o = { "t.pdn", 1, REPLAY_ALL, 0 };
	struct dedupe_key k;
	struct replay rp;
	struct record g;
	struct diag d;
	unsigned long n, i;

	diag_init(&d, "test", NULL);
	d.quiet = 1;
	record_init(&g);
	read_game(text, &g);
	n = line_count_moves(&g.main);
	assert_int_equal(replay_start(&rp, &g, &o, &d), 0);
	dedupe_start(dd, &k, &rp);
	for (i = 1; i <= n; i++) {
		o.stop = i;
		assert_int_equal(replay_run(&rp, &g, &o, &d), 0);
		if (dedupe_ply(dd, &k, &rp))
			break;
	}
	dedupe_end(dd, &k, &rp);
	record_free(&g);
	return k;
}

static void
test_dedupe(void **state)
{
	struct dedupe dd;
	struct dedupe_key a, b, c;
	struct dedupe_slot first;
	uint32_t i;

	(void)state;
	dedupe_init(&dd, DEDUPE_MOVES, 0);
	a = key_of(&dd, "[Event \"a\"]\n1. 11-15 23-19 *\n");
	b = key_of(&dd, "[Event \"b\"]\n1. 11-15. 23-19 1-0\n");
	c = key_of(&dd, "1. 11-15 23-18 *\n");
	assert_memory_equal(&a, &b, sizeof(a));
	assert_memory_not_equal(&a, &c, sizeof(a));
	assert_int_equal(dedupe_add(&dd, &a, 1, 3, NULL), 0);
	assert_int_equal(dedupe_add(&dd, &c, 1, 4, NULL), 0);
	assert_int_equal(dedupe_add(&dd, &b, 2, 9, &first), 1);
	assert_int_equal(first.file, 1);
	assert_int_equal(first.game, 3);
	/* the table grows and keeps what it holds */
	for (i = 0; i < 5000; i++) {
		c.h[0] = i * 7919u + 1;
		assert_int_equal(dedupe_add(&dd, &c, 1, 10 + i, NULL), 0);
	}
	assert_int_equal(dedupe_add(&dd, &a, 3, 1, &first), 1);
	assert_int_equal(first.game, 3);
	assert_true(dedupe_bytes(&dd) <= 4 * 24 * dd.n);
	dedupe_free(&dd);
	dedupe_init(&dd, DEDUPE_PLIES, 1);
	a = key_of(&dd, "1. 11-15 23-19 *\n");
	c = key_of(&dd, "1. 11-15 23-18 *\n");
	assert_memory_equal(&a, &c, sizeof(a));
	dedupe_free(&dd);
}

static void
test_openings(void **state)
{
	struct opening_book book;
	const struct rules *r = rules_find("checkers");
	struct move pattern, m;
	struct pos p;
	char text[160];
	size_t err;
	int i, n, deck = 0;
	const char *moves[] = { "9-13", "21-17", "11-15" };

	(void)state;
	assert_int_equal(opening_init(&book, r), 0);
	for (i = 0; i < BALLOT_COUNT; i++)
		deck += ballot_table[i].standing != BALLOT_BARRED;
	assert_int_equal(deck, 156);
	/* a transposition finds its ballot: 11-15 21-17 9-13 is ACF 112 */
	r->start(&p);
	for (i = 0; i < 3; i++) {
		assert_int_equal(rules_move_parse(r, moves[i],
		    strlen(moves[i]), &pattern, &err), 0);
		assert_int_equal(rules_resolve(r, &p, &pattern, &m), 1);
		r->apply(&p, &m);
	}
	n = opening_find(&book, &p);
	assert_int_equal(n, 112);
	opening_text(5, text, sizeof(text));
	assert_string_equal(text, "ACF 5: 9-13 22-18 6-9, Dreaded Edinburgh");
	opening_text(3, text, sizeof(text));
	assert_string_equal(text, "ACF 3: 9-13 21-17 10-14, barred");
	r->start(&p);
	assert_int_equal(opening_find(&book, &p), 0);
}

static void
test_broken_keep(void **state)
{
	struct replay_opts o = { "t.pdn", 1, REPLAY_ALL, 1 };
	struct replay rp;
	struct record g;
	struct diag d;
	char *out = NULL;
	size_t len = 0;
	FILE *f;

	(void)state;
	diag_init(&d, "test", NULL);
	d.quiet = 1;
	record_init(&g);
	read_game("1. 11-15 23-19 2. 15-19 {ouch} 24x15 $1 (24-20) 3. 10x19 *\n",
	    &g);
	assert_int_equal(replay_run(&rp, &g, &o, &d), -1);
	assert_int_equal(rp.plies, 2);
	assert_int_equal(broken_keep(&g, &rp), 0);
	assert_int_equal(line_count_moves(&g.main), 2);
	assert_non_null(f = open_memstream(&out, &len));
	assert_int_equal(notation_find("pdn")->write(f, &g), 0);
	fclose(f);
	assert_string_equal(out, "1. 11-15 23-19 {stackref: not replayed from "
	    "ply 3: 2. 15-19} {ouch}\n{2... 24x15 $1 (24-20) 3. 10x19} *\n\n");
	free(out);
	assert_int_equal(replay_run(&rp, &g, &o, &d), 0);
	record_free(&g);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_select_games),
		cmocka_unit_test(test_select_tags),
		cmocka_unit_test(test_posmatch),
		cmocka_unit_test(test_dedupe),
		cmocka_unit_test(test_openings),
		cmocka_unit_test(test_broken_keep),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
