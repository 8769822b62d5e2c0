/*
 * svgload.c - svg.h in the binary: each function calls its namesake
 * in stackref-xml.so (svg.c writes through libxml2), loaded on first
 * use (base/module.h).
 */
#include "base/module.h"
#include "notation/modules.h"

/* The table of svg.c, in the module. */
static struct module_ref svg_ref = { MODULE_XML, SVG_MODULE, NULL };

static const struct svg_module *
svg_loaded(void)
{
	return module_ref_table(&svg_ref);
}

int
svg_write(FILE *out, const struct svg_view *v)
{
	return svg_loaded()->write(out, v);
}

void
svg_measure(const struct svg_view *v, double *width, double *height)
{
	svg_loaded()->measure(v, width, height);
}

void
svg_marks(const struct rules *r, const struct move *m,
    unsigned char mark[POS_SQUARES])
{
	svg_loaded()->marks(r, m, mark);
}

enum svg_grid
svg_grid_of(const struct rules *r)
{
	return svg_loaded()->grid_of(r);
}

void
svg_layout_init(struct svg_layout *l, const struct rules *r, int flip)
{
	svg_loaded()->layout_init(l, r, flip);
}

void
svg_cell_centre(const struct svg_layout *l, unsigned x, unsigned y,
    double *cx, double *cy)
{
	svg_loaded()->cell_centre(l, x, y, cx, cy);
}

unsigned
svg_discs_shown(unsigned height)
{
	return svg_loaded()->discs_shown(height);
}

size_t
svg_text_clean(const char *in, char *buf, size_t size)
{
	return svg_loaded()->text_clean(in, buf, size);
}

int
svg_text_escape(FILE *out, const char *in)
{
	return svg_loaded()->text_escape(out, in);
}
