/*
 * spanish.c - Spanish draughts (PDN GameType 24): 8x8 with each
 * player's right-hand corner dark, three rows of men each, White first
 * on 1-12, men capture forward only, flying kings, the capture of the
 * most pieces, then of the most kings.  FEDE rules (stackref-rules(7)).
 * Portuguese draughts (portuguese.c) is the same game.
 */
#include "rules/draughts.h"

extern const struct rules rules_spanish;

const struct draughts_variant draughts_spanish = {
	.rules = &rules_spanish,
	.grid = { 8, 8, 1, 1 },         /* "24,W,8,8,N1,1" */
	.rows = 3,
	.flying = 1,
	.majority = DRAUGHTS_MOST_KINGS,
	.merge_paths = 1,
	.names = SQUARES_NUMERIC,
	.capsep = 'x',
	DRAUGHTS_PHRASES("white", "black"),
};

DRAUGHTS_FUNCTIONS(spanish, &draughts_spanish)

const struct rules rules_spanish = {
	.name = "spanish",
	.title = "Spanish draughts",
	.side = { "white", "black" },
	.letter = { 'w', 'b' },
	.gametype = "24",
	DRAUGHTS_RULES(spanish, 8, 8),
};
