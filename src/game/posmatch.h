/*
 * posmatch.h - finding the positions a game reaches: an exact position
 * (a FEN) or a pattern (the squares some FEN lists, squares that must be
 * empty, counts of material), for every game.
 *
 * The texts are read per game, in that game's FEN style and square
 * names, the first time a record of the game is met; a text a game
 * cannot read is reported once (DIAG_BAD_POSITION) and no record of that
 * game matches.  Nothing is allocated: a struct posmatch is a plain
 * value.
 */
#ifndef STACKREF_GAME_POSMATCH_H
#define STACKREF_GAME_POSMATCH_H

#include "base/diag.h"
#include "rules/rules.h"

#define POSMATCH_GAMES RULES_COUNT  /* games read at most */
#define POSMATCH_MATERIAL 8    /* material terms */

/* What the user asked for, as given (the texts are not copied). */
struct posmatch_spec {
	const char *fen;       /* --fen: exactly this position, or NULL */
	const char *pattern;   /* --pattern: a FEN whose squares must hold
				* what it lists ('?' as its side: either
				* side to move), or NULL */
	const char *empty;     /* --empty: squares that must be empty,
				* "13,14,17-20", or NULL */
	const char *material;  /* --material: "red=8,white-kings>=1", or
				* NULL */
};

/* One term of --material: the checkers (or crowned ones) of a side,
 * compared with a number. */
struct posmatch_count {
	int side;
	int kings;
	int op;                /* '=', '!', '<', 'l' (<=), '>', 'g' (>=) */
	unsigned n;
};

/* The spec read for one game. */
struct posmatch_game {
	const struct rules *r;
	int ok;                /* the texts read for this game */
	int exact;             /* compare every square (--fen) */
	int anyside;           /* the pattern's side is '?' */
	struct pos want;       /* --fen or --pattern position */
	uint8_t listed[POS_SQUARES]; /* squares the pattern or FEN fixes */
	uint8_t empty[POS_SQUARES];  /* squares that must be empty */
	int nempty;            /* whether empty lists a square */
	struct posmatch_count count[POSMATCH_MATERIAL];
	unsigned ncount;
};

struct posmatch {
	struct posmatch_spec spec;
	struct posmatch_game game[POSMATCH_GAMES];
	unsigned ngames;
};

/* Starts matching spec (whose texts must outlive pm). */
void posmatch_init(struct posmatch *pm, const struct posmatch_spec *spec);

/* Whether spec asks for anything. */
int posmatch_active(const struct posmatch_spec *spec);

/* The spec read for game r (read now if it is new, reporting a text r
 * cannot read); NULL when r cannot read it. */
const struct posmatch_game *posmatch_for(struct posmatch *pm,
    const struct rules *r, struct diag *d);

/* Whether position p (of the game pg was read for) matches. */
int posmatch_test(const struct posmatch_game *pg, const struct pos *p);

#endif
