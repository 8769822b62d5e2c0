/*
 * move.c - stackref move: validate a move against a record and
 * append it.  The record is written back atomically, and only when the
 * move is accepted: no error ever touches it.  A move by the side a draw
 * was offered to declines the offer (replay_ply).  The record is read,
 * checked and written under its lock (cmd_play_load), so of two moves
 * played at once on one record the second sees the first.
 */
#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include "notation/notation.h"
#include "cmd/cmd.h"
#include "base/fileio.h"
#include "game/play.h"
#include "game/replay.h"

const char cmd_move_usage[] =
    "move [-n] [--as SIDE] [--ply N] [-o OUT] FILE MOVE";

/* Checks --as against the position. */
static int
move_check_side(const struct play_opts *po, const struct replay *rp,
    const struct diag_where *w, struct diag *d)
{
	int side;

	if (po->as == NULL)
		return 0;
	if (cmd_play_side(rp, po->as, &side, w, d) == -1)
		return -1;
	if (side == rp->pos.turn)
		return 0;
	diag_report(d, DIAG_WRONG_SIDE, w, rp->r->side[side],
	    rp->r->side[rp->pos.turn]);
	return -1;
}

/* Everything after loading: replay, checks, play, append, write. */
static int
move_play(const struct play_opts *po, const char *file, const char *text,
    struct record *g, const struct notation *nt, struct diag *d)
{
	struct replay_opts o = { fileio_name(file), 0, REPLAY_ALL, 0 };
	struct diag_where w = { o.file, NULL, 0, 0 };
	struct replay rp;

	if (replay_run(&rp, g, &o, d) == -1)
		return -1;
	w.ply = rp.plies + 1;
	/* --ply first: a move that arrives twice was played, whoever is
	 * to move now */
	if ((po->ply != NULL &&
	    cmd_play_ply(&rp, g, po->ply, NULL, &w, d) == -1) ||
	    cmd_play_open(&rp, g, NULL, &w, d) == -1 ||
	    move_check_side(po, &rp, &w, d) == -1 ||
	    replay_ply(&rp, text, &w, d, NULL) == -1)
		return -1;
	if (play_append_move(&rp, g, NULL, 0) == -1) {
		diag_report(d, DIAG_NOMEM, &w);
		return -1;
	}
	return cmd_play_write(po, file, nt, g, &rp, d);
}

int
cmd_move(int argc, char *argv[], struct diag *d)
{
	struct play_opts po = { 0, NULL, NULL, NULL };
	const struct notation *nt;
	struct fileio_lock lk;
	struct record g;
	int rc;

	if ((rc = cmd_play_getopt(&po, argc, argv, cmd_move_usage, d)) != 0)
		return rc;
	if (argc - optind != 2)
		return cmd_usage(d, cmd_move_usage, argc - optind < 2 ?
		    "FILE and MOVE are needed" : "too many arguments");
	record_init(&g);
	if (cmd_play_load(&po, argv[optind], &g, &nt, &lk, d) == 0)
		move_play(&po, argv[optind], argv[optind + 1], &g, nt, d);
	fileio_unlock(&lk);
	record_free(&g);
	return cmd_finish(d);
}
