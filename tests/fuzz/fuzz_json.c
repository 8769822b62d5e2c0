/*
 * fuzz_json.c - the JSON reader (notation/jsonread.c, jsonguard.c) on
 * any bytes: every game of the stream is read (the reader goes on after
 * a game refused); each one read is written as JSON, read again, and
 * both readings must write the same PDN (JSON -> model -> JSON loses
 * nothing).
 */
#include "notation/json.h"
#include "common.h"

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	fuzz_round_trip(&notation_json, data, size);
	return 0;
}
