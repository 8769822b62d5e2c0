/* check.c - stackref check: validate every game of every file. */
#include <getopt.h>
#include <stdio.h>

#include "notation/notation.h"
#include "cmd/cmd.h"
#include "base/fileio.h"
#include "game/replay.h"

const char cmd_check_usage[] = "check [-q] FILE...";

struct check_count {
	unsigned long games, valid;
};

/* Checks every game of the open stream f; -1 on a system error. */
static int
check_stream(FILE *f, const char *name, struct check_count *c,
    struct diag *d)
{
	const struct notation *nt;
	struct replay_opts o = { name, 0, REPLAY_ALL, 0 };
	struct reader *rd;
	struct replay rp;
	struct record g;
	enum read_result rr;

	if ((rd = notation_open(f, name, d, &nt)) == NULL)
		return -1;
	record_init(&g);
	while ((rr = nt->next(rd, &g, &o.game)) != READ_END) {
		if (rr == READ_SYSTEM)
			break;
		c->games++;
		if (rr == READ_GAME && replay_run(&rp, &g, &o, d) == 0 &&
		    replay_result(&rp, &g, &o, d) == 0)
			c->valid++;
	}
	record_free(&g);
	nt->close(rd);
	return rr == READ_SYSTEM ? -1 : 0;
}

static void
check_file(const char *path, int quiet, struct diag *d)
{
	struct check_count c = { 0, 0 };
	struct diag_where w = { fileio_name(path), NULL, 0, 0 };
	FILE *f;
	int rc;

	if ((f = fileio_open(path, d)) == NULL)
		return;
	rc = check_stream(f, w.file, &c, d);
	fileio_close(f);
	if (rc == 0 && c.games == 0)
		diag_report(d, DIAG_NO_GAME, &w);
	if (!quiet)
		printf("%s: %lu game%s, %lu valid\n", w.file, c.games,
		    c.games == 1 ? "" : "s", c.valid);
}

int
cmd_check(int argc, char *argv[], struct diag *d)
{
	static const struct option longopts[] = {
		{ "quiet", no_argument, NULL, 'q' },
		{ NULL, 0, NULL, 0 }
	};
	int ch, quiet = 0, i;

	opterr = 0;
	while ((ch = getopt_long(argc, argv, ":q", longopts, NULL)) != -1) {
		if (ch == 'q')
			quiet = 1;
		else
			return cmd_bad_option(d, cmd_check_usage, ch, argv);
	}
	if (optind == argc)
		return cmd_usage(d, cmd_check_usage, "no file given");
	for (i = optind; i < argc; i++) {
		check_file(argv[i], quiet, d);
		fflush(stdout);
	}
	return cmd_finish(d);
}
