/*
 * broken.h - keeping a game that does not replay, as pgn-extract's
 * --keepbroken does, without inventing anything: the moves before the
 * fault stay moves, everything after it becomes comments.
 */
#ifndef STACKREF_GAME_BROKEN_H
#define STACKREF_GAME_BROKEN_H

#include "game/replay.h"
#include "model/record.h"

#define BROKEN_MARK "stackref"   /* starts the first comment of a tail */

/*
 * Turns the main line of g from element rp->elem on (where replay_run
 * stopped at a fault, rp holding the state before it) into comments: the
 * moves, NAGs, actions and variations as PDN text, move numbers included,
 * in comments of their own between the comments of the record, the first
 * starting "stackref: not replayed from ply P:".  A later replay of g
 * then plays the moves before the fault and ends there.  Returns 0, or
 * -1 when out of memory (g may then have lost its tail).
 */
int broken_keep(struct record *g, const struct replay *rp);

#endif
