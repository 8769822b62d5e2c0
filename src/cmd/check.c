/* check.c - stackref check: validate every selected game of every file. */
#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include "notation/notation.h"
#include "cmd/cmd.h"
#include "base/fileio.h"
#include "game/replay.h"
#include "base/util.h"

const char cmd_check_usage[] =
    "check [-q] [--guess-variant] [--now TIME] [--game N]"
    " [--tag CRITERION]... FILE...";

const char cmd_check_help[] =
	"  -q, --quiet          no summary line per file; only the problems\n"
	"  --now TIME           the time now, as 2026-11-24T20:57:07Z: no"
	" time stamp\n"
	"                       may be more than 5 minutes later\n"
	"  --guess-variant      also list, for each game, the games it"
	" replays as\n"
	CMD_HELP_SELECT;

/* check's options (besides the selection). */
struct check_opts {
	int quiet;                  /* -q */
	int guess;                  /* --guess-variant */
	const char *now;            /* --now TIME, or NULL */
};

struct check_run {
	struct diag *d;
	unsigned long valid;
	long long now;              /* --now, or -1: stamps not checked
				     * against the time */
	int guess;                  /* --guess-variant */
};

/* Whether g, once it names game r (its Game and GameType tags
 * replaced), replays with its results, quietly. */
static int
check_fits(const struct rules *r, struct record *g)
{
	struct replay_opts o = { NULL, 0, REPLAY_ALL, 0 };
	struct replay rp;
	struct diag q;

	cmd_quiet(&q);
	record_tag_remove(g, "Game");
	record_tag_remove(g, "GameType");
	if (record_tag_set(g, r->gametype != NULL ? "GameType" : "Game",
	    r->gametype != NULL ? r->gametype : r->name, NULL) == -1)
		return 0;
	return replay_run(&rp, g, &o, &q) == 0 &&
	    replay_result(&rp, g, &o, &q) == 0;
}

/* Prints "FILE: game N replays as: GAME (TYPE), ..." (or "none"),
 * each registered game tried in turn; g's tags are changed. */
static void
check_guess(struct record *g, unsigned long index, const char *file)
{
	char list[512] = "", one[64];
	size_t i;

	for (i = 0; rules_table[i] != NULL; i++) {
		if (!check_fits(rules_table[i], g))
			continue;
		snprintf(one, sizeof(one), "%s%s%s%s", rules_table[i]->name,
		    rules_table[i]->gametype != NULL ? " (" : "",
		    rules_table[i]->gametype != NULL ?
		    rules_table[i]->gametype : "",
		    rules_table[i]->gametype != NULL ? ")" : "");
		util_append(list, sizeof(list), ", ", one);
	}
	printf("%s: game %lu replays as: %s\n", file, index,
	    list[0] != '\0' ? list : "none");
}

/* Checks one game: replays it, its results and its time. */
static int
check_game(void *ctx, struct record *g, unsigned long index,
    const char *file)
{
	struct check_run *c = ctx;
	struct replay_opts o = { file, index, REPLAY_ALL, 0 };
	struct replay rp;

	if (replay_run(&rp, g, &o, c->d) == 0 &&
	    replay_result(&rp, g, &o, c->d) == 0 &&
	    cmd_clock_check(g, &rp, &o, c->now, c->d) == 0)
		c->valid++;
	if (c->guess)
		check_guess(g, index, file);
	return 0;
}

static void
check_file(const char *path, const struct select *sel,
    const struct check_opts *co, long long now, struct diag *d)
{
	struct check_run c = { d, 0, now, co->guess };
	struct cmd_each e;
	unsigned long games;
	int rc;

	memset(&e, 0, sizeof(e));
	e.sel = sel;
	e.fn = check_game;
	e.ctx = &c;
	rc = cmd_each_game(path, &e, d);
	if (rc == -1 && e.nt == NULL)
		return;		/* not opened */
	games = e.selected + (sel->ntags == 0 ? e.malformed : 0);
	if (!co->quiet)
		printf("%s: %lu game%s, %lu valid\n", fileio_name(path),
		    games, games == 1 ? "" : "s", c.valid);
}

/* check's own options: -q, --guess-variant, --now. */
static int
check_opt(void *ctx, int ch, const char *arg)
{
	struct check_opts *co = ctx;

	if (ch == 'q')
		co->quiet = 1;
	else if (ch == 'V')
		co->guess = 1;
	else if (ch == 'N')
		co->now = arg;
	else
		return -1;
	return 0;
}

int
cmd_check(int argc, char *argv[], struct diag *d)
{
	static const struct option longopts[] = {
		{ "quiet", no_argument, NULL, 'q' },
		{ "now", required_argument, NULL, 'N' },
		{ "guess-variant", no_argument, NULL, 'V' },
		CMD_SELECT_LONGOPTS,
		{ NULL, 0, NULL, 0 }
	};
	struct check_opts co = { 0, 0, NULL };
	struct select sel;
	long long now = -1;
	int i, rc;

	select_init(&sel);
	rc = cmd_getopt_files(argc, argv, longopts, &sel, cmd_check_usage,
	    check_opt, &co, d);
	if (rc == 0 && co.now != NULL && cmd_now(co.now, &now, d) == -1)
		rc = cmd_finish(d);
	for (i = optind; rc == 0 && i < argc; i++) {
		check_file(argv[i], &sel, &co, now, d);
		fflush(stdout);
	}
	select_free(&sel);
	return rc != 0 ? rc : cmd_finish(d);
}
