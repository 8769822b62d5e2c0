/* rules.c - what is common to the rules of all games. */
#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "rules/rules.h"

/* The length of the letters of a name made of letters then digits, both
 * present and shorter than RULES_LABEL, or 0. */
static size_t
coord_split(const char *name)
{
	size_t n = 0, d;

	while (isalpha((unsigned char)name[n]))
		n++;
	if (n == 0 || n >= RULES_LABEL || name[n] == '\0')
		return 0;
	for (d = n; name[d] != '\0'; d++)
		if (!isdigit((unsigned char)name[d]))
			return 0;
	return d - n < RULES_LABEL ? n : 0;
}

/* Sets label to text[0..n) if it is unset; whether it now equals it. */
static int
label_agree(char *label, const char *text, size_t n)
{
	if (label[0] == '\0') {
		memcpy(label, text, n);
		label[n] = '\0';
	}
	return strlen(label) == n && memcmp(label, text, n) == 0;
}

int
rules_coord_labels(const struct rules *r, char (*col)[RULES_LABEL],
    unsigned ncol, char (*row)[RULES_LABEL], unsigned nrow)
{
	char name[32];
	unsigned sq, x, y;
	size_t k;

	memset(col, 0, ncol * sizeof(*col));
	memset(row, 0, nrow * sizeof(*row));
	for (sq = 0; sq < r->nsquares; sq++) {
		r->square_xy(sq, &x, &y);
		if (x >= ncol || y >= nrow ||
		    r->square_name(sq, name, sizeof(name)) <= 0 ||
		    (k = coord_split(name)) == 0 ||
		    !label_agree(col[x], name, k) ||
		    !label_agree(row[y], name + k, strlen(name + k)))
			return 0;
	}
	return 1;
}

int
rules_side_parse(const struct rules *r, const char *text)
{
	int s;

	for (s = 0; s < 2; s++) {
		if (strcasecmp(text, r->side[s]) == 0 ||
		    strcasecmp(text, s == 0 ? "first" : "second") == 0)
			return s;
		if (text[0] != '\0' && text[1] == '\0' &&
		    (text[0] | 0x20) == (r->side[s][0] | 0x20))
			return s;
	}
	return -1;
}

/* A walk of generate/apply: sub counts the leaves below each child. */
struct perft_walk {
	const struct rules *r;
	const struct pos *p;
	unsigned depth;
	uint64_t (*sub)(const struct rules *, const struct pos *, unsigned);
	uint64_t nodes;
};

static int
perft_child(void *ctx, const struct move *m)
{
	struct perft_walk *w = ctx;
	struct pos next = *w->p;

	if (w->depth == 1) {
		w->nodes++;
		return 0;
	}
	w->r->apply(&next, m);
	w->nodes += w->sub(w->r, &next, w->depth - 1);
	return 0;
}

static uint64_t
perft_walk(const struct rules *r, const struct pos *p, unsigned depth,
    uint64_t (*sub)(const struct rules *, const struct pos *, unsigned))
{
	struct perft_walk w = { r, p, depth, sub, 0 };

	if (depth == 0)
		return 1;
	r->generate(p, perft_child, &w);
	return w.nodes;
}

uint64_t
rules_perft_generic(const struct rules *r, const struct pos *p,
    unsigned depth)
{
	return perft_walk(r, p, depth, rules_perft_generic);
}

/* The walk with the last ply counted by the game's count. */
static uint64_t
perft_counted(const struct rules *r, const struct pos *p, unsigned depth)
{
	if (depth == 1)
		return r->count(p);
	return perft_walk(r, p, depth, perft_counted);
}

uint64_t
rules_perft(const struct rules *r, const struct pos *p, unsigned depth)
{
	if (r->perft != NULL)
		return r->perft(p, depth);
	if (r->count != NULL && depth > 0)
		return perft_counted(r, p, depth);
	return rules_perft_generic(r, p, depth);
}

static int
count_one(void *ctx, const struct move *m)
{
	(void)m;
	(*(uint64_t *)ctx)++;
	return 0;
}

static int
stop_at_first(void *ctx, const struct move *m)
{
	(void)ctx;
	(void)m;
	return 1;
}

int
rules_has_move(const struct rules *r, const struct pos *p)
{
	return r->generate(p, stop_at_first, NULL) != 0;
}

uint64_t
rules_count_generic(const struct rules *r, const struct pos *p)
{
	uint64_t n = 0;

	r->generate(p, count_one, &n);
	return n;
}

uint64_t
rules_count_moves(const struct rules *r, const struct pos *p)
{
	if (r->count != NULL)
		return r->count(p);
	return rules_count_generic(r, p);
}

/* Filters generate's moves through move_match on to emit. */
struct match_filter {
	const struct rules *r;
	const struct pos *p;
	const struct move *pattern;
	rules_emit_fn emit;
	void *ctx;
};

static int
match_one(void *ctx, const struct move *m)
{
	struct match_filter *mf = ctx;

	if (!mf->r->move_match(mf->p, mf->pattern, m))
		return 0;
	return mf->emit(mf->ctx, m);
}

int
rules_matches_generic(const struct rules *r, const struct pos *p,
    const struct move *pattern, rules_emit_fn emit, void *ctx)
{
	struct match_filter mf = { r, p, pattern, emit, ctx };

	return r->generate(p, match_one, &mf);
}

int
rules_matches(const struct rules *r, const struct pos *p,
    const struct move *pattern, rules_emit_fn emit, void *ctx)
{
	if (r->resolve != NULL)
		return r->resolve(p, pattern, emit, ctx);
	return rules_matches_generic(r, p, pattern, emit, ctx);
}

struct resolve {
	struct move *found;
	unsigned n;
};

static int
resolve_one(void *ctx, const struct move *m)
{
	struct resolve *rs = ctx;

	if (rs->n++ == 0 && rs->found != NULL)
		*rs->found = *m;
	return 0;
}

unsigned
rules_resolve(const struct rules *r, const struct pos *p,
    const struct move *pattern, struct move *found)
{
	struct resolve rs = { found, 0 };

	rules_matches(r, p, pattern, resolve_one, &rs);
	return rs.n;
}

const char *
rules_style_code(enum square_style st)
{
	return st == SQUARES_ALGEBRAIC ? "A3" : "N1";
}
