/*
 * rules.h - one interface for the rules of every game.
 *
 * A game is one file (src/rules/<game>.c) exposing one const struct rules,
 * registered in the table in table.c.  Adding a game is adding one file
 * and one table line.  Rules depend on the model only: no I/O, no file
 * formats.  Move text and square names belong here because each game
 * defines its own coordinates; everything around them (tags, FEN,
 * records) belongs to notation/.
 *
 * Cost.  Replaying a record takes time linear in its size whatever the
 * position, and a position may have hundreds of millions of legal moves
 * (a tall stack in stackers-brown: 535204255 turns for twelve checkers
 * on d4).  So nothing that runs once a ply generates every legal move:
 * a written move is resolved by following its steps (resolve: Brown and
 * Accasta, whose positions may have very many moves, and checkers and
 * stackup, where it is also the fast path of replay: a plain move is
 * looked at square by square, a capture followed from its origin only),
 * a number of moves is computed (count), and generate runs only to list
 * moves (stopping once the list is full), to find a first move
 * (rules_has_move: a generator emits each move as soon as it has it), or
 * to walk a perft tree or the moves command's listing, as long as their
 * output.  The generic paths (filtering and counting generate) stay the
 * reference that the tests hold resolve and count to
 * (tests/unit/test_rules.c).
 *
 * Nothing here allocates.
 */
#ifndef STACKREF_RULES_RULES_H
#define STACKREF_RULES_RULES_H

#include "model/model.h"

enum outcome {
	OUTCOME_NONE,         /* the game goes on */
	OUTCOME_FIRST_WINS,
	OUTCOME_SECOND_WINS,
	OUTCOME_DRAW          /* only by agreement: rules never return it;
			       * replay does, for an accepted draw offer */
};

/* How the game writes a set-up position in the FEN tag. */
enum fen_style {
	FEN_CHECKERS,         /* PDN FEN: B:W18,24,K27:B12,16 */
	FEN_STACKS            /* SPEC 1: w:11=bw,15=b,22=Wwb (top first) */
};

/* The result tokens a game writes (PDN 3.0's result types): the
 * canonical forms of SPEC 1 read the same in either. */
enum result_set {
	RESULTS_DEFAULT,      /* 1-0 0-1 1/2-1/2 0-0 * */
	RESULTS_INTERNATIONAL /* 2-0 0-2 1-1 0-0 * (GameType 20 and 27) */
};

/*
 * How squares are named in a game that has two namings: the PDN numbers
 * (11) or algebraic names (f6), the GameType notation field "N1" or
 * "A3" (checkers and stackup; see board32.h).
 */
enum square_style {
	SQUARES_NUMERIC,
	SQUARES_ALGEBRAIC
};

/* Receives one legal move; a nonzero return stops generation and is
 * returned by generate. */
typedef int (*rules_emit_fn)(void *ctx, const struct move *m);

struct rules {
	const char *name;            /* identifier: "checkers" */
	const char *title;           /* "American checkers" */
	const char *side[2];         /* colour names: "red", "white" */
	char letter[2];              /* colour letters of stack strings: 'b','w' */
	const char *gametype;        /* PDN GameType value, or NULL */
	enum fen_style fen;
	enum result_set results;     /* the result tokens it writes */
	unsigned nsquares;
	unsigned width, height;      /* display grid, in cells */

	/* Sets p to the start position. */
	void (*start)(struct pos *p);

	/* Calls emit for every legal move of the side to move, in the
	 * canonical order (the order `moves` lists them).  Returns 0, or the
	 * first nonzero value emit returned. */
	int (*generate)(const struct pos *p, rules_emit_fn emit, void *ctx);

	/* Plays the legal move m on p (m came from generate on p). */
	void (*apply)(struct pos *p, const struct move *m);

	/* Whether the game is over in p, and why (a static English phrase
	 * such as "white has no legal move"; may be NULL). */
	enum outcome (*outcome)(const struct pos *p, const char **why);

	/* Reads a square name at s[0..n); returns the square or -1.  *used
	 * gets the number of bytes read. */
	int (*square_parse)(const char *s, size_t n, size_t *used);

	/* Writes the name of square sq into buf (NUL-terminated); returns
	 * its length, or -1 if it does not fit. */
	int (*square_name)(unsigned sq, char *buf, size_t size);

	/* Display cell of sq seen from the first player's side: x grows to
	 * the right, y grows away from the first player (row 0 is nearest). */
	void (*square_xy)(unsigned sq, unsigned *x, unsigned *y);

	/* Parses the move text s[0..n) into a pattern without looking at any
	 * board (liberal).  Returns 0, or -1 with *err set to the byte offset
	 * of the first character that does not fit. */
	int (*move_parse)(const char *s, size_t n, struct move *pattern,
	    size_t *err);

	/* Writes the canonical text of the legal move m in position p into
	 * buf (NUL-terminated); returns its length, or -1 if it does not
	 * fit.  p is needed where the canonical form depends on the other
	 * legal moves (checkers paths). */
	int (*move_format)(const struct pos *p, const struct move *m,
	    char *buf, size_t size);

	/* Whether pattern (from move_parse) denotes the legal move legal in
	 * position p.  Most games use move_match from the model. */
	int (*move_match)(const struct pos *p, const struct move *pattern,
	    const struct move *legal);

	/* Optional fast leaf count of the legal-move tree (each move as
	 * written counted once).  NULL: rules_perft walks generate/apply. */
	uint64_t (*perft)(const struct pos *p, unsigned depth);

	/* Optional: the same leaf count with each capture path a move of
	 * its own, in a game where paths that take the same pieces between
	 * the same squares are one move (international draughts).  NULL:
	 * the game merges no paths, rules_perft counts them all. */
	uint64_t (*perft_paths)(const struct pos *p, unsigned depth);

	/* Optional: calls emit for each legal move of p that pattern (from
	 * move_parse, or any struct move) denotes, exactly those move_match
	 * accepts among generate's moves and in the same order, found by
	 * following the pattern's steps against the rules instead of
	 * generating every legal move: the work is bounded by the
	 * pattern's length (times the board), whatever the number of legal
	 * moves.  Returns 0, or the first nonzero value emit returned.
	 * NULL: rules_matches filters generate's moves through move_match
	 * (fine for a game whose positions have few legal moves). */
	int (*resolve)(const struct pos *p, const struct move *pattern,
	    rules_emit_fn emit, void *ctx);

	/* Optional: the number of legal moves of p (as many as generate
	 * emits), counted without generating them, in time bounded
	 * whatever that number.  NULL: rules_count_moves counts generate's
	 * moves. */
	uint64_t (*count)(const struct pos *p);

	/* Optional: the side whose castle (home zone drawn marked) sq is,
	 * or -1.  NULL: the game has no such squares. */
	int (*square_castle)(unsigned sq);

	/* Optional: writes into buf a short phrase about p that the board
	 * does not show ("placement: 5 of 24 checkers placed", "borne off:
	 * black 3, white 0"); returns its length, 0 for nothing, -1 if it
	 * does not fit.  NULL: nothing to add. */
	int (*pos_note)(const struct pos *p, char *buf, size_t size);

	/* Optional: whether p, a set-up position, can occur in the game
	 * as far as its own rules say, beyond what rules_pos_check checks
	 * for every game; 0, or -1 with *why a static English phrase and
	 * *sq the square at fault.  NULL: nothing more. */
	int (*pos_check)(const struct pos *p, const char **why,
	    unsigned *sq);

	/* Optional, for a game whose squares have two namings (enum
	 * square_style): text_style gives the style of the first square
	 * name in the move or FEN text s, or -1 when it has none; restyle
	 * copies s into buf with every square name written in style st
	 * and returns the length, or -1 if buf is too small.  NULL: the
	 * game has one naming only. */
	int (*text_style)(const char *s);
	int (*restyle)(const char *s, enum square_style st, char *buf,
	    size_t size);
};

/*
 * Whether p, a set-up position (a FEN), can occur in game r: no side
 * has more checkers than the game gives it (its start position's, or
 * RULES_PLACED_MAX in a game whose board starts empty), the board is
 * empty only in a game that starts so, and r->pos_check (checkers: no
 * man on its crowning row; Brown: the placement; Accasta: stacks).
 * Returns 0, or -1 with *why a static English phrase.
 */
int rules_pos_check(const struct rules *r, const struct pos *p,
    const char **why);

/* rules_pos_check that also gives, in *sq, the square at fault: for too
 * many checkers the first one past the count in the order of the
 * squares; SQ_NONE for an empty board. */
int rules_pos_fault(const struct rules *r, const struct pos *p,
    const char **why, unsigned *sq);

#define RULES_PLACED_MAX 12   /* checkers a side places in a game whose
			       * board starts empty */

/* Writes into m the model's form of a move of a game that jumps: a plain
 * move from -> to when n == 0 (one STEP_MOVE step), else n single jumps
 * over over[i] landing on land[i] (one STEP_CAPTURE step each). */
void rules_jump_move(unsigned from, unsigned to, unsigned n,
    const uint8_t *land, const uint8_t *over, struct move *m);

/* Looks a game up by identifier (case-insensitive); NULL if unknown. */
const struct rules *rules_find(const char *name);

/* The registered games, NULL-terminated, in table order: RULES_COUNT
 * of them (table.c checks the number when it compiles). */
#define RULES_COUNT 18
extern const struct rules *const rules_table[];

/* Writes the identifiers of the known games into buf, separated by
 * ", " (truncated to fit; always NUL-terminated when size > 0). */
void rules_names(char *buf, size_t size);

#define RULES_LABEL 8   /* a coordinate label and its NUL */

/*
 * The name of square sq in style (enum square_style) when the game has
 * two namings (r->restyle), else its only name, into buf; style -1 is
 * the game's own naming.  Returns the length, or -1 if it does not fit.
 */
int rules_square_text(const struct rules *r, unsigned sq, int style,
    char *buf, size_t size);

/*
 * The canonical text of the legal move m of p (r->move_format), its
 * squares named in style as rules_square_text names them.  Returns the
 * length, or -1 if it does not fit.
 */
int rules_move_text(const struct rules *r, const struct pos *p,
    const struct move *m, int style, char *buf, size_t size);

/*
 * Whether every square's name in style (rules_square_text) is the
 * letters of its display column then the digits of its display row
 * (coordinates like Brown's a1..h8, or checkers' algebraic names, as
 * square_xy places them); if so, fills col[x] (x < ncol) with the
 * letters and row[y] (y < nrow) with the digits, others left empty.
 */
int rules_coord_labels(const struct rules *r, int style,
    char (*col)[RULES_LABEL], unsigned ncol, char (*row)[RULES_LABEL],
    unsigned nrow);

/* The PDN GameType notation field of style st: "N1" or "A3". */
const char *rules_style_code(enum square_style st);

/* Parses a side as the game names it: colour name, its letter, "first"
 * or "second" (case-insensitive).  Returns the side or -1. */
int rules_side_parse(const struct rules *r, const char *text);

/*
 * The move_match of a game whose moves are paths of squares (checkers,
 * draughts): pattern denotes the legal move legal of p when move_match
 * accepts it, unless pattern is shorter than legal and is the whole
 * path of another legal move (which it then names instead).
 */
int rules_path_match(const struct rules *r, const struct pos *p,
    const struct move *pattern, const struct move *legal);

/* Whether some legal move of p has pattern's whole path, each landing
 * square written (move_match with as many steps). */
int rules_path_exact(const struct rules *r, const struct pos *p,
    const struct move *pattern);

/* The number of legal moves of p (r->generate) that start and end
 * where m does: more than one when m's text must give its path. */
unsigned rules_same_ends(const struct rules *r, const struct pos *p,
    const struct move *m);

/* Leaf count of the legal-move tree of depth from p: the game's perft
 * if it has one, else a walk of generate/apply whose last ply is
 * counted by the game's count when it has one. */
uint64_t rules_perft(const struct rules *r, const struct pos *p,
    unsigned depth);

/* rules_perft with each capture path counted (r->perft_paths). */
uint64_t rules_perft_paths(const struct rules *r, const struct pos *p,
    unsigned depth);

/* The same count by the generic walk of generate/apply only; the tests
 * use it to cross-check fast paths. */
uint64_t rules_perft_generic(const struct rules *r, const struct pos *p,
    unsigned depth);

/* Whether p has a legal move (generation stops at the first). */
int rules_has_move(const struct rules *r, const struct pos *p);

/* Number of legal moves in p (the game's count if it has one). */
uint64_t rules_count_moves(const struct rules *r, const struct pos *p);

/* The same count by generate only; the tests use it to cross-check the
 * games' counters. */
uint64_t rules_count_generic(const struct rules *r, const struct pos *p);

/*
 * Reads the move text s[0..n) of game r into a pattern as a person may
 * write it, pasted from a mail: blanks around it and one final full
 * stop are left out ("11-15.", " 11-15 "), then r->move_parse reads the
 * rest (where square names are read in either case).  Returns 0, or -1
 * with *err the byte offset in s of the first byte that does not fit.
 */
int rules_move_parse(const struct rules *r, const char *s, size_t n,
    struct move *pattern, size_t *err);

/*
 * When name[0..n) is shaped like a square name (letters, then digits)
 * that game r does not have, writes "no square NAME on this board
 * (RANGE)" into buf and returns its length: RANGE in the style of NAME
 * when the game has it ("1-32", "a1-h8", "the dark squares of a1-h8",
 * Accasta's rows "a1-a4, b1-b5, ..."); else returns 0.
 */
int rules_no_square(const struct rules *r, const char *name, size_t n,
    char *buf, size_t size);

/*
 * rules_no_square for the word around s[err] of the move text s, which
 * rules_move_parse refused at err: only when the word stands where a
 * square does (the text reads on with a square of the game there), not
 * a count.
 */
int rules_move_no_square(const struct rules *r, const char *s, size_t err,
    char *buf, size_t size);

/*
 * Calls emit for each legal move of p that pattern denotes, in the
 * canonical order: through the game's resolve when it has one, else by
 * filtering generate's moves through move_match.  Returns 0, or the
 * first nonzero value emit returned.
 */
int rules_matches(const struct rules *r, const struct pos *p,
    const struct move *pattern, rules_emit_fn emit, void *ctx);

/* The same by filtering generate's moves only; the tests use it to
 * cross-check the games' resolve. */
int rules_matches_generic(const struct rules *r, const struct pos *p,
    const struct move *pattern, rules_emit_fn emit, void *ctx);

/*
 * Finds the legal moves of p that pattern denotes (rules_matches), so
 * without generating every legal move in a game that has resolve.
 * Returns how many matched (0: illegal, 1: found, >1: ambiguous); the
 * first match is copied to *found when found is not NULL.
 */
unsigned rules_resolve(const struct rules *r, const struct pos *p,
    const struct move *pattern, struct move *found);

#endif
