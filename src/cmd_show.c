/* cmd_show.c - stackref show: draw the position of a record. */
#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include "../notation/notation.h"
#include "board_ascii.h"
#include "cmd.h"

const char cmd_show_usage[] =
    "show [--ply N] [--format ascii|fen] [--flip] FILE";

struct show_opts {
	const char *ply;
	const char *format;
	int flip;
};

/* The lines under the board: who moves, ply, last move, result. */
static void
show_status(const struct replay *rp, const struct record *g, int at_end)
{
	const char *res = g->result != NULL ? g->result : record_tag(g,
	    "Result");
	char last[256];

	printf("%s after %lu pl%s", rp->r->name, rp->plies,
	    rp->plies == 1 ? "y" : "ies");
	if (replay_last_text(rp, last, sizeof(last)) >= 0)
		printf(", last move %s", last);
	if (rp->outcome != OUTCOME_NONE)
		printf("\nresult %s: %s\n", replay_result_token(rp->outcome),
		    rp->why != NULL ? rp->why : "no legal move");
	else if (at_end && res != NULL && strcmp(res, "*") != 0 &&
	    res[0] != '\0')
		printf("\nresult %s (recorded)\n", res);
	else
		printf("; %s to move\n", rp->r->side[rp->pos.turn]);
}

static int
show_fen(const struct replay *rp, struct diag *d)
{
	char buf[2048];

	if (fen_format(rp->r, &rp->pos, buf, sizeof(buf)) == -1) {
		diag_report(d, DIAG_TOO_BIG, NULL, "the FEN of the position");
		return -1;
	}
	puts(buf);
	return 0;
}

static int
show_getopt(struct show_opts *so, int argc, char *argv[], struct diag *d)
{
	static const struct option longopts[] = {
		{ "ply", required_argument, NULL, 'p' },
		{ "format", required_argument, NULL, 'f' },
		{ "flip", no_argument, NULL, 'F' },
		{ NULL, 0, NULL, 0 }
	};
	char what[128];
	int ch;

	opterr = 0;
	while ((ch = getopt_long(argc, argv, ":", longopts, NULL)) != -1) {
		if (ch == 'p')
			so->ply = optarg;
		else if (ch == 'f')
			so->format = optarg;
		else if (ch == 'F')
			so->flip = 1;
		else
			return cmd_bad_option(d, cmd_show_usage, ch, argv);
	}
	if (strcmp(so->format, "ascii") != 0 &&
	    strcmp(so->format, "fen") != 0) {
		snprintf(what, sizeof(what), "--format %s: %s", so->format,
		    strcmp(so->format, "svg") == 0 ? "not supported yet" :
		    "expected ascii or fen");
		return cmd_usage(d, cmd_show_usage, what);
	}
	if (argc - optind != 1)
		return cmd_usage(d, cmd_show_usage, argc == optind ?
		    "no file given" : "too many arguments");
	return 0;
}

int
cmd_show(int argc, char *argv[], struct diag *d)
{
	struct show_opts so = { NULL, "ascii", 0 };
	struct replay rp;
	struct record g;
	int rc;

	if ((rc = show_getopt(&so, argc, argv, d)) != 0)
		return rc;
	record_init(&g);
	if (cmd_replay_to(argv[optind], so.ply, &g, &rp, d) == 0) {
		if (strcmp(so.format, "fen") == 0)
			show_fen(&rp, d);
		else if (board_ascii(stdout, rp.r, &rp.pos, so.flip) == 0)
			show_status(&rp, &g, rp.plies == rp.total);
	}
	record_free(&g);
	return cmd_finish(d);
}
