/*
 * png.h - the PNG picture of a position, for mail clients that show no
 * SVG (Gmail, Outlook): the SVG document of svg.h, rendered by librsvg.
 * One drawing, two formats: whatever svg_write draws, the PNG shows, at
 * the same proportions.
 *
 * librsvg, and through it cairo and GLib, are used in png.c and
 * nowhere else, the code of stackref-png.so; this header includes none
 * of them, and PNG_MODULE is the only way in, so that librsvg is loaded
 * only when a picture is asked for.
 */
#ifndef STACKREF_NOTATION_PNG_H
#define STACKREF_NOTATION_PNG_H

#include <stddef.h>

#include "base/module.h"
#include "notation/svg.h"

/* The PNG renderer: the table stackref-png.so exports (png.c). */
struct png_module {
	/*
	 * Renders the SVG document of v as a PNG image of v->size pixels on
	 * its longer side (0: the picture's natural size, a pixel a unit,
	 * rounded), opaque, into *data (allocated; the caller frees it) of
	 * *len bytes.  The same view gives the same bytes.  Returns 0, or -1
	 * with the reason in why (of size bytes: "out of memory", or what
	 * librsvg or cairo said) and *data NULL.
	 */
	int (*render)(const struct svg_view *v, unsigned char **data,
	    size_t *len, char *why, size_t size);
};

/* The table, stackref-png.so loaded on first use (base/module.h). */
#define PNG_MODULE ((const struct png_module *)module_table(MODULE_PNG))

#endif
