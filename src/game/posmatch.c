/* posmatch.c - exact positions and patterns of positions, per game. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "notation/notation.h"
#include "game/posmatch.h"
#include "base/util.h"

#define POSMATCH_TEXT 2048     /* bytes of a FEN given */

/* Why a game cannot read the spec. */
enum posmatch_fault {
	POSMATCH_FINE,
	POSMATCH_TOO_LONG,     /* --fen or --pattern past POSMATCH_TEXT */
	POSMATCH_BAD_FEN,      /* --fen or --pattern: fen_error's why */
	POSMATCH_BAD_EMPTY,
	POSMATCH_BAD_MATERIAL
};

void
posmatch_init(struct posmatch *pm, const struct posmatch_spec *spec)
{
	memset(pm, 0, sizeof(*pm));
	pm->spec = *spec;
}

int
posmatch_active(const struct posmatch_spec *spec)
{
	return spec->fen != NULL || spec->pattern != NULL ||
	    spec->empty != NULL || spec->material != NULL;
}

/* Reads the FEN text (--fen, or --pattern with '?' for either side)
 * into pg->want; POSMATCH_BAD_FEN comes with why (of size bytes). */
static enum posmatch_fault
posmatch_fen(struct posmatch_game *pg, const char *text, int pattern,
    char *why, size_t size)
{
	char buf[POSMATCH_TEXT];
	const char *err_why = NULL;
	size_t err = 0, lead = strspn(text, " \t");
	unsigned sq;

	if (snprintf(buf, sizeof(buf), "%s", text) >= (int)sizeof(buf))
		return POSMATCH_TOO_LONG;
	if (pattern && buf[lead] == '?') {
		pg->anyside = 1;
		buf[lead] = (char)fen_side_letter(pg->r, SIDE_FIRST);
	}
	if (fen_parse(pg->r, buf, &pg->want, &err, &err_why) == -1) {
		fen_error(pg->r, text, err, err_why, why, size);
		return POSMATCH_BAD_FEN;
	}
	for (sq = 0; sq < pg->want.nsquares; sq++)
		if (!pattern || pg->want.sq[sq].height > 0)
			pg->listed[sq] = 1;
	return POSMATCH_FINE;
}

/* Reads a square name at *p (advanced past it); -1 if none. */
static int
posmatch_square(const struct rules *r, const char **p)
{
	size_t used = 0, n = strcspn(*p, ",- \t");
	int sq;

	if ((sq = r->square_parse(*p, n, &used)) < 0 || used != n)
		return -1;
	*p += used;
	return sq;
}

/* Reads --empty: squares and ranges of squares joined by commas. */
static enum posmatch_fault
posmatch_empty(struct posmatch_game *pg, const char *text)
{
	const char *p = text;
	int a, b;

	while (*p != '\0') {
		if ((a = posmatch_square(pg->r, &p)) < 0)
			break;
		b = a;
		if (*p == '-' && (++p, (b = posmatch_square(pg->r, &p)) < a))
			break;
		for (; a <= b; a++)
			pg->empty[a] = pg->nempty = 1;
		if (*p == ',')
			p++;
		else if (*p != '\0')
			break;
	}
	return *p == '\0' && pg->nempty ? POSMATCH_FINE :
	    POSMATCH_BAD_EMPTY;
}

/* Reads one --material term "SIDE[-kings]OP N" of length n at t. */
static int
posmatch_term(struct posmatch_game *pg, const char *t, size_t n)
{
	struct posmatch_count *c = &pg->count[pg->ncount];
	char side[40], num[16];
	size_t s = strcspn(t, "=!<>");
	unsigned long v;
	int op;

	if (s == 0 || s >= n || s >= sizeof(side) || pg->ncount >=
	    POSMATCH_MATERIAL)
		return -1;
	snprintf(side, sizeof(side), "%.*s", (int)s, t);
	if ((c->kings = s > 6 && strcmp(side + s - 6, "-kings") == 0))
		side[s - 6] = '\0';
	op = t[s];
	if (t[s + 1] == '=')
		op = op == '<' ? 'l' : op == '>' ? 'g' : op == '!' ? '!' : -1;
	else if (op == '!')
		op = -1;
	s += t[s + 1] == '=' ? 2 : 1;
	if (op == -1 || n - s >= sizeof(num))
		return -1;
	snprintf(num, sizeof(num), "%.*s", (int)(n - s), t + s);
	if ((c->side = notation_side_parse(pg->r, side)) < 0 ||
	    util_parse_ulong(num, 0, 1000, &v) == -1)
		return -1;
	c->op = op;
	c->n = (unsigned)v;
	pg->ncount++;
	return 0;
}

static enum posmatch_fault
posmatch_material(struct posmatch_game *pg, const char *text)
{
	const char *p = text;
	size_t n;

	while (*p != '\0') {
		n = strcspn(p, ", ");
		if (posmatch_term(pg, p, n) == -1)
			return POSMATCH_BAD_MATERIAL;
		p += n + (p[n] != '\0');
	}
	return POSMATCH_FINE;
}

/* Reads the spec for game pg->r (why as for posmatch_fen). */
static enum posmatch_fault
posmatch_read(struct posmatch_game *pg, const struct posmatch_spec *sp,
    char *why, size_t size)
{
	enum posmatch_fault f = POSMATCH_FINE;

	pg->exact = sp->fen != NULL;
	if (sp->fen != NULL || sp->pattern != NULL)
		f = posmatch_fen(pg, sp->fen != NULL ? sp->fen : sp->pattern,
		    sp->fen == NULL, why, size);
	if (f == POSMATCH_FINE && sp->empty != NULL)
		f = posmatch_empty(pg, sp->empty);
	if (f == POSMATCH_FINE && sp->material != NULL)
		f = posmatch_material(pg, sp->material);
	return f;
}

/* Reports why game r cannot read spec. */
static void
posmatch_report(enum posmatch_fault f, const struct posmatch_spec *sp,
    const char *why, const struct rules *r, struct diag *d)
{
	if (f == POSMATCH_TOO_LONG)
		diag_report(d, DIAG_POSITION_TOO_LONG, NULL, r->name);
	else if (f == POSMATCH_BAD_FEN)
		diag_report(d, DIAG_BAD_POSITION, NULL, why, r->name);
	else if (f == POSMATCH_BAD_EMPTY)
		diag_report(d, DIAG_BAD_EMPTY, NULL, sp->empty, r->name,
		    r->name);
	else
		diag_report(d, DIAG_BAD_MATERIAL, NULL, sp->material, r->name,
		    r->name);
}

const struct posmatch_game *
posmatch_for(struct posmatch *pm, const struct rules *r, struct diag *d)
{
	struct posmatch_game *pg;
	enum posmatch_fault f;
	char why[512];
	unsigned i;

	for (i = 0; i < pm->ngames; i++)
		if (pm->game[i].r == r)
			return pm->game[i].ok ? &pm->game[i] : NULL;
	if (pm->ngames >= POSMATCH_GAMES)
		return NULL;
	pg = &pm->game[pm->ngames++];
	memset(pg, 0, sizeof(*pg));
	pg->r = r;
	if ((f = posmatch_read(pg, &pm->spec, why, sizeof(why))) !=
	    POSMATCH_FINE) {
		posmatch_report(f, &pm->spec, why, r, d);
		return NULL;
	}
	pg->ok = 1;
	return pg;
}

/* The checkers of side in p, or its crowned ones. */
static unsigned
posmatch_material_of(const struct pos *p, int side, int kings)
{
	uint32_t mask, mine;
	unsigned sq, n = 0;

	if (!kings)
		return pos_count(p, (enum side)side);
	for (sq = 0; sq < p->nsquares; sq++) {
		mask = p->sq[sq].height >= 32 ? 0xffffffffu :
		    ((uint32_t)1 << p->sq[sq].height) - 1;
		mine = side == SIDE_FIRST ? ~p->sq[sq].owner : p->sq[sq].owner;
		n += (unsigned)__builtin_popcount(p->sq[sq].crown & mine &
		    mask);
	}
	return n;
}

static int
posmatch_counts(const struct posmatch_game *pg, const struct pos *p)
{
	const struct posmatch_count *c;
	unsigned i, n;

	for (i = 0; i < pg->ncount; i++) {
		c = &pg->count[i];
		n = posmatch_material_of(p, c->side, c->kings);
		if (!(c->op == '=' ? n == c->n : c->op == '!' ? n != c->n :
		    c->op == '<' ? n < c->n : c->op == 'l' ? n <= c->n :
		    c->op == '>' ? n > c->n : n >= c->n))
			return 0;
	}
	return 1;
}

int
posmatch_test(const struct posmatch_game *pg, const struct pos *p)
{
	unsigned sq, n = p->nsquares < POS_SQUARES ? p->nsquares : POS_SQUARES;

	if (pg->exact)
		return pos_equal(p, &pg->want);
	if (!pg->anyside && p->turn != pg->want.turn)
		for (sq = 0; sq < n; sq++)
			if (pg->listed[sq])
				return 0;
	for (sq = 0; sq < n; sq++)
		if ((pg->listed[sq] &&
		    !stack_equal(&p->sq[sq], &pg->want.sq[sq])) ||
		    (pg->empty[sq] && p->sq[sq].height != 0))
			return 0;
	return posmatch_counts(pg, p);
}
