/*
 * test_referee.c - the referee's decisions (src/referee/referee.h): from a mail
 * and the state, the outcome and the replies.  No network, no files
 * except the fixtures of fixtures/referee.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "referee/referee.h"

#define REFEREE "referee@example.test"

/* A state: players, one board's record, as the run would hold them. */
struct world {
	struct ref_players players;
	struct ref_players pending;
	struct ref_count user, sender;  /* the counts every decision gets */
	time_t now;
	char *record;             /* board 1 */
	size_t record_len;
	unsigned long next;
	unsigned seq;
};

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

/* Decides the mail; applies the outcome to w like a run would. */
static void
decide(struct world *w, const char *from, const char *subject,
    const char *extra, struct ref_outcome *o)
{
	struct ref_ctx c;
	struct ref_letter l;
	const char *why;
	char *raw = mk(w, from, subject, extra);
	char board[PBEM_WORD];

	memset(&c, 0, sizeof(c));
	c.referee = REFEREE;
	c.players = &w->players;
	c.pending = &w->pending;
	c.user = w->user;
	c.sender = w->sender;
	ref_letter_read(raw, strlen(raw), &l);
	if (ref_wanted_board(&l, board) && strcmp(board, "1") == 0) {
		c.record = w->record;
		c.record_len = w->record_len;
	}
	c.next_board = w->next;
	c.now = w->now != 0 ? w->now : 1795255200;
	memset(c.rnd, 7 + (int)w->seq, sizeof(c.rnd));
	assert_int_equal(ref_decide(&l, &c, o), 0);
	ref_letter_free(&l);
	free(raw);
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
	if (o->record != NULL) {
		free(w->record);
		w->record = strndup(o->record, o->record_len);
		w->record_len = o->record_len;
		w->next++;
	}
}

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
	found = strstr(m.text, s) != NULL ||
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

/* ann and bob signed up, board 1 of game between them. */
static int
setup(void **state)
{
	static struct world w;

	memset(&w, 0, sizeof(w));
	w.next = 1;
	join(&w, "Ann <ann@example.test>", "signup ann ann-pw");
	join(&w, "bob@example.test", "signup bob bob-pw");
	*state = &w;
	return 0;
}

static int
teardown(void **state)
{
	struct world *w = *state;

	ref_players_free(&w->players);
	ref_players_free(&w->pending);
	free(w->record);
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
	assert_true(ref_verify("ann-pw", w->players.v[0].hash));
	assert_false(ref_verify("bob-pw", w->players.v[0].hash));
	decide(w, "eve@example.test", "signup ann evil", NULL, &o);
	assert_int_equal(o.status, REF_REFUSED);
	assert_null(o.players);
	mail_has(&o, 0, "eve@example.test", "taken");
	ref_outcome_free(&o);
}

static void
test_challenge_move(void **state)
{
	struct world *w = *state;
	struct ref_outcome o;

	decide(w, "ann@example.test", "checkers challenge ann bob", NULL, &o);
	assert_int_equal(o.status, REF_APPLIED);
	assert_string_equal(o.board, "1");
	assert_non_null(strstr(o.record, "[GameId \"1\"]"));
	assert_non_null(strstr(o.record, "[Black \"ann\"]"));
	assert_null(strstr(o.record, "$y$"));
	assert_int_equal(o.nmail, 2);
	mail_has(&o, 0, "ann@example.test", "ann's turn");
	mail_has(&o, 1, "bob@example.test", "checkers move 1 ann PASSWORD");
	ref_outcome_free(&o);
	decide(w, "ann@example.test", "checkers move 1 ann ann-pw 11-15#1",
	    NULL, &o);
	assert_int_equal(o.status, REF_APPLIED);
	assert_non_null(strstr(o.record, "1. 11-15 *"));
	mail_has(&o, 0, "ann@example.test", "bob's turn");
	mail_has(&o, 1, "bob@example.test", "ann (red) played 11-15");
	assert_null(strstr(o.mail[0].text, "ann-pw"));
	ref_outcome_free(&o);
}

static void
test_refusals(void **state)
{
	struct world *w = *state;
	struct ref_outcome o;

	ok(w, "ann@example.test", "checkers challenge ann bob", REF_APPLIED,
	    2);
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

/* A mail attaching the record of another board is refused. */
static void
test_other_record(void **state)
{
	struct world *w = *state;
	struct ref_outcome o;
	static const char att[] = "MIME-Version: 1.0\r\n"
	    "Content-Type: multipart/mixed; boundary=\"b\"\r\n\r\n"
	    "--b\r\nContent-Type: text/plain\r\n\r\nmy move\r\n"
	    "--b\r\nContent-Type: application/x-pdn\r\n"
	    "Content-Disposition: attachment; filename=\"g.pdn\"\r\n\r\n"
	    "[Game \"checkers\"]\r\n[GameId \"9\"]\r\n1. 11-15 *\r\n"
	    "--b--\r\n";

	ok(w, "ann@example.test", "checkers challenge ann bob", REF_APPLIED,
	    2);
	decide(w, "ann@example.test", "checkers move 1 ann ann-pw 11-15",
	    att, &o);
	assert_int_equal(o.status, REF_REFUSED);
	mail_has(&o, 0, "ann@example.test", "of checkers board 9, not of "
	    "checkers board 1");
	ref_outcome_free(&o);
}

static void
test_actions(void **state)
{
	struct world *w = *state;
	struct ref_outcome o;

	ok(w, "ann@example.test", "stackers-brown challenge ann bob", REF_APPLIED, 2);
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

/* A board record as the keeper may have written it: the referee plays
 * on it as `stackref move` would. */
static void
set_record(struct world *w, const char *text)
{
	free(w->record);
	w->record = strdup(text);
	w->record_len = strlen(text);
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

/* The journal key of the raw mail raw. */
static int
key_of(const char *raw, char key[REF_KEY])
{
	struct ref_letter l;
	int rc;

	ref_letter_read(raw, strlen(raw), &l);
	rc = ref_key(&l, key);
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
		cmocka_unit_test_setup_teardown(test_actions, setup, teardown),
		cmocka_unit_test_setup_teardown(test_record_style_result, setup,
		    teardown),
		cmocka_unit_test(test_players_file),
		cmocka_unit_test(test_key_search),
	};

	return cmocka_run_group_tests_name("referee", tests, NULL, NULL);
}
