/* show.c - stackref show: draw the position of a record. */
#include <ctype.h>
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "notation/notation.h"
#include "notation/svg.h"
#include "notation/png.h"
#include "notation/ascii.h"
#include "cmd/cmd.h"
#include "base/util.h"

const char cmd_show_usage[] = "show [--game N] [--tag NAME OP VALUE]... "
    "[--ply N] [--format ascii|svg|png|fen] [--size N] [--flip] FILE";

struct show_opts {
	const char *ply;
	const char *format;
	int flip;
	unsigned long size;       /* --size, or 0 */
	struct select sel;
};

/* A picture's view and the texts it points to. */
struct show_picture {
	struct svg_view v;
	char title[SVG_TEXT_MAX], status[512], state[128];
};

/* Writes the lines under the board into buf: game, ply, last move,
 * then who moves or the result. */
static void
show_status_text(const struct replay *rp, const struct record *g,
    int at_end, char *buf, size_t size)
{
	const char *res = g->result != NULL ? g->result : record_tag(g,
	    "Result");
	char last[256];
	size_t n;

	snprintf(buf, size, "%s after %lu pl%s", rp->r->name, rp->plies,
	    rp->plies == 1 ? "y" : "ies");
	n = strlen(buf);
	if (replay_last_text(rp, last, sizeof(last)) >= 0)
		n += (size_t)snprintf(buf + n, size - n, ", last move %s",
		    last);
	if (n >= size)
		return;
	if (rp->outcome != OUTCOME_NONE)
		snprintf(buf + n, size - n, "\nresult %s: %s",
		    replay_result_token(rp->outcome),
		    rp->why != NULL ? rp->why : "no legal move");
	else if (at_end && res != NULL && strcmp(res, "*") != 0 &&
	    res[0] != '\0')
		snprintf(buf + n, size - n, "\nresult %s (recorded)", res);
	else
		snprintf(buf + n, size - n, "; %s to move",
		    rp->r->side[rp->pos.turn]);
}

/*
 * The record's correspondence state as one line ("white offers a
 * draw") in buf, or NULL when there is nothing to add: an end by
 * resignation or agreement is already in the status line.
 */
static const char *
show_state(const struct replay *rp, char *buf, size_t size)
{
	if (rp->outcome != OUTCOME_NONE ||
	    replay_state_text(rp, buf, size) <= 0)
		return NULL;
	return buf;
}

/* The ascii diagram and the lines under it. */
static int
show_ascii(const struct replay *rp, const struct record *g, int flip)
{
	char status[512], statebuf[128];
	const char *state = show_state(rp, statebuf, sizeof(statebuf));

	if (board_ascii_style(stdout, rp->r, &rp->pos, flip, rp->style) == -1)
		return -1;
	show_status_text(rp, g, rp->plies == rp->total, status,
	    sizeof(status));
	puts(status);
	if (state != NULL)
		puts(state);
	return 0;
}

/* Fills p with the picture of rp: the board, with the caption of the
 * ascii lines. */
static void
show_picture(struct show_picture *p, const struct replay *rp,
    const struct record *g, const struct show_opts *so)
{
	const char *event = record_tag(g, "Event");

	memset(p, 0, sizeof(*p));
	p->v.r = rp->r;
	p->v.pos = &rp->pos;
	p->v.last = rp->plies > 0 ? &rp->last : NULL;
	p->v.flip = so->flip;
	p->v.style = rp->style;
	p->v.size = (unsigned)so->size;
	if (event != NULL && event[0] != '\0' && strcmp(event, "?") != 0) {
		snprintf(p->title, sizeof(p->title), "%s: %s", rp->r->title,
		    event);
		p->v.title = p->title;
	}
	p->v.player[0] = notation_player(rp->r, g, 0);
	p->v.player[1] = notation_player(rp->r, g, 1);
	show_status_text(rp, g, rp->plies == rp->total, p->status,
	    sizeof(p->status));
	p->v.status = p->status;
	p->v.state = show_state(rp, p->state, sizeof(p->state));
}

/* The SVG picture. */
static int
show_svg(const struct show_picture *p, struct diag *d)
{
	errno = 0;
	if (svg_write(stdout, &p->v) == -1) {
		diag_report(d, DIAG_WRITE, NULL, errno != 0 ? strerror(errno) :
		    "the SVG picture");
		return -1;
	}
	return 0;
}

/* The PNG picture: the SVG rendered. */
static int
show_png(const struct show_picture *p, struct diag *d)
{
	unsigned char *png;
	char why[256], what[300];
	size_t len;

	if (png_render(&p->v, &png, &len, why, sizeof(why)) == -1) {
		snprintf(what, sizeof(what), "the PNG picture: %s", why);
		diag_report(d, DIAG_WRITE, NULL, what);
		return -1;
	}
	fwrite(png, 1, len, stdout);
	free(png);
	return 0;
}

static int
show_fen(const struct replay *rp, struct diag *d)
{
	char buf[2048];

	if (fen_format_style(rp->r, &rp->pos, rp->style, buf,
	    sizeof(buf)) == -1) {
		diag_report(d, DIAG_TOO_BIG, NULL, "the FEN of the position");
		return -1;
	}
	puts(buf);
	return 0;
}

/* Reads --size; -1 with the problem in what. */
static int
show_size(struct show_opts *so, const char *text, char *what, size_t size)
{
	if (util_parse_ulong(text, SVG_SIZE_MIN, SVG_SIZE_MAX, &so->size) == 0)
		return 0;
	snprintf(what, size, "--size %.40s: expected pixels, %d to %d", text,
	    SVG_SIZE_MIN, SVG_SIZE_MAX);
	return -1;
}

static int
show_getopt(struct show_opts *so, int argc, char *argv[], struct diag *d)
{
	static const struct option longopts[] = {
		{ "ply", required_argument, NULL, 'p' },
		{ "format", required_argument, NULL, 'f' },
		{ "flip", no_argument, NULL, 'F' },
		{ "size", required_argument, NULL, 's' },
		CMD_SELECT_LONGOPTS,
		{ NULL, 0, NULL, 0 }
	};
	char what[128];
	int ch, rc;

	opterr = 0;
	while ((ch = getopt_long(argc, argv, ":", longopts, NULL)) != -1) {
		if ((rc = cmd_select_opt(&so->sel, ch, optarg, cmd_show_usage,
		    d)) != 0) {
			if (rc == -1)
				return STATUS_USAGE;
		} else if (ch == 'p')
			so->ply = optarg;
		else if (ch == 'f')
			so->format = optarg;
		else if (ch == 'F')
			so->flip = 1;
		else if (ch == 's') {
			if (show_size(so, optarg, what, sizeof(what)) == -1)
				return cmd_usage(d, cmd_show_usage, what);
		} else
			return cmd_bad_option(d, cmd_show_usage, ch, argv);
	}
	if (strcasecmp(so->format, "ascii") != 0 &&
	    strcasecmp(so->format, "svg") != 0 &&
	    strcasecmp(so->format, "png") != 0 &&
	    strcasecmp(so->format, "fen") != 0) {
		snprintf(what, sizeof(what), "--format %s: %s", so->format,
		    "expected ascii, svg, png or fen");
		return cmd_usage(d, cmd_show_usage, what);
	}
	if (so->size > 0 && strcasecmp(so->format, "svg") != 0 &&
	    strcasecmp(so->format, "png") != 0)
		return cmd_usage(d, cmd_show_usage, "--size is for the svg "
		    "and png formats");
	if (argc - optind != 1)
		return cmd_usage(d, cmd_show_usage, argc == optind ?
		    "no file given" : "too many arguments");
	return 0;
}

int
cmd_show(int argc, char *argv[], struct diag *d)
{
	struct show_opts so = { NULL, "ascii", 0, 0, { NULL, 0, NULL, 0 } };
	struct show_picture pic;
	struct replay rp;
	struct record g;
	int rc;

	if ((rc = show_getopt(&so, argc, argv, d)) != 0) {
		select_free(&so.sel);
		return rc;
	}
	record_init(&g);
	if (cmd_replay_to(argv[optind], so.ply, &so.sel, &g, &rp, d) == 0) {
		show_picture(&pic, &rp, &g, &so);
		if (strcasecmp(so.format, "fen") == 0)
			show_fen(&rp, d);
		else if (strcasecmp(so.format, "svg") == 0)
			show_svg(&pic, d);
		else if (strcasecmp(so.format, "png") == 0)
			show_png(&pic, d);
		else
			show_ascii(&rp, &g, so.flip);
	}
	record_free(&g);
	select_free(&so.sel);
	return cmd_finish(d);
}
