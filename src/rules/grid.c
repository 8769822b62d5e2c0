/* grid.c - the playing squares of a W x H draughts board. */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "rules/grid.h"

unsigned
grid_squares(const struct grid *g)
{
	return (unsigned)g->width * g->height / 2;
}

/* The column of the first playing cell of row y. */
static unsigned
row_first(const struct grid *g, unsigned y)
{
	return (y + g->invert) & 1u;
}

/* Whether square 1 lies on the top row, and whether the numbers of a
 * row run from the right (GameType Notation digits 1 and 3). */
static int
from_top(const struct grid *g)
{
	return g->origin >= 2;
}

static int
from_right(const struct grid *g)
{
	return g->origin & 1;
}

void
grid_xy(const struct grid *g, unsigned sq, unsigned *x, unsigned *y)
{
	unsigned per = g->width / 2u, t = sq / per, k = sq % per;

	*y = from_top(g) ? g->height - 1u - t : t;
	if (from_right(g))
		k = per - 1u - k;
	*x = row_first(g, *y) + 2u * k;
}

int
grid_at(const struct grid *g, int x, int y)
{
	unsigned per = g->width / 2u, t, k;

	if (x < 0 || y < 0 || x >= g->width || y >= g->height ||
	    ((unsigned)x & 1u) != row_first(g, (unsigned)y))
		return -1;
	t = from_top(g) ? g->height - 1u - (unsigned)y : (unsigned)y;
	k = (unsigned)x / 2u;
	if (from_right(g))
		k = per - 1u - k;
	return (int)(t * per + k);
}

int
grid_next(const struct grid *g, unsigned sq, enum grid_dir d)
{
	static const signed char dx[] = { -1, 1, -1, 1, -2, 2, 0, 0 };
	static const signed char dy[] = { -1, -1, 1, 1, 0, 0, -2, 2 };
	unsigned x, y;

	if (sq >= grid_squares(g) || (unsigned)d >= GRID_NDIRS_ALL)
		return -1;
	grid_xy(g, sq, &x, &y);
	return grid_at(g, (int)x + dx[d], (int)y + dy[d]);
}

unsigned
grid_bit(const struct grid *g, unsigned sq)
{
	unsigned x, y;

	grid_xy(g, sq, &x, &y);
	if (g->invert)
		x = g->width - 1u - x;
	return (y * (g->width + 1u) + x) / 2u;
}

int
grid_shift(const struct grid *g, enum grid_dir d)
{
	int half = g->width / 2, left = half, right = half + 1;

	if (g->invert)		/* x' runs the other way */
		left = half + 1, right = half;
	switch (d) {
	case GRID_DOWN_LEFT:
		return -right;
	case GRID_DOWN_RIGHT:
		return -left;
	case GRID_UP_LEFT:
		return left;
	case GRID_UP_RIGHT:
		return right;
	case GRID_LEFT:
		return g->invert ? 1 : -1;
	case GRID_RIGHT:
		return g->invert ? -1 : 1;
	case GRID_DOWN:
		return -(g->width + 1);
	default:
		return g->width + 1;
	}
}

unsigned
grid_bits(const struct grid *g)
{
	return ((g->height - 1u) * (g->width + 1u) + g->width - 1u) / 2u + 1u;
}

static _Thread_local struct grid_map map;
static _Thread_local int map_valid;

/* Sets bit b in the two words w. */
static void
set_bit(uint64_t *w, unsigned b)
{
	w[b / 64u] |= (uint64_t)1 << (b % 64u);
}

const struct grid_map *
grid_map(const struct grid *g)
{
	unsigned sq, b, x, y, d;
	int next;

	if (map_valid && memcmp(&map.g, g, sizeof(*g)) == 0)
		return &map;
	memset(&map, 0, sizeof(map));
	memset(map.sq, SQ_NONE, sizeof(map.sq));
	map.g = *g;
	for (sq = 0; sq < grid_squares(g); sq++) {
		b = grid_bit(g, sq);
		map.bit[sq] = (uint8_t)b;
		map.sq[b] = (uint8_t)sq;
		set_bit(map.all, b);
		grid_xy(g, sq, &x, &y);
		if (y == g->height - 1u)
			set_bit(map.crown[0], b);
		if (y == 0)
			set_bit(map.crown[1], b);
		for (d = 0; d < GRID_NDIRS_ALL; d++)
			if ((next = grid_next(g, sq, (enum grid_dir)d)) >= 0)
				set_bit(map.into[d], grid_bit(g,
				    (unsigned)next));
	}
	map_valid = 1;
	return &map;
}

/* Reads the digits of s[0..n) (at most max of them) into *v; returns
 * how many were read. */
static size_t
read_digits(const char *s, size_t n, size_t max, unsigned *v)
{
	size_t i;

	*v = 0;
	for (i = 0; i < n && i < max && s[i] >= '0' && s[i] <= '9'; i++)
		*v = *v * 10u + (unsigned)(s[i] - '0');
	return i;
}

/* An algebraic name at s[0..n), s[0] a letter: the longest rank that
 * is on the board. */
static int
parse_algebraic(const struct grid *g, const char *s, size_t n,
    size_t *used)
{
	unsigned file = (unsigned)((s[0] | 0x20) - 'a'), rank;
	size_t k = read_digits(s + 1, n - 1, 2, &rank);

	if (k == 2 && (rank < 10 || rank > g->height)) {
		k = 1;
		rank /= 10;
	}
	*used = 1 + k;
	if (k == 0 || rank < 1 || file >= g->width)
		return -1;
	return grid_at(g, (int)file, (int)rank - 1);
}

int
grid_square_parse(const struct grid *g, const char *s, size_t n,
    size_t *used)
{
	size_t zeros = 0, k;
	unsigned v;

	*used = 0;
	if (n > 0 && (s[0] | 0x20) >= 'a' && (s[0] | 0x20) <= 'z')
		return parse_algebraic(g, s, n, used);
	/* leading zeros, as PDN 3.0's FEN NUMSQUARE allows: 09 */
	while (zeros + 1 < n && s[zeros] == '0' && s[zeros + 1] >= '0' &&
	    s[zeros + 1] <= '9')
		zeros++;
	k = read_digits(s + zeros, n - zeros, 3, &v);
	*used = zeros + k;
	if (k == 0 || k > 2 || v < 1 || v > grid_squares(g))
		return -1;
	return (int)v - 1;
}

int
grid_square_name(const struct grid *g, unsigned sq, enum square_style st,
    char *buf, size_t size)
{
	unsigned x, y;
	int len;

	if (sq >= grid_squares(g))
		return -1;
	if (st == SQUARES_ALGEBRAIC) {
		grid_xy(g, sq, &x, &y);
		len = snprintf(buf, size, "%c%u", 'a' + x, y + 1u);
	} else
		len = snprintf(buf, size, "%u", sq + 1u);
	return len < 0 || (size_t)len >= size ? -1 : len;
}

/* The length of a separator at s[0..n), or 0. */
static size_t
sep_length(const char *s, size_t n)
{
	if (n >= 1 && strchr("-xX:", s[0]) != NULL && s[0] != '\0')
		return 1;
	if (n >= 2 && (unsigned char)s[0] == 0xC3 &&
	    (unsigned char)s[1] == 0x97)
		return 2;
	return 0;
}

int
grid_move_parse(const struct grid *g, const char *s, size_t n,
    struct move *pt, size_t *err)
{
	size_t i, len, sep;
	int from, to;
	struct step *st;

	memset(pt, 0, sizeof(*pt));
	pt->kind = MOVE_ORDINARY;
	if ((from = grid_square_parse(g, s, n, &len)) < 0) {
		*err = 0;
		return -1;
	}
	for (i = len; i < n; i += len, from = to) {
		/* PDN's alphanumeric move: two algebraic names, no separator
		 * ("a3b4") */
		if ((sep = sep_length(s + i, n - i)) == 0 &&
		    !(isalpha((unsigned char)s[i - len]) &&
		    isalpha((unsigned char)s[i]))) {
			*err = i;
			return -1;
		}
		i += sep;
		if ((to = grid_square_parse(g, s + i, n - i, &len)) < 0 ||
		    pt->nsteps >= MOVE_MAX_STEPS) {
			*err = i;
			return -1;
		}
		st = &pt->step[pt->nsteps++];
		*st = (struct step){ (uint8_t)from, (uint8_t)to, SQ_NONE, 0,
		    STEP_ANY };
	}
	if (pt->nsteps == 0) {
		*err = n;
		return -1;
	}
	pt->flags |= MOVE_ELIDED;
	return 0;
}

int
grid_move_write(const struct grid *g, enum square_style st, char sep,
    const unsigned *sq, unsigned n, char *buf, size_t size)
{
	size_t at = 0;
	unsigned i;
	int len;

	if (size == 0)
		return -1;
	buf[0] = '\0';
	for (i = 0; i < n; i++) {
		if (i > 0) {
			if (at + 1 >= size)
				return -1;
			buf[at++] = sep;
		}
		if ((len = grid_square_name(g, sq[i], st, buf + at,
		    size - at)) < 0)
			return -1;
		at += (size_t)len;
	}
	return (int)at;
}

/* Whether c is a file letter of g in lower case. */
static int
is_file(const struct grid *g, char c)
{
	return c >= 'a' && c < 'a' + g->width;
}

/* The square whose name starts at s[i], not glued to what stands
 * around it (grid_restyle), with *len its bytes; -1 if none. */
static int
name_at(const struct grid *g, const char *s, size_t i, size_t *len)
{
	char c = s[i];
	int sq;

	if (i > 0 && ((s[i - 1] >= '0' && s[i - 1] <= '9') ||
	    is_file(g, s[i - 1])))
		return -1;
	if (!is_file(g, c) && !(c >= '0' && c <= '9'))
		return -1;
	sq = grid_square_parse(g, s + i, strlen(s + i), len);
	if (sq < 0 || (s[i + *len] >= '0' && s[i + *len] <= '9'))
		return -1;
	return sq;
}

int
grid_text_style(const struct grid *g, const char *s)
{
	size_t i, len;

	for (i = 0; s[i] != '\0'; i++)
		if (name_at(g, s, i, &len) >= 0)
			return is_file(g, s[i]) ? SQUARES_ALGEBRAIC :
			    SQUARES_NUMERIC;
	return -1;
}

int
grid_restyle(const struct grid *g, const char *s, enum square_style st,
    char *buf, size_t size)
{
	size_t i = 0, at = 0, len;
	int sq, w;

	while (s[i] != '\0') {
		if ((sq = name_at(g, s, i, &len)) < 0) {
			if (at + 1 >= size)
				return -1;
			buf[at++] = s[i++];
			continue;
		}
		if ((w = grid_square_name(g, (unsigned)sq, st, buf + at,
		    size - at)) < 0)
			return -1;
		at += (size_t)w;
		i += len;
	}
	if (at >= size)
		return -1;
	buf[at] = '\0';
	return (int)at;
}
