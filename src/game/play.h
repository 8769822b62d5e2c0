/*
 * play.h - adding to a replayed record: a move or a correspondence
 * action appended to the end of its main line, and the result set when
 * it ends the game.  What `move`, the action commands and the referee
 * share, so that a record grows the same way whoever adds to it.
 *
 * Functions returning int return 0, or -1 when out of memory.
 */
#ifndef STACKREF_GAME_PLAY_H
#define STACKREF_GAME_PLAY_H

#include "game/replay.h"
#include "model/record.h"

/*
 * Whether nothing may be added to g, replayed into rp: the game is over
 * by its position, by a resignation or an accepted draw (rp->outcome),
 * or by a result other than "*" the record gives (its result token,
 * else its Result tag).  Then returns 1 with *res the result token and
 * *why the reason (static or from rp); else 0.
 */
int play_over(const struct replay *rp, const struct record *g,
    const char **res, const char **why);

/*
 * Appends the canonical text of rp's last ply (replay_ply) to g's main
 * line, its squares written in the record's style
 * (rp->style).  When the ply ends the game, sets
 * rp->outcome and rp->why and the result (token and Result tag).  The
 * text appended is copied into text (of size bytes) when text is not
 * NULL.
 */
int play_append_move(struct replay *rp, struct record *g, char *text,
    size_t size);

/*
 * Appends action act taken by side (after replay_action accepted it on
 * rp) as "ACTION SIDE"; when it ends the game (rp->act_outcome), sets
 * the result (token and Result tag) and the Termination tag to its
 * reason.
 */
int play_append_action(const struct replay *rp, struct record *g,
    enum replay_act act, int side);

#endif
