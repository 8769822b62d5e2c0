/*
 * thai.c - Thai draughts (PDN GameType 31): 8x8, two rows of men each,
 * Black first on 25-32, men capture forward only, flying kings that
 * land just beyond the piece they take, each piece taken leaving the
 * board at once; any capture may be chosen.  stackref-rules(7).
 */
#include "rules/draughts.h"

extern const struct rules rules_thai;

static const struct draughts_variant thai = {
	.rules = &rules_thai,
	.grid = { 8, 8, 0, 2 },         /* "31,B,8,8,N2,0" */
	.rows = 2,
	.flying = 1,
	.land_near = 1,
	.take_at_once = 1,
	.majority = DRAUGHTS_FREE,
	.merge_paths = 1,
	.names = SQUARES_NUMERIC,
	.capsep = 'x',
	DRAUGHTS_PHRASES("black", "white"),
};

DRAUGHTS_FUNCTIONS(thai, &thai)

const struct rules rules_thai = {
	.name = "thai",
	.title = "Thai draughts",
	.side = { "black", "white" },
	.letter = { 'b', 'w' },
	.gametype = "31",
	DRAUGHTS_RULES(thai, 8, 8),
};
