/*
 * test_referee.c - the referee's decisions (src/referee/referee.h): from a mail
 * and the state, the outcome and the replies.  No network, no files
 * except the fixtures of fixtures/referee (and a directory made to be
 * read as a file, for the readers of state.h).
 */
#include <errno.h>
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include <cmocka.h>

#include "base/timeutc.h"
#include "cmd/cmd.h"
#include "game/verdict.h"
#include "game/rating.h"
#include "referee/referee.h"
#include "referee/state.h"
#include "referee/store.h"
#include "rules/rules.h"
#include "notation/notation.h"

#define REFEREE "referee@example.test"

/* The counts of a userid ("u:NAME") or an address ("a:ADDR"). */
struct named_count {
	char name[MAIL_ADDR_MAX + 8];
	struct ref_count c;
};

/* A state: players, one board's record, as the run would hold them. */
struct world {
	struct ref_players players;
	struct ref_players pending;
	struct ref_challenges challenges;
	struct ref_watchers watchers;
	int publish;              /* the next decisions' ctx.publish */
	struct ref_board_file boards[4];  /* games USERID gets them */
	size_t nboards;
	char record_board[PBEM_WORD];  /* the board of record ("1") */
	struct named_count counts[32];
	size_t ncounts;
	const char *aside;        /* the next decisions' ctx.aside */
	struct ref_limits limits; /* the next decisions' ctx.limits */
	struct ref_open open[2];  /* the boards open of two players */
	const char *authserv_id;  /* and ctx.authserv_id */
	time_t now;
	char *record;             /* board record_board */
	size_t record_len;
	char *cond;               /* its conditional moves, or NULL */
	unsigned seq;
	struct ref_notify notify[REF_NOTIFY_MAX];  /* the players' choices */
	size_t nnotify;
};

/* The board a new challenge gets: past the record's and the
 * challenges'. */
static unsigned long
next_board(const struct world *w)
{
	unsigned long max = strtoul(w->record_board, NULL, 10), v;
	size_t i;

	for (i = 0; i < w->challenges.n; i++)
		if ((v = strtoul(w->challenges.v[i].board, NULL, 10)) > max)
			max = v;
	return max + 1;
}

/* The lists of o written back, as a run does. */
static void
lists_out(struct world *w, const struct ref_outcome *o)
{
	const char *why;

	if (o->players != NULL) {
		ref_players_free(&w->players);
		assert_int_equal(ref_players_parse(o->players, &w->players,
		    &why), 0);
	}
	if (o->pending != NULL) {
		ref_players_free(&w->pending);
		assert_int_equal(ref_players_parse(o->pending, &w->pending,
		    &why), 0);
	}
	if (o->challenges != NULL) {
		ref_challenges_free(&w->challenges);
		assert_int_equal(ref_challenges_parse(o->challenges,
		    &w->challenges, &why), 0);
	}
	if (o->watchers != NULL) {
		ref_watchers_free(&w->watchers);
		assert_int_equal(ref_watchers_parse(o->watchers, &w->watchers,
		    &why), 0);
	}
}

/* A raw mail; the caller frees it. */
static char *
mk(struct world *w, const char *from, const char *subject,
    const char *extra)
{
	char *s;
	size_t n = strlen(subject) + strlen(from) + 512 +
	    (extra != NULL ? strlen(extra) : 0);

	s = malloc(n);
	assert_non_null(s);
	snprintf(s, n, "From: %s\r\nTo: " REFEREE "\r\nSubject: %s\r\n"
	    "Message-ID: <m%u@example.test>\r\nDate: Sat, 21 Nov 2026 "
	    "10:00:00 +0000\r\n%s\r\nhello\r\n", from, subject, ++w->seq,
	    extra != NULL ? extra : "\r\n");
	return s;
}

/* The counts of kind ('u' or 'a') name in w, made when new; NULL for
 * no name. */
static struct ref_count *
count_of(struct world *w, int kind, const char *name)
{
	char key[MAIL_ADDR_MAX + 8];
	size_t i;

	if (name[0] == '\0')
		return NULL;
	snprintf(key, sizeof(key), "%c:%s", kind, name);
	for (i = 0; i < w->ncounts; i++)
		if (strcmp(w->counts[i].name, key) == 0)
			return &w->counts[i].c;
	assert_true(w->ncounts < 32);
	memset(&w->counts[i], 0, sizeof(w->counts[i]));
	snprintf(w->counts[i].name, sizeof(w->counts[i].name), "%s", key);
	w->ncounts++;
	return &w->counts[i].c;
}

/* The counts of the userid and the sender of l, as a run reads them. */
static void
counts_in(struct world *w, const struct ref_letter *l, struct ref_ctx *c)
{
	char user[PBEM_WORD], addr[MAIL_ADDR_MAX];
	struct ref_count *p;

	ref_wanted_counts(l, user, addr);
	if ((p = count_of(w, 'u', user)) != NULL)
		c->user = *p;
	if ((p = count_of(w, 'a', addr)) != NULL)
		c->sender = *p;
}

/* The counts of o written back, as a run does. */
static void
counts_out(struct world *w, const struct ref_outcome *o)
{
	struct ref_count *p;

	if ((p = count_of(w, 'u', o->count_user)) != NULL)
		*p = o->user;
	if ((p = count_of(w, 'a', o->count_addr)) != NULL)
		*p = o->sender;
}

static void board_out(struct world *w, const struct ref_outcome *o);

/* The boards open of the players l names, from w->open (0 for any
 * other), as a run counts them. */
static void
open_in(const struct world *w, const struct ref_letter *l,
    struct ref_ctx *c)
{
	char users[2][PBEM_WORD];
	int i, k;

	ref_wanted_players(l, &w->challenges, users);
	for (i = 0; i < 2; i++) {
		memcpy(c->open[i].user, users[i], PBEM_WORD);
		for (k = 0; k < 2; k++)
			if (users[i][0] != '\0' &&
			    strcmp(w->open[k].user, users[i]) == 0)
				c->open[i].n = w->open[k].n;
	}
}

/* The choice of mails of o (notify, remind) kept in w, as a run does. */
static void
notify_out(struct world *w, const struct ref_outcome *o)
{
	size_t i;

	if (!o->notify_set)
		return;
	for (i = 0; i < w->nnotify; i++)
		if (strcmp(w->notify[i].user, o->notify.user) == 0)
			break;
	assert_true(i < REF_NOTIFY_MAX);
	w->notify[i] = o->notify;
	w->nnotify += i == w->nnotify;
}

/* Decides the raw mail; applies the outcome to w like a run would. */
static void
decide_raw(struct world *w, const char *raw, struct ref_outcome *o)
{
	struct ref_ctx c;
	struct ref_letter l;
	char board[PBEM_WORD];

	memset(&c, 0, sizeof(c));
	c.referee = REFEREE;
	c.players = &w->players;
	c.pending = &w->pending;
	c.challenges = &w->challenges;
	c.watchers = &w->watchers;
	c.publish = w->publish;
	c.boards = w->boards;
	c.nboards = w->nboards;
	c.aside = w->aside;
	c.limits = w->limits;
	c.authserv_id = w->authserv_id;
	ref_letter_read(raw, strlen(raw), &l);
	counts_in(w, &l, &c);
	open_in(w, &l, &c);
	if (ref_wanted_board(&l, board) && w->record != NULL &&
	    strcmp(board, w->record_board) == 0) {
		c.record = w->record;
		c.record_len = w->record_len;
		c.cond = w->cond;
	}
	c.next_board = next_board(w);
	c.now = w->now != 0 ? w->now : 1795255200;
	memset(c.rnd, 7 + (int)w->seq, sizeof(c.rnd));
	memcpy(c.notify, w->notify, sizeof(c.notify));
	c.nnotify = w->nnotify;
	assert_int_equal(ref_decide(&l, &c, o), 0);
	ref_letter_free(&l);
	notify_out(w, o);
	counts_out(w, o);
	lists_out(w, o);
	board_out(w, o);
}

/* The record and the conditional moves of o written back, as a run
 * does. */
static void
board_out(struct world *w, const struct ref_outcome *o)
{
	if (o->cond != NULL) {
		free(w->cond);
		w->cond = strndup(o->cond, o->cond_len);
	}
	if (o->record != NULL) {
		free(w->record);
		w->record = strndup(o->record, o->record_len);
		w->record_len = o->record_len;
		snprintf(w->record_board, sizeof(w->record_board), "%s",
		    o->board);
	}
}

/* Decides a mail from from with subject and the headers and body
 * extra (NULL: none). */
static void
decide(struct world *w, const char *from, const char *subject,
    const char *extra, struct ref_outcome *o)
{
	char *raw = mk(w, from, subject, extra);

	decide_raw(w, raw, o);
	free(raw);
}

static int has(const char *text, const char *s);

/* Whether mail i of o goes to addr and its text holds s. */
static void
mail_has(const struct ref_outcome *o, size_t i, const char *addr,
    const char *s)
{
	struct mail_in m;
	const char *why;
	int found;

	assert_true(i < o->nmail);
	assert_string_equal(o->mail[i].rcpt[0], addr);
	assert_int_equal(mail_parse(o->mail[i].text, o->mail[i].len, &m,
	    &why), 0);
	found = has(m.text, s) ||
	    (m.subject != NULL && strstr(m.subject, s) != NULL);
	if (!found)
		fail_msg("mail %zu lacks \"%s\":\n%s", i, s, m.text);
	mail_in_free(&m);
}

static void
ok(struct world *w, const char *from, const char *subject,
    enum ref_status st, size_t nmail)
{
	struct ref_outcome o;

	decide(w, from, subject, NULL, &o);
	if (o.status != st || o.nmail != nmail)
		fail_msg("%s: status %d, %zu mails (%s)", subject, o.status,
		    o.nmail, o.summary);
	ref_outcome_free(&o);
}

/* The mail from from (a bare address) with subject is refused, the
 * reply to from holding text, nothing written. */
static void
refused(struct world *w, const char *from, const char *subject,
    const char *text)
{
	struct ref_outcome o;

	decide(w, from, subject, NULL, &o);
	assert_int_equal(o.status, REF_REFUSED);
	assert_null(o.record);
	assert_null(o.challenges);
	assert_null(o.pending);
	mail_has(&o, 0, from, text);
	ref_outcome_free(&o);
}

/* The Subject of mail i of o, into buf. */
static void
mail_subject(const struct ref_outcome *o, size_t i, char *buf, size_t size)
{
	struct mail_in m;
	const char *why;

	assert_true(i < o->nmail);
	assert_int_equal(mail_parse(o->mail[i].text, o->mail[i].len, &m,
	    &why), 0);
	assert_non_null(m.subject);
	snprintf(buf, size, "%s", m.subject);
	mail_in_free(&m);
}

/* Answers the confirmation the last signup of addr brought (in o). */
static void
confirm(struct world *w, const char *from, const struct ref_outcome *o)
{
	char subject[256], re[300];

	mail_subject(o, 0, subject, sizeof(subject));
	assert_memory_equal(subject, "confirm ", 8);
	snprintf(re, sizeof(re), "Re: %s", subject);
	ok(w, from, re, REF_APPLIED, 1);
}

/* Signs up from from (subject: the signup), which brings one mail,
 * and confirms. */
static void
join(struct world *w, const char *from, const char *subject)
{
	struct ref_outcome o;

	decide(w, from, subject, NULL, &o);
	if (o.status != REF_APPLIED || o.nmail != 1)
		fail_msg("%s: status %d, %zu mails (%s)", subject, o.status,
		    o.nmail, o.summary);
	confirm(w, from, &o);
	ref_outcome_free(&o);
}

/* ann and bob signed up. */
static int
setup(void **state)
{
	static struct world w;

	memset(&w, 0, sizeof(w));
	join(&w, "Ann <ann@example.test>", "signup ann ann-pw");
	join(&w, "bob@example.test", "signup bob bob-pw");
	*state = &w;
	return 0;
}

/* A board of game between ann (first) and bob: ann challenges, bob
 * accepts. */
static void
open_board(struct world *w, const char *game)
{
	char line[200];
	unsigned long board = next_board(w);

	snprintf(line, sizeof(line), "%s challenge ann ann-pw bob", game);
	ok(w, "ann@example.test", line, REF_APPLIED, 2);
	snprintf(line, sizeof(line), "%s accept %lu bob bob-pw", game, board);
	ok(w, "bob@example.test", line, REF_APPLIED, 2);
}

/* The same, and board 1 of checkers between ann and bob. */
static int
setup_board(void **state)
{
	setup(state);
	open_board(*state, "checkers");
	return 0;
}

static int
teardown(void **state)
{
	struct world *w = *state;

	ref_players_free(&w->players);
	ref_players_free(&w->pending);
	ref_challenges_free(&w->challenges);
	ref_watchers_free(&w->watchers);
	free(w->record);
	free(w->cond);
	return 0;
}

static void
test_signup(void **state)
{
	struct world *w = *state;
	struct ref_outcome o;
	char *text;
	size_t len;

	assert_int_equal(w->players.n, 2);
	assert_string_equal(w->players.v[0].addr, "ann@example.test");
	assert_memory_equal(w->players.v[0].hash, "$y$", 3);
	text = ref_players_format(&w->players, &len);
	assert_null(strstr(text, "ann-pw"));
	free(text);
	assert_true(REF_HASH_MODULE->verify("ann-pw", w->players.v[0].hash));
	assert_false(REF_HASH_MODULE->verify("bob-pw", w->players.v[0].hash));
	decide(w, "eve@example.test", "signup ann evil", NULL, &o);
	assert_int_equal(o.status, REF_REFUSED);
	assert_null(o.players);
	mail_has(&o, 0, "eve@example.test", "taken");
	ref_outcome_free(&o);
}

/* A challenge waits for the challenged player, who accepts it: both
 * are told each time; the board then opens (issue 13: before, the
 * challenge opened it at once, and the waiting player got the
 * command of the player to move). */
static void
test_challenge_move(void **state)
{
	struct world *w = *state;
	struct ref_outcome o;

	decide(w, "ann@example.test", "checkers challenge ann ann-pw bob", NULL,
	    &o);
	assert_int_equal(o.status, REF_APPLIED);
	assert_null(o.record);
	assert_non_null(strstr(o.challenges, "\n1 checkers ann bob "));
	assert_int_equal(o.nmail, 2);
	mail_has(&o, 0, "bob@example.test", "ann challenges you, bob");
	mail_has(&o, 0, "bob@example.test", "checkers accept 1 bob PASSWORD");
	mail_has(&o, 0, "bob@example.test", "checkers decline 1 bob PASSWORD");
	mail_has(&o, 1, "ann@example.test", "waits for bob's");
	mail_has(&o, 1, "ann@example.test", "checkers decline 1 ann PASSWORD");
	ref_outcome_free(&o);
	/* ann cannot accept her own challenge */
	decide(w, "ann@example.test", "checkers accept 1 ann ann-pw", NULL, &o);
	mail_has(&o, 0, "ann@example.test", "only bob may accept it");
	ref_outcome_free(&o);
	decide(w, "bob@example.test", "checkers accept 1 bob bob-pw", NULL, &o);
	assert_int_equal(o.status, REF_APPLIED);
	assert_string_equal(o.board, "1");
	assert_non_null(strstr(o.record, "[GameId \"1\"]"));
	assert_non_null(strstr(o.record, "[Black \"ann\"]"));
	assert_null(strstr(o.record, "$y$"));
	assert_null(strstr(o.challenges, "ann bob"));
	assert_int_equal(o.nmail, 2);
	mail_has(&o, 0, "ann@example.test", "It is your turn, ann (red)");
	mail_has(&o, 0, "ann@example.test", "checkers move 1 ann PASSWORD "
	    "MOVE#1");
	mail_has(&o, 1, "bob@example.test", "It is ann's turn");
	assert_null(strstr(o.mail[1].text, "ann PASSWORD"));
	mail_has(&o, 1, "bob@example.test", "checkers move 1 bob PASSWORD "
	    "propose#1");
	ref_outcome_free(&o);
	decide(w, "ann@example.test", "checkers move 1 ann ann-pw 11-15#1",
	    NULL, &o);
	assert_int_equal(o.status, REF_APPLIED);
	assert_non_null(strstr(o.record, "1. 11-15 {[%ts 2026-11-21T10:00:00Z]} "
	    "*"));
	mail_has(&o, 0, "ann@example.test", "bob's turn");
	mail_has(&o, 1, "bob@example.test", "ann (red) played 11-15");
	mail_has(&o, 1, "bob@example.test", "Moves: 1. 11-15");
	mail_has(&o, 1, "bob@example.test", "checkers move 1 bob PASSWORD "
	    "MOVE#2");
	assert_null(strstr(o.mail[0].text, "ann-pw"));
	ref_outcome_free(&o);
}

static void
test_refusals(void **state)
{
	struct world *w = *state;
	struct ref_outcome o;

	open_board(w, "checkers");
	/* wrong password, forged From */
	decide(w, "bob@example.test", "checkers move 1 ann guess 11-15",
	    NULL, &o);
	assert_int_equal(o.status, REF_REFUSED);
	assert_null(o.record);
	mail_has(&o, 0, "bob@example.test", "wrong userid or password");
	assert_null(strstr(o.mail[0].text, "guess"));
	ref_outcome_free(&o);
	/* not your turn */
	decide(w, "bob@example.test", "checkers move 1 bob bob-pw 22-18",
	    NULL, &o);
	mail_has(&o, 0, "bob@example.test", "it is ann's turn");
	ref_outcome_free(&o);
	/* stale ply */
	decide(w, "ann@example.test", "checkers move 1 ann ann-pw 11-15#3",
	    NULL, &o);
	mail_has(&o, 0, "ann@example.test", "stale request: sent as ply #3");
	ref_outcome_free(&o);
	/* illegal */
	decide(w, "ann@example.test", "checkers move 1 ann ann-pw 11-19",
	    NULL, &o);
	mail_has(&o, 0, "ann@example.test", "legal moves: 9-13, 9-14");
	ref_outcome_free(&o);
	/* the wrong game for the board */
	decide(w, "ann@example.test", "stackers-brown move 1 ann ann-pw a1",
	    NULL, &o);
	mail_has(&o, 0, "ann@example.test", "board 1 is a checkers game");
	ref_outcome_free(&o);
	/* no such board */
	decide(w, "ann@example.test", "checkers move 7 ann ann-pw 11-15",
	    NULL, &o);
	mail_has(&o, 0, "ann@example.test", "there is no board 7");
	ref_outcome_free(&o);
}

static void
test_garbage(void **state)
{
	struct world *w = *state;
	struct ref_outcome o;

	decide(w, "ann@example.test", "hello there", NULL, &o);
	assert_int_equal(o.status, REF_REFUSED);
	mail_has(&o, 0, "ann@example.test", "Commands");
	ref_outcome_free(&o);
	decide(w, REFEREE, "hello there", NULL, &o);
	assert_int_equal(o.status, REF_IGNORED);
	assert_int_equal(o.nmail, 0);
	ref_outcome_free(&o);
	decide(w, "MAILER-DAEMON@example.test", "Undelivered", NULL, &o);
	assert_int_equal(o.nmail, 0);
	ref_outcome_free(&o);
}

/* The headers and body of a mail attaching the record of board 9. */
static const char board9[] = "MIME-Version: 1.0\r\n"
    "Content-Type: multipart/mixed; boundary=\"b\"\r\n\r\n"
    "--b\r\nContent-Type: text/plain\r\n\r\nmy move\r\n"
    "--b\r\nContent-Type: application/x-pdn\r\n"
    "Content-Disposition: attachment; filename=\"g.pdn\"\r\n\r\n"
    "[Game \"checkers\"]\r\n[GameId \"9\"]\r\n1. 11-15 *\r\n"
    "--b--\r\n";

/* The same, of board 1 but from another position. */
static const char board1_setup[] = "MIME-Version: 1.0\r\n"
    "Content-Type: multipart/mixed; boundary=\"b\"\r\n\r\n"
    "--b\r\nContent-Type: text/plain\r\n\r\nmy move\r\n"
    "--b\r\nContent-Type: application/x-pdn\r\n"
    "Content-Disposition: attachment; filename=\"g.pdn\"\r\n\r\n"
    "[Game \"checkers\"]\r\n[GameId \"1\"]\r\n"
    "[FEN \"W:W18,K27:B12,16\"]\r\n*\r\n--b--\r\n";

/* A mail attaching the record of another board is refused. */
static void
test_other_record(void **state)
{
	struct world *w = *state;
	struct ref_outcome o;

	open_board(w, "checkers");
	decide(w, "ann@example.test", "checkers move 1 ann ann-pw 11-15",
	    board9, &o);
	assert_int_equal(o.status, REF_REFUSED);
	mail_has(&o, 0, "ann@example.test", "of checkers board 9, not of "
	    "checkers board 1");
	ref_outcome_free(&o);
	/* its GameId and game, but a set-up of its own (extend_same_game,
	 * as fetch -o holds a record) */
	decide(w, "ann@example.test", "checkers move 1 ann ann-pw 11-15",
	    board1_setup, &o);
	assert_int_equal(o.status, REF_REFUSED);
	mail_has(&o, 0, "ann@example.test", "it starts from another "
	    "position");
	ref_outcome_free(&o);
}

static void
test_actions(void **state)
{
	struct world *w = *state;
	struct ref_outcome o;

	open_board(w, "stackers-brown");
	ok(w, "ann@example.test", "stackers-brown move 1 ann ann-pw propose",
	    REF_APPLIED, 2);
	ok(w, "ann@example.test", "stackers-brown move 1 ann ann-pw accept",
	    REF_REFUSED, 1);
	ok(w, "bob@example.test", "stackers-brown move 1 bob bob-pw reject#1",
	    REF_APPLIED, 2);
	decide(w, "bob@example.test", "stackers-brown resign 1 bob bob-pw",
	    NULL, &o);
	assert_int_equal(o.status, REF_APPLIED);
	assert_non_null(strstr(o.record, "[Result \"1-0\"]"));
	mail_has(&o, 0, "ann@example.test", "Game over: 1-0");
	assert_non_null(strstr(o.mail[1].text, "game over 1-0"));
	ref_outcome_free(&o);
	ok(w, "ann@example.test", "stackers-brown move 1 ann ann-pw a1",
	    REF_REFUSED, 1);
	ok(w, "eve@example.test", "stackers-brown show 1", REF_ANSWERED, 1);
}

/* Issue 22: a rated game's end changes both players' ratings, once, in
 * the outcome that ends it, said in the game-over mails; a chat on the
 * finished board changes nothing; a board challenged rated=no is
 * never rated. */
static void
test_rated_end(void **state)
{
	struct world *w = *state;
	struct ref_outcome o;
	struct rating r;

	decide(w, "ann@example.test", "checkers resign 1 ann ann-pw", NULL,
	    &o);
	assert_int_equal(o.status, REF_APPLIED);
	assert_int_equal(o.nrated, 2);
	assert_string_equal(o.rated[0].user, "ann");
	assert_string_equal(o.rated[1].game, "checkers");
	assert_string_equal(o.rated[0].was, "");
	assert_int_equal(ref_rating_parse(o.rated[1].now, &r), 0);
	assert_int_equal(rating_shown(&r), 1662);
	assert_int_equal(r.games, 1);
	mail_has(&o, 0, "ann@example.test",
	    "ann's rating went down from 1500 to 1337 (checkers).");
	mail_has(&o, 1, "bob@example.test",
	    "bob's rating went up from 1500 to 1662 (checkers).");
	ref_outcome_free(&o);
	decide(w, "ann@example.test", "checkers chat 1 ann ann-pw gg", NULL,
	    &o);
	assert_int_equal(o.status, REF_APPLIED);
	assert_int_equal(o.nrated, 0);
	ref_outcome_free(&o);
	ok(w, "ann@example.test", "checkers challenge ann ann-pw bob rated=no",
	    REF_APPLIED, 2);
	ok(w, "bob@example.test", "checkers accept 2 bob bob-pw", REF_APPLIED,
	    2);
	decide(w, "bob@example.test", "checkers resign 2 bob bob-pw", NULL,
	    &o);
	assert_non_null(strstr(o.record, "[Rated \"no\"]"));
	assert_int_equal(o.nrated, 0);
	assert_null(strstr(o.mail[0].text, "rating went"));
	ref_outcome_free(&o);
	ok(w, "ann@example.test", "checkers challenge ann ann-pw bob rated=maybe",
	    REF_REFUSED, 1);
	open_board(w, "stackup");          /* board 3: a draw agreed */
	ok(w, "ann@example.test", "stackup move 3 ann ann-pw propose",
	    REF_APPLIED, 2);
	decide(w, "bob@example.test", "stackup move 3 bob bob-pw accept", NULL,
	    &o);
	assert_int_equal(o.nrated, 2);
	mail_has(&o, 0, "ann@example.test",
	    "ann's rating stayed at 1500 (stackup).");
	ref_outcome_free(&o);
}

/* A board record as the keeper may have written it: the referee plays
 * on it as `stackref move` would. */
static void
set_record(struct world *w, const char *text)
{
	free(w->record);
	w->record = strdup(text);
	w->record_len = strlen(text);
	snprintf(w->record_board, sizeof(w->record_board), "1");
}

static void
test_record_style_result(void **state)
{
	struct world *w = *state;
	struct ref_outcome o;

	set_record(w, "[Game \"checkers\"]\n[GameId \"1\"]\n"
	    "[GameType \"21,B,8,8,A3,0\"]\n[Black \"ann\"]\n"
	    "[White \"bob\"]\n[Result \"*\"]\n\n1. f6-e5 *\n");
	decide(w, "bob@example.test", "checkers move 1 bob bob-pw 22-18",
	    NULL, &o);
	assert_int_equal(o.status, REF_APPLIED);
	assert_non_null(strstr(o.record, "1. f6-e5 c3-d4 *"));
	ref_outcome_free(&o);
	/* a game its Result tag ends takes no more moves */
	set_record(w, "[Game \"checkers\"]\n[GameId \"1\"]\n"
	    "[Black \"ann\"]\n[White \"bob\"]\n[Result \"0-1\"]\n\n"
	    "1. 11-15\n");
	decide(w, "ann@example.test", "checkers move 1 ann ann-pw 9-13",
	    NULL, &o);
	assert_int_equal(o.status, REF_REFUSED);
	mail_has(&o, 0, "ann@example.test", "the game is over (0-1)");
	ref_outcome_free(&o);
}

static void
test_players_file(void **state)
{
	struct ref_players p = { NULL, 0, 0 };
	const char *why;

	(void)state;
	assert_int_equal(ref_players_parse("# c\n\nann a@x $y$abc\n", &p,
	    &why), 0);
	assert_int_equal(p.n, 1);
	assert_non_null(ref_player_find(&p, "ann"));
	assert_null(ref_player_find(&p, "bob"));
	assert_int_equal(ref_players_parse("ann a@x\n", &p, &why), -1);
	ref_players_free(&p);
}

/* The store: its schema created at the first open (version
 * REF_STORE_VERSION in meta), a store of a newer version refused with
 * status 4 naming its version, a mail put into the inbox once however
 * often it is delivered, and --status's figures. */
/* The digest of w's board for ann (c->notify[0]) into o; its key in
 * key. */
static void
digest_of(struct world *w, struct ref_outcome *o, char key[REF_KEY])
{
	struct ref_board_file b;
	struct ref_ctx c;

	memset(&c, 0, sizeof(c));
	memset(&b, 0, sizeof(b));
	snprintf(b.board, sizeof(b.board), "%s", w->record_board);
	b.text = w->record;
	b.len = w->record_len;
	c.referee = REFEREE;
	c.players = &w->players;
	c.boards = &b;
	c.nboards = 1;
	c.notify[0] = w->notify[0];
	c.nnotify = 1;
	c.now = c.notify[0].next;
	memset(c.rnd, 9, sizeof(c.rnd));
	assert_int_equal(ref_decide_digest(&c, o, key), 0);
}

/* notify and remind by mail: ann chooses a digest at 07:00 UTC; bob's
 * move then mails bob alone, her digest lists the board with its time
 * left and the subjects to play it (none while it is bob's turn); back
 * to a mail at each move; reminders every 2 days, or none; refusals
 * saying what is accepted. */
static void
test_notify_digest(void **state)
{
	static const char *const digest[] = { "your turn on 1 board",
	    "board 1, checkers: you (red) v bob (white), ply 3;", "left.",
	    "checkers move 1 ann PASSWORD MOVE#3" };
	struct world *w = *state;
	struct ref_outcome o;
	char key[REF_KEY];
	size_t i;

	decide(w, "ann@example.test", "notify ann ann-pw digest 7", NULL, &o);
	assert_int_equal(o.status, REF_APPLIED);
	assert_true(o.notify_set);
	assert_int_equal(o.notify.hour, 7);
	assert_int_equal(o.notify.next, ref_digest_next(7, 1795255200));
	mail_has(&o, 0, "ann@example.test", "a daily digest at 07:00 UTC");
	ref_outcome_free(&o);
	assert_int_equal(ref_digest_next(7, 1795255200) % 86400, 7 * 3600);
	assert_true(ref_digest_next(7, 1795255200) > 1795255200);
	refused(w, "ann@example.test", "notify ann ann-pw digest 24",
	    "expected each, or digest and an hour");
	refused(w, "ann@example.test", "remind ann ann-pw 30m",
	    "an interval from 1h to 366d");
	refused(w, "ann@example.test", "notify ann bad-pw each", "password");
	ok(w, "ann@example.test", "checkers move 1 ann ann-pw 11-15#1",
	    REF_APPLIED, 2);
	digest_of(w, &o, key);
	assert_int_equal(o.nmail, 0);     /* bob's turn: nothing to send */
	assert_string_equal(key, "");
	ref_outcome_free(&o);
	decide(w, "bob@example.test", "checkers move 1 bob bob-pw 22-18#2",
	    NULL, &o);
	assert_int_equal(o.nmail, 1);     /* ann's mail held */
	mail_has(&o, 0, "bob@example.test", "ann's turn");
	ref_outcome_free(&o);
	digest_of(w, &o, key);
	assert_int_equal(o.nmail, 1);
	assert_string_not_equal(key, "");
	for (i = 0; i < sizeof(digest) / sizeof(digest[0]); i++)
		mail_has(&o, 0, "ann@example.test", digest[i]);
	ref_outcome_free(&o);
	decide(w, "ann@example.test", "remind ann ann-pw 2d", NULL, &o);
	assert_int_equal(o.notify.remind, 2 * 86400);
	assert_int_equal(o.notify.hour, 7);       /* kept */
	mail_has(&o, 0, "ann@example.test", "Reminders: every 2d00h00m");
	ref_outcome_free(&o);
	decide(w, "ann@example.test", "games ann", NULL, &o);
	mail_has(&o, 0, "ann@example.test", "a daily digest at 07:00 UTC");
	mail_has(&o, 0, "ann@example.test", "notify ann PASSWORD each");
	ref_outcome_free(&o);
	decide(w, "ann@example.test", "remind ann ann-pw off", NULL, &o);
	assert_int_equal(o.notify.remind, 0);
	mail_has(&o, 0, "ann@example.test", "Reminders: none.");
	ref_outcome_free(&o);
	ok(w, "ann@example.test", "notify ann ann-pw each", REF_APPLIED, 1);
	assert_int_equal(w->notify[0].hour, -1);
	assert_int_equal(w->notify[0].next, -1);
	ok(w, "ann@example.test", "checkers move 1 ann ann-pw 15x22#3",
	    REF_APPLIED, 2);
	ok(w, "bob@example.test", "checkers move 1 bob bob-pw 25x18#4",
	    REF_APPLIED, 2);
}

static void
test_store_schema(void **state)
{
	char dir[] = "/tmp/stackref-test.XXXXXX", url[128], path[128];
	struct ref_store_status f;
	struct ref_store *st;
	struct diag d;
	long long v = 0;

	(void)state;
	assert_non_null(mkdtemp(dir));
	snprintf(url, sizeof(url), "sqlite:%s/r.db", dir);
	diag_init(&d, "test", NULL);
	d.quiet = 1;
	assert_int_equal(ref_store_open(url, &d, &st), 0);
	assert_int_equal(ref_store_int(st, "SELECT value FROM meta WHERE name "
	    "= 'schema'", NULL, 0, 0, &v), 0);
	assert_int_equal(v, REF_STORE_VERSION);
	assert_int_equal(ref_store_put_mail(st, "Subject: x\n\nhi\n", 15,
	    1000), 0);
	assert_int_equal(ref_store_put_mail(st, "Subject: x\n\nhi\n", 15,
	    1001), 0);
	assert_int_equal(ref_store_status(st, 1060, &f), 0);
	assert_int_equal(f.mails, 1);
	assert_int_equal(f.oldest, 60);
	assert_int_equal(f.boards_open, 0);
	assert_int_equal(ref_store_exec(st, "UPDATE meta SET value = 99 WHERE "
	    "name = 'schema'", NULL, 0, NULL, NULL), 1);
	ref_store_close(st);
	assert_int_equal(d.status, STATUS_OK);
	assert_int_equal(ref_store_open(url, &d, &st), -1);
	assert_null(st);
	assert_int_equal(d.status, STATUS_SYSTEM);
	assert_int_equal(d.counts[DIAG_STORE_NEWER], 1);
	snprintf(path, sizeof(path), "%s/r.db", dir);
	unlink(path);
	rmdir(dir);
}

/* A hash made at a cost carries it ($y$j75$ is yescrypt at 1, $y$j9T$
 * at 5, the default of 0) and verifies at it, whatever the default. */
static void
test_hash_cost(void **state)
{
	static const unsigned char rnd[16] = "0123456789abcdef";
	char low[REF_HASH], dflt[REF_HASH], five[REF_HASH];

	(void)state;
	assert_int_equal(REF_HASH_MODULE->hash("pw", rnd, 1, low), 0);
	assert_int_equal(REF_HASH_MODULE->hash("pw", rnd, 0, dflt), 0);
	assert_int_equal(REF_HASH_MODULE->hash("pw", rnd, REF_HASH_COST,
	    five), 0);
	assert_memory_equal(low, "$y$j75$", 7);
	assert_memory_equal(dflt, "$y$j9T$", 7);
	assert_string_equal(dflt, five);
	assert_true(REF_HASH_MODULE->verify("pw", low));
	assert_false(REF_HASH_MODULE->verify("pv", low));
	assert_true(REF_HASH_MODULE->verify("pw", dflt));
}

/* The journal key of the raw mail raw. */
static int
key_of(const char *raw, char key[REF_KEY])
{
	struct ref_letter l;
	int rc;

	ref_letter_read(raw, strlen(raw), &l);
	rc = REF_HASH_MODULE->key(&l, key);
	ref_letter_free(&l);
	return rc;
}

static void
test_key_search(void **state)
{
	char k1[REF_KEY], k2[REF_KEY], k3[REF_KEY];
	unsigned long uids[4];
	static const char a[] = "Message-ID: <1@x>\r\nSubject: a\r\n\r\n";
	static const char b[] = "Subject: b\r\nMessage-Id:  <1@x> \r\n\r\n";
	static const char c[] = "Subject: b\r\n\r\nbody";
	static const char folded[] = "Subject: a\r\nMessage-ID:\r\n"
	    " <1@x>\r\n\r\n";
	char k4[REF_KEY];

	(void)state;
	assert_int_equal(key_of(a, k1), 0);
	assert_int_equal(key_of(b, k2), 0);
	assert_int_equal(key_of(c, k3), 0);
	assert_string_equal(k1, k2);
	assert_string_not_equal(k1, k3);
	assert_int_equal(key_of(folded, k4), 0);
	assert_string_equal(k1, k4);
	assert_null(strchr(k1, '/'));
	assert_int_equal(ref_search_uids("* SEARCH 3 7 12\r\n", uids, 4), 3);
	assert_int_equal(uids[2], 12);
	assert_int_equal(ref_search_uids("* SEARCH\r\n", uids, 4), 0);
	assert_int_equal(ref_search_uids("* OK\r\n", uids, 4), -1);
	assert_true(ref_board_ok("12"));
	assert_false(ref_board_ok("../x"));
	assert_false(ref_board_ok(""));
}

/* The length of the blank at t (a space, or a line break a mail's
 * lines are wrapped at: CR LF or LF and the indent after), or 0. */
static size_t
wrap_blank(const char *t)
{
	size_t n = t[0] == '\r' && t[1] == '\n' ? 2 : t[0] == '\n';

	if (n == 0)
		return t[0] == ' ';
	return n + strspn(t + n, " ");
}

/* Whether text holds s, a blank of s matching a line break of text
 * (the referee wraps its lines: ref_wrap). */
static int
has(const char *text, const char *s)
{
	const char *t, *p;
	size_t n;

	for (; *text != '\0'; text++) {
		for (t = text, p = s; *p != '\0'; p++)
			if (*p == ' ' && (n = wrap_blank(t)) > 0)
				t += n;
			else if (*t == *p)
				t++;
			else
				break;
		if (*p == '\0')
			return 1;
	}
	return *s == '\0';
}

/* Whether any reply of o, or its log line, holds s. */
static int
said(const struct ref_outcome *o, const char *s)
{
	size_t i;

	for (i = 0; i < o->nmail; i++)
		if (has(o->mail[i].text, s))
			return 1;
	return has(o->summary, s);
}

/* Case 2 of issue 10: keys of Message-IDs folded or not, of one too
 * long to be one (its bytes then), of long mails without one; such
 * mails are decided. */
static void
test_long_keys(void **state)
{
	struct world *w = *state;
	struct ref_outcome o;
	char id[700], raw[3000], k1[REF_KEY], k2[REF_KEY], k3[REF_KEY];
	struct ref_letter l;

	memset(id, 'x', sizeof(id));
	memcpy(id, "<", 1);
	memcpy(id + 200, "@example.test>", 15);
	snprintf(raw, sizeof(raw), "From: ann@example.test\r\nSubject: "
	    "checkers show 1\r\nMessage-ID: %s\r\n\r\nx\r\n", id);
	assert_int_equal(key_of(raw, k1), 0);
	snprintf(raw, sizeof(raw), "From: ann@example.test\r\nSubject: "
	    "checkers show 1\r\nMessage-ID:\r\n  %s\r\n\r\nx\r\n", id);
	assert_int_equal(key_of(raw, k2), 0);
	assert_string_equal(k1, k2);
	assert_int_equal(strlen(k1), 43);
	memset(id, 'x', sizeof(id));
	memcpy(id, "<", 1);
	memcpy(id + 600, "@example.test>", 15);
	snprintf(raw, sizeof(raw), "From: ann@example.test\r\nSubject: "
	    "checkers show 1\r\nMessage-ID:\r\n %s\r\n\r\nx\r\n", id);
	assert_int_equal(key_of(raw, k2), 0);
	assert_string_not_equal(k1, k2);
	decide_raw(w, raw, &o);
	assert_int_equal(o.status, REF_REFUSED);    /* no board 1 */
	ref_outcome_free(&o);
	memset(raw, 'y', sizeof(raw));
	memcpy(raw, "From: ann@example.test\r\nSubject: hello\r\n\r\n", 42);
	raw[sizeof(raw) - 1] = '\0';
	assert_int_equal(key_of(raw, k3), 0);
	assert_string_not_equal(k1, k3);
	ref_letter_read(raw, strlen(raw), &l);
	assert_null(l.m.message_id);
	ref_letter_free(&l);
	decide_raw(w, raw, &o);
	assert_int_equal(o.status, REF_REFUSED);
	ref_outcome_free(&o);
}

/* Case 3: the 10,001st signup is refused as "full", not a failure. */
static void
test_full(void **state)
{
	struct world *w = *state;
	struct ref_player pl;
	struct ref_outcome o;
	size_t i;

	memset(&pl, 0, sizeof(pl));
	snprintf(pl.hash, sizeof(pl.hash), "%s", w->players.v[0].hash);
	decide(w, "zed@example.test", "signup zed zed-pw", NULL, &o);
	assert_int_equal(o.status, REF_APPLIED);    /* pending */
	ref_outcome_free(&o);
	for (i = w->players.n; i < REF_PLAYERS_MAX; i++) {
		snprintf(pl.user, sizeof(pl.user), "p%zu", i);
		snprintf(pl.addr, sizeof(pl.addr), "p%zu@example.test", i);
		assert_int_equal(ref_player_add(&w->players, &pl), 0);
	}
	decide(w, "new@example.test", "signup newbie pw", NULL, &o);
	assert_int_equal(o.status, REF_REFUSED);
	assert_null(o.pending);
	mail_has(&o, 0, "new@example.test", "the referee is full");
	ref_outcome_free(&o);
	/* a signup waiting is not confirmed past the limit either */
	decide(w, "zed@example.test", "confirm zed 070707070707070707070707",
	    NULL, &o);
	assert_int_equal(o.status, REF_REFUSED);
	assert_null(o.players);
	ref_outcome_free(&o);
}

/* Case 8: no answer to automatic mails, to the referee itself; every
 * reply says it is automatic. */
static void
test_loops(void **state)
{
	struct world *w = *state;
	struct ref_outcome o;

	decide(w, "ann@example.test", "checkers show 1",
	    "Auto-Submitted: auto-replied\r\n\r\n", &o);
	assert_int_equal(o.status, REF_IGNORED);
	assert_int_equal(o.nmail, 0);
	ref_outcome_free(&o);
	decide(w, "ann@example.test", "Out of office",
	    "Auto-Submitted: Auto-Generated\r\n\r\n", &o);
	assert_int_equal(o.nmail, 0);
	ref_outcome_free(&o);
	decide(w, "ann@example.test", "hello", "Precedence: bulk\r\n\r\n", &o);
	assert_int_equal(o.nmail, 0);
	ref_outcome_free(&o);
	decide(w, "ann@example.test", "hello", "Precedence: junk\r\n\r\n", &o);
	assert_int_equal(o.nmail, 0);
	ref_outcome_free(&o);
	decide(w, "Referee <REFEREE@example.test>", "hello", NULL, &o);
	assert_int_equal(o.nmail, 0);
	ref_outcome_free(&o);
	decide(w, "ann@example.test", "hello",
	    "Auto-Submitted: no\r\nPrecedence: first-class\r\n\r\n", &o);
	assert_int_equal(o.nmail, 1);
	assert_true(has(o.mail[0].text, "\r\nAuto-Submitted: auto-replied\r\n"));
	ref_outcome_free(&o);
}

/* The confirmation token in the subject of mail 0 of o. */
static void
token_of(const struct ref_outcome *o, char *buf, size_t size)
{
	char subject[256];
	const char *t;

	mail_subject(o, 0, subject, sizeof(subject));
	assert_non_null(t = strrchr(subject, ' '));
	snprintf(buf, size, "%s", t + 1);
	assert_int_equal(strlen(buf), 24);
}

/* Case 9: a forged signup brings one mail to the address, fixed but
 * for the userid, and the userid can do nothing until confirmed. */
static void
test_reflection_signup(void **state)
{
	struct world *w = *state;
	struct ref_outcome o;
	char token[64], subject[128], sub[256];
	size_t n = w->players.n;

	decide(w, "Spam <spammer@example.test>", "signup mallory pw "
	    "victim@example.net", NULL, &o);
	assert_int_equal(o.status, REF_APPLIED);
	assert_int_equal(o.nmail, 1);
	assert_string_equal(o.mail[0].rcpt[0], "victim@example.net");
	assert_null(o.players);
	assert_false(has(o.mail[0].text, "Spam"));
	assert_false(has(o.mail[0].text, "spammer"));
	token_of(&o, token, sizeof(token));
	mail_subject(&o, 0, sub, sizeof(sub));
	snprintf(subject, sizeof(subject), "confirm mallory %s", token);
	assert_string_equal(sub, subject);
	ref_outcome_free(&o);
	assert_int_equal(w->players.n, n);
	/* the userid waiting can do nothing */
	decide(w, "spammer@example.test", "checkers challenge mallory pw ann",
	    NULL, &o);
	assert_int_equal(o.status, REF_REFUSED);
	assert_false(said(&o, "victim"));
	ref_outcome_free(&o);
	/* the address gets no second mail */
	decide(w, "spammer@example.test", "signup mallory2 pw "
	    "victim@example.net", NULL, &o);
	assert_int_equal(o.status, REF_REFUSED);
	assert_int_equal(o.nmail, 1);
	assert_string_equal(o.mail[0].rcpt[0], "spammer@example.test");
	ref_outcome_free(&o);
	/* a wrong token, then the right one too late */
	decide(w, "victim@example.net", "confirm mallory 0123456789ab"
	    "0123456789ab", NULL, &o);
	assert_int_equal(o.status, REF_REFUSED);
	ref_outcome_free(&o);
	w->now = 1795255200 + REF_PENDING_TIME + 1;
	decide(w, "victim@example.net", subject, NULL, &o);
	assert_int_equal(o.status, REF_REFUSED);
	ref_outcome_free(&o);
	w->now = 0;
	/* in time: signed up, welcomed at the address, not the sender */
	decide(w, "other@example.org", subject, NULL, &o);
	assert_int_equal(o.status, REF_APPLIED);
	assert_int_equal(w->players.n, n + 1);
	assert_int_equal(o.nmail, 1);
	assert_string_equal(o.mail[0].rcpt[0], "victim@example.net");
	assert_null(w->pending.v != NULL && w->pending.n > 0 ?
	    ref_player_find(&w->pending, "mallory") : NULL);
	ref_outcome_free(&o);
}

/* Case 9: a stranger's refusal quotes nothing; three a day at most. */
static void
test_reflection_refusals(void **state)
{
	struct world *w = *state;
	struct ref_outcome o;
	int i;

	for (i = 0; i < REF_STRANGER_MAILS + 1; i++) {
		decide(w, "victim@example.net", "checkers move 1 ann "
		    "SECRETPW 11-15 BUY-CHEAP-PILLS-AT-EXAMPLE-COM", NULL, &o);
		assert_int_equal(o.status, REF_REFUSED);
		if (i == REF_STRANGER_MAILS) {
			assert_int_equal(o.nmail, 0);
			assert_true(has(o.summary, "not answered"));
		} else {
			mail_has(&o, 0, "victim@example.net",
			    "Refused: your request");
			assert_false(said(&o, "SECRETPW"));
			assert_false(has(o.mail[0].text, "PILLS"));
		}
		ref_outcome_free(&o);
	}
	/* the next day, one more */
	w->now = 1795255200 + REF_ADDR_WINDOW + 1;
	decide(w, "victim@example.net", "hello", NULL, &o);
	assert_int_equal(o.nmail, 1);
	ref_outcome_free(&o);
	w->now = 0;
}

static void carol(struct world *w);

/* Issue 21, case 2: a challenge is its challenger's own (the password:
 * pbmserv's form without one is refused with the form to send, and a
 * stranger's guess challenges nobody); what waits is capped per
 * challenger and per pair, the same challenge never twice. */
static void
test_challenge_flood(void **state)
{
	static const char *const game[] = { "checkers", "stackup",
	    "accasta-pari", "stackers-brown" };
	struct world *w = *state;
	char line[100];
	int i;

	refused(w, "eve@example.net", "checkers challenge ann bob",
	    "syntax is GAME challenge USERID1 PASSWORD USERID2 [OPTION...]");
	refused(w, "eve@example.net", "checkers challenge ann bob first=bob",
	    "USERID1 PASSWORD USERID2");
	refused(w, "ann@example.test", "checkers challenge ann bob",
	    "unless it comes from the player's own address verified");
	refused(w, "ann@example.test", "checkers challenge ann guess bob",
	    "wrong userid or password");
	for (i = 0; i < REF_CHALLENGES_PAIR; i++) {
		snprintf(line, sizeof(line), "%s challenge ann ann-pw bob",
		    game[i]);
		ok(w, "ann@example.test", line, REF_APPLIED, 2);
	}
	ok(w, "ann@example.test", "checkers challenge ann ann-pw bob",
	    REF_REFUSED, 1);     /* the same one */
	refused(w, "bob@example.test", "stackers-brown challenge bob bob-pw "
	    "ann", "too many challenges between these two players");
	/* --max-challenges 4: ann's fourth waits (for carol), no fifth */
	carol(w);
	w->limits.challenges = REF_CHALLENGES_PAIR + 1;
	ok(w, "ann@example.test", "checkers challenge ann ann-pw carol",
	    REF_APPLIED, 2);
	refused(w, "ann@example.test", "stackup challenge ann ann-pw carol",
	    "4 challenges of ann wait");
	ok(w, "carol@example.test", "stackup challenge carol carol-pw ann",
	    REF_APPLIED, 2);     /* others still challenge ann */
	memset(&w->limits, 0, sizeof(w->limits));
}

/* Issue 21, case 5: a challenge accepted that would give a player more
 * open boards than --max-boards is refused, and so is one made then. */
static void
test_max_boards(void **state)
{
	struct world *w = *state;

	ok(w, "ann@example.test", "checkers challenge ann ann-pw bob",
	    REF_APPLIED, 2);
	w->open[0] = (struct ref_open){ "bob", REF_BOARDS_USER };
	refused(w, "bob@example.test", "checkers accept 1 bob bob-pw",
	    "open boards: bob has 50");
	refused(w, "ann@example.test", "stackup challenge ann ann-pw bob",
	    "open boards: bob has 50");
	w->limits.boards = REF_BOARDS_USER + 1;
	ok(w, "bob@example.test", "checkers accept 1 bob bob-pw", REF_APPLIED,
	    2);
	memset(&w->limits, 0, sizeof(w->limits));
	memset(w->open, 0, sizeof(w->open));
}

/* Issue 21, case 1: a signup for an address replaces the one waiting
 * for it (a forged one keeps nobody out); a sender gets a few answers a
 * day; the signups waiting in all are a safety (--max-signups) that
 * refuses newcomers only. */
static void
test_signup_pool(void **state)
{
	struct world *w = *state;
	struct ref_outcome o;
	char line[100];
	int i;

	ok(w, "eve@example.net", "signup dan x dan@example.org", REF_APPLIED,
	    1);
	decide(w, "dan@example.org", "signup dan dan-pw", NULL, &o);
	assert_int_equal(o.status, REF_APPLIED);
	assert_true(has(o.summary, "replaces"));
	ref_outcome_free(&o);
	assert_int_equal(w->pending.n, 1);
	for (i = 1; i < REF_STRANGER_MAILS; i++) {
		snprintf(line, sizeof(line), "signup eve%d x eve%d@example.net",
		    i, i);
		ok(w, "eve@example.net", line, REF_APPLIED, 1);
	}
	ok(w, "eve@example.net", "signup eve9 x eve9@example.net", REF_REFUSED,
	    0);
	w->limits.signups = REF_STRANGER_MAILS;
	refused(w, "fay@example.org", "signup fay fay-pw",
	    "too many signups wait");
	ok(w, "eve1@example.net", "signup eve1 y", REF_APPLIED, 1); /* again */
	/* an account token waiting for an address is not replaced */
	ok(w, "eve@example.org", "reset ann", REF_APPLIED, 1);
	refused(w, "ann@example.test", "signup zed zed-pw", "a signup for "
	    "this address waits");
	assert_non_null(ref_player_find(&w->pending, "ann"));
	ok(w, "ann@example.test", "checkers challenge ann ann-pw bob",
	    REF_APPLIED, 2);     /* players go on */
	memset(&w->limits, 0, sizeof(w->limits));
}

/* Case 10: five wrong passwords in an hour lock the userid and tell
 * its player; the right one is refused from other addresses until the
 * lock ends, and taken from the player's own (issue 21, case 4). */
static void
test_guessing(void **state)
{
	struct world *w = *state;
	struct ref_outcome o;
	char subject[64];
	int i;

	for (i = 1; i <= REF_USER_FAILS; i++) {
		snprintf(subject, sizeof(subject), "checkers move 1 ann "
		    "guess%d 11-15#1", i);
		decide(w, "eve@example.net", subject, NULL, &o);
		assert_int_equal(o.status, REF_REFUSED);
		assert_null(o.record);
		if (i == REF_USER_FAILS) {
			assert_int_equal(o.nmail, 1);  /* eve: cap reached */
			mail_has(&o, 0, "ann@example.test", "locked");
			mail_has(&o, 0, "ann@example.test", "eve@example.net");
		}
		ref_outcome_free(&o);
	}
	decide(w, "ann@elsewhere.example", "checkers move 1 ann ann-pw "
	    "11-15#1", NULL, &o);
	assert_int_equal(o.status, REF_REFUSED);
	assert_non_null(o.record);           /* her clock stops (below) */
	assert_non_null(strstr(o.record, "{[%stop red "));
	ref_outcome_free(&o);
	ok(w, "ann@example.test", "checkers move 1 ann ann-pw 11-15#1",
	    REF_APPLIED, 2);
	w->now = 1795255200 + REF_LOCK_TIME + 1;
	ok(w, "ann@elsewhere.example", "checkers move 1 bob bob-pw 22-18#2",
	    REF_APPLIED, 2);
	w->now = 0;
}

/* The code the referee mailed in mail i of o, into code. */
static void
mail_code(const struct ref_outcome *o, size_t i, char *code, size_t size)
{
	const char *p = strstr(o->mail[i].text, "    code ");

	assert_non_null(p);
	snprintf(code, size, "%.10s", p + 9);
}

/* Case 10: an address sending REF_ADDR_FAILS wrong passwords a day
 * gets no more checked; its own player's then need the code mailed to
 * it (issue 21, case 4: a forged From is no oracle, nor a lockout). */
static void
test_guessing_sender(void **state)
{
	struct world *w = *state;
	struct ref_outcome o;
	char subject[64], code[16], extra[64];
	int i;

	for (i = 0; i < REF_ADDR_FAILS; i++) {
		snprintf(subject, sizeof(subject), "checkers resign 1 u%d pw",
		    i);
		ok(w, "bob@example.test", subject, REF_REFUSED, 1);
	}
	decide(w, "carol@example.test", "checkers resign 1 u0 pw", NULL, &o);
	assert_int_equal(o.status, REF_REFUSED);
	ref_outcome_free(&o);
	decide(w, "bob@example.test", "checkers resign 1 bob bob-pw", NULL,
	    &o);
	assert_int_equal(o.status, REF_REFUSED);
	assert_int_equal(o.nmail, 2);
	mail_has(&o, 0, "bob@example.test", "the code of bob for today");
	mail_has(&o, 1, "bob@example.test", "too many wrong passwords");
	mail_code(&o, 0, code, sizeof(code));
	ref_outcome_free(&o);
	ok(w, "bob@example.test", "checkers resign 1 bob bob-pw",
	    REF_REFUSED, 1);                   /* the code mailed once */
	snprintf(extra, sizeof(extra), "\r\ncode %s", code);
	decide(w, "bob@example.test", "checkers resign 1 bob bob-pw", extra,
	    &o);
	assert_int_equal(o.status, REF_APPLIED);
	ref_outcome_free(&o);
}

/* Case 11: a request is quoted with its password masked, parsed or
 * not; one without a password is quoted whole. */
static void
test_masking(void **state)
{
	struct world *w = *state;
	struct ref_outcome o;
	char sub[256];

	decide(w, "ann@example.test", "checkers move 1 ann ann-pw 11-15 #1",
	    NULL, &o);
	assert_int_equal(o.status, REF_REFUSED);
	assert_false(said(&o, "ann-pw"));
	mail_subject(&o, 0, sub, sizeof(sub));
	assert_string_equal(sub, "Refused: checkers move 1 ann **** **** #1");
	ref_outcome_free(&o);
	decide(w, "ann@example.test", "signup ann2 s3cret extra words", NULL,
	    &o);
	assert_false(said(&o, "s3cret"));
	ref_outcome_free(&o);
	decide(w, "ann@example.test", "checkers move 1 ann ann-pw 11-19#1",
	    NULL, &o);
	assert_false(said(&o, "ann-pw"));
	mail_has(&o, 0, "ann@example.test", "checkers move 1 ann ******** "
	    "11-19#1");
	ref_outcome_free(&o);
	decide(w, "ann@example.test", "checkers show 7", NULL, &o);
	mail_subject(&o, 0, sub, sizeof(sub));
	assert_string_equal(sub, "Refused: checkers show 7");
	ref_outcome_free(&o);
}

/* Case 12: values of an attachment reach the log line quoted. */
static void
test_log_quoting(void **state)
{
	struct world *w = *state;
	struct ref_outcome o;
	static const char att[] = "MIME-Version: 1.0\r\n"
	    "Content-Type: multipart/mixed; boundary=\"b\"\r\n\r\n"
	    "--b\r\nContent-Type: text/plain\r\n\r\nmy move\r\n"
	    "--b\r\nContent-Type: application/xml\r\n"
	    "Content-Disposition: attachment; filename=\"g.xml\"\r\n\r\n"
	    "<stackref version=\"1\" xmlns=\"urn:stackref:record:1\"><game>"
	    "<tag name=\"Game\">\xc2\x9b""31mcheckers</tag>"
	    "<tag name=\"GameId\">1&#10;stackref: forged</tag>"
	    "<result>*</result></game></stackref>\r\n--b--\r\n";
	size_t i;

	decide(w, "ann@example.test", "checkers move 1 ann ann-pw 11-15",
	    att, &o);
	assert_int_equal(o.status, REF_REFUSED);
	assert_true(has(o.summary, "\\n"));
	for (i = 0; o.summary[i] != '\0'; i++)
		assert_true((unsigned char)o.summary[i] >= 0x20 &&
		    (unsigned char)o.summary[i] < 0x7f);
	ref_outcome_free(&o);
}

/* Case 7: who asks is checked before the record and the attachments
 * are read. */
static void
test_auth_first(void **state)
{
	struct world *w = *state;
	struct ref_outcome o;

	decide(w, "eve@example.net", "checkers move 1 ann guess 11-15",
	    board9, &o);
	mail_has(&o, 0, "eve@example.net", "wrong userid or password");
	ref_outcome_free(&o);
	set_record(w, "[Game \"checkers\"]\n[GameId \"1\"]\n1. 11-19 *\n");
	decide(w, "ann@example.test", "checkers move 1 ann guess 11-15", NULL,
	    &o);
	mail_has(&o, 0, "ann@example.test", "wrong userid or password");
	ref_outcome_free(&o);
}

/* Issue 21: with --authserv-id, a From the operator's mail server
 * verified is marked in the log line (ref_sender_verified); a field of
 * another id, or no --authserv-id, verifies nothing. */
static void
test_sender_verified(void **state)
{
	static const char *const ar[] = {
		"Authentication-Results: mx.example.test; dkim=pass "
		    "header.d=example.test\r\n",
		"Authentication-Results: evil.test; dkim=pass "
		    "header.d=example.test\r\n",
	};
	struct world *w = *state;
	struct ref_outcome o;
	size_t i;

	for (i = 0; i < 3; i++) {
		w->authserv_id = i < 2 ? "mx.example.test" : NULL;
		decide(w, "ann@example.test", "help", ar[i % 2], &o);
		assert_int_equal(has(o.summary, "(sender verified)"), i == 0);
		ref_outcome_free(&o);
	}
}

/* pbmserv's challenge, without a password, is taken from the
 * challenger's own address verified by the mail server, and only then. */
static void
test_challenge_verified(void **state)
{
	static const char ar[] = "Authentication-Results: mx.example.test; "
	    "dkim=pass header.d=example.test\r\n";
	struct world *w = *state;
	struct ref_outcome o;

	w->authserv_id = "mx.example.test";
	decide(w, "bob@example.test", "checkers challenge ann bob", ar, &o);
	assert_int_equal(o.status, REF_REFUSED);   /* not ann's address */
	ref_outcome_free(&o);
	decide(w, "ann@example.test", "checkers challenge ann bob", NULL, &o);
	assert_int_equal(o.status, REF_REFUSED);   /* not verified */
	ref_outcome_free(&o);
	decide(w, "ann@example.test", "checkers challenge ann bob", ar, &o);
	assert_int_equal(o.status, REF_APPLIED);
	assert_true(has(o.summary, "challenge of checkers, ann v bob"));
	ref_outcome_free(&o);
	w->authserv_id = NULL;
}

/* A mail set aside is answered with why, quoting nothing to a
 * stranger. */
static void
test_aside(void **state)
{
	struct world *w = *state;
	struct ref_outcome o;

	w->aside = "its decision crashed (signal 11, Segmentation fault)";
	decide(w, "ann@example.test", "checkers move 1 ann ann-pw 11-15", NULL,
	    &o);
	assert_int_equal(o.status, REF_REFUSED);
	mail_has(&o, 0, "ann@example.test", "crashed");
	mail_has(&o, 0, "ann@example.test", "set aside");
	assert_false(said(&o, "ann-pw"));
	ref_outcome_free(&o);
	decide(w, "eve@example.net", "checkers move 1 ann xyzzy 11-15", NULL,
	    &o);
	mail_has(&o, 0, "eve@example.net", "crashed");
	assert_false(said(&o, "xyzzy"));
	ref_outcome_free(&o);
	w->aside = NULL;
}


/* ---- issue 13: what players see ---- */

/* Reads mail i of o into m (the caller frees it). */
static void
mail_read(const struct ref_outcome *o, size_t i, struct mail_in *m)
{
	const char *why;

	assert_true(i < o->nmail);
	assert_int_equal(mail_parse(o->mail[i].text, o->mail[i].len, m, &why),
	    0);
}

/* The part of type type of m, or NULL. */
static const struct mail_part *
part_of(const struct mail_in *m, const char *type)
{
	size_t i;

	for (i = 0; i < m->nparts; i++)
		if (strcmp(m->parts[i].type, type) == 0)
			return &m->parts[i];
	return NULL;
}

/* Every line of every mail of o within 78 columns, CRLF ended. */
static void
lines_ok(const struct ref_outcome *o)
{
	size_t i, k, col;

	for (i = 0; i < o->nmail; i++)
		for (k = col = 0; k < o->mail[i].len; k++) {
			if (o->mail[i].text[k] == '\n') {
				assert_true(k > 0 && o->mail[i].text[k - 1] ==
				    '\r');
				col = 0;
			} else if (o->mail[i].text[k] != '\r' && ++col > 78)
				fail_msg("mail %zu: a line over 78 columns", i);
		}
}

/*
 * Checks every subject line mail i of o tells its reader to send (an
 * indented line of the text starting with a game, not the request
 * quoted masked): it reads back as a
 * command (pbem_parse), of that user, and a guarded one of ply.
 * Returns how many.
 */
static int
lines_sent(const struct ref_outcome *o, size_t i, const char *user,
    unsigned long ply)
{
	struct mail_in m;
	struct pbem_cmd c;
	const char *p, *why;
	char line[600];
	size_t n;
	int count = 0;

	mail_read(o, i, &m);
	for (p = m.text; *p != '\0'; p += n + (p[n] == '\n')) {
		n = strcspn(p, "\n");
		if (n < 5 || strncmp(p, "    ", 4) != 0 || p[4] == ' ' ||
		    n >= sizeof(line))
			continue;
		memcpy(line, p + 4, n - 4);
		line[n - 4] = '\0';
		if (strchr(line, ' ') == NULL || strstr(line, "****") != NULL)
			continue;
		line[strcspn(line, " ")] = '\0';
		if (rules_find(line) == NULL)
			continue;
		line[strlen(line)] = ' ';
		if (pbem_parse(line, &c, &why) != 0)
			fail_msg("\"%s\" does not read: %s", line, why);
		if (c.user[0] != '\0' && user != NULL)
			assert_string_equal(c.user, user);
		if (c.ply != 0)
			assert_int_equal(c.ply, ply);
		count++;
	}
	mail_in_free(&m);
	return count;
}

/* help: the commands, to anybody, quoting nothing; GAME help: the
 * rules, examples that read as moves of the game, a set-up position
 * that reads, the moves from the start. */
static void
test_help(void **state)
{
	struct world *w = *state;
	const struct rules *const *r;
	struct ref_outcome o;
	struct mail_in m;
	char line[100], ex[300], *p, *tok, *save;
	struct move mv;
	struct pos pos;
	size_t err;
	const char *why;

	decide(w, "stranger@example.net", "help", NULL, &o);
	assert_int_equal(o.status, REF_ANSWERED);
	mail_has(&o, 0, "stranger@example.net", "GAME chat BOARD USERID "
	    "PASSWORD TEXT");
	mail_has(&o, 0, "stranger@example.net", "GAME subscribe BOARD");
	mail_read(&o, 0, &m);
	assert_non_null(part_of(&m, "text/html"));
	mail_in_free(&m);
	lines_ok(&o);
	ref_outcome_free(&o);
	for (r = rules_table; *r != NULL; r++) {
		snprintf(line, sizeof(line), "%s help", (*r)->name);
		decide(w, "ann@example.test", line, NULL, &o);
		assert_int_equal(o.status, REF_ANSWERED);
		mail_has(&o, 0, "ann@example.test", "From the start");
		mail_read(&o, 0, &m);
		assert_non_null(p = strstr(m.text, "For example: "));
		snprintf(ex, sizeof(ex), "%.*s", (int)strcspn(p + 13, "\n"),
		    p + 13);
		for (tok = strtok_r(ex, " ", &save); tok != NULL;
		    tok = strtok_r(NULL, " ", &save))
			if ((*r)->move_parse(tok, strlen(tok), &mv, &err) != 0)
				fail_msg("%s: example %s does not read",
				    (*r)->name, tok);
		assert_non_null(p = strstr(m.text, "sets up a position, as "));
		snprintf(ex, sizeof(ex), "%.*s", (int)strcspn(p + 23, ".\n"),
		    p + 23);
		if (fen_parse(*r, ex, &pos, &err, &why) != 0 ||
		    rules_pos_check(*r, &pos, &why) != 0)
			fail_msg("%s: the FEN %s does not read", (*r)->name, ex);
		mail_in_free(&m);
		ref_outcome_free(&o);
	}
	decide(w, "ann@example.test", "chess help", NULL, &o);
	assert_int_equal(o.status, REF_REFUSED);
	mail_has(&o, 0, "ann@example.test", "unknown game chess");
	ref_outcome_free(&o);
}

/* Every mail about a board: the board, the moves so far, whose turn
 * and the exact subject its reader sends next (each line reads back,
 * the reader's own, with the right #N); the waiting player never gets
 * the mover's command; HTML with the board's PNG inline. */
static void
test_next_lines(void **state)
{
	struct world *w = *state;
	struct ref_outcome o;
	const struct mail_part *html, *png;
	struct mail_in m;

	decide(w, "ann@example.test", "checkers move 1 ann ann-pw 11-15#1",
	    NULL, &o);
	/* propose, resign, undo, queue */
	assert_int_equal(lines_sent(&o, 0, "ann", 2), 4);
	assert_int_equal(lines_sent(&o, 1, "bob", 2), 1);  /* the move */
	mail_has(&o, 0, "ann@example.test", "Moves: 1. 11-15");
	mail_has(&o, 1, "bob@example.test", "checkers move 1 bob PASSWORD "
	    "MOVE#2");
	mail_read(&o, 1, &m);
	assert_non_null(html = part_of(&m, "text/html"));
	assert_non_null(png = part_of(&m, "image/png"));
	assert_memory_equal(png->data, "\x89PNG\r\n\x1a\n", 8);
	assert_non_null(strstr(html->data, "<img src=\"cid:board.1.1.1@"
	    "example.test\""));
	assert_non_null(strstr(html->data, "mailto:referee@example.test?"
	    "subject=checkers%20move%201%20bob%20PASSWORD%20MOVE%232"));
	assert_non_null(strstr(m.text, "It is your turn, bob (white)"));
	mail_in_free(&m);
	lines_ok(&o);
	ref_outcome_free(&o);
	/* a draw offer: how to answer it, to the player it is offered to */
	decide(w, "bob@example.test", "checkers move 1 bob bob-pw propose#2",
	    NULL, &o);
	mail_has(&o, 0, "ann@example.test", "bob (white) offers you a draw");
	mail_has(&o, 0, "ann@example.test", "checkers move 1 ann PASSWORD "
	    "accept#2");
	mail_has(&o, 0, "ann@example.test", "checkers move 1 ann PASSWORD "
	    "reject#2");
	mail_has(&o, 1, "bob@example.test", "Your draw offer waits for ann's "
	    "answer");
	assert_null(strstr(o.mail[1].text, "accept#"));
	/* accept, reject, resign, undo, queue */
	assert_int_equal(lines_sent(&o, 0, "ann", 2), 5);
	assert_int_equal(lines_sent(&o, 1, "bob", 2), 1);  /* the move */
	ref_outcome_free(&o);
}

/* The end: both players told the winner by name and side, and why. */
static void
test_game_over(void **state)
{
	struct world *w = *state;
	struct ref_outcome o;
	char sub[200];

	decide(w, "bob@example.test", "checkers resign 1 bob bob-pw#1", NULL,
	    &o);
	assert_int_equal(o.nmail, 2);
	mail_has(&o, 0, "ann@example.test", "Game over: 1-0, ann (red) wins: "
	    "white resigned.");
	mail_has(&o, 1, "bob@example.test", "Game over: 1-0, ann (red) wins: "
	    "white resigned.");
	mail_subject(&o, 1, sub, sizeof(sub));
	assert_string_equal(sub, "checkers board 1: game over 1-0, ann wins");
	assert_int_equal(lines_sent(&o, 0, NULL, 0), 0);
	ref_outcome_free(&o);
}

/* Refusals say the fault precisely, quote the request masked, say what
 * to send instead, and never send a player to a man page. */
static void
test_refusal_texts(void **state)
{
	struct world *w = *state;
	struct ref_outcome o;

	decide(w, "ann@example.test", "checkers move 1 ann ann-pw 11-15 #2",
	    NULL, &o);
	mail_has(&o, 0, "ann@example.test", "remove the blank before #2");
	mail_has(&o, 0, "ann@example.test", "checkers move 1 ann **** **** #2");
	assert_false(said(&o, "ann-pw"));
	assert_false(said(&o, "stackref-referee(8)"));
	mail_has(&o, 0, "ann@example.test", "with the subject\n    help");
	ref_outcome_free(&o);
	decide(w, "stranger@example.net", "checkers move 1 ann xyzzy 11-15 #2",
	    NULL, &o);
	mail_has(&o, 0, "stranger@example.net", "remove the blank before the "
	    "#N");
	assert_false(said(&o, "xyzzy"));
	assert_false(has(o.mail[0].text, "move 1 ann"));  /* not quoted */
	ref_outcome_free(&o);
	decide(w, "ann@example.test", "checkers moev 1 ann ann-pw 11-15",
	    NULL, &o);
	mail_has(&o, 0, "ann@example.test", "did you mean move?");
	ref_outcome_free(&o);
	decide(w, "ann@example.test", "checkers move 1 ann ann-pw 11-15#4",
	    NULL, &o);
	mail_has(&o, 0, "ann@example.test", "checkers show 1");
	mail_has(&o, 0, "ann@example.test", "checkers move 1 ann PASSWORD "
	    "11-15#1");
	assert_int_equal(lines_sent(&o, 0, "ann", 1), 2);
	assert_false(said(&o, "stackref-referee(8)"));
	ref_outcome_free(&o);
	/* issue 22, item 2: the example is a legal move, of the square
	 * the illegal one named, not the illegal move itself */
	decide(w, "ann@example.test", "checkers move 1 ann ann-pw 11-18#1",
	    NULL, &o);
	mail_has(&o, 0, "ann@example.test", "one of the legal moves, for "
	    "example:\n    checkers move 1 ann PASSWORD 11-15#1");
	assert_false(said(&o, "PASSWORD 11-18"));
	ref_outcome_free(&o);
	decide(w, "bob@example.test", "checkers move 1 bob bob-pw 22-18#1",
	    NULL, &o);
	mail_has(&o, 0, "bob@example.test", "you will be mailed your "
	    "opponent's move");
	ref_outcome_free(&o);
	decide(w, "ann@example.test", "stackup move 1 ann ann-pw 11-15#1",
	    NULL, &o);
	mail_has(&o, 0, "ann@example.test", "Send instead:\n    checkers move "
	    "1 ann PASSWORD 11-15#1");
	ref_outcome_free(&o);
}

/* games USERID: the boards of a player from the records the run gives,
 * with the subject to send where it is the player's turn; the
 * challenges waiting. */
static void
test_games(void **state)
{
	struct world *w = *state;
	struct ref_outcome o;

	w->boards[0] = (struct ref_board_file){ "1", w->record,
	    w->record_len, 1795255200 };
	w->boards[1] = (struct ref_board_file){ "7", NULL, 0, 1795255100 };
	w->nboards = 2;
	ok(w, "bob@example.test", "stackup challenge bob bob-pw ann",
	    REF_APPLIED, 2);
	decide(w, "eve@example.net", "games ann", NULL, &o);
	assert_int_equal(o.status, REF_ANSWERED);
	mail_has(&o, 0, "eve@example.net", "board 1, checkers: ann (red) v "
	    "bob (white); last change 2026-11-21 10:00 UTC");
	mail_has(&o, 0, "eve@example.net", "ply 1 to play, ann's turn (red)");
	mail_has(&o, 0, "eve@example.net", "checkers move 1 ann PASSWORD "
	    "MOVE#1");
	mail_has(&o, 0, "eve@example.net", "board 7: too large");
	mail_has(&o, 0, "eve@example.net", "board 2, stackup: bob challenges "
	    "ann");
	ref_outcome_free(&o);
	w->nboards = 1;
	decide(w, "eve@example.net", "stackup games bob", NULL, &o);
	mail_has(&o, 0, "eve@example.net", "none.");
	ref_outcome_free(&o);
	decide(w, "eve@example.net", "games nobody", NULL, &o);
	assert_int_equal(o.status, REF_REFUSED);
	ref_outcome_free(&o);
	w->nboards = 0;
}

/* chat: kept in the record as a comment on the current ply, escaped in
 * the HTML, never an action; both players told; history lists it. */
static void
test_chat(void **state)
{
	struct world *w = *state;
	const struct mail_part *html;
	struct ref_outcome o;
	struct mail_in m;

	decide(w, "ann@example.test", "checkers chat 1 ann ann-pw Hello "
	    "<script>alert(1)</script> {x} [%resign white]", NULL, &o);
	assert_int_equal(o.status, REF_APPLIED);
	assert_non_null(strstr(o.record, "{ann: Hello <script>alert(1)"
	    "</script> (x) [%resign white]}"));
	assert_null(strstr(o.record, "Result \"1-0\""));
	assert_int_equal(o.nmail, 2);
	mail_has(&o, 1, "bob@example.test", "ann (red) says:\nHello");
	mail_read(&o, 1, &m);
	assert_non_null(html = part_of(&m, "text/html"));
	assert_null(strstr(html->data, "<script>"));
	assert_non_null(strstr(html->data, "&lt;script&gt;"));
	mail_in_free(&m);
	ref_outcome_free(&o);
	/* from the body, up to the signature and the quote */
	decide(w, "bob@example.test", "Re: checkers chat 1 bob bob-pw",
	    "\r\nGood luck!\r\nSee you.\r\n-- \r\nbob\r\n", &o);
	assert_non_null(strstr(o.record, "{bob: Good luck! See you.}"));
	ref_outcome_free(&o);
	decide(w, "bob@example.test", "checkers chat 1 bob bob-pw",
	    "\r\n> quoted\r\n", &o);
	assert_int_equal(o.status, REF_REFUSED);
	mail_has(&o, 0, "bob@example.test", "the chat says nothing");
	ref_outcome_free(&o);
	decide(w, "eve@example.net", "checkers history 1", NULL, &o);
	assert_int_equal(o.status, REF_ANSWERED);
	mail_has(&o, 0, "eve@example.net", "{bob: Good luck! See you.}");
	mail_has(&o, 0, "eve@example.net", "It is ann's turn (red) to play "
	    "ply 1.");
	ref_outcome_free(&o);
}

/* showas: the board from that player's side; preview: a move checked,
 * nothing played. */
static void
test_showas_preview(void **state)
{
	struct world *w = *state;
	struct ref_outcome o;

	decide(w, "eve@example.net", "showas checkers 1 bob", NULL, &o);
	assert_int_equal(o.status, REF_ANSWERED);
	mail_has(&o, 0, "eve@example.net", "    r   r   r   r         1     2");
	mail_has(&o, 0, "eve@example.net", "It is ann's turn (red)");
	ref_outcome_free(&o);
	decide(w, "eve@example.net", "checkers showas 1 carol", NULL, &o);
	assert_int_equal(o.status, REF_REFUSED);
	ref_outcome_free(&o);
	decide(w, "bob@example.test", "checkers preview 1 11-15#1", NULL, &o);
	assert_int_equal(o.status, REF_ANSWERED);
	assert_null(o.record);
	mail_has(&o, 0, "bob@example.test", "ann (red) may play 11-15 as ply "
	    "1.  Nothing was played");
	mail_has(&o, 0, "bob@example.test", "checkers move 1 ann PASSWORD "
	    "11-15#1");
	ref_outcome_free(&o);
	decide(w, "bob@example.test", "checkers preview 1 11-16x", NULL, &o);
	assert_int_equal(o.status, REF_REFUSED);
	ref_outcome_free(&o);
	decide(w, "bob@example.test", "checkers preview 1 11-15#3", NULL, &o);
	mail_has(&o, 0, "bob@example.test", "stale request");
	ref_outcome_free(&o);
}

/* Signs up carol, a watcher. */
static void
carol(struct world *w)
{
	join(w, "carol@example.test", "signup carol carol-pw");
}

/* The subject that starts or stops carol's copies of board 1, with the
 * token of her subscription in the watchers. */
static void
carol_line(const struct world *w, const char *verb, char *buf, size_t size)
{
	snprintf(buf, size, "checkers %s 1 %s", verb,
	    w->watchers.n > 0 ? w->watchers.v[w->watchers.n - 1].token : "");
}

/* subscribe: a signed-up address only, started when the token mailed
 * to it comes back; a copy of every move, bounded; unsubscribe with the
 * token of the copies; the watchers of a game go when it ends. */
static void
test_subscribe(void **state)
{
	struct world *w = *state;
	struct ref_outcome o;
	char line[200];
	size_t i;

	decide(w, "stranger@example.net", "subscribe checkers 1", NULL, &o);
	assert_int_equal(o.status, REF_REFUSED);
	assert_null(o.watchers);
	mail_has(&o, 0, "stranger@example.net", "signed-up player");
	ref_outcome_free(&o);
	decide(w, "ann@example.test", "checkers subscribe 1", NULL, &o);
	assert_int_equal(o.status, REF_REFUSED);
	ref_outcome_free(&o);
	carol(w);
	ok(w, "Carol <CAROL@example.test>", "checkers subscribe 1",
	    REF_APPLIED, 1);
	assert_int_equal(w->watchers.n, 1);
	assert_true(w->watchers.v[0].expires > 0);
	ok(w, "carol@example.test", "checkers subscribe 1", REF_REFUSED, 1);
	ok(w, "carol@example.test", "checkers subscribe 1 0123456789ab",
	    REF_REFUSED, 1);
	carol_line(w, "subscribe", line, sizeof(line));
	decide(w, "carol@example.test", line, NULL, &o);
	assert_int_equal(o.status, REF_APPLIED);
	assert_non_null(strstr(o.watchers, "\n1 carol@example.test "));
	assert_non_null(strstr(o.watchers, " 0\n"));
	mail_has(&o, 0, "carol@example.test", "now gets a copy of every move");
	mail_has(&o, 0, "carol@example.test", "checkers unsubscribe 1 ");
	assert_null(strstr(o.summary, w->watchers.v[0].token));
	ref_outcome_free(&o);
	ok(w, "carol@example.test", line, REF_REFUSED, 1);
	ok(w, "carol@example.test", "checkers subscribe 1", REF_REFUSED, 1);
	decide(w, "ann@example.test", "checkers move 1 ann ann-pw 11-15#1",
	    NULL, &o);
	assert_int_equal(o.nmail, 3);
	mail_has(&o, 2, "carol@example.test", "ann (red) played 11-15");
	mail_has(&o, 2, "carol@example.test", "You get this copy as a watcher");
	carol_line(w, "unsubscribe", line, sizeof(line));
	mail_has(&o, 2, "carol@example.test", line);
	assert_false(has(o.mail[2].text, "PASSWORD MOVE"));
	assert_string_equal(o.count_board, "1");
	assert_int_equal(o.board_count.mails, 1);
	ref_outcome_free(&o);
	/* at most REF_WATCH_BOARD watchers */
	for (i = w->watchers.n; i < REF_WATCH_BOARD; i++)
		ref_watch_add(&w->watchers, &(struct ref_watch){ "1",
		    "x@example.test", "t", 0 });
	decide(w, "bob@example.test", "checkers move 1 bob bob-pw 22-18#2",
	    NULL, &o);
	assert_int_equal(o.nmail, REF_MAILS);
	ref_outcome_free(&o);
	w->watchers.n = 1;
	ok(w, "carol@example.test", "checkers unsubscribe 1", REF_REFUSED, 1);
	ok(w, "mallory@example.net", "checkers unsubscribe 1 0123456789ab",
	    REF_REFUSED, 1);
	ok(w, "mallory@example.net", line, REF_APPLIED, 1);
	assert_int_equal(w->watchers.n, 0);
	ok(w, "carol@example.test", line, REF_REFUSED, 1);
	ok(w, "carol@example.test", "checkers subscribe 1", REF_APPLIED, 1);
	carol_line(w, "subscribe", line, sizeof(line));
	ok(w, "carol@example.test", line, REF_APPLIED, 1);
	decide(w, "ann@example.test", "checkers resign 1 ann ann-pw", NULL,
	    &o);
	assert_int_equal(o.nmail, 3);
	mail_has(&o, 2, "carol@example.test", "Game over: 0-1, bob (white) "
	    "wins");
	assert_null(strstr(o.watchers, "carol"));
	ref_outcome_free(&o);
}

/* The token of the pending entry of user (an account's), or "". */
static const char *
pending_token(const struct world *w, const char *user)
{
	size_t i;

	for (i = 0; i < w->pending.n; i++)
		if (strcmp(w->pending.v[i].user, user) == 0)
			return w->pending.v[i].token;
	return "";
}

/* The account verbs: password, reset by token, address by token at
 * the new address, retire refused while a board is open. */
static void
test_accounts(void **state)
{
	struct world *w = *state;
	struct ref_outcome o;
	char line[200];

	ok(w, "ann@example.test", "password ann nope ann-pw2", REF_REFUSED, 1);
	decide(w, "ann@example.test", "password ann ann-pw ann-pw2", NULL,
	    &o);
	assert_int_equal(o.status, REF_APPLIED);
	mail_has(&o, 0, "ann@example.test", "has changed");
	assert_null(strstr(o.summary, "ann-pw2"));
	ref_outcome_free(&o);
	ok(w, "ann@example.test", "checkers move 1 ann ann-pw2 11-15#1",
	    REF_APPLIED, 2);
	/* reset: the token to ann's address, whoever asks; once */
	decide(w, "eve@example.net", "reset ann", NULL, &o);
	assert_int_equal(o.status, REF_APPLIED);
	mail_has(&o, 0, "ann@example.test", "NEWPASSWORD");
	ref_outcome_free(&o);
	ok(w, "eve@example.net", "reset ann", REF_REFUSED, 1);
	ok(w, "eve@example.net", "reset ann 0123 ann-pw3", REF_REFUSED, 1);
	ok(w, "eve@example.net", "reset bob", REF_IGNORED, 0);  /* 3 a day */
	ok(w, "mallory@example.net", "reset ann", REF_REFUSED, 1);
	snprintf(line, sizeof(line), "reset ann %s ann-pw3",
	    pending_token(w, "ann"));
	ok(w, "ann@example.test", line, REF_APPLIED, 1);
	ok(w, "ann@example.test", line, REF_REFUSED, 1);
	/* address: a token at the new address, the old one told */
	decide(w, "bob@example.test", "address bob bob-pw bob@new.test", NULL,
	    &o);
	assert_int_equal(o.status, REF_APPLIED);
	assert_int_equal(o.nmail, 2);
	mail_has(&o, 0, "bob@new.test", "confirm bob ");
	mail_has(&o, 1, "bob@example.test", "bob@new.test");
	assert_false(has(o.mail[1].text, "confirm bob"));
	ref_outcome_free(&o);
	snprintf(line, sizeof(line), "Re: confirm bob %s",
	    pending_token(w, "bob"));
	ok(w, "bob@new.test", line, REF_APPLIED, 1);
	assert_string_equal(ref_player_find(&w->players, "bob")->addr,
	    "bob@new.test");
	ok(w, "bob@new.test", line, REF_REFUSED, 1);
	/* retire: refused while board 1 is open */
	w->boards[0] = (struct ref_board_file){ "1", w->record,
	    w->record_len, 1795255200 };
	w->nboards = 1;
	decide(w, "ann@example.test", "retire ann ann-pw3", NULL, &o);
	assert_int_equal(o.status, REF_REFUSED);
	mail_has(&o, 0, "ann@example.test", "not over: 1");
	ref_outcome_free(&o);
	ok(w, "bob@new.test", "checkers resign 1 bob bob-pw", REF_APPLIED, 2);
	w->boards[0].text = w->record;
	w->boards[0].len = w->record_len;
	ok(w, "ann@example.test", "retire ann ann-pw3", REF_APPLIED, 1);
	assert_string_equal(ref_player_find(&w->players, "ann")->addr, "-");
	ok(w, "x@example.test", "signup ann x-pw", REF_REFUSED, 1);
}

/* The options of a challenge: who moves first, a set-up position;
 * refused when unknown or wrong; a challenge declined or withdrawn;
 * one that waits for one player too many. */
static void
test_challenge_options(void **state)
{
	struct world *w = *state;
	struct ref_outcome o;
	char line[100];
	int i;

	ok(w, "ann@example.test", "checkers challenge ann ann-pw bob first=bob "
	    "fen=W:W18,K27:B12,16", REF_APPLIED, 2);
	decide(w, "bob@example.test", "checkers accept 1 bob bob-pw", NULL, &o);
	assert_non_null(strstr(o.record, "[White \"bob\"]"));
	assert_non_null(strstr(o.record, "[Black \"ann\"]"));
	assert_non_null(strstr(o.record, "[SetUp \"1\"]"));
	assert_non_null(strstr(o.record, "[FEN \"W:W18,K27:B12,16\"]"));
	mail_has(&o, 1, "bob@example.test", "It is your turn, bob (white)");
	ref_outcome_free(&o);
	decide(w, "ann@example.test", "checkers challenge ann ann-pw bob "
	    "fen=x:y", NULL, &o);
	mail_has(&o, 0, "ann@example.test", "fen=x:y:");
	ref_outcome_free(&o);
	decide(w, "ann@example.test", "checkers challenge ann ann-pw bob "
	    "colour=red", NULL, &o);
	mail_has(&o, 0, "ann@example.test", "unknown option colour=red; the "
	    "options are first=USERID or first=random, fen=POSITION, "
	    "time=WORD");
	ref_outcome_free(&o);
	ok(w, "ann@example.test", "checkers challenge ann ann-pw bob "
	    "first=carol", REF_REFUSED, 1);
	ok(w, "ann@example.test", "stackup challenge ann ann-pw bob "
	    "first=random", REF_APPLIED, 2);
	ok(w, "ann@example.test", "stackup challenge ann ann-pw bob",
	    REF_REFUSED, 1);
	ok(w, "bob@example.test", "checkers decline 2 bob bob-pw",
	    REF_REFUSED, 1);     /* board 2 is stackup */
	decide(w, "bob@example.test", "stackup decline 2 bob bob-pw", NULL,
	    &o);
	assert_int_equal(o.status, REF_APPLIED);
	assert_int_equal(w->challenges.n, 0);
	mail_has(&o, 0, "ann@example.test", "bob declined the challenge of "
	    "ann");
	ref_outcome_free(&o);
	ok(w, "ann@example.test", "stackup challenge ann ann-pw bob",
	    REF_APPLIED, 2);
	ok(w, "ann@example.test", "stackup decline 2 ann ann-pw", REF_APPLIED,
	    2);
	ok(w, "ann@example.test", "stackup accept 2 bob bob-pw", REF_REFUSED,
	    1);
	/* a challenge waits a week */
	ok(w, "ann@example.test", "stackup challenge ann ann-pw bob",
	    REF_APPLIED, 2);
	w->now = 1795255200 + REF_CHALLENGE_TIME + 1;
	decide(w, "bob@example.test", "stackup accept 2 bob bob-pw", NULL, &o);
	mail_has(&o, 0, "bob@example.test", "(it expired)");
	ref_outcome_free(&o);
	w->now = 0;
	ref_challenges_free(&w->challenges);
	carol(w);
	for (i = 0; i < REF_CHALLENGES_USER; i++) {
		struct ref_challenge ch = { "", "stackup", "x", "carol",
		    1795255200 + 3600, "" };

		snprintf(ch.board, sizeof(ch.board), "%d", 10 + i);
		assert_int_equal(ref_challenge_add(&w->challenges, &ch), 0);
	}
	snprintf(line, sizeof(line), "checkers challenge ann ann-pw carol");
	decide(w, "ann@example.test", line, NULL, &o);
	assert_int_equal(o.status, REF_REFUSED);
	mail_has(&o, 0, "ann@example.test", "too many challenges wait");
	ref_outcome_free(&o);
}

/* With publishing, every record written brings its game page. */
static void
test_publish_page(void **state)
{
	struct world *w = *state;
	struct ref_outcome o;

	decide(w, "ann@example.test", "checkers move 1 ann ann-pw 11-15#1",
	    NULL, &o);
	assert_null(o.page);
	ref_outcome_free(&o);
	w->publish = 1;
	decide(w, "bob@example.test", "checkers move 1 bob bob-pw 22-18#2",
	    NULL, &o);
	assert_non_null(o.page);
	assert_true(strncmp(o.page, "<!DOCTYPE html>", 15) == 0);
	assert_non_null(strstr(o.page, "22-18"));
	ref_outcome_free(&o);
	decide(w, "eve@example.net", "checkers show 1", NULL, &o);
	assert_null(o.page);
	ref_outcome_free(&o);
	w->publish = 0;
}

/* The lists of the state read back as written. */
static void
test_lists(void **state)
{
	struct ref_challenges c = { NULL, 0, 0 };
	struct ref_watchers w = { NULL, 0, 0 };
	const char *why;
	char *text;
	size_t len;

	(void)state;
	assert_int_equal(ref_challenges_parse("# x\n3 checkers ann bob 100 "
	    "first=bob fen=B:W18:B12\n4 stackup ann bob 50\n", &c, &why), 0);
	assert_int_equal(c.n, 2);
	assert_string_equal(c.v[0].options, "first=bob fen=B:W18:B12");
	assert_non_null(ref_challenge_find(&c, "4"));
	assert_null(ref_challenge_find(&c, "5"));
	text = ref_challenges_format(&c, 60, &len);
	assert_non_null(strstr(text, "\n3 checkers ann bob 100 first=bob "
	    "fen=B:W18:B12\n"));
	assert_null(strstr(text, "stackup"));   /* expired at 60 */
	free(text);
	ref_challenges_free(&c);
	assert_int_equal(ref_challenges_parse("3 checkers ann\n", &c, &why),
	    -1);
	ref_challenges_free(&c);
	assert_int_equal(ref_watchers_parse("1 a@x\n1 b@x\n", &w, &why), 0);
	text = ref_watchers_format(&w, &len);
	assert_non_null(strstr(text, "\n1 a@x\n1 b@x\n"));
	free(text);
	ref_watchers_free(&w);
	assert_int_equal(ref_watchers_parse("1 a@x extra\n", &w, &why), -1);
	ref_watchers_free(&w);
}

/* The counts read back as written. */
static void
test_counts(void **state)
{
	struct ref_count c = { 1795255200, 3, 2, 1795258800, 0 }, d;
	char line[128];

	(void)state;
	ref_count_format(&c, line, sizeof(line));
	assert_int_equal(ref_count_parse(line, &d), 0);
	assert_int_equal(c.since, d.since);
	assert_int_equal(c.fails, d.fails);
	assert_int_equal(c.mails, d.mails);
	assert_int_equal(c.until, d.until);
	assert_int_equal(d.held, 0);        /* never in the line */
	assert_int_equal(ref_count_parse("1 2 3\n", &d), -1);
	assert_int_equal(ref_count_parse("-1 2 3 4\n", &d), -1);
}

/* ---- issue 12: time and turns ---- */

#define T0 1795255200L      /* the world's time: the boards open then */
#define DAY 86400L

/* The time pass on the world's board at w->now: the key of the event
 * due into key ("" none); the outcome applied as a run would. */
static void
tick(struct world *w, struct ref_outcome *o, char key[REF_KEY])
{
	struct ref_ctx c;

	memset(&c, 0, sizeof(c));
	c.referee = REFEREE;
	c.players = &w->players;
	c.pending = &w->pending;
	c.challenges = &w->challenges;
	c.watchers = &w->watchers;
	c.record = w->record;
	c.record_len = w->record_len;
	c.cond = w->cond;
	c.now = w->now != 0 ? w->now : T0;
	memset(c.rnd, 3 + (int)++w->seq, sizeof(c.rnd));
	assert_int_equal(ref_decide_time(w->record_board, &c, o, key), 0);
	board_out(w, o);
}

/* Whether mail i of o says s, in its text or its HTML, decoded. */
static int
told(const struct ref_outcome *o, size_t i, const char *s)
{
	struct mail_in m;
	size_t k;
	int found;

	mail_read(o, i, &m);
	found = has(m.text, s) || (m.subject != NULL && has(m.subject, s));
	for (k = 0; k < m.nparts && !found; k++)
		found = m.parts[k].data != NULL && has(m.parts[k].data, s);
	mail_in_free(&m);
	return found || has(o->mail[i].text, s);
}

/* The k-th legal move the "Legal moves: " line of mail i lists, into
 * buf. */
static void
legal_move(const struct ref_outcome *o, size_t i, int k, char *buf,
    size_t size)
{
	struct mail_in m;
	const char *p;
	size_t n;

	mail_read(o, i, &m);
	assert_non_null(p = strstr(m.text, "Legal moves: "));
	if (strstr(p, "from each square:") != NULL)   /* counted: its example */
		assert_non_null(p = strstr(p, "For example: ")), (void)0;
	for (p += 13; k > 0; k--)
		assert_non_null(p = strstr(p, ", ")), p += 2;
	n = strcspn(p, ",\n");
	snprintf(buf, size, "%.*s", (int)n, p);
	mail_in_free(&m);
}

/* A board opens timed; a reminder falls due after 7 days without a
 * move, once; a move by the side that lost on time is refused; the
 * forfeit after 21 days, mailed to both; nothing more after it. */
static void
test_time_pass(void **state)
{
	struct world *w = *state;
	struct ref_outcome o;
	char key[REF_KEY], first[REF_KEY];

	assert_non_null(strstr(w->record, "[TimeControl \"move=21d "
	    "remind=7d\"]"));
	assert_non_null(strstr(w->record, "{[%ts 2026-11-21T10:00:00Z]}"));
	w->now = T0 + DAY;
	tick(w, &o, key);
	assert_string_equal(key, "");
	assert_int_equal(o.nmail, 0);
	ref_outcome_free(&o);
	decide(w, "ann@example.test", "checkers move 1 ann ann-pw 11-15#1",
	    NULL, &o);
	assert_int_equal(o.status, REF_APPLIED);
	mail_has(&o, 1, "bob@example.test", "Clock (move=21d remind=7d): bob "
	    "has had");
	mail_has(&o, 1, "bob@example.test", "without a move by "
	    "2026-12-13T10:00:00Z");
	ref_outcome_free(&o);
	w->now = T0 + 8 * DAY - 1;              /* 7 days less a second */
	tick(w, &o, key);
	assert_string_equal(key, "");
	ref_outcome_free(&o);
	w->now = T0 + 8 * DAY;
	tick(w, &o, key);
	assert_string_not_equal(key, "");
	assert_int_equal(o.status, REF_ANSWERED);
	assert_null(o.record);
	assert_int_equal(o.nmail, 1);
	mail_has(&o, 0, "bob@example.test", "Reminder 1 of 1: it has been "
	    "your turn on board 1 for 7d");
	mail_has(&o, 0, "bob@example.test", "Reminder 1: checkers board 1: "
	    "bob to move (ply 2)");
	mail_has(&o, 0, "bob@example.test", "checkers move 1 bob PASSWORD "
	    "MOVE#2");
	memcpy(first, key, REF_KEY);
	ref_outcome_free(&o);
	w->now = T0 + 15 * DAY;                 /* the same reminder */
	tick(w, &o, key);
	assert_string_equal(key, first);
	ref_outcome_free(&o);
	w->now = T0 + 22 * DAY + 1;             /* 21 days and a second */
	decide(w, "bob@example.test", "checkers move 1 bob bob-pw 23-19#2",
	    NULL, &o);
	assert_int_equal(o.status, REF_REFUSED);
	mail_has(&o, 0, "bob@example.test", "bob (white) has lost on time");
	ref_outcome_free(&o);
	tick(w, &o, key);
	assert_string_not_equal(key, "");
	assert_string_not_equal(key, first);
	assert_int_equal(o.status, REF_APPLIED);
	assert_non_null(strstr(o.record, "{[%claim-time red]} {[%ts "
	    "2026-12-13T10:00:01Z]} 1-0"));
	assert_non_null(strstr(o.record, "[Termination \"time forfeit\"]"));
	assert_int_equal(o.nmail, 2);
	mail_has(&o, 0, "ann@example.test", "bob (white) has lost on time");
	mail_has(&o, 0, "ann@example.test", "ann (red) wins by forfeit");
	mail_has(&o, 1, "bob@example.test", "game over 1-0, ann wins");
	assert_int_equal(o.nrated, 2);          /* issue 22: a forfeit rates */
	mail_has(&o, 1, "bob@example.test",
	    "bob's rating went down from 1500 to 1337 (checkers).");
	ref_outcome_free(&o);
	w->now = T0 + 40 * DAY;
	tick(w, &o, key);
	assert_string_equal(key, "");
	assert_int_equal(o.nmail, 0);
	ref_outcome_free(&o);
}

/* Leave by mail: within the allowance of the players' time control
 * (time= words), it stops the clock of its side (no reminder while
 * it runs); refused without leave= or beyond it. */
static void
test_leave(void **state)
{
	struct world *w = *state;
	struct ref_outcome o;
	char key[REF_KEY];

	ok(w, "ann@example.test", "checkers challenge ann ann-pw bob "
	    "time=move=21d time=remind=7d time=leave=10", REF_APPLIED, 2);
	decide(w, "ann@example.test", "checkers challenge ann ann-pw bob "
	    "time=3x", NULL, &o);
	assert_int_equal(o.status, REF_REFUSED);
	mail_has(&o, 0, "ann@example.test", "time=3x");
	ref_outcome_free(&o);
	ok(w, "bob@example.test", "checkers accept 1 bob bob-pw", REF_APPLIED,
	    2);
	assert_non_null(strstr(w->record, "[TimeControl \"move=21d remind=7d "
	    "leave=10\"]"));
	w->now = T0 + DAY;
	ok(w, "ann@example.test", "checkers move 1 ann ann-pw 11-15#1",
	    REF_APPLIED, 2);
	decide(w, "bob@example.test", "checkers leave 1 bob bob-pw 5", NULL,
	    &o);
	assert_int_equal(o.status, REF_APPLIED);
	assert_non_null(strstr(o.record, "{[%leave white 5]}"));
	mail_has(&o, 0, "ann@example.test", "bob (white) takes 5 days of "
	    "leave, until 2026-11-27T10:00:00Z");
	mail_has(&o, 1, "bob@example.test", "bob is on leave until "
	    "2026-11-27T10:00:00Z");
	ref_outcome_free(&o);
	decide(w, "bob@example.test", "checkers leave 1 bob bob-pw 6", NULL,
	    &o);
	assert_int_equal(o.status, REF_REFUSED);      /* one in force */
	ref_outcome_free(&o);
	w->now = T0 + 9 * DAY;          /* 8 days, 5 of them on leave */
	tick(w, &o, key);
	assert_string_equal(key, "");
	ref_outcome_free(&o);
	w->now = T0 + 13 * DAY;         /* 12 days, 7 thought */
	tick(w, &o, key);
	assert_string_not_equal(key, "");
	mail_has(&o, 0, "bob@example.test", "Reminder 1 of 1");
	ref_outcome_free(&o);
	decide(w, "bob@example.test", "checkers leave 1 bob bob-pw 6", NULL,
	    &o);
	assert_int_equal(o.status, REF_REFUSED);      /* 5 of 10 left */
	mail_has(&o, 0, "bob@example.test", "5 of 10 days of leave left");
	ref_outcome_free(&o);
	ok(w, "ann@example.test", "checkers leave 1 ann ann-pw 5",
	    REF_APPLIED, 2);                          /* ann's own days */
}

/* Leave on a board of the referee's time control: no leave= in it. */
static void
test_leave_refused(void **state)
{
	struct world *w = *state;
	struct ref_outcome o;

	decide(w, "bob@example.test", "checkers leave 1 bob bob-pw 3", NULL,
	    &o);
	assert_int_equal(o.status, REF_REFUSED);
	mail_has(&o, 0, "bob@example.test", "leave");
	ref_outcome_free(&o);
	ok(w, "bob@example.test", "checkers leave 1 bob bob-pw 0",
	    REF_REFUSED, 1);
	ok(w, "bob@example.test", "checkers leave 1 bob wrong 3",
	    REF_REFUSED, 1);
}

/* Undo by mail in every game: asked, answered with pbmserv's accept
 * and reject or accept-undo and reject-undo; refused when there is no
 * move to take back, no request, one's own request, the end. */
static void
test_undo_games(void **state)
{
	static const char *const games[] = { "checkers", "stackup",
	    "stackers-brown", "stackers-mogensen", "accasta-pari" };
	struct world *w = *state;
	struct ref_outcome o;
	char line[300], mv[64], b[PBEM_WORD];
	size_t g;

	for (g = 0; g < sizeof(games) / sizeof(games[0]); g++) {
		open_board(w, games[g]);
		snprintf(b, sizeof(b), "%s", w->record_board);
		snprintf(line, sizeof(line), "%s show %s", games[g], b);
		decide(w, "ann@example.test", line, NULL, &o);
		legal_move(&o, 0, 0, mv, sizeof(mv));
		ref_outcome_free(&o);
		snprintf(line, sizeof(line), "%s move %s bob bob-pw undo",
		    games[g], b);
		ok(w, "bob@example.test", line, REF_REFUSED, 1);  /* none */
		snprintf(line, sizeof(line), "%s move %s ann ann-pw %s#1",
		    games[g], b, mv);
		ok(w, "ann@example.test", line, REF_APPLIED, 2);
		snprintf(line, sizeof(line), "%s move %s bob bob-pw "
		    "accept-undo", games[g], b);
		ok(w, "bob@example.test", line, REF_REFUSED, 1);  /* none */
		snprintf(line, sizeof(line), "%s move %s ann ann-pw undo#2",
		    games[g], b);
		decide(w, "ann@example.test", line, NULL, &o);
		assert_int_equal(o.status, REF_APPLIED);
		mail_has(&o, 1, "bob@example.test", "ann (");
		/* issue 22, item 9: the request names the moves it takes
		 * back, to both players */
		snprintf(line, sizeof(line), "asks to take back %s.", mv);
		mail_has(&o, 1, "bob@example.test", line);
		mail_has(&o, 1, "bob@example.test", "accept-undo#2");
		snprintf(line, sizeof(line), "Your request to take back %s "
		    "waits", mv);
		mail_has(&o, 0, "ann@example.test", line);
		ref_outcome_free(&o);
		snprintf(line, sizeof(line), "%s move %s ann ann-pw accept",
		    games[g], b);
		ok(w, "ann@example.test", line, REF_REFUSED, 1);  /* own */
		snprintf(line, sizeof(line), "%s move %s bob bob-pw %s",
		    games[g], b, g % 2 ? "accept-undo" : "accept");
		decide(w, "bob@example.test", line, NULL, &o);
		assert_int_equal(o.status, REF_APPLIED);
		assert_non_null(strstr(o.record, "{[%accept-undo"));
		snprintf(line, sizeof(line), "accepts: %s is taken back.", mv);
		mail_has(&o, 0, "ann@example.test", line);
		mail_has(&o, 0, "ann@example.test", "ann to move (ply 1)");
		mail_has(&o, 0, "ann@example.test", "It is your turn, ann");
		ref_outcome_free(&o);
		/* again, declined this time */
		snprintf(line, sizeof(line), "%s move %s ann ann-pw %s#1",
		    games[g], b, mv);
		ok(w, "ann@example.test", line, REF_APPLIED, 2);
		snprintf(line, sizeof(line), "%s move %s ann ann-pw undo",
		    games[g], b);
		ok(w, "ann@example.test", line, REF_APPLIED, 2);
		snprintf(line, sizeof(line), "%s move %s bob bob-pw %s",
		    games[g], b, g % 2 ? "reject-undo" : "reject");
		decide(w, "bob@example.test", line, NULL, &o);
		assert_int_equal(o.status, REF_APPLIED);
		assert_non_null(strstr(o.record, "{[%decline-undo"));
		mail_has(&o, 0, "ann@example.test", "bob to move (ply 2)");
		ref_outcome_free(&o);
		snprintf(line, sizeof(line), "%s resign %s bob bob-pw",
		    games[g], b);
		ok(w, "bob@example.test", line, REF_APPLIED, 2);
		snprintf(line, sizeof(line), "%s move %s ann ann-pw undo",
		    games[g], b);
		decide(w, "ann@example.test", line, NULL, &o);
		assert_int_equal(o.status, REF_REFUSED);
		mail_has(&o, 0, "ann@example.test", "the game is over");
		ref_outcome_free(&o);
	}
}

/* Conditional moves by mail, two plies deep: kept private (only their
 * owner is mailed them; neither the opponent's mails nor the record
 * hold them), each reply played at once, the list spent. */
static void
test_queue_deep(void **state)
{
	struct world *w = *state;
	struct ref_outcome o;
	size_t i;

	ok(w, "ann@example.test", "checkers move 1 ann ann-pw 11-15#1",
	    REF_APPLIED, 2);
	decide(w, "bob@example.test", "checkers queue 1 bob bob-pw 8-11 "
	    "22-17", NULL, &o);
	assert_int_equal(o.status, REF_REFUSED);       /* bob's turn */
	mail_has(&o, 0, "bob@example.test", "it is your turn");
	ref_outcome_free(&o);
	decide(w, "ann@example.test", "checkers queue 1 ann ann-pw 23-19 "
	    "8-12#2", NULL, &o);
	assert_int_equal(o.status, REF_REFUSED);       /* 8-12: illegal */
	mail_has(&o, 0, "ann@example.test", "8-12");
	assert_null(o.cond);
	ref_outcome_free(&o);
	decide(w, "ann@example.test", "checkers queue 1 ann ann-pw 23-19 "
	    "8-11 22-17 9-13#2", NULL, &o);
	assert_int_equal(o.status, REF_APPLIED);
	assert_null(o.record);
	assert_non_null(o.cond);
	assert_int_equal(o.nmail, 1);
	mail_has(&o, 0, "ann@example.test", "If bob plays 23-19, you reply "
	    "8-11;\nthen if bob plays 22-17, you reply 9-13.");
	mail_has(&o, 0, "ann@example.test", "checkers board 1: your "
	    "conditional moves");
	ref_outcome_free(&o);
	decide(w, "bob@example.test", "checkers move 1 bob bob-pw 23-19#2",
	    NULL, &o);
	assert_int_equal(o.status, REF_APPLIED);
	assert_non_null(strstr(o.record, "23-19"));
	assert_non_null(strstr(o.record, "8-11"));
	assert_null(strstr(o.record, "22-17"));
	assert_null(strstr(o.record, "9-13"));
	assert_non_null(o.cond);
	assert_non_null(strstr(o.cond, "22-17 9-13"));
	mail_has(&o, 1, "bob@example.test", "ann's conditional reply was "
	    "played at once: 8-11");
	mail_has(&o, 1, "bob@example.test", "bob to move (ply 4)");
	for (i = 0; i < o.nmail; i++)       /* 22-17 is a legal move too */
		assert_false(told(&o, i, "9-13") || told(&o, i, "you reply"));
	ref_outcome_free(&o);
	decide(w, "bob@example.test", "checkers move 1 bob bob-pw 22-17#4",
	    NULL, &o);
	assert_int_equal(o.status, REF_APPLIED);
	assert_non_null(strstr(o.record, "9-13"));
	assert_string_equal(o.cond, "");               /* spent */
	mail_has(&o, 1, "bob@example.test", "bob to move (ply 6)");
	ref_outcome_free(&o);
}

/* --- issue 22: pbmserv's submit then confirm, and qmove --- */

/* A submission is kept private beside the opponent's conditional
 * moves, serves its ply only, two days, once; confirm plays it (and the
 * replies it triggers); qmove is a move on one's turn only. */
static void
test_submit_confirm(void **state)
{
	struct world *w = *state;
	struct ref_outcome o;

	w->now = 1795255200;
	decide(w, "ann@example.test", "checkers submit 1 ann ann-pw 11-15#1",
	    NULL, &o);
	assert_int_equal(o.status, REF_ANSWERED);
	assert_null(o.record);
	assert_non_null(o.cond);
	assert_int_equal(o.nmail, 1);
	mail_has(&o, 0, "ann@example.test", "Submission: ann (red) may play "
	    "11-15 as ply 1");
	mail_has(&o, 0, "ann@example.test", "checkers confirm 1 ann PASSWORD");
	assert_null(strstr(o.cond, "ann-pw"));
	ref_outcome_free(&o);
	/* two days on, it is gone */
	w->now += 2 * 86400;
	ok(w, "ann@example.test", "checkers confirm 1 ann ann-pw", REF_REFUSED,
	    1);
	w->now -= 2 * 86400;
	ok(w, "ann@example.test", "checkers submit 1 ann ann-pw 11-15#1",
	    REF_ANSWERED, 1);
	/* bob's list kept with it, and bob cannot confirm ann's move */
	ok(w, "bob@example.test", "checkers queue 1 bob bob-pw 11-15 22-18",
	    REF_APPLIED, 1);
	assert_non_null(strstr(w->cond, "submit ann 1 "));
	ok(w, "bob@example.test", "checkers confirm 1 bob bob-pw", REF_REFUSED,
	    1);
	decide(w, "ann@example.test", "checkers confirm 1 ann ann-pw", NULL,
	    &o);
	assert_int_equal(o.status, REF_APPLIED);
	assert_non_null(strstr(o.record, "1. 11-15"));
	assert_non_null(strstr(o.record, "22-18"));     /* bob's reply */
	assert_null(strstr(o.cond, "submit"));
	ref_outcome_free(&o);
	ok(w, "ann@example.test", "checkers confirm 1 ann ann-pw", REF_REFUSED,
	    1);
	/* qmove: refused out of turn, a move on one's turn */
	decide(w, "bob@example.test", "checkers boardq 1 bob bob-pw 24-20",
	    NULL, &o);
	mail_has(&o, 0, "bob@example.test", "checkers queue 1 bob PASSWORD "
	    "X Y");
	ref_outcome_free(&o);
	ok(w, "ann@example.test", "checkers qmove 1 ann ann-pw 15x22#3",
	    REF_APPLIED, 2);
	assert_non_null(strstr(w->record, "15x22"));
}

/* A list dropped when the opponent's move is another, and by its
 * owner (queue without moves); never shown to the opponent. */
static void
test_queue_mismatch(void **state)
{
	struct world *w = *state;
	struct ref_outcome o;
	size_t i;

	ok(w, "ann@example.test", "checkers move 1 ann ann-pw 11-15#1",
	    REF_APPLIED, 2);
	ok(w, "ann@example.test", "checkers queue 1 ann ann-pw 23-19 8-11",
	    REF_APPLIED, 1);
	decide(w, "bob@example.test", "checkers show 1", NULL, &o);
	assert_false(told(&o, 0, "8-11"));
	ref_outcome_free(&o);
	ok(w, "ann@example.test", "checkers queue 1 ann ann-pw", REF_APPLIED,
	    1);
	assert_string_equal(w->cond, "");
	ok(w, "ann@example.test", "checkers queue 1 ann ann-pw 23-19 8-11",
	    REF_APPLIED, 1);
	decide(w, "bob@example.test", "checkers move 1 bob bob-pw 22-18#2",
	    NULL, &o);
	assert_int_equal(o.status, REF_APPLIED);
	assert_string_equal(o.cond, "");               /* dropped */
	assert_null(strstr(o.record, "8-11"));
	mail_has(&o, 0, "ann@example.test", "It is your turn, ann");
	for (i = 0; i < o.nmail; i++)
		assert_false(told(&o, i, "23-19") || told(&o, i, "8-11"));
	ref_outcome_free(&o);
}

/* ---- issue 19: one judge, the commands and the referee agree ---- */

#define AGREE_TAGS(control, result) "[Game \"checkers\"]\n[GameId \"1\"]\n" \
	"[Black \"ann\"]\n[White \"bob\"]\n[Result \"" result "\"]\n" \
	"[TimeControl \"" control "\"]\n\n{[%ts 2026-11-21T10:00:00Z]} "
#define AGREE_ONE "1. 11-15 {[%ts 2026-11-22T10:00:00Z]} "  /* at T0 + DAY */
#define AGREE_REF "move=21d remind=7d"

/* A situation put to both front ends: board 1 (ann red, bob white) of
 * record at T0 + now, a play as a command line (FILE for the record)
 * and as the subject of a mail from the player, and the verdict both
 * must give. */
static const struct agree {
	const char *record;
	long now;
	const char *argv[8];
	const char *subject;
	enum judge_kind want;
} agree_cases[] = {
	{ AGREE_TAGS(AGREE_REF, "*") AGREE_ONE "*", 2 * DAY,
	    { "move", "--as", "white", "FILE", "22-18" },
	    "checkers move 1 bob bob-pw 22-18", JUDGE_OK },
	{ AGREE_TAGS(AGREE_REF, "1-0") AGREE_ONE "{[%resign white]} "
	    "{[%ts 2026-11-22T11:00:00Z]} 1-0", 2 * DAY,
	    { "move", "--as", "white", "FILE", "22-18" },
	    "checkers move 1 bob bob-pw 22-18", JUDGE_OVER },
	{ AGREE_TAGS(AGREE_REF, "1-0") AGREE_ONE "{[%resign white]} "
	    "{[%ts 2026-11-22T11:00:00Z]} 1-0", 2 * DAY,
	    { "offer-draw", "--as", "red", "FILE" },
	    "checkers move 1 ann ann-pw propose", JUDGE_OVER },
	{ AGREE_TAGS(AGREE_REF, "*") AGREE_ONE "*", 2 * DAY,
	    { "move", "--as", "white", "--ply", "1", "FILE", "22-18" },
	    "checkers move 1 bob bob-pw 22-18#1", JUDGE_STALE },
	{ AGREE_TAGS(AGREE_REF, "*") AGREE_ONE "*", 2 * DAY,
	    { "resign", "--as", "red", "--ply", "5", "FILE" },
	    "checkers resign 1 ann ann-pw#5", JUDGE_STALE },
	{ AGREE_TAGS(AGREE_REF, "*") AGREE_ONE "*", 2 * DAY,
	    { "move", "--as", "red", "FILE", "9-14" },
	    "checkers move 1 ann ann-pw 9-14", JUDGE_NOT_TURN },
	/* the clock set back: a minute before the last stamp */
	{ AGREE_TAGS(AGREE_REF, "*") AGREE_ONE "*", DAY - 60,
	    { "move", "--as", "white", "FILE", "22-18" },
	    "checkers move 1 bob bob-pw 22-18", JUDGE_NOW_BEHIND },
	{ AGREE_TAGS(AGREE_REF, "*") AGREE_ONE "*", DAY - 60,
	    { "resign", "--as", "red", "FILE" },
	    "checkers resign 1 ann ann-pw", JUDGE_NOW_BEHIND },
	/* a stamp a day ahead of the clock (issue 21, case 6) */
	{ AGREE_TAGS(AGREE_REF, "*") AGREE_ONE "*", 0,
	    { "move", "--as", "white", "FILE", "22-18" },
	    "checkers move 1 bob bob-pw 22-18", JUDGE_STAMP_AHEAD },
	{ AGREE_TAGS(AGREE_REF, "*") AGREE_ONE "*", 0,
	    { "resign", "--as", "red", "FILE" },
	    "checkers resign 1 ann ann-pw", JUDGE_STAMP_AHEAD },
	{ AGREE_TAGS(AGREE_REF, "*") AGREE_ONE "*", 23 * DAY,
	    { "move", "--as", "white", "FILE", "22-18" },
	    "checkers move 1 bob bob-pw 22-18", JUDGE_TIME_UP },
	{ AGREE_TAGS("move=21d leave=10", "*") AGREE_ONE "*", 23 * DAY,
	    { "leave", "--as", "white", "--days", "3", "FILE" },
	    "checkers leave 1 bob bob-pw 3", JUDGE_TIME_UP },
	{ AGREE_TAGS(AGREE_REF, "*") AGREE_ONE "{[%offer-draw white]} "
	    "{[%ts 2026-11-22T11:00:00Z]} *", 2 * DAY,
	    { "offer-draw", "--as", "red", "FILE" },
	    "checkers move 1 ann ann-pw propose", JUDGE_OFFER_PENDING },
	{ AGREE_TAGS(AGREE_REF, "*") AGREE_ONE "*", 2 * DAY,
	    { "accept-draw", "--as", "red", "FILE" },
	    "checkers move 1 ann ann-pw accept", JUDGE_NO_OFFER },
	{ AGREE_TAGS(AGREE_REF, "*") AGREE_ONE "{[%offer-draw white]} "
	    "{[%ts 2026-11-22T11:00:00Z]} *", 2 * DAY,
	    { "accept-draw", "--as", "white", "FILE" },
	    "checkers move 1 bob bob-pw accept", JUDGE_OWN_OFFER },
	{ AGREE_TAGS(AGREE_REF, "*") AGREE_ONE "*", 2 * DAY,
	    { "request-undo", "--as", "white", "FILE" },
	    "checkers move 1 bob bob-pw undo", JUDGE_NOTHING_TO_UNDO },
	{ AGREE_TAGS(AGREE_REF, "*") AGREE_ONE "*", 2 * DAY,
	    { "leave", "--as", "white", "--days", "3", "FILE" },
	    "checkers leave 1 bob bob-pw 3", JUDGE_NO_LEAVE },
	{ AGREE_TAGS("move=21d leave=10", "*") AGREE_ONE "*", 2 * DAY,
	    { "leave", "--as", "white", "--days", "11", "FILE" },
	    "checkers leave 1 bob bob-pw 11", JUDGE_LEAVE_SPENT },
};

/* What each front end's words of a refusal hold, by kind. */
static const struct {
	enum judge_kind kind;
	const char *cli, *ref;
} agree_words[] = {
	{ JUDGE_STALE, "already played", "stale request" },
	{ JUDGE_STALE, "stale ", "stale request" },
	{ JUDGE_OVER, "the game is over (", "the game is over (" },
	{ JUDGE_NOT_TURN, "move sent as", "'s turn (" },
	{ JUDGE_NOW_BEHIND, "before the record's last time stamp",
	    "the referee's clock is behind" },
	{ JUDGE_STAMP_AHEAD, "is later than the time now",
	    "is later than the time now" },
	{ JUDGE_TIME_UP, "has lost on time", "has lost on time" },
	{ JUDGE_OFFER_PENDING, "a draw offer by", "a draw offer by" },
	{ JUDGE_NO_OFFER, "no draw offer is pending",
	    "no draw offer is pending" },
	{ JUDGE_OWN_OFFER, "the draw offer is", "the draw offer is" },
	{ JUDGE_NOTHING_TO_UNDO, "no move to take back",
	    "no move to take back" },
	{ JUDGE_NO_LEAVE, "gives no leave", "gives no leave" },
	{ JUDGE_LEAVE_SPENT, "days of leave left", "days of leave left" },
};

/* The kind of refusal text says in the words of the commands (ref: of
 * the referee), or -1. */
static int
agree_kind(const char *text, int ref)
{
	size_t i;

	for (i = 0; i < sizeof(agree_words) / sizeof(agree_words[0]); i++)
		if (strstr(text, ref ? agree_words[i].ref :
		    agree_words[i].cli) != NULL)
			return (int)agree_words[i].kind;
	return -1;
}

/* The play commands, by name. */
static cmd_fn
agree_cmd(const char *name)
{
	static const struct cmd c[] = {
		{ "move", cmd_move, NULL, NULL, NULL },
		{ "resign", cmd_resign, NULL, NULL, NULL },
		{ "offer-draw", cmd_offer_draw, NULL, NULL, NULL },
		{ "accept-draw", cmd_accept_draw, NULL, NULL, NULL },
		{ "request-undo", cmd_request_undo, NULL, NULL, NULL },
		{ "leave", cmd_leave, NULL, NULL, NULL },
	};
	size_t i;

	for (i = 0; i < sizeof(c) / sizeof(c[0]); i++)
		if (strcmp(c[i].name, name) == 0)
			return c[i].fn;
	fail_msg("no command %s", name);
	return NULL;
}

/* The verdict of `stackref ARGV` -n on the record of a at T0 + a->now:
 * run in a child (a command closes standard output), its diagnostics
 * read back. */
static int
agree_cli(const struct agree *a)
{
	char file[] = "/tmp/stackref-agree-XXXXXX", err[] =
	    "/tmp/stackref-agree-err-XXXXXX", now[TIMEUTC_SIZE], text[1024];
	char *argv[10];
	int fd, efd, status, argc;
	struct diag d;
	size_t n;
	FILE *f;
	pid_t pid;

	fd = mkstemp(file);
	efd = mkstemp(err);
	assert_true(fd >= 0 && efd >= 0);
	assert_true(write(fd, a->record, strlen(a->record)) ==
	    (ssize_t)strlen(a->record));
	close(fd);
	close(efd);
	assert_int_equal(timeutc_format(T0 + a->now, now, sizeof(now)), 0);
	argv[0] = (char *)a->argv[0];
	argv[1] = (char *)"-n";
	for (argc = 2; a->argv[argc - 1] != NULL; argc++)
		argv[argc] = (char *)(strcmp(a->argv[argc - 1], "FILE") == 0 ?
		    file : a->argv[argc - 1]);
	argv[argc] = NULL;
	fflush(NULL);
	if ((pid = fork()) == 0) {
		setenv("STACKREF_NOW", now, 1);
		if (freopen("/dev/null", "w", stdout) == NULL ||
		    freopen(err, "w", stderr) == NULL)
			_exit(99);
		diag_init(&d, "stackref", stderr);
		optind = 1;
		_exit(agree_cmd(argv[0])(argc, argv, &d));
	}
	assert_true(pid > 0 && waitpid(pid, &status, 0) == pid);
	assert_non_null(f = fopen(err, "r"));
	n = fread(text, 1, sizeof(text) - 1, f);
	text[n] = '\0';
	fclose(f);
	unlink(file);
	unlink(err);
	assert_true(WIFEXITED(status));
	return WEXITSTATUS(status) == 0 ? JUDGE_OK : agree_kind(text, 0);
}

/* The verdict of the referee on the mail of a, from its player, at
 * T0 + a->now. */
static int
agree_ref(struct world *w, const struct agree *a)
{
	char user[16], from[64];
	struct ref_outcome o;
	struct mail_in m;
	int kind = -1;

	set_record(w, a->record);
	w->now = T0 + a->now;
	w->ncounts = 0;
	assert_int_equal(sscanf(a->subject, "%*s %*s %*s %15s", user), 1);
	snprintf(from, sizeof(from), "%s@example.test", user);
	decide(w, from, a->subject, NULL, &o);
	if (o.status == REF_APPLIED)
		kind = JUDGE_OK;
	else if (o.status == REF_REFUSED && o.nmail > 0) {
		mail_read(&o, 0, &m);
		kind = agree_kind(m.text, 1);
		mail_in_free(&m);
	}
	ref_outcome_free(&o);
	w->now = 0;
	return kind;
}

/* The same plays through `stackref move`, resign, ... and by mail to
 * the referee: both give the verdict of the one judge, the clock set
 * back included (before, the referee played at the record's last
 * stamp where the command refused). */
static void
test_one_judge(void **state)
{
	struct world *w = *state;
	size_t i;
	int cli, ref;

	for (i = 0; i < sizeof(agree_cases) / sizeof(agree_cases[0]); i++) {
		cli = agree_cli(&agree_cases[i]);
		ref = agree_ref(w, &agree_cases[i]);
		if (cli != ref || cli != (int)agree_cases[i].want)
			fail_msg("%s: the command says %d, the referee %d, the "
			    "judge %d", agree_cases[i].subject, cli, ref,
			    (int)agree_cases[i].want);
	}
}

/* --- issue 22: replies (items 2, 3, 4, 9) ---------------------------- */

/* The mail from from with subject is answered, the first reply
 * holding text. */
static void
replied(struct world *w, const char *from, const char *subject,
    const char *text)
{
	struct ref_outcome o;

	decide(w, from, subject, NULL, &o);
	mail_has(&o, 0, from, text);
	ref_outcome_free(&o);
}

/* The longest line of the text of mail i of o; with STACKREF_DUMP set,
 * the text goes to stderr too. */
static size_t
longest_line(const struct ref_outcome *o, size_t i)
{
	struct mail_in m;
	const char *p;
	size_t n, max = 0;

	mail_read(o, i, &m);
	if (getenv("STACKREF_DUMP") != NULL)
		fprintf(stderr, "---- mail %zu\n%s\n", i, m.text);
	for (p = m.text; *p != '\0'; p += n + (p[n] == '\n')) {
		n = strcspn(p, "\n");
		if (n > max)
			max = n;
	}
	mail_in_free(&m);
	return max;
}

/* Every mail of o has lines of at most 78 bytes. */
static void
lines_fit(const struct ref_outcome *o)
{
	size_t i;

	for (i = 0; i < o->nmail; i++)
		if (longest_line(o, i) > 78)
			fail_msg("mail %zu has a line of %zu bytes", i,
			    longest_line(o, i));
}

/* Item 4: an illegal Accasta move lists the moves of the stack it
 * names, else a count by stack; the mail to the player to move carries
 * the count, not 192 moves on one line; no line over 78 bytes. */
static void
test_accasta_lists(void **state)
{
	struct world *w = *state;
	struct ref_outcome o;

	open_board(w, "accasta-pari");
	decide(w, "ann@example.test", "accasta-pari show 1", NULL, &o);
	mail_has(&o, 0, "ann@example.test", "Legal moves: ");
	mail_has(&o, 0, "ann@example.test", "from each square: a1: ");
	mail_has(&o, 0, "ann@example.test", "accasta-pari preview 1 SQUARE");
	lines_fit(&o);
	ref_outcome_free(&o);
	decide(w, "ann@example.test", "accasta-pari move 1 ann ann-pw "
	    "b2:1-g4#1", NULL, &o);
	assert_int_equal(o.status, REF_REFUSED);
	mail_has(&o, 0, "ann@example.test", "legal moves from b2: b2:");
	mail_has(&o, 0, "ann@example.test", "for example:\n    accasta-pari "
	    "move 1 ann PASSWORD b2:");
	assert_false(said(&o, "a1:1-b1"));     /* another stack's */
	lines_fit(&o);
	ref_outcome_free(&o);
	decide(w, "ann@example.test", "accasta-pari move 1 ann ann-pw "
	    "zz#1", NULL, &o);
	mail_has(&o, 0, "ann@example.test", "from each square: a1: ");
	lines_fit(&o);
	ref_outcome_free(&o);
	decide(w, "ann@example.test", "accasta-pari preview 1 c3", NULL, &o);
	mail_has(&o, 0, "ann@example.test", "legal moves from c3: c3:");
	lines_fit(&o);
	ref_outcome_free(&o);
}

/* The reply (prefixed by prefix) of the player at from to mail i of o,
 * left unedited: answered, nothing done, the answer holding s (NULL:
 * anything). */
static void
reply_own(struct world *w, const char *from, const char *prefix,
    const struct ref_outcome *o, size_t i, const char *s)
{
	struct ref_outcome r;
	char subject[400], re[500];

	mail_subject(o, i, subject, sizeof(subject));
	snprintf(re, sizeof(re), "%s%s", prefix, subject);
	decide(w, from, re, NULL, &r);
	if (r.status != REF_ANSWERED || r.nmail != 1 || r.record != NULL ||
	    r.challenges != NULL)
		fail_msg("%s: status %d, %zu mails (%s)", re, r.status, r.nmail,
		    r.summary);
	mail_has(&r, 0, from, "nothing was done");
	longest_line(&r, 0);
	if (s != NULL)
		mail_has(&r, 0, from, s);
	ref_outcome_free(&r);
}

/* The mail from from with subject decided, then its reply i sent back
 * by replier after prefix (reply_own), the answer holding text. */
static void
own_after(struct world *w, const char *from, const char *subject,
    size_t i, const char *replier, const char *prefix, const char *text)
{
	struct ref_outcome o;

	decide(w, from, subject, NULL, &o);
	reply_own(w, replier, prefix, &o, i, text);
	ref_outcome_free(&o);
}

/* Item 3: every subject the referee writes, sent back with "Re:" and
 * its kin, is answered with the command for that situation, and
 * nothing is done. */
static void
test_own_subjects(void **state)
{
	struct world *w = *state;
	struct ref_outcome o;
	const char *ann = "ann@example.test", *bob = "bob@example.test";

	decide(w, ann, "checkers challenge ann ann-pw bob", NULL, &o);
	reply_own(w, bob, "Re: ", &o, 0,
	    "To accept, send:\n    checkers accept 1 bob PASSWORD");
	reply_own(w, "stranger@example.net", "Fwd: ", &o, 0,
	    "checkers accept 1 USERID PASSWORD");
	reply_own(w, ann, "AW: ", &o, 1, "checkers decline 1 ann PASSWORD");
	ref_outcome_free(&o);
	decide(w, bob, "checkers accept 1 bob bob-pw", NULL, &o);
	reply_own(w, ann, "RE: Fwd: SV: ", &o, 0,
	    "checkers move 1 ann PASSWORD MOVE#1");
	reply_own(w, bob, "Re[2]: ", &o, 1, "It is ann's turn");
	ref_outcome_free(&o);
	own_after(w, ann, "checkers move 1 ann ann-pw 11-18#1", 0, ann, "Re: ",
	    "mended");
	own_after(w, ann, "checkers preview 1 11-15", 0, ann, "Re: ", NULL);
	own_after(w, ann, "checkers move 1 ann ann-pw resign#1", 1, bob,
	    "Re: ", "checkers challenge bob PASSWORD OPPONENT");
	own_after(w, ann, "games ann", 0, ann, "Re: ", NULL);
	own_after(w, ann, "help", 0, ann, "Re: ", NULL);
	open_board(w, "accasta-pari");
	own_after(w, ann, "accasta-pari show 2", 0, ann, "Re: ",
	    "accasta-pari move 2 ann PASSWORD MOVE#1");
	/* a command is still one after "Re:" */
	ok(w, ann, "Re: accasta-pari show 2", REF_ANSWERED, 1);
}

/* ann plays 11-15, bob 23-19 on board 1. */
static void
two_plies(struct world *w)
{
	ok(w, "ann@example.test", "checkers move 1 ann ann-pw 11-15#1",
	    REF_APPLIED, 2);
	ok(w, "bob@example.test", "checkers move 1 bob bob-pw 23-19#2",
	    REF_APPLIED, 2);
}

/* Item 9: actions read as sentences in the mails and the history; the
 * history keeps the moves an accepted undo took back, and the request. */
static void
test_action_words(void **state)
{
	struct world *w = *state;
	struct ref_outcome o;

	two_plies(w);
	decide(w, "bob@example.test", "checkers move 1 bob bob-pw undo#3",
	    NULL, &o);
	mail_has(&o, 1, "bob@example.test", "bob (white): White asks to take "
	    "back 23-19.");
	mail_has(&o, 0, "ann@example.test", "Last action: White asks to take "
	    "back 23-19.");
	ref_outcome_free(&o);
	decide(w, "ann@example.test", "checkers move 1 ann ann-pw accept-undo",
	    NULL, &o);
	mail_has(&o, 1, "bob@example.test", "Red accepts: 23-19 is taken "
	    "back.");
	ref_outcome_free(&o);
	ok(w, "bob@example.test", "checkers move 1 bob bob-pw propose#2",
	    REF_APPLIED, 2);
	decide(w, "ann@example.test", "checkers history 1", NULL, &o);
	mail_has(&o, 0, "ann@example.test", "(taken back: 23-19 White asks to "
	    "take back 23-19.) Red accepts: 23-19 is taken back.");
	mail_has(&o, 0, "ann@example.test", "White offers a draw.");
	assert_false(said(&o, "[offer-draw"));
	assert_false(said(&o, "[request-undo"));
	lines_fit(&o);
	ref_outcome_free(&o);
}

/* Item 9: the lines that tell how to watch a board go only to those
 * they help: not to its players, not to a watcher already. */
static void
test_watch_hint(void **state)
{
	struct world *w = *state;
	struct ref_outcome o;
	char line[200];

	decide(w, "ann@example.test", "checkers showas 1 bob", NULL, &o);
	assert_false(said(&o, "To get a copy of every move"));
	ref_outcome_free(&o);
	replied(w, "stranger@example.net", "checkers show 1",
	    "To get a copy of every move");
	carol(w);
	ok(w, "carol@example.test", "checkers subscribe 1", REF_APPLIED, 1);
	carol_line(w, "subscribe", line, sizeof(line));
	ok(w, "carol@example.test", line, REF_APPLIED, 1);
	decide(w, "carol@example.test", "checkers show 1", NULL, &o);
	assert_false(said(&o, "To get a copy of every move"));
	ref_outcome_free(&o);
}

/* Item 9: a challenge's mails name its time control and every option
 * it carries. */
static void
test_challenge_terms(void **state)
{
	struct world *w = *state;
	struct ref_outcome o;

	decide(w, "ann@example.test", "checkers challenge ann ann-pw bob "
	    "first=bob time=move=7d", NULL, &o);
	assert_int_equal(o.status, REF_APPLIED);
	mail_has(&o, 0, "bob@example.test", "Time control: move=7d");
	mail_has(&o, 0, "bob@example.test", "Options: first=bob time=move=7d.");
	mail_has(&o, 1, "ann@example.test", "Time control: move=7d");
	lines_fit(&o);
	ref_outcome_free(&o);
	decide(w, "ann@example.test", "stackup challenge ann ann-pw bob", NULL,
	    &o);
	mail_has(&o, 0, "bob@example.test", "Time control: move=21d remind=7d "
	    "(the referee's).\nOptions: first=ann.");
	ref_outcome_free(&o);
}

/* Item 9: games USERID ends with a real command for one of the user's
 * boards, not the placeholder GAME show BOARD; none with no board. */
static void
test_games_show(void **state)
{
	struct world *w = *state;
	struct ref_outcome o;

	decide(w, "ann@example.test", "games ann", NULL, &o);
	assert_false(said(&o, "GAME show BOARD"));
	assert_false(said(&o, " show "));
	ref_outcome_free(&o);
	open_board(w, "stackup");
	w->boards[0].text = w->record;
	w->boards[0].len = w->record_len;
	snprintf(w->boards[0].board, sizeof(w->boards[0].board), "%s",
	    w->record_board);
	w->nboards = 1;
	decide(w, "ann@example.test", "games ann", NULL, &o);
	w->nboards = 0;
	mail_has(&o, 0, "ann@example.test", "the subject, as\n    stackup "
	    "show 1");
	assert_false(said(&o, "GAME show BOARD"));
	ref_outcome_free(&o);
}

/* Item 2's siblings: every refusal that shows a subject to send shows
 * one that would be accepted now. */
static void
test_refusal_examples(void **state)
{
	struct world *w = *state;
	struct ref_outcome o;

	two_plies(w);
	/* a stale move that is no longer legal: a legal one instead */
	decide(w, "ann@example.test", "checkers move 1 ann ann-pw 11-15#1",
	    NULL, &o);
	mail_has(&o, 0, "ann@example.test", "stale request");
	mail_has(&o, 0, "ann@example.test", "still mean it, send\n    "
	    "checkers move 1 ann PASSWORD ");
	assert_false(said(&o, "11-15#3"));
	ref_outcome_free(&o);
	/* a stale move still legal: itself */
	replied(w, "ann@example.test", "checkers move 1 ann ann-pw 8-11#2",
	    "checkers move 1 ann PASSWORD 8-11#3");
	/* a stale action that may be taken now, and one that may not */
	replied(w, "ann@example.test", "checkers move 1 ann ann-pw propose#2",
	    "checkers move 1 ann PASSWORD propose#3");
	decide(w, "ann@example.test", "checkers move 1 ann ann-pw "
	    "accept-undo#2", NULL, &o);
	mail_has(&o, 0, "ann@example.test", "stale request");
	assert_false(said(&o, "accept-undo#3"));
	mail_has(&o, 0, "ann@example.test", "checkers show 1");
	ref_outcome_free(&o);
	/* accept: on an open board, the board to look at */
	decide(w, "bob@example.test", "checkers accept 1 bob bob-pw", NULL, &o);
	mail_has(&o, 0, "bob@example.test", "send\n    checkers show 1");
	assert_false(said(&o, "GAME move BOARD"));
	ref_outcome_free(&o);
	/* accept: the challenge's own game */
	ok(w, "ann@example.test", "stackup challenge ann ann-pw bob",
	    REF_APPLIED, 2);
	replied(w, "bob@example.test", "checkers accept 2 bob bob-pw",
	    "Send instead:\n    stackup accept 2 bob PASSWORD");
	ok(w, "bob@example.test", "stackup accept 2 bob bob-pw", REF_APPLIED,
	    2);
}

/* Issue 22 item 7: the challenge option win=2010 opens a board of
 * accasta-pari-2010 (Stein's win rule since 2010), win=2004 one of
 * accasta-pari; any other value, or another game, is refused. */
static void
test_challenge_win_rule(void **state)
{
	struct world *w = *state;
	struct ref_outcome o;

	ok(w, "ann@example.test", "accasta-pari challenge ann ann-pw bob "
	    "win=2010", REF_APPLIED, 2);
	assert_string_equal(w->challenges.v[0].game, "accasta-pari-2010");
	decide(w, "bob@example.test", "accasta-pari-2010 accept 1 bob bob-pw",
	    NULL, &o);
	assert_int_equal(o.status, REF_APPLIED);
	assert_non_null(strstr(o.record, "[Game \"accasta-pari-2010\"]"));
	ref_outcome_free(&o);
	ok(w, "ann@example.test", "accasta-pari-2010 challenge ann ann-pw bob "
	    "win=2004", REF_APPLIED, 2);
	assert_string_equal(w->challenges.v[0].game, "accasta-pari");
	decide(w, "ann@example.test", "checkers challenge ann ann-pw bob "
	    "win=2010", NULL, &o);
	mail_has(&o, 0, "ann@example.test", "win=2010: win=2004 or win=2010, "
	    "and only in a challenge to accasta-pari");
	ref_outcome_free(&o);
	decide(w, "ann@example.test", "accasta-pari challenge ann ann-pw bob "
	    "win=2020", NULL, &o);
	assert_int_equal(o.status, REF_REFUSED);
	ref_outcome_free(&o);
}

/* --- probe-ref: what real use found after issue 22 --- */

/* A history of actions and no move lists the actions, and "none yet."
 * only when there is nothing at all. */
static void
test_history_actions_only(void **state)
{
	struct world *w = *state;
	struct ref_outcome o;

	ok(w, "ann@example.test", "checkers move 1 ann ann-pw propose",
	    REF_APPLIED, 2);
	ok(w, "bob@example.test", "checkers move 1 bob bob-pw accept",
	    REF_APPLIED, 2);
	decide(w, "ann@example.test", "checkers history 1", NULL, &o);
	mail_has(&o, 0, "ann@example.test", "Moves: Red offers a draw. White "
	    "accepts the draw.\n");
	assert_false(said(&o, "none yet"));
	ref_outcome_free(&o);
}

/* Item 2's sibling: a move sent under the wrong game is answered with
 * the board's game and a move legal there, not the move sent again. */
static void
test_other_game_example(void **state)
{
	struct world *w = *state;
	struct ref_outcome o;

	open_board(w, "accasta-pari");
	decide(w, "ann@example.test", "accasta-pari-2010 move 1 ann ann-pw "
	    "a1:1-a2", NULL, &o);
	assert_int_equal(o.status, REF_REFUSED);
	mail_has(&o, 0, "ann@example.test", "board 1 is an accasta-pari game, "
	    "not accasta-pari-2010.");
	mail_has(&o, 0, "ann@example.test", "Send instead:\n    accasta-pari "
	    "move 1 ann PASSWORD a1:1-b1\n");
	ref_outcome_free(&o);
	/* a legal move is kept */
	replied(w, "ann@example.test", "accasta-pari-2010 move 1 ann ann-pw "
	    "a1:1-c1", "    accasta-pari move 1 ann PASSWORD a1:1-c1\n");
}

/* The subject sent by from, one of the referee's, answered (nothing
 * done) with text. */
static void
reply_own_subject(struct world *w, const char *from, const char *subject,
    const char *text)
{
	struct ref_outcome o;

	decide(w, from, subject, NULL, &o);
	assert_int_equal(o.status, REF_ANSWERED);
	mail_has(&o, 0, from, "nothing was done");
	mail_has(&o, 0, from, text);
	ref_outcome_free(&o);
}

/* Item 3's siblings: a reply to the referee's mails about a player (the
 * digest, games, notify, ratings) is answered with its command. */
static void
test_own_player_subjects(void **state)
{
	struct world *w = *state;
	const char *ann = "ann@example.test";

	own_after(w, ann, "notify ann ann-pw digest 7", 0, ann, "Re: ",
	    "send one of:\n    notify ann PASSWORD digest HOUR");
	own_after(w, ann, "checkers ratings", 0, ann, "AW: ",
	    "send:\n    checkers ratings\n");
	own_after(w, ann, "games ann", 0, ann, "Re: ",
	    "send:\n    games ann\n");
	reply_own_subject(w, ann, "Re: stackref referee: your turn on 2 boards",
	    "send:\n    games ann\n");
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_signup, setup, teardown),
		cmocka_unit_test_setup_teardown(test_challenge_move, setup,
		    teardown),
		cmocka_unit_test_setup_teardown(test_refusals, setup, teardown),
		cmocka_unit_test_setup_teardown(test_garbage, setup, teardown),
		cmocka_unit_test_setup_teardown(test_other_record, setup,
		    teardown),
		cmocka_unit_test_setup_teardown(test_rated_end, setup_board,
		    teardown),
		cmocka_unit_test_setup_teardown(test_actions, setup, teardown),
		cmocka_unit_test_setup_teardown(test_record_style_result, setup,
		    teardown),
		cmocka_unit_test_setup_teardown(test_long_keys, setup,
		    teardown),
		cmocka_unit_test_setup_teardown(test_full, setup, teardown),
		cmocka_unit_test_setup_teardown(test_loops, setup, teardown),
		cmocka_unit_test_setup_teardown(test_reflection_signup, setup,
		    teardown),
		cmocka_unit_test_setup_teardown(test_reflection_refusals,
		    setup, teardown),
		cmocka_unit_test_setup_teardown(test_max_boards, setup,
		    teardown),
		cmocka_unit_test_setup_teardown(test_signup_pool, setup,
		    teardown),
		cmocka_unit_test_setup_teardown(test_challenge_flood, setup,
		    teardown),
		cmocka_unit_test_setup_teardown(test_guessing, setup_board,
		    teardown),
		cmocka_unit_test_setup_teardown(test_guessing_sender, setup_board,
		    teardown),
		cmocka_unit_test_setup_teardown(test_masking, setup_board,
		    teardown),
		cmocka_unit_test_setup_teardown(test_log_quoting, setup_board,
		    teardown),
		cmocka_unit_test_setup_teardown(test_auth_first, setup_board,
		    teardown),
		cmocka_unit_test_setup_teardown(test_aside, setup, teardown),
		cmocka_unit_test_setup_teardown(test_sender_verified, setup,
		    teardown),
		cmocka_unit_test_setup_teardown(test_challenge_verified, setup,
		    teardown),
		cmocka_unit_test_setup_teardown(test_help, setup, teardown),
		cmocka_unit_test_setup_teardown(test_next_lines, setup_board,
		    teardown),
		cmocka_unit_test_setup_teardown(test_game_over, setup_board,
		    teardown),
		cmocka_unit_test_setup_teardown(test_refusal_texts,
		    setup_board, teardown),
		cmocka_unit_test_setup_teardown(test_games, setup_board,
		    teardown),
		cmocka_unit_test_setup_teardown(test_chat, setup_board,
		    teardown),
		cmocka_unit_test_setup_teardown(test_showas_preview,
		    setup_board, teardown),
		cmocka_unit_test_setup_teardown(test_subscribe, setup_board,
		    teardown),
		cmocka_unit_test_setup_teardown(test_accounts, setup_board,
		    teardown),
		cmocka_unit_test_setup_teardown(test_notify_digest,
		    setup_board, teardown),
		cmocka_unit_test_setup_teardown(test_challenge_options, setup,
		    teardown),
		cmocka_unit_test_setup_teardown(test_challenge_win_rule, setup,
		    teardown),
		cmocka_unit_test_setup_teardown(test_publish_page, setup_board,
		    teardown),
		cmocka_unit_test_setup_teardown(test_time_pass, setup_board,
		    teardown),
		cmocka_unit_test_setup_teardown(test_leave, setup, teardown),
		cmocka_unit_test_setup_teardown(test_leave_refused, setup_board,
		    teardown),
		cmocka_unit_test_setup_teardown(test_undo_games, setup,
		    teardown),
		cmocka_unit_test_setup_teardown(test_queue_deep, setup_board,
		    teardown),
		cmocka_unit_test_setup_teardown(test_queue_mismatch,
		    setup_board, teardown),
		cmocka_unit_test_setup_teardown(test_submit_confirm,
		    setup_board, teardown),
		cmocka_unit_test_setup_teardown(test_one_judge, setup,
		    teardown),
		cmocka_unit_test(test_lists),
		cmocka_unit_test(test_counts),
		cmocka_unit_test(test_players_file),
		cmocka_unit_test(test_store_schema),
		cmocka_unit_test(test_hash_cost),
		cmocka_unit_test(test_key_search),
		cmocka_unit_test_setup_teardown(test_accasta_lists, setup,
		    teardown),
		cmocka_unit_test_setup_teardown(test_own_subjects, setup,
		    teardown),
		cmocka_unit_test_setup_teardown(test_action_words, setup_board,
		    teardown),
		cmocka_unit_test_setup_teardown(test_watch_hint, setup_board,
		    teardown),
		cmocka_unit_test_setup_teardown(test_challenge_terms, setup,
		    teardown),
		cmocka_unit_test_setup_teardown(test_games_show, setup,
		    teardown),
		cmocka_unit_test_setup_teardown(test_refusal_examples,
		    setup_board, teardown),
		cmocka_unit_test_setup_teardown(test_history_actions_only,
		    setup_board, teardown),
		cmocka_unit_test_setup_teardown(test_other_game_example, setup,
		    teardown),
		cmocka_unit_test_setup_teardown(test_own_player_subjects, setup,
		    teardown),
	};

	return cmocka_run_group_tests_name("referee", tests, NULL, NULL);
}
