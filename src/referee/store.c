/*
 * store.c - the referee's store (store.h): opening it, its schema
 * created or migrated, the statements and their faults, the inbox of
 * --deliver and the figures of --status.
 */
#include <sys/random.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "referee/referee.h"
#include "referee/store.h"

struct ref_store {
	const struct db_driver *drv;
	struct db *db;
	const char *url, *target;
	struct diag *d;
	char owner[96];           /* this process in claims: host:pid:rnd */
};

/*
 * The schema, version 1: "%s" is the driver's blob type.  Created
 * when missing; a version older than REF_STORE_VERSION would be
 * migrated here, statement by statement, in the same transaction.
 */
static const char *const ref_schema[] = {
	"CREATE TABLE IF NOT EXISTS meta (name TEXT PRIMARY KEY, "
	    "value BIGINT NOT NULL)",
	"CREATE TABLE IF NOT EXISTS players (seq BIGINT PRIMARY KEY, "
	    "userid TEXT NOT NULL, addr TEXT NOT NULL, hash TEXT NOT NULL)",
	"CREATE TABLE IF NOT EXISTS pending (seq BIGINT PRIMARY KEY, "
	    "userid TEXT NOT NULL, addr TEXT NOT NULL, hash TEXT NOT NULL, "
	    "token TEXT NOT NULL, expires BIGINT NOT NULL)",
	"CREATE TABLE IF NOT EXISTS challenges (seq BIGINT PRIMARY KEY, "
	    "board TEXT NOT NULL, game TEXT NOT NULL, from_user TEXT NOT NULL, "
	    "to_user TEXT NOT NULL, expires BIGINT NOT NULL, "
	    "options TEXT NOT NULL)",
	"CREATE TABLE IF NOT EXISTS watchers (seq BIGINT PRIMARY KEY, "
	    "board TEXT NOT NULL, addr TEXT NOT NULL, token TEXT NOT NULL, "
	    "expires BIGINT NOT NULL)",
	"CREATE TABLE IF NOT EXISTS counts (name TEXT PRIMARY KEY, "
	    "since BIGINT NOT NULL, fails BIGINT NOT NULL, "
	    "mails BIGINT NOT NULL, until BIGINT NOT NULL, "
	    "updated BIGINT NOT NULL, held BIGINT NOT NULL DEFAULT 0)",
	"CREATE TABLE IF NOT EXISTS boards (board TEXT PRIMARY KEY, "
	    "record %s NOT NULL, white TEXT, black TEXT, "
	    "over BIGINT NOT NULL, next_due BIGINT, updated BIGINT NOT NULL, "
	    "version BIGINT NOT NULL)",
	"CREATE INDEX IF NOT EXISTS boards_due ON boards (next_due)",
	"CREATE INDEX IF NOT EXISTS boards_white ON boards (white)",
	"CREATE INDEX IF NOT EXISTS boards_black ON boards (black)",
	"CREATE TABLE IF NOT EXISTS cond (board TEXT PRIMARY KEY, "
	    "moves %s NOT NULL)",
	"CREATE TABLE IF NOT EXISTS plans (key TEXT PRIMARY KEY, "
	    "uid BIGINT NOT NULL, aside BIGINT NOT NULL, summary TEXT NOT NULL, "
	    "status BIGINT NOT NULL, board TEXT, version BIGINT, record %s, "
	    "next_due BIGINT, cond %s, players %s, pending %s, challenges %s, "
	    "watchers %s, page %s, last_board BIGINT NOT NULL, "
	    "count_user TEXT, user_count TEXT, count_addr TEXT, "
	    "addr_count TEXT, inbox TEXT, count_board TEXT, board_count TEXT, "
	    "made BIGINT NOT NULL, lists BIGINT)",
	"CREATE TABLE IF NOT EXISTS outbox (key TEXT NOT NULL, "
	    "n BIGINT NOT NULL, rcpt TEXT NOT NULL, mail %s NOT NULL, "
	    "made BIGINT NOT NULL, tries BIGINT NOT NULL, "
	    "next_try BIGINT NOT NULL, ready BIGINT NOT NULL, "
	    "PRIMARY KEY (key, n))",
	"CREATE INDEX IF NOT EXISTS outbox_ready ON outbox (ready, next_try)",
	"CREATE TABLE IF NOT EXISTS done (key TEXT PRIMARY KEY, "
	    "summary TEXT NOT NULL, status BIGINT NOT NULL, at BIGINT NOT NULL)",
	"CREATE INDEX IF NOT EXISTS done_at ON done (at)",
	"CREATE TABLE IF NOT EXISTS aside (key TEXT PRIMARY KEY, "
	    "why TEXT NOT NULL, uid BIGINT NOT NULL, mail %s NOT NULL, "
	    "at BIGINT NOT NULL)",
	"CREATE INDEX IF NOT EXISTS aside_at ON aside (at)",
	"CREATE TABLE IF NOT EXISTS publish (board TEXT PRIMARY KEY, "
	    "page %s NOT NULL, tries BIGINT NOT NULL, "
	    "next_try BIGINT NOT NULL)",
	"CREATE TABLE IF NOT EXISTS inbox (key TEXT PRIMARY KEY, "
	    "raw %s NOT NULL, received BIGINT NOT NULL, "
	    "seq BIGINT NOT NULL)",
	"CREATE INDEX IF NOT EXISTS inbox_received ON inbox (received)",
	"CREATE INDEX IF NOT EXISTS inbox_seq ON inbox (seq)",
	"CREATE TABLE IF NOT EXISTS events (at BIGINT NOT NULL, "
	    "kind TEXT NOT NULL)",
	"CREATE INDEX IF NOT EXISTS events_at ON events (at)",
	"CREATE TABLE IF NOT EXISTS claims (key TEXT PRIMARY KEY, "
	    "owner TEXT NOT NULL, until BIGINT NOT NULL)",
	"CREATE TABLE IF NOT EXISTS notify (userid TEXT PRIMARY KEY, "
	    "hour BIGINT NOT NULL, remind BIGINT NOT NULL, "
	    "next_digest BIGINT, updated BIGINT NOT NULL)",
	"CREATE INDEX IF NOT EXISTS notify_due ON notify (next_digest)",
	"CREATE TABLE IF NOT EXISTS ratings (userid TEXT NOT NULL, "
	    "game TEXT NOT NULL, value TEXT NOT NULL, shown BIGINT NOT NULL, "
	    "updated BIGINT NOT NULL, PRIMARY KEY (userid, game))",
	"CREATE INDEX IF NOT EXISTS ratings_best ON ratings (game, shown)",
	"CREATE TABLE IF NOT EXISTS plan_ratings (key TEXT NOT NULL, "
	    "userid TEXT NOT NULL, game TEXT NOT NULL, was TEXT NOT NULL, "
	    "value TEXT NOT NULL, shown BIGINT NOT NULL, "
	    "PRIMARY KEY (key, userid, game))",
};

/* Reports the fault of the last call on st: one line, status 5 when
 * the server is gone, else 4.  Returns -1. */
static int
ref_store_fault(struct ref_store *st)
{
	const char *why = st->db != NULL ? st->drv->error(st->db) :
	    "out of memory";

	if (st->db != NULL && st->drv->fault(st->db) == DB_GONE)
		diag_report(st->d, DIAG_STORE_GONE, NULL, st->url, why);
	else
		diag_report(st->d, DIAG_STORE, NULL, st->url, why);
	return -1;
}

int
ref_store_begin(struct ref_store *st, int write)
{
	return st->drv->begin(st->db, write) == -1 ? ref_store_fault(st) : 0;
}

int
ref_store_commit(struct ref_store *st)
{
	if (st->drv->commit(st->db) == -1) {
		ref_store_fault(st);
		st->drv->rollback(st->db);
		return -1;
	}
	return 0;
}

void
ref_store_rollback(struct ref_store *st)
{
	st->drv->rollback(st->db);
}

long
ref_store_exec(struct ref_store *st, const char *sql,
    const struct db_value *par, size_t npar, db_row_fn row, void *arg)
{
	long n = st->drv->exec(st->db, sql, par, npar, row, arg);

	return n == -1 ? ref_store_fault(st) : n;
}

const char *
ref_store_blob(const struct ref_store *st)
{
	return st->drv->blob_type;
}

int
ref_store_row_locks(const struct ref_store *st)
{
	return st->drv->row_locks;
}

int
ref_store_lock_path(const char *url, char *buf, size_t size)
{
	const char *target;
	const struct db_driver *drv = db_driver_of(url, &target);

	if (drv == NULL || drv->row_locks)
		return 0;
	snprintf(buf, size, "%s.lock", target);
	return 1;
}

int
ref_store_lock(struct ref_store *st, long long what)
{
	if (!st->drv->row_locks)
		return 0;
	return ref_store_exec(st, "SELECT pg_advisory_xact_lock($1)",
	    &DB_I(what), 1, NULL, NULL) == -1 ? -1 : 0;
}

/* Names this process in st->owner: its host, pid and a random word,
 * so that no two runs anywhere share it. */
static void
ref_store_owner(struct ref_store *st)
{
	char host[64] = "";
	unsigned int rnd = 0;

	gethostname(host, sizeof(host) - 1);
	if (getrandom(&rnd, sizeof(rnd), 0) != (ssize_t)sizeof(rnd))
		rnd = (unsigned int)time(NULL);
	snprintf(st->owner, sizeof(st->owner), "%.63s:%ld:%08x", host,
	    (long)getpid(), rnd);
}

/* On PostgreSQL: this process's server process (its pid) ends its
 * owner's name, so that a claim whose server process is gone (its
 * worker killed, or the server restarted) is free at once. */
static int
ref_store_backend(struct ref_store *st)
{
	long long pid;
	size_t n = strlen(st->owner);

	if (!st->drv->row_locks)
		return 0;
	if (ref_store_int(st, "SELECT pg_backend_pid()", NULL, 0, 0,
	    &pid) == -1)
		return -1;
	snprintf(st->owner + n, sizeof(st->owner) - n, ":%lld", pid);
	return 0;
}

/* A claim: taken when free, ended, this process's own or done. */
#define REF_CLAIM_SQL "INSERT INTO claims (key, owner, until) VALUES " \
	"($1, $2, $3) ON CONFLICT (key) DO UPDATE SET owner = " \
	"excluded.owner, until = excluded.until WHERE claims.until <= $4 " \
	"OR claims.owner = excluded.owner OR EXISTS (SELECT 1 FROM done " \
	"WHERE done.key = excluded.key)"

int
ref_store_claim(struct ref_store *st, const char *key, time_t now)
{
	struct db_value v[4] = { DB_T(key), DB_T(st->owner),
	    DB_I((long long)now + REF_CLAIM_LEASE), DB_I((long long)now) };
	long n;

	/* one statement: PostgreSQL locks the row, so of two workers
	 * claiming at once the second sees the first's claim; there a
	 * claim whose server process is gone is free too */
	n = ref_store_exec(st, st->drv->row_locks ? REF_CLAIM_SQL " OR NOT "
	    "EXISTS (SELECT 1 FROM pg_stat_activity a WHERE claims.owner "
	    "LIKE '%:' || a.pid)" : REF_CLAIM_SQL, v, 4, NULL, NULL);
	return n == -1 ? -1 : n > 0;
}

int
ref_store_unclaim(struct ref_store *st, const char *key)
{
	struct db_value v[2] = { DB_T(key), DB_T(st->owner) };

	return ref_store_exec(st, "DELETE FROM claims WHERE key = $1 AND "
	    "owner = $2", v, 2, NULL, NULL) == -1 ? -1 : 0;
}

int
ref_store_claims_end(struct ref_store *st, time_t before)
{
	return ref_store_exec(st, "DELETE FROM claims WHERE until <= $1",
	    &DB_I((long long)before), 1, NULL, NULL) == -1 ? -1 : 0;
}

const char *
ref_store_url(const struct ref_store *st)
{
	return st->url;
}

/* A row callback: its first column, an integer, into *arg. */
static int
ref_int_row(void *arg, const struct db_value *col, size_t ncol)
{
	long long *v = arg;

	if (ncol > 0 && col[0].type == DB_INT)
		*v = col[0].i;
	return 1;
}

int
ref_store_int(struct ref_store *st, const char *sql,
    const struct db_value *par, size_t npar, long long def, long long *v)
{
	*v = def;
	return ref_store_exec(st, sql, par, npar, ref_int_row, v) == -1 ?
	    -1 : 0;
}

/* Runs one statement of the schema, its "%s" the blob type. */
static int
ref_schema_one(struct ref_store *st, const char *fmt)
{
	const char *b = st->drv->blob_type;
	char sql[1024];

	snprintf(sql, sizeof(sql), fmt, b, b, b, b, b, b, b, b);
	return ref_store_exec(st, sql, NULL, 0, NULL, NULL) == -1 ? -1 : 0;
}

/* Creates the tables, or checks the version of those there. */
static int
ref_store_schema(struct ref_store *st)
{
	long long v = 0;
	size_t i;

	if (ref_store_begin(st, 1) == -1)
		return -1;
	/* workers starting together on a new PostgreSQL database: one
	 * creates the tables, the others wait for it (two CREATE TABLE IF
	 * NOT EXISTS at once collide in the server's catalogue) */
	if (ref_store_lock(st, REF_LOCK_SCHEMA) == -1 ||
	    ref_schema_one(st, ref_schema[0]) == -1 || ref_store_int(st,
	    "SELECT value FROM meta WHERE name = 'schema'", NULL, 0, 0,
	    &v) == -1)
		goto fail;
	if (v > REF_STORE_VERSION) {
		diag_report(st->d, DIAG_STORE_NEWER, NULL, st->url, (long)v,
		    REF_STORE_VERSION);
		goto fail;
	}
	for (i = 1; v < REF_STORE_VERSION &&
	    i < sizeof(ref_schema) / sizeof(ref_schema[0]); i++)
		if (ref_schema_one(st, ref_schema[i]) == -1)
			goto fail;
	if (v < REF_STORE_VERSION && ref_store_exec(st, "INSERT INTO meta "
	    "(name, value) VALUES ('schema', $1) ON CONFLICT (name) DO UPDATE "
	    "SET value = excluded.value", &DB_I(REF_STORE_VERSION), 1, NULL,
	    NULL) == -1)
		goto fail;
	return ref_store_commit(st);
fail:
	ref_store_rollback(st);
	return -1;
}

/* Opens the connection of st. */
static int
ref_store_connect(struct ref_store *st)
{
	if (st->drv->open(st->target, &st->db) == -1)
		return ref_store_fault(st);
	return 0;
}

int
ref_store_open(const char *url, struct diag *d, struct ref_store **stp)
{
	struct ref_store *st;

	*stp = NULL;
	if ((st = calloc(1, sizeof(*st))) == NULL) {
		diag_report(d, DIAG_NOMEM, NULL);
		return -1;
	}
	st->url = url;
	st->d = d;
	ref_store_owner(st);
	if ((st->drv = db_driver_of(url, &st->target)) == NULL) {
		diag_report(d, DIAG_STORE_URL, NULL, url);
		free(st);
		return -1;
	}
	if (ref_store_connect(st) == -1 || ref_store_schema(st) == -1 ||
	    ref_store_backend(st) == -1) {
		ref_store_close(st);
		return -1;
	}
	*stp = st;
	return 0;
}

void
ref_store_close(struct ref_store *st)
{
	if (st == NULL)
		return;
	if (st->db != NULL)
		st->drv->close(st->db);
	free(st);
}

int
ref_store_reopen(struct ref_store *st)
{
	st->db = NULL;            /* the parent's: never touched here */
	return ref_store_connect(st);
}

int
ref_store_put_mail(struct ref_store *st, const char *raw, size_t len,
    time_t now)
{
	char key[REF_KEY];
	struct db_value par[3];

	if (REF_HASH_MODULE->raw_key(raw, len, key) == -1) {
		diag_report(st->d, DIAG_NOMEM, NULL);
		return -1;
	}
	par[0] = DB_T(key);
	par[1] = DB_B(raw, len);
	par[2] = DB_I((long long)now);
	if (ref_store_begin(st, 1) == -1)
		return -1;
	/* seq: the order of arrival, which received (seconds) cannot
	 * give for mails of the same second */
	if (ref_store_exec(st, "INSERT INTO inbox (key, raw, received, seq) "
	    "VALUES ($1, $2, $3, (SELECT COALESCE(MAX(seq), 0) + 1 FROM "
	    "inbox)) ON CONFLICT (key) DO NOTHING", par, 3, NULL,
	    NULL) == -1) {
		ref_store_rollback(st);
		return -1;
	}
	return ref_store_commit(st);
}

int
ref_store_ran(struct ref_store *st, time_t now)
{
	return ref_store_exec(st, "INSERT INTO meta (name, value) VALUES "
	    "('last_run', $1) ON CONFLICT (name) DO UPDATE SET value = "
	    "excluded.value", &DB_I((long long)now), 1, NULL, NULL) == -1 ?
	    -1 : 0;
}

/* The tables pruned: a batch of the oldest rows (and those of the same
 * second: events has no key) older than keep seconds (0: aside_keep);
 * mailbox, those
 * kept while a mail of the mailbox may not have been read again. */
static const struct ref_prune {
	const char *sql;          /* $1: the oldest time kept, $2: the batch */
	long long keep;
	int mailbox;
} ref_prunes[] = {
	{ "DELETE FROM done WHERE key IN (SELECT key FROM done WHERE at < $1 "
	    "ORDER BY at LIMIT $2)", REF_DONE_KEEP, 1 },
	{ "DELETE FROM aside WHERE key IN (SELECT key FROM aside WHERE "
	    "at < $1 ORDER BY at LIMIT $2)", 0, 1 },   /* aside_keep */
	{ "DELETE FROM events WHERE at IN (SELECT at FROM events WHERE "
	    "at < $1 ORDER BY at LIMIT $2)", REF_EVENTS_KEEP, 0 },
};

int
ref_store_prune(struct ref_store *st, int mailbox_read, long long aside_keep)
{
	long long now = (long long)time(NULL);  /* the rows' clock */
	struct db_value par[2];
	size_t i;

	par[1] = DB_I(REF_PRUNE_BATCH);
	for (i = 0; i < sizeof(ref_prunes) / sizeof(ref_prunes[0]); i++) {
		if (ref_prunes[i].mailbox && !mailbox_read)
			continue;
		par[0] = DB_I(now - (ref_prunes[i].keep != 0 ?
		    ref_prunes[i].keep : aside_keep));
		if (ref_store_exec(st, ref_prunes[i].sql, par, 2, NULL,
		    NULL) == -1)
			return -1;
	}
	return 0;
}

/* A figure of --status: the statement and where its number goes. */
struct ref_figure {
	const char *sql;
	int npar;                 /* 0, or 1: now, 2: now - 1 day */
};

int
ref_store_status(struct ref_store *st, time_t now,
    struct ref_store_status *f)
{
	static const struct ref_figure fig[] = {
		{ "SELECT COUNT(*) FROM inbox", 0 },
		{ "SELECT MIN(received) FROM inbox", 0 },
		{ "SELECT COUNT(*) FROM outbox", 0 },
		{ "SELECT COUNT(*) FROM boards WHERE over = 0", 0 },
		{ "SELECT COUNT(*) FROM boards WHERE next_due <= $1", 1 },
		{ "SELECT COUNT(*) FROM aside", 0 },
		{ "SELECT COUNT(*) FROM events WHERE kind = 'refused' AND "
		    "at > $1", 2 },
		{ "SELECT COUNT(*) FROM events WHERE kind = 'bounced' AND "
		    "at > $1", 2 },
		{ "SELECT value FROM meta WHERE name = 'last_run'", 0 },
	};
	long long v[sizeof(fig) / sizeof(fig[0])];
	struct db_value par;
	size_t i;

	memset(f, 0, sizeof(*f));
	if (ref_store_begin(st, 0) == -1)
		return -1;
	for (i = 0; i < sizeof(fig) / sizeof(fig[0]); i++) {
		par = DB_I((long long)now - (fig[i].npar == 2 ? 86400 : 0));
		if (ref_store_int(st, fig[i].sql, &par, fig[i].npar != 0, 0,
		    &v[i]) == -1) {
			ref_store_rollback(st);
			return -1;
		}
	}
	ref_store_rollback(st);   /* read only */
	f->mails = (long)v[0];
	f->oldest = v[1] != 0 ? (long long)now - v[1] : 0;
	f->replies = (long)v[2];
	f->boards_open = (long)v[3];
	f->boards_due = (long)v[4];
	f->aside = (long)v[5];
	f->refused_day = (long)v[6];
	f->bounced_day = (long)v[7];
	f->last_run = v[8];
	return 0;
}
