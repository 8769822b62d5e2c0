/*
 * run.h - one run of the referee over its mailbox.  Each mail is
 * decided in a process of its own, under a budget of CPU time, time,
 * memory and file size, which writes its plan into the journal
 * (state.h); the run carries the plan out.  So no mail, whatever it
 * holds, can stop, slow or crash the run: a mail larger than
 * REF_MAIL_MAX, or whose decision crashes, runs out of its budget or
 * fails, is set aside (DIR/aside/KEY, the keyword StackrefAside on the
 * server), answered from its header alone when it may be (a process of
 * its own again), and the run goes on with the next mail.  Up to
 * s->jobs decisions run at once (run.c's queue: which mails may, and
 * which are decided alone); each plan is carried out as its process
 * ends.
 */
#ifndef STACKREF_REFEREE_RUN_H
#define STACKREF_REFEREE_RUN_H

#include "referee/state.h"

#define REF_MAIL_MAX (1024 * 1024)         /* bytes of a mail read */
#define REF_CPU_SECONDS 2                  /* CPU time of a decision */
#define REF_WALL_SECONDS 10                /* its time on the clock */
#define REF_MEM_MAX (1024ul * 1024 * 1024) /* its address space */
#define REF_FILE_MAX (64ul * 1024 * 1024)  /* a file it writes */
#define REF_BATCH 1000                     /* mails read per run */
#define REF_JOBS_MAX 64                    /* decisions at once (--jobs) */
#define REF_ASIDE_HEADER (64 * 1024)       /* a kept header, at most */
#define REF_ASIDE_HEAD (64 * 1024)         /* of its body (--aside-head) */
#define REF_ASIDE_HEAD_MAX REF_MAIL_MAX
#define REF_ASIDE_DAYS 30                  /* kept (--aside-days) */

/*
 * Finishes what an earlier run left in the journal, then reads the
 * mailbox's mails not flagged done over IMAP and processes each one
 * (s->jobs at once; a plan dropped because its board or lists changed
 * meanwhile is decided again in the run, alone),
 * then makes the time pass: each open board with a TimeControl is
 * judged at s->now in a process of its own (ref_decide_time), the
 * reminder or forfeit due planned and finished through the journal
 * like a mail's replies, so that each is sent once.
 * Returns 0, or -1 after reporting when the run had to stop (the state
 * cannot be written, the mailbox fails); a submission server failing
 * is reported (status 5) without stopping it.
 */
int ref_run(struct ref_state *s);

/*
 * The decision on l in the state s, as a run's process makes it, with
 * the time now and the random bytes rnd; aside: the reason it is set
 * aside, or NULL.  Nothing is written.  Returns 0 with o filled, or -1
 * after reporting (o empty) when the state cannot be read; out of
 * memory ends the process (ref_nomem).
 */
int ref_run_decide(struct ref_state *s, const struct ref_letter *l,
    const char *aside, time_t now, const unsigned char rnd[REF_RND],
    struct ref_outcome *o);

/*
 * The copy of mail raw[0..len) the store keeps when it is set aside:
 * its header (at most REF_ASIDE_HEADER bytes, cut at a line end), the
 * first head bytes of its body, and when more was cut a last line
 * "[stackref: N more bytes not kept]"; throughout, every word of its
 * Subject that ref_masked would mask for a sender not signed in (all
 * but the plain words of players, ref_word_plain, and always the
 * password) is "****", wherever it stands; a Subject of more words or
 * secrets than a request has (256, 64) keeps only the header's From,
 * To, Date and Message-ID, and a line saying so.  Returns 0 with *copy
 * malloc'ed (*copy_len bytes, the caller frees it), or -1 without
 * memory.
 */
int ref_aside_copy(const struct ref_players *players, const char *raw,
    size_t len, size_t head, char **copy, size_t *copy_len);

#endif
