/*
 * common.h - what the fuzz targets (tests/fuzz/fuzz_*.c) share.  Each
 * target is one libFuzzer entry point, LLVMFuzzerTestOneInput; driver.c
 * gives the same entry point a plain main() for `make check`.
 *
 * A target aborts (a crash for libFuzzer, a failure for the driver) when
 * an invariant the code promises does not hold; the sanitizers catch
 * the rest.
 */
#ifndef STACKREF_FUZZ_COMMON_H
#define STACKREF_FUZZ_COMMON_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "base/diag.h"
#include "rules/rules.h"

struct notation;
struct record;

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* A read-only stream over data[0..size) (empty data too); NULL when out
 * of memory.  The caller fcloses it. */
FILE *fuzz_stream(const uint8_t *data, size_t size);

/* A malloc'ed NUL-terminated copy of data[0..size); NULL when out of
 * memory. */
char *fuzz_string(const uint8_t *data, size_t size);

/* The game of rules_table chosen by byte b. */
const struct rules *fuzz_game(uint8_t b);

/* Starts d printing to /dev/null, so that the messages are formatted. */
void fuzz_diag(struct diag *d);

/* Writes g with notation nt into a malloc'ed text, *len bytes. */
char *fuzz_write(const struct notation *nt, const struct record *g,
    size_t *len);

/* Aborts with what when cond is false. */
void fuzz_assert(int cond, const char *what);

/*
 * Reads text[0..len), which a writer of notation nt gave for one game,
 * and asserts it is that one game and that it writes as PDN exactly as
 * want[0..wlen) (what names the property checked).
 */
void fuzz_read_back(const struct notation *nt, const char *text,
    size_t len, const char *want, size_t wlen, const char *what);

/*
 * Reads every game of data[0..size) with notation nt (a game refused,
 * the reader goes on while it can) and calls fn on each one read, with
 * the diagnostics the reader reports to.
 */
void fuzz_each_game(const struct notation *nt, const uint8_t *data,
    size_t size, void (*fn)(struct record *, struct diag *));

/*
 * fuzz_each_game with nt, where each game read is written with nt, read
 * again, and both readings must write the same PDN ("NT writing loses
 * nothing").
 */
void fuzz_round_trip(const struct notation *nt, const uint8_t *data,
    size_t size);

#endif
