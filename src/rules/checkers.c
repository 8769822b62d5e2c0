/*
 * checkers.c - American checkers (RULES.md section 1).
 *
 * Moves are generated, counted and resolved on bitboards (bb32.h,
 * shared with stackup); apply works on struct pos.  Perft stays on the
 * bitboards and counts the last ply in bulk.
 */
#include <string.h>

#include "rules/bb32.h"
#include "rules/rules.h"

extern const struct rules rules_checkers;

static const char *const ck_blocked[2] = {
	"red has no legal move", "white has no legal move"
};
static const char *const ck_empty[2] = {
	"red has no pieces left", "white has no pieces left"
};

/* ---- Perft ------------------------------------------------------- */

/*
 * Perft stays on the bitboards: each child is made on the stack from its
 * parent (a plain move by its two bits, a capture when its chain ends),
 * no move is written down, and the last ply is counted (bb32_count).
 */

static uint64_t ck_perft(const struct bb32 *b, unsigned depth);

/* A capture being followed from one origin, for perft. */
struct ck_chain {
	const struct bb32 *b;
	uint32_t from;          /* the origin's bit */
	uint32_t empty;         /* empty squares, the origin included */
	int king;
	unsigned depth;         /* of the children */
};

/* The child where the chain of c ends on the bit at, having jumped
 * taken; crown: a man crowned there. */
static uint64_t
ck_chain_end(const struct ck_chain *c, uint32_t at, uint32_t taken,
    int crown)
{
	struct bb32 child = *c->b;
	unsigned s = c->b->turn;

	child.own[s] = (child.own[s] & ~c->from) | at;
	child.own[s ^ 1] &= ~taken;
	child.kings &= ~taken;
	if (c->king)
		child.kings = (child.kings & ~c->from) | at;
	else if (crown)
		child.kings |= at;
	child.turn = s ^ 1;
	return ck_perft(&child, c->depth);
}

static uint64_t ck_chain(const struct ck_chain *c, uint32_t at,
    uint32_t enemy, uint32_t taken);

/*
 * The loops over the four directions are written out as four calls of an
 * inline function with the direction a constant (BB32_INLINE), so that
 * board32_shift's switch folds away.
 */

/* The leaves below the chains of c that go on from the bit at by a jump
 * in direction d; *found is set when there is one. */
BB32_INLINE uint64_t
ck_chain_dir(const struct ck_chain *c, uint32_t at, uint32_t enemy,
    uint32_t taken, enum b32_dir d, int *found)
{
	unsigned side = c->b->turn;
	uint32_t over, land;

	if (!c->king && !board32_forward(d, side))
		return 0;
	over = board32_shift(at, d) & enemy;
	land = board32_shift(over, d) & c->empty;
	if (land == 0)
		return 0;
	*found = 1;
	if (!c->king && (land & BB32_CROWN(side)))
		return ck_chain_end(c, land, taken | over, 1);
	return ck_chain(c, land, enemy & ~over, taken | over);
}

/* The leaves below every chain that goes on from the bit at, enemy the
 * pieces not yet jumped; the chain ends at at when none does. */
static uint64_t
ck_chain(const struct ck_chain *c, uint32_t at, uint32_t enemy,
    uint32_t taken)
{
	int found = 0;
	uint64_t n = ck_chain_dir(c, at, enemy, taken, B32_BACK_LOW, &found) +
	    ck_chain_dir(c, at, enemy, taken, B32_BACK_HIGH, &found) +
	    ck_chain_dir(c, at, enemy, taken, B32_FWD_LOW, &found) +
	    ck_chain_dir(c, at, enemy, taken, B32_FWD_HIGH, &found);

	return found ? n : ck_chain_end(c, at, taken, 0);
}

/* The leaves below the captures of b whose first jump goes in direction
 * d, lands their landing squares. */
BB32_INLINE uint64_t
ck_perft_captures(const struct bb32 *b, uint32_t lands, enum b32_dir d,
    unsigned depth)
{
	struct ck_chain c = { b, 0, 0, 0, depth - 1 };
	uint32_t enemy = b->own[b->turn ^ 1], land, over;
	enum b32_dir back = board32_opposite(d);
	uint64_t n = 0;

	for (; lands != 0; lands &= lands - 1) {
		land = lands & -lands;
		over = board32_shift(land, back);
		c.from = board32_shift(over, back);
		c.empty = bb32_empty(b) | c.from;
		c.king = (b->kings & c.from) != 0;
		if (!c.king && (land & BB32_CROWN(b->turn)))
			n += ck_chain_end(&c, land, over, 1);
		else
			n += ck_chain(&c, land, enemy & ~over, over);
	}
	return n;
}

/* The leaves below every plain move of b in direction d. */
BB32_INLINE uint64_t
ck_perft_plain(const struct bb32 *b, enum b32_dir d, unsigned depth)
{
	struct bb32 child;
	uint32_t to, from, bit;
	uint64_t n = 0;
	unsigned s = b->turn;

	to = board32_shift(bb32_movers(b, d), d) & bb32_empty(b);
	for (; to != 0; to &= to - 1) {
		bit = to & -to;
		from = board32_shift(bit, board32_opposite(d));
		child = *b;
		child.own[s] ^= from | bit;
		if (b->kings & from)
			child.kings ^= from | bit;
		else
			child.kings |= bit & BB32_CROWN(s);
		child.turn = s ^ 1;
		n += ck_perft(&child, depth - 1);
	}
	return n;
}

static uint64_t
ck_perft(const struct bb32 *b, unsigned depth)
{
	uint32_t l0, l1, l2, l3;

	if (depth <= 1)
		return depth == 0 ? 1 : bb32_count(b);
	l0 = bb32_lands(b, B32_BACK_LOW);
	l1 = bb32_lands(b, B32_BACK_HIGH);
	l2 = bb32_lands(b, B32_FWD_LOW);
	l3 = bb32_lands(b, B32_FWD_HIGH);
	if ((l0 | l1 | l2 | l3) != 0)
		return ck_perft_captures(b, l0, B32_BACK_LOW, depth) +
		    ck_perft_captures(b, l1, B32_BACK_HIGH, depth) +
		    ck_perft_captures(b, l2, B32_FWD_LOW, depth) +
		    ck_perft_captures(b, l3, B32_FWD_HIGH, depth);
	return ck_perft_plain(b, B32_BACK_LOW, depth) +
	    ck_perft_plain(b, B32_BACK_HIGH, depth) +
	    ck_perft_plain(b, B32_FWD_LOW, depth) +
	    ck_perft_plain(b, B32_FWD_HIGH, depth);
}

static uint64_t
checkers_perft(const struct pos *p, unsigned depth)
{
	struct bb32 b;

	bb32_from_pos(&b, p);
	return ck_perft(&b, depth);
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
	bb32_memo_moved(p, m);
}

static enum outcome
checkers_outcome(const struct pos *p, const char **why)
{
	struct bb32 b;
	enum outcome won = p->turn == SIDE_FIRST ? OUTCOME_SECOND_WINS :
	    OUTCOME_FIRST_WINS;

	bb32_read(&b, p);
	if (b.own[b.turn] == 0) {
		if (why != NULL)
			*why = ck_empty[b.turn];
		return won;
	}
	if (bb32_count(&b) == 0) {
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
checkers_pos_check(const struct pos *p, const char **why, unsigned *at)
{
	unsigned sq;

	for (sq = 0; sq < B32_SQUARES && sq < p->nsquares; sq++)
		if (p->sq[sq].height > 0 && !stack_top_crowned(&p->sq[sq]) &&
		    board32_crown_row(sq, stack_top_side(&p->sq[sq]))) {
			*why = "a man on the row where it is crowned";
			*at = sq;
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
	.generate = bb32_pos_generate,
	.apply = checkers_apply,
	.outcome = checkers_outcome,
	.move_parse = board32_move_parse,
	.move_format = checkers_move_format,
	.move_match = checkers_move_match,
	.perft = checkers_perft,
	.resolve = bb32_resolve,
	.count = bb32_pos_count,
	.pos_check = checkers_pos_check,
	.text_style = board32_text_style,
	.restyle = board32_restyle,
};
