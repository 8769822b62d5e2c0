/*
 * stackup.c - Stack-Up checkers, Stillman Drake 1938 (RULES.md
 * section 2).  Works on struct pos directly: every piece is a stack whose
 * top checker decides owner and rank; a jump takes the top checker of
 * the jumped stack and puts it under the jumping stack.
 */
#include <string.h>

#include "rules/board32.h"
#include "rules/rules.h"

extern const struct rules rules_stackup;

/* The state of a capture chain being followed. */
struct su_chain {
	struct pos work;        /* the board, origin emptied */
	uint32_t jumped;        /* squares already jumped */
	unsigned side;
	int king;
	struct move m;
	rules_emit_fn emit;
	void *ctx;
};

static const char *const su_blocked[2] = {
	"black has no legal move", "white has no legal move"
};
static const char *const su_none[2] = {
	"black controls no stack", "white controls no stack"
};

/* Whether sq holds a stack topped by side. */
static int
su_controls(const struct pos *p, int sq, unsigned side)
{
	return sq >= 0 && p->sq[sq].height > 0 &&
	    stack_top_side(&p->sq[sq]) == side;
}

static int
su_empty(const struct pos *p, int sq)
{
	return sq >= 0 && p->sq[sq].height == 0;
}

/* Whether the stack on sq may go in direction d. */
static int
su_may_go(const struct pos *p, unsigned sq, enum b32_dir d)
{
	return stack_top_crowned(&p->sq[sq]) ||
	    board32_forward(d, p->turn);
}

/* Whether the stack on sq (the side to move's) can jump in direction d,
 * not over a square in jumped. */
static int
su_can_jump(const struct pos *p, unsigned sq, enum b32_dir d,
    uint32_t jumped)
{
	int over = board32_next(sq, d);

	if (!su_controls(p, over, SIDE_OTHER(p->turn)) ||
	    ((jumped >> over) & 1))
		return 0;
	return su_empty(p, board32_jump(sq, d));
}

static int
su_has_capture(const struct pos *p)
{
	unsigned sq;
	int d;

	for (sq = 0; sq < B32_SQUARES; sq++) {
		if (!su_controls(p, (int)sq, p->turn))
			continue;
		for (d = 0; d < B32_NDIRS; d++)
			if (su_may_go(p, sq, (enum b32_dir)d) &&
			    su_can_jump(p, sq, (enum b32_dir)d, 0))
				return 1;
	}
	return 0;
}

static int chain_from(struct su_chain *c, unsigned sq);

/* Jumps from sq in direction d, then goes on (or ends on the crowning
 * row).  The board is left as it is: what the jump changes (the top of
 * the jumped stack, the bottom of the jumper) can matter to no later jump
 * of the chain, as the jumped square may not be jumped again and jumps
 * never land on a square that can be jumped. */
static int
chain_jump(struct su_chain *c, unsigned sq, enum b32_dir d)
{
	unsigned over = (unsigned)board32_next(sq, d);
	unsigned to = (unsigned)board32_jump(sq, d);
	int rc;

	c->jumped |= (uint32_t)1 << over;
	c->m.step[c->m.nsteps++] = (struct step){ (uint8_t)sq, (uint8_t)to,
	    (uint8_t)over, 0, STEP_CAPTURE };
	if (!c->king && board32_crown_row(to, c->side))
		rc = c->emit(c->ctx, &c->m);
	else
		rc = chain_from(c, to);
	c->m.nsteps--;
	c->jumped &= ~((uint32_t)1 << over);
	return rc;
}

/* Follows every jump from sq; a chain that cannot go on is emitted. */
static int
chain_from(struct su_chain *c, unsigned sq)
{
	int d, rc, found = 0;

	for (d = 0; d < B32_NDIRS; d++) {
		if (!c->king && !board32_forward((enum b32_dir)d, c->side))
			continue;
		if (!su_can_jump(&c->work, sq, (enum b32_dir)d, c->jumped))
			continue;
		found = 1;
		if ((rc = chain_jump(c, sq, (enum b32_dir)d)) != 0)
			return rc;
	}
	if (found || c->m.nsteps == 0)
		return 0;
	return c->emit(c->ctx, &c->m);
}

static int
su_gen_captures(const struct pos *p, rules_emit_fn emit, void *ctx)
{
	struct su_chain c;
	unsigned sq;
	int rc;

	memset(&c, 0, sizeof(c));
	c.side = p->turn;
	c.emit = emit;
	c.ctx = ctx;
	for (sq = 0; sq < B32_SQUARES; sq++) {
		if (!su_controls(p, (int)sq, p->turn))
			continue;
		c.work = *p;
		memset(&c.work.sq[sq], 0, sizeof(c.work.sq[sq]));
		c.king = stack_top_crowned(&p->sq[sq]);
		if ((rc = chain_from(&c, sq)) != 0)
			return rc;
	}
	return 0;
}

static int
su_gen_plain(const struct pos *p, rules_emit_fn emit, void *ctx)
{
	struct move m;
	unsigned sq;
	int d, to, rc;

	memset(&m, 0, sizeof(m));
	m.kind = MOVE_ORDINARY;
	m.nsteps = 1;
	for (sq = 0; sq < B32_SQUARES; sq++) {
		if (!su_controls(p, (int)sq, p->turn))
			continue;
		for (d = 0; d < B32_NDIRS; d++) {
			to = board32_next(sq, (enum b32_dir)d);
			if (!su_may_go(p, sq, (enum b32_dir)d) ||
			    !su_empty(p, to))
				continue;
			m.step[0] = (struct step){ (uint8_t)sq, (uint8_t)to,
			    SQ_NONE, 0, STEP_MOVE };
			if ((rc = emit(ctx, &m)) != 0)
				return rc;
		}
	}
	return 0;
}

static int
stackup_generate(const struct pos *p, rules_emit_fn emit, void *ctx)
{
	if (su_has_capture(p))
		return su_gen_captures(p, emit, ctx);
	return su_gen_plain(p, emit, ctx);
}

static void
stackup_apply(struct pos *p, const struct move *m)
{
	struct stack mover, top;
	unsigned i, to = m->step[m->nsteps - 1].to;

	mover = p->sq[m->step[0].from];
	memset(&p->sq[m->step[0].from], 0, sizeof(mover));
	for (i = 0; i < m->nsteps; i++) {
		if (m->step[i].over == SQ_NONE)
			continue;
		top = stack_take(&p->sq[m->step[i].over], 1);
		stack_put_under(&mover, stack_top_side(&top),
		    stack_top_crowned(&top));
	}
	if (!stack_top_crowned(&mover) && board32_crown_row(to, p->turn))
		mover.crown |= (uint32_t)1 << (mover.height - 1);
	p->sq[to] = mover;
	p->turn = (uint8_t)SIDE_OTHER(p->turn);
}

static enum outcome
stackup_outcome(const struct pos *p, const char **why)
{
	enum outcome won = p->turn == SIDE_FIRST ? OUTCOME_SECOND_WINS :
	    OUTCOME_FIRST_WINS;
	const char *reason = NULL;
	unsigned sq;

	for (sq = 0; sq < B32_SQUARES; sq++)
		if (su_controls(p, (int)sq, p->turn))
			break;
	if (sq == B32_SQUARES)
		reason = su_none[p->turn];
	else if (!rules_has_move(&rules_stackup, p))
		reason = su_blocked[p->turn];
	if (why != NULL)
		*why = reason;
	return reason == NULL ? OUTCOME_NONE : won;
}

static int
stackup_move_format(const struct pos *p, const struct move *m, char *buf,
    size_t size)
{
	return board32_move_format(&rules_stackup, p, m, buf, size);
}

static int
stackup_move_match(const struct pos *p, const struct move *pattern,
    const struct move *legal)
{
	return board32_move_match(&rules_stackup, p, pattern, legal);
}

const struct rules rules_stackup = {
	.name = "stackup",
	.title = "Stack-Up checkers",
	.side = { "black", "white" },
	.letter = { 'b', 'w' },
	.fen = FEN_STACKS,
	BOARD32_RULES,
	.generate = stackup_generate,
	.apply = stackup_apply,
	.outcome = stackup_outcome,
	.move_parse = board32_move_parse,
	.move_format = stackup_move_format,
	.move_match = stackup_move_match,
	.text_style = board32_text_style,
	.restyle = board32_restyle,
};
