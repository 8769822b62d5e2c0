/*
 * jsonguard.c - a stream of JSON games cut into game objects, each
 * bounded before it is parsed (jsonguard.h).  Part of stackref-json.so.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "notation/jsonguard.h"

/* Where in the stream the guard is, between two game objects. */
enum {
	GUARD_START,          /* nothing read yet */
	GUARD_ARRAY_FIRST,    /* after the '[' of the array of games */
	GUARD_ARRAY_NEXT,     /* after a game in the array */
	GUARD_OBJECTS,        /* after a game that stands alone */
	GUARD_END             /* at the end, or refused */
};

void
jsonguard_init(struct json_guard *gd, FILE *in)
{
	memset(gd, 0, sizeof(*gd));
	gd->in = in;
	gd->at.line = gd->at.col = 1;
}

void
jsonguard_free(struct json_guard *gd)
{
	free(gd->text);
	free(gd->values);
	gd->text = NULL;
	gd->values = NULL;
}

/* The next byte, or EOF; moves gd->at past it. */
static int
jsonguard_getc(struct json_guard *gd)
{
	int c = getc(gd->in);

	if (c == '\n') {
		gd->at.line++;
		gd->at.col = 1;
	} else if (c != EOF)
		gd->at.col++;
	return c;
}

/* The next byte that is not blank, or EOF; *where gets its place. */
static int
jsonguard_skip(struct json_guard *gd, struct srcloc *where)
{
	int c;

	do {
		*where = gd->at;
		c = jsonguard_getc(gd);
	} while (c == ' ' || c == '\t' || c == '\n' || c == '\r');
	return c;
}

/* Refuses c at where: expected was expected. */
static enum jsonguard_result
jsonguard_refuse(struct json_guard *gd, int c, const struct srcloc *where,
    const char *expected)
{
	gd->state = GUARD_END;
	gd->bad = *where;
	gd->expected = expected;
	if (c == EOF)
		snprintf(gd->read, sizeof(gd->read), "the end");
	else if (c >= 0x20 && c < 0x7f)
		snprintf(gd->read, sizeof(gd->read), "'%c'", c);
	else
		snprintf(gd->read, sizeof(gd->read), "byte 0x%02x", c);
	return JSONGUARD_REFUSED;
}

/* Refuses the game as too big: what, over max. */
static enum jsonguard_result
jsonguard_toobig(struct json_guard *gd, const char *what, size_t max)
{
	gd->state = GUARD_END;
	gd->bad = gd->at;
	snprintf(gd->toobig, sizeof(gd->toobig), "%s over %zu", what, max);
	return JSONGUARD_REFUSED;
}

/* Appends byte c to the game's text; 0, or -1 when out of memory. */
static int
jsonguard_add(struct json_guard *gd, int c)
{
	char *p;
	size_t cap;

	if (gd->len + 1 >= gd->cap) {
		cap = gd->cap == 0 ? 4096 : 2 * gd->cap;
		if ((p = realloc(gd->text, cap)) == NULL)
			return -1;
		gd->text = p;
		gd->cap = cap;
	}
	gd->text[gd->len++] = (char)c;
	gd->text[gd->len] = '\0';
	return 0;
}

/* Notes that a value starts at where; 0, or -1 when out of memory. */
static int
jsonguard_value(struct json_guard *gd, const struct srcloc *where)
{
	struct srcloc *p;
	size_t cap;

	if (gd->nvalues == gd->valcap) {
		cap = gd->valcap == 0 ? 256 : 2 * gd->valcap;
		if ((p = realloc(gd->values, cap * sizeof(*p))) == NULL)
			return -1;
		gd->values = p;
		gd->valcap = cap;
	}
	gd->values[gd->nvalues++] = *where;
	return 0;
}

/* The scan of a game object's text, outside its strings. */
struct jsonguard_scan {
	unsigned depth;
	char kinds[JSONGUARD_NEST_MAX + 1];  /* '{' or '[' of each level */
	int key;              /* a string here is an object's key */
	int open;             /* after { [ , or :, so a value may start */
	int string, escape;   /* within a string, after its backslash */
};

/* Scans byte c at where outside strings; 0, 1 at the end of the game,
 * -1 when refused or out of memory (gd->toobig set or not). */
static int
jsonguard_struct(struct json_guard *gd, struct jsonguard_scan *sc, int c,
    const struct srcloc *where)
{
	int open = sc->open;

	sc->open = 0;
	if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
		sc->open = open;
		return 0;
	}
	if (c == '"' && sc->key) {
		sc->key = 0;
		sc->string = 1;
		return 0;
	}
	if (open && strchr("{[\"-0123456789tfn", c) != NULL &&
	    jsonguard_value(gd, where) == -1)
		return -1;
	if (gd->nvalues > JSONGUARD_VALUES_MAX) {
		jsonguard_toobig(gd, "values in a game",
		    JSONGUARD_VALUES_MAX);
		return -1;
	}
	switch (c) {
	case '"':
		sc->string = 1;
		return 0;
	case '{': case '[':
		if (sc->depth == JSONGUARD_NEST_MAX) {
			jsonguard_toobig(gd, "arrays and objects nested",
			    JSONGUARD_NEST_MAX);
			return -1;
		}
		sc->kinds[++sc->depth] = (char)c;
		sc->key = c == '{';
		sc->open = 1;
		return 0;
	case '}': case ']':
		if (sc->depth > 0)
			sc->depth--;
		return sc->depth == 0;
	case ',':
		sc->key = sc->kinds[sc->depth] == '{';
		sc->open = 1;
		return 0;
	case ':':
		sc->open = 1;
		return 0;
	default:
		return 0;
	}
}

/* Cuts out the game object whose '{' is the next byte, at start. */
static enum jsonguard_result
jsonguard_object(struct json_guard *gd, const struct srcloc *start)
{
	struct jsonguard_scan sc = { 0 };
	struct srcloc where = *start;
	int c = '{', rc;

	gd->len = gd->nvalues = 0;
	gd->start = *start;
	sc.open = 1;
	for (;;) {
		if (gd->len + 1 >= JSONGUARD_GAME_MAX)
			return jsonguard_toobig(gd, "bytes of a game",
			    JSONGUARD_GAME_MAX);
		if (jsonguard_add(gd, c) == -1)
			return JSONGUARD_NOMEM;
		if (sc.string) {
			if (sc.escape)
				sc.escape = 0;
			else if (c == '\\')
				sc.escape = 1;
			else if (c == '"')
				sc.string = 0;
		} else if ((rc = jsonguard_struct(gd, &sc, c, &where)) != 0)
			return rc == 1 ? JSONGUARD_GAME : gd->toobig[0] != '\0' ?
			    JSONGUARD_REFUSED : JSONGUARD_NOMEM;
		where = gd->at;
		if ((c = jsonguard_getc(gd)) == EOF)
			break;
	}
	/* cut short: jansson says where it ends */
	gd->state = GUARD_END;
	if (ferror(gd->in))
		return JSONGUARD_IOERR;
	return JSONGUARD_GAME;
}

/* The end of the stream after the array of games. */
static enum jsonguard_result
jsonguard_after_array(struct json_guard *gd)
{
	struct srcloc where;
	int c = jsonguard_skip(gd, &where);

	if (c != EOF)
		return jsonguard_refuse(gd, c, &where,
		    "the end of the stream after the array of games");
	gd->state = GUARD_END;
	return JSONGUARD_END;
}

/* The start of the stream: a byte order mark, blanks, then '[' or
 * '{'. */
static int
jsonguard_first(struct json_guard *gd, struct srcloc *where)
{
	int c = jsonguard_skip(gd, where);

	if (c == 0xef && jsonguard_getc(gd) == 0xbb &&
	    jsonguard_getc(gd) == 0xbf)
		c = jsonguard_skip(gd, where);
	if (c == '[') {
		gd->state = GUARD_ARRAY_FIRST;
		c = jsonguard_skip(gd, where);
	} else
		gd->state = GUARD_OBJECTS;
	return c;
}

enum jsonguard_result
jsonguard_next(struct json_guard *gd)
{
	struct srcloc where;
	int c;

	switch (gd->state) {
	case GUARD_START:
		c = jsonguard_first(gd, &where);
		break;
	case GUARD_ARRAY_NEXT:
		if ((c = jsonguard_skip(gd, &where)) == ',') {
			if ((c = jsonguard_skip(gd, &where)) != '{')
				return jsonguard_refuse(gd, c, &where,
				    "a game, a JSON object '{', after ','");
		} else if (c != ']')
			return jsonguard_refuse(gd, c, &where,
			    "',' or ']' after a game");
		break;
	case GUARD_ARRAY_FIRST:
	case GUARD_OBJECTS:
		c = jsonguard_skip(gd, &where);
		break;
	default:
		return ferror(gd->in) ? JSONGUARD_IOERR : JSONGUARD_END;
	}
	if (ferror(gd->in))
		return JSONGUARD_IOERR;
	if (c == '{') {
		if (gd->state == GUARD_ARRAY_FIRST)
			gd->state = GUARD_ARRAY_NEXT;
		return jsonguard_object(gd, &where);
	}
	if (c == ']' && gd->state != GUARD_OBJECTS)
		return jsonguard_after_array(gd);
	if (c == EOF && gd->state == GUARD_OBJECTS) {
		gd->state = GUARD_END;
		return JSONGUARD_END;
	}
	return jsonguard_refuse(gd, c, &where, gd->state == GUARD_OBJECTS ?
	    "a game, a JSON object '{'" : "a game, a JSON object '{', or ']'");
}
