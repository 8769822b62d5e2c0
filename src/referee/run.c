/*
 * run.c - one run of the referee (see run.h): the mails of the
 * mailbox, each read at most REF_MAIL_MAX bytes deep and decided in a
 * child process under setrlimit(2) budgets, the crashed and the too
 * large set aside, the plans finished in the parent; then the time
 * pass, each open timed board judged the same way (timing.c).
 */
#include <sys/random.h>
#include <sys/resource.h>
#include <sys/wait.h>

#include <dirent.h>

#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "base/util.h"
#include "referee/run.h"

/* Exit statuses of a decision's process (and REF_EXIT_NOMEM, out of
 * memory: referee.h). */
#define REF_EXIT_OK 0
#define REF_EXIT_FAILED 3     /* the decision failed: set the mail aside */
#define REF_EXIT_STATE 4      /* the plan cannot be written: stop */
#define REF_INBOX_BATCH 16    /* inbox rows read at a time */
#define REF_DUE_BATCH 64      /* boards due read at a time */
#define REF_DUE_MAX 100000    /* boards judged per run at most */

/* Whether address-space limits would break the build's own checker
 * (AddressSanitizer reserves terabytes; so does valgrind's core). */
static int
ref_checked_build(void)
{
	const char *pre = getenv("LD_PRELOAD");

#if defined(__SANITIZE_ADDRESS__)
	return 1;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(memory_sanitizer)
	return 1;
#endif
#endif
	return pre != NULL && strstr(pre, "vgpreload") != NULL;
}

/* The budget of a decision's process. */
static void
ref_limits(void)
{
	struct rlimit r;

	r.rlim_cur = REF_CPU_SECONDS;
	r.rlim_max = REF_CPU_SECONDS + 1;
	setrlimit(RLIMIT_CPU, &r);
	r.rlim_cur = r.rlim_max = REF_FILE_MAX;
	setrlimit(RLIMIT_FSIZE, &r);
	r.rlim_cur = r.rlim_max = 0;
	setrlimit(RLIMIT_CORE, &r);
	if (!ref_checked_build()) {
		r.rlim_cur = r.rlim_max = REF_MEM_MAX;
		setrlimit(RLIMIT_AS, &r);
	}
	alarm(REF_WALL_SECONDS);
}

/* Test only (STACKREF_REFEREE_CRASH=segv:WORD, spin:WORD, hang:WORD or
 * nomem:WORD): the decision of a mail whose Subject holds WORD crashes,
 * spins or hangs, as a bug could make it, or runs out of memory. */
static void
ref_test_poison(const struct ref_state *s, const struct ref_letter *l)
{
	const char *c = s->crash, *w = c != NULL ? strchr(c, ':') : NULL;
	volatile unsigned long n = 0;

	if (w == NULL || l->m.subject == NULL ||
	    strstr(l->m.subject, w + 1) == NULL)
		return;
	if (strncmp(c, "segv:", 5) == 0)
		raise(SIGSEGV);
	else if (strncmp(c, "spin:", 5) == 0)
		for (;;)
			n++;
	else if (strncmp(c, "hang:", 5) == 0)
		for (;;)
			pause();
	else if (strncmp(c, "nomem:", 6) == 0)
		ref_nomem();
}

int
ref_run_decide(struct ref_state *s, const struct ref_letter *l,
    const char *aside, time_t now, const unsigned char rnd[REF_RND],
    struct ref_outcome *o)
{
	struct ref_ctx c;
	char *record;

	memset(&c, 0, sizeof(c));
	memset(o, 0, sizeof(*o));
	if (ref_state_ctx(s, l, &c, &record) == -1)
		return -1;
	c.aside = aside;
	c.now = now;
	c.hash_cost = s->hash_cost;
	c.authserv_id = s->authserv_id;
	memcpy(c.rnd, rnd, REF_RND);
	ref_decide(l, &c, o);
	s->next_due = o->record != NULL ? ref_due_time(o->board, o->record,
	    o->record_len, &c) : -1;
	ref_state_ctx_free(&c, record);
	return 0;
}

/* Test only (STACKREF_REFEREE_CRASH=planned): the run dies once a
 * decision's plan is written, before it is carried out. */
static void
ref_test_planned(const struct ref_state *s)
{
	if (s->crash != NULL && strcmp(s->crash, "planned") == 0)
		_exit(98);
}

/* Tells key on fd, a line (an empty one: no key); -1 when it cannot. */
static int
ref_tell_key(int fd, const char *key)
{
	char line[REF_KEY + 1];
	size_t n = strlen(key);

	memcpy(line, key, n);
	line[n] = '\n';
	if (write(fd, line, n + 1) != (ssize_t)(n + 1))
		return -1;
	close(fd);
	return 0;
}

/* The child's work on its letter l: decide, plan; its exit status. */
static int
ref_child_plan(struct ref_state *s, const struct ref_letter *l,
    unsigned long uid, const char *key, const char *aside)
{
	unsigned char rnd[REF_RND];
	struct ref_outcome o;
	char sum[REF_SUMMARY];
	int rc;

	if (getrandom(rnd, sizeof(rnd), 0) != (ssize_t)sizeof(rnd)) {
		diag_report(s->d, DIAG_READ, NULL, "getrandom");
		return REF_EXIT_FAILED;
	}
	if (ref_run_decide(s, l, aside, s->now, rnd, &o) == -1)
		return REF_EXIT_FAILED;
	if (aside != NULL) {
		snprintf(sum, sizeof(sum), "set aside (%.100s), uid %lu: %.380s", aside,
		    uid, o.summary);
		memcpy(o.summary, sum, sizeof(sum));
	}
	rc = ref_state_plan(s, key, uid, &o, aside != NULL);
	ref_outcome_free(&o);
	return rc == 0 ? REF_EXIT_OK : REF_EXIT_STATE;
}

/* A mail to decide, or set aside. */
struct ref_mail_job {
	unsigned long uid;
	const char *raw;
	size_t len;
	const char *aside, *akey;   /* set aside: why, and its key */
};

/* The decision's process: reads the mail (its header only when it is
 * set aside), tells its key on fd, plans.  Never returns. */
static void
ref_child(struct ref_state *s, int fd, const void *arg)
{
	const struct ref_mail_job *mj = arg;
	struct ref_letter l;
	char key[REF_KEY];

	if (mj->aside != NULL) {
		ref_letter_header(mj->raw, mj->len, &l);
		snprintf(key, sizeof(key), "%s", mj->akey);
	} else {
		ref_letter_read(mj->raw, mj->len, &l);
		ref_test_poison(s, &l);
		if (REF_HASH_MODULE->key(&l, key) == -1)
			ref_nomem();      /* SHA-256 fails only so */
	}
	if (ref_tell_key(fd, key) == -1)
		_exit(REF_EXIT_STATE);
	switch (ref_state_seen(s, key)) {
	case 0:
		break;
	case -1:
		_exit(REF_EXIT_STATE);
	default:
		_exit(REF_EXIT_OK);
	}
	ref_test_trace("decided", key);
	fflush(NULL);
	_exit(ref_child_plan(s, &l, mj->uid, key, mj->aside));
}

/* The end of an event's process, which told key (rc: REF_EXIT_OK so
 * far): plans o under key unless it is "" or planned already, frees o,
 * exits. */
static _Noreturn void
ref_child_event(struct ref_state *s, const char *key, struct ref_outcome *o,
    int rc)
{
	if (rc == REF_EXIT_OK && key[0] != '\0' && ref_state_seen(s, key) == 0) {
		ref_test_trace("decided", key);
		if (ref_state_plan(s, key, 0, o, 0) == -1)
			rc = REF_EXIT_STATE;
	}
	ref_outcome_free(o);
	fflush(NULL);
	_exit(rc);
}

/* The time pass's process on board arg: judges its clock, tells the
 * key of the event due (an empty line: none) on fd, plans it unless it
 * was planned already; moves the board's next_due on when the record
 * stays as it is.  Never returns. */
static void
ref_child_time(struct ref_state *s, int fd, const void *arg)
{
	const char *board = arg;
	struct ref_outcome o;
	struct ref_ctx c;
	char key[REF_KEY], *record;
	int rc = -1;      /* key and o are set only by ref_decide_time */

	memset(&c, 0, sizeof(c));
	if (ref_state_time_ctx(s, board, &c, &record) == 0 &&
	    getrandom(c.rnd, sizeof(c.rnd), 0) == (ssize_t)sizeof(c.rnd)) {
		c.now = s->now;
		rc = ref_decide_time(board, &c, &o, key);
	}
	if (rc == 0)
		s->next_due = ref_due_time(board, o.record != NULL ? o.record :
		    c.record, o.record != NULL ? o.record_len : c.record_len,
		    &c);
	ref_state_ctx_free(&c, record);
	if (rc == -1)
		_exit(REF_EXIT_FAILED);
	rc = ref_tell_key(fd, key) == -1 ? REF_EXIT_STATE : REF_EXIT_OK;
	if (rc == REF_EXIT_OK && o.record == NULL &&
	    ref_state_due(s, board) == -1)
		rc = REF_EXIT_STATE;
	ref_child_event(s, key, &o, rc);
}

/* The digest's process for userid arg: makes her digest when it is
 * due, tells its key on fd (an empty line: none), plans it unless it
 * was planned already, and moves her next digest on a day.  Never
 * returns. */
static void
ref_child_digest(struct ref_state *s, int fd, const void *arg)
{
	const char *user = arg;
	struct ref_outcome o;
	struct ref_ctx c;
	char key[REF_KEY] = "";
	long long next = -1;
	int rc = REF_EXIT_FAILED;

	memset(&c, 0, sizeof(c));
	memset(&o, 0, sizeof(o));
	s->read_version = s->next_due = -1;
	s->inbox_key[0] = '\0';
	if (ref_state_digest_ctx(s, user, &c) == 0 &&
	    getrandom(c.rnd, sizeof(c.rnd), 0) == (ssize_t)sizeof(c.rnd)) {
		c.now = s->now;
		next = c.nnotify > 0 ? c.notify[0].next : -1;
		if (next >= 0 && next <= (long long)s->now)
			ref_decide_digest(&c, &o, key);
		rc = REF_EXIT_OK;
	}
	ref_state_ctx_free(&c, NULL);
	if (rc == REF_EXIT_OK)
		rc = ref_tell_key(fd, key) == -1 ? REF_EXIT_STATE : rc;
	if (rc == REF_EXIT_OK && next >= 0 && next <= (long long)s->now &&
	    ref_state_digest_sent(s, user, next) == -1)
		rc = REF_EXIT_STATE;
	ref_child_event(s, key, &o, rc);
}

/* Reads the key the child tells on fd into key ("" when none). */
static void
ref_read_key(int fd, char key[REF_KEY])
{
	char buf[REF_KEY + 1];
	size_t n = 0;
	ssize_t got;

	while (n < sizeof(buf) && ((got = read(fd, buf + n,
	    sizeof(buf) - n)) > 0 || (got == -1 && errno == EINTR)))
		n += got > 0 ? (size_t)got : 0;
	key[0] = '\0';
	if (n < 2 || buf[n - 1] != '\n' || n - 1 >= REF_KEY)
		return;
	buf[n - 1] = '\0';
	if (strspn(buf, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
	    "0123456789-_") == n - 1)
		memcpy(key, buf, n);
}

/* Starts child(s, fd, arg) in a process of its own under the budget
 * of a decision: its pid in *pid, the read end of the pipe it tells
 * its key on in *fd.  -1 when it cannot be started. */
static int
ref_spawn(struct ref_state *s, void (*child)(struct ref_state *, int,
    const void *), const void *arg, pid_t *pid, int *fd)
{
	int p[2];

	if (pipe(p) == -1)
		return ref_fail(s, 0, "pipe");
	fflush(NULL);
	if ((*pid = fork()) == -1) {
		close(p[0]), close(p[1]);
		return ref_fail(s, 0, "fork");
	}
	if (*pid == 0) {
		close(p[0]);
		ref_limits();
		if (ref_store_reopen(s->st) == -1)
			_exit(REF_EXIT_STATE);
		child(s, p[1], arg);
	}
	close(p[1]);
	*fd = p[0];
	return 0;
}

/* Runs child(s, fd, arg) as ref_spawn does and waits for it: its wait
 * status in *status, the key it told in key.  -1 when it cannot be
 * started. */
static int
ref_fork(struct ref_state *s, void (*child)(struct ref_state *, int,
    const void *), const void *arg, char key[REF_KEY], int *status)
{
	pid_t pid;
	int fd;

	if (ref_spawn(s, child, arg, &pid, &fd) == -1)
		return -1;
	ref_read_key(fd, key);
	close(fd);
	while (waitpid(pid, status, 0) == -1)
		if (errno != EINTR)
			return ref_fail(s, 0, "waitpid");
	return 0;
}

/* Why a decision's process that ended with status failed, into buf. */
static const char *
ref_why_failed(int status, char *buf, size_t size)
{
	int sig = WIFSIGNALED(status) ? WTERMSIG(status) : 0;

	if (sig == SIGXCPU || sig == SIGKILL)
		snprintf(buf, size, "its decision took more than %d s of CPU "
		    "time", REF_CPU_SECONDS);
	else if (sig == SIGALRM)
		snprintf(buf, size, "its decision took more than %d s",
		    REF_WALL_SECONDS);
	else if (sig == SIGXFSZ)
		snprintf(buf, size, "its decision wrote too large a file");
	else if (sig != 0)
		snprintf(buf, size, "its decision crashed (signal %d, %s)", sig,
		    strsignal(sig));
	else if (WEXITSTATUS(status) == REF_EXIT_NOMEM)
		snprintf(buf, size, "its decision ran out of memory");
	else if (WEXITSTATUS(status) == REF_EXIT_FAILED)
		snprintf(buf, size, "its decision failed (a file it could not "
		    "read)");
	else
		snprintf(buf, size, "its decision failed (status %d)",
		    WEXITSTATUS(status));
	return buf;
}

/* Plans a mail set aside without answer: the decision on its header
 * failed too. */
static int
ref_plan_bare(struct ref_state *s, const char *akey, unsigned long uid,
    const char *why)
{
	struct ref_outcome o;

	memset(&o, 0, sizeof(o));
	snprintf(o.summary, sizeof(o.summary), "set aside (%s), uid %lu: not "
	    "answered", why, uid);
	return ref_state_plan(s, akey, uid, &o, 1);
}

/* Marks mail uid done on the server, or deletes its inbox row. */
static int
ref_mail_done(struct ref_state *s, unsigned long uid)
{
	if (uid != 0)
		return ref_state_flag(s, uid, REF_FLAG);
	return ref_store_exec(s->st, "DELETE FROM inbox WHERE key = $1",
	    &DB_T(s->inbox_key), 1, NULL, NULL) == -1 ? -1 : 0;
}

/* Keeps the copy of mail raw (UID uid, raw key akey) set aside for why
 * in the store (ref_aside_copy). */
static int
ref_keep_aside(struct ref_state *s, const char *akey, unsigned long uid,
    const char *why, const char *raw, size_t len)
{
	char *copy;
	size_t n;
	int rc;

	if (ref_aside_copy(&s->players, raw, len, s->aside_head, &copy,
	    &n) == -1) {
		diag_report(s->d, DIAG_NOMEM, NULL);
		return -1;
	}
	rc = ref_state_set_aside(s, akey, uid, why, copy, n, 0);
	free(copy);
	return rc;
}

/* Sets mail raw (UID uid) aside for why, answers it from its header in
 * a child if it can, and finishes it. */
static int
ref_set_aside(struct ref_state *s, unsigned long uid, const char *raw,
    size_t len, const char *why)
{
	char akey[REF_KEY], key[REF_KEY];
	int status;

	if (REF_HASH_MODULE->raw_key(raw, len, akey) == -1) {
		diag_report(s->d, DIAG_NOMEM, NULL);
		return -1;
	}
	struct ref_mail_job mj = { uid, raw, len, why, akey };

	if (ref_keep_aside(s, akey, uid, why, raw, len) == -1 ||
	    ref_fork(s, ref_child, &mj, key, &status) == -1)
		return -1;
	if (WIFEXITED(status) && WEXITSTATUS(status) == REF_EXIT_STATE)
		return -1;
	switch (ref_state_seen(s, akey)) {
	case -1:
		return -1;
	case 0:
		if (ref_plan_bare(s, akey, uid, why) == -1)
			return -1;
	}
	return ref_state_finish(s, akey);
}

/* Whether plan key, made on the lists of generation gen, would
 * write lists that changed since (1, 0, -1). */
static int
ref_plan_stale(struct ref_state *s, const char *key, unsigned long gen)
{
	struct ref_plan p;
	int k, lists = 0;

	if (gen == s->lists_gen)
		return 0;
	if (ref_plan_read(s, key, &p) == -1)
		return -1;
	for (k = 0; k < REF_LISTS; k++)
		lists |= p.list[k].p != NULL;
	ref_plan_free(&p);
	return lists;
}

/* Finishes plan key of a decision made on the lists of generation gen:
 * 0 once applied, 1 when it was dropped unapplied (its board or the
 * lists it writes changed since its decision: the mail is to be
 * decided again), -1. */
static int
ref_finish_plan(struct ref_state *s, const char *key, unsigned long gen)
{
	int rc;

	ref_test_planned(s);
	if ((rc = ref_plan_stale(s, key, gen)) != 0)
		return rc == -1 || ref_state_drop(s, key) == -1 ? -1 : 1;
	if (ref_state_finish(s, key) == -1 || (rc = ref_state_seen(s,
	    key)) == -1)
		return -1;
	return rc == 0;
}

/* What follows the decision of mail mj by a child started at lists
 * generation gen, that told key and ended with status: its plan
 * finished, or the mail set aside when the child failed.  0, 1 when
 * the plan was dropped (ref_finish_plan; or another worker's plan the
 * child found), -1. */
static int
ref_decided(struct ref_state *s, const struct ref_mail_job *mj,
    const char *key, int status, unsigned long gen)
{
	char why[128];
	int seen = 0;

	if (key[0] != '\0' && (seen = ref_state_seen(s, key)) == -1)
		return -1;
	if (seen == 1)
		return ref_state_finish(s, key) == -1 ? -1 :
		    ref_mail_done(s, mj->uid);
	if (seen == 2)
		return ref_finish_plan(s, key, gen);
	if (WIFEXITED(status) && WEXITSTATUS(status) == REF_EXIT_STATE)
		return -1;
	/* the child found another worker's plan, which is gone now,
	 * unapplied (its board changed meanwhile): the mail is decided
	 * again, as when a plan of its own is dropped */
	if (WIFEXITED(status) && WEXITSTATUS(status) == REF_EXIT_OK)
		return 1;
	return ref_set_aside(s, mj->uid, mj->raw, mj->len,
	    ref_why_failed(status, why, sizeof(why)));
}

/* Decides mail raw (UID uid) in a child; finishes its plan, or sets it
 * aside when the child failed.  0, 1 when its plan was dropped (the
 * mail is left to a later run), -1. */
static int
ref_decide_mail(struct ref_state *s, unsigned long uid, const char *raw,
    size_t len)
{
	struct ref_mail_job mj = { uid, raw, len, NULL, NULL };
	char key[REF_KEY];
	int status;

	if (ref_fork(s, ref_child, &mj, key, &status) == -1)
		return -1;
	return ref_decided(s, &mj, key, status, s->lists_gen);
}

/* Processes mail raw[0..len) (UID uid, 0 for an inbox row): 0, 1
 * when its plan was dropped (ref_decide_mail), -1. */
static int
ref_run_raw(struct ref_state *s, unsigned long uid, const char *raw,
    size_t len)
{
	char akey[REF_KEY];
	int seen;

	if (REF_HASH_MODULE->raw_key(raw, len, akey) == -1) {
		diag_report(s->d, DIAG_NOMEM, NULL);
		return -1;
	}
	if ((seen = ref_state_aside_seen(s, akey)) == -1)
		return -1;
	if (seen)
		return uid != 0 ? ref_state_flag(s, uid, REF_FLAG " "
		    REF_FLAG_ASIDE) : ref_mail_done(s, uid);
	if (len > REF_MAIL_MAX)
		return ref_set_aside(s, uid, raw, len, "the mail is larger "
		    "than 1 MiB");
	return ref_decide_mail(s, uid, raw, len);
}

/*
 * The mails of a run, decided s->jobs at once.  A mail whose Subject
 * names a board is decided beside the others unless an earlier mail
 * still waiting or deciding shares its board, its sender's address or
 * the userid its command names: so the mails of one board, of one
 * sender, of one player are decided one after another in their order,
 * each on the board, counts and record the one before left, and a
 * plan is never dropped for its board.  Any other mail (signup,
 * challenge, unreadable, set aside) changes the lists or the next
 * board, which the parallel decisions read: it is decided alone, once
 * every earlier mail is finished, before any later one starts.  A
 * plan that would still write lists changed since its decision (two
 * games ending at once drop their watchers) is dropped, and so is one
 * whose board changed: its mail is then decided again, alone.  Each
 * plan is finished as its child ends.
 *
 * Workers sharing the store claim each mail (its done key) as it
 * starts (ref_store_claim); one another run holds is skipped in this
 * run, and so is every later mail sharing its board, sender or userid
 * (kept in skipped), which that run decides first: so across workers
 * too the mails of one board, sender or player are decided in order.
 */
#define REF_QUEUE 32              /* mails read ahead of the decisions */
#define REF_SKIPPED 32            /* skipped mails kept; more: skip all */

struct ref_queued {
	unsigned long uid;
	char *raw;
	size_t len;
	char inbox[REF_KEY];          /* its inbox row, or "" */
	char key[REF_KEY];            /* its claim: its done key */
	char board[PBEM_WORD], user[PBEM_WORD], addr[MAIL_ADDR_MAX];
	int alone;                    /* decided alone (ref_run_raw) */
	unsigned long gen;            /* s->lists_gen at its decision */
	pid_t pid;                    /* its decision's process, or 0 */
	int fd;                       /* where it tells its key */
};

struct ref_queue {
	struct ref_queued v[REF_QUEUE];
	size_t n, max;                /* max: 1 for --jobs 1 */
	unsigned running;
	struct ref_queued skipped[REF_SKIPPED];  /* their raw NULL */
	size_t nskipped;
};

/* Whether m shares the board, sender or userid of the earlier mail e. */
static int
ref_queued_share(const struct ref_queued *e, const struct ref_queued *m)
{
	return (e->board[0] != '\0' && strcmp(e->board, m->board) == 0) ||
	    (e->addr[0] != '\0' && strcmp(e->addr, m->addr) == 0) ||
	    (e->user[0] != '\0' && strcmp(e->user, m->user) == 0);
}

/* Whether m and the earlier mail e may be decided at once. */
static int
ref_queued_apart(const struct ref_queued *e, const struct ref_queued *m)
{
	return !e->alone && !m->alone && !ref_queued_share(e, m);
}

/* Whether m follows a mail skipped in this run (its board, sender or
 * userid), or too many were skipped to tell. */
static int
ref_queued_behind(const struct ref_queue *q, const struct ref_queued *m)
{
	size_t j;

	for (j = 0; j < q->nskipped; j++)
		if (ref_queued_share(&q->skipped[j], m))
			return 1;
	return q->nskipped == REF_SKIPPED;
}

/* Whether the waiting mail q->v[i] may start now. */
static int
ref_queued_ready(const struct ref_state *s, const struct ref_queue *q,
    size_t i)
{
	size_t j;

	if (q->running >= (s->jobs > 0 ? s->jobs : 1))
		return 0;
	for (j = 0; j < q->n; j++)
		if ((j < i || q->v[j].pid != 0) && j != i &&
		    !ref_queued_apart(&q->v[j], &q->v[i]))
			return 0;
	return 1;
}

/* Removes q->v[i], freeing its mail. */
static void
ref_queue_remove(struct ref_queue *q, size_t i)
{
	free(q->v[i].raw);
	memmove(&q->v[i], &q->v[i + 1], (q->n - i - 1) * sizeof(q->v[0]));
	q->n--;
}

/* Removes q->v[i], left to a later run with the later mails of its
 * board, sender or userid (kept in q->skipped). */
static void
ref_queue_skip(struct ref_queue *q, size_t i)
{
	if (q->nskipped < REF_SKIPPED) {
		q->skipped[q->nskipped] = q->v[i];
		q->skipped[q->nskipped++].raw = NULL;
	}
	ref_queue_remove(q, i);
}

/* Removes q->v[i] after its processing ended with rc, its claim given
 * up unless rc is -1 (the store failed): finished (0), or skipped (1:
 * its plan dropped, decided again by a later run).  0, 1, or -1. */
static int
ref_queue_done(struct ref_state *s, struct ref_queue *q, size_t i, int rc)
{
	if (rc != -1 && ref_store_unclaim(s->st, q->v[i].key) == -1)
		rc = -1;
	if (rc == 1)
		ref_queue_skip(q, i);
	else
		ref_queue_remove(q, i);
	return rc;
}

/* Claims q->v[i] unless it follows a mail skipped; one not claimed is
 * skipped.  1 when claimed, 0, -1. */
static int
ref_queue_claim(struct ref_state *s, struct ref_queue *q, size_t i)
{
	int rc = 0;

	if (!ref_queued_behind(q, &q->v[i]) &&
	    (rc = ref_store_claim(s->st, q->v[i].key, time(NULL))) != 0)
		return rc;
	ref_queue_skip(q, i);
	return 0;
}

/* Starts q->v[i] once claimed: decided alone here and removed, or its
 * child started (the mail was set aside before: flagged here). */
static int
ref_queue_start(struct ref_state *s, struct ref_queue *q, size_t i)
{
	struct ref_queued *m = &q->v[i];
	struct ref_mail_job mj = { m->uid, m->raw, m->len, NULL, NULL };
	char akey[REF_KEY];
	int rc;

	if ((rc = ref_queue_claim(s, q, i)) != 1)
		return rc;
	ref_picture_warm();    /* once a run, not in each mail's child */
	snprintf(s->inbox_key, sizeof(s->inbox_key), "%s", m->inbox);
	if (!m->alone) {
		if (REF_HASH_MODULE->raw_key(m->raw, m->len, akey) == -1) {
			diag_report(s->d, DIAG_NOMEM, NULL);
			return -1;
		}
		if ((rc = ref_state_aside_seen(s, akey)) == -1)
			return -1;
		m->alone = rc;
	}
	if (m->alone) {
		return ref_queue_done(s, q, i, ref_run_raw(s, m->uid, m->raw,
		    m->len));
	}
	m->gen = s->lists_gen;
	if (ref_spawn(s, ref_child, &mj, &m->pid, &m->fd) == -1)
		return -1;
	q->running++;
	return 0;
}

/* Finishes the mail of q whose decision's process ended (flags 0:
 * waits for one; WNOHANG: not); one whose plan was dropped waits to be
 * decided again, alone.  1 when one ended, 0 when none, -1. */
static int
ref_queue_reap(struct ref_state *s, struct ref_queue *q, int flags)
{
	char key[REF_KEY];
	int status, rc;
	pid_t pid;
	size_t i;

	if ((pid = waitpid(-1, &status, flags)) <= 0)
		return pid == 0 || errno == EINTR ? 0 : ref_fail(s, 0,
		    "waitpid");
	for (i = 0; i < q->n && q->v[i].pid != pid; i++)
		;
	if (i == q->n)
		return 1;
	struct ref_queued *m = &q->v[i];
	struct ref_mail_job mj = { m->uid, m->raw, m->len, NULL, NULL };

	ref_read_key(m->fd, key);
	close(m->fd);
	m->pid = 0;
	q->running--;
	snprintf(s->inbox_key, sizeof(s->inbox_key), "%s", m->inbox);
	if ((rc = ref_decided(s, &mj, key, status, m->gen)) == 1)
		m->alone = 1;
	else
		rc = ref_queue_done(s, q, i, rc);
	return rc == -1 ? -1 : 1;
}

/* Starts the first mail of q that may start, else finishes one whose
 * process ended, waiting for one if wait.  1 when one started or
 * ended, 0 when none, -1. */
static int
ref_queue_step(struct ref_state *s, struct ref_queue *q, int wait)
{
	size_t i;

	for (i = 0; i < q->n; i++)
		if (q->v[i].pid == 0 && ref_queued_ready(s, q, i))
			return ref_queue_start(s, q, i) == -1 ? -1 : 1;
	if (q->running == 0)
		return 0;
	return ref_queue_reap(s, q, wait ? 0 : WNOHANG);
}

/* Decides every mail of q, unless rc (the run's so far) is -1; after a
 * failure, waits for the processes running (their plans are finished
 * by the next run) and forgets the rest.  0, or -1. */
static int
ref_queue_drain(struct ref_state *s, struct ref_queue *q, int rc)
{
	while (rc != -1 && q->n > 0)
		rc = ref_queue_step(s, q, 1);
	while (q->n > 0) {
		if (q->v[q->n - 1].pid != 0) {
			close(q->v[q->n - 1].fd);
			while (waitpid(q->v[q->n - 1].pid, NULL, 0) == -1 &&
			    errno == EINTR)
				;
		}
		ref_queue_remove(q, q->n - 1);
	}
	q->running = 0;
	s->inbox_key[0] = '\0';
	return rc == -1 ? -1 : 0;
}

/* Queues mail raw[0..len) (malloc'ed, taken; UID uid, or inbox row
 * inbox), then starts what may start and finishes what ended, waiting
 * while q is full. */
static int
ref_queue_add(struct ref_state *s, struct ref_queue *q, unsigned long uid,
    char *raw, size_t len, const char *inbox)
{
	struct ref_queued *m = &q->v[q->n++];
	struct ref_letter l;
	int rc;

	memset(m, 0, sizeof(*m));
	m->uid = uid;
	m->raw = raw;
	m->len = len;
	snprintf(m->inbox, sizeof(m->inbox), "%s", inbox);
	ref_letter_header(raw, len, &l);
	m->alone = !ref_wanted_board(&l, m->board) || q->max == 1 ||
	    len > REF_MAIL_MAX;
	ref_wanted_counts(&l, m->user, m->addr);
	/* the key the decision finds: of the Message-ID, else the bytes */
	rc = l.m.message_id != NULL && l.m.message_id[0] != '\0' ?
	    REF_HASH_MODULE->key(&l, m->key) :
	    REF_HASH_MODULE->raw_key(raw, len, m->key);
	ref_letter_free(&l);
	if (rc == -1) {
		diag_report(s->d, DIAG_NOMEM, NULL);
		return -1;
	}
	do
		rc = ref_queue_step(s, q, q->n >= q->max);
	while (rc == 1 || (rc == 0 && q->n >= q->max));
	return rc;
}

/* An empty queue for s->jobs decisions at once. */
static struct ref_queue *
ref_queue_new(struct ref_state *s)
{
	static struct ref_queue q;

	memset(&q, 0, sizeof(q));
	q.max = s->jobs > 1 ? REF_QUEUE : 1;
	return &q;
}

/* Fetches mail uid, at most REF_MAIL_MAX + 1 bytes of it, into q. */
static int
ref_run_mail(struct ref_state *s, struct ref_queue *q, unsigned long uid)
{
	struct xfer_buf raw = { NULL, 0 };
	char url[2048];

	snprintf(url, sizeof(url), "%s;UID=%lu;PARTIAL=0.%lu", s->imap, uid,
	    (unsigned long)REF_MAIL_MAX + 1);
	if (XFER_MODULE->get(s->x, url, &raw) == -1) {
		diag_report(s->d, DIAG_TRANSFER, NULL, "imap", s->x->err);
		xfer_buf_free(&raw);
		return -1;
	}
	return ref_queue_add(s, q, uid, raw.data, raw.len, "");
}

/* The mails of the inbox (--deliver), read a batch at a time. */
struct ref_inbox {
	struct {
		char key[REF_KEY];
		char *raw;
		size_t len;
	} v[REF_INBOX_BATCH];
	size_t n;
	long long seq;                /* the last row's, to read on after */
};

static int
ref_inbox_row(void *arg, const struct db_value *col, size_t ncol)
{
	struct ref_inbox *in = arg;

	if (ncol != 3 || in->n >= REF_INBOX_BATCH || col[0].len >= REF_KEY ||
	    (in->v[in->n].raw = malloc(col[1].len + 1)) == NULL)
		return 1;
	memcpy(in->v[in->n].key, col[0].p, col[0].len);
	in->v[in->n].key[col[0].len] = '\0';
	memcpy(in->v[in->n].raw, col[1].p, col[1].len);
	in->v[in->n++].len = col[1].len;
	in->seq = col[2].i;
	return 0;
}

/* Decides the mails of the inbox, the oldest first, up to REF_BATCH;
 * each row is deleted by the transaction that applies its plan.  The
 * rows are read on after the last one read (those skipped stay). */
static int
ref_run_inbox(struct ref_state *s)
{
	static struct ref_inbox in;
	struct ref_queue *q = ref_queue_new(s);
	struct db_value after[2];
	size_t i, done = 0;
	int rc = 0;

	in.seq = -1;
	in.n = 0;
	do {
		after[0] = DB_I(in.seq);
		after[1] = DB_T(in.n > 0 ? in.v[in.n - 1].key : "");
		in.n = 0;
		if (ref_store_exec(s->st, "SELECT key, raw, seq FROM inbox WHERE "
		    "seq > $1 OR (seq = $1 AND key > $2) ORDER BY seq, key "
		    "LIMIT 16", after, 2, ref_inbox_row, &in) == -1)
			return -1;
		for (i = 0; i < in.n; i++)
			if (rc == 0)
				rc = ref_queue_add(s, q, 0, in.v[i].raw,
				    in.v[i].len, in.v[i].key);
			else
				free(in.v[i].raw);
		rc = ref_queue_drain(s, q, rc);
		done += in.n;
	} while (rc == 0 && in.n == REF_INBOX_BATCH && done < REF_BATCH);
	return rc;
}

/* The time pass on board (claimed): judged in a child, its plan
 * finished; a child that fails is logged. */
static int
ref_time_judge(struct ref_state *s, void (*child)(struct ref_state *, int,
    const void *), const char *what)
{
	char key[REF_KEY], why[128];
	int status, seen;

	if (ref_fork(s, child, what, key, &status) == -1)
		return -1;
	if (key[0] != '\0' && (seen = ref_state_seen(s, key)) != 0) {
		if (seen == -1)
			return -1;
		if (seen == 2) {
			ref_test_planned(s);
			ref_picture_warm();  /* more may be due: draw them warm */
		}
		/* seen 1: done by another worker since the child looked;
		 * the plan it may have written goes */
		return ref_state_finish(s, key);
	}
	if (WIFEXITED(status) && WEXITSTATUS(status) == REF_EXIT_STATE)
		return -1;
	if (!WIFEXITED(status) || WEXITSTATUS(status) != REF_EXIT_OK)
		printf("%s %s: no time pass: %s\n", child == ref_child_time ?
		    "board" : "digest of", what, ref_why_failed(status, why,
		    sizeof(why)));
	return 0;
}

/* The events of the time pass: a board's clock (its reminder or
 * forfeit), claimed as "t-BOARD-NEXT_DUE"; a player's digest, claimed
 * as "d-USERID-NEXT". */
static const struct ref_due_kind {
	const char *claim;
	const char *due;          /* SQL: the due time of one ($1) */
	void (*child)(struct ref_state *, int, const void *);
} ref_due_kinds[] = {
	{ "t", "SELECT next_due FROM boards WHERE board = $1",
	    ref_child_time },
	{ "d", "SELECT next_digest FROM notify WHERE userid = $1",
	    ref_child_digest },
};

/* The event of kind k of what (a board, a userid), claimed by one
 * worker, which judges it in a child and finishes its plan (a child
 * that fails is logged and the pass goes on); one another holds is
 * skipped, *skipped counting it. */
static int
ref_event_one(struct ref_state *s, const struct ref_due_kind *k,
    const char *what, size_t *skipped)
{
	char claim[REF_KEY + 24];
	long long due;
	int rc;

	/* the due time in the claim: once a killed run's plan is applied,
	 * the next event is claimed anew */
	if (ref_store_int(s->st, k->due, &DB_T(what), 1, 0, &due) == -1)
		return -1;
	snprintf(claim, sizeof(claim), "%s-%.*s-%lld", k->claim, REF_KEY - 1,
	    what, due);
	if ((rc = ref_store_claim(s->st, claim, time(NULL))) != 1) {
		*skipped += rc == 0;
		return rc;
	}
	rc = ref_time_judge(s, k->child, what);
	return ref_store_unclaim(s->st, claim) == -1 ? -1 : rc;
}

/* The time pass: the boards due (next_due come), then the digests due
 * (next_digest come), one at a time, a batch of them read at a time;
 * each judged moves its due time on.  A batch other workers hold whole
 * ends it. */
static int
ref_time_pass(struct ref_state *s)
{
	static char keys[REF_DUE_BATCH][REF_KEY];
	size_t i, n, judged, skipped, k;
	int rc = 0;

	for (k = 0; rc == 0 && k < 2; k++) {
		judged = 0;
		do {
			if (ref_state_due_list(s, (int)k, keys, REF_DUE_BATCH,
			    &n) == -1)
				return -1;
			for (i = skipped = 0; rc == 0 && i < n; i++)
				rc = ref_event_one(s, &ref_due_kinds[k],
				    keys[i], &skipped);
			judged += n;
		} while (rc == 0 && n == REF_DUE_BATCH && skipped < n &&
		    judged < REF_DUE_MAX);
	}
	return rc;
}

/* Reads the mails of the mailbox not flagged done and processes each
 * one, in the order they came (a player's mails on one board are
 * decided in the order sent); *all 0 when REF_BATCH of them left some
 * unread.  Workers sharing the mailbox all read it from its first
 * mail not done; each mail is decided by the one that claims it
 * (ref_queue_start). */
static int
ref_run_imap(struct ref_state *s, int *all)
{
	static unsigned long uids[REF_BATCH];
	struct xfer_buf out = { NULL, 0 };
	struct ref_queue *q;
	char cmd[64];
	long n, i;
	int rc = 0;

	snprintf(cmd, sizeof(cmd), "UID SEARCH UNKEYWORD %s", REF_FLAG);
	if (XFER_MODULE->command(s->x, s->imap, cmd, &out) == -1) {
		diag_report(s->d, DIAG_TRANSFER, NULL, "imap", s->x->err);
		xfer_buf_free(&out);
		return -1;
	}
	n = ref_search_uids(out.data != NULL ? out.data : "", uids,
	    REF_BATCH);
	xfer_buf_free(&out);
	if (n == -1)
		n = 0;     /* no "* SEARCH" line: nothing new */
	*all = n < REF_BATCH;
	q = ref_queue_new(s);
	for (i = 0; rc == 0 && i < n; i++)
		rc = ref_run_mail(s, q, uids[i]);
	return ref_queue_drain(s, q, rc);
}

int
ref_run(struct ref_state *s)
{
	int all = 1;      /* every mail of the mailbox not flagged read */
	/* the claims whose lease has ended; on SQLite, where runs take
	 * turns (a run's decisions' processes hold its lock too), all */
	time_t end = ref_store_row_locks(s->st) ? time(NULL) : LLONG_MAX;

	if (ref_store_claims_end(s->st, end) == -1 ||
	    ref_state_finish_all(s) == -1)
		return -1;
	ref_state_publish(s);
	if ((s->imap != NULL && ref_run_imap(s, &all) == -1) ||
	    ref_run_inbox(s) == -1 || ref_time_pass(s) == -1)
		return -1;
	ref_state_publish(s);
	if (ref_store_prune(s->st, all, s->aside_keep > 0 ? s->aside_keep :
	    REF_DONE_KEEP) == -1)
		return -1;
	return ref_store_ran(s->st, s->now);
}
