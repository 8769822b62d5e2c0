/*
 * state.h - the referee's state, kept in its store (store.h: the
 * tables, and what a kill at each step of a decision does), and the
 * journal that makes the processing of each mail happen once, even
 * when a run is killed or a server fails half-way.
 *
 * A decision's process writes its plan whole (the plans row and its
 * outbox rows, one transaction); the run then finishes it: applies it
 * (done key, record, lists, counts, cond, publish, replies made ready:
 * one transaction), sets the keywords on the mail, then sends each
 * reply that is due and deletes it once the server accepted it (a run
 * killed between the two sends it again, with the same Message-ID).
 * A reply the server defers (4xx) waits, 1 minute then twice as long
 * each time up to an hour; one refused (5xx), or undelivered for
 * REF_REPLY_TTL, is dropped with a log line.  Each reply is offered to
 * the submission servers in their order: the next one is tried when
 * one fails for the time being (it cannot be reached, refuses the
 * login, answers 4xx), and one that cannot be reached or refuses the
 * login is not tried again in the run (a log line says so).  When none
 * is left, the run sends nothing more but goes on deciding (status 5 at
 * the end).  Each step is idempotent, so a run finishes first what an
 * earlier run left.
 *
 * Publishing (--publish URL-PREFIX): applying a plan with a page puts
 * it in publish (a newer page of a board replaces an older one); at
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
#include "referee/store.h"

#define REF_FLAG "StackrefDone"   /* the IMAP keyword of a mail done */
#define REF_FLAG_ASIDE "StackrefAside"  /* and of one set aside */
#define REF_REPLY_TTL (3 * 86400) /* a reply undelivered this long goes */
#define REF_COUNT_TTL (2 * 86400) /* counts untouched this long go */
#define REF_SMTP_MAX 8            /* --smtp given at most this often */

#define REF_LISTS 4              /* players, pending, challenges, watchers */

struct ref_state {
	const char *url;             /* the store (store.h) */
	struct ref_store *st;
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
	long long read_version;      /* the version of the board a decision
				      * read (-1: none) */
	long long lists_version;     /* meta "lists" when the lists were
				      * read (store.h) */
	long long next_due;          /* its next due time once planned
				      * (-1: none) */
	char inbox_key[REF_KEY];     /* the inbox row decided, or "" */
	unsigned jobs;               /* decisions at once (--jobs; 0: 1) */
	unsigned hash_cost;          /* of a signup's hash (--hash-cost;
				      * 0: REF_HASH_COST) */
	struct ref_limits limits;    /* --max-boards, --max-challenges,
				      * --max-signups (0: the defaults) */
	const char *authserv_id;     /* --authserv-id, or NULL */
	size_t aside_head;           /* bytes of a body set aside kept
				      * (--aside-head; 0: none, the header
				      * only) */
	long long aside_keep;        /* seconds a mail set aside is kept
				      * (--aside-days; 0: REF_DONE_KEEP) */
	unsigned long lists_gen;     /* +1 at each ref_state_load */
	const char *crash;           /* test only: "apply" exits there;
				      * run.h: "segv:WORD" ... */
};

/*
 * Opens the store s->url (a SQLite one under its lock, PATH.lock:
 * waiting for another run; with s->nowait, returns 1 at once when
 * another run holds it), reads the lists, removes counts older than
 * REF_COUNT_TTL.  Returns 0, or -1 after reporting.
 */
int ref_state_open(struct ref_state *s);
void ref_state_close(struct ref_state *s);

/* Reads the players, pending, challenges and watchers of the store.
 * Returns 0, or -1 after reporting. */
int ref_state_load(struct ref_state *s);

/* List k (0 players, 1 pending, 2 challenges, 3 watchers) of s. */
void *ref_state_list(struct ref_state *s, int k);

/* Makes list k of the store hold the list now (of k's type): the rows
 * gone deleted, the new ones added.  0, or -1 after reporting. */
int ref_state_list_apply(struct ref_state *s, int k, const void *now);

/* Whether mail KEY is done (1), planned (2) or new (0); -1 after
 * reporting. */
int ref_state_seen(struct ref_state *s, const char *key);

/* Whether a mail of raw key KEY was set aside already (1, 0, -1). */
int ref_state_aside_seen(struct ref_state *s, const char *key);

/*
 * Fills c for a decision on l from the state: players, pending,
 * challenges, watchers, the record of the board it names (*record:
 * malloc'ed), for games USERID the latest REF_LIST_MAX records naming
 * USERID (c->boards, malloc'ed), the open boards of the players of a
 * challenge or an accept, the next board, the counts, the limits, the
 * referee's address, whether to publish; the time and the random bytes
 * are the caller's.  ref_state_ctx_free frees what it allocated.
 * Returns 0, or -1 after reporting; out of memory, which it meets in the
 * decision's process, ends it (ref_nomem).
 */
int ref_state_ctx(struct ref_state *s, const struct ref_letter *l,
    struct ref_ctx *c, char **record);

/* The same for the digest of user: the lists, her setting
 * (c->notify[0]), her open boards, the least recently changed first, up
 * to twice --max-boards (c->boards); freed by ref_state_ctx_free. */
int ref_state_digest_ctx(struct ref_state *s, const char *user,
    struct ref_ctx *c);

/* Moves user's next digest on from next to the same hour of the next
 * day after now, unless another worker moved it already.  0, or -1. */
int ref_state_digest_sent(struct ref_state *s, const char *user,
    long long next);

/* The same for the time pass on board: the lists, its record, its
 * conditional moves. */
int ref_state_time_ctx(struct ref_state *s, const char *board,
    struct ref_ctx *c, char **record);
void ref_state_ctx_free(struct ref_ctx *c, char *record);

/* Publishes the game pages due (see above); never fails the run. */
void ref_state_publish(struct ref_state *s);

/* Writes the planned outcome o of mail KEY (UID uid) as its plan and
 * outbox rows, with s->read_version, s->next_due and s->inbox_key;
 * aside: the mail is set aside (its keywords then say so).  A plan of
 * KEY there already stays.  Returns 0, or -1 after reporting. */
int ref_state_plan(struct ref_state *s, const char *key,
    unsigned long uid, const struct ref_outcome *o, int aside);

/* Keeps mail KEY set aside: why, the UID, the copy raw[0..len) kept
 * (ref_aside_copy), set aside at at (0: now); one kept already stays.
 * Returns 0, or -1 after reporting. */
int ref_state_set_aside(struct ref_state *s, const char *key,
    unsigned long uid, const char *why, const char *raw, size_t len,
    time_t at);

/*
 * Finishes plan KEY: apply, flag, then the replies due.  Returns 0
 * (replies that cannot go now wait in the outbox; a plan whose board
 * changed since its decision is dropped, its mail decided again by the
 * next run), or -1 after reporting (the store cannot be written: status
 * 4; the mailbox fails: status 5; the plan stays for the next run).
 */
int ref_state_finish(struct ref_state *s, const char *key);

/* Drops plan KEY and its replies not ready, unapplied, so that its
 * mail is decided again.  0, or -1 after reporting. */
int ref_state_drop(struct ref_state *s, const char *key);

/* Test only (STACKREF_REFEREE_TRACE=FILE): appends "WHAT KEY" to FILE
 * for each decision made ("decided": run.c) or dropped unapplied, to be
 * made again ("dropped"), so that the workers' test counts how often
 * each mail was decided. */
void ref_test_trace(const char *what, const char *key);

/* Finishes every plan an earlier run left and sends the replies due;
 * -1 at the first failure. */
int ref_state_finish_all(struct ref_state *s);

/* Sets the keywords flags ("StackrefDone ...") on mail uid. */
int ref_state_flag(struct ref_state *s, unsigned long uid,
    const char *flags);

/* Writes into the store (inside the caller's transaction, if any):
 * board's record text[0..len) with its players, result, next_due (-1:
 * none) and time updated, if version is still the board's (-1: a new
 * board) - 0, 1 when it is not, -1; the last board given (kept when
 * larger); a count (its "SINCE FAILS MAILS UNTIL" line); a board's
 * conditional moves; a game page to publish, its tries and next try.
 * 0, or -1 after reporting. */
int ref_state_put_board(struct ref_state *s, const char *board,
    const char *text, size_t len, long long version, long long next_due,
    long long updated);
int ref_state_last_board(struct ref_state *s, long long num);
int ref_state_put_count(struct ref_state *s, const char *name,
    const char *line, long long updated);
int ref_state_put_cond(struct ref_state *s, const char *board,
    const char *moves, size_t len);
int ref_state_put_page(struct ref_state *s, const char *board,
    const char *page, size_t len, long long tries, long long next_try);

/* Sets the rating of user in game to value ("RATING DEVIATION
 * VOLATILITY GAMES", as the table ratings keeps it; store.h), inside
 * the caller's transaction.  0; 1 when value does not read (nothing
 * written); -1 after reporting. */
int ref_state_put_rating(struct ref_state *s, const char *user,
    const char *game, const char *value);

/* The first column of the rows of sql (parameters par[0..npar)), a
 * key or a board, into keys (at most max; *n of them).  0, or -1. */
int ref_state_keys(struct ref_state *s, const char *sql,
    const struct db_value *par, size_t npar, char (*keys)[REF_KEY],
    size_t max, size_t *n);

/* The time pass: the boards whose next_due has come at s->now (with
 * digests: the players whose next digest has), the earliest first, at
 * most max, into keys (*n of them); a board judged whose record stays
 * gets next_due s->next_due (-1: none) if its version is still
 * s->read_version (ref_state_due).  0, or -1 after reporting. */
int ref_state_due_list(struct ref_state *s, int digests,
    char (*keys)[REF_KEY], size_t max, size_t *n);
int ref_state_due(struct ref_state *s, const char *board);

/* A text of the store (malloc'ed when read; NULL: none). */
struct ref_blob {
	char *p;
	size_t len;
};

/* A plan (the table plans, store.h): what applying it writes. */
struct ref_plan {
	int found;                   /* read: there was one */
	unsigned long uid;           /* its mail's IMAP UID, or 0 */
	int aside, status;           /* set aside; the ref_status */
	char summary[REF_SUMMARY];
	char board[PBEM_WORD];       /* the board written, or "" */
	long long version;           /* the board's version read, -1 none */
	long long next_due;          /* the record's next due time, -1 */
	long long last_board;        /* the board a challenge took, or 0 */
	long long lists;             /* meta "lists" its decision read */
	struct ref_blob record, cond, list[REF_LISTS], page;
	char count_name[3][PBEM_WORD + 8];  /* a userid's, an address's,
				      * a board's */
	char count_line[3][128];     /* counts ("" when none) */
	char inbox[REF_KEY];         /* the inbox row it came from, or "" */
};

/* Reads plan key into p (p->found 0: none; ref_plan_free after);
 * writes plan p of key (its plans row, no outbox row; a plan of key
 * there already stays, and put returns 1); writes a reply of key
 * (ready 1: its plan applied; | 2: it replaces a reply n of key there
 * already, else that one stays).  0, or -1 after reporting. */
int ref_plan_read(struct ref_state *s, const char *key, struct ref_plan *p);
void ref_plan_free(struct ref_plan *p);
int ref_plan_put(struct ref_state *s, const char *key,
    const struct ref_plan *p);
int ref_outbox_put(struct ref_state *s, const char *key, long long n,
    const char *rcpt, const struct ref_blob *mail, long long made,
    long long tries, long long next_try, int ready);

/* A failure of a system call or file reported (errno: why, status
 * 4); returns -1. */
#define REF_PATH 4096
int ref_fail(struct ref_state *s, int writing, const char *what);

/* The name of the count of a userid ("u-USERID") or, user NULL, of an
 * address ("a-KEY", KEY the raw_key of addr) into buf; 0, or -1. */
int ref_count_name(const char *user, const char *addr, char *buf,
    size_t size);

#endif
