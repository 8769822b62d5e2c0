/*
 * test_stackup.c - Stack-Up checkers rules.
 *
 * Besides unit tests of each rule, the perft table is cross-checked
 * against an independent, deliberately naive generator written here on
 * a different representation: an 8x8 array of cells holding stacks as
 * strings (top first, as in the notation), copied at every step.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "rules/rules.h"
#include "perft_source.h"

#define FIXTURE "tests/data/perft-stackup.txt"
#define FAST_MAX 1000000ULL     /* fixture counts checked (depth 8 and less) */
#define NAIVE_MAX 200000ULL     /* ... also by the generic and naive walks */
#define CELL 26

static const struct rules *
su(void)
{
	const struct rules *r = rules_find("stackup");

	assert_non_null(r);
	return r;
}

/* A stack from text written top first: b/w men, B/W crowned. */
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

/* Sets p from "10=b 14=wB ..." (squares 1..32, stacks top first). */
static void
setup(struct pos *p, enum side turn, const char *spec)
{
	char *end, text[CELL];
	unsigned long n;
	size_t len;

	pos_clear(p, 32, turn);
	while (*spec != '\0') {
		n = strtoul(spec, &end, 10);
		assert_true(end != spec && *end == '=' && n >= 1 && n <= 32);
		spec = end + 1;
		len = strcspn(spec, " ");
		assert_true(len > 0 && len < CELL);
		memcpy(text, spec, len);
		text[len] = '\0';
		p->sq[n - 1] = stack_of(text);
		spec += len;
		spec += strspn(spec, " ");
	}
}

static void
assert_stack(const struct pos *p, unsigned n, const char *top_first)
{
	struct stack want = stack_of(top_first);

	assert_int_equal(p->sq[n - 1].height, want.height);
	assert_int_equal(p->sq[n - 1].owner, want.owner);
	assert_int_equal(p->sq[n - 1].crown, want.crown);
}

struct listing {
	const struct pos *p;
	char text[1024];
	struct move first;
	unsigned n;
};

static int
list_one(void *ctx, const struct move *m)
{
	struct listing *l = ctx;
	char buf[64];

	assert_true(su()->move_format(l->p, m, buf, sizeof(buf)) > 0);
	if (l->n++ == 0)
		l->first = *m;
	else
		strcat(l->text, " ");
	strcat(l->text, buf);
	return 0;
}

/* Asserts the canonical list of legal moves of p; returns the first. */
static struct move
assert_moves(const struct pos *p, const char *want)
{
	struct listing l;

	memset(&l, 0, sizeof(l));
	l.p = p;
	su()->generate(p, list_one, &l);
	assert_string_equal(l.text, want);
	return l.first;
}

/* Plays the only legal move of p. */
static void
play_only(struct pos *p, const char *want)
{
	struct move m = assert_moves(p, want);

	su()->apply(p, &m);
}

/* ---- The independent generator ---------------------------------- */

struct naive {
	char cell[8][8][CELL];   /* [row][column], row 0 nearest black */
	int turn;                /* 'b' or 'w' */
};

struct chain {
	struct naive b;
	int jumped[8][8];
	int r, c, moved;
};

static void
naive_from_pos(struct naive *nb, const struct pos *p)
{
	unsigned i, k, row, col;
	char *s;

	memset(nb, 0, sizeof(*nb));
	nb->turn = p->turn == SIDE_FIRST ? 'b' : 'w';
	for (i = 0; i < 32; i++) {
		row = i / 4;
		col = row % 2 == 0 ? 2 * (i % 4) + 1 : 2 * (i % 4);
		s = nb->cell[row][col];
		for (k = p->sq[i].height; k-- > 0; ) {
			*s = (p->sq[i].owner >> k) & 1 ? 'w' : 'b';
			if ((p->sq[i].crown >> k) & 1)
				*s = (char)(*s - 'a' + 'A');
			s++;
		}
	}
}

static int
naive_mine(const struct naive *nb, int r, int c)
{
	return (nb->cell[r][c][0] | 0x20) == nb->turn;
}

static int
naive_enemy(const struct naive *nb, int r, int c)
{
	return nb->cell[r][c][0] != '\0' && !naive_mine(nb, r, c);
}

static int
on_board(int r, int c)
{
	return r >= 0 && r < 8 && c >= 0 && c < 8;
}

static uint64_t naive_perft(const struct naive *nb, unsigned depth);

/* A finished move: hand the new board to the next ply. */
static uint64_t
naive_done(const struct naive *after, unsigned depth)
{
	struct naive next = *after;

	next.turn = next.turn == 'b' ? 'w' : 'b';
	return depth <= 1 ? 1 : naive_perft(&next, depth - 1);
}

static uint64_t
naive_jumps(struct chain *ch, unsigned depth)
{
	int dr, dc, fwd = ch->b.turn == 'b' ? 1 : -1, far = fwd > 0 ? 7 : 0;
	char *from = ch->b.cell[ch->r][ch->c];
	int king = from[0] < 'a', any = 0;
	uint64_t n = 0;
	struct chain next;
	char *over, *to;
	size_t len;

	for (dr = -1; dr <= 1; dr += 2)
		for (dc = -1; dc <= 1; dc += 2) {
			if (!king && dr != fwd)
				continue;
			if (!on_board(ch->r + 2 * dr, ch->c + 2 * dc) ||
			    !naive_enemy(&ch->b, ch->r + dr, ch->c + dc) ||
			    ch->jumped[ch->r + dr][ch->c + dc] ||
			    ch->b.cell[ch->r + 2 * dr][ch->c + 2 * dc][0])
				continue;
			any = 1;
			next = *ch;
			over = next.b.cell[ch->r + dr][ch->c + dc];
			to = next.b.cell[ch->r + 2 * dr][ch->c + 2 * dc];
			strcpy(to, next.b.cell[ch->r][ch->c]);
			next.b.cell[ch->r][ch->c][0] = '\0';
			len = strlen(to);
			to[len] = over[0];
			to[len + 1] = '\0';
			memmove(over, over + 1, strlen(over));
			next.jumped[ch->r + dr][ch->c + dc] = 1;
			next.r = ch->r + 2 * dr;
			next.c = ch->c + 2 * dc;
			next.moved = 1;
			if (!king && next.r == far) {
				to[0] = (char)(to[0] - 'a' + 'A');
				n += naive_done(&next.b, depth);
			} else
				n += naive_jumps(&next, depth);
		}
	if (!any && ch->moved)
		n += naive_done(&ch->b, depth);
	return n;
}

static uint64_t
naive_captures(const struct naive *nb, unsigned depth)
{
	struct chain ch;
	uint64_t n = 0;
	int r, c;

	for (r = 0; r < 8; r++)
		for (c = 0; c < 8; c++) {
			if (!naive_mine(nb, r, c))
				continue;
			memset(&ch, 0, sizeof(ch));
			ch.b = *nb;
			ch.r = r;
			ch.c = c;
			n += naive_jumps(&ch, depth);
		}
	return n;
}

static uint64_t
naive_plain(const struct naive *nb, unsigned depth)
{
	int r, c, dr, dc, fwd = nb->turn == 'b' ? 1 : -1;
	struct naive next;
	uint64_t n = 0;

	for (r = 0; r < 8; r++)
		for (c = 0; c < 8; c++)
			for (dr = -1; dr <= 1; dr += 2)
				for (dc = -1; dc <= 1; dc += 2) {
					if (!naive_mine(nb, r, c) ||
					    (nb->cell[r][c][0] >= 'a' &&
					    dr != fwd) ||
					    !on_board(r + dr, c + dc) ||
					    nb->cell[r + dr][c + dc][0])
						continue;
					next = *nb;
					strcpy(next.cell[r + dr][c + dc],
					    nb->cell[r][c]);
					next.cell[r][c][0] = '\0';
					if (r + dr == (fwd > 0 ? 7 : 0) &&
					    next.cell[r + dr][c + dc][0] >= 'a')
						next.cell[r + dr][c + dc][0] -=
						    'a' - 'A';
					n += naive_done(&next, depth);
				}
	return n;
}

static uint64_t
naive_perft(const struct naive *nb, unsigned depth)
{
	uint64_t n;

	if (depth == 0)
		return 1;
	n = naive_captures(nb, depth);
	return n > 0 ? n : naive_plain(nb, depth);
}

/* naive_perft for perft_line. */
static uint64_t
naive_any(const void *nb, unsigned depth)
{
	return naive_perft(nb, depth);
}

/* Both generators agree on p at every depth up to max, and the fast
 * perft (played and taken back on bitboards) with them. */
static void
cross_check(const struct pos *p, unsigned max)
{
	struct naive nb;
	uint64_t n;
	unsigned d;

	naive_from_pos(&nb, p);
	for (d = 1; d <= max; d++) {
		n = naive_perft(&nb, d);
		assert_int_equal(n, rules_perft_generic(su(), p, d));
		assert_int_equal(n, rules_perft(su(), p, d));
	}
}

struct nth {
	unsigned k;
	struct move m;
};

static int
take_nth(void *ctx, const struct move *m)
{
	struct nth *t = ctx;

	if (t->k-- > 0)
		return 0;
	t->m = *m;
	return 1;
}

/* Plays plies pseudo-random legal moves from the start. */
static void
midgame(struct pos *p, unsigned plies, unsigned seed)
{
	struct nth t;
	unsigned i, n;

	su()->start(p);
	for (i = 0; i < plies; i++) {
		n = rules_count_moves(su(), p);
		assert_true(n > 0);
		seed = seed * 1103515245u + 12345u;
		t.k = (seed >> 16) % n;
		assert_int_equal(su()->generate(p, take_nth, &t), 1);
		su()->apply(p, &t.m);
	}
}

/* Number of stacks of p taller than one checker. */
static unsigned
tall_stacks(const struct pos *p)
{
	unsigned i, n = 0;

	for (i = 0; i < 32; i++)
		n += p->sq[i].height > 1;
	return n;
}

/* ---- Perft ------------------------------------------------------ */

/* The published checkers perft (RULES.md section 1), which RULES.md
 * section 2 says stackup equals to depth 5. */
static const uint64_t checkers[] = { 1, 7, 49, 302, 1469, 7361 };

static void
test_perft_start(void **state)
{
	struct pos p;
	unsigned d;

	(void)state;
	su()->start(&p);
	for (d = 0; d <= 5; d++)
		assert_int_equal(rules_perft(su(), &p, d), checkers[d]);
	/* RULES.md: it differs from checkers from depth 6 on */
	assert_true(rules_perft(su(), &p, 6) != 36768);
}

static void
test_perft_fixture(void **state)
{
	FILE *f = fopen(FIXTURE, "r");
	unsigned long long nodes;
	unsigned depth, lines = 0;
	char line[256];
	struct pos p;
	struct naive nb;
	struct perft_check c = { NULL, FAST_MAX, NAIVE_MAX, naive_any,
	    { 0 } };

	(void)state;
	c.r = su();
	assert_non_null(f);
	su()->start(&p);
	naive_from_pos(&nb, &p);
	while (fgets(line, sizeof(line), f) != NULL) {
		if (line[0] == '#' || line[0] == '\n')
			continue;
		assert_int_equal(sscanf(line, "%u %llu", &depth, &nodes), 2);
		lines++;
		if (depth <= 8)
			assert_true(nodes <= FAST_MAX);
		perft_line(&c, &p, &nb, line, depth <= 5 ? checkers[depth] :
		    0, 0);
	}
	assert_true(feof(f));
	fclose(f);
	perft_summary(&c, FIXTURE);
	assert_true(lines >= 8);
}

static void
test_cross_start(void **state)
{
	struct pos p;

	(void)state;
	su()->start(&p);
	cross_check(&p, 7);
}

static void
test_cross_midgame(void **state)
{
	struct pos p;

	(void)state;
	midgame(&p, 30, 7);
	assert_true(tall_stacks(&p) >= 2);
	cross_check(&p, 7);
	midgame(&p, 44, 12345);
	assert_true(tall_stacks(&p) >= 2);
	cross_check(&p, 7);
}

static void
test_cross_setup(void **state)
{
	struct pos p;

	(void)state;
	setup(&p, SIDE_FIRST, "3=Bw 6=wb 10=b 11=bww 14=Wb 15=wB 19=w "
	    "22=bW 23=wwb 26=w 27=Bw 30=wbb");
	cross_check(&p, 7);
	p.turn = SIDE_SECOND;
	cross_check(&p, 7);
}

/* The legal moves of p are as many as the naive generator finds. */
static void
assert_count_naive(const struct pos *p)
{
	struct naive nb;

	naive_from_pos(&nb, p);
	assert_int_equal(rules_count_moves(su(), p), naive_perft(&nb, 1));
}

/* The rules read a position through a memo of the last one read or
 * played (bb32_read): a position changed behind its back (stacks
 * swapped, the side to move changed, another position read between)
 * is read afresh; one played by apply is up to date. */
static void
test_memo(void **state)
{
	struct pos p, q;
	struct stack s;
	struct nth t;
	unsigned i, a, b, seed = 99;

	(void)state;
	midgame(&p, 20, 3);
	su()->start(&q);
	for (i = 0; i < 60 && rules_count_moves(su(), &p) > 0; i++) {
		assert_count_naive(&p);
		seed = seed * 1103515245u + 12345u;
		a = (seed >> 16) % 32;
		b = (seed >> 8) % 32;
		s = p.sq[a];
		p.sq[a] = p.sq[b];
		p.sq[b] = s;
		assert_count_naive(&p);
		p.turn = (uint8_t)SIDE_OTHER(p.turn);
		assert_count_naive(&p);
		p.turn = (uint8_t)SIDE_OTHER(p.turn);
		assert_count_naive(&q);
		assert_count_naive(&p);
		t.k = (seed >> 4) % (unsigned)rules_count_moves(su(), &p);
		assert_int_equal(su()->generate(&p, take_nth, &t), 1);
		su()->apply(&p, &t.m);
	}
	assert_true(i >= 20);
}

/* ---- Rules ------------------------------------------------------ */

static void
test_top_only(void **state)
{
	struct pos p;

	(void)state;
	setup(&p, SIDE_FIRST, "10=b 14=wb 30=w");
	play_only(&p, "10x17");
	assert_stack(&p, 17, "bw");
	assert_stack(&p, 14, "b");
	assert_int_equal(p.sq[9].height, 0);
	assert_int_equal(p.turn, SIDE_SECOND);
	/* A single man jumped leaves its square empty at once. */
	setup(&p, SIDE_FIRST, "10=bw 14=w 30=w");
	play_only(&p, "10x17");
	assert_stack(&p, 17, "bww");
	assert_int_equal(p.sq[13].height, 0);
}

static void
test_release(void **state)
{
	struct pos p;

	(void)state;
	/* The rest of the jumped stack now belongs to black, and the
	 * released king keeps its crown and may go backward. */
	setup(&p, SIDE_FIRST, "10=b 14=wB 29=w");
	play_only(&p, "10x17");
	assert_stack(&p, 14, "B");
	play_only(&p, "29-25");
	assert_moves(&p, "14-9 14-10 14-18 17-21 17-22");
}

static void
test_chain(void **state)
{
	struct pos p;

	(void)state;
	setup(&p, SIDE_FIRST, "10=b 14=wb 22=ww 31=w");
	play_only(&p, "10x26");
	assert_stack(&p, 26, "bww");
	assert_stack(&p, 14, "b");
	assert_stack(&p, 22, "w");
}

static void
test_crown_top_only(void **state)
{
	struct pos p;

	(void)state;
	/* A man-topped stack reaching the far row in a jump is crowned
	 * (top checker only) and stops, though a king could go on. */
	setup(&p, SIDE_FIRST, "22=bw 26=w 27=w");
	play_only(&p, "22x31");
	assert_stack(&p, 31, "Bww");
	assert_stack(&p, 27, "w");
	/* A plain move onto the far row crowns the top checker. */
	setup(&p, SIDE_SECOND, "5=wbb 20=b");
	play_only(&p, "5-1");
	assert_stack(&p, 1, "Wbb");
	/* A king-topped stack in the same place goes on. */
	setup(&p, SIDE_FIRST, "22=Bw 26=w 27=w");
	play_only(&p, "22x24");
	assert_stack(&p, 24, "Bwww");
}

static void
test_crown_buried(void **state)
{
	struct pos p;

	(void)state;
	setup(&p, SIDE_FIRST, "10=b 14=Wb 29=w");
	play_only(&p, "10x17");
	assert_stack(&p, 17, "bW");
	assert_stack(&p, 14, "b");
	/* The buried king does not make the stack a king. */
	play_only(&p, "29-25");
	assert_moves(&p, "14-18 17-21 17-22");
}

static void
test_king_backward(void **state)
{
	struct pos p;

	(void)state;
	setup(&p, SIDE_FIRST, "14=Bw");
	assert_moves(&p, "14-9 14-10 14-17 14-18");
	setup(&p, SIDE_FIRST, "14=bW");
	assert_moves(&p, "14-17 14-18");
	setup(&p, SIDE_FIRST, "18=Bw 14=w");
	assert_moves(&p, "18x9");
	setup(&p, SIDE_FIRST, "18=bW 14=w");
	assert_moves(&p, "18-22 18-23");
}

static void
test_not_jumped_twice(void **state)
{
	struct pos p;

	(void)state;
	/* After its top is taken 14 is still white's; the king may not
	 * jump it again. */
	setup(&p, SIDE_FIRST, "10=B 14=ww");
	play_only(&p, "10x17");
	assert_stack(&p, 14, "w");
	assert_stack(&p, 17, "Bw");
	setup(&p, SIDE_FIRST, "10=B 14=ww 15=w 22=w 23=w");
	assert_moves(&p, "10x17x26x19x10 10x19x26x17x10");
}

static void
test_compulsory(void **state)
{
	struct pos p;

	(void)state;
	setup(&p, SIDE_FIRST, "1=b 10=b 14=wbw");
	assert_moves(&p, "10x17");
	setup(&p, SIDE_FIRST, "1=b 10=b 14=bw");
	assert_moves(&p, "1-5 1-6 10-15 14-17 14-18");
}

static void
test_notation(void **state)
{
	struct pos p;
	struct move pat, found;
	size_t err;

	(void)state;
	setup(&p, SIDE_FIRST, "10=b 14=w 15=w 22=w 23=w");
	assert_moves(&p, "10x17x26 10x19x26");
	assert_int_equal(su()->move_parse("10x26", 5, &pat, &err), 0);
	assert_int_equal(rules_resolve(su(), &p, &pat, NULL), 2);
	assert_int_equal(su()->move_parse("10x19x26", 8, &pat, &err), 0);
	assert_int_equal(rules_resolve(su(), &p, &pat, &found), 1);
	assert_int_equal(found.step[1].over, 22);
	assert_int_equal(su()->move_parse("10x19y", 6, &pat, &err), -1);
	assert_int_equal(err, 5);
}

static void
test_outcome(void **state)
{
	struct pos p;
	const char *why = "unset";

	(void)state;
	su()->start(&p);
	assert_int_equal(su()->outcome(&p, &why), OUTCOME_NONE);
	assert_null(why);
	setup(&p, SIDE_FIRST, "10=wb 20=w");
	assert_int_equal(su()->outcome(&p, &why), OUTCOME_SECOND_WINS);
	assert_string_equal(why, "black controls no stack");
	setup(&p, SIDE_SECOND, "10=bw 20=b");
	assert_int_equal(su()->outcome(&p, &why), OUTCOME_FIRST_WINS);
	assert_string_equal(why, "white controls no stack");
	setup(&p, SIDE_FIRST, "5=bw 9=w 14=wb");
	assert_int_equal(su()->outcome(&p, &why), OUTCOME_SECOND_WINS);
	assert_string_equal(why, "black has no legal move");
	p.turn = SIDE_SECOND;
	assert_int_equal(su()->outcome(&p, &why), OUTCOME_NONE);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_perft_start),
		cmocka_unit_test(test_perft_fixture),
		cmocka_unit_test(test_cross_start),
		cmocka_unit_test(test_cross_midgame),
		cmocka_unit_test(test_cross_setup),
		cmocka_unit_test(test_memo),
		cmocka_unit_test(test_top_only),
		cmocka_unit_test(test_release),
		cmocka_unit_test(test_chain),
		cmocka_unit_test(test_crown_top_only),
		cmocka_unit_test(test_crown_buried),
		cmocka_unit_test(test_king_backward),
		cmocka_unit_test(test_not_jumped_twice),
		cmocka_unit_test(test_compulsory),
		cmocka_unit_test(test_notation),
		cmocka_unit_test(test_outcome),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
