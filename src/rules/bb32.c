/* bb32.c - moves of men and kings on bitboards (checkers, stackup). */
#include <string.h>

#include "rules/bb32.h"

static unsigned
bit_index(uint32_t b)
{
	return (unsigned)__builtin_ctz(b);
}

void
bb32_from_pos(struct bb32 *b, const struct pos *p)
{
	unsigned i, n = p->nsquares < B32_SQUARES ? p->nsquares : B32_SQUARES;
	uint32_t own[2] = { 0, 0 }, kings = 0;

	/* Without a branch on each square's height (half the squares are
	 * empty, so the branch was mispredicted often): an empty square's
	 * top is read at bit 31, and its bits are masked out. */
	for (i = 0; i < n; i++) {
		const struct stack *s = &p->sq[i];
		unsigned top = (s->height - 1u) & 31u;
		uint32_t bit = (uint32_t)(s->height != 0) << i;
		uint32_t side = (s->owner >> top) & 1u;

		own[1] |= bit & -side;
		own[0] |= bit & ~-side;
		kings |= bit & -((s->crown >> top) & 1u);
	}
	b->own[0] = own[0];
	b->own[1] = own[1];
	b->kings = kings;
	b->turn = p->turn;
}

void
bb32_set_square(struct bb32 *b, unsigned sq, const struct stack *s)
{
	uint32_t bit = (uint32_t)1 << sq;

	b->own[0] &= ~bit;
	b->own[1] &= ~bit;
	b->kings &= ~bit;
	if (s->height == 0)
		return;
	b->own[stack_top_side(s)] |= bit;
	if (stack_top_crowned(s))
		b->kings |= bit;
}

/* The memo of bb32_read. */
struct bb32_memo {
	struct stack sq[B32_SQUARES];
	struct bb32 b;
	uint8_t turn;
	uint8_t valid;
};

static _Thread_local struct bb32_memo memo;

static int
memo_holds(const struct pos *p)
{
	return memo.valid && memo.turn == p->turn &&
	    p->nsquares == B32_SQUARES &&
	    memcmp(memo.sq, p->sq, sizeof(memo.sq)) == 0;
}

void
bb32_read(struct bb32 *b, const struct pos *p)
{
	if (memo_holds(p)) {
		*b = memo.b;
		return;
	}
	bb32_from_pos(b, p);
	if (p->nsquares != B32_SQUARES)
		return;
	memcpy(memo.sq, p->sq, sizeof(memo.sq));
	memo.turn = p->turn;
	memo.b = *b;
	memo.valid = 1;
}

/* The memo takes square sq of p, byte for byte (padding included, as
 * memo_holds compares bytes). */
static void
memo_take(const struct pos *p, unsigned sq)
{
	if (sq >= B32_SQUARES)
		return;
	memcpy(&memo.sq[sq], &p->sq[sq], sizeof(memo.sq[sq]));
	bb32_set_square(&memo.b, sq, &p->sq[sq]);
}

void
bb32_memo_moved(const struct pos *p, const struct move *m)
{
	unsigned i;

	if (!memo.valid)
		return;
	memo_take(p, m->step[0].from);
	memo_take(p, m->step[m->nsteps - 1].to);
	for (i = 0; i < m->nsteps; i++)
		if (m->step[i].over != SQ_NONE)
			memo_take(p, m->step[i].over);
	memo.turn = p->turn;
	memo.b.turn = p->turn;
}

/* ---- Canonical generation, with the jump paths ------------------- */

/* A capture being followed from one origin. */
struct bb32_walk {
	uint32_t empty;         /* empty squares, the origin included */
	uint32_t enemy;         /* enemy pieces not yet jumped */
	unsigned side;
	int king;
	struct bb32_move m;
	bb32_visit_fn visit;
	void *ctx;
};

static int walk_from(struct bb32_walk *w, uint32_t at);

/* Takes the jump over the bit over to the bit land, then goes on. */
static int
walk_take(struct bb32_walk *w, uint32_t over, uint32_t land)
{
	int rc;

	w->m.over[w->m.n] = (uint8_t)bit_index(over);
	w->m.land[w->m.n++] = (uint8_t)bit_index(land);
	w->m.taken |= over;
	w->enemy &= ~over;
	if (!w->king && (land & BB32_CROWN(w->side))) {
		w->m.to = (uint8_t)bit_index(land);
		w->m.crown = 1;
		rc = w->visit(w->ctx, &w->m);
		w->m.crown = 0;
	} else
		rc = walk_from(w, land);
	w->enemy |= over;
	w->m.taken &= ~over;
	w->m.n--;
	return rc;
}

/* Follows the jump from the bit at in direction d, if there is one (*rc
 * gets what the chains from there returned); whether there is. */
BB32_INLINE int
walk_dir(struct bb32_walk *w, uint32_t at, enum b32_dir d, int *rc)
{
	uint32_t over, land;

	if (*rc != 0 || (!w->king && !board32_forward(d, w->side)))
		return 0;
	over = board32_shift(at, d) & w->enemy;
	land = board32_shift(over, d) & w->empty;
	if (land == 0)
		return 0;
	*rc = walk_take(w, over, land);
	return 1;
}

/* Follows every jump from the bit at, in the order of the directions; a
 * chain that cannot go on is visited. */
static int
walk_from(struct bb32_walk *w, uint32_t at)
{
	int rc = 0, found;

	found = walk_dir(w, at, B32_BACK_LOW, &rc) |
	    walk_dir(w, at, B32_BACK_HIGH, &rc) |
	    walk_dir(w, at, B32_FWD_LOW, &rc) |
	    walk_dir(w, at, B32_FWD_HIGH, &rc);
	if (rc != 0 || found || w->m.n == 0)
		return rc;
	w->m.to = (uint8_t)bit_index(at);
	return w->visit(w->ctx, &w->m);
}

int
bb32_captures_from(const struct bb32 *b, unsigned sq, bb32_visit_fn visit,
    void *ctx)
{
	struct bb32_walk w;

	memset(&w, 0, sizeof(w));
	w.enemy = b->own[b->turn ^ 1];
	w.side = b->turn;
	w.visit = visit;
	w.ctx = ctx;
	w.empty = bb32_empty(b) | ((uint32_t)1 << sq);
	w.king = (b->kings >> sq) & 1;
	w.m.from = (uint8_t)sq;
	return walk_from(&w, (uint32_t)1 << sq);
}

/* The pieces of the side to move that can jump. */
static uint32_t
bb32_jumpers(const struct bb32 *b)
{
	uint32_t from = 0;
	int d;
	enum b32_dir back;

	for (d = 0; d < B32_NDIRS; d++) {
		back = board32_opposite((enum b32_dir)d);
		from |= board32_shift(board32_shift(bb32_lands(b,
		    (enum b32_dir)d), back), back);
	}
	return from;
}

static int
gen_captures(const struct bb32 *b, uint32_t jumpers, bb32_visit_fn visit,
    void *ctx)
{
	int rc;

	for (; jumpers != 0; jumpers &= jumpers - 1)
		if ((rc = bb32_captures_from(b, bit_index(jumpers), visit,
		    ctx)) != 0)
			return rc;
	return 0;
}

static int
gen_plain(const struct bb32 *b, bb32_visit_fn visit, void *ctx)
{
	struct bb32_move m;
	uint32_t own = b->own[b->turn], empty = bb32_empty(b), from, to;
	int d, rc;

	memset(&m, 0, sizeof(m));
	for (; own != 0; own &= own - 1) {
		from = own & -own;
		m.from = (uint8_t)bit_index(from);
		for (d = 0; d < B32_NDIRS; d++) {
			to = board32_shift(from & bb32_movers(b,
			    (enum b32_dir)d), (enum b32_dir)d) & empty;
			if (to == 0)
				continue;
			m.to = (uint8_t)bit_index(to);
			m.crown = !(b->kings & from) &&
			    (to & BB32_CROWN(b->turn));
			if ((rc = visit(ctx, &m)) != 0)
				return rc;
		}
	}
	return 0;
}

int
bb32_generate(const struct bb32 *b, bb32_visit_fn visit, void *ctx)
{
	uint32_t jumpers = bb32_jumpers(b);

	if (jumpers != 0)
		return gen_captures(b, jumpers, visit, ctx);
	return gen_plain(b, visit, ctx);
}

/* ---- Counting ---------------------------------------------------- */

/*
 * The counts are the hot path of perft (every node of its last ply).
 * Each loop over the four directions is written out as four calls of an
 * inline function with the direction a constant, so that board32_shift's
 * switch folds away (in a loop it stays a jump per step).
 */

static unsigned chains(uint32_t at, uint32_t enemy, uint32_t empty,
    int king, unsigned side);

/* The chains that go on from the bit at by a jump in direction d. */
BB32_INLINE unsigned
chains_dir(uint32_t at, uint32_t enemy, uint32_t empty, int king,
    unsigned side, enum b32_dir d)
{
	uint32_t over, land;

	if (!king && !board32_forward(d, side))
		return 0;
	over = board32_shift(at, d) & enemy;
	land = board32_shift(over, d) & empty;
	if (land == 0)
		return 0;
	if (!king && (land & BB32_CROWN(side)))
		return 1;
	return chains(land, enemy & ~over, empty, king, side);
}

/* Number of jump chains that go on from the bit at (a piece of side
 * that has jumped there) over enemy onto empty; 0 when none goes on. */
static unsigned
chains(uint32_t at, uint32_t enemy, uint32_t empty, int king, unsigned side)
{
	unsigned n = chains_dir(at, enemy, empty, king, side, B32_BACK_LOW) +
	    chains_dir(at, enemy, empty, king, side, B32_BACK_HIGH) +
	    chains_dir(at, enemy, empty, king, side, B32_FWD_LOW) +
	    chains_dir(at, enemy, empty, king, side, B32_FWD_HIGH);

	return n > 0 ? n : 1;
}

/* The captures of b whose first jump goes in direction d, lands the
 * landing squares of those first jumps: each is followed from where it
 * lands. */
BB32_INLINE unsigned
count_captures_dir(const struct bb32 *b, uint32_t lands, enum b32_dir d)
{
	uint32_t enemy = b->own[b->turn ^ 1], empty = bb32_empty(b);
	uint32_t land, over, from;
	unsigned n = 0, side = b->turn;
	enum b32_dir back = board32_opposite(d);
	int king;

	for (; lands != 0; lands &= lands - 1) {
		land = lands & -lands;
		over = board32_shift(land, back);
		from = board32_shift(over, back);
		king = (b->kings & from) != 0;
		n += !king && (land & BB32_CROWN(side)) ? 1 :
		    chains(land, enemy & ~over, empty | from, king, side);
	}
	return n;
}

/* Plain moves of b in direction d. */
BB32_INLINE unsigned
count_plain_dir(const struct bb32 *b, uint32_t empty, enum b32_dir d)
{
	return (unsigned)__builtin_popcount(board32_shift(bb32_movers(b, d),
	    d) & empty);
}

unsigned
bb32_count(const struct bb32 *b)
{
	uint32_t l0 = bb32_lands(b, B32_BACK_LOW);
	uint32_t l1 = bb32_lands(b, B32_BACK_HIGH);
	uint32_t l2 = bb32_lands(b, B32_FWD_LOW);
	uint32_t l3 = bb32_lands(b, B32_FWD_HIGH);
	uint32_t empty = bb32_empty(b);

	if ((l0 | l1 | l2 | l3) != 0)
		return count_captures_dir(b, l0, B32_BACK_LOW) +
		    count_captures_dir(b, l1, B32_BACK_HIGH) +
		    count_captures_dir(b, l2, B32_FWD_LOW) +
		    count_captures_dir(b, l3, B32_FWD_HIGH);
	return count_plain_dir(b, empty, B32_BACK_LOW) +
	    count_plain_dir(b, empty, B32_BACK_HIGH) +
	    count_plain_dir(b, empty, B32_FWD_LOW) +
	    count_plain_dir(b, empty, B32_FWD_HIGH);
}

void
bb32_to_move(const struct bb32_move *cm, struct move *m)
{
	rules_jump_move(cm->from, cm->to, cm->n, cm->land, cm->over, m);
}

struct bb32_emit {
	rules_emit_fn emit;
	void *ctx;
};

static int
emit_visit(void *ctx, const struct bb32_move *cm)
{
	struct bb32_emit *e = ctx;
	struct move m;

	bb32_to_move(cm, &m);
	return e->emit(e->ctx, &m);
}

int
bb32_pos_generate(const struct pos *p, rules_emit_fn emit, void *ctx)
{
	struct bb32 b;
	struct bb32_emit e = { emit, ctx };

	bb32_read(&b, p);
	return bb32_generate(&b, emit_visit, &e);
}

uint64_t
bb32_pos_count(const struct pos *p)
{
	struct bb32 b;

	bb32_read(&b, p);
	return bb32_count(&b);
}

/* ---- Resolving a written move ------------------------------------ */

/*
 * What pattern denotes among the legal moves of one origin, as
 * board32_move_match says over all of them: the moves move_match
 * accepts, but only those of the pattern's length when one of them has
 * it (a written whole path names that move, not the longer ones that
 * pass through its squares).  So the chains are walked twice when more
 * than one matches: to learn whether one has that length, then to emit.
 */
struct bb32_find {
	const struct move *pattern;
	struct move legal;      /* the move looked at */
	struct move first;      /* the first match */
	unsigned matches;
	int exact;              /* a match has the pattern's length */
	int emitting;           /* second walk: emit */
	rules_emit_fn emit;
	void *ctx;
};

static int
find_one(void *ctx, const struct bb32_move *cm)
{
	struct bb32_find *f = ctx;

	bb32_to_move(cm, &f->legal);
	if (!move_match(f->pattern, &f->legal))
		return 0;
	if (f->emitting)
		return f->exact && f->legal.nsteps != f->pattern->nsteps ? 0 :
		    f->emit(f->ctx, &f->legal);
	if (f->matches++ == 0)
		f->first = f->legal;
	f->exact |= f->legal.nsteps == f->pattern->nsteps;
	return 0;
}

/* The plain move from the bit from to square to, if b has it, into
 * *m. */
static int
plain_move(const struct bb32 *b, uint32_t from, unsigned to,
    struct bb32_move *m)
{
	uint32_t bit;
	int d;

	if (to >= B32_SQUARES)
		return -1;
	bit = (uint32_t)1 << to;
	if (!(bb32_empty(b) & bit))
		return -1;
	for (d = 0; d < B32_NDIRS; d++)
		if (board32_shift(from & bb32_movers(b, (enum b32_dir)d),
		    (enum b32_dir)d) == bit)
			break;
	if (d == B32_NDIRS)
		return -1;
	memset(m, 0, sizeof(*m));
	m->from = (uint8_t)bit_index(from);
	m->to = (uint8_t)to;
	m->crown = !(b->kings & from) && (bit & BB32_CROWN(b->turn));
	return 0;
}

int
bb32_resolve(const struct pos *p, const struct move *pattern,
    rules_emit_fn emit, void *ctx)
{
	struct bb32_find f;
	struct bb32_move cm;
	struct bb32 b;
	unsigned sq = pattern->step[0].from;

	if (pattern->nsteps == 0 || sq >= B32_SQUARES)
		return 0;
	bb32_read(&b, p);
	if (!(b.own[b.turn] & ((uint32_t)1 << sq)))
		return 0;
	f.pattern = pattern;
	f.matches = 0;
	f.exact = f.emitting = 0;
	f.emit = emit;
	f.ctx = ctx;
	if (!bb32_has_capture(&b)) {
		if (plain_move(&b, (uint32_t)1 << sq, pattern->step[0].to,
		    &cm) != 0)
			return 0;
		bb32_to_move(&cm, &f.legal);
		return move_match(pattern, &f.legal) ? emit(ctx, &f.legal) : 0;
	}
	bb32_captures_from(&b, sq, find_one, &f);
	if (f.matches == 1)
		return emit(ctx, &f.first);
	if (f.matches == 0)
		return 0;
	f.emitting = 1;
	return bb32_captures_from(&b, sq, find_one, &f);
}
