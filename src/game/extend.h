/*
 * extend.h - whether one record extends another: the same game, and
 * more of it.  What fetch -o checks of a record it downloads, post of
 * the server's copy it replaces, and the referee (the first rule) of a
 * record attached to a mail about a board.
 */
#ifndef STACKREF_GAME_EXTEND_H
#define STACKREF_GAME_EXTEND_H

#include <stddef.h>

#include "game/replay.h"
#include "model/record.h"

/* A one-game record and its replay (canonical texts), as two are
 * compared.  record_init g first; record_free it after. */
struct extend_game {
	struct record g;
	struct replay rp;
};

/* What extend_check finds. */
enum {
	EXTEND_NO = -1,             /* b does not extend a */
	EXTEND_SAME = 0,            /* b is the same game as a */
	EXTEND_MORE = 1             /* b extends a by moves or actions */
};

/*
 * Whether records a and b are of the same game: the same game (rules),
 * GameId (or none) and start position.  Nothing needs to be replayed.
 * Returns 0, or -1 with why (of size bytes) saying how b differs from
 * a ("it is game 7, this one is 9").
 */
int extend_same_game(const struct record *a, const struct record *b,
    char *why, size_t size);

/*
 * Whether record b extends record a (stackref(1), fetch): the same game
 * (extend_same_game); the moves, actions and time stamps of a's main
 * line are the first of b's (compared canonically; comments, NAGs and
 * variations are annotations, not compared), where the variation of an
 * accepted undo counts in its place: an undo may move a's last moves
 * into one, and b then adds the accept after it; the same tags, each as
 * often with the same value, but Result, Termination and PlyCount,
 * which may change only when b adds moves or actions; b's result that
 * of a when it adds nothing, else a not over and b's result the one its
 * replay gives.  Returns an EXTEND_* value; with EXTEND_NO, why (of
 * size bytes) says how b departs from a, named aname ("this one").
 */
int extend_check(const struct extend_game *a, const struct extend_game *b,
    const char *aname, char *why, size_t size);

#endif
