/*
 * json.c - the JSON notation (stackref(1), notation/stackref.schema.json,
 * installed in $(PREFIX)/share/stackref): a stream of games is one JSON
 * array, one object per game: the game, its tags in order as [name,
 * value] pairs, its movetext as a list of elements in order and its
 * result.  A move is its text, a string; any other element is an object
 * of one kind: a move with a mark ({"move", "suffix"}), a comment, a
 * NAG, a variation (a list again), an action or a time stamp.  So every
 * record reads back as it was written (jsonread.c, the reader of
 * stackref-json.so), and the JSON of an archive is about the size of
 * its PDN.
 *
 * notation_json_positions writes more: each move of the main line is an
 * object with its ply, the side that played it, its text as written
 * and the FEN after it, and the game its start position.  The FEN after
 * each move comes from playing the record's moves with its game's rules:
 * where a move does not replay (an unknown game, a record not replayed),
 * the FENs and sides from there on are null.
 *
 * Strings are UTF-8; a byte that is not part of valid UTF-8 is written
 * as the Latin-1 character of that value.
 */
#include <stdio.h>
#include <string.h>

#include "notation/notation.h"
#include "notation/json.h"
#include "base/util.h"

#define JSON_TEXT 4096         /* bytes of a FEN */

/* Writes "name":string, after a comma unless first. */
static void
json_field(FILE *out, const char *name, const char *value, int first)
{
	fprintf(out, "%s\"%s\":", first ? "" : ",", name);
	util_json_string(out, value);
}

static void
json_tags(FILE *out, const struct record *g)
{
	size_t i;

	fputs("\"tags\":[", out);
	for (i = 0; i < g->ntags; i++) {
		fputs(i > 0 ? ",\n [" : "\n [", out);
		util_json_string(out, g->tags[i].name);
		putc(',', out);
		util_json_string(out, g->tags[i].value);
		putc(']', out);
	}
	fputs("],\n", out);
}

/* The replay of the main line as the writer goes, with the positions
 * after each move written (notation_json_positions) or not. */
struct json_play {
	const struct rules *r;
	int positions;
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

/* A move of the main line with its ply, side, text as written and the
 * FEN after it. */
static void
json_move_positions(FILE *out, struct json_play *jp, const struct elem *e)
{
	char side[32], fen[JSON_TEXT];
	const char *text = e->text != NULL ? e->text : "";

	json_play(jp, e->text, side, sizeof(side), fen, sizeof(fen));
	fprintf(out, "\n {\"ply\":%lu", ++jp->ply);
	json_field(out, "side", side[0] != '\0' ? side : NULL, 0);
	json_field(out, "move", text, 0);
	if (e->suffix != NULL)
		json_field(out, "suffix", e->suffix, 0);
	json_field(out, "written", e->written != NULL ? e->written : text, 0);
	json_field(out, "fen", fen[0] != '\0' ? fen : NULL, 0);
	putc('}', out);
}

static void
json_move(FILE *out, const struct elem *e)
{
	const char *text = e->text != NULL ? e->text : "";

	if (e->suffix == NULL) {
		util_json_string(out, text);
		return;
	}
	putc('{', out);
	json_field(out, "move", text, 1);
	json_field(out, "suffix", e->suffix, 0);
	putc('}', out);
}

static void json_line(FILE *, struct json_play *, const struct line *);

/* Writes element e of a line; jp is NULL in a variation. */
static void
json_elem(FILE *out, struct json_play *jp, const struct elem *e)
{
	switch (e->kind) {
	case ELEM_MOVE:
		if (jp != NULL && jp->positions)
			json_move_positions(out, jp, e);
		else
			json_move(out, e);
		return;
	case ELEM_COMMENT:
		putc('{', out);
		json_field(out, "comment", e->text != NULL ? e->text : "", 1);
		fputs(e->style == COMMENT_LINE ? ",\"style\":\"line\"}" : "}",
		    out);
		return;
	case ELEM_NAG:
		fprintf(out, "{\"nag\":%u}", e->nag);
		return;
	case ELEM_VARIATION:
		fputs("{\"variation\":", out);
		json_line(out, NULL, e->var);
		putc('}', out);
		return;
	case ELEM_ACTION:
	case ELEM_STAMP:
		putc('{', out);
		json_field(out, e->kind == ELEM_ACTION ? "action" : "time",
		    e->text, 1);
		putc('}', out);
		return;
	}
}

/* Writes line l (NULL: empty) as a list; jp is NULL in a variation. */
static void
json_line(FILE *out, struct json_play *jp, const struct line *l)
{
	size_t i;

	putc('[', out);
	for (i = 0; l != NULL && i < l->n; i++) {
		if (i > 0)
			putc(',', out);
		json_elem(out, jp, &l->elems[i]);
	}
	putc(']', out);
}

/* Sets jp to the start of g: its game, its FEN or the game's start;
 * writes the start's FEN into fen (empty when unknown). */
static void
json_start(struct json_play *jp, const struct record *g, char *fen,
    size_t size)
{
	const char *setup = record_tag(g, "FEN");

	fen[0] = '\0';
	if ((jp->r = notation_game(g, NULL)) == NULL || !jp->positions)
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

/* Writes g, with the positions after each move or not. */
static int
json_write_game(FILE *out, const struct record *g, int positions)
{
	char fen[JSON_TEXT];
	struct json_play jp;

	memset(&jp, 0, sizeof(jp));
	jp.positions = positions;
	json_start(&jp, g, fen, sizeof(fen));
	putc('{', out);
	json_field(out, "game", jp.r != NULL ? jp.r->name : NULL, 1);
	fputs(",\n", out);
	json_tags(out, g);
	if (positions) {
		json_field(out, "start", fen[0] != '\0' ? fen : NULL, 1);
		fputs(",\n", out);
	}
	fputs("\"moves\":", out);
	json_line(out, &jp, &g->main);
	fputs(",\n", out);
	json_field(out, "result", notation_result_written(g), 1);
	putc('}', out);
	return ferror(out) ? -1 : 0;
}

static int
json_write(FILE *out, const struct record *g)
{
	return json_write_game(out, g, 0);
}

static int
json_write_positions(FILE *out, const struct record *g)
{
	return json_write_game(out, g, 1);
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

static struct reader *
json_open(FILE *in, const char *file, struct diag *d)
{
	return JSON_MODULE->open(in, file, d);
}

static enum read_result
json_next(struct reader *rd, struct record *g, unsigned long *index)
{
	return JSON_MODULE->next(rd, g, index);
}

static void
json_close(struct reader *rd)
{
	JSON_MODULE->close(rd);
}

const struct notation notation_json_positions = {
	.name = "json",
	.open = json_open, .next = json_next, .close = json_close,
	.write = json_write_positions,
	.begin = json_begin, .end = json_end, .between = ",\n",
};

const struct notation notation_json = {
	.name = "json",
	.open = json_open, .next = json_next, .close = json_close,
	.write = json_write,
	.begin = json_begin, .end = json_end, .between = ",\n",
	.positions = &notation_json_positions,
};
