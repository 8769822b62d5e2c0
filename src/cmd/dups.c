/*
 * dups.c - stackref dups: the games of archives that repeat an earlier
 * one (the same moves from the same start, or the same final position,
 * or the same first N plies), across files, each listed with the game it
 * repeats; with --against REF, those that are in the archive REF
 * (pgn-extract's -c).  convert --dedupe writes the archive without them.
 */
#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include "cmd/cmd.h"
#include "cmd/pgnx.h"
#include "game/dedupe.h"

const char cmd_dups_usage[] = "dups [--final | --plies N] [--against FILE] "
    "[--game N] [--tag CRITERION]... FILE...";

const char cmd_dups_help[] =
	"  --final              the same final position, not the same"
	" moves\n"
	"  --plies N            the same first N plies, not the same moves\n"
	"  --against REF        the games the same as one of the archive REF"
	" too\n"
	CMD_HELP_SELECT;

#define DUPS_REF UINT32_MAX    /* the file number of --against REF */

struct dups {
	struct dedupe dd;
	struct dedupe_key key;
	char *const *files;       /* the file names, by number */
	uint32_t file;            /* the file being read (0-based) */
	const char *against;      /* --against REF, or NULL */
	int in_ref;               /* REF is being read: nothing listed */
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
	s->games += !s->in_ref;
	replay_walk(&rp, g, &o, dups_ply, s, &quiet);
	if (!rp.started)
		return 0;
	dedupe_end(&s->dd, &s->key, &rp);
	if ((rc = dedupe_add(&s->dd, &s->key, s->file, (uint32_t)index,
	    &first)) == -1) {
		diag_report(s->d, DIAG_NOMEM, NULL);
		return -1;
	}
	if (rc == 1 && !s->in_ref &&
	    (s->against == NULL || first.file == DUPS_REF)) {
		s->dups++;
		printf("%s: game %lu: the same as %s: game %lu\n", file, index,
		    fileio_name(first.file == DUPS_REF ? s->against :
		    s->files[first.file]), (unsigned long)first.game);
	}
	return 0;
}

/* Reads the games of --against REF first, as games of an earlier file
 * that are not listed. */
static int
dups_reference(struct dups *s, struct cmd_each *e, struct diag *d)
{
	const struct select *sel = e->sel;
	struct select all;
	int rc;

	if (s->against == NULL)
		return 0;
	select_init(&all);
	e->sel = &all;
	s->file = DUPS_REF;
	s->in_ref = 1;
	rc = cmd_each_game(s->against, e, d);
	s->in_ref = 0;
	e->sel = sel;
	return rc;
}

/* dups' own options: --final, --plies N. */
static int
dups_opt(void *ctx, int ch, const char *arg)
{
	struct dups *s = ctx;

	if (ch == 'f')
		s->dd.by = DEDUPE_FINAL;
	else if (ch == 'a')
		s->against = arg;
	else if (ch != 'p')
		return -1;
	else if (cmd_number(s->d, "--plies", arg, 1, REPLAY_ALL - 1,
	    &s->dd.plies) == -1)
		return STATUS_USAGE;
	else
		s->dd.by = DEDUPE_PLIES;
	return 0;
}

static const struct option dups_longopts[] = {
	{ "final", no_argument, NULL, 'f' },
	{ "plies", required_argument, NULL, 'p' },
	{ "against", required_argument, NULL, 'a' },
	CMD_SELECT_LONGOPTS,
	{ NULL, 0, NULL, 0 }
};

static int
dups_getopt(int argc, char *argv[], struct dups *s, struct select *sel,
    struct diag *d)
{
	return cmd_getopt_files(argc, argv, dups_longopts, sel, cmd_dups_usage,
	    dups_opt, s, d);
}

/* cmd_dups, pgn-extract's option names read. */
static int
dups_main(int argc, char *argv[], struct diag *d)
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
		for (i = dups_reference(&s, &e, d) == 0 ? optind : argc;
		    i < argc; i++) {
			s.file = (uint32_t)i;
			if (cmd_each_game(argv[i], &e, d) == -1 &&
			    d->status >= STATUS_SYSTEM && e.nt != NULL)
				break;
		}
		printf("%lu game%s, %lu %s%s\n", s.games, s.games == 1 ? "" :
		    "s", s.dups, s.against != NULL ? "in " :
		    "the same as an earlier one", s.against != NULL ?
		    fileio_name(s.against) : "");
	}
	dedupe_free(&s.dd);
	select_free(&sel);
	return rc != 0 ? rc : cmd_finish(d);
}

int
cmd_dups(int argc, char *argv[], struct diag *d)
{
	return pgnx_run(argc, argv, PGNX_DUPS, dups_longopts, cmd_dups_usage,
	    dups_main, d);
}
