/*
 * gametype.c - PDN 3.0's GameType tag: the table of its draughts types,
 * the game a record's tag names, its full form read, checked and
 * written, and the colour of the first player it gives.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "notation/notation.h"

int
notation_gametype_style(const char *v)
{
	unsigned commas = 0;

	for (; *v != '\0' && commas < 4; v++)
		if (*v == ',')
			commas++;
	v += strspn(v, " \t");
	if (commas < 4 || *v == '\0')
		return -1;
	if (*v == 'A' || *v == 'a')
		return SQUARES_ALGEBRAIC;
	if (*v == 'N' || *v == 'n')
		return SQUARES_NUMERIC;
	return -1;
}

/*
 * PDN 3.0's GameType table (pdn.fmjd.org/gametype.html): each draughts
 * type, its name and its full form's defaults: the colour that moves
 * first, the board's width and height, the notation field, the
 * Invert-flag; and the notation field of the other naming of its
 * squares (alt: algebraic a1 at the first player's lower left, A0, or
 * the numbers of the draughts engine's board, from the corner the
 * digit names), written by a game that reads both (struct rules
 * restyle).
 */
static const struct notation_gametype {
	unsigned type;
	const char *name;
	char first;                  /* 'W' or 'B' */
	unsigned width, height;
	const char *code;            /* "N2" */
	const char *alt;             /* "A0", or NULL */
	unsigned invert;             /* the Invert-flag: the bottom left
				      * corner is not played */
} notation_gametypes[] = {
	{ 20, "international draughts", 'W', 10, 10, "N2", "A0", 0 },
	{ 21, "English draughts", 'B', 8, 8, "N1", "A3", 0 },
	{ 22, "Italian draughts", 'W', 8, 8, "N2", "A0", 1 },
	{ 23, "American pool checkers", 'B', 8, 8, "N1", "A0", 0 },
	{ 24, "Spanish draughts", 'W', 8, 8, "N1", "A0", 1 },
	{ 25, "Russian draughts", 'W', 8, 8, "A0", "N2", 0 },
	{ 26, "Brazilian draughts", 'W', 8, 8, "A0", "N2", 0 },
	{ 27, "Canadian draughts", 'W', 12, 12, "N2", "A0", 0 },
	{ 28, "Portuguese draughts", 'W', 8, 8, "N1", "A0", 1 },
	{ 29, "Czech draughts", 'W', 8, 8, "A0", "N2", 0 },
	{ 30, "Turkish draughts", 'W', 8, 8, "A0", NULL, 0 },
	{ 31, "Thai draughts", 'B', 8, 8, "N2", "A0", 0 },
	{ 40, "Frisian draughts", 'W', 10, 10, "N2", "A0", 0 },
	{ 41, "Spantsiretti", 'W', 10, 8, "A0", NULL, 0 },
};

#define NOTATION_GAMETYPES \
	(sizeof(notation_gametypes) / sizeof(notation_gametypes[0]))

/* The type number a GameType value begins with (spaces around
 * tolerated), or -1. */
static long
notation_gametype_number(const char *v)
{
	char num[8];
	size_t len;

	v += strspn(v, " \t");
	len = strspn(v, "0123456789");
	if (len == 0 || len >= sizeof(num))
		return -1;
	memcpy(num, v, len);
	num[len] = '\0';
	return strtol(num, NULL, 10);
}

/* The row of type n of the table, or NULL. */
static const struct notation_gametype *
notation_gametype_row(long n)
{
	size_t i;

	for (i = 0; i < NOTATION_GAMETYPES; i++)
		if ((long)notation_gametypes[i].type == n)
			return &notation_gametypes[i];
	return NULL;
}

/* The game whose struct rules.gametype is type n, or NULL. */
static const struct rules *
notation_gametype_rules(long n)
{
	size_t i;

	for (i = 0; rules_table[i] != NULL; i++)
		if (rules_table[i]->gametype != NULL &&
		    strtol(rules_table[i]->gametype, NULL, 10) == n)
			return rules_table[i];
	return NULL;
}

const struct rules *
notation_game(const struct record *g, const char **name)
{
	const char *v;

	if ((v = record_tag(g, "Game")) != NULL) {
		if (name != NULL)
			*name = v;
		return rules_find(v);
	}
	if ((v = record_tag(g, "GameType")) != NULL) {
		if (name != NULL)
			*name = v;
		return notation_gametype_rules(notation_gametype_number(v));
	}
	if (name != NULL)
		*name = "checkers";
	return rules_find("checkers");
}

int
notation_first_colour(const struct rules *r)
{
	const struct notation_gametype *t = r->gametype == NULL ? NULL :
	    notation_gametype_row(strtol(r->gametype, NULL, 10));

	return t != NULL ? t->first : 'B';
}

/* Reads the comma-separated fields of v into f (at most n of them, each
 * cut to 15 bytes, blanks around left out); returns how many. */
static size_t
notation_gametype_fields(const char *v, char (*f)[16], size_t n)
{
	size_t k = 0, len;

	while (k < n) {
		v += strspn(v, " \t");
		len = strcspn(v, ",");
		snprintf(f[k], sizeof(f[k]), "%.*s", (int)len, v);
		f[k][strcspn(f[k], " \t")] = '\0';
		k++;
		if (v[len] != ',')
			break;
		v += len + 1;
	}
	return k;
}

/* The row of r's type, or NULL. */
static const struct notation_gametype *
notation_gametype_of(const struct rules *r)
{
	return r->gametype == NULL ? NULL :
	    notation_gametype_row(strtol(r->gametype, NULL, 10));
}

enum square_style
notation_own_style(const struct rules *r)
{
	const struct notation_gametype *t = notation_gametype_of(r);

	return t != NULL && t->code[0] == 'A' ? SQUARES_ALGEBRAIC :
	    SQUARES_NUMERIC;
}

const char *
notation_gametype_code(const struct rules *r, enum square_style st)
{
	const struct notation_gametype *t = notation_gametype_of(r);

	if (t == NULL)
		return rules_style_code(st);
	if (st == notation_own_style(r) || t->alt == NULL)
		return t->code;
	return t->alt;
}

int
notation_gametype_fault(const struct rules *r, const char *v, char *buf,
    size_t size)
{
	char f[6][16], want[16];
	size_t n = notation_gametype_fields(v, f, 6);

	if (n < 5)
		return 0;
	snprintf(want, sizeof(want), "%u", r->width);
	if (strcmp(f[2], want) != 0)
		return snprintf(buf, size, "board width %s, but %s is played "
		    "on a board %s wide", f[2], r->name, want);
	snprintf(want, sizeof(want), "%u", r->height);
	if (strcmp(f[3], want) != 0)
		return snprintf(buf, size, "board height %s, but %s is played "
		    "on a board %s high", f[3], r->name, want);
	if (notation_gametype_style(v) < 0 || (r->restyle == NULL &&
	    notation_gametype_style(v) != (int)notation_own_style(r)))
		return snprintf(buf, size, "notation %s, which %s does not "
		    "write", f[4], r->name);
	return 0;
}

int
notation_gametype_text(const struct rules *r, int style, char *buf,
    size_t size)
{
	const struct notation_gametype *t = notation_gametype_of(r);
	const char *code;

	if (t == NULL)
		return -1;
	code = style >= 0 && r->restyle != NULL ?
	    notation_gametype_code(r, (enum square_style)style) : t->code;
	return snprintf(buf, size, "%u,%c,%u,%u,%s,%u", t->type, t->first,
	    r->width, r->height, code, t->invert);
}

const char *
notation_variant(const struct record *g, unsigned *type)
{
	const char *v = record_tag(g, "GameType");
	const struct notation_gametype *t;
	long n;

	if (v == NULL || record_tag(g, "Game") != NULL)
		return NULL;
	n = notation_gametype_number(v);
	if (notation_gametype_rules(n) != NULL ||
	    (t = notation_gametype_row(n)) == NULL)
		return NULL;
	*type = t->type;
	return t->name;
}

const struct rules *
notation_game_named(const char *text, const char **tag, const char **value)
{
	const struct rules *r;
	long n = notation_gametype_number(text);

	if (n >= 0 && (r = notation_gametype_rules(n)) != NULL) {
		*tag = "GameType";
		*value = text;
		return r;
	}
	if ((r = rules_find(text)) == NULL)
		return NULL;
	*tag = r->gametype != NULL ? "GameType" : "Game";
	*value = r->gametype != NULL ? r->gametype : r->name;
	return r;
}

void
notation_game_names(char *buf, size_t size)
{
	size_t i, n = 0;
	int k;

	if (size > 0)
		buf[0] = '\0';
	for (i = 0; rules_table[i] != NULL && n < size; i++) {
		k = snprintf(buf + n, size - n, "%s%s%s%s%s", i > 0 ? ", " : "",
		    rules_table[i]->name, rules_table[i]->gametype != NULL ?
		    " (" : "", rules_table[i]->gametype != NULL ?
		    rules_table[i]->gametype : "", rules_table[i]->gametype !=
		    NULL ? ")" : "");
		if (k < 0)
			break;
		n += (size_t)k;
	}
}

const char *
notation_gametype_name(const struct rules *r)
{
	const struct notation_gametype *t = r->gametype == NULL ? NULL :
	    notation_gametype_row(strtol(r->gametype, NULL, 10));

	return t != NULL ? t->name : r->title;
}
