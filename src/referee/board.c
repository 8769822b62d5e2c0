/*
 * board.c - a request on a board: the board named, its record read and
 * replayed, the side of the player who logged in, the records attached
 * to the mail; the judge's verdict on what it plays (game/judge.h: a
 * finished game, a stale #N, the turn, the board's clock at the
 * decision's time, the state of offers and requests, leave) turned
 * into a refusal with what to send instead.  What is added to a timed
 * record is stamped.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "base/timeutc.h"
#include "base/util.h"
#include "referee/job.h"

/* The refusal of a board whose record does not read (or replay). */
static const char ref_unread[] = "the record of this board does not read; "
    "tell the referee's keeper";

void
ref_diag_open(struct ref_diag *rd)
{
	rd->f = ref_mem_open(&rd->buf, &rd->len);
	diag_init(&rd->d, "x", rd->f);
}

const char *
ref_diag_text(struct ref_diag *rd)
{
	char *r, *w;

	ref_mem_close(rd->f);
	for (r = w = rd->buf; *r != '\0';) {
		if (strncmp(r, "x: ", 3) == 0)
			r += 3;
		while (*r != '\0' && *r != '\n')
			*w++ = *r++;
		if (*r == '\n')
			*w++ = *r++;
	}
	*w = '\0';
	if (w > rd->buf && w[-1] == '\n')
		w[-1] = '\0';
	return rd->buf[0] != '\0' ? rd->buf : "refused";
}

int
ref_replay_text(const char *text, size_t len, const char *name,
    unsigned long stop, struct record *g, struct replay *rp, char **why)
{
	struct replay_opts ro = { NULL, 0, REPLAY_ALL, 0 };
	struct ref_diag dg;
	int rc = -1;

	*why = NULL;
	ro.stop = stop;
	ref_diag_open(&dg);
	if (text != NULL && notation_read_text(text, len, name, g, NULL,
	    &dg.d) == 0 && notation_game(g, NULL) != NULL &&
	    replay_run(rp, g, &ro, &dg.d) == 0)
		rc = 0;
	if (rc == -1)
		*why = ref_alloc(strdup(ref_diag_text(&dg)));
	else
		ref_diag_text(&dg);
	free(dg.buf);
	return rc;
}

int
ref_board_named(struct ref_job *j)
{
	char why[512], known[256], extra[400];

	if (rules_find(j->cmd.game) == NULL) {
		rules_names(known, sizeof(known));
		snprintf(why, sizeof(why), "unknown game %s; the games are %s",
		    j->cmd.game, known);
		return ref_refuse(j, "unknown game", why, NULL);
	}
	if (!ref_board_ok(j->cmd.board) || j->c->record == NULL) {
		snprintf(why, sizeof(why), "there is no board %s",
		    j->cmd.board);
		snprintf(extra, sizeof(extra), "For the boards of a player, "
		    "send\n    games %s\n", j->cmd.user[0] != '\0' ?
		    j->cmd.user : "USERID");
		return ref_refuse(j, "there is no such board", why, extra);
	}
	return 0;
}

/* The move of c (if any) made one legal on j's board when it is not:
 * one from the same square if it has any, else any. */
static void
ref_board_legal(const struct ref_job *j, struct pbem_cmd *c)
{
	char example[PBEM_WORD];

	if (c->move[0] != '\0' && !ref_legal_is(&j->rp, c->move) &&
	    ref_legal_example(&j->rp, c->move, example, sizeof(example)) == 0)
		snprintf(c->move, sizeof(c->move), "%s", example);
}

int
ref_board(struct ref_job *j, unsigned long stop)
{
	const struct rules *r = rules_find(j->cmd.game);
	struct pbem_cmd fixed = j->cmd;
	char why[300], extra[800], *msg;
	const char *res, *why_over;

	if (ref_replay_text(j->c->record, j->c->record_len, j->cmd.board,
	    stop, &j->g, &j->rp, &msg) == -1) {
		ref_refuse(j, ref_unread, NULL, msg);
		free(msg);
		return -1;
	}
	j->r = j->rp.r;
	if (stop == REPLAY_ALL) {
		ref_clock_load(j);
		j->over_before = play_over(&j->rp, &j->g, &res, &why_over);
	}
	if (j->r != r) {
		snprintf(why, sizeof(why), "board %s is %s %s game, not %s",
		    j->cmd.board, strchr("aeiou", j->r->name[0]) != NULL ?
		    "an" : "a", j->r->name, r->name);
		snprintf(fixed.game, sizeof(fixed.game), "%s", j->r->name);
		ref_board_legal(j, &fixed);
		ref_instead(&fixed, NULL, extra, sizeof(extra));
		return ref_refuse(j, "the board is of another game", why,
		    extra);
	}
	return 0;
}

/* Whether the part p looks like a game record. */
static int
ref_part_record(const struct mail_part *p)
{
	const char *dot = p->filename != NULL ? strrchr(p->filename, '.') :
	    NULL;

	return strstr(p->type, "pdn") != NULL ||
	    (dot != NULL && (strcasecmp(dot, ".pdn") == 0 ||
	    strcasecmp(dot, ".xml") == 0));
}

/* Why the attached record g, of j's board, is refused by the judge's
 * rule of time stamps (judge_stamps: none later than the referee's
 * clock allows), into why (left as it is when none is). */
static void
ref_part_ahead(struct ref_job *j, const struct record *g, const char *name,
    char *why, size_t size)
{
	struct diag_where w = { "attachment", NULL, 0, 0 };
	struct judge_verdict v;
	struct ref_diag dg;

	if (judge_stamps(g, &j->rp, (long long)j->c->now, &v) == 0)
		return;
	ref_diag_open(&dg);
	judge_report(&v, &w, &dg.d);
	snprintf(why, size, "the attached record %s: %s", name,
	    ref_diag_text(&dg));
	free(dg.buf);
}

/* Why the attached record p is not of j's board (extend_same_game: the
 * game, GameId and start position of its record) or has a time stamp
 * ahead of the referee's clock, into why ("" if neither). */
static void
ref_part_check(struct ref_job *j, const struct mail_part *p, char *why,
    size_t size)
{
	struct record g;
	struct ref_diag dg;
	const char *id, *game;
	char how[200] = "it does not read";
	int bad;

	why[0] = '\0';
	if (p->len > REF_ATTACH_SIZE) {
		snprintf(why, size, "the attached record %s is larger than "
		    "%d KiB", p->filename != NULL ? p->filename : "",
		    REF_ATTACH_SIZE / 1024);
		return;
	}
	ref_diag_open(&dg);
	dg.d.quiet = 1;
	record_init(&g);
	bad = notation_read_text(p->data, p->len, "attachment", &g, NULL,
	    &dg.d) == -1 || extend_same_game(&j->g, &g, how,
	    sizeof(how)) == -1;
	id = record_tag(&g, "GameId");
	game = record_tag(&g, "Game");
	if (bad)
		snprintf(why, size, "the attached record %s is of %s board "
		    "%s, not of %s board %s (%s)", p->filename != NULL ?
		    p->filename : "", game != NULL ? game : "an unknown",
		    id != NULL ? id : "(none)", j->r->name, j->cmd.board, how);
	else
		ref_part_ahead(j, &g, p->filename != NULL ? p->filename : "",
		    why, size);
	record_free(&g);
	ref_diag_text(&dg);
	free(dg.buf);
}

int
ref_check_attached(struct ref_job *j)
{
	char why[600];
	size_t i, n = 0;

	for (i = 0; i < j->m->nparts; i++) {
		if (!ref_part_record(&j->m->parts[i]))
			continue;
		if (++n > REF_ATTACH_MAX)
			return ref_refuse(j, "too many attached records",
			    NULL, NULL);
		ref_part_check(j, &j->m->parts[i], why, sizeof(why));
		if (why[0] != '\0')
			return ref_refuse(j, "the attached record is not of "
			    "this board, or not of its time", why, "Send the "
			    "request again without "
			    "the attachment, or with the record\nthe referee "
			    "last mailed you for this board.\n");
	}
	return 0;
}

int
ref_user_side(const struct ref_job *j, const char *user)
{
	int s;

	for (s = 0; s < 2; s++)
		if (strcmp(ref_side_user(j, s), user) == 0)
			return s;
	return -1;
}

int
ref_side(struct ref_job *j)
{
	char why[300], extra[300];

	if ((j->side = ref_user_side(j, j->cmd.user)) == -1) {
		snprintf(why, sizeof(why), "%s does not play on board %s",
		    j->cmd.user, j->cmd.board);
		snprintf(extra, sizeof(extra), "The boards of %s: send\n"
		    "    games %s\n", j->cmd.user, j->cmd.user);
		return ref_refuse(j, why, NULL, extra);
	}
	return 0;
}

int
ref_sender_side(const struct ref_job *j)
{
	const struct ref_player *pl;
	int s;

	for (s = 0; s < 2; s++)
		if ((pl = ref_player_find(j->c->players,
		    ref_side_user(j, s))) != NULL && j->m->from != NULL &&
		    strcasecmp(pl->addr, j->m->from) == 0)
			return s;
	return -1;
}

void
ref_clock_load(struct ref_job *j)
{
	struct judge_verdict v;

	judge_clock(&j->clk, &j->g, &j->rp, (long long)j->c->now, &v);
}

/* What to send after a stale request v (a request the board has
 * moved past): the board to look at, then the request at the next ply
 * when it would be accepted now (a move that is legal now: the one
 * sent, else one of the same square), into buf. */
static void
ref_stale_extra(struct ref_job *j, const struct judge_verdict *v,
    char *buf, size_t size)
{
	struct ref_job again = *j;
	struct judge_verdict ok;
	char line[PBEM_TEXT + 4 * PBEM_WORD];
	int fits = 1;

	if (v->act == JUDGE_MOVE && !ref_legal_is(&j->rp, j->cmd.move))
		fits = ref_legal_example(&j->rp, j->cmd.move, again.cmd.move,
		    sizeof(again.cmd.move)) == 0;
	else if (v->act != JUDGE_MOVE)
		fits = replay_act_judge(&j->rp, (enum replay_act)v->act,
		    j->side, &ok) == 0;
	ref_again(&again, v->next, line, sizeof(line));
	snprintf(buf, size, "Nothing was changed.  Look at the board first:\n"
	    "    %s show %s\n", j->r->name, j->cmd.board);
	if (fits)
		snprintf(buf + strlen(buf), size - strlen(buf), "then, if you "
		    "still mean it, send\n    %s\n", line);
}

/* Refuses with v, of the end, the ply or the turn. */
static int
ref_verdict_turn(struct ref_job *j, const struct judge_verdict *v)
{
	char why[300], extra[1400];

	if (v->kind == JUDGE_OVER) {
		snprintf(why, sizeof(why), "the game is over (%s)", v->result);
		snprintf(extra, sizeof(extra), "For a new game, send\n"
		    "    %s challenge %s PASSWORD OPPONENT\n", j->r->name,
		    j->cmd.user);
	} else if (v->kind == JUDGE_STALE) {
		snprintf(why, sizeof(why), "stale request: sent as ply #%lu, "
		    "but the next ply is #%lu", v->ply, v->next);
		ref_stale_extra(j, v, extra, sizeof(extra));
	} else {
		snprintf(why, sizeof(why), "it is %s's turn (%s), not %s's",
		    ref_side_user(j, v->other), j->r->side[v->other],
		    j->cmd.user);
		snprintf(extra, sizeof(extra), "Nothing was changed; you will "
		    "be mailed your opponent's move.\n");
	}
	return ref_refuse(j, why, NULL, extra);
}

/* Why the board's time refuses v: its clock (the referee's keeper's
 * to mend), a loss on time, no clock; into why. */
static void
ref_verdict_time(const struct ref_job *j, const struct judge_verdict *v,
    char *why, size_t size)
{
	const char *tc = record_tag(&j->g, "TimeControl");
	char t[2][TIMEUTC_SIZE];

	judge_times(v, t);
	if (v->kind == JUDGE_NOW_BEHIND)
		snprintf(why, size, "the referee's clock is behind the board's "
		    "last move (the clock says %s, the last move was stamped "
		    "%s); tell the referee's keeper", t[0], t[1]);
	else if (v->kind == JUDGE_TIME_UP)
		snprintf(why, size, "%s (%s) has lost on time: the time for "
		    "this move ran out at %s (TimeControl %s); the referee ends "
		    "the game", j->cmd.user, j->r->side[v->side], t[1],
		    tc != NULL ? tc : "?");
	else if (v->kind == JUDGE_UNTIMED)
		snprintf(why, size, "board %s has no clock: there is no time "
		    "to stop", j->cmd.board);
	else
		snprintf(why, size, "the time of board %s does not add up "
		    "(%s); tell the referee's keeper", j->cmd.board, v->why);
}

/* Refuses with v: in the referee's words, else in the diagnostic's. */
static int
ref_verdict(struct ref_job *j, const struct judge_verdict *v)
{
	struct ref_diag dg;
	char why[400];

	if (v->kind == JUDGE_OVER || v->kind == JUDGE_STALE ||
	    v->kind == JUDGE_NOT_TURN)
		return ref_verdict_turn(j, v);
	if (v->kind == JUDGE_NOW_BEHIND || v->kind == JUDGE_TIME_UP ||
	    v->kind == JUDGE_UNTIMED || v->kind == JUDGE_BAD_CONTROL ||
	    v->kind == JUDGE_BAD_CLOCK) {
		ref_verdict_time(j, v, why, sizeof(why));
		return ref_refuse(j, why, NULL, NULL);
	}
	if (v->kind == JUDGE_NO_LEAVE || v->kind == JUDGE_ON_LEAVE ||
	    v->kind == JUDGE_LEAVE_SPENT) {
		clock_refusal_text(v, why, sizeof(why));
		return ref_refuse(j, "leave refused", why, NULL);
	}
	ref_diag_open(&dg);
	judge_report(v, NULL, &dg.d);
	ref_refuse(j, ref_diag_text(&dg), NULL, NULL);
	free(dg.buf);
	return -1;
}

int
ref_judge(struct ref_job *j, const struct judge_ask *a)
{
	struct judge_verdict v;

	if (judge_play(&j->clk, &j->g, &j->rp, a, (long long)j->c->now,
	    &v) == 0)
		return 0;
	return ref_verdict(j, &v);
}

int
ref_judge_open(struct ref_job *j)
{
	struct judge_ask a = { JUDGE_MOVE, -1, j->cmd.ply, 0 };
	struct judge_verdict v;

	if (judge_open(&j->g, &j->rp, &a, &v) == 0)
		return 0;
	return ref_verdict(j, &v);
}

void
ref_stamp(struct ref_job *j)
{
	if (j->clk.timed)
		ref_need(play_append_stamp(&j->g, j->clk.now));
}

void
ref_cond_drop(struct ref_job *j)
{
	if (j->c->cond == NULL || j->o->cond != NULL)
		return;
	j->o->cond = ref_alloc(strdup(""));
	j->o->cond_len = 0;
}

int
ref_replay_again(struct ref_job *j)
{
	struct replay_opts ro = { NULL, 0, REPLAY_ALL, 0 };
	struct ref_diag dg;
	int rc = 0;

	ref_diag_open(&dg);
	if (replay_run(&j->rp, &j->g, &ro, &dg.d) == -1)
		rc = ref_refuse(j, ref_unread, NULL, ref_diag_text(&dg));
	else
		ref_diag_text(&dg);
	free(dg.buf);
	if (rc == 0)
		ref_clock_load(j);
	return rc;
}
