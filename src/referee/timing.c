/*
 * timing.c - the time pass of the referee on one board (referee.h,
 * ref_decide_time): its clock at the time of the run (game/clock.h),
 * and what it calls for.  The side to move that has lost on time loses
 * the game by forfeit: the other side's claim on time is added to the
 * record, stamped, with its result and Termination "time forfeit", and
 * both players (and the watchers) are mailed the end.  Else a reminder
 * due is mailed to the player to move alone.
 *
 * A request refused under a lock or throttle that may have refused the
 * player herself stops her clock on its board (ref_login_clock).
 *
 * Each event has a key of its own (the board, the start of the turn,
 * the reminder's number), so that the journal (state.h) sends it once
 * however often the pass runs or is killed: a reminder due since the
 * last pass is not sent again, a later one is.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/timeutc.h"
#include "base/util.h"
#include "referee/job.h"

void
ref_time_key(const char *what, char key[REF_KEY])
{
	ref_need(REF_HASH_MODULE->raw_key(what, strlen(what), key));
}

/* The time control of j's board, as its record names it. */
static const char *
ref_time_control(const struct ref_job *j)
{
	const char *tc = record_tag(&j->g, "TimeControl");

	return tc != NULL ? tc : "-";
}

/* Ends j's game by forfeit of the side on the clock. */
static int
ref_forfeit(struct ref_job *j, char key[REF_KEY])
{
	const struct clock *ck = &j->clk.ck;
	int loser = ck->on, winner = !ck->on;
	struct judge_ask a = { REPLAY_CLAIM_TIME, winner, 0, 0 };
	struct judge_verdict v;
	char what[200], intro[600], when[TIMEUTC_SIZE];

	if (judge_play(&j->clk, &j->g, &j->rp, &a, (long long)j->c->now,
	    &v) == -1)
		return 0;     /* the clock and the record disagree: wait */
	replay_act_apply(&j->rp, REPLAY_CLAIM_TIME, winner);
	snprintf(what, sizeof(what), "forfeit %s %lld", j->cmd.board,
	    ck->since);
	ref_time_key(what, key);
	if (timeutc_format(ck->runs_out, when, sizeof(when)) == -1)
		snprintf(when, sizeof(when), "?");
	ref_need(play_append_action(&j->rp, &j->g, REPLAY_CLAIM_TIME, winner));
	ref_stamp(j);
	snprintf(intro, sizeof(intro), "%s (%s) has lost on time: the time "
	    "for ply %lu ran out at %s (TimeControl %s).  The referee ends "
	    "the game: %s (%s) wins by forfeit.", ref_side_user(j, loser),
	    j->r->side[loser], j->rp.plies + 1, when, ref_time_control(j),
	    ref_side_user(j, winner), j->r->side[winner]);
	snprintf(j->o->summary, sizeof(j->o->summary), "board %s: time "
	    "forfeit, %s lost on time, %s wins", j->cmd.board,
	    ref_side_user(j, loser), ref_side_user(j, winner));
	return ref_changed(j, NULL, intro, 1);
}

/* Stops the clock of cmd.user on j's board until j->stop_until
 * (ref_login_clock). */
static void
ref_stop_clock(struct ref_job *j)
{
	const struct clock_side *s;
	char *msg = NULL, until[TIMEUTC_SIZE], more[400];
	int side;

	if (ref_replay_text(j->c->record, j->c->record_len, j->cmd.board,
	    REPLAY_ALL, &j->g, &j->rp, &msg) == -1) {
		free(msg);
		return;
	}
	j->r = j->rp.r;
	ref_clock_load(j);
	side = ref_user_side(j, j->cmd.user);
	if (side < 0 || !j->clk.ready || j->clk.ck.on != side)
		return;
	s = &j->clk.ck.side[side];
	if ((s->stop_from >= 0 && s->stop_from <= j->c->now &&
	    s->stop_until >= j->stop_until) ||
	    timeutc_format(j->stop_until, until, sizeof(until)) == -1)
		return;
	ref_need(play_append_stop(&j->rp, &j->g, side, j->c->now,
	    j->stop_until));
	snprintf(j->o->board, sizeof(j->o->board), "%s", j->cmd.board);
	j->o->record = ref_record_text(&j->g, &j->o->record_len);
	snprintf(more, sizeof(more), "; the clock of %s on board %s stopped "
	    "until %s", j->cmd.user, j->cmd.board, until);
	util_append(j->o->summary, sizeof(j->o->summary), "", more);
}

int
ref_login_clock(struct ref_job *j)
{
	if (ref_login(j) == 0)
		return 0;
	if (j->stop_until > j->c->now && j->c->record != NULL &&
	    ref_player_find(j->c->players, j->cmd.user) != NULL)
		ref_stop_clock(j);
	return -1;
}

/* The reminders of j's clock at the interval its player on the move
 * chose (ref_notify_remind), when she chose one: the reminders due
 * (j->clk.c.nremind 0: counted without end), the next. */
static void
ref_remind_chosen(struct ref_job *j)
{
	struct clock *ck = &j->clk.ck;
	long long every = ref_notify_remind(j->c, ref_side_user(j, ck->on));

	if (every < 0)
		return;
	j->clk.c.nremind = 0;
	ck->remind = every > 0 ? (unsigned)(ck->thinking / every) : 0;
	ck->remind_next = every > 0 ? (long long)j->c->now + every -
	    ck->thinking % every : -1;
}

/* Mails the player on the clock of j's board reminder n. */
static int
ref_remind(struct ref_job *j, char key[REF_KEY])
{
	const struct clock *ck = &j->clk.ck;
	const struct ref_player *pl;
	struct ref_reader rd;
	char what[200], intro[600], span[64], title[64], of[32] = "";
	unsigned n = ck->remind;

	pl = ref_player_find(j->c->players, ref_side_user(j, ck->on));
	if (pl == NULL)
		return 0;
	snprintf(what, sizeof(what), "remind %s %lld %u", j->cmd.board,
	    ck->since, n);
	ref_time_key(what, key);
	if (timeutc_span(ck->thinking, span, sizeof(span)) < 0)
		snprintf(span, sizeof(span), "?");
	snprintf(title, sizeof(title), "Reminder %u:", n);
	if (j->clk.c.nremind > 0)
		snprintf(of, sizeof(of), " of %u", j->clk.c.nremind);
	snprintf(intro, sizeof(intro), "Reminder %u%s: it has been your "
	    "turn on board %s for %s.", n, of, j->cmd.board, span);
	memset(&rd, 0, sizeof(rd));
	rd.side = ck->on;
	rd.you = pl->user;
	rd.title = title;
	rd.intro = intro;
	j->o->status = REF_ANSWERED;
	snprintf(j->o->summary, sizeof(j->o->summary), "board %s: reminder "
	    "%u to %s (ply %lu, %s on the move)", j->cmd.board, n, pl->user,
	    j->rp.plies + 1, span);
	return ref_tell(j, pl->addr, &rd);
}

/* The time pass on board, whose record is j->c->record. */
static int
ref_time_board(struct ref_job *j, const char *board, char key[REF_KEY])
{
	char *msg = NULL;

	snprintf(j->cmd.board, sizeof(j->cmd.board), "%s", board);
	if (ref_replay_text(j->c->record, j->c->record_len, board, REPLAY_ALL,
	    &j->g, &j->rp, &msg) == -1) {
		snprintf(j->o->summary, sizeof(j->o->summary), "board %s: no "
		    "time pass, the record does not read", board);
		free(msg);
		return 0;
	}
	j->r = j->rp.r;
	snprintf(j->cmd.game, sizeof(j->cmd.game), "%s", j->r->name);
	ref_clock_load(j);
	if (!j->clk.ready || j->clk.ck.on < 0)
		return 0;	/* untimed, set back, not adding up, or over */
	if (j->clk.ck.lost)
		return ref_forfeit(j, key);
	ref_remind_chosen(j);
	if (j->clk.ck.remind > 0)
		return ref_remind(j, key);
	return 0;
}

void
ref_job_open(struct ref_job *j, const struct ref_ctx *c,
    struct ref_outcome *o, struct ref_letter *none)
{
	memset(none, 0, sizeof(*none));
	memset(j, 0, sizeof(*j));
	memset(o, 0, sizeof(*o));
	j->c = c;
	j->o = o;
	j->l = none;
	j->m = &none->m;
	j->side = -1;
	record_init(&j->g);
}

void
ref_job_close(struct ref_job *j)
{
	record_free(&j->g);
	free(j->pic[0].png);
	free(j->pic[1].png);
}

int
ref_decide_time(const char *board, const struct ref_ctx *c,
    struct ref_outcome *o, char key[REF_KEY])
{
	struct ref_letter none;
	struct ref_job j;

	ref_job_open(&j, c, o, &none);
	key[0] = '\0';
	ref_time_board(&j, board, key);
	ref_job_close(&j);
	return 0;
}

long long
ref_due_time(const char *board, const char *text, size_t len,
    const struct ref_ctx *c)
{
	struct ref_outcome o;
	struct ref_letter none;
	struct ref_job j;
	const struct clock *ck = &j.clk.ck;
	char *msg = NULL;
	long long due = -1;

	if (text == NULL)
		return -1;
	ref_job_open(&j, c, &o, &none);
	snprintf(j.cmd.board, sizeof(j.cmd.board), "%s", board);
	if (ref_replay_text(text, len, board, REPLAY_ALL, &j.g, &j.rp,
	    &msg) == 0) {
		j.r = j.rp.r;
		ref_clock_load(&j);
		if (!j.clk.ready && j.clk.timed &&
		    clock_last_stamp(&j.g) > (long long)c->now)
			due = clock_last_stamp(&j.g);   /* the clock behind */
		if (j.clk.ready && ck->on >= 0) {
			ref_remind_chosen(&j);
			if (ck->runs_out >= 0)
				due = ck->runs_out + 1;
			if (ck->remind_next >= 0 && (due == -1 ||
			    ck->remind_next < due))
				due = ck->remind_next;
		}
	}
	free(msg);
	ref_job_close(&j);
	return due;
}
