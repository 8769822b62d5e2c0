/* check.c - stackref check: validate every selected game of every file. */
#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include "notation/notation.h"
#include "cmd/cmd.h"
#include "base/fileio.h"
#include "game/replay.h"

const char cmd_check_usage[] =
    "check [-q] [--game N] [--tag CRITERION]... FILE...";

const char cmd_check_help[] =
	"  -q, --quiet          no summary line per file; only the problems\n"
	CMD_HELP_SELECT;

struct check_run {
	struct diag *d;
	unsigned long valid;
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
	    cmd_clock_check(g, &rp, &o, c->d) == 0)
		c->valid++;
	return 0;
}

static void
check_file(const char *path, const struct select *sel, int quiet,
    struct diag *d)
{
	struct check_run c = { d, 0 };
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

/* check's own option: -q. */
static int
check_opt(void *ctx, int ch, const char *arg)
{
	(void)arg;
	if (ch != 'q')
		return -1;
	*(int *)ctx = 1;
	return 0;
}

int
cmd_check(int argc, char *argv[], struct diag *d)
{
	static const struct option longopts[] = {
		{ "quiet", no_argument, NULL, 'q' },
		CMD_SELECT_LONGOPTS,
		{ NULL, 0, NULL, 0 }
	};
	struct select sel;
	int quiet = 0, i, rc;

	select_init(&sel);
	rc = cmd_getopt_files(argc, argv, longopts, &sel, cmd_check_usage,
	    check_opt, &quiet, d);
	for (i = optind; rc == 0 && i < argc; i++) {
		check_file(argv[i], &sel, quiet, d);
		fflush(stdout);
	}
	select_free(&sel);
	return rc != 0 ? rc : cmd_finish(d);
}
