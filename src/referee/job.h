/*
 * job.h - what the files of the referee's decisions share
 * (decide.c: the verbs on a board; start.c: signup, confirm and
 * challenge; guard.c: loops, logins and their throttling; reply.c: the
 * mails).  Not installed, not for commands.
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
	int known;                /* the sender is a player's address, or
				   * gave a right password: replies may
				   * quote its mail */
	struct ref_count user;    /* the counts of cmd.user (if a player) */
	struct ref_count sender;  /* and of the sender's address */
	int user_set, sender_set; /* they changed */
	struct record g;          /* the board's record (or the new one) */
	const struct rules *r;
	struct replay rp;
	int nomem;                /* memory ran out in ref_refuse, whose
				   * callers may not return its -1: the
				   * decision then fails (ref_decide) */
};

/* The userid playing side on j's board, or "?". */
const char *ref_side_user(const struct ref_job *j, int side);

/* The text format makes with its arguments, malloc'ed; NULL without
 * memory. */
char *ref_text(const char *format, ...)
    __attribute__((format(printf, 1, 2)));

/* Writes j->g as PDN into a malloc'ed text; NULL without memory. */
char *ref_record_text(const struct record *g, size_t *len);

/*
 * Adds a refusal to the sender.  why is a phrase that quotes nothing
 * from the mail: a stranger is told only that; a known sender is told
 * detail instead when not NULL (it may quote the mail), then extra
 * when not NULL, after its request quoted with the password masked.
 * The log line gets the quoted request and detail (else why).  No mail
 * when the sender was answered too often already (ref_answer_ok).
 * Returns 0, or -1 with j->nomem set when out of memory.
 */
int ref_refuse(struct ref_job *j, const char *why, const char *detail,
    const char *extra);

/* Whether the sender may get one more answer (a refusal, a show; each
 * counted in j->sender.mails) in this window: REF_ADDR_MAILS for a
 * player's address, else REF_STRANGER_MAILS. */
int ref_answer_ok(const struct ref_job *j);

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

/* Writes the request of j, masked, into j->quoted: parsed, with its
 * password (or token) as "********"; not parsed, with every word but
 * verbs, game names, numbers and players' userids as "****". */
void ref_quote(struct ref_job *j);

/* signup USERID PASSWORD [ADDRESS]; confirm USERID TOKEN;
 * GAME challenge USERID1 USERID2 */
int ref_signup(struct ref_job *j);
int ref_confirm(struct ref_job *j);
int ref_challenge(struct ref_job *j);

/* Starts j's counts from the context's, their windows restarted when
 * over; at the end, puts those that changed into the outcome. */
void ref_guard_open(struct ref_job *j);
void ref_guard_close(struct ref_job *j);

/*
 * Whether the mail must not be answered at all (1): no sender, the
 * referee itself, a mailer daemon, an automatic mail (Auto-Submitted
 * other than "no", Precedence bulk, junk or list).  Sets the summary.
 */
int ref_ignored(struct ref_job *j);

/*
 * Checks the password of cmd.user, throttled: a userid locked, or a
 * sender with REF_ADDR_FAILS wrong passwords in its window, is refused
 * without a check; a wrong password counts for both, and the
 * REF_USER_FAILS-th in an hour locks the userid for REF_LOCK_TIME and
 * tells its player.  Returns 0 (j->known set), or -1 after refusing.
 */
int ref_login(struct ref_job *j);

#endif
