/*
 * account.c - what players change of their account, by mail:
 *
 *   password USERID OLDPASSWORD NEWPASSWORD
 *   address USERID PASSWORD NEWADDRESS: a token mailed to the new
 *       address, the change made when "confirm USERID TOKEN" comes
 *       back; the old address told at once, without the token
 *   reset USERID: a token mailed to the registered address, then
 *       reset USERID TOKEN NEWPASSWORD sets the new password
 *   retire USERID PASSWORD: the address and the hash erased, the
 *       userid kept (never given again) for the records of its
 *       finished games; refused while it plays a board not over,
 *       listing them; its challenges waiting are withdrawn
 *
 * A token waits in the pending list, its hash word "address" or
 * "reset" where a signup keeps its hash; it expires after
 * REF_TOKEN_TIME, serves once, is compared in constant time
 * (ref_token_same) and is in no log line (the request is quoted
 * masked: ref_quote).  One token of each userid waits at a time: an
 * address change (with the password) replaces the one waiting, and
 * "reset USERID", which anybody may send, is refused while one waits,
 * so that it mails the player once per REF_TOKEN_TIME at most (and
 * counts as an answer to its sender: ref_answer_ok).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "base/util.h"
#include "referee/job.h"

#define REF_KIND_ADDRESS "address"   /* the hash word of a token waiting */
#define REF_KIND_RESET "reset"
#define REF_RETIRED "-"              /* a retired player's address, hash */

/* The token of user's kind waiting (not expired), or NULL. */
static const struct ref_player *
ref_account_token(const struct ref_job *j, const char *user,
    const char *kind)
{
	const struct ref_player *t = ref_pending_find(j, user, NULL);

	return t != NULL && strcmp(t->hash, kind) == 0 ? t : NULL;
}

/* The player of j's userid, not retired, or NULL. */
static const struct ref_player *
ref_account(const struct ref_job *j)
{
	const struct ref_player *pl = ref_player_find(j->c->players,
	    j->cmd.user);

	return pl != NULL && strcmp(pl->addr, REF_RETIRED) != 0 ? pl : NULL;
}

/* Writes the players with pl's entry old replaced by pl, and the
 * pending list without gone (NULL: unchanged), into the outcome. */
static void
ref_account_put(struct ref_job *j, const struct ref_player *old,
    const struct ref_player *pl, const struct ref_player *gone)
{
	ref_list_with(j, j->c->players, old, pl, &j->o->players,
	    &j->o->players_len);
	if (gone != NULL)
		ref_list_with(j, j->c->pending, gone, NULL, &j->o->pending,
		    &j->o->pending_len);
	j->o->status = REF_APPLIED;
}

/* Hashes j's new password (cmd.secret) into pl->hash; -1 after
 * refusing. */
static int
ref_account_hash(struct ref_job *j, struct ref_player *pl)
{
	if (REF_HASH_MODULE->hash(j->cmd.secret, j->c->rnd + REF_RND_SALT,
	    j->c->hash_cost, pl->hash) == 0)
		return 0;
	return ref_refuse(j, "the password cannot be hashed now; tell the "
	    "referee's keeper", NULL, NULL);
}

/* Sets the new password of pl (cmd.secret), dropping the token gone
 * (or NULL), and tells pl's address.  -1 after refusing. */
static int
ref_password_set(struct ref_job *j, const struct ref_player *pl,
    const struct ref_player *gone)
{
	struct ref_player np = *pl;
	char subject[PBEM_WORD + 64], *text;

	if (ref_account_hash(j, &np) == -1)
		return -1;
	ref_account_put(j, pl, &np, gone);
	snprintf(j->o->summary, sizeof(j->o->summary), "password of %s "
	    "changed", pl->user);
	snprintf(subject, sizeof(subject), "stackref referee: the password "
	    "of %s changed", pl->user);
	text = ref_text("The password of %s at the stackref referee\n%s has "
	    "changed.  From now on every command needs the new one.\n\nIf "
	    "you did not change it, mail %s the subject\n    reset %s\n"
	    "for a token to set another one.\n", pl->user, j->c->referee,
	    j->c->referee, pl->user);
	ref_push_text(j, pl->addr, subject, text);
	free(text);
	return 0;
}

int
ref_password(struct ref_job *j)
{
	const struct ref_player *pl;

	if (ref_login(j) == -1)
		return -1;
	if ((pl = ref_account(j)) == NULL)
		return ref_refuse(j, "no player has this userid", NULL, NULL);
	return ref_password_set(j, pl, ref_account_token(j, pl->user,
	    REF_KIND_RESET));
}

/* Puts a token of kind for user at addr into the pending list of the
 * outcome, in place of the one waiting (if any), into t. */
static void
ref_token_put(struct ref_job *j, const char *user, const char *addr,
    const char *kind, struct ref_player *t)
{
	memset(t, 0, sizeof(*t));
	snprintf(t->user, sizeof(t->user), "%s", user);
	snprintf(t->addr, sizeof(t->addr), "%s", addr);
	snprintf(t->hash, sizeof(t->hash), "%s", kind);
	ref_token_make(j, t->token);
	t->expires = j->c->now + REF_TOKEN_TIME;
	ref_list_with(j, j->c->pending, ref_pending_find(j, user, NULL), t,
	    &j->o->pending, &j->o->pending_len);
	j->o->status = REF_APPLIED;
}

/* Whether addr is a player's, or waiting in an entry of the pending
 * list other than skip (NULL: none). */
static int
ref_address_taken(const struct ref_job *j, const char *addr,
    const struct ref_player *skip)
{
	const struct ref_players *p[2] = { j->c->players, j->c->pending };
	size_t i, k;

	for (k = 0; k < 2; k++)
		for (i = 0; i < p[k]->n; i++)
			if (&p[k]->v[i] != skip &&
			    strcasecmp(p[k]->v[i].addr, addr) == 0 &&
			    (p[k]->v[i].expires == 0 ||
			    p[k]->v[i].expires > j->c->now))
				return 1;
	return 0;
}

/* Mails the token t of an address change to the new address, and the
 * old address pl's that it was asked (without the token). */
static void
ref_address_ask(struct ref_job *j, const struct ref_player *pl,
    const struct ref_player *t)
{
	char subject[PBEM_WORD + REF_TOKEN + 16], *text;

	snprintf(subject, sizeof(subject), "confirm %s %s", t->user,
	    t->token);
	text = ref_text("The stackref referee at %s was asked to make this "
	    "address,\n%s, the address of the userid %s.\n\nTo confirm, "
	    "reply to this mail without changing its subject, or mail\n%s "
	    "with the subject\n    %s\nwithin %d days.\n\nIf you did not "
	    "ask for this, ignore this mail.\n", j->c->referee, t->addr,
	    t->user, j->c->referee, subject, REF_TOKEN_TIME / 86400);
	ref_push_text(j, t->addr, subject, text);
	free(text);
	snprintf(subject, sizeof(subject), "stackref referee: a new address "
	    "for %s", pl->user);
	text = ref_text("The stackref referee at %s was asked, with the "
	    "password of %s,\nto move the userid from this address to %s.\n"
	    "A token went there; the change is made when it comes back.\n\n"
	    "If you did not ask for this, change your password at once:\n"
	    "    password %s OLDPASSWORD NEWPASSWORD\n", j->c->referee,
	    pl->user, t->addr, pl->user);
	ref_push_text(j, pl->addr, subject, text);
	free(text);
}

int
ref_address(struct ref_job *j)
{
	const struct ref_player *pl;
	struct ref_player t;
	char addr[MAIL_ADDR_MAX], name[8], q[300];

	if (ref_login(j) == -1)
		return -1;
	if ((pl = ref_account(j)) == NULL)
		return ref_refuse(j, "no player has this userid", NULL, NULL);
	if (mail_address(j->cmd.address, addr, name, sizeof(name)) == -1)
		return ref_refuse(j, "the new address does not read", NULL,
		    NULL);
	if (ref_address_taken(j, addr, NULL))
		return ref_refuse(j, "the new address is a player's already, "
		    "or a signup's waiting", NULL, NULL);
	ref_token_put(j, pl->user, addr, REF_KIND_ADDRESS, &t);
	snprintf(j->o->summary, sizeof(j->o->summary), "address of %s: %s "
	    "waits for its token", pl->user, util_quote(addr, q, sizeof(q)));
	ref_address_ask(j, pl, &t);
	return 0;
}

/* confirm USERID TOKEN of an address change t: the address changes. */
static int
ref_address_confirm(struct ref_job *j, const struct ref_player *t)
{
	const struct ref_player *pl = ref_account(j);
	struct ref_player np;
	char q[300], *text;

	if (!ref_token_same(j->cmd.password, t->token) || pl == NULL)
		return ref_refuse(j, "no change of this userid waits for this "
		    "token (a token waits two days)", NULL, NULL);
	if (ref_address_taken(j, t->addr, t))
		return ref_refuse(j, "the new address is a player's already",
		    NULL, NULL);
	np = *pl;
	snprintf(np.addr, sizeof(np.addr), "%s", t->addr);
	ref_account_put(j, pl, &np, t);
	snprintf(j->o->summary, sizeof(j->o->summary), "address of %s is "
	    "now %s", pl->user, util_quote(np.addr, q, sizeof(q)));
	text = ref_text("The address of %s at the stackref referee\n%s is "
	    "now %s.\n", pl->user, j->c->referee, np.addr);
	ref_push_text(j, np.addr, "stackref referee: your new address",
	    text);
	free(text);
	return 0;
}

int
ref_confirm_any(struct ref_job *j)
{
	const struct ref_player *t = ref_account_token(j, j->cmd.user,
	    REF_KIND_ADDRESS);

	return t != NULL ? ref_address_confirm(j, t) : ref_confirm(j);
}

/* reset USERID: a token to the address of pl, once at a time. */
static int
ref_reset_ask(struct ref_job *j, const struct ref_player *pl)
{
	struct ref_player t;
	char subject[PBEM_WORD + 64], line[PBEM_WORD + REF_TOKEN + 32];
	char *text;

	if (ref_too_often(j, "reset"))
		return -1;
	if (ref_pending_find(j, pl->user, NULL) != NULL)
		return ref_refuse(j, "a token was mailed for this userid "
		    "already; it waits two days", NULL, NULL);
	ref_answered(j);
	ref_token_put(j, pl->user, pl->addr, REF_KIND_RESET, &t);
	snprintf(j->o->summary, sizeof(j->o->summary), "reset of %s: a "
	    "token mailed to its address", pl->user);
	snprintf(subject, sizeof(subject), "stackref referee: a new password "
	    "for %s", pl->user);
	snprintf(line, sizeof(line), "reset %s %s NEWPASSWORD", pl->user,
	    t.token);
	text = ref_text("The stackref referee at %s was asked for a new "
	    "password of %s.\n\nTo set one, mail %s the subject\n    %s\n"
	    "within %d days, NEWPASSWORD your new password.\n\nIf you did "
	    "not ask for this, ignore this mail: your password stays.\n",
	    j->c->referee, pl->user, j->c->referee, line,
	    REF_TOKEN_TIME / 86400);
	ref_push_text(j, pl->addr, subject, text);
	free(text);
	return 0;
}

int
ref_reset(struct ref_job *j)
{
	const struct ref_player *pl = ref_account(j), *t;

	if (pl == NULL)
		return ref_refuse(j, "no player has this userid", NULL, NULL);
	if (j->cmd.password[0] == '\0')
		return ref_reset_ask(j, pl);
	if (j->cmd.secret[0] == '\0')
		return ref_refuse(j, "syntax is reset USERID, then reset "
		    "USERID TOKEN NEWPASSWORD", NULL, NULL);
	t = ref_account_token(j, pl->user, REF_KIND_RESET);
	if (t == NULL || !ref_token_same(j->cmd.password, t->token))
		return ref_refuse(j, "no reset of this userid waits for this "
		    "token (a token waits two days)", NULL, NULL);
	return ref_password_set(j, pl, t);
}

/* Writes into buf the boards of j's userid whose game is not over
 * (blank-separated); returns how many. */
static size_t
ref_open_boards(struct ref_job *j, char *buf, size_t size)
{
	const struct ref_board_file *b;
	const char *res, *why;
	char *err;
	size_t i, n = 0;
	int open;

	buf[0] = '\0';
	for (i = 0; i < j->c->nboards; i++) {
		b = &j->c->boards[i];
		record_init(&j->g);
		err = NULL;
		open = b->text == NULL || ref_replay_text(b->text, b->len,
		    b->board, REPLAY_ALL, &j->g, &j->rp, &err) == -1;
		if (!open && (j->r = j->rp.r) != NULL &&
		    ref_user_side(j, j->cmd.user) >= 0)
			open = !play_over(&j->rp, &j->g, &res, &why);
		if (open) {
			util_append(buf, size, " ", b->board);
			n++;
		}
		free(err);
		record_free(&j->g);
	}
	j->r = NULL;
	return n;
}

/* The challenges waiting without those of j's userid, into the
 * outcome. */
static void
ref_retire_challenges(struct ref_job *j)
{
	const struct ref_challenges *c = j->c->challenges;
	struct ref_challenges keep = { NULL, 0, 0 };
	size_t i;

	for (i = 0; c != NULL && i < c->n; i++)
		if (strcmp(c->v[i].from, j->cmd.user) != 0 &&
		    strcmp(c->v[i].to, j->cmd.user) != 0)
			ref_need(ref_challenge_add(&keep, &c->v[i]));
	j->o->challenges = ref_challenges_format(&keep, j->c->now,
	    &j->o->challenges_len);
	ref_challenges_free(&keep);
}

int
ref_retire(struct ref_job *j)
{
	const struct ref_player *pl;
	struct ref_player np;
	char open[400], why[640], *text;

	if (ref_login(j) == -1)
		return -1;
	if ((pl = ref_account(j)) == NULL)
		return ref_refuse(j, "no player has this userid", NULL, NULL);
	if (ref_open_boards(j, open, sizeof(open)) > 0 ||
	    j->c->boards_more > 0) {
		snprintf(why, sizeof(why), "%s plays boards not over: %s%s; "
		    "finish or resign them first", pl->user, open,
		    j->c->boards_more > 0 ? " (and older boards)" : "");
		return ref_refuse(j, "the player has boards not over", why,
		    NULL);
	}
	np = *pl;
	snprintf(np.addr, sizeof(np.addr), REF_RETIRED);
	snprintf(np.hash, sizeof(np.hash), REF_RETIRED);
	ref_account_put(j, pl, &np, ref_account_token(j, pl->user,
	    REF_KIND_RESET));
	ref_retire_challenges(j);
	snprintf(j->o->summary, sizeof(j->o->summary), "%s retired",
	    pl->user);
	text = ref_text("%s has left the stackref referee at %s: this "
	    "address and the\npassword are erased.  The records of your "
	    "finished games stay under\nthe userid, which nobody else can "
	    "take.\n", pl->user, j->c->referee);
	ref_push_text(j, pl->addr, "stackref referee: goodbye", text);
	free(text);
	return 0;
}
