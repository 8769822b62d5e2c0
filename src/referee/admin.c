/*
 * admin.c - the operator's commands (admin.h): each verb one function
 * over the store's tables, in one transaction.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "base/timeutc.h"
#include "base/util.h"
#include "referee/admin.h"

/* A verb: its name, what its first operand is, how many it takes. */
struct ref_admin_verb {
	const char *name, *arg;
	int min, max;
	int (*run)(struct ref_state *s, char *const args[], int nargs);
};

const char ref_admin_verbs[] = "players, lock, unlock, remove, boards, "
    "remove-board, aside, release or delete";

/* A text column into buf (NULL: ""). */
static const char *
ref_admin_text(const struct db_value *v, char *buf, size_t size)
{
	size_t n = v->type == DB_TEXT && v->len < size ? v->len : 0;

	if (n > 0)
		memcpy(buf, v->p, n);
	buf[n] = '\0';
	return buf;
}

/* Time t as timeutc_format writes it, or "-" for 0. */
static const char *
ref_admin_time(long long t, char buf[TIMEUTC_SIZE])
{
	if (t <= 0 || timeutc_format(t, buf, TIMEUTC_SIZE) == -1)
		snprintf(buf, TIMEUTC_SIZE, "-");
	return buf;
}

/* Runs sql on s's store with par (npar), in a transaction (write: one
 * that writes, the lists' writers serialized), rows to row.  The rows
 * changed or returned, or -1 after reporting. */
static long
ref_admin_exec(struct ref_state *s, int write, const char *sql,
    const struct db_value *par, size_t npar, db_row_fn row, void *arg)
{
	long n;

	if (ref_store_begin(s->st, write) == -1)
		return -1;
	if ((write && ref_store_lock(s->st, REF_LOCK_LISTS) == -1) ||
	    (n = ref_store_exec(s->st, sql, par, npar, row, arg)) == -1) {
		ref_store_rollback(s->st);
		return -1;
	}
	if (!write) {
		ref_store_rollback(s->st);
		return n;
	}
	return ref_store_commit(s->st) == -1 ? -1 : n;
}

/* Runs the statements sql (NULL-ended), each with par, in one write
 * transaction that moves meta "lists" on (plans made on the lists
 * before are dropped, store.h).  The rows the first changed, or -1. */
static long
ref_admin_write(struct ref_state *s, const char *const sql[],
    const struct db_value *par, size_t npar)
{
	long n = 0, first = -1;
	size_t i;

	if (ref_store_begin(s->st, 1) == -1)
		return -1;
	if (ref_store_lock(s->st, REF_LOCK_LISTS) == -1)
		n = -1;
	for (i = 0; n != -1 && sql[i] != NULL; i++)
		if ((n = ref_store_exec(s->st, sql[i], par, npar, NULL,
		    NULL)) != -1 && i == 0)
			first = n;
	if (n == -1 || ref_store_exec(s->st, "INSERT INTO meta (name, value) "
	    "VALUES ('lists', 1) ON CONFLICT (name) DO UPDATE SET value = "
	    "meta.value + 1", NULL, 0, NULL, NULL) == -1) {
		ref_store_rollback(s->st);
		return -1;
	}
	return ref_store_commit(s->st) == -1 ? -1 : first;
}

/* Whether the player user is in the store (1), after reporting when
 * not (0), or -1. */
static int
ref_admin_player(struct ref_state *s, const char *user)
{
	long long n;

	if (ref_store_int(s->st, "SELECT COUNT(*) FROM players WHERE userid "
	    "= $1", &DB_T(user), 1, 0, &n) == -1)
		return -1;
	if (n == 0)
		diag_report(s->d, DIAG_ADMIN_NONE, NULL, "player", user);
	return n > 0;
}

/* A row of players: USERID ADDRESS BOARDS OPEN LOCKED. */
static int
ref_admin_player_row(void *arg, const struct db_value *col, size_t ncol)
{
	char user[PBEM_WORD], addr[MAIL_ADDR_MAX], when[TIMEUTC_SIZE];
	char lock[64] = "-";
	time_t now = *(const time_t *)arg;

	if (ncol != 6)
		return 1;
	if (col[4].i > (long long)now && col[4].i >= TIMEUTC_MAX)
		snprintf(lock, sizeof(lock), "operator");
	else if (col[4].i > (long long)now)
		snprintf(lock, sizeof(lock), "%s-until-%s", col[5].i ?
		    "operator" : "guesses", ref_admin_time(col[4].i, when));
	printf("%-16s %-32s %6lld %4lld %s\n", ref_admin_text(&col[0], user,
	    sizeof(user)), ref_admin_text(&col[1], addr, sizeof(addr)),
	    col[2].i, col[3].i, lock);
	return 0;
}

/* players: each player, its boards (open), its lock. */
static int
ref_admin_players(struct ref_state *s, char *const args[], int nargs)
{
	(void)args, (void)nargs;
	printf("%-16s %-32s %6s %4s %s\n", "USERID", "ADDRESS", "BOARDS",
	    "OPEN", "LOCKED");
	return ref_admin_exec(s, 0, "SELECT p.userid, p.addr, (SELECT "
	    "COUNT(*) FROM boards b WHERE b.white = p.userid OR b.black = "
	    "p.userid), (SELECT COUNT(*) FROM boards b WHERE (b.white = "
	    "p.userid OR b.black = p.userid) AND b.over = 0), COALESCE(("
	    "SELECT c.until FROM counts c WHERE c.name = 'u-' || p.userid), "
	    "0), COALESCE((SELECT c.held FROM counts c WHERE c.name = 'u-' || "
	    "p.userid), 0) FROM players p ORDER BY p.seq", NULL, 0,
	    ref_admin_player_row, &s->now) == -1 ? -1 : 0;
}

/* lock USERID [DAYS]: the operator's lock, until unlocked or for DAYS. */
static int
ref_admin_lock(struct ref_state *s, char *const args[], int nargs)
{
	unsigned long days = 0;
	long long until = TIMEUTC_MAX;
	char when[TIMEUTC_SIZE], name[PBEM_WORD + 2];
	struct db_value v[3];

	if (nargs == 2 && util_parse_ulong(args[1], 1, REF_ADMIN_DAYS_MAX,
	    &days) == -1)
		return diag_report(s->d, DIAG_BAD_RANGE, NULL, "--admin lock",
		    args[1], "days", 1, REF_ADMIN_DAYS_MAX), -1;
	if (ref_admin_player(s, args[0]) != 1)
		return -1;
	if (days > 0)
		until = (long long)s->now + (long long)days * 86400;
	snprintf(name, sizeof(name), "u-%s", args[0]);
	v[0] = DB_T(name);
	v[1] = DB_I(until);
	v[2] = DB_I((long long)time(NULL));
	if (ref_admin_exec(s, 1, "INSERT INTO counts (name, since, fails, "
	    "mails, until, updated, held) VALUES ($1, 0, 0, 0, $2, $3, 1) ON "
	    "CONFLICT (name) DO UPDATE SET until = excluded.until, updated = "
	    "excluded.updated, held = 1", v, 3, NULL, NULL) == -1)
		return -1;
	printf("%s locked until %s\n", args[0], days > 0 ?
	    ref_admin_time(until, when) : "unlocked");
	return 0;
}

/* unlock USERID: no lock left, the operator's or the guessers'. */
static int
ref_admin_unlock(struct ref_state *s, char *const args[], int nargs)
{
	char name[PBEM_WORD + 2];

	(void)nargs;
	if (ref_admin_player(s, args[0]) != 1)
		return -1;
	snprintf(name, sizeof(name), "u-%s", args[0]);
	if (ref_admin_exec(s, 1, "UPDATE counts SET until = 0, held = 0, "
	    "fails = 0 WHERE name = $1", &DB_T(name), 1, NULL, NULL) == -1)
		return -1;
	printf("%s unlocked\n", args[0]);
	return 0;
}

/* A row of boards: its name appended to the list arg. */
static int
ref_admin_board_name(void *arg, const struct db_value *col, size_t ncol)
{
	char board[PBEM_WORD];

	if (ncol == 1)
		util_append(arg, 200, ", ", ref_admin_text(&col[0], board,
		    sizeof(board)));
	return 0;
}

/* remove USERID: the address and the hash erased (REF_GONE), its
 * challenges, watching and counts gone; its boards, all finished,
 * kept.  Refused while a board of its is open. */
static int
ref_admin_remove(struct ref_state *s, char *const args[], int nargs)
{
	static const char *const sql[] = {   /* the watchers first: by
					       * the address still there */
		"DELETE FROM watchers WHERE LOWER(addr) IN (SELECT LOWER(addr) "
		    "FROM players WHERE userid = $1)",
		"UPDATE players SET addr = '" REF_GONE "', hash = '" REF_GONE
		    "' WHERE userid = $1",
		"DELETE FROM challenges WHERE from_user = $1 OR to_user = $1",
		"DELETE FROM counts WHERE name = 'u-' || $1",
		NULL };
	char open[200] = "";

	(void)nargs;
	if (ref_admin_player(s, args[0]) != 1 || ref_admin_exec(s, 0,
	    "SELECT board FROM boards WHERE (white = $1 OR black = $1) AND "
	    "over = 0 ORDER BY LENGTH(board), board", &DB_T(args[0]), 1,
	    ref_admin_board_name, open) == -1)
		return -1;
	if (open[0] != '\0') {
		diag_report(s->d, DIAG_ADMIN_OPEN, NULL, args[0], open);
		return -1;
	}
	if (ref_admin_write(s, sql, &DB_T(args[0]), 1) == -1)
		return -1;
	printf("%s removed: address and password erased, finished boards "
	    "kept\n", args[0]);
	return 0;
}

/* The value of tag name in record rec[0..len) into buf ("?": none). */
static const char *
ref_admin_tag(const struct db_value *rec, const char *name, char *buf,
    size_t size)
{
	char key[40];
	const char *p, *q, *end = rec->p + rec->len;
	size_t n = (size_t)snprintf(key, sizeof(key), "[%s \"", name);

	snprintf(buf, size, "?");
	for (p = rec->p; p != NULL && (size_t)(end - p) > n;
	    p = memchr(p + 1, '[', (size_t)(end - p - 1)))
		if (memcmp(p, key, n) == 0 && (q = memchr(p + n, '"',
		    (size_t)(end - p - n))) != NULL) {
			snprintf(buf, size, "%.*s", (int)(q - p - n), p + n);
			break;
		}
	return buf;
}

/* A row of boards: BOARD GAME WHITE BLACK RESULT UPDATED. */
static int
ref_admin_board_row(void *arg, const struct db_value *col, size_t ncol)
{
	char board[PBEM_WORD], white[PBEM_WORD], black[PBEM_WORD];
	char game[PBEM_WORD], result[16], when[TIMEUTC_SIZE];

	(void)arg;
	if (ncol != 6)
		return 1;
	printf("%-8s %-14s %-16s %-16s %-7s %s\n", ref_admin_text(&col[0],
	    board, sizeof(board)), ref_admin_tag(&col[4], "Game", game,
	    sizeof(game)), ref_admin_text(&col[1], white, sizeof(white)),
	    ref_admin_text(&col[2], black, sizeof(black)), col[3].i == 0 ?
	    "open" : ref_admin_tag(&col[4], "Result", result, sizeof(result)),
	    ref_admin_time(col[5].i, when));
	return 0;
}

/* boards: each board, its game, players, result (open) and update. */
static int
ref_admin_boards(struct ref_state *s, char *const args[], int nargs)
{
	(void)args, (void)nargs;
	printf("%-8s %-14s %-16s %-16s %-7s %s\n", "BOARD", "GAME", "WHITE",
	    "BLACK", "RESULT", "UPDATED");
	return ref_admin_exec(s, 0, "SELECT board, white, black, over, record, "
	    "updated FROM boards ORDER BY LENGTH(board), board", NULL, 0,
	    ref_admin_board_row, NULL) == -1 ? -1 : 0;
}

/* remove-board BOARD: its record, conditional moves, page, watchers and
 * challenges gone. */
static int
ref_admin_remove_board(struct ref_state *s, char *const args[], int nargs)
{
	static const char *const sql[] = {
		"DELETE FROM boards WHERE board = $1",
		"DELETE FROM cond WHERE board = $1",
		"DELETE FROM publish WHERE board = $1",
		"DELETE FROM watchers WHERE board = $1",
		"DELETE FROM challenges WHERE board = $1",
		NULL };
	long n;

	(void)nargs;
	if ((n = ref_admin_write(s, sql, &DB_T(args[0]), 1)) <= 0) {
		if (n == 0)
			diag_report(s->d, DIAG_ADMIN_NONE, NULL, "board",
			    args[0]);
		return -1;
	}
	printf("board %s removed\n", args[0]);
	return 0;
}

/* A row of aside: KEY AGE SIZE WHY. */
static int
ref_admin_aside_row(void *arg, const struct db_value *col, size_t ncol)
{
	char key[REF_KEY], age[32], why[400];

	(void)arg;
	if (ncol != 4)
		return 1;
	if (timeutc_span((long long)time(NULL) - col[3].i, age,
	    sizeof(age)) == -1)
		snprintf(age, sizeof(age), "?");
	printf("%-44s %9s %8lld %s\n", ref_admin_text(&col[0], key,
	    sizeof(key)), age, col[2].i, ref_admin_text(&col[1], why,
	    sizeof(why)));
	return 0;
}

/* aside: each mail set aside, the oldest first. */
static int
ref_admin_aside(struct ref_state *s, char *const args[], int nargs)
{
	(void)args, (void)nargs;
	printf("%-44s %9s %8s %s\n", "KEY", "AGE", "BYTES", "WHY");
	return ref_admin_exec(s, 0, "SELECT key, why, LENGTH(mail), at FROM "
	    "aside ORDER BY at, key", NULL, 0, ref_admin_aside_row, NULL) ==
	    -1 ? -1 : 0;
}

/* The copy kept of a mail set aside, malloc'ed. */
struct ref_admin_mail {
	char *raw;
	size_t len;
};

static int
ref_admin_mail_row(void *arg, const struct db_value *col, size_t ncol)
{
	struct ref_admin_mail *m = arg;

	if (ncol != 1 || (m->raw = malloc(col[0].len + 1)) == NULL)
		return 1;
	memcpy(m->raw, col[0].p, col[0].len);
	m->len = col[0].len;
	return 1;
}

/* release KEY: the copy kept goes into the inbox, for the next run to
 * decide as a mail the mail server handed over; it is set aside no
 * more, and not done. */
static int
ref_admin_release(struct ref_state *s, char *const args[], int nargs)
{
	static const char *const sql[] = {
		"DELETE FROM aside WHERE key = $1",
		"DELETE FROM done WHERE key = $1",
		NULL };
	struct ref_admin_mail m = { NULL, 0 };
	int rc = -1;

	(void)nargs;
	if (ref_admin_exec(s, 0, "SELECT mail FROM aside WHERE key = $1",
	    &DB_T(args[0]), 1, ref_admin_mail_row, &m) == -1)
		return -1;
	if (m.raw == NULL)
		diag_report(s->d, DIAG_ADMIN_NONE, NULL, "mail set aside",
		    args[0]);
	else if (ref_store_put_mail(s->st, m.raw, m.len, time(NULL)) == 0 &&
	    ref_admin_write(s, sql, &DB_T(args[0]), 1) != -1) {
		printf("%s released: the next run decides it\n", args[0]);
		rc = 0;
	}
	free(m.raw);
	return rc;
}

/* delete KEY: the copy kept is gone; the mail stays done. */
static int
ref_admin_delete(struct ref_state *s, char *const args[], int nargs)
{
	long n;

	(void)nargs;
	if ((n = ref_admin_exec(s, 1, "DELETE FROM aside WHERE key = $1",
	    &DB_T(args[0]), 1, NULL, NULL)) == 0)
		diag_report(s->d, DIAG_ADMIN_NONE, NULL, "mail set aside",
		    args[0]);
	if (n <= 0)
		return -1;
	printf("%s deleted\n", args[0]);
	return 0;
}

static const struct ref_admin_verb ref_admin_table[] = {
	{ "players", NULL, 0, 0, ref_admin_players },
	{ "lock", "userid", 1, 2, ref_admin_lock },
	{ "unlock", "userid", 1, 1, ref_admin_unlock },
	{ "remove", "userid", 1, 1, ref_admin_remove },
	{ "boards", NULL, 0, 0, ref_admin_boards },
	{ "remove-board", "board", 1, 1, ref_admin_remove_board },
	{ "aside", NULL, 0, 0, ref_admin_aside },
	{ "release", "key", 1, 1, ref_admin_release },
	{ "delete", "key", 1, 1, ref_admin_delete },
};

/* The verb called name, or NULL. */
static const struct ref_admin_verb *
ref_admin_find(const char *name)
{
	size_t i;

	for (i = 0; i < sizeof(ref_admin_table) / sizeof(ref_admin_table[0]);
	    i++)
		if (strcmp(ref_admin_table[i].name, name) == 0)
			return &ref_admin_table[i];
	return NULL;
}

int
ref_admin_check(const char *verb, int nargs, struct diag *d)
{
	const struct ref_admin_verb *v = ref_admin_find(verb);

	if (v == NULL)
		diag_report(d, DIAG_BAD_VALUE, NULL, "--admin", verb,
		    ref_admin_verbs);
	else if (nargs < v->min)
		diag_report(d, DIAG_NO_ARGUMENT, NULL, v->arg);
	else if (nargs > v->max)
		diag_report(d, DIAG_TOO_MANY_ARGS, NULL);
	else
		return 0;
	return -1;
}

int
ref_admin(struct ref_state *s, const char *verb, char *const args[],
    int nargs)
{
	const struct ref_admin_verb *v = ref_admin_find(verb);

	if (v == NULL || ref_admin_check(verb, nargs, s->d) == -1)
		return -1;
	return v->run(s, args, nargs);
}
