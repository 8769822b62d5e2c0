/* show.c - stackref show: draw the position of a record. */
#include <ctype.h>
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "notation/notation.h"
#include "notation/svg.h"
#include "notation/png.h"
#include "notation/ascii.h"
#include "game/picture.h"
#include "cmd/cmd.h"
#include "base/util.h"

const char cmd_show_usage[] = "show [--game N] [--tag CRITERION]... "
    "[--ply N] [--format ascii|svg|png|fen] [--size N] [--flip] "
    "[-o OUT] FILE";

const char cmd_show_help[] =
	CMD_HELP_SELECT
	"  --ply N              the position after N plies (default: the"
	" last)\n"
	"  --format FORMAT      ascii, svg, png or fen (default: OUT's"
	" extension, else\n"
	"                       ascii)\n"
	"  --size N             svg and png: N pixels on the longer side"
	" (64-4096)\n"
	"  --flip               draw the board from the second player's"
	" side\n"
	"  -o, --output OUT     write to OUT (default: standard output; a PNG"
	" is never\n"
	"                       written to a terminal)\n";

struct show_opts {
	const char *ply;
	const char *format;
	const char *out;          /* -o, or "-" */
	int flip;
	unsigned long size;       /* --size, or 0 */
	struct select sel;
};

/* The ascii diagram and the lines under it. */
static int
show_ascii(FILE *out, const struct replay *rp, const struct record *g,
    int flip)
{
	char status[512], statebuf[128];
	const char *state = game_state_text(rp, statebuf, sizeof(statebuf));

	if (board_ascii_style(out, rp->r, &rp->pos, flip, rp->style) == -1)
		return -1;
	game_status_text(rp, g, rp->plies == rp->total, status,
	    sizeof(status));
	fprintf(out, "%s\n", status);
	if (state != NULL)
		fprintf(out, "%s\n", state);
	return 0;
}

/* The SVG picture. */
static int
show_svg(FILE *out, const struct game_picture *p)
{
	errno = 0;
	if (svg_write(out, &p->v) == -1) {
		if (errno == 0)
			errno = EIO;
		return -1;
	}
	return 0;
}

/* The PNG picture: the SVG rendered. */
static int
show_png(FILE *out, const struct game_picture *p, struct diag *d)
{
	unsigned char *png;
	char why[256];
	size_t len;
	int rc;

	if (PNG_MODULE->render(&p->v, &png, &len, why, sizeof(why)) == -1) {
		diag_report(d, DIAG_PICTURE, NULL, why);
		errno = ECANCELED;	/* reported */
		return -1;
	}
	rc = fwrite(png, 1, len, out) == len ? 0 : -1;
	free(png);
	return rc;
}

static int
show_fen(FILE *out, const struct replay *rp, struct diag *d)
{
	char buf[2048];

	if (fen_format_style(rp->r, &rp->pos, rp->style, buf,
	    sizeof(buf)) == -1) {
		diag_report(d, DIAG_TOO_BIG, NULL, "the FEN of the position");
		errno = ECANCELED;	/* reported */
		return -1;
	}
	fprintf(out, "%s\n", buf);
	return 0;
}

/* What show writes, for fileio_write_atomic. */
struct show_out {
	const struct show_opts *so;
	const struct replay *rp;
	const struct record *g;
	const struct game_picture *pic;
	struct diag *d;
};

/* Writes the position in the format asked to out. */
static int
show_write(FILE *out, void *ctx)
{
	const struct show_out *o = ctx;
	const char *f = o->so->format;

	if (strcasecmp(f, "fen") == 0)
		return show_fen(out, o->rp, o->d);
	if (strcasecmp(f, "svg") == 0)
		return show_svg(out, o->pic);
	if (strcasecmp(f, "png") == 0)
		return show_png(out, o->pic, o->d);
	return show_ascii(out, o->rp, o->g, o->so->flip);
}

/* Reads --size; -1 after reporting. */
static int
show_size(struct show_opts *so, const char *text, struct diag *d)
{
	if (util_parse_ulong(text, SVG_SIZE_MIN, SVG_SIZE_MAX, &so->size) == 0)
		return 0;
	diag_report(d, DIAG_BAD_RANGE, NULL, "--size", text, "pixels",
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
		{ "output", required_argument, NULL, 'o' },
		CMD_SELECT_LONGOPTS,
		{ NULL, 0, NULL, 0 }
	};
	static const char *const pictures[] = { "svg", "png", "fen", NULL };
	int ch, rc;

	opterr = 0;
	while ((ch = getopt_long(argc, argv, ":o:", longopts, NULL)) != -1) {
		if ((rc = cmd_select_opt(&so->sel, ch, optarg, cmd_show_usage,
		    d)) != 0) {
			if (rc == -1)
				return (int)d->status;
		} else if (ch == 'p')
			so->ply = optarg;
		else if (ch == 'f')
			so->format = optarg;
		else if (ch == 'F')
			so->flip = 1;
		else if (ch == 'o')
			so->out = optarg;
		else if (ch == 's') {
			if (show_size(so, optarg, d) == -1)
				return cmd_usage(d, cmd_show_usage);
		} else
			return cmd_bad_option(d, cmd_show_usage, ch, argv);
	}
	if (so->format == NULL &&
	    (so->format = cmd_format_of(so->out, pictures)) == NULL)
		so->format = "ascii";
	if (strcasecmp(so->format, "ascii") != 0 &&
	    strcasecmp(so->format, "svg") != 0 &&
	    strcasecmp(so->format, "png") != 0 &&
	    strcasecmp(so->format, "fen") != 0) {
		diag_report(d, DIAG_BAD_VALUE, NULL, "--format", so->format,
		    "ascii, svg, png or fen");
		return cmd_usage(d, cmd_show_usage);
	}
	if (so->size > 0 && strcasecmp(so->format, "svg") != 0 &&
	    strcasecmp(so->format, "png") != 0)
		return diag_report(d, DIAG_SIZE_FORMAT, NULL),
		    cmd_usage(d, cmd_show_usage);
	if (argc - optind != 1)
		return cmd_arg_count(d, cmd_show_usage, argc == optind,
		    "file");
	if (strcasecmp(so->format, "png") == 0 &&
	    strcmp(so->out, "-") == 0 && isatty(STDOUT_FILENO))
		return diag_report(d, DIAG_BINARY_TTY, NULL, "a PNG picture"),
		    cmd_usage(d, cmd_show_usage);
	return 0;
}

int
cmd_show(int argc, char *argv[], struct diag *d)
{
	struct show_opts so = { NULL, NULL, "-", 0, 0,
	    { NULL, 0, NULL, 0, { NULL, NULL } } };
	struct game_picture pic;
	struct show_out o = { &so, NULL, NULL, &pic, d };
	struct replay rp;
	struct record g;
	int rc;

	if ((rc = show_getopt(&so, argc, argv, d)) != 0) {
		select_free(&so.sel);
		return rc;
	}
	record_init(&g);
	if (cmd_replay_to(argv[optind], so.ply, &so.sel, &g, &rp, d) == 0) {
		game_picture(&pic, &rp, &g, so.flip, (unsigned)so.size);
		o.rp = &rp;
		o.g = &g;
		fileio_write_atomic(so.out, show_write, &o, d);
	}
	record_free(&g);
	select_free(&so.sel);
	return cmd_finish(d);
}
