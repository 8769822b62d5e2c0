/*
 * fuzz_move.c - every game's move_parse, then rules_resolve; in a game
 * that resolves by following the steps (struct rules resolve), where
 * the position has few legal moves, the number of matches must be what
 * filtering generate gives.  The first byte chooses the game.  When the rest holds a newline, what comes
 * before it is a FEN (a position that does not read ends the run) and
 * what follows the move text; else the rest is the move text, against
 * the start position.  The text is passed in a buffer of exactly its
 * length, so that a read past it is caught.  In a game whose squares
 * have two namings (struct rules restyle), the text is also restyled
 * into a buffer of about half its size (a refusal, or a text that fits),
 * and the canonical text of a resolved move, written in each naming,
 * must say that naming and read back as that move.
 */
#include <stdlib.h>
#include <string.h>

#include "notation/notation.h"
#include "common.h"

#define FUZZ_GENERIC 100000   /* legal moves filtered, at most */

static int
count_match(void *ctx, const struct move *m)
{
	(void)m;
	(*(unsigned *)ctx)++;
	return 0;
}

/* The canonical text of found, the legal move of p, in each naming. */
static void
move_styles(const struct rules *r, const struct pos *p,
    const struct move *found, const char *text)
{
	struct move pattern, again;
	char styled[1024];
	size_t err;
	int st, n;

	for (st = SQUARES_NUMERIC; st <= SQUARES_ALGEBRAIC; st++) {
		n = r->restyle(text, (enum square_style)st, styled,
		    sizeof(styled));
		fuzz_assert(n >= 0 && r->text_style(styled) == st,
		    "a move restyled says its naming");
		fuzz_assert(r->move_parse(styled, (size_t)n, &pattern,
		    &err) == 0 && rules_resolve(r, p, &pattern, &again) == 1 &&
		    move_equal(&again, found),
		    "a move restyled reads back as itself");
	}
}

/* Restyles the text s (NUL-terminated) into a buffer of size bytes. */
static void
text_restyle(const struct rules *r, const char *s, size_t size)
{
	char *buf = malloc(size);
	int n;

	if (buf == NULL)
		return;
	n = r->restyle(s, SQUARES_ALGEBRAIC, buf, size);
	fuzz_assert(n < 0 || ((size_t)n < size && strlen(buf) == (size_t)n),
	    "a restyled text fits its buffer");
	r->text_style(s);
	free(buf);
}

/* Parses and resolves the move text s[0..n) in p. */
static void
move_text(const struct rules *r, const struct pos *p, const char *s,
    size_t n)
{
	struct move pattern, found;
	struct pos next;
	char text[1024];
	const char *why;
	size_t err = 0;
	unsigned k, slow;

	if (r->move_parse(s, n, &pattern, &err) == -1) {
		fuzz_assert(err <= n, "a refusal points into the text");
		return;
	}
	k = rules_resolve(r, p, &pattern, &found);
	if (r->resolve != NULL &&
	    rules_count_moves(r, p) <= FUZZ_GENERIC) {
		slow = 0;
		rules_matches_generic(r, p, &pattern, count_match, &slow);
		fuzz_assert(k == slow, "resolve agrees with generate");
	}
	if (k != 1)
		return;
	fuzz_assert(r->move_format(p, &found, text, sizeof(text)) >= 0,
	    "a resolved move formats");
	if (r->restyle != NULL)
		move_styles(r, p, &found, text);
	next = *p;
	r->apply(&next, &found);
	r->outcome(&next, &why);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const struct rules *r;
	const uint8_t *nl, *text;
	const char *why;
	struct pos p;
	size_t err, n;
	char *fen, *s;
	int rc;

	if (size == 0)
		return 0;
	r = fuzz_game(data[0]);
	text = data + 1;
	n = size - 1;
	if ((nl = memchr(text, '\n', n)) != NULL) {
		if ((fen = fuzz_string(text, (size_t)(nl - text))) == NULL)
			return 0;
		rc = fen_parse(r, fen, &p, &err, &why);
		free(fen);
		if (rc != 0)
			return 0;
		n -= (size_t)(nl + 1 - text);
		text = nl + 1;
	} else
		r->start(&p);
	if ((s = malloc(n > 0 ? n : 1)) == NULL)
		return 0;
	memcpy(s, text, n);
	move_text(r, &p, s, n);
	free(s);
	if (r->restyle != NULL && (s = fuzz_string(text, n)) != NULL) {
		text_restyle(r, s, n / 2 + 1);
		free(s);
	}
	return 0;
}
