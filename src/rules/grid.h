/*
 * grid.h - the playing squares of a W x H draughts board (8x8, 10x10,
 * 12x12; W even), for the draughts variants of draughts.h.
 *
 * Cells are seen from the first player's side: x = 0..W-1 from its
 * left, y = 0..H-1 from its side (y = 0 nearest it), as the PDN GameType
 * tag describes a board.  The playing squares are every other cell: the
 * bottom left corner is one unless the board is inverted (GameType
 * Invert-flag 1).  Squares are stored as their PDN numbers less one
 * (index 0..W*H/2-1), numbered along the rows from the corner the
 * GameType Notation digit names (0 bottom left, 1 bottom right, 2 top
 * left, 3 top right, seen by the first player).  Algebraic names are
 * the file letter of x (a, b, ...) and the rank y + 1: a1 at the first
 * player's bottom left.
 *
 * Bitboards: the square at (x, y) is bit (y * (W + 1) + x') / 2, x' the
 * column counted so that (x', y) = (0, 0) is a playing square.  Each
 * pair of rows then takes W + 1 bits, one of them a ghost that no
 * square has, so that every diagonal step is one shift: W / 2 bits
 * towards the upper left, W / 2 + 1 towards the upper right (seen in x'
 * columns), the same back down; a straight step is 1 bit along the row
 * (which may wrap into the next row: see grid_map's into) and W + 1 bits
 * along the column.  10x10 fits 55 bits, 12x12 78.
 *
 * Nothing here allocates; there is no state.
 */
#ifndef STACKREF_RULES_GRID_H
#define STACKREF_RULES_GRID_H

#include <stddef.h>
#include <stdint.h>

#include "rules/rules.h"

#define GRID_MAX_SIDE 12        /* cells on a side, at most */

/* A board: its size, colouring and numbering. */
struct grid {
	uint8_t width, height;      /* cells; width even */
	uint8_t invert;             /* the bottom left corner is not played */
	uint8_t origin;             /* the corner of square 1 (GameType
				     * Notation digit 0..3) */
};

/* The four diagonal directions, seen by the first player: towards the
 * lower left, lower right, upper left, upper right; then the four
 * straight ones, to the next playing square along the row or the column
 * (two cells away): left, right, down, up. */
enum grid_dir {
	GRID_DOWN_LEFT,
	GRID_DOWN_RIGHT,
	GRID_UP_LEFT,
	GRID_UP_RIGHT,
	GRID_LEFT,
	GRID_RIGHT,
	GRID_DOWN,
	GRID_UP
};

#define GRID_NDIRS 4            /* the diagonal directions */
#define GRID_NDIRS_ALL 8        /* with the straight ones */

/* The bitboard layout of a grid, in words of 64 bits (low first). */
struct grid_map {
	struct grid g;
	uint8_t bit[POS_SQUARES];   /* the bit of each square */
	uint8_t sq[128];            /* the square of each bit, or SQ_NONE */
	uint64_t all[2];            /* the bits of the squares */
	uint64_t crown[2][2];       /* of the row where each side's men are
				     * crowned: the far row */
	uint64_t into[GRID_NDIRS_ALL][2]; /* the squares a step in each
				     * direction reaches from a square: a
				     * step left or right lands outside
				     * them where it would wrap a row */
};

/* The layout of g, made once per thread for the last grid asked for
 * (valid until the next call with another grid). */
const struct grid_map *grid_map(const struct grid *g);

/* Number of playing squares: W * H / 2. */
unsigned grid_squares(const struct grid *g);

/* The cell of square sq (sq < grid_squares). */
void grid_xy(const struct grid *g, unsigned sq, unsigned *x, unsigned *y);

/* The square at cell (x, y), or -1 off the board or on a cell that is
 * not played. */
int grid_at(const struct grid *g, int x, int y);

/* The square one step from sq in direction d, or -1 off the board. */
int grid_next(const struct grid *g, unsigned sq, enum grid_dir d);

/* The bitboard bit of sq (see above). */
unsigned grid_bit(const struct grid *g, unsigned sq);

/* The shift of a step in direction d on bitboards: a positive number of
 * bits up, or a negative one down. */
int grid_shift(const struct grid *g, enum grid_dir d);

/* Number of bits a bitboard of g needs (ghosts included). */
unsigned grid_bits(const struct grid *g);

/*
 * Reads a square name at s[0..n): a PDN number (1..squares, leading
 * zeros allowed, at most two digits beyond them) or an algebraic name
 * (a file letter in either case, then the rank); returns the square or
 * -1.  *used gets the bytes read.
 */
int grid_square_parse(const struct grid *g, const char *s, size_t n,
    size_t *used);

/* Writes the name of sq in style st into buf; returns its length, or
 * -1 if it does not fit. */
int grid_square_name(const struct grid *g, unsigned sq,
    enum square_style st, char *buf, size_t size);

/*
 * Move text: square names (grid_square_parse) joined by '-', 'x', 'X',
 * ':' or U+00D7, each pair one STEP_ANY step of the pattern, MOVE_ELIDED
 * set (a capture may be written by its ends, or with some of its
 * landing squares): 32-28, 19x30, c3:e5:g3; algebraic names may also
 * follow each other with nothing between (a3b4, PDN's alphanumeric
 * move).  Returns 0, or -1 with *err
 * at the first byte that does not fit.
 */
int grid_move_parse(const struct grid *g, const char *s, size_t n,
    struct move *pattern, size_t *err);

/*
 * Writes the squares sq[0..n) in style st joined by sep into buf (the
 * canonical text of a move: its ends, or its whole path).  Returns the
 * length, or -1 if buf is too small.
 */
int grid_move_write(const struct grid *g, enum square_style st, char sep,
    const unsigned *sq, unsigned n, char *buf, size_t size);

/*
 * Square names in a move or FEN text s (struct rules text_style and
 * restyle): a file letter in lower case then a rank, or a PDN number,
 * not glued to a digit or a file letter before it nor to a digit after
 * it ("W:W31,Ka1", "c3:e5", "31x22").  grid_text_style gives the style
 * of the first one, or -1 when s names none; grid_restyle copies s into
 * buf with each written in style st, and returns the length, or -1
 * when buf is too small.
 */
int grid_text_style(const struct grid *g, const char *s);
int grid_restyle(const struct grid *g, const char *s, enum square_style st,
    char *buf, size_t size);

#endif
