/*
 * decide.c - what the referee decides for one mail: read the command
 * in its Subject (pbem.h), find its verb in the table below, check who
 * sends it (the password, before anything costly) and what the verb
 * needs (the board's record, the player's side, the attached records),
 * put what it plays to the judge (game/judge.h: the #N guard, the turn,
 * the clock, ...), then do it: play a move, take an action, keep a chat
 * in the record, show or preview a board (the verbs on a board are
 * here; the others have files of their own, see job.h); or refuse,
 * telling the sender why.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "base/util.h"
#include "referee/job.h"


void
ref_letter_read(const char *raw, size_t len, struct ref_letter *l)
{
	const char *why = NULL;

	memset(l, 0, sizeof(*l));
	l->raw = raw;
	l->len = len;
	if (mail_parse(raw, len, &l->m, &l->bad) == -1)
		return;
	if (l->m.subject == NULL)
		l->cmd_why = "no command in the Subject line";
	else if ((l->own = ref_own_subject(l->m.subject)))
		l->cmd_why = "the Subject is one the referee wrote";
	else if (pbem_parse(l->m.subject, &l->cmd, &why) == -1)
		l->cmd_why = why != NULL ? why :
		    "no command in the Subject line";
}

void
ref_letter_header(const char *raw, size_t len, struct ref_letter *l)
{
	const char *p = raw, *end;
	size_t n;

	if (len > 65536)
		len = 65536;
	end = raw + len;
	while (p < end && (p = memchr(p, '\n', (size_t)(end - p))) != NULL) {
		p++;
		if (p < end && (*p == '\n' || (*p == '\r' && p + 1 < end &&
		    p[1] == '\n')))
			break;
	}
	n = p != NULL && p < end ? (size_t)(p - raw) : len;
	ref_letter_read(raw, n, l);
}

void
ref_letter_free(struct ref_letter *l)
{
	mail_in_free(&l->m);
}

int
ref_wanted_board(const struct ref_letter *l, char board[PBEM_WORD])
{
	if (l->bad != NULL || l->cmd_why != NULL ||
	    !(pbem_verb_has(l->cmd.verb) & PBEM_HAS_BOARD) || !ref_board_ok(l->cmd.board))
		return 0;
	memcpy(board, l->cmd.board, PBEM_WORD);
	return 1;
}

/* The diagnostic text of dg without the list of legal moves its
 * message ends with, if it has one (the referee writes its own). */
static const char *
ref_cut_list(struct ref_diag *dg)
{
	static const enum diag_id listed[] = { DIAG_ILLEGAL_MOVE,
	    DIAG_BAD_TYPED_MOVE };
	char *text = (char *)ref_diag_text(dg), *at, words[128];
	const char *mark;
	size_t i;

	for (i = 0; i < sizeof(listed) / sizeof(listed[0]); i++) {
		if (dg->d.counts[listed[i]] == 0 ||
		    (mark = strstr(diag_format(listed[i]), "%s;")) == NULL)
			continue;
		/* the words between the last two arguments: "; legal moves: " */
		snprintf(words, sizeof(words), "%.*s", (int)strcspn(mark + 2,
		    "%"), mark + 2);
		if ((at = strstr(text, words)) != NULL)
			*at = '\0';
	}
	return text;
}

/* What a refused move's sender may send: the legal moves (those of
 * the square the move named, when it names one) and the subject with
 * one of them, into buf. */
static void
ref_legal_extra(const struct ref_job *j, char *buf, size_t size)
{
	struct pbem_cmd c = j->cmd;
	char list[2048], line[PBEM_TEXT], square[32] = "";
	enum ref_legal_kind k;

	k = ref_legal_text(&j->rp, j->cmd.move, list, sizeof(list));
	if (k == REF_LEGAL_OF)
		snprintf(square, sizeof(square), " from %.*s", (int)strcspn(
		    list, ":-x"), list);
	if (k == REF_LEGAL_COUNTED)
		snprintf(list + strlen(list), sizeof(list) - strlen(list),
		    ".\nFor the moves from one square, send\n    %s preview "
		    "%s SQUARE", j->r->name, j->cmd.board);
	if (ref_legal_example(&j->rp, j->cmd.move, c.move,
	    sizeof(c.move)) == -1) {
		snprintf(buf, size, "There is no legal move.\n");
		return;
	}
	if (c.password[0] != '\0')
		snprintf(c.password, sizeof(c.password), "PASSWORD");
	c.ply = j->rp.plies + 1;
	if (pbem_format(&c, line, sizeof(line)) < 0)
		line[0] = '\0';
	snprintf(buf, size, "The legal moves%s: %s\n\nSend the subject again "
	    "with one of the legal moves, for example:\n    %s\n", square,
	    list, line);
}

/* Plays the command's move on j's board, its text into text; -1 after
 * refusing it as illegal, with the legal moves and an example. */
static int
ref_play(struct ref_job *j, char *text, size_t size)
{
	struct ref_diag dg;
	char extra[3000];
	int rc = 0;

	ref_diag_open(&dg);
	if (replay_ply(&j->rp, j->cmd.move, NULL, &dg.d, NULL) == -1) {
		ref_legal_extra(j, extra, sizeof(extra));
		rc = ref_refuse(j, "illegal move", ref_cut_list(&dg), extra);
	} else
		ref_diag_text(&dg);
	free(dg.buf);
	if (rc == 0)
		ref_need(play_append_move(&j->rp, &j->g, text, size));
	return rc;
}

/* GAME move BOARD USERID PASSWORD MOVE[#N]: the move, stamped on a
 * timed board, then the replies of the conditional moves kept. */
static int
ref_move(struct ref_job *j)
{
	char text[256], intro[800], replies[400];
	struct judge_ask a = { JUDGE_MOVE, j->side, j->cmd.ply, 0 };
	int n;

	if (ref_judge(j, &a) == -1 || ref_play(j, text, sizeof(text)) == -1)
		return -1;
	ref_stamp(j);
	n = ref_cond_answer(j, replies, sizeof(replies));
	snprintf(intro, sizeof(intro), "%s (%s) played %s.", j->cmd.user,
	    j->r->side[j->side], text);
	snprintf(j->o->summary, sizeof(j->o->summary), "board %.32s: ply "
	    "%lu %.200s by %.128s", j->cmd.board, j->rp.plies - n, text,
	    j->cmd.user);
	if (n > 0) {
		snprintf(intro + strlen(intro), sizeof(intro) - strlen(intro),
		    "\n%s's conditional %s played at once: %s.",
		    ref_side_user(j, !j->side), n > 1 ? "replies were" :
		    "reply was", replies);
		util_append(j->o->summary, sizeof(j->o->summary), ", ",
		    "conditional replies played");
	}
	return ref_changed(j, NULL, intro, 1);
}

/* The correspondence action of verb v. */
static enum replay_act
ref_act(enum pbem_verb v)
{
	switch (v) {
	case PBEM_OFFER_DRAW:
		return REPLAY_OFFER_DRAW;
	case PBEM_ACCEPT_DRAW:
		return REPLAY_ACCEPT_DRAW;
	case PBEM_DECLINE_DRAW:
		return REPLAY_DECLINE_DRAW;
	case PBEM_REQUEST_UNDO:
		return REPLAY_REQUEST_UNDO;
	case PBEM_ACCEPT_UNDO:
		return REPLAY_ACCEPT_UNDO;
	case PBEM_DECLINE_UNDO:
		return REPLAY_DECLINE_UNDO;
	default:
		return REPLAY_RESIGN;
	}
}

/* The action j's command takes: as pbmserv's, accept and reject
 * answer the request pending, a request to take back moves when no
 * draw is offered. */
static enum replay_act
ref_act_of(const struct ref_job *j)
{
	enum replay_act act = ref_act(j->cmd.verb);

	if (j->rp.offer >= 0 || j->rp.undo < 0)
		return act;
	if (act == REPLAY_ACCEPT_DRAW)
		return REPLAY_ACCEPT_UNDO;
	return act == REPLAY_DECLINE_DRAW ? REPLAY_DECLINE_UNDO : act;
}

/* Appends action act of j's side, stamped; an accepted undo takes the
 * moves back (play_accept_undo), replays the game in force and drops
 * the conditional moves kept.  -1 after refusing (ref_replay_again). */
static int
ref_act_append(struct ref_job *j, enum replay_act act)
{
	ref_need(play_append_act(&j->rp, &j->g, act, j->side, 0));
	ref_stamp(j);
	if (act != REPLAY_ACCEPT_UNDO)
		return 0;
	if (ref_replay_again(j) == -1)
		return -1;
	ref_cond_drop(j);
	return 0;
}

/* resign, and move propose|accept|reject|resign|undo|accept-undo|
 * reject-undo */
static int
ref_action(struct ref_job *j)
{
	enum replay_act act = ref_act_of(j);
	struct judge_ask a = { (int)act, j->side, j->cmd.ply, 0 };
	const struct line *l = &j->g.main;
	char intro[1000], words[800];
	size_t i;

	if (ref_judge(j, &a) == -1)
		return -1;
	replay_act_apply(&j->rp, act, j->side);
	if (ref_act_append(j, act) == -1)
		return -1;
	for (i = l->n; i > 0 && l->elems[i - 1].kind != ELEM_ACTION; i--)
		continue;
	snprintf(intro, sizeof(intro), "%s (%s): %s", j->cmd.user,
	    j->r->side[j->side], i > 0 ? ref_action_text(j, l, i - 1, words,
	    sizeof(words)) : replay_act_name(act));
	snprintf(j->o->summary, sizeof(j->o->summary), "board %s: %s by %s",
	    j->cmd.board, replay_act_name(act), j->cmd.user);
	return ref_changed(j, NULL, intro, 1);
}

/* Whether line s of a mail's body ends what a chat takes from it: a
 * signature, a quote, the line before a quote. */
static int
ref_chat_end(const char *s, size_t n)
{
	return (n == 3 && memcmp(s, "-- ", 3) == 0) || (n == 2 &&
	    memcmp(s, "--", 2) == 0) || (n > 0 && s[0] == '>') ||
	    (n > 6 && memcmp(s + n - 6, "wrote:", 6) == 0);
}

/* The text of a chat: the command's, else the body up to a signature
 * or a quote; lines joined, cleaned (valid UTF-8, no control, no
 * braces), at most REF_CHAT_MAX bytes, into buf. */
static void
ref_chat_text(const struct ref_job *j, char *buf, size_t size)
{
	char raw[4 * REF_CHAT_MAX], *c;
	const char *s = j->cmd.text[0] != '\0' ? j->cmd.text : j->m->text;
	size_t n, len = 0;

	for (; s != NULL && *s != '\0' && len + 2 < sizeof(raw); s += n +
	    (s[n] == '\n')) {
		n = strcspn(s, "\n");
		if (ref_chat_end(s, n > 0 && s[n - 1] == '\r' ? n - 1 : n))
			break;
		len += (size_t)snprintf(raw + len, sizeof(raw) - len, "%s%.*s",
		    len > 0 ? " " : "", (int)n, s);
	}
	raw[len < sizeof(raw) ? len : sizeof(raw) - 1] = '\0';
	util_text_clean(raw, buf, size);
	for (c = buf; *c != '\0'; c++)
		if (*c == '{' || *c == '}')
			*c = *c == '{' ? '(' : ')';
	for (n = strlen(buf); n > 0 && buf[n - 1] == ' '; n--)
		buf[n - 1] = '\0';
}

/* GAME chat BOARD USERID PASSWORD TEXT: a comment kept in the record
 * after the last ply, to both players. */
static int
ref_chat(struct ref_job *j)
{
	char text[REF_CHAT_MAX + 1], comment[REF_CHAT_MAX + PBEM_WORD + 4];
	char intro[sizeof(comment) + 64];
	const char *t;
	struct elem *e;

	ref_chat_text(j, text, sizeof(text));
	t = text + strspn(text, " ");
	if (*t == '\0')
		return ref_refuse(j, "the chat says nothing: write the text "
		    "after the password, or in the body of the mail", NULL,
		    NULL);
	snprintf(comment, sizeof(comment), "%s: %s", j->cmd.user, t);
	e = ref_alloc(line_push(&j->g.main, ELEM_COMMENT, NULL));
	ref_need(elem_set_text(e, comment, strlen(comment)));
	e->style = COMMENT_BRACE;
	snprintf(intro, sizeof(intro), "%s (%s) says:\n%s", j->cmd.user,
	    j->r->side[j->side], t);
	snprintf(j->o->summary, sizeof(j->o->summary), "board %s: chat by %s",
	    j->cmd.board, j->cmd.user);
	return ref_changed(j, NULL, intro, 0);
}

/* The reader of a show: the side asked for (showas), else the
 * sender's when it plays on the board; spoken to when it is the
 * sender.  -1 after refusing. */
static int
ref_show_reader(struct ref_job *j, struct ref_reader *rd)
{
	int me = ref_sender_side(j), s = me;
	char why[300];

	memset(rd, 0, sizeof(*rd));
	if (j->cmd.verb == PBEM_SHOWAS &&
	    (s = ref_user_side(j, j->cmd.user)) == -1) {
		snprintf(why, sizeof(why), "%s does not play on board %s",
		    j->cmd.user, j->cmd.board);
		return ref_refuse(j, "the player named does not play on the "
		    "board", why, NULL);
	}
	rd->side = s < 0 ? 0 : s;
	rd->you = me >= 0 && me == rd->side ? ref_side_user(j, me) : NULL;
	rd->history = j->cmd.verb == PBEM_HISTORY;
	return 0;
}

/* GAME show BOARD[#N], GAME showas BOARD USERID, GAME history BOARD:
 * the board to the sender.  Anybody may look, within the answers an
 * address may get. */
static int
ref_show(struct ref_job *j)
{
	unsigned long stop = REPLAY_ALL;
	struct ref_reader rd;
	char q[300];

	if (j->cmd.verb == PBEM_SHOW && j->cmd.ply > 0)
		stop = j->cmd.ply - 1;
	if (ref_board_named(j) == -1 || ref_too_often(j, "show") ||
	    ref_board(j, stop) == -1 || ref_show_reader(j, &rd) == -1)
		return -1;
	j->o->status = REF_ANSWERED;
	snprintf(j->o->summary, sizeof(j->o->summary), "board %s %s to %s",
	    j->cmd.board, j->cmd.verb == PBEM_HISTORY ? "history" : "shown",
	    util_quote(j->m->from, q, sizeof(q)));
	ref_answered(j);
	return ref_tell(j, j->m->from, &rd);
}

/* Plays j's move on the board read and tells the sender the board
 * after it, played by nobody, and the subject that plays it: a preview,
 * or with submit a submission kept for confirm. */
static int
ref_try_tell(struct ref_job *j, int submit)
{
	struct ref_reader rd;
	char text[256], title[300], intro[1400], q[300], how[800];
	const char *what = submit ? "Submission" : "Preview";
	int mover = j->rp.pos.turn;

	if (ref_play(j, text, sizeof(text)) == -1)
		return -1;
	snprintf(how, sizeof(how), "%s move %s %s PASSWORD %s#%lu",
	    j->r->name, j->cmd.board, ref_side_user(j, mover), text,
	    j->rp.plies);
	if (submit) {
		ref_submission_keep(j, text, j->rp.plies);
		snprintf(how, sizeof(how), "%s confirm %s %s PASSWORD "
		    "(within 2 days, before any other move)", j->r->name,
		    j->cmd.board, ref_side_user(j, mover));
	}
	snprintf(title, sizeof(title), "%s of %s:", what, text);
	snprintf(intro, sizeof(intro), "%s: %s (%s) may play %s as ply "
	    "%lu.  Nothing was played; this is the board after it.  To play "
	    "it, %s sends the subject\n    %s", what, ref_side_user(j,
	    mover), j->r->side[mover], text, j->rp.plies, ref_side_user(j,
	    mover), how);
	memset(&rd, 0, sizeof(rd));
	rd.side = mover;
	rd.title = title;
	rd.intro = intro;
	j->o->status = REF_ANSWERED;
	snprintf(j->o->summary, sizeof(j->o->summary), "board %s %s of "
	    "%s to %s", j->cmd.board, what, text, util_quote(j->m->from, q,
	    sizeof(q)));
	ref_answered(j);
	return ref_tell(j, j->m->from, &rd);
}

/* GAME preview BOARD MOVE[#N]: whether the move is legal for the side
 * to move, and the board after it; nothing is played. */
static int
ref_preview(struct ref_job *j)
{
	if (ref_board_named(j) == -1 || ref_too_often(j, "preview") ||
	    ref_board(j, REPLAY_ALL) == -1 || ref_judge_open(j) == -1)
		return -1;
	return ref_try_tell(j, 0);
}

/* GAME submit BOARD USERID PASSWORD MOVE[#N]: pbmserv's guard against
 * a typo: judged as the move of the player to move, shown and kept
 * (ref_submission_keep), not played, until confirm. */
static int
ref_submit(struct ref_job *j)
{
	struct judge_ask a = { JUDGE_MOVE, j->side, j->cmd.ply, 0 };

	if (ref_judge(j, &a) == -1)
		return -1;
	return ref_try_tell(j, 1);
}

/* GAME confirm BOARD USERID PASSWORD: plays the move the sender
 * submitted for this ply, as a move with its #N; refused when there is
 * none (never submitted, expired, or another move came first). */
static int
ref_confirm_move(struct ref_job *j)
{
	char why[800];

	if (ref_submission_take(j, j->cmd.move, sizeof(j->cmd.move)) == 0) {
		j->cmd.ply = j->rp.plies + 1;
		return ref_move(j);
	}
	snprintf(why, sizeof(why), "%s has no move submitted for ply %lu "
	    "of board %s (a submission serves 2 days, and until any move): "
	    "send\n    %s submit %s %s PASSWORD MOVE#%lu", j->cmd.user,
	    j->rp.plies + 1, j->cmd.board, j->r->name, j->cmd.board,
	    j->cmd.user, j->rp.plies + 1);
	return ref_refuse(j, "nothing to confirm", why, NULL);
}

/* GAME qmove|moveq|qboard|boardq BOARD USERID PASSWORD MOVE[#N]:
 * pbmserv's move that waits for its turn.  A move when it is the
 * sender's turn; else refused, naming stackref's queue of replies. */
static int
ref_qmove(struct ref_job *j)
{
	char why[400];

	if (ref_judge_open(j) == -1)
		return -1;
	if (j->side == j->rp.pos.turn)
		return ref_move(j);
	snprintf(why, sizeof(why), "it is %s's turn: the referee keeps no "
	    "move to play at yours, only replies to a move of %s:\n    %s "
	    "queue %s %s PASSWORD X Y", ref_side_user(j, !j->side),
	    ref_side_user(j, !j->side), j->r->name, j->cmd.board,
	    j->cmd.user);
	return ref_refuse(j, "it is not your turn", why, NULL);
}

/* What a verb needs before it runs (the judge's verdict on what it
 * plays is asked by the verb: ref_judge). */
#define REF_LOGIN 1     /* the password, the board's record, the side of
			 * the userid on it, the records attached */

/* The verbs: a new verb is one line here (and one in pbem.c). */
static const struct ref_verb {
	enum pbem_verb verb;
	unsigned need;
	int (*run)(struct ref_job *j);
} ref_verbs[] = {
	{ PBEM_HELP, 0, ref_help },
	{ PBEM_SIGNUP, 0, ref_signup },
	{ PBEM_CONFIRM, 0, ref_confirm_any },
	{ PBEM_GAMES, 0, ref_games },
	{ PBEM_CHALLENGE, 0, ref_challenge },
	{ PBEM_ACCEPT, 0, ref_accept },
	{ PBEM_DECLINE, 0, ref_decline },
	{ PBEM_MOVE, REF_LOGIN, ref_move },
	{ PBEM_RESIGN, REF_LOGIN, ref_action },
	{ PBEM_OFFER_DRAW, REF_LOGIN, ref_action },
	{ PBEM_ACCEPT_DRAW, REF_LOGIN, ref_action },
	{ PBEM_DECLINE_DRAW, REF_LOGIN, ref_action },
	{ PBEM_CHAT, REF_LOGIN, ref_chat },
	{ PBEM_SHOW, 0, ref_show },
	{ PBEM_SHOWAS, 0, ref_show },
	{ PBEM_HISTORY, 0, ref_show },
	{ PBEM_PREVIEW, 0, ref_preview },
	{ PBEM_SUBSCRIBE, 0, ref_subscribe },
	{ PBEM_UNSUBSCRIBE, 0, ref_unsubscribe },
	{ PBEM_REQUEST_UNDO, REF_LOGIN, ref_action },
	{ PBEM_ACCEPT_UNDO, REF_LOGIN, ref_action },
	{ PBEM_DECLINE_UNDO, REF_LOGIN, ref_action },
	{ PBEM_LEAVE, REF_LOGIN, ref_leave },
	{ PBEM_QUEUE, REF_LOGIN, ref_queue },
	{ PBEM_PASSWORD, 0, ref_password },
	{ PBEM_ADDRESS, 0, ref_address },
	{ PBEM_RESET, 0, ref_reset },
	{ PBEM_RETIRE, 0, ref_retire },
	{ PBEM_NOTIFY, 0, ref_notify },
	{ PBEM_REMIND, 0, ref_remind_set },
	{ PBEM_QMOVE, REF_LOGIN, ref_qmove },
	{ PBEM_SUBMIT, REF_LOGIN, ref_submit },
	{ PBEM_CONFIRM_MOVE, REF_LOGIN, ref_confirm_move },
	{ PBEM_RATINGS, 0, ref_ratings },
};

/*
 * Runs verb v on j: what it needs first (the password before anything
 * is read for a stranger, then the record, the player's side and the
 * attached records), then its handler.
 */
static int
ref_run_verb(struct ref_job *j, const struct ref_verb *v)
{
	if ((v->need & REF_LOGIN) && (ref_board_named(j) == -1 ||
	    ref_login_clock(j) == -1 || ref_board(j, REPLAY_ALL) == -1 ||
	    ref_side(j) == -1 || ref_check_attached(j) == -1))
		return -1;
	return v->run(j);
}

/* Whether the sender's address is a player's. */
static int
ref_sender_known(const struct ref_job *j)
{
	const struct ref_players *p = j->c->players;
	size_t i;

	for (i = 0; i < p->n; i++)
		if (strcasecmp(p->v[i].addr, j->m->from) == 0)
			return 1;
	return 0;
}

/* Refuses a request that does not parse: why, and for a known sender
 * the precise fault. */
static int
ref_unparsed(struct ref_job *j)
{
	char hint[300];

	if (j->known && j->m->subject != NULL &&
	    pbem_explain(j->m->subject, hint, sizeof(hint)) > 0)
		return ref_refuse(j, j->l->cmd_why, hint, NULL);
	return ref_refuse(j, j->l->cmd_why, NULL, NULL);
}

/* Everything after the mail is parsed. */
static int
ref_dispatch(struct ref_job *j)
{
	size_t i;

	if (ref_ignored(j))
		return 0;
	j->known = ref_sender_known(j);
	ref_quote(j);
	if (j->c->aside != NULL)
		return ref_refuse(j, j->c->aside, NULL, "The mail was set "
		    "aside for the referee's keeper.\n");
	if (j->l->own)
		return ref_own_reply(j);
	if (j->l->cmd_why != NULL)
		return ref_unparsed(j);
	for (i = 0; i < sizeof(ref_verbs) / sizeof(ref_verbs[0]); i++)
		if (ref_verbs[i].verb == j->cmd.verb)
			return ref_run_verb(j, &ref_verbs[i]);
	return ref_refuse(j, "unknown command", NULL, NULL);
}

int
ref_decide(const struct ref_letter *l, const struct ref_ctx *c,
    struct ref_outcome *o)
{
	struct ref_job j;

	memset(&j, 0, sizeof(j));
	memset(o, 0, sizeof(*o));
	j.c = c;
	j.o = o;
	j.l = l;
	j.m = &l->m;
	j.cmd = l->cmd;
	j.side = -1;
	record_init(&j.g);
	ref_guard_open(&j);
	if (l->bad != NULL)
		snprintf(o->summary, sizeof(o->summary), "ignored an "
		    "unreadable mail: %s", l->bad);
	else {
		ref_dispatch(&j);
		if (ref_sender_verified(&j))
			util_append(o->summary, sizeof(o->summary), " ",
			    "(sender verified)");
	}
	record_free(&j.g);
	free(j.pic[0].png);
	free(j.pic[1].png);
	ref_guard_close(&j);
	return 0;
}
