/*
 * jsonguard.h - the guard the JSON reader (jsonread.c, its only user)
 * puts between the input and jansson: it reads a stream of games (one
 * JSON array of game objects, or game objects one after another) byte
 * by byte, cuts out the text of one game object at a time, and refuses,
 * before jansson parses anything, a game too big (bytes, values) or
 * nested too deep.  It keeps where each value of the game starts, in
 * document order, for the reader's diagnostics.
 *
 * Ownership: a struct json_guard owns its buffers; jsonguard_free
 * releases them.
 */
#ifndef STACKREF_NOTATION_JSONGUARD_H
#define STACKREF_NOTATION_JSONGUARD_H

#include <stddef.h>
#include <stdio.h>

#include "base/srcloc.h"
#include "notation/json.h"
#include "notation/pdn.h"

/* Bytes of the text of one game: its texts (PDN_GAME_MAX) and room for
 * the JSON around them. */
#define JSONGUARD_GAME_MAX (PDN_GAME_MAX + PDN_GAME_MAX / 2)

/* Values (strings, numbers, objects, arrays...) of one game: each tag
 * and element of a record is at most four. */
#define JSONGUARD_VALUES_MAX (4 * (size_t)PDN_ELEMS_MAX)

/* Arrays and objects nested: the game, its moves, JSON_DEPTH_MAX
 * variations (an object and a list each), a move object in them. */
#define JSONGUARD_NEST_MAX (2 * JSON_DEPTH_MAX + 4)

enum jsonguard_result {
	JSONGUARD_GAME,       /* text and len hold a game object */
	JSONGUARD_END,        /* the stream ended where it may */
	JSONGUARD_REFUSED,    /* expected/read or toobig say why, at bad */
	JSONGUARD_NOMEM,
	JSONGUARD_IOERR       /* errno says why */
};

struct json_guard {
	FILE *in;
	struct srcloc at;         /* of the next byte */
	int state;                /* where in the stream (jsonguard.c) */
	char *text;               /* the game object's text, NUL-ended */
	size_t len, cap;
	struct srcloc start;      /* where the game object starts */
	struct srcloc *values;    /* where each of its values starts */
	size_t nvalues, valcap;
	struct srcloc bad;        /* of what was refused */
	const char *expected;     /* set when refused as malformed */
	char toobig[80];          /* set when refused as too big */
	char read[32];            /* what was read instead of expected */
};

/* Starts a guard on in at line 1, column 1. */
void jsonguard_init(struct json_guard *gd, FILE *in);

/* Cuts out the next game object of the stream (text, len, start,
 * values). */
enum jsonguard_result jsonguard_next(struct json_guard *gd);

/* Frees what gd owns. */
void jsonguard_free(struct json_guard *gd);

#endif
