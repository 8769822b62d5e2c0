/*
 * russian.c - Russian draughts (PDN GameType 25): 8x8, three rows of
 * men each, White first, squares named a1-h8 and captures written with
 * ':' (c3:e5:g3), men capture backwards, flying kings, any capture may
 * be chosen, a man reaching the far row in a capture goes on as a king.
 * Rules of the Russian draughts federation (stackref-rules(7)).
 */
#include "rules/draughts.h"

extern const struct rules rules_russian;

static const struct draughts_variant russian = {
	.rules = &rules_russian,
	.grid = { 8, 8, 0, 2 },         /* "25,W,8,8,A0,0"; numbers as N2 */
	.rows = 3,
	.men_back = 1,
	.flying = 1,
	.majority = DRAUGHTS_FREE,
	.crown_on_pass = 1,
	.names = SQUARES_ALGEBRAIC,
	.capsep = ':',
	DRAUGHTS_PHRASES("white", "black"),
};

DRAUGHTS_FUNCTIONS(russian, &russian)

const struct rules rules_russian = {
	.name = "russian",
	.title = "Russian draughts",
	.side = { "white", "black" },
	.letter = { 'w', 'b' },
	.gametype = "25",
	DRAUGHTS_RULES(russian, 8, 8),
};
