/*
 * fuzz_xml.c - the XML reader (notation/xml.c) on any bytes: every game
 * of the document is read; each one read is written as XML, read again,
 * and both readings must write the same PDN (XML -> model -> XML loses
 * nothing).
 */
#include <stdlib.h>
#include <string.h>

#include "notation/pdn.h"
#include "notation/xml.h"
#include "model/record.h"
#include "common.h"

static void
xml_game(const struct record *g)
{
	char *xml, *pdn;
	size_t xlen, len;

	xml = fuzz_write(&notation_xml, g, &xlen);
	pdn = fuzz_write(&notation_pdn, g, &len);
	if (xml != NULL && pdn != NULL)
		fuzz_read_back(&notation_xml, xml, xlen, pdn, len,
		    "XML writing loses nothing");
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
