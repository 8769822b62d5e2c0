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

#define REF_CODE 11   /* an address's code (ref_owner_code), NUL included */

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

void
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

/* Whether j's mail comes from pl's registered address. */
static int
ref_from_owner(const struct ref_job *j, const struct ref_player *pl)
{
	return pl != NULL && j->m->from != NULL &&
	    strcasecmp(j->m->from, pl->addr) == 0;
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
	    "from %s.\n\nMoves and actions of %s sent from any other address "
	    "than yours,\n%s, are refused until %s; from yours they are "
	    "taken as always.\nWhile a lock refuses you, your clock "
	    "stops.\nIf these were not yours, someone is guessing your "
	    "password.\n", j->user.fails, pl->user, j->c->referee,
	    util_quote(j->m->from, q, sizeof(q)), pl->user, pl->addr, when);
}

/* Counts a wrong password for pl (NULL: no such userid) sent from
 * another address than pl's; the REF_USER_FAILS-th locks it for those
 * and tells its player.  From pl's own address it counts for the
 * address alone (ref_owner_code). */
static void
ref_count_fail(struct ref_job *j, const struct ref_player *pl)
{
	char subject[200], *text;

	j->sender.fails++;
	j->sender_set = 1;
	if (pl == NULL || ref_from_owner(j, pl))
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

/* Refuses the login of j's userid locked by the operator (--admin
 * lock), from any address, before any check (a lock that stops its
 * player's clock, as the others), or returns 0. */
static int
ref_login_held(struct ref_job *j)
{
	char why[300];

	if (!j->user.held || j->user.until <= j->c->now)
		return 0;
	j->stop_until = j->user.until - j->c->now > CLOCK_STOP_MAX ?
	    j->c->now + CLOCK_STOP_MAX : j->user.until;
	snprintf(why, sizeof(why), "the userid %s is locked by the "
	    "referee's operator; write to them", j->cmd.user);
	return ref_refuse(j, "the userid is locked by the referee's "
	    "operator", why, NULL);
}

/* Refuses the login of j's userid from another address than its
 * player's before any check, or returns 0. */
static int
ref_login_barred(struct ref_job *j)
{
	char why[300];

	if (j->user.until > j->c->now) {
		j->stop_until = j->user.until;
		snprintf(why, sizeof(why), "the userid %s is locked for an "
		    "hour after %d wrong passwords from other addresses than "
		    "its player's; its player is told", j->cmd.user,
		    REF_USER_FAILS);
		return ref_refuse(j, "the userid is locked for a while after "
		    "repeated wrong passwords", why, NULL);
	}
	if (j->sender.fails >= REF_ADDR_FAILS) {
		j->stop_until = j->sender.since + REF_ADDR_WINDOW;
		return ref_refuse(j, "too many wrong passwords from this "
		    "address today", NULL, NULL);
	}
	return 0;
}

/* The code of pl's address for the window of j's sender count into
 * code: the first REF_CODE - 1 characters of a SHA-256 of pl's
 * password hash (a secret of the referee's), the window and userid. */
static void
ref_owner_code(const struct ref_job *j, const struct ref_player *pl,
    char code[REF_CODE])
{
	char what[REF_HASH + PBEM_WORD + 64], key[REF_KEY];

	snprintf(what, sizeof(what), "code\n%s\n%lld\n%s", pl->hash,
	    (long long)j->sender.since, pl->user);
	ref_need(REF_HASH_MODULE->raw_key(what, strlen(what), key));
	memcpy(code, key, REF_CODE - 1);
	code[REF_CODE - 1] = '\0';
}

/*
 * From pl's own address, once it sent REF_ADDR_FAILS wrong passwords
 * in its window (a forged From can): a mail not verified
 * (ref_sender_verified) needs the address's code in its text, mailed
 * to that address alone (at most once in a userid's window), so that
 * guesses under a forged From stay bounded and the player is never
 * locked out.  Refuses a mail without it, else returns 0.
 */
static int
ref_owner_barred(struct ref_job *j, const struct ref_player *pl)
{
	char code[REF_CODE], subject[200], *text;

	if (j->sender.fails < REF_ADDR_FAILS || ref_sender_verified(j))
		return 0;
	ref_owner_code(j, pl, code);
	if (j->m->text != NULL && strstr(j->m->text, code) != NULL)
		return 0;
	j->stop_until = j->sender.since + REF_ADDR_WINDOW;
	if (j->user.mails == 0) {
		j->user.mails = 1;
		j->user_set = 1;
		text = ref_text("Your address %s sent %lu wrong passwords "
		    "today to the stackref\nreferee %s: someone may be "
		    "sending mails in your name.\n\nUntil the day is over, "
		    "send your requests with this line in the\ntext of the "
		    "mail (the Subject as always):\n\n    code %s\n",
		    pl->addr, j->sender.fails, j->c->referee, code);
		snprintf(subject, sizeof(subject), "stackref referee: the "
		    "code of %s for today", pl->user);
		ref_push_text(j, pl->addr, subject, text);
		free(text);
	}
	return ref_refuse(j, "too many wrong passwords from this address "
	    "today: send the request again with the code the referee "
	    "mailed to it", NULL, NULL);
}

int
ref_login(struct ref_job *j)
{
	const struct ref_player *pl;
	char why[300];
	int own;

	pl = ref_player_find(j->c->players, j->cmd.user);
	own = ref_from_owner(j, pl);
	if (ref_login_held(j) == -1 ||
	    (own ? ref_owner_barred(j, pl) : ref_login_barred(j)) == -1)
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
ref_login_verified(struct ref_job *j)
{
	const struct ref_player *pl = ref_player_find(j->c->players,
	    j->cmd.user);
	char why[300];

	if (ref_login_held(j) == -1)
		return -1;
	if (ref_from_owner(j, pl) && ref_sender_verified(j)) {
		j->known = 1;
		return 0;
	}
	snprintf(why, sizeof(why), "this request needs the password of the "
	    "userid, unless it comes from the player's own address verified "
	    "by the referee's mail server: syntax is %s",
	    pbem_syntax(j->cmd.verb));
	return ref_refuse(j, why, NULL, NULL);
}

int
ref_sender_verified(const struct ref_job *j)
{
	return j->c->authserv_id != NULL && j->l->raw != NULL &&
	    authres_verified(j->l->raw, j->l->len, j->c->authserv_id);
}
