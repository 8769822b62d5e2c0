/*
 * turns.c - the turns a player takes by mail besides a move: leave
 * (GAME leave BOARD USERID PASSWORD DAYS: the clock of its side stops,
 * within the days a year its time control gives) and conditional moves
 * (GAME queue BOARD USERID PASSWORD X Y ...: pbmserv's queue, as pairs
 * "if the opponent plays X, reply Y", game/cond.h), and the replies of
 * such a list once the opponent moves.
 *
 * A list is private to its owner: it lives in the referee's state
 * (DIR/cond/BOARD, through the outcome's cond), never in the record,
 * and only its owner is mailed it; a reply, once played, is a move of
 * the record like any other.
 *
 * pbmserv's submitted move (GAME submit, then GAME confirm) is as
 * private and lives in the same row, as a first line before the list:
 *     submit USERID PLY EXPIRES MOVE
 * It serves for ply PLY only, until EXPIRES (REF_TOKEN_TIME after the
 * submission): any move makes it stale, and a list kept later drops a
 * stale one.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/timeutc.h"
#include "base/util.h"
#include "game/cond.h"
#include "referee/job.h"

#define REF_COND_BYTES (COND_FEN + COND_MAX * 2 * COND_TEXT + 256)
#define REF_SUBMIT_LINE (2 * PBEM_WORD + 64)

/* A submitted move kept for a board. */
struct ref_submission {
	char user[PBEM_WORD], move[PBEM_WORD];
	unsigned long ply;
	long long expires;
};

/* The list of the row kept for j's board, after the submission line if
 * there is one (s filled, else s->ply 0); NULL when there is no row. */
static const char *
ref_cond_row(const struct ref_job *j, struct ref_submission *s)
{
	const char *row = j->c->cond, *nl;

	memset(s, 0, sizeof(*s));
	if (row == NULL || strncmp(row, "submit ", 7) != 0)
		return row;
	if ((nl = strchr(row, '\n')) == NULL || sscanf(row, "submit %127s "
	    "%lu %lld %127s", s->user, &s->ply, &s->expires, s->move) != 4)
		memset(s, 0, sizeof(*s));
	return nl != NULL ? nl + 1 : "";
}

/* Reads the submission kept for j's board into s: 0 when it is one for
 * the next ply, unexpired; else -1. */
static int
ref_submission_kept(const struct ref_job *j, struct ref_submission *s)
{
	ref_cond_row(j, s);
	return s->ply != 0 && s->ply == j->rp.plies + 1 &&
	    s->expires > (long long)j->c->now ? 0 : -1;
}

/* Puts into the outcome as the board's row the submission line (empty:
 * none) and the list text[0..n). */
static void
ref_cond_put(struct ref_job *j, const char *line, const char *text,
    size_t n)
{
	size_t k = strlen(line);
	char *row = ref_alloc(malloc(k + n + 1));

	memcpy(row, line, k);
	memcpy(row + k, text, n);
	row[k + n] = '\0';
	free(j->o->cond);
	j->o->cond = row;
	j->o->cond_len = k + n;
}

/* The line of the submission kept for j's board into line, if it still
 * serves; "" otherwise. */
static void
ref_submission_line(const struct ref_job *j, char *line, size_t size)
{
	struct ref_submission s;

	line[0] = '\0';
	if (ref_submission_kept(j, &s) == 0)
		snprintf(line, size, "submit %s %lu %lld %s\n", s.user, s.ply,
		    s.expires, s.move);
}

/* Reads the list kept for j's board into c (empty: none, or one that
 * does not read). */
static void
ref_cond_kept(const struct ref_job *j, struct cond *c)
{
	struct ref_submission s;
	const char *list = ref_cond_row(j, &s);

	cond_clear(c);
	if (list != NULL && *list != '\0' && cond_parse(c, j->r, list) == -1)
		cond_clear(c);
}

/* Puts list c into the outcome as the board's from now on (its text
 * fits REF_COND_BYTES, COND_MAX pairs at most: a list that would not is
 * dropped), after the submission kept if it still serves. */
static void
ref_cond_keep(struct ref_job *j, const struct cond *c)
{
	char *text = ref_alloc(malloc(REF_COND_BYTES));
	char line[REF_SUBMIT_LINE];
	int n = 0;

	if (c->side >= 0 && c->n > 0)
		n = cond_format(c, j->r, text, REF_COND_BYTES);
	n = n > 0 ? n : 0;
	ref_submission_line(j, line, sizeof(line));
	ref_cond_put(j, line, text, (size_t)n);
	free(text);
}

void
ref_submission_keep(struct ref_job *j, const char *move, unsigned long ply)
{
	struct ref_submission s;
	const char *list = ref_cond_row(j, &s);
	char line[REF_SUBMIT_LINE];

	snprintf(j->o->board, sizeof(j->o->board), "%s", j->cmd.board);
	snprintf(line, sizeof(line), "submit %s %lu %lld %s\n", j->cmd.user,
	    ply, (long long)j->c->now + REF_TOKEN_TIME, move);
	ref_cond_put(j, line, list != NULL ? list : "", list != NULL ?
	    strlen(list) : 0);
}

int
ref_submission_take(struct ref_job *j, char *move, size_t size)
{
	struct ref_submission s;
	const char *list;

	if (ref_submission_kept(j, &s) == -1 ||
	    strcmp(s.user, j->cmd.user) != 0)
		return -1;
	snprintf(move, size, "%s", s.move);
	snprintf(j->o->board, sizeof(j->o->board), "%s", j->cmd.board);
	list = ref_cond_row(j, &s);
	ref_cond_put(j, "", list, strlen(list));
	return 0;
}

/* Collects a reply played (play_cond_answer's played). */
static void
ref_cond_played(void *ctx, const char *text)
{
	char *buf = ctx;

	util_append(buf, 400, ", ", text);
}

int
ref_cond_answer(struct ref_job *j, char *played, size_t size)
{
	struct cond c;
	char buf[400] = "";
	int n;

	ref_cond_kept(j, &c);
	played[0] = '\0';
	if (c.side < 0)
		return 0;
	n = ref_need(play_cond_answer(&c, &j->rp, &j->g, j->clk.timed,
	    j->clk.now, ref_cond_played, buf));
	snprintf(played, size, "%s", buf);
	if (n == 0 && c.side >= 0)
		return 0;     /* kept as it was: the move was not its */
	ref_cond_keep(j, &c);
	return n;
}

/* ---- leave ---- */

int
ref_leave(struct ref_job *j)
{
	struct judge_ask a = { REPLAY_LEAVE, j->side, j->cmd.ply,
	    j->cmd.days };
	char intro[400], until[TIMEUTC_SIZE];

	if (ref_judge(j, &a) == -1)
		return -1;
	ref_need(play_append_leave(&j->rp, &j->g, j->side, j->cmd.days));
	ref_stamp(j);
	if (timeutc_format(j->clk.now + (long long)j->cmd.days * TIMEUTC_DAY,
	    until, sizeof(until)) == -1)
		snprintf(until, sizeof(until), "?");
	snprintf(intro, sizeof(intro), "%s (%s) takes %lu days of leave, "
	    "until %s: the clock of %s stops meanwhile, or until %s moves.",
	    j->cmd.user, j->r->side[j->side], j->cmd.days, until,
	    j->r->side[j->side], j->cmd.user);
	snprintf(j->o->summary, sizeof(j->o->summary), "board %s: leave of "
	    "%lu days by %s", j->cmd.board, j->cmd.days, j->cmd.user);
	return ref_changed(j, NULL, intro, 1);
}

/* ---- queue ---- */

/* Reads the moves of j's queue into c, from the position on the
 * board; -1 after refusing. */
static int
ref_queue_read(struct ref_job *j, struct cond *c)
{
	char buf[PBEM_TEXT], why[300], *tok, *save = NULL;
	const char *texts[2 * COND_MAX + 1];
	size_t n = 0;

	snprintf(buf, sizeof(buf), "%s", j->cmd.text);
	for (tok = strtok_r(buf, " ", &save); tok != NULL &&
	    n < 2 * COND_MAX + 1; tok = strtok_r(NULL, " ", &save))
		texts[n++] = tok;
	if (cond_set(c, &j->rp, texts, n, why, sizeof(why)) == 0)
		return 0;
	return ref_refuse(j, "the conditional moves are refused", why,
	    "Nothing was changed.  Send the pairs \"X Y\": your opponent's "
	    "move X, then\nyour reply Y, each legal in turn from the board "
	    "now.\n");
}

/* The text of list c for its owner: "if bob plays 23-19, you reply
 * 8-11; then ...", into buf. */
static void
ref_queue_text(const struct ref_job *j, const struct cond *c, char *buf,
    size_t size)
{
	const char *opp = ref_side_user(j, !c->side);
	size_t i;
	int n;

	buf[0] = '\0';
	for (i = 0; i < c->n; i++) {
		n = (int)strlen(buf);
		snprintf(buf + n, size - (size_t)n, "%s%s plays %s, you reply "
		    "%s", i == 0 ? "If " : ";\nthen if ", opp, c->move[i][0],
		    c->move[i][1]);
	}
	util_append(buf, size, "", ".");
}

/* The mail to the owner of a list: it alone is told. */
static int
ref_queue_mail(struct ref_job *j, const struct cond *c)
{
	const struct ref_player *pl = ref_player_find(j->c->players,
	    j->cmd.user);
	char subject[300], list[2 * COND_MAX * (2 * COND_TEXT + 64)];
	char *text;

	if (pl == NULL)
		return 0;
	if (c->n == 0)
		snprintf(list, sizeof(list), "You have no conditional moves "
		    "on this board now.");
	else
		ref_queue_text(j, c, list, sizeof(list));
	text = ref_text("Your conditional moves on %s board %s, ply "
	    "%lu on:\n\n%s\n\nThey are private: your opponent is not told, "
	    "and the record does not hold\nthem.  A reply is played as soon "
	    "as its move comes; any other move drops\nthe whole list.  To "
	    "drop it yourself, mail %s the subject\n    %s queue %s %s "
	    "PASSWORD\n", j->r->title, j->cmd.board, j->rp.plies + 1, list,
	    j->c->referee, j->r->name, j->cmd.board, j->cmd.user);
	snprintf(subject, sizeof(subject), "%s board %s: your conditional "
	    "moves", j->r->name, j->cmd.board);
	ref_push_text(j, pl->addr, subject, text);
	free(text);
	return 0;
}

int
ref_queue(struct ref_job *j)
{
	struct cond c;
	char why[300];

	if (ref_judge_open(j) == -1)
		return -1;
	if (j->side == j->rp.pos.turn) {
		snprintf(why, sizeof(why), "it is your turn (ply %lu): play "
		    "your move; conditional moves answer your opponent's, "
		    "after yours", j->rp.plies + 1);
		return ref_refuse(j, "it is your turn", why, NULL);
	}
	cond_clear(&c);
	if (j->cmd.text[0] != '\0' && ref_queue_read(j, &c) == -1)
		return -1;
	ref_cond_keep(j, &c);
	j->o->status = REF_APPLIED;
	snprintf(j->o->board, sizeof(j->o->board), "%s", j->cmd.board);
	snprintf(j->o->summary, sizeof(j->o->summary), "board %s: %zu "
	    "conditional moves of %s kept", j->cmd.board, c.n, j->cmd.user);
	return ref_queue_mail(j, &c);
}
