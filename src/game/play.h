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
 * A record whose start position (a set-up) already decides the game,
 * and that gives no result or "*": sets its result (the Result tag and
 * the movetext's) to that decision, as play_append_move does after the
 * move that ends a game, so that check reads it back as valid.  rp is
 * the replay of g started (replay_start); its outcome is set either way,
 * for replay_result to check a result g gives.  Returns 1 when it set the
 * result, 0 when the position decides nothing or g gives a result, -1
 * when out of memory.
 */
int play_settle_start(struct replay *rp, struct record *g);

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

/*
 * Appends "leave SIDE DAYS", side's leave of days days from now (as
 * the judge let pass: judge.h).
 */
int play_append_leave(const struct replay *rp, struct record *g, int side,
    unsigned long days);

/*
 * Accepts by side the pending request of rp to take back moves
 * (replay_action has let REPLAY_ACCEPT_UNDO pass on rp, which was
 * replayed from g): the elements of g's main line from the requester's
 * last move (rp->undo_elem) to the end, the request among them, move
 * into a variation that ends the main line, then "accept-undo SIDE"
 * follows it.  The main line is then the game in force; replay g again
 * for its position.  Nothing is lost: the moves taken back, their
 * comments and time stamps stay in the variation (PDN writes it
 * numbered from the ply it starts at).
 */
int play_accept_undo(const struct replay *rp, struct record *g, int side);

/* Appends action act by side, judged and applied to rp (judge_play,
 * replay_act_apply): leave of days days (play_append_leave), an accepted
 * undo (play_accept_undo), else play_append_action. */
int play_append_act(const struct replay *rp, struct record *g,
    enum replay_act act, int side, unsigned long days);

/* Appends to g's main line the stop of side's clock from from to until
 * (clock.h), the comment "[%stop red 2027-01-05T10:00:00Z
 * 2027-01-05T11:00:00Z]".  0, or -1 when a time does not write or out
 * of memory. */
int play_append_stop(const struct replay *rp, struct record *g, int side,
    long long from, long long until);

/* Appends the time stamp t (seconds since 1970, UTC) to g's main line:
 * the time of the move or action just appended, or, on an empty main
 * line, the start of the game's clock. */
int play_append_stamp(struct record *g, long long t);

struct cond;

/*
 * Answers the last ply of rp (appended to g) with the conditional
 * replies of c (game/cond.h): while the move just played is the first
 * X of c, its reply Y is played into rp and appended to g (followed by
 * the time stamp now when stamp is set), and the list goes on from
 * there; a move that does not match drops the list, as does a reply
 * that no longer replays.  played(ctx, TEXT) is called with the text
 * of each reply played, when played is not NULL.  Returns the number
 * of replies played, or -1 when out of memory.
 */
int play_cond_answer(struct cond *c, struct replay *rp, struct record *g,
    int stamp, long long now, void (*played)(void *ctx, const char *text),
    void *ctx);

#endif
