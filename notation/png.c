/* png.c - PNG pictures: the SVG of svg.c rendered by librsvg (cairo). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cairo.h>
#include <librsvg/rsvg.h>

#include "notation/png.h"

/* The PNG bytes as cairo writes them. */
struct png_buf {
	unsigned char *data;
	size_t len, cap;
};

/* cairo's write callback: appends n bytes to the buffer ctx. */
static cairo_status_t
png_put(void *ctx, const unsigned char *data, unsigned int n)
{
	struct png_buf *b = ctx;
	unsigned char *p;
	size_t cap;

	if (b->len + n > b->cap) {
		cap = b->cap == 0 ? 65536 : b->cap;
		while (cap < b->len + n)
			cap *= 2;
		if ((p = realloc(b->data, cap)) == NULL)
			return CAIRO_STATUS_NO_MEMORY;
		b->data = p;
		b->cap = cap;
	}
	memcpy(b->data + b->len, data, n);
	b->len += n;
	return CAIRO_STATUS_SUCCESS;
}

/* The SVG document of v, at v->size or else at its natural size
 * rounded (so the picture is whole pixels), in *len bytes; NULL when
 * out of memory. */
static char *
png_svg(const struct svg_view *v, size_t *len)
{
	struct svg_view sized = *v;
	char *text = NULL;
	double w, h;
	FILE *out;

	if (sized.size == 0) {
		svg_measure(v, &w, &h);
		sized.size = (unsigned)((w > h ? w : h) + 0.5);
	}
	if ((out = open_memstream(&text, len)) == NULL)
		return NULL;
	if (svg_write(out, &sized) == -1) {
		fclose(out);
		free(text);
		return NULL;
	}
	if (fclose(out) != 0) {
		free(text);
		return NULL;
	}
	return text;
}

/* Writes "librsvg: MESSAGE" into why and frees e. */
static int
png_gerror(GError *e, char *why, size_t size)
{
	snprintf(why, size, "librsvg: %s", e != NULL ? e->message :
	    "no size");
	if (e != NULL)
		g_error_free(e);
	return -1;
}

/* Draws the document h on a new surface of its own size, *out. */
static int
png_draw(RsvgHandle *h, cairo_surface_t **out, char *why, size_t size)
{
	RsvgRectangle vp = { 0, 0, 0, 0 };
	GError *e = NULL;
	cairo_t *cr;
	int rc = 0;

	if (!rsvg_handle_get_intrinsic_size_in_pixels(h, &vp.width,
	    &vp.height))
		return png_gerror(NULL, why, size);
	*out = cairo_image_surface_create(CAIRO_FORMAT_ARGB32,
	    (int)(vp.width + 0.5), (int)(vp.height + 0.5));
	cr = cairo_create(*out);
	if (!rsvg_handle_render_document(h, cr, &vp, &e))
		rc = png_gerror(e, why, size);
	else if (cairo_status(cr) != CAIRO_STATUS_SUCCESS) {
		snprintf(why, size, "cairo: %s",
		    cairo_status_to_string(cairo_status(cr)));
		rc = -1;
	}
	cairo_destroy(cr);
	return rc;
}

/* Renders the SVG text svg[0..len) into b. */
static int
png_from_svg(const char *svg, size_t len, struct png_buf *b, char *why,
    size_t size)
{
	cairo_surface_t *s = NULL;
	cairo_status_t st;
	GError *e = NULL;
	RsvgHandle *h;
	int rc;

	if ((h = rsvg_handle_new_from_data((const guint8 *)svg, len,
	    &e)) == NULL)
		return png_gerror(e, why, size);
	rc = png_draw(h, &s, why, size);
	if (rc == 0 && (st = cairo_surface_write_to_png_stream(s, png_put,
	    b)) != CAIRO_STATUS_SUCCESS) {
		snprintf(why, size, "cairo: %s", cairo_status_to_string(st));
		rc = -1;
	}
	if (s != NULL)
		cairo_surface_destroy(s);
	g_object_unref(h);
	return rc;
}

static int
png_render(const struct svg_view *v, unsigned char **data, size_t *len,
    char *why, size_t size)
{
	struct png_buf b = { NULL, 0, 0 };
	size_t svglen;
	char *svg;
	int rc;

	*data = NULL;
	*len = 0;
	if ((svg = png_svg(v, &svglen)) == NULL) {
		snprintf(why, size, "out of memory");
		return -1;
	}
	rc = png_from_svg(svg, svglen, &b, why, size);
	free(svg);
	if (rc == -1) {
		free(b.data);
		return -1;
	}
	*data = b.data;
	*len = b.len;
	return 0;
}

/* The table stackref-png.so exports (png.h). */
MODULE_EXPORT const struct png_module stackref_png = {
	.render = png_render,
};
