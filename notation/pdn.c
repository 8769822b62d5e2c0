/*
 * pdn.c - Portable Draughts Notation 3.0: a streaming, liberal reader
 * and a canonical writer.
 *
 * The reader goes through a fixed buffer, one game at a time, in three
 * layers: bytes (line ends CRLF, CR and LF all read as one newline,
 * line:col kept), tokens (tags, comments, NAGs, parentheses, words) and
 * games.  A word is a result, a move number (possibly glued to a move)
 * or a move text; the reader knows no game and keeps move texts as
 * written.  After a malformed game it reports, skips to the next line
 * starting with '[' and goes on.
 */
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "notation/pdn.h"
#include "base/timeutc.h"
#include "base/util.h"

#define PDN_BUFSIZE 8192

/*
 * The class of each byte (pdn_class), a bit per set the lexer asks
 * about; a run of text stops at a byte of the sets its token names, so
 * that the bytes between go at once (pdn_run) and only the one that
 * stops it goes byte by byte.  C locale: isspace is the six blanks.
 */
#define PDN_SPACE 0x01        /* isspace: ' ', \t, \n, \v, \f, \r */
#define PDN_BLANK 0x02        /* the spaces but line ends */
#define PDN_LINE 0x04         /* \n, \r */
#define PDN_NUL 0x08          /* no text holds it: reported */
#define PDN_PUNCT 0x10        /* ends a word with the spaces: {}()[];$ */
#define PDN_BRACE 0x20        /* ends a {comment}: } */
#define PDN_QUOTE 0x40        /* ends or escapes in a tag value: " \ */
#define PDN_SLASH 0x80        /* ends a /setup/: / */

/* What stops a run of each kind of text. */
#define PDN_STOP_WORD (PDN_SPACE | PDN_PUNCT | PDN_NUL)
#define PDN_STOP_COMMENT (PDN_BRACE | PDN_LINE | PDN_NUL)
#define PDN_STOP_VALUE (PDN_QUOTE | PDN_LINE | PDN_NUL)
#define PDN_STOP_LINE (PDN_LINE | PDN_NUL)
#define PDN_STOP_SETUP (PDN_SLASH | PDN_LINE | PDN_NUL)

static const unsigned char pdn_class[256] = {
	['\0'] = PDN_NUL,
	[' '] = PDN_SPACE | PDN_BLANK, ['\t'] = PDN_SPACE | PDN_BLANK,
	['\v'] = PDN_SPACE | PDN_BLANK, ['\f'] = PDN_SPACE | PDN_BLANK,
	['\n'] = PDN_SPACE | PDN_LINE, ['\r'] = PDN_SPACE | PDN_LINE,
	['{'] = PDN_PUNCT, ['}'] = PDN_PUNCT | PDN_BRACE,
	['('] = PDN_PUNCT, [')'] = PDN_PUNCT, ['['] = PDN_PUNCT,
	[']'] = PDN_PUNCT, [';'] = PDN_PUNCT, ['$'] = PDN_PUNCT,
	['"'] = PDN_QUOTE, ['\\'] = PDN_QUOTE, ['/'] = PDN_SLASH,
};

/* A growing, NUL-terminated text bounded by a maximum. */
struct pdn_text {
	char *s;
	size_t len, cap;
};

enum pdn_tok {
	PDN_END,          /* end of the stream */
	PDN_TAG,          /* rd->name, rd->tok */
	PDN_COMMENT,      /* rd->tok: inside of {...} */
	PDN_LINE_COMMENT, /* rd->tok: rest of a ; or % line */
	PDN_NAG,          /* rd->nag */
	PDN_OPEN,
	PDN_CLOSE,
	PDN_WORD,         /* rd->tok */
	PDN_SETUP,        /* rd->tok: inside of /.../ */
	PDN_BAD,          /* malformed, reported */
	PDN_FAIL          /* I/O error or no memory, reported */
};

struct reader {
	FILE *in;
	const char *file;
	struct diag *d;
	unsigned char buf[PDN_BUFSIZE];
	size_t pos, len;
	int eof;
	int ioerr;                /* errno of a failed read, or 0 */
	struct srcloc at;         /* of the next byte */
	struct srcloc tokat;      /* of the current token */
	struct srcloc valat;      /* of the current tag's value */
	struct pdn_text tok, name;
	unsigned nag;
	int pending;              /* a tag was read that starts the next game */
	int movetext;             /* the game being read has movetext: a
				   * fault resynchronises at the next tag
				   * line, else after its tag section */
	unsigned long index;      /* games started */
	char what[64];            /* description for diagnostics */
};

/* A game being read. */
struct pdn_game {
	struct record *g;
	struct line *stack[PDN_DEPTH_MAX + 1];
	unsigned depth;
	int movetext;             /* a move, NAG or variation was read */
	int started;
	size_t elems, bytes;      /* tags and elements, bytes of their
				   * texts: at most PDN_ELEMS_MAX, PDN_GAME_MAX */
};

#define PDN_CONTINUE 2        /* pdn_step: the game goes on */

/* --- diagnostics ------------------------------------------------ */

/* Where a diagnostic at at points: the file, the game being read. */
static const struct diag_where *
pdn_where(const struct reader *rd, const struct srcloc *at,
    struct diag_where *w)
{
	memset(w, 0, sizeof(*w));
	w->file = rd->file;
	w->at = at;
	w->game = rd->index;
	return w;
}

/* The token a diagnostic of status st makes: stop, or resynchronise. */
static enum pdn_tok
pdn_tok_of(enum status st)
{
	return st == STATUS_SYSTEM ? PDN_FAIL : PDN_BAD;
}

/* Reports diagnostic DIAG_ID at at with its arguments; the token. */
#define pdn_report(rd, at, id, ...) pdn_tok_of(diag_report((rd)->d, id, \
	pdn_where((rd), (at), &(struct diag_where){ 0 }), __VA_ARGS__))

static enum pdn_tok
pdn_syntax(struct reader *rd, const struct srcloc *at,
    const char *expected, const char *read)
{
	return pdn_report(rd, at, DIAG_SYNTAX, expected, read);
}

static enum pdn_tok
pdn_nomem(struct reader *rd)
{
	return pdn_tok_of(diag_report(rd->d, DIAG_NOMEM,
	    pdn_where(rd, &rd->at, &(struct diag_where){ 0 })));
}

/* How byte c (or EOF) reads in a diagnostic. */
static const char *
pdn_describe(struct reader *rd, int c)
{
	if (c == EOF)
		return rd->ioerr != 0 ? "a read error" : "end of file";
	if (c == '\n')
		return "end of line";
	if (isprint(c))
		snprintf(rd->what, sizeof(rd->what), "'%c'", c);
	else
		snprintf(rd->what, sizeof(rd->what), "byte 0x%02x", c);
	return rd->what;
}

/* --- bytes ------------------------------------------------------ */

static int
pdn_fill(struct reader *rd)
{
	size_t n;

	if (rd->pos < rd->len)
		return 1;
	if (rd->eof)
		return 0;
	n = fread(rd->buf, 1, sizeof(rd->buf), rd->in);
	if (n == 0) {
		if (ferror(rd->in))
			rd->ioerr = errno != 0 ? errno : EIO;
		rd->eof = 1;
		return 0;
	}
	rd->pos = 0;
	rd->len = n;
	return 1;
}

/* The next byte, a lone CR read as LF; EOF at the end. */
static int
pdn_peek(struct reader *rd)
{
	int c;

	if (!pdn_fill(rd))
		return EOF;
	c = rd->buf[rd->pos];
	return c == '\r' ? '\n' : c;
}

/* Consumes the next byte (CRLF as one newline). */
static int
pdn_get(struct reader *rd)
{
	int c;

	if (!pdn_fill(rd))
		return EOF;
	c = rd->buf[rd->pos++];
	if (c == '\r') {
		if (pdn_fill(rd) && rd->buf[rd->pos] == '\n')
			rd->pos++;
		c = '\n';
	}
	if (c == '\n') {
		rd->at.line++;
		rd->at.col = 1;
	} else
		rd->at.col++;
	return c;
}

/* Consumes n bytes the buffer holds, none a line end. */
static void
pdn_skip(struct reader *rd, size_t n)
{
	rd->pos += n;
	rd->at.col += n;
}

static void
pdn_skip_space(struct reader *rd)
{
	size_t n;
	int c;

	for (;;) {
		/* the blanks the buffer holds at once, line ends one by one */
		for (n = rd->pos; n < rd->len &&
		    (pdn_class[rd->buf[n]] & PDN_BLANK); n++)
			continue;
		pdn_skip(rd, n - rd->pos);
		if ((c = pdn_peek(rd)) == EOF || !(pdn_class[c] & PDN_SPACE))
			return;
		pdn_get(rd);
	}
}

/* Skips the rest of the current line. */
static void
pdn_skip_line(struct reader *rd)
{
	int c;

	while ((c = pdn_peek(rd)) != EOF && c != '\n')
		pdn_get(rd);
	pdn_get(rd);
}

/*
 * Skips to the start of the next game: the next line that starts with
 * '[' after the movetext of the game the fault is in.  A fault in the
 * tag section (no movetext read yet) first skips that line and the tag
 * and blank lines that follow, so that the rest of the broken game's
 * tags and its movetext never read as a game of their own, and later
 * games keep their numbers.
 */
static void
pdn_resync(struct reader *rd)
{
	int c;

	if (!rd->movetext) {
		if (rd->at.col > 1)
			pdn_skip_line(rd);
		while ((c = pdn_peek(rd)) == '[' || c == '\n')
			pdn_skip_line(rd);
	}
	while ((c = pdn_peek(rd)) != EOF && !(c == '[' && rd->at.col == 1))
		pdn_get(rd);
}

/* --- tokens ----------------------------------------------------- */

/* Appends byte c to t, at most max bytes; what names t for DIAG_TOO_BIG. */
static enum pdn_tok
pdn_text_add(struct reader *rd, struct pdn_text *t, int c, size_t max,
    const char *what)
{
	char *s;
	size_t cap;

	if (c == '\0')		/* text, never binary: C strings hold none */
		return pdn_syntax(rd, &rd->tokat, "text", "a NUL byte");
	if (t->len >= max)
		return pdn_report(rd, &rd->tokat, DIAG_TOO_BIG, what);
	if (t->len + 1 >= t->cap) {
		cap = t->cap == 0 ? 64 : t->cap * 2;
		if ((s = realloc(t->s, cap)) == NULL)
			return pdn_nomem(rd);
		t->s = s;
		t->cap = cap;
	}
	t->s[t->len++] = (char)c;
	t->s[t->len] = '\0';
	return PDN_WORD;
}

/*
 * Appends to t the run of bytes from the next one on that are none of
 * the class stop, as far as the buffer holds them and t stays within
 * max bytes: the common bytes of a text at once, scanned and copied in
 * one pass (t first grows to hold all the buffer could give, once: t
 * is reused from token to token).  The byte that ends the run is left
 * to the caller's byte-by-byte path, which reads or reports it as ever
 * (a line end, a NUL, the max + 1st byte).
 */
static enum pdn_tok
pdn_run(struct reader *rd, struct pdn_text *t, unsigned stop, size_t max)
{
	const unsigned char *p = rd->buf + rd->pos;
	size_t n = rd->len - rd->pos, i, cap;
	char *s;

	if (n > max - t->len)
		n = max - t->len;
	if (t->len + n >= t->cap) {
		for (cap = t->cap == 0 ? 64 : t->cap; cap <= t->len + n; )
			cap *= 2;
		if ((s = realloc(t->s, cap)) == NULL)
			return pdn_nomem(rd);
		t->s = s;
		t->cap = cap;
	}
	s = t->s + t->len;
	for (i = 0; i < n && !(pdn_class[p[i]] & stop); i++)
		s[i] = (char)p[i];
	s[i] = '\0';
	t->len += i;
	pdn_skip(rd, i);
	return PDN_WORD;
}

/* Makes t the empty string. */
static enum pdn_tok
pdn_text_clear(struct reader *rd, struct pdn_text *t)
{
	char *s;

	t->len = 0;
	if (t->cap == 0) {
		if ((s = malloc(64)) == NULL)
			return pdn_nomem(rd);
		t->s = s;
		t->cap = 64;
	}
	t->s[0] = '\0';
	return PDN_WORD;
}

/* The rest of a ';' or '%' line, without the newline. */
static enum pdn_tok
pdn_lex_line_comment(struct reader *rd)
{
	enum pdn_tok t;
	int c;

	pdn_get(rd);
	for (;;) {
		if ((t = pdn_run(rd, &rd->tok, PDN_STOP_LINE,
		    PDN_TEXT_MAX)) != PDN_WORD)
			return t;
		if ((c = pdn_peek(rd)) == EOF || c == '\n')
			return PDN_LINE_COMMENT;
		t = pdn_text_add(rd, &rd->tok, pdn_get(rd), PDN_TEXT_MAX,
		    "comment over 1 MiB");
		if (t != PDN_WORD)
			return t;
	}
}

static enum pdn_tok
pdn_lex_comment(struct reader *rd)
{
	struct srcloc open = rd->at;
	enum pdn_tok t;
	int c;

	pdn_get(rd);
	for (;;) {
		if ((t = pdn_run(rd, &rd->tok, PDN_STOP_COMMENT,
		    PDN_TEXT_MAX)) != PDN_WORD)
			return t;
		if ((c = pdn_peek(rd)) == EOF)
			return pdn_syntax(rd, &open, "'}' closing this comment",
			    pdn_describe(rd, c));
		pdn_get(rd);
		if (c == '}')
			return PDN_COMMENT;
		t = pdn_text_add(rd, &rd->tok, c, PDN_TEXT_MAX,
		    "comment over 1 MiB");
		if (t != PDN_WORD)
			return t;
	}
}

static enum pdn_tok
pdn_lex_nag(struct reader *rd)
{
	unsigned long v;
	enum pdn_tok t;
	int c;

	pdn_get(rd);
	while ((c = pdn_peek(rd)) != EOF && isdigit(c))
		if ((t = pdn_text_add(rd, &rd->tok, pdn_get(rd), 16,
		    "NAG number")) != PDN_WORD)
			return t;
	if (rd->tok.len == 0)
		return pdn_syntax(rd, &rd->at, "a number after '$'",
		    pdn_describe(rd, c));
	if (util_parse_ulong(rd->tok.s, 0, 65535, &v) == -1)
		return pdn_report(rd, &rd->tokat, DIAG_TOO_BIG, "NAG number");
	rd->nag = (unsigned)v;
	return PDN_NAG;
}

/* A PDN 3.0 setup "/FEN "B:W18:B14"/", on one line: its inside. */
static enum pdn_tok
pdn_lex_setup(struct reader *rd)
{
	enum pdn_tok t;
	int c;

	pdn_get(rd);
	if ((t = pdn_run(rd, &rd->tok, PDN_STOP_SETUP,
	    PDN_TEXT_MAX)) != PDN_WORD)
		return t;
	if ((c = pdn_peek(rd)) != '/')
		return pdn_syntax(rd, &rd->at, "'/' closing the setup",
		    pdn_describe(rd, c));
	pdn_get(rd);
	return PDN_SETUP;
}

/* Whether c ends a word. */
static int
pdn_word_end(int c)
{
	return c == EOF || (pdn_class[c] & (PDN_SPACE | PDN_PUNCT));
}

static enum pdn_tok
pdn_lex_word(struct reader *rd)
{
	enum pdn_tok t;

	for (;;) {
		if ((t = pdn_run(rd, &rd->tok, PDN_STOP_WORD,
		    PDN_WORD_MAX)) != PDN_WORD)
			return t;
		if (pdn_word_end(pdn_peek(rd)))
			return PDN_WORD;
		if ((t = pdn_text_add(rd, &rd->tok, pdn_get(rd), PDN_WORD_MAX,
		    "move text over 4096 bytes")) != PDN_WORD)
			return t;
	}
}

/* A tag value, after its opening quote; \" and \\ are escapes. */
static enum pdn_tok
pdn_lex_value(struct reader *rd)
{
	enum pdn_tok t;
	int c;

	for (;;) {
		if ((t = pdn_run(rd, &rd->tok, PDN_STOP_VALUE,
		    PDN_TEXT_MAX)) != PDN_WORD)
			return t;
		c = pdn_peek(rd);
		if (c == EOF || c == '\n')
			return pdn_syntax(rd, &rd->at,
			    "'\"' closing the tag value", pdn_describe(rd, c));
		pdn_get(rd);
		if (c == '"')
			return PDN_TAG;
		if (c == '\\' && (pdn_peek(rd) == '"' || pdn_peek(rd) == '\\'))
			c = pdn_get(rd);
		t = pdn_text_add(rd, &rd->tok, c, PDN_TEXT_MAX,
		    "tag value over 1 MiB");
		if (t != PDN_WORD)
			return t;
	}
}

/* Expects byte want after optional spaces. */
static enum pdn_tok
pdn_expect(struct reader *rd, int want, const char *expected)
{
	int c;

	pdn_skip_space(rd);
	if ((c = pdn_peek(rd)) != want)
		return pdn_syntax(rd, &rd->at, expected, pdn_describe(rd, c));
	pdn_get(rd);
	return PDN_TAG;
}

static enum pdn_tok
pdn_lex_tag(struct reader *rd)
{
	enum pdn_tok t;
	int c;

	pdn_get(rd);
	if ((t = pdn_text_clear(rd, &rd->name)) != PDN_WORD)
		return t;
	pdn_skip_space(rd);
	while ((c = pdn_peek(rd)) != EOF && (isalnum(c) || c == '_'))
		if ((t = pdn_text_add(rd, &rd->name, pdn_get(rd),
		    PDN_NAME_MAX, "tag name over 256 bytes")) != PDN_WORD)
			return t;
	if (rd->name.len == 0)
		return pdn_syntax(rd, &rd->at, "a tag name",
		    pdn_describe(rd, c));
	if ((t = pdn_expect(rd, '"', "'\"' opening the tag value")) != PDN_TAG)
		return t;
	rd->valat = rd->at;
	if ((t = pdn_lex_value(rd)) != PDN_TAG)
		return t;
	return pdn_expect(rd, ']', "']' closing the tag");
}

/* The next token; its text is in rd->tok, its place in rd->tokat. */
static enum pdn_tok
pdn_lex(struct reader *rd)
{
	enum pdn_tok t;
	int c;

	pdn_skip_space(rd);
	rd->tokat = rd->at;
	if ((t = pdn_text_clear(rd, &rd->tok)) != PDN_WORD)
		return t;
	if ((c = pdn_peek(rd)) == EOF)
		return rd->ioerr == 0 ? PDN_END : pdn_report(rd, NULL,
		    DIAG_READ, strerror(rd->ioerr));
	if (c != '[')
		rd->movetext = 1;	/* a fault now is in the movetext */
	switch (c) {
	case '%':	/* PDN 3.0: a line comment wherever a token starts */
		return pdn_lex_line_comment(rd);
	case '/':
		return pdn_lex_setup(rd);
	case '[':
		return pdn_lex_tag(rd);
	case '{':
		return pdn_lex_comment(rd);
	case ';':
		return pdn_lex_line_comment(rd);
	case '$':
		return pdn_lex_nag(rd);
	case '(':
		pdn_get(rd);
		return PDN_OPEN;
	case ')':
		pdn_get(rd);
		return PDN_CLOSE;
	case ']':
	case '}':
		pdn_get(rd);
		return pdn_syntax(rd, &rd->tokat, "a move",
		    pdn_describe(rd, c));
	default:
		return pdn_lex_word(rd);
	}
}

/* --- games ------------------------------------------------------ */

static struct line *
pdn_top(struct pdn_game *pg)
{
	return pg->stack[pg->depth];
}

/* Length of a move number at the start of w[0..n): digits, then dots;
 * 0 if there is none. */
static size_t
pdn_number_prefix(const char *w, size_t n)
{
	size_t i = 0, digits;

	while (i < n && isdigit((unsigned char)w[i]))
		i++;
	if ((digits = i) == 0 || i == n || w[i] != '.')
		return 0;
	while (i < n && w[i] == '.')
		i++;
	return digits > 0 ? i : 0;
}

static int
pdn_is_suffix(char c)
{
	return c == '!' || c == '?';
}

/* Whether s holds more than move-strength marks: a move text of marks
 * only ("??") takes no suffix, which would be written glued to it. */
static int
pdn_has_move(const char *s)
{
	for (; *s != '\0'; s++)
		if (!pdn_is_suffix(*s))
			return 1;
	return 0;
}

/* Whether w[0..n) is a square alone: a number, or a letter and a number
 * ("6", "b4"), of at most 4 bytes. */
static int
pdn_is_square(const char *w, size_t n)
{
	size_t i = n > 0 && isalpha((unsigned char)w[0]) ? 1 : 0;

	if (i == n || n > 4)
		return 0;
	for (; i < n; i++)
		if (!isdigit((unsigned char)w[i]))
			return 0;
	return 1;
}

/*
 * Finishes the move e when it is a square and a separator ("1-", "a3x",
 * "12:") and w[0..s) a square, with only spaces and move numbers between:
 * PDN reads a move's squares and separators as tokens of their own, so
 * "1- 6" is the move 1-6, as the PDN 3.0 conformance set writes moves;
 * not when the move would read as a result.  1 when done, 0 when not such a move, -1 out of memory.
 */
static int
pdn_finish_move(struct record *g, struct elem *e, const char *w, size_t s)
{
	char buf[16];
	size_t k;

	if (e->kind != ELEM_MOVE || e->suffix != NULL ||
	    (k = strlen(e->text)) < 2 || strchr("-x:", e->text[k - 1]) == NULL ||
	    !pdn_is_square(e->text, k - 1) || !pdn_is_square(w, s))
		return 0;
	memcpy(buf, e->text, k);
	memcpy(buf + k, w, s);
	buf[k + s] = '\0';
	if (notation_result_normal(buf, NULL) == 0)
		return 0;	/* "1- 1" would be written 1-1, a result */
	return record_elem_text(g, e, buf, k + s) == -1 ? -1 : 1;
}

/* A move text w[0..n) at column offset off of the token. */
static int
pdn_on_move(struct reader *rd, struct pdn_game *pg, const char *w,
    size_t n, size_t off)
{
	struct line *l = pdn_top(pg);
	struct srcloc at = rd->tokat;
	struct elem *e;
	size_t s = n;
	int done;

	while (s > 0 && pdn_is_suffix(w[s - 1]))
		s--;
	if (l->n > 0 && (done = pdn_finish_move(pg->g, &l->elems[l->n - 1],
	    w, s)) != 0)
		return done == -1 || (s < n && record_elem_suffix(pg->g,
		    &l->elems[l->n - 1], w + s, n - s) == -1) ? -1 :
		    PDN_CONTINUE;
	if (s == 0 && l->n > 0 && l->elems[l->n - 1].kind == ELEM_MOVE &&
	    l->elems[l->n - 1].suffix == NULL &&
	    pdn_has_move(l->elems[l->n - 1].text)) {
		e = &l->elems[l->n - 1];
		return record_elem_suffix(pg->g, e, w, n) == -1 ? -1 :
		    PDN_CONTINUE;
	}
	if (s == 0)
		s = n;
	at.col += off;
	if ((e = line_push(l, ELEM_MOVE, &at)) == NULL ||
	    record_elem_text(pg->g, e, w, s) == -1 ||
	    (s < n && record_elem_suffix(pg->g, e, w + s, n - s) == -1))
		return -1;
	return PDN_CONTINUE;
}

static int
pdn_bad(struct reader *rd)
{
	pdn_resync(rd);
	return READ_MALFORMED;
}

static int
pdn_fail(struct reader *rd, enum pdn_tok t)
{
	if (t == PDN_BAD)
		return pdn_bad(rd);
	return READ_SYSTEM;
}

/* Counts one more tag or element of n text bytes in the game: 0, or -1
 * after reporting that it passes PDN_ELEMS_MAX or PDN_GAME_MAX. */
static int
pdn_count(struct reader *rd, struct pdn_game *pg, size_t n)
{
	const char *what = NULL;

	if (pg->elems >= PDN_ELEMS_MAX)
		what = "game over 2097152 tags and movetext elements";
	else if (n > PDN_GAME_MAX - pg->bytes)
		what = "game over 64 MiB of text";
	if (what != NULL) {
		pdn_report(rd, &rd->tokat, DIAG_TOO_BIG, what);
		return -1;
	}
	pg->elems++;
	pg->bytes += n;
	return 0;
}

/* The correspondence actions of ELEM_ACTION (record.h); leave takes a
 * number of days after its side. */
static const char *const pdn_actions[] = {
	"resign", "offer-draw", "accept-draw", "decline-draw",
	"request-undo", "accept-undo", "decline-undo", "claim-time", "leave",
	NULL
};

/* Whether s[0..n) is one of pdn_actions, in any case. */
static int
pdn_is_action(const char *s, size_t n)
{
	size_t i;

	for (i = 0; pdn_actions[i] != NULL; i++)
		if (strlen(pdn_actions[i]) == n &&
		    strncasecmp(pdn_actions[i], s, n) == 0)
			return 1;
	return 0;
}

/* Length of the word (no space, ']' or '[') at the start of s. */
static size_t
pdn_span_word(const char *s)
{
	size_t n = 0;

	while (s[n] != '\0' && !isspace((unsigned char)s[n]) &&
	    s[n] != ']' && s[n] != '[')
		n++;
	return n;
}

#define PDN_CMD_WORDS 3       /* words of a command comment read */

/*
 * Reads the comment text c as a command comment "[%W1 W2 W3]", spaces
 * aside, of one to PDN_CMD_WORDS words: word[i] and len[i] point into
 * c.  Returns the number of words, or 0 when c is not of that shape.
 */
static int
pdn_command(const char *c, const char **word, size_t *len)
{
	int n = 0;

	while (isspace((unsigned char)*c))
		c++;
	if (c[0] != '[' || c[1] != '%')
		return 0;
	for (c += 2; n < PDN_CMD_WORDS && (len[n] = pdn_span_word(c)) > 0;
	    n++) {
		word[n] = c;
		for (c += len[n]; isspace((unsigned char)*c); c++)
			continue;
	}
	if (n == 0 || *c++ != ']')
		return 0;
	while (isspace((unsigned char)*c))
		c++;
	return *c == '\0' ? n : 0;
}

/* Whether the n words of a command comment make an action: ACTION SIDE,
 * or leave SIDE DAYS. */
static int
pdn_action_words(const char *const *word, const size_t *len, int n)
{
	int leave = len[0] == 5 && strncasecmp(word[0], "leave", 5) == 0;

	if (!pdn_is_action(word[0], len[0]) || n != 2 + leave || len[1] > 32)
		return 0;
	return !leave || (len[2] <= 4 && strspn(word[2], "0123456789") >= len[2]);
}

/* Pushes element kind of text t[0..n) to the line being read. */
static int
pdn_push_text(struct reader *rd, struct pdn_game *pg, enum elem_kind kind,
    const char *t, size_t n)
{
	struct elem *e;

	pg->movetext = 1;
	if ((e = line_push(pdn_top(pg), kind, &rd->tokat)) == NULL ||
	    elem_set_text(e, t, n) == -1)
		return pdn_fail(rd, pdn_nomem(rd));
	return PDN_CONTINUE;
}

/* Pushes the action of a "{[%ACTION SIDE]}" comment as ELEM_ACTION, a
 * "{[%ts TIME]}" as ELEM_STAMP; returns 0 when the comment is neither. */
static int
pdn_push_action(struct reader *rd, struct pdn_game *pg)
{
	const char *word[PDN_CMD_WORDS];
	size_t len[PDN_CMD_WORDS];
	char text[64];
	long long t;
	int n;

	if ((n = pdn_command(rd->tok.s, word, len)) == 2 && len[0] == 2 &&
	    strncasecmp(word[0], "ts", 2) == 0 && len[1] < sizeof(text)) {
		snprintf(text, sizeof(text), "%.*s", (int)len[1], word[1]);
		if (timeutc_parse(text, &t) == 0)
			return pdn_push_text(rd, pg, ELEM_STAMP, text, len[1]);
	}
	if (n < 2 || !pdn_action_words(word, len, n))
		return 0;
	snprintf(text, sizeof(text), "%.*s %.*s%s%.*s", (int)len[0], word[0],
	    (int)len[1], word[1], n == 3 ? " " : "", n == 3 ? (int)len[2] : 0,
	    n == 3 ? word[2] : "");
	return pdn_push_text(rd, pg, ELEM_ACTION, text, strlen(text));
}

static int
pdn_push_comment(struct reader *rd, struct pdn_game *pg, int style)
{
	struct elem *e;
	int rc;

	if (pdn_count(rd, pg, rd->tok.len) == -1)
		return pdn_bad(rd);
	if (style == COMMENT_BRACE && (rc = pdn_push_action(rd, pg)) != 0)
		return rc;
	if ((e = line_push(pdn_top(pg), ELEM_COMMENT, &rd->tokat)) == NULL ||
	    elem_set_text(e, rd->tok.s, rd->tok.len) == -1)
		return pdn_fail(rd, pdn_nomem(rd));
	e->style = style;
	return PDN_CONTINUE;
}

/* Comments on the line of the result belong to the game. */
static int
pdn_trailing_comments(struct reader *rd, struct pdn_game *pg)
{
	enum pdn_tok t;
	int c, rc;

	for (;;) {
		while ((c = pdn_peek(rd)) == ' ' || c == '\t')
			pdn_get(rd);
		if (c != '{' && c != ';')
			return READ_GAME;
		t = pdn_lex(rd);
		if (t != PDN_COMMENT && t != PDN_LINE_COMMENT)
			return pdn_fail(rd, t);
		rc = pdn_push_comment(rd, pg, t == PDN_COMMENT ?
		    COMMENT_BRACE : COMMENT_LINE);
		if (rc != PDN_CONTINUE)
			return rc;
	}
}

static int
pdn_on_result(struct reader *rd, struct pdn_game *pg)
{
	char what[48];

	if (pg->depth > 0) {
		snprintf(what, sizeof(what), "the result '%.30s'", rd->tok.s);
		return pdn_fail(rd, pdn_syntax(rd, &rd->tokat,
		    "')' closing the variation", what));
	}
	if (record_set_result(pg->g, rd->tok.s) == -1)
		return pdn_fail(rd, pdn_nomem(rd));
	pg->g->result_at = rd->tokat;
	return pdn_trailing_comments(rd, pg);
}

/* Whether a line holds a move. */
static int
pdn_has_moves(const struct line *l)
{
	size_t i;

	for (i = 0; i < l->n; i++)
		if (l->elems[i].kind == ELEM_MOVE)
			return 1;
	return 0;
}

/* Whether w[0..n) is dots only: PDN 3.0's ELLIPSES, the unknown move
 * of "1. ... 7-12", which stands for nothing (the position gives the
 * side). */
static int
pdn_is_ellipsis(const char *w, size_t n)
{
	return n > 0 && strspn(w, ".") >= n;
}

/*
 * A setup in the movetext (PDN 3.0: /FEN "B:W18:B14"/) reads as the
 * record's [FEN] tag when it comes before the first move of a record
 * without one; stackref plays a record from one position, so elsewhere
 * it is refused (stackref-pdn(5)).
 */
static int
pdn_on_setup(struct reader *rd, struct pdn_game *pg)
{
	const char *v = rd->tok.s + strspn(rd->tok.s, " \t");
	size_t n;

	if (strncmp(v, "FEN", 3) == 0)
		v += 3 + strspn(v + 3, " \t");
	if (*v == '"')
		v++;
	n = strcspn(v, "\"");
	v = pdn_has_moves(&pg->g->main) || pg->depth > 0 ||
	    record_tag(pg->g, "FEN") != NULL ? NULL : v;
	if (v == NULL)
		return pdn_fail(rd, pdn_syntax(rd, &rd->tokat, "a move (a "
		    "setup /FEN \"...\"/ only before the first move of a "
		    "record without a [FEN] tag)", "a setup"));
	pg->movetext = 1;
	if (pdn_count(rd, pg, n) == -1)
		return pdn_bad(rd);
	rd->tok.s[(size_t)(v - rd->tok.s) + n] = '\0';
	if (record_tag_add(pg->g, "FEN", v, &rd->tokat) == -1)
		return pdn_fail(rd, pdn_nomem(rd));
	return PDN_CONTINUE;
}

/* A word: move numbers, even glued ("14.8."), then a result or a move
 * text; so a move text never reads back as a number or a result. */
static int
pdn_on_word(struct reader *rd, struct pdn_game *pg)
{
	size_t k = 0, j;

	while ((j = pdn_number_prefix(rd->tok.s + k, rd->tok.len - k)) > 0)
		k += j;
	if (k > 0)
		pg->movetext = 1;
	if (notation_result_normal(rd->tok.s + k, NULL) == 0) {
		memmove(rd->tok.s, rd->tok.s + k, rd->tok.len - k + 1);
		rd->tok.len -= k;
		rd->tokat.col += k;
		return pdn_on_result(rd, pg);
	}
	pg->movetext = 1;
	if (k == rd->tok.len || pdn_is_ellipsis(rd->tok.s + k,
	    rd->tok.len - k))
		return PDN_CONTINUE;
	if (k > 0 && (rd->tok.s[k] == '%' || rd->tok.s[k] == '/')) {
		rd->tokat.col += k;	/* a comment or setup glued: "3.%" */
		return pdn_fail(rd, pdn_syntax(rd, &rd->tokat, "a move or a "
		    "space after the move number", rd->tok.s[k] == '%' ?
		    "'%'" : "'/'"));
	}
	if (pdn_count(rd, pg, rd->tok.len - k) == -1)
		return pdn_bad(rd);
	if (pdn_on_move(rd, pg, rd->tok.s + k, rd->tok.len - k, k) == -1)
		return pdn_fail(rd, pdn_nomem(rd));
	return PDN_CONTINUE;
}

static int
pdn_on_tag(struct reader *rd, struct pdn_game *pg)
{
	if (pg->movetext) {
		rd->pending = 1;
		if (pg->depth == 0)
			return READ_GAME;
		pdn_syntax(rd, &rd->tokat, "')' closing the variation",
		    "a tag");
		return READ_MALFORMED;    /* the tag starts the next game */
	}
	if (pdn_count(rd, pg, rd->name.len + rd->tok.len) == -1)
		return pdn_bad(rd);
	if (record_tag_add(pg->g, rd->name.s, rd->tok.s, &rd->tokat) == -1)
		return pdn_fail(rd, pdn_nomem(rd));
	pg->g->tags[pg->g->ntags - 1].value_at = rd->valat;
	return PDN_CONTINUE;
}

static int
pdn_on_nag(struct reader *rd, struct pdn_game *pg)
{
	struct elem *e;

	pg->movetext = 1;
	if (pdn_count(rd, pg, 0) == -1)
		return pdn_bad(rd);
	if ((e = line_push(pdn_top(pg), ELEM_NAG, &rd->tokat)) == NULL)
		return pdn_fail(rd, pdn_nomem(rd));
	e->nag = rd->nag;
	return PDN_CONTINUE;
}

static int
pdn_on_open(struct reader *rd, struct pdn_game *pg)
{
	struct elem *e;

	pg->movetext = 1;
	if (pg->depth >= PDN_DEPTH_MAX)
		return pdn_fail(rd, pdn_report(rd, &rd->tokat, DIAG_TOO_BIG,
		    "variations nested over 256 deep"));
	if (pdn_count(rd, pg, 0) == -1)
		return pdn_bad(rd);
	if ((e = line_push(pdn_top(pg), ELEM_VARIATION, &rd->tokat)) == NULL ||
	    (e->var = calloc(1, sizeof(*e->var))) == NULL)
		return pdn_fail(rd, pdn_nomem(rd));
	pg->stack[++pg->depth] = e->var;
	return PDN_CONTINUE;
}

/*
 * A variation of marks only right after a move, "23-19(?!)": PDN 3.0's
 * parenthesized MOVESTRENGTH, which becomes the move's suffix.  Returns
 * 0 when the variation just closed is not one, -1 on no memory.
 */
static int
pdn_paren_strength(struct pdn_game *pg)
{
	struct line *l = pdn_top(pg), *v;
	struct elem *m;
	char mark[16];

	if (l->n < 2 || l->elems[l->n - 1].kind != ELEM_VARIATION)
		return 0;
	v = l->elems[l->n - 1].var;
	m = &l->elems[l->n - 2];
	if (v->n != 1 || v->elems[0].kind != ELEM_MOVE ||
	    v->elems[0].suffix != NULL || pdn_has_move(v->elems[0].text) ||
	    strlen(v->elems[0].text) > 8 || m->kind != ELEM_MOVE ||
	    m->suffix != NULL || !pdn_has_move(m->text))
		return 0;
	snprintf(mark, sizeof(mark), "(%s)", v->elems[0].text);
	line_truncate(l, l->n - 1);
	return record_elem_suffix(pg->g, m, mark, strlen(mark)) == -1 ? -1 : 1;
}

static int
pdn_on_close(struct reader *rd, struct pdn_game *pg)
{
	if (pg->depth == 0)
		return pdn_fail(rd, pdn_syntax(rd, &rd->tokat, "a move",
		    "')'"));
	pg->depth--;
	if (pdn_paren_strength(pg) == -1)
		return pdn_fail(rd, pdn_nomem(rd));
	return PDN_CONTINUE;
}

static int
pdn_on_end(struct reader *rd, struct pdn_game *pg)
{
	if (pg->depth > 0)
		return pdn_fail(rd, pdn_syntax(rd, &rd->at,
		    "')' closing the variation", "end of file"));
	if (pg->g->ntags == 0 && pg->g->result == NULL && !pg->movetext)
		return READ_END;
	return READ_GAME;
}

/* Reads one token into the game; PDN_CONTINUE or a read_result. */
static int
pdn_step(struct reader *rd, struct pdn_game *pg)
{
	enum pdn_tok t;

	rd->movetext = pg->movetext;
	if (rd->pending) {
		rd->pending = 0;
		t = PDN_TAG;
	} else
		t = pdn_lex(rd);
	if (!pg->started && t != PDN_END) {
		pg->g->at = rd->tokat;
		pg->started = 1;
	}
	switch (t) {
	case PDN_END:
		return pdn_on_end(rd, pg);
	case PDN_TAG:
		return pdn_on_tag(rd, pg);
	case PDN_COMMENT:
		return pdn_push_comment(rd, pg, COMMENT_BRACE);
	case PDN_LINE_COMMENT:
		return pdn_push_comment(rd, pg, COMMENT_LINE);
	case PDN_NAG:
		return pdn_on_nag(rd, pg);
	case PDN_OPEN:
		return pdn_on_open(rd, pg);
	case PDN_CLOSE:
		return pdn_on_close(rd, pg);
	case PDN_WORD:
		return pdn_on_word(rd, pg);
	case PDN_SETUP:
		return pdn_on_setup(rd, pg);
	default:
		return pdn_fail(rd, t);
	}
}

static enum read_result
pdn_next(struct reader *rd, struct record *g, unsigned long *index)
{
	struct pdn_game pg;
	int rc;

	record_free(g);
	record_init(g);
	/* not a memset of pg: its stack of 2 kB is written before read */
	pg.g = g;
	pg.stack[0] = &g->main;
	pg.depth = 0;
	pg.movetext = pg.started = 0;
	pg.elems = pg.bytes = 0;
	rd->index++;
	do
		rc = pdn_step(rd, &pg);
	while (rc == PDN_CONTINUE);
	if (rc == READ_END)
		rd->index--;
	if (index != NULL)
		*index = rd->index;
	return (enum read_result)rc;
}

static struct reader *
pdn_open(FILE *in, const char *file, struct diag *d)
{
	struct reader *rd;

	if ((rd = calloc(1, sizeof(*rd))) == NULL)
		return NULL;
	rd->in = in;
	rd->file = file;
	rd->d = d;
	rd->at.line = 1;
	rd->at.col = 1;
	if (pdn_fill(rd) && rd->len >= 3 &&
	    memcmp(rd->buf, "\xef\xbb\xbf", 3) == 0)
		rd->pos = 3;      /* a UTF-8 byte order mark */
	return rd;
}

static void
pdn_close(struct reader *rd)
{
	if (rd == NULL)
		return;
	free(rd->tok.s);
	free(rd->name.s);
	free(rd);
}

/* --- writer ----------------------------------------------------- */

struct pdn_writer {
	FILE *out;
	size_t col;
	unsigned depth;
	int toodeep;
	int glue;             /* no space before the next unit: after '(' */
};

/* Starts a unit of len bytes of movetext: a space, or a line break
 * when the unit would pass the wrap column. */
static void
pdn_sep(struct pdn_writer *w, size_t len)
{
	if (w->col == 0)
		return;
	if (w->glue) {
		w->glue = 0;
		if (w->col + len > PDN_WRAP) {
			putc('\n', w->out);
			w->col = 0;
		}
		return;
	}
	if (w->col + 1 + len > PDN_WRAP) {
		putc('\n', w->out);
		w->col = 0;
	} else {
		putc(' ', w->out);
		w->col++;
	}
}

static void
pdn_bytes(struct pdn_writer *w, const char *s)
{
	fputs(s, w->out);
	for (; *s != '\0'; s++)
		w->col = *s == '\n' ? 0 : w->col + 1;
}

/* Writes the concatenation of the n strings p (NULL ones skipped) as
 * one unit.  A unit starting with '%' (a move text) stays on the line:
 * a '%' starting a line starts a comment. */
static void
pdn_unit(struct pdn_writer *w, const char *const *p, size_t n)
{
	const char *first = NULL;
	size_t i, len = 0;

	for (i = 0; i < n; i++)
		if (p[i] != NULL) {
			len += strlen(p[i]);
			if (first == NULL)
				first = p[i];
		}
	if (first != NULL && first[0] == '%' && w->col > 0) {
		if (!w->glue) {
			putc(' ', w->out);
			w->col++;
		}
		w->glue = 0;
	} else
		pdn_sep(w, len);
	for (i = 0; i < n; i++)
		if (p[i] != NULL)
			pdn_bytes(w, p[i]);
}

static void
pdn_word(struct pdn_writer *w, const char *s)
{
	pdn_unit(w, &s, 1);
}

/* Ply numbering of a line being written. */
struct pdn_plies {
	unsigned long next;   /* ply index of the next move (even: first
				 * player's) */
	unsigned long last;   /* of the last move written */
	int moved;            /* a move was written in this line */
	int need;             /* the next second-player move needs "N..." */
};

static void
pdn_write_move(struct pdn_writer *w, const struct elem *e,
    struct pdn_plies *pl)
{
	const char *p[4] = { NULL, NULL, e->text, e->suffix };
	char num[32];

	if (pl->next % 2 == 0 || pl->need) {
		snprintf(num, sizeof(num), "%lu.%s", pl->next / 2 + 1,
		    pl->next % 2 == 0 ? "" : "..");
		p[0] = num;
		p[1] = " ";
	}
	pdn_unit(w, p, 4);
	pl->last = pl->next++;
	pl->moved = 1;
	pl->need = 0;
}

static void
pdn_write_comment(struct pdn_writer *w, const struct elem *e)
{
	const char *text = e->text != NULL ? e->text : "";
	const char *p[3] = { "{", text, "}" };

	if (strchr(text, '}') == NULL) {
		pdn_unit(w, p, 3);
		return;
	}
	p[0] = ";";
	pdn_unit(w, p, 2);
	putc('\n', w->out);
	w->col = 0;
}

/* An action as the command comment {[%ACTION SIDE]}, a time stamp as
 * {[%ts TIME]}. */
static void
pdn_write_action(struct pdn_writer *w, const struct elem *e)
{
	const char *p[3] = { e->kind == ELEM_STAMP ? "{[%ts " : "{[%",
	    e->text != NULL ? e->text : "", "]}" };

	pdn_unit(w, p, 3);
}

static void pdn_write_line(struct pdn_writer *, const struct line *,
    unsigned long);

/* Writes element i of l.  The variation of an accepted undo holds the
 * moves taken back, so its moves are numbered from the next ply, not
 * as alternatives to the last. */
static void
pdn_write_elem(struct pdn_writer *w, const struct line *l, size_t i,
    struct pdn_plies *pl)
{
	const struct elem *e = &l->elems[i];
	char nag[16];

	switch (e->kind) {
	case ELEM_MOVE:
		pdn_write_move(w, e, pl);
		break;
	case ELEM_COMMENT:
		pdn_write_comment(w, e);
		pl->need = 1;
		break;
	case ELEM_NAG:
		snprintf(nag, sizeof(nag), "$%u", e->nag);
		pdn_word(w, nag);
		break;
	case ELEM_ACTION:
	case ELEM_STAMP:
		pdn_write_action(w, e);
		pl->need = 1;
		break;
	case ELEM_VARIATION:
		pdn_word(w, "(");
		w->glue = 1;
		if (e->var != NULL)
			pdn_write_line(w, e->var, pl->moved &&
			    !line_undo_var(l, i) ? pl->last : pl->next);
		w->glue = 1;
		pdn_word(w, ")");
		pl->need = 1;
		break;
	}
}

/* Writes l, whose first move is ply index ply. */
static void
pdn_write_line(struct pdn_writer *w, const struct line *l,
    unsigned long ply)
{
	struct pdn_plies pl = { ply, ply, 0, 1 };
	size_t i;

	if (w->depth >= PDN_DEPTH_MAX) {
		w->toodeep = 1;
		return;
	}
	w->depth++;
	for (i = 0; i < l->n; i++)
		pdn_write_elem(w, l, i, &pl);
	w->depth--;
}

/* The side to move first: the one of the FEN tag, else the first. */
static unsigned long
pdn_first_ply(const struct record *g)
{
	const struct rules *r;
	const char *fen;
	struct pos p;

	if ((fen = record_tag(g, "FEN")) == NULL ||
	    (r = notation_game(g, NULL)) == NULL ||
	    fen_parse(r, fen, &p, NULL, NULL) == -1)
		return 0;
	return p.turn == SIDE_SECOND;
}

static void
pdn_write_tag(FILE *out, const struct tag *t)
{
	const char *s;

	fprintf(out, "[%s \"", t->name);
	for (s = t->value; *s != '\0'; s++) {
		if (*s == '"' || *s == '\\')
			putc('\\', out);
		putc(*s, out);
	}
	fputs("\"]\n", out);
}

static int
pdn_write(FILE *out, const struct record *g)
{
	struct pdn_writer w = { out, 0, 0, 0, 0 };
	size_t i;

	for (i = 0; i < g->ntags; i++)
		pdn_write_tag(out, &g->tags[i]);
	if (g->ntags > 0)
		putc('\n', out);
	pdn_write_line(&w, &g->main, pdn_first_ply(g));
	pdn_word(&w, notation_result_written(g));
	fputs("\n\n", out);
	if (w.toodeep) {
		errno = EOVERFLOW;
		return -1;
	}
	return ferror(out) ? -1 : 0;
}

const struct notation notation_pdn = {
	.name = "pdn",
	.open = pdn_open,
	.next = pdn_next,
	.close = pdn_close,
	.write = pdn_write,
};
