/*
 * state.h - the referee's state directory and the journal that
 * makes the processing of each mail happen once, even when a run is
 * killed or a server fails half-way.
 *
 *     DIR/lock             flock(2)ed by a run: overlapping runs wait
 *     DIR/players          USERID ADDRESS HASH per line (mode 0600)
 *     DIR/pending          USERID ADDRESS HASH TOKEN EXPIRES per line:
 *                          signups waiting for their confirmation
 *     DIR/challenges       BOARD GAME USERID1 USERID2 EXPIRES [OPTION...]
 *                          per line: challenges waiting for an answer
 *     DIR/watchers         BOARD ADDRESS per line: subscriptions
 *     DIR/last-board       the last board a challenge took
 *     DIR/counts/u-USERID  SINCE FAILS MAILS UNTIL: a userid's wrong
 *     DIR/counts/a-KEY     passwords, an address's (KEY: the SHA-256
 *                          of the address); removed two days after
 *     DIR/games/B.pdn      the record of board B (no password, no hash)
 *     DIR/cond/B           the conditional moves kept for board B
 *                          (cond_format's text; empty: none), private
 *     DIR/queue/KEY/       the planned outcome of one mail, written
 *                          whole (a directory renamed into place):
 *         uid, summary     its IMAP UID, a log line
 *         flags            the IMAP keywords to set on it
 *         board, record    the record to put in games/BOARD.pdn
 *         cond             the new cond/BOARD
 *         players, pending the new players and pending files
 *         count.NAME       the new counts/NAME
 *         mail-N.eml/.rcpt a reply and its recipients
 *         mail-N.try       ATTEMPTS NEXT: a reply deferred (4xx)
 *         challenges, watchers, last-board  the new files
 *         page             the game page of the record (--publish)
 *     DIR/done/KEY         a mail processed, or an event of the time
 *                          pass (a reminder, a forfeit) done; never
 *                          done again
 *     DIR/aside/KEY        a mail set aside: why, its UID, its bytes
 *     DIR/publish/B.html   the game page of board B not published yet
 *     DIR/publish/B.try    ATTEMPTS NEXT: its publication failed
 *
 * Finishing an entry: rename record, players, pending and counts into
 * place (applied), write done/KEY, set the keywords on the mail, then
 * send each reply that is due and remove it; the entry goes when its
 * last reply is gone.  A reply the server defers (4xx) waits, 1 minute
 * then twice as long each time up to an hour; one refused (5xx), or
 * undelivered for REF_REPLY_TTL, is dropped with a log line.  Each
 * reply is offered to the submission servers in their order: the next
 * one is tried when one fails for the time being (it cannot be reached,
 * refuses the login, answers 4xx), and one that cannot be reached or
 * refuses the login is not tried again in the run (a log line says so).
 * When none is left, the run sends nothing more but goes on deciding
 * (status 5 at the end).  Each
 * step is idempotent, so a run finishes first what an earlier run left
 * in queue/.
 *
 * Publishing (--publish URL-PREFIX): applying an entry with a page puts
 * it in publish/ (a newer page of a board replaces an older one); at
 * the end of each run every page due is PUT to URL-PREFIX/B.html and
 * the record to URL-PREFIX/B.pdn, and removed once both went.  A
 * failure is logged and tried again later, 1 minute then twice as long
 * each time up to an hour, never blocking the mails; what is published
 * is always the board's latest page.
 */
#ifndef STACKREF_REFEREE_STATE_H
#define STACKREF_REFEREE_STATE_H

#include "base/diag.h"
#include "referee/referee.h"
#include "mail/transport.h"

#define REF_FLAG "StackrefDone"   /* the IMAP keyword of a mail done */
#define REF_FLAG_ASIDE "StackrefAside"  /* and of one set aside */
#define REF_REPLY_TTL (3 * 86400) /* a reply undelivered this long goes */
#define REF_COUNT_TTL (2 * 86400) /* counts untouched this long go */
#define REF_SMTP_MAX 8            /* --smtp given at most this often */

struct ref_state {
	const char *dir;
	const char *imap;            /* the mailbox URL */
	const char *const *smtp;     /* the submission URLs, in order */
	size_t nsmtp;                /* how many (REF_SMTP_MAX at most) */
	const char *address;         /* the referee's address */
	struct xfer *x;
	struct diag *d;
	struct ref_players players;
	struct ref_players pending;
	struct ref_challenges challenges;
	struct ref_watchers watchers;
	const char *publish;         /* URL prefix of the game pages, or
				      * NULL */
	struct xfer *px;             /* the transfers of publishing */
	int lockfd;
	int nowait;                  /* ref_state_open does not wait for
				      * another run (--deliver) */
	unsigned smtp_down;          /* bit i: smtp[i] is not tried again
				      * in this run (unreachable, login
				      * refused); all set: no more sending */
	time_t now;                  /* the time of the run's decisions
				      * (--now, STACKREF_NOW, the system
				      * clock: cmd_now) */
	const char *crash;           /* test only: "apply" exits there;
				      * run.h: "segv:WORD" ... */
};

/*
 * Makes DIR's subdirectories, takes the lock (waiting for another
 * run; with s->nowait, returns 1 at once when another run holds it),
 * reads the players and the pending signups, removes counts older than
 * REF_COUNT_TTL.  Returns 0, or -1 after reporting.
 */
int ref_state_open(struct ref_state *s);
void ref_state_close(struct ref_state *s);

/* Reads the players, pending, challenges and watchers files of s->dir
 * (no lock, nothing written).  Returns 0, or -1 after reporting. */
int ref_state_load(struct ref_state *s);

/* Whether mail KEY is done (1), queued (2) or new (0). */
int ref_state_seen(const struct ref_state *s, const char *key);

/* Whether a mail of raw key KEY was set aside already. */
int ref_state_aside_seen(const struct ref_state *s, const char *key);

/*
 * Fills c for a decision on l from the state: players, pending,
 * challenges, watchers, the record of the board it names (*record:
 * malloc'ed), for games USERID the latest REF_LIST_MAX records naming
 * USERID (c->boards, malloc'ed), the next board, the counts, the
 * referee's address, whether to publish; the time and the random bytes
 * are the caller's.  ref_state_ctx_free frees what it allocated.
 * Returns 0, or -1 after reporting; out of memory, which it meets in the
 * decision's process, ends it (ref_nomem).
 */
int ref_state_ctx(struct ref_state *s, const struct ref_letter *l,
    struct ref_ctx *c, char **record);

/* The same for the time pass on board: the lists, its record, its
 * conditional moves. */
int ref_state_time_ctx(struct ref_state *s, const char *board,
    struct ref_ctx *c, char **record);
void ref_state_ctx_free(struct ref_ctx *c, char *record);

/* Publishes the game pages due (see above); never fails the run. */
void ref_state_publish(struct ref_state *s);

/* Writes the planned outcome o of mail KEY (UID uid) as a queue entry;
 * aside: the mail is set aside (its keywords then say so).  Returns 0,
 * or -1 after reporting. */
int ref_state_plan(struct ref_state *s, const char *key,
    unsigned long uid, const struct ref_outcome *o, int aside);

/* Writes aside/KEY: why, the UID, then the mail raw[0..len).  Returns
 * 0, or -1 after reporting. */
int ref_state_set_aside(struct ref_state *s, const char *key,
    unsigned long uid, const char *why, const char *raw, size_t len);

/*
 * Finishes entry KEY: apply, done, flag, then the replies due.
 * Returns 0 (replies that cannot go now wait in the entry), or -1
 * after reporting (the state cannot be written: status 4; the mailbox
 * fails: status 5; the entry stays for the next run).
 */
int ref_state_finish(struct ref_state *s, const char *key);

/* Finishes every entry an earlier run left; -1 at the first failure. */
int ref_state_finish_all(struct ref_state *s);

/* Sets the keywords flags ("StackrefDone ...") on mail uid. */
int ref_state_flag(struct ref_state *s, unsigned long uid,
    const char *flags);

/* Whether name is a record of games/, "BOARD.pdn": its board into
 * board (PBEM_WORD bytes), 1; else 0. */
int ref_board_file(const char *name, char *board);

/* What state.c, run.c and finish.c share: DIR/a[/b] into buf
 * (REF_PATH bytes); a file read whole (NULL, errno set, when it cannot
 * be opened or read: a read error is no short file; at most max bytes,
 * else EFBIG); its first size - 1 bytes at most into head, NUL-ended
 * (-1, errno set, when it cannot be opened or read); a file written
 * whole, synced; a failure to read or write path reported (status 4). */
#define REF_PATH 4096
const char *ref_path(char *buf, const struct ref_state *s, const char *a,
    const char *b);
char *ref_read(const char *path, size_t *len, size_t max);
int ref_read_head(const char *path, char *head, size_t size);
int ref_write(struct ref_state *s, const char *path, const char *data,
    size_t len);
int ref_fail(struct ref_state *s, int writing, const char *path);
/* Removes the directory dir and the files in it. */
void ref_rmdir(const char *dir);

#endif
