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
 *   on three or more cells of the enemy castle.  In a set-up position
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

static const char *const ac_blocked[2] = {
	"white has no legal move", "black has no legal move"
};
static const char *const ac_castled[2] = {
	"white controls three cells of black's castle",
	"black controls three cells of white's castle"
};

static unsigned
ac_rank_of(unsigned sq)
{
	unsigned r = 0;

	while (sq >= ac_rank_start[r + 1])
		r++;
	return r;
}

/* Axial coordinates of sq. */
static void
ac_axial(unsigned sq, int *x, int *y)
{
	unsigned r = ac_rank_of(sq);

	*y = (int)r;
	*x = (int)(sq - ac_rank_start[r]) + (r > 3 ? (int)r - 3 : 0);
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

/* The side that has won in p by the castle rule, or -1. */
static int
ac_castle_winner(const struct pos *p)
{
	enum side last = SIDE_OTHER(p->turn);

	if (ac_castle_cells(p, last) >= 3)
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

/* Stones of side among the top k of s. */
static unsigned
ac_top_count(const struct stack *s, unsigned k, enum side side)
{
	uint32_t bits = (s->owner >> (s->height - k)) &
	    (((uint32_t)1 << k) - 1);
	unsigned second = (unsigned)__builtin_popcount(bits);

	return side == SIDE_SECOND ? second : k - second;
}

/* Whether the top k of from may land on the occupied stack to: to is not
 * safe, and no colour would exceed three stones. */
static int
ac_may_land(const struct stack *from, unsigned k, const struct stack *to)
{
	unsigned s, top = stack_top_side(to);

	if ((unsigned)stack_count(to, SIDE_OTHER(top)) >= AC_LIMIT)
		return 0;
	for (s = 0; s < 2; s++)
		if ((unsigned)stack_count(to, s) +
		    ac_top_count(from, k, s) > AC_LIMIT)
			return 0;
	return 1;
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
	struct stack keep_o = *o, keep_t = w->work.sq[t], part;
	int rc;

	part = stack_take(o, k);
	stack_put(&w->work.sq[t], &part);
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
	int dist, t, kind, rc;

	for (dist = 1; dist <= range; dist++) {
		if ((t = ac_line(w->origin, d, dist)) < 0)
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

	if (ac_castle_winner(p) >= 0)
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
accasta_generate(const struct pos *p, rules_emit_fn emit, void *ctx)
{
	struct ac_walk w;

	w.leaf = ac_leaf_emit;
	w.emit = emit;
	w.ctx = ctx;
	return ac_walk_all(&w, p);
}

static uint64_t accasta_perft(const struct pos *p, unsigned depth);

/* Perft: the board after the turn is the walk's board. */
static int
ac_leaf_count(struct ac_walk *w)
{
	if (w->depth <= 1) {
		w->nodes++;
		return 0;
	}
	w->work.turn = (uint8_t)SIDE_OTHER(w->side);
	w->nodes += accasta_perft(&w->work, w->depth - 1);
	w->work.turn = (uint8_t)w->side;
	return 0;
}

static uint64_t
accasta_perft(const struct pos *p, unsigned depth)
{
	struct ac_walk w;

	if (depth == 0)
		return 1;
	w.leaf = ac_leaf_count;
	w.depth = depth;
	w.nodes = 0;
	ac_walk_all(&w, p);
	return w.nodes;
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

static enum outcome
accasta_outcome(const struct pos *p, const char **why)
{
	int won = ac_castle_winner(p);
	const char *reason = NULL;

	if (won >= 0)
		reason = ac_castled[won];
	else if (!rules_has_move(&rules_accasta, p)) {
		won = (int)SIDE_OTHER(p->turn);
		reason = ac_blocked[p->turn];
	}
	if (why != NULL)
		*why = reason;
	if (won < 0)
		return OUTCOME_NONE;
	return won == SIDE_FIRST ? OUTCOME_FIRST_WINS : OUTCOME_SECOND_WINS;
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
accasta_resolve(const struct pos *p, const struct move *pt,
    rules_emit_fn emit, void *ctx)
{
	unsigned sq = pt->step[0].from;
	struct ac_walk w;

	if (pt->kind != MOVE_ORDINARY || pt->nsteps == 0 ||
	    pt->nsteps > MOVE_MAX_STEPS || sq >= AC_SQUARES ||
	    p->sq[sq].height == 0 || stack_top_side(&p->sq[sq]) != p->turn ||
	    ac_castle_winner(p) >= 0)
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
accasta_pos_check(const struct pos *p, const char **why)
{
	unsigned sq;

	for (sq = 0; sq < p->nsquares; sq++)
		if (stack_count(&p->sq[sq], SIDE_FIRST) > AC_LIMIT ||
		    stack_count(&p->sq[sq], SIDE_SECOND) > AC_LIMIT) {
			*why = "a stack holds more than 3 stones of a colour";
			return -1;
		}
	return 0;
}

const struct rules rules_accasta = {
	.name = "accasta-pari",
	.title = "Accasta Pari (Dieter Stein)",
	.side = { "white", "black" },
	.letter = { 'w', 'b' },
	.fen = FEN_STACKS,
	.nsquares = AC_SQUARES,
	.width = 13,
	.height = 7,
	.start = accasta_start,
	.generate = accasta_generate,
	.apply = accasta_apply,
	.outcome = accasta_outcome,
	.square_parse = accasta_square_parse,
	.square_name = accasta_square_name,
	.square_xy = accasta_square_xy,
	.move_parse = accasta_move_parse,
	.move_format = accasta_move_format,
	.move_match = accasta_move_match,
	.perft = accasta_perft,
	.resolve = accasta_resolve,
	.square_castle = accasta_square_castle,
	.pos_note = accasta_pos_note,
	.pos_check = accasta_pos_check,
};
