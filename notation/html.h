/*
 * html.h - the HTML notation (html.c): a game page, written only (its
 * table entry reads nothing).  One self-contained page for a stream of
 * games: no network at all (inline CSS, the board as inline SVG, a few
 * lines of script), each game a <section class="game"> with
 *
 *  - a heading from the tags: the Event (else the game's title), the
 *    game, Site, Date and Round, the players by side colour; the first
 *    game's heading is also the page's <title>;
 *  - the board (svg.h, an id of its own): every stack the game shows
 *    drawn once, those of the final position visible;
 *  - the status line (ply, last move, who is to move or the result) and
 *    the position note (what is in hand or borne off);
 *  - the buttons (start, back, forward, end), hidden until the script
 *    shows them;
 *  - the move list <ol class="moves">: the start (ply 0), then one <li>
 *    a ply with its number, text, comments, NAGs, variations and the
 *    correspondence actions after it; each item that replays carries
 *    data-ply, data-s (the pieces it shows), data-o and data-t (the
 *    squares its move marks, svg_marks), data-st (the status line) and
 *    data-nt (the note);
 *  - the result.
 *
 * With scripts off it is that list, the final board and the result.
 * The script steps the game that was clicked last (else the first):
 * the buttons, a click on a move, the keys Left, Right, Home and End;
 * it marks the current item "cur" and puts its ply in the section's
 * data-ply.
 *
 * The board is drawn once and each ply adds only the stacks it makes
 * and the list of those it shows, so a page grows linearly with the
 * game (about a kilobyte a ply).
 *
 * The page is written to any stream: open_memstream gives it in memory
 * (notation_write_record(notation_find("html"), f, g)).
 */
#ifndef STACKREF_NOTATION_HTML_H
#define STACKREF_NOTATION_HTML_H

#include "notation/notation.h"

extern const struct notation notation_html;

#endif
