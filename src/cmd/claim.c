/*
 * claim.c - stackref claim-time: a side claims the win because the
 * other side, to move, has lost on time.  Only when the clock at now
 * says so (game/clock.h) is {[%claim-time SIDE]} appended with its time
 * stamp, the result set and the Termination tag "time forfeit";
 * otherwise the claim is refused (status 1) and the record untouched.
 */
#include <stdio.h>

#include "cmd/cmd.h"
#include "game/clock.h"
#include "game/play.h"

const char cmd_claim_time_usage[] =
    "claim-time --as SIDE [--ply N] [--now TIME] [-n] [-o OUT] FILE";

/* The clock must give the win; then the claim ends the game. */
static int
claim_append(const struct cmd_act_run *run)
{
	char why[160];

	if (clock_claim_allowed(&run->cc->ck, run->rp, &run->cc->c,
	    run->side, why, sizeof(why)) == -1) {
		diag_report(run->d, DIAG_NOT_LOST, run->w, run->label, why);
		return -1;
	}
	if (play_append_action(run->rp, run->g, REPLAY_CLAIM_TIME,
	    run->side) == 0)
		return 0;
	diag_report(run->d, DIAG_NOMEM, run->w);
	return -1;
}

int
cmd_claim_time(int argc, char *argv[], struct diag *d)
{
	static const struct cmd_act a = { REPLAY_CLAIM_TIME,
	    cmd_claim_time_usage, 0, claim_append };

	return cmd_action_main(&a, argc, argv, d);
}
