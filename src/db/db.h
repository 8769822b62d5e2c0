/*
 * db.h - an SQL database behind one table of functions, the same for
 * SQLite (src/db/sqlite.c: the module stackref-sqlite.so, libsqlite3)
 * and PostgreSQL (src/db/pgsql.c: stackref-pq.so, libpq).  The layer
 * src/db/ knows no table of the referee's; src/referee/store.c writes
 * the referee's SQL once, over this interface, for both.
 *
 * SQL: written in the dialect both read (PostgreSQL 15, SQLite 3.40):
 * INSERT ... ON CONFLICT ... DO UPDATE/NOTHING, RETURNING, CREATE TABLE
 * IF NOT EXISTS, BIGINT and TEXT and BYTEA/BLOB as each driver's
 * db_driver.blob_type names it; parameters $1..$N (SQLite reads "$1"
 * as a parameter's name, and binds each by it).  One statement a call.
 * Row locks ("FOR UPDATE", "FOR UPDATE SKIP LOCKED") only where
 * db_driver.row_locks says the driver has them: SQLite has one writer
 * at a time (a write transaction is BEGIN IMMEDIATE) and needs none.
 *
 * Values go in and out as struct db_value: never is a value put into
 * SQL text (every value from a mail is a bound parameter).  A BLOB may
 * hold any byte, NUL included (PostgreSQL: binary format).  In a row,
 * integers (and PostgreSQL's booleans) are DB_INT, BLOB/BYTEA DB_BLOB,
 * NULL DB_NULL, anything else its text.
 *
 * Errors: each call returns -1 on failure, and the driver's fault and
 * error say what and why; the driver prints nothing itself.  A db is used by one
 * process: a child forked after db_open never touches it (the referee's
 * decisions get what they need from the parent, in memory).
 *
 * Credentials: a PostgreSQL target is a libpq connection URI or
 * keyword string; a password in it is refused (DB_USAGE), so that none
 * is ever on a command line: libpq's PGPASSFILE (~/.pgpass) or its
 * environment give it.
 */
#ifndef STACKREF_DB_DB_H
#define STACKREF_DB_DB_H

#include <stddef.h>
#include <string.h>

enum db_type {
	DB_NULL,
	DB_INT,                   /* i */
	DB_TEXT,                  /* p, len: UTF-8, no NUL inside */
	DB_BLOB                   /* p, len: any bytes */
};

struct db_value {
	enum db_type type;
	long long i;
	const char *p;            /* not owned; in a row, valid until the
				   * row callback returns */
	size_t len;
};

/* Shorthands for parameters (DB_T of NULL is DB_N). */
#define DB_N ((struct db_value){ .type = DB_NULL })
#define DB_I(v) ((struct db_value){ .type = DB_INT, .i = (v) })
#define DB_T(s) ((struct db_value){ .type = (s) != NULL ? DB_TEXT : \
	DB_NULL, .p = (s), .len = (s) != NULL ? strlen(s) : 0 })
#define DB_B(b, n) ((struct db_value){ .type = DB_BLOB, .p = (b), \
	.len = (n) })

/* What went wrong, so that callers can tell what to do. */
enum db_fault {
	DB_OK,
	DB_BUSY,                  /* locked by another process past the
				   * wait: try again later */
	DB_RETRY,                 /* the transaction lost a race (a
				   * serialization failure, a deadlock):
				   * roll back and run it again */
	DB_GONE,                  /* the server cannot be reached or went
				   * away (status 5) */
	DB_FULL,                  /* no space left */
	DB_READONLY,              /* the database or its folder is read-only */
	DB_USAGE,                 /* a bad target (a password in it, no such
				   * scheme), or a statement's parameters
				   * not those given */
	DB_FAILED                 /* anything else (status 4) */
};

struct db;                        /* a connection, the driver's own */

/*
 * Called once per row of a statement's result, with its columns; returns
 * 0 to go on, 1 to stop (not a failure), -1 to fail the statement.
 */
typedef int (*db_row_fn)(void *arg, const struct db_value *col,
    size_t ncol);

struct db_driver {
	const char *name;         /* "sqlite", "postgresql" */
	int row_locks;            /* FOR UPDATE [SKIP LOCKED] understood */
	const char *blob_type;    /* "BLOB", "BYTEA" */

	/*
	 * Opens target (SQLite: a file path, created mode 0600 if
	 * missing, in WAL mode, waiting up to 5 s for a lock held by
	 * another process - STACKREF_DB_WAIT_MS, milliseconds, shortens
	 * it for tests; PostgreSQL: a URI or keyword string without a
	 * password).  Returns 0 with *db set, or -1 with *db set to a
	 * handle that only fault, error and close accept (or NULL without
	 * memory).
	 */
	int (*open)(const char *target, struct db **db);
	void (*close)(struct db *db);

	/* Transactions: write is 1 for one that will write (SQLite takes
	 * the write lock at once).  0, or -1.  After a failed statement,
	 * roll back (PostgreSQL has aborted the transaction: commit then
	 * fails); rollback keeps the fault and error of that failure. */
	int (*begin)(struct db *db, int write);
	int (*commit)(struct db *db);
	void (*rollback)(struct db *db);

	/*
	 * Runs one statement with npar parameters; row (may be NULL) gets
	 * each row of its result, and may not use db.  Returns, for a
	 * statement that returns rows (SELECT, RETURNING), those row was
	 * given (all unless it stopped); else the rows changed (INSERT,
	 * UPDATE, DELETE), 0 for any other; or -1.
	 */
	long (*exec)(struct db *db, const char *sql,
	    const struct db_value *par, size_t npar, db_row_fn row,
	    void *arg);

	enum db_fault (*fault)(const struct db *db);
	const char *(*error)(const struct db *db);   /* one line */
};

/*
 * The driver of a store URL: "sqlite:PATH" or a bare PATH (one that
 * does not start with a word and a colon: "./a:b" for a file "a:b"),
 * "postgresql://..." or "postgres://..." (a libpq URI) or
 * "postgresql:KEYWORDS" (a libpq keyword string, "dbname=ref
 * host=/run/postgresql"; none: libpq's environment).  The module is
 * loaded on first use, as module.h says (a missing one ends the process
 * with status 4).  *target gets what the driver's open takes: PATH, the
 * whole URI, or KEYWORDS.  NULL when the scheme is unknown or the URL is
 * empty.
 */
const struct db_driver *db_driver_of(const char *url, const char **target);

#endif
