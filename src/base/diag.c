/*
 * diag.c - the table of diagnostics: one line per enum diag_id, its
 * status and its message.  Messages say what was read, what was
 * expected, and what is legal instead.
 */
#include <stdarg.h>
#include <stdio.h>

#include "base/diag.h"

struct diag_msg {
	enum status status;
	const char *format;
};

static const struct diag_msg diag_table[DIAG__COUNT] = {
	[DIAG_ILLEGAL_MOVE] = { STATUS_REJECTED,
	    "illegal move %s; legal moves: %s" },
	[DIAG_AMBIGUOUS_MOVE] = { STATUS_REJECTED,
	    "ambiguous move %s; it fits %s (write the full path)" },
	[DIAG_GAME_OVER] = { STATUS_REJECTED,
	    "the game is over (%s, %s); no move may follow" },
	[DIAG_WRONG_SIDE] = { STATUS_REJECTED,
	    "move sent as %s, but %s is to move" },
	[DIAG_WRONG_PLY] = { STATUS_REJECTED,
	    "stale move: sent as ply %lu, but the next ply is %lu" },
	[DIAG_WRONG_RESULT] = { STATUS_REJECTED,
	    "result %s contradicts %s" },
	[DIAG_ACTION_OVER] = { STATUS_REJECTED,
	    "%s refused: the game is over (%s, %s)" },
	[DIAG_ACTION_PLY] = { STATUS_REJECTED,
	    "stale %s: sent as ply %lu, but the next ply is %lu" },
	[DIAG_OFFER_PENDING] = { STATUS_REJECTED,
	    "%s refused: a draw offer by %s is pending" },
	[DIAG_NO_OFFER] = { STATUS_REJECTED,
	    "%s refused: no draw offer is pending" },
	[DIAG_OWN_OFFER] = { STATUS_REJECTED,
	    "%s refused: the draw offer is %s's own; only %s may answer it" },
	[DIAG_NOT_EXTENSION] = { STATUS_REJECTED,
	    "the fetched record does not extend this one: %s" },
	[DIAG_USAGE] = { STATUS_USAGE, "%s" },
	[DIAG_UNKNOWN_COMMAND] = { STATUS_USAGE,
	    "unknown command %s; try stackref --help" },
	[DIAG_UNKNOWN_GAME] = { STATUS_USAGE,
	    "unknown game %s; known games: %s" },
	[DIAG_BAD_NUMBER] = { STATUS_USAGE,
	    "%s: expected a number, read %s" },
	[DIAG_BAD_SIDE] = { STATUS_USAGE,
	    "unknown side %s; expected one of %s" },
	[DIAG_SYNTAX] = { STATUS_MALFORMED, "expected %s, read %s" },
	[DIAG_BAD_TAG] = { STATUS_MALFORMED, "bad tag: %s" },
	[DIAG_BAD_FEN] = { STATUS_MALFORMED, "bad FEN position: %s" },
	[DIAG_BAD_MOVE_TEXT] = { STATUS_MALFORMED,
	    "unreadable move %s: %s" },
	[DIAG_BAD_ACTION] = { STATUS_MALFORMED,
	    "unreadable action %s: %s" },
	[DIAG_RECORD_GAME] = { STATUS_MALFORMED,
	    "the record names the unknown game %s; known games: %s" },
	[DIAG_NO_GAME] = { STATUS_MALFORMED, "no game in the input" },
	[DIAG_TOO_BIG] = { STATUS_MALFORMED, "too big: %s" },
	[DIAG_READ] = { STATUS_SYSTEM, "cannot read: %s" },
	[DIAG_WRITE] = { STATUS_SYSTEM, "cannot write: %s" },
	[DIAG_NOMEM] = { STATUS_SYSTEM, "out of memory" },
	[DIAG_TRANSFER] = { STATUS_TRANSFER, "%s: %s" },
};

void
diag_init(struct diag *d, const char *prog, FILE *out)
{
	d->prog = prog;
	d->out = out;
	d->quiet = 0;
	d->status = STATUS_OK;
	d->count = 0;
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

#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat-nonliteral"
static void
diag_vprint(FILE *out, const char *format, va_list ap)
{
	vfprintf(out, format, ap);
}
#pragma GCC diagnostic pop

enum status
diag_report(struct diag *d, enum diag_id id, const struct diag_where *w,
    ...)
{
	enum status st = diag_status(id);
	va_list ap;

	d->count++;
	if (st > d->status)
		d->status = st;
	if (d->quiet || d->out == NULL || (unsigned)id >= DIAG__COUNT)
		return st;
	fprintf(d->out, "%s: ", d->prog != NULL ? d->prog : "stackref");
	diag_print_where(d->out, w);
	va_start(ap, w);
	diag_vprint(d->out, diag_table[id].format, ap);
	va_end(ap);
	fputc('\n', d->out);
	fflush(d->out);
	return st;
}
