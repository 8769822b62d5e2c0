/*
 * ratings.h - stats --ratings (src/cmd/ratings.c): the Glicko-2
 * ratings (src/game/rating.h) an archive's finished games give, each
 * game kind rated apart, the games in the order of their Date tags.
 * A struct ratings owns every string and array it holds: ratings_free
 * frees them.
 */
#ifndef STACKREF_CMD_RATINGS_H
#define STACKREF_CMD_RATINGS_H

#include <stdio.h>

#include "base/diag.h"
#include "game/rating.h"
#include "model/record.h"

struct ratings_game;
struct ratings_player;

struct ratings {
	struct ratings_game *games;   /* the finished games, as read */
	size_t ngames, gcap;
	struct ratings_player *players;  /* after ratings_rate */
	size_t nplayers, pcap;
	unsigned long unfinished;     /* skipped: no result (or "*") */
	unsigned long unrated;        /* skipped: [Rated "no"] */
	unsigned long unplayed;       /* skipped: a game stackref does not
				       * know, or a player not named */
};

/* An empty set of ratings. */
void ratings_init(struct ratings *s);

/* Keeps game g (its kind, date, players and result) to be rated, or
 * counts it skipped.  Returns 0, or -1 out of memory (reported). */
int ratings_add(struct ratings *s, const struct record *g, struct diag *d);

/* Rates the games kept, in the order of their dates (games without a
 * date last, each in the order read).  Returns 0, or -1 out of memory
 * (reported). */
int ratings_rate(struct ratings *s, struct diag *d);

/* Writes the table of ratings: each kind, its players best first. */
void ratings_text(const struct ratings *s, FILE *out);

/* The same as one JSON object. */
void ratings_json(const struct ratings *s, FILE *out);

void ratings_free(struct ratings *s);

#endif
