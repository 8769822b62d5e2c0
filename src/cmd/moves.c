/* moves.c - stackref moves: the legal moves of the side to move. */
#include <getopt.h>
#include <stdio.h>

#include "cmd/cmd.h"

const char cmd_moves_usage[] =
    "moves [--game N] [--tag CRITERION]... [--ply N] FILE";

const char cmd_moves_help[] =
	CMD_HELP_SELECT
	"  --ply N              the moves after N plies (default: the last"
	" position)\n";

struct moves_print {
	const struct rules *r;
	const struct pos *p;
	int style;                /* the record's square style */
};

static int
moves_print_one(void *ctx, const struct move *m)
{
	struct moves_print *mp = ctx;
	char text[256];

	if (rules_move_text(mp->r, mp->p, m, mp->style, text,
	    sizeof(text)) == -1)
		return 0;
	puts(text);
	return 0;
}

/* moves' own option: --ply N. */
static int
moves_opt(void *ctx, int ch, const char *arg)
{
	if (ch != 'p')
		return -1;
	*(const char **)ctx = arg;
	return 0;
}

int
cmd_moves(int argc, char *argv[], struct diag *d)
{
	static const struct option longopts[] = {
		{ "ply", required_argument, NULL, 'p' },
		CMD_SELECT_LONGOPTS,
		{ NULL, 0, NULL, 0 }
	};
	const char *ply = NULL;
	struct moves_print mp;
	struct select sel;
	struct replay rp;
	struct record g;
	int rc;

	select_init(&sel);
	rc = cmd_getopt_select(argc, argv, longopts, &sel, cmd_moves_usage,
	    moves_opt, &ply, d);
	if (rc == 0 && argc - optind != 1)
		rc = cmd_arg_count(d, cmd_moves_usage, argc == optind, "file");
	if (rc != 0) {
		select_free(&sel);
		return rc;
	}
	record_init(&g);
	/* nothing to list once the game is over, by a resignation or an
	 * accepted draw too */
	if (cmd_replay_to(argv[optind], ply, &sel, &g, &rp, d) == 0 &&
	    rp.act_outcome == OUTCOME_NONE) {
		mp.r = rp.r;
		mp.p = &rp.pos;
		mp.style = rp.style;
		rp.r->generate(&rp.pos, moves_print_one, &mp);
	}
	record_free(&g);
	select_free(&sel);
	return cmd_finish(d);
}
