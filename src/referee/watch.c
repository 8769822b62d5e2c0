/*
 * watch.c - GAME subscribe BOARD [TOKEN] and GAME unsubscribe BOARD
 * [TOKEN]: a copy of every move of a board (position.c sends them,
 * REF_WATCH_BUDGET a day for the board at most) to a player's address
 * that asks for it.  From proves nothing: a subscription starts only
 * when the token mailed to that address comes back ("GAME subscribe
 * BOARD TOKEN", within REF_TOKEN_TIME), or at once for a sender the
 * operator's mail server verified (ref_sender_verified).  A confirmed
 * subscription keeps a token of its own, written in every copy: that
 * token alone unsubscribes (or a verified sender's own unsubscribe).
 * Bounded: REF_WATCH_BOARD watchers a board, REF_WATCH_ADDR boards an
 * address (those waiting for their token included), REF_WATCH_MAX in
 * all; the watchers of a game go when it ends.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "base/util.h"
#include "referee/job.h"

/* The signed-up player whose address is the sender's, or NULL. */
static const struct ref_player *
ref_sender_player(const struct ref_job *j)
{
	const struct ref_players *p = j->c->players;
	size_t i;

	for (i = 0; j->m->from != NULL && i < p->n; i++)
		if (strcasecmp(p->v[i].addr, j->m->from) == 0)
			return &p->v[i];
	return NULL;
}

/* Whether subscription x holds (confirmed, or its token not expired). */
static int
ref_watch_live(const struct ref_job *j, const struct ref_watch *x)
{
	return x->expires == 0 || x->expires > j->c->now;
}

/* The live subscription of j's board by addr, or with token t (either
 * NULL), or NULL. */
static const struct ref_watch *
ref_watch_find(const struct ref_job *j, const char *addr, const char *t)
{
	const struct ref_watchers *w = j->c->watchers;
	const struct ref_watch *found = NULL;
	size_t i;

	for (i = 0; w != NULL && i < w->n; i++)
		if (strcmp(w->v[i].board, j->cmd.board) == 0 &&
		    ref_watch_live(j, &w->v[i]) && (addr == NULL ||
		    strcasecmp(w->v[i].addr, addr) == 0) && (t == NULL ||
		    ref_token_same(t, w->v[i].token)))
			found = &w->v[i];
	return found;
}

/* The live subscriptions of j's board, and of addr. */
static void
ref_watch_counts(const struct ref_job *j, const char *addr, size_t *board,
    size_t *mine)
{
	const struct ref_watchers *w = j->c->watchers;
	size_t i;

	*board = *mine = 0;
	for (i = 0; w != NULL && i < w->n; i++) {
		if (!ref_watch_live(j, &w->v[i]))
			continue;
		*board += strcmp(w->v[i].board, j->cmd.board) == 0;
		*mine += strcasecmp(w->v[i].addr, addr) == 0;
	}
}

/* The watchers file without the subscription skip (NULL: none) and the
 * expired ones, plus add (NULL: none), into the outcome. */
static void
ref_watchers_with(struct ref_job *j, const struct ref_watch *skip,
    const struct ref_watch *add)
{
	const struct ref_watchers *w = j->c->watchers;
	struct ref_watchers q = { NULL, 0, 0 };
	size_t i;

	for (i = 0; w != NULL && i < w->n; i++)
		if (&w->v[i] != skip && ref_watch_live(j, &w->v[i]))
			ref_need(ref_watch_add(&q, &w->v[i]));
	if (add != NULL)
		ref_need(ref_watch_add(&q, add));
	j->o->watchers = ref_watchers_format(&q, &j->o->watchers_len);
	ref_watchers_free(&q);
}

/* Reads j's board; refuses it when its game is over (-1). */
static int
ref_watch_board(struct ref_job *j)
{
	const char *res, *why;
	char msg[300];

	if (ref_board(j, REPLAY_ALL) == -1)
		return -1;
	if (!play_over(&j->rp, &j->g, &res, &why))
		return 0;
	snprintf(msg, sizeof(msg), "the game is over (%s): there is nothing "
	    "left to watch", res);
	return ref_refuse(j, msg, NULL, NULL);
}

/* Refuses a subscription of pl's address (NULL: a stranger's) that
 * cannot be taken (-1); else 0. */
static int
ref_subscribe_check(struct ref_job *j, const struct ref_player *pl)
{
	const struct ref_watch *x;
	size_t onboard, mine;

	if (pl == NULL)
		return ref_refuse(j, "only the address of a signed-up player "
		    "may subscribe; sign up first (signup USERID PASSWORD)",
		    NULL, NULL);
	if (ref_watch_board(j) == -1)
		return -1;
	if (ref_user_side(j, pl->user) >= 0)
		return ref_refuse(j, "you play on this board: you get every "
		    "move already", NULL, NULL);
	if ((x = ref_watch_find(j, pl->addr, NULL)) != NULL)
		return ref_refuse(j, x->expires == 0 ? "this address watches "
		    "the board already" : "a subscription of this address "
		    "waits for the token mailed to it already", NULL, NULL);
	ref_watch_counts(j, pl->addr, &onboard, &mine);
	if (onboard >= REF_WATCH_BOARD || mine >= REF_WATCH_ADDR ||
	    (j->c->watchers != NULL && j->c->watchers->n >= REF_WATCH_MAX))
		return ref_refuse(j, "too many watchers: the board has "
		    "as many as it may, or this address watches as many "
		    "boards as it may", NULL, NULL);
	return 0;
}

/* Starts the subscription of addr to j's board (confirming waiting
 * when not NULL, else with a token of its own) and sends addr the
 * board. */
static int
ref_watch_start(struct ref_job *j, const char *addr,
    const struct ref_watch *waiting)
{
	struct ref_reader rd = { 0, NULL, 0, NULL, NULL, 1, NULL };
	struct ref_watch x;
	char intro[700], q[300];

	memset(&x, 0, sizeof(x));
	snprintf(x.board, sizeof(x.board), "%s", j->cmd.board);
	snprintf(x.addr, sizeof(x.addr), "%s", addr);
	if (waiting != NULL)
		memcpy(x.token, waiting->token, sizeof(x.token));
	else
		ref_token_make(j, x.token);
	ref_watchers_with(j, waiting, &x);
	j->o->status = REF_APPLIED;
	snprintf(j->o->summary, sizeof(j->o->summary), "board %s: watched "
	    "by %s", j->cmd.board, util_quote(addr, q, sizeof(q)));
	snprintf(intro, sizeof(intro), "This address, %s, now gets a copy of "
	    "every move of %s board %s, until the game ends.", addr,
	    j->r->name, j->cmd.board);
	ref_answered(j);
	rd.intro = intro;
	rd.token = x.token;
	return ref_tell(j, x.addr, &rd);
}

/* Mails pl's address the token that starts its subscription. */
static int
ref_subscribe_ask(struct ref_job *j, const struct ref_player *pl)
{
	struct ref_watch x;
	char subject[3 * PBEM_WORD + REF_TOKEN], q[300], *text;

	memset(&x, 0, sizeof(x));
	snprintf(x.board, sizeof(x.board), "%s", j->cmd.board);
	snprintf(x.addr, sizeof(x.addr), "%s", pl->addr);
	ref_token_make(j, x.token);
	x.expires = j->c->now + REF_TOKEN_TIME;
	ref_watchers_with(j, NULL, &x);
	snprintf(subject, sizeof(subject), "%s subscribe %s %s", j->r->name,
	    j->cmd.board, x.token);
	text = ref_text("The stackref referee at %s was asked to send this "
	    "address,\n%s, a copy of every move of %s board %s.\n\nTo "
	    "confirm, reply to this mail without changing its subject, or "
	    "mail\n%s with the subject\n    %s\nwithin %d days.\n\nIf you "
	    "did not ask for this, ignore this mail: nothing more is sent\n"
	    "to this address about it.\n", j->c->referee, pl->addr,
	    j->r->name, j->cmd.board, j->c->referee, subject,
	    REF_TOKEN_TIME / 86400);
	j->o->status = REF_APPLIED;
	snprintf(j->o->summary, sizeof(j->o->summary), "board %s: watching "
	    "by %s waits for its token", j->cmd.board,
	    util_quote(pl->addr, q, sizeof(q)));
	ref_answered(j);
	ref_push_text(j, pl->addr, subject, text);
	free(text);
	return 0;
}

/* GAME subscribe BOARD TOKEN: the subscription waiting for TOKEN
 * starts. */
static int
ref_subscribe_confirm(struct ref_job *j)
{
	const struct ref_watch *x;

	if (ref_watch_board(j) == -1)
		return -1;
	x = ref_watch_find(j, NULL, j->cmd.password);
	if (x == NULL || x->expires == 0)
		return ref_refuse(j, "no subscription of this board waits for "
		    "this token (a token waits two days)", NULL, NULL);
	return ref_watch_start(j, x->addr, x);
}

int
ref_subscribe(struct ref_job *j)
{
	const struct ref_player *pl = ref_sender_player(j);

	if (ref_board_named(j) == -1 || ref_too_often(j, "subscribe"))
		return -1;
	if (j->cmd.password[0] != '\0')
		return ref_subscribe_confirm(j);
	if (ref_subscribe_check(j, pl) == -1)
		return -1;
	if (ref_sender_verified(j))
		return ref_watch_start(j, pl->addr, NULL);
	return ref_subscribe_ask(j, pl);
}

int
ref_unsubscribe(struct ref_job *j)
{
	const struct ref_watch *x = NULL;
	char subject[300], text[700], q[300];

	if (j->cmd.password[0] != '\0')
		x = ref_watch_find(j, NULL, j->cmd.password);
	else if (ref_sender_verified(j) && j->m->from != NULL)
		x = ref_watch_find(j, j->m->from, NULL);
	if (x == NULL)
		return ref_refuse(j, j->cmd.password[0] != '\0' ? "no "
		    "subscription of this board has this token" : "to stop "
		    "the copies, send the subject written in each of them: "
		    "GAME unsubscribe BOARD TOKEN", NULL, NULL);
	ref_watchers_with(j, x, NULL);
	j->o->status = REF_APPLIED;
	if (ref_too_often(j, "unsubscribe"))
		return 0;
	snprintf(j->o->summary, sizeof(j->o->summary), "board %s: no longer "
	    "watched by %s", j->cmd.board, util_quote(x->addr, q, sizeof(q)));
	snprintf(subject, sizeof(subject), "%s board %s: no more copies",
	    j->cmd.game, j->cmd.board);
	snprintf(text, sizeof(text), "This address, %s, gets no more copies "
	    "of the moves of board %s.\n", x->addr, j->cmd.board);
	ref_answered(j);
	return ref_push_text(j, x->addr, subject, text);
}
