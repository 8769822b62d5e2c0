/*
 * xmlload.c - the XML notation in the binary: its entry in the
 * notation table, whose functions call those of the real one in
 * stackref-xml.so, loaded on first use (base/module.h).  So reading a
 * PDN record never loads libxml2; reading or writing XML does.
 */
#include "base/module.h"
#include "notation/modules.h"
#include "notation/xml.h"

/* The table of xml.c, in the module. */
static struct module_ref xml_ref = { MODULE_XML, XML_MODULE, NULL };

static const struct notation *
xml_loaded(void)
{
	return module_ref_table(&xml_ref);
}

static struct reader *
xml_load_open(FILE *in, const char *file, struct diag *d)
{
	return xml_loaded()->open(in, file, d);
}

static enum read_result
xml_load_next(struct reader *rd, struct record *g, unsigned long *index)
{
	return xml_loaded()->next(rd, g, index);
}

static void
xml_load_close(struct reader *rd)
{
	xml_loaded()->close(rd);
}

static int
xml_load_write(FILE *out, const struct record *g)
{
	return xml_loaded()->write(out, g);
}

static int
xml_load_begin(FILE *out)
{
	return xml_loaded()->begin(out);
}

static int
xml_load_end(FILE *out)
{
	return xml_loaded()->end(out);
}

/* The entry of notation.h's table: each function its namesake's stub. */
const struct notation notation_xml = {
	.name = "xml",
	.open = xml_load_open, .next = xml_load_next, .close = xml_load_close,
	.write = xml_load_write, .begin = xml_load_begin, .end = xml_load_end,
};
