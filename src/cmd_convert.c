/*
 * cmd_convert.c - stackref convert: rewrite every game of a record in
 * canonical form, each replayed so its move texts are canonical.  A game
 * that does not replay is reported and written with the texts as read
 * up to the problem.
 */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include "../notation/notation.h"
#include "cmd.h"
#include "fileio.h"

const char cmd_convert_usage[] = "convert [--to pdn] [-o OUT] FILE";

struct convert {
	FILE *in;
	const char *name;
	const struct notation *from, *to;
	struct diag *d;
	unsigned long games;
};

/* The write callback: reads, replays and writes one game at a time. */
static int
convert_stream(FILE *out, void *ctx)
{
	struct convert *c = ctx;
	struct replay_opts o = { c->name, 0, REPLAY_ALL, 1 };
	struct replay rp;
	struct reader *rd;
	struct record g;
	enum read_result rr;
	int rc = 0;

	if ((rd = notation_open(c->in, c->name, c->d, &c->from)) == NULL) {
		errno = ECANCELED;
		return -1;
	}
	if (c->to->begin != NULL && c->to->begin(out) == -1) {
		c->from->close(rd);
		return -1;
	}
	record_init(&g);
	while (rc == 0 && (rr = c->from->next(rd, &g, &o.game)) != READ_END) {
		if (rr == READ_SYSTEM) {
			errno = ECANCELED;
			rc = -1;
		} else if (rr == READ_GAME) {
			c->games++;
			replay_run(&rp, &g, &o, c->d);
			rc = c->to->write(out, &g);
		}
	}
	record_free(&g);
	c->from->close(rd);
	if (rc == 0 && c->to->end != NULL)
		rc = c->to->end(out);
	return rc;
}

static int
convert_getopt(int argc, char *argv[], const char **out, struct diag *d)
{
	static const struct option longopts[] = {
		{ "to", required_argument, NULL, 't' },
		{ "output", required_argument, NULL, 'o' },
		{ NULL, 0, NULL, 0 }
	};
	char what[128];
	int ch;

	opterr = 0;
	while ((ch = getopt_long(argc, argv, ":o:", longopts, NULL)) != -1) {
		if (ch == 'o')
			*out = optarg;
		else if (ch != 't')
			return cmd_bad_option(d, cmd_convert_usage, ch, argv);
		else if (strcmp(optarg, "pdn") != 0) {
			snprintf(what, sizeof(what), "--to %s: %s", optarg,
			    strcmp(optarg, "xml") == 0 ? "not supported yet" :
			    "expected pdn");
			return cmd_usage(d, cmd_convert_usage, what);
		}
	}
	if (argc - optind != 1)
		return cmd_usage(d, cmd_convert_usage, argc == optind ?
		    "no file given" : "too many arguments");
	return 0;
}

int
cmd_convert(int argc, char *argv[], struct diag *d)
{
	struct convert c;
	const char *out = "-";
	struct diag_where w = { NULL, NULL, 0, 0 };
	int rc;

	if ((rc = convert_getopt(argc, argv, &out, d)) != 0)
		return rc;
	memset(&c, 0, sizeof(c));
	c.name = fileio_name(argv[optind]);
	c.to = notation_find("pdn");
	c.d = d;
	if ((c.in = fileio_open(argv[optind], d)) == NULL)
		return cmd_finish(d);
	if (fileio_write_atomic(out, convert_stream, &c, d) == 0 &&
	    c.games == 0) {
		w.file = c.name;
		diag_report(d, DIAG_NO_GAME, &w);
	}
	fileio_close(c.in);
	return cmd_finish(d);
}
