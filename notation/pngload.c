/*
 * pngload.c - png.h in the binary: png_render calls its namesake in
 * stackref-png.so (png.c renders through librsvg), loaded on first use
 * (base/module.h).
 */
#include "base/module.h"
#include "notation/modules.h"

int
png_render(const struct svg_view *v, unsigned char **data, size_t *len,
    char *why, size_t size)
{
	static const struct png_module *m;

	if (m == NULL)
		m = module_table(MODULE_PNG, PNG_MODULE);
	return m->render(v, data, len, why, size);
}
