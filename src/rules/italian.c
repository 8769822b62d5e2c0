/*
 * italian.c - Italian draughts (PDN GameType 22): 8x8 with each player's
 * right-hand corner dark, three rows of men each, White first on 21-32,
 * men capture forward only and never a king, kings move one square;
 * the capture of the most pieces, then with a king, then of the most
 * kings, then meeting a king first.  FID rules (stackref-rules(7)).
 */
#include "rules/draughts.h"

extern const struct rules rules_italian;

static const struct draughts_variant italian = {
	.rules = &rules_italian,
	.grid = { 8, 8, 1, 2 },         /* "22,W,8,8,N2,1" */
	.rows = 3,
	.majority = DRAUGHTS_ITALIAN,
	.men_spare_kings = 1,
	.merge_paths = 1,
	.names = SQUARES_NUMERIC,
	.capsep = 'x',
	DRAUGHTS_PHRASES("white", "black"),
};

DRAUGHTS_FUNCTIONS(italian, &italian)

const struct rules rules_italian = {
	.name = "italian",
	.title = "Italian draughts",
	.side = { "white", "black" },
	.letter = { 'w', 'b' },
	.gametype = "22",
	DRAUGHTS_RULES(italian, 8, 8),
};
