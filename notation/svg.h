/*
 * svg.h - an SVG diagram of a position, generic over struct rules (grid
 * size, square_xy, square names, colour names, castles, position note),
 * so every game draws through the same code.  The document is written
 * by libxml2's xmlTextWriter, so it is always well-formed whatever the
 * texts it shows (player names come from untrusted records).
 *
 * The picture, top to bottom:
 *
 *  - a caption: the game's title (or the one given), then the players
 *    by side colour;
 *  - the board.  A square grid (width == height) is a checkerboard: a
 *    cell is dark when x + y is even, every cell that is not a square is
 *    light.  Any other grid is a doubled hexagonal grid (cells of a row
 *    two columns apart, rows offset by one, as struct rules describes
 *    Accasta's hexagon): each square is a pointy-top hexagon touching
 *    its neighbours.  Castle cells (square_castle) are tinted in their
 *    side's colour.  Square names are coordinates around the board when
 *    every name is letters fixed by the column then digits fixed by the
 *    row (a1-h8), else small in each cell.
 *  - stacks, drawn as columns of discs bottom first, so the top checker
 *    is drawn last, in the side's colour; a crowned checker has a gold
 *    ring.  A stack taller than SVG_DISCS_MAX shows its top
 *    SVG_DISCS_MAX - 1 discs and its height as a number.  Each stack
 *    has a <title> (a tooltip): square, then the stack top first.
 *  - the squares of the last move: origins and targets tinted.
 *  - the status lines under the board, the position note, the state.
 *
 * Nothing is global and nothing allocated survives a call.
 */
#ifndef STACKREF_NOTATION_SVG_H
#define STACKREF_NOTATION_SVG_H

#include <stdio.h>

#include "rules/rules.h"

#define SVG_DISCS_MAX 6       /* discs drawn for a stack, at most */
#define SVG_TEXT_MAX 256      /* bytes of one caption line, at most */

/* What to draw; every pointer but r and pos may be NULL. */
struct svg_view {
	const struct rules *r;
	const struct pos *pos;
	const struct move *last;     /* the move that led to pos */
	int flip;                    /* seen from the second player's side */
	const char *title;           /* caption; NULL: r->title */
	const char *player[2];       /* player names, by side */
	const char *status;          /* lines under the board, '\n' apart */
	const char *state;           /* the record's state ("white offers
	                              * a draw"), a last line */
	int style;                   /* enum square_style of the square
	                              * names (rules_square_text; -1: the
	                              * game's own; zeroed: numbered) */
};

enum svg_grid {
	SVG_SQUARES,                 /* a checkerboard */
	SVG_HEXES                    /* a doubled hexagonal grid */
};

/* Where the board's cells go, in the board's own coordinates (its top
 * left corner at 0,0). */
struct svg_layout {
	enum svg_grid grid;
	unsigned w, h;               /* grid, in cells (rules width, height) */
	int flip;
	double unit;                 /* square side; hexagon width */
	double radius;               /* hexagon centre to corner */
	double width, height;        /* the board, in pixels */
};

/* Writes the SVG document of v to out.  Returns 0, or -1 when out of
 * memory or on a write error. */
int svg_write(FILE *out, const struct svg_view *v);

/* How the board of r is drawn. */
enum svg_grid svg_grid_of(const struct rules *r);

/* Sets l for drawing r (flip: from the second player's side). */
void svg_layout_init(struct svg_layout *l, const struct rules *r, int flip);

/* The centre of the cell at grid x, y (as square_xy gives them). */
void svg_cell_centre(const struct svg_layout *l, unsigned x, unsigned y,
    double *cx, double *cy);

/* The number of discs drawn for a stack of height checkers. */
unsigned svg_discs_shown(unsigned height);

/*
 * Copies in to buf as text fit for XML: valid UTF-8 is kept, any other
 * byte is read as Latin-1, control characters become spaces; a line is
 * cut at a character boundary to fit.  buf is NUL-terminated when size >
 * 0.  Returns the length written.
 */
size_t svg_text_clean(const char *in, char *buf, size_t size);

#endif
