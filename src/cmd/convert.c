/*
 * convert.c - stackref convert: rewrite every game of a record in
 * canonical form, each replayed so its move texts are canonical, in any
 * registered notation.  A game that does not replay is reported and
 * written with the texts as read up to the problem.
 *
 * Games whose squares have two styles (struct rules restyle: numbered or
 * algebraic) keep the style of each record, or take the one --squares
 * asks for: every move (variations too), the FEN and the GameType tag's
 * notation field are rewritten.  --at N writes instead, for each game,
 * a record set up at the position after N plies, with no moves.
 */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "notation/notation.h"
#include "cmd/cmd.h"
#include "base/fileio.h"
#include "game/broken.h"

#define CONVERT_TEXT 2048    /* bytes of a move text or FEN */

const char cmd_convert_usage[] = "convert [--to NOTATION] "
    "[--squares numeric|algebraic] [--at N] [-o OUT] FILE";

struct convert {
	FILE *in;
	const char *name;
	const struct notation *from, *to;
	struct diag *d;
	unsigned long games;
	int squares;              /* enum square_style, or -1: the record's own */
	unsigned long at;         /* --at N, or REPLAY_ALL for whole games */
	unsigned long shorter;    /* games --at left out: fewer plies */
	unsigned long short_index, short_plies; /* the first of them */
	struct srcloc short_at;
};

/*
 * Sets the notation field of the GameType tag to st: replaced in a full
 * tag, else the tag written in full ("21,B,8,8,A3,0": the first player
 * is PDN's Black, the board the game's, bottom left a playing square).
 * A numeric record without the field is left alone (numeric is the
 * default), and so is a game without a PDN game type.
 */
static int
convert_gametype_set(struct record *g, const struct rules *r,
    enum square_style st)
{
	const char *v = record_tag(g, "GameType"), *field, *rest;
	char buf[256];
	size_t i;

	if (r->gametype == NULL)
		return 0;
	if (v == NULL || notation_gametype_style(v) < 0) {
		if (st == SQUARES_NUMERIC)
			return 0;
		snprintf(buf, sizeof(buf), "%s,B,%u,%u,%s,0", r->gametype,
		    r->width, r->height, rules_style_code(st));
		return record_tag_set(g, "GameType", buf, NULL);
	}
	for (field = v, i = 0; i < 4; field++)
		if (*field == ',')
			i++;
	field += strspn(field, " \t");
	rest = field + strcspn(field, ",");
	snprintf(buf, sizeof(buf), "%.*s%s%s", (int)(field - v), v,
	    rules_style_code(st), rest);
	return record_tag_set(g, "GameType", buf, NULL);
}

/* Rewrites the move texts of l and its variations in style st; those
 * that do not read as moves of r are left as they are. */
static int
convert_restyle_line(struct line *l, const struct rules *r,
    enum square_style st)
{
	struct move pattern;
	char buf[CONVERT_TEXT];
	struct elem *e;
	size_t i, err;
	int len;

	for (i = 0; i < l->n; i++) {
		e = &l->elems[i];
		if (e->kind == ELEM_VARIATION && e->var != NULL &&
		    convert_restyle_line(e->var, r, st) == -1)
			return -1;
		if (e->kind != ELEM_MOVE || e->text == NULL ||
		    rules_move_parse(r, e->text, strlen(e->text), &pattern,
		    &err) == -1 ||
		    (len = r->restyle(e->text, st, buf, sizeof(buf))) < 0)
			continue;
		if (elem_set_text(e, buf, (size_t)len) == -1)
			return -1;
	}
	return 0;
}

/* Rewrites the moves, the FEN (made canonical) and the GameType tag of
 * g, a game of r, in style st.  0, or -1 when out of memory. */
static int
convert_restyle(struct record *g, const struct rules *r, enum square_style st)
{
	char buf[CONVERT_TEXT];
	const char *fen;
	struct pos p;

	if (convert_restyle_line(&g->main, r, st) == -1)
		return -1;
	if ((fen = record_tag(g, "FEN")) != NULL &&
	    fen_parse(r, fen, &p, NULL, NULL) == 0 &&
	    fen_format_style(r, &p, st, buf, sizeof(buf)) >= 0 &&
	    record_tag_set(g, "FEN", buf, NULL) == -1)
		return -1;
	return convert_gametype_set(g, r, st);
}

/*
 * Makes g the record of the position rp reached: no moves, [SetUp "1"],
 * the FEN of the position (in style st when the game has styles), and
 * the result of the position ("*" unless it is decided; a resignation
 * or agreement among the record's actions is not the position's).
 * Returns 1, 0
 * when the FEN does not fit (reported), -1 when out of memory.
 */
static int
convert_at(struct convert *c, struct record *g, const struct replay *rp,
    int st)
{
	const char *why, *result;
	char fen[CONVERT_TEXT];
	int len;

	result = replay_result_token(rp->r->outcome(&rp->pos, &why));

	if (st >= 0)
		len = fen_format_style(rp->r, &rp->pos, (enum square_style)st, fen,
		    sizeof(fen));
	else
		len = fen_format(rp->r, &rp->pos, fen, sizeof(fen));
	if (len < 0) {
		diag_report(c->d, DIAG_TOO_BIG, NULL, "the FEN of a position");
		return 0;
	}
	line_truncate(&g->main, 0);
	record_tag_remove(g, "Setup");
	if (record_tag_set(g, "SetUp", "1", NULL) == -1 ||
	    record_tag_set(g, "FEN", fen, NULL) == -1 ||
	    record_tag_set(g, "Result", result, NULL) == -1 ||
	    record_set_result(g, result) == -1)
		return -1;
	return 1;
}

/* Whether the game replayed far enough for --at; counts it if not
 * (convert_shorter reports them). */
static int
convert_reached(struct convert *c, const struct record *g,
    const struct replay *rp, unsigned long index)
{
	if (rp->plies >= c->at)
		return 1;
	if (c->shorter++ == 0) {
		c->short_index = index;
		c->short_plies = rp->total;
		c->short_at = g->at;
	}
	return 0;
}

/* Reports the games --at left out as too short, in one line: the game
 * and its plies when there is one, else how many of how many. */
static void
convert_shorter(const struct convert *c)
{
	struct diag_where w = { c->name, &c->short_at, c->short_index, 0 };
	char what[128];

	if (c->shorter == 0)
		return;
	if (c->shorter == 1)
		snprintf(what, sizeof(what), "the game has only %lu pl%s",
		    c->short_plies, c->short_plies == 1 ? "y" : "ies");
	else {
		snprintf(what, sizeof(what), "%lu of %lu games have fewer "
		    "plies; they are left out", c->shorter, c->games);
		w.at = NULL;
		w.game = 0;
	}
	diag_report(c->d, DIAG_PAST_END, &w, "--at", c->at, what);
}

/*
 * Keeps game index, which replayed into rp up to a fault at a ply (not
 * at its start: an unknown game or a bad FEN is written as read), with
 * the moves before the fault and the rest in comments, and says so.
 * 0, or -1 when out of memory.
 */
static int
convert_keep_broken(struct convert *c, struct record *g,
    const struct replay *rp, unsigned long index)
{
	struct diag_where w = { c->name, NULL, index, rp->plies + 1 };
	struct srcloc at;

	if (!rp->started || rp->elem >= g->main.n)
		return 0;
	at = g->main.elems[rp->elem].at;
	w.at = &at;
	if (broken_keep(g, rp) == -1)
		return -1;
	diag_report(c->d, DIAG_KEPT_BROKEN, &w, rp->plies + 1);
	return 0;
}

/*
 * Replays game index of the stream into its converted form.  Returns 1
 * to write g, 0 to leave it out (--at could not reach its position;
 * reported), -1 when out of memory (reported).
 */
static int
convert_game(struct convert *c, struct record *g, unsigned long index)
{
	struct replay_opts o = { c->name, index, c->at, 1 };
	const struct rules *r = notation_game(g, NULL);
	struct replay rp;
	int st = -1, rc = 1, replayed;

	if (r != NULL && r->restyle != NULL)
		st = c->squares >= 0 ? c->squares : notation_square_style(r, g);
	replayed = replay_run(&rp, g, &o, c->d) == 0;
	if (!replayed && c->at == REPLAY_ALL &&
	    convert_keep_broken(c, g, &rp, index) == -1)
		rc = -1;
	if (c->at != REPLAY_ALL) {
		if (!replayed || !convert_reached(c, g, &rp, index))
			return 0;
		rc = convert_at(c, g, &rp, st);
	}
	if (rc == 1 && st >= 0 && (st == SQUARES_ALGEBRAIC || c->squares >= 0) &&
	    convert_restyle(g, r, (enum square_style)st) == -1)
		rc = -1;
	if (rc == -1)
		diag_report(c->d, DIAG_NOMEM, NULL);
	return rc;
}

/* The write callback: reads, replays and writes one game at a time. */
static int
convert_stream(FILE *out, void *ctx)
{
	struct convert *c = ctx;
	struct reader *rd;
	struct record g;
	enum read_result rr;
	unsigned long index = 0;
	int rc = 0, keep;

	if ((rd = notation_open(c->in, c->name, c->d, &c->from)) == NULL) {
		errno = ECANCELED;
		return -1;
	}
	if (c->to->begin != NULL && c->to->begin(out) == -1) {
		c->from->close(rd);
		return -1;
	}
	record_init(&g);
	while (rc == 0 && (rr = c->from->next(rd, &g, &index)) != READ_END) {
		if (rr == READ_SYSTEM) {
			errno = ECANCELED;
			rc = -1;
		} else if (rr == READ_GAME) {
			c->games++;
			if ((keep = convert_game(c, &g, index)) == -1) {
				errno = ECANCELED;
				rc = -1;
			} else if (keep)
				rc = c->to->write(out, &g);
		}
	}
	record_free(&g);
	c->from->close(rd);
	if (rc == 0 && c->to->end != NULL)
		rc = c->to->end(out);
	return rc;
}

/* Sets c->to to the notation called name; a usage error if unknown. */
static int
convert_to(struct convert *c, const char *name, struct diag *d)
{
	char what[256];
	size_t i, at;

	if ((c->to = notation_find(name)) != NULL)
		return 0;
	at = (size_t)snprintf(what, sizeof(what),
	    "--to %s: unknown notation (known:", name);
	for (i = 0; notation_table[i] != NULL && at < sizeof(what); i++)
		at += (size_t)snprintf(what + at, sizeof(what) - at, "%s %s",
		    i > 0 ? "," : "", notation_table[i]->name);
	if (at < sizeof(what))
		snprintf(what + at, sizeof(what) - at, ")");
	return cmd_usage(d, cmd_convert_usage, what);
}

/* Sets c->squares from the value of --squares; a usage error if bad. */
static int
convert_squares(struct convert *c, const char *v, struct diag *d)
{
	char what[128];

	if (strcasecmp(v, "numeric") == 0)
		c->squares = SQUARES_NUMERIC;
	else if (strcasecmp(v, "algebraic") == 0)
		c->squares = SQUARES_ALGEBRAIC;
	else {
		snprintf(what, sizeof(what),
		    "--squares %s: expected numeric or algebraic", v);
		return cmd_usage(d, cmd_convert_usage, what);
	}
	return 0;
}

static int
convert_getopt(int argc, char *argv[], const char **out, struct convert *c,
    struct diag *d)
{
	static const struct option longopts[] = {
		{ "to", required_argument, NULL, 't' },
		{ "squares", required_argument, NULL, 's' },
		{ "at", required_argument, NULL, 'a' },
		{ "output", required_argument, NULL, 'o' },
		{ NULL, 0, NULL, 0 }
	};
	int ch, rc = 0;

	opterr = 0;
	while (rc == 0 &&
	    (ch = getopt_long(argc, argv, ":o:", longopts, NULL)) != -1) {
		if (ch == 'o')
			*out = optarg;
		else if (ch == 't')
			rc = convert_to(c, optarg, d);
		else if (ch == 's')
			rc = convert_squares(c, optarg, d);
		else if (ch == 'a')
			rc = cmd_number(d, "--at", optarg, 0, REPLAY_ALL - 1,
			    &c->at) == -1 ? STATUS_USAGE : 0;
		else
			return cmd_bad_option(d, cmd_convert_usage, ch, argv);
	}
	if (rc != 0)
		return rc;
	if (argc - optind != 1)
		return cmd_usage(d, cmd_convert_usage, argc == optind ?
		    "no file given" : "too many arguments");
	return 0;
}

int
cmd_convert(int argc, char *argv[], struct diag *d)
{
	struct convert c;
	struct fileio_lock lk;
	const char *out = "-";
	struct diag_where w = { NULL, NULL, 0, 0 };
	int rc;

	memset(&c, 0, sizeof(c));
	c.to = notation_find("pdn");
	c.squares = -1;
	c.at = REPLAY_ALL;
	c.d = d;
	if ((rc = convert_getopt(argc, argv, &out, &c, d)) != 0)
		return rc;
	c.name = fileio_name(argv[optind]);
	/* -o OUT is written under OUT's lock, taken before the input is
	 * read: OUT may be the input itself (convert -o FILE FILE). */
	if (fileio_lock(out, &lk, d) == -1)
		return cmd_finish(d);
	if ((c.in = fileio_open(argv[optind], d)) != NULL) {
		if (fileio_write_atomic(out, convert_stream, &c, d) == 0 &&
		    c.games == 0) {
			w.file = c.name;
			diag_report(d, DIAG_NO_GAME, &w);
		}
		convert_shorter(&c);
		fileio_close(c.in);
	}
	fileio_unlock(&lk);
	return cmd_finish(d);
}
