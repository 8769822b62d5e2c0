/*
 * pdn.h - what the PDN notation (pdn.c) offers beyond its entry in the
 * notation table.
 */
#ifndef STACKREF_NOTATION_PDN_H
#define STACKREF_NOTATION_PDN_H

#include "notation/notation.h"

#define PDN_DEPTH_MAX 256              /* variations nested in variations */
#define PDN_TEXT_MAX (1024 * 1024)     /* bytes of a tag value or comment */
#define PDN_WORD_MAX 4096              /* bytes of a move text */
#define PDN_NAME_MAX 256               /* bytes of a tag name */
#define PDN_ELEMS_MAX (2 * 1024 * 1024) /* tags and movetext elements of a
					 * game: moves, comments, NAGs,
					 * variations, actions */
#define PDN_GAME_MAX (64 * 1024 * 1024) /* bytes of the texts of a game */
#define PDN_WRAP 79                    /* columns of written movetext */

extern const struct notation notation_pdn;

#endif
