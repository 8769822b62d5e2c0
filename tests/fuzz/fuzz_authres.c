/*
 * fuzz_authres.c - the Authentication-Results reader (mail/authres.c)
 * on any bytes: read as one field value, whose results, written again
 * in a plain form, must read as the same results; then as a raw mail,
 * each of its Authentication-Results fields read, and whether its From
 * is verified for the authserv-id mx.example.test (a mail verified
 * names that id and a result).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "mail/authres.h"
#include "mail/message.h"
#include "common.h"

#define ID "mx.example.test"
#define TEXT_MAX (AUTHRES_RESULTS * (AUTHRES_PROPS * \
	(2 * AUTHRES_WORD + 2 * AUTHRES_VALUE + 8) + 2 * AUTHRES_WORD + 8) + \
	2 * AUTHRES_VALUE + 8)

/* The results of one field, as read. */
struct field {
	char id[AUTHRES_VALUE];
	struct authres_result res[AUTHRES_RESULTS + 1];  /* and the one
				     * that passes the bound */
	size_t n;
};

/* Reads the field value v into f: 0, or -1 when it does not read. */
static int
field_read(const char *v, struct field *f)
{
	struct authres_reader r;
	int rc;

	f->n = 0;
	if (authres_open(&r, v, f->id) == -1)
		return -1;
	while ((rc = authres_next(&r, &f->res[f->n])) == 1) {
		fuzz_assert(f->n < AUTHRES_RESULTS, "results are bounded");
		fuzz_assert(f->res[f->n].method[0] != '\0' &&
		    f->res[f->n].result[0] != '\0' &&
		    f->res[f->n].nprop <= AUTHRES_PROPS,
		    "a result has a method, a result, bounded properties");
		f->n++;
	}
	return rc;
}

/* Appends s to t (of TEXT_MAX bytes, *n used) as a quoted string. */
static void
put_quoted(char *t, size_t *n, const char *s)
{
	t[(*n)++] = '"';
	for (; *s != '\0'; s++) {
		if (*s == '"' || *s == '\\')
			t[(*n)++] = '\\';
		t[(*n)++] = *s;
	}
	t[(*n)++] = '"';
	t[*n] = '\0';
}

/* Writes f as a field value into t: "ID; m=r p.n="v" ...; ...". */
static void
field_write(const struct field *f, char *t)
{
	size_t i, k, n = 0;

	put_quoted(t, &n, f->id);
	for (i = 0; i < f->n; i++) {
		n += (size_t)snprintf(t + n, TEXT_MAX - n, "; %s=%s",
		    f->res[i].method, f->res[i].result);
		for (k = 0; k < f->res[i].nprop; k++) {
			n += (size_t)snprintf(t + n, TEXT_MAX - n, " %s.%s=",
			    f->res[i].prop[k].ptype, f->res[i].prop[k].name);
			put_quoted(t, &n, f->res[i].prop[k].value);
		}
	}
}

/* Whether a and b are the same result. */
static int
same_result(const struct authres_result *a, const struct authres_result *b)
{
	size_t k;

	if (strcmp(a->method, b->method) != 0 ||
	    strcmp(a->result, b->result) != 0 || a->nprop != b->nprop)
		return 0;
	for (k = 0; k < a->nprop; k++)
		if (strcmp(a->prop[k].ptype, b->prop[k].ptype) != 0 ||
		    strcmp(a->prop[k].name, b->prop[k].name) != 0 ||
		    strcmp(a->prop[k].value, b->prop[k].value) != 0)
			return 0;
	return 1;
}

/* Whether a and b are the same results. */
static int
same(const struct field *a, const struct field *b)
{
	size_t i;

	if (strcmp(a->id, b->id) != 0 || a->n != b->n)
		return 0;
	for (i = 0; i < a->n; i++)
		if (!same_result(&a->res[i], &b->res[i]))
			return 0;
	return 1;
}

/* Each Authentication-Results field of a mail read. */
static void
each_field(void *ctx, const char *name, const char *value)
{
	struct field *f = ctx;

	if (strcasecmp(name, "authentication-results") == 0)
		field_read(value, f);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct field f, again;
	static char text[TEXT_MAX];
	const char *why;
	char *s;

	if ((s = fuzz_string(data, size)) == NULL)
		return 0;
	if (strlen(s) == size && field_read(s, &f) == 0) {
		memset(&again, 0, sizeof(again));
		memset(text, 0, sizeof(text));
		field_write(&f, text);
		fuzz_assert(field_read(text, &again) == 0 && same(&f, &again),
		    "results written read as themselves");
	}
	mail_fields((const char *)data, size, each_field, &f, &why);
	if (authres_verified((const char *)data, size, ID))
		fuzz_assert(strstr(s, ID) != NULL && strstr(s, "=") != NULL,
		    "a mail verified names the authserv-id and a result");
	free(s);
	return 0;
}
