/*
 * model.h - stacks, positions and moves of every game.
 *
 * The model knows no notation and does no I/O.  Every type here is a
 * plain value: nothing allocates, nothing needs freeing, copying a struct
 * copies the whole thing.
 *
 * Squares are small integers 0..nsquares-1 whose meaning (geometry,
 * names) belongs to the game's rules module.  A checkers piece is a stack
 * of height one.
 */
#ifndef STACKREF_MODEL_MODEL_H
#define STACKREF_MODEL_MODEL_H

#include <stddef.h>
#include <stdint.h>

/* The two sides.  SIDE_FIRST moves first in the movement phase. */
enum side { SIDE_FIRST = 0, SIDE_SECOND = 1 };

#define SIDE_OTHER(s) ((enum side)((s) ^ 1))

#define POS_SQUARES 72   /* largest board: the dark squares of 12x12 */
#define STACK_MAX 32     /* checkers in one stack (24 suffice for any game) */
#define MOVE_MAX_STEPS 32 /* steps in one turn */
#define SQ_NONE 0xFF     /* no square (placement origin, no jumped square) */
#define SQ_OFF 0xFE      /* off the board (bear-off target) */

/*
 * A stack of checkers.  Bit i of owner and crown describes the i-th
 * checker counted from the BOTTOM (bit 0 = bottom).  owner bit set: the
 * checker belongs to SIDE_SECOND.  Bits at or above height are zero.
 * Text forms list stacks top first; that is the notation's business.
 */
struct stack {
	uint32_t owner;
	uint32_t crown;
	uint8_t height;
};

/* A position: what stands on each square, and who is to move. */
struct pos {
	struct stack sq[POS_SQUARES];
	uint8_t nsquares;
	uint8_t turn;            /* enum side to move */
	uint8_t run[2];          /* per side, what the game's rules keep of
				  * its past moves beyond the squares, 0
				  * when nothing (every game but Frisian
				  * draughts: the king making plain moves
				  * in a row, square << 2 | their number);
				  * set by apply, cleared by pos_clear */
};

enum step_kind {
	STEP_MOVE,      /* onto an empty square */
	STEP_CAPTURE,   /* capture: a jump (over != SQ_NONE) or onto an enemy stack */
	STEP_ONTO,      /* onto an own stack (builds, Accasta '+') */
	STEP_PLACE,     /* placement: from == SQ_NONE */
	STEP_BEAROFF,   /* bear off: to == SQ_OFF */
	STEP_ANY        /* patterns only: any of move/capture/onto ('+' in Accasta) */
};

/*
 * One step of a turn: count checkers taken from the top of from, put on
 * to.  count == 0 means the whole stack (checkers, stackup) in a legal
 * move, and "not written" in a pattern.  over is the jumped square of a
 * checkers-style jump, else SQ_NONE.
 */
struct step {
	uint8_t from, to, over, count;
	uint8_t kind;            /* enum step_kind */
};

enum move_kind {
	MOVE_ORDINARY,  /* a sequence of steps (all ordinary turns) */
	MOVE_RESTACK,   /* restack step[0].from into the order in restack */
	MOVE_PASS       /* a forced pass */
};

/* Pattern flags, set by parsers; legal moves have flags == 0. */
enum move_flag {
	MOVE_ELIDED = 1  /* intermediate landing squares left out (11x25) */
};

/*
 * A whole turn.  Legal moves come from a rules module's generator; a
 * pattern is what a parser read from text before any board was known
 * (pgn-extract's partial move), resolved by matching legal moves.
 */
struct move {
	uint8_t kind;            /* enum move_kind */
	uint8_t nsteps;
	uint8_t flags;           /* enum move_flag, patterns only */
	struct stack restack;    /* MOVE_RESTACK: the new stack, bottom bit 0 */
	struct step step[MOVE_MAX_STEPS];
};

/* Side on top of a non-empty stack. */
static inline enum side stack_top_side(const struct stack *s)
{
	return (enum side)((s->owner >> (s->height - 1)) & 1u);
}

/* Whether the top checker of a non-empty stack is crowned. */
static inline int stack_top_crowned(const struct stack *s)
{
	return (int)((s->crown >> (s->height - 1)) & 1u);
}

/* Number of checkers of side in s. */
int stack_count(const struct stack *s, enum side side);

/* Puts one checker on top of s; returns -1 if s is full (STACK_MAX). */
int stack_push(struct stack *s, enum side side, int crowned);

/* Removes the top k checkers (1 <= k <= height) of s and returns them as
 * a stack of their own, order kept. */
struct stack stack_take(struct stack *s, unsigned k);

/* Puts part on top of s, order kept; returns -1 if the result would
 * exceed STACK_MAX checkers (s is then unchanged). */
int stack_put(struct stack *s, const struct stack *part);

/* Inserts one checker at the bottom of s; -1 if s is full. */
int stack_put_under(struct stack *s, enum side side, int crowned);

/* Whether two stacks hold the same checkers in the same order. */
int stack_equal(const struct stack *a, const struct stack *b);

/* Empties every square of p and sets its size and side to move. */
void pos_clear(struct pos *p, unsigned nsquares, enum side turn);

/* Copies src into dst: its size, side to move, runs and the squares it
 * uses (the first nsquares), so that pos_equal(dst, src) holds; dst's
 * squares beyond are left as they are.  Cheaper than an assignment for a
 * board smaller than POS_SQUARES. */
void pos_copy(struct pos *dst, const struct pos *src);

/* Whether two positions are identical (squares and side to move; the
 * runs are not compared). */
int pos_equal(const struct pos *a, const struct pos *b);

/* Counts the checkers of side on the board. */
unsigned pos_count(const struct pos *p, enum side side);

/* Whether two moves are the same turn, step for step. */
int move_equal(const struct move *a, const struct move *b);

/*
 * Default pattern matching, usable by every rules module: the kinds
 * agree; step by step, from and to agree, a pattern count of 0 matches
 * any count, a pattern STEP_ANY matches move/capture/onto; with
 * MOVE_ELIDED the pattern's first origin and last target agree with the
 * legal move's and its intermediate landing squares appear in order.
 */
int move_match(const struct move *pattern, const struct move *legal);

#endif
