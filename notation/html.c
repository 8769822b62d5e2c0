/* html.c - the HTML game page (html.h): svg.c's board of every stack
 * the game shows, the move list, and a few lines of script. */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "notation/sentence.h"
#include "notation/html.h"
#include "notation/svg.h"

#define HTML_NONE ((size_t)-1)

/* The page's style sheet (the board's own is in its SVG). */
static const char html_css[] =
    "body{font:15px/1.45 sans-serif;margin:1em;background:#fbf8f1;"
    "color:#222}\n"
    "h1{font-size:1.3em;margin:.2em 0}p{margin:.3em 0}\n"
    ".meta,.players{color:#555}\n"
    ".play{display:flex;flex-wrap:wrap;gap:1.5em;align-items:flex-start}\n"
    ".view{flex:0 1 auto}.list{flex:1 1 18em;max-width:42em}\n"
    "svg.board{display:block;max-width:100%;height:auto}\n"
    "svg .off{display:none}svg .mk{fill:none;stroke:none}\n"
    ".nav button{font-size:1.2em;min-width:2.6em;margin-right:.2em}\n"
    "ol.moves{list-style:none;padding:0;margin:0}\n"
    "ol.moves li{display:inline;margin-right:.5em;padding:0 .15em;"
    "white-space:nowrap;"
    "border-radius:3px}\n"
    ".js ol.moves li[data-s]{cursor:pointer}\n"
    "ol.moves li.cur{background:#ffd21f}\n"
    ".c{color:#3b5f2a}.v{color:#777}.a{font-style:italic}.bad{color:#a00}\n"
    ".c,.v,.a{white-space:normal}\n"
    ".result{font-weight:bold;margin-top:.8em}\n"
    "section.game{margin-bottom:2.5em}\n";

/* The page's script: steps each game through its list. */
static const char html_js[] =
    "(function () {\n"
    "\"use strict\";\n"
    "var active = null, games = document.querySelectorAll(\"section.game\");\n"
    "function set(s) {\n"
    "  var o = {};\n"
    "  (s || \"\").split(\" \").forEach(function (k) { if (k) o[k] = 1; });\n"
    "  return o;\n"
    "}\n"
    "function game(sec) {\n"
    "  var items = [].slice.call(sec.querySelectorAll(\"ol.moves li[data-s]\"));\n"
    "  var pcs = sec.querySelectorAll(\"svg .pc\"), mks = sec.querySelectorAll(\"svg [data-m]\");\n"
    "  var at = items.length - 1;\n"
    "  if (at < 0) return;\n"
    "  function go(n) {\n"
    "    at = Math.max(0, Math.min(items.length - 1, n));\n"
    "    var it = items[at], on = set(it.dataset.s), o = set(it.dataset.o), t = set(it.dataset.t);\n"
    "    pcs.forEach(function (p, i) { p.classList.toggle(\"off\", !on[i]); });\n"
    "    mks.forEach(function (m) {\n"
    "      var k = m.dataset.m;\n"
    "      m.setAttribute(\"class\", t[k] ? \"t\" : o[k] ? \"o\" : \"mk\");\n"
    "    });\n"
    "    items.forEach(function (li, i) { li.classList.toggle(\"cur\", i === at); });\n"
    "    sec.querySelector(\".status\").textContent = it.dataset.st;\n"
    "    sec.querySelector(\".note\").textContent = it.dataset.nt || \"\";\n"
    "    sec.dataset.ply = it.dataset.ply;\n"
    "  }\n"
    "  sec.stackrefGo = function (k) {\n"
    "    go({ first: 0, prev: at - 1, next: at + 1, last: items.length - 1 }[k]);\n"
    "  };\n"
    "  sec.addEventListener(\"click\", function (e) {\n"
    "    var b = e.target.closest(\"button[data-go]\"), li = e.target.closest(\"li[data-s]\");\n"
    "    active = sec;\n"
    "    if (b) sec.stackrefGo(b.dataset.go);\n"
    "    else if (li) go(items.indexOf(li));\n"
    "  });\n"
    "  sec.querySelector(\".nav\").hidden = false;\n"
    "  go(at);\n"
    "}\n"
    "document.documentElement.classList.add(\"js\");\n"
    "games.forEach(game);\n"
    "active = games[0] || null;\n"
    "document.addEventListener(\"keydown\", function (e) {\n"
    "  var k = { ArrowLeft: \"prev\", ArrowRight: \"next\", Home: \"first\", End: \"last\" }[e.key];\n"
    "  if (!k || !active || e.altKey || e.ctrlKey || e.metaKey) return;\n"
    "  active.stackrefGo(k);\n"
    "  e.preventDefault();\n"
    "});\n"
    "})();\n";

/* Every (square, stack) the game shows, once each; the pieces of a
 * square are chained, head[sq] first. */
struct html_pieces {
	struct svg_piece *p;
	size_t *next;
	size_t n, cap;
	size_t head[POS_SQUARES];
};

/* Where a walk through the main line is. */
struct html_ply {
	struct pos pos;              /* after ply */
	struct move last;            /* ply (when > 0) */
	unsigned long ply;
	int lost;                    /* a move did not replay: no board */
};

/* A game being written. */
struct html_game {
	FILE *out;
	const struct record *g;
	const struct rules *r;
	int style;
	char id[SVG_ID_MAX];
	struct pos start;
	int started;                 /* start position known */
	struct html_pieces pc;
	struct html_ply end;         /* the last position that replays */
	const char *end_move;        /* the text of its move, or NULL */
	int plain;                   /* the last thing written is a move */
};

typedef int (*html_visit_fn)(struct html_game *hg, const struct html_ply *at,
    const struct elem *e);

/* A tag's value worth showing: not missing, empty or only '?' and '.'. */
static const char *
html_tag(const struct record *g, const char *name)
{
	const char *v = record_tag(g, name);

	if (v == NULL || v[strspn(v, "?. ")] == '\0')
		return NULL;
	return v;
}

/* The start of the page: the head, its style sheet. */
static int
html_begin(FILE *out)
{
	fputs("<!DOCTYPE html>\n<html lang=\"en\">\n<meta charset=\"utf-8\">\n"
	    "<meta name=\"viewport\" content=\"width=device-width, "
	    "initial-scale=1\">\n<meta name=\"generator\" content=\"stackref"
	    "\">\n<style>\n", out);
	fputs(html_css, out);
	fputs("</style>\n", out);
	return ferror(out) ? -1 : 0;
}

/* The end of the page: the script. */
static int
html_end(FILE *out)
{
	fputs("<script>\n", out);
	fputs(html_js, out);
	fputs("</script>\n</html>\n", out);
	return ferror(out) ? -1 : 0;
}

/* h with the bytes of s (none when NULL) and a separator (FNV-1a). */
static uint32_t
html_hash(uint32_t h, const char *s)
{
	for (; s != NULL && *s != '\0'; s++)
		h = (h ^ (unsigned char)*s) * 16777619u;
	return (h ^ 0xff) * 16777619u;
}

/* The id of g's board: 'g' and a hash of its tags and moves, so that
 * two games of a page differ. */
static void
html_id(const struct record *g, char *buf, size_t size)
{
	uint32_t h = 2166136261u;
	size_t i;

	for (i = 0; i < g->ntags; i++)
		h = html_hash(html_hash(h, g->tags[i].name), g->tags[i].value);
	for (i = 0; i < g->main.n; i++)
		h = html_hash(h, g->main.elems[i].text);
	snprintf(buf, size, "g%08lx", (unsigned long)h);
}

/* The start position: the FEN tag's, else the rules'; started 0 when
 * the FEN does not read (the page then has no board). */
static void
html_start(struct html_game *hg)
{
	const char *fen = record_tag(hg->g, "FEN"), *set;

	if ((set = record_tag(hg->g, "SetUp")) == NULL)
		set = record_tag(hg->g, "Setup");
	hg->started = 1;
	if (fen != NULL)
		hg->started = fen_parse(hg->r, fen, &hg->start, NULL,
		    NULL) == 0;
	else if (set != NULL && strcmp(set, "1") == 0)
		hg->started = 0;
	else
		hg->r->start(&hg->start);
}

/* Plays the move e at at, or marks the walk lost. */
static void
html_play(const struct html_game *hg, struct html_ply *at,
    const struct elem *e)
{
	struct move pattern;
	size_t err;

	at->ply++;
	if (at->lost || e->text == NULL || rules_move_parse(hg->r, e->text,
	    strlen(e->text), &pattern, &err) == -1 ||
	    rules_resolve(hg->r, &at->pos, &pattern, &at->last) != 1) {
		at->lost = 1;
		return;
	}
	hg->r->apply(&at->pos, &at->last);
}

/* Calls fn for the start (e NULL), then for each element of the main
 * line, a move once played. */
static int
html_walk(struct html_game *hg, html_visit_fn fn)
{
	struct html_ply at;
	size_t i;

	memset(&at, 0, sizeof(at));
	at.pos = hg->start;
	at.lost = !hg->started;
	if (fn(hg, &at, NULL) == -1)
		return -1;
	for (i = 0; i < hg->g->main.n; i++) {
		if (hg->g->main.elems[i].kind == ELEM_MOVE)
			html_play(hg, &at, &hg->g->main.elems[i]);
		if (fn(hg, &at, &hg->g->main.elems[i]) == -1)
			return -1;
	}
	return 0;
}

/* The piece of stack s on square sq, or HTML_NONE. */
static size_t
html_piece_find(const struct html_pieces *pc, unsigned sq,
    const struct stack *s)
{
	size_t i;

	for (i = pc->head[sq]; i != HTML_NONE; i = pc->next[i])
		if (stack_equal(&pc->p[i].stack, s))
			return i;
	return HTML_NONE;
}

/* Adds stack s on square sq; -1 when out of memory. */
static int
html_piece_add(struct html_pieces *pc, unsigned sq, const struct stack *s)
{
	size_t cap = pc->cap == 0 ? 64 : pc->cap * 2;
	struct svg_piece *p;
	size_t *next;

	if (pc->n == pc->cap) {
		if ((p = realloc(pc->p, cap * sizeof(*p))) == NULL)
			return -1;
		pc->p = p;
		if ((next = realloc(pc->next, cap * sizeof(*next))) == NULL)
			return -1;
		pc->next = next;
		pc->cap = cap;
	}
	pc->p[pc->n] = (struct svg_piece){ sq, *s, 0 };
	pc->next[pc->n] = pc->head[sq];
	pc->head[sq] = pc->n++;
	return 0;
}

/* The walk's visit that collects the pieces of each position. */
static int
html_collect(struct html_game *hg, const struct html_ply *at,
    const struct elem *e)
{
	const struct stack *s;
	unsigned sq;

	if (at->lost || (e != NULL && e->kind != ELEM_MOVE))
		return 0;
	hg->end = *at;
	hg->end_move = e != NULL ? e->text : NULL;
	for (sq = 0; sq < hg->r->nsquares && sq < POS_SQUARES; sq++) {
		s = &at->pos.sq[sq];
		if (s->height > 0 && html_piece_find(&hg->pc, sq, s) ==
		    HTML_NONE && html_piece_add(&hg->pc, sq, s) == -1) {
			errno = ENOMEM;
			return -1;
		}
	}
	return 0;
}

/* Collects the pieces and marks those of the final position shown. */
static int
html_pieces(struct html_game *hg)
{
	const struct stack *s;
	unsigned sq;
	size_t i;

	for (sq = 0; sq < POS_SQUARES; sq++)
		hg->pc.head[sq] = HTML_NONE;
	if (!hg->started)
		return 0;
	if (html_walk(hg, html_collect) == -1)
		return -1;
	for (sq = 0; sq < hg->r->nsquares && sq < POS_SQUARES; sq++) {
		s = &hg->end.pos.sq[sq];
		if (s->height > 0 &&
		    (i = html_piece_find(&hg->pc, sq, s)) != HTML_NONE)
			hg->pc.p[i].shown = 1;
	}
	return 0;
}

/* The status line of the position at into buf. */
static void
html_status(const struct html_game *hg, const struct html_ply *at,
    const char *move, char *buf, size_t size)
{
	const char *why = NULL;
	enum outcome o = hg->r->outcome(&at->pos, &why);
	size_t n;

	if (at->ply == 0)
		n = (size_t)snprintf(buf, size, "Start");
	else
		n = (size_t)snprintf(buf, size, "Ply %lu: %s by %s", at->ply,
		    move, hg->r->side[at->pos.turn ^ 1]);
	if (n >= size)
		return;
	if (o == OUTCOME_NONE)
		snprintf(buf + n, size - n, "; %s to move",
		    hg->r->side[at->pos.turn]);
	else
		snprintf(buf + n, size - n, "; %s wins: %s",
		    hg->r->side[o == OUTCOME_FIRST_WINS ? 0 : 1],
		    why != NULL ? why : "no legal move");
}

/* The position note of at into buf ("" if none). */
static void
html_note(const struct html_game *hg, const struct html_ply *at, char *buf,
    size_t size)
{
	buf[0] = '\0';
	if (hg->r->pos_note == NULL ||
	    hg->r->pos_note(&at->pos, buf, size) <= 0)
		buf[0] = '\0';
}

/* Writes name="i j k" of the squares mark gives kind. */
static void
html_marks_attr(FILE *out, const char *name, const unsigned char *mark,
    int kind)
{
	const char *sep = "";
	unsigned sq;

	fprintf(out, " %s=\"", name);
	for (sq = 0; sq < POS_SQUARES; sq++)
		if (mark[sq] == kind) {
			fprintf(out, "%s%u", sep, sq);
			sep = " ";
		}
	fputc('"', out);
}

/* The data of the position at: its pieces, marks, status and note. */
static void
html_item_data(const struct html_game *hg, const struct html_ply *at,
    const char *move)
{
	unsigned char mark[POS_SQUARES];
	char text[512];
	const char *sep = "";
	unsigned sq;
	size_t i;

	fprintf(hg->out, " data-ply=\"%lu\" data-s=\"", at->ply);
	for (sq = 0; sq < hg->r->nsquares && sq < POS_SQUARES; sq++)
		if (at->pos.sq[sq].height > 0 && (i = html_piece_find(&hg->pc,
		    sq, &at->pos.sq[sq])) != HTML_NONE) {
			fprintf(hg->out, "%s%zu", sep, i);
			sep = " ";
		}
	fputc('"', hg->out);
	svg_marks(hg->r, at->ply > 0 ? &at->last : NULL, mark);
	html_marks_attr(hg->out, "data-o", mark, SVG_MARK_FROM);
	html_marks_attr(hg->out, "data-t", mark, SVG_MARK_TO);
	html_status(hg, at, move, text, sizeof(text));
	fputs(" data-st=\"", hg->out);
	util_text_escape(hg->out, text);
	html_note(hg, at, text, sizeof(text));
	fputs("\" data-nt=\"", hg->out);
	util_text_escape(hg->out, text);
	fputc('"', hg->out);
}

/* Opens the item of the move e at at: its number (a second player's
 * only after something else), its text. */
static void
html_move(struct html_game *hg, const struct html_ply *at,
    const struct elem *e)
{
	unsigned long k = at->ply - 1 + (hg->started ? hg->start.turn : 0);
	const char *text = e->text != NULL ? e->text : "";

	fputs("</li>\n<li", hg->out);
	if (at->lost)
		fputs(" class=\"bad\" title=\"does not replay\"", hg->out);
	else
		html_item_data(hg, at, text);
	fputc('>', hg->out);
	if (k % 2 == 0)
		fprintf(hg->out, "<b>%lu.</b> ", k / 2 + 1);
	else if (!hg->plain)
		fprintf(hg->out, "<b>%lu...</b> ", k / 2 + 1);
	util_text_escape(hg->out, text);
	if (e->suffix != NULL)
		util_text_escape(hg->out, e->suffix);
	hg->plain = 1;
}

/* The action e of the main line in words (sentence_action): an accepted
 * undo names the moves of the variation before it, taken back. */
static void
html_action(const struct html_game *hg, const struct elem *e)
{
	const struct line *l = &hg->g->main;
	size_t i = (size_t)(e - l->elems);
	char moves[512] = "", words[800];

	if (i > 0 && i < l->n && l->elems[i - 1].kind == ELEM_VARIATION &&
	    l->elems[i - 1].var != NULL)
		sentence_moves(l->elems[i - 1].var, l->elems[i - 1].var->n, moves,
		    sizeof(moves));
	util_text_escape(hg->out, sentence_action(e->text, moves, words,
	    sizeof(words)));
}

/* A NAG: the mark of $1 to $6 (!, ?, !!, ??, !?, ?!), else $N. */
static void
html_nag(FILE *out, unsigned nag)
{
	static const char *const marks[] = { "!", "?", "!!", "??", "!?",
	    "?!" };

	if (nag >= 1 && nag <= 6)
		fputs(marks[nag - 1], out);
	else
		fprintf(out, "$%u", nag);
}

/* A variation as plain text: moves, {comments}, $NAGs, (variations),
 * actions in words (a request to take back naming the moves before
 * it). */
static void
html_line(FILE *out, const struct line *l)
{
	const struct elem *e;
	char moves[512], words[800];
	size_t i;

	for (i = 0; i < l->n; i++) {
		e = &l->elems[i];
		fputs(i > 0 ? " " : "", out);
		if (e->kind == ELEM_NAG)
			html_nag(out, e->nag);
		else if (e->kind == ELEM_VARIATION && e->var != NULL) {
			fputc('(', out);
			html_line(out, e->var);
			fputc(')', out);
		} else if (e->kind == ELEM_ACTION && e->text != NULL)
			util_text_escape(out, sentence_action(e->text,
			    sentence_moves(l, i, moves, sizeof(moves)), words,
			    sizeof(words)));
		else if (e->text != NULL) {
			fputs(e->kind == ELEM_COMMENT ? "{" : "", out);
			util_text_escape(out, e->text);
			fputs(e->kind == ELEM_COMMENT ? "}" : "", out);
		}
	}
}

/* What follows a move in its item: a NAG's mark, a comment, a
 * variation, an action. */
static void
html_aside(struct html_game *hg, const struct elem *e)
{
	FILE *out = hg->out;

	if (e->kind == ELEM_NAG) {
		fputs("<span class=\"nag\">", out);
		html_nag(out, e->nag);
		fputs("</span>", out);
		return;
	}
	hg->plain = 0;
	fputs(e->kind == ELEM_COMMENT ? " <span class=\"c\">" :
	    e->kind == ELEM_ACTION ? " <span class=\"a\">" :
	    e->kind == ELEM_STAMP ? " <span class=\"t\">" :
	    " <span class=\"v\">", out);
	if (e->kind == ELEM_VARIATION && e->var != NULL) {
		fputc('(', out);
		html_line(out, e->var);
		fputc(')', out);
	} else if (e->kind == ELEM_ACTION && e->text != NULL)
		html_action(hg, e);
	else if (e->text != NULL)
		util_text_escape(out, e->text);
	fputs("</span>", out);
}

/* The walk's visit that writes the list: the start item, then each
 * element into the item of its ply. */
static int
html_item(struct html_game *hg, const struct html_ply *at,
    const struct elem *e)
{
	if (e == NULL) {
		fputs("<ol class=\"moves\">\n<li", hg->out);
		if (!at->lost)
			html_item_data(hg, at, "");
		fputs(">Start", hg->out);
	} else if (e->kind == ELEM_MOVE)
		html_move(hg, at, e);
	else
		html_aside(hg, e);
	return 0;
}

/* The title: the Event, else the game's title. */
static const char *
html_title(const struct html_game *hg)
{
	const char *event = html_tag(hg->g, "Event");

	return event != NULL ? event : hg->r->title;
}

/* The page title and the heading: title, game and tags, players. */
static void
html_heading(const struct html_game *hg)
{
	static const char *const tags[] = { "Site", "Date", "Round" };
	const char *v, *sep = "";
	size_t i;
	int s;

	fputs("<title>", hg->out);
	util_text_escape(hg->out, html_title(hg));
	fprintf(hg->out, "</title>\n<section class=\"game\" id=\"%s-page\">\n"
	    "<h1>", hg->id);
	util_text_escape(hg->out, html_title(hg));
	fputs("</h1>\n<p class=\"meta\">", hg->out);
	if (html_tag(hg->g, "Event") != NULL) {
		util_text_escape(hg->out, hg->r->title);
		sep = " \xc2\xb7 ";
	}
	for (i = 0; i < sizeof(tags) / sizeof(tags[0]); i++)
		if ((v = html_tag(hg->g, tags[i])) != NULL) {
			fprintf(hg->out, "%s%s ", sep, tags[i]);
			util_text_escape(hg->out, v);
			sep = " \xc2\xb7 ";
		}
	fputs("</p>\n<p class=\"players\">", hg->out);
	for (s = 0; s < 2; s++) {
		fprintf(hg->out, "%s%s: ", s > 0 ? " \xc2\xb7 " : "",
		    hg->r->side[s]);
		v = notation_player(hg->r, hg->g, s);
		util_text_escape(hg->out, v != NULL ? v : "?");
	}
	fputs("</p>\n", hg->out);
}

/* The board of every piece, the final position's shown, its status and
 * note, and the (hidden) buttons. */
static int
html_board(struct html_game *hg)
{
	struct svg_view v;
	char text[512];

	fputs("<div class=\"play\">\n<div class=\"view\">\n", hg->out);
	if (hg->started) {
		v = (struct svg_view){ .r = hg->r, .pos = &hg->end.pos,
		    .last = hg->end.ply > 0 ? &hg->end.last : NULL,
		    .style = hg->style, .id = hg->id, .pieces = hg->pc.p,
		    .npieces = hg->pc.n };
		if (svg_write(hg->out, &v) == -1)
			return -1;
	}
	fputs("\n<p class=\"status\">", hg->out);
	if (hg->started) {
		html_status(hg, &hg->end, hg->end_move != NULL ?
		    hg->end_move : "", text, sizeof(text));
		util_text_escape(hg->out, text);
	}
	fputs("</p>\n<p class=\"note\">", hg->out);
	if (hg->started) {
		html_note(hg, &hg->end, text, sizeof(text));
		util_text_escape(hg->out, text);
	}
	fputs("</p>\n<div class=\"nav\" hidden>"
	    "<button type=\"button\" data-go=\"first\" title=\"start (Home)\">"
	    "&laquo;</button><button type=\"button\" data-go=\"prev\" "
	    "title=\"back (Left)\">&lsaquo;</button><button type=\"button\" "
	    "data-go=\"next\" title=\"forward (Right)\">&rsaquo;</button>"
	    "<button type=\"button\" data-go=\"last\" title=\"end (End)\">"
	    "&raquo;</button></div>\n</div>\n", hg->out);
	return 0;
}

/* The result: the record's, and the rules' reason when the final
 * position decides the game. */
static void
html_result(const struct html_game *hg)
{
	const char *res = hg->g->result != NULL ?
	    notation_result_written(hg->g) : record_tag(hg->g, "Result"),
	    *why = NULL;
	enum outcome o = OUTCOME_NONE;

	if (hg->started)
		o = hg->r->outcome(&hg->end.pos, &why);
	fputs("<p class=\"result\">", hg->out);
	if (res == NULL || strcmp(res, "*") == 0 || res[0] == '\0')
		fputs("No result yet", hg->out);
	else {
		fputs("Result ", hg->out);
		util_text_escape(hg->out, res);
	}
	if (o != OUTCOME_NONE) {
		fprintf(hg->out, " (%s wins: ",
		    hg->r->side[o == OUTCOME_FIRST_WINS ? 0 : 1]);
		util_text_escape(hg->out, why != NULL ? why : "no legal move");
		fputc(')', hg->out);
	}
	fputs("</p>\n", hg->out);
}

/* The section of a game whose rules stackref does not know: the
 * heading and the moves as text. */
static void
html_unknown(FILE *out, const struct record *g)
{
	const char *name = record_tag(g, "Game");

	fputs("<title>Unknown game</title>\n<section class=\"unknown\">\n"
	    "<h1>Unknown game ", out);
	util_text_escape(out, name != NULL ? name : "?");
	fputs("</h1>\n<p>", out);
	html_line(out, &g->main);
	fputs("</p>\n</section>\n", out);
}

/* Writes the section of game g. */
static int
html_write(FILE *out, const struct record *g)
{
	struct html_game hg;
	int rc = 0;

	memset(&hg, 0, sizeof(hg));
	hg.out = out;
	hg.g = g;
	if ((hg.r = notation_game(g, NULL)) == NULL) {
		html_unknown(out, g);
		return ferror(out) ? -1 : 0;
	}
	hg.style = notation_square_style(hg.r, g);
	html_id(g, hg.id, sizeof(hg.id));
	html_start(&hg);
	if (html_pieces(&hg) == -1)
		rc = -1;
	else
		html_heading(&hg);
	if (rc == 0 && html_board(&hg) == -1)
		rc = -1;
	if (rc == 0) {
		fputs("<div class=\"list\">\n", out);
		html_walk(&hg, html_item);
		fputs("</li>\n</ol>\n", out);
		html_result(&hg);
		fputs("</div>\n</div>\n</section>\n", out);
	}
	free(hg.pc.p);
	free(hg.pc.next);
	return rc == -1 || ferror(out) ? -1 : 0;
}

const struct notation notation_html = {
	.name = "html",
	.write = html_write,
	.begin = html_begin,
	.end = html_end,
};
