/*
 * ascii.h - a text diagram of a position, generic over struct
 * rules (grid size, square_xy, square names, colour letters, castles,
 * position note), so every game draws through the same code.
 *
 * Layout, top to bottom:
 *
 *  - one line per board row, far row first (seen from the side drawn).
 *    Each cell shows its stack top first in the game's colour letters
 *    (upper case: crowned); a stack of more than BOARD_CELL_MAX checkers
 *    shows its top BOARD_CELL_MAX - 1 letters and '+'.  An empty square
 *    is '.', or, when the game has castles, '*' in the first player's
 *    castle and 'o' in the second's.  A cell that is not a square is
 *    blank, so a doubled grid draws a hexagon.  Cells are as wide as the
 *    tallest stack shown (at most BOARD_CELL_MAX).
 *  - square names: when every name is letters then digits, the letters
 *    fixed by the column and the digits by the row (a1-h8 on a full
 *    board), the digits stand left of each row and the letters on a line
 *    under the board; otherwise a second grid beside the board gives
 *    each square's name.
 *  - "stacks (top first):" and every stack of more than one checker as
 *    SQUARE=STACK, in square order, the stack in full, followed by its
 *    height in parentheses when the cell could not show it all; long
 *    lists wrap.
 *  - for games with castles, a key line naming the two marks.
 *  - the game's position note (pos_note), if any, on its own line.
 */
#ifndef STACKREF_NOTATION_ASCII_H
#define STACKREF_NOTATION_ASCII_H

#include <stdio.h>

#include "rules/rules.h"

#define BOARD_CELL_MAX 4      /* widest cell, in characters */

/* Draws p on out, from the first player's side (flip: the second's,
 * turned 180 degrees), the squares named in style (rules_square_text:
 * a record's style, or -1, the game's own).  Returns 0, or -1 on a
 * write error. */
int board_ascii_style(FILE *out, const struct rules *r, const struct pos *p,
    int flip, int style);

/* board_ascii_style in the game's own naming. */
int board_ascii(FILE *out, const struct rules *r, const struct pos *p,
    int flip);

/* Writes the stack s top first into buf (NUL-terminated, truncated to
 * fit when size <= s->height); returns its length. */
int board_stack_text(const struct rules *r, const struct stack *s,
    char *buf, size_t size);

#endif
