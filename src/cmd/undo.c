/*
 * undo.c - stackref request-undo, accept-undo and decline-undo:
 * taking back a move by agreement.  A side asks to take back its last
 * move (and the reply to it, when the other side has replied); the
 * other side accepts or declines, and any move voids the request.  An
 * accepted request moves the moves taken back, with the request, their
 * comments and time stamps, into a variation at the end of the main
 * line, followed by the accept (play_accept_undo): the main line is the
 * game in force and nothing of its story is lost.
 */
#include <stdio.h>

#include "cmd/cmd.h"

const char cmd_request_undo_usage[] =
    "request-undo --as SIDE [--ply N] [--now TIME] [-n] [-o OUT] FILE";
const char cmd_accept_undo_usage[] =
    "accept-undo --as SIDE [--ply N] [--now TIME] [-n] [-o OUT] FILE";
const char cmd_decline_undo_usage[] =
    "decline-undo --as SIDE [--ply N] [--now TIME] [-n] [-o OUT] FILE";

int
cmd_request_undo(int argc, char *argv[], struct diag *d)
{
	static const struct cmd_act a = { REPLAY_REQUEST_UNDO,
	    cmd_request_undo_usage, 0 };

	return cmd_action_main(&a, argc, argv, d);
}

int
cmd_accept_undo(int argc, char *argv[], struct diag *d)
{
	static const struct cmd_act a = { REPLAY_ACCEPT_UNDO,
	    cmd_accept_undo_usage, 0 };

	return cmd_action_main(&a, argc, argv, d);
}

int
cmd_decline_undo(int argc, char *argv[], struct diag *d)
{
	static const struct cmd_act a = { REPLAY_DECLINE_UNDO,
	    cmd_decline_undo_usage, 0 };

	return cmd_action_main(&a, argc, argv, d);
}
