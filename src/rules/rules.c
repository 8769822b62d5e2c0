/* rules.c - what is common to the rules of all games. */
#include <ctype.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "rules/rules.h"
#include "base/util.h"

/* The length of the letters of a name made of letters then digits, both
 * present and shorter than RULES_LABEL, or 0. */
static size_t
coord_split(const char *name)
{
	size_t n = 0, d;

	while (isalpha((unsigned char)name[n]))
		n++;
	if (n == 0 || n >= RULES_LABEL || name[n] == '\0')
		return 0;
	for (d = n; name[d] != '\0'; d++)
		if (!isdigit((unsigned char)name[d]))
			return 0;
	return d - n < RULES_LABEL ? n : 0;
}

/* Sets label to text[0..n) if it is unset; whether it now equals it. */
static int
label_agree(char *label, const char *text, size_t n)
{
	if (label[0] == '\0') {
		memcpy(label, text, n);
		label[n] = '\0';
	}
	return strlen(label) == n && memcmp(label, text, n) == 0;
}

int
rules_square_text(const struct rules *r, unsigned sq, int style, char *buf,
    size_t size)
{
	char plain[32];
	int len;

	if (style < 0 || r->restyle == NULL)
		return r->square_name(sq, buf, size);
	if ((len = r->square_name(sq, plain, sizeof(plain))) < 0)
		return -1;
	return r->restyle(plain, (enum square_style)style, buf, size);
}

int
rules_move_text(const struct rules *r, const struct pos *p,
    const struct move *m, int style, char *buf, size_t size)
{
	char plain[256];
	int len;

	if (style < 0 || r->restyle == NULL)
		return r->move_format(p, m, buf, size);
	if ((len = r->move_format(p, m, plain, sizeof(plain))) < 0)
		return -1;
	return r->restyle(plain, (enum square_style)style, buf, size);
}

int
rules_coord_labels(const struct rules *r, int style,
    char (*col)[RULES_LABEL], unsigned ncol, char (*row)[RULES_LABEL],
    unsigned nrow)
{
	char name[32];
	unsigned sq, x, y;
	size_t k;

	memset(col, 0, ncol * sizeof(*col));
	memset(row, 0, nrow * sizeof(*row));
	for (sq = 0; sq < r->nsquares; sq++) {
		r->square_xy(sq, &x, &y);
		if (x >= ncol || y >= nrow ||
		    rules_square_text(r, sq, style, name, sizeof(name)) <= 0 ||
		    (k = coord_split(name)) == 0 ||
		    !label_agree(col[x], name, k) ||
		    !label_agree(row[y], name + k, strlen(name + k)))
			return 0;
	}
	return 1;
}

int
rules_side_parse(const struct rules *r, const char *text)
{
	int s;

	for (s = 0; s < 2; s++) {
		if (strcasecmp(text, r->side[s]) == 0 ||
		    strcasecmp(text, s == 0 ? "first" : "second") == 0)
			return s;
		if (text[0] != '\0' && text[1] == '\0' &&
		    (text[0] | 0x20) == (r->side[s][0] | 0x20))
			return s;
	}
	return -1;
}

int
rules_pos_check(const struct rules *r, const struct pos *p, const char **why)
{
	unsigned sq;

	return rules_pos_fault(r, p, why, &sq);
}

/* The square of side's checker number max + 1 in the order of the
 * squares, or SQ_NONE when it has no more than max. */
static unsigned
rules_past_count(const struct pos *p, enum side side, unsigned max)
{
	unsigned sq, n = 0;

	for (sq = 0; sq < p->nsquares; sq++) {
		n += (unsigned)stack_count(&p->sq[sq], side);
		if (n > max)
			return sq;
	}
	return SQ_NONE;
}

int
rules_pos_fault(const struct rules *r, const struct pos *p,
    const char **why, unsigned *sq)
{
	struct pos start;
	unsigned max, on = 0;
	int side;

	r->start(&start);
	*sq = SQ_NONE;
	for (side = SIDE_FIRST; side <= SIDE_SECOND; side++) {
		if ((max = pos_count(&start, (enum side)side)) == 0)
			max = RULES_PLACED_MAX;
		on += pos_count(p, (enum side)side);
		if (pos_count(p, (enum side)side) > max) {
			*sq = rules_past_count(p, (enum side)side, max);
			*why = "more checkers than the game has";
			return -1;
		}
	}
	if (on == 0 && pos_count(&start, SIDE_FIRST) +
	    pos_count(&start, SIDE_SECOND) > 0) {
		*why = "an empty board";
		return -1;
	}
	return r->pos_check != NULL ? r->pos_check(p, why, sq) : 0;
}

/* A walk of generate/apply: sub counts the leaves below each child. */
struct perft_walk {
	const struct rules *r;
	const struct pos *p;
	unsigned depth;
	uint64_t (*sub)(const struct rules *, const struct pos *, unsigned);
	uint64_t nodes;
};

static int
perft_child(void *ctx, const struct move *m)
{
	struct perft_walk *w = ctx;
	struct pos next = *w->p;

	if (w->depth == 1) {
		w->nodes++;
		return 0;
	}
	w->r->apply(&next, m);
	w->nodes += w->sub(w->r, &next, w->depth - 1);
	return 0;
}

static uint64_t
perft_walk(const struct rules *r, const struct pos *p, unsigned depth,
    uint64_t (*sub)(const struct rules *, const struct pos *, unsigned))
{
	struct perft_walk w = { r, p, depth, sub, 0 };

	if (depth == 0)
		return 1;
	r->generate(p, perft_child, &w);
	return w.nodes;
}

uint64_t
rules_perft_generic(const struct rules *r, const struct pos *p,
    unsigned depth)
{
	return perft_walk(r, p, depth, rules_perft_generic);
}

/* The walk with the last ply counted by the game's count. */
static uint64_t
perft_counted(const struct rules *r, const struct pos *p, unsigned depth)
{
	if (depth == 1)
		return r->count(p);
	return perft_walk(r, p, depth, perft_counted);
}

uint64_t
rules_perft(const struct rules *r, const struct pos *p, unsigned depth)
{
	if (r->perft != NULL)
		return r->perft(p, depth);
	if (r->count != NULL && depth > 0)
		return perft_counted(r, p, depth);
	return rules_perft_generic(r, p, depth);
}

uint64_t
rules_perft_paths(const struct rules *r, const struct pos *p, unsigned depth)
{
	return r->perft_paths != NULL ? r->perft_paths(p, depth) :
	    rules_perft(r, p, depth);
}

static int
count_one(void *ctx, const struct move *m)
{
	(void)m;
	(*(uint64_t *)ctx)++;
	return 0;
}

static int
stop_at_first(void *ctx, const struct move *m)
{
	(void)ctx;
	(void)m;
	return 1;
}

int
rules_has_move(const struct rules *r, const struct pos *p)
{
	return r->generate(p, stop_at_first, NULL) != 0;
}

uint64_t
rules_count_generic(const struct rules *r, const struct pos *p)
{
	uint64_t n = 0;

	r->generate(p, count_one, &n);
	return n;
}

uint64_t
rules_count_moves(const struct rules *r, const struct pos *p)
{
	if (r->count != NULL)
		return r->count(p);
	return rules_count_generic(r, p);
}

/* Filters generate's moves through move_match on to emit. */
struct match_filter {
	const struct rules *r;
	const struct pos *p;
	const struct move *pattern;
	rules_emit_fn emit;
	void *ctx;
};

static int
match_one(void *ctx, const struct move *m)
{
	struct match_filter *mf = ctx;

	if (!mf->r->move_match(mf->p, mf->pattern, m))
		return 0;
	return mf->emit(mf->ctx, m);
}

int
rules_matches_generic(const struct rules *r, const struct pos *p,
    const struct move *pattern, rules_emit_fn emit, void *ctx)
{
	struct match_filter mf = { r, p, pattern, emit, ctx };

	return r->generate(p, match_one, &mf);
}

int
rules_matches(const struct rules *r, const struct pos *p,
    const struct move *pattern, rules_emit_fn emit, void *ctx)
{
	if (r->resolve != NULL)
		return r->resolve(p, pattern, emit, ctx);
	return rules_matches_generic(r, p, pattern, emit, ctx);
}

struct resolve {
	struct move *found;
	unsigned n;
};

static int
resolve_one(void *ctx, const struct move *m)
{
	struct resolve *rs = ctx;

	if (rs->n++ == 0 && rs->found != NULL)
		*rs->found = *m;
	return 0;
}

unsigned
rules_resolve(const struct rules *r, const struct pos *p,
    const struct move *pattern, struct move *found)
{
	struct resolve rs = { found, 0 };

	rules_matches(r, p, pattern, resolve_one, &rs);
	return rs.n;
}

static int
rules_blank(int c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

int
rules_move_parse(const struct rules *r, const char *s, size_t n,
    struct move *pattern, size_t *err)
{
	size_t at = 0;
	int rc;

	while (at < n && rules_blank((unsigned char)s[at]))
		at++;
	while (n > at && rules_blank((unsigned char)s[n - 1]))
		n--;
	if (n > at && s[n - 1] == '.')
		n--;
	while (n > at && rules_blank((unsigned char)s[n - 1]))
		n--;
	if ((rc = r->move_parse(s + at, n - at, pattern, err)) == -1)
		*err += at;
	return rc;
}

/* The bounds of the word around s[at] that may be a square name:
 * letters then digits, the letters only when no letter or digit is
 * glued before them (in 13x99 the x is a separator). */
static void
rules_run(const char *s, size_t at, size_t *start, size_t *end)
{
	size_t k;

	*start = at;
	if (isdigit((unsigned char)s[at]))
		while (*start > 0 && isdigit((unsigned char)s[*start - 1]))
			(*start)--;
	for (k = *start; k > 0 && isalpha((unsigned char)s[k - 1]); k--)
		continue;
	if (k == 0 || !isalnum((unsigned char)s[k - 1]))
		*start = k;
	for (*end = *start; isalpha((unsigned char)s[*end]); (*end)++)
		continue;
	while (isdigit((unsigned char)s[*end]))
		(*end)++;
}

/* Whether s[0..n) is 0 to 2 letters then 1 to 3 digits. */
static int
rules_square_shaped(const char *s, size_t n)
{
	size_t k = 0;

	while (k < n && isalpha((unsigned char)s[k]))
		k++;
	if (k > 2 || n - k == 0 || n - k > 3)
		return 0;
	while (k < n && isdigit((unsigned char)s[k]))
		k++;
	return k == n;
}

/* The name of sq, with letters (algebraic) when letters is set and the
 * game can name it so, into buf (of at least 16 bytes). */
static void
rules_styled_name(const struct rules *r, unsigned sq, int letters,
    char *buf, size_t size)
{
	if (rules_square_text(r, sq, letters ? SQUARES_ALGEBRAIC :
	    SQUARES_NUMERIC, buf, size) < 0)
		buf[0] = '\0';
}

/* Per file letter of a board named like a1: the lowest and highest
 * rank and the squares named with that letter. */
struct rules_files {
	unsigned lo[26], hi[26], n[26];
	int first, last;          /* letters used, or -1 */
};

static void
rules_files_add(struct rules_files *f, const char *name)
{
	int c = tolower((unsigned char)name[0]) - 'a';
	unsigned v = (unsigned)atoi(name + 1);

	if (c < 0 || c >= 26)
		return;
	if (f->n[c]++ == 0 || v < f->lo[c])
		f->lo[c] = v;
	if (v > f->hi[c])
		f->hi[c] = v;
	if (f->first < 0 || c < f->first)
		f->first = c;
	if (c > f->last)
		f->last = c;
}

/* Writes the range of squares named by letters: "a1-h8", "the dark
 * squares of a1-h8" (every other square of the rectangle), or the
 * ranks of each letter ("a1-a4, b1-b5, ..."). */
static void
rules_files_range(const struct rules_files *f, char *buf, size_t size)
{
	unsigned lo = f->lo[f->first], hi = f->hi[f->first], all = 0, area;
	int c, runs = 1;
	char run[32];

	for (c = f->first; c <= f->last; c++) {
		lo = f->lo[c] < lo ? f->lo[c] : lo;
		hi = f->hi[c] > hi ? f->hi[c] : hi;
		runs &= f->n[c] == f->hi[c] - f->lo[c] + 1;
		all += f->n[c];
	}
	area = (unsigned)(f->last - f->first + 1) * (hi - lo + 1);
	buf[0] = '\0';
	if (all == area || (!runs && 2 * all == area)) {
		snprintf(buf, size, "%s%c%u-%c%u", all == area ? "" :
		    "the dark squares of ", 'a' + f->first, lo, 'a' + f->last,
		    hi);
		return;
	}
	for (c = f->first; c <= f->last; c++) {
		snprintf(run, sizeof(run), "%c%u-%c%u", 'a' + c, f->lo[c],
		    'a' + c, f->hi[c]);
		util_append(buf, size, ", ", run);
	}
}

/* Writes the range of the squares of r, named with letters or not. */
static void
rules_square_range(const struct rules *r, int letters, char *buf,
    size_t size)
{
	struct rules_files f;
	char name[16];
	unsigned sq;

	memset(&f, 0, sizeof(f));
	f.first = f.last = -1;
	for (sq = 0; sq < r->nsquares; sq++) {
		rules_styled_name(r, sq, letters, name, sizeof(name));
		if (!isalpha((unsigned char)name[0])) {
			snprintf(buf, size, "1-%u", r->nsquares);
			return;
		}
		rules_files_add(&f, name);
	}
	rules_files_range(&f, buf, size);
}

int
rules_no_square(const struct rules *r, const char *name, size_t n,
    char *buf, size_t size)
{
	char range[128];
	size_t used;
	int len;

	if (!rules_square_shaped(name, n) ||
	    (r->square_parse(name, n, &used) >= 0 && used == n))
		return 0;
	rules_square_range(r, isalpha((unsigned char)name[0]), range,
	    sizeof(range));
	len = snprintf(buf, size, "no square %.*s on this board (%s)",
	    (int)n, name, range);
	return len < 0 ? 0 : len;
}

/* A name of a square of r that no count can be read as: a1 or b1
 * when the game reads it (every game here does), else its first
 * square's. */
static void
rules_word_name(const struct rules *r, char *buf, size_t size)
{
	size_t used;

	snprintf(buf, size, "a1");
	if (r->square_parse(buf, 2, &used) >= 0 && used == 2)
		return;
	snprintf(buf, size, "b1");
	if (r->square_parse(buf, 2, &used) >= 0 && used == 2)
		return;
	rules_styled_name(r, 0, 1, buf, size);
}

int
rules_move_no_square(const struct rules *r, const char *s, size_t err,
    char *buf, size_t size)
{
	char text[256], name[16];
	size_t start, end, n = strlen(s), err2;
	struct move pattern;
	int len;

	if (err >= n)
		return 0;
	rules_run(s, err, &start, &end);
	rules_word_name(r, name, sizeof(name));
	len = snprintf(text, sizeof(text), "%.*s%s%s", (int)start, s, name,
	    s + end);
	if (len < 0 || (size_t)len >= sizeof(text) ||
	    (rules_move_parse(r, text, (size_t)len, &pattern, &err2) == -1 &&
	    err2 < start + strlen(name)))
		return 0;
	return rules_no_square(r, s + start, end - start, buf, size);
}

const char *
rules_style_code(enum square_style st)
{
	return st == SQUARES_ALGEBRAIC ? "A3" : "N1";
}

struct exact_path {
	const struct move *pattern;
	int found;
};

static int
find_exact(void *ctx, const struct move *l)
{
	struct exact_path *ep = ctx;

	if (l->nsteps == ep->pattern->nsteps && move_match(ep->pattern, l))
		ep->found = 1;
	return ep->found;
}

int
rules_path_exact(const struct rules *r, const struct pos *p,
    const struct move *pattern)
{
	struct exact_path ep = { pattern, 0 };

	r->generate(p, find_exact, &ep);
	return ep.found;
}

int
rules_path_match(const struct rules *r, const struct pos *p,
    const struct move *pattern, const struct move *legal)
{
	if (!move_match(pattern, legal))
		return 0;
	return legal->nsteps == pattern->nsteps ||
	    !rules_path_exact(r, p, pattern);
}

struct same_ends {
	const struct move *m;
	unsigned n;
};

static int
count_same_ends(void *ctx, const struct move *l)
{
	struct same_ends *se = ctx;
	const struct move *m = se->m;

	if (l->nsteps > 0 && l->step[0].from == m->step[0].from &&
	    l->step[l->nsteps - 1].to == m->step[m->nsteps - 1].to)
		se->n++;
	return 0;
}

unsigned
rules_same_ends(const struct rules *r, const struct pos *p,
    const struct move *m)
{
	struct same_ends se = { m, 0 };

	r->generate(p, count_same_ends, &se);
	return se.n;
}

void
rules_jump_move(unsigned from, unsigned to, unsigned n, const uint8_t *land,
    const uint8_t *over, struct move *m)
{
	unsigned i;

	memset(m, 0, offsetof(struct move, step));
	m->kind = MOVE_ORDINARY;
	if (n == 0) {
		m->nsteps = 1;
		m->step[0] = (struct step){ (uint8_t)from, (uint8_t)to, SQ_NONE,
		    0, STEP_MOVE };
		return;
	}
	m->nsteps = (uint8_t)n;
	for (i = 0; i < n; i++)
		m->step[i] = (struct step){ i == 0 ? (uint8_t)from :
		    land[i - 1], land[i], over[i], 0, STEP_CAPTURE };
}
