/*
 * watch.c - GAME subscribe BOARD and GAME unsubscribe BOARD: a copy of
 * every move of a board (position.c sends them) to an address that
 * asks for it, a player's, so confirmed when it signed up: no stranger
 * can make the referee mail an address that did not sign up.  Bounded:
 * REF_WATCH_BOARD watchers a board, REF_WATCH_ADDR boards an address,
 * REF_WATCH_MAX in all; the watchers of a game go when it ends.
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

/* The watchers of board, and of addr, and whether addr watches board. */
static void
ref_watch_counts(const struct ref_job *j, const char *addr, size_t *board,
    size_t *mine, int *already)
{
	const struct ref_watchers *w = j->c->watchers;
	size_t i;

	*board = *mine = 0;
	*already = 0;
	for (i = 0; w != NULL && i < w->n; i++) {
		if (strcmp(w->v[i].board, j->cmd.board) == 0)
			++*board;
		if (strcasecmp(w->v[i].addr, addr) == 0)
			++*mine;
		if (strcmp(w->v[i].board, j->cmd.board) == 0 &&
		    strcasecmp(w->v[i].addr, addr) == 0)
			*already = 1;
	}
}

/* The watchers file without the subscription skip (NULL: none), plus
 * add (NULL: none), into the outcome. */
static void
ref_watchers_with(struct ref_job *j, const struct ref_watch *skip,
    const struct ref_watch *add)
{
	const struct ref_watchers *w = j->c->watchers;
	struct ref_watchers q = { NULL, 0, 0 };
	size_t i;

	for (i = 0; w != NULL && i < w->n; i++)
		if (&w->v[i] != skip)
			ref_need(ref_watch_add(&q, &w->v[i]));
	if (add != NULL)
		ref_need(ref_watch_add(&q, add));
	j->o->watchers = ref_watchers_format(&q, &j->o->watchers_len);
	ref_watchers_free(&q);
}

/* Refuses a subscription of pl's address (NULL: a stranger's) that
 * cannot be taken (-1); else 0. */
static int
ref_subscribe_check(struct ref_job *j, const struct ref_player *pl)
{
	const char *res, *why;
	size_t onboard, mine;
	int already;
	char msg[300];

	if (pl == NULL)
		return ref_refuse(j, "only the address of a signed-up player "
		    "may subscribe; sign up first (signup USERID PASSWORD)",
		    NULL, NULL);
	if (ref_board(j, REPLAY_ALL) == -1)
		return -1;
	if (play_over(&j->rp, &j->g, &res, &why)) {
		snprintf(msg, sizeof(msg), "the game is over (%s): there is "
		    "nothing left to watch", res);
		return ref_refuse(j, msg, NULL, NULL);
	}
	if (ref_user_side(j, pl->user) >= 0)
		return ref_refuse(j, "you play on this board: you get every "
		    "move already", NULL, NULL);
	ref_watch_counts(j, pl->addr, &onboard, &mine, &already);
	if (already)
		return ref_refuse(j, "this address watches the board already",
		    NULL, NULL);
	if (onboard >= REF_WATCH_BOARD || mine >= REF_WATCH_ADDR ||
	    (j->c->watchers != NULL && j->c->watchers->n >= REF_WATCH_MAX))
		return ref_refuse(j, "too many watchers: the board has "
		    "as many as it may, or this address watches as many "
		    "boards as it may", NULL, NULL);
	return 0;
}

int
ref_subscribe(struct ref_job *j)
{
	const struct ref_player *pl = ref_sender_player(j);
	struct ref_reader rd = { 0, NULL, 0, NULL, NULL, 1 };
	struct ref_watch x;
	char intro[700], q[300];

	if (ref_board_named(j) == -1 || ref_too_often(j, "subscribe") ||
	    ref_subscribe_check(j, pl) == -1)
		return -1;
	memset(&x, 0, sizeof(x));
	snprintf(x.board, sizeof(x.board), "%s", j->cmd.board);
	snprintf(x.addr, sizeof(x.addr), "%s", pl->addr);
	ref_watchers_with(j, NULL, &x);
	j->o->status = REF_APPLIED;
	snprintf(j->o->summary, sizeof(j->o->summary), "board %s: watched "
	    "by %s", j->cmd.board, util_quote(pl->addr, q, sizeof(q)));
	snprintf(intro, sizeof(intro), "This address, %s, now gets a copy of "
	    "every move of %s board %s, until the game ends.", pl->addr,
	    j->r->name, j->cmd.board);
	ref_answered(j);
	rd.intro = intro;
	return ref_tell(j, pl->addr, &rd);
}

int
ref_unsubscribe(struct ref_job *j)
{
	const struct ref_watchers *w = j->c->watchers;
	const struct ref_watch *x = NULL;
	char subject[300], text[700], q[300];
	size_t i;

	for (i = 0; w != NULL && j->m->from != NULL && i < w->n; i++)
		if (strcmp(w->v[i].board, j->cmd.board) == 0 &&
		    strcasecmp(w->v[i].addr, j->m->from) == 0)
			x = &w->v[i];
	if (x == NULL)
		return ref_refuse(j, "this address does not watch this board",
		    NULL, NULL);
	ref_watchers_with(j, x, NULL);
	j->o->status = REF_APPLIED;
	if (ref_too_often(j, "unsubscribe"))
		return 0;
	snprintf(subject, sizeof(subject), "%s board %s: no more copies",
	    j->cmd.game, j->cmd.board);
	snprintf(text, sizeof(text), "This address, %s, gets no more copies "
	    "of the moves of board %s.\n", x->addr, j->cmd.board);
	snprintf(j->o->summary, sizeof(j->o->summary), "board %s: no longer "
	    "watched by %s", j->cmd.board, util_quote(x->addr, q, sizeof(q)));
	ref_answered(j);
	return ref_push_text(j, x->addr, subject, text);
}
