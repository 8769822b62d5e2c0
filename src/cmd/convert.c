/*
 * convert.c - stackref convert: rewrite the selected games of a record
 * in canonical form, each replayed so its move texts are canonical, in
 * any registered notation (pdn, xml, json), as pgn-extract does for
 * chess: selection (--game, --tag), games reaching a position (--fen,
 * --pattern, --empty, --material), duplicates dropped (--dedupe), tags
 * added or fixed (--plycount, --opening, --fix-results), bounds on the
 * moves and lines the games follow (convfilter.c), and the output
 * split into files (-# N, --split-by TAG).  A game that does not replay
 * is kept with its moves up to the fault and the rest in comments.
 *
 * Games whose squares have two styles (struct rules restyle: numbered or
 * algebraic) keep the style of each record, or take the one --squares
 * asks for.  --at N writes instead, for each game, a record set up at
 * the position after N plies, with no moves.
 */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "notation/notation.h"
#include "cmd/convert.h"
#include "cmd/pgnx.h"
#include "base/fileio.h"

const char cmd_convert_usage[] = "convert [--from NOTATION] "
    "[--to NOTATION] [--positions] "
    "[--squares numeric|algebraic] [--at N] [--keep-paths] [--game N] "
    "[--tag CRITERION]... [--fen FEN | --pattern FEN] [--empty SQUARES] "
    "[--material SPEC] [--dedupe[=moves|final|N]] [--plycount] "
    "[--fix-results] [--opening] [-# N | --split-by TAG] [-o OUT] FILE...";

const char cmd_convert_help[] =
	"  --from NOTATION      read as pdn, xml or json (default: found from"
	" the content)\n"
	"  --to NOTATION        pdn, xml, html or json (default: OUT's"
	" extension, else pdn)\n"
	"  --positions          json: each move with its ply, side and the"
	" FEN after it\n"
	"  --squares STYLE      numeric or algebraic square names (default:"
	" the record's)\n"
	"  --at N               the position after N plies of each game"
	" instead\n"
	"  --keep-paths         keep captures written with their whole"
	" path\n"
	CMD_HELP_SELECT
	CMD_HELP_POSITION
	"  --dedupe[=KEY]       leave out repeated games: moves (default),"
	" final or N plies\n"
	"  --plycount           set the PlyCount tag\n"
	"  --fix-results        set the results the final positions"
	" decide\n"
	"  --opening            set the Opening tag (the ACF three-move"
	" ballot)\n"
	"  --no-comments        leave out comments (not the actions and"
	" time stamps)\n"
	"  --no-variations      leave out variations (not the moves an undo"
	" took back)\n"
	"  --no-nags            leave out NAGs ($1) and move marks (!, ?!)\n"
	"  --seven-tags         only the seven-tag roster, and the tags a"
	" replay needs\n"
	"  --min-moves N        only games of N moves or more\n"
	"  --max-moves N        only games of N moves or fewer\n"
	"  --min-plies N        only games of N plies or more\n"
	"  --max-plies N        only games of N plies or fewer\n"
	"  --line MOVES         only games that start with these moves (may"
	" be repeated)\n"
	"  --lines FILE         the same, a line of moves each line of"
	" FILE\n"
	"  -#, --split N        files of N games each: OUT1.EXT, OUT2.EXT,"
	" ...\n"
	"  --split-by TAG       one file per value of TAG: OUTVALUE.EXT\n"
	"  -o, --output OUT     write to OUT (default: standard output); the"
	" prefix of a\n"
	"                       split\n";

static const struct option convert_longopts[] = {
	{ "to", required_argument, NULL, 't' },
	{ "from", required_argument, NULL, 'f' },
	{ "squares", required_argument, NULL, 's' },
	{ "at", required_argument, NULL, 'a' },
	{ "output", required_argument, NULL, 'o' },
	{ "keep-paths", no_argument, NULL, 'k' },
	CMD_POSITION_LONGOPTS,
	{ "dedupe", optional_argument, NULL, 'D' },
	{ "plycount", no_argument, NULL, 'P' },
	{ "fix-results", no_argument, NULL, 'F' },
	{ "opening", no_argument, NULL, 'O' },
	{ "positions", no_argument, NULL, 'p' },
	{ "split", required_argument, NULL, '#' },
	{ "split-by", required_argument, NULL, 'B' },
	{ "no-comments", no_argument, NULL, CONVERT_OPT_NO_COMMENTS },
	{ "no-variations", no_argument, NULL,
	    CONVERT_OPT_NO_VARIATIONS },
	{ "no-nags", no_argument, NULL, CONVERT_OPT_NO_NAGS },
	{ "seven-tags", no_argument, NULL, CONVERT_OPT_SEVEN },
	{ "min-moves", required_argument, NULL, CONVERT_OPT_MIN_MOVES },
	{ "max-moves", required_argument, NULL, CONVERT_OPT_MAX_MOVES },
	{ "min-plies", required_argument, NULL, CONVERT_OPT_MIN_PLIES },
	{ "max-plies", required_argument, NULL, CONVERT_OPT_MAX_PLIES },
	{ "line", required_argument, NULL, CONVERT_OPT_LINE },
	{ "lines", required_argument, NULL, CONVERT_OPT_LINES },
	CMD_SELECT_LONGOPTS,
	{ NULL, 0, NULL, 0 }
};

/* The replay's hook: the position asked for, the duplicate key, the
 * ballot; never stops the replay (the whole game is rewritten). */
static int
convert_ply(void *ctx, const struct replay *rp)
{
	struct convert *c = ctx;

	if (rp->plies == 0) {
		c->pg = posmatch_active(&c->spec) ?
		    posmatch_for(&c->pm, rp->r, c->d) : NULL;
		if (c->dedupe)
			dedupe_start(&c->dd, &c->key, rp);
	}
	if (c->pg != NULL && !c->matched)
		c->matched = posmatch_test(c->pg, &rp->pos);
	if (c->dedupe)
		dedupe_ply(&c->dd, &c->key, rp);
	if (linematch_active(&c->lines))
		linematch_ply(&c->lines, rp);
	if (c->opening && rp->plies == 3 && rp->r == c->book.r)
		c->ballot = opening_find(&c->book, &rp->pos);
	return 0;
}

/* Whether game index, replayed into rp, is written: it reached the
 * position asked for and is no duplicate.  -1 when out of memory. */
static int
convert_wanted(struct convert *c, const struct replay *rp,
    unsigned long index)
{
	if (posmatch_active(&c->spec) && !c->matched)
		return 0;
	if (linematch_active(&c->lines) && !linematch_found(&c->lines, rp))
		return 0;
	if (!c->dedupe || !rp->started)
		return 1;
	dedupe_end(&c->dd, &c->key, rp);
	switch (dedupe_add(&c->dd, &c->key, 1, (uint32_t)index, NULL)) {
	case 0:
		return 1;
	case 1:
		return 0;
	default:
		return -1;
	}
}

/* The steps after the replay of a game written: 1 to write, 0 not,
 * -1 out of memory. */
static int
convert_steps(struct convert *c, struct record *g, struct replay *rp,
    int replayed, unsigned long index)
{
	const struct rules *r = rp->started ? rp->r : notation_game(g, NULL);
	int st = -1, rc = 1;

	if (r != NULL && r->restyle != NULL)
		st = c->squares >= 0 ? c->squares : notation_square_style(r, g);
	if (!replayed && c->at == REPLAY_ALL)
		rc = convert_keep_broken(c, g, rp, index);
	if (rc == 1 && c->at != REPLAY_ALL)
		rc = replayed ? convert_at(c, g, rp, st, index) : 0;
	if (rc == 1 && c->fix_results && replayed)
		rc = convert_fix_result(c, g, rp, index);
	if (rc == 1 && st >= 0 && (st == SQUARES_ALGEBRAIC || c->squares >= 0))
		rc = convert_restyle(g, r, (enum square_style)st) == -1 ? -1 : 1;
	if (rc == 1)
		rc = convert_tags(c, g);
	return rc;
}

/* cmd_each's callback: replays, filters, rewrites and writes a game. */
static int
convert_game(void *ctx, struct record *g, unsigned long index,
    const char *file)
{
	struct convert *c = ctx;
	struct replay_opts o = { file, index, c->at, c->canonical };
	struct replay rp;
	int replayed, rc;

	if (!convert_in_bounds(c, g))
		return 0;
	c->games++;
	c->pg = NULL;
	c->matched = 0;
	c->ballot = 0;
	replayed = replay_walk(&rp, g, &o, convert_ply, c, c->d) == 0;
	if ((rc = convert_wanted(c, &rp, index)) == 1)
		rc = convert_steps(c, g, &rp, replayed, index);
	if (rc == -1) {
		diag_report(c->d, DIAG_NOMEM, NULL);
		return -1;
	}
	if (rc == 1 && sink_write(&c->sink, g) == -1)
		return -1;
	return 0;
}

/* Reads and writes every selected game of each file in turn. */
static int
convert_games(struct convert *c)
{
	struct cmd_each e;
	int i, rc = 0;

	memset(&e, 0, sizeof(e));
	e.sel = &c->sel;
	e.fn = convert_game;
	e.ctx = c;
	e.from = c->from;
	for (i = 0; i < c->nfiles && rc == 0; i++) {
		c->name = fileio_name(c->files[i]);
		if ((c->in = fileio_open(c->files[i], c->d)) == NULL)
			continue;
		rc = cmd_each_stream(c->in, c->name, &e, c->d);
		fileio_close(c->in);
	}
	return rc;
}

/* The write callback of the one output: its notation's begin, the
 * games, its end; -1 (no file) if a --game number was past the end. */
static int
convert_stream(FILE *out, void *ctx)
{
	struct convert *c = ctx;
	int rc;

	c->sink.out = out;
	if (c->to->begin != NULL && c->to->begin(out) == -1)
		return -1;
	if ((rc = convert_games(c)) == 0 && c->to->end != NULL)
		rc = c->to->end(out);
	if (c->d->counts[DIAG_GAME_BEYOND] > 0)
		rc = -1;          /* a --game refused writes no file */
	if (rc == -1 && !ferror(out))
		errno = ECANCELED;
	return rc;
}

/* Sets c->to to the notation called name; a usage error if unknown. */
static int
convert_to(struct convert *c, const char *name, struct diag *d)
{
	char known[256];
	size_t i, at = 0;

	if ((c->to = notation_find(name)) != NULL)
		return 0;
	known[0] = '\0';
	for (i = 0; notation_table[i] != NULL && at < sizeof(known); i++)
		at += (size_t)snprintf(known + at, sizeof(known) - at, "%s%s",
		    i > 0 ? ", " : "", notation_table[i]->name);
	diag_report(d, DIAG_UNKNOWN_NOTATION, NULL, "--to", name, known);
	return cmd_usage(d, cmd_convert_usage);
}

/* Sets c->from to the notation called name, one that is read; one
 * written only is refused by name, an unknown one a usage error. */
static int
convert_from(struct convert *c, const char *name, struct diag *d)
{
	const char *written = notation_written_only(name);

	if ((c->from = notation_find(name)) != NULL && c->from->open != NULL)
		return 0;
	if (written != NULL)
		return diag_report(d, DIAG_WRITTEN_ONLY, NULL, written);
	diag_report(d, DIAG_UNKNOWN_NOTATION, NULL, "--from", name,
	    "pdn, xml, json");
	return cmd_usage(d, cmd_convert_usage);
}

/* Sets c->squares from the value of --squares; a usage error if bad. */
static int
convert_squares(struct convert *c, const char *v, struct diag *d)
{
	if (strcasecmp(v, "numeric") == 0)
		c->squares = SQUARES_NUMERIC;
	else if (strcasecmp(v, "algebraic") == 0)
		c->squares = SQUARES_ALGEBRAIC;
	else {
		diag_report(d, DIAG_BAD_VALUE, NULL, "--squares", v,
		    "numeric or algebraic");
		return cmd_usage(d, cmd_convert_usage);
	}
	return 0;
}

/* --dedupe[=moves|final|N]. */
static int
convert_dedupe(struct convert *c, const char *v, struct diag *d)
{
	enum dedupe_by by = DEDUPE_MOVES;
	unsigned long n = 0;

	if (v != NULL && strcmp(v, "final") == 0)
		by = DEDUPE_FINAL;
	else if (v != NULL && strcmp(v, "moves") != 0) {
		if (cmd_number(d, "--dedupe", v, 1, REPLAY_ALL - 1, &n) == -1)
			return STATUS_USAGE;
		by = DEDUPE_PLIES;
	}
	c->dedupe = 1;
	dedupe_init(&c->dd, by, n);
	return 0;
}

/* One option of convert (not a selection option); the status, or -1
 * for no option of convert. */
static int
convert_opt(void *ctx, int ch, const char *arg)
{
	struct convert *c = ctx;
	struct diag *d = c->d;

	int rc;

	if (cmd_position_opt(&c->spec, ch, arg))
		return 0;
	if ((rc = convert_filter_opt(c, ch, arg)) != -1)
		return rc;
	switch (ch) {
	case 'o': c->out = arg; return 0;
	case 't': c->to_named = 1; return convert_to(c, arg, d);
	case 'f': return convert_from(c, arg, d);
	case 's': return convert_squares(c, arg, d);
	case 'a':
		return cmd_number(d, "--at", arg, 0, REPLAY_ALL - 1,
		    &c->at) == -1 ? STATUS_USAGE : 0;
	case 'k': c->canonical = REPLAY_KEEP_PATHS; return 0;
	case 'D': return convert_dedupe(c, arg, d);
	case 'P': c->plycount = 1; return 0;
	case 'F': c->fix_results = 1; return 0;
	case 'O': c->opening = 1; return 0;
	case 'p': c->positions = 1; return 0;
	case 'B': c->split_by = arg; return 0;
	case '#':
		return cmd_number(d, "-#", arg, 1, REPLAY_ALL - 1,
		    &c->split) == -1 ? STATUS_USAGE : 0;
	default: return -1;
	}
}

/* Reports options that cannot be done together; -1 if some are. */
static int
convert_conflict(const struct convert *c, struct diag *d)
{
	if (c->split > 0 && c->split_by != NULL)
		diag_report(d, DIAG_EXCLUSIVE, NULL, "-#", "--split-by");
	else if (c->spec.fen != NULL && c->spec.pattern != NULL)
		diag_report(d, DIAG_EXCLUSIVE, NULL, "--fen", "--pattern");
	else if (c->positions && c->to->positions == NULL)
		diag_report(d, DIAG_NEEDS, NULL, "--positions", "--to json");
	else
		return 0;
	return -1;
}

static int
convert_getopt(int argc, char *argv[], struct convert *c, struct diag *d)
{
	static const char *const written[] = { "pdn", "xml", "html", "json",
	    NULL };
	const char *named;
	int rc;

	if ((rc = cmd_getopt_select(argc, argv, convert_longopts, &c->sel,
	    cmd_convert_usage, convert_opt, c, d)) != 0)
		return rc;
	if (!c->to_named && c->split == 0 && c->split_by == NULL &&
	    (named = cmd_format_of(c->out, written)) != NULL)
		c->to = notation_find(named);
	if (convert_conflict(c, d) == -1)
		return cmd_usage(d, cmd_convert_usage);
	if (c->positions)
		c->to = c->to->positions;
	if (argc == optind)
		return cmd_arg_count(d, cmd_convert_usage, 1, "file");
	c->files = argv + optind;
	c->nfiles = argc - optind;
	return 0;
}

/* Writes the games to files of a split (-# N, --split-by). */
static void
convert_split(struct convert *c)
{
	c->sink.prefix = c->out;
	c->sink.per_file = c->split;
	c->sink.by_tag = c->split_by;
	convert_games(c);
	sink_end(&c->sink);
}

/* Writes the games to the one output, under its lock, atomically. */
static void
convert_one(struct convert *c)
{
	struct fileio_lock lk;
	const char *out = c->out != NULL ? c->out : "-";

	/* -o OUT is written under OUT's lock, taken before the input is
	 * read: OUT may be the input itself (convert -o FILE FILE). */
	if (fileio_lock(out, &lk, c->d) == -1)
		return;
	fileio_write_atomic(out, convert_stream, c, c->d);
	fileio_unlock(&lk);
}

static void
convert_init(struct convert *c, struct diag *d)
{
	memset(c, 0, sizeof(*c));
	c->to = notation_find("pdn");
	c->squares = -1;
	c->canonical = 1;
	c->at = REPLAY_ALL;
	c->max_plies = REPLAY_ALL;
	c->d = d;
	linematch_init(&c->lines);
	select_init(&c->sel);
}

/* cmd_convert, pgn-extract's option names read. */
static int
convert_main(int argc, char *argv[], struct diag *d)
{
	struct convert c;
	int rc;

	convert_init(&c, d);
	if ((rc = convert_getopt(argc, argv, &c, d)) == 0) {
		posmatch_init(&c.pm, &c.spec);
		sink_init(&c.sink, c.to, stdout, d);
		if (c.opening)
			opening_init(&c.book, rules_find("checkers"));
		if (c.split > 0 || c.split_by != NULL)
			convert_split(&c);
		else
			convert_one(&c);
		convert_shorter(&c);
	}
	if (c.dedupe)
		dedupe_free(&c.dd);
	linematch_free(&c.lines);
	select_free(&c.sel);
	return rc != 0 ? rc : cmd_finish(d);
}

int
cmd_convert(int argc, char *argv[], struct diag *d)
{
	return pgnx_run(argc, argv, PGNX_CONVERT, convert_longopts,
	    cmd_convert_usage, convert_main, d);
}
