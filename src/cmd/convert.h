/*
 * convert.h - what convert.c (options, the stream of games, selection
 * and filters) and convgame.c (what is done to each game written) share.
 * Private to src/cmd/.
 */
#ifndef STACKREF_CMD_CONVERT_H
#define STACKREF_CMD_CONVERT_H

#include "cmd/cmd.h"
#include "game/dedupe.h"
#include "game/linematch.h"
#include "game/opening.h"
#include "game/posmatch.h"

struct convert {
	char *const *files;       /* the inputs */
	int nfiles;
	FILE *in;                 /* the one being read */
	const char *name;         /* its name */
	const struct notation *to;
	const struct notation *from; /* --from, or NULL */
	struct diag *d;
	struct select sel;
	struct sink sink;
	unsigned long games;      /* games read and selected */
	int squares;              /* enum square_style, or -1: the record's own */
	int canonical;            /* 1, or REPLAY_KEEP_PATHS (--keep-paths) */
	unsigned long at;         /* --at N, or REPLAY_ALL for whole games */
	unsigned long shorter;    /* games --at left out: fewer plies */
	unsigned long short_index, short_plies; /* the first of them */
	struct srcloc short_at;
	int plycount;             /* --plycount */
	int fix_results;          /* --fix-results */
	int opening;              /* --opening */
	int positions;            /* --positions */
	int to_named;             /* --to given */
	struct opening_book book; /* for --opening */
	struct posmatch_spec spec;/* --fen, --pattern, --empty, --material */
	struct posmatch pm;
	int dedupe;               /* --dedupe */
	struct dedupe dd;
	const char *split_by;     /* --split-by TAG */
	unsigned long split;      /* -# N */
	const char *out;          /* -o */
	unsigned strip;           /* --no-comments, --no-variations,
				   * --no-nags: line_strip's kinds */
	int seven;                /* --seven-tags */
	unsigned long min_plies;  /* --min-moves, --min-plies, or 0 */
	unsigned long max_plies;  /* --max-moves, --max-plies, or
				   * REPLAY_ALL */
	struct linematch lines;   /* --line, --lines */
	/* the game being replayed */
	const struct posmatch_game *pg;
	int matched;              /* it reached the position asked for */
	struct dedupe_key key;
	int ballot;               /* its ACF ballot, or 0 */
};

/* The per-game steps after the replay (convgame.c): each returns 1 to
 * write g, 0 to leave it out (said), -1 when out of memory. */
int convert_keep_broken(struct convert *c, struct record *g,
    const struct replay *rp, unsigned long index);
int convert_at(struct convert *c, struct record *g, const struct replay *rp,
    int st, unsigned long index);
int convert_restyle(struct record *g, const struct rules *r,
    enum square_style st);
int convert_fix_result(struct convert *c, struct record *g,
    const struct replay *rp, unsigned long index);
int convert_tags(struct convert *c, struct record *g);

/* convert's options beyond a letter (getopt_long values). */
enum {
	CONVERT_OPT_NO_COMMENTS = 0x400,  /* --no-comments */
	CONVERT_OPT_NO_VARIATIONS,        /* --no-variations */
	CONVERT_OPT_NO_NAGS,              /* --no-nags */
	CONVERT_OPT_SEVEN,                /* --seven-tags */
	CONVERT_OPT_MIN_MOVES,            /* --min-moves N */
	CONVERT_OPT_MAX_MOVES,            /* --max-moves N */
	CONVERT_OPT_MIN_PLIES,            /* --min-plies N */
	CONVERT_OPT_MAX_PLIES,            /* --max-plies N */
	CONVERT_OPT_LINE,                 /* --line MOVES */
	CONVERT_OPT_LINES                 /* --lines FILE */
};

/* Sets the option ch of CONVERT_OPT_* (the filters and what is left out
 * of the games written: convfilter.c) with argument arg; the status, or
 * -1 when ch is none of them. */
int convert_filter_opt(struct convert *c, int ch, const char *arg);

/* Whether game g is within the bounds on its number of moves. */
int convert_in_bounds(const struct convert *c, const struct record *g);

/* Reports the games --at left out as too short, in one line. */
void convert_shorter(const struct convert *c);

#endif
