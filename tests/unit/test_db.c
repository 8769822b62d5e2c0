/*
 * test_db.c - the database drivers (src/db/): the same tests on SQLite
 * and on PostgreSQL, and the faults of each.
 *
 *     tests/unit/test_db         SQLite, a file in a temporary folder
 *
 * tests/db.sh runs it again with, in the environment:
 *     STACKREF_TEST_DB=URL       the store to test (SQLite, or the
 *                                PostgreSQL of tests/lib/pg.sh)
 *     STACKREF_TEST_DB_RO=DIR    SQLite: a read-only folder (a mount)
 *                                holding ro.db, a database
 *     STACKREF_TEST_DB_FULL=DIR  SQLite: an empty file system of 1 MB
 *     STACKREF_TEST_PG_PWURL=URL PostgreSQL: a role whose password only
 *                                PGPASSFILE gives
 *     STACKREF_TEST_PG_STOP=CMD  PostgreSQL: stops the server (the last
 *                                test)
 * A test that needs one of these is left out without it (tests/db.sh
 * fails when it cannot give them).
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <arpa/inet.h>
#include <limits.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#include <cmocka.h>

#include "db/db.h"

#define NCOL 8

/* The database under test. */
static const struct db_driver *drv;
static const char *target;
static char url[PATH_MAX + 16], tmpdir[] = "/tmp/test_db.XXXXXX";

/* The columns of the last row a statement gave, copied. */
struct got {
	int rows;                 /* rows given */
	int stop_after;           /* answer 1 after so many; -1 for "fail" */
	size_t ncol;
	struct db_value v[NCOL];
	char *mem[NCOL];
};

/* Forgets what g holds. */
static void
got_clear(struct got *g)
{
	size_t i;

	for (i = 0; i < NCOL; i++) {
		free(g->mem[i]);
		g->mem[i] = NULL;
	}
	g->ncol = 0;
}

/* A row callback: keeps a copy of the row in arg, a struct got. */
static int
got_row(void *arg, const struct db_value *col, size_t ncol)
{
	struct got *g = arg;
	size_t i;

	got_clear(g);
	assert_true(ncol <= NCOL);
	g->ncol = ncol;
	for (i = 0; i < ncol; i++) {
		g->v[i] = col[i];
		if (col[i].type == DB_TEXT || col[i].type == DB_BLOB) {
			assert_non_null(col[i].p);
			g->mem[i] = malloc(col[i].len + 1);
			assert_non_null(g->mem[i]);
			memcpy(g->mem[i], col[i].p, col[i].len);
			g->mem[i][col[i].len] = '\0';
			g->v[i].p = g->mem[i];
		}
	}
	g->rows++;
	if (g->stop_after < 0)
		return -1;
	return g->stop_after > 0 && g->rows >= g->stop_after;
}

/* A connection to the database under test. */
static struct db *
conn(void)
{
	struct db *db = NULL;

	if (drv->open(target, &db) == -1)
		fail_msg("open %s: %s", target, drv->error(db));
	return db;
}

/* Runs sql on db with its parameters, g (may be NULL) getting the rows;
 * fails the test when it fails; the count exec returns. */
static long
run(struct db *db, const char *sql, const struct db_value *par,
    size_t npar, struct got *g)
{
	long n;

	if (g != NULL)
		g->rows = 0;
	n = drv->exec(db, sql, par, npar, g != NULL ? got_row : NULL, g);
	if (n == -1)
		fail_msg("%s: %s", sql, drv->error(db));
	return n;
}

/* The one number that sql gives. */
static long long
number(struct db *db, const char *sql, const struct db_value *par,
    size_t npar)
{
	struct got g = { 0 };
	long long n;

	assert_int_equal(run(db, sql, par, npar, &g), 1);
	assert_int_equal(g.v[0].type, DB_INT);
	n = g.v[0].i;
	got_clear(&g);
	return n;
}

/* A connection with a fresh table t (k BIGINT PRIMARY KEY, i BIGINT, s
 * TEXT, b BLOB) holding keys 1..rows, i = 10 * k. */
static struct db *
fresh(int rows)
{
	struct db *db = conn();
	char sql[200];
	int k;

	run(db, "DROP TABLE IF EXISTS t", NULL, 0, NULL);
	snprintf(sql, sizeof(sql), "CREATE TABLE t (k BIGINT PRIMARY KEY, "
	    "i BIGINT, s TEXT, b %s)", drv->blob_type);
	assert_int_equal(run(db, sql, NULL, 0, NULL), 0);
	for (k = 1; k <= rows; k++)
		assert_int_equal(run(db, "INSERT INTO t (k, i) VALUES ($1, $2)",
		    (struct db_value[]){ DB_I(k), DB_I(10 * k) }, 2, NULL), 1);
	return db;
}

/* A failed call's fault is want, with a message. */
static void
faulted(struct db *db, enum db_fault want)
{
	const char *why = drv->error(db);

	if (drv->fault(db) != want)
		fail_msg("fault %d, want %d: %s", (int)drv->fault(db),
		    (int)want, why);
	assert_true(why != NULL && why[0] != '\0');
	assert_null(strchr(why, '\n'));
}

static void
test_driver_of(void **state)
{
	const char *t;
	const struct db_driver *d;

	(void)state;
	assert_string_equal(db_driver_of("sqlite:/x/a.db", &t)->name,
	    "sqlite");
	assert_string_equal(t, "/x/a.db");
	assert_string_equal(db_driver_of("a.db", &t)->name, "sqlite");
	assert_string_equal(t, "a.db");
	assert_string_equal(db_driver_of("./a:b", &t)->name, "sqlite");
	d = db_driver_of("postgresql://h/d", &t);
	assert_string_equal(d->name, "postgresql");
	assert_string_equal(t, "postgresql://h/d");
	assert_ptr_equal(db_driver_of("postgres://h", &t), d);
	assert_ptr_equal(db_driver_of("postgresql:dbname=x", &t), d);
	assert_string_equal(t, "dbname=x");
	assert_true(d->row_locks);
	assert_null(db_driver_of("mysql://h/d", &t));
	assert_null(db_driver_of("a:b", &t));
	assert_null(db_driver_of("", &t));
	assert_null(db_driver_of("sqlite:", &t));
}

/* Each type goes in as a parameter and comes back the same. */
static void
test_types(void **state)
{
	static const char text[] = "it's \"quoted\" \\ -- caf\xc3\xa9 "
	    "\xe2\x99\x94\n";
	char blob[300];
	struct db *db = fresh(0);
	struct got g = { 0 };
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(blob); i++)
		blob[i] = (char)(i * 7 % 256 < 64 ? 0 : i * 7);
	run(db, "INSERT INTO t (k, i, s, b) VALUES ($1, $2, $3, $4)",
	    (struct db_value[]){ DB_I(LLONG_MAX), DB_I(LLONG_MIN), DB_T(text),
	    DB_B(blob, sizeof(blob)) }, 4, NULL);
	run(db, "INSERT INTO t (k, i, s, b) VALUES ($1, $2, $3, $4)",
	    (struct db_value[]){ DB_I(0), DB_N, DB_T(""), DB_B("", 0) },
	    4, NULL);
	run(db, "SELECT k, i, s, b FROM t WHERE k = $1",
	    (struct db_value[]){ DB_I(LLONG_MAX) }, 1, &g);
	assert_int_equal(g.ncol, 4);
	assert_int_equal(g.v[0].type, DB_INT);
	assert_true(g.v[0].i == LLONG_MAX);
	assert_int_equal(g.v[1].type, DB_INT);
	assert_true(g.v[1].i == LLONG_MIN);
	assert_int_equal(g.v[2].type, DB_TEXT);
	assert_int_equal(g.v[2].len, strlen(text));
	assert_string_equal(g.v[2].p, text);
	assert_int_equal(g.v[3].type, DB_BLOB);
	assert_int_equal(g.v[3].len, sizeof(blob));
	assert_memory_equal(g.v[3].p, blob, sizeof(blob));
	run(db, "SELECT i, s, b FROM t WHERE k = $1",
	    (struct db_value[]){ DB_I(0) }, 1, &g);
	assert_int_equal(g.v[0].type, DB_NULL);
	assert_int_equal(g.v[1].type, DB_TEXT);
	assert_int_equal(g.v[1].len, 0);
	assert_int_equal(g.v[2].type, DB_BLOB);
	assert_int_equal(g.v[2].len, 0);
	run(db, "SELECT $1", (struct db_value[]){ { .type = DB_TEXT,
	    .p = "slice, not all", .len = 5 } }, 1, &g);
	assert_string_equal(g.v[0].p, "slice");
	got_clear(&g);
	drv->close(db);
}

/* A parameter carrying SQL stays data. */
static void
test_injection(void **state)
{
	static const char evil[] = "'); DROP TABLE t; --";
	struct db *db = fresh(1);

	(void)state;
	run(db, "UPDATE t SET s = $1 WHERE k = 1",
	    (struct db_value[]){ DB_T(evil) }, 1, NULL);
	assert_int_equal(number(db, "SELECT COUNT(*) FROM t WHERE s = $1",
	    (struct db_value[]){ DB_T(evil) }, 1), 1);
	assert_int_equal(number(db, "SELECT COUNT(*) FROM t WHERE s = $1 "
	    "OR k = $2", (struct db_value[]){ DB_T("x' OR '1'='1"), DB_I(9) },
	    2), 0);
	drv->close(db);
}

/* INSERT ... ON CONFLICT DO UPDATE and DO NOTHING. */
static void
test_upsert(void **state)
{
	static const char up[] = "INSERT INTO t (k, i) VALUES ($1, $2) "
	    "ON CONFLICT (k) DO UPDATE SET i = excluded.i";
	static const char keep[] = "INSERT INTO t (k, i) VALUES ($1, $2) "
	    "ON CONFLICT (k) DO NOTHING";
	struct db *db = fresh(2);

	(void)state;
	assert_int_equal(run(db, up, (struct db_value[]){ DB_I(2), DB_I(7) },
	    2, NULL), 1);
	assert_int_equal(run(db, up, (struct db_value[]){ DB_I(3), DB_I(8) },
	    2, NULL), 1);
	assert_int_equal(run(db, keep, (struct db_value[]){ DB_I(1),
	    DB_I(9) }, 2, NULL), 0);
	assert_int_equal(number(db, "SELECT i FROM t WHERE k = $1",
	    (struct db_value[]){ DB_I(2) }, 1), 7);
	assert_int_equal(number(db, "SELECT i FROM t WHERE k = $1",
	    (struct db_value[]){ DB_I(1) }, 1), 10);
	assert_int_equal(number(db, "SELECT COUNT(*) FROM t", NULL, 0), 3);
	drv->close(db);
}

/* RETURNING gives the rows written, and counts them. */
static void
test_returning(void **state)
{
	struct db *db = fresh(3);
	struct got g = { 0 };

	(void)state;
	assert_int_equal(run(db, "INSERT INTO t (k, s) VALUES ($1, $2) "
	    "RETURNING k, s", (struct db_value[]){ DB_I(4), DB_T("four") }, 2,
	    &g), 1);
	assert_int_equal(g.rows, 1);
	assert_true(g.v[0].i == 4);
	assert_string_equal(g.v[1].p, "four");
	assert_int_equal(run(db, "UPDATE t SET i = i + 1 WHERE k <= 3 "
	    "RETURNING i", NULL, 0, &g), 3);
	assert_int_equal(g.rows, 3);
	assert_int_equal(run(db, "DELETE FROM t WHERE k = 4 RETURNING k",
	    NULL, 0, NULL), 1);
	got_clear(&g);
	drv->close(db);
}

/* What rollback undoes and commit keeps, seen from another connection. */
static void
test_transactions(void **state)
{
	struct db *db = fresh(0), *other = conn();
	static const char count[] = "SELECT COUNT(*) FROM t";

	(void)state;
	assert_int_equal(drv->begin(db, 1), 0);
	run(db, "INSERT INTO t (k) VALUES (1)", NULL, 0, NULL);
	assert_int_equal(number(db, count, NULL, 0), 1);
	drv->rollback(db);
	assert_int_equal(number(db, count, NULL, 0), 0);
	assert_int_equal(drv->begin(db, 1), 0);
	run(db, "INSERT INTO t (k) VALUES (2)", NULL, 0, NULL);
	assert_int_equal(number(other, count, NULL, 0), 0);
	assert_int_equal(drv->commit(db), 0);
	assert_int_equal(number(other, count, NULL, 0), 1);
	assert_int_equal(drv->begin(other, 0), 0);
	assert_int_equal(number(other, count, NULL, 0), 1);
	assert_int_equal(drv->commit(other), 0);
	drv->rollback(db);
	drv->close(other);
	drv->close(db);
}

/* A row callback stops a statement, or fails it. */
static void
test_row_stop(void **state)
{
	struct db *db = fresh(5);
	struct got g = { .stop_after = 2 };

	(void)state;
	assert_int_equal(run(db, "SELECT k FROM t ORDER BY k", NULL, 0, &g),
	    2);
	assert_int_equal(g.rows, 2);
	assert_true(g.v[0].i == 2);
	g.stop_after = -1;
	g.rows = 0;
	assert_int_equal(drv->exec(db, "SELECT k FROM t", NULL, 0, got_row,
	    &g), -1);
	assert_int_equal(g.rows, 1);
	faulted(db, DB_FAILED);
	assert_int_equal(number(db, "SELECT COUNT(*) FROM t", NULL, 0), 5);
	got_clear(&g);
	drv->close(db);
}

/* The counts exec returns. */
static void
test_counts(void **state)
{
	struct db *db = fresh(5);

	(void)state;
	assert_int_equal(run(db, "UPDATE t SET s = 'x'", NULL, 0, NULL), 5);
	assert_int_equal(run(db, "DELETE FROM t WHERE k > $1",
	    (struct db_value[]){ DB_I(3) }, 1, NULL), 2);
	assert_int_equal(run(db, "UPDATE t SET s = 'y' WHERE k > 9", NULL, 0,
	    NULL), 0);
	assert_int_equal(run(db, "CREATE TABLE IF NOT EXISTS t (k BIGINT)",
	    NULL, 0, NULL), 0);
	assert_int_equal(run(db, "CREATE INDEX IF NOT EXISTS t_i ON t (i)",
	    NULL, 0, NULL), 0);
	assert_int_equal(run(db, "SELECT k FROM t WHERE k > 9", NULL, 0,
	    NULL), 0);
	assert_int_equal(run(db, "SELECT k FROM t", NULL, 0, NULL), 3);
	drv->close(db);
}

/* More statements than a connection keeps prepared, again and again. */
static void
test_many_statements(void **state)
{
	struct db *db = fresh(1);
	char sql[100];
	int round, k;

	(void)state;
	for (round = 0; round < 3; round++)
		for (k = 0; k < 50; k++) {
			snprintf(sql, sizeof(sql), "SELECT i + %d FROM t "
			    "WHERE k = $1", k);
			assert_int_equal(number(db, sql,
			    (struct db_value[]){ DB_I(1) }, 1), 10 + k);
		}
	drv->close(db);
}

/* Not one statement, or parameters not given: refused. */
static void
test_usage(void **state)
{
	struct db *db = fresh(1);

	(void)state;
	assert_int_equal(drv->exec(db, "SELECT 1; SELECT 2", NULL, 0, NULL,
	    NULL), -1);
	faulted(db, strcmp(drv->name, "sqlite") == 0 ? DB_USAGE : DB_FAILED);
	assert_int_equal(drv->exec(db, "SELECT k FROM t WHERE k = $2",
	    (struct db_value[]){ DB_I(1) }, 1, NULL, NULL), -1);
	faulted(db, DB_USAGE);
	assert_int_equal(number(db, "SELECT COUNT(*) FROM t", NULL, 0), 1);
	assert_int_equal(drv->exec(db, "SELEC 1", NULL, 0, NULL, NULL), -1);
	faulted(db, DB_FAILED);
	drv->close(db);
}

/* A password in a PostgreSQL target is refused before connecting, and
 * named in no message. */
static void
test_pg_password(void **state)
{
	static const char *const bad[] = {
		"postgresql://u:secret@127.0.0.1:1/d",
		"postgresql://u@127.0.0.1:1/d?password=secret",
		"postgresql:host=127.0.0.1 port=1 password=secret",
		"postgresql://u:secret%zz@127.0.0.1:1/d",
	};
	const struct db_driver *pq;
	struct db *db;
	const char *t;
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		pq = db_driver_of(bad[i], &t);
		assert_int_equal(pq->open(t, &db), -1);
		assert_int_equal(pq->fault(db), DB_USAGE);
		assert_null(strstr(pq->error(db), "secret"));
		pq->close(db);
	}
	assert_int_equal(pq->open("host='unclosed", &db), -1);
	assert_int_equal(pq->fault(db), DB_USAGE);
	pq->close(db);
}

/* A port where no server listens: DB_GONE. */
static void
test_pg_no_server(void **state)
{
	struct sockaddr_in a = { .sin_family = AF_INET };
	socklen_t len = sizeof(a);
	const struct db_driver *pq;
	struct db *db;
	const char *t;
	char u[100];
	int s;

	(void)state;
	a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	s = socket(AF_INET, SOCK_STREAM, 0);
	assert_true(s >= 0);
	assert_int_equal(bind(s, (struct sockaddr *)&a, sizeof(a)), 0);
	assert_int_equal(getsockname(s, (struct sockaddr *)&a, &len), 0);
	close(s);
	snprintf(u, sizeof(u), "postgresql://u@127.0.0.1:%d/d",
	    ntohs(a.sin_port));
	pq = db_driver_of(u, &t);
	assert_int_equal(pq->open(t, &db), -1);
	assert_int_equal(pq->fault(db), DB_GONE);
	assert_non_null(strstr(pq->error(db), "127.0.0.1"));
	pq->close(db);
}

/* The file: created mode 0600, WAL, synchronous=FULL, foreign keys. */
static void
test_sqlite_settings(void **state)
{
	struct db *db = conn();
	struct got g = { 0 };
	struct stat st;

	(void)state;
	assert_int_equal(stat(target, &st), 0);
	assert_int_equal(st.st_mode & 0777, 0600);
	run(db, "PRAGMA journal_mode", NULL, 0, &g);
	assert_string_equal(g.v[0].p, "wal");
	assert_int_equal(number(db, "PRAGMA synchronous", NULL, 0), 2);
	assert_int_equal(number(db, "PRAGMA foreign_keys", NULL, 0), 1);
	got_clear(&g);
	drv->close(db);
}

/* A file in a folder that is not there: DB_FAILED, naming it. */
static void
test_sqlite_no_folder(void **state)
{
	char path[PATH_MAX + 32];
	struct db *db;

	(void)state;
	snprintf(path, sizeof(path), "%s/none/x.db", tmpdir);
	assert_int_equal(drv->open(path, &db), -1);
	faulted(db, DB_FAILED);
	assert_non_null(strstr(drv->error(db), path));
	drv->close(db);
}

/* Milliseconds since some fixed time. */
static long
now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* Another connection holds the write lock: DB_BUSY after the wait
 * (STACKREF_DB_WAIT_MS, 200 ms here). */
static void
test_sqlite_busy(void **state)
{
	struct db *holder, *db;
	long t0, waited;

	(void)state;
	setenv("STACKREF_DB_WAIT_MS", "200", 1);
	holder = conn();
	db = conn();
	unsetenv("STACKREF_DB_WAIT_MS");
	assert_int_equal(drv->begin(holder, 1), 0);
	t0 = now_ms();
	assert_int_equal(drv->begin(db, 1), -1);
	waited = now_ms() - t0;
	faulted(db, DB_BUSY);
	assert_true(waited >= 150 && waited < 3000);
	drv->rollback(holder);
	assert_int_equal(drv->begin(db, 1), 0);
	drv->rollback(db);
	drv->close(holder);
	drv->close(db);
}

/* A database in a read-only folder, and a new one there: DB_READONLY. */
static void
test_sqlite_readonly(void **state)
{
	const char *dir = getenv("STACKREF_TEST_DB_RO");
	char path[PATH_MAX + 32];
	struct db *db;
	const char *name[] = { "ro.db", "new.db" };
	size_t i;

	(void)state;
	for (i = 0; i < 2; i++) {
		snprintf(path, sizeof(path), "%s/%s", dir, name[i]);
		assert_int_equal(drv->open(path, &db), -1);
		faulted(db, DB_READONLY);
		drv->close(db);
	}
}

/* A file system that fills up: DB_FULL. */
static void
test_sqlite_full(void **state)
{
	const char *dir = getenv("STACKREF_TEST_DB_FULL");
	char path[PATH_MAX + 32], blob[64 * 1024];
	struct db *db;
	long n = 0;
	int k;

	(void)state;
	memset(blob, 'x', sizeof(blob));
	snprintf(path, sizeof(path), "%s/full.db", dir);
	assert_int_equal(drv->open(path, &db), 0);
	run(db, "CREATE TABLE f (k BIGINT PRIMARY KEY, b BLOB)", NULL, 0,
	    NULL);
	for (k = 0; k < 64 && n != -1; k++)
		n = drv->exec(db, "INSERT INTO f VALUES ($1, $2)",
		    (struct db_value[]){ DB_I(k), DB_B(blob, sizeof(blob)) }, 2,
		    NULL, NULL);
	assert_int_equal(n, -1);
	faulted(db, DB_FULL);
	drv->close(db);
}

/* The server ends the connection: DB_GONE. */
static void
test_pg_terminated(void **state)
{
	struct db *db = conn(), *other = conn();
	long long pid = number(db, "SELECT pg_backend_pid()", NULL, 0);

	(void)state;
	assert_int_equal(number(other, "SELECT pg_terminate_backend("
	    "$1::int, 5000)::int", (struct db_value[]){ DB_I(pid) }, 1), 1);
	assert_int_equal(drv->exec(db, "SELECT 1", NULL, 0, NULL, NULL), -1);
	faulted(db, DB_GONE);
	drv->rollback(db);
	drv->close(other);
	drv->close(db);
}

/* A transaction that lost a race: DB_RETRY. */
static void
test_pg_retry(void **state)
{
	struct db *db = fresh(1), *other = conn();

	(void)state;
	run(db, "BEGIN ISOLATION LEVEL REPEATABLE READ", NULL, 0, NULL);
	assert_int_equal(number(db, "SELECT i FROM t WHERE k = 1", NULL, 0),
	    10);
	run(other, "UPDATE t SET i = 11 WHERE k = 1", NULL, 0, NULL);
	assert_int_equal(drv->exec(db, "UPDATE t SET i = 12 WHERE k = 1",
	    NULL, 0, NULL, NULL), -1);
	faulted(db, DB_RETRY);
	drv->rollback(db);
	assert_int_equal(number(db, "SELECT i FROM t WHERE k = 1", NULL, 0),
	    11);
	drv->close(other);
	drv->close(db);
}

/* A read-only transaction that writes: DB_READONLY; the SQLSTATE of a
 * full disk and of a deadlock, raised: DB_FULL, DB_RETRY. */
static void
test_pg_states(void **state)
{
	static const struct { const char *state; enum db_fault fault; }
	    raised[] = { { "disk_full", DB_FULL },
	    { "deadlock_detected", DB_RETRY },
	    { "unique_violation", DB_FAILED } };
	struct db *db = fresh(0);
	char sql[200];
	size_t i;

	(void)state;
	run(db, "SET default_transaction_read_only = on", NULL, 0, NULL);
	assert_int_equal(drv->exec(db, "INSERT INTO t (k) VALUES (1)", NULL,
	    0, NULL, NULL), -1);
	faulted(db, DB_READONLY);
	for (i = 0; i < sizeof(raised) / sizeof(raised[0]); i++) {
		snprintf(sql, sizeof(sql), "DO $$ BEGIN RAISE EXCEPTION 'x' "
		    "USING ERRCODE = '%s'; END $$", raised[i].state);
		assert_int_equal(drv->exec(db, sql, NULL, 0, NULL, NULL), -1);
		faulted(db, raised[i].fault);
	}
	drv->close(db);
}

/* A failed statement ends a transaction: commit fails, nothing kept. */
static void
test_pg_commit_after_failure(void **state)
{
	struct db *db = fresh(0);

	(void)state;
	assert_int_equal(drv->begin(db, 1), 0);
	run(db, "INSERT INTO t (k) VALUES (1)", NULL, 0, NULL);
	assert_int_equal(drv->exec(db, "INSERT INTO t (k) VALUES (1)", NULL,
	    0, NULL, NULL), -1);
	assert_int_equal(drv->commit(db), -1);
	faulted(db, DB_FAILED);
	assert_int_equal(number(db, "SELECT COUNT(*) FROM t", NULL, 0), 0);
	drv->close(db);
}

/* The password of a role comes from PGPASSFILE, and without it the
 * connection is refused. */
static void
test_pg_passfile(void **state)
{
	const char *pwurl = getenv("STACKREF_TEST_PG_PWURL");
	char *passfile = strdup(getenv("PGPASSFILE"));
	struct db *db;

	(void)state;
	assert_int_equal(drv->open(pwurl, &db), 0);
	assert_int_equal(number(db, "SELECT 1", NULL, 0), 1);
	drv->close(db);
	setenv("PGPASSFILE", "/nonexistent", 1);
	assert_int_equal(drv->open(pwurl, &db), -1);
	faulted(db, DB_FAILED);
	drv->close(db);
	setenv("PGPASSFILE", passfile, 1);
	free(passfile);
}

/* The server stops under a connection: DB_GONE, and for a new one. */
static void
test_pg_stopped(void **state)
{
	struct db *db = conn(), *again;

	(void)state;
	assert_int_equal(number(db, "SELECT 1", NULL, 0), 1);
	assert_int_equal(system(getenv("STACKREF_TEST_PG_STOP")), 0);
	assert_int_equal(drv->exec(db, "SELECT 1", NULL, 0, NULL, NULL), -1);
	faulted(db, DB_GONE);
	assert_int_equal(drv->open(target, &again), -1);
	faulted(again, DB_GONE);
	drv->close(again);
	drv->close(db);
}

/* The database under test: STACKREF_TEST_DB, else a file in a
 * temporary folder. */
static int
setup(void)
{
	const char *u = getenv("STACKREF_TEST_DB");

	if (mkdtemp(tmpdir) == NULL)
		return -1;
	if (u == NULL || *u == '\0')
		snprintf(url, sizeof(url), "sqlite:%s/test.db", tmpdir);
	else
		snprintf(url, sizeof(url), "%s", u);
	if ((drv = db_driver_of(url, &target)) == NULL) {
		fprintf(stderr, "test_db: no driver for %s\n", url);
		return -1;
	}
	return 0;
}

/* Removes the temporary folder. */
static void
cleanup(void)
{
	char cmd[PATH_MAX + 16];

	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", tmpdir);
	if (system(cmd) != 0)
		fprintf(stderr, "test_db: cannot remove %s\n", tmpdir);
}

int
main(void)
{
	const struct CMUnitTest common[] = {
		cmocka_unit_test(test_driver_of),
		cmocka_unit_test(test_types),
		cmocka_unit_test(test_injection),
		cmocka_unit_test(test_upsert),
		cmocka_unit_test(test_returning),
		cmocka_unit_test(test_transactions),
		cmocka_unit_test(test_row_stop),
		cmocka_unit_test(test_counts),
		cmocka_unit_test(test_many_statements),
		cmocka_unit_test(test_usage),
		cmocka_unit_test(test_pg_password),
		cmocka_unit_test(test_pg_no_server),
	};
	const struct CMUnitTest sqlite[] = {
		cmocka_unit_test(test_sqlite_settings),
		cmocka_unit_test(test_sqlite_no_folder),
		cmocka_unit_test(test_sqlite_busy),
	};
	const struct CMUnitTest pg[] = {
		cmocka_unit_test(test_pg_terminated),
		cmocka_unit_test(test_pg_retry),
		cmocka_unit_test(test_pg_states),
		cmocka_unit_test(test_pg_commit_after_failure),
	};
	const struct CMUnitTest sqlite_ro[] = {
		cmocka_unit_test(test_sqlite_readonly) };
	const struct CMUnitTest sqlite_full[] = {
		cmocka_unit_test(test_sqlite_full) };
	const struct CMUnitTest pg_passfile[] = {
		cmocka_unit_test(test_pg_passfile) };
	const struct CMUnitTest pg_stop[] = {
		cmocka_unit_test(test_pg_stopped) };
	int failed, is_sqlite;

	if (setup() == -1)
		return 1;
	is_sqlite = strcmp(drv->name, "sqlite") == 0;
	failed = cmocka_run_group_tests_name(url, common, NULL, NULL);
	if (is_sqlite)
		failed += cmocka_run_group_tests(sqlite, NULL, NULL);
	else
		failed += cmocka_run_group_tests(pg, NULL, NULL);
	if (is_sqlite && getenv("STACKREF_TEST_DB_RO") != NULL)
		failed += cmocka_run_group_tests(sqlite_ro, NULL, NULL);
	if (is_sqlite && getenv("STACKREF_TEST_DB_FULL") != NULL)
		failed += cmocka_run_group_tests(sqlite_full, NULL, NULL);
	if (!is_sqlite && getenv("STACKREF_TEST_PG_PWURL") != NULL)
		failed += cmocka_run_group_tests(pg_passfile, NULL, NULL);
	if (!is_sqlite && getenv("STACKREF_TEST_PG_STOP") != NULL)
		failed += cmocka_run_group_tests(pg_stop, NULL, NULL);
	cleanup();
	return failed != 0;
}
