/*
 * fuzz_pdn.c - the PDN reader (notation/pdn.c) on any bytes: every game
 * of the stream is read; each one read is written back, read again and
 * written again, and both writings must be the same (PDN -> model -> PDN
 * is stable) and be read as exactly one game.
 */
#include <stdlib.h>
#include <string.h>

#include "notation/pdn.h"
#include "model/record.h"
#include "common.h"

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct diag d;
	struct record g;
	struct reader *rd;
	enum read_result rr;
	unsigned long index;
	char *text;
	size_t len;
	FILE *f;

	fuzz_diag(&d);
	record_init(&g);
	if ((f = fuzz_stream(data, size)) == NULL)
		return 0;
	if ((rd = notation_pdn.open(f, "fuzz", &d)) != NULL) {
		while ((rr = notation_pdn.next(rd, &g, &index)) != READ_END &&
		    rr != READ_SYSTEM) {
			if (rr != READ_GAME)
				continue;
			if ((text = fuzz_write(&notation_pdn, &g, &len)) != NULL)
				fuzz_read_back(&notation_pdn, text, len, text,
				    len, "PDN writing is stable");
			free(text);
		}
		notation_pdn.close(rd);
	}
	record_free(&g);
	fclose(f);
	return 0;
}
