/*
 * store.h - everything the referee keeps, in one SQL store over
 * src/db/db.h: SQLite (one file, the default: `--dir DIR` is
 * sqlite:DIR/referee.db) or PostgreSQL (`--store postgresql://...`).
 * The SQL is written once (store.c, state.c, finish.c), in the
 * dialect both read; every value from a mail is a bound parameter.
 *
 * The tables (schema version REF_STORE_VERSION, in meta):
 *
 *     meta       name PRIMARY KEY, value: "schema" (the version),
 *                "last_board" (the last board a challenge took),
 *                "last_run" (the time the last run ended), "lists"
 *                (+1 at each write of players, pending, challenges or
 *                watchers)
 *     players    seq PRIMARY KEY, userid, addr, hash: in order
 *     pending    seq, userid, addr, hash, token, expires: signups
 *     challenges seq, board, game, from_user, to_user, expires, options
 *     watchers   seq, board, addr
 *     counts     name PRIMARY KEY ("u-USERID", "a-KEY"), since, fails,
 *                mails, until, updated, held (1: until is the
 *                operator's lock, --admin lock; plans never write it):
 *                removed REF_COUNT_TTL after, once until has passed
 *     boards     board PRIMARY KEY, record (the PDN text, BLOB/BYTEA:
 *                byte for byte), white, black (indexed: games USERID),
 *                over, next_due (indexed: the time pass reads only
 *                the boards due; NULL: nothing will be due), updated,
 *                version (+1 at each write)
 *     cond       board PRIMARY KEY, moves: the conditional moves kept
 *     plans      key PRIMARY KEY, ...: the planned outcome of one
 *                mail or event, written whole by its decision's
 *                process; carried out (applied) by the run, in one
 *                transaction, and removed there; its lists (whole)
 *                only if meta "lists" is still the one the decision
 *                read (lists), else it is dropped, as for the board
 *     outbox     key, n, rcpt, mail, made, tries, next_try, ready:
 *                the replies (ready once their plan is applied)
 *     done       key PRIMARY KEY, summary, status, at (indexed): a mail
 *                or an event of the time pass processed; never again
 *                (for REF_DONE_KEEP: ref_store_prune)
 *     aside      key PRIMARY KEY, why, uid, mail (a bounded copy,
 *                masked: run.h ref_aside_copy), at (indexed): kept
 *                --aside-days (default REF_ASIDE_DAYS)
 *     publish    board PRIMARY KEY, page, tries, next_try
 *     inbox      key PRIMARY KEY, raw, received, seq (the order of
 *                arrival, indexed): mails handed over by --deliver,
 *                waiting for a run, which takes them in that order
 *     events     at, kind ("refused", "bounced"): for --status,
 *                kept REF_EVENTS_KEEP
 *     claims     key PRIMARY KEY, owner, until: a mail (its done key)
 *                or a board's time pass ("t-BOARD") taken by one
 *                worker's run (owner) until its lease ends (until);
 *                removed once finished, or when the lease has ended
 *     notify     userid PRIMARY KEY, hour (-1: a mail at each move, else
 *                a daily digest at that hour, UTC), remind (-1: as the
 *                time control says, 0: none, else seconds), next_digest
 *                (indexed: the digests due are read alone; NULL: none),
 *                updated: a player's choice of mails (referee.h)
 *     ratings    userid, game (PRIMARY KEY together), value (the
 *                rating as text: "RATING DEVIATION VOLATILITY GAMES",
 *                game/rating.h), shown (its integer part; indexed with
 *                game: GAME ratings), updated: a player's rating in a
 *                game, changed by each rated game's end
 *     plan_ratings key, userid, game, was (the value its decision read,
 *                "" for none), value, shown: the ratings a plan
 *                changes; applied with it only if each is still was
 *                (else the plan goes: its mail is decided again)
 *
 * The other tables are bounded by what they hold: the lists by their
 * limits (referee.h), expired signups and challenges dropped when a
 * list is written; counts removed REF_COUNT_TTL after; boards are the
 * records, kept; plans, outbox (a reply dropped after 3 days), inbox
 * and publish emptied as the runs go.
 *
 * A decision, and what a kill at each step does:
 *   0. the run claims the mail (claims; run.c): no other worker decides
 *      it, or a later mail of its board, sender or userid, meanwhile.
 *      Killed after: the claim is free once its connection's server
 *      process is gone (SQLite: at the next run), else at the lease's
 *      end; the decision's process goes on, its plan applied later.
 *   1. the decision's process opens a connection of its own, reads its
 *      context and writes its plan (one transaction: the plan row, its
 *      outbox rows not ready).  Killed before the commit: nothing
 *      written, the mail is read again (it is not flagged done).
 *   2. the run applies the plan in ONE write transaction: the done key
 *      first (a key done already: nothing more), the board row only if
 *      its version is still the one the decision read (else the plan
 *      is dropped and the mail decided again), the lists, the counts,
 *      cond, publish, the outbox rows made ready, the inbox row
 *      deleted, the plan deleted.  Killed before the commit: the plan
 *      is still there and the next run applies it.
 *   3. the IMAP keywords are set.  Killed before: the mail is read
 *      again, found done, flagged.
 *   4. each ready outbox row is sent, and deleted once the SMTP server
 *      accepted it.  Killed between the acceptance and the delete: the
 *      reply is sent again by the next run, with the same Message-ID
 *      (the one duplicate a kill can make; readers' mail programs
 *      fold it).
 *
 * Faults (a store missing, locked, full, read-only, a server gone):
 * one line (DIAG_STORE, status 4; DIAG_STORE_GONE, status 5) and -1;
 * nothing is flagged done that is not committed.
 */
#ifndef STACKREF_REFEREE_STORE_H
#define STACKREF_REFEREE_STORE_H

#include <stddef.h>
#include <time.h>

#include "base/diag.h"
#include "db/db.h"

#define REF_STORE_VERSION 1        /* the schema this stackref writes */
#define REF_STORE_FILE "referee.db" /* the store of --dir DIR */

struct ref_store;                  /* a connection and its diag */

/* Text s as a parameter, NULL as SQL NULL. */
static inline struct db_value
ref_db_text(const char *s)
{
	return s != NULL ? DB_T(s) : DB_N;
}

/*
 * Opens the store of url ("sqlite:PATH", a bare PATH, or
 * "postgresql://..."), creating its tables or migrating them to
 * REF_STORE_VERSION; a store of a newer version is refused, naming it
 * (DIAG_STORE_NEWER).  Returns 0 with *st set, or -1 after reporting
 * (*st NULL).
 */
int ref_store_open(const char *url, struct diag *d, struct ref_store **st);

/* Closes st (NULL: nothing). */
void ref_store_close(struct ref_store *st);

/*
 * In a process forked after ref_store_open: leaves the parent's
 * connection untouched and opens one of its own on the same store.
 * Returns 0, or -1 after reporting.
 */
int ref_store_reopen(struct ref_store *st);

/* The url st was opened on. */
const char *ref_store_url(const struct ref_store *st);

/*
 * Puts the mail raw[0..len), received at now, into the inbox durably
 * (committed when it returns; the same bytes twice: kept once), for a
 * run to decide.  Returns 0, or -1 after reporting (--deliver exits
 * 75 so that the mail server tries again).
 */
int ref_store_put_mail(struct ref_store *st, const char *raw, size_t len,
    time_t now);

/* What `stackref referee --status` prints. */
struct ref_store_status {
	long mails;                /* in the inbox, waiting */
	long long oldest;          /* the age of the oldest, seconds; 0 */
	long replies;              /* outgoing, waiting */
	long boards_open;          /* records with no result yet */
	long boards_due;           /* boards whose next_due has come */
	long aside;                /* mails set aside */
	long refused_day;          /* refusals over the last day */
	long bounced_day;          /* replies dropped over the last day */
	long long last_run;        /* when the last run ended; 0: never */
};

/* Fills f at time now.  Returns 0, or -1 after reporting. */
int ref_store_status(struct ref_store *st, time_t now,
    struct ref_store_status *f);

/* Records that a run ended at now (meta last_run). */
int ref_store_ran(struct ref_store *st, time_t now);

#define REF_DONE_KEEP (30 * 86400LL)  /* done keys and mails set aside */
#define REF_EVENTS_KEEP (7 * 86400LL) /* events: --status reads a day */
#define REF_PRUNE_BATCH 2000          /* rows of a table pruned a run */

/*
 * At the end of a run: deletes at most REF_PRUNE_BATCH of the oldest
 * rows of each table that grows with the mail (done, aside, events)
 * older than its retention (aside: aside_keep seconds), by the system
 * clock (which stamps them, not --now).  The done keys and the mails set
 * aside only when mailbox_read (the run read every mail of its mailbox
 * not flagged done, and flagged those found done), so that no key of
 * a mail the mailbox still holds unflagged goes.  0, or -1 after
 * reporting.
 */
int ref_store_prune(struct ref_store *st, int mailbox_read,
    long long aside_keep);

/*
 * Statements, for the referee's own files (state.c, finish.c, port.c):
 * each reports a failure (one line) and returns -1; exec returns the
 * rows changed or returned; begin's write is 1 for a transaction that
 * writes.  rollback after a failure.  The blob type of the driver
 * (DDL only).
 */
int ref_store_begin(struct ref_store *st, int write);
int ref_store_commit(struct ref_store *st);
void ref_store_rollback(struct ref_store *st);
long ref_store_exec(struct ref_store *st, const char *sql,
    const struct db_value *par, size_t npar, db_row_fn row, void *arg);
const char *ref_store_blob(const struct ref_store *st);

/* Whether the driver has row locks (PostgreSQL). */
int ref_store_row_locks(const struct ref_store *st);

/* The lock file of the store url when its driver has no row locks
 * (SQLite: PATH.lock, which runs take in turn) into buf: 1; 0 for a
 * store with row locks, or a url no driver takes (the store's open
 * says so). */
int ref_store_lock_path(const char *url, char *buf, size_t size);

/* What ref_store_lock serializes. */
#define REF_LOCK_SCHEMA 20         /* creating or migrating the tables */
#define REF_LOCK_LISTS 21          /* writing the lists (meta "lists") */
#define REF_LOCK_RATINGS 22        /* writing ratings */

/*
 * Inside a write transaction: waits until no other worker holds lock
 * what, then holds it until the commit or rollback (PostgreSQL: an
 * advisory lock; on SQLite, runs take turns on the store already:
 * nothing).  Returns 0, or -1 after reporting.
 */
int ref_store_lock(struct ref_store *st, long long what);

/*
 * Claims key (a mail's done key, or "t-BOARD") for this process until
 * now + REF_CLAIM_LEASE: taken when no claim is there, its lease has
 * ended, it is this process's own, or the key is done already.
 * Returns 1 when claimed, 0 when another run holds it, -1 after
 * reporting.  ref_store_unclaim gives up this process's claim of key;
 * ref_store_claims_end removes the claims whose lease ends by before.
 * Both 0, or -1.
 */
#define REF_CLAIM_LEASE 30         /* seconds a claim holds: 3 decisions */
int ref_store_claim(struct ref_store *st, const char *key, time_t now);
int ref_store_unclaim(struct ref_store *st, const char *key);
int ref_store_claims_end(struct ref_store *st, time_t before);

/* Reads one integer: the first column of the first row into *v (def
 * when there is none).  0, or -1 after reporting. */
int ref_store_int(struct ref_store *st, const char *sql,
    const struct db_value *par, size_t npar, long long def, long long *v);

#endif
