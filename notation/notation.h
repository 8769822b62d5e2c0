/*
 * notation.h - the table of record notations (one reader/writer per
 * format, one file each), plus the position notation (FEN) every format
 * shares.  Commands never switch on formats: they look one up here.
 *
 * Depends on the model and the rules, never on commands or mail.
 */
#ifndef STACKREF_NOTATION_NOTATION_H
#define STACKREF_NOTATION_NOTATION_H

#include <stdio.h>

#include "base/diag.h"
#include "model/record.h"
#include "rules/rules.h"

struct reader;   /* a notation's reading state, opaque */

enum read_result {
	READ_END = 0,        /* no more games */
	READ_GAME = 1,       /* *g holds the next game */
	READ_MALFORMED = -1, /* reported; the reader resynchronised at the next game */
	READ_SYSTEM = -2     /* reported: I/O error or out of memory; stop */
};

struct notation {
	const char *name;    /* "pdn" */

	/* open, next and close are NULL for a notation that is only
	 * written (html: a game page).  Starts reading the stream in (not owned) named file for
	 * diagnostics.  NULL when out of memory. */
	struct reader *(*open)(FILE *in, const char *file, struct diag *d);

	/* Reads the next game into g (which it first record_free()s and
	 * record_init()s), one game at a time: memory does not grow with the
	 * stream.  The game's 1-based index in the stream is *index. */
	enum read_result (*next)(struct reader *rd, struct record *g,
	    unsigned long *index);

	/* Ends reading (does not close the stream). */
	void (*close)(struct reader *rd);

	/* Writes g in canonical form; 0, or -1 on a write error (errno). */
	int (*write)(FILE *out, const struct record *g);

	/* Optional: what comes before the first game and after the last
	 * of a stream (XML's root element); 0, or -1 on a write error. */
	int (*begin)(FILE *out);
	int (*end)(FILE *out);

	/* Optional: what comes between two games of a stream (JSON's
	 * comma), or NULL. */
	const char *between;

	/* Optional: the same notation writing the position after each
	 * move too (convert --positions), or NULL. */
	const struct notation *positions;
};

/*
 * A notation may be write-only (HTML): its open, next and close are
 * NULL, and notation_open never finds it.
 */

/* Writes one record as a whole stream: begin, write, end. */
int notation_write_record(const struct notation *nt, FILE *out,
    const struct record *g);

/*
 * Starts reading in (named file for diagnostics) in whatever notation it
 * is written, found from its content without consuming it: XML when its
 * first non-blank byte after an optional UTF-8 byte order mark is '<'
 * (or 0xFE/0xFF, so that UTF-16 is refused by the XML reader), JSON when
 * it is '{', or '[' before '{' or ']' (a PDN tag has a name there), else
 * PDN.  A game page or a picture (HTML, SVG, PNG, seen in the first
 * bytes) is refused by name (DIAG_WRITTEN_ONLY).
 * A regular file is rewound; the bytes read ahead from a pipe are pushed
 * back with ungetc (glibc takes more than one).  Sets *nt to that
 * notation for next(), close() and for writing the record back.  NULL
 * when out of memory or unreadable (reported to d).
 */
struct reader *notation_open(FILE *in, const char *file, struct diag *d,
    const struct notation **nt);

/* Starts reading in (named file for diagnostics) as notation nt, one
 * that is read (convert --from); NULL when out of memory (reported). */
struct reader *notation_open_as(FILE *in, const char *file, struct diag *d,
    const struct notation *nt);

/* The name of the written-only format called name ("HTML" for html,
 * "SVG", "PNG", "ASCII"; in any case), for DIAG_WRITTEN_ONLY, or NULL. */
const char *notation_written_only(const char *name);

/*
 * Reads the one game of the stream in (named file for diagnostics), in
 * whatever notation it is written, into g (record_init'ed by the
 * caller); *nt (unless nt is NULL) gets the notation.  Returns 0, or -1
 * after reporting (unreadable: status 4; malformed, empty or several
 * games: status 3).
 */
int notation_read_one(FILE *in, const char *file, struct record *g,
    const struct notation **nt, struct diag *d);

/*
 * Reads text, a move as a player types it on a command line or in a
 * mail, as PDN movetext: a move number before it ("12.", "12..."),
 * move-strength marks, NAGs, comments ({...}, or ; to the end) and a
 * result after it are read and left out; blanks around a '-' between
 * two squares ("11 - 15"), a final ',' and typographic dashes and
 * multiplication signs (U+2013, U+2014, U+2212; U+00D7) are read as
 * the move would be written.  Returns the number of moves the text
 * holds; when it is 1, buf (of size bytes) gets that move's text, as
 * the rules read it (rules_move_parse).  0 when it holds none or does
 * not read as movetext at all (the caller then reads text as it is).
 */
unsigned notation_typed_move(const char *text, char *buf, size_t size);

/* notation_read_one of the text data[0..len). */
int notation_read_text(const char *data, size_t len, const char *file,
    struct record *g, const struct notation **nt, struct diag *d);

/*
 * Writes into buf the name of the tag that names the player of side:
 * PDN's Black and White for a game with a PDN GameType (PDN calls the
 * first player of checkers Black), else the side's colour name with a
 * capital ("Red" in stackers-brown).
 */
void notation_player_tag(const struct rules *r, int side, char *buf,
    size_t size);

/*
 * Reads a side of game r as anyone may name it (case-insensitive): its
 * colour name or letter, "first" or "second" (rules_side_parse), the
 * name of the tag of its player (checkers: Black for red, White) or its
 * letter in the game's FEN (checkers: B, W).  Returns the side or -1.
 */
int notation_side_parse(const struct rules *r, const char *text);

/* Writes into buf the colour names of r's sides, each with the name
 * of its player's tag when that differs, for a message: "red (black),
 * white". */
void notation_side_names(const struct rules *r, char *buf, size_t size);

/* The player of side as the record names it, or NULL when the tag is
 * missing, empty or "?". */
const char *notation_player(const struct rules *r, const struct record *g,
    int side);

/*
 * Maps a result token as read, in either of PDN 3.0's result sets
 * (a 1-0 in a game whose set is 2-0 means the same), to one of the
 * five forms of SPEC 1: "1-0" and "2-0" -> "1-0"; "0-1" and "0-2" ->
 * "0-1"; "1/2-1/2", "1-1", "1/2" and "½-½" -> "1/2-1/2"; "0-0" (the
 * game declared lost for both players) -> "0-0"; "*" -> "*".  Returns
 * 0 and sets *canonical (static), or -1 when token is no result.
 */
int notation_result_normal(const char *token, const char **canonical);

/*
 * The result token of g as its game writes it (struct rules.results):
 * its canonical form, in 2-0 0-2 1-1 for a game of PDN's International
 * result type; "*" when g has none.  Static.
 */
const char *notation_result_written(const struct record *g);

/* The token game r writes for the canonical result c ("1-0", "0-1",
 * "1/2-1/2", "0-0", "*"): "2-0" for "1-0" in a game of the two-point
 * set, c itself otherwise. */
const char *notation_result_of(const struct rules *r, const char *c);

/*
 * The style (enum square_style) the GameType value v declares in its
 * notation field (the fifth, "N1" or "A3" in PDN 3.0), or -1 when it has
 * no such field or an unknown one.
 */
int notation_gametype_style(const char *v);

/*
 * The square style record g of game r is written in: its GameType
 * notation field, else that of its first move, else that of its FEN,
 * else r's own (notation_own_style); -1 when r's squares have one
 * style only.
 */
int notation_square_style(const struct rules *r, const struct record *g);

/* Looks up a notation by name; NULL if unknown. */
const struct notation *notation_find(const char *name);

/* The notations, NULL-terminated: pdn, xml, json. */
extern const struct notation *const notation_table[];

/*
 * The game a record is played under: the [Game] tag, else [GameType]
 * (the game whose struct rules.gametype is its number: "21" and
 * "21,B,8,8,N1,0" are checkers), else checkers.  Returns NULL for
 * a game stackref does not know, with *name set to what the record said.
 */
const struct rules *notation_game(const struct record *g, const char **name);

/*
 * The game text names, as the option --game-type reads it: a GameType
 * value ("20", or its full form "20,W,10,10,N2,0") whose number a
 * registered game has, or a game's identifier ("international").
 * *tag and *value get the tag that names that game in a record:
 * GameType with text itself for a GameType value; for an identifier,
 * GameType with the game's number when it has one, else Game with the
 * identifier (static).  Returns NULL when text names no game.
 */
const struct rules *notation_game_named(const char *text, const char **tag,
    const char **value);

/* Writes into buf the games notation_game_named knows, each identifier
 * with its GameType number: "checkers (21), stackup, ..." (truncated to
 * fit, NUL-terminated when size > 0). */
void notation_game_names(char *buf, size_t size);

/* The naming of r's squares PDN 3.0's GameType table gives its type:
 * algebraic when its notation field is A (Russian: A0), else numeric
 * (and for a game without a type). */
enum square_style notation_own_style(const struct rules *r);

/* The notation field of r's GameType for squares named in style st
 * ("N2", "A0"; checkers: "N1", "A3"). */
const char *notation_gametype_code(const struct rules *r,
    enum square_style st);

/* The name of r's type in PDN 3.0's GameType table ("international
 * draughts"), else r's title. */
const char *notation_gametype_name(const struct rules *r);

/*
 * The colour PDN 3.0's GameType table gives the first player of r, 'W'
 * or 'B' (English checkers: 'B'); 'B' for a game without a GameType.
 * It names the first player's tag (White, Black) and FEN letter.
 */
int notation_first_colour(const struct rules *r);

/*
 * What is wrong with the full form of the GameType value v
 * ("20,W,10,10,N2,0") for game r, the game its number names: a board
 * width or height other than r's, or a notation field r does not
 * write; into buf, naming the field ("board width 8, but international
 * is played on a board 10 wide").  Returns the length, 0 when nothing
 * is wrong (or v is the short form).
 */
int notation_gametype_fault(const struct rules *r, const char *v,
    char *buf, size_t size);

/*
 * The full form of r's GameType ("20,W,10,10,N2,0": PDN's defaults for
 * its type, its board, the notation field of style when r has two
 * namings, else its type's) into buf.  Returns the length, or -1 when
 * r has no PDN game type.
 */
int notation_gametype_text(const struct rules *r, int style, char *buf,
    size_t size);

/*
 * The draughts variant a record's GameType names among PDN 3.0's game
 * types that stackref does not play ("international draughts" for 20,
 * "Russian draughts" for 25, ...), with its number in *type; NULL when
 * it names none of them (or a Game tag names the game).
 */
const char *notation_variant(const struct record *g, unsigned *type);

/*
 * FEN (notation/fen.c): the set-up position of the [FEN] tag, in the
 * style the game uses (struct rules.fen).
 *
 * fen_parse reads s into p.  Liberal: spaces around items, a trailing
 * '.', ranges 1-12 and lower case in checkers FEN.  A position the game
 * cannot reach (rules_pos_check: more checkers than it has, an empty
 * board, a man on its crowning row, ...) is refused at the end of s.
 * Returns 0, or -1 with *err the byte offset of the problem and *why a
 * static English phrase.
 */
int fen_parse(const struct rules *r, const char *s, struct pos *p,
    size_t *err, const char **why);

/* Whether the FEN text s leaves the side to move unknown ('?', which
 * PDN 3.0 allows): fen_parse then gives the move to the first side. */
int fen_side_unknown(const char *s);

/*
 * Writes into buf what is wrong with the FEN text s that fen_parse
 * refused with err and why, and where: "WHY at character N of "S"", or
 * "WHY in "S"" when the text reads but the position cannot occur; WHY,
 * for a square the game does not have, is "no square 33 on this board
 * (1-32)" (rules_no_square).  Truncated to fit (a FEN may be long);
 * returns the length written.
 */
int fen_error(const struct rules *r, const char *s, size_t err,
    const char *why, char *buf, size_t size);

/* The letter (lower case) that names side in r's FEN: b or w in
 * checkers, the colour letter in the stack games. */
int fen_side_letter(const struct rules *r, int side);

/* Writes p canonically into buf; returns the length, or -1 if it does
 * not fit. */
int fen_format(const struct rules *r, const struct pos *p, char *buf,
    size_t size);

/* fen_format with square names in style (enum square_style; -1: the
 * game's only style). */
int fen_format_style(const struct rules *r, const struct pos *p, int style,
    char *buf, size_t size);

#endif
