/*
 * port.h - a store (store.h) to and from a state directory of the
 * layout the referee kept before it had a store:
 *
 *     DIR/players, pending, challenges, watchers   the lists' files
 *     DIR/last-board       the last board a challenge took
 *     DIR/games/B.pdn      the record of board B (its time: updated)
 *     DIR/cond/B           the conditional moves kept for board B
 *     DIR/counts/NAME      SINCE FAILS MAILS UNTIL (u-USERID, a-KEY)
 *     DIR/done/KEY         a mail or event done: its summary
 *     DIR/aside/KEY        "set aside: WHY", "uid: UID", a blank line,
 *                          the mail
 *     DIR/publish/B.html   a game page to publish; B.try: TRIES NEXT
 *     DIR/queue/KEY/       a plan not applied yet (uid, flags, summary,
 *                          board, record, cond, players, pending,
 *                          challenges, watchers, last-board, page,
 *                          count.NAME) and its replies: mail-N.eml (its
 *                          time: when it was made), mail-N.rcpt,
 *                          mail-N.try (TRIES NEXT)
 *     DIR/next-due         BOARD NEXT_DUE per line (the store's own:
 *                          import sets the boards' next due times so)
 *     DIR/notify           USERID HOUR REMIND NEXT per line: the
 *                          players' choices of mails (notify table)
 *
 * Import merges DIR into the store, losing nothing: a list file
 * replaces the list; a record, count, page, reply replaces the one of
 * the store; a queue entry whose mail is done (done/KEY) gives its
 * replies waiting, else its plan, applied by the next run.  A board
 * without a next-due line whose record is open and timed is due at
 * once (the next time pass judges it and sets it).  Export writes the
 * whole store into DIR, replacing what these names held, so that
 * `stackref check DIR/games/1.pdn` and the tests can look.
 */
#ifndef STACKREF_REFEREE_PORT_H
#define STACKREF_REFEREE_PORT_H

#include "referee/state.h"

/* Imports dir into s's store (one transaction) and reads the lists
 * again.  Returns 0, or -1 after reporting. */
int ref_port_import(struct ref_state *s, const char *dir);

/* Exports s's store into dir.  Returns 0, or -1 after reporting. */
int ref_port_export(struct ref_state *s, const char *dir);

#endif
