/*
 * search.c - stackref search: the games of archives that reach a
 * position (a FEN) or a pattern of one, with the ply and the moves that
 * lead there.  Streams as check does; each game is replayed only up to
 * its first match.
 */
#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include "notation/notation.h"
#include "cmd/cmd.h"
#include "cmd/pgnx.h"
#include "game/posmatch.h"

const char cmd_search_usage[] = "search [--fen FEN] [--pattern FEN] "
    "[--empty SQUARES] [--material SPEC] [--game N] [--tag CRITERION]... "
    "FILE...";

const char cmd_search_help[] =
	CMD_HELP_POSITION
	CMD_HELP_SELECT;

struct search {
	struct posmatch pm;
	const struct posmatch_game *pg;  /* for the game being replayed */
	struct diag *d;                  /* the command's */
	int found;
	unsigned long ply;               /* of the match */
	unsigned long matches;
};

/* The replay's hook: stops at the first position that matches. */
static int
search_ply(void *ctx, const struct replay *rp)
{
	struct search *s = ctx;

	if (rp->plies == 0 && (s->pg = posmatch_for(&s->pm, rp->r,
	    s->d)) == NULL)
		return 1;
	if (!posmatch_test(s->pg, &rp->pos))
		return 0;
	s->found = 1;
	s->ply = rp->plies;
	return 1;
}

/* Prints the first ply moves of g's main line, canonical (g was
 * replayed so), numbered as PDN numbers them from the side first to
 * move, first. */
static void
search_moves(const struct record *g, unsigned long plies, int first)
{
	unsigned long k = (unsigned long)first, n = 0;
	size_t i;

	for (i = 0; i < g->main.n && n < plies; i++) {
		if (g->main.elems[i].kind != ELEM_MOVE)
			continue;
		if (k % 2 == 0 || n == 0)
			printf(" %lu.%s", k / 2 + 1, k % 2 == 0 ? "" : "..");
		printf(" %s", g->main.elems[i].text);
		k++, n++;
	}
}

/* Prints the match of game index: where, and the moves that lead there
 * (the game replayed again, canonically, that far). */
static void
search_report(struct search *s, struct record *g, unsigned long index,
    const char *file)
{
	struct replay_opts o = { file, index, s->ply, 1 };
	struct diag quiet;
	struct replay rp;
	int first;

	cmd_quiet(&quiet);
	replay_run(&rp, g, &o, &quiet);
	first = (rp.pos.turn + rp.plies) % 2;
	printf("%s: game %lu, ply %lu:", file, index, s->ply);
	if (s->ply == 0)
		printf(" the start position");
	search_moves(g, s->ply, first);
	putchar('\n');
}

static int
search_game(void *ctx, struct record *g, unsigned long index,
    const char *file)
{
	struct search *s = ctx;
	struct replay_opts o = { file, index, REPLAY_ALL, 0 };
	struct diag quiet;
	struct replay rp;

	cmd_quiet(&quiet);
	s->found = 0;
	replay_walk(&rp, g, &o, search_ply, s, &quiet);
	if (s->found) {
		s->matches++;
		search_report(s, g, index, file);
	}
	return 0;
}

/* search's own options: the position's. */
static int
search_opt(void *ctx, int ch, const char *arg)
{
	return cmd_position_opt(ctx, ch, arg) ? 0 : -1;
}

static const struct option search_longopts[] = {
	CMD_POSITION_LONGOPTS,
	CMD_SELECT_LONGOPTS,
	{ NULL, 0, NULL, 0 }
};

static int
search_getopt(int argc, char *argv[], struct posmatch_spec *sp,
    struct select *sel, struct diag *d)
{
	int rc;

	rc = cmd_getopt_files(argc, argv, search_longopts, sel, cmd_search_usage,
	    search_opt, sp, d);
	if (rc == 0 && !posmatch_active(sp))
		rc = diag_report(d, DIAG_NOTHING_TO_SEARCH, NULL),
		    cmd_usage(d, cmd_search_usage);
	else if (rc == 0 && sp->fen != NULL && sp->pattern != NULL)
		rc = diag_report(d, DIAG_EXCLUSIVE, NULL, "--fen", "--pattern"),
		    cmd_usage(d, cmd_search_usage);
	return rc;
}

/* cmd_search, pgn-extract's option names read. */
static int
search_main(int argc, char *argv[], struct diag *d)
{
	struct posmatch_spec sp = { NULL, NULL, NULL, NULL };
	struct search s;
	struct cmd_each e;
	struct select sel;
	int i, rc;

	select_init(&sel);
	if ((rc = search_getopt(argc, argv, &sp, &sel, d)) == 0) {
		memset(&s, 0, sizeof(s));
		posmatch_init(&s.pm, &sp);
		s.d = d;
		memset(&e, 0, sizeof(e));
		e.sel = &sel;
		e.fn = search_game;
		e.ctx = &s;
		for (i = optind; i < argc; i++) {
			cmd_each_game(argv[i], &e, d);
			fflush(stdout);
		}
	}
	select_free(&sel);
	return rc != 0 ? rc : cmd_finish(d);
}

int
cmd_search(int argc, char *argv[], struct diag *d)
{
	return pgnx_run(argc, argv, PGNX_SEARCH, search_longopts, cmd_search_usage,
	    search_main, d);
}
