/*
 * diag.c - the table of diagnostics: one line per enum diag_id, its
 * status and its message.  Messages say what was read, what was
 * expected, and what is legal instead.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "base/diag.h"

struct diag_msg {
	enum status status;
	const char *name;         /* the kind, for summaries */
	const char *format;
};

static const struct diag_msg diag_table[DIAG__COUNT] = {
	[DIAG_ILLEGAL_MOVE] = { STATUS_REJECTED, "illegal move",
	    DIAG_ILLEGAL_MOVE_MSG },
	[DIAG_AMBIGUOUS_MOVE] = { STATUS_REJECTED, "ambiguous move",
	    DIAG_AMBIGUOUS_MOVE_MSG },
	[DIAG_GAME_OVER] = { STATUS_REJECTED, "move after the end",
	    DIAG_GAME_OVER_MSG },
	[DIAG_WRONG_SIDE] = { STATUS_REJECTED, "wrong side",
	    DIAG_WRONG_SIDE_MSG },
	[DIAG_WRONG_PLY] = { STATUS_REJECTED, "wrong ply", DIAG_WRONG_PLY_MSG },
	[DIAG_PLY_PLAYED] = { STATUS_REJECTED, "ply already played",
	    DIAG_PLY_PLAYED_MSG },
	[DIAG_WRONG_RESULT] = { STATUS_REJECTED, "wrong result",
	    DIAG_WRONG_RESULT_MSG },
	[DIAG_ACTION_OVER] = { STATUS_REJECTED, "action after the end",
	    DIAG_ACTION_OVER_MSG },
	[DIAG_ACTION_PLY] = { STATUS_REJECTED, "action at the wrong ply",
	    DIAG_ACTION_PLY_MSG },
	[DIAG_OFFER_PENDING] = { STATUS_REJECTED, "draw offer pending",
	    DIAG_OFFER_PENDING_MSG },
	[DIAG_NO_OFFER] = { STATUS_REJECTED, "no draw offer",
	    DIAG_NO_OFFER_MSG },
	[DIAG_OWN_OFFER] = { STATUS_REJECTED, "own draw offer",
	    DIAG_OWN_OFFER_MSG },
	[DIAG_UNDO_PENDING] = { STATUS_REJECTED, "undo pending",
	    DIAG_UNDO_PENDING_MSG },
	[DIAG_NOTHING_TO_UNDO] = { STATUS_REJECTED, "nothing to undo",
	    DIAG_NOTHING_TO_UNDO_MSG },
	[DIAG_NO_UNDO] = { STATUS_REJECTED, "no undo request",
	    DIAG_NO_UNDO_MSG },
	[DIAG_OWN_UNDO] = { STATUS_REJECTED, "own undo request",
	    DIAG_OWN_UNDO_MSG },
	[DIAG_UNDO_SHAPE] = { STATUS_REJECTED, "undo without its moves",
	    DIAG_UNDO_SHAPE_MSG },
	[DIAG_TIME_UP] = { STATUS_REJECTED, "lost on time", DIAG_TIME_UP_MSG },
	[DIAG_NOT_LOST] = { STATUS_REJECTED, "claim on time refused",
	    DIAG_NOT_LOST_MSG },
	[DIAG_LEAVE] = { STATUS_REJECTED, "leave refused", DIAG_LEAVE_MSG },
	[DIAG_BAD_THEN] = { STATUS_REJECTED, "conditional moves refused",
	    DIAG_BAD_THEN_MSG },
	[DIAG_NOT_EXTENSION] = { STATUS_REJECTED, "not an extension",
	    DIAG_NOT_EXTENSION_MSG },
	[DIAG_SERVER_NEWER] = { STATUS_REJECTED, "server copy newer",
	    DIAG_SERVER_NEWER_MSG },
	[DIAG_PAST_END] = { STATUS_REJECTED, "past the end",
	    DIAG_PAST_END_MSG },
	[DIAG_REF_LATE] = { STATUS_REJECTED, "referee late",
	    DIAG_REF_LATE_MSG },
	[DIAG_PAST_END_SOME] = { STATUS_REJECTED, "past the end of some",
	    DIAG_PAST_END_SOME_MSG },
	[DIAG_ADMIN_NONE] = { STATUS_REJECTED, "not in the store",
	    DIAG_ADMIN_NONE_MSG },
	[DIAG_ADMIN_OPEN] = { STATUS_REJECTED, "open boards",
	    DIAG_ADMIN_OPEN_MSG },
	[DIAG_UNKNOWN_COMMAND] = { STATUS_USAGE, "unknown command",
	    DIAG_UNKNOWN_COMMAND_MSG },
	[DIAG_UNKNOWN_OPTION] = { STATUS_USAGE, "unknown option",
	    DIAG_UNKNOWN_OPTION_MSG },
	[DIAG_OPTION_VALUE] = { STATUS_USAGE, "option without a value",
	    DIAG_OPTION_VALUE_MSG },
	[DIAG_NO_ARGUMENT] = { STATUS_USAGE, "argument missing",
	    DIAG_NO_ARGUMENT_MSG },
	[DIAG_NO_COMMAND] = { STATUS_USAGE, "no command", DIAG_NO_COMMAND_MSG },
	[DIAG_TOO_MANY_ARGS] = { STATUS_USAGE, "too many arguments",
	    DIAG_TOO_MANY_ARGS_MSG },
	[DIAG_ARGS_NEEDED] = { STATUS_USAGE, "arguments missing",
	    DIAG_ARGS_NEEDED_MSG },
	[DIAG_OPTION_NEEDED] = { STATUS_USAGE, "option missing",
	    DIAG_OPTION_NEEDED_MSG },
	[DIAG_NEEDS] = { STATUS_USAGE, "option missing", DIAG_NEEDS_MSG },
	[DIAG_EXCLUSIVE] = { STATUS_USAGE, "options exclude each other",
	    DIAG_EXCLUSIVE_MSG },
	[DIAG_TOO_MANY_OPTIONS] = { STATUS_USAGE, "option too often",
	    DIAG_TOO_MANY_OPTIONS_MSG },
	[DIAG_BAD_VALUE] = { STATUS_USAGE, "bad option value",
	    DIAG_BAD_VALUE_MSG },
	[DIAG_BAD_RANGE] = { STATUS_USAGE, "option value out of range",
	    DIAG_BAD_RANGE_MSG },
	[DIAG_UNKNOWN_NOTATION] = { STATUS_USAGE, "unknown notation",
	    DIAG_UNKNOWN_NOTATION_MSG },
	[DIAG_NONE_SELECTED] = { STATUS_USAGE, "no game selected",
	    DIAG_NONE_SELECTED_MSG },
	[DIAG_MANY_SELECTED] = { STATUS_USAGE, "several games selected",
	    DIAG_MANY_SELECTED_MSG },
	[DIAG_GAME_BEYOND] = { STATUS_USAGE, "game number past the end",
	    DIAG_GAME_BEYOND_MSG },
	[DIAG_MANY_GAMES] = { STATUS_USAGE, "one game of many to choose",
	    DIAG_MANY_GAMES_MSG },
	[DIAG_PGNX_ELSEWHERE] = { STATUS_USAGE, "pgn-extract's option of "
	    "another command", DIAG_PGNX_ELSEWHERE_MSG },
	[DIAG_PGNX_INSTEAD] = { STATUS_USAGE, "pgn-extract's option not "
	    "provided", DIAG_PGNX_INSTEAD_MSG },
	[DIAG_PGNX_NA] = { STATUS_USAGE, "pgn-extract's option for chess",
	    DIAG_PGNX_NA_MSG },
	[DIAG_PGNX_VALUE] = { STATUS_USAGE, "pgn-extract's option misread",
	    DIAG_PGNX_VALUE_MSG },
	[DIAG_BAD_ADDRESS] = { STATUS_USAGE, "bad mail address",
	    DIAG_BAD_ADDRESS_MSG },
	[DIAG_COMPOSE] = { STATUS_USAGE, "mail not composed",
	    DIAG_COMPOSE_MSG },
	[DIAG_PBEM_SIDE] = { STATUS_USAGE, "player unknown",
	    DIAG_PBEM_SIDE_MSG },
	[DIAG_NO_TTY] = { STATUS_USAGE, "no terminal", DIAG_NO_TTY_MSG },
	[DIAG_PASSWORD_UNSET] = { STATUS_USAGE, "password variable unset",
	    DIAG_PASSWORD_UNSET_MSG },
	[DIAG_BAD_POSITION] = { STATUS_USAGE, "bad position filter",
	    DIAG_BAD_POSITION_MSG },
	[DIAG_POSITION_TOO_LONG] = { STATUS_USAGE, "bad position filter",
	    DIAG_POSITION_TOO_LONG_MSG },
	[DIAG_BAD_EMPTY] = { STATUS_USAGE, "bad position filter",
	    DIAG_BAD_EMPTY_MSG },
	[DIAG_BAD_MATERIAL] = { STATUS_USAGE, "bad position filter",
	    DIAG_BAD_MATERIAL_MSG },
	[DIAG_UNKNOWN_GAME] = { STATUS_USAGE, "unknown game",
	    DIAG_UNKNOWN_GAME_MSG },
	[DIAG_BAD_NUMBER] = { STATUS_USAGE, "bad number", DIAG_BAD_NUMBER_MSG },
	[DIAG_BAD_SIDE] = { STATUS_USAGE, "bad side", DIAG_BAD_SIDE_MSG },
	[DIAG_AMBIGUOUS_SIDE] = { STATUS_USAGE, "ambiguous side",
	    DIAG_AMBIGUOUS_SIDE_MSG },
	[DIAG_BINARY_TTY] = { STATUS_USAGE, "binary output to a terminal",
	    DIAG_BINARY_TTY_MSG },
	[DIAG_DID_YOU_MEAN] = { STATUS_USAGE, "operands out of place",
	    DIAG_DID_YOU_MEAN_MSG },
	[DIAG_BAD_NOW] = { STATUS_USAGE, "bad time", DIAG_BAD_NOW_MSG },
	[DIAG_NOW_BEHIND] = { STATUS_USAGE, "time before the record's",
	    DIAG_NOW_BEHIND_MSG },
	[DIAG_BAD_GAME_LIST] = { STATUS_USAGE, "bad game list",
	    DIAG_BAD_GAME_LIST_MSG },
	[DIAG_BAD_TAG_CRITERION] = { STATUS_USAGE, "bad tag criterion",
	    DIAG_BAD_TAG_CRITERION_MSG },
	[DIAG_BAD_TAG_REGEX] = { STATUS_USAGE, "bad tag expression",
	    DIAG_BAD_TAG_REGEX_MSG },
	[DIAG_SIZE_FORMAT] = { STATUS_USAGE, "size without a picture",
	    DIAG_SIZE_FORMAT_MSG },
	[DIAG_THEN_NEEDS_FILE] = { STATUS_USAGE, "conditional moves unkept",
	    DIAG_THEN_NEEDS_FILE_MSG },
	[DIAG_NOTHING_TO_SEARCH] = { STATUS_USAGE, "nothing to search for",
	    DIAG_NOTHING_TO_SEARCH_MSG },
	[DIAG_FILE_AND_URL] = { STATUS_USAGE, "arguments missing",
	    DIAG_FILE_AND_URL_MSG },
	[DIAG_TOO_MANY_TO] = { STATUS_USAGE, "option too often",
	    DIAG_TOO_MANY_TO_MSG },
	[DIAG_BAD_URL] = { STATUS_USAGE, "bad URL", DIAG_BAD_URL_MSG },
	[DIAG_POST_URL] = { STATUS_USAGE, "wrong kind of URL",
	    DIAG_POST_URL_MSG },
	[DIAG_FETCH_URL] = { STATUS_USAGE, "wrong kind of URL",
	    DIAG_FETCH_URL_MSG },
	[DIAG_PUBLISH_URL] = { STATUS_USAGE, "wrong kind of URL",
	    DIAG_PUBLISH_URL_MSG },
	[DIAG_PBEM_URL] = { STATUS_USAGE, "wrong kind of URL",
	    DIAG_PBEM_URL_MSG },
	[DIAG_NO_RECIPIENT] = { STATUS_USAGE, "no recipient",
	    DIAG_NO_RECIPIENT_MSG },
	[DIAG_NO_DOMAIN] = { STATUS_USAGE, "no domain", DIAG_NO_DOMAIN_MSG },
	[DIAG_NO_GAME_ID] = { STATUS_USAGE, "no GameId", DIAG_NO_GAME_ID_MSG },
	[DIAG_BAD_PBEM_WORD] = { STATUS_USAGE, "bad command word",
	    DIAG_BAD_PBEM_WORD_MSG },
	[DIAG_SYNTAX] = { STATUS_MALFORMED, "syntax", DIAG_SYNTAX_MSG },
	[DIAG_WRITTEN_ONLY] = { STATUS_MALFORMED, "written only",
	    DIAG_WRITTEN_ONLY_MSG },
	[DIAG_BAD_TAG] = { STATUS_MALFORMED, "bad tag", DIAG_BAD_TAG_MSG },
	[DIAG_BAD_FEN] = { STATUS_MALFORMED, "bad FEN", DIAG_BAD_FEN_MSG },
	[DIAG_BAD_MOVE_TEXT] = { STATUS_MALFORMED, "unreadable move",
	    DIAG_BAD_MOVE_TEXT_MSG },
	[DIAG_BAD_TYPED_MOVE] = { STATUS_MALFORMED, "unreadable move given",
	    DIAG_BAD_TYPED_MOVE_MSG },
	[DIAG_BAD_ACTION] = { STATUS_MALFORMED, "unreadable action",
	    DIAG_BAD_ACTION_MSG },
	[DIAG_BAD_CONTROL] = { STATUS_MALFORMED, "bad time control",
	    DIAG_BAD_CONTROL_MSG },
	[DIAG_BAD_TIME] = { STATUS_MALFORMED, "bad time stamp",
	    DIAG_BAD_TIME_MSG },
	[DIAG_STAMP_AHEAD] = { STATUS_MALFORMED, "time stamp ahead",
	    DIAG_STAMP_AHEAD_MSG },
	[DIAG_RECORD_GAME] = { STATUS_MALFORMED, "unknown game",
	    DIAG_RECORD_GAME_MSG },
	[DIAG_NO_GAME] = { STATUS_MALFORMED, "no game", DIAG_NO_GAME_MSG },
	[DIAG_TOO_BIG] = { STATUS_MALFORMED, "too big", DIAG_TOO_BIG_MSG },
	[DIAG_READ] = { STATUS_SYSTEM, "read error", DIAG_READ_MSG },
	[DIAG_WRITE] = { STATUS_SYSTEM, "write error", DIAG_WRITE_MSG },
	[DIAG_PICTURE] = { STATUS_SYSTEM, "picture not rendered",
	    DIAG_PICTURE_MSG },
	[DIAG_NOMEM] = { STATUS_SYSTEM, "out of memory", DIAG_NOMEM_MSG },
	[DIAG_MODULE] = { STATUS_SYSTEM, "module missing", DIAG_MODULE_MSG },
	[DIAG_STORE] = { STATUS_SYSTEM, "store", DIAG_STORE_MSG },
	[DIAG_STORE_URL] = { STATUS_USAGE, "store URL", DIAG_STORE_URL_MSG },
	[DIAG_STORE_NEWER] = { STATUS_SYSTEM, "store too new",
	    DIAG_STORE_NEWER_MSG },
	[DIAG_TRANSFER] = { STATUS_TRANSFER, "transfer", DIAG_TRANSFER_MSG },
	[DIAG_STORE_GONE] = { STATUS_TRANSFER, "store gone",
	    DIAG_STORE_GONE_MSG },
	[DIAG_NO_RECORD_MAIL] = { STATUS_TRANSFER, "no record mail",
	    DIAG_NO_RECORD_MAIL_MSG },
	[DIAG_NO_RECORD_MAIL_UNREAD] = { STATUS_TRANSFER, "no record mail",
	    DIAG_NO_RECORD_MAIL_UNREAD_MSG },
	[DIAG_NO_GAME_MAIL] = { STATUS_TRANSFER, "no record mail",
	    DIAG_NO_GAME_MAIL_MSG },
	[DIAG_NO_GAME_MAIL_UNREAD] = { STATUS_TRANSFER, "no record mail",
	    DIAG_NO_GAME_MAIL_UNREAD_MSG },
	[DIAG_MAIL_CUT] = { STATUS_TRANSFER, "mail cut short",
	    DIAG_MAIL_CUT_MSG },
	[DIAG_AMBIGUOUS_READ] = { STATUS_OK, "ambiguous move read",
	    DIAG_AMBIGUOUS_READ_MSG },
	[DIAG_KEPT_BROKEN] = { STATUS_OK, "kept broken", DIAG_KEPT_BROKEN_MSG },
	[DIAG_RESULT_FIXED] = { STATUS_OK, "result fixed",
	    DIAG_RESULT_FIXED_MSG },
	[DIAG_VARIANT] = { STATUS_MALFORMED, "unsupported variant",
	    DIAG_VARIANT_MSG },
	[DIAG_GAMETYPE] = { STATUS_MALFORMED, "wrong GameType field",
	    DIAG_GAMETYPE_MSG },
	[DIAG_LIKELY_GAME] = { STATUS_OK, "another game likely",
	    DIAG_LIKELY_GAME_MSG },
};

void
diag_init(struct diag *d, const char *prog, FILE *out)
{
	d->prog = prog;
	d->out = out;
	d->quiet = 0;
	d->status = STATUS_OK;
	d->count = 0;
	memset(d->counts, 0, sizeof(d->counts));
}

enum status
diag_status(enum diag_id id)
{
	if ((unsigned)id >= DIAG__COUNT)
		return STATUS_SYSTEM;
	return diag_table[id].status;
}

const char *
diag_format(enum diag_id id)
{
	if ((unsigned)id >= DIAG__COUNT)
		return NULL;
	return diag_table[id].format;
}

const char *
diag_name(enum diag_id id)
{
	if ((unsigned)id >= DIAG__COUNT)
		return NULL;
	return diag_table[id].name;
}

/* Prints "FILE:LINE:COL: game N, ply P: " leaving out unknown parts. */
static void
diag_print_where(FILE *out, const struct diag_where *w)
{
	if (w == NULL)
		return;
	if (w->file != NULL) {
		fputs(w->file, out);
		if (w->at != NULL && w->at->line > 0) {
			fprintf(out, ":%lu", w->at->line);
			if (w->at->col > 0)
				fprintf(out, ":%lu", w->at->col);
		}
		fputs(": ", out);
	}
	if (w->game > 0 && w->ply > 0)
		fprintf(out, "game %lu, ply %lu: ", w->game, w->ply);
	else if (w->game > 0)
		fprintf(out, "game %lu: ", w->game);
	else if (w->ply > 0)
		fprintf(out, "ply %lu: ", w->ply);
}

enum status
diag_emit(struct diag *d, enum diag_id id, const struct diag_where *w,
    const char *format, ...)
{
	enum status st = diag_status(id);
	va_list ap;

	d->count++;
	if ((unsigned)id < DIAG__COUNT)
		d->counts[id]++;
	if (st > d->status)
		d->status = st;
	if (d->quiet || d->out == NULL || (unsigned)id >= DIAG__COUNT)
		return st;
	fprintf(d->out, "%s: ", d->prog != NULL ? d->prog : "stackref");
	diag_print_where(d->out, w);
	va_start(ap, format);
	vfprintf(d->out, format, ap);
	va_end(ap);
	fputc('\n', d->out);
	fflush(d->out);
	return st;
}
