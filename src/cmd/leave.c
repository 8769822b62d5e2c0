/*
 * leave.c - stackref leave: a side declares leave of N days from now,
 * within the days per calendar year its record's time control gives
 * (leave=); its clock stops meanwhile (game/clock.h).  Recorded as
 * {[%leave SIDE N]} with its time stamp.
 */
#include <stdio.h>

#include "cmd/cmd.h"
#include "game/clock.h"
#include "game/play.h"

const char cmd_leave_usage[] = "leave --as SIDE --days N [--ply N] "
    "[--now TIME] [-n] [-o OUT] FILE";

const char cmd_leave_help[] =
	"  --days N             the days of leave to take\n"
	CMD_HELP_PLAY;

/* Checks --days against the clock's allowance, then appends. */
static int
leave_append(const struct cmd_act_run *run)
{
	unsigned long days;
	char why[160];

	if (cmd_number(run->d, "--days", run->po->days, 1, 366, &days) == -1)
		return -1;
	if (clock_leave_allowed(&run->cc->ck, run->rp, &run->cc->c,
	    run->side, days, why, sizeof(why)) == -1) {
		diag_report(run->d, DIAG_LEAVE, run->w, run->label, why);
		return -1;
	}
	if (play_append_leave(run->rp, run->g, run->side, days) == 0)
		return 0;
	diag_report(run->d, DIAG_NOMEM, run->w);
	return -1;
}

int
cmd_leave(int argc, char *argv[], struct diag *d)
{
	static const struct cmd_act a = { REPLAY_LEAVE, cmd_leave_usage,
	    CMD_PLAY_DAYS, leave_append };

	return cmd_action_main(&a, argc, argv, d);
}
