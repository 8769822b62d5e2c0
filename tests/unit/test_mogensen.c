/*
 * test_mogensen.c - Stackers (Torben Mogensen) rules.
 *
 * Each rule is tested from a small set-up position read with fen_parse.
 * The perft tables of tests/data/perft-mogensen.txt are checked, and
 * cross-checked against an independent, deliberately naive generator
 * written here on a different representation: an 8x8 array of cells
 * holding stacks as strings (top first, as in the notation), with its own
 * diagonal geometry, copied at every ply.
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

#define FIXTURE "tests/data/perft-mogensen.txt"
#define CELL (STACK_MAX + 1)
#define CHECK_MAX 6000000ULL    /* fixture counts checked in the test */
#define NAIVE_MAX 200000ULL     /* ... also by the generic and naive walks */

static const struct rules *
mg(void)
{
	const struct rules *r = rules_find("stackers-mogensen");

	assert_non_null(r);
	return r;
}

/* Sets p from a stack FEN. */
static void
setup(struct pos *p, const char *fen)
{
	const char *why = NULL;
	size_t err = 0;

	if (fen_parse(mg(), fen, p, &err, &why) != 0)
		fail_msg("bad FEN %s at %zu: %s", fen, err, why);
}

/* Asserts the FEN of p. */
static void
assert_fen(const struct pos *p, const char *want)
{
	char buf[512];

	assert_true(fen_format(mg(), p, buf, sizeof(buf)) > 0);
	assert_string_equal(buf, want);
}

struct listing {
	const struct pos *p;
	char text[4096];
	unsigned n;
};

static int
list_one(void *ctx, const struct move *m)
{
	struct listing *l = ctx;
	char buf[64];

	assert_true(mg()->move_format(l->p, m, buf, sizeof(buf)) > 0);
	if (l->n++ > 0)
		strcat(l->text, " ");
	strcat(l->text, buf);
	return 0;
}

/* Asserts the canonical list of legal moves of p. */
static void
assert_moves(const struct pos *p, const char *want)
{
	struct listing l;

	memset(&l, 0, sizeof(l));
	l.p = p;
	assert_int_equal(mg()->generate(p, list_one, &l), 0);
	assert_string_equal(l.text, want);
	assert_int_equal(rules_count_moves(mg(), p), l.n);
}

/* Resolves text in p to exactly one legal move and returns it. */
static struct move
resolve(const struct pos *p, const char *text)
{
	struct move pat, m;
	size_t err = 0;

	if (mg()->move_parse(text, strlen(text), &pat, &err) != 0)
		fail_msg("cannot parse %s (at %zu)", text, err);
	if (rules_resolve(mg(), p, &pat, &m) != 1)
		fail_msg("%s does not resolve to one move", text);
	return m;
}

/* Plays the move text in p. */
static void
play(struct pos *p, const char *text)
{
	struct move m = resolve(p, text);

	mg()->apply(p, &m);
}

/* Number of legal moves text denotes in p (0 if it does not parse). */
static unsigned
matches(const struct pos *p, const char *text)
{
	struct move pat;
	size_t err;

	if (mg()->move_parse(text, strlen(text), &pat, &err) != 0)
		return 0;
	return rules_resolve(mg(), p, &pat, NULL);
}

/* Asserts that text does not parse, the error at offset at. */
static void
assert_bad_text(const char *text, size_t at)
{
	struct move pat;
	size_t err = 9999;

	assert_int_equal(mg()->move_parse(text, strlen(text), &pat, &err), -1);
	assert_int_equal(err, at);
}

/* Canonical text of the legal move text denotes in p. */
static void
assert_canonical(const struct pos *p, const char *text, const char *want)
{
	struct move m = resolve(p, text);
	char buf[64];

	assert_int_equal(mg()->move_format(p, &m, buf, sizeof(buf)),
	    (int)strlen(want));
	assert_string_equal(buf, want);
}

/* ---- The independent generator ---------------------------------- */

struct naive {
	char cell[8][8][CELL];   /* [row][column], row 0 nearest black */
	char turn;               /* 'b' or 'w' */
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
		for (k = p->sq[i].height; k-- > 0; )
			*s++ = (p->sq[i].owner >> k) & 1 ? 'w' : 'b';
	}
}

/* Checkers of colour c on the board. */
static int
naive_count(const struct naive *nb, char c)
{
	int r, col, n = 0;
	const char *s;

	for (r = 0; r < 8; r++)
		for (col = 0; col < 8; col++)
			for (s = nb->cell[r][col]; *s != '\0'; s++)
				n += (*s | 0x20) == c;
	return n;
}

static int
naive_over(const struct naive *nb)
{
	return naive_count(nb, 'b') == 0 || naive_count(nb, 'w') == 0;
}

static uint64_t naive_perft(const struct naive *nb, unsigned depth);

/* A finished turn: hand the new board to the next ply. */
static uint64_t
naive_done(struct naive *next, unsigned depth)
{
	next->turn = next->turn == 'b' ? 'w' : 'b';
	return depth <= 1 ? 1 : naive_perft(next, depth - 1);
}

/* Moves the top k of (r,c) onto (tr,tc), counting the turn in *moves. */
static uint64_t
naive_section(const struct naive *nb, int r, int c, int k, int tr, int tc,
    unsigned depth, unsigned *moves)
{
	struct naive next = *nb;
	char buf[2 * CELL];
	const char *src = nb->cell[r][c];

	if (tr < 0 || tr > 7 || tc < 0 || tc > 7)
		return 0;
	if (strlen(nb->cell[tr][tc]) + (size_t)k > STACK_MAX)
		return 0;
	memcpy(buf, src, (size_t)k);
	strcpy(buf + k, nb->cell[tr][tc]);
	strcpy(next.cell[tr][tc], buf);
	memmove(next.cell[r][c], src + k, strlen(src + k) + 1);
	(*moves)++;
	return naive_done(&next, depth);
}

/* Every turn from (r,c), a stack of the side to move. */
static uint64_t
naive_from(const struct naive *nb, int r, int c, unsigned depth,
    unsigned *moves)
{
	const char *s = nb->cell[r][c];
	int k, dr, dc, h = (int)strlen(s), far = nb->turn == 'b' ? 7 : 0;
	uint64_t n = 0;
	struct naive next;

	for (k = 1; k <= h; k++) {
		if ((s[k - 1] | 0x20) != nb->turn)
			continue;
		for (dr = -1; dr <= 1; dr += 2)
			for (dc = -1; dc <= 1; dc += 2)
				n += naive_section(nb, r, c, k, r + dr,
				    c + dc, depth, moves);
	}
	if (r == far) {
		next = *nb;
		memmove(next.cell[r][c], s + 1, strlen(s));
		(*moves)++;
		n += naive_done(&next, depth);
	}
	return n;
}

static uint64_t
naive_perft(const struct naive *nb, unsigned depth)
{
	struct naive next;
	unsigned moves = 0;
	uint64_t n = 0;
	int r, c;

	if (depth == 0)
		return 1;
	if (naive_over(nb))
		return 0;
	for (r = 0; r < 8; r++)
		for (c = 0; c < 8; c++)
			if ((nb->cell[r][c][0] | 0x20) == nb->turn)
				n += naive_from(nb, r, c, depth, &moves);
	if (moves > 0)
		return n;
	next = *nb;
	return naive_done(&next, depth);    /* the forced pass */
}

/* naive_perft for perft_line. */
static uint64_t
naive_any(const void *nb, unsigned depth)
{
	return naive_perft(nb, depth);
}

/* Both generators, and the fast perft, agree on p up to depth max. */
static void
cross_check(const struct pos *p, unsigned max)
{
	struct naive nb;
	uint64_t slow;
	unsigned d;

	naive_from_pos(&nb, p);
	for (d = 1; d <= max; d++) {
		slow = rules_perft_generic(mg(), p, d);
		assert_int_equal(naive_perft(&nb, d), slow);
		assert_int_equal(rules_perft(mg(), p, d), slow);
	}
}

/* ---- Perft ------------------------------------------------------ */

/* Plays the move texts of list (space-separated) from the start. */
static void
play_line(struct pos *p, const char *list)
{
	char text[32];
	size_t len;

	mg()->start(p);
	for (list += strspn(list, " \t\n"); *list != '\0';
	    list += strspn(list, " \t\n")) {
		len = strcspn(list, " \t\n");
		assert_true(len > 0 && len < sizeof(text));
		memcpy(text, list, len);
		text[len] = '\0';
		play(p, text);
		list += len;
	}
}

/* Reads "DEPTH NODES SOURCE" from line; 0 if it is not such a line. */
static int
depth_line(const char *line, unsigned *depth, uint64_t *nodes)
{
	char *end;
	unsigned long d;

	d = strtoul(line, &end, 10);
	if (end == line || *end != ' ' || d == 0 || d > 64)
		return 0;
	*depth = (unsigned)d;
	*nodes = strtoull(end + 1, &end, 10);
	return *end == ' ' && end[1] >= 'a' && end[1] <= 'z';
}

static void
test_perft_start(void **state)
{
	struct pos p;

	(void)state;
	mg()->start(&p);
	/* published: RULES.md, black has 35 legal moves at the start */
	assert_int_equal(rules_perft(mg(), &p, 1), 35);
	assert_int_equal(rules_perft_generic(mg(), &p, 1), 35);
	assert_int_equal(rules_perft(mg(), &p, 0), 1);
}

static void
test_perft_fixture(void **state)
{
	FILE *f = fopen(FIXTURE, "r");
	char line[2048];
	unsigned depth = 0, blocks = 0, checked = 0;
	int at_start = 0;
	uint64_t nodes = 0;
	struct pos p;
	struct naive nb;
	struct perft_check c = { NULL, CHECK_MAX, NAIVE_MAX, naive_any,
	    { 0 } };

	(void)state;
	c.r = mg();
	assert_non_null(f);
	while (fgets(line, sizeof(line), f) != NULL) {
		if (line[0] == '#' || line[0] == '\n')
			continue;
		if (strncmp(line, "moves:", 6) == 0) {
			play_line(&p, line + 6);
			naive_from_pos(&nb, &p);
			at_start = line[6 + strspn(line + 6, " \n")] == '\0';
			blocks++;
			continue;
		}
		if (!depth_line(line, &depth, &nodes))
			fail_msg("bad fixture line: %s", line);
		assert_true(blocks > 0);
		/* RULES.md: black has 35 moves in the start position */
		perft_line(&c, &p, &nb, line, at_start && depth == 1 ? 35 : 0,
		    0);
		checked += nodes <= CHECK_MAX;
	}
	assert_true(feof(f));
	fclose(f);
	perft_summary(&c, FIXTURE);
	assert_true(blocks >= 3);
	assert_true(checked >= 12);
}

/* The second method: the naive generator from the start, from the
 * fixture's mid-game positions and from set-up positions. */
static void
test_cross_start(void **state)
{
	struct pos p;

	(void)state;
	mg()->start(&p);
	cross_check(&p, 4);
}

static void
test_cross_fixture(void **state)
{
	FILE *f = fopen(FIXTURE, "r");
	char line[2048];
	unsigned blocks = 0;
	struct pos p;

	(void)state;
	assert_non_null(f);
	while (fgets(line, sizeof(line), f) != NULL) {
		if (strncmp(line, "moves:", 6) != 0)
			continue;
		play_line(&p, line + 6);
		cross_check(&p, 3);
		blocks++;
	}
	fclose(f);
	assert_true(blocks >= 3);
}

static void
test_cross_setup(void **state)
{
	static const char *const fens[] = {
		"w:14=wbbwwb,1=b,29=bw,30=wb,3=w,4=bbww",
		"b:14=wbbwwb,32=w,2=w",
		"b:29=b,30=wb,31=bw,1=w,2=wbw",
		"b:18=bbbbbbbbbbbb,22=wwwwwwwwwwww",
	};
	struct pos p;
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(fens) / sizeof(fens[0]); i++) {
		setup(&p, fens[i]);
		cross_check(&p, 4);
		p.turn = (uint8_t)SIDE_OTHER(p.turn);
		cross_check(&p, 4);
	}
}

/* ---- Rules ------------------------------------------------------ */

static void
test_start(void **state)
{
	struct pos p;

	(void)state;
	mg()->start(&p);
	assert_fen(&p, "b:1=b,2=b,3=b,4=b,5=b,6=b,7=b,8=b,9=b,10=b,11=b,"
	    "12=b,21=w,22=w,23=w,24=w,25=w,26=w,27=w,28=w,29=w,30=w,31=w,"
	    "32=w");
	/* Backward and sideways onto own checkers: 5-1, 6-1, 6-2. */
	assert_moves(&p, "1-5 1-6 2-6 2-7 3-7 3-8 4-8 5-1 5-9 6-1 6-2 6-9 "
	    "6-10 7-2 7-3 7-10 7-11 8-3 8-4 8-11 8-12 9-5 9-6 9-13 9-14 "
	    "10-6 10-7 10-14 10-15 11-7 11-8 11-15 11-16 12-8 12-16");
}

static void
test_any_direction(void **state)
{
	struct pos p;

	(void)state;
	setup(&p, "b:14=b,32=w");
	assert_moves(&p, "14-9 14-10 14-17 14-18");
	setup(&p, "w:14=w,1=b");
	assert_moves(&p, "14-9 14-10 14-17 14-18");
	/* Edge squares have fewer neighbours. */
	setup(&p, "b:13=b,32=w");
	assert_moves(&p, "13-9 13-17");
}

static void
test_sections(void **state)
{
	struct pos p;

	(void)state;
	/* The seed's WBBWWB (top first): white moves 1, 4 or 5. */
	setup(&p, "w:14=wbbwwb,1=b");
	assert_moves(&p, "14:1-9 14:1-10 14:1-17 14:1-18 14:4-9 14:4-10 "
	    "14:4-17 14:4-18 14:5-9 14:5-10 14:5-17 14:5-18");
	assert_int_equal(matches(&p, "14:2-9"), 0);
	assert_int_equal(matches(&p, "14:3-9"), 0);
	assert_int_equal(matches(&p, "14-9"), 0);
	assert_int_equal(matches(&p, "14:6-9"), 0);
	play(&p, "14:4-18");
	assert_fen(&p, "b:1=b,14=wb,18=wbbw");
	/* The whole stack when its bottom is the mover's. */
	setup(&p, "b:14=bwb,32=w");
	assert_moves(&p, "14:1-9 14:1-10 14:1-17 14:1-18 14-9 14-10 14-17 "
	    "14-18");
}

static void
test_onto_stacks(void **state)
{
	struct pos p;
	struct move m;

	(void)state;
	/* Onto an enemy stack: nothing is taken, the mover now controls
	 * it; written with '-', kind STEP_ONTO. */
	setup(&p, "b:14=b,18=ww,32=w");
	m = resolve(&p, "14-18");
	assert_int_equal(m.step[0].kind, STEP_ONTO);
	assert_int_equal(m.step[0].count, 1);
	assert_int_equal(m.step[0].over, SQ_NONE);
	assert_canonical(&p, "14x18", "14-18");
	mg()->apply(&p, &m);
	assert_fen(&p, "w:18=bww,32=w");
	/* Onto an own stack, and onto an empty square. */
	setup(&p, "b:14=b,18=b,32=w");
	assert_int_equal(resolve(&p, "14-18").step[0].kind, STEP_ONTO);
	assert_int_equal(resolve(&p, "14-17").step[0].kind, STEP_MOVE);
}

static void
test_no_height_limit(void **state)
{
	struct pos p;

	(void)state;
	setup(&p, "b:18=bbbbbbbbbbbb,22=wwwwwwwwwwww");
	play(&p, "18-22");
	assert_fen(&p, "w:22=bbbbbbbbbbbbwwwwwwwwwwww");
	assert_int_equal(p.sq[21].height, 24);
	/* White is buried: forced pass; black moves any section. */
	assert_moves(&p, "pass");
	play(&p, "pass");
	assert_int_equal(rules_count_moves(mg(), &p), 12 * 4);
	play(&p, "22:12-18");
	assert_fen(&p, "w:18=bbbbbbbbbbbb,22=wwwwwwwwwwww");
}

static void
test_bear_off(void **state)
{
	struct pos p;

	(void)state;
	/* Black bears off on 29-32 only, and only a black top. */
	setup(&p, "b:29=bw,30=wb,25=b,1=b,2=w");
	assert_moves(&p, "1-5 1-6 25-21 25-22 25-29 25-30 29:1-25 "
	    "29-off");
	play(&p, "29-off");
	assert_fen(&p, "w:1=b,2=w,25=b,29=w,30=wb");
	/* White bears off on 1-4 only (not on its own back row 29-32),
	 * and only a white top (not on 2). */
	setup(&p, "w:1=wb,2=bw,5=w,29=w,30=b");
	assert_moves(&p, "1:1-5 1:1-6 1-off 5-1 5-9 29-25");
	play(&p, "1-off");
	assert_fen(&p, "b:1=b,2=bw,5=w,29=w,30=b");
}

static void
test_pass(void **state)
{
	struct pos p;
	struct move m;

	(void)state;
	/* Black controls no stack: the only move is a pass. */
	setup(&p, "b:14=wbbwwb,32=w");
	assert_moves(&p, "pass");
	m = resolve(&p, "PASS");
	assert_int_equal(m.kind, MOVE_PASS);
	assert_int_equal(m.nsteps, 0);
	mg()->apply(&p, &m);
	assert_fen(&p, "w:14=wbbwwb,32=w");
	/* A pass is not legal while anything else is. */
	setup(&p, "b:14=wbbwwb,1=b");
	assert_int_equal(matches(&p, "pass"), 0);
	assert_moves(&p, "1-5 1-6");
}

static void
test_win(void **state)
{
	struct pos p;
	const char *why = "unset";
	char note[64];

	(void)state;
	mg()->start(&p);
	assert_int_equal(mg()->outcome(&p, &why), OUTCOME_NONE);
	assert_null(why);
	assert_int_equal(mg()->pos_note(&p, note, sizeof(note)), 27);
	assert_string_equal(note, "borne off: black 0, white 0");
	/* Black's last checker. */
	setup(&p, "b:29=b,5=w");
	assert_int_equal(mg()->pos_note(&p, note, sizeof(note)), 29);
	assert_string_equal(note, "borne off: black 11, white 11");
	play(&p, "29-off");
	assert_int_equal(mg()->outcome(&p, &why), OUTCOME_FIRST_WINS);
	assert_string_equal(why, "black has borne off all 12 checkers");
	assert_moves(&p, "");
	assert_int_equal(rules_perft(mg(), &p, 1), 0);
	assert_int_equal(rules_perft(mg(), &p, 3), 0);
	assert_int_equal(mg()->pos_note(&p, note, sizeof(note)), 29);
	assert_string_equal(note, "borne off: black 12, white 11");
	assert_int_equal(mg()->pos_note(&p, note, 10), -1);
	/* White's: a set-up position where white has none left. */
	setup(&p, "b:5=b");
	assert_int_equal(mg()->outcome(&p, &why), OUTCOME_SECOND_WINS);
	assert_string_equal(why, "white has borne off all 12 checkers");
	assert_moves(&p, "");
	/* An empty board: the side that just moved won.  No game reaches
	 * it, so a FEN may not set it up (issue 11 item 6): built here. */
	pos_clear(&p, 32, SIDE_FIRST);
	assert_int_equal(mg()->outcome(&p, NULL), OUTCOME_SECOND_WINS);
	assert_int_equal(fen_parse(mg(), "b:", &p, NULL, NULL), -1);
	/* Buried checkers are not borne off. */
	setup(&p, "b:5=wbbbbbbbbbbbb");
	assert_int_equal(mg()->outcome(&p, NULL), OUTCOME_NONE);
	assert_moves(&p, "pass");
}

static void
test_notation_forms(void **state)
{
	struct pos p;

	(void)state;
	setup(&p, "b:11=bbb,4=bw,29=b,14=w,1=w");
	assert_canonical(&p, "11-15", "11-15");
	assert_canonical(&p, "11:3-15", "11-15");
	assert_canonical(&p, "11:2-15", "11:2-15");
	assert_canonical(&p, "11:1x15", "11:1-15");
	assert_canonical(&p, "11:2\xc3\x97" "15", "11:2-15");
	assert_canonical(&p, "11X16", "11-16");
	assert_canonical(&p, "29-off", "29-off");
	assert_canonical(&p, "29-OFF", "29-off");
	assert_canonical(&p, "29:1-Off", "29-off");
	assert_canonical(&p, "29xoff", "29-off");
	assert_canonical(&p, "4:1-8", "4:1-8");
	setup(&p, "b:14=wbbwwb,32=w");
	assert_canonical(&p, "Pass", "pass");
}

static void
test_notation_errors(void **state)
{
	(void)state;
	assert_bad_text("", 0);
	assert_bad_text("11", 2);
	assert_bad_text("11-", 3);
	assert_bad_text("11-15-19", 5);
	assert_bad_text("11:0-15", 3);
	assert_bad_text("11:33-15", 3);
	assert_bad_text("11:123-15", 5);
	assert_bad_text("11:-15", 3);
	assert_bad_text("11:2", 4);
	assert_bad_text("11+15", 2);
	assert_bad_text("33-15", 0);
	assert_bad_text("11-33", 3);
	assert_bad_text("4:2-off", 2);
	assert_bad_text("4-of", 2);
	assert_bad_text("off", 0);
	assert_bad_text("passe", 0);
	assert_bad_text("11 15", 2);
}

static void
test_match_counts(void **state)
{
	struct pos p;
	struct move pat, legal;
	size_t err;

	(void)state;
	/* A count left out means the whole stack, not any count. */
	setup(&p, "b:11=bbb,32=w");
	assert_int_equal(matches(&p, "11-15"), 1);
	assert_int_equal(resolve(&p, "11-15").step[0].count, 3);
	assert_int_equal(resolve(&p, "11:1-15").step[0].count, 1);
	assert_int_equal(matches(&p, "11:4-15"), 0);
	assert_int_equal(matches(&p, "11-off"), 0);
	legal = resolve(&p, "11:2-15");
	assert_int_equal(mg()->move_parse("11-15", 5, &pat, &err), 0);
	assert_false(mg()->move_match(&p, &pat, &legal));
	assert_true(move_match(&pat, &legal));   /* the model's differs */
	/* A bear-off takes one checker, whatever the stack's height. */
	setup(&p, "b:30=bbb,1=w");
	assert_int_equal(resolve(&p, "30-off").step[0].count, 1);
	assert_int_equal(resolve(&p, "30-off").step[0].to, SQ_OFF);
	assert_int_equal(resolve(&p, "30-off").step[0].kind, STEP_BEAROFF);
	play(&p, "30-off");
	assert_fen(&p, "w:1=w,30=bb");
}

static int
stop_at_first(void *ctx, const struct move *m)
{
	(void)m;
	(*(unsigned *)ctx)++;
	return 7;
}

static void
test_streaming(void **state)
{
	struct pos p;
	unsigned n = 0;

	(void)state;
	mg()->start(&p);
	assert_int_equal(mg()->generate(&p, stop_at_first, &n), 7);
	assert_int_equal(n, 1);
	setup(&p, "b:14=wbbwwb,32=w");
	n = 0;
	assert_int_equal(mg()->generate(&p, stop_at_first, &n), 7);
	assert_int_equal(n, 1);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_perft_start),
		cmocka_unit_test(test_perft_fixture),
		cmocka_unit_test(test_cross_start),
		cmocka_unit_test(test_cross_fixture),
		cmocka_unit_test(test_cross_setup),
		cmocka_unit_test(test_start),
		cmocka_unit_test(test_any_direction),
		cmocka_unit_test(test_sections),
		cmocka_unit_test(test_onto_stacks),
		cmocka_unit_test(test_no_height_limit),
		cmocka_unit_test(test_bear_off),
		cmocka_unit_test(test_pass),
		cmocka_unit_test(test_win),
		cmocka_unit_test(test_notation_forms),
		cmocka_unit_test(test_notation_errors),
		cmocka_unit_test(test_match_counts),
		cmocka_unit_test(test_streaming),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
