/*
 * common.c - option errors, usage, loading a one-game record, and
 * the checks and write-back shared by move and the correspondence
 * actions.
 */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "notation/notation.h"
#include "cmd/cmd.h"
#include "base/fileio.h"
#include "base/util.h"

int
cmd_usage(struct diag *d, const char *usage)
{
	if (d->status < STATUS_USAGE)
		d->status = STATUS_USAGE;
	if (!d->quiet && d->out != NULL)
		fprintf(d->out, "usage: stackref %s\n", usage);
	return STATUS_USAGE;
}

int
cmd_help(const struct cmd *c, struct diag *d)
{
	printf("usage: stackref %s\n\n%s: %s.\n", c->usage, c->name,
	    c->summary);
	printf("\noptions:\n%s", c->help != NULL ? c->help : "");
	printf("  -h, --help           print this help and exit\n"
	    "\nExit status: 0 ok, 1 rejected, 2 usage, 3 malformed input,"
	    " 4 system error,\n5 transfer error.  See stackref(1).\n");
	return cmd_finish(d);
}

int
cmd_wants_help(int argc, char *const argv[])
{
	int i;

	for (i = 1; i < argc && strcmp(argv[i], "--") != 0; i++)
		if (strcmp(argv[i], "--help") == 0 ||
		    strcmp(argv[i], "-h") == 0)
			return 1;
	return 0;
}

int
cmd_arg_count(struct diag *d, const char *usage, int none, const char *what)
{
	if (none)
		diag_report(d, DIAG_NO_ARGUMENT, NULL, what);
	else
		diag_report(d, DIAG_TOO_MANY_ARGS, NULL);
	return cmd_usage(d, usage);
}

int
cmd_unknown_option(struct diag *d, const char *usage, const char *opt)
{
	char cmd[32];
	size_t n = strcspn(usage, " ");

	/* "try stackref move --help", or "stackref --help" before one */
	snprintf(cmd, sizeof(cmd), "%.*s ", (int)(n < 30 ? n : 30), usage);
	if (strcmp(cmd, "COMMAND ") == 0)
		cmd[0] = '\0';
	diag_report(d, DIAG_UNKNOWN_OPTION, NULL, opt, cmd);
	return cmd_usage(d, usage);
}

int
cmd_bad_option(struct diag *d, const char *usage, int c,
    char *const argv[])
{
	char opt[8];
	const char *arg = argv[optind - 1];

	if (c == ':') {
		diag_report(d, DIAG_OPTION_VALUE, NULL, arg);
		return cmd_usage(d, usage);
	}
	if (optopt != 0) {
		snprintf(opt, sizeof(opt), "-%c", optopt);
		arg = opt;
	}
	return cmd_unknown_option(d, usage, arg);
}

int
cmd_number(struct diag *d, const char *opt, const char *text,
    unsigned long min, unsigned long max, unsigned long *out)
{
	if (util_parse_ulong(text, min, max, out) == 0)
		return 0;
	diag_report(d, DIAG_BAD_NUMBER, NULL, opt, text);
	return -1;
}

int
cmd_game_type(struct select_as *as, const char *text, const char *usage,
    struct diag *d)
{
	char known[512];

	if (notation_game_named(text, &as->tag, &as->value) != NULL)
		return 1;
	notation_game_names(known, sizeof(known));
	diag_report(d, DIAG_UNKNOWN_GAME, NULL, text, known);
	cmd_usage(d, usage);
	return -1;
}

int
cmd_load_one(const char *path, struct record *g,
    const struct notation **nt, struct diag *d)
{
	FILE *f;
	int rc;

	if ((f = fileio_open(path, d)) == NULL)
		return -1;
	rc = notation_read_one(f, fileio_name(path), g, nt, d);
	fileio_close(f);
	return rc;
}

/* Takes option ch with argument arg of cmd_play_getopt into po; 0, or
 * -1 when ch is none of its options (or not one of extra). */
static int
cmd_play_opt(struct play_opts *po, int ch, char *arg, unsigned extra)
{
	if (ch == 'n')
		po->dry = 1;
	else if (ch == 'a')
		po->as = arg;
	else if (ch == 'p')
		po->ply = arg;
	else if (ch == 'o')
		po->out = arg;
	else if (ch == 'N')
		po->now = arg;
	else if (ch == 'D' && (extra & CMD_PLAY_DAYS))
		po->days = arg;
	else if (ch == 'T' && (extra & CMD_PLAY_THEN) &&
	    po->nthen < CMD_THEN_MAX)
		po->then[po->nthen++] = arg;
	else
		return -1;
	return 0;
}

int
cmd_play_getopt(struct play_opts *po, int argc, char *argv[],
    const char *usage, unsigned extra, struct diag *d)
{
	static const struct option longopts[] = {
		{ "dry-run", no_argument, NULL, 'n' },
		{ "as", required_argument, NULL, 'a' },
		{ "ply", required_argument, NULL, 'p' },
		{ "output", required_argument, NULL, 'o' },
		{ "now", required_argument, NULL, 'N' },
		{ "days", required_argument, NULL, 'D' },
		{ "then", required_argument, NULL, 'T' },
		{ "game-type", required_argument, NULL, 'G' },
		{ NULL, 0, NULL, 0 }
	};
	int ch;

	opterr = 0;
	while ((ch = getopt_long(argc, argv, ":no:", longopts, NULL)) != -1) {
		if (ch == '?' || ch == ':')
			return cmd_bad_option(d, usage, ch, argv);
		if (ch == 'G' && cmd_game_type(&po->read_as, optarg, usage, d) == -1)
			return STATUS_USAGE;
		if (ch == 'G')
			continue;
		if (cmd_play_opt(po, ch, optarg, extra) == -1) {
			if (!(ch == 'T' && (extra & CMD_PLAY_THEN)))
				return cmd_unknown_option(d, usage,
				    ch == 'T' ? "--then" : "--days");
			diag_report(d, DIAG_TOO_MANY_OPTIONS, NULL, CMD_THEN_MAX,
			    "--then");
			return cmd_usage(d, usage);
		}
	}
	return 0;
}

const char *
cmd_format_of(const char *out, const char *const names[])
{
	const char *dot;
	size_t i;

	if (out == NULL || (dot = strrchr(out, '.')) == NULL ||
	    strchr(dot, '/') != NULL)
		return NULL;
	for (i = 0; names[i] != NULL; i++)
		if (strcasecmp(dot + 1, names[i]) == 0)
			return names[i];
	return NULL;
}

/* Whether path names something there ("-" counts). */
static int
cmd_exists(const char *path)
{
	return strcmp(path, "-") == 0 || access(path, F_OK) == 0;
}

/* Appends the word w to the command line buf, quoted for the shell
 * when it holds anything but a plain word's characters. */
static void
cmd_line_word(char *buf, size_t size, const char *w)
{
	static const char plain[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
	    "abcdefghijklmnopqrstuvwxyz0123456789._/:=+,@%-";
	char q[512];

	if (w[0] != '\0' && strspn(w, plain) == strlen(w) &&
	    strlen(w) < sizeof(q))
		snprintf(q, sizeof(q), "%s", w);
	else
		snprintf(q, sizeof(q), "'%.500s'", w);
	util_append(buf, size, " ", q);
}

/* The command line meant, "stackref" and argv (argc words) but the
 * words at skip (-1: none), with the words at a and b swapped and pre
 * before the first operand at a (pre NULL: none), into buf. */
static void
cmd_line(char *buf, size_t size, int argc, char *argv[], int a, int b,
    int skip, const char *pre)
{
	int i;

	snprintf(buf, size, "stackref");
	for (i = 0; i < argc; i++) {
		if (i == a && pre != NULL) {
			util_append(buf, size, " ", pre);
			cmd_line_word(buf, size, argv[skip]);
		}
		if (i != skip)
			cmd_line_word(buf, size, argv[i == a ? b : i == b ?
			    a : i]);
	}
}

int
cmd_misplaced(int argc, char *argv[], int file, int move, int no_as,
    struct diag *d)
{
	char what[600], line[2048];
	int other = file + 1 < argc ? file + 1 : file - 1;

	if (move >= 0 && !cmd_exists(argv[file]) && cmd_exists(argv[move])) {
		snprintf(what, sizeof(what), "%.200s is not a file, but "
		    "%.200s is", argv[file], argv[move]);
		cmd_line(line, sizeof(line), argc, argv, file, move, -1, NULL);
	} else if (move < 0 && no_as && other > 0 && other < argc &&
	    cmd_exists(argv[file]) != cmd_exists(argv[other])) {
		if (cmd_exists(argv[file])) {
			int t = file;

			file = other;
			other = t;
		}
		snprintf(what, sizeof(what), "%.200s is not a file and "
		    "--as SIDE is needed", argv[file]);
		cmd_line(line, sizeof(line), argc, argv, file < other ? file :
		    other, file < other ? file : other, file, "--as");
	} else
		return 0;
	diag_report(d, DIAG_DID_YOU_MEAN, NULL, what, line);
	return 1;
}

int
cmd_play_load(const struct play_opts *po, const char *file,
    struct record *g, const struct notation **nt, struct fileio_lock *lk,
    struct diag *d)
{
	const char *out = po->out != NULL ? po->out : file;

	lk->fd = -1;
	if (!po->dry && strcmp(file, "-") != 0 && access(file, F_OK) == 0 &&
	    fileio_lock(out, lk, d) == -1)
		return -1;
	if (cmd_load_one(file, g, nt, d) == -1)
		return -1;
	if (select_read_as(&po->read_as, g) == 0)
		return 0;
	diag_report(d, DIAG_NOMEM, NULL);
	return -1;
}

/* Whether the player tag value name is text, in any case: the whole
 * value, or its name before an address ("Ann <ann@example.org>"). */
static int
cmd_player_is(const char *name, const char *text)
{
	const char *lt = strstr(name, " <");
	size_t n = lt != NULL ? (size_t)(lt - name) : strlen(name);

	return text[0] != '\0' && (strcasecmp(name,
	    text) == 0 || (strlen(text) == n && strncasecmp(name, text,
	    n) == 0));
}

/* The sides whose players g names text, a bit each (1: first). */
static int
cmd_players_named(const struct replay *rp, const struct record *g,
    const char *text)
{
	const char *p;
	int s, mask = 0;

	for (s = 0; s < 2; s++)
		if ((p = notation_player(rp->r, g, s)) != NULL &&
		    cmd_player_is(p, text))
			mask |= 1 << s;
	return mask;
}

int
cmd_play_side(const struct replay *rp, const struct record *g,
    const char *text, int *side, const struct diag_where *w, struct diag *d)
{
	char names[96], sides[256], what[160];
	const char *p;
	int mask = cmd_players_named(rp, g, text), s;

	*side = notation_side_parse(rp->r, text);
	notation_side_names(rp->r, names, sizeof(names));
	snprintf(sides, sizeof(sides), "%s, first, second", names);
	if ((mask == 3 || (*side >= 0 && mask != 0 && mask != 1 << *side))) {
		if (mask == 3)
			snprintf(what, sizeof(what), "both players");
		else
			snprintf(what, sizeof(what), "the side %s and the "
			    "player of %s", rp->r->side[*side],
			    rp->r->side[!*side]);
		diag_report(d, DIAG_AMBIGUOUS_SIDE, w, text, what, sides);
		return -1;
	}
	if (*side == -1 && mask != 0)
		*side = mask == 1 ? 0 : 1;
	if (*side != -1)
		return 0;
	for (s = 0; s < 2; s++)
		if ((p = notation_player(rp->r, g, s)) != NULL)
			snprintf(sides + strlen(sides), sizeof(sides) -
			    strlen(sides), ", %.60s (%s)", p, rp->r->side[s]);
	diag_report(d, DIAG_BAD_SIDE, w, text, sides);
	return -1;
}

int
cmd_play_judge(const struct play_opts *po, struct judge_ask *a,
    struct judge_clock *jc, const struct record *g, const struct replay *rp,
    const struct diag_where *w, struct diag *d)
{
	struct judge_verdict v;

	a->side = -1;
	a->ply = a->days = 0;
	if ((po->as != NULL && cmd_play_side(rp, g, po->as, &a->side, w,
	    d) == -1) || (po->ply != NULL && cmd_number(d, "--ply", po->ply,
	    1, REPLAY_ALL - 1, &a->ply) == -1) || (po->days != NULL &&
	    cmd_number(d, "--days", po->days, 1, 366, &a->days) == -1))
		return -1;
	if (judge_play(jc, g, rp, a, jc->now, &v) == 0)
		return 0;
	judge_report(&v, w, d);
	return -1;
}

int
cmd_write_record(FILE *out, void *ctx)
{
	const struct cmd_out *co = ctx;

	return notation_write_record(co->nt, out, co->g);
}

int
cmd_play_write(const struct play_opts *po, const char *file,
    const struct notation *nt, const struct record *g,
    const struct replay *rp, struct diag *d)
{
	struct cmd_out co = { nt, g };
	const char *out = po->out != NULL ? po->out : file;

	if (!po->dry &&
	    fileio_write_atomic(out, cmd_write_record, &co, d) == -1)
		return -1;
	if (rp->outcome != OUTCOME_NONE && strcmp(out, "-") != 0)
		printf("game over: %s (%s)\n",
		    notation_result_of(rp->r,
		    replay_result_token(rp->outcome)),
		    rp->why != NULL ? rp->why : "no legal move");
	return 0;
}

int
cmd_finish(struct diag *d)
{
	/* A write that failed in an earlier fflush (check flushes after
	 * each file) leaves fclose nothing to write, only the error flag;
	 * one reported already (fileio) has made the status 4. */
	int failed = ferror(stdout) && d->status < STATUS_SYSTEM;

	if (fclose(stdout) == EOF || failed)
		diag_report(d, DIAG_WRITE, NULL, strerror(errno));
	return (int)d->status;
}
