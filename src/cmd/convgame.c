/*
 * convgame.c - what convert does to each game it writes, once replayed:
 * square styles, --at, keeping a broken game, --fix-results, PlyCount
 * and Opening tags, the seven-tag roster, comments, variations and NAGs
 * left out.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "notation/notation.h"
#include "cmd/convert.h"
#include "game/broken.h"

#define CONVERT_TEXT 2048    /* bytes of a move text or FEN */

/*
 * Sets the notation field of the GameType tag to st: replaced in a full
 * tag, else the tag written in full (notation_gametype_text:
 * "21,B,8,8,A3,0").
 * A record without the field, in its game's own naming, is left alone
 * (that is the default), and so is a game without a PDN game type.
 */
static int
convert_gametype_set(struct record *g, const struct rules *r,
    enum square_style st)
{
	const char *v = record_tag(g, "GameType"), *field, *rest;
	char buf[256];
	size_t i;

	if (r->gametype == NULL)
		return 0;
	if (v == NULL || notation_gametype_style(v) < 0) {
		if (st == notation_own_style(r))
			return 0;
		notation_gametype_text(r, (int)st, buf, sizeof(buf));
		return record_tag_set(g, "GameType", buf, NULL);
	}
	for (field = v, i = 0; i < 4; field++)
		if (*field == ',')
			i++;
	field += strspn(field, " \t");
	rest = field + strcspn(field, ",");
	snprintf(buf, sizeof(buf), "%.*s%s%s", (int)(field - v), v,
	    notation_gametype_code(r, st), rest);
	return record_tag_set(g, "GameType", buf, NULL);
}

/* Rewrites the move texts of l and its variations in style st; those
 * that do not read as moves of r are left as they are. */
static int
convert_restyle_line(struct line *l, const struct rules *r,
    enum square_style st)
{
	struct move pattern;
	char buf[CONVERT_TEXT];
	struct elem *e;
	size_t i, err;
	int len;

	for (i = 0; i < l->n; i++) {
		e = &l->elems[i];
		if (e->kind == ELEM_VARIATION && e->var != NULL &&
		    convert_restyle_line(e->var, r, st) == -1)
			return -1;
		if (e->kind != ELEM_MOVE || e->text == NULL ||
		    rules_move_parse(r, e->text, strlen(e->text), &pattern,
		    &err) == -1 ||
		    (len = r->restyle(e->text, st, buf, sizeof(buf))) < 0)
			continue;
		if (elem_set_text(e, buf, (size_t)len) == -1)
			return -1;
	}
	return 0;
}

/* Rewrites the moves, the FEN (made canonical) and the GameType tag of
 * g, a game of r, in style st.  0, or -1 when out of memory. */
int
convert_restyle(struct record *g, const struct rules *r, enum square_style st)
{
	char buf[CONVERT_TEXT];
	const char *fen;
	struct pos p;

	if (convert_restyle_line(&g->main, r, st) == -1)
		return -1;
	if ((fen = record_tag(g, "FEN")) != NULL &&
	    fen_parse(r, fen, &p, NULL, NULL) == 0 &&
	    fen_format_style(r, &p, st, buf, sizeof(buf)) >= 0 &&
	    record_tag_set(g, "FEN", buf, NULL) == -1)
		return -1;
	return convert_gametype_set(g, r, st);
}

/*
 * Makes g the record of the position rp reached: no moves, [SetUp "1"],
 * the FEN of the position (in style st when the game has styles), and
 * the result of the position ("*" unless it is decided; a resignation
 * or agreement among the record's actions is not the position's).
 * Returns 1, 0
 * when the FEN does not fit (reported), -1 when out of memory.
 */
static int
convert_at_pos(struct convert *c, struct record *g, const struct replay *rp,
    int st)
{
	const char *why, *result;
	char fen[CONVERT_TEXT];
	int len;

	result = replay_result_token(rp->r->outcome(&rp->pos, &why));

	if (st >= 0)
		len = fen_format_style(rp->r, &rp->pos, (enum square_style)st, fen,
		    sizeof(fen));
	else
		len = fen_format(rp->r, &rp->pos, fen, sizeof(fen));
	if (len < 0) {
		diag_report(c->d, DIAG_TOO_BIG, NULL, "the FEN of a position");
		return 0;
	}
	line_truncate(&g->main, 0);
	record_tag_remove(g, "Setup");
	if (record_tag_set(g, "SetUp", "1", NULL) == -1 ||
	    record_tag_set(g, "FEN", fen, NULL) == -1 ||
	    record_tag_set(g, "Result", notation_result_of(rp->r, result),
	    NULL) == -1 ||
	    record_set_result(g, result) == -1)
		return -1;
	return 1;
}

/* Whether the game replayed far enough for --at; counts it if not
 * (convert_shorter reports them). */
static int
convert_reached(struct convert *c, const struct record *g,
    const struct replay *rp, unsigned long index)
{
	if (rp->plies >= c->at)
		return 1;
	if (c->shorter++ == 0) {
		c->short_index = index;
		c->short_plies = rp->total;
		c->short_at = g->at;
	}
	return 0;
}

/* Reports the games --at left out as too short, in one line: the game
 * and its plies when there is one, else how many of how many. */
void
convert_shorter(const struct convert *c)
{
	struct diag_where w = { c->name, &c->short_at, c->short_index, 0 };

	if (c->shorter == 1)
		diag_report(c->d, DIAG_PAST_END, &w, "--at", c->at,
		    c->short_plies, c->short_plies == 1 ? "ply" : "plies");
	else if (c->shorter > 1)
		diag_report(c->d, DIAG_PAST_END_SOME, DIAG_FILE(c->name),
		    "--at", c->at, c->shorter, c->games);
}

/* --at N: the record of the position after N plies, or the game left
 * out (counted) when it is shorter. */
int
convert_at(struct convert *c, struct record *g, const struct replay *rp,
    int st, unsigned long index)
{
	if (!convert_reached(c, g, rp, index))
		return 0;
	return convert_at_pos(c, g, rp, st);
}

/*
 * Keeps game index, which replayed into rp up to a fault at a ply (not
 * at its start: an unknown game or a bad FEN is written as read), with
 * the moves before the fault and the rest in comments, and says so.
 */
int
convert_keep_broken(struct convert *c, struct record *g,
    const struct replay *rp, unsigned long index)
{
	struct diag_where w = { c->name, NULL, index, rp->plies + 1 };
	struct srcloc at;

	if (!rp->started || rp->elem >= g->main.n)
		return 1;
	at = g->main.elems[rp->elem].at;
	w.at = &at;
	if (broken_keep(g, rp) == -1)
		return -1;
	diag_report(c->d, DIAG_KEPT_BROKEN, &w, rp->plies + 1);
	return 1;
}

/* The canonical result g gives (its token, else its Result tag), or
 * NULL. */
static const char *
convert_result_of(const struct record *g)
{
	const char *v = g->result != NULL ? g->result : record_tag(g, "Result");
	const char *canon;

	if (v == NULL || notation_result_normal(v, &canon) == -1)
		return NULL;
	return canon;
}

/* --fix-results: a result that the final position (or the record's
 * actions) contradicts is set to theirs, in the token and the tag. */
int
convert_fix_result(struct convert *c, struct record *g,
    const struct replay *rp, unsigned long index)
{
	struct diag_where w = { c->name, &g->result_at, index, 0 };
	const char *now = convert_result_of(g), *want, *tag;
	char why[160];

	if (rp->outcome == OUTCOME_NONE)
		return 1;
	want = replay_result_token(rp->outcome);
	tag = record_tag(g, "Result");
	if (now != NULL && strcmp(now, want) == 0 && (tag == NULL ||
	    (notation_result_normal(tag, &tag) == 0 && strcmp(tag, want) == 0)))
		return 1;
	snprintf(why, sizeof(why), "%s: %s", rp->act_outcome != OUTCOME_NONE ?
	    "the actions of the record" : "the final position",
	    rp->why != NULL ? rp->why : "no legal move");
	diag_report(c->d, DIAG_RESULT_FIXED, &w, now == NULL ? "none" :
	    g->result != NULL ? g->result : record_tag(g, "Result"),
	    notation_result_of(rp->r, want), why);
	if (record_tag_set(g, "Result", notation_result_of(rp->r, want),
	    NULL) == -1 ||
	    record_set_result(g, want) == -1)
		return -1;
	return 1;
}

/* --plycount and --opening: the PlyCount tag (the moves of the main
 * line written) and the Opening tag (the game's ballot, when it has
 * one). */
/* The seven-tag roster (PDN's, from PGN's), in its order. */
static const char *const convert_roster[] = {
	"Event", "Site", "Date", "Round", "White", "Black", "Result"
};

/* Whether tag name is one of those -7 keeps beside the roster: those a
 * replay reads (the game, its start, its clock). */
static int
convert_roster_keeps(const char *name)
{
	static const char *const keep[] = {
		"Game", "GameType", "Variant", "FEN", "SetUp", "TimeControl"
	};
	size_t i;

	for (i = 0; i < sizeof(keep) / sizeof(keep[0]); i++)
		if (strcmp(name, keep[i]) == 0)
			return 1;
	return 0;
}

/* The value of roster tag i for a game without it. */
static const char *
convert_roster_default(const struct record *g, size_t i)
{
	if (strcmp(convert_roster[i], "Date") == 0)
		return "????.??.??";
	if (strcmp(convert_roster[i], "Result") == 0)
		return g->result != NULL ? g->result : "*";
	return "?";
}

/* --seven-tags: the roster in its order (a missing tag as "?"), then
 * the tags a replay needs; the others go.  -1 when out of memory. */
static int
convert_seven(struct record *g)
{
	const size_t nr = sizeof(convert_roster) / sizeof(convert_roster[0]);
	struct tag *t, *order;
	size_t i, n = 0;

	for (i = 0; i < nr; i++)
		if (record_tag(g, convert_roster[i]) == NULL &&
		    record_tag_add(g, convert_roster[i],
		    convert_roster_default(g, i), NULL) == -1)
			return -1;
	if ((order = malloc(g->ntags * sizeof(*order))) == NULL)
		return -1;
	for (i = 0; i < nr; i++)
		order[n++] = *record_tag_find(g, convert_roster[i]);
	for (t = g->tags; t < g->tags + g->ntags; t++)
		if (convert_roster_keeps(t->name))
			order[n++] = *t;
	memcpy(g->tags, order, n * sizeof(*order));
	g->ntags = n;
	free(order);
	return 0;
}

int
convert_tags(struct convert *c, struct record *g)
{
	char buf[160];

	if (c->strip != 0)
		line_strip(&g->main, c->strip);
	if (c->seven && convert_seven(g) == -1)
		return -1;

	if (c->plycount) {
		snprintf(buf, sizeof(buf), "%zu", line_count_moves(&g->main));
		if (record_tag_set(g, "PlyCount", buf, NULL) == -1)
			return -1;
	}
	if (c->opening && c->ballot > 0) {
		opening_text(c->ballot, buf, sizeof(buf));
		if (record_tag_set(g, "Opening", buf, NULL) == -1)
			return -1;
	}
	return 1;
}
