/*
 * accasta.c - Accasta Pari, Dieter Stein 2004 (RULES.md section 5).
 *
 * Board: 37 cells of a hexagon of side 4, official Accasta coordinates.
 * Rank r = 0..6 (letters a..g, from White's side) holds 4,5,6,7,6,5,4
 * cells numbered from 1 at White's left; square indices run a1 = 0 ..
 * g4 = 36 in that order.  Cell (r, i) sits at axial x = i - 1 +
 * max(0, r - 3), y = r; the six directions are (+1,0), (-1,0), (0,+1),
 * (0,-1), (+1,+1), (-1,-1), and a straight line repeats one of them.
 *
 * A turn is an origin stack the mover controls and one or more steps,
 * each taking a top portion of what is left on the origin and sliding it
 * 1..R cells over empty cells (R = the mover's stones on the origin at
 * that moment).  Every prefix of a turn is a turn of its own.
 *
 * A written move is resolved by playing its steps under these rules
 * (accasta_resolve), never by generating the turns (up to some tens of
 * thousands where several origins hold three own stones over others).
 *
 * Rulings where RULES.md is silent (also in the unit tests):
 * - R is the mover's stones on the origin, buried ones included, not
 *   capped (a reachable position never holds more than three).
 * - A release (the origin's new top is the opponent's) ends the turn and
 *   is illegal in the mover's own castle; emptying the origin (moving the
 *   rest) is never a release.  A step may land on a cell an earlier step
 *   of the same turn landed on; the origin is never a target.
 * - Win: after a turn, the player who made it wins if he controls stacks
 *   on three or more cells of the enemy castle (the 2004 text; the game
 *   accasta-pari-2010 has Stein's rule since 2010 instead: the side to
 *   move wins so at the beginning of its turn, after the defender's one
 *   reply).  In a set-up position
 *   where the side to move already does (unreachable in play, since the
 *   defender can never release in his own castle), the side to move has
 *   won.  Otherwise a side to move without a legal turn (no stack, or all
 *   blocked) has lost.  A finished game has no legal move.
 * - Crown bits of a set-up position are carried along and ignored.
 *
 * Canonical order of generation (the order of `moves`): origin square
 * ascending; then turns in depth-first order: a turn is emitted before
 * its continuations; the portion grows from 1 stone to the whole rest;
 * directions in the order (+1,0), (-1,0), (0,+1), (0,-1), (+1,+1),
 * (-1,-1), i.e. along the rank right, left, then up and down each of the
 * two other axes; distance ascending.
 *
 * Notation (official Accasta Pari): origin ':' steps separated by ',',
 * each [count] kind target, kind '-' (empty), '+' (own stack), 'x'
 * (enemy stack); the count is left out when the whole rest moves.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rules/rules.h"

extern const struct rules rules_accasta;
extern const struct rules rules_accasta2010;

#define AC_SQUARES 37
#define AC_RANKS 7
#define AC_NDIRS 6
#define AC_LIMIT 3      /* stones of one colour in a stack */

/* The walk of one origin's turns, depth first. */
struct ac_walk {
	struct pos work;        /* the board as the steps so far left it */
	struct move m;          /* the steps so far */
	unsigned origin;
	enum side side;
	int (*leaf)(struct ac_walk *);  /* called for every complete turn */
	rules_emit_fn emit;     /* generate: where turns go */
	void *ctx;
	unsigned depth;         /* perft: plies left below this turn */
	uint64_t nodes;         /* perft: leaves counted */
	int late;               /* the 2010 win rule (ac_castle_winner) */
};

static const unsigned char ac_rank_start[AC_RANKS + 1] = {
	0, 4, 9, 15, 22, 28, 33, 37
};

static const int ac_dir[AC_NDIRS][2] = {
	{ 1, 0 }, { -1, 0 }, { 0, 1 }, { 0, -1 }, { 1, 1 }, { -1, -1 }
};

/* Castle owner of each square: 0 White, 1 Black, -1 none. */
static const signed char ac_castle_of[AC_SQUARES] = {
	0, 0, 0, 0,
	-1, 0, 0, 0, -1,
	-1, -1, 0, 0, -1, -1,
	-1, -1, -1, -1, -1, -1, -1,
	-1, -1, 1, 1, -1, -1,
	-1, 1, 1, 1, -1,
	1, 1, 1, 1
};

/* The neighbour of each square in each direction of ac_dir, or -1 off
 * the board (ac_at of the axial coordinates plus the direction). */
static const signed char ac_next[AC_SQUARES][AC_NDIRS] = {
	{  1, -1,  4, -1,  5, -1 },
	{  2,  0,  5, -1,  6, -1 },
	{  3,  1,  6, -1,  7, -1 },
	{ -1,  2,  7, -1,  8, -1 },
	{  5, -1,  9,  0, 10, -1 },
	{  6,  4, 10,  1, 11,  0 },
	{  7,  5, 11,  2, 12,  1 },
	{  8,  6, 12,  3, 13,  2 },
	{ -1,  7, 13, -1, 14,  3 },
	{ 10, -1, 15,  4, 16, -1 },
	{ 11,  9, 16,  5, 17,  4 },
	{ 12, 10, 17,  6, 18,  5 },
	{ 13, 11, 18,  7, 19,  6 },
	{ 14, 12, 19,  8, 20,  7 },
	{ -1, 13, 20, -1, 21,  8 },
	{ 16, -1, -1,  9, 22, -1 },
	{ 17, 15, 22, 10, 23,  9 },
	{ 18, 16, 23, 11, 24, 10 },
	{ 19, 17, 24, 12, 25, 11 },
	{ 20, 18, 25, 13, 26, 12 },
	{ 21, 19, 26, 14, 27, 13 },
	{ -1, 20, 27, -1, -1, 14 },
	{ 23, -1, -1, 16, 28, 15 },
	{ 24, 22, 28, 17, 29, 16 },
	{ 25, 23, 29, 18, 30, 17 },
	{ 26, 24, 30, 19, 31, 18 },
	{ 27, 25, 31, 20, 32, 19 },
	{ -1, 26, 32, 21, -1, 20 },
	{ 29, -1, -1, 23, 33, 22 },
	{ 30, 28, 33, 24, 34, 23 },
	{ 31, 29, 34, 25, 35, 24 },
	{ 32, 30, 35, 26, 36, 25 },
	{ -1, 31, 36, 27, -1, 26 },
	{ 34, -1, -1, 29, -1, 28 },
	{ 35, 33, -1, 30, -1, 29 },
	{ 36, 34, -1, 31, -1, 30 },
	{ -1, 35, -1, 32, -1, 31 },
};

static const char *const ac_blocked[2] = {
	"white has no legal move", "black has no legal move"
};
static const char *const ac_castled[2] = {
	"white controls three cells of black's castle",
	"black controls three cells of white's castle"
};

/* Axial coordinates (x, y) of each square (see the top of the file),
 * one rank a line. */
static const unsigned char ac_xy[AC_SQUARES][2] = {
	{ 0, 0 }, { 1, 0 }, { 2, 0 }, { 3, 0 },
	{ 0, 1 }, { 1, 1 }, { 2, 1 }, { 3, 1 }, { 4, 1 },
	{ 0, 2 }, { 1, 2 }, { 2, 2 }, { 3, 2 }, { 4, 2 }, { 5, 2 },
	{ 0, 3 }, { 1, 3 }, { 2, 3 }, { 3, 3 }, { 4, 3 }, { 5, 3 }, { 6, 3 },
	{ 1, 4 }, { 2, 4 }, { 3, 4 }, { 4, 4 }, { 5, 4 }, { 6, 4 },
	{ 2, 5 }, { 3, 5 }, { 4, 5 }, { 5, 5 }, { 6, 5 },
	{ 3, 6 }, { 4, 6 }, { 5, 6 }, { 6, 6 }
};

static unsigned
ac_rank_of(unsigned sq)
{
	return ac_xy[sq][1];
}

/* Axial coordinates of sq. */
static void
ac_axial(unsigned sq, int *x, int *y)
{
	*x = ac_xy[sq][0];
	*y = ac_xy[sq][1];
}

/* The square at axial (x, y), or -1 off the board. */
static int
ac_at(int x, int y)
{
	if (x < 0 || y < 0 || x > 6 || y > 6 || x - y > 3 || y - x > 3)
		return -1;
	return ac_rank_start[y] + x - (y > 3 ? y - 3 : 0);
}

/* The square dist cells from sq in direction d, or -1. */
static int
ac_line(unsigned sq, int d, int dist)
{
	int x, y;

	ac_axial(sq, &x, &y);
	return ac_at(x + dist * ac_dir[d][0], y + dist * ac_dir[d][1]);
}

static int
accasta_square_castle(unsigned sq)
{
	return sq < AC_SQUARES ? ac_castle_of[sq] : -1;
}

/* Number of cells of the enemy castle where side controls the stack. */
static unsigned
ac_castle_cells(const struct pos *p, enum side side)
{
	unsigned sq, n = 0;

	for (sq = 0; sq < AC_SQUARES; sq++)
		if (ac_castle_of[sq] == (int)SIDE_OTHER(side) &&
		    p->sq[sq].height > 0 &&
		    stack_top_side(&p->sq[sq]) == side)
			n++;
	return n;
}

/*
 * The side that has won in p by the castle rule, or -1.  The 2004 rule
 * (late 0): the side that has just moved, as soon as it controls three
 * cells of the enemy castle.  Stein's rule since 2010 (late 1): the side
 * to move only, at the beginning of its turn, so that the defender has
 * had one reply; one that retakes a cell saves the game.
 */
static int
ac_castle_winner(const struct pos *p, int late)
{
	enum side last = SIDE_OTHER(p->turn);

	if (!late && ac_castle_cells(p, last) >= 3)
		return (int)last;
	if (ac_castle_cells(p, (enum side)p->turn) >= 3)
		return (int)p->turn;
	return -1;
}

static void
accasta_start(struct pos *p)
{
	static const unsigned char white[] = { 0, 1, 2, 3, 5, 6, 7, 11, 12 };
	static const unsigned char height[] = { 3, 3, 3, 3, 2, 2, 2, 1, 1 };
	unsigned i, k;

	pos_clear(p, AC_SQUARES, SIDE_FIRST);
	for (i = 0; i < sizeof(white); i++)
		for (k = 0; k < height[i]; k++) {
			stack_push(&p->sq[white[i]], SIDE_FIRST, 0);
			stack_push(&p->sq[AC_SQUARES - 1 - white[i]],
			    SIDE_SECOND, 0);
		}
}

/* Stones of the second side (black) among the top k of s. */
static unsigned
ac_top_black(const struct stack *s, unsigned k)
{
	return (unsigned)__builtin_popcount((s->owner >> (s->height - k)) &
	    (((uint32_t)1 << k) - 1));
}

/* Whether the top k of from may land on the occupied stack to: to is not
 * safe (its top's opponent has fewer than three stones in it), and no
 * colour would exceed three stones. */
static int
ac_may_land(const struct stack *from, unsigned k, const struct stack *to)
{
	unsigned black = (unsigned)__builtin_popcount(to->owner);
	unsigned white = to->height - black;
	unsigned kb = ac_top_black(from, k);

	if ((stack_top_side(to) == SIDE_FIRST ? black : white) >= AC_LIMIT)
		return 0;
	return white + (k - kb) <= AC_LIMIT && black + kb <= AC_LIMIT;
}

/* Moves the top k of from onto to (k <= from's height, the result
 * within STACK_MAX: at most six stones in Accasta). */
static void
ac_move_part(struct stack *from, struct stack *to, unsigned k)
{
	unsigned rest = from->height - k;
	uint32_t keep = (uint32_t)(((uint64_t)1 << rest) - 1);

	to->owner |= (from->owner >> rest) << to->height;
	to->crown |= (from->crown >> rest) << to->height;
	to->height = (uint8_t)(to->height + k);
	from->owner &= keep;
	from->crown &= keep;
	from->height = (uint8_t)rest;
}

static int ac_steps(struct ac_walk *w);

/* Plays the step "top k of the origin to t", hands the turn to the leaf,
 * goes on with further steps unless the step ended the turn, and takes
 * the step back. */
static int
ac_step_play(struct ac_walk *w, unsigned k, unsigned t, int kind,
    int released)
{
	struct stack *o = &w->work.sq[w->origin];
	struct stack keep_o = *o, keep_t = w->work.sq[t];
	int rc;

	ac_move_part(o, &w->work.sq[t], k);
	w->m.step[w->m.nsteps++] = (struct step){ (uint8_t)w->origin,
	    (uint8_t)t, SQ_NONE, (uint8_t)k, (uint8_t)kind };
	rc = w->leaf(w);
	if (rc == 0 && !released && o->height > 0 &&
	    w->m.nsteps < MOVE_MAX_STEPS)
		rc = ac_steps(w);
	w->m.nsteps--;
	*o = keep_o;
	w->work.sq[t] = keep_t;
	return rc;
}

/* Every slide of the top k of the origin in direction d, up to range. */
static int
ac_slides(struct ac_walk *w, unsigned k, int d, int range, int released)
{
	const struct stack *o = &w->work.sq[w->origin], *ts;
	int dist, t = (int)w->origin, kind, rc;

	for (dist = 1; dist <= range; dist++) {
		if ((t = ac_next[t][d]) < 0)
			return 0;
		ts = &w->work.sq[t];
		if (ts->height == 0)
			kind = STEP_MOVE;
		else if (!ac_may_land(o, k, ts))
			return 0;
		else
			kind = stack_top_side(ts) == w->side ? STEP_ONTO :
			    STEP_CAPTURE;
		if ((rc = ac_step_play(w, k, (unsigned)t, kind,
		    released)) != 0)
			return rc;
		if (kind != STEP_MOVE)
			return 0;
	}
	return 0;
}

/* Every next step from the origin (which the mover controls). */
static int
ac_steps(struct ac_walk *w)
{
	const struct stack *o = &w->work.sq[w->origin];
	unsigned h = o->height, k;
	int range = stack_count(o, w->side), d, released, rc;

	for (k = 1; k <= h; k++) {
		released = k < h && ((o->owner >> (h - k - 1)) & 1u) !=
		    (unsigned)w->side;
		if (released && ac_castle_of[w->origin] == (int)w->side)
			continue;
		for (d = 0; d < AC_NDIRS; d++)
			if ((rc = ac_slides(w, k, d, range, released)) != 0)
				return rc;
	}
	return 0;
}

/* Walks every turn of the side to move of p (none if the game is over
 * by the castle rule). */
static int
ac_walk_all(struct ac_walk *w, const struct pos *p)
{
	unsigned sq;
	int rc;

	if (ac_castle_winner(p, w->late) >= 0)
		return 0;
	w->work = *p;
	w->side = (enum side)p->turn;
	memset(&w->m, 0, sizeof(w->m));
	w->m.kind = MOVE_ORDINARY;
	for (sq = 0; sq < AC_SQUARES; sq++) {
		if (p->sq[sq].height == 0 ||
		    stack_top_side(&p->sq[sq]) != w->side)
			continue;
		w->origin = sq;
		if ((rc = ac_steps(w)) != 0)
			return rc;
	}
	return 0;
}

static int
ac_leaf_emit(struct ac_walk *w)
{
	return w->emit(w->ctx, &w->m);
}

static int
ac_generate(const struct pos *p, rules_emit_fn emit, void *ctx, int late)
{
	struct ac_walk w;

	w.leaf = ac_leaf_emit;
	w.emit = emit;
	w.ctx = ctx;
	w.late = late;
	return ac_walk_all(&w, p);
}

static int
accasta_generate(const struct pos *p, rules_emit_fn emit, void *ctx)
{
	return ac_generate(p, emit, ctx, 0);
}

static int
accasta2010_generate(const struct pos *p, rules_emit_fn emit, void *ctx)
{
	return ac_generate(p, emit, ctx, 1);
}

/* ---- Perft ------------------------------------------------------ */

/*
 * Perft walks the turns as generate does, the board after each turn
 * being the walk's board, and counts the turns of the last ply without
 * writing them down: a step that ends its turn (a release, or the whole
 * rest moved) is counted without being played, and only a step that
 * more may follow is played, then taken back.
 */

/* The turns of one origin being counted. */
struct ac_count {
	struct pos *p;          /* played on and restored */
	unsigned origin;
	enum side side;
};

static uint64_t ac_count_steps(struct ac_count *c, unsigned steps);

/* The turns going on after the step of the top k of the origin to t. */
static uint64_t
ac_count_after(struct ac_count *c, unsigned t, unsigned k, unsigned steps)
{
	struct stack *o = &c->p->sq[c->origin], *ts = &c->p->sq[t];
	struct stack keep_o = *o, keep_t = *ts;
	uint64_t n;

	ac_move_part(o, ts, k);
	n = ac_count_steps(c, steps + 1);
	*o = keep_o;
	*ts = keep_t;
	return n;
}

/* The turns of the slides of the top k of the origin in direction d up
 * to range, and those going on after them when more may. */
static uint64_t
ac_count_slides(struct ac_count *c, unsigned k, int d, unsigned range,
    int more, unsigned steps)
{
	const struct stack *o = &c->p->sq[c->origin], *ts;
	unsigned dist;
	int t = (int)c->origin;
	uint64_t n = 0;

	for (dist = 1; dist <= range; dist++) {
		if ((t = ac_next[t][d]) < 0)
			break;
		ts = &c->p->sq[t];
		if (ts->height != 0 && !ac_may_land(o, k, ts))
			break;
		n++;
		if (more)
			n += ac_count_after(c, (unsigned)t, k, steps);
		if (ts->height != 0)
			break;
	}
	return n;
}

/* The turns of c's origin after steps steps (as ac_steps finds them). */
static uint64_t
ac_count_steps(struct ac_count *c, unsigned steps)
{
	const struct stack *o = &c->p->sq[c->origin];
	unsigned h = o->height, k, range = (unsigned)stack_count(o, c->side);
	int d, released, more;
	uint64_t n = 0;

	for (k = 1; k <= h; k++) {
		released = k < h && ((o->owner >> (h - k - 1)) & 1u) !=
		    (unsigned)c->side;
		if (released && ac_castle_of[c->origin] == (int)c->side)
			continue;
		more = !released && k < h && steps + 1 < MOVE_MAX_STEPS;
		for (d = 0; d < AC_NDIRS; d++)
			n += ac_count_slides(c, k, d, range, more, steps);
	}
	return n;
}

/* The number of turns of p (played on and restored). */
static uint64_t
ac_count_all(struct pos *p, int late)
{
	struct ac_count c = { p, 0, (enum side)p->turn };
	uint64_t n = 0;

	if (ac_castle_winner(p, late) >= 0)
		return 0;
	for (c.origin = 0; c.origin < AC_SQUARES; c.origin++)
		if (p->sq[c.origin].height > 0 &&
		    stack_top_side(&p->sq[c.origin]) == c.side)
			n += ac_count_steps(&c, 0);
	return n;
}

static uint64_t ac_perft_walk(struct pos *p, unsigned depth, int late);

/* The leaves below the turn just walked: the board after it is the
 * walk's board. */
static int
ac_leaf_count(struct ac_walk *w)
{
	w->work.turn = (uint8_t)SIDE_OTHER(w->side);
	w->nodes += ac_perft_walk(&w->work, w->depth - 1, w->late);
	w->work.turn = (uint8_t)w->side;
	return 0;
}

/* Perft of p (played on and restored). */
static uint64_t
ac_perft_walk(struct pos *p, unsigned depth, int late)
{
	struct ac_walk w;

	if (depth <= 1)
		return depth == 0 ? 1 : ac_count_all(p, late);
	w.leaf = ac_leaf_count;
	w.depth = depth;
	w.nodes = 0;
	w.late = late;
	ac_walk_all(&w, p);
	return w.nodes;
}

static uint64_t
accasta_perft(const struct pos *p, unsigned depth)
{
	struct pos work = *p;

	return ac_perft_walk(&work, depth, 0);
}

static uint64_t
accasta2010_perft(const struct pos *p, unsigned depth)
{
	struct pos work = *p;

	return ac_perft_walk(&work, depth, 1);
}

static void
accasta_apply(struct pos *p, const struct move *m)
{
	struct stack part;
	unsigned i;

	for (i = 0; i < m->nsteps; i++) {
		part = stack_take(&p->sq[m->step[i].from], m->step[i].count);
		stack_put(&p->sq[m->step[i].to], &part);
	}
	p->turn = (uint8_t)SIDE_OTHER(p->turn);
}

/* The outcome of p under the rules r, whose win rule late tells. */
static enum outcome
ac_outcome(const struct rules *r, const struct pos *p, const char **why,
    int late)
{
	int won = ac_castle_winner(p, late);
	const char *reason = NULL;

	if (won >= 0)
		reason = ac_castled[won];
	else if (!rules_has_move(r, p)) {
		won = (int)SIDE_OTHER(p->turn);
		reason = ac_blocked[p->turn];
	}
	if (why != NULL)
		*why = reason;
	if (won < 0)
		return OUTCOME_NONE;
	return won == SIDE_FIRST ? OUTCOME_FIRST_WINS : OUTCOME_SECOND_WINS;
}

static enum outcome
accasta_outcome(const struct pos *p, const char **why)
{
	return ac_outcome(&rules_accasta, p, why, 0);
}

static enum outcome
accasta2010_outcome(const struct pos *p, const char **why)
{
	return ac_outcome(&rules_accasta2010, p, why, 1);
}

/* Square names: rank letter a..g (either case), then the cell number.
 * On failure *used is the length of the part that fits. */
static int
accasta_square_parse(const char *s, size_t n, size_t *used)
{
	unsigned r, i = 0;
	size_t j = 1;

	*used = 0;
	if (n == 0 || (s[0] | 0x20) < 'a' || (s[0] | 0x20) > 'g')
		return -1;
	r = (unsigned)((s[0] | 0x20) - 'a');
	*used = 1;
	while (j < n && s[j] >= '0' && s[j] <= '9' && i < 100)
		i = i * 10 + (unsigned)(s[j++] - '0');
	if (j == 1 || i < 1 || i > (unsigned)(ac_rank_start[r + 1] -
	    ac_rank_start[r]))
		return -1;
	*used = j;
	return ac_rank_start[r] + (int)i - 1;
}

static int
accasta_square_name(unsigned sq, char *buf, size_t size)
{
	unsigned r;

	if (sq >= AC_SQUARES || size < 3)
		return -1;
	r = ac_rank_of(sq);
	buf[0] = (char)('a' + r);
	buf[1] = (char)('1' + sq - ac_rank_start[r]);
	buf[2] = '\0';
	return 2;
}

/* A doubled grid: rank r is row r, its cells two columns apart and
 * centred, so the rows form a hexagon 13 columns wide. */
static void
accasta_square_xy(unsigned sq, unsigned *x, unsigned *y)
{
	unsigned r = ac_rank_of(sq);
	unsigned len = ac_rank_start[r + 1] - ac_rank_start[r];

	*y = r;
	*x = 2 * (sq - ac_rank_start[r]) + (7 - len);
}

/* The step kind written as s[0..n): '-', '+', 'x', 'X' or "×" (UTF-8);
 * -1 if none.  *len gets its length. */
static int
ac_kind_parse(const char *s, size_t n, size_t *len)
{
	*len = 1;
	if (n >= 1 && s[0] == '-')
		return STEP_MOVE;
	if (n >= 1 && s[0] == '+')
		return STEP_ONTO;
	if (n >= 1 && (s[0] == 'x' || s[0] == 'X'))
		return STEP_CAPTURE;
	*len = 2;
	if (n >= 2 && (unsigned char)s[0] == 0xC3 &&
	    (unsigned char)s[1] == 0x97)
		return STEP_CAPTURE;
	return -1;
}

/* Reads an optional count at s[*i..n): 0 if none, else 1..99; -1 for a
 * count of 0 or over 99 (*i then at its first digit). */
static int
ac_count_parse(const char *s, size_t n, size_t *i)
{
	size_t j = *i;
	int c = 0;

	while (j < n && s[j] >= '0' && s[j] <= '9' && j - *i < 3)
		c = c * 10 + (s[j++] - '0');
	if (j == *i)
		return 0;
	if (c == 0 || c > 99)
		return -1;
	*i = j;
	return c;
}

/* Reads one step at s[*i..n) into the next step of pt. */
static int
ac_step_parse(const char *s, size_t n, size_t *i, struct move *pt)
{
	struct step *st = &pt->step[pt->nsteps];
	size_t len;
	int count, kind, to;

	if (pt->nsteps >= MOVE_MAX_STEPS ||
	    (count = ac_count_parse(s, n, i)) < 0)
		return -1;
	if ((kind = ac_kind_parse(s + *i, n - *i, &len)) < 0)
		return -1;
	*i += len;
	if ((to = accasta_square_parse(s + *i, n - *i, &len)) < 0) {
		*i += len;
		return -1;
	}
	*i += len;
	*st = (struct step){ pt->step[0].from, (uint8_t)to, SQ_NONE,
	    (uint8_t)count, (uint8_t)kind };
	pt->nsteps++;
	return 0;
}

/* Liberal: the ':' may be left out, cells and 'x' in either case, "×"
 * for 'x'.  A count of 0 means "not written" (the rest). */
static int
accasta_move_parse(const char *s, size_t n, struct move *pt, size_t *err)
{
	size_t i;
	int from;

	memset(pt, 0, sizeof(*pt));
	pt->kind = MOVE_ORDINARY;
	if ((from = accasta_square_parse(s, n, &i)) < 0) {
		*err = i;
		return -1;
	}
	pt->step[0].from = (uint8_t)from;
	if (i < n && s[i] == ':')
		i++;
	for (;;) {
		if (ac_step_parse(s, n, &i, pt) == -1)
			break;
		if (i == n)
			return 0;
		if (s[i] != ',')
			break;
		i++;
	}
	*err = i;
	return -1;
}

static char
ac_kind_char(int kind)
{
	return kind == STEP_MOVE ? '-' : kind == STEP_ONTO ? '+' : 'x';
}

/* Writes the legal move m: the count only where it is not the rest. */
static int
accasta_move_format(const struct pos *p, const struct move *m, char *buf,
    size_t size)
{
	unsigned rest = p->sq[m->step[0].from].height, i;
	size_t len;
	char to[4];

	if (accasta_square_name(m->step[0].from, buf, size) < 0 || size < 4)
		return -1;
	len = 2;
	buf[len++] = ':';
	for (i = 0; i < m->nsteps; i++) {
		if (accasta_square_name(m->step[i].to, to, sizeof(to)) < 0 ||
		    len + 8 > size)
			return -1;
		if (i > 0)
			buf[len++] = ',';
		if (m->step[i].count != rest)
			len += (size_t)snprintf(buf + len, size - len, "%u",
			    (unsigned)m->step[i].count);
		buf[len++] = ac_kind_char(m->step[i].kind);
		memcpy(buf + len, to, 3);
		len += 2;
		rest -= m->step[i].count;
	}
	return (int)len;
}

/* Whether a written kind fits a legal one: '+' for any occupied cell. */
static int
ac_kind_fits(int pattern, int legal)
{
	if (pattern == STEP_ANY || pattern == legal)
		return 1;
	return pattern == STEP_ONTO && legal == STEP_CAPTURE;
}

/* Counts are checked against what is left on the origin, step by step:
 * an unwritten count is the whole rest, a written one is exact. */
static int
accasta_move_match(const struct pos *p, const struct move *pattern,
    const struct move *legal)
{
	unsigned rest, i, want;

	if (pattern->kind != legal->kind || pattern->nsteps != legal->nsteps ||
	    pattern->nsteps == 0 || pattern->step[0].from != legal->step[0].from)
		return 0;
	rest = p->sq[legal->step[0].from].height;
	for (i = 0; i < legal->nsteps; i++) {
		want = pattern->step[i].count != 0 ?
		    pattern->step[i].count : rest;
		if (pattern->step[i].to != legal->step[i].to ||
		    want != legal->step[i].count ||
		    !ac_kind_fits(pattern->step[i].kind, legal->step[i].kind))
			return 0;
		rest -= legal->step[i].count;
	}
	return 1;
}

/* ---- Following a written move ----------------------------------- */

/*
 * A pattern names the origin and each step's target and count (left
 * out: the rest), and the board says each step's kind; so it denotes at
 * most one legal move, found by playing its steps one by one under the
 * rules, never by generating the legal moves.
 */

/* The direction and distance (> 0) of the straight line from sq to t;
 * -1 if they are not on one. */
static int
ac_direction(unsigned sq, unsigned t, int *dist)
{
	int x0, y0, x1, y1, dx, dy, n, d;

	ac_axial(sq, &x0, &y0);
	ac_axial(t, &x1, &y1);
	dx = x1 - x0;
	dy = y1 - y0;
	n = abs(dx) > abs(dy) ? abs(dx) : abs(dy);
	for (d = 0; d < AC_NDIRS && n > 0; d++)
		if (ac_dir[d][0] * n == dx && ac_dir[d][1] * n == dy) {
			*dist = n;
			return d;
		}
	return -1;
}

/* The kind of the slide of the top k of the origin of w to t, dist
 * cells away in direction d: over empty cells onto an empty cell or a
 * stack it may land on; -1 if it may not. */
static int
ac_slide_kind(const struct ac_walk *w, unsigned k, int d, int dist,
    unsigned t)
{
	const struct stack *ts = &w->work.sq[t];
	int i;

	for (i = 1; i < dist; i++)
		if (w->work.sq[ac_line(w->origin, d, i)].height > 0)
			return -1;
	if (ts->height == 0)
		return STEP_MOVE;
	if (!ac_may_land(&w->work.sq[w->origin], k, ts))
		return -1;
	return stack_top_side(ts) == w->side ? STEP_ONTO : STEP_CAPTURE;
}

/* The legal step that the pattern step a denotes after the steps of w
 * so far, into st; *released gets whether it ends the turn.  -1 if
 * none. */
static int
ac_follow_step(const struct ac_walk *w, const struct step *a,
    struct step *st, int *released)
{
	const struct stack *o = &w->work.sq[w->origin];
	unsigned h = o->height, k = a->count != 0 ? a->count : h;
	int d, dist, kind;

	if (k == 0 || k > h || a->to >= AC_SQUARES ||
	    (d = ac_direction(w->origin, a->to, &dist)) < 0 ||
	    dist > stack_count(o, w->side))
		return -1;
	*released = k < h && ((o->owner >> (h - k - 1)) & 1u) !=
	    (unsigned)w->side;
	if ((*released && ac_castle_of[w->origin] == (int)w->side) ||
	    (kind = ac_slide_kind(w, k, d, dist, a->to)) < 0 ||
	    !ac_kind_fits(a->kind, kind))
		return -1;
	*st = (struct step){ (uint8_t)w->origin, a->to, SQ_NONE, (uint8_t)k,
	    (uint8_t)kind };
	return 0;
}

/* Plays the steps of pt from its origin on w, each after one that did
 * not end the turn; 0 with the move in w->m, or -1. */
static int
ac_follow(struct ac_walk *w, const struct move *pt)
{
	struct stack part;
	struct step st;
	unsigned i;
	int released = 0;

	for (i = 0; i < pt->nsteps; i++) {
		if (released || ac_follow_step(w, &pt->step[i], &st,
		    &released) == -1)
			return -1;
		part = stack_take(&w->work.sq[w->origin], st.count);
		stack_put(&w->work.sq[st.to], &part);
		w->m.step[w->m.nsteps++] = st;
	}
	return 0;
}

static int
ac_resolve(const struct pos *p, const struct move *pt, rules_emit_fn emit,
    void *ctx, int late)
{
	unsigned sq = pt->step[0].from;
	struct ac_walk w;

	if (pt->kind != MOVE_ORDINARY || pt->nsteps == 0 ||
	    pt->nsteps > MOVE_MAX_STEPS || sq >= AC_SQUARES ||
	    p->sq[sq].height == 0 || stack_top_side(&p->sq[sq]) != p->turn ||
	    ac_castle_winner(p, late) >= 0)
		return 0;
	memset(&w, 0, sizeof(w));
	w.work = *p;
	w.side = (enum side)p->turn;
	w.origin = sq;
	w.m.kind = MOVE_ORDINARY;
	if (ac_follow(&w, pt) == -1)
		return 0;
	return emit(ctx, &w.m);
}

static int
accasta_resolve(const struct pos *p, const struct move *pt,
    rules_emit_fn emit, void *ctx)
{
	return ac_resolve(p, pt, emit, ctx, 0);
}

static int
accasta2010_resolve(const struct pos *p, const struct move *pt,
    rules_emit_fn emit, void *ctx)
{
	return ac_resolve(p, pt, emit, ctx, 1);
}

/* "white holds 1 cell of black's castle, black holds 0"; nothing while
 * neither holds any. */
static int
accasta_pos_note(const struct pos *p, char *buf, size_t size)
{
	unsigned w = ac_castle_cells(p, SIDE_FIRST);
	unsigned b = ac_castle_cells(p, SIDE_SECOND);
	int n;

	if (w == 0 && b == 0)
		return 0;
	n = snprintf(buf, size, "white holds %u cell%s of black's castle, "
	    "black holds %u", w, w == 1 ? "" : "s", b);
	return n < 0 || (size_t)n >= size ? -1 : n;
}

/* No stack holds more than AC_LIMIT stones of a colour. */
static int
accasta_pos_check(const struct pos *p, const char **why, unsigned *at)
{
	unsigned sq;

	for (sq = 0; sq < p->nsquares; sq++)
		if (stack_count(&p->sq[sq], SIDE_FIRST) > AC_LIMIT ||
		    stack_count(&p->sq[sq], SIDE_SECOND) > AC_LIMIT) {
			*why = "a stack holds more than 3 stones of a colour";
			*at = sq;
			return -1;
		}
	return 0;
}

/* What the two readings of the win share. */
#define ACCASTA_RULES \
	.side = { "white", "black" }, \
	.letter = { 'w', 'b' }, \
	.fen = FEN_STACKS, \
	.nsquares = AC_SQUARES, \
	.width = 13, \
	.height = 7, \
	.start = accasta_start, \
	.apply = accasta_apply, \
	.square_parse = accasta_square_parse, \
	.square_name = accasta_square_name, \
	.square_xy = accasta_square_xy, \
	.move_parse = accasta_move_parse, \
	.move_format = accasta_move_format, \
	.move_match = accasta_move_match, \
	.square_castle = accasta_square_castle, \
	.pos_note = accasta_pos_note, \
	.pos_check = accasta_pos_check

/* A game of Accasta Pari whose win rule the functions FN_* follow. */
#define ACCASTA_GAME(NAME, TITLE, FN) { \
	.name = NAME, \
	.title = TITLE, \
	ACCASTA_RULES, \
	.generate = FN##_generate, \
	.outcome = FN##_outcome, \
	.perft = FN##_perft, \
	.resolve = FN##_resolve, \
}

const struct rules rules_accasta = ACCASTA_GAME("accasta-pari",
    "Accasta Pari (Dieter Stein)", accasta);

/* Stein's win rule since 2010 (ac_castle_winner): the defender replies
 * once.  A game of its own name, so that a record says which rule it
 * was played under and no reader replays it under the other. */
const struct rules rules_accasta2010 = ACCASTA_GAME("accasta-pari-2010",
    "Accasta Pari (Dieter Stein), the 2010 win rule", accasta2010);
