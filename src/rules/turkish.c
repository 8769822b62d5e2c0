/*
 * turkish.c - Turkish draughts, dama (PDN GameType 30; stackref-rules(7)).
 *
 * All 64 squares, named a1..h8 from the first player's (White's) side:
 * square index rank * 8 + file.  Men go one square forward or sideways;
 * kings fly along ranks and files.  A capture jumps an enemy piece on a
 * rank or file (a man one adjacent to it, a king one at any distance,
 * landing on any empty square beyond); each piece taken is lifted at
 * once, so its square may be crossed again, and a capture never turns
 * 180 degrees.  The capture that takes the most pieces is compulsory,
 * kings and men counting alike; paths that take the same pieces from
 * the same square to the same square are one move.  A man that ends its
 * move on the far row is crowned (one that reaches it during a capture
 * goes on as a man).
 */
#include <stdio.h>
#include <string.h>

#include "rules/board32.h"
#include "rules/board64.h"
#include "rules/rules.h"

extern const struct rules rules_turkish;

#define TK_SQUARES B64_SQUARES
#define TK_SEEN 512    /* the most captures of one length told apart */

static const char *const tk_empty[2] = {
	"white has no pieces left", "black has no pieces left"
};
static const char *const tk_blocked[2] = {
	"white has no legal move", "black has no legal move"
};

/* The four directions: east, west, north (away from White), south. */
enum tk_dir { TK_EAST, TK_WEST, TK_NORTH, TK_SOUTH, TK_NDIRS };

static const int tk_dfile[TK_NDIRS] = { 1, -1, 0, 0 };
static const int tk_drank[TK_NDIRS] = { 0, 0, 1, -1 };

/* The square one step from sq in direction d, or -1 off the board. */
static int
tk_next(int sq, int d)
{
	int f = sq % 8 + tk_dfile[d], r = sq / 8 + tk_drank[d];

	if (sq < 0 || f < 0 || f > 7 || r < 0 || r > 7)
		return -1;
	return r * 8 + f;
}

/* The row where side's men are crowned. */
static int
tk_crown_row(unsigned sq, unsigned side)
{
	return sq / 8 == (side == SIDE_FIRST ? 7u : 0u);
}

/* Whether a piece of side (king or man) goes in direction d. */
static int
tk_goes(unsigned side, int king, int d)
{
	return king || d != (side == SIDE_FIRST ? TK_SOUTH : TK_NORTH);
}

/* A capture that ended: its ends and the pieces it took. */
struct tk_seen {
	uint64_t taken;
	uint8_t from, to;
};

/* The generation of one position's moves. */
struct tk_gen {
	uint64_t own, enemy, empty;   /* empty: the lifted piece's square too */
	unsigned side;
	int king;                     /* of the piece being moved */
	unsigned best;                /* pieces the longest capture takes */
	int emitting;                 /* 0 while best is being found */
	int all_paths;                /* emit merged paths too */
	struct move m;                /* the capture so far */
	struct tk_seen seen[TK_SEEN];
	unsigned nseen;
	rules_emit_fn emit;
	void *ctx;
};

static void
tk_read(struct tk_gen *g, const struct pos *p)
{
	unsigned sq;

	memset(g, 0, sizeof(*g));
	g->side = p->turn;
	for (sq = 0; sq < TK_SQUARES && sq < p->nsquares; sq++) {
		if (p->sq[sq].height == 0)
			g->empty |= (uint64_t)1 << sq;
		else if (stack_top_side(&p->sq[sq]) == p->turn)
			g->own |= (uint64_t)1 << sq;
		else
			g->enemy |= (uint64_t)1 << sq;
	}
}

static int
tk_is(uint64_t set, int sq)
{
	return sq >= 0 && ((set >> sq) & 1u) != 0;
}

/* Whether the capture so far, from its origin to its last landing
 * square, was emitted already (another path taking the same pieces). */
static int
tk_seen_before(struct tk_gen *g, uint64_t taken)
{
	const struct move *m = &g->m;
	struct tk_seen s = { taken, m->step[0].from,
	    m->step[m->nsteps - 1].to };
	unsigned i;

	for (i = 0; i < g->nseen; i++)
		if (g->seen[i].taken == s.taken && g->seen[i].from == s.from &&
		    g->seen[i].to == s.to)
			return 1;
	if (g->nseen < TK_SEEN)
		g->seen[g->nseen++] = s;
	return 0;
}

/* The capture so far ends: counted, or emitted when it is a longest. */
static int
tk_capture_end(struct tk_gen *g, uint64_t taken)
{
	if (!g->emitting) {
		if (g->m.nsteps > g->best)
			g->best = g->m.nsteps;
		return 0;
	}
	if (g->m.nsteps != g->best ||
	    (!g->all_paths && tk_seen_before(g, taken)))
		return 0;
	return g->emit(g->ctx, &g->m);
}

static int tk_capture(struct tk_gen *g, int at, int last, uint64_t taken);

/* The captures that go on from at by jumping the piece at over in
 * direction d, landing on each empty square beyond that the piece
 * reaches. */
static int
tk_capture_over(struct tk_gen *g, int at, int over, int d, uint64_t taken)
{
	struct step *st = &g->m.step[g->m.nsteps];
	uint64_t bit = (uint64_t)1 << over;
	int land = tk_next(over, d), rc = 0;

	g->enemy &= ~bit;
	g->empty |= bit;
	for (; rc == 0 && tk_is(g->empty, land); land = tk_next(land, d)) {
		st->from = (uint8_t)at;
		st->to = (uint8_t)land;
		st->over = (uint8_t)over;
		st->count = 0;
		st->kind = STEP_CAPTURE;
		g->m.nsteps++;
		rc = tk_capture(g, land, d, taken | bit);
		g->m.nsteps--;
		if (!g->king)
			break;
	}
	g->enemy |= bit;
	g->empty &= ~bit;
	return rc;
}

/* The piece jumped going from at in direction d, or -1: an enemy next
 * to at (a king: beyond empty squares) with an empty square beyond. */
static int
tk_jumped(const struct tk_gen *g, int at, int d)
{
	int sq = tk_next(at, d);

	while (g->king && tk_is(g->empty, sq))
		sq = tk_next(sq, d);
	return tk_is(g->enemy, sq) && tk_is(g->empty, tk_next(sq, d)) ?
	    sq : -1;
}

/* Every capture that goes on from at, the last jump having gone in
 * direction last (-1: none yet); where none does, the capture ends. */
static int
tk_capture(struct tk_gen *g, int at, int last, uint64_t taken)
{
	int d, over, found = 0, rc;

	for (d = 0; d < TK_NDIRS; d++) {
		if (!tk_goes(g->side, g->king, d) ||
		    (last >= 0 && d == (last ^ 1)))
			continue;	/* no 180-degree turn */
		if ((over = tk_jumped(g, at, d)) < 0)
			continue;
		found = 1;
		if ((rc = tk_capture_over(g, at, over, d, taken)) != 0)
			return rc;
	}
	if (!found && g->m.nsteps > 0)
		return tk_capture_end(g, taken);
	return 0;
}

/* Every capture of the pieces of g->own, longest only when emitting. */
static int
tk_captures(struct tk_gen *g, const struct pos *p)
{
	uint64_t left;
	int sq, rc;

	for (left = g->own; left != 0; left &= left - 1) {
		sq = __builtin_ctzll(left);
		g->king = stack_top_crowned(&p->sq[sq]);
		g->empty |= (uint64_t)1 << sq;	/* the piece is lifted */
		g->m.kind = MOVE_ORDINARY;
		g->m.nsteps = 0;
		rc = tk_capture(g, sq, -1, 0);
		g->empty &= ~((uint64_t)1 << sq);
		if (rc != 0)
			return rc;
	}
	return 0;
}

/* Every plain move of the piece on sq. */
static int
tk_plain(struct tk_gen *g, int sq, int king)
{
	struct move m;
	int d, to, rc;

	memset(&m, 0, sizeof(m));
	m.kind = MOVE_ORDINARY;
	m.nsteps = 1;
	m.step[0].from = (uint8_t)sq;
	m.step[0].over = SQ_NONE;
	m.step[0].kind = STEP_MOVE;
	for (d = 0; d < TK_NDIRS; d++) {
		if (!tk_goes(g->side, king, d))
			continue;
		for (to = tk_next(sq, d); tk_is(g->empty, to);
		    to = king ? tk_next(to, d) : -1) {
			m.step[0].to = (uint8_t)to;
			if ((rc = g->emit(g->ctx, &m)) != 0)
				return rc;
		}
	}
	return 0;
}

/* generate, every capture path emitted when all_paths is set. */
static int
tk_generate(const struct pos *p, int all_paths, rules_emit_fn emit,
    void *ctx)
{
	struct tk_gen gen, *g = &gen;
	uint64_t left;
	int sq, rc;

	tk_read(g, p);
	g->all_paths = all_paths;
	g->emit = emit;
	g->ctx = ctx;
	if ((rc = tk_captures(g, p)) != 0)
		return rc;
	if (g->best > 0) {
		g->emitting = 1;
		return tk_captures(g, p);
	}
	for (left = g->own; left != 0; left &= left - 1) {
		sq = __builtin_ctzll(left);
		if ((rc = tk_plain(g, sq, stack_top_crowned(&p->sq[sq]))) != 0)
			return rc;
	}
	return 0;
}

static int
turkish_generate(const struct pos *p, rules_emit_fn emit, void *ctx)
{
	return tk_generate(p, 0, emit, ctx);
}

static void
turkish_start(struct pos *p)
{
	unsigned f;

	pos_clear(p, TK_SQUARES, SIDE_FIRST);
	for (f = 0; f < 16; f++) {
		stack_push(&p->sq[8 + f], SIDE_FIRST, 0);
		stack_push(&p->sq[40 + f], SIDE_SECOND, 0);
	}
}

static void
turkish_apply(struct pos *p, const struct move *m)
{
	struct stack piece = p->sq[m->step[0].from];
	unsigned i, to = m->step[m->nsteps - 1].to;

	memset(&p->sq[m->step[0].from], 0, sizeof(piece));
	for (i = 0; i < m->nsteps; i++)
		if (m->step[i].over != SQ_NONE)
			memset(&p->sq[m->step[i].over], 0, sizeof(piece));
	if (tk_crown_row(to, p->turn))
		piece.crown = 1;
	p->sq[to] = piece;
	p->turn = (uint8_t)SIDE_OTHER(p->turn);
}

static int
tk_has_move(void *ctx, const struct move *m)
{
	(void)ctx;
	(void)m;
	return 1;
}

static enum outcome
turkish_outcome(const struct pos *p, const char **why)
{
	enum outcome won = p->turn == SIDE_FIRST ? OUTCOME_SECOND_WINS :
	    OUTCOME_FIRST_WINS;
	const char *reason = NULL;

	if (pos_count(p, (enum side)p->turn) == 0)
		reason = tk_empty[p->turn];
	else if (turkish_generate(p, tk_has_move, NULL) == 0)
		reason = tk_blocked[p->turn];
	if (why != NULL)
		*why = reason;
	return reason == NULL ? OUTCOME_NONE : won;
}

/*
 * Move text: squares joined by '-', 'x', 'X' or ':' (each read as
 * STEP_ANY: the squares say whether a step jumps), any landing squares
 * left out (MOVE_ELIDED): a3-a4, c3xc5, d1xd5xh5.
 */
static int
turkish_move_parse(const char *s, size_t n, struct move *pt, size_t *err)
{
	size_t i = 0, used;
	int sq, from = -1;

	memset(pt, 0, sizeof(*pt));
	pt->kind = MOVE_ORDINARY;
	pt->flags = MOVE_ELIDED;
	for (;;) {
		if ((sq = board64_square_parse(s + i, n - i, &used)) < 0 ||
		    (from >= 0 && pt->nsteps >= MOVE_MAX_STEPS)) {
			*err = i;
			return -1;
		}
		if (from >= 0) {
			pt->step[pt->nsteps].from = (uint8_t)from;
			pt->step[pt->nsteps].to = (uint8_t)sq;
			pt->step[pt->nsteps].over = SQ_NONE;
			pt->step[pt->nsteps++].kind = STEP_ANY;
		}
		from = sq;
		if ((i += used) == n)
			break;
		if (strchr("-xX:", s[i]) == NULL) {
			*err = i;
			return -1;
		}
		i++;
	}
	if (pt->nsteps == 0) {
		*err = n;
		return -1;
	}
	return 0;
}

static int
turkish_move_format(const struct pos *p, const struct move *m, char *buf,
    size_t size)
{
	return board32_move_format(&rules_turkish, p, m, buf, size);
}

/* The pieces the capture m takes. */
static uint64_t
tk_taken(const struct move *m)
{
	uint64_t taken = 0;
	unsigned i;

	for (i = 0; i < m->nsteps; i++)
		if (m->step[i].over != SQ_NONE)
			taken |= (uint64_t)1 << m->step[i].over;
	return taken;
}

/* A search for a path of the capture legal that pattern denotes. */
struct tk_other_path {
	const struct move *pattern, *legal;
	int found;
};

static int
tk_other_path(void *ctx, const struct move *m)
{
	struct tk_other_path *o = ctx;
	const struct move *l = o->legal;

	if (m->step[0].from == l->step[0].from &&
	    m->step[m->nsteps - 1].to == l->step[l->nsteps - 1].to &&
	    tk_taken(m) == tk_taken(l) && move_match(o->pattern, m))
		o->found = 1;
	return o->found;
}

/* As in checkers, or pattern is another path of the capture legal (one
 * that takes the same pieces between the same squares). */
static int
turkish_move_match(const struct pos *p, const struct move *pattern,
    const struct move *legal)
{
	struct tk_other_path o = { pattern, legal, 0 };

	if (board32_move_match(&rules_turkish, p, pattern, legal))
		return 1;
	if (legal->step[0].kind != STEP_CAPTURE)
		return 0;
	tk_generate(p, 1, tk_other_path, &o);
	return o.found;
}

/* No man stands on the row where it would have been crowned, nor on the
 * row behind those it starts on, which it cannot go back to. */
static int
turkish_pos_check(const struct pos *p, const char **why, unsigned *at)
{
	unsigned sq, side;

	for (sq = 0; sq < TK_SQUARES && sq < p->nsquares; sq++) {
		if (p->sq[sq].height == 0 || stack_top_crowned(&p->sq[sq]))
			continue;
		side = stack_top_side(&p->sq[sq]);
		*at = sq;
		if (tk_crown_row(sq, side)) {
			*why = "a man on the row where it is crowned";
			return -1;
		}
		if (tk_crown_row(sq, side ^ 1)) {
			*why = "a man on its own back row, where no man goes";
			return -1;
		}
	}
	return 0;
}

const struct rules rules_turkish = {
	.name = "turkish",
	.title = "Turkish draughts",
	.side = { "white", "black" },
	.letter = { 'w', 'b' },
	.gametype = "30",
	.fen = FEN_CHECKERS,
	BOARD64_RULES,
	.start = turkish_start,
	.generate = turkish_generate,
	.apply = turkish_apply,
	.outcome = turkish_outcome,
	.move_parse = turkish_move_parse,
	.move_format = turkish_move_format,
	.move_match = turkish_move_match,
	.pos_check = turkish_pos_check,
};
