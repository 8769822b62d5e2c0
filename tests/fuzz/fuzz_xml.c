/*
 * fuzz_xml.c - the XML reader (notation/xml.c) on any bytes: every game
 * of the document is read; each one read is written as XML, read again,
 * and both readings must write the same PDN (XML -> model -> XML loses
 * nothing).
 */
#include <stdlib.h>
#include <string.h>

#include "../../notation/pdn.h"
#include "../../notation/xml.h"
#include "../../src/record.h"
#include "common.h"

/* Reads the XML written of a game; its PDN must be pdn[0..len). */
static void
xml_again(const char *xml, size_t xlen, const char *pdn, size_t len)
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
	if ((f = fuzz_stream((const uint8_t *)xml, xlen)) == NULL)
		return;
	if ((rd = notation_xml.open(f, "again", &d)) != NULL) {
		fuzz_assert(notation_xml.next(rd, &g, &index) == READ_GAME,
		    "a written game reads back");
		again = fuzz_write(&notation_pdn, &g, &alen);
		fuzz_assert(again == NULL || (alen == len &&
		    memcmp(again, pdn, len) == 0), "XML writing loses nothing");
		free(again);
		fuzz_assert(notation_xml.next(rd, &g, &index) == READ_END,
		    "a written game is one game");
		notation_xml.close(rd);
	}
	record_free(&g);
	fclose(f);
}

static void
xml_game(const struct record *g)
{
	char *xml, *pdn;
	size_t xlen, len;

	xml = fuzz_write(&notation_xml, g, &xlen);
	pdn = fuzz_write(&notation_pdn, g, &len);
	if (xml != NULL && pdn != NULL)
		xml_again(xml, xlen, pdn, len);
	free(xml);
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
	if ((rd = notation_xml.open(f, "fuzz", &d)) != NULL) {
		while ((rr = notation_xml.next(rd, &g, &index)) == READ_GAME)
			xml_game(&g);
		notation_xml.close(rd);
	}
	record_free(&g);
	fclose(f);
	return 0;
}
