/*
 * linematch.h - the games that follow a given line of moves from their
 * start (convert --line, --lines; pgn-extract's -v): each line a list of
 * move texts, move numbers and results left out, a move's alternatives
 * joined by '|' ("11-15 23-19 9-14|8-11").  A move of a line is read in
 * the position of the game where it stands, so it matches the move
 * played however either is written (11-15, 11x15, a full path).
 *
 * Ownership: a struct linematch owns its lines (linematch_free).
 */
#ifndef STACKREF_GAME_LINEMATCH_H
#define STACKREF_GAME_LINEMATCH_H

#include <stddef.h>

#include "game/replay.h"

struct linematch_line {
	char **moves;            /* the texts, "a|b" alternatives kept */
	size_t n;
	int alive;               /* the game being replayed follows it */
};

struct linematch {
	struct linematch_line *lines;
	size_t n;
};

void linematch_init(struct linematch *lm);
void linematch_free(struct linematch *lm);

/* Whether lm holds a line (a game is then checked against them). */
int linematch_active(const struct linematch *lm);

/* Adds the line text (blanks between moves).  Returns 1, 0 for a text
 * of no move (nothing added), -1 when out of memory. */
int linematch_add(struct linematch *lm, const char *text);

/* The replay's hook: at ply 0 every line is followed; at ply k the
 * move just played (rp->last from rp->prev) must be move k of a line
 * for it to stay followed. */
void linematch_ply(struct linematch *lm, const struct replay *rp);

/* Whether the game replayed followed a line to its end (rp: where the
 * replay stopped). */
int linematch_found(const struct linematch *lm, const struct replay *rp);

#endif
