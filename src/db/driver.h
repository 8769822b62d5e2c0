/*
 * driver.h - what the drivers of db.h share, private to src/db/: a
 * connection's fault and its message.  Each driver's struct db starts
 * with a struct db_status, so that db_status_fault and db_status_error
 * serve as the fault and error of its table.
 */
#ifndef STACKREF_DB_DRIVER_H
#define STACKREF_DB_DRIVER_H

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "db/db.h"

struct db_status {
	enum db_fault fault;
	char error[512];          /* one line */
};

/*
 * Records fault in s with its message (a printf format; only its first
 * line is kept).  Returns -1.
 */
static inline int db_fail(struct db_status *s, enum db_fault fault,
    const char *fmt, ...) __attribute__((format(printf, 3, 4)));

static inline int
db_fail(struct db_status *s, enum db_fault fault, const char *fmt, ...)
{
	va_list ap;

	s->fault = fault;
	va_start(ap, fmt);
	vsnprintf(s->error, sizeof(s->error), fmt, ap);
	va_end(ap);
	s->error[strcspn(s->error, "\r\n")] = '\0';
	return -1;
}

/* The fault of db's last call (DB_FAILED for no db: no memory). */
static inline enum db_fault
db_status_fault(const struct db *db)
{
	return db != NULL ?
	    ((const struct db_status *)(const void *)db)->fault : DB_FAILED;
}

/* The message of db's last failure. */
static inline const char *
db_status_error(const struct db *db)
{
	return db != NULL ?
	    ((const struct db_status *)(const void *)db)->error :
	    "out of memory";
}

#endif
