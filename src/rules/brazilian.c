/*
 * brazilian.c - Brazilian draughts (PDN GameType 26): the international
 * rules on 8x8, three rows of men each, White first, squares named
 * a1-h8 (stackref-rules(7)).
 */
#include "rules/draughts.h"

extern const struct rules rules_brazilian;

static const struct draughts_variant brazilian = {
	.rules = &rules_brazilian,
	.grid = { 8, 8, 0, 2 },         /* "26,W,8,8,A0,0"; numbers as N2 */
	.rows = 3,
	.men_back = 1,
	.flying = 1,
	.majority = DRAUGHTS_MOST,
	.merge_paths = 1,
	.names = SQUARES_ALGEBRAIC,
	.capsep = 'x',
	DRAUGHTS_PHRASES("white", "black"),
};

DRAUGHTS_FUNCTIONS(brazilian, &brazilian)

const struct rules rules_brazilian = {
	.name = "brazilian",
	.title = "Brazilian draughts",
	.side = { "white", "black" },
	.letter = { 'w', 'b' },
	.gametype = "26",
	DRAUGHTS_RULES(brazilian, 8, 8),
};
