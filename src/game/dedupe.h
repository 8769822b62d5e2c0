/*
 * dedupe.h - finding the games that repeat others, across files, in
 * memory that grows by a few bytes per distinct game only.
 *
 * A game is summed up by a 128-bit key: two independent 64-bit hashes of
 * the game's name, its start position and the moves of its main line as
 * legal moves (so 10x26 and 10x17x26 are one move), or of the first N of
 * them, or of its final position.  Two games are taken as the same when
 * their keys are equal; the chance that two different games of an
 * archive of n games share a key is about n^2 / 2^129 (10^-26 for a
 * million games), so no game is read twice to compare texts.
 *
 * The table keeps, for each distinct key, the key and the file and game
 * numbers of the first game that had it: 24 bytes a slot, in a table
 * that doubles when half full, so between a quarter and half full: 48
 * to 96 bytes per distinct game (duplicates add nothing).  Ownership:
 * dedupe_free releases the table.
 */
#ifndef STACKREF_GAME_DEDUPE_H
#define STACKREF_GAME_DEDUPE_H

#include <stddef.h>
#include <stdint.h>

#include "game/replay.h"

/* What makes two games the same. */
enum dedupe_by {
	DEDUPE_MOVES,       /* the same start and moves */
	DEDUPE_FINAL,       /* the same final position (game, squares, side) */
	DEDUPE_PLIES        /* the same start and first N moves */
};

struct dedupe_key {
	uint64_t h[2];
};

struct dedupe_slot {
	uint64_t h[2];
	uint32_t file, game;        /* of the first game with the key; game
				     * 0: the slot is free */
};

struct dedupe {
	enum dedupe_by by;
	unsigned long plies;        /* DEDUPE_PLIES: N */
	struct dedupe_slot *slots;
	size_t cap, n;
};

void dedupe_init(struct dedupe *dd, enum dedupe_by by, unsigned long plies);
void dedupe_free(struct dedupe *dd);

/* Bytes the table holds now (for the manual's figure and the bench). */
size_t dedupe_bytes(const struct dedupe *dd);

/* The key of a game being replayed: dedupe_start with the replay once
 * its start is set (replay_walk's hook at ply 0), dedupe_ply after each
 * ply; a nonzero return of dedupe_ply asks the replay to stop (the N
 * plies are in); dedupe_end once the replay ended. */
void dedupe_start(const struct dedupe *dd, struct dedupe_key *k,
    const struct replay *rp);
int dedupe_ply(const struct dedupe *dd, struct dedupe_key *k,
    const struct replay *rp);
void dedupe_end(const struct dedupe *dd, struct dedupe_key *k,
    const struct replay *rp);

/*
 * Records the key k of game game (1-based) of file file.  Returns 0
 * when it is new, 1 when an earlier game had it (*first, unless NULL,
 * gets that game's slot), -1 when out of memory.
 */
int dedupe_add(struct dedupe *dd, const struct dedupe_key *k,
    uint32_t file, uint32_t game, struct dedupe_slot *first);

#endif
