/*
 * decide.c - what the referee decides for one mail: read the command
 * in its Subject (pbem.h), check who sends it (the password, before
 * anything costly), then read the board's record, check the player's
 * side, the attached record if any and the #N guard, play the move or
 * take the action and tell both players; or refuse, telling the sender
 * why.
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
	free(o->pending);
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
		return j->nomem = 1, -1;
	if (notation_read_text(c->record, c->record_len, j->cmd.board, &j->g,
	    NULL, &dg.d) == 0 && (j->r = notation_game(&j->g, NULL)) != NULL &&
	    replay_run(&j->rp, &j->g, &ro, &dg.d) == 0)
		rc = 0;
	if (rc == -1)
		ref_refuse(j, "the record of this board does not read; tell "
		    "the referee's keeper", NULL, ref_diag_text(&dg));
	else
		ref_diag_text(&dg);
	free(dg.buf);
	return rc;
}

/* Checks the game named and that the board exists (cheap: nothing is
 * read).  -1 after refusing. */
static int
ref_board_named(struct ref_job *j)
{
	char why[300];

	if (rules_find(j->cmd.game) == NULL) {
		snprintf(why, sizeof(why), "unknown game %s", j->cmd.game);
		return ref_refuse(j, "unknown game", why, NULL), -1;
	}
	if (!ref_board_ok(j->cmd.board) || j->c->record == NULL) {
		snprintf(why, sizeof(why), "there is no board %s",
		    j->cmd.board);
		return ref_refuse(j, "there is no such board", why, NULL), -1;
	}
	return 0;
}

/* Loads the board named, checks it is of the game named.  -1 after
 * refusing. */
static int
ref_board(struct ref_job *j, unsigned long stop)
{
	const struct rules *r = rules_find(j->cmd.game);
	char why[300];

	if (ref_load(j, stop) == -1)
		return -1;
	if (j->r != r) {
		snprintf(why, sizeof(why), "board %s is a %s game, not %s",
		    j->cmd.board, j->r->name, r->name);
		return ref_refuse(j, "the board is of another game", why,
		    NULL), -1;
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

/* Why the attached record p is not of j's board, into why ("" if it
 * is). */
static void
ref_part_check(struct ref_job *j, const struct mail_part *p, char *why,
    size_t size)
{
	struct record g;
	struct ref_diag dg;
	const char *id, *game;
	int bad;

	why[0] = '\0';
	if (p->len > REF_ATTACH_SIZE) {
		snprintf(why, size, "the attached record %s is larger than "
		    "%d KiB", p->filename != NULL ? p->filename : "",
		    REF_ATTACH_SIZE / 1024);
		return;
	}
	if (ref_diag_open(&dg) == -1) {
		j->nomem = 1;
		return;
	}
	dg.d.quiet = 1;
	record_init(&g);
	bad = notation_read_text(p->data, p->len, "attachment", &g, NULL,
	    &dg.d) == -1;
	id = record_tag(&g, "GameId");
	game = record_tag(&g, "Game");
	if (bad || id == NULL || strcmp(id, j->cmd.board) != 0 ||
	    (game != NULL && strcasecmp(game, j->r->name) != 0))
		snprintf(why, size, "the attached record %s is of %s board "
		    "%s, not of %s board %s", p->filename != NULL ?
		    p->filename : "", game != NULL ? game : "an unknown",
		    id != NULL ? id : "(none)", j->r->name, j->cmd.board);
	record_free(&g);
	ref_diag_text(&dg);
	free(dg.buf);
}

/* Refuses a mail carrying the record of another board or game; reads
 * REF_ATTACH_MAX of them at most. */
static int
ref_check_attached(struct ref_job *j)
{
	char why[600];
	size_t i, n = 0;

	for (i = 0; i < j->m->nparts && !j->nomem; i++) {
		if (!ref_part_record(&j->m->parts[i]))
			continue;
		if (++n > REF_ATTACH_MAX)
			return ref_refuse(j, "too many attached records",
			    NULL, NULL), -1;
		ref_part_check(j, &j->m->parts[i], why, sizeof(why));
		if (why[0] != '\0')
			return ref_refuse(j, "the attached record is not of "
			    "this board", why, NULL), -1;
	}
	return j->nomem ? -1 : 0;
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

/* The side of the player who logged in on j's board; -1 after
 * refusing. */
static int
ref_side(struct ref_job *j)
{
	char why[300];
	int side;

	if ((side = ref_user_side(j, j->cmd.user)) == -1) {
		snprintf(why, sizeof(why), "%s does not play on board %s",
		    j->cmd.user, j->cmd.board);
		return ref_refuse(j, why, NULL, NULL), -1;
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
		return ref_refuse(j, why, NULL, NULL), -1;
	}
	if (j->cmd.ply != 0 && j->cmd.ply != j->rp.plies + 1) {
		snprintf(why, sizeof(why), "stale request: sent as ply #%lu, "
		    "but the next ply is #%lu", j->cmd.ply, j->rp.plies + 1);
		return ref_refuse(j, why, NULL, "Nothing was changed; look at "
		    "the position (GAME show BOARD) and send again.\n"), -1;
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
		return ref_refuse(j, why, NULL, NULL);
	}
	if (ref_diag_open(&dg) == -1)
		return -1;
	if (replay_ply(&j->rp, j->cmd.move, NULL, &dg.d, NULL) == -1) {
		len = ref_refuse(j, "illegal move", ref_diag_text(&dg), NULL);
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
		n = ref_refuse(j, ref_diag_text(&dg), NULL, NULL);
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

/* GAME show BOARD[#N]: the position to the sender, drawn from its side
 * when it plays on the board.  Anybody may look, within the answers an
 * address may get. */
static int
ref_show(struct ref_job *j)
{
	unsigned long stop = REPLAY_ALL;
	const struct ref_player *pl;
	char q[300];
	int side = 0, s;

	if (j->cmd.ply > 0)
		stop = j->cmd.ply - 1;
	if (ref_board_named(j) == -1)
		return 0;
	if (!ref_answer_ok(j)) {
		snprintf(j->o->summary, sizeof(j->o->summary), "not answered: "
		    "show to %s, answered too often today",
		    util_quote(j->m->from, q, sizeof(q)));
		return 0;
	}
	if (ref_board(j, stop) == -1)
		return 0;
	for (s = 0; s < 2; s++)
		if ((pl = ref_player_find(j->c->players,
		    ref_side_user(j, s))) != NULL &&
		    strcasecmp(pl->addr, j->m->from) == 0)
			side = s;
	j->o->status = REF_ANSWERED;
	snprintf(j->o->summary, sizeof(j->o->summary), "board %s shown to "
	    "%s", j->cmd.board, util_quote(j->m->from, q, sizeof(q)));
	j->sender.mails++;
	j->sender_set = 1;
	return ref_tell(j, j->m->from, side, NULL, NULL);
}

/*
 * The verbs that act on a board: the password first (nothing is read
 * for a stranger), then the record, the player's side, the attached
 * records and the #N guard.
 */
static int
ref_on_board(struct ref_job *j)
{
	int side;

	if (j->cmd.verb == PBEM_SHOW)
		return ref_show(j);
	if (ref_board_named(j) == -1 || ref_login(j) == -1 ||
	    ref_board(j, REPLAY_ALL) == -1 || (side = ref_side(j)) == -1 ||
	    ref_check_attached(j) == -1 || ref_check_open(j) == -1)
		return 0;
	if (j->cmd.verb == PBEM_MOVE)
		return ref_move(j, side);
	return ref_action(j, side);
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

/* Everything after the mail is parsed. */
static int
ref_dispatch(struct ref_job *j)
{
	if (ref_ignored(j))
		return 0;
	j->known = ref_sender_known(j);
	ref_quote(j);
	if (j->c->aside != NULL)
		return ref_refuse(j, j->c->aside, NULL, "The mail was set "
		    "aside for the referee's keeper.\n");
	if (j->l->cmd_why != NULL)
		return ref_refuse(j, j->l->cmd_why, NULL, NULL);
	switch (j->cmd.verb) {
	case PBEM_SIGNUP:
		return ref_signup(j);
	case PBEM_CONFIRM:
		return ref_confirm(j);
	case PBEM_CHALLENGE:
		return ref_challenge(j);
	default:
		return ref_on_board(j);
	}
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
	ref_guard_open(&j);
	if (l->bad != NULL)
		snprintf(o->summary, sizeof(o->summary), "ignored an "
		    "unreadable mail: %s", l->bad);
	else
		rc = ref_dispatch(&j);
	if (j.nomem)
		rc = -1;
	record_free(&j.g);
	ref_guard_close(&j);
	if (rc == -1)
		ref_outcome_free(o);
	return rc;
}
