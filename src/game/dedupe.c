/* dedupe.c - keys of games, and the table of the keys seen. */
#include <stdlib.h>
#include <string.h>

#include "game/dedupe.h"

#define DEDUPE_FNV_BASIS 0xcbf29ce484222325ULL
#define DEDUPE_FNV_PRIME 0x100000001b3ULL
#define DEDUPE_MIX 0x9e3779b97f4a7c15ULL

/* Adds the value v (up to 64 bits) to both hashes of k: FNV-1a over its
 * bytes, and a multiply-xorshift mix of the whole value. */
static void
dedupe_put(struct dedupe_key *k, uint64_t v)
{
	unsigned i;

	for (i = 0; i < 8; i++) {
		k->h[0] ^= (v >> (8 * i)) & 0xff;
		k->h[0] *= DEDUPE_FNV_PRIME;
	}
	k->h[1] = (k->h[1] ^ v) * DEDUPE_MIX;
	k->h[1] ^= k->h[1] >> 29;
}

static void
dedupe_put_text(struct dedupe_key *k, const char *s)
{
	for (; *s != '\0'; s++)
		dedupe_put(k, (unsigned char)*s);
	dedupe_put(k, 0);
}

static void
dedupe_put_stack(struct dedupe_key *k, const struct stack *s)
{
	dedupe_put(k, (uint64_t)s->owner | (uint64_t)s->crown << 32);
	dedupe_put(k, s->height);
}

static void
dedupe_put_pos(struct dedupe_key *k, const struct pos *p)
{
	unsigned sq;

	dedupe_put(k, ((uint64_t)p->nsquares << 8) | p->turn);
	for (sq = 0; sq < p->nsquares; sq++)
		dedupe_put_stack(k, &p->sq[sq]);
}

static void
dedupe_put_move(struct dedupe_key *k, const struct move *m)
{
	const struct step *s;
	unsigned i;

	dedupe_put(k, ((uint64_t)m->kind << 8) | m->nsteps);
	for (i = 0; i < m->nsteps && i < MOVE_MAX_STEPS; i++) {
		s = &m->step[i];
		dedupe_put(k, (uint64_t)s->from | (uint64_t)s->to << 8 |
		    (uint64_t)s->over << 16 | (uint64_t)s->count << 24 |
		    (uint64_t)s->kind << 32);
	}
	if (m->kind == MOVE_RESTACK)
		dedupe_put_stack(k, &m->restack);
}

void
dedupe_init(struct dedupe *dd, enum dedupe_by by, unsigned long plies)
{
	memset(dd, 0, sizeof(*dd));
	dd->by = by;
	dd->plies = plies;
}

void
dedupe_free(struct dedupe *dd)
{
	free(dd->slots);
	dd->slots = NULL;
	dd->cap = dd->n = 0;
}

size_t
dedupe_bytes(const struct dedupe *dd)
{
	return dd->cap * sizeof(*dd->slots);
}

void
dedupe_start(const struct dedupe *dd, struct dedupe_key *k,
    const struct replay *rp)
{
	k->h[0] = DEDUPE_FNV_BASIS;
	k->h[1] = DEDUPE_MIX;
	dedupe_put_text(k, rp->r->name);
	if (dd->by != DEDUPE_FINAL)
		dedupe_put_pos(k, &rp->pos);
}

int
dedupe_ply(const struct dedupe *dd, struct dedupe_key *k,
    const struct replay *rp)
{
	if (dd->by == DEDUPE_FINAL)
		return 0;
	if (rp->plies > 0 && (dd->by != DEDUPE_PLIES || rp->plies <= dd->plies))
		dedupe_put_move(k, &rp->last);
	return dd->by == DEDUPE_PLIES && rp->plies >= dd->plies;
}

void
dedupe_end(const struct dedupe *dd, struct dedupe_key *k,
    const struct replay *rp)
{
	if (dd->by == DEDUPE_FINAL)
		dedupe_put_pos(k, &rp->pos);
	else if (dd->by == DEDUPE_PLIES && rp->plies > dd->plies)
		dedupe_put(k, dd->plies);
	else
		dedupe_put(k, rp->plies);
}

/* The slot of key h in a table of cap slots (a power of two). */
static struct dedupe_slot *
dedupe_find(struct dedupe_slot *slots, size_t cap, const uint64_t h[2])
{
	size_t i = (size_t)(h[0] ^ h[1] >> 7) & (cap - 1);

	while (slots[i].game != 0 &&
	    (slots[i].h[0] != h[0] || slots[i].h[1] != h[1]))
		i = (i + 1) & (cap - 1);
	return &slots[i];
}

/* Doubles the table. */
static int
dedupe_grow(struct dedupe *dd)
{
	size_t cap = dd->cap == 0 ? 1024 : dd->cap * 2, i;
	struct dedupe_slot *slots;

	if ((slots = calloc(cap, sizeof(*slots))) == NULL)
		return -1;
	for (i = 0; i < dd->cap; i++)
		if (dd->slots[i].game != 0)
			*dedupe_find(slots, cap, dd->slots[i].h) = dd->slots[i];
	free(dd->slots);
	dd->slots = slots;
	dd->cap = cap;
	return 0;
}

int
dedupe_add(struct dedupe *dd, const struct dedupe_key *k, uint32_t file,
    uint32_t game, struct dedupe_slot *first)
{
	struct dedupe_slot *s;

	if ((dd->n + 1) * 2 > dd->cap && dedupe_grow(dd) == -1)
		return -1;
	s = dedupe_find(dd->slots, dd->cap, k->h);
	if (s->game != 0) {
		if (first != NULL)
			*first = *s;
		return 1;
	}
	s->h[0] = k->h[0];
	s->h[1] = k->h[1];
	s->file = file;
	s->game = game;
	dd->n++;
	return 0;
}
