/* select.c - selecting the games of an archive by number and by tags. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "notation/notation.h"
#include "notation/select.h"
#include "base/util.h"

void
select_init(struct select *s)
{
	memset(s, 0, sizeof(*s));
}

void
select_free(struct select *s)
{
	size_t i;

	for (i = 0; i < s->ntags; i++) {
		if (s->tags[i].op == SELECT_MATCH ||
		    s->tags[i].op == SELECT_NOMATCH)
			regfree(&s->tags[i].re);
		free(s->tags[i].name);
		free(s->tags[i].value);
	}
	free(s->tags);
	free(s->ranges);
	select_init(s);
}

/* Reads a game number at *p (advanced past it) into *n. */
static int
select_number_at(const char **p, unsigned long *n)
{
	char buf[24];
	size_t len = strspn(*p, "0123456789");

	if (len == 0 || len >= sizeof(buf))
		return -1;
	memcpy(buf, *p, len);
	buf[len] = '\0';
	*p += len;
	return util_parse_ulong(buf, 1, SELECT_END - 1, n);
}

static int
select_push_range(struct select *s, unsigned long first, unsigned long last)
{
	struct select_range *r;

	if ((r = realloc(s->ranges, (s->nranges + 1) * sizeof(*r))) == NULL)
		return -1;
	s->ranges = r;
	r[s->nranges].first = first;
	r[s->nranges++].last = last;
	return 0;
}

enum select_fault
select_add_games(struct select *s, const char *text)
{
	const char *p = text;
	unsigned long first, last;

	for (;;) {
		if (select_number_at(&p, &first) == -1)
			break;
		last = first;
		if (*p == '-' && !isdigit((unsigned char)*++p))
			last = SELECT_END;
		else if (p[-1] == '-' && select_number_at(&p, &last) == -1)
			break;
		if (last < first)
			break;
		if (select_push_range(s, first, last) == -1)
			return SELECT_NOMEM;
		if (*p == '\0')
			return SELECT_FINE;
		if (*p++ != ',')
			break;
	}
	return SELECT_BAD_GAMES;
}

/* The operator at the start of p; its length goes to *len. */
static int
select_op_at(const char *p, size_t *len)
{
	static const struct {
		const char *text;
		enum select_op op;
	} ops[] = {
		{ "!=", SELECT_NE }, { "!~", SELECT_NOMATCH },
		{ "<=", SELECT_LE }, { ">=", SELECT_GE }, { "=", SELECT_EQ },
		{ "~", SELECT_MATCH }, { "<", SELECT_LT }, { ">", SELECT_GT }
	};
	size_t i;

	for (i = 0; i < sizeof(ops) / sizeof(ops[0]); i++)
		if (strncmp(p, ops[i].text, strlen(ops[i].text)) == 0) {
			*len = strlen(ops[i].text);
			return (int)ops[i].op;
		}
	return -1;
}

/* Fills t from NAME OP VALUE. */
static enum select_fault
select_tag_parse(struct select_tag *t, const char *text, char *why,
    size_t size)
{
	size_t n = 0, oplen = 0;
	int op, rc;

	while (isalnum((unsigned char)text[n]) || text[n] == '_')
		n++;
	if (n == 0 || (op = select_op_at(text + n, &oplen)) == -1)
		return SELECT_BAD_CRITERION;
	t->op = (enum select_op)op;
	if ((t->name = strndup(text, n)) == NULL ||
	    (t->value = strdup(text + n + oplen)) == NULL)
		return SELECT_NOMEM;
	if (t->op != SELECT_MATCH && t->op != SELECT_NOMATCH)
		return SELECT_FINE;
	if ((rc = regcomp(&t->re, t->value, REG_EXTENDED | REG_ICASE |
	    REG_NOSUB)) == 0)
		return SELECT_FINE;
	regerror(rc, &t->re, why, size);
	t->op = SELECT_EQ;	/* nothing compiled to free */
	return SELECT_BAD_REGEX;
}

enum select_fault
select_add_tag(struct select *s, const char *text, char *why, size_t size)
{
	struct select_tag *t;

	if ((t = realloc(s->tags, (s->ntags + 1) * sizeof(*t))) == NULL)
		return SELECT_NOMEM;
	s->tags = t;
	t = &s->tags[s->ntags++];
	memset(t, 0, sizeof(*t));
	return select_tag_parse(t, text, why, size);
}

int
select_active(const struct select *s)
{
	return s->nranges > 0 || s->ntags > 0;
}

int
select_number(const struct select *s, unsigned long index)
{
	size_t i;

	if (s->nranges == 0)
		return 1;
	for (i = 0; i < s->nranges; i++)
		if (index >= s->ranges[i].first && index <= s->ranges[i].last)
			return 1;
	return 0;
}

int
select_past(const struct select *s, unsigned long index)
{
	size_t i;

	if (s->nranges == 0)
		return 0;
	for (i = 0; i < s->nranges; i++)
		if (s->ranges[i].last > index)
			return 0;
	return 1;
}

unsigned long
select_beyond(const struct select *s, unsigned long count)
{
	unsigned long worst = 0;
	size_t i;

	for (i = 0; i < s->nranges; i++)
		if (s->ranges[i].first > count && s->ranges[i].first > worst)
			worst = s->ranges[i].first;
	return worst;
}

unsigned long
select_single(const struct select *s)
{
	if (s->ntags > 0 || s->nranges != 1 ||
	    s->ranges[0].first != s->ranges[0].last)
		return 0;
	return s->ranges[0].first;
}

/* The value a criterion on name looks at in g, or NULL. */
static const char *
select_value(const struct record *g, const char *name)
{
	const struct rules *r;
	const char *v = record_tag(g, name);

	if (v == NULL && strcmp(name, "Result") == 0)
		v = g->result;
	if (v == NULL && strcmp(name, "Game") == 0 &&
	    (r = notation_game(g, NULL)) != NULL)
		v = r->name;
	return v;
}

/* Whether s is digits only (a number). */
static int
select_is_number(const char *s)
{
	return *s != '\0' && strspn(s, "0123456789") == strlen(s);
}

/*
 * Compares a tag value v with a criterion's value c: date-like fields
 * (split at dots) one by one on c's fields, numbers as numbers, text as
 * bytes.  Returns <0, 0, >0, or 2 when v cannot be compared (a field
 * of v that is not a number where c has one: ??).
 */
static int
select_compare(const char *v, const char *c)
{
	unsigned long a, b;
	size_t nv, nc;

	if (strchr(c, '.') == NULL && strchr(v, '.') == NULL &&
	    !(select_is_number(v) && select_is_number(c)))
		return strcmp(v, c) < 0 ? -1 : strcmp(v, c) > 0;
	for (;;) {
		nv = strcspn(v, ".");
		nc = strcspn(c, ".");
		if (nc == 0)
			return 0;
		if (nv == 0 || nv > 18 || nc > 18 ||
		    strspn(v, "0123456789") != nv ||
		    strspn(c, "0123456789") != nc)
			return 2;
		a = strtoul(v, NULL, 10);
		b = strtoul(c, NULL, 10);
		if (a != b)
			return a < b ? -1 : 1;
		v += nv + (v[nv] == '.');
		c += nc + (c[nc] == '.');
	}
}

/* Whether v (a Result) equals c, read canonically when both are
 * results. */
static int
select_equal(const char *name, const char *v, const char *c)
{
	const char *cv, *cc;

	if (strcmp(name, "Result") == 0 &&
	    notation_result_normal(v, &cv) == 0 &&
	    notation_result_normal(c, &cc) == 0)
		return strcmp(cv, cc) == 0;
	return strcmp(v, c) == 0;
}

static int
select_meets(const struct select_tag *t, const struct record *g)
{
	const char *v = select_value(g, t->name);
	int cmp;

	if (v == NULL)
		return t->op == SELECT_NE || t->op == SELECT_NOMATCH;
	switch (t->op) {
	case SELECT_EQ:
		return select_equal(t->name, v, t->value);
	case SELECT_NE:
		return !select_equal(t->name, v, t->value);
	case SELECT_MATCH:
		return regexec(&t->re, v, 0, NULL, 0) == 0;
	case SELECT_NOMATCH:
		return regexec(&t->re, v, 0, NULL, 0) != 0;
	default:
		break;
	}
	if ((cmp = select_compare(v, t->value)) == 2)
		return 0;
	return t->op == SELECT_LT ? cmp < 0 : t->op == SELECT_LE ? cmp <= 0 :
	    t->op == SELECT_GT ? cmp > 0 : cmp >= 0;
}

int
select_game(const struct select *s, unsigned long index,
    const struct record *g)
{
	size_t i;

	if (!select_number(s, index))
		return 0;
	for (i = 0; i < s->ntags; i++)
		if (!select_meets(&s->tags[i], g))
			return 0;
	return 1;
}

int
select_read_as(const struct select_as *as, struct record *g)
{
	if (as->tag == NULL || record_tag(g, "Game") != NULL ||
	    record_tag(g, "GameType") != NULL)
		return 0;
	return record_tag_add(g, as->tag, as->value, NULL);
}
