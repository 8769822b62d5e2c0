/*
 * players.c - the referee's players file, the reading of IMAP SEARCH
 * answers, safe board names.  Pure: no files, no network.  (Password
 * hashes and journal keys are hash.c's.)
 */
#include <ctype.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "base/util.h"
#include "referee/referee.h"

void
ref_players_free(struct ref_players *p)
{
	free(p->v);
	p->v = NULL;
	p->n = p->cap = 0;
}

int
ref_player_add(struct ref_players *p, const struct ref_player *pl)
{
	struct ref_player *v;
	size_t cap;

	if (p->n >= REF_PLAYERS_MAX)
		return -1;
	if (p->n == p->cap) {
		cap = p->cap == 0 ? 16 : p->cap * 2;
		if ((v = realloc(p->v, cap * sizeof(*v))) == NULL)
			return -1;
		p->v = v;
		p->cap = cap;
	}
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

/* Copies the next blank-separated word of *s into buf; -1 if none or
 * too long. */
static int
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
ref_players_parse(const char *text, struct ref_players *p,
    const char **why)
{
	struct ref_player pl;
	char line[1024];
	size_t n;

	while (*text != '\0') {
		n = strcspn(text, "\n");
		if (n >= sizeof(line)) {
			*why = "a line of the players file is too long";
			return -1;
		}
		memcpy(line, text, n);
		line[n] = '\0';
		text += n + (text[n] == '\n');
		if (line[strspn(line, " \t\r")] == '\0' || line[0] == '#')
			continue;
		if (ref_player_line(line, &pl) == -1) {
			*why = "a line of the players file is not "
			    "USERID ADDRESS HASH";
			return -1;
		}
		if (ref_player_add(p, &pl) == -1) {
			*why = "too many players or out of memory";
			return -1;
		}
	}
	return 0;
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
	if ((buf = malloc(size)) == NULL)
		return NULL;
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
