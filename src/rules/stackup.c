/*
 * stackup.c - Stack-Up checkers, Stillman Drake 1938 (RULES.md
 * section 2).  Every piece is a stack whose top checker decides owner
 * and rank; a jump takes the top checker of the jumped stack and puts it
 * under the jumping stack.  Pieces move as checkers do, so moves are
 * generated, counted and resolved on the bitboards of the tops (bb32.h);
 * apply works on the stacks.
 */
#include <string.h>

#include "rules/bb32.h"
#include "rules/rules.h"

extern const struct rules rules_stackup;

static const char *const su_blocked[2] = {
	"black has no legal move", "white has no legal move"
};
static const char *const su_none[2] = {
	"black controls no stack", "white controls no stack"
};

/* Plays on p the move of the stack on from to to, jumping over[0..n)
 * in that order: each jumped stack's top checker goes under the mover,
 * which is crowned on its crowning row. */
static void
su_play(struct pos *p, unsigned from, unsigned to, const uint8_t *over,
    unsigned n)
{
	struct stack mover = p->sq[from], top;
	unsigned i;

	memset(&p->sq[from], 0, sizeof(mover));
	for (i = 0; i < n; i++) {
		top = stack_take(&p->sq[over[i]], 1);
		stack_put_under(&mover, stack_top_side(&top),
		    stack_top_crowned(&top));
	}
	if (!stack_top_crowned(&mover) && board32_crown_row(to, p->turn))
		mover.crown |= (uint32_t)1 << (mover.height - 1);
	p->sq[to] = mover;
	p->turn = (uint8_t)SIDE_OTHER(p->turn);
}

static void
stackup_apply(struct pos *p, const struct move *m)
{
	uint8_t over[MOVE_MAX_STEPS];
	unsigned i, n = 0;

	for (i = 0; i < m->nsteps; i++)
		if (m->step[i].over != SQ_NONE)
			over[n++] = m->step[i].over;
	su_play(p, m->step[0].from, m->step[m->nsteps - 1].to, over, n);
	bb32_memo_moved(p, m);
}

/* ---- Perft ------------------------------------------------------- */

/*
 * Perft plays each move on one position and takes it back (the squares
 * it changed saved on the stack), keeps the bitboards of each level up
 * to date from the squares changed, and counts the last ply on them.
 */

static uint64_t su_perft(struct pos *p, const struct bb32 *b,
    unsigned depth);

struct su_walk {
	struct pos *p;
	const struct bb32 *b;
	unsigned depth;         /* of the children */
	uint64_t nodes;
};

static int
su_perft_child(void *ctx, const struct bb32_move *m)
{
	struct su_walk *w = ctx;
	struct stack from = w->p->sq[m->from], to = w->p->sq[m->to];
	struct stack over[BB32_MAX_JUMPS];
	struct bb32 child = *w->b;
	unsigned i;

	for (i = 0; i < m->n; i++)
		over[i] = w->p->sq[m->over[i]];
	su_play(w->p, m->from, m->to, m->over, m->n);
	bb32_set_square(&child, m->from, &w->p->sq[m->from]);
	bb32_set_square(&child, m->to, &w->p->sq[m->to]);
	for (i = 0; i < m->n; i++)
		bb32_set_square(&child, m->over[i], &w->p->sq[m->over[i]]);
	child.turn = w->p->turn;
	w->nodes += su_perft(w->p, &child, w->depth);
	for (i = 0; i < m->n; i++)
		w->p->sq[m->over[i]] = over[i];
	w->p->sq[m->to] = to;
	w->p->sq[m->from] = from;
	w->p->turn = (uint8_t)w->b->turn;
	return 0;
}

static uint64_t
su_perft(struct pos *p, const struct bb32 *b, unsigned depth)
{
	struct su_walk w = { p, b, depth - 1, 0 };

	if (depth <= 1)
		return depth == 0 ? 1 : bb32_count(b);
	bb32_generate(b, su_perft_child, &w);
	return w.nodes;
}

/* Perft of p, played on a copy of its squares. */
static uint64_t
stackup_perft(const struct pos *p, unsigned depth)
{
	struct bb32 b;
	struct pos work;

	pos_copy(&work, p);
	bb32_from_pos(&b, &work);
	return su_perft(&work, &b, depth);
}

/* ---- The rest of the rules --------------------------------------- */

static enum outcome
stackup_outcome(const struct pos *p, const char **why)
{
	enum outcome won = p->turn == SIDE_FIRST ? OUTCOME_SECOND_WINS :
	    OUTCOME_FIRST_WINS;
	const char *reason = NULL;
	struct bb32 b;

	bb32_read(&b, p);
	if (b.own[b.turn] == 0)
		reason = su_none[p->turn];
	else if (bb32_count(&b) == 0)
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
	.generate = bb32_pos_generate,
	.apply = stackup_apply,
	.outcome = stackup_outcome,
	.move_parse = board32_move_parse,
	.move_format = stackup_move_format,
	.move_match = stackup_move_match,
	.perft = stackup_perft,
	.resolve = bb32_resolve,
	.count = bb32_pos_count,
	.text_style = board32_text_style,
	.restyle = board32_restyle,
};
