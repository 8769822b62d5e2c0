/*
 * fuzz_xml.c - the XML reader (notation/xml.c) on any bytes: every game
 * of the document is read; each one read is written as XML, read again,
 * and both readings must write the same PDN (XML -> model -> XML loses
 * nothing).
 */
#include "notation/xml.h"
#include "common.h"

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	fuzz_round_trip(&notation_xml, data, size);
	return 0;
}
