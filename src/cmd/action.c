/*
 * action.c - stackref resign, offer-draw, accept-draw and
 * decline-draw: the correspondence actions.
 *
 * The action is validated against the replayed record (replay_action:
 * who may take it and when), appended at the end of the main line as
 * an ELEM_ACTION "ACTION SIDE", and the record is written back
 * atomically in the notation it was read in.  A resignation or an
 * accepted draw also sets the result (token and Result tag) and a
 * Termination tag giving the reason ("red resigned", "draw agreed").
 * No error ever touches the record.  As for move, the record is read,
 * checked and written under its lock (cmd_play_load).
 */
#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include "notation/notation.h"
#include "cmd/cmd.h"
#include "base/fileio.h"
#include "game/play.h"
#include "game/replay.h"

const char cmd_resign_usage[] =
    "resign --as SIDE [--ply N] [-n] [-o OUT] FILE";
const char cmd_offer_draw_usage[] =
    "offer-draw --as SIDE [--ply N] [-n] [-o OUT] FILE";
const char cmd_accept_draw_usage[] =
    "accept-draw --as SIDE [--ply N] [-n] [-o OUT] FILE";
const char cmd_decline_draw_usage[] =
    "decline-draw --as SIDE [--ply N] [-n] [-o OUT] FILE";

/* Everything after loading: replay, checks, action, append, write. */
static int
action_take(enum replay_act act, const struct play_opts *po,
    const char *file, struct record *g, const struct notation *nt,
    struct diag *d)
{
	struct replay_opts o = { fileio_name(file), 0, REPLAY_ALL, 0 };
	struct diag_where w = { o.file, NULL, 0, 0 };
	struct replay rp;
	char label[64];
	int side;

	if (replay_run(&rp, g, &o, d) == -1)
		return -1;
	w.ply = rp.plies + 1;
	if (cmd_play_side(&rp, po->as, &side, &w, d) == -1)
		return -1;
	snprintf(label, sizeof(label), "%s by %s", replay_act_name(act),
	    rp.r->side[side]);
	if ((po->ply != NULL &&
	    cmd_play_ply(&rp, g, po->ply, label, &w, d) == -1) ||
	    cmd_play_open(&rp, g, label, &w, d) == -1 ||
	    replay_action(&rp, act, side, &w, d) == -1)
		return -1;
	if (play_append_action(&rp, g, act, side) == -1) {
		diag_report(d, DIAG_NOMEM, &w);
		return -1;
	}
	return cmd_play_write(po, file, nt, g, &rp, d);
}

/* One action command: options, then the record. */
static int
action_main(enum replay_act act, const char *usage, int argc,
    char *argv[], struct diag *d)
{
	struct play_opts po = { 0, NULL, NULL, NULL };
	const struct notation *nt;
	struct fileio_lock lk;
	struct record g;
	int rc;

	if ((rc = cmd_play_getopt(&po, argc, argv, usage, d)) != 0)
		return rc;
	if (po.as == NULL)
		return cmd_usage(d, usage, "--as SIDE is needed");
	if (argc - optind != 1)
		return cmd_usage(d, usage, argc == optind ? "no file given" :
		    "too many arguments");
	record_init(&g);
	if (cmd_play_load(&po, argv[optind], &g, &nt, &lk, d) == 0)
		action_take(act, &po, argv[optind], &g, nt, d);
	fileio_unlock(&lk);
	record_free(&g);
	return cmd_finish(d);
}

int
cmd_resign(int argc, char *argv[], struct diag *d)
{
	return action_main(REPLAY_RESIGN, cmd_resign_usage, argc, argv, d);
}

int
cmd_offer_draw(int argc, char *argv[], struct diag *d)
{
	return action_main(REPLAY_OFFER_DRAW, cmd_offer_draw_usage, argc,
	    argv, d);
}

int
cmd_accept_draw(int argc, char *argv[], struct diag *d)
{
	return action_main(REPLAY_ACCEPT_DRAW, cmd_accept_draw_usage, argc,
	    argv, d);
}

int
cmd_decline_draw(int argc, char *argv[], struct diag *d)
{
	return action_main(REPLAY_DECLINE_DRAW, cmd_decline_draw_usage, argc,
	    argv, d);
}
