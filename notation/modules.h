/*
 * modules.h - the tables the notation layer's modules export
 * (base/module.h): stackref-xml.so the XML notation (the table
 * notation_xml of xml.c itself) and svg.h (svg_module, svg.c);
 * stackref-png.so png.h (png_module, png.c).  The stubs the binary
 * has in their place (xmlload.c, svgload.c, pngload.c) call through
 * them.  Private to notation/.
 */
#ifndef STACKREF_NOTATION_MODULES_H
#define STACKREF_NOTATION_MODULES_H

#include "notation/png.h"
#include "notation/svg.h"

/* The symbols of the tables. */
#define XML_MODULE "notation_xml"
#define SVG_MODULE "svg_module"
#define PNG_MODULE "png_module"

/* svg.h, function by function. */
struct svg_module {
	int (*write)(FILE *out, const struct svg_view *v);
	void (*measure)(const struct svg_view *v, double *width,
	    double *height);
	void (*marks)(const struct rules *r, const struct move *m,
	    unsigned char mark[POS_SQUARES]);
	enum svg_grid (*grid_of)(const struct rules *r);
	void (*layout_init)(struct svg_layout *l, const struct rules *r,
	    int flip);
	void (*cell_centre)(const struct svg_layout *l, unsigned x,
	    unsigned y, double *cx, double *cy);
	unsigned (*discs_shown)(unsigned height);
	size_t (*text_clean)(const char *in, char *buf, size_t size);
	int (*text_escape)(FILE *out, const char *in);
};

/* png.h. */
struct png_module {
	int (*render)(const struct svg_view *v, unsigned char **data,
	    size_t *len, char *why, size_t size);
};

#endif
