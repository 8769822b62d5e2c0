/* rules.c - the table of games and what is common to all of them. */
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "rules.h"

extern const struct rules rules_checkers;
extern const struct rules rules_stackup;
extern const struct rules rules_brown;
extern const struct rules rules_mogensen;
extern const struct rules rules_accasta;

const struct rules *const rules_table[] = {
	&rules_checkers,
	&rules_stackup,
	&rules_brown,
	&rules_mogensen,
	&rules_accasta,
	NULL
};

const struct rules *
rules_find(const char *name)
{
	size_t i;

	for (i = 0; rules_table[i] != NULL; i++)
		if (strcmp(rules_table[i]->name, name) == 0)
			return rules_table[i];
	return NULL;
}

void
rules_names(char *buf, size_t size)
{
	size_t i, len = 0;
	int n;

	if (size == 0)
		return;
	buf[0] = '\0';
	for (i = 0; rules_table[i] != NULL && len < size; i++) {
		n = snprintf(buf + len, size - len, "%s%s", i > 0 ? ", " : "",
		    rules_table[i]->name);
		if (n < 0)
			break;
		len += (size_t)n;
	}
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

struct perft_walk {
	const struct rules *r;
	const struct pos *p;
	unsigned depth;
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
	w->nodes += rules_perft_generic(w->r, &next, w->depth - 1);
	return 0;
}

uint64_t
rules_perft_generic(const struct rules *r, const struct pos *p,
    unsigned depth)
{
	struct perft_walk w = { r, p, depth, 0 };

	if (depth == 0)
		return 1;
	r->generate(p, perft_child, &w);
	return w.nodes;
}

uint64_t
rules_perft(const struct rules *r, const struct pos *p, unsigned depth)
{
	if (r->perft != NULL)
		return r->perft(p, depth);
	return rules_perft_generic(r, p, depth);
}

static int
count_one(void *ctx, const struct move *m)
{
	(void)m;
	(*(unsigned *)ctx)++;
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

unsigned
rules_count_moves(const struct rules *r, const struct pos *p)
{
	unsigned n = 0;

	r->generate(p, count_one, &n);
	return n;
}

struct resolve {
	const struct rules *r;
	const struct pos *p;
	const struct move *pattern;
	struct move *found;
	unsigned n;
};

static int
resolve_one(void *ctx, const struct move *m)
{
	struct resolve *rs = ctx;

	if (!rs->r->move_match(rs->p, rs->pattern, m))
		return 0;
	if (rs->n++ == 0 && rs->found != NULL)
		*rs->found = *m;
	return 0;
}

unsigned
rules_resolve(const struct rules *r, const struct pos *p,
    const struct move *pattern, struct move *found)
{
	struct resolve rs = { r, p, pattern, found, 0 };

	r->generate(p, resolve_one, &rs);
	return rs.n;
}
