/* cond.c - conditional moves: a list of pairs, matched as moves come. */
#include <stdio.h>
#include <string.h>

#include "game/cond.h"
#include "notation/notation.h"
#include "base/util.h"

void
cond_clear(struct cond *c)
{
	c->side = -1;
	c->ply = 0;
	c->fen[0] = '\0';
	c->n = 0;
}

/* The FEN of p in rp's game and style into buf; -1 if it does not fit. */
static int
cond_fen(const struct replay *rp, const struct pos *p, char *buf,
    size_t size)
{
	return fen_format_style(rp->r, p, rp->style, buf, size) < 0 ? -1 : 0;
}

/* Plays text on t as the k-th move of the list; its canonical text
 * into out.  0, or -1 with why. */
static int
cond_play(struct replay *t, const char *text, size_t k, char *out,
    char *why, size_t size)
{
	struct diag q;

	diag_init(&q, "stackref", NULL);
	q.quiet = 1;
	if (replay_ply(t, text, NULL, &q, NULL) == -1 || replay_last_text(t, out, COND_TEXT) < 0) {
		snprintf(why, size, "%s (the %s of pair %zu, ply %lu) is not "
		    "a legal move there", text, k % 2 == 0 ? "move" : "reply",
		    k / 2 + 1, t->plies + 1);
		return -1;
	}
	return 0;
}

int
cond_set(struct cond *c, const struct replay *rp,
    const char *const *texts, size_t n, char *why, size_t size)
{
	struct replay t = *rp;
	size_t k;

	cond_clear(c);
	if (n == 0 || n % 2 != 0 || n > 2 * COND_MAX) {
		snprintf(why, size, "expected pairs of moves, X Y ..., at most "
		    "%d pairs; read %zu move%s", COND_MAX, n, n == 1 ? "" : "s");
		return -1;
	}
	if (cond_fen(rp, &rp->pos, c->fen, sizeof(c->fen)) == -1) {
		snprintf(why, size, "the position is too big to keep");
		return -1;
	}
	for (k = 0; k < n; k++)
		if (cond_play(&t, texts[k], k, c->move[k / 2][k % 2], why,
		    size) == -1)
			return -1;
	c->side = SIDE_OTHER(rp->pos.turn);
	c->ply = rp->plies + 1;
	c->n = n / 2;
	return 0;
}

enum cond_verdict
cond_match(const struct cond *c, const struct replay *rp,
    const char *played)
{
	char fen[COND_FEN];

	if (c->side < 0 || c->n == 0 || rp->plies == 0)
		return COND_KEEP;
	if (rp->prev.turn == c->side)	/* the owner moved */
		return rp->plies < c->ply ? COND_KEEP : COND_DROP;
	if (rp->plies < c->ply)
		return COND_KEEP;
	if (rp->plies > c->ply || cond_fen(rp, &rp->prev, fen,
	    sizeof(fen)) == -1 || strcmp(fen, c->fen) != 0 ||
	    strcmp(played, c->move[0][0]) != 0)
		return COND_DROP;
	return COND_REPLY;
}

const char *
cond_reply(const struct cond *c)
{
	return c->move[0][1];
}

void
cond_shift(struct cond *c, const struct replay *rp)
{
	if (c->n <= 1 || rp->outcome != OUTCOME_NONE ||
	    cond_fen(rp, &rp->pos, c->fen, sizeof(c->fen)) == -1) {
		cond_clear(c);
		return;
	}
	memmove(c->move[0], c->move[1], (c->n - 1) * sizeof(c->move[0]));
	c->n--;
	c->ply = rp->plies + 1;
}

int
cond_format(const struct cond *c, const struct rules *r, char *buf,
    size_t size)
{
	size_t i, at;
	int n;

	if (c->side < 0 || c->n == 0) {
		buf[0] = '\0';
		return 0;
	}
	n = snprintf(buf, size, "side %s\nply %lu\nfen %s\n",
	    r->side[c->side], c->ply, c->fen);
	for (i = 0; n >= 0 && (size_t)n < size && i < c->n; i++) {
		at = (size_t)n;
		n = snprintf(buf + at, size - at, "%s %s\n", c->move[i][0],
		    c->move[i][1]);
		n = n < 0 ? -1 : n + (int)at;
	}
	return n < 0 || (size_t)n >= size ? -1 : n;
}

/* Reads the line "KEY VALUE" at *s into value (of size bytes); the
 * next line then. */
static int
cond_line(const char **s, const char *key, char *value, size_t size)
{
	size_t k = strlen(key), n;

	if (strncmp(*s, key, k) != 0 || (*s)[k] != ' ')
		return -1;
	*s += k + 1;
	if ((n = strcspn(*s, "\n")) >= size || (*s)[n] != '\n')
		return -1;
	snprintf(value, size, "%.*s", (int)n, *s);
	*s += n + 1;
	return 0;
}

/* Reads the lines "X Y" of s into the pairs of c; 0, or -1. */
static int
cond_pairs(struct cond *c, const char *s)
{
	const char *sp, *nl;

	while (*s != '\0') {
		nl = strchr(s, '\n');
		sp = strchr(s, ' ');
		if (c->n == COND_MAX || nl == NULL || sp == NULL || sp >= nl ||
		    sp == s || nl == sp + 1 || sp - s >= COND_TEXT ||
		    nl - sp - 1 >= COND_TEXT || memchr(sp + 1, ' ',
		    (size_t)(nl - sp - 1)) != NULL)
			return -1;
		snprintf(c->move[c->n][0], COND_TEXT, "%.*s", (int)(sp - s), s);
		snprintf(c->move[c->n][1], COND_TEXT, "%.*s",
		    (int)(nl - sp - 1), sp + 1);
		c->n++;
		s = nl + 1;
	}
	return c->n > 0 ? 0 : -1;
}

int
cond_parse(struct cond *c, const struct rules *r, const char *text)
{
	char side[64], ply[32];
	unsigned long n;
	int s;

	cond_clear(c);
	if (cond_line(&text, "side", side, sizeof(side)) == -1 ||
	    (s = notation_side_parse(r, side)) == -1 ||
	    cond_line(&text, "ply", ply, sizeof(ply)) == -1 ||
	    util_parse_ulong(ply, 1, REPLAY_ALL - 1, &n) == -1 ||
	    cond_line(&text, "fen", c->fen, sizeof(c->fen)) == -1 ||
	    cond_pairs(c, text) == -1) {
		cond_clear(c);
		return -1;
	}
	c->side = s;
	c->ply = n;
	return 0;
}
