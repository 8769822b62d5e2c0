/*
 * service.h - the referee as a service: the mail handed over by the
 * mail server (--deliver: deliver.c) and the figures an operator
 * watches (--status: status.c), both over the store (store.h).
 */
#ifndef STACKREF_REFEREE_SERVICE_H
#define STACKREF_REFEREE_SERVICE_H

#include <time.h>

#include "base/diag.h"
#include "referee/store.h"

#define REF_EX_TEMPFAIL 75        /* sysexits.h: the mail server retries */
#define REF_MAX_AGE 15            /* --max-age's default, in minutes */

/*
 * Reads the mail on fd to its end (EOF), keeping its first
 * REF_MAIL_MAX + 1 bytes at most: a larger mail is accepted all the
 * same and set aside by the run that decides it, as the IMAP path does
 * (run.h); then puts it in the inbox of st, received at now, durably.
 * Returns 0 once it is stored, or -1 after reporting on d (fd cannot be
 * read, out of memory, the store cannot take it): --deliver then exits
 * REF_EX_TEMPFAIL and nothing is stored.
 */
int ref_deliver(struct ref_store *st, int fd, time_t now, struct diag *d);

/*
 * Prints the figures of st at now (ref_store_status) on standard
 * output: text, its first line a summary for a monitoring check, or
 * with json one JSON object (notation/referee-status.schema.json).
 * max_age: the minutes a mail may wait; past them the summary says
 * LATE and DIAG_REF_LATE is reported (status 1).  Returns 0, or -1
 * after reporting (the store cannot be read).
 */
int ref_status(struct ref_store *st, time_t now, unsigned long max_age,
    int json, struct diag *d);

#endif
