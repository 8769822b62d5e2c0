/*
 * picture.h - the picture of a replayed record's position as `stackref
 * show` draws it (svg.h): the caption (the game's title, with the
 * record's Event), the players of its tags, the lines under the board
 * (the game, the plies, the last move, then who moves or the result)
 * and the correspondence state.  What show draws and the referee's
 * mails show, so that the board in a mail is the picture `show
 * --format png` gives of the record attached.
 */
#ifndef STACKREF_GAME_PICTURE_H
#define STACKREF_GAME_PICTURE_H

#include "notation/svg.h"
#include "game/replay.h"

struct game_picture {
	struct svg_view v;           /* points into the texts below */
	char title[SVG_TEXT_MAX], status[512], state[128];
};

/*
 * Fills p with the picture of rp (a replay of g) seen from the first
 * player's side, or the second's with flip, size pixels on its longer
 * side (0: its natural size).  p must stay where it is while p->v is
 * used.
 */
void game_picture(struct game_picture *p, const struct replay *rp,
    const struct record *g, int flip, unsigned size);

/* Writes the lines under the board into buf: game, ply, last move,
 * then who moves or the result; at_end: the whole record was replayed
 * (a result it gives is then said). */
void game_status_text(const struct replay *rp, const struct record *g,
    int at_end, char *buf, size_t size);

/* The record's correspondence state as one line ("white offers a
 * draw") in buf, or NULL when there is nothing to add: an end by
 * resignation or agreement is already in the status lines. */
const char *game_state_text(const struct replay *rp, char *buf,
    size_t size);

#endif
