/* linematch.c - the games that follow a given line of moves. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "game/linematch.h"

void
linematch_init(struct linematch *lm)
{
	lm->lines = NULL;
	lm->n = 0;
}

void
linematch_free(struct linematch *lm)
{
	size_t i, k;

	for (i = 0; i < lm->n; i++) {
		for (k = 0; k < lm->lines[i].n; k++)
			free(lm->lines[i].moves[k]);
		free(lm->lines[i].moves);
	}
	free(lm->lines);
	linematch_init(lm);
}

int
linematch_active(const struct linematch *lm)
{
	return lm->n > 0;
}

/* Whether the word w[0..n) is no move: a move number (12. 12...), a
 * result or an ellipsis. */
static int
linematch_skip(const char *w, size_t n)
{
	size_t d = 0;

	while (d < n && isdigit((unsigned char)w[d]))
		d++;
	if (d < n && strspn(w + d, ".") == n - d)
		return 1;
	return (n == 3 && (strncmp(w, "1-0", 3) == 0 ||
	    strncmp(w, "0-1", 3) == 0 || strncmp(w, "2-0", 3) == 0 ||
	    strncmp(w, "0-2", 3) == 0)) || (n == 1 && *w == '*') ||
	    (n == 7 && strncmp(w, "1/2-1/2", 7) == 0) ||
	    (n == 3 && strncmp(w, "1-1", 3) == 0);
}

/* Appends the move w[0..n) to l; -1 when out of memory. */
static int
linematch_push(struct linematch_line *l, const char *w, size_t n)
{
	char **grown, *m;

	if ((m = strndup(w, n)) == NULL)
		return -1;
	if ((grown = realloc(l->moves, (l->n + 1) * sizeof(*grown))) ==
	    NULL) {
		free(m);
		return -1;
	}
	l->moves = grown;
	l->moves[l->n++] = m;
	return 0;
}

int
linematch_add(struct linematch *lm, const char *text)
{
	struct linematch_line l = { NULL, 0, 0 }, *grown;
	const char *w = text;
	size_t n;

	for (;;) {
		w += strspn(w, " \t\r\n");
		if ((n = strcspn(w, " \t\r\n")) == 0)
			break;
		if (!linematch_skip(w, n) && linematch_push(&l, w, n) == -1)
			goto nomem;
		w += n;
	}
	if (l.n == 0)
		return 0;
	if ((grown = realloc(lm->lines, (lm->n + 1) * sizeof(*grown))) ==
	    NULL)
		goto nomem;
	lm->lines = grown;
	lm->lines[lm->n++] = l;
	return 1;
nomem:
	while (l.n > 0)
		free(l.moves[--l.n]);
	free(l.moves);
	return -1;
}

/* Whether one of the '|' alternatives of text denotes the move rp just
 * played. */
static int
linematch_move(const char *text, const struct replay *rp)
{
	struct move pattern;
	size_t n, err;

	for (;;) {
		n = strcspn(text, "|");
		if (n > 0 && rules_move_parse(rp->r, text, n, &pattern,
		    &err) == 0 && rp->r->move_match(&rp->prev, &pattern,
		    &rp->last))
			return 1;
		if (text[n] == '\0')
			return 0;
		text += n + 1;
	}
}

void
linematch_ply(struct linematch *lm, const struct replay *rp)
{
	struct linematch_line *l;
	size_t i;

	for (i = 0; i < lm->n; i++) {
		l = &lm->lines[i];
		if (rp->plies == 0)
			l->alive = 1;
		else if (l->alive && rp->plies <= l->n)
			l->alive = linematch_move(l->moves[rp->plies - 1], rp);
	}
}

int
linematch_found(const struct linematch *lm, const struct replay *rp)
{
	size_t i;

	for (i = 0; i < lm->n; i++)
		if (lm->lines[i].alive && rp->plies >= lm->lines[i].n)
			return 1;
	return 0;
}
