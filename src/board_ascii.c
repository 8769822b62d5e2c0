/* board_ascii.c - text diagrams of positions for every game. */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "board_ascii.h"

#define BOARD_DIM 16          /* largest grid side */
#define BOARD_LINE 1024

struct board_grid {
	int sq[BOARD_DIM][BOARD_DIM];   /* square at [y][x], or -1 */
	unsigned w, h;
	size_t cw, nw;                  /* cell and name widths */
};

int
board_stack_text(const struct rules *r, const struct stack *s, char *buf,
    size_t size)
{
	unsigned i, n = 0;
	char c;

	for (i = s->height; i-- > 0 && n + 1 < size;) {
		c = r->letter[(s->owner >> i) & 1u];
		if ((s->crown >> i) & 1u)
			c = (char)toupper((unsigned char)c);
		buf[n++] = c;
	}
	buf[n] = '\0';
	return (int)n;
}

static void
board_grid_fill(struct board_grid *g, const struct rules *r,
    const struct pos *p)
{
	char name[32];
	unsigned sq, x, y;
	size_t n;

	memset(g->sq, -1, sizeof(g->sq));
	g->w = r->width < BOARD_DIM ? r->width : BOARD_DIM;
	g->h = r->height < BOARD_DIM ? r->height : BOARD_DIM;
	g->cw = 1;
	g->nw = 1;
	for (sq = 0; sq < r->nsquares; sq++) {
		r->square_xy(sq, &x, &y);
		if (x >= g->w || y >= g->h)
			continue;
		g->sq[y][x] = (int)sq;
		if (p->sq[sq].height > g->cw)
			g->cw = p->sq[sq].height;
		if (r->square_name(sq, name, sizeof(name)) > 0 &&
		    (n = strlen(name)) > g->nw)
			g->nw = n;
	}
}

/* Appends text right-aligned in width columns, then one space. */
static void
board_cell(char *line, size_t *len, const char *text, size_t width)
{
	size_t n = strlen(text);

	if (*len + width + 2 >= BOARD_LINE)
		return;
	while (n < width) {
		line[(*len)++] = ' ';
		width--;
	}
	memcpy(line + *len, text, n);
	*len += n;
	line[(*len)++] = ' ';
}

static int
board_row(FILE *out, const struct rules *r, const struct pos *p,
    const struct board_grid *g, unsigned y, int flip)
{
	char line[BOARD_LINE], text[64];
	size_t len = 2, i;
	unsigned k, x;
	int sq;

	memset(line, ' ', len);
	for (i = 0; i < 2; i++) {
		for (k = 0; k < g->w; k++) {
			x = flip ? g->w - 1 - k : k;
			sq = g->sq[y][x];
			if (sq < 0)
				text[0] = '\0';
			else if (i == 1)
				r->square_name((unsigned)sq, text, sizeof(text));
			else if (p->sq[sq].height == 0)
				strcpy(text, ".");
			else
				board_stack_text(r, &p->sq[sq], text,
				    sizeof(text));
			board_cell(line, &len, text, i == 0 ? g->cw : g->nw);
		}
		board_cell(line, &len, "", 3);
	}
	while (len > 0 && line[len - 1] == ' ')
		len--;
	line[len] = '\0';
	return fprintf(out, "%s\n", line) < 0 ? -1 : 0;
}

/* The legend of stacks taller than one checker, in square order. */
static int
board_legend(FILE *out, const struct rules *r, const struct pos *p)
{
	char name[32], text[64];
	unsigned sq;
	int any = 0;

	for (sq = 0; sq < r->nsquares; sq++) {
		if (p->sq[sq].height < 2)
			continue;
		if (!any)
			fputs("stacks (top first):", out);
		any = 1;
		r->square_name(sq, name, sizeof(name));
		board_stack_text(r, &p->sq[sq], text, sizeof(text));
		fprintf(out, " %s=%s", name, text);
	}
	if (any)
		fputc('\n', out);
	return ferror(out) ? -1 : 0;
}

int
board_ascii(FILE *out, const struct rules *r, const struct pos *p, int flip)
{
	struct board_grid g;
	unsigned k;

	board_grid_fill(&g, r, p);
	for (k = 0; k < g.h; k++)
		if (board_row(out, r, p, &g, flip ? k : g.h - 1 - k,
		    flip) == -1)
			return -1;
	return board_legend(out, r, p);
}
