/*
 * legal.c - the legal moves of a board as a reader can use them: all of
 * them when they are few, else those of the square a refused move names,
 * else a count by square (an Accasta position has 192 moves: a list of
 * them is 2,000 bytes no one reads); and a legal move to show in an
 * example subject.  The moves are generated once per call, at most
 * REF_LEGAL_SCAN of them (a stack game may have millions).
 */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "base/util.h"
#include "referee/job.h"

#define REF_LEGAL_FEW   200     /* bytes of a list shown whole */
#define REF_LEGAL_SCAN  100000  /* moves looked at, at most */
#define REF_LEGAL_SQUARES 128   /* squares counted, at most */

/* The moves of one square. */
struct ref_square {
	char name[16];
	unsigned long n;
};

/* What one pass over the legal moves gathers. */
struct ref_legal {
	const struct replay *rp;
	char named[16];           /* the square asked for, or "" */
	char *all;                /* every move, cut when full */
	size_t all_size;
	char *of;                 /* the moves of named */
	size_t of_size;
	struct ref_square sq[REF_LEGAL_SQUARES];
	size_t nsq;
	unsigned long total;
	int cut;                  /* REF_LEGAL_SCAN reached */
	int full;                 /* all is cut */
};

/* The square a move's text begins with (its leading letters and
 * digits), into name. */
static void
ref_legal_square(const char *text, char name[16])
{
	size_t n = 0;

	text += strspn(text, " \t");
	while (n < 15 && isalnum((unsigned char)text[n]))
		n++;
	memcpy(name, text, n);
	name[n] = '\0';
}

/* Counts the move of square name. */
static void
ref_legal_count(struct ref_legal *l, const char *name)
{
	size_t i;

	for (i = 0; i < l->nsq; i++)
		if (strcmp(l->sq[i].name, name) == 0)
			break;
	if (i == l->nsq && l->nsq == REF_LEGAL_SQUARES)
		return;
	if (i == l->nsq)
		snprintf(l->sq[l->nsq++].name, sizeof(l->sq[0].name), "%s",
		    name);
	l->sq[i].n++;
}

/* One legal move: listed, and counted by its square. */
static int
ref_legal_one(void *ctx, const struct move *m)
{
	struct ref_legal *l = ctx;
	char text[256], name[16];

	if (rules_move_text(l->rp->r, &l->rp->pos, m, l->rp->style, text,
	    sizeof(text)) == -1)
		snprintf(text, sizeof(text), "?");
	ref_legal_square(text, name);
	if (util_append(l->all, l->all_size, ", ", text) == -1)
		l->full = 1;
	if (l->named[0] != '\0' && strcmp(name, l->named) == 0)
		util_append(l->of, l->of_size, ", ", text);
	ref_legal_count(l, name);
	l->cut = ++l->total >= REF_LEGAL_SCAN;
	return l->cut;
}

/* Gathers the legal moves of rp into l, named the square of the text
 * named (NULL: none). */
static void
ref_legal_scan(struct ref_legal *l, const struct replay *rp,
    const char *named, char *all, size_t all_size, char *of, size_t of_size)
{
	memset(l, 0, sizeof(*l));
	ref_legal_square(named != NULL ? named : "", l->named);
	l->rp = rp;
	l->all = all;
	l->all_size = all_size;
	l->of = of;
	l->of_size = of_size;
	all[0] = of[0] = '\0';
	rp->r->generate(&rp->pos, ref_legal_one, l);
}

/* The count by square of l into buf. */
static void
ref_legal_summary(const struct ref_legal *l, char *buf, size_t size)
{
	char item[64];
	size_t i;

	snprintf(buf, size, "%s%lu; from each square:", l->cut ?
	    "more than " : "", l->total);
	for (i = 0; i < l->nsq; i++) {
		snprintf(item, sizeof(item), "%s: %lu", l->sq[i].name,
		    l->sq[i].n);
		util_append(buf, size, i > 0 ? ", " : " ", item);
	}
}

enum ref_legal_kind
ref_legal_text(const struct replay *rp, const char *named, char *buf,
    size_t size)
{
	struct ref_legal l;
	char all[REF_LEGAL_FEW + 1], of[4096];

	ref_legal_scan(&l, rp, named, all, sizeof(all), of, sizeof(of));
	if (l.total == 0)
		snprintf(buf, size, "none");
	else if (!l.full && !l.cut)
		snprintf(buf, size, "%s", all);
	else if (of[0] != '\0') {
		snprintf(buf, size, "%s", of);
		return REF_LEGAL_OF;
	} else {
		ref_legal_summary(&l, buf, size);
		return REF_LEGAL_COUNTED;
	}
	return REF_LEGAL_ALL;
}

int
ref_legal_example(const struct replay *rp, const char *named, char *buf,
    size_t size)
{
	struct ref_legal l;
	char all[300], of[300];
	const char *s, *end;

	ref_legal_scan(&l, rp, named, all, sizeof(all), of, sizeof(of));
	s = of[0] != '\0' ? of : all;
	end = strstr(s, ", ");
	snprintf(buf, size, "%.*s", end != NULL ? (int)(end - s) :
	    (int)strlen(s), s);
	return l.total > 0 ? 0 : -1;
}

int
ref_legal_is(const struct replay *rp, const char *text)
{
	struct move pattern;
	size_t err;

	return rules_move_parse(rp->r, text, strlen(text), &pattern,
	    &err) == 0 && rules_resolve(rp->r, &rp->pos, &pattern, NULL) == 1;
}
