/*
 * pbem.h - the command syntax of Richard's PBeM Server (pbmserv), which
 * players of correspondence games already know, carried in a mail's
 * Subject line:
 *
 *     help                                   the commands
 *     GAME help                              the game's rules, notation
 *     signup USERID PASSWORD [ADDRESS]
 *     confirm USERID TOKEN
 *     games USERID [next|active|inactive|all]   the boards of USERID
 *     GAME challenge USERID1 PASSWORD USERID2 [OPTION...]
 *     GAME accept BOARD USERID PASSWORD      a challenge, by USERID2
 *     GAME decline BOARD USERID PASSWORD     ... or withdrawn
 *     GAME move BOARD USERID PASSWORD MOVE[#N]
 *     GAME move BOARD USERID PASSWORD propose|accept|reject|resign[#N]
 *     GAME move BOARD USERID PASSWORD undo|accept-undo|reject-undo[#N]
 *     GAME leave BOARD USERID PASSWORD DAYS      leave of DAYS days
 *     GAME queue BOARD USERID PASSWORD [X Y ...][#N]  conditional moves
 *     GAME qmove BOARD USERID PASSWORD MOVE[#N]  a move on one's turn
 *     GAME submit BOARD USERID PASSWORD MOVE[#N] kept, not played ...
 *     GAME confirm BOARD USERID PASSWORD         ... until confirmed
 *     GAME resign BOARD USERID PASSWORD[#N]
 *     GAME show BOARD[#N]
 *     GAME showas BOARD USERID               from USERID's side
 *     GAME history BOARD                     the moves and comments
 *     GAME preview BOARD MOVE[#N]            validate, play nothing
 *     GAME chat BOARD USERID PASSWORD [TEXT...]
 *     GAME subscribe BOARD [TOKEN]           a copy of every move
 *     GAME unsubscribe BOARD [TOKEN]
 *     password USERID OLDPASSWORD NEWPASSWORD
 *     address USERID PASSWORD NEWADDRESS     confirmed from NEWADDRESS
 *     reset USERID [TOKEN NEWPASSWORD]       a forgotten password
 *     retire USERID PASSWORD                 leave the server
 *     GAME ratings                           the best players' ratings
 *
 * GAME is a stackref game identifier; BOARD the game's identifier (its
 * GameId tag).  confirm answers the mail a signup brings, with the
 * token it gives.  propose, accept and reject are the draw offer, its
 * acceptance and its refusal; undo, accept-undo and reject-undo the
 * request to take back a move and its answers.  The TOKEN of subscribe
 * and unsubscribe, and of reset, is one the referee mailed (confirm
 * answers an address change too).  queue leaves the
 * pairs "if the opponent plays X, reply Y" (none: the list dropped).  A verb of a GAME may also come first
 * ("history checkers 7", "showas checkers 7 bob"), and "GAME games
 * USERID" and "help GAME" are read too, and pbmserv's own words: board
 * and mvoe for move; moveq, qboard and boardq for qmove; chall, prev,
 * sub and unsub for their verbs; "change password" and "change
 * address"; "showas USERID PASSWORD BOARD"; a move's bare trailing '#'
 * and a "**" word, dropped.  pbem_format writes the forms above,
 * pbem_format_pbmserv those a real pbmserv reads.  An OPTION of a challenge is a word NAME=VALUE, which this
 * syntax does not interpret.  A challenge carries the challenger's
 * password, as every request that acts for a userid (pbmserv's form
 * without one, "GAME challenge USERID1 USERID2", is refused with the
 * syntax above).  Pure functions; nothing allocates.
 *
 * A new verb is one line of the table in pbem.c (its word, the words
 * it takes) and one enum value here.
 */
#ifndef STACKREF_MAIL_PBEM_H
#define STACKREF_MAIL_PBEM_H

#include <stddef.h>

enum pbem_verb {
	PBEM_SIGNUP,
	PBEM_CHALLENGE,     /* options: the OPTION words */
	PBEM_MOVE,          /* move holds the move text */
	PBEM_RESIGN,
	PBEM_OFFER_DRAW,    /* move propose */
	PBEM_ACCEPT_DRAW,   /* move accept */
	PBEM_DECLINE_DRAW,  /* move reject */
	PBEM_SHOW,
	PBEM_CONFIRM,       /* password holds the token */
	PBEM_HELP,          /* game: "" for the commands */
	PBEM_GAMES,         /* user; game "" or the one named */
	PBEM_HISTORY,
	PBEM_SHOWAS,        /* user: whose side */
	PBEM_PREVIEW,       /* move */
	PBEM_CHAT,          /* text: the words after the password */
	PBEM_SUBSCRIBE,
	PBEM_UNSUBSCRIBE,
	PBEM_ACCEPT,        /* a challenge (board), by its challenged */
	PBEM_DECLINE,       /* a challenge, refused or withdrawn */
	PBEM_REQUEST_UNDO,  /* move undo */
	PBEM_ACCEPT_UNDO,   /* move accept-undo */
	PBEM_DECLINE_UNDO,  /* move reject-undo */
	PBEM_LEAVE,         /* days: the days of leave */
	PBEM_QUEUE,         /* text: the moves X Y ..., one blank apart */
	PBEM_PASSWORD,      /* secret: the new password */
	PBEM_ADDRESS,       /* address: the new address */
	PBEM_RESET,         /* password: the token, secret: the new
			     * password (both "" for the token's request) */
	PBEM_RETIRE,
	PBEM_NOTIFY,        /* text: "each", or "digest HOUR" */
	PBEM_REMIND,        /* text: an interval ("2d"), "off" or "game" */
	PBEM_QMOVE,         /* qmove, moveq, qboard, boardq: move holds the
			     * move, played if it is the sender's turn */
	PBEM_SUBMIT,        /* move holds the move: judged, not played */
	PBEM_CONFIRM_MOVE,  /* GAME confirm BOARD USERID PASSWORD */
	PBEM_RATINGS        /* game: the best players of GAME */
};

/* Which boards "games USERID [SELECTOR]" lists (pbmserv's selectors). */
enum pbem_select {
	PBEM_SEL_ALL,       /* none, or "all" */
	PBEM_SEL_NEXT,      /* the user's turn */
	PBEM_SEL_ACTIVE,    /* not over */
	PBEM_SEL_INACTIVE   /* over */
};

#define PBEM_WORD 128       /* a word of a command, NUL included */
#define PBEM_TEXT 512       /* a chat text or the options, NUL included */

struct pbem_cmd {
	enum pbem_verb verb;
	char game[PBEM_WORD];       /* empty for signup, confirm, help and
				     * games without one */
	char board[PBEM_WORD];      /* the verbs on a BOARD */
	char user[PBEM_WORD];       /* signup, confirm, games, showas, the
				     * verbs with a password; challenge: the
				     * first player */
	char user2[PBEM_WORD];      /* challenge: the second player */
	char password[PBEM_WORD];   /* signup, challenge (the first
				     * player's), the verbs on a board that
				     * take one, the account verbs;
				     * confirm, reset, subscribe and
				     * unsubscribe: the token (or "") */
	char secret[PBEM_WORD];     /* password, reset: the new password */
	char address[PBEM_WORD];    /* signup (or empty), address */
	char move[PBEM_WORD];       /* PBEM_MOVE, PBEM_PREVIEW */
	char text[PBEM_TEXT];       /* chat: the text (may be empty: the
				     * mail's body says it); challenge: the
				     * options, queue: the moves, one blank
				     * apart */
	unsigned long days;         /* leave: 1 to 366 */
	unsigned long ply;          /* the #N guard, 0 when absent */
	enum pbem_select select;    /* games: the boards listed */
};

/*
 * Parses a Subject line (leading "Re:"/"Fwd:" and surrounding blanks
 * ignored, words separated by blanks, verbs case-insensitive).  Returns
 * 0, or -1 with *why (a static phrase saying what was expected, e.g.
 * "syntax is GAME move BOARD USERID PASSWORD MOVE[#N]"; it quotes
 * nothing of the subject).
 */
int pbem_parse(const char *subject, struct pbem_cmd *c, const char **why);

/*
 * When pbem_parse refuses subject, writes into buf a precise hint that
 * may quote its words ("remove the blank before #2"), for a sender who
 * may be shown them; returns its length, or 0 when there is nothing to
 * add to pbem_parse's reason.
 */
int pbem_explain(const char *subject, char *buf, size_t size);

/* subject after its reply and forward prefixes ("Re:", "Fwd:", "AW:",
 * "SV:", "Re[2]:", ... stacked) and the blanks around them. */
const char *pbem_unprefixed(const char *subject);

/* Writes the command c as a Subject line into buf; returns its length,
 * or -1 if it does not fit or a word is empty or holds a blank. */
int pbem_format(const struct pbem_cmd *c, char *buf, size_t size);

/*
 * Writes the command c into buf as a real pbmserv reads it: an action
 * as "GAME move BOARD USERID PASSWORD propose" (accept-undo and
 * reject-undo as accept and reject), resign as "GAME resign BOARD
 * USERID PASSWORD", no #N but on a move, qmove, submit and show;
 * showas as "GAME showas USERID PASSWORD BOARD"; password and address
 * as "change password ..." and "change address ...".  Returns its
 * length, or -1 as pbem_format, and for a verb pbmserv lacks or reads
 * otherwise (accept, decline, history, subscribe, unsubscribe, leave,
 * queue, reset, retire, confirm of a signup), a challenge with options
 * or a chat with a text.
 */
int pbem_format_pbmserv(const struct pbem_cmd *c, char *buf, size_t size);

/* What the words of verb v name (or'ed): a board, and a userid with its
 * password to check (challenge, the verbs on a board that take a
 * password, the account verbs; signup, confirm and reset carry no
 * login). */
#define PBEM_HAS_BOARD 1
#define PBEM_HAS_LOGIN 2
unsigned pbem_verb_has(enum pbem_verb v);

/* Whether w (any case) is a word of the syntax itself: a verb, an
 * action word, a "Re:" prefix. */
int pbem_keyword(const char *w);

/* The syntax of verb v ("GAME move BOARD USERID PASSWORD MOVE[#N]"). */
const char *pbem_syntax(enum pbem_verb v);

#endif
