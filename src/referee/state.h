/*
 * state.h - the referee's state directory and the journal that
 * makes the processing of each mail happen once, even when a run is
 * killed or a server fails half-way.
 *
 *     DIR/lock             flock(2)ed by a run: overlapping runs wait
 *     DIR/players          USERID ADDRESS HASH per line (mode 0600)
 *     DIR/games/B.pdn      the record of board B (no password, no hash)
 *     DIR/queue/KEY/       the planned outcome of one mail, written
 *                          whole (a directory renamed into place):
 *         uid, summary     its IMAP UID, a log line
 *         board, record    the record to put in games/BOARD.pdn
 *         players          the new players file
 *         mail-N.eml/.rcpt a reply and its recipients
 *     DIR/done/KEY         a mail processed; never processed again
 *
 * Finishing an entry: rename record and players into place (applied),
 * send each reply and remove it (sent), write done/KEY, remove the
 * entry, then flag the mail on the server.  Each step is idempotent, so
 * a run finishes first what an earlier run left in queue/.
 */
#ifndef STACKREF_REFEREE_STATE_H
#define STACKREF_REFEREE_STATE_H

#include "base/diag.h"
#include "referee/referee.h"
#include "mail/transport.h"

#define REF_FLAG "StackrefDone"   /* the IMAP keyword of a mail done */

struct ref_state {
	const char *dir;
	const char *imap;            /* the mailbox URL */
	const char *smtp;            /* the submission URL */
	const char *address;         /* the referee's address */
	struct xfer *x;
	struct diag *d;
	struct ref_players players;
	int lockfd;
	const char *crash;           /* test only: "apply" exits there */
};

/*
 * Makes DIR's subdirectories, takes the lock (waiting for another
 * run), reads the players.  Returns 0, or -1 after reporting.
 */
int ref_state_open(struct ref_state *s);
void ref_state_close(struct ref_state *s);

/* Whether mail KEY is done (1), queued (2) or new (0). */
int ref_state_seen(const struct ref_state *s, const char *key);

/* The number the next new board gets: 1 + the largest number among
 * games/N.pdn. */
unsigned long ref_state_next_board(const struct ref_state *s);

/* Reads games/BOARD.pdn into a malloc'ed text (NULL: none). */
char *ref_state_record(const struct ref_state *s, const char *board,
    size_t *len);

/* Writes the planned outcome o of mail KEY (UID uid) as a queue entry.
 * Returns 0, or -1 after reporting. */
int ref_state_plan(struct ref_state *s, const char *key,
    unsigned long uid, const struct ref_outcome *o);

/*
 * Finishes entry KEY: apply, send, done, flag.  Returns 0, or -1 after
 * reporting (a server failing: status 5; the entry stays for the next
 * run).
 */
int ref_state_finish(struct ref_state *s, const char *key);

/* Finishes every entry an earlier run left; -1 at the first failure. */
int ref_state_finish_all(struct ref_state *s);

/* Flags mail uid done on the server. */
int ref_state_flag(struct ref_state *s, unsigned long uid);

#endif
