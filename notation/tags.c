/*
 * tags.c - what a record's tags and result tokens mean, whatever
 * notation the record was read in: the game it is played under, the
 * tags naming its players, the forms of a result.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "notation/notation.h"

/* A result token and its form of SPEC 1. */
struct notation_result {
	const char *token, *canonical;
};

/*
 * The tokens of notation_result_normal by their first byte, each group
 * ended by a NULL token: the PDN reader asks of every word it reads,
 * and most are moves, which a byte tells apart (a square's first digit
 * 1 or 2 then leaves a few candidates, the others none).
 */
static const struct notation_result notation_results_0[] = {
	{ "0-1", "0-1" }, { "0-2", "0-1" }, { "0-0", "0-0" }, { NULL, NULL }
};
static const struct notation_result notation_results_1[] = {
	{ "1-0", "1-0" }, { "1/2-1/2", "1/2-1/2" }, { "1-1", "1/2-1/2" },
	{ "1/2", "1/2-1/2" }, { NULL, NULL }
};
static const struct notation_result notation_results_2[] = {
	{ "2-0", "1-0" }, { NULL, NULL }
};
static const struct notation_result notation_results_star[] = {
	{ "*", "*" }, { NULL, NULL }
};
static const struct notation_result notation_results_half[] = {
	{ "\xc2\xbd-\xc2\xbd", "1/2-1/2" }, { NULL, NULL }   /* ½-½ */
};
static const struct notation_result *const notation_results[256] = {
	['0'] = notation_results_0, ['1'] = notation_results_1,
	['2'] = notation_results_2, ['*'] = notation_results_star,
	[0xc2] = notation_results_half,
};

/* Whether a and b are the same string: a few bytes, compared in line. */
static int
notation_same(const char *a, const char *b)
{
	while (*a == *b && *a != '\0')
		a++, b++;
	return *a == *b;
}

int
notation_result_normal(const char *token, const char **canonical)
{
	const struct notation_result *r;

	r = notation_results[(unsigned char)token[0]];
	for (; r != NULL && r->token != NULL; r++)
		if (notation_same(token, r->token)) {
			if (canonical != NULL)
				*canonical = r->canonical;
			return 0;
		}
	return -1;
}

const char *
notation_result_written(const struct record *g)
{
	static const char *const forms[][2] = {
		{ "1-0", "2-0" }, { "0-1", "0-2" }, { "1/2-1/2", "1-1" }
	};
	const struct rules *r = notation_game(g, NULL);
	const char *c = "*";
	size_t i;

	if (g->result != NULL)
		notation_result_normal(g->result, &c);
	if (r == NULL || r->results != RESULTS_INTERNATIONAL)
		return c;
	for (i = 0; i < sizeof(forms) / sizeof(forms[0]); i++)
		if (strcmp(c, forms[i][0]) == 0)
			return forms[i][1];
	return c;
}

void
notation_player_tag(const struct rules *r, int side, char *buf,
    size_t size)
{
	snprintf(buf, size, "%s", r->gametype != NULL ?
	    (side == 0 ? "Black" : "White") : r->side[side]);
	buf[0] = (char)toupper((unsigned char)buf[0]);
}

int
notation_side_parse(const struct rules *r, const char *text)
{
	char tag[32];
	int s;

	if ((s = rules_side_parse(r, text)) >= 0)
		return s;
	for (s = 0; s < 2; s++) {
		notation_player_tag(r, s, tag, sizeof(tag));
		if (strcasecmp(text, tag) == 0 ||
		    (text[0] != '\0' && text[1] == '\0' &&
		    tolower((unsigned char)text[0]) == fen_side_letter(r, s)))
			return s;
	}
	return -1;
}

void
notation_side_names(const struct rules *r, char *buf, size_t size)
{
	char tag[32];
	size_t at = 0;
	int s, n;

	buf[0] = '\0';
	for (s = 0; s < 2 && at < size; s++) {
		notation_player_tag(r, s, tag, sizeof(tag));
		tag[0] = (char)tolower((unsigned char)tag[0]);
		n = snprintf(buf + at, size - at, "%s%s", s > 0 ? ", " : "",
		    r->side[s]);
		at += n > 0 ? (size_t)n : 0;
		if (strcmp(tag, r->side[s]) != 0 && at < size) {
			n = snprintf(buf + at, size - at, " (%s)", tag);
			at += n > 0 ? (size_t)n : 0;
		}
	}
}

const char *
notation_player(const struct rules *r, const struct record *g, int side)
{
	char tag[32];
	const char *v;

	notation_player_tag(r, side, tag, sizeof(tag));
	v = record_tag(g, tag);
	return v == NULL || v[0] == '\0' || strcmp(v, "?") == 0 ? NULL : v;
}

/* Whether a GameType value means English checkers: "21", possibly
 * followed by ",..." fields, spaces around tolerated. */
static int
notation_gametype_checkers(const char *v)
{
	v += strspn(v, " \t");
	if (strncmp(v, "21", 2) != 0)
		return 0;
	v += 2;
	v += strspn(v, " \t");
	return *v == '\0' || *v == ',';
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
		return notation_gametype_checkers(v) ?
		    rules_find("checkers") : NULL;
	}
	if (name != NULL)
		*name = "checkers";
	return rules_find("checkers");
}

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

int
notation_square_style(const struct rules *r, const struct record *g)
{
	const char *v;
	size_t i;
	int st;

	if (r->restyle == NULL)
		return -1;
	if ((v = record_tag(g, "GameType")) != NULL &&
	    (st = notation_gametype_style(v)) >= 0)
		return (enum square_style)st;
	for (i = 0; i < g->main.n; i++)
		if (g->main.elems[i].kind == ELEM_MOVE &&
		    g->main.elems[i].text != NULL) {
			if ((st = r->text_style(g->main.elems[i].text)) >= 0)
				return (enum square_style)st;
			break;
		}
	if ((v = record_tag(g, "FEN")) != NULL &&
	    (st = r->text_style(v)) >= 0)
		return (enum square_style)st;
	return SQUARES_NUMERIC;
}

/* The draughts of PDN 3.0's GameType list (pdn.fmjd.org/gametype.html)
 * that stackref does not play; 21, English draughts, is checkers. */
static const struct {
	unsigned type;
	const char *name;
} notation_variants[] = {
	{ 20, "international draughts" }, { 22, "Italian draughts" },
	{ 23, "American pool checkers" }, { 24, "Spanish draughts" },
	{ 25, "Russian draughts" }, { 26, "Brazilian draughts" },
	{ 27, "Canadian draughts" }, { 28, "Portuguese draughts" },
	{ 29, "Czech draughts" }, { 30, "Turkish draughts" },
	{ 31, "Thai draughts" }, { 40, "Frisian draughts" },
	{ 41, "Spantsiretti" }
};

const char *
notation_variant(const struct record *g, unsigned *type)
{
	const char *v = record_tag(g, "GameType");
	unsigned long n;
	char num[8];
	size_t i, len;

	if (v == NULL || record_tag(g, "Game") != NULL)
		return NULL;
	v += strspn(v, " \t");
	len = strspn(v, "0123456789");
	if (len == 0 || len >= sizeof(num))
		return NULL;
	memcpy(num, v, len);
	num[len] = '\0';
	n = strtoul(num, NULL, 10);
	for (i = 0; i < sizeof(notation_variants) /
	    sizeof(notation_variants[0]); i++)
		if (notation_variants[i].type == n) {
			*type = (unsigned)n;
			return notation_variants[i].name;
		}
	return NULL;
}
