/*
 * cmd.h - the subcommands of stackref and the glue they share.
 *
 * Each command lives in its own file (cmd_<name>.c) with its own usage
 * text and option parsing.  A command gets its arguments with argv[0]
 * the command's name and a diagnostics context printing to standard
 * error; it returns the exit status (SPEC 2): 0 ok, 1 rejected, 2 usage,
 * 3 malformed input, 4 system.
 */
#ifndef STACKREF_CMD_H
#define STACKREF_CMD_H

#include <stdio.h>

#include "../notation/notation.h"
#include "diag.h"
#include "record.h"
#include "replay.h"
#include "rules.h"

typedef int (*cmd_fn)(int argc, char *argv[], struct diag *d);

struct cmd {
	const char *name;
	cmd_fn fn;
	const char *usage;       /* synopsis after "stackref " */
	const char *summary;     /* one line for --help */
};

int cmd_new(int, char *[], struct diag *);
int cmd_check(int, char *[], struct diag *);
int cmd_move(int, char *[], struct diag *);
int cmd_moves(int, char *[], struct diag *);
int cmd_show(int, char *[], struct diag *);
int cmd_perft(int, char *[], struct diag *);
int cmd_convert(int, char *[], struct diag *);

extern const char cmd_new_usage[];
extern const char cmd_check_usage[];
extern const char cmd_move_usage[];
extern const char cmd_moves_usage[];
extern const char cmd_show_usage[];
extern const char cmd_perft_usage[];
extern const char cmd_convert_usage[];

/*
 * Reports what (if not NULL) as DIAG_USAGE, then prints "usage:
 * stackref USAGE" on d->out.  Returns STATUS_USAGE.
 */
int cmd_usage(struct diag *d, const char *usage, const char *what);

/*
 * Explains the getopt_long result c (a '?' or ':') for argv, then the
 * usage.  Call with opterr = 0 and an optstring starting with ':'.
 */
int cmd_bad_option(struct diag *d, const char *usage, int c,
    char *const argv[]);

/*
 * Parses the number text given to option opt into [min, max]; reports
 * DIAG_BAD_NUMBER and returns -1 when it is not one.
 */
int cmd_number(struct diag *d, const char *opt, const char *text,
    unsigned long min, unsigned long max, unsigned long *out);

/*
 * Reads path ("-": standard input), which must hold exactly one game in
 * any notation, into g (record_init'ed by the caller); *nt (unless nt
 * is NULL) gets the notation it was written in.  Returns 0, or -1 after
 * reporting (unreadable: status 4; malformed, empty or several games:
 * status 3).
 */
int cmd_load_one(const char *path, struct record *g,
    const struct notation **nt, struct diag *d);

/*
 * Loads the one game of path and replays it up to ply (the text of a
 * --ply option, or NULL: the whole main line) into rp.  A ply beyond
 * the main line is a usage error.  Returns 0, or -1 after reporting.
 */
int cmd_replay_to(const char *path, const char *ply, struct record *g,
    struct replay *rp, struct diag *d);

/*
 * Ends a command: flushes and closes standard output (a failure is
 * reported as DIAG_WRITE) and returns the worst status seen.
 */
int cmd_finish(struct diag *d);

#endif
