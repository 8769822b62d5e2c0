/*
 * pbem.h - the command syntax of Richard's PBeM Server (pbmserv), which
 * players of correspondence games already know, carried in a mail's
 * Subject line:
 *
 *     signup USERID PASSWORD [ADDRESS]
 *     confirm USERID TOKEN
 *     GAME challenge USERID1 USERID2
 *     GAME move BOARD USERID PASSWORD MOVE[#N]
 *     GAME move BOARD USERID PASSWORD propose|accept|reject|resign[#N]
 *     GAME resign BOARD USERID PASSWORD[#N]
 *     GAME show BOARD[#N]
 *
 * GAME is a stackref game identifier; BOARD the game's identifier (its
 * GameId tag).  confirm answers the mail a signup brings, with the
 * token it gives.  propose, accept and reject are the draw offer, its
 * acceptance and its refusal.  Pure functions; nothing allocates.
 */
#ifndef STACKREF_MAIL_PBEM_H
#define STACKREF_MAIL_PBEM_H

#include <stddef.h>

enum pbem_verb {
	PBEM_SIGNUP,
	PBEM_CHALLENGE,
	PBEM_MOVE,          /* move holds the move text */
	PBEM_RESIGN,
	PBEM_OFFER_DRAW,    /* move propose */
	PBEM_ACCEPT_DRAW,   /* move accept */
	PBEM_DECLINE_DRAW,  /* move reject */
	PBEM_SHOW,
	PBEM_CONFIRM        /* password holds the token */
};

#define PBEM_WORD 128       /* a word of a command, NUL included */

struct pbem_cmd {
	enum pbem_verb verb;
	char game[PBEM_WORD];       /* empty for signup */
	char board[PBEM_WORD];      /* move, resign, actions, show */
	char user[PBEM_WORD];       /* signup, confirm, move, resign, actions;
				     * challenge: the first player */
	char user2[PBEM_WORD];      /* challenge: the second player */
	char password[PBEM_WORD];   /* signup, move, resign, actions;
				     * confirm: the token */
	char address[PBEM_WORD];    /* signup, or empty */
	char move[PBEM_WORD];       /* PBEM_MOVE */
	unsigned long ply;          /* the #N guard, 0 when absent */
};

/*
 * Parses a Subject line (leading "Re:"/"Fwd:" and surrounding blanks
 * ignored, words separated by blanks, verbs case-insensitive).  Returns
 * 0, or -1 with *why (a static phrase saying what was expected, e.g.
 * "syntax is GAME move BOARD USERID PASSWORD MOVE[#N]").
 */
int pbem_parse(const char *subject, struct pbem_cmd *c, const char **why);

/* Writes the command c as a Subject line into buf; returns its length,
 * or -1 if it does not fit or a word is empty or holds a blank. */
int pbem_format(const struct pbem_cmd *c, char *buf, size_t size);

#endif
