/* replay.c - replaying a record's main line under its game's rules. */
#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "notation/notation.h"
#include "game/replay.h"
#include "base/util.h"

#define REPLAY_LIST 2048    /* bytes of a legal-move list in a message */

/* Whether the move text denotes a legal move of p. */
static int
replay_is_legal(const struct rules *r, const struct pos *p, const char *text)
{
	struct move pattern, m;
	size_t err;

	return rules_move_parse(r, text, strlen(text), &pattern, &err) == 0 &&
	    rules_resolve(r, p, &pattern, &m) > 0;
}

/*
 * A FEN whose side to move is '?': the side is the one the record's
 * first move is legal for (the first side when there is no move, or
 * when the text does not read: the replay reports that move).
 */
static int
replay_side_from_move(struct replay *rp, const struct record *g,
    const struct diag_where *w, struct diag *d)
{
	const struct elem *e = NULL;
	char msg[512];
	size_t i, err;
	struct move pattern;

	for (i = 0; i < g->main.n && e == NULL; i++)
		if (g->main.elems[i].kind == ELEM_MOVE &&
		    g->main.elems[i].text != NULL)
			e = &g->main.elems[i];
	if (e == NULL || rules_move_parse(rp->r, e->text, strlen(e->text),
	    &pattern, &err) == -1 || replay_is_legal(rp->r, &rp->pos, e->text))
		return 0;
	rp->pos.turn = SIDE_SECOND;
	if (replay_is_legal(rp->r, &rp->pos, e->text))
		return 0;
	snprintf(msg, sizeof(msg), "the side to move is '?' and the first "
	    "move %s is legal for neither side", e->text);
	diag_report(d, DIAG_BAD_FEN, w, msg);
	return -1;
}

static int
replay_setup_fen(struct replay *rp, const struct record *g,
    const struct replay_opts *o, struct diag *d)
{
	struct diag_where w = { o->file, &g->at, o->game, 0 };
	const struct tag *t = NULL;
	const char *why = NULL;
	char msg[512];
	size_t err = 0, i;
	struct srcloc at;

	for (i = 0; i < g->ntags && t == NULL; i++)
		if (strcmp(g->tags[i].name, "FEN") == 0)
			t = &g->tags[i];

	if (t == NULL) {
		diag_report(d, DIAG_BAD_FEN, &w,
		    "[SetUp \"1\"] without a [FEN] tag");
		return -1;
	}
	if (t->at.line > 0)
		w.at = &t->at;
	if (fen_parse(rp->r, t->value, &rp->pos, &err, &why) == -1) {
		fen_error(rp->r, t->value, err, why, msg, sizeof(msg));
		at = t->value_at;	/* the column of the fault */
		at.col += err;
		if (at.line > 0)
			w.at = &at;
		diag_report(d, DIAG_BAD_FEN, &w, msg);
		return -1;
	}
	if (fen_side_unknown(t->value))
		return replay_side_from_move(rp, g, &w, d);
	return 0;
}

/* Whether the record sets up its own position. */
static int
replay_has_setup(const struct record *g)
{
	const char *s;

	if (record_tag(g, "FEN") != NULL)
		return 1;
	if ((s = record_tag(g, "SetUp")) == NULL)
		s = record_tag(g, "Setup");
	return s != NULL && strcmp(s, "1") == 0;
}

/* Where the tag name of g stands, else where g does. */
static const struct srcloc *
replay_tag_at(const struct record *g, const char *name)
{
	size_t i;

	for (i = 0; i < g->ntags; i++)
		if (strcmp(g->tags[i].name, name) == 0)
			return &g->tags[i].at;
	return &g->at;
}

int
replay_start(struct replay *rp, const struct record *g,
    const struct replay_opts *o, struct diag *d)
{
	struct diag_where w = { o->file, &g->at, o->game, 0 };
	const char *name = NULL, *variant;
	char known[256], type[16];
	unsigned n;

	memset(rp, 0, sizeof(*rp));
	rp->offer = -1;
	rp->undo = -1;
	rp->style = -1;
	if ((variant = notation_variant(g, &n)) != NULL) {
		snprintf(type, sizeof(type), "%u", n);
		diag_report(d, DIAG_VARIANT, &w, variant, type);
		return -1;
	}
	if ((rp->r = notation_game(g, &name)) == NULL) {
		rules_names(known, sizeof(known));
		diag_report(d, DIAG_RECORD_GAME, &w,
		    name != NULL ? name : "?", known);
		return -1;
	}
	if ((variant = record_tag(g, "GameType")) != NULL &&
	    record_tag(g, "Game") == NULL && notation_gametype_fault(rp->r,
	    variant, known, sizeof(known)) > 0) {
		w.at = replay_tag_at(g, "GameType");
		diag_report(d, DIAG_GAMETYPE, &w, variant, known);
		return -1;
	}
	rp->style = notation_square_style(rp->r, g);
	if (replay_has_setup(g) && replay_setup_fen(rp, g, o, d) == -1)
		return -1;
	if (!replay_has_setup(g))
		rp->r->start(&rp->pos);
	rp->started = 1;
	return 0;
}

struct replay_list {
	const struct rules *r;
	const struct pos *p;
	int style;                    /* of the squares, or -1 */
	const char *sep;
	char *buf;
	size_t size;
};

/* Appends the move's text; stops the moves once the list is full. */
static int
replay_list_one(void *ctx, const struct move *m)
{
	struct replay_list *l = ctx;
	char text[256];

	if (rules_move_text(l->r, l->p, m, l->style, text, sizeof(text)) == -1)
		snprintf(text, sizeof(text), "?");
	return util_append(l->buf, l->size, l->sep, text) == -1;
}

/* Lists the legal moves pattern denotes (rules_matches), or all of
 * them when pattern is NULL. */
static void
replay_list(const struct rules *r, const struct pos *p, int style,
    const struct move *pattern, const char *sep, char *buf, size_t size)
{
	struct replay_list l = { r, p, style, sep, buf, size };

	buf[0] = '\0';
	if (pattern != NULL)
		rules_matches(r, p, pattern, replay_list_one, &l);
	else
		r->generate(p, replay_list_one, &l);
}

void
replay_legal_list(const struct rules *r, const struct pos *p,
    const char *sep, char *buf, size_t size)
{
	replay_list(r, p, -1, NULL, sep, buf, size);
}

const char *
replay_result_token(enum outcome o)
{
	switch (o) {
	case OUTCOME_FIRST_WINS:
		return "1-0";
	case OUTCOME_SECOND_WINS:
		return "0-1";
	case OUTCOME_DRAW:
		return "1/2-1/2";
	default:
		return "*";
	}
}

/* Explains why text resolved to n != 1 legal moves. */
static int
replay_unresolved(struct replay *rp, const char *text,
    const struct move *pattern, unsigned n, const struct diag_where *w,
    struct diag *d)
{
	char list[REPLAY_LIST];
	const char *why = NULL;
	enum outcome oc;

	if (n > 1) {
		replay_list(rp->r, &rp->pos, rp->style, pattern, ", ", list,
		    sizeof(list));
		diag_report(d, DIAG_AMBIGUOUS_MOVE, w, text, list);
		return -1;
	}
	if ((oc = rp->r->outcome(&rp->pos, &why)) != OUTCOME_NONE) {
		diag_report(d, DIAG_GAME_OVER, w, replay_result_token(oc),
		    why != NULL ? why : "no legal move");
		return -1;
	}
	replay_list(rp->r, &rp->pos, rp->style, NULL, ", ", list,
	    sizeof(list));
	diag_report(d, DIAG_ILLEGAL_MOVE, w, text,
	    list[0] != '\0' ? list : "none");
	return -1;
}

/* Explains why the move text of game r was refused at err. */
static int
replay_bad_text(const struct rules *r, const char *text, size_t err,
    const struct diag_where *w, struct diag *d)
{
	char msg[256];
	size_t n = strlen(text);

	if (strspn(text, " \t\r\n.") == n)
		snprintf(msg, sizeof(msg), "empty move");
	else if (rules_move_no_square(r, text, err, msg, sizeof(msg)) > 0)
		;	/* "no square 91 on this board (1-32)" */
	else if (err >= n)
		snprintf(msg, sizeof(msg), "it ends too early");
	else
		snprintf(msg, sizeof(msg), "unexpected '%c' at character %zu",
		    text[err], err + 1);
	diag_report(d, DIAG_BAD_MOVE_TEXT, w, text, msg);
	return -1;
}

/* Where a move of a record stands, for reading ahead (replay_ahead). */
struct replay_at {
	const struct line *l;     /* the main line */
	size_t i;                 /* the move's element */
};

#define REPLAY_PATHS 8        /* paths of an ambiguous move looked at */

struct replay_paths {
	const struct rules *r;
	const struct pos *p;
	const struct move *pattern;
	struct move m[REPLAY_PATHS];
	unsigned n;
};

static int
replay_path_one(void *ctx, const struct move *m)
{
	struct replay_paths *ps = ctx;

	if (ps->r->move_match(ps->p, ps->pattern, m) && ps->n < REPLAY_PATHS)
		ps->m[ps->n++] = *m;
	return 0;
}

/* Whether the plies after element at->i of the main line replay (at
 * most REPLAY_AHEAD of them, each read as its first legal match) from
 * p, the position after one path of the ambiguous move. */
static int
replay_goes_on(const struct rules *r, struct pos p, const struct replay_at *at)
{
	const struct elem *e;
	struct move pattern, m;
	unsigned plies = 0;
	size_t i, err;

	for (i = at->i + 1; i < at->l->n && plies < REPLAY_AHEAD; i++) {
		e = &at->l->elems[i];
		if (e->kind != ELEM_MOVE || e->text == NULL)
			continue;
		if (rules_move_parse(r, e->text, strlen(e->text), &pattern,
		    &err) == -1)
			return 1;	/* unreadable: no evidence either way */
		if (rules_resolve(r, &p, &pattern, &m) == 0)
			return 0;
		r->apply(&p, &m);
		plies++;
	}
	return 1;
}

/*
 * Reads the ambiguous move of a record at at as the one of the paths
 * pattern fits after which the record goes on (replay_goes_on), when
 * exactly one does: *m gets it, and DIAG_AMBIGUOUS_READ is reported.
 * Returns 0, or -1 (nothing reported) when none or several go on.
 */
static int
replay_ahead(struct replay *rp, const struct move *pattern,
    const struct replay_at *at, const char *text,
    const struct diag_where *w, struct diag *d, struct move *m)
{
	struct replay_paths ps = { rp->r, &rp->pos, pattern, { { 0 } }, 0 };
	char list[REPLAY_LIST], chosen[256];
	struct pos next;
	unsigned i, ok = 0;

	rp->r->generate(&rp->pos, replay_path_one, &ps);
	for (i = 0; i < ps.n; i++) {
		next = rp->pos;
		rp->r->apply(&next, &ps.m[i]);
		if (replay_goes_on(rp->r, next, at) && ok++ == 0)
			*m = ps.m[i];
	}
	if (ok != 1 || rules_move_text(rp->r, &rp->pos, m, rp->style, chosen,
	    sizeof(chosen)) == -1)
		return -1;
	replay_list(rp->r, &rp->pos, rp->style, pattern, ", ", list,
	    sizeof(list));
	diag_report(d, DIAG_AMBIGUOUS_READ, w, text, chosen, list);
	return 0;
}

/* Plays the legal move pattern denotes (its text is for diagnostics);
 * at (or NULL: a move to adjudicate) places a move of a record, whose
 * ambiguity the plies after it may settle (replay_ahead). */
static int
replay_pattern(struct replay *rp, const struct move *pattern,
    const char *text, const struct replay_at *at,
    const struct diag_where *w, struct diag *d, struct move *played)
{
	struct move m;
	unsigned n;

	if (rp->act_outcome != OUTCOME_NONE) {
		diag_report(d, DIAG_GAME_OVER, w,
		    replay_result_token(rp->act_outcome), rp->act_why);
		return -1;
	}
	if ((n = rules_resolve(rp->r, &rp->pos, pattern, &m)) != 1 &&
	    (n < 2 || at == NULL ||
	    replay_ahead(rp, pattern, at, text, w, d, &m) == -1))
		return replay_unresolved(rp, text, pattern, n, w, d);
	if (rp->offer != -1 && rp->offer != rp->pos.turn)
		rp->offer = -1;   /* the move declines the offer */
	rp->undo = -1;            /* and voids a request to take back */
	rp->moved[rp->pos.turn] = rp->plies + 1;
	pos_copy(&rp->prev, &rp->pos);
	rp->last = m;
	rp->r->apply(&rp->pos, &m);
	rp->plies++;
	if (played != NULL)
		*played = m;
	return 0;
}

/* Explains why the move text given to adjudicate (replay_ply) was
 * refused: what is wrong (replay_bad_text's words, or how many moves
 * it holds) and the legal moves. */
static int
replay_bad_typed(struct replay *rp, const char *text, unsigned moves,
    size_t err, const struct diag_where *w, struct diag *d)
{
	char msg[256], list[REPLAY_LIST];
	const char *why = NULL;

	if (moves > 1)
		snprintf(msg, sizeof(msg), "it holds %u moves", moves);
	else if (rules_move_no_square(rp->r, text, err, msg,
	    sizeof(msg)) > 0)
		;	/* "no square 91 on this board (1-32)" */
	else if (strspn(text, " \t\r\n.") == strlen(text))
		snprintf(msg, sizeof(msg), "empty move");
	else if (err >= strlen(text))
		snprintf(msg, sizeof(msg), "it ends too early");
	else
		snprintf(msg, sizeof(msg), "unexpected '%c' at character %zu",
		    text[err], err + 1);
	/* a game over is the problem, whatever the text */
	if (rp->act_outcome != OUTCOME_NONE) {
		diag_report(d, DIAG_GAME_OVER, w,
		    replay_result_token(rp->act_outcome), rp->act_why);
		return -1;
	}
	if (rp->r->outcome(&rp->pos, &why) != OUTCOME_NONE)
		return replay_unresolved(rp, text, NULL, 0, w, d);
	replay_list(rp->r, &rp->pos, rp->style, NULL, ", ", list,
	    sizeof(list));
	diag_report(d, DIAG_BAD_TYPED_MOVE, w, text, msg, list);
	return -1;
}

int
replay_ply(struct replay *rp, const char *text, const struct diag_where *w,
    struct diag *d, struct move *played)
{
	char typed[256];
	struct move pattern;
	const char *t = text;
	size_t err = 0;
	unsigned n;

	/* as a player types it: "12. 11-15 {the Old Fourteenth}" */
	if ((n = notation_typed_move(text, typed, sizeof(typed))) == 1)
		t = typed;
	else if (n > 1)
		return replay_bad_typed(rp, text, n, 0, w, d);
	if (rules_move_parse(rp->r, t, strlen(t), &pattern, &err) == -1)
		return replay_bad_typed(rp, strspn(t, " \t\r\n.") ==
		    strlen(t) ? text : t, 0, err, w, d);
	return replay_pattern(rp, &pattern, t, NULL, w, d, played);
}

/* The canonical form of a result as read, or NULL if none or unknown
 * (results are compared canonical, quoted as written, and the result
 * the position decides in the game's set: notation_result_of). */
static const char *
replay_normal_result(const char *token)
{
	const char *canonical;

	if (token == NULL || notation_result_normal(token, &canonical) == -1)
		return NULL;
	return canonical;
}

int
replay_result(const struct replay *rp, const struct record *g,
    const struct replay_opts *o, struct diag *d)
{
	struct diag_where w = { o->file, &g->result_at, o->game, 0 };
	const char *token = replay_normal_result(g->result);
	const char *tag = replay_normal_result(record_tag(g, "Result"));
	const char *shown = g->result;
	char decided[128];

	if (token != NULL && tag != NULL && strcmp(token, tag) != 0) {
		snprintf(decided, sizeof(decided), "the Result tag %s",
		    record_tag(g, "Result"));
		diag_report(d, DIAG_WRONG_RESULT, &w, shown, decided);
		return -1;
	}
	if (token == NULL) {
		token = tag;
		shown = record_tag(g, "Result");
		w.at = replay_tag_at(g, "Result");
	}
	/* 0-0, lost for both, is declared: no position gives it */
	if (rp->outcome == OUTCOME_NONE || token == NULL ||
	    strcmp(token, "0-0") == 0 ||
	    strcmp(token, replay_result_token(rp->outcome)) == 0)
		return 0;
	snprintf(decided, sizeof(decided), "%s: %s (%s)",
	    rp->act_outcome != OUTCOME_NONE ? "the actions of the record" :
	    "the final position",
	    notation_result_of(rp->r, replay_result_token(rp->outcome)),
	    rp->why != NULL ? rp->why : "no legal move");
	diag_report(d, DIAG_WRONG_RESULT, &w, shown, decided);
	return -1;
}

int
replay_last_text(const struct replay *rp, char *buf, size_t size)
{
	if (rp->plies == 0)
		return -1;
	return rules_move_text(rp->r, &rp->prev, &rp->last, rp->style, buf,
	    size);
}

/* Writes into buf the full path of the jump m of p, its landing squares
 * joined by 'x' ("10x17x26"), when each step of m jumps and text (as
 * read) names them all; -1 otherwise. */
static int
replay_full_path(const struct replay *rp, const struct move *m,
    const char *text, char *buf, size_t size)
{
	struct move pattern;
	char sq[RULES_LABEL * 2];
	size_t at = 0, err;
	unsigned i;

	if (m->kind != MOVE_ORDINARY || m->nsteps < 2 ||
	    rules_move_parse(rp->r, text, strlen(text), &pattern, &err) == -1 ||
	    pattern.nsteps != m->nsteps)
		return -1;
	for (i = 0; i <= m->nsteps; i++) {
		if ((i > 0 && m->step[i - 1].over == SQ_NONE) ||
		    rules_square_text(rp->r, i == 0 ? m->step[0].from :
		    m->step[i - 1].to, rp->style, sq, sizeof(sq)) < 0 ||
		    at + strlen(sq) + 2 > size)
			return -1;
		at += (size_t)snprintf(buf + at, size - at, "%s%s",
		    i > 0 ? "x" : "", sq);
	}
	return (int)at;
}

/* Replaces e's text by the canonical text of the ply just played (with
 * REPLAY_KEEP_PATHS, by its full path when e's text gives it), keeping
 * the text as read in e->written when it differs. */
static int
replay_canonical(struct replay *rp, struct elem *e, int mode,
    const struct diag_where *w, struct diag *d)
{
	char text[256];
	int len = -1;

	if (mode == REPLAY_KEEP_PATHS)
		len = replay_full_path(rp, &rp->last, e->text, text,
		    sizeof(text));
	if (len < 0 && (len = replay_last_text(rp, text, sizeof(text))) < 0)
		return 0;
	if (strcmp(e->text, text) == 0)
		return 0;
	if (elem_set_written(e, e->text) == -1 ||
	    elem_set_text(e, text, (size_t)len) == -1) {
		diag_report(d, DIAG_NOMEM, w);
		return -1;
	}
	return 0;
}

/*
 * Real archives glue words to a move (tinsley.pdn:
 * "8-11Redoversteppedthetimecontrolonthismove.").  When the text of
 * element i reads as a move up to a letter where the parse stopped, the
 * move keeps that part and the rest becomes a comment after it.  Returns
 * 1 when it split the element (pattern then holds the move), 0 when the
 * text is not of that shape, -1 when out of memory.
 */
static int
replay_unglue(const struct rules *r, struct line *l, size_t i, size_t err,
    struct move *pattern)
{
	struct elem *e = &l->elems[i], *c;
	size_t n = strlen(e->text), err2;
	struct srcloc at = e->at;

	if (err == 0 || err >= n || !isalpha((unsigned char)e->text[err]) ||
	    rules_move_parse(r, e->text, err, pattern, &err2) == -1)
		return 0;
	at.col += err;
	if ((c = line_insert(l, i + 1, ELEM_COMMENT, &at)) == NULL)
		return -1;
	e = &l->elems[i];
	c->style = COMMENT_BRACE;
	if (elem_set_text(c, e->text + err, n - err) == -1)
		return -1;
	e->text[err] = '\0';
	return 1;
}

/* Reads the move of element i of the main line into pattern, ungluing
 * words from it; 0, or -1 after reporting. */
static int
replay_read(struct replay *rp, struct record *g, size_t i,
    struct move *pattern, const struct diag_where *w, struct diag *d)
{
	const char *text = g->main.elems[i].text;
	size_t err = 0;
	int rc;

	if (text == NULL)
		return replay_bad_text(rp->r, "", 0, w, d);
	if (rules_move_parse(rp->r, text, strlen(text), pattern, &err) == 0)
		return 0;
	if ((rc = replay_unglue(rp->r, &g->main, i, err, pattern)) == 1)
		return 0;
	if (rc == -1) {
		diag_report(d, DIAG_NOMEM, w);
		return -1;
	}
	return replay_bad_text(rp->r, text, err, w, d);
}

/* --- correspondence actions ----------------------------------- */

static const char *const replay_act_names[] = {
	"resign", "offer-draw", "accept-draw", "decline-draw",
	"request-undo", "accept-undo", "decline-undo", "leave", "claim-time"
};

#define REPLAY_NACTS (sizeof(replay_act_names) / sizeof(replay_act_names[0]))
#define REPLAY_LEAVE_MAX 366     /* days of one leave at most */

/* Reasons of a resignation, static for rp->why: the colour names of
 * the games, then a fallback for any other. */
static const char *const replay_resigned[] = {
	"black resigned", "red resigned", "white resigned"
};

const char *
replay_act_name(enum replay_act a)
{
	if ((unsigned)a >= REPLAY_NACTS)
		return "?";
	return replay_act_names[a];
}

void
replay_act_label(const struct rules *r, enum replay_act act, int side,
    char *buf, size_t size)
{
	snprintf(buf, size, "%s by %s", replay_act_name(act), r->side[side]);
}

int
replay_act_find(const char *name)
{
	size_t i;

	for (i = 0; i < REPLAY_NACTS; i++)
		if (strcasecmp(name, replay_act_names[i]) == 0)
			return (int)i;
	return -1;
}

/* Reads the days of "leave SIDE DAYS" at the end of side (cut there);
 * 0, or -1 with why. */
static int
replay_leave_days(char *side, unsigned long *days, char *why, size_t size)
{
	char *sp = strrchr(side, ' ');

	if (sp == NULL || util_parse_ulong(sp + 1, 1, REPLAY_LEAVE_MAX,
	    days) == -1) {
		snprintf(why, size, "expected leave SIDE DAYS, DAYS from 1 "
		    "to %d", REPLAY_LEAVE_MAX);
		return -1;
	}
	*sp = '\0';
	return 0;
}

int
replay_act_parse(const struct rules *r, const char *text,
    enum replay_act *act, int *side, unsigned long *days, char *why,
    size_t size)
{
	const char *sp = strchr(text, ' ');
	char name[16], sides[128], word[128];
	int a;

	*days = 0;
	if (sp == NULL || sp == text || sp[1] == '\0') {
		snprintf(why, size, "expected ACTION SIDE");
		return -1;
	}
	snprintf(name, sizeof(name), "%.*s", (int)(sp - text), text);
	if ((size_t)(sp - text) >= sizeof(name) ||
	    (a = replay_act_find(name)) == -1) {
		snprintf(why, size, "unknown action; expected one of resign, "
		    "offer-draw, accept-draw, decline-draw, request-undo, "
		    "accept-undo, decline-undo, leave, claim-time");
		return -1;
	}
	snprintf(word, sizeof(word), "%s", sp + 1);
	if (a == REPLAY_LEAVE && replay_leave_days(word, days, why,
	    size) == -1)
		return -1;
	if ((*side = notation_side_parse(r, word)) == -1) {
		notation_side_names(r, sides, sizeof(sides));
		snprintf(why, size, "unknown side %s; expected %s, first "
		    "or second", word, sides);
		return -1;
	}
	*act = (enum replay_act)a;
	return 0;
}

/* Why side resigned (static). */
static const char *
replay_resign_why(const struct rules *r, int side)
{
	size_t i, n = strlen(r->side[side]);

	for (i = 0; i < sizeof(replay_resigned) / sizeof(replay_resigned[0]);
	    i++)
		if (strncmp(replay_resigned[i], r->side[side], n) == 0 &&
		    replay_resigned[i][n] == ' ')
			return replay_resigned[i];
	return side == SIDE_FIRST ? "the first player resigned" :
	    "the second player resigned";
}

/* Refuses any action once the game is over. */
static int
replay_act_open(const struct replay *rp, struct judge_verdict *v)
{
	const char *why = NULL;
	enum outcome oc = rp->act_outcome;

	if (oc != OUTCOME_NONE)
		why = rp->act_why;
	else
		oc = rp->r->outcome(&rp->pos, &why);
	if (oc == OUTCOME_NONE)
		return 0;
	v->kind = JUDGE_OVER;
	v->result = replay_result_token(oc);
	v->why = why != NULL ? why : "no legal move";
	return -1;
}

/* The kind of refusal of a draw action the pending offer does not
 * allow, or JUDGE_OK. */
static enum judge_kind
replay_draw_allowed(const struct replay *rp, enum replay_act act, int side)
{
	if (act == REPLAY_OFFER_DRAW)
		return rp->offer != -1 ? JUDGE_OFFER_PENDING : JUDGE_OK;
	if (rp->offer == -1)
		return JUDGE_NO_OFFER;
	return rp->offer == side ? JUDGE_OWN_OFFER : JUDGE_OK;
}

/* The kind of refusal of an undo action the pending request does not
 * allow, or JUDGE_OK. */
static enum judge_kind
replay_undo_allowed(const struct replay *rp, enum replay_act act, int side)
{
	if (act == REPLAY_REQUEST_UNDO && rp->undo != -1)
		return JUDGE_UNDO_PENDING;
	if (act == REPLAY_REQUEST_UNDO)
		return rp->moved[side] == 0 ? JUDGE_NOTHING_TO_UNDO : JUDGE_OK;
	if (rp->undo == -1)
		return JUDGE_NO_UNDO;
	return rp->undo == side ? JUDGE_OWN_UNDO : JUDGE_OK;
}

int
replay_act_judge(const struct replay *rp, enum replay_act act, int side,
    struct judge_verdict *v)
{
	memset(v, 0, sizeof(*v));
	v->r = rp->r;
	v->act = (int)act;
	v->side = side;
	v->ply = v->next = rp->plies + 1;
	if (replay_act_open(rp, v) == -1)
		return -1;
	if (act == REPLAY_OFFER_DRAW || act == REPLAY_ACCEPT_DRAW ||
	    act == REPLAY_DECLINE_DRAW) {
		v->kind = replay_draw_allowed(rp, act, side);
		v->other = rp->offer;
	} else if (act == REPLAY_REQUEST_UNDO || act == REPLAY_ACCEPT_UNDO ||
	    act == REPLAY_DECLINE_UNDO) {
		v->kind = replay_undo_allowed(rp, act, side);
		v->other = rp->undo;
	}
	return v->kind == JUDGE_OK ? 0 : -1;
}

void
replay_act_report(const struct judge_verdict *v, const struct diag_where *w,
    struct diag *d)
{
	const char *me = v->r->side[v->side];
	const char *you = v->r->side[SIDE_OTHER(v->side)];
	const char *other = v->other >= 0 ? v->r->side[v->other] : "?";
	char label[64];

	replay_act_label(v->r, (enum replay_act)v->act, v->side, label,
	    sizeof(label));
	if (v->kind == JUDGE_OVER)
		diag_report(d, DIAG_ACTION_OVER, w, label, v->result, v->why);
	else if (v->kind == JUDGE_OFFER_PENDING)
		diag_report(d, DIAG_OFFER_PENDING, w, label, other);
	else if (v->kind == JUDGE_NO_OFFER)
		diag_report(d, DIAG_NO_OFFER, w, label);
	else if (v->kind == JUDGE_OWN_OFFER)
		diag_report(d, DIAG_OWN_OFFER, w, label, me, you);
	else if (v->kind == JUDGE_UNDO_PENDING)
		diag_report(d, DIAG_UNDO_PENDING, w, label, other);
	else if (v->kind == JUDGE_NOTHING_TO_UNDO)
		diag_report(d, DIAG_NOTHING_TO_UNDO, w, label, me);
	else if (v->kind == JUDGE_NO_UNDO)
		diag_report(d, DIAG_NO_UNDO, w, label);
	else if (v->kind == JUDGE_OWN_UNDO)
		diag_report(d, DIAG_OWN_UNDO, w, label, me, you);
}

/* Ends the game by an action. */
static void
replay_act_end(struct replay *rp, enum outcome oc, const char *why)
{
	rp->act_outcome = rp->outcome = oc;
	rp->act_why = rp->why = why;
	rp->offer = -1;
	rp->undo = -1;
}

/* The win of side. */
static enum outcome
replay_win(int side)
{
	return side == SIDE_FIRST ? OUTCOME_FIRST_WINS : OUTCOME_SECOND_WINS;
}

void
replay_act_apply(struct replay *rp, enum replay_act act, int side)
{
	switch (act) {
	case REPLAY_RESIGN:
		replay_act_end(rp, replay_win(SIDE_OTHER(side)),
		    replay_resign_why(rp->r, side));
		break;
	case REPLAY_OFFER_DRAW:
		rp->offer = side;
		break;
	case REPLAY_ACCEPT_DRAW:
		replay_act_end(rp, OUTCOME_DRAW, "draw agreed");
		break;
	case REPLAY_DECLINE_DRAW:
		rp->offer = -1;
		break;
	case REPLAY_REQUEST_UNDO:
		rp->undo = side;
		rp->undo_elem = rp->move_elem[side];
		break;
	case REPLAY_ACCEPT_UNDO:
		rp->moved[0] = rp->moved[1] = 0;
		/* FALLTHROUGH */
	case REPLAY_DECLINE_UNDO:
		rp->undo = -1;
		break;
	case REPLAY_CLAIM_TIME:
		replay_act_end(rp, replay_win(side), "time forfeit");
		break;
	case REPLAY_LEAVE:
		break;
	}
}

int
replay_action(struct replay *rp, enum replay_act act, int side,
    const struct diag_where *w, struct diag *d)
{
	struct judge_verdict v;

	if (replay_act_judge(rp, act, side, &v) == -1) {
		replay_act_report(&v, w, d);
		return -1;
	}
	replay_act_apply(rp, act, side);
	return 0;
}

int
replay_state_text(const struct replay *rp, char *buf, size_t size)
{
	int n;

	if (rp->act_outcome != OUTCOME_NONE && rp->act_why != NULL)
		n = snprintf(buf, size, "%s", rp->act_why);
	else if (rp->act_outcome != OUTCOME_NONE)
		n = snprintf(buf, size, "%s", "");
	else
		n = snprintf(buf, size, "%s%s%s%s%s",
		    rp->offer != -1 ? rp->r->side[rp->offer] : "",
		    rp->offer != -1 ? " offers a draw" : "",
		    rp->offer != -1 && rp->undo != -1 ? "; " : "",
		    rp->undo != -1 ? rp->r->side[rp->undo] : "",
		    rp->undo != -1 ? " asks to take back moves" : "");
	return n < 0 || (size_t)n >= size ? -1 : n;
}

/* --- the moves an accepted undo took back ---------------------- */

/* The check of an undo's variation as it goes. */
struct replay_undo {
	const struct rules *r;
	struct pos pos;
	unsigned moves;           /* moves of the variation */
	int mover;                /* the side of its first move */
	int asked;                /* the side of its request-undo, or -1 */
};

/* Plays the variation's move text on u; NULL, or what is wrong. */
static const char *
replay_undo_move(struct replay_undo *u, const char *text)
{
	struct move pattern, m;
	size_t err;

	if (u->asked != -1)
		return "a move follows the request";
	if (u->moves == 2)
		return "it holds more than two moves";
	if (text == NULL || rules_move_parse(u->r, text, strlen(text),
	    &pattern, &err) == -1 ||
	    rules_resolve(u->r, &u->pos, &pattern, &m) != 1)
		return "its moves do not replay from the position before it";
	if (u->moves++ == 0)
		u->mover = u->pos.turn;
	u->r->apply(&u->pos, &m);
	return NULL;
}

/* Reads the variation's action text on u; NULL, or what is wrong. */
static const char *
replay_undo_act(struct replay_undo *u, const char *text)
{
	enum replay_act act;
	unsigned long days;
	char why[256];
	int side;

	if (u->moves == 0)
		return "it starts with an action, not a move";
	if (text == NULL || replay_act_parse(u->r, text, &act, &side, &days,
	    why, sizeof(why)) == -1)
		return "it holds an unreadable action";
	if (act == REPLAY_REQUEST_UNDO)
		u->asked = side;
	return NULL;
}

/* What is wrong with the variation l of an accept-undo, from the
 * position p, or NULL; *asked gets the side that asked. */
static const char *
replay_undo_line(const struct rules *r, const struct pos *p,
    const struct line *l, int *asked)
{
	struct replay_undo u = { r, *p, 0, -1, -1 };
	const char *bad = NULL;
	const char *why = NULL;
	size_t i;

	for (i = 0; i < l->n && bad == NULL; i++)
		if (l->elems[i].kind == ELEM_VARIATION)
			bad = "it holds a variation";
		else if (l->elems[i].kind == ELEM_MOVE)
			bad = replay_undo_move(&u, l->elems[i].text);
		else if (l->elems[i].kind == ELEM_ACTION)
			bad = replay_undo_act(&u, l->elems[i].text);
	if (bad == NULL && u.moves == 0)
		bad = "it holds no move";
	else if (bad == NULL && u.asked != u.mover)
		bad = "no request-undo by the side of its first move ends it";
	else if (bad == NULL && r->outcome(&u.pos, &why) != OUTCOME_NONE)
		bad = "the game was over before the request";
	*asked = u.asked;
	return bad;
}

/*
 * Reads the variation before the accept-undo at element i of l (its
 * label "accept-undo by SIDE") as the moves taken back: sets rp->undo
 * to the side that asked, so that replay_action judges the accept.
 * Returns 0, or -1 after reporting DIAG_UNDO_SHAPE.
 */
static int
replay_undo_source(struct replay *rp, const struct line *l, size_t i,
    const char *label, const struct diag_where *w, struct diag *d)
{
	size_t j = line_undo_before(l, i);
	const char *bad;
	char why[160];
	int asked;

	if (j == l->n || l->elems[j].var == NULL) {
		diag_report(d, DIAG_UNDO_SHAPE, w, label, "no variation with "
		    "the moves taken back stands before it");
		return -1;
	}
	bad = replay_undo_line(rp->r, &rp->pos, l->elems[j].var, &asked);
	if (bad == NULL) {
		rp->undo = asked;
		return 0;
	}
	snprintf(why, sizeof(why), "the variation before it: %s", bad);
	diag_report(d, DIAG_UNDO_SHAPE, w, label, why);
	return -1;
}

/* --- a record that names no game ---------------------------------- */

/*
 * How many plies of g's main line game r replays from g's set-up
 * position (its FEN, else r's start), each move read as the first legal
 * move it denotes, actions passed over; -1 when its FEN does not read.
 * g is not changed.
 */
static long
replay_trial(const struct rules *r, const struct record *g)
{
	const char *fen = record_tag(g, "FEN"), *why;
	const struct elem *e;
	struct move pattern, m;
	struct pos p;
	size_t i, err;
	long plies = 0;

	if (fen != NULL && fen_parse(r, fen, &p, &err, &why) == -1)
		return -1;
	if (fen == NULL)
		r->start(&p);
	for (i = 0; i < g->main.n; i++) {
		e = &g->main.elems[i];
		if (e->kind != ELEM_MOVE)
			continue;
		if (e->text == NULL || rules_move_parse(r, e->text,
		    strlen(e->text), &pattern, &err) == -1 ||
		    rules_resolve(r, &p, &pattern, &m) == 0)
			break;
		r->apply(&p, &m);
		plies++;
	}
	return plies;
}

/*
 * After the replay of g failed with plies played (-1: its start
 * position refused), when g names no game (it was read as checkers):
 * the game with a PDN GameType that replays the most of its moves, at
 * least one and more than plies, is reported at w (DIAG_LIKELY_GAME),
 * the first in table order among equals.
 */
static void
replay_suggest(const struct record *g, long plies,
    const struct diag_where *w, struct diag *d)
{
	const struct rules *best = NULL, *r;
	long n, most = plies > 0 ? plies : 0;
	size_t i;

	if (record_tag(g, "Game") != NULL || record_tag(g, "GameType") != NULL)
		return;
	for (i = 0; (r = rules_table[i]) != NULL; i++)
		if (r->gametype != NULL && strcmp(r->name, "checkers") != 0 &&
		    (n = replay_trial(r, g)) > most) {
			most = n;
			best = r;
		}
	if (best != NULL)
		diag_report(d, DIAG_LIKELY_GAME, w,
		    notation_gametype_name(best), (unsigned long)most,
		    (unsigned long)line_count_moves(&g->main), best->gametype);
}

/* --- the walk --------------------------------------------------- */

/* Replays the action element i of g's main line; with o->canonical
 * rewrites its text. */
static int
replay_elem_action(struct replay *rp, struct record *g, size_t i,
    const struct replay_opts *o, const struct diag_where *w,
    struct diag *d)
{
	struct elem *e = &g->main.elems[i];
	const char *text = e->text != NULL ? e->text : "";
	enum replay_act act;
	unsigned long days;
	char why[256], canon[80];
	int side, n;

	if (replay_act_parse(rp->r, text, &act, &side, &days, why,
	    sizeof(why)) == -1) {
		diag_report(d, DIAG_BAD_ACTION, w, text, why);
		return -1;
	}
	replay_act_label(rp->r, act, side, canon, sizeof(canon));
	if ((act == REPLAY_ACCEPT_UNDO && replay_undo_source(rp, &g->main, i,
	    canon, w, d) == -1) || replay_action(rp, act, side, w, d) == -1)
		return -1;
	if (!o->canonical)
		return 0;
	n = snprintf(canon, sizeof(canon), "%s %s", replay_act_name(act),
	    rp->r->side[side]);
	if (days > 0)
		n = snprintf(canon, sizeof(canon), "%s %s %lu",
		    replay_act_name(act), rp->r->side[side], days);
	if (n < 0 || (size_t)n >= sizeof(canon) ||
	    elem_set_text(e, canon, (size_t)n) == -1) {
		diag_report(d, DIAG_NOMEM, w);
		return -1;
	}
	return 0;
}

/* Replays the move element i of the main line. */
static int
replay_elem_move(struct replay *rp, struct record *g, size_t i,
    const struct replay_opts *o, const struct diag_where *w, struct diag *d)
{
	struct replay_at at = { &g->main, i };
	struct move pattern;
	struct elem *e;

	if (replay_read(rp, g, i, &pattern, w, d) == -1)
		return -1;
	e = &g->main.elems[i];     /* replay_read may have grown the line */
	if (replay_pattern(rp, &pattern, e->text, &at, w, d, NULL) == -1)
		return -1;
	rp->move_elem[rp->prev.turn] = i;
	if (o->canonical && replay_canonical(rp, e, o->canonical, w, d) == -1)
		return -1;
	return 0;
}

int
replay_walk(struct replay *rp, struct record *g, const struct replay_opts *o,
    replay_ply_fn on_ply, void *ctx, struct diag *d)
{
	struct diag_where w = { o->file, NULL, o->game, 0 };
	struct srcloc at;
	enum elem_kind kind;
	size_t i;
	int rc = 0, stop;

	if (replay_start(rp, g, o, d) == -1) {
		w.at = replay_tag_at(g, "FEN");
		replay_suggest(g, -1, &w, d);
		return -1;
	}
	rp->total = line_count_moves(&g->main);
	stop = on_ply != NULL && on_ply(ctx, rp) != 0;
	/* Element i is read by index, its kind and place copied: replaying
	 * a move may insert into the line (replay_unglue), which moves it. */
	for (i = 0; i < g->main.n && rc == 0 && !stop; i++) {
		rp->elem = i;
		kind = g->main.elems[i].kind;
		if (kind == ELEM_MOVE && rp->plies >= o->stop)
			break;
		at = g->main.elems[i].at;
		w.at = &at;
		w.ply = rp->plies + 1;
		if (kind == ELEM_MOVE &&
		    (rc = replay_elem_move(rp, g, i, o, &w, d)) == 0)
			stop = on_ply != NULL && on_ply(ctx, rp) != 0;
		else if (kind == ELEM_ACTION)
			rc = replay_elem_action(rp, g, i, o, &w, d);
	}
	if (rc == -1) {
		replay_suggest(g, (long)rp->plies, &w, d);
		return -1;
	}
	rp->elem = i;
	if (rp->act_outcome == OUTCOME_NONE)
		rp->outcome = rp->r->outcome(&rp->pos, &rp->why);
	return 0;
}

int
replay_run(struct replay *rp, struct record *g, const struct replay_opts *o,
    struct diag *d)
{
	return replay_walk(rp, g, o, NULL, NULL, d);
}
