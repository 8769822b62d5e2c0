/*
 * canadian.c - Canadian draughts (PDN GameType 27): the international
 * rules on 12x12, five rows of men each, White first on 43-72
 * (stackref-rules(7)).
 */
#include "rules/draughts.h"

extern const struct rules rules_canadian;

static const struct draughts_variant canadian = {
	.rules = &rules_canadian,
	.grid = { 12, 12, 0, 2 },       /* "27,W,12,12,N2,0" */
	.rows = 5,
	.men_back = 1,
	.flying = 1,
	.majority = DRAUGHTS_MOST,
	.merge_paths = 1,
	.names = SQUARES_NUMERIC,
	.capsep = 'x',
	DRAUGHTS_PHRASES("white", "black"),
};

DRAUGHTS_FUNCTIONS(canadian, &canadian)

const struct rules rules_canadian = {
	.name = "canadian",
	.title = "Canadian draughts",
	.side = { "white", "black" },
	.letter = { 'w', 'b' },
	.gametype = "27",
	.results = RESULTS_INTERNATIONAL,
	DRAUGHTS_RULES(canadian, 12, 12),
};
