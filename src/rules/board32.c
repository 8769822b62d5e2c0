/* board32.c - checkerboard geometry and the checkers-style move text. */
#include <stdio.h>
#include <string.h>

#include "rules/board32.h"

unsigned
board32_column(unsigned sq)
{
	unsigned r = sq / 4, p = sq % 4;

	return r % 2 == 0 ? 2 * p + 1 : 2 * p;
}

/* Square at row r, diagram column c, or -1 off the board. */
static int
square_at(int r, int c)
{
	if (r < 0 || r > 7 || c < 0 || c > 7 || (r + c) % 2 == 0)
		return -1;
	return r * 4 + c / 2;
}

int
board32_next(unsigned sq, enum b32_dir d)
{
	int dr = d >= B32_FWD_LOW ? 1 : -1;
	int dc = (d == B32_BACK_HIGH || d == B32_FWD_HIGH) ? 1 : -1;

	if (sq >= B32_SQUARES)
		return -1;
	return square_at((int)(sq / 4) + dr, (int)board32_column(sq) + dc);
}

int
board32_jump(unsigned sq, enum b32_dir d)
{
	int mid = board32_next(sq, d);

	return mid < 0 ? -1 : board32_next((unsigned)mid, d);
}

int
board32_crown_row(unsigned sq, unsigned side)
{
	return side == 0 ? sq / 4 == 7 : sq / 4 == 0;
}

void
board32_start(struct pos *p)
{
	unsigned i;

	pos_clear(p, B32_SQUARES, SIDE_FIRST);
	for (i = 0; i < 12; i++) {
		stack_push(&p->sq[i], SIDE_FIRST, 0);
		stack_push(&p->sq[B32_SQUARES - 1 - i], SIDE_SECOND, 0);
	}
}

/* Reads an algebraic square name (f6, F6) at s[0..n), s[0] a file a-h
 * in either case. */
static int
square_parse_algebraic(const char *s, size_t n, size_t *used)
{
	*used = 1;
	if (n < 2 || s[1] < '1' || s[1] > '8')
		return -1;
	*used = 2;
	return square_at('8' - s[1], (s[0] | 0x20) - 'a');
}

int
board32_square_parse(const char *s, size_t n, size_t *used)
{
	size_t i, zeros = 0;
	unsigned v = 0;

	if (n > 0 && (s[0] | 0x20) >= 'a' && (s[0] | 0x20) <= 'h')
		return square_parse_algebraic(s, n, used);
	/* leading zeros, as PDN 3.0's FEN NUMSQUARE allows: 09, 018 */
	while (zeros + 1 < n && s[zeros] == '0' && s[zeros + 1] >= '0' &&
	    s[zeros + 1] <= '9')
		zeros++;
	for (i = zeros; i < n && i < zeros + 3 && s[i] >= '0' && s[i] <= '9';
	    i++)
		v = v * 10 + (unsigned)(s[i] - '0');
	*used = i;
	if (i == zeros || i > zeros + 2 || v < 1 || v > B32_SQUARES)
		return -1;
	return (int)v - 1;
}

int
board32_square_name(unsigned sq, char *buf, size_t size)
{
	return board32_square_style_name(sq, SQUARES_NUMERIC, buf, size);
}

int
board32_square_style_name(unsigned sq, enum square_style st, char *buf,
    size_t size)
{
	int len;

	if (st == SQUARES_ALGEBRAIC)
		len = snprintf(buf, size, "%c%u",
		    'a' + board32_column(sq), 8 - sq / 4);
	else
		len = snprintf(buf, size, "%u", sq + 1);
	return len < 0 || (size_t)len >= size ? -1 : len;
}

/*
 * The square name at s[i], if one starts there: sets *len and returns
 * the square, else returns -1.  An algebraic name is a file a-h and one
 * rank digit not followed by another digit; a numeric one is a run of
 * one or two digits naming 1..32, not glued to a file letter (a longer
 * run is no square).
 */
static int
square_token(const char *s, size_t i, size_t *len)
{
	size_t n = 0;

	if (s[i] >= 'a' && s[i] <= 'h') {
		if (s[i + 1] == '\0' || (s[i + 2] >= '0' && s[i + 2] <= '9'))
			return -1;
		return square_parse_algebraic(s + i, 2, len);
	}
	if (i > 0 && ((s[i - 1] >= '0' && s[i - 1] <= '9') ||
	    (s[i - 1] >= 'a' && s[i - 1] <= 'h')))
		return -1;
	while (s[i + n] >= '0' && s[i + n] <= '9')
		n++;
	if (n == 0 || n > 2)
		return -1;
	return board32_square_parse(s + i, n, len);
}

int
board32_text_style(const char *s)
{
	size_t i, len;

	for (i = 0; s[i] != '\0'; i++)
		if (square_token(s, i, &len) >= 0)
			return s[i] >= 'a' && s[i] <= 'h' ? SQUARES_ALGEBRAIC :
			    SQUARES_NUMERIC;
	return -1;
}

int
board32_restyle(const char *s, enum square_style st, char *buf, size_t size)
{
	size_t i = 0, at = 0, len;
	int sq, w;

	if (size == 0)
		return -1;
	while (s[i] != '\0') {
		if ((sq = square_token(s, i, &len)) < 0) {
			if (at + 1 >= size)
				return -1;
			buf[at++] = s[i++];
			continue;
		}
		if ((w = board32_square_style_name((unsigned)sq, st,
		    buf + at, size - at)) < 0)
			return -1;
		at += (size_t)w;
		i += len;
	}
	buf[at] = '\0';
	return (int)at;
}

void
board32_square_xy(unsigned sq, unsigned *x, unsigned *y)
{
	*x = 7 - board32_column(sq);
	*y = sq / 4;
}

/* Reads a separator at s[0..n): returns its step kind and sets *len, or
 * returns -1.  Every separator reads as STEP_ANY: on this board the two
 * squares alone say whether a step is a plain move or a jump, and real
 * archives write both ways (tinsley.pdn has 10x14 for the plain move). */
static int
sep_parse(const char *s, size_t n, size_t *len)
{
	*len = 1;
	if (n >= 1 && (s[0] == '-' || s[0] == ':'))
		return STEP_ANY;
	if (n >= 1 && (s[0] == 'x' || s[0] == 'X'))
		return STEP_ANY;
	if (n >= 2 && (unsigned char)s[0] == 0xC3 &&
	    (unsigned char)s[1] == 0x97) {
		*len = 2;
		return STEP_ANY;
	}
	return -1;
}

/* Appends the step from -> to of kind to pattern. */
static int
pattern_add(struct move *pt, int from, int to, int kind)
{
	struct step *st;

	if (pt->nsteps >= MOVE_MAX_STEPS)
		return -1;
	st = &pt->step[pt->nsteps++];
	st->from = (uint8_t)from;
	st->to = (uint8_t)to;
	st->over = SQ_NONE;
	st->count = 0;
	st->kind = (uint8_t)kind;
	return 0;
}

/* Whether s[0..n) names exactly one square; sets *sq. */
static int
whole_square(const char *s, size_t n, int *sq)
{
	size_t used = 0;

	*sq = board32_square_parse(s, n, &used);
	return *sq >= 0 && used == n;
}

static int
all_digits(const char *s, size_t n)
{
	while (n > 0 && s[n - 1] >= '0' && s[n - 1] <= '9')
		n--;
	return n == 0;
}

/*
 * A move of two squares written without a separator: PDN 3.0's
 * ALPHAMOVE ("a3b4") and the reading grammar's numeric "1115", whose
 * digits must split into two squares one way only.  Returns 0 with the
 * step in pt, or -1.
 */
static int
glued_parse(const char *s, size_t n, struct move *pt)
{
	int from = -1, to = -1, a, b;
	size_t k, ways = 0;

	if (n == 4 && (s[0] | 0x20) >= 'a' && (s[0] | 0x20) <= 'h' &&
	    (s[2] | 0x20) >= 'a' && (s[2] | 0x20) <= 'h')
		ways = whole_square(s, 2, &from) && whole_square(s + 2, 2, &to);
	else if ((n == 3 || n == 4) && all_digits(s, n))
		for (k = 1; k <= 2; k++)
			if (whole_square(s, k, &a) &&
			    whole_square(s + k, n - k, &b)) {
				from = a, to = b;
				ways++;
			}
	if (ways != 1)
		return -1;
	pattern_add(pt, from, to, STEP_ANY);
	pt->flags |= MOVE_ELIDED;
	return 0;
}

int
board32_move_parse(const char *s, size_t n, struct move *pt, size_t *err)
{
	size_t i, len;
	int from, to, kind;

	memset(pt, 0, sizeof(*pt));
	pt->kind = MOVE_ORDINARY;
	if (glued_parse(s, n, pt) == 0)
		return 0;
	memset(pt, 0, sizeof(*pt));
	pt->kind = MOVE_ORDINARY;
	if ((from = board32_square_parse(s, n, &len)) < 0) {
		*err = len > 2 ? 2 : 0;
		return -1;
	}
	for (i = len; i < n; i += len, from = to) {
		if ((kind = sep_parse(s + i, n - i, &len)) < 0) {
			*err = i;
			return -1;
		}
		i += len;
		if ((to = board32_square_parse(s + i, n - i, &len)) < 0 ||
		    pattern_add(pt, from, to, kind) < 0) {
			*err = len > 2 ? i + 2 : i;
			return -1;
		}
	}
	if (pt->nsteps == 0) {
		*err = n;
		return -1;
	}
	pt->flags |= MOVE_ELIDED;	/* any text may leave squares out */
	return 0;
}

int
board32_move_match(const struct rules *r, const struct pos *p,
    const struct move *pattern, const struct move *legal)
{
	return rules_path_match(r, p, pattern, legal);
}

/* Whether the capture m must be written with its whole path: another
 * legal move has the same ends. */
static int
needs_path(const struct rules *r, const struct pos *p, const struct move *m)
{
	return m->nsteps > 1 && rules_same_ends(r, p, m) > 1;
}

/* Appends "sep square" (r's name of sq) to buf at *at; -1 when it does
 * not fit. */
static int
put_square(const struct rules *r, char *buf, size_t size, size_t *at,
    char sep, unsigned sq)
{
	int len;

	if (sep != '\0') {
		if (*at + 1 >= size)
			return -1;
		buf[(*at)++] = sep;
		buf[*at] = '\0';
	}
	if ((len = r->square_name(sq, buf + *at, size - *at)) < 0)
		return -1;
	*at += (size_t)len;
	return 0;
}

int
board32_move_format(const struct rules *r, const struct pos *p,
    const struct move *m, char *buf, size_t size)
{
	size_t at = 0;
	unsigned i;
	char sep;

	if (size == 0 || m->nsteps == 0)
		return -1;
	sep = m->step[0].kind == STEP_CAPTURE ? 'x' : '-';
	if (put_square(r, buf, size, &at, '\0', m->step[0].from) < 0)
		return -1;
	if (needs_path(r, p, m)) {
		for (i = 0; i < m->nsteps; i++)
			if (put_square(r, buf, size, &at, sep, m->step[i].to) < 0)
				return -1;
	} else if (put_square(r, buf, size, &at, sep,
	    m->step[m->nsteps - 1].to) < 0)
		return -1;
	return (int)at;
}
