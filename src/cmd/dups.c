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
    "[--tag CRITERION]... FILE...";

const char cmd_dups_help[] =
	"  --final              the same final position, not the same"
	" moves\n"
	"  --plies N            the same first N plies, not the same moves\n"
	CMD_HELP_SELECT;

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

	cmd_quiet(&quiet);
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

/* dups' own options: --final, --plies N. */
static int
dups_opt(void *ctx, int ch, const char *arg)
{
	struct dups *s = ctx;

	if (ch == 'f')
		s->dd.by = DEDUPE_FINAL;
	else if (ch != 'p')
		return -1;
	else if (cmd_number(s->d, "--plies", arg, 1, REPLAY_ALL - 1,
	    &s->dd.plies) == -1)
		return STATUS_USAGE;
	else
		s->dd.by = DEDUPE_PLIES;
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
	return cmd_getopt_files(argc, argv, longopts, sel, cmd_dups_usage,
	    dups_opt, s, d);
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
