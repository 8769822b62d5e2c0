/*
 * dups.c - stackref dups: the games of archives that repeat an earlier
 * one (the same moves from the same start, or the same final position,
 * or the same first N plies), across files, each listed with the game it
 * repeats.  convert --dedupe writes the archive without them.
 */
#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include "cmd/cmd.h"
#include "game/dedupe.h"

const char cmd_dups_usage[] = "dups [--final | --plies N] [--game N] "
    "[--tag NAME OP VALUE]... FILE...";

struct dups {
	struct dedupe dd;
	struct dedupe_key key;
	char *const *files;       /* the file names, by number */
	uint32_t file;            /* the file being read (0-based) */
	unsigned long games, dups;
	struct diag *d;
};

static int
dups_ply(void *ctx, const struct replay *rp)
{
	struct dups *s = ctx;

	if (rp->plies == 0)
		dedupe_start(&s->dd, &s->key, rp);
	return dedupe_ply(&s->dd, &s->key, rp);
}

static int
dups_game(void *ctx, struct record *g, unsigned long index,
    const char *file)
{
	struct dups *s = ctx;
	struct replay_opts o = { file, index, REPLAY_ALL, 0 };
	struct dedupe_slot first;
	struct diag quiet;
	struct replay rp;
	int rc;

	diag_init(&quiet, "stackref", NULL);
	quiet.quiet = 1;
	s->games++;
	replay_walk(&rp, g, &o, dups_ply, s, &quiet);
	if (!rp.started)
		return 0;
	dedupe_end(&s->dd, &s->key, &rp);
	if ((rc = dedupe_add(&s->dd, &s->key, s->file, (uint32_t)index,
	    &first)) == -1) {
		diag_report(s->d, DIAG_NOMEM, NULL);
		return -1;
	}
	if (rc == 1) {
		s->dups++;
		printf("%s: game %lu: the same as %s: game %lu\n", file, index,
		    fileio_name(s->files[first.file]), (unsigned long)first.game);
	}
	return 0;
}

static int
dups_getopt(int argc, char *argv[], struct dups *s, struct select *sel,
    struct diag *d)
{
	static const struct option longopts[] = {
		{ "final", no_argument, NULL, 'f' },
		{ "plies", required_argument, NULL, 'p' },
		CMD_SELECT_LONGOPTS,
		{ NULL, 0, NULL, 0 }
	};
	unsigned long n;
	int ch, rc = 0;

	opterr = 0;
	while (rc == 0 &&
	    (ch = getopt_long(argc, argv, ":", longopts, NULL)) != -1) {
		if ((rc = cmd_select_opt(sel, ch, optarg, cmd_dups_usage,
		    d)) != 0)
			rc = rc == -1 ? STATUS_USAGE : 0;
		else if (ch == 'f')
			s->dd.by = DEDUPE_FINAL;
		else if (ch == 'p' && cmd_number(d, "--plies", optarg, 1,
		    REPLAY_ALL - 1, &n) == 0) {
			s->dd.by = DEDUPE_PLIES;
			s->dd.plies = n;
		} else
			rc = ch == 'p' ? STATUS_USAGE :
			    cmd_bad_option(d, cmd_dups_usage, ch, argv);
	}
	if (rc == 0 && optind == argc)
		rc = cmd_usage(d, cmd_dups_usage, "no file given");
	return rc;
}

int
cmd_dups(int argc, char *argv[], struct diag *d)
{
	struct cmd_each e;
	struct select sel;
	struct dups s;
	int i, rc;

	memset(&s, 0, sizeof(s));
	dedupe_init(&s.dd, DEDUPE_MOVES, 0);
	select_init(&sel);
	s.d = d;
	s.files = argv;
	if ((rc = dups_getopt(argc, argv, &s, &sel, d)) == 0) {
		memset(&e, 0, sizeof(e));
		e.sel = &sel;
		e.fn = dups_game;
		e.ctx = &s;
		for (i = optind; i < argc; i++) {
			s.file = (uint32_t)i;
			if (cmd_each_game(argv[i], &e, d) == -1 &&
			    d->status >= STATUS_SYSTEM && e.nt != NULL)
				break;
		}
		printf("%lu game%s, %lu the same as an earlier one\n", s.games,
		    s.games == 1 ? "" : "s", s.dups);
	}
	dedupe_free(&s.dd);
	select_free(&sel);
	return rc != 0 ? rc : cmd_finish(d);
}
