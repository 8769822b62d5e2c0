/*
 * pgsql.c - the PostgreSQL driver of db.h: the module stackref-pq.so,
 * its table stackref_pq.
 *
 * A target is a libpq URI or keyword string; one with a password is
 * refused before any connection, so that none is ever on a command
 * line (libpq takes it from PGPASSFILE, ~/.pgpass or PGPASSWORD).
 * Parameters go as text but for BLOBs (binary, BYTEA); results come
 * as text, BYTEA decoded, integers and booleans as DB_INT.  Faults by
 * SQLSTATE, and by the connection's state: one that is lost or never
 * made is DB_GONE.
 */
#include <libpq-fe.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/module.h"
#include "db/db.h"
#include "db/driver.h"

/* Type OIDs (PostgreSQL's catalog pg_type; they never change). */
#define PG_BOOL 16
#define PG_BYTEA 17
#define PG_INT8 20
#define PG_INT2 21
#define PG_INT4 23

#define PG_INT_TEXT 24            /* bytes of a long long as text */
#define PG_CONNECT_WAIT "10"      /* seconds to connect, at most */

struct db {
	struct db_status st;      /* first (driver.h) */
	PGconn *conn;
};

/* The buffers of one statement's parameters, in libpq's form. */
struct pg_params {
	Oid *type;
	const char **value;
	int *len, *format;
	char **text;              /* the text of each, or NULL */
};

/* The fault of SQLSTATE code (NULL when the server sent none). */
static enum db_fault
pg_state_fault(const char *code)
{
	static const struct { const char *code; enum db_fault fault; }
	    faults[] = {
		{ "40001", DB_RETRY },    /* serialization_failure */
		{ "40P01", DB_RETRY },    /* deadlock_detected */
		{ "53100", DB_FULL },     /* disk_full */
		{ "25006", DB_READONLY }, /* read_only_sql_transaction */
		{ "57P01", DB_GONE },     /* admin_shutdown */
		{ "57P02", DB_GONE },     /* crash_shutdown */
		{ "57P03", DB_GONE },     /* cannot_connect_now */
		{ "08P01", DB_USAGE },    /* protocol_violation: parameters */
		{ "42P02", DB_USAGE },    /* undefined_parameter */
		{ "08", DB_GONE },        /* the class connection_exception */
	};
	size_t i;

	for (i = 0; code != NULL && i < sizeof(faults) / sizeof(faults[0]);
	    i++)
		if (strncmp(code, faults[i].code, strlen(faults[i].code)) == 0)
			return faults[i].fault;
	return DB_FAILED;
}

/* Records the failure of a statement, res (NULL for none); returns -1. */
static int
pg_fail_result(struct db *db, const PGresult *res)
{
	const char *msg = res != NULL ? PQresultErrorMessage(res) : "";
	enum db_fault fault;

	if (PQstatus(db->conn) == CONNECTION_BAD)
		fault = DB_GONE;
	else
		fault = pg_state_fault(res != NULL ?
		    PQresultErrorField(res, PG_DIAG_SQLSTATE) : NULL);
	if (*msg == '\0')
		msg = PQerrorMessage(db->conn);
	return db_fail(&db->st, fault, "postgresql: %s", msg);
}

/* Records that libpq cannot read a target, why its message, with what
 * it quotes of the target left out (it may be a password); -1. */
static int
pg_unreadable(struct db *db, const char *why)
{
	char msg[sizeof(db->st.error)];
	size_t n = 0;
	int quoted = 0;

	for (; why != NULL && *why != '\0' && n + 1 < sizeof(msg); why++) {
		if (*why == '"')
			quoted = !quoted;
		if (!quoted || *why == '"')
			msg[n++] = *why;
	}
	msg[n] = '\0';
	return db_fail(&db->st, DB_USAGE, "postgresql: not a connection URI "
	    "or keyword string: %s", why != NULL ? msg : "out of memory");
}

/* Whether target names a password; -1 when libpq cannot read it. */
static int
pg_has_password(struct db *db, const char *target)
{
	PQconninfoOption *opt, *o;
	char *why = NULL;
	int found = 0;

	if ((opt = PQconninfoParse(target, &why)) == NULL) {
		pg_unreadable(db, why);
		PQfreemem(why);
		return -1;
	}
	for (o = opt; o->keyword != NULL; o++)
		if (strcmp(o->keyword, "password") == 0 && o->val != NULL)
			found = 1;
	PQconninfoFree(opt);
	return found;
}

/* Drops the server's notices (the driver prints nothing, db.h). */
static void
pg_ignore_notice(void *arg, const char *message)
{
	(void)arg;
	(void)message;
}

/* Connects to target, waiting PG_CONNECT_WAIT seconds at most unless
 * target or PGCONNECT_TIMEOUT says otherwise (libpq waits forever). */
static PGconn *
pg_connect(const char *target)
{
	const char *const key[] = { "connect_timeout", "dbname", NULL };
	const char *const value[] = { PG_CONNECT_WAIT, target, NULL };
	const char *env = getenv("PGCONNECT_TIMEOUT");

	return PQconnectdbParams(env != NULL && *env != '\0' ? key + 1 : key,
	    env != NULL && *env != '\0' ? value + 1 : value, 1);
}

static int
pg_open(const char *target, struct db **dbp)
{
	struct db *db;
	int pw;

	if ((*dbp = db = calloc(1, sizeof(*db))) == NULL)
		return -1;
	if ((pw = pg_has_password(db, target)) != 0)
		return pw == -1 ? -1 : db_fail(&db->st, DB_USAGE, "postgresql: "
		    "a password in the target: give it in PGPASSFILE "
		    "(~/.pgpass)");
	db->conn = pg_connect(target);
	if (db->conn == NULL)
		return db_fail(&db->st, DB_FAILED, "out of memory");
	if (PQstatus(db->conn) != CONNECTION_OK)
		return db_fail(&db->st, PQconnectionNeedsPassword(db->conn) ?
		    DB_FAILED : DB_GONE, "postgresql: %s",
		    PQerrorMessage(db->conn));
	PQsetNoticeProcessor(db->conn, pg_ignore_notice, NULL);
	return 0;
}

static void
pg_close(struct db *db)
{
	if (db == NULL)
		return;
	PQfinish(db->conn);
	free(db);
}

/* Frees the buffers of p, which holds n parameters. */
static void
pg_params_free(struct pg_params *p, size_t n)
{
	while (p->text != NULL && n-- > 0)
		free(p->text[n]);
	free(p->text);
	free(p->type);
	free(p->value);
	free(p->len);
	free(p->format);
}

/* Puts v into p's slot i: text (a number written, a copy of a text
 * with its NUL, which libpq needs) or, for a BLOB, binary.  0, or -1
 * without memory. */
static int
pg_param(struct pg_params *p, size_t i, const struct db_value *v)
{
	switch (v->type) {
	case DB_INT:
		p->type[i] = PG_INT8;
		if ((p->text[i] = malloc(PG_INT_TEXT)) == NULL)
			return -1;
		snprintf(p->text[i], PG_INT_TEXT, "%lld", v->i);
		break;
	case DB_TEXT:
		if ((p->text[i] = strndup(v->p != NULL ? v->p : "", v->len))
		    == NULL)
			return -1;
		break;
	case DB_BLOB:
		p->type[i] = PG_BYTEA;
		p->value[i] = v->p != NULL ? v->p : "";
		p->len[i] = (int)v->len;
		p->format[i] = 1;
		return 0;
	default:
		return 0;
	}
	p->value[i] = p->text[i];
	return 0;
}

/* Fills p with the npar values of par; 0, or -1. */
static int
pg_params_of(struct db *db, struct pg_params *p, const struct db_value *par,
    size_t npar)
{
	size_t i, n = npar > 0 ? npar : 1;

	p->text = calloc(n, sizeof(*p->text));
	p->type = calloc(n, sizeof(*p->type));
	p->value = calloc(n, sizeof(*p->value));
	p->len = calloc(n, sizeof(*p->len));
	p->format = calloc(n, sizeof(*p->format));
	if (p->text == NULL || p->type == NULL || p->value == NULL ||
	    p->len == NULL || p->format == NULL)
		return db_fail(&db->st, DB_FAILED, "out of memory");
	for (i = 0; i < npar; i++) {
		if (par[i].len > (size_t)0x7fffffff)
			return db_fail(&db->st, DB_USAGE, "parameter $%zu: "
			    "over 2 GB", i + 1);
		if (pg_param(p, i, &par[i]) == -1)
			return db_fail(&db->st, DB_FAILED, "out of memory");
	}
	return 0;
}

/* Column c of res's row r as a value; *owned gets memory to free after
 * the row (a BYTEA decoded), or NULL.  -1 without memory. */
static int
pg_column(const PGresult *res, int r, int c, struct db_value *v,
    unsigned char **owned)
{
	const char *s = PQgetvalue(res, r, c);
	size_t len;

	*owned = NULL;
	*v = (struct db_value){ .type = DB_TEXT, .p = s,
	    .len = (size_t)PQgetlength(res, r, c) };
	if (PQgetisnull(res, r, c)) {
		*v = (struct db_value){ .type = DB_NULL };
		return 0;
	}
	switch (PQftype(res, c)) {
	case PG_INT8:
	case PG_INT4:
	case PG_INT2:
		*v = (struct db_value){ .type = DB_INT, .i = strtoll(s, NULL,
		    10) };
		return 0;
	case PG_BOOL:
		*v = (struct db_value){ .type = DB_INT, .i = s[0] == 't' };
		return 0;
	case PG_BYTEA:
		if ((*owned = PQunescapeBytea((const unsigned char *)s, &len))
		    == NULL)
			return -1;
		*v = (struct db_value){ .type = DB_BLOB,
		    .p = (const char *)*owned, .len = len };
		return 0;
	default:
		return 0;
	}
}

/* Gives row r of res to row; its answer (0, 1 or -1). */
static int
pg_row(struct db *db, const PGresult *res, int r, struct db_value *col,
    unsigned char **owned, db_row_fn row, void *arg)
{
	int c, n = PQnfields(res), answer = -1, ok = 0;

	for (c = 0; c < n && ok == 0; c++)
		ok = pg_column(res, r, c, &col[c], &owned[c]);
	if (ok == 0 && (answer = row(arg, col, (size_t)n)) == -1)
		db_fail(&db->st, DB_FAILED, "postgresql: a row was refused");
	else if (ok == -1)
		db_fail(&db->st, DB_FAILED, "out of memory");
	while (c-- > 0)
		PQfreemem(owned[c]);
	return ok == -1 ? -1 : answer;
}

/* Gives res's rows to row; the count exec returns. */
static long
pg_rows(struct db *db, const PGresult *res, db_row_fn row, void *arg)
{
	int r, n = PQntuples(res), nf = PQnfields(res), answer = 0;
	struct db_value *col;
	unsigned char **owned;

	if (row == NULL || n == 0)
		return n;
	col = calloc((size_t)nf + 1, sizeof(*col));
	owned = calloc((size_t)nf + 1, sizeof(*owned));
	if (col == NULL || owned == NULL)
		answer = db_fail(&db->st, DB_FAILED, "out of memory");
	for (r = 0; r < n && answer == 0; r++)
		answer = pg_row(db, res, r, col, owned, row, arg);
	free(col);
	free(owned);
	return answer == -1 ? -1 : r;
}

/* What exec returns for res, the result of a statement. */
static long
pg_result(struct db *db, const PGresult *res, db_row_fn row, void *arg)
{
	switch (PQresultStatus(res)) {
	case PGRES_TUPLES_OK:
		return pg_rows(db, res, row, arg);
	case PGRES_COMMAND_OK:
		return strtol(PQcmdTuples((PGresult *)res), NULL, 10);
	default:
		return pg_fail_result(db, res);
	}
}

static long
pg_exec(struct db *db, const char *sql, const struct db_value *par,
    size_t npar, db_row_fn row, void *arg)
{
	struct pg_params p = { 0 };
	PGresult *res;
	long n;

	db->st.fault = DB_OK;
	if (npar > 65535)
		return db_fail(&db->st, DB_USAGE, "over 65535 parameters");
	if (pg_params_of(db, &p, par, npar) == -1) {
		pg_params_free(&p, npar);
		return -1;
	}
	res = PQexecParams(db->conn, sql, (int)npar, p.type, p.value, p.len,
	    p.format, 0);
	pg_params_free(&p, npar);
	n = pg_result(db, res, row, arg);
	PQclear(res);
	return n;
}

static int
pg_begin(struct db *db, int write)
{
	(void)write;
	return pg_exec(db, "BEGIN", NULL, 0, NULL, NULL) == -1 ? -1 : 0;
}

static void
pg_rollback(struct db *db)
{
	if (PQstatus(db->conn) == CONNECTION_OK &&
	    PQtransactionStatus(db->conn) != PQTRANS_IDLE)
		PQclear(PQexec(db->conn, "ROLLBACK"));
}

/* A transaction that a failed statement ended is rolled back by COMMIT
 * without an error: that is a failure here. */
static int
pg_commit(struct db *db)
{
	if (PQtransactionStatus(db->conn) == PQTRANS_INERROR) {
		db_fail(&db->st, DB_FAILED, "postgresql: a statement of the "
		    "transaction failed: rolled back");
		pg_rollback(db);
		return -1;
	}
	return pg_exec(db, "COMMIT", NULL, 0, NULL, NULL) == -1 ? -1 : 0;
}

MODULE_EXPORT const struct db_driver stackref_pq = {
	.name = "postgresql",
	.row_locks = 1,
	.blob_type = "BYTEA",
	.open = pg_open,
	.close = pg_close,
	.begin = pg_begin,
	.commit = pg_commit,
	.rollback = pg_rollback,
	.exec = pg_exec,
	.fault = db_status_fault,
	.error = db_status_error,
};
