/*
 * pngload.c - png.h in the binary: png_render calls its namesake in
 * stackref-png.so (png.c renders through librsvg), loaded on first use
 * (base/module.h).
 */
#include "base/module.h"
#include "notation/modules.h"

/* The table of png.c, in the module. */
static struct module_ref png_ref = { MODULE_PNG, PNG_MODULE, NULL };

int
png_render(const struct svg_view *v, unsigned char **data, size_t *len,
    char *why, size_t size)
{
	const struct png_module *m = module_ref_table(&png_ref);

	return m->render(v, data, len, why, size);
}
