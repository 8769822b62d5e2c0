/* test_pbem.c - the pbmserv command syntax in Subject lines (mail/pbem.c). */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "mail/pbem.h"

#define SYN_MOVE "syntax is GAME move BOARD USERID PASSWORD MOVE[#N]"
#define SYN_CHALLENGE "syntax is GAME challenge USERID1 PASSWORD USERID2 " \
    "[OPTION...]"

static struct pbem_cmd
parsed(const char *subject)
{
	struct pbem_cmd c;
	const char *why = NULL;

	if (pbem_parse(subject, &c, &why) != 0)
		fail_msg("\"%s\": %s", subject, why);
	return c;
}

static const char *
refused(const char *subject)
{
	struct pbem_cmd c;
	const char *why = NULL;

	assert_int_equal(pbem_parse(subject, &c, &why), -1);
	assert_non_null(why);
	return why;
}

/* Formats c and checks the canonical line, then parses it back. */
static void
canonical(const struct pbem_cmd *c, const char *want)
{
	struct pbem_cmd back;
	char buf[512];

	assert_int_equal(pbem_format(c, buf, sizeof(buf)), (int)strlen(want));
	assert_string_equal(buf, want);
	back = parsed(buf);
	assert_memory_equal(&back, c, sizeof(back));
}

static void
test_move(void **state)
{
	struct pbem_cmd c = parsed("checkers move sr-1a2b alice s3cret 11-15#5");

	(void)state;
	assert_int_equal(c.verb, PBEM_MOVE);
	assert_string_equal(c.game, "checkers");
	assert_string_equal(c.board, "sr-1a2b");
	assert_string_equal(c.user, "alice");
	assert_string_equal(c.password, "s3cret");
	assert_string_equal(c.move, "11-15");
	assert_int_equal(c.ply, 5);
	canonical(&c, "checkers move sr-1a2b alice s3cret 11-15#5");
	c = parsed("checkers move sr-1a2b alice s3cret 11-15");
	assert_int_equal(c.ply, 0);
	canonical(&c, "checkers move sr-1a2b alice s3cret 11-15");
}

static void
test_prefixes_and_case(void **state)
{
	static const char *const s[] = {
		"Re: checkers move b1 alice pw 11-15#5",
		"RE: Re: checkers move b1 alice pw 11-15#5",
		"  Fwd: re:\tCheckers MOVE b1 alice pw 11-15#5  ",
		"AW: checkers Move b1 alice pw 11-15#5",
		"Re[2]: checkers move b1 alice pw 11-15#5",
		"WG: SV: Fw: checkers mvoe b1 alice pw 11-15#5",
		"checkers   move  b1\talice pw 11-15#5\t",
	};
	struct pbem_cmd c;
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(s) / sizeof(s[0]); i++) {
		c = parsed(s[i]);
		assert_int_equal(c.verb, PBEM_MOVE);
		assert_string_equal(c.game, "checkers");
		assert_string_equal(c.board, "b1");
		assert_string_equal(c.move, "11-15");
		assert_int_equal(c.ply, 5);
	}
	/* the password and board keep their case */
	c = parsed("checkers move B1 alice PW 11-15");
	assert_string_equal(c.board, "B1");
	assert_string_equal(c.password, "PW");
	/* "Re" alone is not a prefix of "Reversi" */
	c = parsed("reversi show 7");
	assert_string_equal(c.game, "reversi");
}

static void
test_moves_of_every_game(void **state)
{
	static const char *const mv[][2] = {
		{ "checkers", "11-15" },
		{ "checkers", "11x18x25" },
		{ "stackup", "a1:1+b2,-b1" },
		{ "stackers-brown", "c3=rbbbr" },
		{ "stackers-brown", "e1:1-f2,1-d2" },
		{ "stackers-mogensen", "c1:2-c3,1-d2" },
		{ "stackers-mogensen", "22:4-18" },
		{ "accasta-pari", "a4:1-d7,1-c6,-b5" },
		{ "accasta-pari", "a1:1xd1,-c1" },
	};
	char line[256], want[256];
	struct pbem_cmd c;
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(mv) / sizeof(mv[0]); i++) {
		snprintf(line, sizeof(line), "Re: %s move g%zu bob pw %s#%zu",
		    mv[i][0], i, mv[i][1], i + 1);
		c = parsed(line);
		assert_int_equal(c.verb, PBEM_MOVE);
		assert_string_equal(c.game, mv[i][0]);
		assert_string_equal(c.move, mv[i][1]);
		assert_int_equal(c.ply, i + 1);
		canonical(&c, line + 4);
		snprintf(want, sizeof(want), "%s move g%zu bob pw %s", mv[i][0],
		    i, mv[i][1]);
		c = parsed(want);
		canonical(&c, want);
	}
}

static void
test_actions(void **state)
{
	struct pbem_cmd c;

	(void)state;
	c = parsed("checkers move b1 alice pw propose");
	assert_int_equal(c.verb, PBEM_OFFER_DRAW);
	assert_string_equal(c.move, "");
	canonical(&c, "checkers move b1 alice pw propose");
	c = parsed("checkers move b1 alice pw ACCEPT#12");
	assert_int_equal(c.verb, PBEM_ACCEPT_DRAW);
	assert_int_equal(c.ply, 12);
	canonical(&c, "checkers move b1 alice pw accept#12");
	c = parsed("checkers move b1 alice pw reject");
	assert_int_equal(c.verb, PBEM_DECLINE_DRAW);
	canonical(&c, "checkers move b1 alice pw reject");
	c = parsed("checkers move b1 alice pw resign#3");
	assert_int_equal(c.verb, PBEM_RESIGN);
	assert_int_equal(c.ply, 3);
	canonical(&c, "checkers resign b1 alice pw#3");
}

static void
test_resign_show_signup_challenge(void **state)
{
	struct pbem_cmd c;

	(void)state;
	c = parsed("stackup resign b9 carol pw#14");
	assert_int_equal(c.verb, PBEM_RESIGN);
	assert_string_equal(c.password, "pw");
	assert_int_equal(c.ply, 14);
	canonical(&c, "stackup resign b9 carol pw#14");
	c = parsed("stackup resign b9 carol p#w");    /* '#' in a password */
	assert_string_equal(c.password, "p#w");
	assert_int_equal(c.ply, 0);
	c = parsed("stackup move b9 carol pw#7 resign#15");
	assert_int_equal(c.verb, PBEM_RESIGN);
	assert_string_equal(c.password, "pw#7");
	canonical(&c, "stackup move b9 carol pw#7 resign#15");
	c = parsed("stackup move b9 carol #99999999999999999999999 resign");
	canonical(&c, "stackup move b9 carol #99999999999999999999999 resign");
	c = parsed("stackup Show b9#3");
	assert_int_equal(c.verb, PBEM_SHOW);
	assert_string_equal(c.board, "b9");
	assert_int_equal(c.ply, 3);
	canonical(&c, "stackup show b9#3");
	c = parsed("SIGNUP dave secret dave@example.org");
	assert_int_equal(c.verb, PBEM_SIGNUP);
	assert_string_equal(c.game, "");
	assert_string_equal(c.user, "dave");
	assert_string_equal(c.password, "secret");
	assert_string_equal(c.address, "dave@example.org");
	canonical(&c, "signup dave secret dave@example.org");
	c = parsed("signup dave secret");
	assert_string_equal(c.address, "");
	canonical(&c, "signup dave secret");
	c = parsed("accasta-pari challenge alice alice-pw bob");
	assert_int_equal(c.verb, PBEM_CHALLENGE);
	assert_string_equal(c.user, "alice");
	assert_string_equal(c.password, "alice-pw");
	assert_string_equal(c.user2, "bob");
	canonical(&c, "accasta-pari challenge alice alice-pw bob");
}

static void
test_errors(void **state)
{
	struct pbem_cmd c;
	char longword[300];

	(void)state;
	assert_string_equal(refused("checkers move b1 alice pw"), SYN_MOVE);
	assert_string_equal(refused("checkers move b1 alice pw 11-15 x"),
	    SYN_MOVE);
	assert_string_equal(refused("checkers move b1 alice pw 11-15#0"),
	    SYN_MOVE);
	assert_string_equal(refused("checkers move b1 alice pw 11-15#x"),
	    SYN_MOVE);
	assert_string_equal(refused("checkers move b1 alice pw #5"), SYN_MOVE);
	assert_string_equal(refused(
	    "checkers move b1 alice pw 11-15#99999999999999999999999"),
	    SYN_MOVE);
	assert_string_equal(refused("checkers resign b1 alice"),
	    "syntax is GAME resign BOARD USERID PASSWORD[#N]");
	assert_string_equal(refused("checkers resign b1 alice #4"),
	    "syntax is GAME resign BOARD USERID PASSWORD[#N]");
	assert_string_equal(refused("checkers show"),
	    "syntax is GAME show BOARD[#N]");
	assert_string_equal(refused("checkers show b1#z"),
	    "syntax is GAME show BOARD[#N]");
	assert_string_equal(refused("signup dave"),
	    "syntax is signup USERID PASSWORD [ADDRESS]");
	assert_string_equal(refused("checkers challenge alice"), SYN_CHALLENGE);
	/* pbmserv's challenge, without the challenger's password: read,
	 * its password empty (the referee takes it only from a verified
	 * sender) */
	c = parsed("checkers challenge alice bob first=bob");
	assert_int_equal(c.verb, PBEM_CHALLENGE);
	assert_string_equal(c.user, "alice");
	assert_string_equal(c.user2, "bob");
	assert_string_equal(c.password, "");
	assert_string_equal(c.text, "first=bob");
	c = parsed("checkers challenge alice bob");
	assert_string_equal(c.user2, "bob");
	assert_string_equal(c.password, "");
	assert_non_null(strstr(refused("checkers dance b1"), "unknown command"));
	assert_non_null(strstr(refused("checkers"), SYN_MOVE));
	assert_non_null(strstr(refused("   "), SYN_MOVE));
	assert_non_null(strstr(refused("Re: "), SYN_MOVE));
	assert_non_null(strstr(refused("checkers move b1 alice p\rw 11-15"),
	    "control"));
	assert_non_null(strstr(refused("a b c d e f g h i j"), "too many"));
	memset(longword, 'a', 127);
	memcpy(longword + 127, " move b1 alice pw 11-15", 24);
	assert_int_equal(parsed(longword).verb, PBEM_MOVE);
	memset(longword, 'a', 128);
	memcpy(longword + 128, " move b1 alice pw 11-15", 24);
	assert_non_null(strstr(refused(longword), "longer than 127"));
}

/* --- issue 22: pbmserv's syntax, both ways --- */

/* What a pbmserv player sends, as lymanhurd/lyngk's game.cpp reads it:
 * each line, the verb read, the board and the move (or ""). */
static void
test_pbmserv_incoming(void **state)
{
	static const struct {
		const char *line;
		enum pbem_verb verb;
		const char *board, *move;
		unsigned long ply;
	} t[] = {
		{ "checkers board 7 bob pw 11-15", PBEM_MOVE, "7", "11-15", 0 },
		{ "checkers board 7 bob pw 11-15#3", PBEM_MOVE, "7", "11-15",
		    3 },
		{ "checkers mvoe 7 bob pw 11-15", PBEM_MOVE, "7", "11-15", 0 },
		{ "checkers move 7 bob pw 11-15#", PBEM_MOVE, "7", "11-15", 0 },
		{ "checkers move 7 bob pw 11x18#", PBEM_MOVE, "7", "11x18", 0 },
		{ "checkers move 7 bob pw 11-15 **", PBEM_MOVE, "7", "11-15",
		    0 },
		{ "checkers qmove 7 bob pw 11-15", PBEM_QMOVE, "7", "11-15", 0 },
		{ "checkers moveq 7 bob pw 11-15#5", PBEM_QMOVE, "7", "11-15",
		    5 },
		{ "checkers qboard 7 bob pw 11-15", PBEM_QMOVE, "7", "11-15",
		    0 },
		{ "checkers boardq 7 bob pw 11-15", PBEM_QMOVE, "7", "11-15",
		    0 },
		{ "checkers submit 7 bob pw 11-15#5", PBEM_SUBMIT, "7", "11-15",
		    5 },
		{ "checkers confirm 7 bob pw", PBEM_CONFIRM_MOVE, "7", "", 0 },
		{ "checkers move 7 bob pw propose", PBEM_OFFER_DRAW, "7", "",
		    0 },
		{ "checkers move 7 bob pw undo", PBEM_REQUEST_UNDO, "7", "", 0 },
		{ "checkers resign 7 bob pw", PBEM_RESIGN, "7", "", 0 },
		{ "checkers prev 7 11-15", PBEM_PREVIEW, "7", "11-15", 0 },
		{ "checkers chall bob pw ann", PBEM_CHALLENGE, "", "", 0 },
		{ "checkers sub 7", PBEM_SUBSCRIBE, "7", "", 0 },
		{ "checkers unsub 7", PBEM_UNSUBSCRIBE, "7", "", 0 },
		{ "checkers showas bob pw 7", PBEM_SHOWAS, "7", "", 0 },
		{ "checkers showas 7 bob", PBEM_SHOWAS, "7", "", 0 },
		{ "checkers show board 7#3", PBEM_SHOW, "7", "", 3 },
		{ "change password bob old new", PBEM_PASSWORD, "", "", 0 },
		{ "Change Address bob pw b@example.org", PBEM_ADDRESS, "", "",
		    0 },
	};
	struct pbem_cmd c;
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(t) / sizeof(t[0]); i++) {
		c = parsed(t[i].line);
		assert_int_equal(c.verb, t[i].verb);
		assert_string_equal(c.board, t[i].board);
		assert_string_equal(c.move, t[i].move);
		assert_int_equal(c.ply, t[i].ply);
	}
	c = parsed("checkers showas bob pw 7");
	assert_string_equal(c.user, "bob");
	c = parsed("change password bob old new");
	assert_string_equal(c.user, "bob");
	assert_string_equal(c.password, "old");
	assert_string_equal(c.secret, "new");
	c = parsed("Change Address bob pw b@example.org");
	assert_string_equal(c.address, "b@example.org");
	/* games USERID and pbmserv's selectors */
	assert_int_equal(parsed("games bob").select, PBEM_SEL_ALL);
	assert_int_equal(parsed("games bob next").select, PBEM_SEL_NEXT);
	assert_int_equal(parsed("checkers games bob active").select,
	    PBEM_SEL_ACTIVE);
	assert_int_equal(parsed("games bob inactive").select,
	    PBEM_SEL_INACTIVE);
	assert_int_equal(parsed("games bob all").select, PBEM_SEL_ALL);
	c = parsed("games next bob");
	assert_int_equal(c.select, PBEM_SEL_NEXT);
	assert_string_equal(c.user, "bob");
	c = parsed("checkers games inactive bob");
	assert_int_equal(c.select, PBEM_SEL_INACTIVE);
	assert_string_equal(c.game, "checkers");
	canonical(&(struct pbem_cmd){ .verb = PBEM_GAMES, .user = "bob",
	    .select = PBEM_SEL_NEXT }, "games bob next");
	/* refused, naming stackref's form */
	assert_string_equal(refused("games bob soon"),
	    "syntax is games USERID [next|active|inactive|all]");
	assert_string_equal(refused("checkers move 7 bob pw #"), SYN_MOVE);
	assert_string_equal(refused("checkers move 7 bob pw 11-15##"),
	    SYN_MOVE);
	assert_string_equal(refused("checkers show bored 7"),
	    "syntax is GAME show BOARD[#N]");
	assert_string_equal(refused("checkers confirm 7 bob"),
	    "syntax is GAME confirm BOARD USERID PASSWORD");
	assert_string_equal(refused("checkers ch bob ann"),
	    refused("checkers dance bob ann"));
	assert_string_equal(refused("change colour bob pw red"),
	    refused("dance colour bob pw red"));
	/* the referee's own subjects are no move of "board" */
	assert_int_equal(pbem_parse("Re: checkers board 1: ann challenges "
	    "you", &c, &(const char *){ NULL }), -1);
	/* the signup's confirm keeps its form */
	assert_int_equal(parsed("confirm bob tok").verb, PBEM_CONFIRM);
}

/* The pbmserv line of c, and that stackref's parser reads it back as
 * verb v. */
static void
pbmserv_line(const struct pbem_cmd *c, const char *want, enum pbem_verb v)
{
	char buf[512];

	assert_int_equal(pbem_format_pbmserv(c, buf, sizeof(buf)),
	    (int)strlen(want));
	assert_string_equal(buf, want);
	assert_int_equal(parsed(buf).verb, v);
}

/* What stackref sends a pbmserv: every verb as game.cpp reads it. */
static void
test_pbmserv_outgoing(void **state)
{
	struct pbem_cmd c = { .game = "checkers", .board = "7", .user = "bob",
	    .password = "pw", .move = "11-15", .ply = 4 };
	char buf[512];
	static const struct {
		enum pbem_verb verb;
		const char *want;
		enum pbem_verb back;
	} acts[] = {
		{ PBEM_OFFER_DRAW, "checkers move 7 bob pw propose",
		    PBEM_OFFER_DRAW },
		{ PBEM_ACCEPT_DRAW, "checkers move 7 bob pw accept",
		    PBEM_ACCEPT_DRAW },
		{ PBEM_DECLINE_DRAW, "checkers move 7 bob pw reject",
		    PBEM_DECLINE_DRAW },
		{ PBEM_REQUEST_UNDO, "checkers move 7 bob pw undo",
		    PBEM_REQUEST_UNDO },
		{ PBEM_ACCEPT_UNDO, "checkers move 7 bob pw accept",
		    PBEM_ACCEPT_DRAW },
		{ PBEM_DECLINE_UNDO, "checkers move 7 bob pw reject",
		    PBEM_DECLINE_DRAW },
		{ PBEM_RESIGN, "checkers resign 7 bob pw", PBEM_RESIGN },
		{ PBEM_MOVE, "checkers move 7 bob pw 11-15#4", PBEM_MOVE },
		{ PBEM_QMOVE, "checkers qmove 7 bob pw 11-15#4", PBEM_QMOVE },
		{ PBEM_SUBMIT, "checkers submit 7 bob pw 11-15#4",
		    PBEM_SUBMIT },
		{ PBEM_CONFIRM_MOVE, "checkers confirm 7 bob pw",
		    PBEM_CONFIRM_MOVE },
		{ PBEM_PREVIEW, "checkers preview 7 11-15", PBEM_PREVIEW },
		{ PBEM_CHAT, "checkers chat 7 bob pw", PBEM_CHAT },
		{ PBEM_SHOWAS, "checkers showas bob pw 7", PBEM_SHOWAS },
		{ PBEM_SHOW, "checkers show 7#4", PBEM_SHOW },
	};
	static const enum pbem_verb none[] = { PBEM_ACCEPT, PBEM_DECLINE,
	    PBEM_HISTORY, PBEM_SUBSCRIBE, PBEM_UNSUBSCRIBE, PBEM_LEAVE,
	    PBEM_QUEUE, PBEM_RESET, PBEM_RETIRE, PBEM_CONFIRM };
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(acts) / sizeof(acts[0]); i++) {
		c.verb = acts[i].verb;
		pbmserv_line(&c, acts[i].want, acts[i].back);
	}
	for (i = 0; i < sizeof(none) / sizeof(none[0]); i++) {
		c.verb = none[i];
		assert_int_equal(pbem_format_pbmserv(&c, buf, sizeof(buf)), -1);
	}
	/* a password that ends like a guard goes as it is */
	c.verb = PBEM_RESIGN;
	snprintf(c.password, sizeof(c.password), "pw#12");
	pbmserv_line(&c, "checkers resign 7 bob pw#12", PBEM_RESIGN);
	c = (struct pbem_cmd){ .verb = PBEM_PASSWORD, .user = "bob",
	    .password = "old", .secret = "new" };
	pbmserv_line(&c, "change password bob old new", PBEM_PASSWORD);
	c = (struct pbem_cmd){ .verb = PBEM_ADDRESS, .user = "bob",
	    .password = "pw", .address = "b@example.org" };
	pbmserv_line(&c, "change address bob pw b@example.org",
	    PBEM_ADDRESS);
	c = (struct pbem_cmd){ .verb = PBEM_CHALLENGE, .game = "checkers",
	    .user = "bob", .password = "pw", .user2 = "ann" };
	pbmserv_line(&c, "checkers challenge bob ann", PBEM_CHALLENGE);
	snprintf(c.text, sizeof(c.text), "first=bob");
	assert_int_equal(pbem_format_pbmserv(&c, buf, sizeof(buf)), -1);
	c = (struct pbem_cmd){ .verb = PBEM_GAMES, .game = "checkers",
	    .user = "bob", .select = PBEM_SEL_NEXT };
	pbmserv_line(&c, "checkers games bob next", PBEM_GAMES);
	c = (struct pbem_cmd){ .verb = PBEM_SIGNUP, .user = "bob",
	    .password = "pw" };
	pbmserv_line(&c, "signup bob pw", PBEM_SIGNUP);
	c = (struct pbem_cmd){ .verb = PBEM_HELP, .game = "checkers" };
	pbmserv_line(&c, "checkers help", PBEM_HELP);
}

/* The token of subscribe and unsubscribe; the account verbs: each
 * line read back as written (the second of a pair), some fields. */
static void
test_account_forms(void)
{
	static const char *const rt[][2] = {
		{ "Re: checkers subscribe 7 0a1b2c",
		    "checkers subscribe 7 0a1b2c" },
		{ "unsubscribe checkers 7 0a1b2c",
		    "checkers unsubscribe 7 0a1b2c" },
		{ "Password ann old new", "password ann old new" },
		{ "address ann pw a@new.example", "address ann pw a@new.example" },
		{ "reset ann", "reset ann" },
		{ "reset ann 0a1b2c new", "reset ann 0a1b2c new" },
		{ "retire ann pw", "retire ann pw" },
		{ "Notify ann pw digest 07", "notify ann pw digest 07" },
		{ "notify ann pw each", "notify ann pw each" },
		{ "remind ann pw 2d", "remind ann pw 2d" },
	};
	static const char *const bad[] = { "password ann old",
	    "address ann pw", "retire ann", "reset ann 0a1b2c new more" };
	struct pbem_cmd c;
	size_t i;

	for (i = 0; i < sizeof(rt) / sizeof(rt[0]); i++) {
		c = parsed(rt[i][0]);
		canonical(&c, rt[i][1]);
	}
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		refused(bad[i]);
	c = parsed("password ann old new");
	assert_int_equal(c.verb, PBEM_PASSWORD);
	assert_string_equal(c.password, "old");
	assert_string_equal(c.secret, "new");
	c = parsed("reset ann 0a1b2c new");
	assert_int_equal(c.verb, PBEM_RESET);
	assert_string_equal(c.password, "0a1b2c");
	assert_string_equal(c.secret, "new");
	assert_string_equal(parsed("address ann pw a@b.example").address,
	    "a@b.example");
	assert_int_equal(parsed("retire ann pw").verb, PBEM_RETIRE);
	c = parsed("notify ann pw digest 7");
	assert_int_equal(c.verb, PBEM_NOTIFY);
	assert_string_equal(c.password, "pw");
	assert_string_equal(c.text, "digest 7");
	assert_int_equal(parsed("remind ann pw off").verb, PBEM_REMIND);
	assert_int_equal(pbem_verb_has(PBEM_NOTIFY), PBEM_HAS_LOGIN);
	assert_non_null(strstr(refused("notify ann"), "notify USERID PASSWORD "
	    "each|digest HOUR"));
	assert_int_equal(pbem_verb_has(PBEM_PASSWORD), PBEM_HAS_LOGIN);
	assert_int_equal(pbem_verb_has(PBEM_RESET), 0);
}

/* The verbs of issue 13: help, games, history, showas, preview, chat,
 * subscribe, unsubscribe, and the answers to a challenge; each in its
 * canonical form and, for the verbs of a game, with the verb first. */
static void
test_new_verbs(void **state)
{
	struct pbem_cmd c;

	(void)state;
	c = parsed("Help");
	assert_int_equal(c.verb, PBEM_HELP);
	assert_string_equal(c.game, "");
	canonical(&c, "help");
	c = parsed("Checkers HELP");
	assert_int_equal(c.verb, PBEM_HELP);
	assert_string_equal(c.game, "checkers");
	canonical(&c, "checkers help");
	c = parsed("help Accasta-Pari");
	assert_string_equal(c.game, "accasta-pari");
	canonical(&c, "accasta-pari help");
	c = parsed("games ann");
	assert_int_equal(c.verb, PBEM_GAMES);
	assert_string_equal(c.user, "ann");
	canonical(&c, "games ann");
	c = parsed("stackup games ann");
	assert_string_equal(c.game, "stackup");
	canonical(&c, "stackup games ann");
	c = parsed("checkers history 7");
	assert_int_equal(c.verb, PBEM_HISTORY);
	assert_string_equal(c.board, "7");
	canonical(&c, "checkers history 7");
	c = parsed("history checkers 7");
	canonical(&c, "checkers history 7");
	c = parsed("showas checkers 7 bob");
	assert_int_equal(c.verb, PBEM_SHOWAS);
	assert_string_equal(c.user, "bob");
	canonical(&c, "checkers showas 7 bob");
	c = parsed("checkers preview 7 11-15#3");
	assert_int_equal(c.verb, PBEM_PREVIEW);
	assert_string_equal(c.move, "11-15");
	assert_int_equal(c.ply, 3);
	canonical(&c, "checkers preview 7 11-15#3");
	c = parsed("checkers preview 7 propose");   /* no action: a move */
	assert_string_equal(c.move, "propose");
	c = parsed("subscribe checkers 7");
	assert_int_equal(c.verb, PBEM_SUBSCRIBE);
	canonical(&c, "checkers subscribe 7");
	c = parsed("Re: checkers unsubscribe 7");
	assert_int_equal(c.verb, PBEM_UNSUBSCRIBE);
	canonical(&c, "checkers unsubscribe 7");
	test_account_forms();
	c = parsed("checkers accept 7 bob pw");
	assert_int_equal(c.verb, PBEM_ACCEPT);
	assert_string_equal(c.password, "pw");
	canonical(&c, "checkers accept 7 bob pw");
	c = parsed("checkers decline 7 bob pw");
	assert_int_equal(c.verb, PBEM_DECLINE);
	canonical(&c, "checkers decline 7 bob pw");
	c = parsed("checkers move 7 bob pw accept");   /* the draw offer */
	assert_int_equal(c.verb, PBEM_ACCEPT_DRAW);
}

/* chat keeps the rest of the line as its text (any number of words,
 * one blank apart); a challenge its options. */
/* Issue 12: undo and its answers, leave, queue. */
static void
test_time_and_turns(void **state)
{
	struct pbem_cmd c;

	(void)state;
	c = parsed("checkers move 7 ann pw undo#12");
	assert_int_equal(c.verb, PBEM_REQUEST_UNDO);
	assert_int_equal(c.ply, 12);
	canonical(&c, "checkers move 7 ann pw undo#12");
	c = parsed("Re: checkers move 7 bob pw ACCEPT-UNDO");
	assert_int_equal(c.verb, PBEM_ACCEPT_UNDO);
	canonical(&c, "checkers move 7 bob pw accept-undo");
	c = parsed("checkers move 7 bob pw reject-undo#3");
	assert_int_equal(c.verb, PBEM_DECLINE_UNDO);
	canonical(&c, "checkers move 7 bob pw reject-undo#3");
	assert_int_equal(pbem_verb_has(PBEM_ACCEPT_UNDO), PBEM_HAS_BOARD |
	    PBEM_HAS_LOGIN);

	c = parsed("stackup leave 7 ann pw 14");
	assert_int_equal(c.verb, PBEM_LEAVE);
	assert_int_equal(c.days, 14);
	canonical(&c, "stackup leave 7 ann pw 14");
	assert_int_equal(pbem_verb_has(PBEM_LEAVE), PBEM_HAS_BOARD |
	    PBEM_HAS_LOGIN);
	refused("stackup leave 7 ann pw 0");
	refused("stackup leave 7 ann pw 367");
	refused("stackup leave 7 ann pw 5d");
	refused("stackup leave 7 ann pw");
	refused("stackup leave 7 ann pw 5 6");

	c = parsed("checkers queue 7 ann pw 23-19 8-11  22-17 9-13#4");
	assert_int_equal(c.verb, PBEM_QUEUE);
	assert_string_equal(c.text, "23-19 8-11 22-17 9-13");
	assert_int_equal(c.ply, 4);
	canonical(&c, "checkers queue 7 ann pw 23-19 8-11 22-17 9-13#4");
	c = parsed("checkers queue 7 ann pw");
	assert_string_equal(c.text, "");
	assert_int_equal(c.ply, 0);
	canonical(&c, "checkers queue 7 ann pw");
	assert_string_equal(refused("checkers queue 7 ann pw 23-19 8-11 #4"),
	    "remove the blank before the #N: it follows the last word "
	    "without one, as 11-15#3");
	refused("checkers queue 7 ann pw 23-19 8-11#x");
	assert_int_equal(pbem_verb_has(PBEM_QUEUE), PBEM_HAS_BOARD |
	    PBEM_HAS_LOGIN);
	assert_string_equal(pbem_syntax(PBEM_QUEUE),
	    "GAME queue BOARD USERID PASSWORD [X Y ...][#N]");
	assert_true(strstr(pbem_syntax(PBEM_REQUEST_UNDO), "undo|accept-undo|"
	    "reject-undo") != NULL);
	assert_true(pbem_keyword("accept-undo"));
	assert_true(pbem_keyword("queue"));
}

static void
test_chat_options(void **state)
{
	struct pbem_cmd c;
	char long_text[700];
	size_t i;

	(void)state;
	c = parsed("checkers chat 7 ann pw  Nice move,   bob!  See you #3 ");
	assert_int_equal(c.verb, PBEM_CHAT);
	assert_string_equal(c.user, "ann");
	assert_string_equal(c.password, "pw");
	assert_string_equal(c.text, "Nice move, bob! See you #3");
	assert_int_equal(c.ply, 0);
	canonical(&c, "checkers chat 7 ann pw Nice move, bob! See you #3");
	c = parsed("chat checkers 7 ann pw");
	assert_string_equal(c.text, "");
	canonical(&c, "checkers chat 7 ann pw");
	c = parsed("checkers chat 7 ann pw a b c d e f g h i j k l m");
	assert_string_equal(c.text, "a b c d e f g h i j k l m");
	memset(long_text, 'x', sizeof(long_text));
	for (i = 30; i < sizeof(long_text); i += 10)
		long_text[i] = ' ';
	memcpy(long_text, "checkers chat 7 ann pw ", 23);
	long_text[sizeof(long_text) - 1] = '\0';
	assert_non_null(strstr(refused(long_text), "longer than 511"));
	c = parsed("checkers challenge ann pw bob first=bob   fen=B:W18:B12");
	assert_int_equal(c.verb, PBEM_CHALLENGE);
	assert_string_equal(c.text, "first=bob fen=B:W18:B12");
	canonical(&c, "checkers challenge ann pw bob first=bob fen=B:W18:B12");
	c = parsed("checkers challenge ann pw bob");
	assert_string_equal(c.text, "");
	strcpy(c.text, "a\tb");
	assert_int_equal(pbem_format(&c, long_text, 100), -1);
}

/* What the syntax says of its verbs; a blank before the #N. */
static void
test_verbs_and_hints(void **state)
{
	char hint[200];

	(void)state;
	assert_int_equal(pbem_verb_has(PBEM_MOVE),
	    PBEM_HAS_BOARD | PBEM_HAS_LOGIN);
	assert_int_equal(pbem_verb_has(PBEM_OFFER_DRAW),
	    PBEM_HAS_BOARD | PBEM_HAS_LOGIN);
	assert_int_equal(pbem_verb_has(PBEM_CHAT),
	    PBEM_HAS_BOARD | PBEM_HAS_LOGIN);
	assert_int_equal(pbem_verb_has(PBEM_ACCEPT),
	    PBEM_HAS_BOARD | PBEM_HAS_LOGIN);
	assert_int_equal(pbem_verb_has(PBEM_SHOW), PBEM_HAS_BOARD);
	assert_int_equal(pbem_verb_has(PBEM_SUBSCRIBE), PBEM_HAS_BOARD);
	assert_int_equal(pbem_verb_has(PBEM_CHALLENGE), PBEM_HAS_LOGIN);
	assert_int_equal(pbem_verb_has(PBEM_SIGNUP), 0);
	assert_int_equal(pbem_verb_has(PBEM_CONFIRM), 0);
	assert_int_equal(pbem_verb_has(PBEM_GAMES), 0);
	assert_true(pbem_keyword("SHOWAS"));
	assert_true(pbem_keyword("propose"));
	assert_true(pbem_keyword("Re:"));
	assert_false(pbem_keyword("checkers"));
	assert_false(pbem_keyword("re"));
	assert_string_equal(pbem_syntax(PBEM_PREVIEW),
	    "GAME preview BOARD MOVE[#N]");
	assert_non_null(strstr(refused("checkers move 1 ann pw 11-15 #2"),
	    "remove the blank before the #N"));
	assert_non_null(strstr(refused("checkers show 1 #2"),
	    "remove the blank before the #N"));
	assert_true(pbem_explain("checkers move 1 ann pw 11-15 #2", hint,
	    sizeof(hint)) > 0);
	assert_string_equal(hint, "remove the blank before #2");
	assert_true(pbem_explain("checkers move 1 ann pw 11 - 15#2", hint,
	    sizeof(hint)) > 0);
	assert_non_null(strstr(hint, "\"11 ... 15#2\""));
	assert_true(pbem_explain("checkers moev 1 ann pw 11-15", hint,
	    sizeof(hint)) > 0);
	assert_string_equal(hint, "unknown command \"moev\": did you mean "
	    "move?");
	assert_true(pbem_explain("hepl", hint, sizeof(hint)) > 0);
	assert_non_null(strstr(hint, "did you mean help?"));
	assert_int_equal(pbem_explain("checkers show 1", hint, sizeof(hint)),
	    0);
	assert_int_equal(pbem_explain("hello referee, how are you?", hint,
	    sizeof(hint)), 0);
}

/* The lines the referee's mails tell players to send read back as
 * what they say. */
static void
test_next_lines(void **state)
{
	struct pbem_cmd c;

	(void)state;
	memset(&c, 0, sizeof(c));
	c.verb = PBEM_MOVE;
	strcpy(c.game, "checkers");
	strcpy(c.board, "12");
	strcpy(c.user, "ann");
	strcpy(c.password, "PASSWORD");
	strcpy(c.move, "MOVE");
	c.ply = 5;
	canonical(&c, "checkers move 12 ann PASSWORD MOVE#5");
	memset(c.move, 0, sizeof(c.move));
	c.verb = PBEM_ACCEPT_DRAW;
	canonical(&c, "checkers move 12 ann PASSWORD accept#5");
	c.verb = PBEM_RESIGN;
	canonical(&c, "checkers resign 12 ann PASSWORD#5");
	c.ply = 0;
	c.verb = PBEM_ACCEPT;
	canonical(&c, "checkers accept 12 ann PASSWORD");
}

static void
test_format_refuses(void **state)
{
	struct pbem_cmd c;
	char buf[64];

	(void)state;
	c = parsed("checkers move b1 alice pw 11-15#5");
	assert_int_equal(pbem_format(&c, buf, 10), -1);
	assert_string_equal(buf, "");
	assert_int_equal(pbem_format(&c, buf, 34), 33);
	assert_string_equal(buf, "checkers move b1 alice pw 11-15#5");
	assert_int_equal(pbem_format(&c, buf, 33), -1);
	strcpy(c.move, "11 15");
	assert_int_equal(pbem_format(&c, buf, sizeof(buf)), -1);
	strcpy(c.move, "");
	assert_int_equal(pbem_format(&c, buf, sizeof(buf)), -1);
	c = parsed("checkers move b1 alice pw 11-15");
	strcpy(c.password, "p\tw");
	assert_int_equal(pbem_format(&c, buf, sizeof(buf)), -1);
	c = parsed("signup dave secret");
	strcpy(c.address, "a b");
	assert_int_equal(pbem_format(&c, buf, sizeof(buf)), -1);
	c = parsed("checkers show b1");
	c.board[0] = '\0';
	assert_int_equal(pbem_format(&c, buf, sizeof(buf)), -1);
	c.verb = (enum pbem_verb)99;
	assert_int_equal(pbem_format(&c, buf, sizeof(buf)), -1);
}

/* Issue 22: GAME ratings, the best players of a game, in its
 * canonical form and with the verb first; it names no board and takes
 * no login. */
static void
test_ratings_verb(void **state)
{
	struct pbem_cmd c;

	(void)state;
	c = parsed("Checkers ratings");
	assert_int_equal(c.verb, PBEM_RATINGS);
	assert_string_equal(c.game, "checkers");
	canonical(&c, "checkers ratings");
	c = parsed("ratings stackup");
	assert_int_equal(c.verb, PBEM_RATINGS);
	assert_string_equal(c.game, "stackup");
	canonical(&c, "stackup ratings");
	c = parsed("checkers standings");       /* pbmserv's other word */
	assert_int_equal(c.verb, PBEM_RATINGS);
	canonical(&c, "checkers ratings");
	assert_int_equal(pbem_verb_has(PBEM_RATINGS), 0);
	assert_string_equal(pbem_syntax(PBEM_RATINGS), "GAME ratings");
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_move),
		cmocka_unit_test(test_prefixes_and_case),
		cmocka_unit_test(test_moves_of_every_game),
		cmocka_unit_test(test_actions),
		cmocka_unit_test(test_resign_show_signup_challenge),
		cmocka_unit_test(test_errors),
		cmocka_unit_test(test_new_verbs),
		cmocka_unit_test(test_time_and_turns),
		cmocka_unit_test(test_chat_options),
		cmocka_unit_test(test_verbs_and_hints),
		cmocka_unit_test(test_next_lines),
		cmocka_unit_test(test_format_refuses),
		cmocka_unit_test(test_pbmserv_incoming),
		cmocka_unit_test(test_pbmserv_outgoing),
		cmocka_unit_test(test_ratings_verb),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
