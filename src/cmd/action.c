/*
 * action.c - stackref resign, offer-draw, accept-draw and
 * decline-draw: the correspondence actions, and the run every action
 * command shares (cmd_action_main: undo.c, leave.c, claim.c too).
 *
 * The action is judged on the replayed record (game/judge.h: who may
 * take it and when, the clock), appended at the end of the main line as
 * an ELEM_ACTION "ACTION SIDE" (with its time stamp when the record is
 * timed), and the record is written back atomically in the notation it
 * was read in.  A resignation or an accepted draw also sets the result
 * (token and Result tag) and a Termination tag giving the reason ("red
 * resigned", "draw agreed").  No error ever touches the record.  As for
 * move, the record is read, checked and written under its lock
 * (cmd_play_load).
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
    "resign --as SIDE [--ply N] [--now TIME] [-n] [-o OUT] FILE";
const char cmd_offer_draw_usage[] =
    "offer-draw --as SIDE [--ply N] [--now TIME] [-n] [-o OUT] FILE";
const char cmd_accept_draw_usage[] =
    "accept-draw --as SIDE [--ply N] [--now TIME] [-n] [-o OUT] FILE";
const char cmd_decline_draw_usage[] =
    "decline-draw --as SIDE [--ply N] [--now TIME] [-n] [-o OUT] FILE";

const char cmd_action_help[] =
	CMD_HELP_PLAY;

/* Everything after loading: replay, the judge, the action applied and
 * appended, its time stamp, the write. */
static int
action_take(const struct cmd_act *a, const struct play_opts *po,
    const char *file, struct record *g, const struct notation *nt,
    long long now, struct diag *d)
{
	struct replay_opts o = { fileio_name(file), 0, REPLAY_ALL, 0 };
	struct diag_where w = { o.file, NULL, 0, 0 };
	struct judge_ask ask = { (int)a->act, -1, 0, 0 };
	struct judge_clock jc;
	struct replay rp;

	jc.now = now;
	if (replay_run(&rp, g, &o, d) == -1)
		return -1;
	w.ply = rp.plies + 1;
	if (cmd_play_judge(po, &ask, &jc, g, &rp, &w, d) == -1)
		return -1;
	replay_act_apply(&rp, a->act, ask.side);
	if (play_append_act(&rp, g, a->act, ask.side, ask.days) == -1) {
		diag_report(d, DIAG_NOMEM, &w);
		return -1;
	}
	if (cmd_play_stamp(&jc, g, &w, d) == -1)
		return -1;
	return cmd_play_write(po, file, nt, g, &rp, d);
}

int
cmd_action_main(const struct cmd_act *a, int argc, char *argv[],
    struct diag *d)
{
	struct play_opts po;
	const struct notation *nt;
	struct fileio_lock lk;
	struct record g;
	long long now;
	int rc;

	memset(&po, 0, sizeof(po));
	if ((rc = cmd_play_getopt(&po, argc, argv, a->usage, a->extra,
	    d)) != 0)
		return rc;
	if (po.as == NULL && argc - optind == 2 &&
	    cmd_misplaced(argc, argv, optind, -1, 1, d))
		return STATUS_USAGE;
	if (po.as == NULL)
		return diag_report(d, DIAG_OPTION_NEEDED, NULL, "--as SIDE"),
		    cmd_usage(d, a->usage);
	if ((a->extra & CMD_PLAY_DAYS) && po.days == NULL)
		return diag_report(d, DIAG_OPTION_NEEDED, NULL, "--days N"),
		    cmd_usage(d, a->usage);
	if (argc - optind != 1)
		return cmd_arg_count(d, a->usage, argc == optind, "file");
	if (cmd_now(po.now, &now, d) == -1)
		return cmd_finish(d);
	record_init(&g);
	if (cmd_play_load(&po, argv[optind], &g, &nt, &lk, d) == 0)
		action_take(a, &po, argv[optind], &g, nt, now, d);
	fileio_unlock(&lk);
	record_free(&g);
	return cmd_finish(d);
}

int
cmd_resign(int argc, char *argv[], struct diag *d)
{
	static const struct cmd_act a = { REPLAY_RESIGN, cmd_resign_usage,
	    0 };

	return cmd_action_main(&a, argc, argv, d);
}

int
cmd_offer_draw(int argc, char *argv[], struct diag *d)
{
	static const struct cmd_act a = { REPLAY_OFFER_DRAW,
	    cmd_offer_draw_usage, 0 };

	return cmd_action_main(&a, argc, argv, d);
}

int
cmd_accept_draw(int argc, char *argv[], struct diag *d)
{
	static const struct cmd_act a = { REPLAY_ACCEPT_DRAW,
	    cmd_accept_draw_usage, 0 };

	return cmd_action_main(&a, argc, argv, d);
}

int
cmd_decline_draw(int argc, char *argv[], struct diag *d)
{
	static const struct cmd_act a = { REPLAY_DECLINE_DRAW,
	    cmd_decline_draw_usage, 0 };

	return cmd_action_main(&a, argc, argv, d);
}
