/*
 * fuzz_fen.c - fen_parse (notation/fen.c) in both styles, then the rules
 * on the position read.  The first byte chooses the game, the rest is
 * the FEN.  A position read is written, read again and must be the
 * same; every legal move in it (up to FEN_MOVES_MAX) is formatted and
 * applied, and when there are no more than that, the canonical text of
 * the first FEN_RESOLVE_MAX must denote that move and nothing else (each
 * check generates every move again; a tall Brown stack has 346,338).
 * A refusal is explained by fen_error (the square at fault named, into
 * a small buffer: cut, never overrun).
 */
#include <stdlib.h>
#include <string.h>

#include "notation/notation.h"
#include "common.h"

#define FEN_MOVES_MAX 4096
#define FEN_RESOLVE_MAX 16

struct fen_ctx {
	const struct rules *r;
	const struct pos *p;
	unsigned n;
	int resolve;             /* check the canonical texts */
};

static int
fen_count(void *arg, const struct move *m)
{
	unsigned *n = arg;

	(void)m;
	return ++*n >= FEN_MOVES_MAX;
}

static int
fen_move(void *arg, const struct move *m)
{
	struct fen_ctx *c = arg;
	struct move pattern, found;
	struct pos next;
	char text[1024];
	const char *why;
	size_t err;
	int len;

	if (++c->n > FEN_MOVES_MAX)
		return 1;
	len = c->r->move_format(c->p, m, text, sizeof(text));
	fuzz_assert(len >= 0 && (size_t)len == strlen(text),
	    "a legal move formats");
	if (c->resolve && c->n <= FEN_RESOLVE_MAX) {
		fuzz_assert(c->r->move_parse(text, (size_t)len, &pattern,
		    &err) == 0, "a canonical move text parses");
		fuzz_assert(rules_resolve(c->r, c->p, &pattern, &found) == 1 &&
		    move_equal(&found, m), "a canonical move text is that move");
	}
	next = *c->p;
	c->r->apply(&next, m);
	c->r->outcome(&next, &why);
	return 0;
}

static void
fen_position(const struct rules *r, const struct pos *p)
{
	struct fen_ctx c = { r, p, 0, 0 };
	struct pos again;
	char buf[4096];
	const char *why;
	size_t err;

	fuzz_assert(fen_format(r, p, buf, sizeof(buf)) >= 0,
	    "a position read formats");
	fuzz_assert(fen_parse(r, buf, &again, &err, &why) == 0 &&
	    pos_equal(p, &again), "a written FEN reads back the same");
	if (r->outcome(p, &why) != OUTCOME_NONE)
		return;
	c.resolve = r->generate(p, fen_count, &c.n) == 0;
	c.n = 0;
	r->generate(p, fen_move, &c);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const struct rules *r;
	const char *why = NULL;
	struct pos p;
	size_t err = 0;
	char *s, msg[128];

	if (size == 0 || (s = fuzz_string(data + 1, size - 1)) == NULL)
		return 0;
	r = fuzz_game(data[0]);
	if (fen_parse(r, s, &p, &err, &why) == 0) {
		fuzz_assert(!fen_side_unknown(s) || p.turn == SIDE_FIRST,
		    "a side '?' gives the move to the first side");
		fen_position(r, &p);
	} else {
		fuzz_assert(why != NULL && err <= size - 1,
		    "a refusal says where and why");
		fuzz_assert(fen_error(r, s, err, why, msg, sizeof(msg)) > 0 &&
		    strlen(msg) < sizeof(msg), "a refusal is explained");
	}
	free(s);
	return 0;
}
