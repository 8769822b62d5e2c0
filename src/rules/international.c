/*
 * international.c - international draughts (PDN GameType 20): 10x10,
 * four rows of men each, White first on 31-50, men capture backwards,
 * flying kings, the capture of the most pieces compulsory, a man
 * crowned only where its move ends.  FMJD rules (stackref-rules(7)).
 */
#include "rules/draughts.h"

extern const struct rules rules_international;

static const struct draughts_variant international = {
	.rules = &rules_international,
	.grid = { 10, 10, 0, 2 },       /* "20,W,10,10,N2,0" */
	.rows = 4,
	.men_back = 1,
	.flying = 1,
	.majority = DRAUGHTS_MOST,
	.merge_paths = 1,
	.names = SQUARES_NUMERIC,
	.capsep = 'x',
	DRAUGHTS_PHRASES("white", "black"),
};

DRAUGHTS_FUNCTIONS(international, &international)

const struct rules rules_international = {
	.name = "international",
	.title = "International draughts",
	.side = { "white", "black" },
	.letter = { 'w', 'b' },
	.gametype = "20",
	.results = RESULTS_INTERNATIONAL,
	DRAUGHTS_RULES(international, 10, 10),
};
