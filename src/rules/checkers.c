/*
 * checkers.c - American checkers (RULES.md section 1).
 *
 * Internally a position is three 32-bit bitboards; the generator walks
 * them and hands each legal move, with its jump path, to a visitor.  The
 * rules-table entry points convert from and to struct pos; perft stays
 * on the bitboards and counts the last ply in bulk.
 */
#include <string.h>

#include "rules/board32.h"
#include "rules/rules.h"

#define CK_MAX_JUMPS 16

struct ck {
	uint32_t own[2];        /* pieces of each side */
	uint32_t kings;
	unsigned turn;
};

/* A legal move: n == 0 a plain move from -> to, else n single jumps. */
struct ck_move {
	uint32_t taken;         /* squares of the jumped pieces */
	uint8_t from, to, crown, n;
	uint8_t land[CK_MAX_JUMPS];
	uint8_t over[CK_MAX_JUMPS];
};

extern const struct rules rules_checkers;

typedef int (*ck_visit_fn)(void *ctx, const struct ck_move *m);

struct ck_jumps {
	uint32_t empty;         /* empty squares, the origin included */
	uint32_t enemy;         /* enemy pieces not yet jumped */
	unsigned side;
	int king;
	struct ck_move m;
	ck_visit_fn visit;
	void *ctx;
};

static const char *const ck_blocked[2] = {
	"red has no legal move", "white has no legal move"
};
static const char *const ck_empty[2] = {
	"red has no pieces left", "white has no pieces left"
};

static unsigned
bit_index(uint32_t b)
{
	return (unsigned)__builtin_ctz(b);
}

static void
ck_from_pos(struct ck *b, const struct pos *p)
{
	unsigned i, n = p->nsquares < B32_SQUARES ? p->nsquares : B32_SQUARES;
	uint32_t own[2] = { 0, 0 }, kings = 0;

	memset(b, 0, sizeof(*b));
	b->turn = p->turn;
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
}

static uint32_t
ck_empty_squares(const struct ck *b)
{
	return ~(b->own[0] | b->own[1]);
}

/* Pieces of the side to move that may go in direction d. */
static uint32_t
ck_movers(const struct ck *b, enum b32_dir d)
{
	uint32_t own = b->own[b->turn];

	return board32_forward(d, b->turn) ? own : own & b->kings;
}

static int
ck_has_capture(const struct ck *b)
{
	uint32_t enemy = b->own[b->turn ^ 1], empty = ck_empty_squares(b);
	uint32_t over;
	int d;

	for (d = 0; d < B32_NDIRS; d++) {
		over = board32_shift(ck_movers(b, (enum b32_dir)d),
		    (enum b32_dir)d) & enemy;
		if (board32_shift(over, (enum b32_dir)d) & empty)
			return 1;
	}
	return 0;
}

static unsigned
ck_count_plain(const struct ck *b)
{
	uint32_t empty = ck_empty_squares(b);
	unsigned n = 0;
	int d;

	for (d = 0; d < B32_NDIRS; d++)
		n += (unsigned)__builtin_popcount(board32_shift(
		    ck_movers(b, (enum b32_dir)d), (enum b32_dir)d) & empty);
	return n;
}

static int jumps_from(struct ck_jumps *w, unsigned sq);

/* Takes the jump over the bit over to the bit land, then goes on. */
static int
jump_take(struct ck_jumps *w, uint32_t over, uint32_t land)
{
	unsigned to = bit_index(land);
	int rc;

	w->m.over[w->m.n] = (uint8_t)bit_index(over);
	w->m.land[w->m.n++] = (uint8_t)to;
	w->m.taken |= over;
	w->enemy &= ~over;
	if (!w->king && board32_crown_row(to, w->side)) {
		w->m.to = (uint8_t)to;
		w->m.crown = 1;
		rc = w->visit(w->ctx, &w->m);
		w->m.crown = 0;
	} else
		rc = jumps_from(w, to);
	w->enemy |= over;
	w->m.taken &= ~over;
	w->m.n--;
	return rc;
}

/* Follows every jump from sq; a chain that cannot go on is visited. */
static int
jumps_from(struct ck_jumps *w, unsigned sq)
{
	uint32_t over, land;
	int d, rc, found = 0;

	for (d = 0; d < B32_NDIRS; d++) {
		if (!w->king && !board32_forward((enum b32_dir)d, w->side))
			continue;
		over = board32_shift((uint32_t)1 << sq, (enum b32_dir)d) &
		    w->enemy;
		land = board32_shift(over, (enum b32_dir)d) & w->empty;
		if (land == 0)
			continue;
		found = 1;
		if ((rc = jump_take(w, over, land)) != 0)
			return rc;
	}
	if (found || w->m.n == 0)
		return 0;
	w->m.to = (uint8_t)sq;
	return w->visit(w->ctx, &w->m);
}

static int
ck_gen_captures(const struct ck *b, ck_visit_fn visit, void *ctx)
{
	struct ck_jumps w;
	uint32_t own = b->own[b->turn];
	unsigned sq;
	int rc;

	memset(&w, 0, sizeof(w));
	w.enemy = b->own[b->turn ^ 1];
	w.side = b->turn;
	w.visit = visit;
	w.ctx = ctx;
	for (; own != 0; own &= own - 1) {
		sq = bit_index(own);
		w.empty = ck_empty_squares(b) | ((uint32_t)1 << sq);
		w.king = (b->kings >> sq) & 1;
		w.m.from = (uint8_t)sq;
		if ((rc = jumps_from(&w, sq)) != 0)
			return rc;
	}
	return 0;
}

static int
ck_gen_plain(const struct ck *b, ck_visit_fn visit, void *ctx)
{
	struct ck_move m;
	uint32_t own = b->own[b->turn], empty = ck_empty_squares(b);
	int d, to, king, rc;

	memset(&m, 0, sizeof(m));
	for (; own != 0; own &= own - 1) {
		m.from = (uint8_t)bit_index(own);
		king = (b->kings >> m.from) & 1;
		for (d = 0; d < B32_NDIRS; d++) {
			if (!king && !board32_forward((enum b32_dir)d, b->turn))
				continue;
			to = board32_next(m.from, (enum b32_dir)d);
			if (to < 0 || !((empty >> to) & 1))
				continue;
			m.to = (uint8_t)to;
			m.crown = !king && board32_crown_row((unsigned)to,
			    b->turn);
			if ((rc = visit(ctx, &m)) != 0)
				return rc;
		}
	}
	return 0;
}

/* Visits the legal moves of b in canonical order. */
static int
ck_generate(const struct ck *b, ck_visit_fn visit, void *ctx)
{
	if (ck_has_capture(b))
		return ck_gen_captures(b, visit, ctx);
	return ck_gen_plain(b, visit, ctx);
}

static void
ck_play(struct ck *b, const struct ck_move *m)
{
	uint32_t from = (uint32_t)1 << m->from, to = (uint32_t)1 << m->to;
	unsigned s = b->turn;

	b->own[s] = (b->own[s] & ~from) | to;
	b->own[s ^ 1] &= ~m->taken;
	if ((b->kings & from) || m->crown)
		b->kings = (b->kings & ~from) | to;
	b->kings &= ~m->taken;
	b->turn = s ^ 1;
}

static int
count_visit(void *ctx, const struct ck_move *m)
{
	(void)m;
	(*(uint64_t *)ctx)++;
	return 0;
}

/* Number of legal moves of b. */
static uint64_t
ck_count(const struct ck *b)
{
	uint64_t n = 0;

	if (!ck_has_capture(b))
		return ck_count_plain(b);
	ck_gen_captures(b, count_visit, &n);
	return n;
}

struct ck_perft {
	const struct ck *b;
	unsigned depth;         /* of the children */
	uint64_t nodes;
};

static uint64_t ck_perft(const struct ck *b, unsigned depth);

static int
perft_visit(void *ctx, const struct ck_move *m)
{
	struct ck_perft *pf = ctx;
	struct ck child = *pf->b;

	ck_play(&child, m);
	pf->nodes += ck_perft(&child, pf->depth);
	return 0;
}

static uint64_t
ck_perft(const struct ck *b, unsigned depth)
{
	struct ck_perft pf = { b, depth - 1, 0 };

	if (depth == 0)
		return 1;
	if (depth == 1)
		return ck_count(b);
	ck_generate(b, perft_visit, &pf);
	return pf.nodes;
}

static uint64_t
checkers_perft(const struct pos *p, unsigned depth)
{
	struct ck b;

	ck_from_pos(&b, p);
	return ck_perft(&b, depth);
}

static void
ck_to_move(const struct ck_move *cm, struct move *m)
{
	unsigned i;

	memset(m, 0, sizeof(*m));
	m->kind = MOVE_ORDINARY;
	if (cm->n == 0) {
		m->nsteps = 1;
		m->step[0] = (struct step){ cm->from, cm->to, SQ_NONE, 0,
		    STEP_MOVE };
		return;
	}
	m->nsteps = cm->n;
	for (i = 0; i < cm->n; i++)
		m->step[i] = (struct step){ i == 0 ? cm->from :
		    cm->land[i - 1], cm->land[i], cm->over[i], 0,
		    STEP_CAPTURE };
}

struct ck_emit {
	rules_emit_fn emit;
	void *ctx;
};

static int
emit_visit(void *ctx, const struct ck_move *cm)
{
	struct ck_emit *e = ctx;
	struct move m;

	ck_to_move(cm, &m);
	return e->emit(e->ctx, &m);
}

static int
checkers_generate(const struct pos *p, rules_emit_fn emit, void *ctx)
{
	struct ck b;
	struct ck_emit e = { emit, ctx };

	ck_from_pos(&b, p);
	return ck_generate(&b, emit_visit, &e);
}

static void
checkers_apply(struct pos *p, const struct move *m)
{
	struct stack piece;
	unsigned i, to = m->step[m->nsteps - 1].to;

	piece = p->sq[m->step[0].from];
	memset(&p->sq[m->step[0].from], 0, sizeof(piece));
	for (i = 0; i < m->nsteps; i++)
		if (m->step[i].over != SQ_NONE)
			memset(&p->sq[m->step[i].over], 0, sizeof(piece));
	if (!stack_top_crowned(&piece) && board32_crown_row(to, p->turn))
		piece.crown |= (uint32_t)1 << (piece.height - 1);
	p->sq[to] = piece;
	p->turn = (uint8_t)SIDE_OTHER(p->turn);
}

static enum outcome
checkers_outcome(const struct pos *p, const char **why)
{
	struct ck b;
	enum outcome won = p->turn == SIDE_FIRST ? OUTCOME_SECOND_WINS :
	    OUTCOME_FIRST_WINS;

	ck_from_pos(&b, p);
	if (b.own[b.turn] == 0) {
		if (why != NULL)
			*why = ck_empty[b.turn];
		return won;
	}
	if (ck_count(&b) == 0) {
		if (why != NULL)
			*why = ck_blocked[b.turn];
		return won;
	}
	if (why != NULL)
		*why = NULL;
	return OUTCOME_NONE;
}

static int
checkers_move_format(const struct pos *p, const struct move *m, char *buf,
    size_t size)
{
	return board32_move_format(&rules_checkers, p, m, buf, size);
}

static int
checkers_move_match(const struct pos *p, const struct move *pattern,
    const struct move *legal)
{
	return board32_move_match(&rules_checkers, p, pattern, legal);
}

/* No man stands on the row where it would have been crowned. */
static int
checkers_pos_check(const struct pos *p, const char **why)
{
	unsigned sq;

	for (sq = 0; sq < B32_SQUARES && sq < p->nsquares; sq++)
		if (p->sq[sq].height > 0 && !stack_top_crowned(&p->sq[sq]) &&
		    board32_crown_row(sq, stack_top_side(&p->sq[sq]))) {
			*why = "a man on the row where it is crowned";
			return -1;
		}
	return 0;
}

const struct rules rules_checkers = {
	.name = "checkers",
	.title = "American checkers",
	.side = { "red", "white" },
	.letter = { 'r', 'w' },
	.gametype = "21",
	.fen = FEN_CHECKERS,
	BOARD32_RULES,
	.generate = checkers_generate,
	.apply = checkers_apply,
	.outcome = checkers_outcome,
	.move_parse = board32_move_parse,
	.move_format = checkers_move_format,
	.move_match = checkers_move_match,
	.perft = checkers_perft,
	.pos_check = checkers_pos_check,
	.text_style = board32_text_style,
	.restyle = board32_restyle,
};
