/*
 * test_draughts.c - the draughts engine (draughts.h) and its board
 * geometry (grid.h): perft against the published tables, the fast paths
 * against the generic ones, square names and numbers.
 *
 * Sources of the counts: Rein Halbersma's dctl tests restate them,
 * test/src/algo/traversal/initial/board_10x10.cpp and board_08x08.cpp
 * (the shashki.com "Standard validation generator moves" thread and the
 * FMJD forum "Perft" thread, damforum.nl/bb3/viewtopic.php?f=53&t=2308),
 * international/fmjd.cpp (the FMJD thread's positions) and
 * international/shashki.cpp (shashki.com's).  Each table gives the count
 * with every capture path (--all-paths) and with paths that take the same
 * pieces merged.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "notation/notation.h"
#include "rules/grid.h"
#include "rules/rules.h"

static const struct rules *
game(const char *name)
{
	const struct rules *r = rules_find(name);

	assert_non_null(r);
	return r;
}

/* Sets p to the PDN FEN text of game r. */
static void
setup(const struct rules *r, const char *fen, struct pos *p)
{
	const char *why = NULL;
	size_t err = 0;

	if (fen == NULL) {
		r->start(p);
		return;
	}
	assert_int_equal(fen_parse(r, fen, p, &err, &why), 0);
}

/* Checks the counts want[0..n) (depths 1..n) of the tree from fen (NULL:
 * the start), merged paths or all paths; the generic walk too up to
 * depth generic. */
static void
check_perft(const char *name, const char *fen, int all_paths,
    const uint64_t *want, unsigned n, unsigned generic)
{
	const struct rules *r = game(name);
	struct pos p;
	unsigned d;

	setup(r, fen, &p);
	for (d = 1; d <= n; d++) {
		uint64_t got = all_paths ? rules_perft_paths(r, &p, d) :
		    rules_perft(r, &p, d);

		if (got != want[d - 1])
			fail_msg("%s %s depth %u: %llu, published %llu", name,
			    fen != NULL ? fen : "start", d,
			    (unsigned long long)got,
			    (unsigned long long)want[d - 1]);
		if (!all_paths && d <= generic)
			assert_int_equal(rules_perft_generic(r, &p, d), got);
	}
}

#define N(a) (sizeof(a) / sizeof((a)[0]))

/* Frisian kings and men, few moves each: a king's runs bind. */
#define RUN_FEN "W:WK46,37,45:BK5,10,15"

/* The engine keeps the last position it read (its memo), and the
 * board map is one at a time (grid_map): a position of pool read again
 * after a Canadian one (another copy of the engine, another map) still
 * has pool's moves. */
struct move_list {
	unsigned n;
	unsigned from[64], to[64];
};

static int
list_move(void *ctx, const struct move *m)
{
	struct move_list *l = ctx;

	if (l->n < 64) {
		l->from[l->n] = m->step[0].from;
		l->to[l->n++] = m->step[m->nsteps - 1].to;
	}
	return 0;
}

static void
test_memo_across_boards(void **state)
{
	const struct rules *pool = game("pool"), *can = game("canadian");
	struct move_list before = { 0 }, after = { 0 };
	struct pos p, q;

	(void)state;
	setup(pool, NULL, &p);
	pool->generate(&p, list_move, &before);
	setup(can, NULL, &q);
	assert_true(rules_perft(can, &q, 1) > 0);
	pool->generate(&p, list_move, &after);
	assert_int_equal(before.n, 7);
	assert_int_equal(after.n, before.n);
	assert_memory_equal(after.from, before.from, sizeof(before.from));
	assert_memory_equal(after.to, before.to, sizeof(before.to));
}

static void
test_international_start(void **state)
{
	static const uint64_t merged[] = { 9, 81, 658, 4265, 27117, 167140,
	    1049442, 6483961 };
	static const uint64_t paths[] = { 9, 81, 658, 4265, 27117, 167140,
	    1049442, 6483971 };

	(void)state;
	check_perft("international", NULL, 0, merged, N(merged), 5);
	check_perft("international", NULL, 1, paths, N(paths), 0);
}

/* Russian merges no paths (stackref-rules(7)): its count is the table's
 * all-paths figure, and --all-paths gives the same. */
static void
test_russian_start(void **state)
{
	static const uint64_t paths[] = { 7, 49, 302, 1469, 7482, 37986,
	    190146, 929905, 4570667, 22450628 };

	(void)state;
	check_perft("russian", NULL, 0, paths, N(paths), 6);
	check_perft("russian", NULL, 1, paths, 8, 0);
}

/* Brazilian, pool (board_08x08.cpp) and Canadian (board_large.cpp: the
 * FMJD forum's "Perft on large boards" thread, t=4563; merged paths
 * only).  Pool merges no paths (stackref-rules(7)). */
static void
test_other_starts(void **state)
{
	static const uint64_t brazil[] = { 7, 49, 302, 1469, 7473, 37628,
	    187302, 907830 };
	static const uint64_t brazil_paths[] = { 7, 49, 302, 1469, 7473,
	    37628, 187302, 907836 };
	static const uint64_t pool[] = { 7, 49, 302, 1469, 7482, 37986,
	    190146, 929902 };
	static const uint64_t canada[] = { 11, 121, 1222, 10053, 79049,
	    584100 };

	(void)state;
	check_perft("brazilian", NULL, 0, brazil, N(brazil), 5);
	check_perft("brazilian", NULL, 1, brazil_paths, N(brazil_paths), 0);
	check_perft("pool", NULL, 0, pool, N(pool), 5);
	check_perft("canadian", NULL, 0, canada, N(canada), 4);
}

/* Frisian (board_10x10.cpp: the FMJD forum's thread t=2822), both
 * ways; and from RUN_FEN, where a king's fourth plain move in a row is
 * refused from depth 7 on (tools/rules_ref/frisian.py counts 29503 at
 * depth 7, 31911 without the limit), the generic walk too, whose apply
 * keeps the kings' runs in struct pos as the bitboards keep them. */
static void
test_frisian_perft(void **state)
{
	static const uint64_t merged[] = { 9, 81, 658, 3874, 21265, 102431,
	    540126, 2825779 };
	static const uint64_t paths[] = { 9, 81, 658, 3880, 21345, 103584,
	    550314, 2907905 };
	const struct rules *r = game("frisian");
	struct pos p;
	unsigned d;

	(void)state;
	check_perft("frisian", NULL, 0, merged, N(merged), 4);
	check_perft("frisian", NULL, 1, paths, N(paths), 0);
	setup(r, RUN_FEN, &p);
	assert_int_equal(rules_perft(r, &p, 7), 29503);
	for (d = 1; d <= 8; d++)
		assert_int_equal(rules_perft_generic(r, &p, d),
		    rules_perft(r, &p, d));
}

/* Plays the move text s on p. */
static void
play(const struct rules *r, struct pos *p, const char *s)
{
	struct move pat, m;
	size_t err;

	assert_int_equal(r->move_parse(s, strlen(s), &pat, &err), 0);
	assert_int_equal(rules_resolve(r, p, &pat, &m), 1);
	r->apply(p, &m);
}

/* Plays the move texts of the array s (NULL-terminated) on p. */
static void
play_all(const struct rules *r, struct pos *p, const char *const *s)
{
	for (; *s != NULL; s++)
		play(r, p, *s);
}

/* Whether the move text s is legal in p. */
static int
legal(const struct rules *r, const struct pos *p, const char *s)
{
	struct move pat;
	size_t err;

	assert_int_equal(r->move_parse(s, strlen(s), &pat, &err), 0);
	return rules_resolve(r, p, &pat, NULL) == 1;
}

/* A Frisian king makes three plain moves in a row at most while its side
 * has men; a move of another king starts its count again; a side of
 * kings only has no limit (stackref-rules(7)). */
static void
test_frisian_king_run(void **state)
{
	static const char *const three[] = { "46-37", "1-6", "37-46", "6-1",
	    "46-37", "1-6", NULL };
	const struct rules *r = game("frisian");
	struct pos p, q;

	(void)state;
	setup(r, "W:WK46,50:BK1", &p);
	play_all(r, &p, three);
	assert_false(legal(r, &p, "37-46"));
	assert_int_equal(rules_count_moves(r, &p), 2);
	q = p;
	play(r, &q, "50-45");
	assert_true(legal(r, &q, "6-1"));       /* black has kings only */
	play(r, &q, "6-1");
	assert_true(legal(r, &q, "37-46"));
	setup(r, "W:WK46,K49,45:BK1", &p);
	play_all(r, &p, three);
	assert_false(legal(r, &p, "37-46"));
	play(r, &p, "49-43");
	play(r, &p, "6-1");
	assert_true(legal(r, &p, "37-46"));
	setup(r, "W:WK46:BK1", &p);
	play_all(r, &p, three);
	assert_true(legal(r, &p, "37-46"));
}

/* The FMJD forum's positions (merged paths). */
static void
test_international_fmjd(void **state)
{
	static const uint64_t random178[] = { 14, 55, 1168, 5432, 87195,
	    629010 };
	static const uint64_t woldouby[] = { 6, 12, 30, 73, 215, 590, 1944,
	    6269, 22369, 88050, 377436 };
	static const uint64_t allkings[] = { 17, 79, 352, 1399, 7062, 37589 };
	static const uint64_t promotion[] = { 9, 81, 795, 7578, 86351 };

	(void)state;
	check_perft("international", "B:BK17,K24:W6,9,10,11,20,21,22,23,30,"
	    "K31,33,37,41,42,43,44,46", 0, random178, N(random178), 3);
	check_perft("international", "W:B12,13,14,16,18,19,21,23,24,26:"
	    "W25,27,28,30,32,33,34,35,37,38", 0, woldouby, N(woldouby), 6);
	check_perft("international", "W:WK31,K32,K33,K34,K35,K36,K37,K38,"
	    "K39,K40,K41,K42,K43,K44,K45,K46,K47,K48,K49,K50:BK1,K2,K3,K4,"
	    "K5,K6,K7,K8,K9,K10,K11,K12,K13,K14,K15,K16,K17,K18,K19,K20", 0,
	    allkings, N(allkings), 3);
	check_perft("international", "W:W6,7,8,9,10:B41,42,43,44,45", 0,
	    promotion, N(promotion), 4);
}

/* shashki.com's position, every path counted. */
static void
test_international_shashki(void **state)
{
	static const uint64_t front[] = { 9, 81, 534, 2538, 9052, 29999,
	    98971, 310315, 1008317, 3174159 };

	(void)state;
	check_perft("international", "W:B16,17,18,19,20:W31,32,33,34,35", 1,
	    front, N(front), 0);
}

/* Every square's name and number read back, and the numbering of the
 * GameType tag: square 1 at the top left seen by White (N2), a1 at its
 * bottom left. */
static void
test_grid_names(void **state)
{
	static const char *const games[] = { "international", "russian",
	    "brazilian", "canadian", "pool" };
	char buf[16];
	unsigned g, sq, x, y;
	size_t used;

	(void)state;
	for (g = 0; g < N(games); g++) {
		const struct rules *r = game(games[g]);

		for (sq = 0; sq < r->nsquares; sq++) {
			assert_true(r->square_name(sq, buf, sizeof(buf)) > 0);
			assert_int_equal(r->square_parse(buf, strlen(buf),
			    &used), (int)sq);
			assert_int_equal(used, strlen(buf));
			snprintf(buf, sizeof(buf), "%u", sq + 1);
			assert_int_equal(r->square_parse(buf, strlen(buf),
			    &used), (int)sq);
			r->square_xy(sq, &x, &y);
			assert_true(x < r->width && y < r->height);
			assert_int_equal((x + y) % 2, 0);
		}
	}
	game("international")->square_xy(0, &x, &y);
	assert_int_equal(x, 1);
	assert_int_equal(y, 9);
	game("international")->square_xy(45, &x, &y);
	assert_int_equal(x, 0);
	assert_int_equal(y, 0);
	assert_true(game("russian")->square_name(28, buf, sizeof(buf)) > 0);
	assert_string_equal(buf, "a1");
	assert_int_equal(game("russian")->square_parse("h8", 2, &used), 3);
	assert_int_equal(game("international")->square_parse("51", 2, &used),
	    -1);
	/* pool is numbered as checkers: 1 at Black's bottom right, the
	 * last playing square of its first row (h1 is not one) */
	game("pool")->square_xy(0, &x, &y);
	assert_int_equal(x, 6);
	assert_int_equal(y, 0);
	assert_true(game("canadian")->square_name(71, buf, sizeof(buf)) > 0);
	assert_string_equal(buf, "72");
}

/* The four neighbours of every square, by the bitboard shifts and by
 * the cells. */
static void
test_grid_neighbours(void **state)
{
	static const struct grid grids[] = {
		{ 8, 8, 0, 2 }, { 10, 10, 0, 2 }, { 12, 12, 0, 2 },
		{ 8, 8, 1, 1 }, { 8, 8, 0, 1 }
	};
	unsigned g, sq, x, y, d;
	int next, bit;

	(void)state;
	for (g = 0; g < N(grids); g++)
		for (sq = 0; sq < grid_squares(&grids[g]); sq++) {
			assert_int_equal(grid_at(&grids[g], 0, 0) >= 0,
			    !grids[g].invert);
			grid_xy(&grids[g], sq, &x, &y);
			assert_int_equal(grid_at(&grids[g], (int)x, (int)y),
			    (int)sq);
			for (d = 0; d < GRID_NDIRS_ALL; d++) {
				next = grid_next(&grids[g], sq,
				    (enum grid_dir)d);
				if (next < 0)
					continue;
				bit = (int)grid_bit(&grids[g], sq) +
				    grid_shift(&grids[g], (enum grid_dir)d);
				assert_int_equal(bit, (int)grid_bit(&grids[g],
				    (unsigned)next));
			}
		}
}

/* A capture written by its ends, with ':' and its whole path. */
static void
test_russian_text(void **state)
{
	const struct rules *r = game("russian");
	struct move pat, m;
	struct pos p;
	char buf[64];
	size_t err;

	(void)state;
	setup(r, "W:Wc3:Bd4,f6", &p);
	assert_int_equal(r->move_parse("c3:g7", 5, &pat, &err), 0);
	assert_int_equal(rules_resolve(r, &p, &pat, &m), 1);
	assert_true(r->move_format(&p, &m, buf, sizeof(buf)) > 0);
	assert_string_equal(buf, "c3:g7");
	assert_int_equal(m.nsteps, 2);
	r->apply(&p, &m);
	assert_int_equal(p.sq[r->square_parse("d4", 2, &err)].height, 0);
}

/* The number of legal moves of fen (international) that text names. */
static unsigned
named(const char *fen, const char *text)
{
	const struct rules *r = game("international");
	struct move pat, m;
	struct pos p;
	size_t err;

	setup(r, fen, &p);
	assert_int_equal(r->move_parse(text, strlen(text), &pat, &err), 0);
	return rules_resolve(r, &p, &pat, &m);
}

/* A flying king's capture written with squares it stood on or passed
 * between two pieces it took, wherever on the line: PDN writers name
 * any of them (wiegerw-pdn mrcd2006 game 27). */
static void
test_king_path_text(void **state)
{
	(void)state;
	assert_int_equal(named("W:WK46:B37,14,3", "46x23x5"), 1);
	assert_int_equal(named("W:WK46:B37,14,3", "46x32x5"), 1);
	assert_int_equal(named("W:WK46:B37,14,3", "46x19x10"), 1);
	assert_int_equal(named("W:WK46:B37,14,3", "46x10x5"), 0);
	assert_int_equal(named("W:WK46:B37,14,3", "46x41x5"), 0);
	assert_int_equal(named("W:WK46:B37,14,3", "46x14x5"), 0);
	assert_int_equal(named("W:WK46:B37,14,3", "46x19x23x5"), 0);
	/* turning on 28: squares of both lines between the pieces */
	assert_int_equal(named("W:WK46:B37,39,3", "46x28x44"), 1);
	assert_int_equal(named("W:WK46:B37,39,3", "46x32x33x44"), 1);
	assert_int_equal(named("W:WK46:B37,39,3", "46x33x50"), 1);
	assert_int_equal(named("W:WK46:B37,39,3", "46x23x44"), 0);
}

/* Square names restyled in move and FEN texts (convert --squares), the
 * style of a text, and each game's own naming in GameType. */
static void
test_restyle(void **state)
{
	const struct rules *ru = rules_find("russian");
	const struct rules *in = rules_find("international");
	char buf[128];

	(void)state;
	assert_int_equal(ru->text_style("c3:e5"), SQUARES_ALGEBRAIC);
	assert_int_equal(ru->text_style("W:W22"), SQUARES_NUMERIC);
	assert_int_equal(in->text_style("W:WK46"), SQUARES_NUMERIC);
	assert_int_equal(in->text_style("W:W"), -1);
	assert_int_equal(ru->restyle("d6:f4:d2", SQUARES_NUMERIC, buf,
	    sizeof(buf)), 8);
	assert_string_equal(buf, "10:19:26");
	assert_true(ru->restyle("W:W18,K21:Bb8", SQUARES_ALGEBRAIC, buf,
	    sizeof(buf)) > 0);
	assert_string_equal(buf, "W:Wd4,Ka3:Bb8");
	assert_true(in->restyle("32-28 19x28x37", SQUARES_ALGEBRAIC, buf,
	    sizeof(buf)) > 0);
	assert_string_equal(buf, "d4-e5 g7xe5xc3");
	assert_int_equal(in->restyle("46-41", SQUARES_ALGEBRAIC, buf, 4), -1);
	assert_int_equal(notation_own_style(ru), SQUARES_ALGEBRAIC);
	assert_int_equal(notation_own_style(in), SQUARES_NUMERIC);
	assert_string_equal(notation_gametype_code(ru, SQUARES_NUMERIC), "N2");
	assert_string_equal(notation_gametype_code(in, SQUARES_ALGEBRAIC),
	    "A0");
	assert_string_equal(notation_gametype_code(rules_find("checkers"),
	    SQUARES_ALGEBRAIC), "A3");
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_international_start),
		cmocka_unit_test(test_memo_across_boards),
		cmocka_unit_test(test_russian_start),
		cmocka_unit_test(test_other_starts),
		cmocka_unit_test(test_international_fmjd),
		cmocka_unit_test(test_international_shashki),
		cmocka_unit_test(test_grid_names),
		cmocka_unit_test(test_grid_neighbours),
		cmocka_unit_test(test_russian_text),
		cmocka_unit_test(test_king_path_text),
		cmocka_unit_test(test_restyle),
		cmocka_unit_test(test_frisian_perft),
		cmocka_unit_test(test_frisian_king_run),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
