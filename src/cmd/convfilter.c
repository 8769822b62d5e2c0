/*
 * convfilter.c - convert's filters on the games it writes and what it
 * leaves out of them, as pgn-extract's: comments, variations and NAGs
 * (-C, -V, -N), tags beyond the seven-tag roster (-7), games outside
 * bounds on their number of moves or plies (-b, -p), games that do not
 * follow a given line of moves (-v).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/convert.h"

/* Adds the lines of the file path (a line each; a line starting with
 * '%' is a comment) to c->lines; the status. */
static int
convert_lines_file(struct convert *c, const char *path)
{
	char *buf = NULL;
	size_t cap = 0;
	int rc = 0, added = 0;
	FILE *f;

	if ((f = fileio_open(path, c->d)) == NULL)
		return STATUS_SYSTEM;
	while (rc >= 0 && getline(&buf, &cap, f) != -1)
		if (buf[0] != '%' && (rc = linematch_add(&c->lines, buf)) > 0)
			added = 1;
	free(buf);
	fileio_close(f);
	if (rc < 0)
		return diag_report(c->d, DIAG_NOMEM, NULL), STATUS_SYSTEM;
	if (!added) {
		diag_report(c->d, DIAG_BAD_VALUE, NULL, "--lines", path,
		    "a file of lines of moves, a line each");
		return STATUS_USAGE;
	}
	return 0;
}

/* --line MOVES; the status. */
static int
convert_line(struct convert *c, const char *text)
{
	int rc = linematch_add(&c->lines, text);

	if (rc == -1)
		return diag_report(c->d, DIAG_NOMEM, NULL), STATUS_SYSTEM;
	if (rc == 0) {
		diag_report(c->d, DIAG_BAD_VALUE, NULL, "--line", text,
		    "moves, as \"11-15 23-19 8-11\"");
		return STATUS_USAGE;
	}
	return 0;
}

/* A bound of --min-moves ... --max-plies: N moves are 2N - 1 plies at
 * least (the last move may be one ply) and 2N plies at most. */
static int
convert_bound(struct convert *c, int ch, const char *opt, const char *arg)
{
	unsigned long n;

	if (cmd_number(c->d, opt, arg, 0, REPLAY_ALL / 2 - 1, &n) == -1)
		return STATUS_USAGE;
	if (ch == CONVERT_OPT_MIN_MOVES)
		c->min_plies = n > 0 ? 2 * n - 1 : 0;
	else if (ch == CONVERT_OPT_MAX_MOVES)
		c->max_plies = 2 * n;
	else if (ch == CONVERT_OPT_MIN_PLIES)
		c->min_plies = n;
	else
		c->max_plies = n;
	return 0;
}

int
convert_filter_opt(struct convert *c, int ch, const char *arg)
{
	switch (ch) {
	case CONVERT_OPT_NO_COMMENTS:
		c->strip |= LINE_STRIP(ELEM_COMMENT);
		return 0;
	case CONVERT_OPT_NO_VARIATIONS:
		c->strip |= LINE_STRIP(ELEM_VARIATION);
		return 0;
	case CONVERT_OPT_NO_NAGS:
		c->strip |= LINE_STRIP(ELEM_NAG) | LINE_STRIP_MARKS;
		return 0;
	case CONVERT_OPT_SEVEN:
		c->seven = 1;
		return 0;
	case CONVERT_OPT_MIN_MOVES: return convert_bound(c, ch, "--min-moves", arg);
	case CONVERT_OPT_MAX_MOVES: return convert_bound(c, ch, "--max-moves", arg);
	case CONVERT_OPT_MIN_PLIES: return convert_bound(c, ch, "--min-plies", arg);
	case CONVERT_OPT_MAX_PLIES: return convert_bound(c, ch, "--max-plies", arg);
	case CONVERT_OPT_LINE:
		return convert_line(c, arg);
	case CONVERT_OPT_LINES:
		return convert_lines_file(c, arg);
	default:
		return -1;
	}
}

int
convert_in_bounds(const struct convert *c, const struct record *g)
{
	size_t plies = line_count_moves(&g->main);

	return plies >= c->min_plies && plies <= c->max_plies;
}
