/*
 * test_forms.c - the move reader of every game (rules_move_parse, then
 * rules_resolve, as replay reads a move) accepts every legal move in
 * every form its notation allows, in every position of the whole games
 * of fixtures/games (one per game, checkers and stackup included).
 *
 * The forms are derived from each legal move, never from a table: its
 * canonical text (move_format); that text in upper case; with blanks
 * around it and a final full stop, as pasted from a mail; and, in the
 * games whose notation is a path of squares with two namings (checkers,
 * stackup: r->restyle), its full path, its ends alone when no other
 * legal move has them (else they must not read as this move unless it
 * is their whole path), each in algebraic squares too.  Each form must
 * denote exactly that legal move.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <ctype.h>
#include <glob.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "game/replay.h"
#include "notation/notation.h"

#define FORMS_TEXT 512

/* The legal moves of a position. */
struct legal {
	const struct rules *r;
	const struct pos *p;
	struct move *m;
	size_t n, cap;
};

static int
legal_add(void *ctx, const struct move *m)
{
	struct legal *l = ctx;

	if (l->n == l->cap) {
		l->cap = l->cap == 0 ? 64 : 2 * l->cap;
		l->m = realloc(l->m, l->cap * sizeof(*l->m));
		assert_non_null(l->m);
	}
	l->m[l->n++] = *m;
	return 0;
}

static unsigned long forms_checked;

/* The pattern of the last form resolved to its move: a form that reads
 * as the same pattern denotes the same move without resolving again
 * (Brown's positions have a thousand moves). */
static struct move resolved_pattern, resolved_move;

/* text must read as the legal move m of l, and as no other. */
static void
denotes(const struct legal *l, const struct move *m, const char *text)
{
	struct move pattern, found;
	size_t err = 0;
	unsigned n;

	if (rules_move_parse(l->r, text, strlen(text), &pattern, &err) != 0)
		fail_msg("%s: \"%s\" does not read (at %zu)", l->r->name, text,
		    err);
	forms_checked++;
	if (move_equal(&resolved_move, m) &&
	    move_equal(&resolved_pattern, &pattern) &&
	    resolved_pattern.flags == pattern.flags)
		return;
	if ((n = rules_resolve(l->r, l->p, &pattern, &found)) != 1 ||
	    !move_equal(&found, m))
		fail_msg("%s: \"%s\" denotes %u moves, not the one", l->r->name,
		    text, n);
	resolved_pattern = pattern;
	resolved_move = *m;
}

/* The names of the squares of m's path, joined by its step kinds
 * ('x' for a capture, '-' else): the full path; with ends_only, its
 * origin and its target alone. */
static void
path_text(const struct rules *r, const struct move *m, int ends_only,
    char *buf, size_t size)
{
	char name[16];
	size_t at;
	unsigned i;

	assert_true(r->square_name(m->step[0].from, buf, size) > 0);
	at = strlen(buf);
	for (i = ends_only ? m->nsteps - 1 : 0; i < m->nsteps; i++) {
		assert_true(r->square_name(m->step[i].to, name,
		    sizeof(name)) > 0);
		at += (size_t)snprintf(buf + at, size - at, "%c%s",
		    m->step[i].kind == STEP_CAPTURE ? 'x' : '-', name);
		assert_true(at < size);
	}
}

/* Whether a legal move of l other than m has m's origin and target. */
static int
ends_shared(const struct legal *l, const struct move *m)
{
	size_t i;

	for (i = 0; i < l->n; i++)
		if (&l->m[i] != m && l->m[i].step[0].from == m->step[0].from &&
		    l->m[i].step[l->m[i].nsteps - 1].to ==
		    m->step[m->nsteps - 1].to)
			return 1;
	return 0;
}

/* text, and text in algebraic squares, denote m. */
static void
denotes_styles(const struct legal *l, const struct move *m, const char *text)
{
	char alg[FORMS_TEXT];

	denotes(l, m, text);
	assert_true(l->r->restyle(text, SQUARES_ALGEBRAIC, alg,
	    sizeof(alg)) > 0);
	denotes(l, m, alg);
}

/* The ends of m, shared with another legal move, do not read as m
 * unless they are its whole path. */
static void
ends_not_m(const struct legal *l, const struct move *m, const char *text)
{
	struct move pattern, found;
	size_t err = 0;

	assert_int_equal(rules_move_parse(l->r, text, strlen(text), &pattern,
	    &err), 0);
	if (rules_resolve(l->r, l->p, &pattern, &found) == 1 &&
	    m->nsteps > 1)
		assert_false(move_equal(&found, m));
	forms_checked++;
}

/* The path forms of m in a game whose notation is a path of squares. */
static void
path_forms(const struct legal *l, const struct move *m)
{
	char text[FORMS_TEXT];

	path_text(l->r, m, 0, text, sizeof(text));
	denotes_styles(l, m, text);
	path_text(l->r, m, 1, text, sizeof(text));
	if (!ends_shared(l, m))
		denotes_styles(l, m, text);
	else
		ends_not_m(l, m, text);
}

/* Every form of the legal move m of l. */
static void
move_forms(const struct legal *l, const struct move *m)
{
	char text[FORMS_TEXT], other[FORMS_TEXT + 8];
	size_t i;

	assert_true(l->r->move_format(l->p, m, text, sizeof(text)) > 0);
	denotes(l, m, text);
	for (i = 0; text[i] != '\0'; i++)
		other[i] = (char)toupper((unsigned char)text[i]);
	other[i] = '\0';
	denotes(l, m, other);
	snprintf(other, sizeof(other), " \t%s. ", text);
	denotes(l, m, other);
	if (l->r->restyle != NULL && m->kind == MOVE_ORDINARY) {
		denotes_styles(l, m, text);
		path_forms(l, m);
	}
}

/* Every form of every legal move of p. */
static void
position_forms(const struct rules *r, const struct pos *p)
{
	struct legal l = { r, p, NULL, 0, 0 };
	size_t i;

	memset(&resolved_move, 0xff, sizeof(resolved_move));	/* none */
	r->generate(p, legal_add, &l);
	for (i = 0; i < l.n; i++)
		move_forms(&l, &l.m[i]);
	free(l.m);
}

/* Every position of the main line of g, the last one too. */
static void
game_forms(struct record *g, const char *file, struct diag *d)
{
	struct replay_opts o = { file, 1, REPLAY_ALL, 0 };
	struct replay rp;
	size_t i;

	assert_int_equal(replay_start(&rp, g, &o, d), 0);
	for (i = 0; i < g->main.n; i++) {
		if (g->main.elems[i].kind != ELEM_MOVE)
			continue;
		position_forms(rp.r, &rp.pos);
		assert_int_equal(replay_ply(&rp, g->main.elems[i].text, NULL,
		    d, NULL), 0);
	}
	position_forms(rp.r, &rp.pos);
}

/* Every game of the file path. */
static unsigned
file_forms(const char *path)
{
	const struct notation *nt;
	struct reader *rd;
	struct record g;
	struct diag d;
	FILE *f = fopen(path, "r");
	unsigned games = 0;

	assert_non_null(f);
	diag_init(&d, "test_forms", stderr);
	assert_non_null(rd = notation_open(f, path, &d, &nt));
	record_init(&g);
	while (nt->next(rd, &g, NULL) == READ_GAME) {
		game_forms(&g, path, &d);
		games++;
	}
	assert_int_equal(d.count, 0);
	record_free(&g);
	nt->close(rd);
	fclose(f);
	return games;
}

static void
test_fixture_games(void **state)
{
	glob_t gl;
	size_t i;
	unsigned games = 0;
	char seen[1024] = "";

	(void)state;
	assert_int_equal(glob("fixtures/games/*.pdn", 0, NULL, &gl), 0);
	for (i = 0; i < gl.gl_pathc; i++) {
		games += file_forms(gl.gl_pathv[i]);
		strncat(seen, gl.gl_pathv[i], sizeof(seen) - strlen(seen) - 1);
	}
	globfree(&gl);
	for (i = 0; rules_table[i] != NULL; i++)
		if (strstr(seen, rules_table[i]->name) == NULL)
			fail_msg("no fixture game of %s", rules_table[i]->name);
	assert_true(games >= i);
	print_message("%lu forms of the legal moves of %u games read\n",
	    forms_checked, games);
	assert_true(forms_checked > 100000);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_fixture_games),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
