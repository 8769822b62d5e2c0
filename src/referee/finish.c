/*
 * finish.c - carrying out the plan of a mail (see state.h): the new
 * files renamed into place, the mail recorded done and flagged on the
 * server, then its replies sent through transport.h, each removed once
 * sent or dropped, or kept with the time of its next attempt.
 */
#include <sys/stat.h>

#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "base/fileio.h"
#include "base/util.h"
#include "referee/state.h"

/* What became of a reply handed to the submission server. */
enum ref_sent {
	REF_SENT,
	REF_DEFER,        /* 4xx for this reply: try again later */
	REF_DROP,         /* 5xx for this reply: never */
	REF_DOWN          /* the server is unreachable or refuses us */
};

/* Renames entry file name into place at dst (in directory dstdir):
 * 1; nothing when it is gone already (applied by an earlier run): 0;
 * -1 after reporting. */
static int
ref_apply_file(struct ref_state *s, const char *entry, const char *name,
    const char *dst, const char *dstdir)
{
	char src[REF_PATH];

	snprintf(src, sizeof(src), "%.4000s/%s", entry, name);
	if (access(src, F_OK) == -1)
		return 0;
	if (rename(src, dst) == -1 || fileio_sync_dir(dstdir) == -1)
		return ref_fail(s, 1, dst);
	return 1;
}

/* The board of the entry's record into buf (PBEM_WORD bytes): 1, 0
 * when it has none, -1 after reporting a bad one. */
static int
ref_entry_board(struct ref_state *s, const char *entry, char *buf)
{
	char path[REF_PATH], *board;

	snprintf(path, sizeof(path), "%.4000s/board", entry);
	if ((board = ref_read(path, NULL, PBEM_WORD)) == NULL)
		return 0;
	board[strcspn(board, "\n")] = '\0';
	snprintf(buf, PBEM_WORD, "%s", board);
	free(board);
	if (!ref_board_ok(buf)) {
		diag_report(s->d, DIAG_BAD_TAG, NULL, "a queued board");
		return -1;
	}
	return 1;
}

/* Puts the entry's record and conditional moves into place, and its
 * game page in publish/ (replacing an older page of the board, and its
 * attempts). */
static int
ref_apply_record(struct ref_state *s, const char *entry)
{
	char dst[REF_PATH], dir[REF_PATH], board[PBEM_WORD];
	char name[PBEM_WORD + 8];
	int rc;

	if ((rc = ref_entry_board(s, entry, board)) <= 0)
		return rc;
	snprintf(name, sizeof(name), "%s.pdn", board);
	if (ref_apply_file(s, entry, "record", ref_path(dst, s, "games",
	    name), ref_path(dir, s, "games", NULL)) == -1 ||
	    ref_apply_file(s, entry, "cond", ref_path(dst, s, "cond", board),
	    ref_path(dir, s, "cond", NULL)) == -1)
		return -1;
	snprintf(name, sizeof(name), "%s.html", board);
	if ((rc = ref_apply_file(s, entry, "page", ref_path(dst, s,
	    "publish", name), ref_path(dir, s, "publish", NULL))) == 1) {
		snprintf(name, sizeof(name), "%s.try", board);
		unlink(ref_path(dst, s, "publish", name));
	}
	return rc == -1 ? -1 : 0;
}

/* Puts the entry's counts (count.NAME) into place as counts/NAME. */
static int
ref_apply_counts(struct ref_state *s, const char *entry)
{
	char dst[REF_PATH], dir[REF_PATH];
	struct dirent *e;
	DIR *dp;
	int rc = 0;

	if ((dp = opendir(entry)) == NULL)
		return 0;
	ref_path(dir, s, "counts", NULL);
	while (rc != -1 && (e = readdir(dp)) != NULL)
		if (strncmp(e->d_name, "count.", 6) == 0)
			rc = ref_apply_file(s, entry, e->d_name, ref_path(dst,
			    s, "counts", e->d_name + 6), dir);
	closedir(dp);
	return rc == -1 ? -1 : 0;
}

/* Puts the entry's record, lists and counts into place; reads the
 * lists again when one changed. */
static int
ref_apply(struct ref_state *s, const char *entry)
{
	static const char *const lists[] = { "players", "pending",
	    "challenges", "watchers", "last-board" };
	char dst[REF_PATH];
	size_t i;
	int n, changed = 0;

	if (ref_apply_record(s, entry) == -1)
		return -1;
	for (i = 0; i < sizeof(lists) / sizeof(lists[0]); i++) {
		if ((n = ref_apply_file(s, entry, lists[i], ref_path(dst, s,
		    lists[i], NULL), s->dir)) == -1)
			return -1;
		changed += n;
	}
	if (ref_apply_counts(s, entry) == -1)
		return -1;
	return changed > 0 ? ref_state_load(s) : 0;
}

/* Records mail KEY done (its summary as content) and prints the
 * summary, the first time. */
static int
ref_done(struct ref_state *s, const char *entry, const char *key)
{
	char path[REF_PATH], src[REF_PATH], *sum;

	snprintf(src, sizeof(src), "%.4000s/summary", entry);
	ref_path(path, s, "done", key);
	if ((sum = ref_read(src, NULL, 4096)) != NULL) {
		if (rename(src, path) == -1) {
			free(sum);
			return ref_fail(s, 1, path);
		}
		printf("%s\n", sum);
		free(sum);
	} else if (access(path, F_OK) == -1 && ref_write(s, path, "", 0) == -1)
		return -1;
	if (fileio_sync_dir(ref_path(path, s, "done", NULL)) == -1)
		return ref_fail(s, 1, path);
	return 0;
}

int
ref_state_flag(struct ref_state *s, unsigned long uid, const char *flags)
{
	struct xfer_buf out = { NULL, 0 };
	char cmd[128];
	int rc;

	snprintf(cmd, sizeof(cmd), "UID STORE %lu +FLAGS (%.64s)", uid, flags);
	if ((rc = XFER_MODULE->command(s->x, s->imap, cmd, &out)) == -1)
		diag_report(s->d, DIAG_TRANSFER, NULL, "imap", s->x->err);
	xfer_buf_free(&out);
	return rc;
}

/* Flags the entry's mail (its uid file, removed once flagged). */
static int
ref_flag_entry(struct ref_state *s, const char *entry)
{
	char path[REF_PATH], fpath[REF_PATH], *uidtext, *flags;
	unsigned long uid = 0;
	int rc;

	snprintf(path, sizeof(path), "%.4000s/uid", entry);
	if ((uidtext = ref_read(path, NULL, 64)) == NULL)
		return 0;
	uidtext[strcspn(uidtext, "\n")] = '\0';
	util_parse_ulong(uidtext, 1, ULONG_MAX - 1, &uid);
	free(uidtext);
	snprintf(fpath, sizeof(fpath), "%.4000s/flags", entry);
	flags = ref_read(fpath, NULL, 128);
	rc = uid != 0 ? ref_state_flag(s, uid, flags != NULL ? flags :
	    REF_FLAG) : 0;
	free(flags);
	if (rc == 0 && unlink(path) == -1)
		return ref_fail(s, 1, path);
	return rc;
}

/* What the failure of a send in s->x means for its reply: a server
 * that never answered (no reply code), refused the login or the
 * referee's own address is down for every reply; one that failed after
 * answering (a connection broken during DATA, a 4xx) failed this reply,
 * which waits while the others go. */
static enum ref_sent
ref_send_class(const struct xfer *x)
{
	const char *rcpt = strstr(x->err, "RCPT failed: ");
	long c = x->code;

	if (rcpt != NULL)
		return rcpt[13] == '5' ? REF_DROP : REF_DEFER;
	if (c == 0 || c == 421 || c == 454 || (c >= 530 && c <= 535) ||
	    strstr(x->err, "MAIL failed") != NULL ||
	    strstr(x->err, "uthentication") != NULL)
		return REF_DOWN;
	return c >= 500 ? REF_DROP : REF_DEFER;
}

/* The names of reply n of entry: its text, recipients, attempts. */
struct ref_reply {
	char eml[REF_PATH], rcpt[REF_PATH], try[REF_PATH];
	char to[2 * MAIL_ADDR_MAX + 4];
};

static void
ref_reply_names(struct ref_reply *r, const char *entry, size_t n)
{
	snprintf(r->eml, sizeof(r->eml), "%.4000s/mail-%zu.eml", entry, n);
	snprintf(r->rcpt, sizeof(r->rcpt), "%.4000s/mail-%zu.rcpt", entry, n);
	snprintf(r->try, sizeof(r->try), "%.4000s/mail-%zu.try", entry, n);
}

/* Removes reply r (sent or dropped). */
static int
ref_reply_gone(struct ref_state *s, const struct ref_reply *r)
{
	unlink(r->try);
	if ((unlink(r->eml) == -1 && errno != ENOENT) ||
	    (unlink(r->rcpt) == -1 && errno != ENOENT))
		return ref_fail(s, 1, r->eml);
	return 0;
}

/* Drops reply r with a log line saying why. */
static int
ref_drop(struct ref_state *s, const struct ref_reply *r, const char *why)
{
	char q1[300], q2[600];

	printf("reply to %s dropped: %s\n", util_quote(r->to, q1, sizeof(q1)),
	    util_quote(why, q2, sizeof(q2)));
	return ref_reply_gone(s, r);
}

/* Writes into the attempts file path the tries-th failed attempt at
 * now: the next after 1, 2, 4... minutes, an hour at most; returns the
 * wait, or -1 after reporting. */
static time_t
ref_backoff(struct ref_state *s, const char *path, unsigned long tries,
    time_t now)
{
	char line[64];
	time_t wait = 60;
	unsigned long k;

	for (k = tries; k > 1 && wait < 3600; k--)
		wait *= 2;
	if (wait > 3600)
		wait = 3600;
	snprintf(line, sizeof(line), "%lu %lld\n", tries, (long long)(now +
	    wait));
	return ref_write(s, path, line, strlen(line)) == -1 ? -1 : wait;
}

/* Defers reply r. */
static int
ref_defer(struct ref_state *s, const struct ref_reply *r,
    unsigned long tries, time_t now)
{
	char q1[300], q2[600];
	time_t wait;

	if ((wait = ref_backoff(s, r->try, tries, now)) == -1)
		return -1;
	printf("reply to %s deferred (next attempt in %lld min): %s\n",
	    util_quote(r->to, q1, sizeof(q1)), (long long)wait / 60,
	    util_quote(s->x->err, q2, sizeof(q2)));
	return 0;
}

/* Reads the recipients of r (one per line) into r->to and rv. */
static size_t
ref_reply_rcpt(struct ref_reply *r, char *rv[2], const char *text)
{
	char *nl;
	size_t nr = 0;

	snprintf(r->to, sizeof(r->to), "%s", text);
	for (nl = r->to; *nl != '\0' && nr < 2; nl++) {
		rv[nr++] = nl;
		if ((nl = strchr(nl, '\n')) == NULL)
			break;
		*nl = '\0';
	}
	return nr;
}

/* Whether what the attempts file path counts is due at now; *tries:
 * the attempts made. */
static int
ref_due(const char *path, time_t now, unsigned long *tries)
{
	char *text = ref_read(path, NULL, 64);
	unsigned long n = 0;
	long long next = 0;

	*tries = 0;
	if (text == NULL)
		return 1;
	if (sscanf(text, "%lu %lld", &n, &next) == 2)
		*tries = n;
	free(text);
	return next <= (long long)now;
}

/* Whether no submission server is left to try in this run. */
static int
ref_smtp_gone(const struct ref_state *s)
{
	return s->smtp_down == (1u << s->nsmtp) - 1;
}

/* Offers text[0..len) for the nr recipients rv to the submission
 * servers in their order (state.h): REF_SENT; REF_DROP when one refused
 * it for good; REF_DEFER when one deferred it, else REF_DOWN (s->x->err
 * says the last failure). */
static enum ref_sent
ref_send_first(struct ref_state *s, const char *const *rv, size_t nr,
    const char *text, size_t len)
{
	enum ref_sent how;
	char q[600];
	int deferred = 0;
	size_t i;

	for (i = 0; i < s->nsmtp; i++) {
		if (s->smtp_down & (1u << i))
			continue;
		if (XFER_MODULE->send(s->x, s->smtp[i], s->address, rv, nr,
		    text, len) == 0)
			return REF_SENT;
		if ((how = ref_send_class(s->x)) == REF_DROP)
			return how;
		deferred |= how == REF_DEFER;
		if (how == REF_DOWN)
			s->smtp_down |= 1u << i;
		if (how == REF_DOWN && !ref_smtp_gone(s))
			printf("smtp server %zu of %zu not tried again in "
			    "this run: %s\n", i + 1, s->nsmtp,
			    util_quote(s->x->err, q, sizeof(q)));
	}
	return deferred ? REF_DEFER : REF_DOWN;
}

/* Sends reply r (text[0..len)), whose age is age. */
static int
ref_send_reply(struct ref_state *s, struct ref_reply *r, const char *text,
    size_t len, unsigned long tries, time_t age)
{
	char *rv[2], *rcpt;
	size_t nr;

	if ((rcpt = ref_read(r->rcpt, NULL, 4096)) == NULL)
		return ref_fail(s, 0, r->rcpt);
	nr = ref_reply_rcpt(r, rv, rcpt);
	free(rcpt);
	if (age > REF_REPLY_TTL)
		return ref_drop(s, r, "undelivered for 3 days");
	switch (ref_send_first(s, (const char *const *)rv, nr, text, len)) {
	case REF_SENT:
		return ref_reply_gone(s, r);
	case REF_DROP:
		return ref_drop(s, r, s->x->err);
	case REF_DEFER:
		return ref_defer(s, r, tries + 1, time(NULL));
	default:
		diag_report(s->d, DIAG_TRANSFER, NULL, "smtp", s->x->err);
		return 0;
	}
}

/* Sends reply n of the entry if it is there and due. */
static int
ref_send_one(struct ref_state *s, const char *entry, size_t n)
{
	struct ref_reply r;
	unsigned long tries;
	struct stat st;
	time_t now = time(NULL);
	char *text;
	size_t len;
	int rc;

	ref_reply_names(&r, entry, n);
	if (stat(r.eml, &st) == -1 || !ref_due(r.try, now, &tries))
		return 0;
	if ((text = ref_read(r.eml, &len, 64u * 1024 * 1024)) == NULL)
		return ref_fail(s, 0, r.eml);
	rc = ref_send_reply(s, &r, text, len, tries, now - st.st_mtime);
	free(text);
	return rc;
}

/* Whether the entry has no reply left. */
static int
ref_entry_empty(const char *entry)
{
	char path[REF_PATH];
	size_t n;

	for (n = 1; n <= REF_MAILS; n++) {
		snprintf(path, sizeof(path), "%.4000s/mail-%zu.eml", entry, n);
		if (access(path, F_OK) == 0)
			return 0;
	}
	return 1;
}

int
ref_state_finish(struct ref_state *s, const char *key)
{
	char entry[REF_PATH];
	size_t n;

	ref_path(entry, s, "queue", key);
	if (access(entry, F_OK) == -1)
		return 0;
	if (ref_apply(s, entry) == -1)
		return -1;
	if (s->crash != NULL && strcmp(s->crash, "apply") == 0)
		_exit(99);
	if (ref_done(s, entry, key) == -1 || ref_flag_entry(s, entry) == -1)
		return -1;
	for (n = 1; n <= REF_MAILS && !ref_smtp_gone(s); n++)
		if (ref_send_one(s, entry, n) == -1)
			return -1;
	if (ref_entry_empty(entry))
		ref_rmdir(entry);
	return 0;
}

int
ref_state_finish_all(struct ref_state *s)
{
	char path[REF_PATH], key[REF_KEY];
	struct dirent *e;
	DIR *dp;
	int rc = 0;

	if ((dp = opendir(ref_path(path, s, "queue", NULL))) == NULL)
		return ref_fail(s, 0, path);
	while (rc == 0 && (e = readdir(dp)) != NULL) {
		if (e->d_name[0] == '.' || strlen(e->d_name) >= REF_KEY)
			continue;
		snprintf(key, sizeof(key), "%.47s", e->d_name);
		rc = ref_state_finish(s, key);
	}
	closedir(dp);
	return rc;
}

/* The URL of board's FILE (ext "html" or "pdn") under the prefix. */
static void
ref_publish_url(const struct ref_state *s, const char *board,
    const char *ext, char *buf, size_t size)
{
	size_t n = strlen(s->publish);

	snprintf(buf, size, "%s%s%s.%s", s->publish, n > 0 &&
	    s->publish[n - 1] == '/' ? "" : "/", board, ext);
}

/* PUTs the file path to board's URL of ext; -1 when it fails. */
static int
ref_publish_file(struct ref_state *s, const char *path, const char *board,
    const char *ext)
{
	char url[REF_PATH], *data;
	size_t len;
	int rc;

	if ((data = ref_read(path, &len, 64u * 1024 * 1024)) == NULL) {
		snprintf(s->px->err, sizeof(s->px->err), "%s: %s", path,
		    strerror(errno));
		return -1;
	}
	ref_publish_url(s, board, ext, url, sizeof(url));
	rc = XFER_MODULE->put(s->px, url, data, len);
	free(data);
	return rc;
}

/* Publishes the page of board, when due: the page and the record, then
 * the page removed; else its attempts counted, a log line. */
static void
ref_publish_one(struct ref_state *s, const char *board)
{
	char page[REF_PATH], try[REF_PATH], rec[REF_PATH], name[PBEM_WORD + 8];
	char url[REF_PATH], q[600];
	unsigned long tries;
	time_t now = time(NULL), wait;

	snprintf(name, sizeof(name), "%s.html", board);
	ref_path(page, s, "publish", name);
	snprintf(name, sizeof(name), "%s.try", board);
	ref_path(try, s, "publish", name);
	snprintf(name, sizeof(name), "%s.pdn", board);
	ref_path(rec, s, "games", name);
	if (!ref_due(try, now, &tries))
		return;
	if (ref_publish_file(s, page, board, "html") == 0 &&
	    ref_publish_file(s, rec, board, "pdn") == 0) {
		unlink(page);
		unlink(try);
		ref_publish_url(s, board, "html", url, sizeof(url));
		printf("board %s published: %s\n", board, url);
		return;
	}
	if ((wait = ref_backoff(s, try, tries + 1, now)) == -1)
		return;
	printf("board %s not published (next attempt in %lld min): %s\n",
	    board, (long long)wait / 60, util_quote(s->px->err, q,
	    sizeof(q)));
}

void
ref_state_publish(struct ref_state *s)
{
	char path[REF_PATH], board[PBEM_WORD];
	struct dirent *e;
	size_t n;
	DIR *dp;

	if (s->publish == NULL || (dp = opendir(ref_path(path, s, "publish",
	    NULL))) == NULL)
		return;
	while ((e = readdir(dp)) != NULL) {
		n = strlen(e->d_name);
		if (n <= 5 || n - 5 >= sizeof(board) ||
		    strcmp(e->d_name + n - 5, ".html") != 0)
			continue;
		memcpy(board, e->d_name, n - 5);
		board[n - 5] = '\0';
		if (ref_board_ok(board))
			ref_publish_one(s, board);
	}
	closedir(dp);
}
