/*
 * board64.h - the 64 squares of a chessboard, a1..h8, shared by the games
 * played on all of them (stackers-brown, turkish).
 *
 * Square index rank * 8 + file: a1 = 0 at the first player's bottom
 * left, h8 = 63.  Names are a file a-h (read in either case, written in
 * lower case) and a rank 1-8.  Nothing here allocates; there is no state.
 */
#ifndef STACKREF_RULES_BOARD64_H
#define STACKREF_RULES_BOARD64_H

#include <stddef.h>

#define B64_SQUARES 64

/* The struct rules square functions (see rules.h) of the 64 squares. */
int board64_square_parse(const char *s, size_t n, size_t *used);
int board64_square_name(unsigned sq, char *buf, size_t size);
void board64_square_xy(unsigned sq, unsigned *x, unsigned *y);

/* The struct rules members every game on the 64 squares shares. */
#define BOARD64_RULES \
	.nsquares = B64_SQUARES, \
	.width = 8, \
	.height = 8, \
	.square_parse = board64_square_parse, \
	.square_name = board64_square_name, \
	.square_xy = board64_square_xy

#endif
