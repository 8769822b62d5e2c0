/*
 * admin.h - the operator's commands on the referee's store
 * (`stackref referee --admin VERB [ARG]`, stackref-referee(8)
 * "Operator commands"): the players listed, locked, unlocked and
 * removed; the boards listed and removed; the mails set aside listed,
 * released (decided again by the next run) and deleted.  Each works on
 * the store alone (SQLite or PostgreSQL), in one transaction, under the
 * lock runs take turns on; lists print on standard output.
 *
 * An operator's lock is the player's count "u-USERID" (store.h
 * counts): until the lock's end (TIMEUTC_MAX: until unlocked) and held
 * 1, so that the decision refuses every login of the userid, from any
 * address, naming the operator (guard.c), and the clock stops as for
 * any lock.  A removed player keeps the row and userid (its finished
 * boards stay its own; nobody may sign up as it) with the address and
 * the hash REF_GONE.
 */
#ifndef STACKREF_REFEREE_ADMIN_H
#define STACKREF_REFEREE_ADMIN_H

#include "base/diag.h"
#include "referee/state.h"

#define REF_GONE "-"              /* the address and hash of a removed
				   * player: no mail, no login */
#define REF_ADMIN_DAYS_MAX 36500  /* lock USERID DAYS, at most */

/* The verbs, for usage texts: "players, lock, ...". */
extern const char ref_admin_verbs[];

/*
 * Checks verb and its nargs operands before the store is opened.
 * Returns 0, or -1 after reporting (a usage error: an unknown verb,
 * operands missing or too many).
 */
int ref_admin_check(const char *verb, int nargs, struct diag *d);

/*
 * Carries out verb with its operands args[0..nargs) on the state s
 * (opened: ref_state_open) at s->now; its list or what it did on
 * standard output.  A player, board or mail that is not there, or a
 * player with open boards to remove, is reported (status 1).  Returns
 * 0, or -1 after reporting.
 */
int ref_admin(struct ref_state *s, const char *verb, char *const args[],
    int nargs);

#endif
