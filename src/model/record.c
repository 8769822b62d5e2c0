/* record.c - a game record: tags, movetext, result.  No I/O. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "model/record.h"

static char *
record_strndup(const char *s, size_t n)
{
	char *p;

	if ((p = malloc(n + 1)) == NULL)
		return NULL;
	memcpy(p, s, n);
	p[n] = '\0';
	return p;
}

static int
record_replace(char **dst, const char *s)
{
	char *p = NULL;

	if (s != NULL && (p = record_strndup(s, strlen(s))) == NULL)
		return -1;
	free(*dst);
	*dst = p;
	return 0;
}

/* The pool's blocks: the first of RECORD_CHUNK_MIN bytes, each next
 * twice the last up to RECORD_CHUNK_MAX, or the size of a longer text. */
#define RECORD_CHUNK_MIN 2048
#define RECORD_CHUNK_MAX 65536

struct record_chunk {
	struct record_chunk *next;
	size_t used, size;
	char data[];
};

/* A new block of g's pool with room for need bytes, or NULL. */
static struct record_chunk *
record_chunk_new(struct record *g, size_t need)
{
	struct record_chunk *c;
	size_t size = RECORD_CHUNK_MIN;

	if (g->pool != NULL && g->pool->size < RECORD_CHUNK_MAX)
		size = g->pool->size * 2;
	else if (g->pool != NULL)
		size = RECORD_CHUNK_MAX;
	if (size < need)
		size = need;
	if (size > SIZE_MAX - sizeof(*c) ||
	    (c = malloc(sizeof(*c) + size)) == NULL)
		return NULL;
	c->next = g->pool;
	c->used = 0;
	c->size = size;
	g->pool = c;
	return c;
}

/* A copy of s[0..n) in g's pool, or NULL. */
static char *
record_pool_copy(struct record *g, const char *s, size_t n)
{
	struct record_chunk *c = g->pool;
	char *p;

	if (n == SIZE_MAX)
		return NULL;
	if ((c == NULL || c->size - c->used <= n) &&
	    (c = record_chunk_new(g, n + 1)) == NULL)
		return NULL;
	p = c->data + c->used;
	memcpy(p, s, n);
	p[n] = '\0';
	c->used += n + 1;
	return p;
}

void
record_init(struct record *g)
{
	memset(g, 0, sizeof(*g));
}

void
record_free(struct record *g)
{
	struct record_chunk *c, *next;

	free(g->tags);
	line_free(&g->main);
	free(g->result);
	for (c = g->pool; c != NULL; c = next) {
		next = c->next;
		free(c);
	}
	record_init(g);
}

struct tag *
record_tag_find(struct record *g, const char *name)
{
	size_t i;

	for (i = 0; i < g->ntags; i++)
		if (strcmp(g->tags[i].name, name) == 0)
			return &g->tags[i];
	return NULL;
}

const char *
record_tag(const struct record *g, const char *name)
{
	size_t i;

	for (i = 0; i < g->ntags; i++)
		if (strcmp(g->tags[i].name, name) == 0)
			return g->tags[i].value;
	return NULL;
}

int
record_tag_add(struct record *g, const char *name, const char *value,
    const struct srcloc *at)
{
	struct srcloc where = at != NULL ? *at : (struct srcloc){ 0 };
	struct tag *t;
	size_t cap;

	if (g->ntags == g->tagcap) {    /* at may point into g->tags */
		cap = g->tagcap == 0 ? 8 : g->tagcap * 2;
		if ((t = realloc(g->tags, cap * sizeof(*t))) == NULL)
			return -1;
		g->tags = t;
		g->tagcap = cap;
	}
	t = &g->tags[g->ntags];
	memset(t, 0, sizeof(*t));
	if ((t->name = record_pool_copy(g, name, strlen(name))) == NULL ||
	    (t->value = record_pool_copy(g, value, strlen(value))) == NULL)
		return -1;
	t->at = where;
	g->ntags++;
	return 0;
}

int
record_tag_set(struct record *g, const char *name, const char *value,
    const struct srcloc *at)
{
	struct tag *t;

	char *v;

	if ((t = record_tag_find(g, name)) == NULL)
		return record_tag_add(g, name, value, at);
	if ((v = record_pool_copy(g, value, strlen(value))) == NULL)
		return -1;
	t->value = v;
	if (at != NULL)
		t->at = *at;
	return 0;
}

void
record_tag_remove(struct record *g, const char *name)
{
	size_t i, j;

	for (i = j = 0; i < g->ntags; i++)
		if (strcmp(g->tags[i].name, name) != 0)
			g->tags[j++] = g->tags[i];
	g->ntags = j;
}

int
record_set_result(struct record *g, const char *result)
{
	return record_replace(&g->result, result);
}

struct elem *
line_push(struct line *l, enum elem_kind kind, const struct srcloc *at)
{
	struct srcloc where = at != NULL ? *at : (struct srcloc){ 0 };
	struct elem *e;
	size_t cap;

	if (l->n == l->cap) {    /* at may point into l */
		cap = l->cap == 0 ? 16 : l->cap * 2;
		if ((e = realloc(l->elems, cap * sizeof(*e))) == NULL)
			return NULL;
		l->elems = e;
		l->cap = cap;
	}
	e = &l->elems[l->n++];
	memset(e, 0, sizeof(*e));
	e->kind = kind;
	e->at = where;
	return e;
}

struct elem *
line_insert(struct line *l, size_t i, enum elem_kind kind,
    const struct srcloc *at)
{
	struct elem e;

	if (i > l->n || line_push(l, kind, at) == NULL)
		return NULL;
	e = l->elems[l->n - 1];
	memmove(&l->elems[i + 1], &l->elems[i],
	    (l->n - 1 - i) * sizeof(*l->elems));
	l->elems[i] = e;
	return &l->elems[i];
}

/* Sets *dst, the text of e that bit of e->pooled marks, to a copy of
 * s[0..n): in g's pool when g is not NULL, else allocated on its own.
 * The text it replaces is freed unless it was the pool's. */
static int
elem_set(struct record *g, struct elem *e, char **dst, unsigned bit,
    const char *s, size_t n)
{
	char *p = g != NULL ? record_pool_copy(g, s, n) : record_strndup(s, n);

	if (p == NULL)
		return -1;
	if (!(e->pooled & bit))
		free(*dst);
	*dst = p;
	e->pooled = g != NULL ? e->pooled | bit : e->pooled & ~bit;
	return 0;
}

int
elem_set_text(struct elem *e, const char *s, size_t n)
{
	return elem_set(NULL, e, &e->text, ELEM_POOLED_TEXT, s, n);
}

int
elem_set_suffix(struct elem *e, const char *s, size_t n)
{
	return elem_set(NULL, e, &e->suffix, ELEM_POOLED_SUFFIX, s, n);
}

int
record_elem_text(struct record *g, struct elem *e, const char *s, size_t n)
{
	return elem_set(g, e, &e->text, ELEM_POOLED_TEXT, s, n);
}

int
record_elem_suffix(struct record *g, struct elem *e, const char *s,
    size_t n)
{
	return elem_set(g, e, &e->suffix, ELEM_POOLED_SUFFIX, s, n);
}

int
elem_set_written(struct elem *e, const char *s)
{
	char *p;

	if ((p = record_strndup(s, strlen(s))) == NULL)
		return -1;
	free(e->written);
	e->written = p;
	return 0;
}

/* The last element of l that holds a variation, or NULL. */
static struct elem *
line_last_var(struct line *l)
{
	size_t i;

	for (i = l->n; i > 0; i--)
		if (l->elems[i - 1].var != NULL)
			return &l->elems[i - 1];
	return NULL;
}

/* Frees the texts of e that are not in the record's pool. */
static void
elem_free_texts(struct elem *e)
{
	if (!(e->pooled & ELEM_POOLED_TEXT))
		free(e->text);
	if (!(e->pooled & ELEM_POOLED_SUFFIX))
		free(e->suffix);
	free(e->written);
}

/* Frees the elements of l from index i on, which hold no variation
 * any more. */
static void
line_drop_flat(struct line *l, size_t i)
{
	for (; l->n > i; l->n--)
		elem_free_texts(&l->elems[l->n - 1]);
}

/*
 * Frees l and its variations in linear time, without recursion and
 * without allocating: going down, the element holding the variation
 * keeps the way back (the parent line, or l itself at the top), and
 * what follows it is freed at once.
 */
void
line_free(struct line *l)
{
	struct line *cur = l, *up = NULL, *child;
	struct elem *e;

	for (;;) {
		if ((e = line_last_var(cur)) != NULL) {
			line_drop_flat(cur, (size_t)(e - cur->elems) + 1);
			child = e->var;
			e->var = up == NULL ? cur : up;
			up = cur;
			cur = child;
			continue;
		}
		line_drop_flat(cur, 0);
		free(cur->elems);
		memset(cur, 0, sizeof(*cur));
		if (up == NULL)
			return;
		free(cur);
		cur = up;
		e = &cur->elems[cur->n - 1];
		up = e->var == cur ? NULL : e->var;
		e->var = NULL;
		line_drop_flat(cur, cur->n - 1);
	}
}

size_t
line_count_moves(const struct line *l)
{
	size_t i, n = 0;

	for (i = 0; i < l->n; i++)
		if (l->elems[i].kind == ELEM_MOVE)
			n++;
	return n;
}

void
line_truncate(struct line *l, size_t i)
{
	struct elem *e;

	for (; l->n > i; l->n--) {
		e = &l->elems[l->n - 1];
		if (e->var != NULL) {
			line_free(e->var);
			free(e->var);
		}
		elem_free_texts(e);
	}
}

void
line_strip(struct line *l, unsigned kinds)
{
	size_t i, k = 0;
	struct elem *e;

	for (i = 0; i < l->n; i++) {
		e = &l->elems[i];
		if ((kinds & LINE_STRIP(e->kind)) && !line_undo_var(l, i)) {
			line_truncate(&(struct line){ e, 1, 1 }, 0);
			continue;
		}
		if ((kinds & LINE_STRIP_MARKS) && e->suffix != NULL) {
			if (!(e->pooled & ELEM_POOLED_SUFFIX))
				free(e->suffix);
			e->suffix = NULL;
		}
		if (e->var != NULL)
			line_strip(e->var, kinds);
		l->elems[k++] = *e;
	}
	l->n = k;
}

/* Whether e is a comment or a NAG: annotations an undo's variation and
 * its accept-undo may have between them. */
static int
line_note(const struct elem *e)
{
	return e->kind == ELEM_COMMENT || e->kind == ELEM_NAG;
}

int
line_undo_var(const struct line *l, size_t i)
{
	const struct elem *e;

	if (i >= l->n || l->elems[i].kind != ELEM_VARIATION)
		return 0;
	for (i++; i < l->n && line_note(&l->elems[i]); i++)
		continue;
	if (i == l->n)
		return 0;
	e = &l->elems[i];
	return e->kind == ELEM_ACTION && e->text != NULL &&
	    strncmp(e->text, "accept-undo ", 12) == 0;
}

size_t
line_undo_before(const struct line *l, size_t i)
{
	while (i > 0 && line_note(&l->elems[i - 1]))
		i--;
	if (i == 0 || l->elems[i - 1].kind != ELEM_VARIATION)
		return l->n;
	return i - 1;
}
