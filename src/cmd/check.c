/* check.c - stackref check: validate every selected game of every file. */
#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include "notation/notation.h"
#include "cmd/cmd.h"
#include "base/fileio.h"
#include "game/replay.h"

const char cmd_check_usage[] =
    "check [-q] [--now TIME] [--game N] [--tag CRITERION]... FILE...";

const char cmd_check_help[] =
	"  -q, --quiet          no summary line per file; only the problems\n"
	"  --now TIME           the time now, as 2026-11-24T20:57:07Z: no"
	" time stamp\n"
	"                       may be more than 5 minutes later\n"
	CMD_HELP_SELECT;

/* check's options (besides the selection). */
struct check_opts {
	int quiet;                  /* -q */
	const char *now;            /* --now TIME, or NULL */
};

struct check_run {
	struct diag *d;
	unsigned long valid;
	long long now;              /* --now, or -1: stamps not checked
				     * against the time */
};

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
	return 0;
}

static void
check_file(const char *path, const struct select *sel, int quiet,
    long long now, struct diag *d)
{
	struct check_run c = { d, 0, now };
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
	if (!quiet)
		printf("%s: %lu game%s, %lu valid\n", fileio_name(path),
		    games, games == 1 ? "" : "s", c.valid);
}

/* check's own options: -q, --now. */
static int
check_opt(void *ctx, int ch, const char *arg)
{
	struct check_opts *co = ctx;

	if (ch == 'q')
		co->quiet = 1;
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
		CMD_SELECT_LONGOPTS,
		{ NULL, 0, NULL, 0 }
	};
	struct check_opts co = { 0, NULL };
	struct select sel;
	long long now = -1;
	int i, rc;

	select_init(&sel);
	rc = cmd_getopt_files(argc, argv, longopts, &sel, cmd_check_usage,
	    check_opt, &co, d);
	if (rc == 0 && co.now != NULL && cmd_now(co.now, &now, d) == -1)
		rc = cmd_finish(d);
	for (i = optind; rc == 0 && i < argc; i++) {
		check_file(argv[i], &sel, co.quiet, now, d);
		fflush(stdout);
	}
	select_free(&sel);
	return rc != 0 ? rc : cmd_finish(d);
}
