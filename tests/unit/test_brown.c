/*
 * test_brown.c - StackersTM (Mark R. Brown) rules.
 *
 * One test per rule of RULES.md section 3, each on a small set-up
 * position (stack FEN; a movement-phase position is completed to 24
 * checkers by pure filler stacks on h1 and h8), the notation in every
 * form, and perft tables (tests/data/perft-brown.txt) cross-checked
 * against an independent, deliberately naive generator written here on
 * a different representation: 64 cells holding stacks as strings (top
 * first, as in the notation), copied at every step, counting moves
 * without building any move struct.
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

#define FIXTURE "tests/data/perft-brown.txt"
#define FIXTURE_MAX_NODES 3000000ull   /* entries checked by the test */
#define NAIVE_MAX 200000ull            /* ... also by the naive walk */
#define CELL 26

static const struct rules *
br(void)
{
	const struct rules *r = rules_find("stackers-brown");

	assert_non_null(r);
	return r;
}

/* Sets p from a stack FEN; with fill, pure filler stacks on h1 (black)
 * and h8 (red) complete 12 checkers each. */
static void
setup(struct pos *p, const char *fen, int fill)
{
	size_t err;
	const char *why;
	unsigned k, n;

	assert_int_equal(fen_parse(br(), fen, p, &err, &why), 0);
	if (!fill)
		return;
	for (k = 0; k < 2; k++) {
		n = pos_count(p, (enum side)k);
		assert_true(n <= 12);
		for (; n < 12; n++)
			assert_int_equal(stack_push(&p->sq[k == 0 ? 7 : 63],
			    (enum side)k, 0), 0);
	}
}

/* The square named s. */
static unsigned
sq_of(const char *s)
{
	size_t used;
	int sq = br()->square_parse(s, strlen(s), &used);

	assert_true(sq >= 0 && used == strlen(s));
	return (unsigned)sq;
}

/* Asserts the stack on square s, written top first ("" for empty). */
static void
assert_stack(const struct pos *p, const char *s, const char *top_first)
{
	const struct stack *st = &p->sq[sq_of(s)];
	size_t i, n = strlen(top_first);

	assert_int_equal(st->height, n);
	for (i = 0; i < n; i++)
		assert_int_equal((st->owner >> (n - 1 - i)) & 1,
		    top_first[i] == 'r');
}

/* How many legal moves the text denotes in p. */
static unsigned
resolves(const struct pos *p, const char *text, struct move *found)
{
	struct move pat;
	size_t err;

	if (br()->move_parse(text, strlen(text), &pat, &err) != 0)
		return 0;
	return rules_resolve(br(), p, &pat, found);
}

static void
assert_legal(const struct pos *p, const char *text)
{
	if (resolves(p, text, NULL) != 1)
		fail_msg("%s should be legal", text);
}

static void
assert_illegal(const struct pos *p, const char *text)
{
	if (resolves(p, text, NULL) != 0)
		fail_msg("%s should be illegal", text);
}

/* Plays the move text (which must be legal) on p. */
static void
play(struct pos *p, const char *text)
{
	struct move m;

	if (resolves(p, text, &m) != 1)
		fail_msg("%s should be legal", text);
	br()->apply(p, &m);
}

/* Plays space-separated move texts from the start position. */
static void
play_line(struct pos *p, const char *line)
{
	char text[64];
	size_t len;

	br()->start(p);
	while (*(line += strspn(line, " \n")) != '\0') {
		len = strcspn(line, " \n");
		assert_true(len < sizeof(text));
		memcpy(text, line, len);
		text[len] = '\0';
		play(p, text);
		line += len;
	}
}

/* Asserts the text parses, resolves to one move and is written back
 * canonically as canon. */
static void
assert_reads_as(const struct pos *p, const char *text, const char *canon)
{
	struct move m;
	char buf[128];

	if (resolves(p, text, &m) != 1)
		fail_msg("%s should be legal", text);
	assert_true(br()->move_format(p, &m, buf, sizeof(buf)) > 0);
	assert_string_equal(buf, canon);
}

struct scan {
	const struct pos *p;
	unsigned base, n, restacks, bad;
	char first[128];
};

/* Counts the moves; checks every shift keeps to its base. */
static int
scan_one(void *ctx, const struct move *m)
{
	struct scan *s = ctx;
	struct pos after = *s->p;
	unsigned i, whole;

	if (s->n++ == 0)
		br()->move_format(s->p, m, s->first, sizeof(s->first));
	if (m->kind == MOVE_RESTACK) {
		s->restacks += m->step[0].from == s->base;
		return 0;
	}
	if (m->step[0].from != s->base || m->step[0].kind == STEP_ONTO)
		return 0;
	whole = m->step[0].count == s->p->sq[s->base].height;
	for (i = 0; i < m->nsteps; i++)
		s->bad += m->step[i].from != s->base;
	br()->apply(&after, m);
	s->bad += after.sq[s->base].height == 0 && !(whole && m->nsteps == 1);
	s->bad += whole && m->nsteps != 1;
	return 0;
}

static struct scan
scan(const struct pos *p, const char *base)
{
	struct scan s;

	memset(&s, 0, sizeof(s));
	s.p = p;
	s.base = sq_of(base);
	br()->generate(p, scan_one, &s);
	return s;
}

/* ---- Rules ------------------------------------------------------ */

static void
test_start(void **state)
{
	struct pos p;
	char buf[64];

	(void)state;
	br()->start(&p);
	/* published: RULES.md, the first placement has exactly 8 moves */
	assert_int_equal(rules_count_moves(br(), &p), 8);
	assert_int_equal(rules_perft(br(), &p, 1), 8);
	assert_true(br()->pos_note(&p, buf, sizeof(buf)) > 0);
	assert_string_equal(buf, "placement: 0 of 24 checkers placed");
	assert_string_equal(scan(&p, "a1").first, "a1");
	assert_int_equal(br()->outcome(&p, NULL), OUTCOME_NONE);
}

static void
test_placement_home_rank(void **state)
{
	struct pos p;

	(void)state;
	br()->start(&p);
	assert_legal(&p, "h1");
	assert_illegal(&p, "a2");
	assert_illegal(&p, "a8");
	play(&p, "d1");
	assert_legal(&p, "d8");
	assert_illegal(&p, "d1");
	play(&p, "d8");
	assert_legal(&p, "d1");   /* onto one's own stack */
	play(&p, "d1");
	assert_stack(&p, "d1", "bb");
	/* Not onto a stack the opponent controls. */
	setup(&p, "b:a1=r,b8=r", 0);
	assert_illegal(&p, "a1");
	assert_int_equal(rules_count_moves(br(), &p), 7);
	/* Twelve placed: nothing left to place. */
	setup(&p, "b:a1=bbbbbbbbbbbb,a8=r", 0);
	assert_int_equal(rules_count_moves(br(), &p), 0);
}

static void
test_phase_by_count(void **state)
{
	struct pos p;
	char buf[64];

	(void)state;
	/* 23 checkers: still placing. */
	setup(&p, "r:a1=bbbbbbbbbbbb,a8=rrrrrrrrrrr", 0);
	assert_int_equal(rules_count_moves(br(), &p), 8);
	assert_true(br()->pos_note(&p, buf, sizeof(buf)) > 0);
	assert_string_equal(buf, "placement: 23 of 24 checkers placed");
	play(&p, "a8");
	/* 24: the movement phase, Black first. */
	assert_int_equal(p.turn, SIDE_FIRST);
	assert_int_equal(br()->pos_note(&p, buf, sizeof(buf)), 0);
	assert_illegal(&p, "b1");
	assert_legal(&p, "a1:1-a2");
}

static void
test_exact_distance(void **state)
{
	struct pos p;

	(void)state;
	setup(&p, "b:d4=bb,a8=r", 1);
	assert_legal(&p, "d4-d6");
	assert_legal(&p, "d4-f2");
	assert_illegal(&p, "d4-d5");
	assert_illegal(&p, "d4-d7");
	assert_legal(&p, "d4:1-d5");
	assert_illegal(&p, "d4:1-d6");
	assert_illegal(&p, "d4-e6");   /* not a straight line */
	play(&p, "d4-d6");
	assert_stack(&p, "d6", "bb");
	assert_stack(&p, "d4", "");
}

static void
test_paths(void **state)
{
	struct pos p;

	(void)state;
	/* Not over an opponent's stack... */
	setup(&p, "b:d4=bbb,d5=r,e5=rb,a8=r", 1);
	assert_illegal(&p, "d4-d7");
	assert_illegal(&p, "d4-g7");
	assert_illegal(&p, "d4:2-d6");
	assert_legal(&p, "d4-a7");
	/* ...but over one's own. */
	setup(&p, "b:d4=bbb,d5=b,e5=br,a8=r", 1);
	assert_legal(&p, "d4-d7");
	assert_legal(&p, "d4-g7");
	/* The same for a build's contributor. */
	setup(&p, "b:d4=b,d6=bb,d5=r,a8=r", 1);
	assert_illegal(&p, "d6+d4");
	setup(&p, "b:d4=b,d6=bb,d5=b,a8=r", 1);
	assert_legal(&p, "d6+d4");
}

static void
test_capture_height(void **state)
{
	struct pos p;

	(void)state;
	setup(&p, "b:d4=bb,d6=rr,f6=rrr,b6=r,a8=r", 1);
	assert_legal(&p, "d4xd6");
	assert_legal(&p, "d4xb6");
	assert_illegal(&p, "d4xf6");
	assert_illegal(&p, "d4:1xd6");
	play(&p, "d4xd6");
	assert_stack(&p, "d6", "bbrr");
	/* A split part captures by its own height. */
	setup(&p, "b:d4=bbrr,d6=rr,d7=rrr,a8=r", 1);
	assert_legal(&p, "d4:2xd6");
	assert_illegal(&p, "d4:3xd7");   /* passes over d6 */
}

static void
test_one_capture(void **state)
{
	struct pos p;

	(void)state;
	setup(&p, "b:d4=bbb,d5=r,d3=r,a8=r", 1);
	assert_legal(&p, "d4:1xd5");
	assert_legal(&p, "d4:1xd5,1-c4");
	assert_legal(&p, "d4:1-c4,1xd3");
	assert_illegal(&p, "d4:1xd5,1xd3");
}

static void
test_control_lost_ends_turn(void **state)
{
	struct pos p;

	(void)state;
	setup(&p, "b:d4=brb,a8=r", 1);
	assert_legal(&p, "d4:1-d5");
	assert_illegal(&p, "d4:1-d5,1-d3");
	play(&p, "d4:1-d5");
	assert_stack(&p, "d4", "rb");
	assert_int_equal(p.turn, SIDE_SECOND);
	/* Keeping control, the turn may go on. */
	setup(&p, "b:d4=bbrb,a8=r", 1);
	assert_legal(&p, "d4:1-d5,1-d3");
	assert_illegal(&p, "d4:1-d5,1-d3,1-c4");
}

static void
test_whole_stack_single_step(void **state)
{
	struct pos p;
	struct scan s;

	(void)state;
	setup(&p, "b:d4=bbb,a8=r", 1);
	assert_legal(&p, "d4-d7");
	assert_legal(&p, "d4:2-d6");
	assert_illegal(&p, "d4:2-d6,-d5");
	assert_illegal(&p, "d4:2-d6,1-d5");
	assert_illegal(&p, "d4:1-d5,1-e5,-e4");
	assert_legal(&p, "d4:1-d5,1-e5");
	/* Every shift from d4 leaves a checker there unless it is the
	 * single whole-stack step, and keeps to d4. */
	s = scan(&p, "d4");
	assert_int_equal(s.bad, 0);
}

static void
test_moved_parts_stay(void **state)
{
	struct pos p;

	(void)state;
	setup(&p, "b:d4=bbbb,a8=r", 1);
	assert_legal(&p, "d4:2-d6");
	assert_illegal(&p, "d4:2-d6,d6:1-d7");
	assert_illegal(&p, "d4:2-d6,d6-d8");
	/* A later step lands on no own stack, a moved part included. */
	assert_illegal(&p, "d4:1-d5,1-d5");
	assert_legal(&p, "d4:2-d6,1-d5");   /* passes over nothing, fine */
	assert_legal(&p, "d4:1-d5,2-d6");   /* over its own moved part */
}

static void
test_build_split_repeatedly(void **state)
{
	struct pos p;

	(void)state;
	/* The seed's example: [rbrbrr] gives [rb] then [rbr]... on a
	 * line at distances 2 and 3 does not fit one contributor, so: a
	 * contributor two squares away gives two checkers, twice. */
	setup(&p, "b:d4=b,d6=bbbb,c4=bb,a8=r", 1);
	assert_legal(&p, "d6:2+d4,+d4");
	assert_legal(&p, "d6:2+d4,c4:1+d4,d6+d4");
	assert_legal(&p, "d6:2+d4,c4:1+d4,d6+d4,c4+d4");
	play(&p, "d6:2+d4,c4:1+d4,d6+d4,c4+d4");
	assert_stack(&p, "d4", "bbbbbbb");
	assert_stack(&p, "d6", "");
	assert_stack(&p, "c4", "");
	/* The whole contributor at once. */
	setup(&p, "b:d4=r,e4=b,g4=bb,a8=r", 1);
	assert_illegal(&p, "e4+d4");   /* d4 is not Black's */
	assert_illegal(&p, "g4:1+e4");
	assert_legal(&p, "g4+e4");
	play(&p, "g4+e4");
	assert_stack(&p, "e4", "bbb");
}

static void
test_build_control_lost_ends_turn(void **state)
{
	struct pos p;

	(void)state;
	setup(&p, "b:d4=b,d6=bbrb,c4=b,a8=r", 1);
	assert_legal(&p, "d6:2+d4");
	assert_illegal(&p, "d6:2+d4,c4+d4");
	assert_legal(&p, "c4+d4,d6:2+d4");
	play(&p, "d6:2+d4");
	assert_stack(&p, "d6", "rb");
	assert_stack(&p, "d4", "bbb");
	assert_int_equal(p.turn, SIDE_SECOND);
}

static void
test_build_no_capture(void **state)
{
	struct pos p;

	(void)state;
	/* A build lands on the own base only; a shift never on an own
	 * stack. */
	setup(&p, "b:d4=b,d5=r,d6=b,a8=r", 1);
	assert_illegal(&p, "d4+d5");
	assert_illegal(&p, "d6+d5");
	assert_legal(&p, "d4xd5");
	assert_illegal(&p, "d4-d5,d6+d4");
	setup(&p, "b:d4=b,d5=b,a8=r", 1);
	assert_illegal(&p, "d4-d5");
	assert_illegal(&p, "d4xd5");
	assert_legal(&p, "d4+d5");
}

static void
test_restack(void **state)
{
	struct pos p;

	(void)state;
	setup(&p, "b:c3=brbbr,a8=r", 1);
	assert_int_equal(scan(&p, "c3").restacks, 9);   /* C(5,2) - 1 */
	assert_legal(&p, "c3=rbbbr");
	assert_legal(&p, "c3=RBBRB");
	assert_illegal(&p, "c3=brbbr");   /* the same order */
	assert_illegal(&p, "c3=rrbbb r");
	assert_illegal(&p, "c3=rbbb");
	play(&p, "c3=rbbbr");
	assert_stack(&p, "c3", "rbbbr");
	/* A stack of one colour has no other order. */
	setup(&p, "b:c3=bbbb,a8=r", 1);
	assert_int_equal(scan(&p, "c3").restacks, 0);
	/* 6 checkers, 3 red: C(6,3) - 1. */
	setup(&p, "b:c3=brbrbr,a8=r", 1);
	assert_int_equal(scan(&p, "c3").restacks, 19);
}

static void
test_no_stack_loses(void **state)
{
	struct pos p;
	const char *why = "unset";

	(void)state;
	/* Black to move controls nothing. */
	setup(&p, "b:a1=rbbbbbbbbbbbb,a8=rrrrrrrrrrr", 0);
	assert_int_equal(br()->outcome(&p, &why), OUTCOME_SECOND_WINS);
	assert_string_equal(why, "black controls no stack");
	assert_int_equal(rules_count_moves(br(), &p), 0);
	/* Black made it happen himself by restacking his last stack. */
	setup(&p, "b:a1=brbbbbbbbbbbb,a8=rrrrrrrrrrr", 0);
	assert_int_equal(br()->outcome(&p, NULL), OUTCOME_NONE);
	play(&p, "a1=rbbbbbbbbbbbb");
	assert_int_equal(br()->outcome(&p, &why), OUTCOME_SECOND_WINS);
	assert_string_equal(why, "black controls no stack");
	assert_int_equal(rules_count_moves(br(), &p), 0);
	/* The mover loses even when it is the opponent's turn. */
	setup(&p, "r:a1=rbbbbbbbbbbbb,a8=rrrrrrrrrrr", 0);
	assert_int_equal(br()->outcome(&p, &why), OUTCOME_SECOND_WINS);
	setup(&p, "b:a1=bbbbbbbbbbbr,a8=brrrrrrrrrrr", 0);
	assert_int_equal(br()->outcome(&p, &why), OUTCOME_FIRST_WINS);
	assert_string_equal(why, "red controls no stack");
}

static void
test_no_move_loses(void **state)
{
	struct pos p;
	const char *why = "unset";

	(void)state;
	setup(&p, "b:a1=b,a2=rrrrbbbb,b2=rrrrbbb,b1=rrrrbbbb", 0);
	assert_int_equal(rules_count_moves(br(), &p), 0);
	assert_int_equal(br()->outcome(&p, &why), OUTCOME_SECOND_WINS);
	assert_string_equal(why, "black has no legal move");
	p.turn = SIDE_SECOND;
	assert_int_equal(br()->outcome(&p, &why), OUTCOME_NONE);
	assert_null(why);
}

/* ---- Notation --------------------------------------------------- */

static void
test_squares(void **state)
{
	char buf[8];
	size_t used;
	unsigned x, y;

	(void)state;
	assert_int_equal(br()->square_parse("a1", 2, &used), 0);
	assert_int_equal(br()->square_parse("H8", 2, &used), 63);
	assert_int_equal(br()->square_parse("e2", 2, &used), 12);
	assert_int_equal(br()->square_parse("i1", 2, &used), -1);
	assert_int_equal(br()->square_parse("a9", 2, &used), -1);
	assert_int_equal(br()->square_name(12, buf, sizeof(buf)), 2);
	assert_string_equal(buf, "e2");
	assert_int_equal(br()->square_name(12, buf, 2), -1);
	br()->square_xy(12, &x, &y);
	assert_int_equal(x, 4);
	assert_int_equal(y, 1);
}

static void
test_notation_forms(void **state)
{
	struct pos p;

	(void)state;
	br()->start(&p);
	assert_reads_as(&p, "d1", "d1");
	assert_reads_as(&p, "D1", "d1");
	setup(&p, "b:c1=bbbb,c5=rrrr,d2=r,a8=r", 1);
	assert_reads_as(&p, "c1xc5", "c1xc5");
	assert_reads_as(&p, "c1-c5", "c1xc5");
	assert_reads_as(&p, "c1\xc3\x97" "c5", "c1xc5");
	assert_reads_as(&p, "C1:4XC5", "c1xc5");
	assert_reads_as(&p, "c1:2-e1,1xd2", "c1:2-e1,1xd2");
	assert_reads_as(&p, "c1:2xe1,c1:1-d2", "c1:2-e1,1xd2");
	setup(&p, "b:a3=bb,c5=bbb,c3=brbbr,a8=r", 1);
	assert_reads_as(&p, "a3+c3,c5:2+c3", "a3+c3,c5:2+c3");
	assert_reads_as(&p, "a3:2+c3,c5:2+c3", "a3+c3,c5:2+c3");
	assert_reads_as(&p, "c3=rbbbr", "c3=rbbbr");
	assert_reads_as(&p, "c3=RBBBR", "c3=rbbbr");
	setup(&p, "b:c1=bbbb,c4=rrr,a8=r", 1);
	assert_reads_as(&p, "c1:3xc4", "c1:3xc4");
	assert_reads_as(&p, "c1:3-c4", "c1:3xc4");
	setup(&p, "b:c1=bbbb,a8=r", 1);
	assert_reads_as(&p, "c1:2-c3,1-d2", "c1:2-c3,1-d2");
	assert_reads_as(&p, "c1:2-c3,:1-d2", "c1:2-c3,1-d2");
	assert_reads_as(&p, "c1-c5", "c1-c5");
	assert_reads_as(&p, "c1xc5", "c1-c5");
	assert_reads_as(&p, "c1:4-c5", "c1-c5");
}

static void
test_omitted_counts(void **state)
{
	struct pos p;

	(void)state;
	/* Left out, a count is the whole stack at that moment. */
	setup(&p, "b:d4=b,d6=bbbb,a8=r", 1);
	assert_reads_as(&p, "d6:2+d4,+d4", "d6:2+d4,+d4");
	assert_reads_as(&p, "d6:2+d4,2+d4", "d6:2+d4,+d4");
	assert_reads_as(&p, "d6:2+d4,d6+d4", "d6:2+d4,+d4");
	assert_illegal(&p, "d6+d4");   /* 4 checkers do not go 2 squares */
	setup(&p, "b:d4=bb,a8=r", 1);
	assert_illegal(&p, "d4-d5");
	assert_reads_as(&p, "d4:1-d5", "d4:1-d5");
}

static void
test_bad_text(void **state)
{
	static const struct {
		const char *text;
		size_t err;
	} bad[] = {
		{ "", 0 }, { "z1", 0 }, { "d9", 0 }, { "c1-", 3 },
		{ "c1:0-c2", 3 }, { "c1-c2,", 6 }, { "c1-c2;c3", 5 },
		{ "c1=", 3 }, { "c1=rbz", 5 }, { "c1/c2", 2 },
		{ "-c2", 0 }, { "c1:2", 4 },
	};
	struct move pat;
	size_t i, err;

	(void)state;
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		err = 99;
		if (br()->move_parse(bad[i].text, strlen(bad[i].text), &pat,
		    &err) != -1)
			fail_msg("%s should not parse", bad[i].text);
		if (err != bad[i].err)
			fail_msg("%s: error at %zu, not %zu", bad[i].text,
			    err, bad[i].err);
	}
}

/* ---- The independent generator ---------------------------------- */

struct naive {
	char cell[64][CELL];     /* stacks as strings, top first */
	char turn;               /* 'b' or 'r' */
};

static void
naive_from_pos(struct naive *nb, const struct pos *p)
{
	unsigned i, k;
	char *s;

	memset(nb, 0, sizeof(*nb));
	nb->turn = p->turn == SIDE_FIRST ? 'b' : 'r';
	for (i = 0; i < 64; i++) {
		s = nb->cell[i];
		for (k = p->sq[i].height; k-- > 0; )
			*s++ = (p->sq[i].owner >> k) & 1 ? 'r' : 'b';
	}
}

static int
naive_mine(const struct naive *nb, int sq)
{
	return nb->cell[sq][0] == nb->turn;
}

static int
naive_theirs(const struct naive *nb, int sq)
{
	return nb->cell[sq][0] != '\0' && nb->cell[sq][0] != nb->turn;
}

static unsigned
naive_letters(const struct naive *nb, char c)
{
	unsigned n = 0;
	const char *s;
	int i;

	for (i = 0; i < 64; i++)
		for (s = nb->cell[i]; *s != '\0'; s++)
			n += *s == c || c == '*';
	return n;
}

static uint64_t naive_perft(const struct naive *nb, unsigned depth);

static uint64_t
naive_done(const struct naive *after, unsigned depth)
{
	struct naive next = *after;

	next.turn = next.turn == 'b' ? 'r' : 'b';
	return depth <= 1 ? 1 : naive_perft(&next, depth - 1);
}

/* Moves the top k letters of cell from onto cell to. */
static void
naive_lift(struct naive *nb, int from, int to, size_t k)
{
	char buf[2 * CELL];

	memcpy(buf, nb->cell[from], k);
	strcpy(buf + k, nb->cell[to]);
	strcpy(nb->cell[to], buf);
	memmove(nb->cell[from], nb->cell[from] + k,
	    strlen(nb->cell[from]) - k + 1);
}

/* Whether the squares strictly between (r,c) and (r+k*dr, c+k*dc) are
 * free of the opponent's stacks. */
static int
naive_clear(const struct naive *nb, int r, int c, int dr, int dc, int k)
{
	int i;

	for (i = 1; i < k; i++)
		if (naive_theirs(nb, (r + i * dr) * 8 + c + i * dc))
			return 0;
	return 1;
}

static uint64_t
naive_shift(const struct naive *nb, int a, int steps, int captured,
    unsigned depth)
{
	int len = (int)strlen(nb->cell[a]), h, dr, dc, r, c, t, cap;
	struct naive next;
	uint64_t n = 0;

	for (h = 1; h <= len; h++)
		for (dr = -1; dr <= 1; dr++)
			for (dc = -1; dc <= 1; dc++) {
				r = a / 8 + h * dr;
				c = a % 8 + h * dc;
				if ((dr == 0 && dc == 0) || (h == len && steps) ||
				    r < 0 || r > 7 || c < 0 || c > 7 ||
				    !naive_clear(nb, a / 8, a % 8, dr, dc, h))
					continue;
				t = r * 8 + c;
				cap = naive_theirs(nb, t);
				if (naive_mine(nb, t) || (cap && (captured ||
				    (int)strlen(nb->cell[t]) > h)))
					continue;
				next = *nb;
				naive_lift(&next, a, t, (size_t)h);
				n += naive_done(&next, depth);
				if (h < len && naive_mine(&next, a))
					n += naive_shift(&next, a, steps + 1,
					    captured || cap, depth);
			}
	return n;
}

static uint64_t
naive_build(const struct naive *nb, int b, unsigned depth)
{
	int c, dr, dc, k, len;
	struct naive next;
	uint64_t n = 0;

	for (c = 0; c < 64; c++) {
		dr = b / 8 - c / 8;
		dc = b % 8 - c % 8;
		k = abs(dr) > abs(dc) ? abs(dr) : abs(dc);
		len = (int)strlen(nb->cell[c]);
		if (c == b || !naive_mine(nb, c) || len < k ||
		    (dr != 0 && dc != 0 && abs(dr) != abs(dc)) ||
		    !naive_clear(nb, c / 8, c % 8, dr / k, dc / k, k))
			continue;
		next = *nb;
		naive_lift(&next, c, b, (size_t)k);
		n += naive_done(&next, depth);
		if (next.cell[c][0] == '\0' || naive_mine(&next, c))
			n += naive_build(&next, b, depth);
	}
	return n;
}

/* Every arrangement of the letters left (nb, nr) after the prefix
 * cell[a][0..at): those that differ from orig count. */
static uint64_t
naive_orders(struct naive *nb, int a, size_t at, unsigned nb_, unsigned nr,
    const char *orig, unsigned depth)
{
	uint64_t n = 0;

	if (nb_ + nr == 0) {
		nb->cell[a][at] = '\0';
		return strcmp(nb->cell[a], orig) != 0 ? naive_done(nb, depth) : 0;
	}
	if (nb_ > 0) {
		nb->cell[a][at] = 'b';
		n += naive_orders(nb, a, at + 1, nb_ - 1, nr, orig, depth);
	}
	if (nr > 0) {
		nb->cell[a][at] = 'r';
		n += naive_orders(nb, a, at + 1, nb_, nr - 1, orig, depth);
	}
	return n;
}

static uint64_t
naive_restack(const struct naive *nb, int a, unsigned depth)
{
	struct naive next = *nb;
	char orig[CELL];
	unsigned b = 0, r = 0;
	const char *s;

	strcpy(orig, nb->cell[a]);
	for (s = orig; *s != '\0'; s++)
		*s == 'b' ? b++ : r++;
	return naive_orders(&next, a, 0, b, r, orig, depth);
}

static uint64_t
naive_place(const struct naive *nb, unsigned depth)
{
	int f, sq, home = nb->turn == 'b' ? 0 : 56;
	struct naive next;
	uint64_t n = 0;

	if (naive_letters(nb, nb->turn) >= 12)
		return 0;
	for (f = 0; f < 8; f++) {
		sq = home + f;
		if (nb->cell[sq][0] != '\0' && !naive_mine(nb, sq))
			continue;
		next = *nb;
		memmove(next.cell[sq] + 1, next.cell[sq],
		    strlen(next.cell[sq]) + 1);
		next.cell[sq][0] = nb->turn;
		n += naive_done(&next, depth);
	}
	return n;
}

static uint64_t
naive_perft(const struct naive *nb, unsigned depth)
{
	int sq, mine = 0, theirs = 0;
	uint64_t n = 0;

	if (depth == 0)
		return 1;
	if (naive_letters(nb, '*') < 24)
		return naive_place(nb, depth);
	for (sq = 0; sq < 64; sq++) {
		mine += naive_mine(nb, sq);
		theirs += naive_theirs(nb, sq);
	}
	if (mine == 0 || theirs == 0)
		return 0;
	for (sq = 0; sq < 64; sq++)
		if (naive_mine(nb, sq))
			n += naive_shift(nb, sq, 0, 0, depth) +
			    naive_build(nb, sq, depth) +
			    naive_restack(nb, sq, depth);
	return n;
}

/* Both generators agree on p at every depth up to max. */
/* naive_perft for perft_line. */
static uint64_t
naive_any(const void *nb, unsigned depth)
{
	return naive_perft(nb, depth);
}

static void
cross_check(const struct pos *p, unsigned max)
{
	struct naive nb;
	unsigned d;

	naive_from_pos(&nb, p);
	for (d = 1; d <= max; d++)
		assert_int_equal(naive_perft(&nb, d),
		    rules_perft_generic(br(), p, d));
}

/* ---- Perft ------------------------------------------------------ */

/* The fixed lines of the perft fixture's mid-game tables. */
#define LINE_PLACED "a1 a8 b1 b8 c1 c8 d1 d8 e1 e8 f1 f8 g1 g8 h1 h8 " \
	"d1 d8 d1 e8 e1 e8 c1 c8"
#define LINE_MIXED LINE_PLACED " d1:2-d3 e8:2-e6 d3:1-e4 e6xe4"

/* Source: rule.  Every placement turn has 8 moves (one's own home rank),
 * so the start's perft is 8^depth while placements last; 8 itself is
 * published (RULES.md). */
static void
test_perft_start(void **state)
{
	struct pos p;
	uint64_t want = 1;
	unsigned d;

	(void)state;
	br()->start(&p);
	for (d = 0; d <= 6; d++, want *= 8)
		assert_int_equal(rules_perft(br(), &p, d), want);
}

/* The number of moves in a "moves:" line. */
static unsigned
count_words(const char *s)
{
	unsigned n = 0;

	while (*(s += strspn(s, " \n")) != '\0') {
		n++;
		s += strcspn(s, " \n");
	}
	return n;
}

/* The rule's perft after played placements: 8^depth while depth
 * placements are left of the 24, else 0 (no rule). */
static uint64_t
placements(unsigned played, unsigned depth)
{
	uint64_t n = 1;

	if (played + depth > 24)
		return 0;
	while (depth-- > 0)
		n *= 8;
	return n;
}

/* Reads the fixture: "moves: ..." starts a table from the start
 * position after those moves ("-" for none), "depth nodes source" lines
 * follow.  Entries up to FIXTURE_MAX_NODES are checked, those up to
 * NAIVE_MAX also by the generic and naive walks; while DEPTH placements
 * are left of the 24, a count is 8^DEPTH by the rule (8 squares of one's
 * own home rank, each empty or one's own), and RULES.md gives the first
 * one, 8. */
static void
test_perft_fixture(void **state)
{
	FILE *f = fopen(FIXTURE, "r");
	unsigned long long nodes;
	unsigned depth, checked = 0, tables = 0, played = 0;
	char line[512];
	struct pos p;
	struct naive nb;
	struct perft_check c = { NULL, FIXTURE_MAX_NODES, NAIVE_MAX,
	    naive_any, { 0 } };

	(void)state;
	c.r = br();
	assert_non_null(f);
	br()->start(&p);
	naive_from_pos(&nb, &p);
	while (fgets(line, sizeof(line), f) != NULL) {
		if (line[0] == '#' || line[0] == '\n')
			continue;
		if (strncmp(line, "moves:", 6) == 0) {
			tables++;
			played = strcmp(line + 6, " -\n") == 0 ? 0 :
			    count_words(line + 6);
			play_line(&p, strcmp(line + 6, " -\n") == 0 ? "" :
			    line + 6);
			naive_from_pos(&nb, &p);
			continue;
		}
		assert_int_equal(sscanf(line, "%u %llu", &depth, &nodes), 2);
		perft_line(&c, &p, &nb, line, played == 0 && depth == 1 ? 8 :
		    0, placements(played, depth));
		checked += nodes <= FIXTURE_MAX_NODES;
	}
	assert_true(feof(f));
	fclose(f);
	perft_summary(&c, FIXTURE);
	assert_true(tables >= 3);
	assert_true(checked >= 10);
}

static void
test_cross_start(void **state)
{
	struct pos p;

	(void)state;
	br()->start(&p);
	cross_check(&p, 5);
	/* The last placements and the first movement turns. */
	play_line(&p, "a1 a8 b1 b8 c1 c8 d1 d8 e1 e8 f1 f8 g1 g8 h1 h8 "
	    "d1 d8 d1 e8 e1 e8");
	cross_check(&p, 3);
}

static void
test_cross_midgame(void **state)
{
	struct pos p;

	(void)state;
	play_line(&p, LINE_PLACED);
	cross_check(&p, 2);
	play_line(&p, LINE_MIXED);
	cross_check(&p, 2);
}

static void
test_cross_setup(void **state)
{
	struct pos p;

	(void)state;
	/* Captures, splits, builds and restacks all in reach. */
	setup(&p, "b:c3=brb,c5=rr,e3=bbr,e5=rbr,d4=b,f6=r,a1=bb,h8=rrb,"
	    "b7=rbb,g2=r,d6=rb", 0);
	cross_check(&p, 2);
	p.turn = SIDE_SECOND;
	cross_check(&p, 2);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_start),
		cmocka_unit_test(test_placement_home_rank),
		cmocka_unit_test(test_phase_by_count),
		cmocka_unit_test(test_exact_distance),
		cmocka_unit_test(test_paths),
		cmocka_unit_test(test_capture_height),
		cmocka_unit_test(test_one_capture),
		cmocka_unit_test(test_control_lost_ends_turn),
		cmocka_unit_test(test_whole_stack_single_step),
		cmocka_unit_test(test_moved_parts_stay),
		cmocka_unit_test(test_build_split_repeatedly),
		cmocka_unit_test(test_build_control_lost_ends_turn),
		cmocka_unit_test(test_build_no_capture),
		cmocka_unit_test(test_restack),
		cmocka_unit_test(test_no_stack_loses),
		cmocka_unit_test(test_no_move_loses),
		cmocka_unit_test(test_squares),
		cmocka_unit_test(test_notation_forms),
		cmocka_unit_test(test_omitted_counts),
		cmocka_unit_test(test_bad_text),
		cmocka_unit_test(test_perft_start),
		cmocka_unit_test(test_perft_fixture),
		cmocka_unit_test(test_cross_start),
		cmocka_unit_test(test_cross_midgame),
		cmocka_unit_test(test_cross_setup),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
