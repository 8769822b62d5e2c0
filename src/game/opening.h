/*
 * opening.h - the three-move ballot a game of American checkers opens
 * with, as pgn-extract classifies chess games by their ECO codes.
 *
 * A game is classified by the position after its third ply, so that a
 * game that transposes (9-13 21-17 11-15 is 11-15 21-17 9-13, ACF 112)
 * finds its ballot.  Only checkers games from the standard start have
 * one.  Nothing here allocates: a struct opening_book is a plain value.
 */
#ifndef STACKREF_GAME_OPENING_H
#define STACKREF_GAME_OPENING_H

#include <stddef.h>
#include <stdint.h>

#include "rules/rules.h"

#define BALLOT_COUNT 174      /* the ACF list */

enum ballot_standing {
	BALLOT_CROSSBOARD,    /* in the deck since the crossboard era (144) */
	BALLOT_MAILPLAY,      /* added to the deck from mail play (12) */
	BALLOT_BARRED         /* out of the deck: lost (18) */
};

struct ballot {
	const char *moves;            /* "9-13 21-17 5-9" */
	enum ballot_standing standing;
	const char *name;             /* "Dreaded Edinburgh", or NULL */
};

/* The table (ballots.c): ACF number N is ballot_table[N - 1]. */
extern const struct ballot ballot_table[BALLOT_COUNT];

/* The positions of the ballots, to classify games by. */
struct opening_book {
	const struct rules *r;        /* checkers, or NULL: no book */
	uint32_t mask[BALLOT_COUNT][2];  /* squares of each side after it */
	int turn[BALLOT_COUNT];
};

/* Plays the ballots of the table into book (checkers' rules r).
 * Returns 0, or -1 when a ballot does not play (a bad table). */
int opening_init(struct opening_book *book, const struct rules *r);

/* The ACF number (1..174) of the ballot whose position p (after the
 * third ply of a game of book->r from its start) is, or 0. */
int opening_find(const struct opening_book *book, const struct pos *p);

/* Writes the Opening tag's value of ballot number n into buf: "ACF 5:
 * 9-13 22-18 6-9, Dreaded Edinburgh", with ", barred" for a lost one.
 * Returns its length. */
int opening_text(int n, char *buf, size_t size);

#endif
