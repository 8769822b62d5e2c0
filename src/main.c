/*
 * main.c - stackref: a referee for board games played by
 * correspondence.  Finds the subcommand in one table and runs it.
 */
#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include "cmd/cmd.h"

#define STACKREF_VERSION "0.1"

static const struct cmd main_cmds[] = {
	{ "new", cmd_new, cmd_new_usage, "start a new game record",
	    cmd_new_help },
	{ "check", cmd_check, cmd_check_usage, "validate every game of records",
	    cmd_check_help },
	{ "move", cmd_move, cmd_move_usage, "validate and record a move",
	    cmd_move_help },
	{ "moves", cmd_moves, cmd_moves_usage, "list the legal moves",
	    cmd_moves_help },
	{ "show", cmd_show, cmd_show_usage, "draw the position",
	    cmd_show_help },
	{ "perft", cmd_perft, cmd_perft_usage, "count the legal-move tree",
	    cmd_perft_help },
	{ "convert", cmd_convert, cmd_convert_usage, "rewrite records canonically",
	    cmd_convert_help },
	{ "search", cmd_search, cmd_search_usage,
	    "find the games that reach a position", cmd_search_help },
	{ "dups", cmd_dups, cmd_dups_usage,
	    "list the games that repeat an earlier one", cmd_dups_help },
	{ "stats", cmd_stats, cmd_stats_usage, "summarise archives",
	    cmd_stats_help },
	{ "fetch", cmd_fetch, cmd_fetch_usage,
	    "download a record from a web or mail server", cmd_fetch_help },
	{ "post", cmd_post, cmd_post_usage,
	    "mail a record, upload it, or send a move to a referee",
	    cmd_post_help },
	{ "resign", cmd_resign, cmd_resign_usage, "resign the game",
	    cmd_action_help },
	{ "offer-draw", cmd_offer_draw, cmd_offer_draw_usage, "offer a draw",
	    cmd_action_help },
	{ "accept-draw", cmd_accept_draw, cmd_accept_draw_usage,
	    "accept the pending draw offer", cmd_action_help },
	{ "decline-draw", cmd_decline_draw, cmd_decline_draw_usage,
	    "decline the pending draw offer", cmd_action_help },
	{ "request-undo", cmd_request_undo, cmd_request_undo_usage,
	    "ask to take back one's last move", cmd_action_help },
	{ "accept-undo", cmd_accept_undo, cmd_accept_undo_usage,
	    "take the moves back as asked", cmd_action_help },
	{ "decline-undo", cmd_decline_undo, cmd_decline_undo_usage,
	    "refuse to take the moves back", cmd_action_help },
	{ "clock", cmd_clock, cmd_clock_usage,
	    "show the clock: time used and left, reminders", cmd_clock_help },
	{ "claim-time", cmd_claim_time, cmd_claim_time_usage,
	    "claim the win when the other side lost on time", cmd_action_help },
	{ "leave", cmd_leave, cmd_leave_usage,
	    "take days of leave: one's clock stops", cmd_leave_help },
	{ "referee", cmd_referee, cmd_referee_usage,
	    "play-by-email server: one run over a mailbox", cmd_referee_help },
	{ NULL, NULL, NULL, NULL, NULL }
};

static const struct cmd *
main_find(const char *name)
{
	const struct cmd *c;

	for (c = main_cmds; c->name != NULL; c++)
		if (strcmp(c->name, name) == 0)
			return c;
	return NULL;
}

static void
main_help(FILE *out)
{
	const struct cmd *c;

	fputs("usage: stackref COMMAND [OPTION]... [ARG]...\n"
	    "       stackref COMMAND --help | help COMMAND | --help | --version\n\n"
	    "commands:\n", out);
	for (c = main_cmds; c->name != NULL; c++)
		fprintf(out, "  %-12s  %s\n", c->name, c->summary);
	fputs("\nExit status: 0 ok, 1 rejected, 2 usage, 3 malformed input,"
	    " 4 system error,\n5 transfer error.  See stackref(1).\n", out);
}

/* stackref help [COMMAND] */
static int
main_help_cmd(int argc, char *argv[], struct diag *d)
{
	const struct cmd *c;

	if (argc < 2) {
		main_help(stdout);
		return cmd_finish(d);
	}
	if ((c = main_find(argv[1])) == NULL) {
		diag_report(d, DIAG_UNKNOWN_COMMAND, NULL, argv[1]);
		return STATUS_USAGE;
	}
	return cmd_help(c, d);
}

int
main(int argc, char *argv[])
{
	static const struct option longopts[] = {
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'V' },
		{ NULL, 0, NULL, 0 }
	};
	const struct cmd *c;
	struct diag d;
	int ch;

	diag_init(&d, "stackref", stderr);
	opterr = 0;
	while ((ch = getopt_long(argc, argv, "+hV", longopts, NULL)) != -1) {
		if (ch == 'h') {
			main_help(stdout);
			return cmd_finish(&d);
		}
		if (ch == 'V') {
			puts("stackref " STACKREF_VERSION);
			return cmd_finish(&d);
		}
		cmd_bad_option(&d, "COMMAND [OPTION]... [ARG]...", ch, argv);
		return STATUS_USAGE;
	}
	argc -= optind;
	argv += optind;
	if (argc == 0)
		return diag_report(&d, DIAG_NO_COMMAND, NULL),
		    cmd_usage(&d, "COMMAND [OPTION]... [ARG]...");
	if (strcmp(argv[0], "help") == 0)
		return main_help_cmd(argc, argv, &d);
	if ((c = main_find(argv[0])) == NULL) {
		diag_report(&d, DIAG_UNKNOWN_COMMAND, NULL, argv[0]);
		return STATUS_USAGE;
	}
	if (cmd_wants_help(argc, argv))
		return cmd_help(c, &d);
	optind = 0;
	return c->fn(argc, argv, &d);
}
