/*
 * board32.h - the 32 playable squares of a checkerboard, shared by the
 * games played on them (checkers, stackup, stackers-mogensen).
 *
 * Squares use the standard PDN numbering 1..32, stored as indices
 * 0..31.  Square n lies in row r = (n-1)/4, row 0 (squares 1-4) nearest
 * the first player; "forward" for the first player is increasing rows.
 * Within a row squares are numbered left to right in the standard
 * diagram (viewed by the second player, square 1 top left), so of two
 * squares in a row the lower-numbered one is in the lower column.
 * Texts may also name squares the chess way (f6); see board32_restyle.
 *
 * Bitboards: bit i stands for the square of index i.
 *
 * Nothing here allocates; there is no state.
 */
#ifndef STACKREF_RULES_BOARD32_H
#define STACKREF_RULES_BOARD32_H

#include <stddef.h>
#include <stdint.h>

#include "rules/rules.h"

#define B32_SQUARES 32

/*
 * The four diagonal directions, in the order of the squares they lead
 * to: backward (previous row) before forward, lower column before
 * higher.  Trying them in this order visits neighbours, and jump landing
 * squares, in ascending square order.
 */
enum b32_dir {
	B32_BACK_LOW,
	B32_BACK_HIGH,
	B32_FWD_LOW,
	B32_FWD_HIGH
};

#define B32_NDIRS 4

/* Masks of the squares from which the row-parity dependent shifts stay
 * on the board. */
#define B32_EVEN 0x0F0F0F0Fu   /* rows 0, 2, 4, 6 */
#define B32_ODD 0xF0F0F0F0u    /* rows 1, 3, 5, 7 */
#define B32_EVEN_NOT_LAST 0x07070707u
#define B32_ODD_NOT_FIRST 0xE0E0E0E0u

/* Moves every square of the bitboard b one step in direction d; squares
 * that would leave the board are dropped. */
static inline uint32_t
board32_shift(uint32_t b, enum b32_dir d)
{
	switch (d) {
	case B32_BACK_LOW:
		return ((b & B32_EVEN) >> 4) | ((b & B32_ODD_NOT_FIRST) >> 5);
	case B32_BACK_HIGH:
		return ((b & B32_EVEN_NOT_LAST) >> 3) | ((b & B32_ODD) >> 4);
	case B32_FWD_LOW:
		return ((b & B32_EVEN) << 4) | ((b & B32_ODD_NOT_FIRST) << 3);
	default:
		return ((b & B32_EVEN_NOT_LAST) << 5) | ((b & B32_ODD) << 4);
	}
}

/* The direction opposite to d. */
static inline enum b32_dir
board32_opposite(enum b32_dir d)
{
	return (enum b32_dir)(3 - d);
}

/* Whether d is forward for side (0: the first player, 1: the second). */
static inline int
board32_forward(enum b32_dir d, unsigned side)
{
	return side == 0 ? d >= B32_FWD_LOW : d < B32_FWD_LOW;
}

/* The square one step from sq (0..31) in direction d, or -1 off the
 * board. */
int board32_next(unsigned sq, enum b32_dir d);

/* The landing square of a jump from sq in direction d, or -1. */
int board32_jump(unsigned sq, enum b32_dir d);

/* Whether sq lies on the row where side's men are crowned. */
int board32_crown_row(unsigned sq, unsigned side);

/* Column of sq in the standard diagram (viewed by the second player). */
unsigned board32_column(unsigned sq);

/* Sets p to the start position of the checkers-like games: the first
 * player's single men on 1-12, the second's on 21-32, first to move. */
void board32_start(struct pos *p);

/*
 * The two ways of naming the squares (enum square_style).  Numeric is
 * the standard PDN numbering 1..32 (GameType notation field "N1": square
 * 1 at the bottom right of the first player).  Algebraic is the chess
 * naming of the standard diagram seen by the second player, files a-h
 * from its left, ranks 1-8 from its side: 1 = b8, 4 = h8, 5 = a7,
 * 29 = a1, 32 = g1 (GameType notation field "A3": a1 at the top right of
 * the first player).  A move text may write the file in either case
 * (D6-C5, as pbmserv shows checkers); board32_text_style and
 * board32_restyle see lower-case files only, so that the colour letters
 * of a FEN (B:B2) are never taken for squares.
 */

/* The struct rules members every game on the 32 squares shares. */
#define BOARD32_RULES \
	.nsquares = B32_SQUARES, \
	.width = 8, \
	.height = 8, \
	.start = board32_start, \
	.square_parse = board32_square_parse, \
	.square_name = board32_square_name, \
	.square_xy = board32_square_xy

/* The rules-table square functions (see struct rules): square_parse
 * reads either form (11, f6, F6), square_name writes the numeric one. */
int board32_square_parse(const char *s, size_t n, size_t *used);
int board32_square_name(unsigned sq, char *buf, size_t size);
void board32_square_xy(unsigned sq, unsigned *x, unsigned *y);

/* Writes the name of sq in style st; returns its length, or -1 if it
 * does not fit. */
int board32_square_style_name(unsigned sq, enum square_style st, char *buf,
    size_t size);

/*
 * The style of the square names in the move or FEN text s: the style of
 * its first square name, or -1 when it has none.
 */
int board32_text_style(const char *s);

/*
 * Copies the move or canonical FEN text s into buf with every square
 * name written in style st; the other bytes are copied as they are.  A
 * square name is a lower-case file a-h with one rank digit 1-8, or one
 * or two digits naming 1..32.  Returns the length, or -1 if buf is too
 * small.
 */
int board32_restyle(const char *s, enum square_style st, char *buf,
    size_t size);

/*
 * Move text of the checkers-like games: squares (either style) joined by
 * '-', ':', 'x', 'X' or U+00D7 (all read as STEP_ANY): 11-15, 15x22x29,
 * f6-e5.
 * Each written pair is one step of the pattern, and MOVE_ELIDED is
 * always set: any text may leave landing squares out, whether or not
 * its squares are one step or one jump apart (2x11 may be the capture
 * 2x9x18x11).  Returns 0, or -1 with *err at the first byte that does
 * not fit.
 */
int board32_move_parse(const char *s, size_t n, struct move *pattern,
    size_t *err);

/*
 * The move_match of the checkers-like games (struct rules), r the
 * game's rules: pattern (from board32_move_parse) denotes the legal
 * move legal of p when it names legal's whole path, or its ends and
 * some of its landing squares in order, unless the text is the whole
 * path of another legal move (a single jump 2x11 and a capture
 * 2x6x15x7x2x11 that goes round and back: 2x11 is the single jump,
 * the other is written in full).  So every canonical text, and the
 * ends of a capture no other legal move shares, denote one move.
 */
int board32_move_match(const struct rules *r, const struct pos *p,
    const struct move *pattern, const struct move *legal);

/*
 * Canonical text of the legal move m of position p under the rules r
 * (a checkers-like game whose legal moves are one STEP_MOVE step or a
 * chain of single jumps): 11-15; a capture as its ends "from x to",
 * 2x11, or as the full path 2x9x18x11 when another legal move shares
 * both ends.  Returns the length, or -1 if buf is too small.
 */
int board32_move_format(const struct rules *r, const struct pos *p,
    const struct move *m, char *buf, size_t size);

#endif
