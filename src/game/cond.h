/*
 * cond.h - conditional moves: a player's list of "if the opponent plays
 * X, I reply Y" pairs, several plies deep (ICCF's conditional moves,
 * Lichess's conditional premoves).  When the opponent's move is the
 * first X, in the position the list was made for, Y is played at once
 * as the owner's move and the list goes on from the next pair; any
 * other move drops the whole list.
 *
 * The list is private to its owner: it is never part of a record.  The
 * matching here is pure (a list, a replay, a move text); where the list
 * is kept is the caller's (stackref move --then keeps it in a file
 * beside the record, the referee in its state), in the text
 * cond_format writes and cond_parse reads.
 *
 * Nothing here allocates; a struct cond is a plain value.
 */
#ifndef STACKREF_GAME_COND_H
#define STACKREF_GAME_COND_H

#include <stddef.h>

#include "game/replay.h"

#define COND_MAX 32               /* pairs of a list */
#define COND_TEXT 96              /* bytes of a move text */
#define COND_FEN 2048             /* bytes of a position */

struct cond {
	int side;                 /* its owner, or -1: no list */
	unsigned long ply;        /* the ply its first X is for */
	char fen[COND_FEN];       /* the position that X is played in */
	size_t n;                 /* pairs left */
	char move[COND_MAX][2][COND_TEXT]; /* [i][0] X, [i][1] Y: canonical */
};

/* Makes c the empty list. */
void cond_clear(struct cond *c);

/*
 * Makes c the list of the side that has just moved in rp (rp->pos.turn
 * is its opponent) from the n move texts texts: X1 Y1 X2 Y2 ...  Each
 * must be legal in turn from rp's position, and the game go on to the
 * last.  The texts are kept canonical (in the record's square style).
 * Returns 0, or -1 with why (of size bytes) saying which move fails.
 */
int cond_set(struct cond *c, const struct replay *rp,
    const char *const *texts, size_t n, char *why, size_t size);

enum cond_verdict {
	COND_KEEP,                /* nothing to do; the list stays */
	COND_REPLY,               /* play cond_reply(c) now */
	COND_DROP                 /* the list no longer applies: drop it */
};

/*
 * What c says once the move played (its canonical text) has been
 * played into rp: a move by the opponent at the ply and in the position
 * of the first X gives COND_REPLY when it is X, else COND_DROP; a
 * move that passes the list by gives COND_DROP; anything else (no list,
 * the owner's own reply) COND_KEEP.
 */
enum cond_verdict cond_match(const struct cond *c, const struct replay *rp,
    const char *played);

/* The reply of the first pair. */
const char *cond_reply(const struct cond *c);

/* Drops the first pair once its reply is played into rp: the list goes
 * on from rp's position, or is empty. */
void cond_shift(struct cond *c, const struct replay *rp);

/*
 * Writes c as text into buf: "side SIDE", "ply N", "fen FEN", then a
 * line "X Y" per pair.  Returns its length, or -1 when it does not fit.
 */
int cond_format(const struct cond *c, const struct rules *r, char *buf,
    size_t size);

/* Reads the text cond_format wrote, for game r, into c; 0, or -1. */
int cond_parse(struct cond *c, const struct rules *r, const char *text);

#endif
