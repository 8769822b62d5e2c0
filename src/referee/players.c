/*
 * players.c - out of memory in a decision (the one place that meets
 * it); the referee's players file (and the lines and words every file
 * of its state is made of), the reading of IMAP SEARCH answers, safe
 * board names.  Pure: no files, no network.  (Password hashes and
 * journal keys are hash.c's.)
 */
#include <ctype.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "base/util.h"
#include "referee/job.h"

void
ref_nomem(void)
{
	struct diag d;

	diag_init(&d, "stackref", stderr);
	diag_report(&d, DIAG_NOMEM, NULL);
	_exit(REF_EXIT_NOMEM);
}

void *
ref_alloc(void *p)
{
	if (p == NULL)
		ref_nomem();
	return p;
}

int
ref_need(int rc)
{
	if (rc < 0)
		ref_nomem();
	return rc;
}

FILE *
ref_mem_open(char **buf, size_t *len)
{
	return ref_alloc(open_memstream(buf, len));
}

void
ref_mem_close(FILE *f)
{
	if (fclose(f) == EOF)
		ref_nomem();
}

void
ref_players_free(struct ref_players *p)
{
	free(p->v);
	p->v = NULL;
	p->n = p->cap = 0;
}

int
ref_grow(void **v, size_t *cap, size_t n, size_t size)
{
	size_t ncap;
	void *nv;

	if (n < *cap)
		return 0;
	ncap = *cap == 0 ? 16 : *cap * 2;
	if ((nv = realloc(*v, ncap * size)) == NULL)
		return -1;
	*v = nv;
	*cap = ncap;
	return 0;
}

int
ref_player_add(struct ref_players *p, const struct ref_player *pl)
{
	if (ref_grow((void **)&p->v, &p->cap, p->n, sizeof(*p->v)) == -1)
		return -1;
	p->v[p->n++] = *pl;
	return 0;
}

const struct ref_player *
ref_player_find(const struct ref_players *p, const char *user)
{
	size_t i;

	for (i = 0; i < p->n; i++)
		if (strcmp(p->v[i].user, user) == 0)
			return &p->v[i];
	return NULL;
}

int
ref_word(const char **s, char *buf, size_t size)
{
	size_t n;

	*s += strspn(*s, " \t");
	n = strcspn(*s, " \t");
	if (n == 0 || n >= size)
		return -1;
	memcpy(buf, *s, n);
	buf[n] = '\0';
	*s += n;
	return 0;
}

/* Reads one line "USERID ADDRESS HASH [TOKEN EXPIRES]"
 * (NUL-terminated) into pl. */
static int
ref_player_line(const char *s, struct ref_player *pl)
{
	char num[32];
	unsigned long v;

	memset(pl, 0, sizeof(*pl));
	if (ref_word(&s, pl->user, sizeof(pl->user)) == -1 ||
	    ref_word(&s, pl->addr, sizeof(pl->addr)) == -1 ||
	    ref_word(&s, pl->hash, sizeof(pl->hash)) == -1)
		return -1;
	s += strspn(s, " \t\r");
	if (*s == '\0')
		return 0;
	if (ref_word(&s, pl->token, sizeof(pl->token)) == -1 ||
	    ref_word(&s, num, sizeof(num)) == -1 ||
	    util_parse_ulong(num, 1, ULONG_MAX, &v) == -1)
		return -1;
	pl->expires = (time_t)v;
	s += strspn(s, " \t\r");
	return *s == '\0' ? 0 : -1;
}

int
ref_lines(const char *text, int (*line)(void *ctx, const char *s,
    const char **why), void *ctx, const char **why)
{
	char buf[1024];
	size_t n;

	while (*text != '\0') {
		n = strcspn(text, "\n");
		if (n >= sizeof(buf)) {
			*why = "a line of a state file is too long";
			return -1;
		}
		memcpy(buf, text, n);
		buf[n] = '\0';
		text += n + (text[n] == '\n');
		if (buf[strspn(buf, " \t\r")] == '\0' || buf[0] == '#')
			continue;
		if (line(ctx, buf, why) == -1)
			return -1;
	}
	return 0;
}

/* Adds the player of line s to the list ctx (REF_PLAYERS_MAX at
 * most). */
static int
ref_player_of(void *ctx, const char *s, const char **why)
{
	struct ref_players *p = ctx;
	struct ref_player pl;

	if (ref_player_line(s, &pl) == -1)
		*why = "a line of the players file is not USERID ADDRESS HASH";
	else if (p->n >= REF_PLAYERS_MAX)
		*why = "too many players";
	else if (ref_player_add(p, &pl) == -1)
		*why = "out of memory";
	else
		return 0;
	return -1;
}

int
ref_players_parse(const char *text, struct ref_players *p,
    const char **why)
{
	return ref_lines(text, ref_player_of, p, why);
}

char *
ref_players_format(const struct ref_players *p, size_t *len)
{
	size_t i, size = 128, off;
	char *buf;
	int n;

	for (i = 0; i < p->n; i++)
		size += strlen(p->v[i].user) + strlen(p->v[i].addr) +
		    strlen(p->v[i].hash) + strlen(p->v[i].token) + 32;
	buf = ref_alloc(malloc(size));
	off = (size_t)snprintf(buf, size, "# stackref referee players: "
	    "USERID ADDRESS HASH [TOKEN EXPIRES]\n");
	for (i = 0; i < p->n; i++) {
		n = snprintf(buf + off, size - off, "%s %s %s",
		    p->v[i].user, p->v[i].addr, p->v[i].hash);
		off += (size_t)n;
		if (p->v[i].token[0] != '\0')
			off += (size_t)snprintf(buf + off, size - off,
			    " %s %lld", p->v[i].token,
			    (long long)p->v[i].expires);
		buf[off++] = '\n';
	}
	buf[off] = '\0';
	*len = off;
	return buf;
}

long
ref_search_uids(const char *answer, unsigned long *uids, size_t max)
{
	const char *p = strstr(answer, "* SEARCH");
	unsigned long v;
	char *end;
	size_t n = 0;

	if (p == NULL)
		return -1;
	p += 8;
	while (*p == ' ' && n < max) {
		p++;
		if (!isdigit((unsigned char)*p))
			break;
		v = strtoul(p, &end, 10);
		uids[n++] = v;
		p = end;
	}
	return (long)n;
}

int
ref_board_ok(const char *s)
{
	size_t n = strspn(s, "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
	    "abcdefghijklmnopqrstuvwxyz0123456789_-");

	return n > 0 && n <= 32 && s[n] == '\0';
}

int
ref_word_plain(const struct ref_players *players, const char *w)
{
	size_t n = strspn(w, "0123456789");

	if (pbem_keyword(w))
		return 1;
	if ((n > 0 || w[0] == '#') && (w[n] == '\0' || (w[n] == '#' &&
	    w[n + 1] != '\0' && strspn(w + n + 1, "0123456789") ==
	    strlen(w + n + 1))))
		return 1;
	return rules_find(w) != NULL || (ref_board_ok(w) &&
	    ref_player_find(players, w) != NULL);
}
