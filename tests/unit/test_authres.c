/* test_authres.c - Authentication-Results (mail/authres.c, RFC 8601). */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "mail/authres.h"

#define ID "mx.example.test"

/* The results of field value v, whose id must be id: their number, the
 * last one in *last. */
static int
results(const char *v, const char *id, struct authres_result *last)
{
	struct authres_reader r;
	struct authres_result res;
	char got[AUTHRES_VALUE];
	int n = 0, rc;

	assert_int_equal(authres_open(&r, v, got), 0);
	assert_string_equal(got, id);
	while ((rc = authres_next(&r, &res)) == 1) {
		n++;
		*last = res;
	}
	assert_int_equal(rc, 0);
	return n;
}

/* Whether field value v reads whole (0) or not (-1). */
static int
reads(const char *v)
{
	struct authres_reader r;
	struct authres_result res;
	char id[AUTHRES_VALUE];
	int rc;

	if (authres_open(&r, v, id) == -1)
		return -1;
	while ((rc = authres_next(&r, &res)) == 1)
		continue;
	return rc;
}

static void
test_grammar(void **state)
{
	struct authres_result res;

	(void)state;
	/* RFC 8601 appendix B.4, with a version and comments */
	assert_int_equal(results("example.com 1; (a (nested) comment) "
	    "spf=pass smtp.mailfrom=example.net (\\) quoted)", "example.com",
	    &res), 1);
	assert_string_equal(res.method, "spf");
	assert_string_equal(res.result, "pass");
	assert_int_equal(res.nprop, 1);
	assert_string_equal(res.prop[0].ptype, "smtp");
	assert_string_equal(res.prop[0].name, "mailfrom");
	assert_string_equal(res.prop[0].value, "example.net");
	/* several results, a reason, a method version, case, quotes */
	assert_int_equal(results("\"" ID "\";\r\n\tauth=pass (cram-md5) "
	    "smtp.auth=sender@example.net; DKIM/1 = Pass reason=\"good; "
	    "sig\" Header . D = \"example.org\" header.i=@mail.example.org; "
	    "sender-id=fail header.from=example.com", ID, &res), 3);
	assert_string_equal(res.method, "sender-id");
	assert_int_equal(results("mx 01; dkim=pass header.d=a.b;", "mx",
	    &res), 1);
	/* "none", and no result at all */
	assert_int_equal(results("example.org 1; none", "example.org", &res),
	    0);
	assert_int_equal(results(ID, ID, &res), 0);
	/* a quoted local-part */
	assert_int_equal(results(ID "; spf=pass smtp.mailfrom=\"a b\"@x.org",
	    ID, &res), 1);
	assert_string_equal(res.prop[0].value, "a b@x.org");
}

static void
test_refused(void **state)
{
	static const char *const bad[] = {
		"", "(only a comment)", "; dkim=pass", ID " 2; dkim=pass",
		ID " 1 1; none", ID " 10; none", ID " x; none",
		ID "; dkim=pass (open comment", ID "; dkim=pass ((one))) x",
		ID "; dkim", ID "; dkim=", ID "; =pass", ID "; dkim=pass d",
		ID "; dkim=pass header.", ID "; dkim=pass header.d",
		ID "; dkim=pass header.d=", ID "; dkim=pass header.d=\"open",
		ID "; dkim=pass reason=", ID "; dkim/=pass", ID "; dkim==pass",
		ID "; none; dkim=pass", "\"open; none", ID "; d\x01m=pass",
	};
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		if (reads(bad[i]) != -1)
			fail_msg("read: \"%s\"", bad[i]);
	assert_int_equal(authres_id_ok(ID), 1);
	assert_int_equal(authres_id_ok(""), 0);
	assert_int_equal(authres_id_ok("a b"), 0);
	assert_int_equal(authres_id_ok("a;b"), 0);
	assert_int_equal(authres_id_ok("\"a\""), 0);
}

/* Bounds: words, values, properties, results; deep comments cost no
 * stack. */
static void
test_bounds(void **state)
{
	static char v[200000];
	size_t i, n;

	(void)state;
	n = (size_t)snprintf(v, sizeof(v), ID "; dkim=pass (");
	for (i = 0; i < 50000; i++)
		v[n++] = '(';
	for (i = 0; i < 50001; i++)
		v[n++] = ')';
	v[n] = '\0';
	assert_int_equal(reads(v), 0);
	v[n - 1] = '\0';
	assert_int_equal(reads(v), -1);
	n = (size_t)snprintf(v, sizeof(v), ID "; dkim=pass header.d=");
	memset(v + n, 'a', AUTHRES_VALUE - 1);
	v[n + AUTHRES_VALUE - 1] = '\0';
	assert_int_equal(reads(v), 0);
	strcat(v, "a");
	assert_int_equal(reads(v), -1);
	n = (size_t)snprintf(v, sizeof(v), ID "; dkim=pass");
	for (i = 0; i < AUTHRES_PROPS; i++)
		n += (size_t)snprintf(v + n, sizeof(v) - n, " a.b=c");
	assert_int_equal(reads(v), 0);
	strcat(v, " a.b=c");
	assert_int_equal(reads(v), -1);
	n = (size_t)snprintf(v, sizeof(v), ID);
	for (i = 0; i < AUTHRES_RESULTS; i++)
		n += (size_t)snprintf(v + n, sizeof(v) - n, "; x=pass");
	assert_int_equal(reads(v), 0);
	strcat(v, "; x=pass");
	assert_int_equal(reads(v), -1);
}

/* A mail from From with the header fields extra. */
static int
verified(const char *from, const char *extra)
{
	char raw[4096];

	snprintf(raw, sizeof(raw), "%s%s\r\nSubject: checkers show 1\r\n"
	    "%s\r\n\r\nbody\r\n", from[0] != '\0' ? "From: " : "", from, extra);
	return authres_verified(raw, strlen(raw), ID);
}

#define AR "Authentication-Results: " ID ";"

static void
test_verified(void **state)
{
	(void)state;
	assert_int_equal(verified("Ann <ann@example.org>",
	    AR " dkim=pass header.d=example.org header.s=s1"), 1);
	assert_int_equal(verified("ann@mail.example.org",
	    AR "\r\n\tdkim=pass header.d=EXAMPLE.org"), 1);
	assert_int_equal(verified("ann@example.org",
	    AR " dkim=pass header.i=@example.org"), 1);
	assert_int_equal(verified("ann@example.org",
	    AR " dmarc=pass header.from=example.org"), 1);
	assert_int_equal(verified("ann@example.org",
	    AR " spf=pass smtp.mailfrom=bounce@example.org"), 1);
	assert_int_equal(verified("ann@example.org", AR " spf=fail "
	    "smtp.mailfrom=example.org; dkim=pass header.d=example.org"), 1);
	/* not aligned, not a pass, not the right property */
	assert_int_equal(verified("ann@example.org",
	    AR " dkim=pass header.d=other.org"), 0);
	assert_int_equal(verified("ann@example.org",
	    AR " dkim=pass header.d=mail.example.org"), 0);
	assert_int_equal(verified("ann@example.org",
	    AR " dkim=pass header.d=org"), 0);
	assert_int_equal(verified("ann@badexample.org",
	    AR " dkim=pass header.d=example.org"), 0);
	assert_int_equal(verified("ann@example.org",
	    AR " dmarc=pass header.from=a.example.org"), 0);
	assert_int_equal(verified("ann@example.org",
	    AR " dkim=fail header.d=example.org"), 0);
	assert_int_equal(verified("ann@example.org",
	    AR " dkim=neutral header.d=example.org"), 0);
	assert_int_equal(verified("ann@example.org",
	    AR " dkim=pass header.s=example.org"), 0);
	assert_int_equal(verified("ann@example.org",
	    AR " spf=pass smtp.helo=example.org"), 0);
	assert_int_equal(verified("ann@example.org",
	    AR " iprev=pass policy.iprev=example.org"), 0);
	assert_int_equal(verified("ann@example.org", AR " none"), 0);
}

static void
test_not_verified(void **state)
{
	const char *ok = "From: a@b.c\n" AR " dkim=pass header.d=b.c\n\n";

	(void)state;
	/* another id, or a near one */
	assert_int_equal(verified("ann@example.org",
	    "Authentication-Results: evil.test; dkim=pass "
	    "header.d=example.org"), 0);
	assert_int_equal(verified("ann@example.org",
	    "Authentication-Results: MX.example.test; dkim=pass "
	    "header.d=example.org"), 0);
	/* two fields of the id: one was not the operator's */
	assert_int_equal(verified("ann@example.org",
	    AR " dkim=pass header.d=example.org\r\n" AR " none"), 0);
	/* a field of the id that does not read whole */
	assert_int_equal(verified("ann@example.org",
	    AR " dkim=pass header.d=example.org; spf=pass (x"), 0);
	/* no From, two From fields, two addresses, none that reads */
	assert_int_equal(verified("", AR " dkim=pass header.d=example.org"),
	    0);
	assert_int_equal(verified("ann@example.org", "From: bob@example.org"
	    "\r\n" AR " dkim=pass header.d=example.org"), 0);
	assert_int_equal(verified("ann@example.org, bob@example.org",
	    AR " dkim=pass header.d=example.org"), 0);
	assert_int_equal(verified("<ann@example.org>, <bob@example.org>",
	    AR " dkim=pass header.d=example.org"), 0);
	assert_int_equal(verified("\"x\" <ann@example.org>, <b@x.org>",
	    AR " dkim=pass header.d=example.org"), 0);
	assert_int_equal(verified("ann@example.org (Ann, b@x.org)",
	    AR " dkim=pass header.d=example.org"), 1);
	assert_int_equal(verified("\"a, <b@x.org>\" <ann@example.org>",
	    AR " dkim=pass header.d=example.org"), 1);
	assert_int_equal(verified("group: ann@example.org;",
	    AR " dkim=pass header.d=example.org"), 0);
	assert_int_equal(verified("not an address",
	    AR " dkim=pass header.d=example.org"), 0);
	/* the field in the body is no field */
	assert_int_equal(verified("ann@example.org", "\r\n" AR
	    " dkim=pass header.d=example.org"), 0);
	assert_int_equal(authres_verified("x", 1, ID), 0);
	assert_int_equal(authres_verified(ok, strlen(ok), ID), 1);
	assert_int_equal(authres_verified(ok, strlen(ok), ""), 0);
	assert_int_equal(authres_verified(ok, strlen(ok), NULL), 0);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_grammar),
		cmocka_unit_test(test_refused),
		cmocka_unit_test(test_bounds),
		cmocka_unit_test(test_verified),
		cmocka_unit_test(test_not_verified),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
