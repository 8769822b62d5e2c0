/*
 * czech.c - Czech draughts (PDN GameType 29): 8x8, three rows of men
 * each, White first, squares named a1-h8, men capture forward only,
 * flying kings; a king's capture goes before a man's, else any capture
 * may be chosen.  CSDS rules (stackref-rules(7)).
 */
#include "rules/draughts.h"

extern const struct rules rules_czech;

static const struct draughts_variant czech = {
	.rules = &rules_czech,
	.grid = { 8, 8, 0, 2 },         /* "29,W,8,8,A0,0"; numbers as N2 */
	.rows = 3,
	.flying = 1,
	.majority = DRAUGHTS_KING_FIRST,
	.merge_paths = 1,
	.names = SQUARES_ALGEBRAIC,
	.capsep = 'x',
	DRAUGHTS_PHRASES("white", "black"),
};

DRAUGHTS_FUNCTIONS(czech, &czech)

const struct rules rules_czech = {
	.name = "czech",
	.title = "Czech draughts",
	.side = { "white", "black" },
	.letter = { 'w', 'b' },
	.gametype = "29",
	DRAUGHTS_RULES(czech, 8, 8),
};
