/* ascii.c - text diagrams of positions for every game. */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "notation/ascii.h"

#define BOARD_DIM 16          /* largest grid side */
#define BOARD_LINE 1024
#define BOARD_WRAP 78         /* legend lines wrap before this column */
#define BOARD_WIDE 80         /* wider: the names grid goes under the board */
#define BOARD_MARKS "*o"      /* empty castle of the first, second side */

/* What a row line holds. */
enum board_part {
	BOARD_CELLS,          /* the cells only */
	BOARD_NAMES,          /* the square names only */
	BOARD_BOTH            /* the cells, then the names beside them */
};

struct board_grid {
	int sq[BOARD_DIM][BOARD_DIM];   /* square at [y][x], or -1 */
	unsigned w, h;
	size_t cw, nw;                  /* cell and name widths */
	int coords;                     /* names drawn as row/column labels */
	int below;                      /* names grid under the board */
	char col[BOARD_DIM][RULES_LABEL];  /* column labels (letters) */
	char row[BOARD_DIM][RULES_LABEL];  /* row labels (digits) */
	size_t lw;                      /* width of the row labels */
	int style;                      /* of the square names, or -1 */
};

int
board_stack_text(const struct rules *r, const struct stack *s, char *buf,
    size_t size)
{
	unsigned i, n = 0;
	char c;

	if (size == 0)
		return 0;
	for (i = s->height; i-- > 0 && n + 1 < size;) {
		c = r->letter[(s->owner >> i) & 1u];
		if ((s->crown >> i) & 1u)
			c = (char)toupper((unsigned char)c);
		buf[n++] = c;
	}
	buf[n] = '\0';
	return (int)n;
}

/* What the cell of square sq shows: its stack (cut to BOARD_CELL_MAX
 * with '+'), '.', or a castle mark. */
static void
board_cell_text(const struct rules *r, const struct pos *p, unsigned sq,
    char *text, size_t size)
{
	const struct stack *s = &p->sq[sq];
	int side;

	if (s->height == 0) {
		side = r->square_castle != NULL ? r->square_castle(sq) : -1;
		text[0] = side == 0 || side == 1 ? BOARD_MARKS[side] : '.';
		text[1] = '\0';
		return;
	}
	board_stack_text(r, s, text, size);
	if (s->height > BOARD_CELL_MAX) {
		text[BOARD_CELL_MAX - 1] = '+';
		text[BOARD_CELL_MAX] = '\0';
	}
}

/* Whether the squares' names are coordinates (rules_coord_labels);
 * fills the labels of g and the width of the row labels if so. */
static int
board_coords(struct board_grid *g, const struct rules *r)
{
	unsigned y;

	g->lw = 1;
	if (!rules_coord_labels(r, g->style, g->col, BOARD_DIM, g->row,
	    BOARD_DIM))
		return 0;
	for (y = 0; y < g->h; y++)
		if (strlen(g->row[y]) > g->lw)
			g->lw = strlen(g->row[y]);
	return 1;
}

static void
board_grid_fill(struct board_grid *g, const struct rules *r,
    const struct pos *p, int style)
{
	char name[32];
	unsigned sq, x, y;
	size_t n;

	memset(g->sq, -1, sizeof(g->sq));
	g->style = style;
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
		if (rules_square_text(r, sq, style, name, sizeof(name)) > 0 &&
		    (n = strlen(name)) > g->nw)
			g->nw = n;
	}
	if (g->cw > BOARD_CELL_MAX)
		g->cw = BOARD_CELL_MAX;
	g->coords = board_coords(g, r);
	g->below = !g->coords &&
	    2 + g->w * (g->cw + 1) + 4 + g->w * (g->nw + 1) > BOARD_WIDE;
}

/* Appends text right-aligned in width columns, then one space. */
static void
board_cell(char *line, size_t *len, const char *text, size_t width)
{
	size_t n = strlen(text);

	if (*len + width + n + 2 >= BOARD_LINE)
		return;
	while (n < width) {
		line[(*len)++] = ' ';
		width--;
	}
	memcpy(line + *len, text, n);
	*len += n;
	line[(*len)++] = ' ';
}

/* Writes line[0..len) without its trailing blanks, then a newline. */
static int
board_line(FILE *out, char *line, size_t len)
{
	while (len > 0 && line[len - 1] == ' ')
		len--;
	line[len] = '\0';
	return fprintf(out, "%s\n", line) < 0 ? -1 : 0;
}

/* Appends row y of the board (names: of the square names). */
static void
board_row_pass(char *line, size_t *len, const struct rules *r,
    const struct pos *p, const struct board_grid *g, unsigned y, int flip,
    int names)
{
	char text[64];
	unsigned k, x;
	int sq;

	for (k = 0; k < g->w; k++) {
		x = flip ? g->w - 1 - k : k;
		sq = g->sq[y][x];
		if (sq < 0)
			text[0] = '\0';
		else if (names)
			rules_square_text(r, (unsigned)sq, g->style, text,
			    sizeof(text));
		else
			board_cell_text(r, p, (unsigned)sq, text,
			    sizeof(text));
		board_cell(line, len, text, names ? g->nw : g->cw);
	}
}

/* Writes row y: its cells (names: its square names; both: the cells,
 * then the names beside them). */
static int
board_row(FILE *out, const struct rules *r, const struct pos *p,
    const struct board_grid *g, unsigned y, int flip, enum board_part what)
{
	char line[BOARD_LINE];
	size_t len = 0;

	if (g->coords)
		board_cell(line, &len, g->row[y], g->lw);
	else
		board_cell(line, &len, "", 1);
	if (what != BOARD_NAMES)
		board_row_pass(line, &len, r, p, g, y, flip, 0);
	if (what == BOARD_BOTH)
		board_cell(line, &len, "", 3);
	if (what != BOARD_CELLS)
		board_row_pass(line, &len, r, p, g, y, flip, 1);
	return board_line(out, line, len);
}

/* Writes every row of the board, far row first. */
static int
board_rows(FILE *out, const struct rules *r, const struct pos *p,
    const struct board_grid *g, int flip, enum board_part what)
{
	unsigned k;

	for (k = 0; k < g->h; k++)
		if (board_row(out, r, p, g, flip ? k : g->h - 1 - k, flip,
		    what) == -1)
			return -1;
	return 0;
}

/* The column labels under the board, when the names are coordinates. */
static int
board_files(FILE *out, const struct board_grid *g, int flip)
{
	char line[BOARD_LINE];
	size_t len = 0;
	unsigned k;

	if (!g->coords)
		return 0;
	board_cell(line, &len, "", g->lw);
	for (k = 0; k < g->w; k++)
		board_cell(line, &len, g->col[flip ? g->w - 1 - k : k],
		    g->cw);
	return board_line(out, line, len);
}

/* The legend of stacks taller than one checker, in square order,
 * wrapped before BOARD_WRAP. */
static int
board_legend(FILE *out, const struct rules *r, const struct pos *p,
    int style)
{
	static const char head[] = "stacks (top first):";
	char name[32], text[64], entry[128];
	size_t col = 0, n;
	unsigned sq, h;

	for (sq = 0; sq < r->nsquares; sq++) {
		if ((h = p->sq[sq].height) < 2)
			continue;
		rules_square_text(r, sq, style, name, sizeof(name));
		board_stack_text(r, &p->sq[sq], text, sizeof(text));
		if (h > BOARD_CELL_MAX)
			snprintf(entry, sizeof(entry), " %s=%s(%u)", name,
			    text, h);
		else
			snprintf(entry, sizeof(entry), " %s=%s", name, text);
		n = strlen(entry);
		if (col == 0)
			col = (size_t)fprintf(out, "%s", head);
		else if (col + n > BOARD_WRAP)
			col = (size_t)fprintf(out, "\n%*s", (int)strlen(head),
			    "") - 1;
		fputs(entry, out);
		col += n;
	}
	if (col > 0)
		fputc('\n', out);
	return ferror(out) ? -1 : 0;
}

/* The key of the castle marks, for games with castles. */
static int
board_key(FILE *out, const struct rules *r)
{
	if (r->square_castle == NULL)
		return 0;
	return fprintf(out, "%c %s's castle, %c %s's castle\n",
	    BOARD_MARKS[0], r->side[0], BOARD_MARKS[1], r->side[1]) < 0 ?
	    -1 : 0;
}

/* The game's note about p, on its own line. */
static int
board_note(FILE *out, const struct rules *r, const struct pos *p)
{
	char buf[256];

	if (r->pos_note == NULL || r->pos_note(p, buf, sizeof(buf)) <= 0)
		return 0;
	return fprintf(out, "%s\n", buf) < 0 ? -1 : 0;
}

int
board_ascii(FILE *out, const struct rules *r, const struct pos *p, int flip)
{
	return board_ascii_style(out, r, p, flip, -1);
}

int
board_ascii_style(FILE *out, const struct rules *r, const struct pos *p,
    int flip, int style)
{
	struct board_grid g;
	enum board_part what = BOARD_BOTH;

	board_grid_fill(&g, r, p, style);
	if (g.coords || g.below)
		what = BOARD_CELLS;
	if (board_rows(out, r, p, &g, flip, what) == -1 ||
	    board_files(out, &g, flip) == -1)
		return -1;
	if (g.below && (fputc('\n', out) == EOF ||
	    board_rows(out, r, p, &g, flip, BOARD_NAMES) == -1))
		return -1;
	if (board_legend(out, r, p, style) == -1 || board_key(out, r) == -1 ||
	    board_note(out, r, p) == -1)
		return -1;
	return 0;
}
