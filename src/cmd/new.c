/* new.c - stackref new: write a new game record. */
#include <ctype.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "notation/notation.h"
#include "cmd/cmd.h"
#include "base/fileio.h"
#include "game/clock.h"
#include "game/play.h"
#include "game/replay.h"

const char cmd_new_usage[] =
    "new GAME [-t TAG=VALUE]... [--now TIME] [-o FILE]";

const char cmd_new_help[] =
	"  -t, --tag TAG=VALUE  set a tag (FEN=... sets the game up); may be"
	" repeated\n"
	"  --now TIME           the time now: the Date tag's day and a"
	" TimeControl's\n"
	"                       first stamp (default: STACKREF_NOW, else the"
	" clock)\n"
	"  -o, --output FILE    write the record to FILE (default: standard"
	" output)\n";

/* The day (UTC) of now as a PDN date, YYYY.MM.DD. */
static void
new_date(long long now, char *buf, size_t size)
{
	time_t t = (time_t)now;
	struct tm tm;

	if (gmtime_r(&t, &tm) == NULL ||
	    strftime(buf, size, "%Y.%m.%d", &tm) == 0)
		snprintf(buf, size, "????.??.??");
}

/*
 * A new game identifier, "sr-" and 16 hex digits from /dev/urandom,
 * into buf (of at least 20 bytes); -1 when there is no randomness.
 */
static int
new_game_id(char *buf, size_t size)
{
	unsigned char rnd[8];
	FILE *f;
	size_t i, n;

	if ((f = fopen("/dev/urandom", "rb")) == NULL)
		return -1;
	n = fread(rnd, 1, sizeof(rnd), f);
	fclose(f);
	if (n != sizeof(rnd) || size < 20)
		return -1;
	memcpy(buf, "sr-", 3);
	for (i = 0; i < sizeof(rnd); i++)
		snprintf(buf + 3 + 2 * i, 3, "%02x", rnd[i]);
	return 0;
}

/* The GameType value a new record of r gets: the full form
 * ("20,W,10,10,N2,0"), but the short "21" that stackref has always
 * written for checkers, the game of a record without the tag. */
static const char *
new_gametype(const struct rules *r, char *buf, size_t size)
{
	if (r == rules_find("checkers") ||
	    notation_gametype_text(r, -1, buf, size) < 0)
		return r->gametype;
	return buf;
}

static int
new_tags(struct record *g, const struct rules *r, const char *id,
    long long now)
{
	char date[32], player[2][64], gametype[64];

	new_date(now, date, sizeof(date));
	notation_player_tag(r, 0, player[0], sizeof(player[0]));
	notation_player_tag(r, 1, player[1], sizeof(player[1]));
	if (record_tag_set(g, "Event", "?", NULL) == -1 ||
	    record_tag_set(g, "Site", "?", NULL) == -1 ||
	    record_tag_set(g, "Date", date, NULL) == -1 ||
	    record_tag_set(g, "Round", "?", NULL) == -1 ||
	    record_tag_set(g, player[0], "?", NULL) == -1 ||
	    record_tag_set(g, player[1], "?", NULL) == -1 ||
	    record_tag_set(g, "Result", "*", NULL) == -1 ||
	    record_tag_set(g, "Game", r->name, NULL) == -1 ||
	    (r->gametype != NULL &&
	    record_tag_set(g, "GameType", new_gametype(r, gametype,
	    sizeof(gametype)), NULL) == -1) ||
	    record_tag_set(g, "GameId", id, NULL) == -1 ||
	    record_set_result(g, "*") == -1)
		return -1;
	return 0;
}

/* Applies one -t TAG=VALUE; 1 if malformed, -1 out of memory. */
static int
new_set_tag(struct record *g, const char *arg)
{
	const char *eq = strchr(arg, '=');
	char name[64];
	size_t n, i;

	if (eq == NULL || (n = (size_t)(eq - arg)) == 0 || n >= sizeof(name))
		return 1;
	for (i = 0; i < n; i++)
		if (!isalnum((unsigned char)arg[i]) && arg[i] != '_')
			return 1;
	memcpy(name, arg, n);
	name[n] = '\0';
	if (record_tag_set(g, name, eq + 1, NULL) == -1)
		return -1;
	if (strcmp(name, "Result") == 0)
		return record_set_result(g, eq + 1);
	return 0;
}

/*
 * A record with a [FEN] tag sets its position up: [SetUp "1"] goes
 * just before the FEN, as PDN writes them.  0, or -1 when out of
 * memory.
 */
static int
new_setup(struct record *g)
{
	char *fen;
	int rc;

	if (record_tag(g, "FEN") == NULL)
		return 0;
	if ((fen = strdup(record_tag(g, "FEN"))) == NULL)
		return -1;
	record_tag_remove(g, "Setup");
	record_tag_remove(g, "SetUp");
	record_tag_remove(g, "FEN");
	rc = record_tag_set(g, "SetUp", "1", NULL) == -1 ||
	    record_tag_set(g, "FEN", fen, NULL) == -1 ? -1 : 0;
	free(fen);
	return rc;
}

/* The game and the position of the tags given (a [FEN] tag, [SetUp])
 * must make a start, and a TimeControl tag must read: 0, or -1 after
 * reporting DIAG_RECORD_GAME, DIAG_BAD_FEN, DIAG_BAD_CONTROL,
 * DIAG_WRONG_RESULT or DIAG_NOMEM, so that no record is written that
 * cannot be read back or that check refuses.  A set-up position that
 * already decides the game gets its result. */
static int
new_check(struct record *g, struct diag *d)
{
	struct replay_opts o = { NULL, 0, 0, 0 };
	struct clock_control c;
	struct replay rp;
	char why[640];

	if (replay_start(&rp, g, &o, d) == -1)
		return -1;
	if (play_settle_start(&rp, g) == -1) {
		diag_report(d, DIAG_NOMEM, NULL);
		return -1;
	}
	if (replay_result(&rp, g, &o, d) == -1)
		return -1;
	if (clock_control_of(g, &c, why, sizeof(why)) == 0)
		return 0;
	diag_report(d, DIAG_BAD_CONTROL, NULL, record_tag(g, "TimeControl"),
	    why);
	return -1;
}

/* A timed record starts its clock now: a time stamp before the first
 * move.  0, or -1 after reporting. */
static int
new_clock(struct record *g, long long now, struct diag *d)
{
	if (!clock_timed(g))
		return 0;
	if (play_append_stamp(g, now) == 0)
		return 0;
	diag_report(d, DIAG_NOMEM, NULL);
	return -1;
}

/* Says what the TimeControl tag of g (read) is understood as, "time
 * control: 21 days per move (move=21d)": on standard output when the
 * record goes to a file, else on standard error. */
static void
new_say_control(const struct record *g, const char *out)
{
	const char *tc = record_tag(g, "TimeControl");
	struct clock_control c;
	char said[CLOCK_GUESS_SIZE], why[8];

	if (tc == NULL || clock_control_parse(tc, &c, why, sizeof(why)) == -1)
		return;
	clock_control_say(&c, said, sizeof(said));
	fprintf(strcmp(out, "-") == 0 ? stderr : stdout,
	    "time control: %s (%s)\n", said, tc);
}

static int
new_write(FILE *out, void *ctx)
{
	return notation_find("pdn")->write(out, ctx);
}

static int
new_unknown_game(struct diag *d, const char *name)
{
	char known[256];

	rules_names(known, sizeof(known));
	diag_report(d, DIAG_UNKNOWN_GAME, NULL, name, known);
	return STATUS_USAGE;
}

/* Sets the -t tags of argv (already checked) on g. */
static int
new_apply_tags(struct record *g, int argc, char *argv[], struct diag *d)
{
	static const struct option longopts[] = {
		{ "tag", required_argument, NULL, 't' },
		{ "output", required_argument, NULL, 'o' },
		{ "now", required_argument, NULL, 'N' },
		{ NULL, 0, NULL, 0 }
	};
	int ch, rc;

	optind = 0;
	while ((ch = getopt_long(argc, argv, ":o:t:", longopts, NULL)) != -1) {
		if (ch != 't')
			continue;
		if ((rc = new_set_tag(g, optarg)) == 1) {
			diag_report(d, DIAG_BAD_VALUE, NULL, "-t", optarg,
			    "TAG=VALUE");
			return cmd_usage(d, cmd_new_usage);
		}
		if (rc == -1) {
			diag_report(d, DIAG_NOMEM, NULL);
			return STATUS_SYSTEM;
		}
	}
	if (new_setup(g) == -1) {
		diag_report(d, DIAG_NOMEM, NULL);
		return STATUS_SYSTEM;
	}
	return 0;
}

int
cmd_new(int argc, char *argv[], struct diag *d)
{
	static const struct option longopts[] = {
		{ "tag", required_argument, NULL, 't' },
		{ "output", required_argument, NULL, 'o' },
		{ "now", required_argument, NULL, 'N' },
		{ NULL, 0, NULL, 0 }
	};
	const struct rules *r;
	const char *out = "-", *now = NULL;
	struct record g;
	long long t;
	char id[32];
	int ch, rc;

	opterr = 0;
	while ((ch = getopt_long(argc, argv, ":o:t:", longopts, NULL)) != -1) {
		if (ch == 'o')
			out = optarg;
		else if (ch == 'N')
			now = optarg;
		else if (ch != 't')
			return cmd_bad_option(d, cmd_new_usage, ch, argv);
	}
	if (argc - optind != 1)
		return cmd_arg_count(d, cmd_new_usage, argc == optind, "game");
	if ((r = rules_find(argv[optind])) == NULL)
		return new_unknown_game(d, argv[optind]);
	if (cmd_now(now, &t, d) == -1)
		return cmd_finish(d);
	if (new_game_id(id, sizeof(id)) == -1) {
		diag_report(d, DIAG_READ, DIAG_FILE("/dev/urandom"),
		    "no random bytes for the GameId");
		return STATUS_SYSTEM;
	}
	record_init(&g);
	if (new_tags(&g, r, id, t) == -1) {
		diag_report(d, DIAG_NOMEM, NULL);
		rc = STATUS_SYSTEM;
	} else if ((rc = new_apply_tags(&g, argc, argv, d)) == 0 &&
	    new_check(&g, d) == 0 && new_clock(&g, t, d) == 0 &&
	    fileio_write_atomic(out, new_write, &g, d) == 0) {
		new_say_control(&g, out);
		rc = cmd_finish(d);
	} else if (rc == 0)
		rc = (int)d->status;
	record_free(&g);
	return rc;
}
