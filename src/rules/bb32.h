/*
 * bb32.h - moves of men and kings on the 32 squares of board32.h, on
 * bitboards: the move generation that American checkers and stackup
 * share.
 *
 * Both games move the same way: a piece (a checker, or a stack that its
 * top checker decides) steps one square diagonally onto an empty square,
 * forward only unless it is crowned; jumping is compulsory, over an
 * enemy piece onto the empty square beyond, on and on from where it
 * lands, never over a square twice, and a man's jump onto the crowning
 * row ends the move.  The jumped pieces stay on the board until the move
 * ends (they can be neither landed on nor jumped again); what a jump
 * does to them is each game's business (its apply).  So a position
 * reduces, for moving, to three bitboards (bit i: square index i).
 *
 * Canonical order (the order `moves` lists): captures when there is
 * one, else plain moves; origin ascending; for each origin the
 * directions in enum b32_dir order, a capture's jumps depth first.
 *
 * Nothing here allocates.  The one state is the memo of bb32_read, one
 * position per thread, which makes reading a position cheaper and
 * changes no result.
 */
#ifndef STACKREF_RULES_BB32_H
#define STACKREF_RULES_BB32_H

#include <stdint.h>

#include "rules/board32.h"

/* An inline function that must be inlined: one whose direction argument
 * is a constant at each call, so that board32_shift's switch folds. */
#if defined(__GNUC__)
#define BB32_INLINE static inline __attribute__((always_inline))
#else
#define BB32_INLINE static inline
#endif

/* A position as far as moving goes. */
struct bb32 {
	uint32_t own[2];        /* squares topped by each side's checker */
	uint32_t kings;         /* squares topped by a crowned checker */
	unsigned turn;          /* side to move */
};

#define BB32_MAX_JUMPS 18   /* a chain jumps a square once at most, and
			     * only the 18 squares off the edges can be
			     * jumped (12 pieces at most in a game) */

/* A legal move: n == 0 a plain move from -> to, else n single jumps
 * over over[i] landing on land[i] (land[n - 1] == to). */
struct bb32_move {
	uint32_t taken;         /* squares jumped */
	uint8_t from, to;
	uint8_t crown;          /* a man that ends on the crowning row */
	uint8_t n;
	uint8_t land[BB32_MAX_JUMPS];
	uint8_t over[BB32_MAX_JUMPS];
};

/* Receives one legal move; a nonzero return stops the generation and
 * is returned. */
typedef int (*bb32_visit_fn)(void *ctx, const struct bb32_move *m);

/* The row where side's men are crowned. */
#define BB32_CROWN(side) ((side) == 0 ? 0xF0000000u : 0x0000000Fu)

static inline uint32_t
bb32_empty(const struct bb32 *b)
{
	return ~(b->own[0] | b->own[1]);
}

/* Pieces of the side to move that may go in direction d. */
static inline uint32_t
bb32_movers(const struct bb32 *b, enum b32_dir d)
{
	uint32_t own = b->own[b->turn];

	return board32_forward(d, b->turn) ? own : own & b->kings;
}

/* Landing squares of the first jumps in direction d, every piece at
 * once. */
static inline uint32_t
bb32_lands(const struct bb32 *b, enum b32_dir d)
{
	uint32_t over = board32_shift(bb32_movers(b, d), d) &
	    b->own[b->turn ^ 1];

	return board32_shift(over, d) & bb32_empty(b);
}

/* Whether the side to move has a capture (so must take one). */
static inline int
bb32_has_capture(const struct bb32 *b)
{
	return (bb32_lands(b, B32_BACK_LOW) | bb32_lands(b, B32_BACK_HIGH) |
	    bb32_lands(b, B32_FWD_LOW) | bb32_lands(b, B32_FWD_HIGH)) != 0;
}

/* Sets b from p (a checkers or stackup position: its first 32
 * squares); branch-free, one pass over the squares. */
void bb32_from_pos(struct bb32 *b, const struct pos *p);

/*
 * bb32_from_pos through a memo of one position per thread: the squares
 * and side to move last read here or moved on (bb32_memo_moved), with
 * their bitboards.  A replay reads each position to resolve its move,
 * then plays the move; the memo, brought up to date by the squares the
 * move changed, spares the next read its pass over the board.  Keyed by
 * the bytes of the squares and the side to move, so it is never stale
 * and changes no result: any other position is read afresh.
 */
void bb32_read(struct bb32 *b, const struct pos *p);

/* The move m has just been played on p: the memo takes the squares m
 * changed (its origin, target and jumped squares) and the side to move
 * from p, and their bitboards.  The memo's bitboards always describe
 * its own squares, so it holds p afterwards exactly when it held the
 * position before the move. */
void bb32_memo_moved(const struct pos *p, const struct move *m);

/* Sets the bits of square sq in b from the stack s (after a move
 * changed it). */
void bb32_set_square(struct bb32 *b, unsigned sq, const struct stack *s);

/* Calls visit for every legal move of b in the canonical order; 0, or
 * the first nonzero value visit returned. */
int bb32_generate(const struct bb32 *b, bb32_visit_fn visit, void *ctx);

/* Calls visit for every capture of b that starts on sq (sq a square of
 * the side to move), in the canonical order: the jump chains from sq
 * only.  0, or the first nonzero value visit returned. */
int bb32_captures_from(const struct bb32 *b, unsigned sq,
    bb32_visit_fn visit, void *ctx);

/* Number of legal moves of b: plain moves counted by popcount, captures
 * by following the chains of the pieces that can jump only. */
unsigned bb32_count(const struct bb32 *b);

/* The rules-table generate and count of a game that moves so: b made
 * from p, its moves in the model's form (bb32_to_move). */
int bb32_pos_generate(const struct pos *p, rules_emit_fn emit, void *ctx);
uint64_t bb32_pos_count(const struct pos *p);

/* The model's form of cm: one STEP_MOVE step, or one STEP_CAPTURE step
 * per jump with its over square. */
void bb32_to_move(const struct bb32_move *cm, struct move *m);

/*
 * The resolve of a game that moves so (struct rules; the move_match
 * of its legal moves is board32_move_match): calls emit for each legal
 * move of p that pattern denotes, in the canonical order, found from
 * the pattern's origin only: a plain move by looking at its squares
 * (and that no piece can jump, by bitboards), a capture by following
 * the jump chains from its origin.  Returns 0, or the first nonzero
 * value emit returned.
 */
int bb32_resolve(const struct pos *p, const struct move *pattern,
    rules_emit_fn emit, void *ctx);

#endif
