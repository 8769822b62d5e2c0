/*
 * portuguese.c - Portuguese draughts (PDN GameType 28): the FPD's damas
 * clássicas, the game of Spanish draughts (spanish.c) under its own name
 * and GameType.  stackref-rules(7).
 */
#include "rules/draughts.h"

DRAUGHTS_FUNCTIONS(portuguese, &draughts_spanish)

const struct rules rules_portuguese = {
	.name = "portuguese",
	.title = "Portuguese draughts",
	.side = { "white", "black" },
	.letter = { 'w', 'b' },
	.gametype = "28",
	DRAUGHTS_RULES(portuguese, 8, 8),
};
