/*
 * convert.h - what convert.c (options, the stream of games, selection
 * and filters) and convgame.c (what is done to each game written) share.
 * Private to src/cmd/.
 */
#ifndef STACKREF_CMD_CONVERT_H
#define STACKREF_CMD_CONVERT_H

#include "cmd/cmd.h"
#include "game/dedupe.h"
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
	struct opening_book book; /* for --opening */
	struct posmatch_spec spec;/* --fen, --pattern, --empty, --material */
	struct posmatch pm;
	int dedupe;               /* --dedupe */
	struct dedupe dd;
	const char *split_by;     /* --split-by TAG */
	unsigned long split;      /* -# N */
	const char *out;          /* -o */
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

/* Reports the games --at left out as too short, in one line. */
void convert_shorter(const struct convert *c);

#endif
