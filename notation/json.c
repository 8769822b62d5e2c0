/*
 * json.c - the JSON notation, write-only: a stream of games is one JSON
 * array, one object per game, valid under the JSON Schema
 * notation/stackref.schema.json (installed in $(PREFIX)/share/stackref):
 * the game, the tags in order, the start position, the moves of the main
 * line with their ply, side, canonical text, text as written and the FEN
 * after each, the comments, the correspondence actions, the time each
 * move and action was made (its time stamp) and the result.  Variations
 * are left out, but for the moves an accepted undo took back, listed
 * with the accept-undo action.  Strings are UTF-8; a byte that is not part
 * of valid UTF-8 is written as the Latin-1 character of that value.
 *
 * The FEN after each move comes from playing the record's moves with
 * its game's rules: a record replayed canonically (convert) reads move
 * by move; where a move does not (an unknown game, a record not
 * replayed), the FENs and sides from there on are null.
 */
#include <stdio.h>
#include <string.h>

#include "notation/notation.h"
#include "notation/json.h"
#include "base/util.h"

#define JSON_TEXT 4096         /* bytes of a FEN */

/* Writes "name": string. */
static void
json_field(FILE *out, const char *name, const char *value, int comma)
{
	fprintf(out, "%s\"%s\": ", comma ? ", " : "", name);
	util_json_string(out, value);
}

static void
json_tags(FILE *out, const struct record *g)
{
	size_t i;

	fputs("  \"tags\": [", out);
	for (i = 0; i < g->ntags; i++) {
		fputs(i > 0 ? ",\n    {" : "\n    {", out);
		json_field(out, "name", g->tags[i].name, 0);
		json_field(out, "value", g->tags[i].value, 1);
		putc('}', out);
	}
	fputs(g->ntags > 0 ? "\n  ],\n" : "],\n", out);
}

/* The replay of the main line as the writer goes. */
struct json_play {
	const struct rules *r;
	int style;
	struct pos pos;
	int ok;                   /* the moves so far were played */
	unsigned long ply;
};

/* Plays the move text on jp; writes the side that played it into side
 * and the FEN after it into fen, or empties them. */
static void
json_play(struct json_play *jp, const char *text, char *side, size_t sz,
    char *fen, size_t fsz)
{
	struct move pattern, m;
	size_t err;

	side[0] = fen[0] = '\0';
	if (!jp->ok || text == NULL ||
	    rules_move_parse(jp->r, text, strlen(text), &pattern, &err) == -1 ||
	    rules_resolve(jp->r, &jp->pos, &pattern, &m) != 1) {
		jp->ok = 0;
		return;
	}
	snprintf(side, sz, "%s", jp->r->side[jp->pos.turn]);
	jp->r->apply(&jp->pos, &m);
	if (fen_format_style(jp->r, &jp->pos, jp->style, fen, fsz) == -1)
		fen[0] = '\0';
}

/* Whether element e starts an item of the list: a move or an action. */
static int
json_item(const struct elem *e)
{
	return e->kind == ELEM_MOVE || e->kind == ELEM_ACTION;
}

/* Writes the member "time" when the elements of l from i up to the
 * next move or action hold a time stamp (the first one). */
static void
json_time(FILE *out, const struct line *l, size_t i)
{
	for (; i < l->n && !json_item(&l->elems[i]); i++)
		if (l->elems[i].kind == ELEM_STAMP) {
			json_field(out, "time", l->elems[i].text, 1);
			return;
		}
}

/* Writes the comments and NAGs that follow element i of l as the
 * members "comments" and "nags" (empty arrays when none), and its time
 * stamp as "time" when it has one; returns the index of the next move
 * or action. */
static size_t
json_notes(FILE *out, const struct line *l, size_t i)
{
	size_t j, n = 0;

	json_time(out, l, i);

	fputs(", \"comments\": [", out);
	for (j = i; j < l->n && l->elems[j].kind != ELEM_MOVE &&
	    l->elems[j].kind != ELEM_ACTION; j++)
		if (l->elems[j].kind == ELEM_COMMENT) {
			fputs(n++ > 0 ? ", " : "", out);
			util_json_string(out, l->elems[j].text != NULL ?
			    l->elems[j].text : "");
		}
	fputs("], \"nags\": [", out);
	for (j = i, n = 0; j < l->n && l->elems[j].kind != ELEM_MOVE &&
	    l->elems[j].kind != ELEM_ACTION; j++)
		if (l->elems[j].kind == ELEM_NAG)
			fprintf(out, "%s%u", n++ > 0 ? ", " : "",
			    l->elems[j].nag);
	putc(']', out);
	return j;
}

static void
json_move(FILE *out, struct json_play *jp, const struct elem *e)
{
	char side[32], fen[JSON_TEXT];

	json_play(jp, e->text, side, sizeof(side), fen, sizeof(fen));
	fprintf(out, "{\"ply\": %lu", ++jp->ply);
	json_field(out, "side", side[0] != '\0' ? side : NULL, 1);
	json_field(out, "text", e->text != NULL ? e->text : "", 1);
	json_field(out, "written", e->written != NULL ? e->written :
	    e->text != NULL ? e->text : "", 1);
	json_field(out, "suffix", e->suffix, 1);
	json_field(out, "fen", fen[0] != '\0' ? fen : NULL, 1);
}

/* For the accept-undo action at i of l, the member "undone": the moves
 * its variation took back. */
static void
json_undone(FILE *out, const struct line *l, size_t i)
{
	const struct line *v;
	size_t j, k, n = 0;

	if ((j = line_undo_before(l, i)) == l->n || !line_undo_var(l, j) ||
	    (v = l->elems[j].var) == NULL)
		return;
	fputs(", \"undone\": [", out);
	for (k = 0; k < v->n; k++)
		if (v->elems[k].kind == ELEM_MOVE) {
			fputs(n++ > 0 ? ", " : "", out);
			util_json_string(out, v->elems[k].text != NULL ?
			    v->elems[k].text : "");
		}
	putc(']', out);
}

/* The moves and actions of the main line from element i on, each with
 * the comments and NAGs after it. */
static void
json_line(FILE *out, struct json_play *jp, const struct line *l, size_t i)
{
	const struct elem *e;
	size_t n = 0;

	fputs("  \"moves\": [", out);
	while (i < l->n) {
		e = &l->elems[i];
		fputs(n++ > 0 ? ",\n    " : "\n    ", out);
		if (e->kind == ELEM_MOVE)
			json_move(out, jp, e);
		else {
			fprintf(out, "{\"ply\": %lu", jp->ply);
			json_field(out, "action", e->text, 1);
			json_undone(out, l, i);
		}
		i = json_notes(out, l, i + 1);
		putc('}', out);
	}
	fputs(n > 0 ? "\n  ],\n" : "],\n", out);
}

/* Sets jp to the start of g: its game, its FEN or the game's start;
 * writes the start's FEN into fen (empty when unknown). */
static void
json_start(struct json_play *jp, const struct record *g, char *fen,
    size_t size)
{
	const char *setup = record_tag(g, "FEN");

	memset(jp, 0, sizeof(*jp));
	fen[0] = '\0';
	if ((jp->r = notation_game(g, NULL)) == NULL)
		return;
	jp->style = notation_square_style(jp->r, g);
	if (setup != NULL &&
	    fen_parse(jp->r, setup, &jp->pos, NULL, NULL) == -1)
		return;
	if (setup == NULL)
		jp->r->start(&jp->pos);
	jp->ok = fen_format_style(jp->r, &jp->pos, jp->style, fen,
	    size) >= 0;
}

static int
json_write(FILE *out, const struct record *g)
{
	char fen[JSON_TEXT];
	const char *result = "*";
	struct json_play jp;
	size_t i;

	json_start(&jp, g, fen, sizeof(fen));
	fputs("{\n  ", out);
	json_field(out, "game", jp.r != NULL ? jp.r->name : NULL, 0);
	fputs(",\n", out);
	json_tags(out, g);
	fputs("  ", out);
	json_field(out, "start", fen[0] != '\0' ? fen : NULL, 0);
	i = json_notes(out, &g->main, 0);
	fputs(",\n", out);
	json_line(out, &jp, &g->main, i);
	if (g->result != NULL)
		notation_result_normal(g->result, &result);
	fputs("  ", out);
	json_field(out, "result", result, 0);
	fputs("\n}", out);
	return ferror(out) ? -1 : 0;
}

static int
json_begin(FILE *out)
{
	fputs("[\n", out);
	return ferror(out) ? -1 : 0;
}

static int
json_end(FILE *out)
{
	fputs("\n]\n", out);
	return ferror(out) ? -1 : 0;
}

const struct notation notation_json = {
	.name = "json",
	.write = json_write,
	.begin = json_begin,
	.end = json_end,
	.between = ",\n",
};
