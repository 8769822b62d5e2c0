/*
 * common.c - helpers shared by the fuzz targets (see common.h).
 */
#include <stdlib.h>
#include <string.h>

#include "notation/notation.h"
#include "notation/pdn.h"
#include "common.h"

FILE *
fuzz_stream(const uint8_t *data, size_t size)
{
	if (size == 0)
		return fopen("/dev/null", "r");
	return fmemopen((void *)data, size, "r");
}

char *
fuzz_string(const uint8_t *data, size_t size)
{
	char *s;

	if ((s = malloc(size + 1)) == NULL)
		return NULL;
	if (size > 0)
		memcpy(s, data, size);
	s[size] = '\0';
	return s;
}

const struct rules *
fuzz_game(uint8_t b)
{
	size_t n;

	for (n = 0; rules_table[n] != NULL; n++)
		continue;
	return rules_table[b % n];
}

void
fuzz_diag(struct diag *d)
{
	static FILE *null;

	if (null == NULL)
		null = fopen("/dev/null", "w");
	diag_init(d, "fuzz", null);
}

char *
fuzz_write(const struct notation *nt, const struct record *g, size_t *len)
{
	char *text = NULL;
	FILE *f;
	int rc;

	*len = 0;
	if ((f = open_memstream(&text, len)) == NULL)
		return NULL;
	rc = notation_write_record(nt, f, g);
	if (fclose(f) != 0 || rc != 0) {
		free(text);
		return NULL;
	}
	return text;
}

void
fuzz_assert(int cond, const char *what)
{
	if (cond)
		return;
	fprintf(stderr, "fuzz: invariant broken: %s\n", what);
	abort();
}

void
fuzz_read_back(const struct notation *nt, const char *text, size_t len,
    const char *want, size_t wlen, const char *what)
{
	struct diag d;
	struct record g;
	struct reader *rd;
	unsigned long index;
	char *again;
	size_t alen;
	FILE *f;

	fuzz_diag(&d);
	record_init(&g);
	if ((f = fuzz_stream((const uint8_t *)text, len)) == NULL)
		return;
	if ((rd = nt->open(f, "again", &d)) != NULL) {
		fuzz_assert(nt->next(rd, &g, &index) == READ_GAME,
		    "a written game reads back");
		again = fuzz_write(&notation_pdn, &g, &alen);
		fuzz_assert(again == NULL || (alen == wlen &&
		    memcmp(again, want, wlen) == 0), what);
		free(again);
		fuzz_assert(nt->next(rd, &g, &index) == READ_END,
		    "a written game is one game");
		nt->close(rd);
	}
	record_free(&g);
	fclose(f);
}
