/*
 * lists.c - the referee's challenges and watchers files (referee.h):
 * a challenge waiting for its answer per line, "BOARD GAME USERID1
 * USERID2 EXPIRES [OPTION...]", and a subscription per line, "BOARD
 * ADDRESS [TOKEN EXPIRES]".  Pure: no files.
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "referee/job.h"

/* Reads one challenge line s into ch. */
static int
ref_challenge_line(const char *s, struct ref_challenge *ch)
{
	char num[32];
	unsigned long v;

	memset(ch, 0, sizeof(*ch));
	if (ref_word(&s, ch->board, sizeof(ch->board)) == -1 ||
	    ref_word(&s, ch->game, sizeof(ch->game)) == -1 ||
	    ref_word(&s, ch->from, sizeof(ch->from)) == -1 ||
	    ref_word(&s, ch->to, sizeof(ch->to)) == -1 ||
	    ref_word(&s, num, sizeof(num)) == -1 ||
	    util_parse_ulong(num, 1, ULONG_MAX, &v) == -1)
		return -1;
	ch->expires = (time_t)v;
	s += strspn(s, " \t");
	if (strlen(s) >= sizeof(ch->options))
		return -1;
	memcpy(ch->options, s, strlen(s) + 1);
	ch->options[strcspn(ch->options, "\r")] = '\0';
	return 0;
}

/* Adds the challenge of line s to the list ctx (REF_CHALLENGES_MAX at
 * most). */
static int
ref_challenge_of(void *ctx, const char *s, const char **why)
{
	struct ref_challenges *c = ctx;
	struct ref_challenge ch;

	if (ref_challenge_line(s, &ch) == -1)
		*why = "a line of the challenges file is not BOARD GAME "
		    "USERID1 USERID2 EXPIRES [OPTION...]";
	else if (c->n >= REF_CHALLENGES_MAX)
		*why = "too many challenges";
	else if (ref_challenge_add(c, &ch) == -1)
		*why = "out of memory";
	else
		return 0;
	return -1;
}

int
ref_challenges_parse(const char *text, struct ref_challenges *c,
    const char **why)
{
	return ref_lines(text, ref_challenge_of, c, why);
}

int
ref_challenge_add(struct ref_challenges *c, const struct ref_challenge *ch)
{
	if (ref_grow((void **)&c->v, &c->cap, c->n, sizeof(*c->v)) == -1)
		return -1;
	c->v[c->n++] = *ch;
	return 0;
}

const struct ref_challenge *
ref_challenge_find(const struct ref_challenges *c, const char *board)
{
	size_t i;

	for (i = 0; c != NULL && i < c->n; i++)
		if (strcmp(c->v[i].board, board) == 0)
			return &c->v[i];
	return NULL;
}

char *
ref_challenges_format(const struct ref_challenges *c, time_t now,
    size_t *len)
{
	const struct ref_challenge *ch;
	char *text = NULL;
	size_t i;
	FILE *f;

	f = ref_mem_open(&text, len);
	fputs("# stackref referee challenges: BOARD GAME USERID1 USERID2 "
	    "EXPIRES [OPTION...]\n", f);
	for (i = 0; i < c->n; i++) {
		ch = &c->v[i];
		if (now == 0 || ch->expires > now)
			fprintf(f, "%s %s %s %s %lld%s%s\n", ch->board,
			    ch->game, ch->from, ch->to,
			    (long long)ch->expires,
			    ch->options[0] != '\0' ? " " : "", ch->options);
	}
	ref_mem_close(f);
	return text;
}

void
ref_challenges_free(struct ref_challenges *c)
{
	free(c->v);
	memset(c, 0, sizeof(*c));
}

/* Reads "TOKEN EXPIRES" of a subscription, if any, from s into x. */
static int
ref_watch_token(const char *s, struct ref_watch *x)
{
	char exp[32], *end;
	long long t;

	if (s[strspn(s, " \t\r")] == '\0')
		return 0;
	if (ref_word(&s, x->token, sizeof(x->token)) == -1 ||
	    ref_word(&s, exp, sizeof(exp)) == -1 ||
	    s[strspn(s, " \t\r")] != '\0')
		return -1;
	t = strtoll(exp, &end, 10);
	x->expires = (time_t)t;
	return *end == '\0' && t >= 0 ? 0 : -1;
}

/* Adds the subscription of line s to the list ctx (REF_WATCH_MAX at
 * most). */
static int
ref_watch_of(void *ctx, const char *s, const char **why)
{
	struct ref_watchers *w = ctx;
	struct ref_watch x;

	memset(&x, 0, sizeof(x));
	if (ref_word(&s, x.board, sizeof(x.board)) == -1 ||
	    ref_word(&s, x.addr, sizeof(x.addr)) == -1 ||
	    ref_watch_token(s, &x) == -1)
		*why = "a line of the watchers file is not BOARD ADDRESS "
		    "[TOKEN EXPIRES]";
	else if (w->n >= REF_WATCH_MAX)
		*why = "too many watchers";
	else if (ref_watch_add(w, &x) == -1)
		*why = "out of memory";
	else
		return 0;
	return -1;
}

int
ref_watchers_parse(const char *text, struct ref_watchers *w,
    const char **why)
{
	return ref_lines(text, ref_watch_of, w, why);
}

int
ref_watch_add(struct ref_watchers *w, const struct ref_watch *x)
{
	if (ref_grow((void **)&w->v, &w->cap, w->n, sizeof(*w->v)) == -1)
		return -1;
	w->v[w->n++] = *x;
	return 0;
}

char *
ref_watchers_format(const struct ref_watchers *w, size_t *len)
{
	char *text = NULL;
	size_t i;
	FILE *f;

	f = ref_mem_open(&text, len);
	fputs("# stackref referee watchers: BOARD ADDRESS [TOKEN EXPIRES]\n",
	    f);
	for (i = 0; i < w->n; i++)
		if (w->v[i].token[0] == '\0')
			fprintf(f, "%s %s\n", w->v[i].board, w->v[i].addr);
		else
			fprintf(f, "%s %s %s %lld\n", w->v[i].board,
			    w->v[i].addr, w->v[i].token,
			    (long long)w->v[i].expires);
	ref_mem_close(f);
	return text;
}

void
ref_watchers_free(struct ref_watchers *w)
{
	free(w->v);
	memset(w, 0, sizeof(*w));
}
