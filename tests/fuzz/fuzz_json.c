/*
 * fuzz_json.c - the JSON reader (notation/jsonread.c) on any bytes: every
 * game of the stream is read; each one read is written as JSON, read again,
 * and both readings must write the same PDN (JSON -> model -> JSON loses
 * nothing).
 */
#include <stdlib.h>
#include <string.h>

#include "notation/pdn.h"
#include "notation/json.h"
#include "model/record.h"
#include "common.h"

static void
json_game(const struct record *g)
{
	char *json, *pdn;
	size_t xlen, len;

	json = fuzz_write(&notation_json, g, &xlen);
	pdn = fuzz_write(&notation_pdn, g, &len);
	if (json != NULL && pdn != NULL)
		fuzz_read_back(&notation_json, json, xlen, pdn, len,
		    "JSON writing loses nothing");
	free(json);
	free(pdn);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct diag d;
	struct record g;
	struct reader *rd;
	enum read_result rr;
	unsigned long index;
	FILE *f;

	fuzz_diag(&d);
	record_init(&g);
	if ((f = fuzz_stream(data, size)) == NULL)
		return 0;
	if ((rd = notation_json.open(f, "fuzz", &d)) != NULL) {
		while ((rr = notation_json.next(rd, &g, &index)) == READ_GAME)
			json_game(&g);
		notation_json.close(rd);
	}
	record_free(&g);
	fclose(f);
	return 0;
}
