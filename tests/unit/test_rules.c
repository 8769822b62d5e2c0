/*
 * test_rules.c - each game's fast paths against the generic ones they
 * stand for (src/rules/rules.c): resolve (following a written move's
 * steps) against filtering generate through move_match, count against
 * counting generate's moves, rules_perft against the walk of
 * generate/apply.
 *
 * Positions: random playouts from each game's start, the whole games of
 * fixtures/games, and set-up positions with tall stacks (up to hundreds
 * of millions of legal moves).  In each: the count of legal moves; every
 * legal move (a sample where there are too many to try each) read back
 * from its canonical text resolves to itself; mutated patterns (texts
 * with a character changed, dropped or added, and moves with a step's
 * squares, count or kind changed, a step dropped or added) get the same
 * number of matches both ways; in the games whose moves are paths of
 * squares (checkers, stackup), every capture written by its ends and any
 * of its landing squares, in order, resolves to the same moves in the
 * same order both ways; perft to depth 2 or 3 where the tree is small.
 * Random numbers come from a fixed seed.
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

#define COUNT_MAX 10000000u  /* count generate's moves up to this */
#define ALL_MAX 5000u        /* resolve every move up to this, else: */
#define SAMPLE_SCAN 3000000u /* a sample of this many moves of generate */
#define SAMPLES 400u         /* ...of about this size */
#define MUTATE_MAX 3000u     /* mutate patterns where moves are this few */
#define MUTATED 16u          /* patterns mutated from each sampled move */
#define PATTERNS 128u        /* patterns compared in one position */
#define PERFT_LEAVES 400000u /* perft cross-checked up to about this */

struct rng {
	uint64_t s;
};

static unsigned
rng_next(struct rng *g, unsigned n)
{
	g->s = g->s * 6364136223846793005ull + 1442695040888963407ull;
	return n == 0 ? 0 : (unsigned)((g->s >> 33) % n);
}

/* Sets p from the FEN of game r. */
static void
setup(const struct rules *r, const char *fen, struct pos *p)
{
	const char *why = NULL;
	size_t err = 0;

	if (fen_parse(r, fen, p, &err, &why) != 0)
		fail_msg("%s: %s at %zu", fen, why, err);
}

/* ---- Sampling the legal moves ------------------------------------ */

struct sample {
	struct move m[SAMPLES];
	unsigned n;          /* moves kept */
	uint64_t seen;       /* moves generated */
	uint64_t stride;     /* keep every stride-th */
};

static int
sample_one(void *ctx, const struct move *m)
{
	struct sample *s = ctx;

	if (s->seen++ % s->stride == 0 && s->n < SAMPLES)
		s->m[s->n++] = *m;
	return s->seen >= SAMPLE_SCAN;
}

/* A sample of the legal moves of p, of which there are total. */
static void
sample(const struct rules *r, const struct pos *p, uint64_t total,
    struct sample *s)
{
	uint64_t scan = total < SAMPLE_SCAN ? total : SAMPLE_SCAN;

	s->n = 0;
	s->seen = 0;
	s->stride = scan / SAMPLES + 1;
	r->generate(p, sample_one, s);
}

/* ---- Checks ------------------------------------------------------ */

/* The canonical text of m reads back, through resolve, as m. */
static void
check_text(const struct rules *r, const struct pos *p, const struct move *m)
{
	struct move pat, found;
	char text[512];
	size_t err;
	int len;

	assert_true((len = r->move_format(p, m, text, sizeof(text))) > 0);
	if (r->move_parse(text, (size_t)len, &pat, &err) != 0)
		fail_msg("%s: %s does not parse", r->name, text);
	if (rules_resolve(r, p, &pat, &found) != 1 ||
	    !move_equal(&found, m))
		fail_msg("%s: %s does not resolve to itself", r->name, text);
}

static const char mutate_chars[] = "abcdefgh012345678:-x+,=rbw";

/* Changes, drops or adds a character of text. */
static void
mutate_text(char *text, struct rng *g)
{
	size_t n = strlen(text), i = rng_next(g, (unsigned)n);
	char c = mutate_chars[rng_next(g, sizeof(mutate_chars) - 1)];

	switch (rng_next(g, 3)) {
	case 0:
		text[i] = c;
		break;
	case 1:
		memmove(text + i, text + i + 1, n - i);
		break;
	default:
		memmove(text + i + 1, text + i, n - i + 1);
		text[i] = c;
		break;
	}
}

/* Changes one thing of the move m. */
static void
mutate_move(struct move *m, unsigned nsquares, struct rng *g)
{
	struct step *st = &m->step[rng_next(g, m->nsteps)];

	switch (rng_next(g, 8)) {
	case 0:
		st->to = (uint8_t)rng_next(g, nsquares);
		break;
	case 1:
		st->from = (uint8_t)rng_next(g, nsquares);
		break;
	case 2:
		st->count = (uint8_t)rng_next(g, 6);
		break;
	case 3:
		st->kind = (uint8_t)rng_next(g, STEP_ANY + 1);
		break;
	case 4:
		m->nsteps -= m->nsteps > 1;
		break;
	case 5:   /* one more step, perhaps with the rest of a stack */
		if (m->nsteps >= MOVE_MAX_STEPS)
			break;
		m->step[m->nsteps] = *st;
		m->step[m->nsteps].to = (uint8_t)rng_next(g, nsquares);
		m->step[m->nsteps++].count = (uint8_t)rng_next(g, 3);
		break;
	case 6:
		m->restack.owner ^= 1u << rng_next(g, 6);
		break;
	default:
		st->count = 0;
		break;
	}
}

struct verdicts {
	const struct rules *r;
	const struct pos *p;
	struct move pat[PATTERNS];
	unsigned fast[PATTERNS], slow[PATTERNS];
	unsigned n;
};

/* Adds a pattern: the mutated text of m, or m mutated. */
static void
verdicts_add(struct verdicts *v, const struct move *m, struct rng *g)
{
	char text[512];
	size_t err;
	int len;

	if (v->n >= PATTERNS)
		return;
	v->pat[v->n] = *m;
	if (rng_next(g, 2) == 0) {
		mutate_move(&v->pat[v->n], v->r->nsquares, g);
		v->n++;
		return;
	}
	len = v->r->move_format(v->p, m, text, sizeof(text) - 1);
	assert_true(len > 0);
	mutate_text(text, g);
	if (v->r->move_parse(text, strlen(text), &v->pat[v->n], &err) == 0)
		v->n++;
}

static int
verdicts_one(void *ctx, const struct move *m)
{
	struct verdicts *v = ctx;
	unsigned i;

	for (i = 0; i < v->n; i++)
		v->slow[i] += v->r->move_match(v->p, &v->pat[i], m) != 0;
	return 0;
}

/* Mutated patterns of the moves of s get the same number of matches
 * through resolve and through generate. */
static void
check_mutants(const struct rules *r, const struct pos *p,
    const struct sample *s, struct rng *g)
{
	static struct verdicts v;
	unsigned i, k;

	memset(&v, 0, sizeof(v));
	v.r = r;
	v.p = p;
	for (i = 0; i < s->n && v.n < PATTERNS; i += 1 + rng_next(g, 8))
		for (k = 0; k < MUTATED; k++)
			verdicts_add(&v, &s->m[i], g);
	r->generate(p, verdicts_one, &v);
	for (i = 0; i < v.n; i++) {
		v.fast[i] = rules_resolve(r, p, &v.pat[i], NULL);
		if (v.fast[i] != v.slow[i])
			fail_msg("%s: pattern %u: %u matches resolved, %u "
			    "generated", r->name, i, v.fast[i], v.slow[i]);
	}
}

/* rules_perft against the generic walk at depths 2 and 3 where the tree
 * is small (as rules_perft says; its walk stops a level higher). */
static void
check_perft(const struct rules *r, const struct pos *p)
{
	uint64_t n = rules_perft(r, p, 1), leaves = n, next;
	unsigned d;

	for (d = 2; d <= 3 && n > 0; d++) {
		next = leaves * n;   /* the next level, guessed */
		if (next > PERFT_LEAVES ||
		    (leaves = rules_perft(r, p, d)) > PERFT_LEAVES)
			return;
		assert_int_equal(leaves, rules_perft_generic(r, p, d));
	}
}

/* The moves a pattern denotes, in order, as one of the two ways finds
 * them. */
struct found {
	struct move m[8];
	unsigned n;
};

static int
found_one(void *ctx, const struct move *m)
{
	struct found *f = ctx;

	if (f->n < sizeof(f->m) / sizeof(f->m[0]))
		f->m[f->n] = *m;
	f->n++;
	return 0;
}

/* resolve and filtering generate find the same moves for pattern, in
 * the same order. */
static void
check_same_matches(const struct rules *r, const struct pos *p,
    const struct move *pattern)
{
	struct found fast = { .n = 0 }, slow = { .n = 0 };
	unsigned i;

	rules_matches(r, p, pattern, found_one, &fast);
	rules_matches_generic(r, p, pattern, found_one, &slow);
	assert_int_equal(fast.n, slow.n);
	for (i = 0; i < fast.n && i < sizeof(fast.m) / sizeof(fast.m[0]); i++)
		assert_true(move_equal(&fast.m[i], &slow.m[i]));
}

/* The capture m written by its ends and the landing squares of mask
 * (bit i: the landing square of step i), as board32_move_parse reads a
 * text: each written pair one STEP_ANY step, MOVE_ELIDED. */
static void
subpath(const struct move *m, unsigned mask, struct move *pt)
{
	unsigned i, from = m->step[0].from;

	memset(pt, 0, sizeof(*pt));
	pt->kind = MOVE_ORDINARY;
	pt->flags = MOVE_ELIDED;
	for (i = 0; i < m->nsteps; i++) {
		if (i + 1 < m->nsteps && !((mask >> i) & 1u))
			continue;
		pt->step[pt->nsteps++] = (struct step){ (uint8_t)from,
		    m->step[i].to, SQ_NONE, 0, STEP_ANY };
		from = m->step[i].to;
	}
}

struct subpaths {
	const struct rules *r;
	const struct pos *p;
};

/* Every way of writing the capture m with some of its landing squares
 * (up to 2^9 of them). */
static int
subpaths_one(void *ctx, const struct move *m)
{
	struct subpaths *sp = ctx;
	struct move pt;
	unsigned mask, inner = m->nsteps > 10 ? 9 : m->nsteps - 1;

	for (mask = 0; mask < (1u << inner); mask++) {
		subpath(m, mask, &pt);
		check_same_matches(sp->r, sp->p, &pt);
	}
	return 0;
}

/* In a game whose moves are paths of squares (r->restyle), every
 * shortened text of every capture of p. */
static void
check_subpaths(const struct rules *r, const struct pos *p)
{
	struct subpaths sp = { r, p };

	if (r->restyle != NULL && r->resolve != NULL)
		r->generate(p, subpaths_one, &sp);
}

struct texts {
	const struct rules *r;
	const struct pos *p;
	uint64_t seen, stride;
};

static int
texts_one(void *ctx, const struct move *m)
{
	struct texts *t = ctx;

	if (t->seen++ % t->stride == 0)
		check_text(t->r, t->p, m);
	return t->seen >= SAMPLE_SCAN;
}

/* Every check in p. */
static void
check_pos(const struct rules *r, const struct pos *p, struct rng *g)
{
	static struct sample s;
	uint64_t n = rules_count_moves(r, p);
	struct texts t = { r, p, 0, 1 };

	if (n <= COUNT_MAX)
		assert_int_equal(n, rules_count_generic(r, p));
	assert_int_equal(rules_perft(r, p, 1), n);
	if (n > ALL_MAX)
		t.stride = (n < SAMPLE_SCAN ? n : SAMPLE_SCAN) / SAMPLES + 1;
	r->generate(p, texts_one, &t);
	if (n <= MUTATE_MAX && r->resolve != NULL) {
		sample(r, p, n, &s);
		check_mutants(r, p, &s, g);
	}
	if (n <= MUTATE_MAX)
		check_subpaths(r, p);
	check_perft(r, p);
}

/* ---- Positions --------------------------------------------------- */

/* Plays a random legal move of p (among the first ones in a position
 * with very many); 0 if there is none. */
static int
play_random(const struct rules *r, struct pos *p, struct rng *g)
{
	static struct sample s;

	sample(r, p, rules_count_moves(r, p), &s);
	if (s.n == 0)
		return 0;
	r->apply(p, &s.m[rng_next(g, s.n)]);
	return 1;
}

/* Checks each position of games random playouts of plies plies. */
static void
check_playouts(const char *game, unsigned games, unsigned plies,
    uint64_t seed)
{
	const struct rules *r = rules_find(game);
	struct rng g = { seed };
	struct pos p;
	unsigned i, k;

	assert_non_null(r);
	for (i = 0; i < games; i++) {
		r->start(&p);
		for (k = 0; k < plies; k++) {
			check_pos(r, &p, &g);
			if (r->outcome(&p, NULL) != OUTCOME_NONE ||
			    !play_random(r, &p, &g))
				break;
		}
	}
}

/* Checks each position of the fixture game file, replayed. */
static void
check_fixture(const char *file)
{
	const struct rules *r;
	struct record rec;
	struct diag d;
	struct rng g = { 7 };
	struct move pat, m;
	struct pos p;
	FILE *f = fopen(file, "r");
	size_t i, err;
	const char *t;

	assert_non_null(f);
	record_init(&rec);
	diag_init(&d, "test_rules", stderr);
	assert_int_equal(notation_read_one(f, file, &rec, NULL, &d), 0);
	fclose(f);
	assert_non_null(r = notation_game(&rec, NULL));
	r->start(&p);
	for (i = 0; i < rec.main.n; i++) {
		if (rec.main.elems[i].kind != ELEM_MOVE)
			continue;
		check_pos(r, &p, &g);
		t = rec.main.elems[i].text;
		assert_int_equal(r->move_parse(t, strlen(t), &pat, &err), 0);
		assert_int_equal(rules_resolve(r, &p, &pat, &m), 1);
		r->apply(&p, &m);
	}
	check_pos(r, &p, &g);
	record_free(&rec);
}

/* Checks the set-up positions fens of game, with either side to move. */
static void
check_fens(const char *game, const char *const *fens, size_t n)
{
	const struct rules *r = rules_find(game);
	struct rng g = { 11 };
	struct pos p;
	size_t i;

	assert_non_null(r);
	for (i = 0; i < n; i++) {
		setup(r, fens[i], &p);
		check_pos(r, &p, &g);
		p.turn = (uint8_t)SIDE_OTHER(p.turn);
		check_pos(r, &p, &g);
	}
}

/* ---- Tests ------------------------------------------------------- */

static void
test_playouts(void **state)
{
	(void)state;
	check_playouts("stackers-brown", 12, 90, 1);
	check_playouts("accasta-pari", 8, 80, 2);
	check_playouts("checkers", 8, 80, 3);
	check_playouts("stackup", 8, 80, 4);
	check_playouts("stackers-mogensen", 6, 80, 5);
}

/* The games of the table the test above does not name (the draughts
 * family): resolve against generate, perft against the generic walk. */
static void
test_table_playouts(void **state)
{
	static const char *const named = " stackers-brown accasta-pari "
	    "checkers stackup stackers-mogensen ";
	char word[64];
	unsigned i;

	(void)state;
	for (i = 0; rules_table[i] != NULL; i++) {
		snprintf(word, sizeof(word), " %s ", rules_table[i]->name);
		if (strstr(named, word) == NULL)
			check_playouts(rules_table[i]->name, 2, 60, 10 + i);
	}
}

static void
test_fixtures(void **state)
{
	(void)state;
	check_fixture("fixtures/games/stackers-brown.pdn");
	check_fixture("fixtures/games/accasta-pari.pdn");
	check_fixture("fixtures/games/stackers-mogensen.pdn");
	check_fixture("fixtures/games/checkers.pdn");
	check_fixture("fixtures/games/stackup.pdn");
}

/* Tall stacks: shifts over own stacks and after a capture, builds from
 * contributors that give again and again or lose control, restacks. */
static const char *const brown_tall[] = {
	"b:d4=bbbbbbbb,d5=r,d7=rr,f6=rrrr,b2=rrr,h8=rr,a1=bbbb",
	"b:d4=bbbbbbbbbbbb,a8=rrrrr,b8=r,c8=r,d8=r,e8=r,f8=r,g8=r,h8=r",
	"b:d4=bbbrrbbrbbr,d5=b,e5=r,c3=rr,f2=rrr,b6=rr,h1=bbbb",
	"b:e4=b,e6=bbrbbr,c4=bbb,e2=brb,g6=bb,c6=r,a8=rrrrrrr,h1=r",
	"b:c3=brbbrrbr,d4=r,e5=bb,b2=rrbb,a8=rrrr,h8=bbb,g1=r,c6=b",
	"r:d5=rrrrrrr,d4=b,e5=bbb,c6=bb,f7=bbbbbb,a1=rrrrr",
};

static void
test_brown_tall(void **state)
{
	const struct rules *r = rules_find("stackers-brown");
	struct pos p;

	(void)state;
	check_fens("stackers-brown", brown_tall,
	    sizeof(brown_tall) / sizeof(brown_tall[0]));
	/* Twelve on d4: too many to count by generate here; the count
	 * generate gave before count existed (17 s). */
	setup(r, brown_tall[1], &p);
	assert_int_equal(rules_count_moves(r, &p), 535204255);
	assert_int_equal(rules_perft(r, &p, 1), 535204255);
}

/* Stacks of up to three stones of each colour, many origins, in and
 * out of the castles. */
static const char *const accasta_tall[] = {
	"w:d4=wwwbbb,d3=wwbb,c3=www,e4=wbb,b2=ww,c4=bbb,e3=bwb,f3=bb,d6=w",
	"w:a1=wwwbbb,b2=wwwbb,c3=wwbbb,d4=wwwbbb,e4=bbbw,d1=ww,d7=bb,g4=b",
	"b:e3=bbbwww,d4=bbwww,d3=bbbw,c3=wb,c4=w,f2=bbbww,g1=bbb,a1=ww",
	"w:c2=wwwb,c5=wwwbbb,e2=wbw,e5=wwbbb,d2=www,d6=www,b3=bbb,f4=b",
};

static void
test_accasta_tall(void **state)
{
	(void)state;
	check_fens("accasta-pari", accasta_tall,
	    sizeof(accasta_tall) / sizeof(accasta_tall[0]));
}

/* Kings with many capture paths: round trips back through the origin,
 * paths sharing their ends, a man crowned by a jump. */
static const char *const checkers_paths[] = {
	"B:W8,12,15,16,23,K24,31:B2,6,K11,K13,K29",
	"W:WK2,13,17,23,26:B6,14,15",
	"B:W14,22,23:BK10",
	"W:WK18,K11,10:B7,8,14,15,22,23,24,K30",
	"B:W5,6,7,13,14,15,21,22,23:BK1,K9,2,3",
};

/* Stackup with stacks on the squares jumped: the tops taken change who
 * controls them. */
static const char *const stackup_paths[] = {
	"b:2=B,6=w,7=wb,14=wbw,15=w,22=wB,23=wbb,26=W,11=bb",
	"w:27=W,23=b,22=bw,14=bbw,15=b,7=bW,6=bww,3=B,19=ww",
};

/* The two games whose moves are paths of squares, where a capture may
 * be written by any of its landing squares. */
static void
test_paths(void **state)
{
	(void)state;
	check_fens("checkers", checkers_paths,
	    sizeof(checkers_paths) / sizeof(checkers_paths[0]));
	check_fens("stackup", stackup_paths,
	    sizeof(stackup_paths) / sizeof(stackup_paths[0]));
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_playouts),
		cmocka_unit_test(test_table_playouts),
		cmocka_unit_test(test_fixtures),
		cmocka_unit_test(test_brown_tall),
		cmocka_unit_test(test_accasta_tall),
		cmocka_unit_test(test_paths),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
