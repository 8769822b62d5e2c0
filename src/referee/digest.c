/*
 * digest.c - a player's choice of mails, by mail (notify, remind; kept
 * in the store's notify table with the plan that answers them), and the
 * daily digest of the time pass: one mail listing every board where it
 * is her turn, with its time left and the subjects to see and play it.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "base/timeutc.h"
#include "base/util.h"
#include "referee/job.h"

#define REF_REMIND_MAX (366 * 86400LL)   /* the longest interval */

long long
ref_digest_next(int hour, time_t now)
{
	long long t = (long long)now - (long long)now % 86400 + hour * 3600LL;

	return t > (long long)now ? t : t + 86400;
}

/* Reads "H", "HH" or "HH:00", and an optional "UTC", 0-23, into *hour;
 * -1 when it is none of them. */
static int
ref_hour_read(const char *s, int *hour)
{
	char *end;
	long h;

	errno = 0;
	h = strtol(s, &end, 10);
	if (end == s || end - s > 2 || errno != 0 || h < 0 || h > 23)
		return -1;
	if (strncmp(end, ":00", 3) == 0)
		end += 3;
	if (strcasecmp(end, " UTC") == 0 || strcasecmp(end, "UTC") == 0)
		end += strlen(end);
	*hour = (int)h;
	return *end == '\0' ? 0 : -1;
}

/* Reads "off", "game", or an interval "Nd" or "Nh" (REF_REMIND_MIN to
 * REF_REMIND_MAX) into *every (0, -1, seconds); -1 when it is none. */
static int
ref_interval_read(const char *s, long long *every)
{
	char *end;
	unsigned long n;

	*every = strcasecmp(s, "game") == 0 ? -1 : 0;
	if (*every == -1 || strcasecmp(s, "off") == 0 ||
	    strcasecmp(s, "none") == 0)
		return 0;
	errno = 0;
	n = strtoul(s, &end, 10);
	if (end == s || *s == '-' || errno != 0 || n > 366 * 24 ||
	    end[0] == '\0' || end[1] != '\0' || strchr("dDhH", end[0]) == NULL)
		return -1;
	*every = (long long)n * (strchr("dD", end[0]) != NULL ? 86400 : 3600);
	return *every >= REF_REMIND_MIN && *every <= REF_REMIND_MAX ? 0 : -1;
}

/* The player of j's userid, logged in, into *n with her setting (the
 * defaults when she chose none).  -1 after refusing. */
static int
ref_notify_login(struct ref_job *j, struct ref_notify *n)
{
	const struct ref_notify *was;

	if (ref_login(j) == -1)
		return -1;
	if (ref_player_find(j->c->players, j->cmd.user) == NULL)
		return ref_refuse(j, "no player has this userid", NULL, NULL);
	memset(n, 0, sizeof(*n));
	snprintf(n->user, sizeof(n->user), "%s", j->cmd.user);
	n->hour = n->next = n->remind = -1;
	if ((was = ref_notify_of(j->c, j->cmd.user)) != NULL)
		*n = *was;
	return 0;
}

/* Keeps setting n (the outcome's) and tells the sender; 0. */
static int
ref_notify_keep(struct ref_job *j, const struct ref_notify *n)
{
	struct ref_ctx shown = *j->c;
	const struct ref_ctx *c = j->c;
	char subject[PBEM_WORD + 64], q[300];
	struct ref_doc d;

	j->o->notify = *n;
	j->o->notify.next = n->hour >= 0 ? ref_digest_next(n->hour,
	    c->now) : -1;
	j->o->notify_set = 1;
	shown.notify[0] = j->o->notify;
	shown.nnotify = 1;
	snprintf(subject, sizeof(subject), "stackref referee: the mails of "
	    "%s", n->user);
	ref_doc_open(&d, c->referee, subject, 1);
	j->c = &shown;
	ref_notify_text(j, &d, n->user);
	j->c = c;
	snprintf(j->o->summary, sizeof(j->o->summary), "mails of %s: digest "
	    "hour %d, reminders %lld, to %s", n->user, n->hour, n->remind,
	    util_quote(j->m->from, q, sizeof(q)));
	ref_answer_doc(j, subject, &d);
	j->o->status = REF_APPLIED;
	return 0;
}

/* Refuses j's setting, saying what would be accepted. */
static int
ref_notify_refuse(struct ref_job *j, const char *expected)
{
	char detail[PBEM_TEXT + 200], extra[600];

	snprintf(detail, sizeof(detail), "\"%s\" is not a setting: expected "
	    "%s", j->cmd.text, expected);
	snprintf(extra, sizeof(extra), "Send instead one of:\n    %s\n",
	    pbem_syntax(j->cmd.verb) + strlen("syntax is "));
	return ref_refuse(j, "the setting does not read", detail, extra);
}

int
ref_notify(struct ref_job *j)
{
	struct ref_notify n;
	const char *t = j->cmd.text;

	if (ref_notify_login(j, &n) == -1)
		return -1;
	if (strcasecmp(t, "each") == 0)
		n.hour = -1;
	else if (strncasecmp(t, "digest ", 7) != 0 ||
	    ref_hour_read(t + 7, &n.hour) == -1)
		return ref_notify_refuse(j, "each, or digest and an hour of "
		    "the day from 0 to 23 (UTC), as digest 7");
	return ref_notify_keep(j, &n);
}

int
ref_remind_set(struct ref_job *j)
{
	struct ref_notify n;

	if (ref_notify_login(j, &n) == -1)
		return -1;
	if (ref_interval_read(j->cmd.text, &n.remind) == -1)
		return ref_notify_refuse(j, "an interval from 1h to 366d in "
		    "hours or days (12h, 2d), off (none), or game (as each "
		    "board's time control says)");
	return ref_notify_keep(j, &n);
}

/* Writes the words of s into d, wrapped. */
static void
ref_doc_words(struct ref_doc *d, const char *s)
{
	char w[PBEM_TEXT];

	while (ref_word(&s, w, sizeof(w)) == 0)
		ref_doc_word(d, w);
}

/* Lists board b into d when it is user's turn there (1), else 0;
 * listed: it is counted but not written. */
static int
ref_digest_board(struct ref_job *j, struct ref_doc *d,
    const struct ref_board_file *b, const char *user, int listed)
{
	const char *res, *why;
	char *msg = NULL, left[64], line[3 * PBEM_WORD + 200];
	int me;

	record_free(&j->g);
	record_init(&j->g);
	if (b->text == NULL || ref_replay_text(b->text, b->len, b->board,
	    REPLAY_ALL, &j->g, &j->rp, &msg) == -1) {
		free(msg);
		return 0;
	}
	j->r = j->rp.r;
	me = ref_user_side(j, user);
	if (me < 0 || j->rp.pos.turn != me || play_over(&j->rp, &j->g, &res,
	    &why))
		return 0;
	if (!listed)
		return 1;
	snprintf(j->cmd.board, sizeof(j->cmd.board), "%s", b->board);
	ref_clock_load(j);
	snprintf(left, sizeof(left), "no time limit");
	if (j->clk.ready && j->clk.ck.on == me && j->clk.ck.runs_out >= 0 &&
	    timeutc_span(j->clk.ck.runs_out - (long long)j->c->now + 1, left,
	    sizeof(left) - 5) >= 0)
		strcat(left, " left");
	snprintf(line, sizeof(line), "board %s, %s: you (%s) v %s (%s), ply "
	    "%lu; %s.", b->board, j->r->name, j->r->side[me],
	    ref_side_user(j, !me), j->r->side[!me], j->rp.plies + 1, left);
	ref_doc_words(d, line);
	snprintf(line, sizeof(line), "%s show %s", j->r->name, b->board);
	ref_doc_cmd(d, line);
	snprintf(line, sizeof(line), "%s move %s %s PASSWORD MOVE#%lu",
	    j->r->name, b->board, user, j->rp.plies + 1);
	ref_doc_cmd(d, line);
	return 1;
}

/* The boards of c->boards where it is user's turn into d, at most max
 * of them; how many there are. */
static size_t
ref_digest_list(struct ref_job *j, struct ref_doc *d, const char *user,
    size_t max)
{
	size_t i, n = 0;

	for (i = 0; i < j->c->nboards; i++)
		n += (size_t)ref_digest_board(j, d, &j->c->boards[i], user,
		    n < max);
	return n;
}

/* Mails player pl the digest of j's boards; the boards listed. */
static size_t
ref_digest_mail(struct ref_job *j, const struct ref_player *pl,
    const struct ref_notify *n)
{
	const struct ref_ctx *c = j->c;
	size_t max = c->limits.boards > 0 ? c->limits.boards :
	    REF_BOARDS_USER, count;
	char subject[PBEM_WORD + 80], *html;
	const char *to = pl->addr;
	struct ref_body body = { NULL, NULL, NULL, 0 };
	struct ref_doc d;

	ref_doc_open(&d, c->referee, "stackref referee: your turn", 1);
	ref_doc_p(&d, "Your daily digest (%02d:00 UTC), %s: the boards\n"
	    "where it is your turn, the one waiting longest first.", n->hour,
	    pl->user);
	if ((count = ref_digest_list(j, &d, pl->user, max)) > max)
		ref_doc_p(&d, "And %zu more: games %s lists them.", count - max,
		    pl->user);
	ref_notify_text(j, &d, pl->user);
	ref_doc_close(&d, (char **)&body.text, &html);
	body.html = html;
	snprintf(subject, sizeof(subject), "stackref referee: your turn on "
	    "%zu board%s", count, count == 1 ? "" : "s");
	if (count > 0)
		ref_push(j, &to, 1, subject, &body);
	free((char *)body.text);
	free(html);
	return count;
}

int
ref_decide_digest(const struct ref_ctx *c, struct ref_outcome *o,
    char key[REF_KEY])
{
	const struct ref_notify *n = &c->notify[0];
	const struct ref_player *pl;
	struct ref_letter none;
	struct ref_job j;
	char what[PBEM_WORD + 64];
	size_t count;

	ref_job_open(&j, c, o, &none);
	key[0] = '\0';
	pl = c->nnotify > 0 ? ref_player_find(c->players, n->user) : NULL;
	if (pl != NULL && n->hour >= 0 &&
	    (count = ref_digest_mail(&j, pl, n)) > 0) {
		snprintf(what, sizeof(what), "digest %s %lld", n->user,
		    n->next);
		ref_time_key(what, key);
		o->status = REF_ANSWERED;
		snprintf(o->summary, sizeof(o->summary), "digest to %s: %zu "
		    "board%s to play", n->user, count, count == 1 ? "" : "s");
	}
	ref_job_close(&j);
	return 0;
}
