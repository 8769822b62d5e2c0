/* extend.c - whether one record extends another (extend.h). */
#include <stdio.h>
#include <string.h>

#include "notation/notation.h"
#include "game/extend.h"
#include "game/play.h"

/* The tags a move or an action may change (play_append_*), and a count
 * of plies other programs keep. */
static int
extend_free_tag(const char *name)
{
	return strcmp(name, "Result") == 0 ||
	    strcmp(name, "Termination") == 0 || strcmp(name, "PlyCount") == 0;
}

/* The game of g, NULL when unknown, and its start position as FEN into
 * fen ("" when it does not start). */
static const struct rules *
extend_start(const struct record *g, char *fen, size_t size)
{
	struct replay start;
	struct replay_opts o = { NULL, 0, 0, 0 };
	struct diag q;

	diag_init(&q, "stackref", NULL);
	q.quiet = 1;
	fen[0] = '\0';
	if (replay_start(&start, g, &o, &q) == -1)
		return notation_game(g, NULL);
	if (fen_format(start.r, &start.pos, fen, size) < 0)
		fen[0] = '\0';
	return start.r;
}

/* Whether e is a move, an action or a time stamp: the elements the
 * history is made of (comments, NAGs and variations are annotations). */
static int
extend_played(const struct elem *e)
{
	return e->kind == ELEM_MOVE || e->kind == ELEM_ACTION ||
	    e->kind == ELEM_STAMP;
}

/* A walk over the history of a main line: its moves, actions and time
 * stamps, with those the variation of an accepted undo holds in their
 * place (they were the main line's until the undo). */
struct extend_walk {
	const struct line *l;       /* the main line */
	size_t i;                   /* its next element */
	const struct line *v;       /* the undo's variation walked, or NULL */
	size_t j;                   /* its next element */
};

/* The next element of the history, or NULL at its end. */
static const struct elem *
extend_next(struct extend_walk *w)
{
	const struct elem *e;

	for (;;) {
		if (w->v != NULL && w->j < w->v->n) {
			if (extend_played(e = &w->v->elems[w->j++]))
				return e;
			continue;
		}
		w->v = NULL;
		if (w->i >= w->l->n)
			return NULL;
		e = &w->l->elems[w->i];
		if (e->var != NULL && line_undo_var(w->l, w->i)) {
			w->v = e->var;
			w->j = 0;
		}
		w->i++;
		if (extend_played(e))
			return e;
	}
}

/*
 * Compares the histories of main lines a and b (extend_next): 0 when
 * that of a is the start of b's (*added: b has more), else -1 with why
 * saying how b departs from a, named aname.
 */
static int
extend_history(const struct line *a, const struct line *b,
    const char *aname, int *added, char *why, size_t size)
{
	struct extend_walk wa = { a, 0, NULL, 0 }, wb = { b, 0, NULL, 0 };
	const struct elem *ea, *eb;
	size_t ply = 0;

	while ((ea = extend_next(&wa)) != NULL) {
		if ((eb = extend_next(&wb)) == NULL) {
			snprintf(why, size, "it lacks %s, and what follows",
			    ea->text);
			return -1;
		}
		ply += eb->kind == ELEM_MOVE;
		if (ea->kind != eb->kind || strcmp(ea->text, eb->text) != 0) {
			snprintf(why, size, "it has %s where %s has %s (ply %zu)",
			    eb->text, aname, ea->text, ply);
			return -1;
		}
	}
	*added = extend_next(&wb) != NULL;
	return 0;
}

/* How many tags of g have the name and value of t. */
static size_t
extend_tag_count(const struct record *g, const struct tag *t)
{
	size_t i, n = 0;

	for (i = 0; i < g->ntags; i++)
		n += strcmp(g->tags[i].name, t->name) == 0 &&
		    strcmp(g->tags[i].value, t->value) == 0;
	return n;
}

/* Each tag of x (but the free ones, unless all) must be in y as often;
 * else -1 with why: "it VERB the tag NAME "VALUE"". */
static int
extend_tags_in(const struct record *x, const struct record *y, int all,
    const char *verb, char *why, size_t size)
{
	const struct tag *t;
	size_t i;

	for (i = 0; i < x->ntags; i++) {
		t = &x->tags[i];
		if ((all || !extend_free_tag(t->name)) &&
		    extend_tag_count(x, t) != extend_tag_count(y, t)) {
			snprintf(why, size, "it %s the tag %.64s \"%.100s\"",
			    verb, t->name, t->value);
			return -1;
		}
	}
	return 0;
}

/* The result g declares, canonical: its result token, else its Result
 * tag; "*" when none or unreadable. */
static const char *
extend_result(const struct record *g)
{
	const char *r = g->result != NULL ? g->result :
	    record_tag(g, "Result"), *c;

	if (r == NULL || notation_result_normal(r, &c) == -1)
		return "*";
	return c;
}

/* The result b declares against a (named aname): the same when b adds
 * nothing; else a must be open and b's result that of its replay. */
static int
extend_results(const struct extend_game *a, const struct extend_game *b,
    int added, const char *aname, char *why, size_t size)
{
	const char *ra = extend_result(&a->g), *rb = extend_result(&b->g);
	const char *out = replay_result_token(b->rp.outcome), *res, *over;

	if (!added && strcmp(ra, rb) != 0)
		snprintf(why, size, "it declares the result %s where %s has %s, "
		    "with no move or action to support it", rb, aname, ra);
	else if (added && play_over(&a->rp, &a->g, &res, &over))
		snprintf(why, size, "it goes on after the end of %s (%s, %s)",
		    aname, res, over);
	else if (added && strcmp(rb, out) != 0)
		snprintf(why, size, "it declares the result %s, but its moves "
		    "and actions give %s", rb, out);
	else
		return 0;
	return -1;
}

int
extend_same_game(const struct record *a, const struct record *b, char *why,
    size_t size)
{
	const char *ia = record_tag(a, "GameId"), *ib = record_tag(b, "GameId");
	char fa[1024], fb[1024];
	const struct rules *ra = extend_start(a, fa, sizeof(fa));
	const struct rules *rb = extend_start(b, fb, sizeof(fb));

	if (ra == NULL || ra != rb) {
		snprintf(why, size, "it is a game of %s, this one of %s",
		    rb != NULL ? rb->name : "an unknown game", ra != NULL ?
		    ra->name : "an unknown game");
		return -1;
	}
	if ((ia == NULL) != (ib == NULL) || (ia != NULL && strcmp(ia, ib))) {
		snprintf(why, size, "it is game %.100s, this one is %.100s",
		    ib != NULL ? ib : "(no GameId)", ia != NULL ? ia :
		    "(no GameId)");
		return -1;
	}
	if (strcmp(fa, fb) != 0) {
		snprintf(why, size, "it starts from another position");
		return -1;
	}
	return 0;
}

int
extend_check(const struct extend_game *a, const struct extend_game *b,
    const char *aname, char *why, size_t size)
{
	int added = 0;

	if (extend_same_game(&a->g, &b->g, why, size) == -1 ||
	    extend_history(&a->g.main, &b->g.main, aname, &added, why,
	    size) == -1 ||
	    extend_results(a, b, added, aname, why, size) == -1 ||
	    extend_tags_in(&b->g, &a->g, !added, "sets", why, size) == -1 ||
	    extend_tags_in(&a->g, &b->g, !added, "lacks", why, size) == -1)
		return EXTEND_NO;
	return added ? EXTEND_MORE : EXTEND_SAME;
}
