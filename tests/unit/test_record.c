/* test_record.c - the game record (src/model/record.c): tags, lines,
 * variations; run under valgrind to see that nothing leaks. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "model/record.h"

static void
test_tags(void **state)
{
	struct record g;
	struct srcloc at = { 3, 4 };

	(void)state;
	record_init(&g);
	assert_null(record_tag(&g, "Event"));
	assert_int_equal(record_tag_set(&g, "Event", "a", NULL), 0);
	assert_int_equal(record_tag_add(&g, "Site", "b", &at), 0);
	assert_int_equal(record_tag_add(&g, "Event", "c", NULL), 0);
	assert_int_equal(g.ntags, 3);
	assert_string_equal(record_tag(&g, "Event"), "a");
	assert_int_equal(record_tag_find(&g, "Site")->at.line, 3);
	assert_int_equal(record_tag_set(&g, "Event", "d", &at), 0);
	assert_int_equal(g.ntags, 3);
	assert_string_equal(g.tags[0].value, "d");
	assert_string_equal(g.tags[2].value, "c");
	assert_null(record_tag(&g, "event"));
	record_tag_remove(&g, "Event");
	assert_int_equal(g.ntags, 1);
	assert_string_equal(g.tags[0].name, "Site");
	record_tag_remove(&g, "Nothing");
	assert_int_equal(g.ntags, 1);
	record_free(&g);
	assert_int_equal(g.ntags, 0);
	assert_null(g.tags);
}

static void
test_result(void **state)
{
	struct record g;

	(void)state;
	record_init(&g);
	assert_null(g.result);
	assert_int_equal(record_set_result(&g, "1-0"), 0);
	assert_string_equal(g.result, "1-0");
	assert_int_equal(record_set_result(&g, "*"), 0);
	assert_string_equal(g.result, "*");
	assert_int_equal(record_set_result(&g, NULL), 0);
	assert_null(g.result);
	assert_int_equal(record_set_result(&g, "0-1"), 0);
	record_free(&g);
}

static struct elem *
push_move(struct line *l, const char *text)
{
	struct elem *e = line_push(l, ELEM_MOVE, NULL);

	assert_non_null(e);
	assert_int_equal(elem_set_text(e, text, strlen(text)), 0);
	return e;
}

/* Appends a variation to l and returns its line. */
static struct line *
push_var(struct line *l)
{
	struct elem *e = line_push(l, ELEM_VARIATION, NULL);

	assert_non_null(e);
	assert_null(e->var);
	e->var = calloc(1, sizeof(*e->var));
	assert_non_null(e->var);
	return e->var;
}

static void
test_lines(void **state)
{
	struct record g;
	struct srcloc at = { 7, 9 };
	struct elem *e;
	struct line *v;
	char name[32];
	int i;

	(void)state;
	record_init(&g);
	for (i = 0; i < 40; i++) {
		snprintf(name, sizeof(name), "%d-%d", i, i + 4);
		push_move(&g.main, name);
	}
	e = push_move(&g.main, "11-15xyz");
	assert_int_equal(elem_set_text(e, "11-15xyz", 5), 0);
	assert_string_equal(e->text, "11-15");
	assert_int_equal(elem_set_suffix(e, "!?", 2), 0);
	assert_string_equal(e->suffix, "!?");
	e = line_push(&g.main, ELEM_COMMENT, &at);
	assert_int_equal(e->at.col, 9);
	assert_null(e->text);
	assert_int_equal(elem_set_text(e, "hello", 5), 0);
	e = line_push(&g.main, ELEM_NAG, NULL);
	e->nag = 3;
	v = push_var(&g.main);
	push_move(v, "9-14");
	push_move(push_var(v), "10-14");
	assert_int_equal(line_count_moves(&g.main), 41);
	assert_int_equal(g.main.n, 44);
	line_truncate(&g.main, 42);
	assert_int_equal(g.main.n, 42);
	v = push_var(&g.main);
	push_move(push_var(push_var(v)), "1-5");
	line_truncate(&g.main, 40);
	assert_int_equal(line_count_moves(&g.main), 40);
	push_move(push_var(&g.main), "2-6");
	record_free(&g);
	assert_int_equal(g.main.n, 0);
	assert_null(g.main.elems);
}

/* Deep nesting is freed without recursion. */
static void
test_insert(void **state)
{
	struct line l = { NULL, 0, 0 };
	struct elem *e;
	size_t i;

	(void)state;
	for (i = 0; i < 20; i++) {
		e = line_push(&l, ELEM_NAG, NULL);
		assert_non_null(e);
		e->nag = (unsigned)i;
	}
	e = line_insert(&l, 3, ELEM_COMMENT, NULL);
	assert_non_null(e);
	assert_int_equal(elem_set_text(e, "c", 1), 0);
	assert_null(line_insert(&l, 22, ELEM_NAG, NULL));
	assert_non_null(line_insert(&l, 21, ELEM_NAG, NULL));
	assert_int_equal(l.n, 22);
	assert_int_equal(l.elems[2].nag, 2);
	assert_int_equal(l.elems[3].kind, ELEM_COMMENT);
	assert_string_equal(l.elems[3].text, "c");
	assert_int_equal(l.elems[4].nag, 3);
	assert_int_equal(l.elems[20].nag, 19);
	assert_int_equal(l.elems[21].kind, ELEM_NAG);
	line_free(&l);
}

static void
test_deep_variations(void **state)
{
	struct line l, *v;
	int i;

	(void)state;
	memset(&l, 0, sizeof(l));
	v = &l;
	for (i = 0; i < 100000; i++) {
		push_move(v, "11-15");
		if (i % 3 == 0)
			push_var(v);
		v = push_var(v);
	}
	line_free(&l);
	assert_int_equal(l.n, 0);
	line_free(&l);
}

/* The texts of tags and of the elements a reader sets are the record's
 * pool's; replacing one by elem_set_text (a malloc'ed text) or
 * truncating a line frees only what is not; ASan and valgrind see any
 * double free or leak. */
static void
test_pool(void **state)
{
	struct record g;
	struct elem *e;
	char buf[32], *big;
	size_t i, n = 200000;

	(void)state;
	record_init(&g);
	for (i = 0; i < 10000; i++) {
		snprintf(buf, sizeof(buf), "value %zu", i);
		assert_int_equal(record_tag_set(&g, "Event", buf, NULL), 0);
		assert_int_equal(record_tag_add(&g, "Round", buf, NULL), 0);
	}
	assert_string_equal(record_tag(&g, "Event"), "value 9999");
	assert_int_equal(g.ntags, 10001);
	record_tag_remove(&g, "Round");
	assert_int_equal(g.ntags, 1);
	for (i = 0; i < 1000; i++) {
		assert_non_null(e = line_push(&g.main, ELEM_MOVE, NULL));
		assert_int_equal(record_elem_text(&g, e, "11-15x", 5), 0);
		assert_int_equal(record_elem_suffix(&g, e, "!?", 2), 0);
		if (i % 3 == 0)
			assert_int_equal(elem_set_text(e, "9-14", 4), 0);
		if (i % 5 == 0)
			assert_int_equal(elem_set_suffix(e, "?", 1), 0);
		if (i % 7 == 0)
			assert_int_equal(record_elem_text(&g, e, "1-5", 3), 0);
		assert_int_equal(elem_set_written(e, e->text), 0);
	}
	assert_string_equal(g.main.elems[0].text, "1-5");
	assert_string_equal(g.main.elems[1].text, "11-15");
	assert_string_equal(g.main.elems[3].text, "9-14");
	assert_string_equal(g.main.elems[5].suffix, "?");
	assert_string_equal(g.main.elems[6].suffix, "!?");
	line_truncate(&g.main, 500);
	assert_non_null(big = malloc(n));
	memset(big, 'c', n);
	assert_non_null(e = line_push(&g.main, ELEM_COMMENT, NULL));
	assert_int_equal(record_elem_text(&g, e, big, n), 0);
	assert_int_equal(strlen(e->text), n);
	assert_int_equal(record_elem_text(&g, e, "short", 5), 0);
	assert_string_equal(e->text, "short");
	free(big);
	record_free(&g);
	assert_null(g.pool);
	assert_int_equal(g.main.n, 0);
}

/* line_strip: comments, variations, NAGs and marks go, nested too; the
 * variation an accepted undo took back stays. */
static void
test_strip(void **state)
{
	struct line l = { NULL, 0, 0 }, *v;
	struct elem *e;

	(void)state;
	e = line_push(&l, ELEM_MOVE, NULL);
	assert_int_equal(elem_set_text(e, "11-15", 5), 0);
	assert_int_equal(elem_set_suffix(e, "!?", 2), 0);
	line_push(&l, ELEM_NAG, NULL)->nag = 3;
	e = line_push(&l, ELEM_VARIATION, NULL);
	assert_non_null(e->var = calloc(1, sizeof(*e->var)));
	v = e->var;
	assert_int_equal(elem_set_text(line_push(v, ELEM_MOVE, NULL), "9-14",
	    4), 0);
	assert_int_equal(elem_set_text(line_push(v, ELEM_COMMENT, NULL), "c",
	    1), 0);
	e = line_push(&l, ELEM_VARIATION, NULL);	/* an undo's */
	assert_non_null(e->var = calloc(1, sizeof(*e->var)));
	assert_int_equal(elem_set_text(line_push(e->var, ELEM_MOVE, NULL),
	    "23-19", 5), 0);
	assert_int_equal(elem_set_text(line_push(&l, ELEM_COMMENT, NULL),
	    "between", 7), 0);
	assert_int_equal(elem_set_text(line_push(&l, ELEM_ACTION, NULL),
	    "accept-undo red", 15), 0);

	line_strip(&l, LINE_STRIP(ELEM_COMMENT));
	assert_int_equal(l.n, 5);
	assert_int_equal(l.elems[2].var->n, 1);
	line_strip(&l, LINE_STRIP(ELEM_NAG) | LINE_STRIP_MARKS);
	assert_int_equal(l.n, 4);
	assert_null(l.elems[0].suffix);
	line_strip(&l, LINE_STRIP(ELEM_VARIATION));
	assert_int_equal(l.n, 3);
	assert_int_equal(l.elems[1].kind, ELEM_VARIATION);
	assert_true(line_undo_var(&l, 1));
	line_free(&l);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_tags),
		cmocka_unit_test(test_result),
		cmocka_unit_test(test_lines),
		cmocka_unit_test(test_insert),
		cmocka_unit_test(test_deep_variations),
		cmocka_unit_test(test_pool),
		cmocka_unit_test(test_strip),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
