/*
 * fen.c - the set-up position of the [FEN] tag, in the two styles the
 * games use: PDN FEN for checkers (B:W18,24,K27:B12,16) and the stack
 * FEN of SPEC 1 (w:11=bw,15=b,22=Wwb, stacks top first).
 */
#include <ctype.h>
#include <string.h>

#include "notation/notation.h"


/* Reading state of fen_parse. */
struct fen_scan {
	const struct rules *r;
	const char *s;
	size_t i, n;
	const char *why;
	struct pos *p;
	size_t at[POS_SQUARES];   /* where each square's entry starts */
	unsigned sq;              /* the square at fault, or SQ_NONE */
};

/* Writing state of fen_format. */
struct fen_out {
	char *buf;
	size_t size, len;
	int full;
};

/* fen_parse's whys for a name of a square the game does not have;
 * fen_error says which and what the squares are. */
static const char fen_out_of_range[] = "square out of range";
static const char fen_no_square[] = "expected a square";
static const char fen_twice[] = "given twice";

static int
fen_fail(struct fen_scan *fs, const char *why)
{
	fs->why = why;
	return -1;
}

static void
fen_skip_ws(struct fen_scan *fs)
{
	while (fs->i < fs->n && isspace((unsigned char)fs->s[fs->i]))
		fs->i++;
}

/* The next byte, or NUL at the end. */
static int
fen_peek(const struct fen_scan *fs)
{
	return fs->i < fs->n ? (unsigned char)fs->s[fs->i] : '\0';
}

/* Reads a square name (a run of letters and digits). */
static int
fen_square(struct fen_scan *fs, unsigned *sq)
{
	size_t span = 0, used = 0, digits = 0;
	int v;

	while (fs->i + span < fs->n &&
	    isalnum((unsigned char)fs->s[fs->i + span])) {
		if (isdigit((unsigned char)fs->s[fs->i + span]))
			digits++;
		span++;
	}
	if (span == 0)
		return fen_fail(fs, fen_no_square);
	v = fs->r->square_parse(fs->s + fs->i, span, &used);
	if (v < 0 || used != span || (unsigned)v >= fs->r->nsquares ||
	    v >= POS_SQUARES)
		return fen_fail(fs, digits == span ? fen_out_of_range :
		    fen_no_square);
	*sq = (unsigned)v;
	fs->i += span;
	return 0;
}

/* Puts stack st on square sq, which must be empty so far. */
static int
fen_put(struct fen_scan *fs, unsigned sq, const struct stack *st,
    size_t at)
{
	if (fs->p->sq[sq].height != 0) {
		fs->i = at;
		fs->sq = sq;
		return fen_fail(fs, fen_twice);
	}
	fs->p->sq[sq] = *st;
	fs->at[sq] = at;
	return 0;
}

/* Accepts the end of the text, after an optional '.'. */
static int
fen_end(struct fen_scan *fs)
{
	fen_skip_ws(fs);
	if (fen_peek(fs) == '.') {
		fs->i++;
		fen_skip_ws(fs);
	}
	if (fs->i != fs->n)
		return fen_fail(fs, "unexpected text after the position");
	return 0;
}

/* Whether the list at the cursor is over (':', '.' or the end). */
static int
fen_list_over(struct fen_scan *fs)
{
	int c;

	fen_skip_ws(fs);
	c = fen_peek(fs);
	return c == '\0' || c == ':' || c == '.';
}

/* Checkers FEN: one entry of a colour list: [K]square or [K]a-b. */
static int
fen_checkers_entry(struct fen_scan *fs, enum side side)
{
	struct stack st = { 0, 0, 1 };
	unsigned a, b, sq;
	size_t at;

	if (fen_peek(fs) == 'K' || fen_peek(fs) == 'k') {
		st.crown = 1;
		fs->i++;
	}
	at = fs->i;
	if (fen_square(fs, &a) == -1)
		return -1;
	b = a;
	fen_skip_ws(fs);
	if (fen_peek(fs) == '-') {
		fs->i++;
		fen_skip_ws(fs);
		if (fen_square(fs, &b) == -1)
			return -1;
		if (b < a) {
			fs->i = at;
			return fen_fail(fs, "range goes backwards");
		}
	}
	st.owner = side == SIDE_SECOND;
	for (sq = a; sq <= b; sq++)
		if (fen_put(fs, sq, &st, at) == -1)
			return -1;
	return 0;
}

/* Checkers FEN: a colour letter and its list, after the ':'. */
static int
fen_checkers_list(struct fen_scan *fs, unsigned *seen)
{
	enum side side;
	int c;

	fen_skip_ws(fs);
	if (fen_list_over(fs))
		return 0;	/* an empty list without its letter: W::. */
	c = toupper(fen_peek(fs));
	if (c != 'B' && c != 'W')
		return fen_fail(fs, "expected 'B' or 'W'");
	side = c == toupper(fen_side_letter(fs->r, SIDE_FIRST)) ?
	    SIDE_FIRST : SIDE_SECOND;
	if (*seen & (1u << side))
		return fen_fail(fs, "colour given twice");
	*seen |= 1u << side;
	fs->i++;
	if (fen_list_over(fs))
		return 0;
	for (;;) {
		if (fen_checkers_entry(fs, side) == -1)
			return -1;
		if (fen_list_over(fs))
			return 0;
		if (fen_peek(fs) != ',')
			return fen_fail(fs, "expected ',' or ':'");
		fs->i++;
		fen_skip_ws(fs);
	}
}

static int
fen_parse_checkers(struct fen_scan *fs)
{
	unsigned seen = 0;
	int c;

	fen_skip_ws(fs);
	c = toupper(fen_peek(fs));
	if (c != 'B' && c != 'W' && c != '?')
		return fen_fail(fs, "expected 'B', 'W' or '?'");
	pos_clear(fs->p, fs->r->nsquares, c != '?' &&
	    c != toupper(fen_side_letter(fs->r, SIDE_FIRST)) ?
	    SIDE_SECOND : SIDE_FIRST);
	fs->i++;
	for (;;) {
		fen_skip_ws(fs);
		c = fen_peek(fs);
		if (c == '\0' || c == '.')
			return fen_end(fs);
		if (c != ':')
			return fen_fail(fs, "expected ':'");
		fs->i++;
		if (fen_checkers_list(fs, &seen) == -1)
			return -1;
	}
}

/* The side whose colour letter is c, or -1. */
static int
fen_letter_side(const struct rules *r, int c)
{
	c = tolower(c);
	if (c == tolower((unsigned char)r->letter[0]))
		return SIDE_FIRST;
	if (c == tolower((unsigned char)r->letter[1]))
		return SIDE_SECOND;
	return -1;
}

/* Stack FEN: the letters of a stack, top first. */
static int
fen_stack(struct fen_scan *fs, struct stack *st)
{
	size_t len = 0, k;
	int side, c;

	while (fs->i + len < fs->n &&
	    isalpha((unsigned char)fs->s[fs->i + len]))
		len++;
	if (len == 0)
		return fen_fail(fs, "expected a stack");
	if (len > STACK_MAX)
		return fen_fail(fs, "stack too high");
	memset(st, 0, sizeof(*st));
	for (k = len; k > 0; k--) {
		c = (unsigned char)fs->s[fs->i + k - 1];
		if ((side = fen_letter_side(fs->r, c)) == -1) {
			fs->i += k - 1;
			return fen_fail(fs, "unknown colour letter");
		}
		stack_push(st, (enum side)side, isupper(c) != 0);
	}
	fs->i += len;
	return 0;
}

/* Stack FEN: one square=stack entry. */
static int
fen_stacks_entry(struct fen_scan *fs)
{
	struct stack st;
	unsigned sq;
	size_t at = fs->i;

	if (fen_square(fs, &sq) == -1)
		return -1;
	fen_skip_ws(fs);
	if (fen_peek(fs) != '=')
		return fen_fail(fs, "expected '='");
	fs->i++;
	fen_skip_ws(fs);
	if (fen_stack(fs, &st) == -1)
		return -1;
	return fen_put(fs, sq, &st, at);
}

static int
fen_parse_stacks(struct fen_scan *fs)
{
	int side;

	fen_skip_ws(fs);
	if (fen_peek(fs) == '?')
		side = SIDE_FIRST;
	else if ((side = fen_letter_side(fs->r, fen_peek(fs))) == -1)
		return fen_fail(fs, "expected the side to move");
	pos_clear(fs->p, fs->r->nsquares, (enum side)side);
	fs->i++;
	if (fen_list_over(fs) && fen_peek(fs) != ':')
		return fen_end(fs);
	if (fen_peek(fs) != ':')
		return fen_fail(fs, "expected ':'");
	fs->i++;
	if (fen_list_over(fs))
		return fen_end(fs);
	for (;;) {
		if (fen_stacks_entry(fs) == -1)
			return -1;
		if (fen_list_over(fs))
			return fen_end(fs);
		if (fen_peek(fs) != ',')
			return fen_fail(fs, "expected ','");
		fs->i++;
		fen_skip_ws(fs);
	}
}

/* Reads the text of fs into its position, in the game's FEN style. */
static int
fen_read(struct fen_scan *fs, const struct rules *r, const char *s,
    struct pos *p)
{
	memset(fs, 0, sizeof(*fs));
	fs->r = r;
	fs->s = s;
	fs->n = strlen(s);
	fs->p = p;
	fs->sq = SQ_NONE;
	if (r->fen == FEN_CHECKERS)
		return fen_parse_checkers(fs);
	return fen_parse_stacks(fs);
}

int
fen_parse(const struct rules *r, const char *s, struct pos *p,
    size_t *err, const char **why)
{
	struct fen_scan fs;
	int rc;

	/* a position the game cannot reach is refused: more checkers than
	 * it has (a tall stack of them has exponentially many restacks
	 * and shifts), an empty board, a man on its crowning row */
	if ((rc = fen_read(&fs, r, s, p)) == 0 &&
	    (rc = rules_pos_fault(r, p, &fs.why, &fs.sq)) == -1)
		fs.i = fs.sq != SQ_NONE ? fs.at[fs.sq] : 0;
	if (rc == -1) {
		if (err != NULL)
			*err = fs.i;
		if (why != NULL)
			*why = fs.why;
	}
	return rc;
}

int
fen_side_unknown(const char *s)
{
	return s[strspn(s, " \t")] == '?';
}

int
fen_side_letter(const struct rules *r, int side)
{
	if (r->fen == FEN_CHECKERS)   /* PDN's colours: W first in most */
		return (notation_first_colour(r) == 'B') == (side == SIDE_FIRST)
		    ? 'b' : 'w';
	return tolower((unsigned char)r->letter[side & 1]);
}

/* "square 5 (a white man): " for the square sq of p at fault, or
 * "square 5: " when p does not hold it yet; "" for SQ_NONE. */
static void
fen_square_said(const struct rules *r, const struct pos *p, unsigned sq,
    char *buf, size_t size)
{
	const struct stack *st;
	char name[16];

	buf[0] = '\0';
	if (sq == SQ_NONE || r->square_name(sq, name, sizeof(name)) < 0)
		return;
	st = &p->sq[sq];
	if (st->height == 1)
		snprintf(buf, size, "square %s (a %s %s): ", name,
		    r->side[stack_top_side(st)],
		    stack_top_crowned(st) ? "king" : "man");
	else if (st->height > 1)
		snprintf(buf, size, "square %s (a stack of %u): ", name,
		    st->height);
	else
		snprintf(buf, size, "square %s: ", name);
}

/* At most FEN_QUOTED bytes of a FEN value are quoted in a message: the
 * diagnostic's line and column say where the fault stands. */
#define FEN_QUOTED 64

/* s, or the FEN_QUOTED bytes of it around byte at with "..." where
 * cut, into out (of FEN_QUOTED + 7 bytes). */
static void
fen_excerpt(const char *s, size_t at, char *out)
{
	size_t len = strlen(s), from;

	if (len <= FEN_QUOTED) {
		memcpy(out, s, len + 1);
		return;
	}
	from = at > FEN_QUOTED / 4 ? at - FEN_QUOTED / 4 : 0;
	if (from > len - FEN_QUOTED)
		from = len - FEN_QUOTED;
	snprintf(out, FEN_QUOTED + 7, "%s%.*s%s", from > 0 ? "..." : "",
	    FEN_QUOTED, s + from, from + FEN_QUOTED < len ? "..." : "");
}

int
fen_error(const struct rules *r, const char *s, size_t err, const char *why,
    char *buf, size_t size)
{
	char what[256], said[96], quoted[FEN_QUOTED + 7];
	size_t len = 0;
	struct fen_scan fs;
	struct pos p;
	int n, read;

	if (err < strlen(s))
		while (isalnum((unsigned char)s[err + len]))
			len++;
	if ((why != fen_no_square && why != fen_out_of_range) ||
	    rules_no_square(r, s + err, len, what, sizeof(what)) <= 0)
		snprintf(what, sizeof(what), "%s", why != NULL ? why :
		    "unreadable");
	if ((read = fen_read(&fs, r, s, &p)) == 0)  /* the position is wrong */
		rules_pos_fault(r, &p, &why, &fs.sq);
	fen_square_said(r, &p, fs.sq, said, sizeof(said));
	fen_excerpt(s, err, quoted);
	if (read == 0 && fs.sq == SQ_NONE)
		n = snprintf(buf, size, "%s in \"%s\"", what, quoted);
	else
		n = snprintf(buf, size, "%s%s at character %zu of \"%s\"",
		    said, what, err + 1, quoted);
	return n < 0 ? -1 : (size_t)n >= size ? (int)size - 1 : n;
}

static void
fen_putc(struct fen_out *fo, int c)
{
	if (fo->len + 1 >= fo->size) {
		fo->full = 1;
		return;
	}
	fo->buf[fo->len++] = (char)c;
	fo->buf[fo->len] = '\0';
}

static void
fen_puts(struct fen_out *fo, const char *s)
{
	while (*s != '\0')
		fen_putc(fo, (unsigned char)*s++);
}

static void
fen_put_square(struct fen_out *fo, const struct rules *r, unsigned sq)
{
	char name[16];

	if (r->square_name(sq, name, sizeof(name)) < 0) {
		fo->full = 1;
		return;
	}
	fen_puts(fo, name);
}

/* Checkers FEN: ":W..." or ":B..." with the pieces of side. */
static void
fen_format_colour(struct fen_out *fo, const struct rules *r,
    const struct pos *p, enum side side)
{
	unsigned sq;
	int first = 1;

	fen_putc(fo, ':');
	fen_putc(fo, toupper(fen_side_letter(r, side)));
	for (sq = 0; sq < p->nsquares; sq++) {
		if (p->sq[sq].height == 0 ||
		    stack_top_side(&p->sq[sq]) != side)
			continue;
		if (!first)
			fen_putc(fo, ',');
		first = 0;
		if (stack_top_crowned(&p->sq[sq]))
			fen_putc(fo, 'K');
		fen_put_square(fo, r, sq);
	}
}

/* Stack FEN: the letters of st, top first, crowned in upper case. */
static void
fen_format_stack(struct fen_out *fo, const struct rules *r,
    const struct stack *st)
{
	unsigned k;
	int c;

	for (k = st->height; k > 0; k--) {
		c = (unsigned char)r->letter[(st->owner >> (k - 1)) & 1];
		c = tolower(c);
		fen_putc(fo, (st->crown >> (k - 1)) & 1 ? toupper(c) : c);
	}
}

static void
fen_format_stacks(struct fen_out *fo, const struct rules *r,
    const struct pos *p)
{
	unsigned sq;
	int first = 1;

	fen_putc(fo, tolower((unsigned char)r->letter[p->turn & 1]));
	fen_putc(fo, ':');
	for (sq = 0; sq < p->nsquares; sq++) {
		if (p->sq[sq].height == 0)
			continue;
		if (!first)
			fen_putc(fo, ',');
		first = 0;
		fen_put_square(fo, r, sq);
		fen_putc(fo, '=');
		fen_format_stack(fo, r, &p->sq[sq]);
	}
}

int
fen_format(const struct rules *r, const struct pos *p, char *buf,
    size_t size)
{
	struct fen_out fo = { buf, size, 0, 0 };
	enum side white;

	if (size == 0)
		return -1;
	buf[0] = '\0';
	if (r->fen == FEN_CHECKERS) {
		fen_putc(&fo, toupper(fen_side_letter(r, p->turn)));
		white = fen_side_letter(r, SIDE_FIRST) == 'w' ? SIDE_FIRST :
		    SIDE_SECOND;
		fen_format_colour(&fo, r, p, white);   /* W list, then B */
		fen_format_colour(&fo, r, p, SIDE_OTHER(white));
	} else
		fen_format_stacks(&fo, r, p);
	return fo.full ? -1 : (int)fo.len;
}

int
fen_format_style(const struct rules *r, const struct pos *p, int style, char *buf,
    size_t size)
{
	char plain[2048];
	int len;

	if (style < 0)
		return fen_format(r, p, buf, size);
	if ((len = fen_format(r, p, plain, sizeof(plain))) < 0)
		return -1;
	return r->restyle(plain, (enum square_style)style, buf, size);
}
