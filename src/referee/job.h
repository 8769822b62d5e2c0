/*
 * job.h - what the files of the referee's decisions share
 * (decide.c: the verbs; start.c: signup and challenge;
 * reply.c: the mails).  Not installed,
 * not for commands.
 */
#ifndef STACKREF_REFEREE_JOB_H
#define STACKREF_REFEREE_JOB_H

#include "notation/notation.h"
#include "model/record.h"
#include "game/play.h"
#include "game/replay.h"
#include "referee/referee.h"

/* One decision under way. */
struct ref_job {
	const struct ref_ctx *c;
	struct ref_outcome *o;
	const struct ref_letter *l;  /* the mail */
	const struct mail_in *m;     /* its headers and parts: &l->m */
	struct pbem_cmd cmd;         /* its command (l->cmd) */
	char quoted[600];         /* the request, its password masked */
	struct record g;          /* the board's record (or the new one) */
	const struct rules *r;
	struct replay rp;
	int nomem;                /* memory ran out in ref_refuse, whose
				   * callers may not return its -1: the
				   * decision then fails (ref_decide) */
};

/* The userid playing side on j's board, or "?". */
const char *ref_side_user(const struct ref_job *j, int side);

/* Writes j->g as PDN into a malloc'ed text; NULL without memory. */
char *ref_record_text(const struct record *g, size_t *len);

/* Adds a refusal to the sender: reason, then (extra not NULL) more.
 * Returns 0, or -1 with j->nomem set when out of memory. */
int ref_refuse(struct ref_job *j, const char *reason, const char *extra);

/* Adds the position of j's board (after j->rp) to addr, drawn for
 * side; title starts the subject ("New" or NULL); attach: the record. */
int ref_tell(struct ref_job *j, const char *addr, int side,
    const char *title, const char *intro);

/* Composes a mail to the nto (1 or 2) addresses to and adds it to the
 * outcome; attach: the record (new, else the board's). */
int ref_push(struct ref_job *j, const char *const *to, size_t nto,
    const char *subject, const char *text, int attach);

/* Records the new record text and tells both players; title starts
 * the subjects ("New" or NULL), intro the texts. */
int ref_changed(struct ref_job *j, const char *title, const char *intro);

/* signup USERID PASSWORD [ADDRESS]; GAME challenge USERID1 USERID2 */
int ref_signup(struct ref_job *j);
int ref_challenge(struct ref_job *j);

#endif
