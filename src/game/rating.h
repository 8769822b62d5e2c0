/*
 * rating.h - players' ratings: Glicko-2 (Mark Glickman, "Example of the
 * Glicko-2 system", glicko.net/glicko/glicko2.pdf) as Lichess applies it
 * to every game (lichess-org/scalachess, rating/glicko; lila,
 * modules/rating/Glicko.scala and round/PerfsUpdater.scala): each game
 * is a rating period of its own, with no growth of the deviation
 * before it (step 6 with no period elapsed); tau 0.75; a new player
 * 1500, deviation 350, volatility 0.06; the deviation kept within
 * 45-350 and the volatility at most 0.1 after each game; a rating shown
 * as its integer part.
 *
 * Pure functions of their arguments: no I/O, no allocation; a struct
 * rating is a plain value.
 */
#ifndef STACKREF_GAME_RATING_H
#define STACKREF_GAME_RATING_H

#include <stddef.h>

#define RATING_TAU 0.75
#define RATING_START 1500.0
#define RATING_START_RD 350.0
#define RATING_START_VOL 0.06
#define RATING_MIN_RD 45.0
#define RATING_MAX_RD 350.0
#define RATING_MAX_VOL 0.1

/* One player's rating in one game. */
struct rating {
	double r;                 /* rating, Glicko scale */
	double rd;                /* rating deviation */
	double vol;               /* volatility */
	unsigned long games;      /* rated games played */
};

/* A player's rating before any game: 1500, 350, 0.06, no games. */
struct rating rating_new(void);

/*
 * Glickman's steps 2 to 8: p's rating after a period of n games against
 * opp[0..n-1], p scoring score[i] (1 a win, 0.5 a draw, 0 a loss) in
 * game i, `periods` periods having passed since p's last (1 in
 * Glickman's example, 0 as Lichess rates a game), with system constant
 * tau.  No bounds applied; games grows by n.  n 0: only the deviation
 * grows (step 6).
 */
struct rating rating_period(const struct rating *p,
    const struct rating *opp, const double *score, size_t n,
    double periods, double tau);

/*
 * One finished game as Lichess rates it: *a and *b, both read before
 * either changes, are replaced by their ratings after it, a scoring
 * score_a (1, 0.5 or 0) and b the rest; deviation and volatility within
 * their bounds.
 */
void rating_game(struct rating *a, struct rating *b, double score_a);

/* The rating as shown, its integer part (as Lichess's intRating). */
int rating_shown(const struct rating *p);

#endif
