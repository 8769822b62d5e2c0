/*
 * stats.c - stackref stats: a summary of archives: games, valid games,
 * plies, results, games of each kind, three-move ballots, problems by
 * kind; as text or JSON.  Problems are counted, not printed (check
 * prints them).  With --ratings, the players' ratings instead
 * (ratings.c).
 */
#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include "notation/notation.h"
#include "cmd/cmd.h"
#include "base/fileio.h"
#include "game/opening.h"
#include "cmd/ratings.h"

const char cmd_stats_usage[] = "stats [--json] [--ratings] [--game N] "
    "[--tag CRITERION]... FILE...";

const char cmd_stats_help[] =
	"  --json               write the figures as one JSON object\n"
	"  --ratings            the players' Glicko-2 ratings, by game\n"
	CMD_HELP_SELECT;

#define STATS_RESULTS 6       /* 1-0, 0-1, 1/2-1/2, 0-0, *, none */

static const char *const stats_result_names[STATS_RESULTS] = {
	"1-0", "0-1", "1/2-1/2", "0-0", "*", "none"
};

struct stats {
	struct diag quiet;        /* counts the problems, prints nothing */
	struct opening_book book;
	unsigned long games, valid, plies;
	unsigned long results[STATS_RESULTS];
	unsigned long kinds[RULES_COUNT];  /* games of each of rules_table */
	unsigned long unknown;    /* of a game stackref does not know */
	unsigned long ballots[BALLOT_COUNT + 1];  /* [0]: none */
	int ballot;               /* of the game being replayed */
	struct ratings *ratings;  /* --ratings: the games to rate */
	struct diag *d;           /* where out of memory is reported */
};

/* stats' own options. */
struct stats_opts {
	int json;
	int ratings;
};

static int
stats_ply(void *ctx, const struct replay *rp)
{
	struct stats *s = ctx;

	if (rp->plies == 3 && rp->r == s->book.r)
		s->ballot = opening_find(&s->book, &rp->pos);
	return 0;
}

/* The index in stats_result_names of g's result. */
static int
stats_result(const struct record *g)
{
	const char *v = g->result != NULL ? g->result : record_tag(g, "Result");
	const char *c;
	int i;

	if (v == NULL || notation_result_normal(v, &c) == -1)
		return STATS_RESULTS - 1;
	for (i = 0; i < STATS_RESULTS - 1; i++)
		if (strcmp(c, stats_result_names[i]) == 0)
			return i;
	return STATS_RESULTS - 1;
}

static int
stats_game(void *ctx, struct record *g, unsigned long index,
    const char *file)
{
	struct stats *s = ctx;
	struct replay_opts o = { file, index, REPLAY_ALL, 0 };
	struct replay rp;
	size_t k;

	if (s->ratings != NULL)
		return ratings_add(s->ratings, g, s->d);
	s->games++;
	s->ballot = 0;
	if (replay_walk(&rp, g, &o, stats_ply, s, &s->quiet) == 0 &&
	    replay_result(&rp, g, &o, &s->quiet) == 0)
		s->valid++;
	s->plies += rp.plies;
	s->results[stats_result(g)]++;
	s->ballots[s->ballot]++;
	if (!rp.started && rp.r == NULL)
		s->unknown++;
	for (k = 0; rp.r != NULL && k < RULES_COUNT; k++)
		if (rules_table[k] == rp.r)
			s->kinds[k]++;
	return 0;
}

/* Whether the count of result i is shown: 0-0, lost for both players,
 * only when some game has it. */
static int
stats_result_shown(const struct stats *s, size_t i)
{
	return s->results[i] > 0 || strcmp(stats_result_names[i], "0-0") != 0;
}

static void
stats_text(const struct stats *s)
{
	size_t i;

	printf("games: %lu\nvalid: %lu\nplies: %lu\n", s->games, s->valid,
	    s->plies);
	printf("results:");
	for (i = 0; i < STATS_RESULTS; i++)
		if (stats_result_shown(s, i))
			printf("%s %s %lu", i > 0 ? "," : "",
			    stats_result_names[i], s->results[i]);
	printf("\ngames of each kind:");
	for (i = 0; i < RULES_COUNT; i++)
		if (s->kinds[i] > 0)
			printf(" %s %lu,", rules_table[i]->name, s->kinds[i]);
	printf(" unknown %lu\nopenings:\n", s->unknown);
	for (i = 1; i <= BALLOT_COUNT; i++)
		if (s->ballots[i] > 0) {
			char text[160];

			opening_text((int)i, text, sizeof(text));
			printf("  %lu %s\n", s->ballots[i], text);
		}
	printf("  %lu no ballot\nproblems:\n", s->ballots[0]);
	for (i = 0; i < DIAG__COUNT; i++)
		if (s->quiet.counts[i] > 0)
			printf("  %lu %s\n", s->quiet.counts[i],
			    diag_name((enum diag_id)i));
}

static void
stats_json(const struct stats *s)
{
	char text[160];
	size_t i;
	int n = 0;

	printf("{\n  \"games\": %lu,\n  \"valid\": %lu,\n  \"plies\": %lu,\n"
	    "  \"results\": {", s->games, s->valid, s->plies);
	for (i = 0; i < STATS_RESULTS; i++)
		if (stats_result_shown(s, i))
			printf("%s\"%s\": %lu", i > 0 ? ", " : "",
			    stats_result_names[i], s->results[i]);
	printf("},\n  \"kinds\": {");
	for (i = 0; i < RULES_COUNT; i++)
		printf("\"%s\": %lu, ", rules_table[i]->name, s->kinds[i]);
	printf("\"unknown\": %lu},\n  \"openings\": [", s->unknown);
	for (i = 1; i <= BALLOT_COUNT; i++)
		if (s->ballots[i] > 0) {
			opening_text((int)i, text, sizeof(text));
			printf("%s\n    {\"acf\": %zu, \"opening\": \"%s\", "
			    "\"games\": %lu}", n++ > 0 ? "," : "", i, text,
			    s->ballots[i]);
		}
	printf("%s],\n  \"no_ballot\": %lu,\n  \"problems\": {", n > 0 ?
	    "\n  " : "", s->ballots[0]);
	for (i = 0, n = 0; i < DIAG__COUNT; i++)
		if (s->quiet.counts[i] > 0)
			printf("%s\"%s\": %lu", n++ > 0 ? ", " : "",
			    diag_name((enum diag_id)i), s->quiet.counts[i]);
	printf("}\n}\n");
}

/* Reads the games of path into s, its problems counted in s->quiet. */
static void
stats_file(struct stats *s, const char *path, const struct select *sel,
    struct diag *d)
{
	struct cmd_each e;
	FILE *f;

	if ((f = fileio_open(path, d)) == NULL)
		return;
	memset(&e, 0, sizeof(e));
	e.sel = sel;
	e.fn = stats_game;
	e.ctx = s;
	cmd_each_stream(f, fileio_name(path), &e, &s->quiet);
	s->games += sel->ntags == 0 ? e.malformed : 0;
	if (e.beyond != 0) {	/* the command's fault, not the file's */
		s->quiet.counts[DIAG_GAME_BEYOND] = 0;
		cmd_each_beyond(&e, fileio_name(path), d);
	}
	if (s->quiet.counts[DIAG_READ] + s->quiet.counts[DIAG_NOMEM] > 0)
		diag_report(d, DIAG_READ, DIAG_FILE(fileio_name(path)),
		    "the file could not be read to its end");
	fileio_close(f);
}

/* stats' own options: --json, --ratings. */
static int
stats_opt(void *ctx, int ch, const char *arg)
{
	struct stats_opts *so = ctx;

	(void)arg;
	if (ch == 'j')
		so->json = 1;
	else if (ch == 'R')
		so->ratings = 1;
	else
		return -1;
	return 0;
}

static int
stats_getopt(int argc, char *argv[], struct stats_opts *so,
    struct select *sel, struct diag *d)
{
	static const struct option longopts[] = {
		{ "json", no_argument, NULL, 'j' },
		{ "ratings", no_argument, NULL, 'R' },
		CMD_SELECT_LONGOPTS,
		{ NULL, 0, NULL, 0 }
	};
	return cmd_getopt_files(argc, argv, longopts, sel, cmd_stats_usage,
	    stats_opt, so, d);
}

/* Rates the games read into s->ratings and writes the table. */
static void
stats_ratings(struct stats *s, int json)
{
	if (ratings_rate(s->ratings, s->d) == -1)
		return;
	if (json)
		ratings_json(s->ratings, stdout);
	else
		ratings_text(s->ratings, stdout);
}

int
cmd_stats(int argc, char *argv[], struct diag *d)
{
	struct stats_opts so = { 0, 0 };
	struct ratings ratings;
	struct select sel;
	struct stats s;
	int i, rc;

	select_init(&sel);
	ratings_init(&ratings);
	memset(&s, 0, sizeof(s));
	cmd_quiet(&s.quiet);
	s.d = d;
	if ((rc = stats_getopt(argc, argv, &so, &sel, d)) == 0) {
		opening_init(&s.book, rules_find("checkers"));
		s.ratings = so.ratings ? &ratings : NULL;
		for (i = optind; i < argc; i++)
			stats_file(&s, argv[i], &sel, d);
		if (so.ratings)
			stats_ratings(&s, so.json);
		else if (so.json)
			stats_json(&s);
		else
			stats_text(&s);
	}
	ratings_free(&ratings);
	select_free(&sel);
	return rc != 0 ? rc : cmd_finish(d);
}
