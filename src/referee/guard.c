/*
 * guard.c - what keeps strangers from using the referee: mails that
 * must not be answered (loops, automatic mails), the counts of wrong
 * passwords and of answers (struct ref_count), the check of a password
 * with its throttling and the locking of a userid guessed at.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "base/util.h"
#include "mail/authres.h"
#include "referee/job.h"

int
ref_count_parse(const char *text, struct ref_count *c)
{
	long long since, until;
	unsigned long fails, mails;
	char end;

	memset(c, 0, sizeof(*c));
	if (sscanf(text, "%lld %lu %lu %lld%c", &since, &fails, &mails,
	    &until, &end) != 5 || end != '\n' || since < 0 || until < 0)
		return -1;
	c->since = (time_t)since;
	c->fails = fails;
	c->mails = mails;
	c->until = (time_t)until;
	return 0;
}

void
ref_count_format(const struct ref_count *c, char *buf, size_t size)
{
	snprintf(buf, size, "%lld %lu %lu %lld\n", (long long)c->since,
	    c->fails, c->mails, (long long)c->until);
}

/* The first word of a header value, lower case, into buf. */
static const char *
ref_token(const char *v, char *buf, size_t size)
{
	size_t i = 0;

	while (*v == ' ' || *v == '\t')
		v++;
	for (; *v != '\0' && *v != ';' && *v != ' ' && *v != '\t' &&
	    i + 1 < size; v++)
		buf[i++] = (char)(*v >= 'A' && *v <= 'Z' ? *v - 'A' + 'a' : *v);
	buf[i] = '\0';
	return buf;
}

/* Why the mail comes from a machine that must not be answered, or
 * NULL: an Auto-Submitted other than "no" (RFC 3834), a bulk, junk or
 * list Precedence. */
static const char *
ref_automatic(const struct mail_in *m)
{
	char t[32];

	if (m->auto_submitted != NULL && strcmp(ref_token(m->auto_submitted,
	    t, sizeof(t)), "no") != 0)
		return "it is automatic (Auto-Submitted)";
	if (m->precedence != NULL) {
		ref_token(m->precedence, t, sizeof(t));
		if (strcmp(t, "bulk") == 0 || strcmp(t, "junk") == 0 ||
		    strcmp(t, "list") == 0)
			return "it is bulk mail (Precedence)";
	}
	return NULL;
}

int
ref_ignored(struct ref_job *j)
{
	const char *f = j->m->from, *why = NULL;
	char q[300];

	if (f == NULL)
		why = "it has no sender";
	else if (strcasecmp(f, j->c->referee) == 0)
		why = "it comes from the referee itself";
	else if (strncasecmp(f, "mailer-daemon@", 14) == 0 ||
	    strncasecmp(f, "postmaster@", 11) == 0)
		why = "it comes from a mailer daemon";
	else
		why = ref_automatic(j->m);
	if (why == NULL)
		return 0;
	snprintf(j->o->summary, sizeof(j->o->summary), "ignored a mail from "
	    "%s: %s", util_quote(f, q, sizeof(q)), why);
	return 1;
}

/* The count c restarted when its window is over at now. */
static void
ref_count_at(struct ref_count *c, time_t now, time_t window)
{
	if (c->since == 0 || now < c->since || now - c->since >= window) {
		c->since = now;
		c->fails = c->mails = 0;
	}
}

void
ref_wanted_counts(const struct ref_letter *l, char user[PBEM_WORD],
    char addr[MAIL_ADDR_MAX])
{
	enum pbem_verb v = l->cmd.verb;
	size_t i;

	user[0] = addr[0] = '\0';
	if (l->bad == NULL && l->cmd_why == NULL &&
	    (pbem_verb_has(v) & PBEM_HAS_LOGIN) && ref_board_ok(l->cmd.user))
		memcpy(user, l->cmd.user, PBEM_WORD);
	if (l->m.from == NULL || strlen(l->m.from) >= MAIL_ADDR_MAX)
		return;
	for (i = 0; l->m.from[i] != '\0'; i++)
		addr[i] = (char)tolower((unsigned char)l->m.from[i]);
	addr[i] = '\0';
}

void
ref_guard_open(struct ref_job *j)
{
	j->user = j->c->user;
	j->sender = j->c->sender;
	ref_count_at(&j->user, j->c->now, REF_USER_WINDOW);
	ref_count_at(&j->sender, j->c->now, REF_ADDR_WINDOW);
}

void
ref_guard_close(struct ref_job *j)
{
	char user[PBEM_WORD], addr[MAIL_ADDR_MAX];

	ref_wanted_counts(j->l, user, addr);
	if (j->user_set && user[0] != '\0') {
		j->o->user = j->user;
		memcpy(j->o->count_user, user, sizeof(user));
	}
	if (j->sender_set && addr[0] != '\0') {
		j->o->sender = j->sender;
		memcpy(j->o->count_addr, addr, sizeof(addr));
	}
}

/* The text of the mail telling player pl that the userid is locked. */
static char *
ref_lock_text(const struct ref_job *j, const struct ref_player *pl)
{
	char when[64], q[300];
	time_t until = j->user.until;
	struct tm tm;

	if (gmtime_r(&until, &tm) == NULL ||
	    strftime(when, sizeof(when), "%Y-%m-%d %H:%M UTC", &tm) == 0)
		snprintf(when, sizeof(when), "in an hour");
	return ref_text("There were %lu wrong passwords for your userid %s "
	    "at the stackref\nreferee %s within an hour, the last in a mail "
	    "from %s.\n\nMoves and actions of %s are refused until %s.\n"
	    "If these were not yours, someone is guessing your password.\n",
	    j->user.fails, pl->user, j->c->referee,
	    util_quote(j->m->from, q, sizeof(q)), pl->user, when);
}

/* Counts a wrong password for pl (NULL: no such userid); the
 * REF_USER_FAILS-th locks it and tells its player. */
static void
ref_count_fail(struct ref_job *j, const struct ref_player *pl)
{
	char subject[200], *text;

	j->sender.fails++;
	j->sender_set = 1;
	if (pl == NULL)
		return;
	j->user.fails++;
	j->user_set = 1;
	if (j->user.fails < REF_USER_FAILS || j->user.until > j->c->now)
		return;
	j->user.until = j->c->now + REF_LOCK_TIME;
	text = ref_lock_text(j, pl);
	snprintf(subject, sizeof(subject), "stackref referee: %s locked "
	    "after %lu wrong passwords", pl->user, j->user.fails);
	ref_push_text(j, pl->addr, subject, text);
	free(text);
}

/* Refuses the login of j's userid before any check, or returns 0. */
static int
ref_login_barred(struct ref_job *j)
{
	char why[300];

	if (j->user.held && j->user.until > j->c->now) {
		snprintf(why, sizeof(why), "the userid %s is locked by the "
		    "referee's operator; write to them", j->cmd.user);
		return ref_refuse(j, "the userid is locked by the referee's "
		    "operator", why, NULL);
	}
	if (j->user.until > j->c->now) {
		snprintf(why, sizeof(why), "the userid %s is locked for an "
		    "hour after %d wrong passwords; its player is told",
		    j->cmd.user, REF_USER_FAILS);
		return ref_refuse(j, "the userid is locked for a while after "
		    "repeated wrong passwords", why, NULL);
	}
	if (j->sender.fails >= REF_ADDR_FAILS)
		return ref_refuse(j, "too many wrong passwords from this "
		    "address today", NULL, NULL);
	return 0;
}

int
ref_login(struct ref_job *j)
{
	const struct ref_player *pl;
	char why[300];

	pl = ref_player_find(j->c->players, j->cmd.user);
	if (ref_login_barred(j) == -1)
		return -1;
	if (pl != NULL && REF_HASH_MODULE->verify(j->cmd.password, pl->hash)) {
		j->known = 1;
		j->signed_in = 1;
		if (j->user.fails > 0)
			j->user.fails = 0, j->user_set = 1;
		return 0;
	}
	ref_count_fail(j, pl);
	snprintf(why, sizeof(why), "wrong userid or password (%s)",
	    j->cmd.user);
	return ref_refuse(j, "wrong userid or password", why, NULL);
}

int
ref_sender_verified(const struct ref_job *j)
{
	return j->c->authserv_id != NULL && j->l->raw != NULL &&
	    authres_verified(j->l->raw, j->l->len, j->c->authserv_id);
}
