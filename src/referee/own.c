/*
 * own.c - a reply to one of the referee's own mails, sent back without
 * editing its Subject ("Re: checkers board 1: ann challenges you", any
 * "Re:", "Fwd:", "AW:", "SV:" stacked): recognised from the subjects
 * the referee writes (position.c, challenge.c, turns.c, watch.c,
 * reply.c and the account mails) and answered with the command to send
 * for that situation.  Nothing is done on such a mail: its words are
 * the referee's, not a request.
 */
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "base/util.h"
#include "referee/job.h"

/* The subjects of the referee's mails about a board: "GAME board B: "
 * and the end. */
enum ref_own_kind {
	REF_OWN_NONE,
	REF_OWN_TURN,             /* USER to move (ply N) */
	REF_OWN_OVER,             /* game over ... */
	REF_OWN_CHALLENGED,       /* USER challenges you */
	REF_OWN_CHALLENGER,       /* your challenge to USER */
	REF_OWN_NO_BOARD,         /* challenge declined|withdrawn */
	REF_OWN_QUEUE,            /* your conditional moves ... */
	REF_OWN_UNWATCHED,        /* no more copies */
	REF_OWN_REFUSED,          /* Refused: ... */
	REF_OWN_INFO              /* stackref referee: ..., Welcome ... */
};

/* A subject of the referee's, read. */
struct ref_own {
	enum ref_own_kind kind;
	char game[PBEM_WORD], board[PBEM_WORD], user[PBEM_WORD];
	unsigned long ply;
};

/* The end of a board subject after "GAME board B: ", into o. */
static void
ref_own_rest(const char *rest, struct ref_own *o)
{
	char user[PBEM_WORD], tail[64];
	int n = 0;

	if (sscanf(rest, "%63s to move (ply %lu)%n", user, &o->ply, &n) == 2 &&
	    n > 0)
		o->kind = REF_OWN_TURN;
	else if (strncmp(rest, "game over", 9) == 0)
		o->kind = REF_OWN_OVER;
	else if (sscanf(rest, "%63s challenges %63s", user, tail) == 2 &&
	    strcmp(tail, "you") == 0)
		o->kind = REF_OWN_CHALLENGED;
	else if (sscanf(rest, "your challenge to %63s", user) == 1)
		o->kind = REF_OWN_CHALLENGER;
	else if (strncmp(rest, "challenge ", 10) == 0)
		o->kind = REF_OWN_NO_BOARD;
	else if (strncmp(rest, "your conditional", 16) == 0)
		o->kind = REF_OWN_QUEUE;
	else if (strncmp(rest, "no more copies", 14) == 0)
		o->kind = REF_OWN_UNWATCHED;
	if (o->kind == REF_OWN_TURN || o->kind == REF_OWN_CHALLENGED ||
	    o->kind == REF_OWN_CHALLENGER)
		snprintf(o->user, sizeof(o->user), "%s", user);
}

/* Whether board is a word the command GAME show BOARD reads as that
 * board: the lines the reply offers are built from it. */
static int
ref_own_board_word(const char *game, const char *board)
{
	struct pbem_cmd c;
	char line[PBEM_TEXT];
	const char *why;

	snprintf(line, sizeof(line), "%s show %s", game, board);
	return pbem_parse(line, &c, &why) == 0 && strcmp(c.board, board) == 0;
}

/* Reads s, a Subject without its "Re:" prefixes, as one of the
 * referee's own: "[TITLE ]GAME board B: ..." (TITLE a "Preview of X:"
 * or a "Reminder N:"), "Refused: ...", "stackref referee: ...". */
static void
ref_own_read(const char *s, struct ref_own *o)
{
	const char *p;
	char game[PBEM_WORD], board[PBEM_WORD];
	int n;

	memset(o, 0, sizeof(*o));
	if (strncasecmp(s, "Refused:", 8) == 0)
		o->kind = REF_OWN_REFUSED;
	else if (strncasecmp(s, "stackref referee", 16) == 0 ||
	    strncasecmp(s, "Welcome to the stackref referee", 31) == 0)
		o->kind = REF_OWN_INFO;
	for (p = s; o->kind == REF_OWN_NONE && *p != '\0'; p++) {
		if (p != s && p[-1] != ' ')
			continue;
		n = 0;
		if (sscanf(p, "%63s board %63[^: ]: %n", game, board, &n) < 2 ||
		    n == 0 || rules_find(game) == NULL ||
		    !ref_own_board_word(game, board))
			continue;
		snprintf(o->game, sizeof(o->game), "%s", game);
		snprintf(o->board, sizeof(o->board), "%s", board);
		ref_own_rest(p + n, o);
		if (o->kind == REF_OWN_NONE)
			o->board[0] = '\0';
	}
}

int
ref_own_subject(const char *subject)
{
	struct ref_own o;

	ref_own_read(pbem_unprefixed(subject), &o);
	return o.kind != REF_OWN_NONE;
}

/* The userid of the sender's address, else "USERID". */
static const char *
ref_own_me(const struct ref_job *j)
{
	const struct ref_players *p = j->c->players;
	size_t i;

	for (i = 0; i < p->n; i++)
		if (strcasecmp(p->v[i].addr, j->m->from) == 0)
			return p->v[i].user;
	return "USERID";
}

/* A command line: GAME VERB BOARD ME PASSWORD with more after it. */
static void
ref_own_cmd(struct ref_doc *d, const struct ref_own *o, const char *verb,
    const char *me, const char *more)
{
	char line[PBEM_TEXT];

	snprintf(line, sizeof(line), "%s %s %s %s PASSWORD%s", o->game, verb,
	    o->board, me, more);
	ref_doc_cmd(d, line);
}

/* What to send about o's board, to me. */
static void
ref_own_board(const struct ref_own *o, const char *me, struct ref_doc *d)
{
	char more[64], line[PBEM_TEXT];

	switch (o->kind) {
	case REF_OWN_TURN:
		if (strcmp(o->user, me) == 0) {
			ref_doc_p(d, "It is your turn on %s board %s.  To play, "
			    "send the subject", o->game, o->board);
			/* the guard only as pbem reads one: #1 and on */
			if (o->ply > 0)
				snprintf(more, sizeof(more), " MOVE#%lu",
				    o->ply);
			else
				snprintf(more, sizeof(more), " MOVE");
			ref_own_cmd(d, o, "move", me, more);
			ref_doc_more(d, "with your password for PASSWORD and your "
			    "move for MOVE.");
		} else
			ref_doc_p(d, "It is %s's turn on %s board %s; the move "
			    "will be mailed to the players.", o->user,
			    o->game, o->board);
		break;
	case REF_OWN_CHALLENGED:
		ref_doc_p(d, "%s challenges you.  To accept, send:", o->user);
		ref_own_cmd(d, o, "accept", me, "");
		ref_doc_more(d, "To decline:");
		ref_own_cmd(d, o, "decline", me, "");
		return;
	case REF_OWN_CHALLENGER:
		ref_doc_p(d, "Your challenge waits for %s's answer.  To "
		    "withdraw it, send:", o->user);
		ref_own_cmd(d, o, "decline", me, "");
		return;
	case REF_OWN_QUEUE:
		ref_doc_p(d, "To leave conditional replies (X your opponent's "
		    "move, Y yours), send:");
		ref_own_cmd(d, o, "queue", me, " X Y");
		ref_doc_more(d, "To drop them:");
		ref_own_cmd(d, o, "queue", me, " none");
		return;
	case REF_OWN_UNWATCHED:
		ref_doc_p(d, "To watch board %s again, send:", o->board);
		snprintf(line, sizeof(line), "%s subscribe %s", o->game,
		    o->board);
		ref_doc_cmd(d, line);
		return;
	default:                  /* over, or no board opened */
		ref_doc_p(d, "%s board %s is not played on.  For a new game, "
		    "send:", o->game, o->board);
		snprintf(line, sizeof(line), "%s challenge %s PASSWORD "
		    "OPPONENT", o->game, me);
		ref_doc_cmd(d, line);
		return;
	}
	ref_doc_more(d, "To see the board:");
	snprintf(line, sizeof(line), "%s show %s", o->game, o->board);
	ref_doc_cmd(d, line);
}

/* What to send after one of the referee's mails about a player
 * ("stackref referee: ..." s): the digest, games, notify, ratings. */
static void
ref_own_info(const char *s, const char *me, struct ref_doc *d)
{
	const char *rest = s + strcspn(s, ":");
	char game[PBEM_WORD], line[PBEM_TEXT];
	int n = 0;

	rest += strspn(rest, ": ");
	if (strncmp(rest, "your turn on ", 13) == 0 ||
	    strncmp(rest, "the boards of ", 14) == 0) {
		ref_doc_p(d, "To list your boards, send:");
		snprintf(line, sizeof(line), "games %s", me);
		ref_doc_cmd(d, line);
	} else if (strncmp(rest, "the mails of ", 13) == 0) {
		ref_doc_p(d, "To change your mails, send one of:");
		snprintf(line, sizeof(line), "notify %s PASSWORD digest HOUR",
		    me);
		ref_doc_cmd(d, line);
		snprintf(line, sizeof(line), "notify %s PASSWORD each", me);
		ref_doc_cmd(d, line);
		snprintf(line, sizeof(line), "remind %s PASSWORD "
		    "INTERVAL|off|game", me);
		ref_doc_cmd(d, line);
	} else if (sscanf(rest, "%63s ratings%n", game, &n) == 1 && n > 0 &&
	    rules_find(game) != NULL) {
		ref_doc_p(d, "For the ratings again, send:");
		snprintf(line, sizeof(line), "%s ratings", game);
		ref_doc_cmd(d, line);
	}
}

int
ref_own_reply(struct ref_job *j)
{
	struct ref_own o;
	struct ref_doc d;
	const char *me = ref_own_me(j);
	char subject[] = "stackref referee: what to send", q[300];

	if (ref_too_often(j, "a reply to the referee's own mail"))
		return -1;
	ref_own_read(pbem_unprefixed(j->m->subject), &o);
	ref_doc_open(&d, j->c->referee, subject, 1);
	ref_doc_p(&d, "Your mail's Subject is one the "
	    "referee wrote itself, so nothing was done:\nthe referee reads "
	    "a command in the Subject line.");
	if (o.board[0] != '\0')
		ref_own_board(&o, me, &d);
	else if (o.kind == REF_OWN_REFUSED)
		ref_doc_p(&d, "Send the command again, mended as the refusal "
		    "says, as the Subject\nof a new mail (not the refusal's "
		    "Subject).");
	else if (o.kind == REF_OWN_INFO)
		ref_own_info(pbem_unprefixed(j->m->subject), me, &d);
	ref_doc_p(&d, "For every command, mail %s the subject",
	    j->c->referee);
	ref_doc_cmd(&d, "help");
	snprintf(j->o->summary, sizeof(j->o->summary), "a reply to the "
	    "referee's own mail answered to %s", util_quote(j->m->from, q,
	    sizeof(q)));
	return ref_answer_doc(j, subject, &d);
}
