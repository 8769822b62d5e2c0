/*
 * pool.c - American pool checkers (PDN GameType 23): 8x8 numbered as in
 * checkers (1-32, Black first on 1-12), men capture backwards, flying
 * kings, any capture may be chosen, a man crowned only where its move
 * ends.  APCA tournament rules (stackref-rules(7)).
 */
#include "rules/draughts.h"

extern const struct rules rules_pool;

static const struct draughts_variant pool = {
	.rules = &rules_pool,
	.grid = { 8, 8, 0, 1 },         /* "23,B,8,8,N1,0" */
	.rows = 3,
	.men_back = 1,
	.flying = 1,
	.majority = DRAUGHTS_FREE,
	.names = SQUARES_NUMERIC,
	.capsep = 'x',
	DRAUGHTS_PHRASES("black", "white"),
};

DRAUGHTS_FUNCTIONS(pool, &pool)

const struct rules rules_pool = {
	.name = "pool",
	.title = "American pool checkers",
	.side = { "black", "white" },
	.letter = { 'b', 'w' },
	.gametype = "23",
	DRAUGHTS_RULES(pool, 8, 8),
};
