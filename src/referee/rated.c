/*
 * rated.c - players' ratings on the referee (game/rating.h: Glicko-2 as
 * Lichess rates a game): a rated game that ends changes its two
 * players' ratings in its game, once, in the outcome of the decision
 * that ends it; the game-over mail says the change as pbmserv does
 * ("ann's rating went up from 1500 to 1662 (checkers)"); games USERID
 * shows the player's ratings; GAME ratings lists the best players.  A
 * board is rated unless its record's Rated tag says "no" (the
 * challenge's rated=no).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "game/rating.h"
#include "referee/job.h"

int
ref_rating_parse(const char *text, struct rating *r)
{
	const char *s = text;
	double v[3];
	char *end;
	int i;

	for (i = 0; i < 3; i++) {
		errno = 0;
		v[i] = strtod(s, &end);
		if (end == s || errno != 0 || *end != ' ')
			return -1;
		s = end + 1;
	}
	r->r = v[0];
	r->rd = v[1];
	r->vol = v[2];
	return util_parse_ulong(s, 0, (unsigned long)-1, &r->games);
}

void
ref_rating_format(const struct rating *r, char *buf, size_t size)
{
	snprintf(buf, size, "%.17g %.17g %.17g %lu", r->r, r->rd, r->vol,
	    r->games);
}

/* The rating of user in game as the context holds it (its text into
 * was, "" when none: a new player's). */
static struct rating
ref_rating_of(const struct ref_job *j, const char *user, const char *game,
    char was[REF_RATING_TEXT])
{
	const struct ref_rating *x;
	struct rating r = rating_new();
	size_t i;

	was[0] = '\0';
	for (i = 0; i < j->c->nratings; i++) {
		x = &j->c->ratings[i];
		if (strcmp(x->user, user) == 0 && strcmp(x->game, game) == 0 &&
		    ref_rating_parse(x->value, &r) == 0) {
			snprintf(was, REF_RATING_TEXT, "%s", x->value);
			break;
		}
	}
	return r;
}

int
ref_board_rated(const struct record *g)
{
	const char *v = record_tag(g, "Rated");

	return v == NULL || strcmp(v, "no") != 0;
}

void
ref_rate_end(struct ref_job *j)
{
	struct ref_rating_change *ch = j->o->rated;
	struct rating r[2];
	const char *res, *why;
	double score;
	int s;

	if (j->over_before || !play_over(&j->rp, &j->g, &res, &why) ||
	    !ref_board_rated(&j->g) ||
	    strcmp(ref_side_user(j, 0), ref_side_user(j, 1)) == 0)
		return;
	score = strcmp(res, "1-0") == 0 ? 1 : strcmp(res, "0-1") == 0 ? 0 :
	    0.5;
	for (s = 0; s < 2; s++) {
		snprintf(ch[s].user, sizeof(ch[s].user), "%s",
		    ref_side_user(j, s));
		snprintf(ch[s].game, sizeof(ch[s].game), "%s", j->r->name);
		r[s] = ref_rating_of(j, ch[s].user, ch[s].game, ch[s].was);
	}
	rating_game(&r[0], &r[1], score);
	for (s = 0; s < 2; s++)
		ref_rating_format(&r[s], ch[s].now, sizeof(ch[s].now));
	j->o->nrated = 2;
}

void
ref_rating_lines(struct ref_job *j, struct ref_doc *d)
{
	const struct ref_rating_change *ch;
	struct rating was, now;
	size_t i;

	for (i = 0; i < j->o->nrated; i++) {
		ch = &j->o->rated[i];
		if ((ch->was[0] != '\0' && ref_rating_parse(ch->was, &was) ==
		    -1) || ref_rating_parse(ch->now, &now) == -1)
			continue;
		if (ch->was[0] == '\0')
			was = rating_new();
		if (rating_shown(&now) == rating_shown(&was))
			ref_doc_more(d, "%s's rating stayed at %d (%s).",
			    ch->user, rating_shown(&now), ch->game);
		else
			ref_doc_more(d, "%s's rating went %s from %d to %d "
			    "(%s).", ch->user, rating_shown(&now) >
			    rating_shown(&was) ? "up" : "down",
			    rating_shown(&was), rating_shown(&now), ch->game);
	}
}

void
ref_user_ratings(struct ref_job *j, struct ref_doc *d)
{
	const struct ref_rating *x;
	struct rating r;
	size_t i, n = 0;

	for (i = 0; i < j->c->nratings; i++) {
		x = &j->c->ratings[i];
		if (strcmp(x->user, j->cmd.user) != 0 ||
		    ref_rating_parse(x->value, &r) == -1)
			continue;
		if (n++ == 0)
			ref_doc_p(d, "Ratings of %s (Glicko-2):", j->cmd.user);
		ref_doc_more(d, "%s: %d, deviation %d, %lu rated games",
		    x->game, rating_shown(&r), (int)r.rd, r.games);
	}
	if (n == 0)
		ref_doc_p(d, "%s has no rating yet: a rated game that ends "
		    "gives one.", j->cmd.user);
}

int
ref_ratings(struct ref_job *j)
{
	const struct ref_rating *x;
	char subject[300], q[300];
	struct ref_doc d;
	struct rating r;
	size_t i, n = 0;

	if ((j->r = rules_find(j->cmd.game)) == NULL)
		return ref_refuse(j, "unknown game", j->cmd.game, NULL);
	if (ref_too_often(j, "ratings"))
		return -1;
	snprintf(subject, sizeof(subject), "stackref referee: %s ratings",
	    j->r->name);
	ref_doc_open(&d, j->c->referee, subject, 1);
	ref_doc_p(&d, "The best players of %s by their "
	    "Glicko-2 rating (as Lichess rates a game), at most %d:",
	    j->r->title, REF_RATINGS_LIST);
	for (i = 0; i < j->c->nratings; i++) {
		x = &j->c->ratings[i];
		if (strcmp(x->game, j->r->name) != 0 ||
		    ref_rating_parse(x->value, &r) == -1)
			continue;
		ref_doc_more(&d, "%zu. %s %d, deviation %d, %lu rated games",
		    ++n, x->user, rating_shown(&r), (int)r.rd, r.games);
	}
	if (n == 0)
		ref_doc_more(&d, "none yet: a rated game that ends rates its "
		    "players.");
	snprintf(j->o->summary, sizeof(j->o->summary), "%s ratings to %s",
	    j->r->name, util_quote(j->m->from, q, sizeof(q)));
	return ref_answer_doc(j, subject, &d);
}
