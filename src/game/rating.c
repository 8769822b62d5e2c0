/*
 * rating.c - Glicko-2, each step as Glickman's paper numbers it (the
 * paper's phi, mu and sigma are the Glicko-2 scale; ratings are kept on
 * the Glicko scale and converted at the ends).
 */
#include <math.h>

#include "game/rating.h"

#define RATING_SCALE 173.7178  /* Glicko to Glicko-2 (step 2) */
#define RATING_EPSILON 0.000001  /* convergence of step 5 */
#define RATING_ITERATIONS 1000

/* The terms of steps 3 and 4 for one period. */
struct rating_sums {
	double v;                 /* estimated variance */
	double gain;              /* sum of g(phi_j) (s_j - E) */
};

struct rating
rating_new(void)
{
	struct rating p = { RATING_START, RATING_START_RD, RATING_START_VOL,
	    0 };

	return p;
}

static double
rating_g(double phi)
{
	return 1.0 / sqrt(1.0 + 3.0 * phi * phi / (M_PI * M_PI));
}

/* Step 3 and 4's sums for mu against opp. */
static struct rating_sums
rating_sums(double mu, const struct rating *opp, const double *score,
    size_t n)
{
	struct rating_sums s = { 0, 0 };
	double inv = 0;
	size_t i;

	for (i = 0; i < n; i++) {
		double muj = (opp[i].r - RATING_START) / RATING_SCALE;
		double g = rating_g(opp[i].rd / RATING_SCALE);
		double e = 1.0 / (1.0 + exp(-g * (mu - muj)));

		inv += g * g * e * (1.0 - e);
		s.gain += g * (score[i] - e);
	}
	s.v = 1.0 / inv;
	return s;
}

/* The function f of step 5. */
static double
rating_f(double x, double delta, double phi, double v, double a,
    double tau)
{
	double ex = exp(x), d = phi * phi + v + ex;

	return ex * (delta * delta - phi * phi - v - ex) / (2.0 * d * d) -
	    (x - a) / (tau * tau);
}

/* Step 5: the new volatility, by the Illinois algorithm. */
static double
rating_volatility(double sigma, double phi, double v, double delta,
    double tau)
{
	double a = log(sigma * sigma), A = a, B, fA, fB;
	int k = 1, i;

	if (delta * delta > phi * phi + v)
		B = log(delta * delta - phi * phi - v);
	else {
		while (rating_f(a - k * tau, delta, phi, v, a, tau) < 0 &&
		    k < RATING_ITERATIONS)
			k++;
		B = a - k * tau;
	}
	fA = rating_f(A, delta, phi, v, a, tau);
	fB = rating_f(B, delta, phi, v, a, tau);
	for (i = 0; fabs(B - A) > RATING_EPSILON && i < RATING_ITERATIONS;
	    i++) {
		double C = A + (A - B) * fA / (fB - fA);
		double fC = rating_f(C, delta, phi, v, a, tau);

		if (fC * fB <= 0) {
			A = B;
			fA = fB;
		} else
			fA /= 2.0;
		B = C;
		fB = fC;
	}
	return exp(A / 2.0);
}

struct rating
rating_period(const struct rating *p, const struct rating *opp,
    const double *score, size_t n, double periods, double tau)
{
	struct rating q = *p;
	struct rating_sums s;
	double mu = (p->r - RATING_START) / RATING_SCALE;
	double phi = p->rd / RATING_SCALE, star, phi2;

	if (n == 0) {
		q.rd = sqrt(phi * phi + periods * p->vol * p->vol) *
		    RATING_SCALE;
		return q;
	}
	s = rating_sums(mu, opp, score, n);
	q.vol = rating_volatility(p->vol, phi, s.v, s.v * s.gain, tau);
	star = sqrt(phi * phi + periods * q.vol * q.vol);
	phi2 = 1.0 / sqrt(1.0 / (star * star) + 1.0 / s.v);
	q.r = RATING_SCALE * (mu + phi2 * phi2 * s.gain) + RATING_START;
	q.rd = RATING_SCALE * phi2;
	q.games = p->games + n;
	return q;
}

static struct rating
rating_bounded(struct rating p)
{
	p.rd = fmin(fmax(p.rd, RATING_MIN_RD), RATING_MAX_RD);
	p.vol = fmin(p.vol, RATING_MAX_VOL);
	return p;
}

void
rating_game(struct rating *a, struct rating *b, double score_a)
{
	struct rating was_a = rating_bounded(*a), was_b = rating_bounded(*b);
	double score_b = 1.0 - score_a;

	*a = rating_bounded(rating_period(&was_a, &was_b, &score_a, 1, 0,
	    RATING_TAU));
	*b = rating_bounded(rating_period(&was_b, &was_a, &score_b, 1, 0,
	    RATING_TAU));
}

int
rating_shown(const struct rating *p)
{
	return (int)p->r;
}
