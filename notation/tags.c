/*
 * tags.c - what a record's tags and result tokens mean, whatever
 * notation the record was read in: the game it is played under, the
 * tags naming its players, the forms of a result.
 */
#include <ctype.h>
#include <stdio.h>
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
notation_result_of(const struct rules *r, const char *canonical)
{
	static const char *const forms[][2] = {
		{ "1-0", "2-0" }, { "0-1", "0-2" }, { "1/2-1/2", "1-1" }
	};
	size_t i;

	if (r == NULL || r->results != RESULTS_INTERNATIONAL)
		return canonical;
	for (i = 0; i < sizeof(forms) / sizeof(forms[0]); i++)
		if (strcmp(canonical, forms[i][0]) == 0)
			return forms[i][1];
	return canonical;
}

const char *
notation_result_written(const struct record *g)
{
	const char *c = "*";

	if (g->result != NULL)
		notation_result_normal(g->result, &c);
	return notation_result_of(notation_game(g, NULL), c);
}

void
notation_player_tag(const struct rules *r, int side, char *buf,
    size_t size)
{
	int black = (notation_first_colour(r) == 'B') == (side == 0);

	snprintf(buf, size, "%s", r->gametype != NULL ?
	    (black ? "Black" : "White") : r->side[side]);
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
	return notation_own_style(r);
}
