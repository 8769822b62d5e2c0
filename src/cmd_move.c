/*
 * cmd_move.c - stackref move: validate a move against a record and
 * append it.  The record is written back atomically, and only when the
 * move is accepted: no error ever touches it.
 */
#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include "../notation/notation.h"
#include "cmd.h"
#include "fileio.h"
#include "replay.h"

const char cmd_move_usage[] =
    "move [-n] [--as SIDE] [--ply N] [-o OUT] FILE MOVE";

struct move_opts {
	int dry;                  /* -n */
	const char *as;           /* --as SIDE, or NULL */
	const char *ply;          /* --ply N, or NULL */
	const char *out;          /* -o OUT, or NULL: FILE */
	const char *file;
	const char *text;
};

static int
move_getopt(struct move_opts *mo, int argc, char *argv[], struct diag *d)
{
	static const struct option longopts[] = {
		{ "dry-run", no_argument, NULL, 'n' },
		{ "as", required_argument, NULL, 'a' },
		{ "ply", required_argument, NULL, 'p' },
		{ "output", required_argument, NULL, 'o' },
		{ NULL, 0, NULL, 0 }
	};
	int ch;

	opterr = 0;
	while ((ch = getopt_long(argc, argv, ":no:", longopts, NULL)) != -1) {
		if (ch == 'n')
			mo->dry = 1;
		else if (ch == 'a')
			mo->as = optarg;
		else if (ch == 'p')
			mo->ply = optarg;
		else if (ch == 'o')
			mo->out = optarg;
		else
			return cmd_bad_option(d, cmd_move_usage, ch, argv);
	}
	if (argc - optind != 2)
		return cmd_usage(d, cmd_move_usage, argc - optind < 2 ?
		    "FILE and MOVE are needed" : "too many arguments");
	mo->file = argv[optind];
	mo->text = argv[optind + 1];
	return 0;
}

/* Refuses a move after the end: by the position or by the record. */
static int
move_over(const struct replay *rp, const struct record *g,
    const struct diag_where *w, struct diag *d)
{
	const char *res = g->result != NULL ? g->result : record_tag(g,
	    "Result");

	if (rp->outcome != OUTCOME_NONE) {
		diag_report(d, DIAG_GAME_OVER, w,
		    replay_result_token(rp->outcome),
		    rp->why != NULL ? rp->why : "no legal move");
		return -1;
	}
	if (res != NULL && strcmp(res, "*") != 0 && res[0] != '\0') {
		diag_report(d, DIAG_GAME_OVER, w, res,
		    "the record gives the result");
		return -1;
	}
	return 0;
}

/* Checks --as and --ply against the position. */
static int
move_check_turn(const struct move_opts *mo, const struct replay *rp,
    const struct diag_where *w, struct diag *d)
{
	unsigned long n;
	int side;

	if (mo->as != NULL) {
		if ((side = rules_side_parse(rp->r, mo->as)) == -1) {
			char sides[128];

			snprintf(sides, sizeof(sides), "%s, %s, first, second",
			    rp->r->side[0], rp->r->side[1]);
			diag_report(d, DIAG_BAD_SIDE, w, mo->as, sides);
			return -1;
		}
		if (side != rp->pos.turn) {
			diag_report(d, DIAG_WRONG_SIDE, w, rp->r->side[side],
			    rp->r->side[rp->pos.turn]);
			return -1;
		}
	}
	if (mo->ply != NULL) {
		if (cmd_number(d, "--ply", mo->ply, 1, REPLAY_ALL - 1, &n) == -1)
			return -1;
		if (n != rp->plies + 1) {
			diag_report(d, DIAG_WRONG_PLY, w, n, rp->plies + 1);
			return -1;
		}
	}
	return 0;
}

/* Appends the canonical text of the last ply; sets the result if over. */
static int
move_append(struct replay *rp, struct record *g, const char **res)
{
	char text[256];
	struct elem *e;
	int len;

	if ((len = replay_last_text(rp, text, sizeof(text))) < 0 ||
	    (e = line_push(&g->main, ELEM_MOVE, NULL)) == NULL ||
	    elem_set_text(e, text, (size_t)len) == -1)
		return -1;
	rp->outcome = rp->r->outcome(&rp->pos, &rp->why);
	*res = NULL;
	if (rp->outcome == OUTCOME_NONE)
		return 0;
	*res = replay_result_token(rp->outcome);
	if (record_tag_set(g, "Result", *res, NULL) == -1 ||
	    record_set_result(g, *res) == -1)
		return -1;
	return 0;
}

/* The record to write back, in the notation it was read in. */
struct move_out {
	const struct notation *nt;
	const struct record *g;
};

static int
move_write(FILE *out, void *ctx)
{
	const struct move_out *mw = ctx;

	return notation_write_record(mw->nt, out, mw->g);
}

/* Everything after loading: replay, checks, play, append, write. */
static int
move_play(const struct move_opts *mo, struct record *g,
    const struct notation *nt, struct diag *d)
{
	struct move_out mw = { nt, g };
	struct replay_opts o = { fileio_name(mo->file), 0, REPLAY_ALL, 0 };
	struct diag_where w = { o.file, NULL, 0, 0 };
	const char *out = mo->out != NULL ? mo->out : mo->file;
	const char *res;
	struct replay rp;

	if (replay_run(&rp, g, &o, d) == -1)
		return -1;
	w.ply = rp.plies + 1;
	if (move_over(&rp, g, &w, d) == -1 ||
	    move_check_turn(mo, &rp, &w, d) == -1 ||
	    replay_ply(&rp, mo->text, &w, d, NULL) == -1)
		return -1;
	if (move_append(&rp, g, &res) == -1) {
		diag_report(d, DIAG_NOMEM, &w);
		return -1;
	}
	if (!mo->dry && fileio_write_atomic(out, move_write, &mw, d) == -1)
		return -1;
	if (res != NULL && strcmp(out, "-") != 0)
		printf("game over: %s (%s)\n", res,
		    rp.why != NULL ? rp.why : "no legal move");
	return 0;
}

int
cmd_move(int argc, char *argv[], struct diag *d)
{
	struct move_opts mo = { 0, NULL, NULL, NULL, NULL, NULL };
	const struct notation *nt;
	struct record g;
	int rc;

	if ((rc = move_getopt(&mo, argc, argv, d)) != 0)
		return rc;
	record_init(&g);
	if (cmd_load_one(mo.file, &g, &nt, d) == 0)
		move_play(&mo, &g, nt, d);
	record_free(&g);
	return cmd_finish(d);
}
