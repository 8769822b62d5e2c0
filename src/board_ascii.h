/*
 * board_ascii.h - a text diagram of a position, generic over struct
 * rules (grid size, square_xy, square names, colour letters), so every
 * game draws through the same code.
 *
 * Layout: one line per board row, far row first.  Each cell is as wide
 * as the tallest stack; it shows the stack top first in the game's
 * colour letters (upper case: crowned), '.' for an empty square and
 * blanks for a cell that is not a square (checkers' light squares).
 * Beside the board, the same grid gives each square's name.  When a
 * stack is taller than one checker, a legend line under the board lists
 * every such stack as SQUARE=STACK, top first.
 */
#ifndef STACKREF_BOARD_ASCII_H
#define STACKREF_BOARD_ASCII_H

#include <stdio.h>

#include "rules.h"

/* Draws p on out, from the first player's side (flip: the second's).
 * Returns 0, or -1 on a write error. */
int board_ascii(FILE *out, const struct rules *r, const struct pos *p,
    int flip);

/* Writes the stack s top first into buf (size > s->height); returns
 * its length. */
int board_stack_text(const struct rules *r, const struct stack *s,
    char *buf, size_t size);

#endif
