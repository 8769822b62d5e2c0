/*
 * leave.c - stackref leave: a side declares leave of N days from now,
 * within the days per calendar year its record's time control gives
 * (leave=); its clock stops meanwhile (game/clock.h).  Recorded as
 * {[%leave SIDE N]} with its time stamp, when the judge lets it pass
 * (game/judge.h).
 */
#include "cmd/cmd.h"

const char cmd_leave_usage[] = "leave --as SIDE --days N [--ply N] "
    "[--now TIME] [-n] [-o OUT] FILE";

const char cmd_leave_help[] =
	"  --days N             the days of leave to take\n"
	CMD_HELP_PLAY;

int
cmd_leave(int argc, char *argv[], struct diag *d)
{
	static const struct cmd_act a = { REPLAY_LEAVE, cmd_leave_usage,
	    CMD_PLAY_DAYS };

	return cmd_action_main(&a, argc, argv, d);
}
