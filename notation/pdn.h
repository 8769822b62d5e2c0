/*
 * pdn.h - what the PDN notation (pdn.c) offers beyond its entry in the
 * notation table.
 */
#ifndef STACKREF_PDN_H
#define STACKREF_PDN_H

#include "notation.h"

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

/*
 * Maps a result token as read to one of the four forms of SPEC 1:
 * "1-0" and "2-0" -> "1-0"; "0-1" and "0-2" -> "0-1"; "1/2-1/2",
 * "1-1", "1/2" and "½-½" -> "1/2-1/2"; "*" and "0-0" (no result
 * recorded) -> "*".  Returns 0 and sets *canonical (static), or -1
 * when token is no result.
 */
int pdn_result_normal(const char *token, const char **canonical);

#endif
