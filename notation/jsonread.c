/*
 * jsonread.c - the reader of the JSON notation (json.c,
 * notation/stackref.schema.json): the code of stackref-json.so
 * (base/module.h, json.h) and the only file that includes jansson.
 *
 * Untrusted input is read safely: the guard (jsonguard.c) cuts the
 * stream into game objects and refuses one too big or nested too deep
 * before jansson parses it (strictly: UTF-8 checked, no duplicate
 * member, no NUL in a string); texts are bounded by the limits of the
 * PDN reader (pdn.h), variations by JSON_DEPTH_MAX.  A game that does
 * not read as a record is reported and the reader goes on at the next
 * game; a stream that is not JSON stops it.
 */
#include <errno.h>
#include <stdlib.h>
#include <stdint.h>
#include <string.h>

#include <jansson.h>

#include "base/module.h"
#include "base/timeutc.h"
#include "base/util.h"
#include "notation/json.h"
#include "notation/jsonguard.h"
#include "notation/pdn.h"

#define JR_OK 0               /* a step read what it should */
#define JR_BAD (-1)           /* reported */

struct reader {
	const char *file;
	struct diag *d;
	struct json_guard gd;
	int done;                 /* READ_END from now on */
	unsigned long index;      /* games started */
	struct record *g;
	size_t cursor;            /* the value read, in gd.values */
	const json_t *game;       /* the member game of the game read */
	struct srcloc game_at;    /* where it is */
	enum read_result bad;     /* what a refusal makes */
};

/* Where the value being read starts. */
static const struct srcloc *
jr_at(const struct reader *rd)
{
	return rd->cursor < rd->gd.nvalues ? &rd->gd.values[rd->cursor] :
	    &rd->gd.start;
}

/* Where a diagnostic at at points: the file, the game being read. */
static const struct diag_where *
jr_where(const struct reader *rd, const struct srcloc *at,
    struct diag_where *w)
{
	w->file = rd->file;
	w->at = at;
	w->game = rd->index;
	w->ply = 0;
	return w;
}

/* Reports diagnostic id at at, in the game being read; JR_BAD. */
#define jr_report(rd, at, id, ...) (diag_report((rd)->d, id, \
	jr_where((rd), (at), &(struct diag_where){ 0 }), ##__VA_ARGS__), \
	JR_BAD)

/* Writes into buf what v is, for a diagnostic. */
static const char *
jr_what(const json_t *v, char *buf, size_t size)
{
	switch (json_typeof(v)) {
	case JSON_STRING: return util_quote(json_string_value(v), buf, size);
	case JSON_OBJECT: return "an object";
	case JSON_ARRAY: return "an array";
	case JSON_INTEGER:
		snprintf(buf, size, "%" JSON_INTEGER_FORMAT,
		    json_integer_value(v));
		return buf;
	case JSON_REAL: return "a number";
	case JSON_TRUE: return "true";
	case JSON_FALSE: return "false";
	default: return "null";
	}
}

/* Refuses v, which is not what was expected. */
static int
jr_refuse(struct reader *rd, const json_t *v, const char *expected)
{
	char buf[64];

	return jr_report(rd, jr_at(rd), DIAG_SYNTAX, expected,
	    jr_what(v, buf, sizeof(buf)));
}

/* The values in v, itself included. */
static size_t
jr_count(const json_t *v)
{
	const char *key;
	json_t *x;
	size_t i, n = 1;

	if (json_is_array(v))
		json_array_foreach(v, i, x)
			n += jr_count(x);
	else if (json_is_object(v))
		json_object_foreach((json_t *)(uintptr_t)v, key, x)
			n += jr_count(x);
	return n;
}

/* The text of v, a string of 1 to max bytes (0 to max when empty is
 * set), in *s.  Diagnostics point at the value at rd->cursor: the
 * callers move it past arrays, objects and the strings of a line. */
static int
jr_text(struct reader *rd, const json_t *v, size_t max, int empty,
    const char *expected, const char **s)
{
	size_t n;

	*s = NULL;
	if (!json_is_string(v) || (n = json_string_length(v)) > max ||
	    (n == 0 && !empty))
		return jr_refuse(rd, v, expected);
	*s = json_string_value(v);
	return JR_OK;
}

#define JR_NAME_SET "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz" \
	"0123456789_"

/* A tag: [name, value]. */
static int
jr_tag(struct reader *rd, const json_t *v)
{
	const struct srcloc *at = jr_at(rd);
	const char *name, *value;

	if (!json_is_array(v) || json_array_size(v) != 2)
		return jr_refuse(rd, v, "a tag, [name, value]");
	if (jr_text(rd, json_array_get(v, 0), PDN_NAME_MAX, 0,
	    "a tag name (letters, digits, _)", &name) == JR_BAD ||
	    jr_text(rd, json_array_get(v, 1), PDN_TEXT_MAX, 1,
	    "a tag value, a string", &value) == JR_BAD)
		return JR_BAD;
	if (!util_word(name, JR_NAME_SET, PDN_NAME_MAX))
		return jr_refuse(rd, json_array_get(v, 0),
		    "a tag name (letters, digits, _)");
	rd->cursor += jr_count(v);
	if (record_tag_add(rd->g, name, value, at) == -1)
		return jr_report(rd, NULL, DIAG_NOMEM);
	return JR_OK;
}

static int
jr_tags(struct reader *rd, const json_t *v)
{
	json_t *x;
	size_t i;

	if (!json_is_array(v))
		return jr_refuse(rd, v, "the tags, an array of [name, value]");
	rd->cursor++;
	json_array_foreach(v, i, x)
		if (jr_tag(rd, x) == JR_BAD)
			return JR_BAD;
	return JR_OK;
}

/* Appends an element kind with text s (NULL: none) at at to l. */
static struct elem *
jr_push(struct reader *rd, struct line *l, enum elem_kind kind,
    const struct srcloc *at, const char *s)
{
	struct elem *e;

	if ((e = line_push(l, kind, at)) == NULL ||
	    (s != NULL && record_elem_text(rd->g, e, s, strlen(s)) == -1)) {
		(void)jr_report(rd, NULL, DIAG_NOMEM);
		rd->bad = READ_SYSTEM;
		return NULL;
	}
	return e;
}

/* The actions, as the schema lists them (leave apart: it has days). */
static int
jr_action_ok(const char *s)
{
	static const char *const types[] = { "resign", "offer-draw",
	    "accept-draw", "decline-draw", "request-undo", "accept-undo",
	    "decline-undo", "claim-time", NULL };
	const char *sp = strchr(s, ' ');
	size_t i, n = sp != NULL ? (size_t)(sp - s) : 0;
	const char *days;

	if (sp == NULL)
		return 0;
	if (n == 5 && strncmp(s, "leave", 5) == 0) {
		if ((days = strchr(sp + 1, ' ')) == NULL ||
		    days - sp - 1 > 64 || strchr(days + 1, ' ') != NULL)
			return 0;
		return util_word(days + 1, "0123456789", 4);
	}
	for (i = 0; types[i] != NULL; i++)
		if (strlen(types[i]) == n && strncmp(types[i], s, n) == 0)
			return util_word(sp + 1, JR_NAME_SET "-", 64);
	return 0;
}

static int jr_line(struct reader *, const json_t *, struct line *,
    unsigned);

/* The members of a move object but its text: suffix and written; the
 * others (ply, side, fen) are what the moves give. */
static int
jr_move_more(struct reader *rd, struct elem *e, const char *key,
    const json_t *x)
{
	const char *s;

	if (strcmp(key, "suffix") == 0) {
		if (jr_text(rd, x, PDN_WORD_MAX, 0, "a mark of ! and ?",
		    &s) == JR_BAD)
			return JR_BAD;
		if (!util_word(s, "!?", PDN_WORD_MAX))
			return jr_refuse(rd, x, "a mark of ! and ?");
		return record_elem_suffix(rd->g, e, s, strlen(s)) == -1 ?
		    jr_report(rd, NULL, DIAG_NOMEM) : JR_OK;
	}
	if (strcmp(key, "written") == 0) {
		if (jr_text(rd, x, PDN_WORD_MAX, 0, "a move text", &s) ==
		    JR_BAD)
			return JR_BAD;
		if (strcmp(s, e->text) != 0 && elem_set_written(e, s) == -1)
			return jr_report(rd, NULL, DIAG_NOMEM);
		return JR_OK;
	}
	if (strcmp(key, "ply") == 0 || strcmp(key, "side") == 0 ||
	    strcmp(key, "fen") == 0)
		return JR_OK;
	return jr_refuse(rd, x, "a member move, suffix, written, ply, side "
	    "or fen of a move");
}

/* {"move": TEXT, ...}: a move with more than its text. */
static int
jr_move_object(struct reader *rd, const json_t *v, struct line *l,
    const struct srcloc *at)
{
	const json_t *text = json_object_get(v, "move"), *x;
	const char *key, *s;
	struct elem *e;

	if (jr_text(rd, text, PDN_WORD_MAX, 0, "a move text", &s) == JR_BAD ||
	    (e = jr_push(rd, l, ELEM_MOVE, at, s)) == NULL)
		return JR_BAD;
	json_object_foreach((json_t *)(uintptr_t)v, key, x)
		if (x != text && jr_move_more(rd, e, key, x) == JR_BAD)
			return JR_BAD;
	return JR_OK;
}

/* {"comment": TEXT} or {"comment": TEXT, "style": "line"}. */
static int
jr_comment(struct reader *rd, const json_t *v, struct line *l,
    const struct srcloc *at)
{
	const json_t *style = json_object_get(v, "style");
	const char *s, *st = "brace";
	struct elem *e;

	if (json_object_size(v) != 1 + (style != NULL) ||
	    (style != NULL && (!json_is_string(style) ||
	    ((st = json_string_value(style)), strcmp(st, "line") != 0 &&
	    strcmp(st, "brace") != 0))))
		return jr_refuse(rd, v, "a comment, {\"comment\": TEXT} with "
		    "\"style\": \"line\" or \"brace\" or none");
	if (jr_text(rd, json_object_get(v, "comment"), PDN_TEXT_MAX, 1,
	    "a comment, a string", &s) == JR_BAD ||
	    (e = jr_push(rd, l, ELEM_COMMENT, at, s)) == NULL)
		return JR_BAD;
	e->style = strcmp(st, "line") == 0 ? COMMENT_LINE : COMMENT_BRACE;
	return JR_OK;
}

/* The one member of an element object, key: a NAG, a variation, an
 * action or a time stamp. */
static int
jr_single(struct reader *rd, const char *key, const json_t *x,
    struct line *l, const struct srcloc *at, unsigned depth)
{
	const char *s;
	long long t;
	struct elem *e;

	if (strcmp(key, "nag") == 0) {
		if (!json_is_integer(x) || json_integer_value(x) < 0 ||
		    json_integer_value(x) > 65535)
			return jr_refuse(rd, x, "a NAG, a number from 0 to "
			    "65535");
		if ((e = jr_push(rd, l, ELEM_NAG, at, NULL)) == NULL)
			return JR_BAD;
		e->nag = (unsigned)json_integer_value(x);
		return JR_OK;
	}
	if (strcmp(key, "variation") == 0) {
		rd->cursor++;
		if ((e = jr_push(rd, l, ELEM_VARIATION, at, NULL)) == NULL)
			return JR_BAD;
		if ((e->var = calloc(1, sizeof(*e->var))) == NULL) {
			rd->bad = READ_SYSTEM;
			return jr_report(rd, NULL, DIAG_NOMEM);
		}
		return jr_line(rd, x, e->var, depth + 1);
	}
	if (strcmp(key, "action") == 0) {
		if (jr_text(rd, x, 160, 0, "an action", &s) == JR_BAD)
			return JR_BAD;
		if (!jr_action_ok(s))
			return jr_refuse(rd, x, "an action as \"offer-draw "
			    "white\" or \"leave red 5\"");
		return jr_push(rd, l, ELEM_ACTION, at, s) == NULL ? JR_BAD :
		    JR_OK;
	}
	if (jr_text(rd, x, 64, 0, "a time as 2026-11-24T20:57:07Z", &s) ==
	    JR_BAD)
		return JR_BAD;
	if (timeutc_parse(s, &t) == -1)
		return jr_refuse(rd, x, "a time as 2026-11-24T20:57:07Z");
	return jr_push(rd, l, ELEM_STAMP, at, s) == NULL ? JR_BAD : JR_OK;
}

/* An element of a line: a move's text, or an object of one kind. */
static int
jr_elem(struct reader *rd, const json_t *v, struct line *l, unsigned depth)
{
	static const char *const kinds[] = { "nag", "variation", "action",
	    "time", NULL };
	const struct srcloc *at = jr_at(rd);
	const char *s;
	size_t i;

	size_t next = rd->cursor + jr_count(v);
	int rc = JR_BAD;

	if (json_is_string(v))
		rc = jr_text(rd, v, PDN_WORD_MAX, 0, "a move text", &s) ==
		    JR_BAD || jr_push(rd, l, ELEM_MOVE, at, s) == NULL ?
		    JR_BAD : JR_OK;
	else if (json_is_object(v) && json_object_get(v, "move") != NULL)
		rc = jr_move_object(rd, v, l, at);
	else if (json_is_object(v) && json_object_get(v, "comment") != NULL)
		rc = jr_comment(rd, v, l, at);
	else {
		for (i = 0; json_is_object(v) && json_object_size(v) == 1 &&
		    kinds[i] != NULL; i++)
			if (json_object_get(v, kinds[i]) != NULL)
				break;
		if (!json_is_object(v) || json_object_size(v) != 1 ||
		    kinds[i] == NULL)
			return jr_refuse(rd, v, "a move, a string, or an "
			    "object of one of move, comment, nag, variation, "
			    "action or time");
		rc = jr_single(rd, kinds[i], json_object_get(v, kinds[i]), l,
		    at, depth);
	}
	rd->cursor = next;
	return rc;
}
/* A line: an array of elements, nested in depth variations. */
static int
jr_line(struct reader *rd, const json_t *v, struct line *l, unsigned depth)
{
	char what[64];
	json_t *x;
	size_t i;

	if (depth > JSON_DEPTH_MAX) {
		snprintf(what, sizeof(what), "variations nested over %d deep",
		    JSON_DEPTH_MAX);
		return jr_report(rd, jr_at(rd), DIAG_TOO_BIG, what);
	}
	if (!json_is_array(v))
		return jr_refuse(rd, v, "the moves, an array");
	rd->cursor++;
	json_array_foreach(v, i, x)
		if (jr_elem(rd, x, l, depth) == JR_BAD)
			return JR_BAD;
	return JR_OK;
}

static int
jr_result(struct reader *rd, const json_t *v)
{
	const char *s, *canonical;

	rd->g->result_at = *jr_at(rd);
	if (!json_is_string(v) ||
	    notation_result_normal(json_string_value(v), &canonical) == -1)
		return jr_refuse(rd, v, "a result, \"1-0\", \"0-1\", "
		    "\"1/2-1/2\", \"2-0\", \"0-2\", \"1-1\", \"0-0\" "
		    "or \"*\"");
	s = json_string_value(v);
	rd->cursor++;
	return record_set_result(rd->g, s) == -1 ?
	    jr_report(rd, NULL, DIAG_NOMEM) : JR_OK;
}

/* A member of a game object. */
static int
jr_member(struct reader *rd, const char *key, const json_t *x)
{
	if (strcmp(key, "tags") == 0)
		return jr_tags(rd, x);
	if (strcmp(key, "moves") == 0)
		return jr_line(rd, x, &rd->g->main, 0);
	if (strcmp(key, "result") == 0)
		return jr_result(rd, x);
	if (strcmp(key, "game") == 0 || strcmp(key, "start") == 0) {
		/* what the tags say; a game they leave out, jr_game_named */
		if (strcmp(key, "game") == 0 && json_is_string(x)) {
			rd->game = x;
			rd->game_at = *jr_at(rd);
		}
		rd->cursor += jr_count(x);
		return JR_OK;
	}
	return jr_refuse(rd, x, "a member game, tags, start, moves or "
	    "result of a game");
}

/* The member game, when no tag names one, as a Game tag: a record
 * written by hand or elsewhere may name its game there only.  One that
 * the tags name otherwise is refused. */
static int
jr_game_named(struct reader *rd)
{
	const char *name = json_string_value(rd->game);
	const struct rules *r = notation_game(rd->g, NULL);
	char expected[96], read[96];

	if (r != NULL && strcmp(r->name, name) == 0)
		return JR_OK;
	if (record_tag(rd->g, "Game") == NULL &&
	    record_tag(rd->g, "GameType") == NULL)
		return record_tag_add(rd->g, "Game", name, &rd->game_at) ==
		    -1 ? jr_report(rd, NULL, DIAG_NOMEM) : JR_OK;
	if (r == NULL)
		return JR_OK;     /* the tags' unknown game: the replay says */
	snprintf(expected, sizeof(expected), "the game the tags name, %s",
	    r->name);
	return jr_report(rd, &rd->game_at, DIAG_SYNTAX, expected,
	    util_quote(name, read, sizeof(read)));
}

/* The game object v into rd->g. */
static int
jr_game(struct reader *rd, const json_t *v)
{
	const char *key;
	json_t *x;

	rd->cursor = 0;
	rd->game = NULL;
	rd->g->at = rd->gd.start;
	if (!json_is_object(v))
		return jr_refuse(rd, v, "a game, a JSON object");
	rd->cursor++;
	json_object_foreach((json_t *)(uintptr_t)v, key, x)
		if (jr_member(rd, key, x) == JR_BAD)
			return JR_BAD;
	return rd->game != NULL ? jr_game_named(rd) : JR_OK;
}

/* Where jansson's error err is in the stream. */
static struct srcloc
jr_error_at(const struct reader *rd, const json_error_t *err)
{
	struct srcloc at = rd->gd.start;

	if (err->line > 1) {
		at.line += (unsigned long)err->line - 1;
		at.col = err->column > 0 ? (unsigned long)err->column : 0;
	} else if (err->column > 0)
		at.col += (unsigned long)err->column - 1;
	return at;
}

/* Parses the game the guard cut out into rd->g. */
static enum read_result
jr_parse(struct reader *rd)
{
	json_error_t err;
	struct srcloc at;
	json_t *v;
	int rc;

	rd->index++;
	v = json_loadb(rd->gd.text, rd->gd.len, JSON_REJECT_DUPLICATES, &err);
	if (v == NULL) {
		rd->done = 1;
		at = jr_error_at(rd, &err);
		(void)jr_report(rd, &at, DIAG_SYNTAX, "JSON", err.text);
		return READ_MALFORMED;
	}
	rd->bad = READ_MALFORMED;
	rc = jr_game(rd, v);
	json_decref(v);
	if (rc == JR_OK)
		return READ_GAME;
	if (rd->bad == READ_SYSTEM)
		rd->done = 1;
	return rd->bad;
}

/* Reports why the guard stopped. */
static enum read_result
jr_stopped(struct reader *rd, enum jsonguard_result gr)
{
	rd->done = 1;
	if (gr == JSONGUARD_NOMEM) {
		(void)jr_report(rd, NULL, DIAG_NOMEM);
		return READ_SYSTEM;
	}
	if (gr == JSONGUARD_IOERR) {
		(void)jr_report(rd, NULL, DIAG_READ, strerror(errno != 0 ? errno :
		    EIO));
		return READ_SYSTEM;
	}
	if (rd->gd.toobig[0] != '\0')
		(void)jr_report(rd, &rd->gd.bad, DIAG_TOO_BIG, rd->gd.toobig);
	else
		(void)jr_report(rd, &rd->gd.bad, DIAG_SYNTAX, rd->gd.expected,
		    rd->gd.read);
	return READ_MALFORMED;
}

static enum read_result
jr_next(struct reader *rd, struct record *g, unsigned long *index)
{
	enum jsonguard_result gr;
	enum read_result rr = READ_END;

	record_free(g);
	record_init(g);
	rd->g = g;
	if (!rd->done) {
		if ((gr = jsonguard_next(&rd->gd)) == JSONGUARD_GAME)
			rr = jr_parse(rd);
		else if (gr == JSONGUARD_END)
			rd->done = 1;
		else
			rr = jr_stopped(rd, gr);
	}
	if (index != NULL)
		*index = rd->index;
	return rr;
}

static void
jr_close(struct reader *rd)
{
	if (rd == NULL)
		return;
	jsonguard_free(&rd->gd);
	free(rd);
}

static struct reader *
jr_open(FILE *in, const char *file, struct diag *d)
{
	struct reader *rd;

	if ((rd = calloc(1, sizeof(*rd))) == NULL)
		return NULL;
	rd->file = file;
	rd->d = d;
	jsonguard_init(&rd->gd, in);
	return rd;
}

/* The table stackref-json.so exports (json.h): the reader alone. */
MODULE_EXPORT const struct notation stackref_json = {
	.name = "json",
	.open = jr_open,
	.next = jr_next,
	.close = jr_close,
};
