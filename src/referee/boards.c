/*
 * boards.c - games USERID (and GAME games USERID): the boards of a
 * player, the latest first: the game, the opponent, the ply, whose turn
 * it is (and the subject to send when it is the player's) or the
 * result, the last change; then the challenges waiting.  The records
 * are the run's to read (ref_ctx.boards); this replays each.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "base/util.h"
#include "referee/job.h"

/* Writes t as "2026-11-21 10:00 UTC" into buf. */
static void
ref_when(time_t t, char *buf, size_t size)
{
	struct tm tm;

	if (gmtime_r(&t, &tm) == NULL ||
	    strftime(buf, size, "%Y-%m-%d %H:%M UTC", &tm) == 0)
		snprintf(buf, size, "?");
}

/* The state of board b (replayed into g, rp), user's side me, as a
 * paragraph of d. */
static void
ref_board_line(struct ref_job *j, struct ref_doc *d,
    const struct ref_board_file *b, const struct record *g,
    const struct replay *rp, int me)
{
	const char *res, *why;
	char when[64], next[PBEM_TEXT];
	struct pbem_cmd c;

	ref_when(b->mtime, when, sizeof(when));
	ref_doc_p(d, "board %s, %s: %s (%s) v %s (%s); last change %s",
	    b->board, rp->r->name, j->cmd.user, rp->r->side[me],
	    ref_side_user(j, !me), rp->r->side[!me], when);
	if (play_over(rp, g, &res, &why)) {
		ref_doc_more(d, "over after %lu plies: %s, %s", rp->plies, res,
		    why);
		return;
	}
	ref_doc_more(d, "ply %lu to play, %s's turn (%s)", rp->plies + 1,
	    ref_side_user(j, rp->pos.turn), rp->r->side[rp->pos.turn]);
	if (rp->pos.turn != me)
		return;
	memset(&c, 0, sizeof(c));
	c.verb = PBEM_MOVE;
	snprintf(c.game, sizeof(c.game), "%s", rp->r->name);
	snprintf(c.board, sizeof(c.board), "%s", b->board);
	snprintf(c.user, sizeof(c.user), "%s", j->cmd.user);
	snprintf(c.password, sizeof(c.password), "PASSWORD");
	snprintf(c.move, sizeof(c.move), "MOVE");
	c.ply = rp->plies + 1;
	if (pbem_format(&c, next, sizeof(next)) >= 0)
		ref_doc_cmd(d, next);
}

/* Whether the board replayed into g, rp, where the user plays side me,
 * is one the selector of games asks for (pbmserv's: next, active,
 * inactive, all). */
static int
ref_board_selected(const struct ref_job *j, const struct record *g,
    const struct replay *rp, int me)
{
	const char *res, *why;
	int over = play_over(rp, g, &res, &why);

	switch (j->cmd.select) {
	case PBEM_SEL_NEXT: return !over && rp->pos.turn == me;
	case PBEM_SEL_ACTIVE: return !over;
	case PBEM_SEL_INACTIVE: return over;
	default: return 1;
	}
}

/* Lists board b of the user, unless it is of another game than the
 * one asked for, the user does not play on it or the selector leaves
 * it out; 1 when listed.  The first board listed gives show its command
 * ("checkers show 1"). */
static int
ref_list_board(struct ref_job *j, struct ref_doc *d,
    const struct ref_board_file *b, char *show, size_t size)
{
	char *why = NULL;
	int me, listed = 0;

	record_init(&j->g);
	if (b->text == NULL)
		ref_doc_p(d, "board %s: too large to list here", b->board);
	else if (ref_replay_text(b->text, b->len, b->board, REPLAY_ALL,
	    &j->g, &j->rp, &why) == -1)
		ref_doc_p(d, "board %s: its record does not read", b->board);
	else {
		j->r = j->rp.r;
		me = ref_user_side(j, j->cmd.user);
		if (me >= 0 && (j->cmd.game[0] == '\0' ||
		    strcmp(j->cmd.game, j->r->name) == 0) &&
		    ref_board_selected(j, &j->g, &j->rp, me)) {
			ref_board_line(j, d, b, &j->g, &j->rp, me);
			listed = 1;
			if (show[0] == '\0')
				snprintf(show, size, "%s show %s", j->r->name,
				    b->board);
		}
	}
	free(why);
	record_free(&j->g);
	return listed || b->text == NULL;
}

/* The challenges of the user waiting for an answer. */
static void
ref_list_challenges(struct ref_job *j, struct ref_doc *d)
{
	const struct ref_challenges *c = j->c->challenges;
	const struct ref_challenge *ch;
	char when[64];
	size_t i;

	for (i = 0; c != NULL && i < c->n; i++) {
		ch = &c->v[i];
		if (ch->expires <= j->c->now || (strcmp(ch->from,
		    j->cmd.user) != 0 && strcmp(ch->to, j->cmd.user) != 0))
			continue;
		ref_when(ch->expires, when, sizeof(when));
		ref_doc_p(d, "board %s, %s: %s challenges %s, who may "
		    "accept or decline it until %s", ch->board, ch->game,
		    ch->from, ch->to, when);
	}
}

/* The text of the list into d. */
static void
ref_games_text(struct ref_job *j, struct ref_doc *d)
{
	char show[3 * PBEM_WORD] = "";
	size_t i, n = 0;

	ref_doc_p(d, "The boards of %s%s%s, the latest first:", j->cmd.user,
	    j->cmd.game[0] != '\0' ? " at " : "", j->cmd.game);
	for (i = 0; i < j->c->nboards; i++)
		n += (size_t)ref_list_board(j, d, &j->c->boards[i], show,
		    sizeof(show));
	if (n == 0)
		ref_doc_p(d, "none.");
	if (j->c->boards_more > 0)
		ref_doc_p(d, "(and %zu older boards not listed)",
		    j->c->boards_more);
	ref_list_challenges(j, d);
	ref_notify_text(j, d, j->cmd.user);
	ref_user_ratings(j, d);
	if (show[0] == '\0')
		return;
	ref_doc_p(d, "For a board, mail %s the subject, as", j->c->referee);
	ref_doc_cmd(d, show);
}

int
ref_games(struct ref_job *j)
{
	char subject[300], q[300], why[300];
	struct ref_doc d;

	if (ref_player_find(j->c->players, j->cmd.user) == NULL) {
		snprintf(why, sizeof(why), "%s has not signed up", j->cmd.user);
		return ref_refuse(j, "no player has this userid", why, NULL);
	}
	if (ref_too_often(j, "games"))
		return -1;
	snprintf(subject, sizeof(subject), "stackref referee: the boards of "
	    "%s", j->cmd.user);
	ref_doc_open(&d, j->c->referee, subject, 1);
	ref_games_text(j, &d);
	j->r = NULL;
	snprintf(j->o->summary, sizeof(j->o->summary), "boards of %s to %s",
	    j->cmd.user, util_quote(j->m->from, q, sizeof(q)));
	return ref_answer_doc(j, subject, &d);
}
