/*
 * svg.h - an SVG diagram of a position, generic over struct rules (grid
 * size, square_xy, square names, colour names, castles, position note),
 * so every game draws through the same code.  Every text it shows is
 * cleaned and escaped (util_text_clean, util_text_escape), so the
 * document is well-formed whatever the texts (player names come from
 * untrusted records).
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
 * The same drawing is the PNG picture (png.h renders this document) and
 * the board of the HTML page (html.c: svg_view.id, every stack the game
 * shows, hidden but those of the final position, for its script to
 * step through).
 *
 * Nothing is global and nothing allocated survives a call.
 */
#ifndef STACKREF_NOTATION_SVG_H
#define STACKREF_NOTATION_SVG_H

#include <stdio.h>

#include "rules/rules.h"

#define SVG_DISCS_MAX 6       /* discs drawn for a stack, at most */
#define SVG_TEXT_MAX 256      /* bytes of one caption line, at most */
#define SVG_SIZE_MIN 64       /* svg_view.size, when not 0: at least */
#define SVG_SIZE_MAX 4096     /* and at most */
#define SVG_ID_MAX 32         /* bytes of svg_view.id, at most */

/* A stack the board of an HTML page draws (svg_view.pieces). */
struct svg_piece {
	unsigned sq;                 /* its square */
	struct stack stack;
	int shown;                   /* visible at first, else hidden */
};

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
	unsigned size;               /* the longer side in pixels (the width
	                              * and height attributes; the viewBox
	                              * stays), SVG_SIZE_MIN..SVG_SIZE_MAX;
	                              * 0: the natural size, a pixel a unit */
	/*
	 * NULL: a document of its own.  Else (letters, digits, '-', at most
	 * SVG_ID_MAX bytes) the board of an HTML page: no XML declaration
	 * nor namespace attributes (the HTML parser gives them), no caption
	 * lines (the page writes them), id the root's id, every other id and
	 * every selector of the style sheet prefixed with it; the stacks
	 * are pieces[0..npieces), in that order, each
	 *     <g class="pc" data-square="NAME" data-stack="TEXT">
	 * (NAME in style, TEXT top first as board_stack_text writes it;
	 * class "pc off" when not shown), and every square has one mark
	 * cell <... data-m="INDEX"> of class "o" or "t" as last marks it
	 * (svg_marks), else "mk".  The page's own style sheet hides "off"
	 * and "mk".
	 */
	const char *id;
	const struct svg_piece *pieces;
	size_t npieces;
};

/* How the last move marks a square (svg_marks). */
enum svg_mark {
	SVG_MARK_NONE,
	SVG_MARK_FROM,               /* a move starts or passes there */
	SVG_MARK_TO                  /* a move (or a restack) ends there */
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

/* The natural size of v's picture, in pixels (its viewBox). */
void svg_measure(const struct svg_view *v, double *width, double *height);

/* Sets mark[sq] (enum svg_mark) for each square of r as move m marks
 * it: the steps' origins FROM, their targets TO (over FROM), a restack's
 * square TO, nothing for a pass or a NULL m. */
void svg_marks(const struct rules *r, const struct move *m,
    unsigned char mark[POS_SQUARES]);

/* How the board of r is drawn. */
enum svg_grid svg_grid_of(const struct rules *r);

/* Sets l for drawing r (flip: from the second player's side). */
void svg_layout_init(struct svg_layout *l, const struct rules *r, int flip);

/* The centre of the cell at grid x, y (as square_xy gives them). */
void svg_cell_centre(const struct svg_layout *l, unsigned x, unsigned y,
    double *cx, double *cy);

/* The number of discs drawn for a stack of height checkers. */
unsigned svg_discs_shown(unsigned height);

#endif
