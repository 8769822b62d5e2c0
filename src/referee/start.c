/*
 * start.c - signing up: signup (a userid, its password hashed, its
 * address, waiting until the address confirms it with the token mailed
 * to it) and confirm.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include "base/util.h"
#include "referee/job.h"

void
ref_list_with(const struct ref_job *j, const struct ref_players *p,
    const struct ref_player *skip, const struct ref_player *add,
    char **text, size_t *len)
{
	struct ref_players q = { NULL, 0, 0 };
	size_t i;

	for (i = 0; i < p->n; i++)
		if (&p->v[i] != skip && (p->v[i].expires == 0 ||
		    p->v[i].expires > j->c->now))
			ref_need(ref_player_add(&q, &p->v[i]));
	if (add != NULL)
		ref_need(ref_player_add(&q, add));
	*text = ref_players_format(&q, len);
	ref_players_free(&q);
}

const struct ref_player *
ref_pending_find(const struct ref_job *j, const char *user,
    const char *addr)
{
	const struct ref_players *p = j->c->pending;
	size_t i;

	for (i = 0; i < p->n; i++)
		if (p->v[i].expires > j->c->now &&
		    ((user != NULL && strcmp(p->v[i].user, user) == 0) ||
		    (addr != NULL && strcasecmp(p->v[i].addr, addr) == 0)))
			return &p->v[i];
	return NULL;
}

/* The signups not expired. */
static size_t
ref_pending_live(const struct ref_job *j)
{
	const struct ref_players *p = j->c->pending;
	size_t i, n = 0;

	for (i = 0; i < p->n; i++)
		n += p->v[i].expires > j->c->now;
	return n;
}

/* Refuses a new signup when the signups waiting in all reach the
 * safety (--max-signups, else REF_PENDING_MAX). */
static int
ref_signups_room(struct ref_job *j)
{
	unsigned long max = j->c->limits.signups;

	if (ref_pending_live(j) < (max != 0 ? max : REF_PENDING_MAX))
		return 0;
	return ref_refuse(j, "too many signups wait for their confirmation; "
	    "try again tomorrow", NULL, NULL);
}

/*
 * Refuses a signup of j's userid at addr that cannot be taken now (-1),
 * else 0 with *old the signup it replaces (NULL: none).  One signup
 * waits per address: a new one sent from the address itself replaces
 * it, so that a signup sent in its name never keeps its owner out; one
 * from elsewhere is refused (the address gets no second mail), and so
 * is one for an address an account token waits for (account.c).  A
 * sender gets REF_STRANGER_MAILS answers a day; the signups waiting in
 * all, a safety far above that (--max-signups), and the players are
 * newcomers' limits only.
 */
static int
ref_signup_check(struct ref_job *j, const char *addr,
    const struct ref_player **old)
{
	const struct ref_player *u = ref_pending_find(j, j->cmd.user, NULL);
	char why[300];

	*old = ref_pending_find(j, NULL, addr);
	if (ref_player_find(j->c->players, j->cmd.user) != NULL ||
	    (u != NULL && u != *old)) {
		snprintf(why, sizeof(why), "the userid %s is taken",
		    j->cmd.user);
		return ref_refuse(j, "the userid is taken", why, NULL);
	}
	if (*old != NULL && (strcasecmp(j->m->from, addr) != 0 ||
	    (*old)->hash[0] != '$'))     /* another's, or an account token */
		return ref_refuse(j, "a signup for this address waits for "
		    "its confirmation already", NULL, NULL);
	if (!ref_answer_ok(j))
		return ref_refuse(j, "too many requests from this address "
		    "today", NULL, NULL);
	if (j->c->players->n >= REF_PLAYERS_MAX)
		return ref_refuse(j, "the referee is full: it has all the "
		    "players it can take", NULL, NULL);
	return *old == NULL ? ref_signups_room(j) : 0;
}

void
ref_token_make(const struct ref_job *j, char token[REF_TOKEN])
{
	size_t i;

	for (i = 0; i < 12; i++)
		snprintf(token + 2 * i, 3, "%02x",
		    j->c->rnd[REF_RND_TOKEN + i]);
}

/* Mails the address of pl the signup to confirm (subject: the line to
 * send back; the text fixed but for the userid and the address). */
static int
ref_ask_confirm(struct ref_job *j, const struct ref_player *pl)
{
	char subject[PBEM_WORD + REF_TOKEN + 16], *text;

	text = ref_text("Welcome, %s: the stackref referee at %s was "
	    "asked to sign up\nthe userid %s with this address, %s.\n\n"
	    "To confirm, reply to this mail without changing its subject, "
	    "or mail\n%s with the subject\n    confirm %s %s\nwithin %d "
	    "days.  Until then the userid can do nothing.\n\n"
	    "If you did not ask for this, ignore this mail: the referee "
	    "will not\nwrite to this address again about it.\n", pl->user,
	    j->c->referee, pl->user, pl->addr, j->c->referee, pl->user,
	    pl->token, REF_PENDING_TIME / 86400);
	snprintf(subject, sizeof(subject), "confirm %s %s", pl->user,
	    pl->token);
	ref_push_text(j, pl->addr, subject, text);
	free(text);
	return 0;
}

int
ref_signup(struct ref_job *j)
{
	const struct ref_player *old;
	struct ref_player pl;
	char name[8], q[300];

	memset(&pl, 0, sizeof(pl));
	if (!ref_board_ok(j->cmd.user))
		return ref_refuse(j, "a userid is 1 to 32 letters, digits, "
		    "'_' or '-'", NULL, NULL);
	if (mail_address(j->cmd.address[0] != '\0' ? j->cmd.address :
	    j->m->from, pl.addr, name, sizeof(name)) == -1)
		return ref_refuse(j, "the address does not read", NULL, NULL);
	if (ref_signup_check(j, pl.addr, &old) == -1)
		return -1;
	snprintf(pl.user, sizeof(pl.user), "%s", j->cmd.user);
	ref_token_make(j, pl.token);
	pl.expires = j->c->now + REF_PENDING_TIME;
	if (REF_HASH_MODULE->hash(j->cmd.password, j->c->rnd + REF_RND_SALT,
	    j->c->hash_cost, pl.hash) == -1)
		return ref_refuse(j, "the password cannot be hashed now; tell "
		    "the referee's keeper", NULL, NULL);
	ref_list_with(j, j->c->pending, old, &pl, &j->o->pending,
	    &j->o->pending_len);
	j->o->status = REF_APPLIED;
	snprintf(j->o->summary, sizeof(j->o->summary), "signup of %s at %s "
	    "waits for its confirmation%s", pl.user,
	    util_quote(pl.addr, q, sizeof(q)), old != NULL ?
	    " (it replaces the one waiting for the address)" : "");
	ref_answered(j);        /* a signup counts as an answer */
	return ref_ask_confirm(j, &pl);
}

int
ref_token_same(const char *t, const char *token)
{
	size_t i, n = strlen(token);
	unsigned char diff = 0;

	if (strlen(t) != n || n == 0)
		return 0;
	for (i = 0; i < n; i++)
		diff |= (unsigned char)(tolower((unsigned char)t[i]) ^
		    tolower((unsigned char)token[i]));
	return diff == 0;
}

int
ref_confirm(struct ref_job *j)
{
	const struct ref_player *pend = ref_pending_find(j, j->cmd.user,
	    NULL);
	struct ref_player pl;
	char *text, q[300];

	if (pend == NULL || !ref_token_same(j->cmd.password, pend->token))
		return ref_refuse(j, "no signup of this userid waits for "
		    "this token (a signup waits two days)", NULL, NULL);
	if (j->c->players->n >= REF_PLAYERS_MAX)
		return ref_refuse(j, "the referee is full: it has all the "
		    "players it can take", NULL, NULL);
	pl = *pend;
	pl.token[0] = '\0';
	pl.expires = 0;
	ref_list_with(j, j->c->players, NULL, &pl, &j->o->players,
	    &j->o->players_len);
	ref_list_with(j, j->c->pending, pend, NULL, &j->o->pending,
	    &j->o->pending_len);
	text = ref_text("Welcome, %s: you are signed up with the address "
	    "%s.\n\nYour password is stored only as a salted hash; the "
	    "referee cannot\nmail it back.  Keep it: every move you send "
	    "needs it.\n\nTo start a game, mail %s with the subject\n"
	    "    GAME challenge %s PASSWORD OPPONENT\nand for every command, "
	    "with the subject\n    help\n", pl.user, pl.addr, j->c->referee,
	    pl.user);
	j->o->status = REF_APPLIED;
	snprintf(j->o->summary, sizeof(j->o->summary), "signed up %s <%s>",
	    pl.user, util_quote(pl.addr, q, sizeof(q)));
	ref_push_text(j, pl.addr, "Welcome to the stackref referee", text);
	free(text);
	return 0;
}

