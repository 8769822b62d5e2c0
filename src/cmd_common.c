/* cmd_common.c - option errors, usage, loading a one-game record. */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "../notation/notation.h"
#include "cmd.h"
#include "fileio.h"
#include "util.h"

int
cmd_usage(struct diag *d, const char *usage, const char *what)
{
	if (what != NULL)
		diag_report(d, DIAG_USAGE, NULL, what);
	else if (d->status < STATUS_USAGE)
		d->status = STATUS_USAGE;
	if (!d->quiet && d->out != NULL)
		fprintf(d->out, "usage: stackref %s\n", usage);
	return STATUS_USAGE;
}

int
cmd_bad_option(struct diag *d, const char *usage, int c,
    char *const argv[])
{
	char what[256];
	const char *arg = argv[optind - 1];

	if (c == ':')
		snprintf(what, sizeof(what), "option %s needs a value", arg);
	else if (optopt != 0)
		snprintf(what, sizeof(what), "unknown option -%c", optopt);
	else
		snprintf(what, sizeof(what), "unknown option %s", arg);
	return cmd_usage(d, usage, what);
}

int
cmd_number(struct diag *d, const char *opt, const char *text,
    unsigned long min, unsigned long max, unsigned long *out)
{
	char what[64];

	if (util_parse_ulong(text, min, max, out) == 0)
		return 0;
	snprintf(what, sizeof(what), "%s", opt);
	diag_report(d, DIAG_BAD_NUMBER, NULL, what, text);
	return -1;
}

/* Reads the first game of the stream and makes sure no second follows. */
static int
cmd_read_one(FILE *f, const char *name, struct record *g,
    const struct notation **ntp, struct diag *d)
{
	const struct notation *nt;
	struct record extra;
	struct reader *rd;
	unsigned long idx;
	enum read_result rr;
	struct diag_where w = { name, NULL, 0, 0 };

	if ((rd = notation_open(f, name, d, &nt)) == NULL)
		return -1;
	if (ntp != NULL)
		*ntp = nt;
	rr = nt->next(rd, g, &idx);
	if (rr == READ_GAME) {
		record_init(&extra);
		rr = nt->next(rd, &extra, &idx);
		if (rr == READ_GAME || rr == READ_MALFORMED) {
			w.at = &extra.at;
			w.game = idx;
			diag_report(d, DIAG_SYNTAX, &w, "one game only",
			    "a second game");
		}
		record_free(&extra);
		rr = rr == READ_END ? READ_GAME : READ_MALFORMED;
	} else if (rr == READ_END)
		diag_report(d, DIAG_NO_GAME, &w);
	nt->close(rd);
	return rr == READ_GAME ? 0 : -1;
}

int
cmd_load_one(const char *path, struct record *g,
    const struct notation **nt, struct diag *d)
{
	FILE *f;
	int rc;

	if ((f = fileio_open(path, d)) == NULL)
		return -1;
	rc = cmd_read_one(f, fileio_name(path), g, nt, d);
	fileio_close(f);
	return rc;
}

int
cmd_replay_to(const char *path, const char *ply, struct record *g,
    struct replay *rp, struct diag *d)
{
	struct replay_opts o = { fileio_name(path), 0, REPLAY_ALL, 0 };
	char what[128];

	if (ply != NULL &&
	    cmd_number(d, "--ply", ply, 0, REPLAY_ALL - 1, &o.stop) == -1)
		return -1;
	if (cmd_load_one(path, g, NULL, d) == -1 ||
	    replay_run(rp, g, &o, d) == -1)
		return -1;
	if (o.stop != REPLAY_ALL && o.stop > rp->total) {
		snprintf(what, sizeof(what), "--ply %lu: the game has only "
		    "%lu pl%s", o.stop, rp->total, rp->total == 1 ? "y" : "ies");
		diag_report(d, DIAG_USAGE, NULL, what);
		return -1;
	}
	return 0;
}

int
cmd_finish(struct diag *d)
{
	if (fclose(stdout) == EOF)
		diag_report(d, DIAG_WRITE, NULL, strerror(errno));
	return (int)d->status;
}
