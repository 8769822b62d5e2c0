/*
 * draughts.h - one engine for the diagonal draughts (international,
 * Russian, Brazilian, Canadian, pool, ...), parametrised by a variant
 * descriptor.
 *
 * Common to all of them: men step one square diagonally forward onto an
 * empty square; a man that ends a move on the far row is crowned king;
 * capturing is compulsory: a man jumps an adjacent enemy piece onto the
 * empty square beyond, a king (flying) from any distance along a
 * diagonal over empty squares onto any empty square beyond, on and on
 * from where it lands.  The pieces taken stay on the board until the
 * move ends: none is jumped twice, and none can be passed over.  A side
 * with no piece, or no legal move, has lost.  What differs is said by
 * struct draughts_variant; a variant is one file holding its descriptor
 * and its struct rules (DRAUGHTS_FUNCTIONS, DRAUGHTS_RULES).
 *
 * Canonical order (the order `moves` lists): captures when there is one,
 * else plain moves; origin by square number; for each origin the
 * directions of enum grid_dir (the straight ones after the diagonal
 * ones), nearer landing squares first, a capture's jumps depth first.
 *
 * Moves are generated, counted and resolved on bitboards of the grid's
 * layout (grid.h): 64 bits for boards up to 10x10, 128 for 12x12, and a
 * third copy of the 64-bit code for the variants with straight captures
 * or a limit on the kings' plain moves, so that the others pay nothing
 * for them.
 * Nothing here allocates.  The state is per thread: the bit layout of
 * the last board read, and a scratch list of the captures of the
 * positions of a perft line.
 */
#ifndef STACKREF_RULES_DRAUGHTS_H
#define STACKREF_RULES_DRAUGHTS_H

#include "rules/grid.h"
#include "rules/rules.h"

/* Which captures are allowed when several are possible. */
enum draughts_majority {
	DRAUGHTS_FREE,          /* any (Russian, pool) */
	DRAUGHTS_MOST,          /* those taking the most pieces (international) */
	DRAUGHTS_MOST_KINGS,    /* the most pieces, then the most kings */
	DRAUGHTS_KING_FIRST,    /* a king's capture when a king can capture
				 * (Czech); else any */
	DRAUGHTS_ITALIAN,       /* the most pieces, then with a king, then
				 * the most kings, then the earliest king */
	DRAUGHTS_VALUE          /* the greatest value, a king worth less
				 * than two men and more than one, then
				 * one made with a king (Frisian) */
};

struct draughts_variant {
	const struct rules *rules;  /* the variant's own */
	struct grid grid;
	uint8_t rows;           /* rows of men each side starts with */
	uint8_t men_back;       /* men capture backwards too */
	uint8_t flying;         /* kings move and capture along whole
				 * diagonals (else one square, as men) */
	uint8_t majority;       /* enum draughts_majority */
	uint8_t crown_on_pass;  /* a man reaching the far row in a capture
				 * is crowned there and goes on as a king
				 * (Russian); else it is crowned only if
				 * the move ends there */
	uint8_t men_spare_kings; /* men may not capture kings (Italian) */
	uint8_t land_near;      /* a flying king lands just beyond the
				 * piece it takes (Thai) */
	uint8_t take_at_once;   /* a piece taken leaves the board at once:
				 * its square may be crossed again (Thai) */
	uint8_t merge_paths;    /* capture paths that take the same pieces
				 * from the same origin to the same square
				 * are one move */
	uint8_t straight;       /* men (with men_back) and kings capture
				 * along rows and columns too, over the
				 * next playing square two cells away
				 * (Frisian) */
	uint8_t king_moves;     /* a king may make at most this many (1-3)
				 * plain moves in a row while its side has
				 * men (Frisian: 3; struct pos's run); 0:
				 * no limit */
	uint8_t names;          /* enum square_style of the canonical text */
	char capsep;            /* capture separator of the canonical text */
	const char *blocked[2]; /* "white has no legal move", by side */
	const char *bare[2];    /* "white has no pieces left", by side */
};

/* The outcome phrases of a variant whose sides are White and Black. */
#define DRAUGHTS_PHRASES(FIRST, SECOND) \
	.blocked = { FIRST " has no legal move", SECOND " has no legal move" }, \
	.bare = { FIRST " has no pieces left", SECOND " has no pieces left" }

/* Spanish draughts, which Portuguese draughts plays too (spanish.c). */
extern const struct draughts_variant draughts_spanish;

#define DRAUGHTS_MAX_JUMPS 30   /* pieces one capture takes, at most */

/* A legal move in square numbers: n == 0 a plain move from -> to, else
 * n jumps over over[i] landing on land[i] (land[n - 1] == to). */
struct draughts_move {
	uint8_t from, to, n;
	uint8_t king;           /* the piece is a king when the move ends */
	uint8_t land[DRAUGHTS_MAX_JUMPS];
	uint8_t over[DRAUGHTS_MAX_JUMPS];
};

/* The rules-table functions (struct rules) of variant v. */
void draughts_start(const struct draughts_variant *v, struct pos *p);
int draughts_generate(const struct draughts_variant *v, const struct pos *p,
    rules_emit_fn emit, void *ctx);
void draughts_apply(const struct draughts_variant *v, struct pos *p,
    const struct move *m);
enum outcome draughts_outcome(const struct draughts_variant *v,
    const struct pos *p, const char **why);
int draughts_square_parse(const struct draughts_variant *v, const char *s,
    size_t n, size_t *used);
int draughts_square_name(const struct draughts_variant *v, unsigned sq,
    char *buf, size_t size);
void draughts_square_xy(const struct draughts_variant *v, unsigned sq,
    unsigned *x, unsigned *y);
int draughts_move_parse(const struct draughts_variant *v, const char *s,
    size_t n, struct move *pattern, size_t *err);
int draughts_move_format(const struct draughts_variant *v,
    const struct pos *p, const struct move *m, char *buf, size_t size);
int draughts_move_match(const struct draughts_variant *v,
    const struct pos *p, const struct move *pattern,
    const struct move *legal);
int draughts_resolve(const struct draughts_variant *v, const struct pos *p,
    const struct move *pattern, rules_emit_fn emit, void *ctx);
uint64_t draughts_count(const struct draughts_variant *v,
    const struct pos *p);
int draughts_pos_check(const struct draughts_variant *v,
    const struct pos *p, const char **why, unsigned *sq);

/* Leaf count of the move tree of depth from p: the moves as v defines
 * them (paths merged when v says so), or, all_paths, each capture path
 * a move of its own. */
uint64_t draughts_perft(const struct draughts_variant *v,
    const struct pos *p, unsigned depth, int all_paths);

/* Calls visit for every legal move of p in the canonical order; 0, or
 * the first nonzero value visit returned. */
int draughts_moves(const struct draughts_variant *v, const struct pos *p,
    int (*visit)(void *ctx, const struct draughts_move *m), void *ctx);

/*
 * Defines the static functions of the struct rules of the variant *V,
 * named P_start, P_generate, ...; DRAUGHTS_RULES(P, W, H) then sets the
 * struct rules members to them, W x H the board of *V.
 */
#define DRAUGHTS_FUNCTIONS(P, V) \
static void P##_start(struct pos *p) { draughts_start(V, p); } \
static int P##_generate(const struct pos *p, rules_emit_fn e, void *c) \
{ return draughts_generate(V, p, e, c); } \
static void P##_apply(struct pos *p, const struct move *m) \
{ draughts_apply(V, p, m); } \
static enum outcome P##_outcome(const struct pos *p, const char **why) \
{ return draughts_outcome(V, p, why); } \
static int P##_square_parse(const char *s, size_t n, size_t *used) \
{ return draughts_square_parse(V, s, n, used); } \
static int P##_square_name(unsigned sq, char *buf, size_t size) \
{ return draughts_square_name(V, sq, buf, size); } \
static void P##_square_xy(unsigned sq, unsigned *x, unsigned *y) \
{ draughts_square_xy(V, sq, x, y); } \
static int P##_move_parse(const char *s, size_t n, struct move *pt, \
    size_t *err) { return draughts_move_parse(V, s, n, pt, err); } \
static int P##_move_format(const struct pos *p, const struct move *m, \
    char *buf, size_t size) { return draughts_move_format(V, p, m, buf, \
    size); } \
static int P##_move_match(const struct pos *p, const struct move *pt, \
    const struct move *l) { return draughts_move_match(V, p, pt, l); } \
static uint64_t P##_perft(const struct pos *p, unsigned depth) \
{ return draughts_perft(V, p, depth, 0); } \
static uint64_t P##_perft_paths(const struct pos *p, unsigned depth) \
{ return draughts_perft(V, p, depth, 1); } \
static int P##_resolve(const struct pos *p, const struct move *pt, \
    rules_emit_fn e, void *c) { return draughts_resolve(V, p, pt, e, c); } \
static uint64_t P##_count(const struct pos *p) \
{ return draughts_count(V, p); } \
static int P##_pos_check(const struct pos *p, const char **why, \
    unsigned *sq) { return draughts_pos_check(V, p, why, sq); } \
static int P##_text_style(const char *s) \
{ return grid_text_style(&(V)->grid, s); } \
static int P##_restyle(const char *s, enum square_style st, char *buf, \
    size_t size) { return grid_restyle(&(V)->grid, s, st, buf, size); }

#define DRAUGHTS_RULES(P, W, H) \
	.fen = FEN_CHECKERS, \
	.nsquares = (W) * (H) / 2, \
	.width = (W), \
	.height = (H), \
	.start = P##_start, \
	.generate = P##_generate, \
	.apply = P##_apply, \
	.outcome = P##_outcome, \
	.square_parse = P##_square_parse, \
	.square_name = P##_square_name, \
	.square_xy = P##_square_xy, \
	.move_parse = P##_move_parse, \
	.move_format = P##_move_format, \
	.move_match = P##_move_match, \
	.perft = P##_perft, \
	.perft_paths = P##_perft_paths, \
	.resolve = P##_resolve, \
	.count = P##_count, \
	.pos_check = P##_pos_check, \
	.text_style = P##_text_style, \
	.restyle = P##_restyle

#endif
