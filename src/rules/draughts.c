/* draughts.c - one engine for the diagonal draughts (draughts.h). */
#include <string.h>

#include "rules/draughts.h"

#define DRAUGHTS_ARENA 2048     /* capture paths in the scratch list */

/* The engine on 64-bit bitboards: boards up to 10x10. */
#define DBB uint64_t
#define DW(name) d64_##name
#define DBB_BITS 64u
#define DBB_CTZ(b) ((unsigned)__builtin_ctzll(b))
#define DBB_CLZ(b) ((unsigned)__builtin_clzll(b))
#define DBB_POP(b) ((unsigned)__builtin_popcountll(b))
#define DBB_WORDS(w) ((w)[0])
#define DBB_STRAIGHT 0
#define DBB_RUNS 0
#include "rules/draughts_bb.h"
#undef DW
#undef DBB_STRAIGHT
#undef DBB_RUNS

/* The same with straight captures and the kings' runs (Frisian). */
#define DW(name) d64x_##name
#define DBB_STRAIGHT 1
#define DBB_RUNS 1
#include "rules/draughts_bb.h"
#undef DBB
#undef DW
#undef DBB_BITS
#undef DBB_CTZ
#undef DBB_CLZ
#undef DBB_POP
#undef DBB_WORDS
#undef DBB_STRAIGHT
#undef DBB_RUNS

/* The engine on 128-bit bitboards: 12x12. */
typedef unsigned __int128 d128_t;

static inline unsigned
d128_ctz(d128_t b)
{
	uint64_t lo = (uint64_t)b;

	return lo != 0 ? (unsigned)__builtin_ctzll(lo) :
	    64u + (unsigned)__builtin_ctzll((uint64_t)(b >> 64));
}

static inline unsigned
d128_clz(d128_t b)
{
	uint64_t hi = (uint64_t)(b >> 64);

	return hi != 0 ? (unsigned)__builtin_clzll(hi) :
	    64u + (unsigned)__builtin_clzll((uint64_t)b);
}

#define DBB d128_t
#define DW(name) d128_##name
#define DBB_BITS 128u
#define DBB_CTZ(b) d128_ctz(b)
#define DBB_CLZ(b) d128_clz(b)
#define DBB_POP(b) ((unsigned)(__builtin_popcountll((uint64_t)(b)) + \
    __builtin_popcountll((uint64_t)((b) >> 64))))
#define DBB_WORDS(w) ((d128_t)(w)[0] | (d128_t)(w)[1] << 64)
#define DBB_STRAIGHT 0
#define DBB_RUNS 0
#include "rules/draughts_bb.h"

/* Whether v's board needs the 128-bit engine. */
static int
wide(const struct draughts_variant *v)
{
	return grid_bits(&v->grid) > 64u;
}

/* Whether v needs the copy with straight captures and runs. */
static int
extra(const struct draughts_variant *v)
{
	return v->straight || v->king_moves != 0;
}

/* Calls the function F of the copy of the engine that plays v. */
#define DRAUGHTS_CALL(v, F, ...) (wide(v) ? d128_##F(__VA_ARGS__) : \
    extra(v) ? d64x_##F(__VA_ARGS__) : d64_##F(__VA_ARGS__))

void
draughts_start(const struct draughts_variant *v, struct pos *p)
{
	unsigned n = grid_squares(&v->grid), sq, x, y;

	pos_clear(p, n, SIDE_FIRST);
	for (sq = 0; sq < n; sq++) {
		grid_xy(&v->grid, sq, &x, &y);
		if (y < v->rows)
			stack_push(&p->sq[sq], SIDE_FIRST, 0);
		else if (y + v->rows >= v->grid.height)
			stack_push(&p->sq[sq], SIDE_SECOND, 0);
	}
}

int
draughts_moves(const struct draughts_variant *v, const struct pos *p,
    int (*visit)(void *ctx, const struct draughts_move *m), void *ctx)
{
	return DRAUGHTS_CALL(v, moves, v, p, visit, ctx);
}

uint64_t
draughts_perft(const struct draughts_variant *v, const struct pos *p,
    unsigned depth, int all_paths)
{
	return DRAUGHTS_CALL(v, pos_perft, v, p, depth, all_paths);
}

uint64_t
draughts_count(const struct draughts_variant *v, const struct pos *p)
{
	return draughts_perft(v, p, 1, 0);
}

/* The model's form of dm: one STEP_MOVE step, or one STEP_CAPTURE step
 * per jump with its over square. */
static void
to_move(const struct draughts_move *dm, struct move *m)
{
	rules_jump_move(dm->from, dm->to, dm->n, dm->land, dm->over, m);
}

struct gen_emit {
	rules_emit_fn emit;
	void *ctx;
};

static int
gen_visit(void *ctx, const struct draughts_move *dm)
{
	struct gen_emit *g = ctx;
	struct move m;

	to_move(dm, &m);
	return g->emit(g->ctx, &m);
}

int
draughts_generate(const struct draughts_variant *v, const struct pos *p,
    rules_emit_fn emit, void *ctx)
{
	struct gen_emit g = { emit, ctx };

	return draughts_moves(v, p, gen_visit, &g);
}

/* Whether sq lies on the row where side's men are crowned. */
static int
crown_row(const struct draughts_variant *v, unsigned sq, unsigned side)
{
	unsigned x, y;

	grid_xy(&v->grid, sq, &x, &y);
	return side == 0 ? y == v->grid.height - 1u : y == 0;
}

/* p->run of the side to move after its move m, made by a king when
 * king (model.h: the square of the king making plain moves in a row
 * << 2 | their number, 0 for none; kept up to v->king_moves). */
static void
run_after(const struct draughts_variant *v, struct pos *p,
    const struct move *m, int king)
{
	unsigned last = p->run[p->turn], n = 1;

	if (v->king_moves == 0)
		return;
	p->run[p->turn] = 0;
	if (!king || m->step[0].kind != STEP_MOVE)
		return;
	if (last != 0 && last >> 2 == m->step[0].from)
		n = (last & 3u) + 1u;
	if (n > v->king_moves)
		n = v->king_moves;
	p->run[p->turn] = (uint8_t)(m->step[0].to << 2 | n);
}

void
draughts_apply(const struct draughts_variant *v, struct pos *p,
    const struct move *m)
{
	struct stack piece;
	unsigned i, to = m->step[m->nsteps - 1].to, king;

	piece = p->sq[m->step[0].from];
	king = stack_top_crowned(&piece);
	memset(&p->sq[m->step[0].from], 0, sizeof(piece));
	for (i = 0; i < m->nsteps; i++) {
		if (m->step[i].over != SQ_NONE)
			memset(&p->sq[m->step[i].over], 0, sizeof(piece));
		if (v->crown_on_pass && m->step[i].kind == STEP_CAPTURE &&
		    crown_row(v, m->step[i].to, p->turn))
			king = 1;
	}
	if (crown_row(v, to, p->turn))
		king = 1;
	run_after(v, p, m, stack_top_crowned(&piece));
	if (king && !stack_top_crowned(&piece))
		piece.crown |= (uint32_t)1 << (piece.height - 1);
	p->sq[to] = piece;
	p->turn = (uint8_t)SIDE_OTHER(p->turn);
	DRAUGHTS_CALL(v, memo_moved, v, p, m);
}

enum outcome
draughts_outcome(const struct draughts_variant *v, const struct pos *p,
    const char **why)
{
	enum outcome won = p->turn == SIDE_FIRST ? OUTCOME_SECOND_WINS :
	    OUTCOME_FIRST_WINS;
	const char *reason = NULL;

	if (pos_count(p, (enum side)p->turn) == 0)
		reason = v->bare[p->turn];
	else if (draughts_count(v, p) == 0)
		reason = v->blocked[p->turn];
	if (why != NULL)
		*why = reason;
	return reason == NULL ? OUTCOME_NONE : won;
}

int
draughts_square_parse(const struct draughts_variant *v, const char *s,
    size_t n, size_t *used)
{
	return grid_square_parse(&v->grid, s, n, used);
}

int
draughts_square_name(const struct draughts_variant *v, unsigned sq,
    char *buf, size_t size)
{
	return grid_square_name(&v->grid, sq, (enum square_style)v->names,
	    buf, size);
}

void
draughts_square_xy(const struct draughts_variant *v, unsigned sq,
    unsigned *x, unsigned *y)
{
	grid_xy(&v->grid, sq, x, y);
}

int
draughts_move_parse(const struct draughts_variant *v, const char *s,
    size_t n, struct move *pattern, size_t *err)
{
	return grid_move_parse(&v->grid, s, n, pattern, err);
}

/* ---- Canonical text and matching --------------------------------- */

int
draughts_move_format(const struct draughts_variant *v, const struct pos *p,
    const struct move *m, char *buf, size_t size)
{
	unsigned sq[MOVE_MAX_STEPS + 1], n = 0, i;
	int capture = m->step[0].kind == STEP_CAPTURE, path;

	if (m->nsteps == 0)
		return -1;
	sq[n++] = m->step[0].from;
	path = capture && rules_same_ends(v->rules, p, m) > 1;
	for (i = path ? 0 : m->nsteps - 1u; i < m->nsteps; i++)
		sq[n++] = m->step[i].to;
	return grid_move_write(&v->grid, (enum square_style)v->names,
	    capture ? v->capsep : '-', sq, n, buf, size);
}

/* The direction of the line (a diagonal, or a row or column where the
 * variant captures straight) from square a to square b, or -1. */
static int
line_dir(const struct draughts_variant *v, unsigned a, unsigned b)
{
	int d, at, ndirs = v->straight ? GRID_NDIRS_ALL : GRID_NDIRS;

	for (d = 0; d < ndirs; d++)
		for (at = grid_next(&v->grid, a, (enum grid_dir)d); at >= 0;
		    at = grid_next(&v->grid, (unsigned)at, (enum grid_dir)d))
			if ((unsigned)at == b)
				return d;
	return -1;
}

#define LINE_MAX (MOVE_MAX_STEPS * 12u)

/* The squares capture m's piece stands on or passes between the first
 * piece it takes and the last, in order, into sq; returns how many. */
static unsigned
king_line(const struct draughts_variant *v, const struct move *m,
    uint8_t sq[LINE_MAX])
{
	unsigned i, n = 0, at;
	int d, past;

	for (i = 0; i < m->nsteps; i++) {
		d = line_dir(v, m->step[i].from, m->step[i].to);
		past = 0;
		for (at = m->step[i].from; d >= 0 && at != m->step[i].to;) {
			at = (unsigned)grid_next(&v->grid, at,
			    (enum grid_dir)d);
			if (at == m->step[i].over)
				past = 1;
			else if ((i > 0 || past) &&
			    (i + 1 < m->nsteps || !past) && n < LINE_MAX)
				sq[n++] = (uint8_t)at;
		}
	}
	return n;
}

/* Whether pattern names capture legal: its ends, and the squares it
 * writes between them where legal's piece stood or passed between two
 * pieces it took, in order (PDN writers name any of them: 46x23x5 for
 * a king taking 37 and 14); a plain move as move_match says. */
static int
line_match(const struct draughts_variant *v, const struct move *pattern,
    const struct move *legal)
{
	uint8_t sq[LINE_MAX];
	unsigned i, j = 0, n;

	if (legal->step[0].kind != STEP_CAPTURE ||
	    !(pattern->flags & MOVE_ELIDED) || pattern->kind != legal->kind)
		return move_match(pattern, legal);
	if (pattern->nsteps == 0 ||
	    pattern->step[0].from != legal->step[0].from ||
	    pattern->step[pattern->nsteps - 1].to !=
	    legal->step[legal->nsteps - 1].to ||
	    (pattern->step[0].kind != STEP_ANY &&
	    pattern->step[0].kind != STEP_CAPTURE))
		return 0;
	n = king_line(v, legal, sq);
	for (i = 0; i + 1 < pattern->nsteps; i++) {
		while (j < n && sq[j] != pattern->step[i].to)
			j++;
		if (j++ == n)
			return 0;
	}
	return 1;
}

/* Whether pattern names legal exactly: each landing square written. */
static int
exact_match(const struct move *pattern, const struct move *legal)
{
	return legal->nsteps == pattern->nsteps && move_match(pattern, legal);
}

/* Calls visit for the legal moves of p from sq, each capture path when
 * all_paths (draughts_bb.h). */
static int
moves_from(const struct draughts_variant *v, const struct pos *p,
    unsigned sq, int all_paths,
    int (*visit)(void *ctx, const struct draughts_move *m), void *ctx)
{
	return DRAUGHTS_CALL(v, moves_from, v, p, sq, all_paths, visit, ctx);
}

/* The squares of the pieces m takes, as a set. */
static void
taken_set(const struct move *m, uint64_t set[2])
{
	unsigned i, o;

	set[0] = set[1] = 0;
	for (i = 0; i < m->nsteps; i++)
		if ((o = m->step[i].over) != SQ_NONE && o < 128)
			set[o / 64] |= (uint64_t)1 << (o % 64);
}

/* A search among the paths of one merged capture (v->merge_paths: the
 * paths that take the same pieces from the same square to the same
 * square are one move, kept by its first path) for the path a pattern
 * writes. */
struct route {
	const struct draughts_variant *v;
	const struct move *pattern;
	unsigned to;
	uint64_t taken[2];
	struct move found;
	int ok;                 /* 1 a path line_match accepts, 2 exact */
};

static int
route_visit(void *ctx, const struct draughts_move *dm)
{
	struct route *r = ctx;
	uint64_t taken[2];
	struct move m;

	if (dm->to != r->to)
		return 0;
	to_move(dm, &m);
	taken_set(&m, taken);
	if (taken[0] != r->taken[0] || taken[1] != r->taken[1] ||
	    !line_match(r->v, r->pattern, &m))
		return 0;
	if (r->ok == 0 || exact_match(r->pattern, &m)) {
		r->found = m;
		r->ok = exact_match(r->pattern, &m) ? 2 : 1;
	}
	return r->ok == 2;
}

/* The path of the merged capture legal of p that pattern writes, when
 * it is not legal's own (a king's ring taken the other way round, say):
 * into *path, 1; else 0. */
static int
other_route(const struct draughts_variant *v, const struct pos *p,
    const struct move *pattern, const struct move *legal, struct move *path)
{
	struct route r;

	if (!v->merge_paths || legal->kind != MOVE_ORDINARY ||
	    legal->nsteps == 0 || legal->step[0].kind != STEP_CAPTURE)
		return 0;
	memset(&r, 0, sizeof(r));
	r.v = v;
	r.pattern = pattern;
	r.to = legal->step[legal->nsteps - 1].to;
	taken_set(legal, r.taken);
	moves_from(v, p, legal->step[0].from, 1, route_visit, &r);
	if (r.ok && path != NULL)
		*path = r.found;
	return r.ok != 0;
}

int
draughts_move_match(const struct draughts_variant *v, const struct pos *p,
    const struct move *pattern, const struct move *legal)
{
	if (!line_match(v, pattern, legal))
		return other_route(v, p, pattern, legal, NULL);
	return exact_match(pattern, legal) ||
	    !rules_path_exact(v->rules, p, pattern);
}

#define RESOLVE_KEEP 8      /* matches kept from the first walk */

/* What pattern denotes among the moves of one origin, as
 * draughts_move_match says: the moves line_match accepts, only the
 * one with the pattern's whole path when there is one.  The first walk
 * keeps the matches (a second walk emits them when there are more). */
struct resolve {
	const struct draughts_variant *v;
	const struct pos *p;
	const struct move *pattern;
	unsigned found;         /* moves line_match accepts */
	int exact;              /* one of them has the pattern's whole path */
	int emitting;
	rules_emit_fn emit;
	void *ctx;
	struct move keep[RESOLVE_KEEP];
};

/* Emits m unless an exact match exists and m is not one. */
static int
resolve_emit(struct resolve *r, const struct move *m)
{
	return r->exact && !exact_match(r->pattern, m) ? 0 :
	    r->emit(r->ctx, m);
}

static int
resolve_visit(void *ctx, const struct draughts_move *dm)
{
	struct resolve *r = ctx;
	const struct move *pat = r->pattern;
	struct move m;

	if (pat->kind == MOVE_ORDINARY &&
	    pat->step[pat->nsteps - 1].to != dm->to)
		return 0;       /* every match ends where the pattern does */
	to_move(dm, &m);
	if (!line_match(r->v, pat, &m) &&
	    !other_route(r->v, r->p, pat, &m, &m))
		return 0;
	if (r->emitting)
		return resolve_emit(r, &m);
	if (r->found < RESOLVE_KEEP)
		r->keep[r->found] = m;
	r->found++;
	r->exact |= exact_match(r->pattern, &m);
	return 0;
}


int
draughts_resolve(const struct draughts_variant *v, const struct pos *p,
    const struct move *pattern, rules_emit_fn emit, void *ctx)
{
	struct resolve r;
	unsigned sq = pattern->step[0].from, i;
	int rc = 0;

	if (pattern->nsteps == 0 || sq >= p->nsquares ||
	    p->sq[sq].height == 0 || stack_top_side(&p->sq[sq]) != p->turn)
		return 0;
	r.v = v;
	r.p = p;
	r.pattern = pattern;
	r.found = 0;
	r.exact = r.emitting = 0;
	r.emit = emit;
	r.ctx = ctx;
	moves_from(v, p, sq, 0, resolve_visit, &r);
	r.emitting = 1;
	if (r.found > RESOLVE_KEEP)
		return moves_from(v, p, sq, 0, resolve_visit, &r);
	for (i = 0; i < r.found && rc == 0; i++)
		rc = resolve_emit(&r, &r.keep[i]);
	return rc;
}

int
draughts_pos_check(const struct draughts_variant *v, const struct pos *p,
    const char **why, unsigned *at)
{
	unsigned sq;

	for (sq = 0; sq < p->nsquares; sq++)
		if (p->sq[sq].height > 0 && !stack_top_crowned(&p->sq[sq]) &&
		    crown_row(v, sq, stack_top_side(&p->sq[sq]))) {
			*why = "a man on the row where it is crowned";
			*at = sq;
			return -1;
		}
	return 0;
}
