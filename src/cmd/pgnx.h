/*
 * pgnx.h - pgn-extract's option names in the archive commands (convert,
 * search, dups): each is read as stackref's own option where stackref
 * has the same thing (-D is --dedupe, --selectonly 5 is --game 5), or
 * refused by name, saying which option or command of stackref does it,
 * or that it does not apply to draughts; never the generic unknown
 * option.  stackref(1) lists them all, "For pgn-extract users".
 * Private to src/cmd/.
 *
 * Ownership: a struct pgnx_args owns its argv and the texts it made
 * (pgnx_free); the other texts are the caller's argv's.
 */
#ifndef STACKREF_CMD_PGNX_H
#define STACKREF_CMD_PGNX_H

#include <getopt.h>

#include "base/diag.h"

/* The commands that read pgn-extract's names (a mask). */
enum {
	PGNX_CONVERT = 1,
	PGNX_SEARCH = 2,
	PGNX_DUPS = 4
};

struct pgnx_args {
	int argc;
	char **argv;              /* argc words, then NULL */
	char **made;              /* the texts made here */
	size_t nmade;
};

/*
 * Rewrites argv (a command's words, argv[0] its name; cmd one of
 * PGNX_*, longopts its options) into a->argc, a->argv: pgn-extract's
 * options become stackref's.  Returns 0, or the usage status after
 * reporting the first pgn-extract option the command cannot take
 * (with usage).  Call pgnx_free afterwards in every case.
 */
int pgnx_args(struct pgnx_args *a, int argc, char *argv[], unsigned cmd,
    const struct option *longopts, const char *usage, struct diag *d);
void pgnx_free(struct pgnx_args *a);

/* Runs command fn (its cmd, longopts and usage as for pgnx_args) on argv
 * rewritten by pgnx_args; returns fn's status, or pgnx_args'. */
int pgnx_run(int argc, char *argv[], unsigned cmd,
    const struct option *longopts, const char *usage,
    int (*fn)(int, char *[], struct diag *), struct diag *d);

#endif
