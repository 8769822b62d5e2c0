/*
 * broken.c - keeping a game that does not replay (pgn-extract's
 * --keepbroken): its moves up to the fault stay moves, the rest becomes
 * comments, so that nothing of the record is lost and nothing is
 * invented.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game/broken.h"

/* A growing text. */
struct broken_text {
	char *s;
	size_t len, cap;
};

/* Appends s to t, after a blank unless glue or after '('. */
static int
broken_put(struct broken_text *t, const char *s, int glue)
{
	size_t n = strlen(s), cap;
	char *p;

	if (t->len + n + 2 > t->cap) {
		cap = (t->len + n + 2) * 2;
		if ((p = realloc(t->s, cap)) == NULL)
			return -1;
		t->s = p;
		t->cap = cap;
	}
	if (!glue && t->len > 0 && t->s[t->len - 1] != '(')
		t->s[t->len++] = ' ';
	memcpy(t->s + t->len, s, n + 1);
	t->len += n;
	return 0;
}

static int
broken_add(struct broken_text *t, const char *s)
{
	return broken_put(t, s, 0);
}

/* What the tail turns into: the comments, in order. */
struct broken_out {
	struct line out;          /* the comments */
	struct broken_text run;   /* the text of the comment being made */
	unsigned long ply;        /* index of the next main-line move (even:
				   * the first player's) */
	int number;               /* the next move needs its number */
	int depth;                /* in a variation */
};

/* Ends the comment being made (if it has text) as an element. */
static int
broken_flush(struct broken_out *b)
{
	struct elem *e;

	if (b->run.len == 0)
		return 0;
	if ((e = line_push(&b->out, ELEM_COMMENT, NULL)) == NULL ||
	    elem_set_text(e, b->run.s, b->run.len) == -1)
		return -1;
	e->style = COMMENT_BRACE;
	b->run.len = 0;
	return 0;
}

/* A move of the tail, numbered as PDN numbers the main line. */
static int
broken_move(struct broken_out *b, const struct elem *e)
{
	char num[32];

	if (b->depth == 0 && (b->ply % 2 == 0 || b->number)) {
		snprintf(num, sizeof(num), "%lu.%s", b->ply / 2 + 1,
		    b->ply % 2 == 0 ? "" : "..");
		if (broken_add(&b->run, num) == -1)
			return -1;
	}
	if (b->depth == 0) {
		b->ply++;
		b->number = 0;
	}
	if (broken_add(&b->run, e->text != NULL ? e->text : "") == -1)
		return -1;
	return e->suffix == NULL ? 0 : broken_put(&b->run, e->suffix, 1);
}

static int broken_line(struct broken_out *, const struct line *, size_t,
    int);

/* One element of the tail. */
static int
broken_elem(struct broken_out *b, const struct elem *e)
{
	char buf[80];
	struct elem *c;

	switch (e->kind) {
	case ELEM_MOVE:
		return broken_move(b, e);
	case ELEM_NAG:
		snprintf(buf, sizeof(buf), "$%u", e->nag);
		return broken_add(&b->run, buf);
	case ELEM_ACTION:
	case ELEM_STAMP:
		b->number = 1;
		snprintf(buf, sizeof(buf), "[%%%s%.60s]",
		    e->kind == ELEM_STAMP ? "ts " : "",
		    e->text != NULL ? e->text : "");
		return broken_add(&b->run, buf);
	case ELEM_VARIATION:
		b->number = 1;
		return broken_line(b, e->var, 0, 1);
	case ELEM_COMMENT:
		b->number = 1;
		if (broken_flush(b) == -1 ||
		    (c = line_push(&b->out, ELEM_COMMENT, &e->at)) == NULL ||
		    elem_set_text(c, e->text != NULL ? e->text : "",
		    e->text != NULL ? strlen(e->text) : 0) == -1)
			return -1;
		c->style = e->style;
		return 0;
	}
	return 0;
}

/* The elements of l from index from; a variation in parentheses. */
static int
broken_line(struct broken_out *b, const struct line *l, size_t from,
    int variation)
{
	size_t i;

	if (l == NULL)
		return 0;
	if (variation && broken_add(&b->run, "(") == -1)
		return -1;
	b->depth += variation;
	for (i = from; i < l->n; i++)
		if (broken_elem(b, &l->elems[i]) == -1)
			return -1;
	b->depth -= variation;
	return variation ? broken_put(&b->run, ")", 1) : 0;
}

/* Moves the comments of b to the end of g's main line. */
static int
broken_append(struct record *g, struct broken_out *b)
{
	struct elem *e;
	size_t i;

	for (i = 0; i < b->out.n; i++) {
		if ((e = line_push(&g->main, ELEM_COMMENT,
		    &b->out.elems[i].at)) == NULL)
			return -1;
		*e = b->out.elems[i];
		b->out.elems[i].text = NULL;
	}
	return 0;
}

int
broken_keep(struct record *g, const struct replay *rp)
{
	struct broken_out b;
	char head[96];
	int rc;

	memset(&b, 0, sizeof(b));
	/* the side to move at the fault gives the parity of its ply */
	b.ply = rp->plies + (unsigned long)((rp->pos.turn + rp->plies) % 2);
	b.number = 1;
	snprintf(head, sizeof(head), "%s: not replayed from ply %lu:",
	    BROKEN_MARK, rp->plies + 1);
	rc = broken_add(&b.run, head);
	if (rc == 0)
		rc = broken_line(&b, &g->main, rp->elem, 0);
	if (rc == 0)
		rc = broken_flush(&b);
	if (rc == 0) {
		line_truncate(&g->main, rp->elem);
		rc = broken_append(g, &b);
	}
	line_free(&b.out);
	free(b.run.s);
	return rc;
}
