/*
 * pngcmp.c - reads PNG files for tests/png.sh (decoded by cairo's PNG
 * reader, which draws nothing).
 *
 *   pngcmp size A.png                 prints "WIDTH HEIGHT"
 *   pngcmp diff A.png B.png           prints "PIXELS DIFFERENT MAXDIFF":
 *                                     the pixels, how many differ by
 *                                     more than 2 in a channel, and the
 *                                     largest difference in a channel
 *                                     (status 1 when the sizes differ)
 *   pngcmp mean A.png R X Y [X Y]...  prints "R G B" per point: the mean
 *                                     colour of the square of side 2R+1
 *                                     centred there
 *
 * Status 2 on a usage error or a file that does not decode.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cairo.h>

/* The image of path as ARGB32, or NULL (reported). */
static cairo_surface_t *
pngcmp_load(const char *path)
{
	cairo_surface_t *s = cairo_image_surface_create_from_png(path);

	if (cairo_surface_status(s) != CAIRO_STATUS_SUCCESS) {
		fprintf(stderr, "pngcmp: %s: %s\n", path,
		    cairo_status_to_string(cairo_surface_status(s)));
		cairo_surface_destroy(s);
		return NULL;
	}
	cairo_surface_flush(s);
	return s;
}

/* Channel c (0 blue, 1 green, 2 red, 3 alpha) of the pixel at x, y. */
static int
pngcmp_at(cairo_surface_t *s, int x, int y, int c)
{
	const unsigned char *row = cairo_image_surface_get_data(s) +
	    (size_t)y * (size_t)cairo_image_surface_get_stride(s);
	unsigned int px;

	memcpy(&px, row + 4 * (size_t)x, 4);
	return (int)((px >> (8 * c)) & 0xff);
}

static int
pngcmp_diff(cairo_surface_t *a, cairo_surface_t *b)
{
	int w = cairo_image_surface_get_width(a);
	int h = cairo_image_surface_get_height(a);
	long differ = 0;
	int x, y, c, d, max = 0, worst;

	if (w != cairo_image_surface_get_width(b) ||
	    h != cairo_image_surface_get_height(b)) {
		printf("sizes %dx%d and %dx%d\n", w, h,
		    cairo_image_surface_get_width(b),
		    cairo_image_surface_get_height(b));
		return 1;
	}
	for (y = 0; y < h; y++)
		for (x = 0; x < w; x++) {
			for (worst = 0, c = 0; c < 4; c++) {
				d = abs(pngcmp_at(a, x, y, c) -
				    pngcmp_at(b, x, y, c));
				worst = d > worst ? d : worst;
			}
			differ += worst > 2;
			max = worst > max ? worst : max;
		}
	printf("%ld %ld %d\n", (long)w * h, differ, max);
	return 0;
}

/* The mean colour around x, y (clipped to the image). */
static void
pngcmp_mean(cairo_surface_t *s, int r, int x, int y)
{
	int w = cairo_image_surface_get_width(s);
	int h = cairo_image_surface_get_height(s);
	long sum[3] = { 0, 0, 0 }, n = 0;
	int i, j, c;

	for (j = y - r; j <= y + r; j++)
		for (i = x - r; i <= x + r; i++) {
			if (i < 0 || j < 0 || i >= w || j >= h)
				continue;
			for (c = 0; c < 3; c++)
				sum[c] += pngcmp_at(s, i, j, 2 - c);
			n++;
		}
	if (n == 0)
		n = 1;
	printf("%ld %ld %ld\n", sum[0] / n, sum[1] / n, sum[2] / n);
}

int
main(int argc, char *argv[])
{
	cairo_surface_t *a, *b = NULL;
	int rc = 0, i;

	if (argc < 3 || (a = pngcmp_load(argv[2])) == NULL)
		return 2;
	if (strcmp(argv[1], "size") == 0)
		printf("%d %d\n", cairo_image_surface_get_width(a),
		    cairo_image_surface_get_height(a));
	else if (strcmp(argv[1], "diff") == 0 && argc == 4 &&
	    (b = pngcmp_load(argv[3])) != NULL)
		rc = pngcmp_diff(a, b);
	else if (strcmp(argv[1], "mean") == 0 && argc >= 6 && argc % 2 == 0)
		for (i = 4; i + 1 < argc; i += 2)
			pngcmp_mean(a, atoi(argv[3]), atoi(argv[i]),
			    atoi(argv[i + 1]));
	else
		rc = 2;
	cairo_surface_destroy(a);
	if (b != NULL)
		cairo_surface_destroy(b);
	return rc;
}
