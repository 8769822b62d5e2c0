/*
 * frisian.c - Frisian draughts (PDN GameType 40): 10x10, four rows of
 * men each, White first on 31-50; men and kings capture diagonally and
 * straight along rows and columns, men backwards too, kings flying; the
 * capture of the greatest value is compulsory (a king worth less than
 * two men), then one made with a king; a man crowned only where its move
 * ends; a king makes at most three plain moves in a row while its side
 * has men.  Rules of the Frisian draughts association (stackref-rules(7)).
 */
#include "rules/draughts.h"

extern const struct rules rules_frisian;

static const struct draughts_variant frisian = {
	.rules = &rules_frisian,
	.grid = { 10, 10, 0, 2 },       /* "40,W,10,10,N2,0" */
	.rows = 4,
	.men_back = 1,
	.flying = 1,
	.majority = DRAUGHTS_VALUE,
	.merge_paths = 1,
	.straight = 1,
	.king_moves = 3,
	.names = SQUARES_NUMERIC,
	.capsep = 'x',
	DRAUGHTS_PHRASES("white", "black"),
};

DRAUGHTS_FUNCTIONS(frisian, &frisian)

const struct rules rules_frisian = {
	.name = "frisian",
	.title = "Frisian draughts",
	.side = { "white", "black" },
	.letter = { 'w', 'b' },
	.gametype = "40",
	DRAUGHTS_RULES(frisian, 10, 10),
};
