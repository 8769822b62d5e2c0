/* svg.c - SVG diagrams of positions for every game. */
#include <stdio.h>
#include <string.h>

#include "base/util.h"
#include "notation/ascii.h"
#include "notation/svg.h"

#define SVG_DIM 16            /* largest grid side */
#define SVG_CELL 56.0         /* square side, pixels */
#define SVG_PAD 12.0          /* margin around everything */
#define SVG_RULER 18.0        /* room for coordinate labels */
#define SVG_LINE 18.0         /* caption line height */
#define SVG_FONT 13.0         /* caption font size */
#define SVG_DISC_RX 0.34      /* disc half width, in cell units */
#define SVG_DISC_RY 0.45      /* disc half height, over its half width */
#define SVG_DISC_T 4.0        /* disc thickness */
#define SVG_DISC_RISE 5.0     /* each disc over the one below */
#define SVG_GOLD "#e0b000"    /* crowns */
#define SVG_SQRT3 1.7320508075688772
#define SVG_NEST 8            /* elements open at once, at most (4 are) */

/* Corners of a pointy-top hexagon of radius 1, from the top, clockwise. */
static const double svg_hex[6][2] = {
	{ 0, -1 }, { SVG_SQRT3 / 2, -0.5 }, { SVG_SQRT3 / 2, 0.5 },
	{ 0, 1 }, { -SVG_SQRT3 / 2, 0.5 }, { -SVG_SQRT3 / 2, -0.5 }
};

/* The paint of one side, chosen by its colour name. */
struct svg_paint {
	const char *name;
	const char *face, *body, *edge;  /* top, side and outline of a disc */
	const char *tint;                /* its castle cells */
};

static const struct svg_paint svg_paints[] = {
	{ "red", "#c8302c", "#8e1f1c", "#4a0f0d", "#eab7ad" },
	{ "white", "#f7f3e8", "#cbc2a8", "#5b5446", "#f6efdc" },
	{ "black", "#34302c", "#1c1a17", "#8a8170", "#b3a68b" },
};

/* Sides whose colour is not in the table. */
static const struct svg_paint svg_fallback[2] = {
	{ NULL, "#f7f3e8", "#cbc2a8", "#5b5446", "#f6efdc" },
	{ NULL, "#34302c", "#1c1a17", "#8a8170", "#b3a68b" },
};

/* The document being written, indented one space a level (as libxml2's
 * writer indented it, which wrote it once). */
struct svg_out {
	FILE *f;
	const char *open[SVG_NEST];      /* the elements open, outermost
	                                  * first */
	unsigned depth;                  /* how many */
	int tag;                         /* the last start tag lacks its '>' */
	int text;                        /* the element open last holds text */
};

/* Everything one drawing needs. */
struct svg_draw {
	struct svg_out o;
	const struct svg_view *v;
	const struct rules *r;
	struct svg_layout l;
	const struct svg_paint *paint[2];
	int sq[SVG_DIM][SVG_DIM];        /* square at [y][x], or -1 */
	int coords;                      /* names drawn as labels */
	char col[SVG_DIM][RULES_LABEL];    /* column labels (letters) */
	char row[SVG_DIM][RULES_LABEL];    /* row labels (digits) */
	unsigned ntop, nbottom;          /* caption lines over, under */
	char top[2][SVG_TEXT_MAX];
	char bottom[8][SVG_TEXT_MAX];
	double bx, by;                   /* the board's top left corner */
	double width, height;            /* the whole picture */
};

/* svg_num by "%.1f", ".0" cut. */
static const char *
svg_num_printf(double v, char *buf, size_t size)
{
	size_t n;

	snprintf(buf, size, "%.1f", v);
	n = strlen(buf);
	if (n > 2 && strcmp(buf + n - 2, ".0") == 0)
		buf[n - 2] = '\0';
	return buf;
}

/* Writes v with one decimal at most ("12", "3.5"; "0" for less than
 * 0.05 either way) into buf, of size bytes (32 at least), rounded as
 * "%.1f" rounds it.  A picture writes hundreds of numbers: in integers,
 * but for one too big, or so near a tie between two roundings that
 * only the exact value can tell. */
static const char *
svg_num(double v, char *buf, size_t size)
{
	double a = v < 0 ? -v : v, t = a * 10, frac;
	char *p = buf + size - 1;
	long tenths, units;

	if (a > 1e9)
		return svg_num_printf(v, buf, size);
	frac = t - (double)(long)t;
	if (a >= 0.05 && frac > 0.499 && frac < 0.501)
		return svg_num_printf(v, buf, size);
	tenths = a < 0.05 ? 0 : (long)t + (frac > 0.5);
	*p = '\0';
	if (tenths % 10 != 0) {
		*--p = (char)('0' + tenths % 10);
		*--p = '.';
	}
	units = tenths / 10;
	do
		*--p = (char)('0' + units % 10);
	while ((units /= 10) > 0);
	if (v < 0 && tenths > 0)
		*--p = '-';
	return memmove(buf, p, (size_t)(buf + size - p));
}

/* Writes n spaces (n < SVG_NEST). */
static void
svg_indent(struct svg_out *o, unsigned n)
{
	fwrite("        ", 1, n, o->f);
}

/* Starts element name on a line of its own. */
static void
svg_open(struct svg_out *o, const char *name)
{
	if (o->tag)
		fputs(">\n", o->f);
	svg_indent(o, o->depth);
	fputc('<', o->f);
	fputs(name, o->f);
	o->open[o->depth++] = name;
	o->tag = 1;
	o->text = 0;
}

/* Ends the element open last: "/>" when empty, its end tag on the line
 * of its text, or on a line of its own after its elements. */
static void
svg_close(struct svg_out *o)
{
	const char *name = o->open[--o->depth];

	if (o->tag) {
		fputs("/>\n", o->f);
	} else {
		svg_indent(o, o->text ? 0 : o->depth);
		fputs("</", o->f);
		fputs(name, o->f);
		fputs(">\n", o->f);
	}
	o->tag = o->text = 0;
}

static void
svg_attr(struct svg_out *o, const char *name, const char *value)
{
	fputc(' ', o->f);
	fputs(name, o->f);
	fputs("=\"", o->f);
	util_text_escape(o->f, value);
	fputc('"', o->f);
}

/* Ends the start tag for the text that follows it. */
static void
svg_text_start(struct svg_out *o)
{
	if (o->tag)
		fputc('>', o->f);
	o->tag = 0;
	o->text = 1;
}

static void
svg_attr_num(struct svg_out *o, const char *name, double v)
{
	char buf[32];

	svg_attr(o, name, svg_num(v, buf, sizeof(buf)));
}

/* Writes text (cleaned by util_text_clean, cut to SVG_TEXT_MAX) as
 * character data. */
static void
svg_string(struct svg_out *o, const char *text)
{
	char buf[SVG_TEXT_MAX];

	util_text_clean(text, buf, sizeof(buf));
	svg_text_start(o);
	util_text_escape(o->f, buf);
}

/* <text class=cls x y>text</text>. */
static void
svg_text(struct svg_out *o, const char *cls, double x, double y,
    const char *text)
{
	svg_open(o, "text");
	svg_attr(o, "class", cls);
	svg_attr_num(o, "x", x);
	svg_attr_num(o, "y", y);
	svg_string(o, text);
	svg_close(o);
}

unsigned
svg_discs_shown(unsigned height)
{
	return height <= SVG_DISCS_MAX ? height : SVG_DISCS_MAX - 1;
}

enum svg_grid
svg_grid_of(const struct rules *r)
{
	return r->width == r->height ? SVG_SQUARES : SVG_HEXES;
}

void
svg_layout_init(struct svg_layout *l, const struct rules *r, int flip)
{
	l->grid = svg_grid_of(r);
	l->w = r->width < SVG_DIM ? r->width : SVG_DIM;
	l->h = r->height < SVG_DIM ? r->height : SVG_DIM;
	l->flip = flip;
	l->unit = SVG_CELL;
	l->radius = SVG_CELL / SVG_SQRT3;
	if (l->grid == SVG_SQUARES) {
		l->width = l->w * l->unit;
		l->height = l->h * l->unit;
	} else {
		l->width = (l->w + 1) * l->unit / 2;
		l->height = ((l->h - 1) * 1.5 + 2) * l->radius;
	}
}

void
svg_cell_centre(const struct svg_layout *l, unsigned x, unsigned y,
    double *cx, double *cy)
{
	unsigned c = l->flip ? l->w - 1 - x : x;
	unsigned r = l->flip ? y : l->h - 1 - y;

	if (l->grid == SVG_SQUARES) {
		*cx = (c + 0.5) * l->unit;
		*cy = (r + 0.5) * l->unit;
	} else {
		*cx = (c + 1) * l->unit / 2;
		*cy = l->radius + r * 1.5 * l->radius;
	}
}

/* The paint of side s: its colour name's, else a fallback. */
static const struct svg_paint *
svg_paint_of(const struct rules *r, int s)
{
	size_t i;

	for (i = 0; i < sizeof(svg_paints) / sizeof(svg_paints[0]); i++)
		if (strcmp(svg_paints[i].name, r->side[s]) == 0)
			return &svg_paints[i];
	return &svg_fallback[s];
}

/* Appends the status text, one line per '\n', to the bottom lines. */
static void
svg_add_lines(struct svg_draw *d, const char *text)
{
	size_t n;

	while (text != NULL && *text != '\0' &&
	    d->nbottom < sizeof(d->bottom) / sizeof(d->bottom[0])) {
		n = strcspn(text, "\n");
		if (n >= SVG_TEXT_MAX)
			n = SVG_TEXT_MAX - 1;
		memcpy(d->bottom[d->nbottom], text, n);
		d->bottom[d->nbottom++][n] = '\0';
		text += strcspn(text, "\n");
		if (*text == '\n')
			text++;
	}
}

/* The caption lines: title and players over the board; status, the
 * game's note and the state under it. */
static void
svg_captions(struct svg_draw *d)
{
	const struct svg_view *v = d->v;
	char note[SVG_TEXT_MAX];

	d->ntop = d->nbottom = 0;
	if (v->id != NULL)
		return;
	snprintf(d->top[0], SVG_TEXT_MAX, "%s",
	    v->title != NULL ? v->title : d->r->title);
	d->ntop = 1;
	if (v->player[0] != NULL || v->player[1] != NULL)
		snprintf(d->top[d->ntop++], SVG_TEXT_MAX, "%s: %s, %s: %s",
		    d->r->side[0], v->player[0] != NULL ? v->player[0] : "?",
		    d->r->side[1], v->player[1] != NULL ? v->player[1] : "?");
	d->nbottom = 0;
	svg_add_lines(d, v->status);
	if (d->r->pos_note != NULL &&
	    d->r->pos_note(v->pos, note, sizeof(note)) > 0)
		svg_add_lines(d, note);
	svg_add_lines(d, v->state);
}

/* Characters (not bytes) in the UTF-8 text s. */
static size_t
svg_chars(const char *s)
{
	size_t n = 0;

	for (; *s != '\0'; s++)
		if (((unsigned char)*s & 0xC0) != 0x80)
			n++;
	return n;
}

/* The widest caption line, in pixels (an estimate). */
static double
svg_text_width(const struct svg_draw *d)
{
	double w = 0, t;
	unsigned i;

	for (i = 0; i < d->ntop; i++)
		if ((t = svg_chars(d->top[i]) * SVG_FONT * (i == 0 ?
		    0.65 : 0.58)) > w)
			w = t;
	for (i = 0; i < d->nbottom; i++)
		if ((t = svg_chars(d->bottom[i]) * SVG_FONT * 0.58) > w)
			w = t;
	return w;
}

/* Fills d: grid, labels, captions and the size of everything. */
static void
svg_draw_init(struct svg_draw *d, const struct svg_view *v)
{
	unsigned sq, x, y;
	double bw, tw;

	memset(d, 0, sizeof(*d));
	d->v = v;
	d->r = v->r;
	svg_layout_init(&d->l, v->r, v->flip);
	memset(d->sq, -1, sizeof(d->sq));
	for (sq = 0; sq < d->r->nsquares; sq++) {
		d->r->square_xy(sq, &x, &y);
		if (x < d->l.w && y < d->l.h)
			d->sq[y][x] = (int)sq;
	}
	d->paint[0] = svg_paint_of(d->r, 0);
	d->paint[1] = svg_paint_of(d->r, 1);
	d->coords = rules_coord_labels(d->r, v->style, d->col, SVG_DIM,
	    d->row, SVG_DIM);
	svg_captions(d);
	bw = d->l.width + (d->coords ? SVG_RULER : 0);
	tw = svg_text_width(d);
	d->width = 2 * SVG_PAD + (bw > tw ? bw : tw);
	d->bx = (d->width - bw) / 2 + (d->coords ? SVG_RULER : 0);
	d->by = SVG_PAD + d->ntop * SVG_LINE + 8;
	d->height = d->by + d->l.height + (d->coords ? SVG_RULER : 0) +
	    8 + d->nbottom * SVG_LINE + SVG_PAD - 4;
}

/* Appends n bytes of s to buf (of size bytes, at *len); cut to fit. */
static void
svg_append(char *buf, size_t size, size_t *len, const char *s, size_t n)
{
	if (*len + n >= size)
		n = *len < size ? size - 1 - *len : 0;
	memcpy(buf + *len, s, n);
	*len += n;
	buf[*len] = '\0';
}

/* Copies css to buf with every selector of every rule prefixed by
 * "#id " (the board of a page: its rules reach no other element). */
static void
svg_css_scope(const char *css, const char *id, char *buf, size_t size)
{
	char prefix[SVG_ID_MAX + 3];
	size_t len = 0, n, end;

	snprintf(prefix, sizeof(prefix), "#%s ", id);
	buf[0] = '\0';
	while (*css != '\0') {
		n = strcspn(css, "{,\n");
		if (css[n] == '\n') {
			svg_append(buf, size, &len, css, n + 1);
			css += n + 1;
			continue;
		}
		svg_append(buf, size, &len, prefix, strlen(prefix));
		end = css[n] == '{' ? n + strcspn(css + n, "}") + 1 : n + 1;
		if (css[end - 1] == '\0')
			end--;
		svg_append(buf, size, &len, css, end);
		css += end;
	}
}

/* The <style> sheet: classes of cells, marks and texts. */
static void
svg_style(struct svg_draw *d)
{
	char css[2048], scoped[4096];
	const char *sheet = css;

	snprintf(css, sizeof(css),
	    "\n.l{fill:#f0dfbf}.d{fill:#a9784f}"
	    ".x{fill:#dcc7a0}polygon{stroke:#6f5638;stroke-width:1.5}"
	    ".c0{fill:%s}.c1{fill:%s}"
	    ".o,.t{stroke:#d49a00;stroke-width:3}"
	    ".o{fill:#fff3b0;fill-opacity:.55}.t{fill:#ffd21f;fill-opacity:.7}"
	    ".n{font:9px sans-serif;fill:#3b2a1a}.w{fill:#f3e4c8}"
	    ".k{font:12px sans-serif;fill:#3b2a1a;text-anchor:middle}"
	    ".h{font:bold 11px sans-serif;fill:#fff;text-anchor:middle}"
	    ".hb{fill:#1d4f91}"
	    ".c{font:%gpx sans-serif;fill:#222;text-anchor:middle}"
	    ".b{font-weight:bold}\n",
	    d->paint[0]->tint, d->paint[1]->tint, SVG_FONT);
	if (d->v->id != NULL) {
		svg_css_scope(css, d->v->id, scoped, sizeof(scoped));
		sheet = scoped;
	}
	svg_open(&d->o, "style");
	svg_text_start(&d->o);
	fputs(sheet, d->o.f);           /* no markup, nor text to clean */
	svg_close(&d->o);
}

/* Defines a disc of side s (crowned: with a gold ring) as id. */
static void
svg_disc_def(struct svg_draw *d, int s, int crowned, const char *id)
{
	const struct svg_paint *p = d->paint[s];
	double rx = SVG_DISC_RX * d->l.unit, ry = rx * SVG_DISC_RY;
	char path[128], a[32], b[32], t[32], w[32];

	snprintf(path, sizeof(path), "M-%s 0v%sa%s %s 0 0 0 %s 0v-%sz",
	    svg_num(rx, a, sizeof(a)), svg_num(SVG_DISC_T, t, sizeof(t)), a,
	    svg_num(ry, b, sizeof(b)), svg_num(2 * rx, w, sizeof(w)), t);
	svg_open(&d->o, "g");
	svg_attr(&d->o, "id", id);
	svg_attr(&d->o, "stroke", p->edge);
	svg_open(&d->o, "path");
	svg_attr(&d->o, "d", path);
	svg_attr(&d->o, "fill", p->body);
	if (crowned)
		svg_attr(&d->o, "stroke", SVG_GOLD);
	svg_close(&d->o);
	svg_open(&d->o, "ellipse");
	svg_attr_num(&d->o, "rx", rx);
	svg_attr_num(&d->o, "ry", ry);
	svg_attr(&d->o, "fill", p->face);
	svg_close(&d->o);
	if (crowned) {
		svg_open(&d->o, "ellipse");
		svg_attr_num(&d->o, "rx", rx * 0.6);
		svg_attr_num(&d->o, "ry", ry * 0.6);
		svg_attr(&d->o, "fill", "none");
		svg_attr(&d->o, "stroke", SVG_GOLD);
		svg_attr(&d->o, "stroke-width", "2.5");
		svg_close(&d->o);
	}
	svg_close(&d->o);
}

/* The id of the disc of side s, crowned or not: d<side><crowned>,
 * after the page's id and '-' in a page; with a '#' first if ref. */
static const char *
svg_disc_id(const struct svg_draw *d, unsigned s, unsigned crowned,
    int ref, char *buf, size_t size)
{
	snprintf(buf, size, "%s%s%sd%u%u", ref ? "#" : "",
	    d->v->id != NULL ? d->v->id : "", d->v->id != NULL ? "-" : "",
	    s, crowned);
	return buf;
}

/* <defs>: the four discs. */
static void
svg_defs(struct svg_draw *d)
{
	char id[SVG_ID_MAX + 8];
	unsigned s, k;

	svg_open(&d->o, "defs");
	for (s = 0; s < 2; s++)
		for (k = 0; k < 2; k++)
			svg_disc_def(d, (int)s, (int)k,
			    svg_disc_id(d, s, k, 0, id, sizeof(id)));
	svg_close(&d->o);
}

/* Opens the shape of cell x, y in class cls: a square or a hexagon. */
static void
svg_cell_open(struct svg_draw *d, unsigned x, unsigned y, const char *cls)
{
	char points[256], a[32], b[32];
	double cx, cy;
	size_t n = 0;
	int k;

	svg_cell_centre(&d->l, x, y, &cx, &cy);
	if (d->l.grid == SVG_SQUARES) {
		svg_open(&d->o, "rect");
		svg_attr(&d->o, "class", cls);
		svg_attr_num(&d->o, "x", cx - d->l.unit / 2);
		svg_attr_num(&d->o, "y", cy - d->l.unit / 2);
		svg_attr_num(&d->o, "width", d->l.unit);
		svg_attr_num(&d->o, "height", d->l.unit);
		return;
	}
	for (k = 0; k < 6; k++) {
		n += (size_t)snprintf(points + n, sizeof(points) - n, "%s%s,%s",
		    k > 0 ? " " : "", svg_num(cx + d->l.radius * svg_hex[k][0],
		    a, sizeof(a)), svg_num(cy + d->l.radius * svg_hex[k][1], b,
		    sizeof(b)));
	}
	svg_open(&d->o, "polygon");
	svg_attr(&d->o, "class", cls);
	svg_attr(&d->o, "points", points);
}

/* The shape of cell x, y in class cls. */
static void
svg_cell(struct svg_draw *d, unsigned x, unsigned y, const char *cls)
{
	svg_cell_open(d, x, y, cls);
	svg_close(&d->o);
}

/* The class of the cell at x, y: light, dark, hexagon or castle. */
static const char *
svg_cell_class(const struct svg_draw *d, unsigned x, unsigned y)
{
	int sq = d->sq[y][x], side = -1;

	if (sq >= 0 && d->r->square_castle != NULL)
		side = d->r->square_castle((unsigned)sq);
	if (side == 0 || side == 1)
		return side == 0 ? "c0" : "c1";
	if (d->l.grid == SVG_HEXES)
		return "x";
	return (x + y) % 2 == 0 ? "d" : "l";
}

/* Every cell of the board. */
static void
svg_cells(struct svg_draw *d)
{
	unsigned x, y;

	for (y = 0; y < d->l.h; y++)
		for (x = 0; x < d->l.w; x++)
			if (d->sq[y][x] >= 0 || d->l.grid == SVG_SQUARES)
				svg_cell(d, x, y, svg_cell_class(d, x, y));
}

/* Whether the last move starts, passes or ends on square sq. */
static int
svg_marked(const struct svg_draw *d, unsigned sq)
{
	const struct move *m = d->v->last;
	unsigned i;

	if (m == NULL || m->kind == MOVE_PASS)
		return 0;
	for (i = 0; i < m->nsteps && i < MOVE_MAX_STEPS; i++)
		if (m->step[i].from == sq || m->step[i].to == sq)
			return 1;
	return 0;
}

/* Writes the name of square sq small in its cell, light on a dark
 * cell that is not marked. */
static void
svg_cell_name(struct svg_draw *d, unsigned x, unsigned y, unsigned sq)
{
	const char *cls = "n";
	char name[32];
	double cx, cy;

	if (rules_square_text(d->r, sq, d->v->style, name, sizeof(name)) <= 0)
		return;
	if (strcmp(svg_cell_class(d, x, y), "d") == 0 && !svg_marked(d, sq))
		cls = "n w";
	svg_cell_centre(&d->l, x, y, &cx, &cy);
	if (d->l.grid == SVG_SQUARES)
		svg_text(&d->o, cls, cx - d->l.unit / 2 + 3,
		    cy - d->l.unit / 2 + 10, name);
	else
		svg_text(&d->o, cls, cx - 5, cy - d->l.radius + 11, name);
}

/* The names of the squares, unless labels around the board give them. */
static void
svg_names(struct svg_draw *d)
{
	unsigned x, y;

	if (d->coords)
		return;
	for (y = 0; y < d->l.h; y++)
		for (x = 0; x < d->l.w; x++)
			if (d->sq[y][x] >= 0)
				svg_cell_name(d, x, y, (unsigned)d->sq[y][x]);
}

/* Tints square sq (when it is one) in class cls. */
static void
svg_mark(struct svg_draw *d, unsigned sq, const char *cls)
{
	unsigned x, y;

	if (sq >= d->r->nsquares)
		return;
	d->r->square_xy(sq, &x, &y);
	if (x < d->l.w && y < d->l.h)
		svg_cell(d, x, y, cls);
}

void
svg_marks(const struct rules *r, const struct move *m,
    unsigned char mark[POS_SQUARES])
{
	unsigned i, n = m != NULL && m->nsteps < MOVE_MAX_STEPS ? m->nsteps :
	    MOVE_MAX_STEPS;

	memset(mark, SVG_MARK_NONE, POS_SQUARES);
	if (m == NULL || m->kind == MOVE_PASS || m->nsteps == 0)
		return;
	if (m->kind == MOVE_RESTACK) {
		if (m->step[0].from < r->nsquares)
			mark[m->step[0].from] = SVG_MARK_TO;
		return;
	}
	for (i = 0; i < n; i++)
		if (m->step[i].from < r->nsquares)
			mark[m->step[i].from] = SVG_MARK_FROM;
	for (i = 0; i < n; i++)
		if (m->step[i].to < r->nsquares)
			mark[m->step[i].to] = SVG_MARK_TO;
}

/* A page's mark cells: one on every square, data-m its index. */
static void
svg_page_marks(struct svg_draw *d)
{
	static const char *const cls[] = { "mk", "o", "t" };
	unsigned char mark[POS_SQUARES];
	unsigned sq, x, y;

	svg_marks(d->r, d->v->last, mark);
	for (sq = 0; sq < d->r->nsquares && sq < POS_SQUARES; sq++) {
		d->r->square_xy(sq, &x, &y);
		if (x >= d->l.w || y >= d->l.h)
			continue;
		svg_cell_open(d, x, y, cls[mark[sq]]);
		svg_attr_num(&d->o, "data-m", sq);
		svg_close(&d->o);
	}
}

/* The squares of the last move: origins, then targets over them. */
static void
svg_last(struct svg_draw *d)
{
	const struct move *m = d->v->last;
	unsigned i;

	if (d->v->id != NULL) {
		svg_page_marks(d);
		return;
	}
	if (m == NULL || m->kind == MOVE_PASS || m->nsteps == 0)
		return;
	if (m->kind == MOVE_RESTACK) {
		svg_mark(d, m->step[0].from, "t");
		return;
	}
	for (i = 0; i < m->nsteps; i++)
		svg_mark(d, m->step[i].from, "o");
	for (i = 0; i < m->nsteps; i++)
		svg_mark(d, m->step[i].to, "t");
}

/* File letters under the board and rank digits left of it. */
static void
svg_rulers(struct svg_draw *d)
{
	double cx, cy, off = d->l.height + SVG_RULER * 0.75;
	unsigned k;

	if (!d->coords)
		return;
	for (k = 0; k < d->l.w; k++) {
		svg_cell_centre(&d->l, k, 0, &cx, &cy);
		svg_text(&d->o, "k", cx, off, d->col[k]);
	}
	for (k = 0; k < d->l.h; k++) {
		svg_cell_centre(&d->l, 0, k, &cx, &cy);
		svg_text(&d->o, "k", -SVG_RULER / 2, cy + 4, d->row[k]);
	}
}

/* <use> of one disc at cx, cy. */
static void
svg_disc(struct svg_draw *d, const struct stack *s, unsigned i, double cx,
    double cy)
{
	char id[SVG_ID_MAX + 8];

	svg_open(&d->o, "use");
	svg_attr(&d->o, "xlink:href", svg_disc_id(d, (s->owner >> i) & 1u,
	    (s->crown >> i) & 1u, 1, id, sizeof(id)));
	svg_attr_num(&d->o, "x", cx);
	svg_attr_num(&d->o, "y", cy);
	svg_close(&d->o);
}

/* The height of a compact stack as a badge at the top right. */
static void
svg_badge(struct svg_draw *d, unsigned height, double cx, double top)
{
	char text[16];
	double x = cx + SVG_DISC_RX * d->l.unit, y = top - 2;

	snprintf(text, sizeof(text), "%u", height);
	svg_open(&d->o, "rect");
	svg_attr(&d->o, "class", "hb");
	svg_attr_num(&d->o, "x", x - 9);
	svg_attr_num(&d->o, "y", y - 8);
	svg_attr_num(&d->o, "width", 18);
	svg_attr_num(&d->o, "height", 15);
	svg_attr(&d->o, "rx", "7");
	svg_close(&d->o);
	svg_text(&d->o, "h", x, y + 4, text);
}

/* Opens the <g> of a stack: plain, or a page's piece p. */
static void
svg_stack_open(struct svg_draw *d, const struct svg_piece *p)
{
	char name[32], text[STACK_MAX + 1];

	svg_open(&d->o, "g");
	if (p == NULL)
		return;
	if (rules_square_text(d->r, p->sq, d->v->style, name,
	    sizeof(name)) <= 0)
		name[0] = '\0';
	board_stack_text(d->r, &p->stack, text, sizeof(text));
	svg_attr(&d->o, "class", p->shown ? "pc" : "pc off");
	svg_attr(&d->o, "data-square", name);
	svg_attr(&d->o, "data-stack", text);
}

/* The <title> of a stack: its square, then its checkers top first. */
static void
svg_stack_title(struct svg_draw *d, unsigned sq, const struct stack *s)
{
	char name[32], text[STACK_MAX + 1], line[96];

	if (rules_square_text(d->r, sq, d->v->style, name, sizeof(name)) <= 0)
		name[0] = '\0';
	board_stack_text(d->r, s, text, sizeof(text));
	snprintf(line, sizeof(line), "%s: %s%s", name, text,
	    s->height > 1 ? " (top first)" : "");
	svg_open(&d->o, "title");
	svg_string(&d->o, line);
	svg_close(&d->o);
}

/* The stack s on square sq (the page's piece p, or NULL): its discs
 * bottom first, centred in the cell. */
static void
svg_stack(struct svg_draw *d, unsigned sq, const struct stack *s,
    const struct svg_piece *p)
{
	double cx, cy, ry = SVG_DISC_RX * d->l.unit * SVG_DISC_RY, base;
	unsigned x, y, n = svg_discs_shown(s->height), i;

	d->r->square_xy(sq, &x, &y);
	if (x >= d->l.w || y >= d->l.h)
		return;
	svg_cell_centre(&d->l, x, y, &cx, &cy);
	if (d->l.grid == SVG_HEXES && !d->coords)
		cy += 4;    /* room for the name at the top */
	base = cy + (2 * ry + SVG_DISC_T + (n - 1) * SVG_DISC_RISE) / 2 -
	    ry - SVG_DISC_T;
	svg_stack_open(d, p);
	svg_stack_title(d, sq, s);
	for (i = 0; i < n; i++)
		svg_disc(d, s, s->height - n + i, cx,
		    base - i * SVG_DISC_RISE);
	if (n < s->height)
		svg_badge(d, s->height, cx, base - (n - 1) * SVG_DISC_RISE -
		    ry);
	svg_close(&d->o);
}

/* The stacks: the position's, or a page's pieces. */
static void
svg_stacks(struct svg_draw *d)
{
	const struct svg_piece *p;
	unsigned sq;
	size_t i;

	if (d->v->id == NULL) {
		for (sq = 0; sq < d->r->nsquares && sq < POS_SQUARES; sq++)
			if (d->v->pos->sq[sq].height > 0)
				svg_stack(d, sq, &d->v->pos->sq[sq], NULL);
		return;
	}
	for (i = 0; i < d->v->npieces; i++) {
		p = &d->v->pieces[i];
		if (p->sq < d->r->nsquares && p->stack.height > 0)
			svg_stack(d, p->sq, &p->stack, p);
	}
}

/* The board, moved to its place: cells, last move, labels, stacks. */
static void
svg_board(struct svg_draw *d)
{
	char move[64], a[32], b[32];

	snprintf(move, sizeof(move), "translate(%s %s)",
	    svg_num(d->bx, a, sizeof(a)), svg_num(d->by, b, sizeof(b)));
	svg_open(&d->o, "g");
	svg_attr(&d->o, "transform", move);
	svg_cells(d);
	svg_last(d);
	svg_names(d);
	svg_rulers(d);
	svg_stacks(d);
	svg_close(&d->o);
}

/* The caption lines over and under the board, centred. */
static void
svg_caption(struct svg_draw *d)
{
	double y;
	unsigned i;

	for (i = 0; i < d->ntop; i++)
		svg_text(&d->o, i == 0 ? "c b" : "c", d->width / 2,
		    SVG_PAD + SVG_FONT + i * SVG_LINE, d->top[i]);
	y = d->by + d->l.height + (d->coords ? SVG_RULER : 0) + 8 + SVG_FONT;
	for (i = 0; i < d->nbottom; i++)
		svg_text(&d->o, "c", d->width / 2, y + i * SVG_LINE,
		    d->bottom[i]);
}

/* The width and height attributes: the natural size, or the longer
 * side v->size pixels and the other in proportion, rounded. */
static void
svg_size_attrs(struct svg_draw *d)
{
	double w = d->width, h = d->height, size = d->v->size;
	char a[32];

	if (size > 0 && w >= h) {
		h = (double)(long)(h * size / w + 0.5);
		w = size;
	} else if (size > 0) {
		w = (double)(long)(w * size / h + 0.5);
		h = size;
	}
	svg_attr(&d->o, "width", svg_num(w, a, sizeof(a)));
	svg_attr(&d->o, "height", svg_num(h, a, sizeof(a)));
}

/* The background: the viewBox, and around it too at a size whose
 * proportions are not quite the viewBox's. */
static void
svg_background(struct svg_draw *d)
{
	int around = d->v->size > 0;

	svg_open(&d->o, "rect");
	if (around) {
		svg_attr(&d->o, "x", "-5%");
		svg_attr(&d->o, "y", "-5%");
	}
	svg_attr(&d->o, "width", around ? "110%" : "100%");
	svg_attr(&d->o, "height", around ? "110%" : "100%");
	svg_attr(&d->o, "fill", "#fbf8f1");
	svg_close(&d->o);
}

/* The root element's start tag: a document's, or a page's board. */
static void
svg_root(struct svg_draw *d)
{
	char box[96], a[32], b[32];

	snprintf(box, sizeof(box), "0 0 %s %s", svg_num(d->width, a,
	    sizeof(a)), svg_num(d->height, b, sizeof(b)));
	svg_open(&d->o, "svg");
	if (d->v->id == NULL) {
		svg_attr(&d->o, "xmlns", "http://www.w3.org/2000/svg");
		svg_attr(&d->o, "xmlns:xlink",
		    "http://www.w3.org/1999/xlink");
	} else {
		svg_attr(&d->o, "id", d->v->id);
		svg_attr(&d->o, "class", "board");
	}
	svg_attr(&d->o, "viewBox", box);
	svg_size_attrs(d);
}

/* The root element and its contents (a page's board: no XML
 * declaration). */
static void
svg_document(struct svg_draw *d)
{
	if (d->v->id == NULL)
		fputs("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n", d->o.f);
	svg_root(d);
	svg_style(d);
	svg_defs(d);
	svg_background(d);
	svg_caption(d);
	svg_board(d);
	svg_close(&d->o);
}

void
svg_measure(const struct svg_view *v, double *width, double *height)
{
	struct svg_draw d;

	svg_draw_init(&d, v);
	*width = d.width;
	*height = d.height;
}

int
svg_write(FILE *out, const struct svg_view *v)
{
	struct svg_draw d;

	svg_draw_init(&d, v);
	d.o.f = out;
	svg_document(&d);
	return fflush(out) == EOF || ferror(out) ? -1 : 0;
}
