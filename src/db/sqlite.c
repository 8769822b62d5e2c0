/*
 * sqlite.c - the SQLite driver of db.h: the module stackref-sqlite.so,
 * its table stackref_sqlite.
 *
 * A database is one file, created mode 0600 (SQLite gives its -wal and
 * -shm files the same mode), in WAL mode: readers never wait for the
 * one writer.  synchronous=FULL: in WAL mode that is one fsync of the
 * log a commit, and a commit that returned survives a power cut; NORMAL
 * would save that fsync but may lose the last commits, and a commit
 * stands for a mail that the mail server then forgets (--deliver) or a
 * reply recorded as sent.  Foreign keys are enforced.  A lock held by
 * another process is waited for (SQL_WAIT_MS, or STACKREF_DB_WAIT_MS),
 * then reported as DB_BUSY.
 *
 * Each connection keeps its statements prepared (SQL_CACHE of them, the
 * oldest dropped first), since the referee runs the same few per mail.
 */
#include <errno.h>
#include <fcntl.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/module.h"
#include "base/util.h"
#include "db/db.h"
#include "db/driver.h"

#define SQL_CACHE 32              /* statements kept prepared */
#define SQL_WAIT_MS 30000         /* the wait for another's lock */

struct sql_cached {
	char *sql;                /* the text it was prepared from */
	sqlite3_stmt *st;
};

struct db {
	struct db_status st;      /* first (driver.h) */
	sqlite3 *h;
	char *path;
	struct sql_cached cache[SQL_CACHE];
	size_t ncached, oldest;
	struct db_value *col;     /* a row's columns */
	size_t ncol;              /* room in col */
};

/* The fault of errno value err (from a file operation). */
static enum db_fault
sql_errno_fault(int err)
{
	switch (err) {
	case ENOSPC:
	case EDQUOT:
		return DB_FULL;
	case EROFS:
	case EACCES:
	case EPERM:
		return DB_READONLY;
	default:
		return DB_FAILED;
	}
}

/* The fault of a file that SQLite could not open: its folder read-only
 * (WAL needs to create files beside the database) or anything else. */
static enum db_fault
sql_cantopen_fault(const struct db *db)
{
	char dir[4096];
	const char *slash = strrchr(db->path, '/');
	size_t n = slash == NULL ? 1 : (size_t)(slash - db->path) + 1;

	if (n >= sizeof(dir))
		return DB_FAILED;
	memcpy(dir, slash == NULL ? "." : db->path, n);
	dir[n] = '\0';
	if (access(dir, W_OK) == -1 && errno != ENOENT)
		return sql_errno_fault(errno);
	return DB_FAILED;
}

/* The fault of SQLite's (extended) result code rc. */
static enum db_fault
sql_rc_fault(const struct db *db, int rc)
{
	switch (rc & 0xff) {
	case SQLITE_BUSY:
	case SQLITE_LOCKED:
		return DB_BUSY;
	case SQLITE_FULL:
		return DB_FULL;
	case SQLITE_READONLY:
		return DB_READONLY;
	case SQLITE_CANTOPEN:
		return sql_cantopen_fault(db);
	case SQLITE_IOERR:
		return sql_errno_fault(sqlite3_system_errno(db->h));
	default:
		return DB_FAILED;
	}
}

/* Records the failure rc of the last call on db->h; returns -1. */
static int
sql_fail_rc(struct db *db, int rc)
{
	return db_fail(&db->st, sql_rc_fault(db, rc), "%s: %s", db->path,
	    db->h != NULL ? sqlite3_errmsg(db->h) : sqlite3_errstr(rc));
}

/* The wait for another process's lock, in milliseconds. */
static int
sql_wait_ms(void)
{
	const char *s = getenv("STACKREF_DB_WAIT_MS");
	unsigned long ms;

	if (s == NULL || util_parse_ulong(s, 0, SQL_WAIT_MS, &ms) == -1)
		return SQL_WAIT_MS;
	return (int)ms;
}

/* Creates db->path mode 0600 when it is missing. */
static int
sql_create(struct db *db)
{
	int fd = open(db->path, O_RDWR | O_CREAT | O_CLOEXEC, 0600), err;

	if (fd == -1 && (err = errno) == ENOENT)
		return db_fail(&db->st, DB_FAILED, "%s: no such folder",
		    db->path);
	if (fd == -1)
		return db_fail(&db->st, sql_errno_fault(err), "%s: %s",
		    db->path, strerror(err));
	close(fd);
	return 0;
}

/* Runs the settings of a connection (sqlite.c's comment). */
static int
sql_settings(struct db *db)
{
	static const char settings[] = "PRAGMA journal_mode = WAL; "
	    "PRAGMA synchronous = FULL; PRAGMA foreign_keys = ON;";
	int rc;

	sqlite3_extended_result_codes(db->h, 1);
	sqlite3_busy_timeout(db->h, sql_wait_ms());
	if ((rc = sqlite3_exec(db->h, settings, NULL, NULL, NULL)) != SQLITE_OK)
		return sql_fail_rc(db, rc);
	if (sqlite3_db_readonly(db->h, "main") == 1)
		return db_fail(&db->st, DB_READONLY, "%s: read-only", db->path);
	return 0;
}

static int
sql_open(const char *target, struct db **dbp)
{
	struct db *db;
	int rc;

	if ((*dbp = db = calloc(1, sizeof(*db))) == NULL)
		return -1;
	if ((db->path = strdup(target)) == NULL)
		return db_fail(&db->st, DB_FAILED, "out of memory");
	if (sql_create(db) == -1)
		return -1;
	rc = sqlite3_open_v2(target, &db->h, SQLITE_OPEN_READWRITE |
	    SQLITE_OPEN_NOMUTEX, NULL);
	if (rc != SQLITE_OK)
		return sql_fail_rc(db, rc);
	return sql_settings(db);
}

static void
sql_close(struct db *db)
{
	size_t i;

	if (db == NULL)
		return;
	for (i = 0; i < db->ncached; i++) {
		sqlite3_finalize(db->cache[i].st);
		free(db->cache[i].sql);
	}
	sqlite3_close(db->h);
	free(db->col);
	free(db->path);
	free(db);
}

/* Keeps st, prepared from sql, in the cache (dropping the oldest when it
 * is full); 0, or -1 without memory (st finalized). */
static int
sql_keep(struct db *db, const char *sql, sqlite3_stmt *st)
{
	struct sql_cached *c;
	char *copy = strdup(sql);

	if (copy == NULL) {
		sqlite3_finalize(st);
		return db_fail(&db->st, DB_FAILED, "out of memory");
	}
	if (db->ncached < SQL_CACHE) {
		c = &db->cache[db->ncached++];
	} else {
		c = &db->cache[db->oldest];
		db->oldest = (db->oldest + 1) % SQL_CACHE;
		sqlite3_finalize(c->st);
		free(c->sql);
	}
	c->sql = copy;
	c->st = st;
	return 0;
}

/* The statement of sql, prepared once per connection; NULL on failure. */
static sqlite3_stmt *
sql_prepared(struct db *db, const char *sql)
{
	sqlite3_stmt *st;
	const char *tail;
	size_t i;
	int rc;

	for (i = 0; i < db->ncached; i++)
		if (strcmp(db->cache[i].sql, sql) == 0)
			return db->cache[i].st;
	rc = sqlite3_prepare_v3(db->h, sql, -1, SQLITE_PREPARE_PERSISTENT,
	    &st, &tail);
	if (rc != SQLITE_OK) {
		sql_fail_rc(db, rc);
		return NULL;
	}
	if (st == NULL || tail[strspn(tail, " \t\r\n;")] != '\0') {
		sqlite3_finalize(st);
		db_fail(&db->st, DB_USAGE, "not one SQL statement: %.60s", sql);
		return NULL;
	}
	return sql_keep(db, sql, st) == 0 ? st : NULL;
}

/* Binds value v to parameter k of st. */
static int
sql_bind_one(sqlite3_stmt *st, int k, const struct db_value *v)
{
	switch (v->type) {
	case DB_INT:
		return sqlite3_bind_int64(st, k, v->i);
	case DB_TEXT:
		return sqlite3_bind_text64(st, k, v->p != NULL ? v->p : "",
		    v->len, SQLITE_STATIC, SQLITE_UTF8);
	case DB_BLOB:
		return sqlite3_bind_blob64(st, k, v->p != NULL ? v->p : "",
		    v->len, SQLITE_STATIC);
	default:
		return sqlite3_bind_null(st, k);
	}
}

/* Binds each parameter of st, "$N", to par[N - 1]. */
static int
sql_bind(struct db *db, sqlite3_stmt *st, const struct db_value *par,
    size_t npar)
{
	int k, nk = sqlite3_bind_parameter_count(st), rc;
	const char *name;
	unsigned long n;

	for (k = 1; k <= nk; k++) {
		name = sqlite3_bind_parameter_name(st, k);
		if (name == NULL || name[0] != '$' ||
		    util_parse_ulong(name + 1, 1, npar, &n) == -1)
			return db_fail(&db->st, DB_USAGE, "parameter %s of "
			    "%.60s: not given", name != NULL ? name : "?",
			    sqlite3_sql(st));
		if ((rc = sql_bind_one(st, k, &par[n - 1])) != SQLITE_OK)
			return sql_fail_rc(db, rc);
	}
	return 0;
}

/* Column i of st's row as a value. */
static struct db_value
sql_column(sqlite3_stmt *st, int i)
{
	struct db_value v = { .type = DB_NULL };

	switch (sqlite3_column_type(st, i)) {
	case SQLITE_INTEGER:
		v.type = DB_INT;
		v.i = sqlite3_column_int64(st, i);
		return v;
	case SQLITE_BLOB:
		v.type = DB_BLOB;
		v.p = sqlite3_column_blob(st, i);
		break;
	case SQLITE_NULL:
		return v;
	default:
		v.type = DB_TEXT;
		v.p = (const char *)sqlite3_column_text(st, i);
		break;
	}
	v.len = (size_t)sqlite3_column_bytes(st, i);
	if (v.p == NULL)
		v.p = "";
	return v;
}

/* Gives st's row to row; its answer (0, 1 or -1). */
static int
sql_row(struct db *db, sqlite3_stmt *st, db_row_fn row, void *arg)
{
	int i, n = sqlite3_column_count(st), r;
	struct db_value *col;

	if ((size_t)n > db->ncol) {
		if ((col = realloc(db->col, (size_t)n * sizeof(*col))) == NULL)
			return db_fail(&db->st, DB_FAILED, "out of memory");
		db->col = col;
		db->ncol = (size_t)n;
	}
	for (i = 0; i < n; i++)
		db->col[i] = sql_column(st, i);
	if ((r = row(arg, db->col, (size_t)n)) == -1)
		return db_fail(&db->st, DB_FAILED, "%s: a row was refused: "
		    "%.60s", db->path, sqlite3_sql(st));
	return r;
}

/* Steps st to its end (or until row stops); the count exec returns. */
static long
sql_steps(struct db *db, sqlite3_stmt *st, db_row_fn row, void *arg)
{
	sqlite3_int64 before = sqlite3_total_changes64(db->h);
	long n = 0;
	int rc, stop = 0;

	while (stop == 0 && (rc = sqlite3_step(st)) == SQLITE_ROW) {
		n++;
		if (row != NULL && (stop = sql_row(db, st, row, arg)) == -1)
			return -1;
	}
	if (stop == 0 && rc != SQLITE_DONE)
		return sql_fail_rc(db, rc);
	if (sqlite3_column_count(st) > 0)
		return n;
	return sqlite3_total_changes64(db->h) != before ?
	    (long)sqlite3_changes64(db->h) : 0;
}

static long
sql_exec(struct db *db, const char *sql, const struct db_value *par,
    size_t npar, db_row_fn row, void *arg)
{
	sqlite3_stmt *st;
	long n = -1;

	db->st.fault = DB_OK;
	if ((st = sql_prepared(db, sql)) == NULL)
		return -1;
	if (sql_bind(db, st, par, npar) == 0)
		n = sql_steps(db, st, row, arg);
	sqlite3_reset(st);
	sqlite3_clear_bindings(st);
	return n;
}

static int
sql_begin(struct db *db, int write)
{
	return sql_exec(db, write ? "BEGIN IMMEDIATE" : "BEGIN", NULL, 0,
	    NULL, NULL) == -1 ? -1 : 0;
}

static int
sql_commit(struct db *db)
{
	return sql_exec(db, "COMMIT", NULL, 0, NULL, NULL) == -1 ? -1 : 0;
}

static void
sql_rollback(struct db *db)
{
	if (sqlite3_get_autocommit(db->h) == 0)
		sqlite3_exec(db->h, "ROLLBACK", NULL, NULL, NULL);
}

MODULE_EXPORT const struct db_driver stackref_sqlite = {
	.name = "sqlite",
	.row_locks = 0,
	.blob_type = "BLOB",
	.open = sql_open,
	.close = sql_close,
	.begin = sql_begin,
	.commit = sql_commit,
	.rollback = sql_rollback,
	.exec = sql_exec,
	.fault = db_status_fault,
	.error = db_status_error,
};
