/*
 * referee.h - the decisions of `stackref referee`, a play-by-email
 * server speaking the command syntax of Richard's PBeM Server (pbem.h).
 *
 * Pure: a decision takes the raw mail, the players and the record of
 * the board the mail names, the time and some random bytes, and returns
 * what to do: the new record and players file to write, the mails to
 * send (composed, with their recipients).  No files, no network, no
 * clock, no randomness of its own; src/cmd/referee.c does the I/O and
 * the journal that makes each mail's processing happen exactly once.
 *
 * Passwords are stored as crypt(3) hashes (yescrypt, "$y$", from
 * crypt_gensalt) in the players file only; records and mails never
 * hold a password or a hash.
 *
 * Ownership: struct ref_players and struct ref_outcome own their
 * memory, released by ref_players_free and ref_outcome_free.
 */
#ifndef STACKREF_REFEREE_REFEREE_H
#define STACKREF_REFEREE_REFEREE_H

#include <stddef.h>
#include <time.h>

#include "mail/message.h"
#include "mail/pbem.h"

#define REF_HASH 160         /* a crypt(3) hash, NUL included */
#define REF_KEY 48           /* a mail's key, NUL included */
#define REF_RND 64           /* random bytes a decision may use */
#define REF_SUMMARY 512      /* a decision's log line */
#define REF_MAILS 2          /* mails one decision sends at most */
#define REF_PLAYERS_MAX 10000

/* A signed-up player. */
struct ref_player {
	char user[PBEM_WORD];
	char addr[MAIL_ADDR_MAX];
	char hash[REF_HASH];
};

struct ref_players {
	struct ref_player *v;
	size_t n, cap;
};

/*
 * Reads the players file text: one player per line, "USERID ADDRESS
 * HASH", blank lines and '#' lines ignored.  p is zeroed by the caller
 * (or empty).  Returns 0, or -1 with *why (static).
 */
int ref_players_parse(const char *text, struct ref_players *p,
    const char **why);

/* Writes p as a players file into a malloc'ed text; NULL without
 * memory. */
char *ref_players_format(const struct ref_players *p, size_t *len);

/* The player called user (case-sensitive), or NULL. */
const struct ref_player *ref_player_find(const struct ref_players *p,
    const char *user);

/* Appends a player; 0, or -1 without memory or over REF_PLAYERS_MAX. */
int ref_player_add(struct ref_players *p, const struct ref_player *pl);

void ref_players_free(struct ref_players *p);

/* Hashes password with a yescrypt salt made from rnd[0..16).  Returns
 * 0, or -1 when crypt fails. */
int ref_hash(const char *password, const unsigned char rnd[16],
    char out[REF_HASH]);

/* Whether password matches hash (1) or not (0). */
int ref_verify(const char *password, const char *hash);

/*
 * A mail as the referee reads it, once: its headers and parts, and the
 * command of its Subject line.  Owns m (ref_letter_free).
 */
struct ref_letter {
	const char *raw;             /* the raw bytes (not owned) */
	size_t len;
	struct mail_in m;            /* empty when the mail is unreadable */
	const char *bad;             /* why it is unreadable, or NULL */
	struct pbem_cmd cmd;         /* the command of its Subject */
	const char *cmd_why;         /* why it holds none, or NULL */
};

/* Reads the mail raw[0..len) (not copied: it must outlive l) into l. */
void ref_letter_read(const char *raw, size_t len, struct ref_letter *l);
void ref_letter_free(struct ref_letter *l);

/*
 * The key of a mail in the journal: from its Message-ID when it has
 * one, else from its bytes; 43 characters of [A-Za-z0-9_.-], derived
 * with SHA-256 (crypt "$5$").  Returns 0, or -1.
 */
int ref_key(const struct ref_letter *l, char key[REF_KEY]);

/* Whether s is a safe board name: 1 to 32 of [A-Za-z0-9_-]. */
int ref_board_ok(const char *s);

/*
 * The board whose record a decision on l needs: writes it into board
 * and returns 1; returns 0 when it needs none (signup, challenge, an
 * unreadable mail or command).
 */
int ref_wanted_board(const struct ref_letter *l, char board[PBEM_WORD]);

/* What a decision knows besides the mail. */
struct ref_ctx {
	const char *referee;          /* the referee's address */
	const struct ref_players *players;
	const char *record;           /* text of the board's record, or
				       * NULL when there is none */
	size_t record_len;
	unsigned long next_board;     /* the GameId a challenge gets */
	time_t now;
	unsigned char rnd[REF_RND];   /* salts and Message-IDs */
};

/* A composed mail to send. */
struct ref_mail {
	char *rcpt[2];
	size_t nrcpt;
	char *text;
	size_t len;
};

enum ref_status {
	REF_IGNORED,      /* nothing to answer (unreadable, a loop) */
	REF_REFUSED,      /* a refusal to the sender */
	REF_ANSWERED,     /* show: the position to the sender */
	REF_APPLIED       /* state changed: players and/or a record */
};

struct ref_outcome {
	enum ref_status status;
	char summary[REF_SUMMARY];    /* one line for the log */
	char board[PBEM_WORD];        /* the record to write, or "" */
	char *record;                 /* its new text, or NULL */
	size_t record_len;
	char *players;                /* the new players file, or NULL */
	size_t players_len;
	struct ref_mail mail[REF_MAILS];
	size_t nmail;
};

/*
 * Decides what the mail l asks of the referee in state c and fills o.
 * Never fails on what the mail holds: a bad request gives REF_REFUSED
 * with a reply saying why.  Returns 0, or -1 when out of memory (o is
 * then freed).
 */
int ref_decide(const struct ref_letter *l, const struct ref_ctx *c,
    struct ref_outcome *o);

void ref_outcome_free(struct ref_outcome *o);

/*
 * Reads the UIDs of an IMAP "* SEARCH 3 7 12" answer into uids (at most
 * max, in order).  Returns how many, or -1 when the answer is not a
 * SEARCH answer.
 */
long ref_search_uids(const char *answer, unsigned long *uids, size_t max);

#endif
