/*
 * referee.c - what the referee decides for one mail: read the command
 * in its Subject (pbem.h), check who sends it (the password of the
 * player whose turn it is), check the #N guard and the attached record
 * if any, then play the move or take the action on the board's record
 * and tell both players; or refuse, telling the sender why.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "referee/job.h"

/* Whether verb v names a board. */
static int
ref_verb_board(enum pbem_verb v)
{
	return v != PBEM_SIGNUP && v != PBEM_CHALLENGE;
}

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
	else if (pbem_parse(l->m.subject, &l->cmd, &why) == -1)
		l->cmd_why = why != NULL ? why :
		    "no command in the Subject line";
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
	    !ref_verb_board(l->cmd.verb) || !ref_board_ok(l->cmd.board))
		return 0;
	memcpy(board, l->cmd.board, PBEM_WORD);
	return 1;
}

void
ref_outcome_free(struct ref_outcome *o)
{
	size_t i, k;

	for (i = 0; i < o->nmail; i++) {
		for (k = 0; k < o->mail[i].nrcpt; k++)
			free(o->mail[i].rcpt[k]);
		free(o->mail[i].text);
	}
	free(o->record);
	free(o->players);
	memset(o, 0, sizeof(*o));
}

/* A diagnostics context writing into memory: the reason of a refusal. */
struct ref_diag {
	struct diag d;
	char *buf;
	size_t len;
	FILE *f;
};

static int
ref_diag_open(struct ref_diag *rd)
{
	rd->buf = NULL;
	if ((rd->f = open_memstream(&rd->buf, &rd->len)) == NULL)
		return -1;
	diag_init(&rd->d, "x", rd->f);
	return 0;
}

/* The messages reported, without "x: " and the final newline. */
static const char *
ref_diag_text(struct ref_diag *rd)
{
	char *r, *w;

	fclose(rd->f);
	if (rd->buf == NULL)
		return "out of memory";
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

/* Reads the record text of j's board into j->g and replays it up to
 * stop plies.  -1 after refusing. */
static int
ref_load(struct ref_job *j, unsigned long stop)
{
	const struct ref_ctx *c = j->c;
	struct replay_opts ro = { NULL, 0, REPLAY_ALL, 0 };
	struct ref_diag dg;
	int rc = -1;

	ro.stop = stop;
	if (ref_diag_open(&dg) == -1)
		return -1;
	if (notation_read_text(c->record, c->record_len, j->cmd.board, &j->g,
	    NULL, &dg.d) == 0 && (j->r = notation_game(&j->g, NULL)) != NULL &&
	    replay_run(&j->rp, &j->g, &ro, &dg.d) == 0)
		rc = 0;
	if (rc == -1)
		ref_refuse(j, "the record of this board does not read; tell "
		    "the referee's keeper", ref_diag_text(&dg));
	else
		ref_diag_text(&dg);
	free(dg.buf);
	return rc;
}

/* Checks the game named and the board; loads it.  -1 after refusing. */
static int
ref_board(struct ref_job *j, unsigned long stop)
{
	const struct rules *r = rules_find(j->cmd.game);
	char why[300];

	if (r == NULL) {
		snprintf(why, sizeof(why), "unknown game %s", j->cmd.game);
		return ref_refuse(j, why, NULL), -1;
	}
	if (!ref_board_ok(j->cmd.board) || j->c->record == NULL) {
		snprintf(why, sizeof(why), "there is no board %s",
		    j->cmd.board);
		return ref_refuse(j, why, NULL), -1;
	}
	if (ref_load(j, stop) == -1)
		return -1;
	if (j->r != r) {
		snprintf(why, sizeof(why), "board %s is a %s game, not %s",
		    j->cmd.board, j->r->name, r->name);
		return ref_refuse(j, why, NULL), -1;
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

/* Refuses a mail carrying the record of another board or game. */
static int
ref_check_attached(struct ref_job *j)
{
	const struct mail_part *p;
	struct record g;
	struct ref_diag dg;
	const char *id, *game;
	char why[400];
	size_t i;
	int bad;

	for (i = 0; i < j->m->nparts; i++) {
		p = &j->m->parts[i];
		if (!ref_part_record(p) || ref_diag_open(&dg) == -1)
			continue;
		dg.d.quiet = 1;
		record_init(&g);
		bad = notation_read_text(p->data, p->len, "attachment", &g,
		    NULL, &dg.d) == -1;
		id = record_tag(&g, "GameId");
		game = record_tag(&g, "Game");
		if (bad || id == NULL || strcmp(id, j->cmd.board) != 0 ||
		    (game != NULL && strcasecmp(game, j->r->name) != 0))
			snprintf(why, sizeof(why), "the attached record %s is "
			    "of %s board %s, not of %s board %s",
			    p->filename != NULL ? p->filename : "",
			    game != NULL ? game : "an unknown",
			    id != NULL ? id : "(none)", j->r->name,
			    j->cmd.board);
		else
			why[0] = '\0';
		record_free(&g);
		ref_diag_text(&dg);
		free(dg.buf);
		if (why[0] != '\0')
			return ref_refuse(j, why, NULL), -1;
	}
	return 0;
}

/* The side user plays on j's board, or -1. */
static int
ref_user_side(const struct ref_job *j, const char *user)
{
	int s;

	for (s = 0; s < 2; s++)
		if (strcmp(ref_side_user(j, s), user) == 0)
			return s;
	return -1;
}

/* Authenticates the sender as a player of the board; returns the side,
 * or -1 after refusing. */
static int
ref_auth(struct ref_job *j)
{
	const struct ref_player *pl;
	char why[300];
	int side;

	pl = ref_player_find(j->c->players, j->cmd.user);
	if (pl == NULL || !ref_verify(j->cmd.password, pl->hash)) {
		snprintf(why, sizeof(why), "wrong userid or password (%s)",
		    j->cmd.user);
		return ref_refuse(j, why, NULL), -1;
	}
	if ((side = ref_user_side(j, j->cmd.user)) == -1) {
		snprintf(why, sizeof(why), "%s does not play on board %s",
		    j->cmd.user, j->cmd.board);
		return ref_refuse(j, why, NULL), -1;
	}
	return side;
}

/* Refuses a request on a finished game, or with a stale #N. */
static int
ref_check_open(struct ref_job *j)
{
	const char *res, *reason;
	char why[300];

	if (play_over(&j->rp, &j->g, &res, &reason)) {
		snprintf(why, sizeof(why), "the game is over (%s)", res);
		return ref_refuse(j, why, NULL), -1;
	}
	if (j->cmd.ply != 0 && j->cmd.ply != j->rp.plies + 1) {
		snprintf(why, sizeof(why), "stale request: sent as ply #%lu, "
		    "but the next ply is #%lu", j->cmd.ply, j->rp.plies + 1);
		return ref_refuse(j, why, "Nothing was changed; look at the "
		    "position (GAME show BOARD) and send again.\n"), -1;
	}
	return 0;
}

/* GAME move BOARD USERID PASSWORD MOVE[#N] */
static int
ref_move(struct ref_job *j, int side)
{
	struct ref_diag dg;
	char why[300], text[256], intro[400];
	int len;

	if (side != j->rp.pos.turn) {
		snprintf(why, sizeof(why), "it is %s's turn (%s), not %s's",
		    ref_side_user(j, j->rp.pos.turn),
		    j->r->side[j->rp.pos.turn], j->cmd.user);
		return ref_refuse(j, why, NULL);
	}
	if (ref_diag_open(&dg) == -1)
		return -1;
	if (replay_ply(&j->rp, j->cmd.move, NULL, &dg.d, NULL) == -1) {
		len = ref_refuse(j, ref_diag_text(&dg), NULL);
		free(dg.buf);
		return len;
	}
	ref_diag_text(&dg);
	free(dg.buf);
	if (play_append_move(&j->rp, &j->g, text, sizeof(text)) == -1)
		return -1;
	snprintf(intro, sizeof(intro), "%s (%s) played %s.", j->cmd.user,
	    j->r->side[side], text);
	snprintf(j->o->summary, sizeof(j->o->summary), "board %.32s: ply "
	    "%lu %.200s by %.128s", j->cmd.board, j->rp.plies, text, j->cmd.user);
	return ref_changed(j, NULL, intro);
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
	default:
		return REPLAY_RESIGN;
	}
}

/* resign, and move propose|accept|reject|resign */
static int
ref_action(struct ref_job *j, int side)
{
	enum replay_act act = ref_act(j->cmd.verb);
	struct ref_diag dg;
	char intro[300];
	int n;

	if (ref_diag_open(&dg) == -1)
		return -1;
	if (replay_action(&j->rp, act, side, NULL, &dg.d) == -1) {
		n = ref_refuse(j, ref_diag_text(&dg), NULL);
		free(dg.buf);
		return n;
	}
	ref_diag_text(&dg);
	free(dg.buf);
	if (play_append_action(&j->rp, &j->g, act, side) == -1)
		return -1;
	snprintf(intro, sizeof(intro), "%s (%s): %s.", j->cmd.user,
	    j->r->side[side], replay_act_name(act));
	snprintf(j->o->summary, sizeof(j->o->summary), "board %s: %s by %s",
	    j->cmd.board, replay_act_name(act), j->cmd.user);
	return ref_changed(j, NULL, intro);
}

/* GAME show BOARD[#N]: the position to the sender. */
static int
ref_show(struct ref_job *j)
{
	int side = 0, s;
	const struct ref_player *pl;

	for (s = 0; s < 2; s++)
		if ((pl = ref_player_find(j->c->players,
		    ref_side_user(j, s))) != NULL &&
		    strcasecmp(pl->addr, j->m->from) == 0)
			side = s;
	j->o->status = REF_ANSWERED;
	snprintf(j->o->summary, sizeof(j->o->summary), "board %s shown to "
	    "%s", j->cmd.board, j->m->from);
	return ref_tell(j, j->m->from, side, NULL, NULL);
}

/* The verbs that act on a board. */
static int
ref_on_board(struct ref_job *j)
{
	unsigned long stop = REPLAY_ALL;
	int side;

	if (j->cmd.verb == PBEM_SHOW && j->cmd.ply > 0)
		stop = j->cmd.ply - 1;
	if (ref_board(j, stop) == -1 || ref_check_attached(j) == -1)
		return 0;
	if (j->cmd.verb == PBEM_SHOW)
		return ref_show(j);
	if ((side = ref_auth(j)) == -1 || ref_check_open(j) == -1)
		return 0;
	if (j->cmd.verb == PBEM_MOVE)
		return ref_move(j, side);
	return ref_action(j, side);
}

/* The request as it can be quoted back: its password masked. */
static void
ref_quote(struct ref_job *j, int parsed)
{
	struct pbem_cmd masked = j->cmd;
	const char *s = j->m->subject != NULL ? j->m->subject : "(no subject)";

	if (parsed && masked.password[0] != '\0') {
		snprintf(masked.password, sizeof(masked.password), "********");
		if (pbem_format(&masked, j->quoted, sizeof(j->quoted)) >= 0)
			return;
	}
	snprintf(j->quoted, sizeof(j->quoted), "%.200s", parsed ? "" : s);
}

/* Whether a reply to the sender could loop: ourselves, a daemon. */
static int
ref_loop(const struct ref_job *j)
{
	const char *f = j->m->from;

	return strcasecmp(f, j->c->referee) == 0 ||
	    strncasecmp(f, "mailer-daemon@", 14) == 0 ||
	    strncasecmp(f, "postmaster@", 11) == 0;
}

/* Everything after the mail is parsed. */
static int
ref_dispatch(struct ref_job *j)
{
	if (j->m->from == NULL || ref_loop(j)) {
		snprintf(j->o->summary, sizeof(j->o->summary), "ignored a "
		    "mail from %s", j->m->from != NULL ? j->m->from : "nobody");
		return 0;
	}
	if (j->l->cmd_why != NULL) {
		ref_quote(j, 0);
		return ref_refuse(j, j->l->cmd_why, NULL);
	}
	ref_quote(j, 1);
	if (j->cmd.verb == PBEM_SIGNUP)
		return ref_signup(j);
	if (j->cmd.verb == PBEM_CHALLENGE)
		return ref_challenge(j);
	return ref_on_board(j);
}

int
ref_decide(const struct ref_letter *l, const struct ref_ctx *c,
    struct ref_outcome *o)
{
	struct ref_job j;
	int rc = 0;

	memset(&j, 0, sizeof(j));
	memset(o, 0, sizeof(*o));
	j.c = c;
	j.o = o;
	j.l = l;
	j.m = &l->m;
	j.cmd = l->cmd;
	record_init(&j.g);
	if (l->bad != NULL)
		snprintf(o->summary, sizeof(o->summary), "ignored an "
		    "unreadable mail: %s", l->bad);
	else
		rc = ref_dispatch(&j);
	if (j.nomem)
		rc = -1;
	record_free(&j.g);
	if (rc == -1)
		ref_outcome_free(o);
	return rc;
}
