/*
 * ratings.c - stats --ratings: the games of archives rated as the
 * referee rates its boards (src/game/rating.h), so that a club can rate
 * its history.  A player is the name of a side's tag (White, Black),
 * rated apart in each game kind.
 */
#include <stdlib.h>
#include <string.h>

#include "base/util.h"

#include "cmd/ratings.h"
#include "notation/notation.h"
#include "rules/rules.h"

struct ratings_game {
	char *date;               /* the Date tag, or NULL */
	unsigned long order;      /* its place in the input */
	const char *kind;         /* its rules' name (static) */
	char *side[2];            /* the players of sides 0 and 1 */
	double score;             /* side 0's: 1, 0.5 or 0 */
};

struct ratings_player {
	const char *kind;
	const char *name;         /* a game's side[] (not owned) */
	struct rating r;
};

void
ratings_init(struct ratings *s)
{
	memset(s, 0, sizeof(*s));
}

/* Side 0's score in canonical result c ("1-0"...), or -1: none. */
static double
ratings_score(const char *c)
{
	if (strcmp(c, "1-0") == 0)
		return 1;
	if (strcmp(c, "0-1") == 0)
		return 0;
	return strcmp(c, "1/2-1/2") == 0 ? 0.5 : -1;
}

/* Room for one more of n items of size each in *p (capacity *cap). */
static int
ratings_grow(void *p, size_t n, size_t *cap, size_t size)
{
	void **v = p, *bigger;
	size_t want = *cap > 0 ? *cap * 2 : 64;

	if (n < *cap)
		return 0;
	if ((bigger = realloc(*v, want * size)) == NULL)
		return -1;
	*v = bigger;
	*cap = want;
	return 0;
}

static int
ratings_keep(struct ratings *s, const struct record *g,
    const struct rules *r, double score)
{
	const char *date = record_tag(g, "Date");
	struct ratings_game *k;
	int i;

	if (ratings_grow(&s->games, s->ngames, &s->gcap, sizeof(*k)) == -1)
		return -1;
	k = &s->games[s->ngames];
	memset(k, 0, sizeof(*k));
	k->order = s->ngames;
	k->kind = r->name;
	k->score = score;
	if (date != NULL && strchr(date, '?') == NULL &&
	    (k->date = strdup(date)) == NULL)
		return -1;
	for (i = 0; i < 2; i++)
		if ((k->side[i] = strdup(notation_player(r, g, i))) == NULL)
			return -1;
	s->ngames++;
	return 0;
}

int
ratings_add(struct ratings *s, const struct record *g, struct diag *d)
{
	const char *name, *v = g->result != NULL ? g->result :
	    record_tag(g, "Result"), *c;
	const struct rules *r = notation_game(g, &name);
	const char *p0, *p1;

	if (v == NULL || notation_result_normal(v, &c) == -1 ||
	    ratings_score(c) < 0) {
		s->unfinished++;
		return 0;
	}
	if ((v = record_tag(g, "Rated")) != NULL && strcmp(v, "no") == 0) {
		s->unrated++;
		return 0;
	}
	p0 = r != NULL ? notation_player(r, g, 0) : NULL;
	p1 = r != NULL ? notation_player(r, g, 1) : NULL;
	if (p0 == NULL || p1 == NULL || strcmp(p0, p1) == 0) {
		s->unplayed++;
		return 0;
	}
	if (ratings_keep(s, g, r, ratings_score(c)) == -1)
		return diag_report(d, DIAG_NOMEM, NULL), -1;
	return 0;
}

/* Dates first, in their order; then the undated; each in input order. */
static int
ratings_by_date(const void *a, const void *b)
{
	const struct ratings_game *x = a, *y = b;
	int c;

	if (x->date != NULL && y->date != NULL &&
	    (c = strcmp(x->date, y->date)) != 0)
		return c;
	if ((x->date == NULL) != (y->date == NULL))
		return x->date == NULL ? 1 : -1;
	return x->order < y->order ? -1 : x->order > y->order;
}

/* The rating of name in kind, made new if not met yet; NULL: no room. */
static struct rating *
ratings_of(struct ratings *s, const char *kind, const char *name)
{
	struct ratings_player *p;
	size_t i;

	for (i = 0; i < s->nplayers; i++)
		if (s->players[i].kind == kind &&
		    strcmp(s->players[i].name, name) == 0)
			return &s->players[i].r;
	if (ratings_grow(&s->players, s->nplayers, &s->pcap,
	    sizeof(*p)) == -1)
		return NULL;
	p = &s->players[s->nplayers++];
	p->kind = kind;
	p->name = name;
	p->r = rating_new();
	return &p->r;
}

/* Kind by name, then the best rating first, then by name. */
static int
ratings_by_rank(const void *a, const void *b)
{
	const struct ratings_player *x = a, *y = b;
	int c;

	if ((c = strcmp(x->kind, y->kind)) != 0)
		return c;
	if (rating_shown(&x->r) != rating_shown(&y->r))
		return rating_shown(&x->r) > rating_shown(&y->r) ? -1 : 1;
	return strcmp(x->name, y->name);
}

int
ratings_rate(struct ratings *s, struct diag *d)
{
	size_t i;

	if (s->ngames > 0)
		qsort(s->games, s->ngames, sizeof(*s->games), ratings_by_date);
	for (i = 0; i < s->ngames; i++) {
		struct ratings_game *k = &s->games[i];
		struct rating *a, *b;

		/* b made may move a: a is looked up again after it */
		if (ratings_of(s, k->kind, k->side[0]) == NULL ||
		    (b = ratings_of(s, k->kind, k->side[1])) == NULL)
			return diag_report(d, DIAG_NOMEM, NULL), -1;
		a = ratings_of(s, k->kind, k->side[0]);
		rating_game(a, b, k->score);
	}
	if (s->nplayers > 0)
		qsort(s->players, s->nplayers, sizeof(*s->players),
		    ratings_by_rank);
	return 0;
}

void
ratings_text(const struct ratings *s, FILE *out)
{
	size_t i, rank = 0;

	fprintf(out, "ratings: Glicko-2 as Lichess; %zu games rated, %lu "
	    "unfinished, %lu unrated and %lu without both players skipped\n",
	    s->ngames, s->unfinished, s->unrated, s->unplayed);
	for (i = 0; i < s->nplayers; i++) {
		const struct ratings_player *p = &s->players[i];

		if (i == 0 || strcmp(p->kind, s->players[i - 1].kind) != 0) {
			fprintf(out, "%s:\n  rank rating  rd games player\n",
			    p->kind);
			rank = 0;
		}
		fprintf(out, "  %4zu %6d %3d %5lu %s\n", ++rank,
		    rating_shown(&p->r), (int)p->r.rd, p->r.games, p->name);
	}
}

void
ratings_json(const struct ratings *s, FILE *out)
{
	size_t i;

	fprintf(out, "{\n  \"system\": \"glicko-2\",\n  \"rated\": %zu,\n"
	    "  \"unfinished\": %lu,\n  \"unrated\": %lu,\n  \"unplayed\": "
	    "%lu,\n  \"ratings\": {", s->ngames, s->unfinished, s->unrated,
	    s->unplayed);
	for (i = 0; i < s->nplayers; i++) {
		const struct ratings_player *p = &s->players[i];
		int first = i == 0 || strcmp(p->kind, s->players[i - 1].kind);

		if (first)
			fprintf(out, "%s\n    \"%s\": [", i > 0 ? "]," : "",
			    p->kind);
		fprintf(out, "%s\n      {\"player\": ", first ? "" : ",");
		util_json_string(out, p->name);
		fprintf(out, ", \"rating\": %d, \"rd\": %d, \"volatility\": "
		    "%.6f, \"games\": %lu}", rating_shown(&p->r), (int)p->r.rd,
		    p->r.vol, p->r.games);
	}
	fprintf(out, "%s\n  }\n}\n", s->nplayers > 0 ? "]" : "");
}

void
ratings_free(struct ratings *s)
{
	size_t i;

	for (i = 0; i < s->ngames; i++) {
		free(s->games[i].date);
		free(s->games[i].side[0]);
		free(s->games[i].side[1]);
	}
	free(s->games);
	free(s->players);
	ratings_init(s);
}
