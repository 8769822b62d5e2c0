/* perft.c - stackref perft: count the leaves of the move tree. */
#include <getopt.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "cmd/cmd.h"

const char cmd_perft_usage[] = "perft [--divide] [--all-paths] [--game N] "
    "[--tag CRITERION]... GAME|FILE DEPTH";

const char cmd_perft_help[] =
	"  --divide             print the count under each first move, then"
	" the total\n"
	"  --all-paths          count each capture path as a move, where the"
	" game\n"
	"                       merges paths that take the same pieces\n"
	CMD_HELP_SELECT;

#define PERFT_MAX_DEPTH 40

/* perft's own options. */
struct perft_opts {
	int divide;
	int all_paths;            /* --all-paths */
};

/* The count of the game r from p, all_paths as --all-paths says. */
static uint64_t
perft_count(const struct rules *r, const struct pos *p, unsigned depth,
    int all_paths)
{
	return all_paths ? rules_perft_paths(r, p, depth) :
	    rules_perft(r, p, depth);
}

struct perft_divide {
	const struct rules *r;
	const struct pos *p;
	int style;                /* of the squares: a record's, or -1 */
	unsigned depth;
	int all_paths;
	uint64_t total;
};

static int
perft_divide_one(void *ctx, const struct move *m)
{
	struct perft_divide *pd = ctx;
	struct pos next = *pd->p;
	char text[256];
	uint64_t n;

	if (rules_move_text(pd->r, pd->p, m, pd->style, text,
	    sizeof(text)) == -1)
		snprintf(text, sizeof(text), "?");
	pd->r->apply(&next, m);
	n = perft_count(pd->r, &next, pd->depth - 1, pd->all_paths);
	pd->total += n;
	printf("%s: %" PRIu64 "\n", text, n);
	return 0;
}

static void
perft_run(const struct replay *rp, unsigned depth,
    const struct perft_opts *o)
{
	const struct rules *r = rp->r;
	const struct pos *p = &rp->pos;
	struct perft_divide pd = { r, p, rp->style, depth, o->all_paths, 0 };

	if (!o->divide || depth == 0) {
		pd.total = perft_count(r, p, depth, o->all_paths);
		if (!o->divide) {
			printf("%" PRIu64 "\n", pd.total);
			return;
		}
	} else
		r->generate(p, perft_divide_one, &pd);
	printf("total: %" PRIu64 "\n", pd.total);
}

/* The position named by arg: a game's start, or a record's end. */
static int
perft_position(const char *arg, const struct select *sel, struct record *g,
    struct replay *rp, struct diag *d)
{
	char known[256];

	if ((rp->r = rules_find(arg)) != NULL) {
		rp->r->start(&rp->pos);
		rp->style = -1;
		return 0;
	}
	if (access(arg, F_OK) == -1 && strpbrk(arg, "./") == NULL &&
	    strcmp(arg, "-") != 0) {
		rules_names(known, sizeof(known));
		diag_report(d, DIAG_UNKNOWN_GAME, NULL, arg, known);
		return -1;
	}
	return cmd_replay_to(arg, NULL, sel, g, rp, d);
}

/* perft's own options: --divide, --all-paths. */
static int
perft_opt(void *ctx, int ch, const char *arg)
{
	struct perft_opts *o = ctx;

	(void)arg;
	if (ch == 'd')
		o->divide = 1;
	else if (ch == 'a')
		o->all_paths = 1;
	else
		return -1;
	return 0;
}

int
cmd_perft(int argc, char *argv[], struct diag *d)
{
	static const struct option longopts[] = {
		{ "divide", no_argument, NULL, 'd' },
		{ "all-paths", no_argument, NULL, 'a' },
		CMD_SELECT_LONGOPTS,
		{ NULL, 0, NULL, 0 }
	};
	unsigned long depth;
	struct select sel;
	struct replay rp;
	struct record g;
	struct perft_opts o = { 0, 0 };
	int rc;

	select_init(&sel);
	rc = cmd_getopt_select(argc, argv, longopts, &sel, cmd_perft_usage,
	    perft_opt, &o, d);
	if (rc == 0 && argc - optind != 2)
		rc = diag_report(d, DIAG_ARGS_NEEDED, NULL,
		    "GAME or FILE, and DEPTH,"), cmd_usage(d, cmd_perft_usage);
	if (rc == 0 && cmd_number(d, "DEPTH", argv[optind + 1], 0,
	    PERFT_MAX_DEPTH, &depth) == -1)
		rc = STATUS_USAGE;
	record_init(&g);
	if (rc == 0 && perft_position(argv[optind], &sel, &g, &rp, d) == 0)
		perft_run(&rp, (unsigned)depth, &o);
	record_free(&g);
	select_free(&sel);
	return rc != 0 ? rc : cmd_finish(d);
}
