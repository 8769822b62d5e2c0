/* model.c - stacks, positions and moves: plain values, no I/O. */
#include <string.h>

#include "model/model.h"

static uint32_t
low_bits(unsigned n)
{
	return n >= 32 ? 0xFFFFFFFFu : ((uint32_t)1 << n) - 1;
}

int
stack_count(const struct stack *s, enum side side)
{
	uint32_t second = (uint32_t)__builtin_popcount(s->owner);

	return (int)(side == SIDE_SECOND ? second : s->height - second);
}

int
stack_push(struct stack *s, enum side side, int crowned)
{
	if (s->height >= STACK_MAX)
		return -1;
	if (side == SIDE_SECOND)
		s->owner |= (uint32_t)1 << s->height;
	if (crowned)
		s->crown |= (uint32_t)1 << s->height;
	s->height++;
	return 0;
}

struct stack
stack_take(struct stack *s, unsigned k)
{
	struct stack part;
	unsigned rest = s->height - k;

	part.height = (uint8_t)k;
	part.owner = (s->owner >> rest) & low_bits(k);
	part.crown = (s->crown >> rest) & low_bits(k);
	s->height = (uint8_t)rest;
	s->owner &= low_bits(rest);
	s->crown &= low_bits(rest);
	return part;
}

int
stack_put(struct stack *s, const struct stack *part)
{
	if (s->height + part->height > STACK_MAX)
		return -1;
	s->owner |= part->owner << s->height;
	s->crown |= part->crown << s->height;
	s->height = (uint8_t)(s->height + part->height);
	return 0;
}

int
stack_put_under(struct stack *s, enum side side, int crowned)
{
	if (s->height >= STACK_MAX)
		return -1;
	s->owner = (s->owner << 1) | (side == SIDE_SECOND);
	s->crown = (s->crown << 1) | (crowned != 0);
	s->height++;
	return 0;
}

int
stack_equal(const struct stack *a, const struct stack *b)
{
	return a->height == b->height && a->owner == b->owner &&
	    a->crown == b->crown;
}

void
pos_clear(struct pos *p, unsigned nsquares, enum side turn)
{
	memset(p, 0, sizeof(*p));
	p->nsquares = (uint8_t)nsquares;
	p->turn = (uint8_t)turn;
}

void
pos_copy(struct pos *dst, const struct pos *src)
{
	size_t n = src->nsquares < POS_SQUARES ? src->nsquares : POS_SQUARES;

	memcpy(dst->sq, src->sq, n * sizeof(src->sq[0]));
	dst->nsquares = src->nsquares;
	dst->turn = src->turn;
	memcpy(dst->run, src->run, sizeof(dst->run));
}

int
pos_equal(const struct pos *a, const struct pos *b)
{
	unsigned i;

	if (a->nsquares != b->nsquares || a->turn != b->turn)
		return 0;
	for (i = 0; i < a->nsquares; i++)
		if (!stack_equal(&a->sq[i], &b->sq[i]))
			return 0;
	return 1;
}

unsigned
pos_count(const struct pos *p, enum side side)
{
	unsigned i, n = 0;

	for (i = 0; i < p->nsquares; i++)
		n += (unsigned)stack_count(&p->sq[i], side);
	return n;
}

static int
step_equal(const struct step *a, const struct step *b)
{
	return a->from == b->from && a->to == b->to && a->over == b->over &&
	    a->count == b->count && a->kind == b->kind;
}

int
move_equal(const struct move *a, const struct move *b)
{
	unsigned i;

	if (a->kind != b->kind || a->nsteps != b->nsteps)
		return 0;
	if (a->kind == MOVE_RESTACK && !stack_equal(&a->restack, &b->restack))
		return 0;
	for (i = 0; i < a->nsteps; i++)
		if (!step_equal(&a->step[i], &b->step[i]))
			return 0;
	return 1;
}

static int
kind_match(uint8_t pattern, uint8_t legal)
{
	if (pattern == legal)
		return 1;
	return pattern == STEP_ANY && (legal == STEP_MOVE ||
	    legal == STEP_CAPTURE || legal == STEP_ONTO);
}

static int
step_match(const struct step *p, const struct step *l)
{
	return p->from == l->from && p->to == l->to &&
	    (p->count == 0 || p->count == l->count) &&
	    kind_match(p->kind, l->kind);
}

/* Pattern with intermediate landing squares left out: same ends, and the
 * landing squares it does name appear in order along the legal path. */
static int
elided_match(const struct move *p, const struct move *l)
{
	unsigned i, j = 0;

	if (p->nsteps == 0 || l->nsteps == 0 || p->nsteps > l->nsteps)
		return 0;
	if (p->step[0].from != l->step[0].from ||
	    p->step[p->nsteps - 1].to != l->step[l->nsteps - 1].to)
		return 0;
	for (i = 0; i + 1 < p->nsteps; i++) {
		while (j + 1 < l->nsteps && l->step[j].to != p->step[i].to)
			j++;
		if (j + 1 >= l->nsteps)
			return 0;
		j++;
	}
	for (i = 0; i < l->nsteps; i++)
		if (!kind_match(p->step[0].kind, l->step[i].kind))
			return 0;
	return 1;
}

int
move_match(const struct move *pattern, const struct move *legal)
{
	unsigned i;

	if (pattern->kind != legal->kind)
		return 0;
	if (pattern->kind == MOVE_PASS)
		return 1;
	if (pattern->kind == MOVE_RESTACK)
		return pattern->step[0].from == legal->step[0].from &&
		    stack_equal(&pattern->restack, &legal->restack);
	if (pattern->flags & MOVE_ELIDED)
		return elided_match(pattern, legal);
	if (pattern->nsteps != legal->nsteps)
		return 0;
	for (i = 0; i < pattern->nsteps; i++)
		if (!step_match(&pattern->step[i], &legal->step[i]))
			return 0;
	return 1;
}
