/* test_diag.c - the diagnostics table and output format (src/base/diag.c). */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "base/diag.h"

/* Reports through a memory stream and returns what was printed. */
static const char *
printed(struct diag *d, FILE *f, char *buf, size_t size)
{
	size_t n;

	fflush(f);
	rewind(f);
	n = fread(buf, 1, size - 1, f);
	buf[n] = '\0';
	(void)d;
	return buf;
}

static void
test_every_entry(void **state)
{
	int id;

	(void)state;
	for (id = 0; id < DIAG__COUNT; id++) {
		assert_non_null(diag_format((enum diag_id)id));
		assert_non_null(diag_name((enum diag_id)id));
		/* a warning (status 0) says so; every other entry raises the
		 * status */
		if (diag_status((enum diag_id)id) == STATUS_OK)
			assert_int_equal(strncmp(diag_format((enum diag_id)id),
			    "warning: ", 9), 0);
		else
			assert_true(diag_status((enum diag_id)id) >=
			    STATUS_REJECTED);
		assert_true(diag_status((enum diag_id)id) <= STATUS_TRANSFER);
	}
	assert_int_equal(diag_status(DIAG_AMBIGUOUS_READ), STATUS_OK);
	assert_int_equal(diag_status(DIAG_ILLEGAL_MOVE), STATUS_REJECTED);
	assert_int_equal(diag_status(DIAG_UNKNOWN_GAME), STATUS_USAGE);
	assert_int_equal(diag_status(DIAG_BAD_MOVE_TEXT), STATUS_MALFORMED);
	assert_int_equal(diag_status(DIAG_WRITE), STATUS_SYSTEM);
	assert_int_equal(diag_status(DIAG_TRANSFER), STATUS_TRANSFER);
	assert_null(diag_format(DIAG__COUNT));
}

static void
test_full_where(void **state)
{
	struct srcloc at = { 12, 9 };
	struct diag_where w = { "a.pdn", &at, 2, 4 };
	char buf[512];
	struct diag d;
	FILE *f = tmpfile();

	(void)state;
	assert_non_null(f);
	diag_init(&d, "stackref", f);
	assert_int_equal(diag_report(&d, DIAG_BAD_MOVE_TEXT, &w, "2z-17",
	    "unexpected 'z'"), STATUS_MALFORMED);
	assert_string_equal(printed(&d, f, buf, sizeof(buf)),
	    "stackref: a.pdn:12:9: game 2, ply 4: "
	    "unreadable move 2z-17: unexpected 'z'\n");
	fclose(f);
}

static void
test_partial_where(void **state)
{
	struct diag_where w = { "a.pdn", NULL, 0, 3 };
	char buf[512];
	struct diag d;
	FILE *f = tmpfile();

	(void)state;
	diag_init(&d, "stackref", f);
	diag_report(&d, DIAG_WRONG_PLY, &w, 2UL, 3UL);
	diag_report(&d, DIAG_NOMEM, NULL);
	assert_string_equal(printed(&d, f, buf, sizeof(buf)),
	    "stackref: a.pdn: ply 3: stale move: sent as ply 2, but the "
	    "next ply is 3\nstackref: out of memory\n");
	fclose(f);
}

static void
test_worst_status(void **state)
{
	struct diag d;

	(void)state;
	diag_init(&d, "stackref", NULL);
	assert_int_equal(d.status, STATUS_OK);
	diag_report(&d, DIAG_BAD_TAG, NULL, "x");
	diag_report(&d, DIAG_ILLEGAL_MOVE, NULL, "a", "b");
	assert_int_equal(d.status, STATUS_MALFORMED);
	diag_report(&d, DIAG_READ, NULL, "gone");
	assert_int_equal(d.status, STATUS_SYSTEM);
	assert_int_equal(d.count, 3);
}

static void
test_quiet(void **state)
{
	char buf[64];
	struct diag d;
	FILE *f = tmpfile();

	(void)state;
	diag_init(&d, "stackref", f);
	d.quiet = 1;
	diag_report(&d, DIAG_NO_GAME, NULL);
	assert_string_equal(printed(&d, f, buf, sizeof(buf)), "");
	assert_int_equal(d.status, STATUS_MALFORMED);
	fclose(f);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_every_entry),
		cmocka_unit_test(test_full_where),
		cmocka_unit_test(test_partial_where),
		cmocka_unit_test(test_worst_status),
		cmocka_unit_test(test_quiet),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
