/*
 * archive.c - reading the selected games of archives (--game, --tag):
 * the loop every command that reads records shares, and loading the one
 * game a selection picks for show, moves and perft.
 */
#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include "notation/notation.h"
#include "cmd/cmd.h"
#include "base/fileio.h"

int
cmd_select_opt(struct select *s, int ch, const char *arg,
    const char *usage, struct diag *d)
{
	char why[256];
	enum select_fault f;

	if (ch == CMD_OPT_GAME)
		f = select_add_games(s, arg);
	else if (ch == CMD_OPT_SELECT_TAG)
		f = select_add_tag(s, arg, why, sizeof(why));
	else if (ch == CMD_OPT_GAME_TYPE)
		return cmd_game_type(&s->as, arg, usage, d);
	else
		return 0;
	if (f == SELECT_FINE)
		return 1;
	if (f == SELECT_NOMEM)
		return diag_report(d, DIAG_NOMEM, NULL), -1;
	if (f == SELECT_BAD_GAMES)
		diag_report(d, DIAG_BAD_GAME_LIST, NULL, arg);
	else if (f == SELECT_BAD_CRITERION)
		diag_report(d, DIAG_BAD_TAG_CRITERION, NULL, arg);
	else
		diag_report(d, DIAG_BAD_TAG_REGEX, NULL, arg, why);
	cmd_usage(d, usage);
	return -1;
}

int
cmd_getopt_select(int argc, char *argv[], const struct option *longopts,
    struct select *sel, const char *usage, cmd_opt_fn fn, void *ctx,
    struct diag *d)
{
	int ch, rc = 0;

	opterr = 0;
	while (rc == 0 && (ch = getopt_long(argc, argv, ":o:q#:", longopts,
	    NULL)) != -1) {
		if ((rc = cmd_select_opt(sel, ch, optarg, usage, d)) != 0)
			rc = rc == -1 ? (int)d->status : 0;
		else if (ch == '?' || ch == ':')
			rc = cmd_bad_option(d, usage, ch, argv);
		else if ((rc = fn(ctx, ch, optarg)) == -1) {
			optopt = ch;	/* a short option of another command */
			rc = cmd_bad_option(d, usage, '?', argv);
		}
	}
	return rc;
}

int
cmd_getopt_files(int argc, char *argv[], const struct option *longopts,
    struct select *sel, const char *usage, cmd_opt_fn fn, void *ctx,
    struct diag *d)
{
	int rc;

	if ((rc = cmd_getopt_select(argc, argv, longopts, sel, usage, fn, ctx,
	    d)) == 0 && optind == argc)
		rc = cmd_arg_count(d, usage, 1, "file");
	return rc;
}

int
cmd_position_opt(struct posmatch_spec *sp, int ch, const char *arg)
{
	if (ch == CMD_OPT_FEN)
		sp->fen = arg;
	else if (ch == CMD_OPT_PATTERN)
		sp->pattern = arg;
	else if (ch == CMD_OPT_EMPTY)
		sp->empty = arg;
	else if (ch == CMD_OPT_MATERIAL)
		sp->material = arg;
	else
		return 0;
	return 1;
}

void
cmd_quiet(struct diag *q)
{
	diag_init(q, "stackref", NULL);
	q->quiet = 1;
}

/* Reads the next game, quietly when its number is not selected (its
 * problems are not the command's: the status is kept as it was), as
 * sel->as says a game that names none is read. */
static enum read_result
cmd_read_next(const struct notation *nt, struct reader *rd,
    struct record *g, unsigned long *index, const struct select *sel,
    struct diag *d)
{
	struct diag saved = *d;
	enum read_result rr;

	if (select_number(sel, *index + 1))
		rr = nt->next(rd, g, index);
	else {
		d->quiet = 1;
		rr = nt->next(rd, g, index);
		if (rr != READ_SYSTEM)
			*d = saved;
		d->quiet = saved.quiet;
	}
	if (rr == READ_GAME && select_read_as(&sel->as, g) == -1) {
		diag_report(d, DIAG_NOMEM, NULL);
		return READ_SYSTEM;
	}
	return rr;
}

void
cmd_each_beyond(const struct cmd_each *e, const char *name, struct diag *d)
{
	diag_report(d, DIAG_GAME_BEYOND, DIAG_FILE(name), e->beyond,
	    e->total, e->total == 1 ? "game" : "games", e->total);
}

int
cmd_each_stream(FILE *f, const char *name, struct cmd_each *e,
    struct diag *d)
{
	struct reader *rd;
	struct record g;
	enum read_result rr = READ_END;
	unsigned long index = 0, reported = d->count;
	int rc = 0;

	e->games = e->selected = e->malformed = e->beyond = e->total = 0;
	if (e->from != NULL)
		e->nt = e->from;
	if ((rd = e->from != NULL ? notation_open_as(f, name, d, e->from) :
	    notation_open(f, name, d, &e->nt)) == NULL)
		return -1;
	record_init(&g);
	while (rc == 0 && !select_past(e->sel, index) &&
	    (rr = cmd_read_next(e->nt, rd, &g, &index, e->sel, d)) !=
	    READ_END) {
		if (rr == READ_SYSTEM)
			rc = -1;
		else if (rr == READ_MALFORMED && select_number(e->sel, index))
			e->games++, e->malformed++;
		else if (rr == READ_GAME && (e->games++,
		    select_game(e->sel, index, &g))) {
			e->selected++;
			rc = e->fn(e->ctx, &g, index, name);
		}
	}
	if (rc == 0 && index == 0 && d->count == reported)
		diag_report(d, DIAG_NO_GAME, DIAG_FILE(name));
	else if (rc == 0 && rr == READ_END &&
	    (e->beyond = select_beyond(e->sel, index)) != 0) {
		e->total = index;
		cmd_each_beyond(e, name, d);
	}
	record_free(&g);
	e->nt->close(rd);
	return rc < 0 ? -1 : 0;
}

int
cmd_each_game(const char *path, struct cmd_each *e, struct diag *d)
{
	FILE *f;
	int rc;

	if ((f = fileio_open(path, d)) == NULL)
		return -1;
	rc = cmd_each_stream(f, fileio_name(path), e, d);
	fileio_close(f);
	return rc;
}

/* What cmd_load_selected keeps: the first game selected, and how many. */
struct cmd_pick {
	struct record *g;
	unsigned long index, count;
};

static int
cmd_pick_one(void *ctx, struct record *g, unsigned long index,
    const char *file)
{
	struct cmd_pick *p = ctx;
	struct record tmp;

	(void)file;
	if (p->count++ > 0)
		return 0;
	tmp = *p->g;
	*p->g = *g;
	*g = tmp;
	p->index = index;
	return 0;
}

/* Reports that the selection of path picked count games, not one. */
static void
cmd_pick_report(const char *path, const struct cmd_each *e,
    const struct cmd_pick *p, struct diag *d)
{
	if (p->count == 0 && (e->malformed > 0 || e->games == 0 ||
	    e->beyond != 0))
		return;		/* the reader said why, no game, or past */
	if (p->count == 0)
		diag_report(d, DIAG_NONE_SELECTED,
		    DIAG_FILE(fileio_name(path)), e->games);
	else
		diag_report(d, DIAG_MANY_SELECTED,
		    DIAG_FILE(fileio_name(path)), p->count, p->index);
}

/*
 * Loads the one game of path into g, as cmd_load_one but read as as
 * says, and a file of several games is said with their count and --game
 * (the others are read quietly, to count them).
 */
static int
cmd_load_only(const char *path, const struct select_as *as,
    struct record *g, struct diag *d)
{
	struct select_range one = { 1, 1 };
	struct select first = { &one, 1, NULL, 0, *as };
	const struct notation *nt;
	const char *name = fileio_name(path);
	struct reader *rd;
	struct record rest;
	enum read_result rr, more = READ_END;
	unsigned long index = 0;
	FILE *f;

	if ((f = fileio_open(path, d)) == NULL)
		return -1;
	if ((rd = notation_open(f, name, d, &nt)) == NULL)
		return fileio_close(f), -1;
	record_init(&rest);
	if ((rr = cmd_read_next(nt, rd, g, &index, &first, d)) == READ_GAME)
		while ((more = cmd_read_next(nt, rd, &rest, &index, &first,
		    d)) == READ_GAME || more == READ_MALFORMED)
			;
	record_free(&rest);
	nt->close(rd);
	fileio_close(f);
	if (rr == READ_END)
		diag_report(d, DIAG_NO_GAME, DIAG_FILE(name));
	else if (rr == READ_GAME && more == READ_END && index > 1)
		diag_report(d, DIAG_MANY_GAMES, DIAG_FILE(name), index, index);
	return rr == READ_GAME && more == READ_END && index == 1 ? 0 : -1;
}

int
cmd_load_selected(const char *path, const struct select *sel,
    struct record *g, unsigned long *index, struct diag *d)
{
	struct cmd_pick p = { g, 0, 0 };
	struct cmd_each e;

	*index = 0;
	if (!select_active(sel))
		return cmd_load_only(path, &sel->as, g, d);
	memset(&e, 0, sizeof(e));
	e.sel = sel;
	e.fn = cmd_pick_one;
	e.ctx = &p;
	if (cmd_each_game(path, &e, d) == -1 || e.beyond != 0)
		return -1;
	if (p.count != 1) {
		cmd_pick_report(path, &e, &p, d);
		return -1;
	}
	*index = p.index;
	return 0;
}

int
cmd_replay_to(const char *path, const char *ply, const struct select *sel,
    struct record *g, struct replay *rp, struct diag *d)
{
	struct replay_opts o = { fileio_name(path), 0, REPLAY_ALL, 0 };
	struct diag_where w = { o.file, NULL, 0, 0 };
	struct select none;

	select_init(&none);
	if (ply != NULL &&
	    cmd_number(d, "--ply", ply, 0, REPLAY_ALL - 1, &o.stop) == -1)
		return -1;
	if (cmd_load_selected(path, sel != NULL ? sel : &none, g, &o.game,
	    d) == -1 || replay_run(rp, g, &o, d) == -1)
		return -1;
	if (o.stop != REPLAY_ALL && o.stop > rp->total) {
		w.game = o.game;
		diag_report(d, DIAG_PAST_END, o.game == 0 ? NULL : &w, "--ply",
		    o.stop, rp->total, rp->total == 1 ? "ply" : "plies");
		return -1;
	}
	return 0;
}
