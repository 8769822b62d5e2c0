/*
 * claim.c - stackref claim-time: a side claims the win because the
 * other side, to move, has lost on time.  Only when the clock at now
 * says so (the judge: game/judge.h) is {[%claim-time SIDE]} appended
 * with its time stamp, the result set and the Termination tag "time
 * forfeit"; otherwise the claim is refused (status 1) and the record
 * untouched.
 */
#include "cmd/cmd.h"

const char cmd_claim_time_usage[] =
    "claim-time --as SIDE [--ply N] [--now TIME] [-n] [-o OUT] FILE";

int
cmd_claim_time(int argc, char *argv[], struct diag *d)
{
	static const struct cmd_act a = { REPLAY_CLAIM_TIME,
	    cmd_claim_time_usage, 0 };

	return cmd_action_main(&a, argc, argv, d);
}
