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

void
fuzz_each_game(const struct notation *nt, const uint8_t *data, size_t size,
    void (*fn)(struct record *, struct diag *))
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
		return;
	if ((rd = nt->open(f, "fuzz", &d)) != NULL) {
		while ((rr = nt->next(rd, &g, &index)) != READ_END &&
		    rr != READ_SYSTEM)
			if (rr == READ_GAME)
				fn(&g, &d);
		nt->close(rd);
	}
	record_free(&g);
	fclose(f);
}

/* The notation fuzz_round_trip reads and writes: each target is one
 * process, and one entry point calls fuzz_round_trip. */
static const struct notation *fuzz_trip_nt;

/* Writes g with fuzz_trip_nt, reads it again and checks both write the
 * same PDN. */
static void
fuzz_game_back(struct record *g, struct diag *d)
{
	const struct notation *nt = fuzz_trip_nt;
	char *text, *pdn, what[64];
	size_t tlen, len;

	(void)d;
	snprintf(what, sizeof(what), "%s writing loses nothing", nt->name);
	text = fuzz_write(nt, g, &tlen);
	pdn = fuzz_write(&notation_pdn, g, &len);
	if (text != NULL && pdn != NULL)
		fuzz_read_back(nt, text, tlen, pdn, len, what);
	free(text);
	free(pdn);
}

void
fuzz_round_trip(const struct notation *nt, const uint8_t *data, size_t size)
{
	fuzz_trip_nt = nt;
	fuzz_each_game(nt, data, size, fuzz_game_back);
}
