/*
 * png.c - PNG pictures: the SVG of svg.c rendered by librsvg (cairo),
 * written by libpng as cairo_surface_write_to_png writes them (RGB when
 * opaque, else RGBA unpremultiplied; a white bKGD) but compressed for
 * speed: zlib level 1, no row filter (for a board's flat colours that
 * is 4 times faster than cairo's level 6 with every filter tried, and
 * smaller).  The pixels are cairo's.
 */
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cairo.h>
#include <librsvg/rsvg.h>
#include <png.h>

#include "notation/png.h"

/* The size of libpng's message buffer. */
#define PNG_WHY 256

/* The PNG bytes as png_put gathers them. */
struct png_buf {
	unsigned char *data;
	size_t len, cap;
};

/* Appends n bytes to the buffer b; -1 when out of memory. */
static int
png_put(struct png_buf *b, const unsigned char *data, size_t n)
{
	unsigned char *p;
	size_t cap;

	if (b->len + n > b->cap) {
		cap = b->cap == 0 ? 65536 : b->cap;
		while (cap < b->len + n)
			cap *= 2;
		if ((p = realloc(b->data, cap)) == NULL)
			return -1;
		b->data = p;
		b->cap = cap;
	}
	memcpy(b->data + b->len, data, n);
	b->len += n;
	return 0;
}

/* libpng's write callback: appends to the png_buf of p's io pointer. */
static void
png_write(png_structp p, png_bytep data, size_t n)
{
	if (png_put(png_get_io_ptr(p), data, n) == -1)
		png_error(p, "out of memory");
}

/* libpng's flush callback: nothing to flush in memory. */
static void
png_flush(png_structp p)
{
	(void)p;
}

/* libpng's error callback: the message into why (its error pointer). */
static void
png_fail(png_structp p, png_const_charp msg)
{
	snprintf(png_get_error_ptr(p), PNG_WHY, "libpng: %s", msg);
	png_longjmp(p, 1);
}

/* Whether every pixel of the w x h ARGB32 surface data is opaque. */
static int
png_opaque(const unsigned char *data, int w, int h, int stride)
{
	const uint32_t *px;
	int x, y;

	for (y = 0; y < h; y++)
		for (px = (const uint32_t *)(data + (size_t)y * stride),
		    x = 0; x < w; x++)
			if (px[x] >> 24 != 255)
				return 0;
	return 1;
}

/* The pixel px (premultiplied ARGB) as 3 (RGB) or 4 (RGBA) bytes at
 * out, unpremultiplied as cairo does. */
static void
png_pixel(uint32_t px, int bytes, unsigned char *out)
{
	unsigned a = px >> 24, i, c;

	for (i = 0; i < 3; i++) {
		c = (px >> (16 - 8 * i)) & 255;
		out[i] = (unsigned char)(bytes == 3 ? c : a == 0 ? 0 :
		    (c * 255 + a / 2) / a);
	}
	if (bytes == 4)
		out[3] = (unsigned char)a;
}

/* Writes the rows of the surface s through p, bytes a pixel, from row. */
static void
png_rows(png_structp p, cairo_surface_t *s, int bytes, unsigned char *row)
{
	const unsigned char *data = cairo_image_surface_get_data(s);
	int w = cairo_image_surface_get_width(s);
	int h = cairo_image_surface_get_height(s);
	int stride = cairo_image_surface_get_stride(s), x, y;
	const uint32_t *px;

	for (y = 0; y < h; y++) {
		px = (const uint32_t *)(data + (size_t)y * stride);
		for (x = 0; x < w; x++)
			png_pixel(px[x], bytes, row + (size_t)x * bytes);
		png_write_row(p, row);
	}
}

/* Writes the PNG of the ARGB32 surface s into b (p's io pointer). */
static void
png_encode(png_structp p, png_infop info, cairo_surface_t *s,
    unsigned char **row)
{
	int w = cairo_image_surface_get_width(s);
	int h = cairo_image_surface_get_height(s);
	int opaque = png_opaque(cairo_image_surface_get_data(s), w, h,
	    cairo_image_surface_get_stride(s));
	png_color_16 white = { 0, 255, 255, 255, 255 };

	png_set_IHDR(p, info, (png_uint_32)w, (png_uint_32)h, 8, opaque ?
	    PNG_COLOR_TYPE_RGB : PNG_COLOR_TYPE_RGB_ALPHA, PNG_INTERLACE_NONE,
	    PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
	png_set_bKGD(p, info, &white);
	png_set_compression_level(p, 1);
	png_set_filter(p, PNG_FILTER_TYPE_BASE, PNG_FILTER_NONE);
	png_write_info(p, info);
	if ((*row = malloc((size_t)w * 4)) == NULL)
		png_error(p, "out of memory");
	png_rows(p, s, opaque ? 3 : 4, *row);
	png_write_end(p, info);
}

/* Writes the PNG of s into b through p; -1 when libpng failed. */
static int
png_guarded(png_structp p, png_infop info, cairo_surface_t *s,
    struct png_buf *b, unsigned char **row)
{
	if (setjmp(png_jmpbuf(p)) != 0)
		return -1;
	png_set_write_fn(p, b, png_write, png_flush);
	png_encode(p, info, s, row);
	return 0;
}

/* Writes the PNG of the surface s into b; -1 with the reason in why. */
static int
png_save(cairo_surface_t *s, struct png_buf *b, char *why, size_t size)
{
	png_structp p;
	png_infop info = NULL;
	unsigned char *row = NULL;
	char msg[PNG_WHY] = "out of memory";
	int rc = -1;

	if (cairo_surface_status(s) != CAIRO_STATUS_SUCCESS) {
		snprintf(why, size, "cairo: %s",
		    cairo_status_to_string(cairo_surface_status(s)));
		return -1;
	}
	p = png_create_write_struct(PNG_LIBPNG_VER_STRING, msg, png_fail,
	    NULL);
	if (p != NULL && (info = png_create_info_struct(p)) != NULL)
		rc = png_guarded(p, info, s, b, &row);
	png_destroy_write_struct(&p, &info);
	free(row);
	if (rc == -1)
		snprintf(why, size, "%s", msg);
	return rc;
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
	GError *e = NULL;
	RsvgHandle *h;
	int rc;

	if ((h = rsvg_handle_new_from_data((const guint8 *)svg, len,
	    &e)) == NULL)
		return png_gerror(e, why, size);
	rc = png_draw(h, &s, why, size);
	if (rc == 0)
		rc = png_save(s, b, why, size);
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
