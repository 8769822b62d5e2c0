/*
 * record.h - a game record: tags, then movetext (moves, comments, NAGs,
 * variations), then a result.  Part of the model: no I/O, no notation.
 *
 * Ownership: a struct record owns every string and element reachable from
 * it.  record_init() makes an empty record, record_free() releases all it
 * owns (and leaves it empty again).  Functions that take a string copy it.
 * Functions returning int return 0 on success, -1 when out of memory.
 *
 * The texts of its tags, and those its reader gives its elements
 * (record_elem_text), are kept in the record's pool: a few blocks, freed
 * with it, instead of an allocation each (a game read from an archive
 * costs one or two); any other text of an element is allocated on its
 * own.  So an element moves between the lines of one record only.
 */
#ifndef STACKREF_MODEL_RECORD_H
#define STACKREF_MODEL_RECORD_H

#include <stddef.h>

#include "base/srcloc.h"
#include "model/model.h"

enum elem_kind {
	ELEM_MOVE,        /* text: the move as written (canonical once replayed) */
	ELEM_COMMENT,     /* text: inside of {...}, or the rest of a ; or % line */
	ELEM_NAG,         /* nag: the number of $n */
	ELEM_VARIATION,   /* var: the moves of ( ... ) */
	ELEM_ACTION,      /* text: a correspondence action and the side that
			   * takes it, "ACTION SIDE" (resign, offer-draw,
			   * accept-draw, decline-draw, request-undo,
			   * accept-undo, decline-undo, claim-time; SIDE as
			   * the game names it: "offer-draw white"), or
			   * "leave SIDE DAYS"; PDN writes it as the command
			   * comment {[%offer-draw white]} */
	ELEM_STAMP        /* text: the time, "2026-11-24T20:57:07Z" (UTC),
			   * at which the move or action before it was
			   * made; at the start of the main line, when the
			   * game (its clock) started.  PDN writes it as
			   * {[%ts 2026-11-24T20:57:07Z]} */
};

enum comment_style {
	COMMENT_BRACE,    /* { ... } */
	COMMENT_LINE      /* ; ... to the end of the line (% lines too) */
};

struct line;

struct elem {
	enum elem_kind kind;
	struct srcloc at;
	char *text;           /* MOVE, COMMENT */
	char *suffix;         /* MOVE: move-strength mark as written (!, ?!), or NULL */
	char *written;        /* MOVE: the text as read, when a canonical
			       * replay rewrote text; else NULL */
	unsigned nag;         /* NAG */
	int style;            /* COMMENT: enum comment_style */
	struct line *var;     /* VARIATION */
	unsigned pooled;      /* ELEM_POOLED_*: the texts in the record's
			       * pool, not allocated on their own */
};

#define ELEM_POOLED_TEXT 1u
#define ELEM_POOLED_SUFFIX 2u

/* A sequence of movetext elements: the main line or a variation. */
struct line {
	struct elem *elems;
	size_t n, cap;
};

struct tag {
	char *name;           /* both in the record's pool */
	char *value;
	struct srcloc at;
};

struct record_chunk;      /* a block of a record's pool (record.c) */

struct record {
	struct tag *tags;
	size_t ntags, tagcap;
	struct line main;
	char *result;          /* result token as read ("1-0", "*"), or NULL */
	struct srcloc at;      /* where the record starts */
	struct srcloc result_at;
	struct record_chunk *pool;  /* texts of tags and elements read */
};

void record_init(struct record *g);
void record_free(struct record *g);

/* Value of the first tag called name (case-sensitive), or NULL. */
const char *record_tag(const struct record *g, const char *name);

/* The tag called name, or NULL. */
struct tag *record_tag_find(struct record *g, const char *name);

/* Sets tag name to value: replaces the first one of that name, else
 * appends.  at may be NULL. */
int record_tag_set(struct record *g, const char *name, const char *value,
    const struct srcloc *at);

/* Appends a tag even when one of that name exists (readers keep what
 * they read).  g->tags may move, as l's elements in line_push. */
int record_tag_add(struct record *g, const char *name, const char *value,
    const struct srcloc *at);

/* Removes every tag called name. */
void record_tag_remove(struct record *g, const char *name);

/* Sets the result token (NULL clears it). */
int record_set_result(struct record *g, const char *result);

/* Appends an element to l; the new element is zeroed except kind and at
 * and is returned (NULL when out of memory).  Strings are then set with
 * elem_set_text / elem_set_suffix.  l's array may move: pointers into
 * it are invalid afterwards (at may be one: it is read first). */
struct elem *line_push(struct line *l, enum elem_kind kind,
    const struct srcloc *at);

/* Inserts an element before index i of l (i == l->n appends), as
 * line_push does; pointers into l are invalid afterwards. */
struct elem *line_insert(struct line *l, size_t i, enum elem_kind kind,
    const struct srcloc *at);

/* Copies n bytes of s as e's text (or suffix). */
int elem_set_text(struct elem *e, const char *s, size_t n);
int elem_set_suffix(struct elem *e, const char *s, size_t n);

/* The same into g's pool, for an element of g (its readers: an
 * allocation a block of texts, not a text). */
int record_elem_text(struct record *g, struct elem *e, const char *s,
    size_t n);
int record_elem_suffix(struct record *g, struct elem *e, const char *s,
    size_t n);

/* Copies s as e's text as read (elem.written). */
int elem_set_written(struct elem *e, const char *s);

/* Frees everything l owns. */
void line_free(struct line *l);

/* Number of ELEM_MOVE elements in l (plies of the main line). */
size_t line_count_moves(const struct line *l);

/*
 * Removes from l, and from the variations it keeps, the elements whose
 * kind is in kinds (a mask of LINE_STRIP(ELEM_...)); with
 * LINE_STRIP_MARKS, the move-strength marks (!, ?!) too.  A variation
 * an accepted undo took back (line_undo_var) is part of the game and
 * stays.
 */
#define LINE_STRIP(kind) (1u << (kind))
#define LINE_STRIP_MARKS 0x100u
void line_strip(struct line *l, unsigned kinds);

/* Removes the elements of l from index i on. */
void line_truncate(struct line *l, size_t i);

/*
 * The moves an accepted undo took back stand in a variation just before
 * the action "accept-undo SIDE" (comments and NAGs may come between):
 * line_undo_var tells whether element i of l is such a variation;
 * line_undo_before gives the index of the variation of the accept-undo
 * action at i, or l->n when none stands before it.
 */
int line_undo_var(const struct line *l, size_t i);
size_t line_undo_before(const struct line *l, size_t i);

#endif
