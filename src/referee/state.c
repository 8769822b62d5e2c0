/*
 * state.c - the referee's state directory and journal (see
 * state.h): files written whole and synced, renames into
 * place, replies sent through transport.h and removed once sent.
 */
#include <sys/file.h>
#include <sys/stat.h>

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/fileio.h"
#include "base/util.h"
#include "referee/state.h"

#define REF_PATH 4096

/* Writes DIR/a[/b] into buf. */
static const char *
ref_path(char *buf, const struct ref_state *s, const char *a,
    const char *b)
{
	snprintf(buf, REF_PATH, "%.3800s/%.10s%s%.200s", s->dir, a,
	    b != NULL ? "/" : "", b != NULL ? b : "");
	return buf;
}

/* Reports that path cannot be read, or written: "PATH: strerror". */
static int
ref_fail(struct ref_state *s, int writing, const char *path)
{
	char what[REF_PATH + 128];

	snprintf(what, sizeof(what), "%s: %s", path, strerror(errno));
	if (writing)
		diag_report(s->d, DIAG_WRITE, NULL, what);
	else
		diag_report(s->d, DIAG_READ, NULL, what);
	return -1;
}

/* Reads path whole; NULL (errno set) when it cannot. */
static char *
ref_read(const char *path, size_t *len)
{
	char *buf = NULL;
	size_t cap = 0, n = 0, got;
	FILE *f;

	if ((f = fopen(path, "rb")) == NULL)
		return NULL;
	do {
		if (n + 4097 > cap) {
			char *nb = realloc(buf, cap = cap * 2 + 8192);
			if (nb == NULL) {
				free(buf);
				fclose(f);
				return NULL;
			}
			buf = nb;
		}
		got = fread(buf + n, 1, 4096, f);
		n += got;
	} while (got > 0);
	fclose(f);
	buf[n] = '\0';
	if (len != NULL)
		*len = n;
	return buf;
}

/* The bytes to write with fileio_write_atomic. */
struct ref_bytes {
	const char *data;
	size_t len;
};

static int
ref_write_bytes(FILE *out, void *ctx)
{
	const struct ref_bytes *b = ctx;

	return fwrite(b->data, 1, b->len, out) == b->len ? 0 : -1;
}

static int
ref_write(struct ref_state *s, const char *path, const char *data,
    size_t len)
{
	struct ref_bytes b = { data, len };

	return fileio_write_atomic(path, ref_write_bytes, &b, s->d);
}

static int
ref_load_players(struct ref_state *s)
{
	char path[REF_PATH], *text;
	const char *why;

	ref_players_free(&s->players);
	if ((text = ref_read(ref_path(path, s, "players", NULL), NULL)) ==
	    NULL)
		return errno == ENOENT ? 0 : ref_fail(s, 0, path);
	if (ref_players_parse(text, &s->players, &why) == -1) {
		diag_report(s->d, DIAG_SYNTAX, NULL, "a players file", why);
		free(text);
		return -1;
	}
	free(text);
	return 0;
}

int
ref_state_open(struct ref_state *s)
{
	static const char *const sub[] = { "games", "queue", "done" };
	char path[REF_PATH];
	size_t i;

	s->lockfd = -1;
	if (mkdir(s->dir, 0700) == -1 && errno != EEXIST)
		return ref_fail(s, 1, s->dir);
	for (i = 0; i < sizeof(sub) / sizeof(sub[0]); i++)
		if (mkdir(ref_path(path, s, sub[i], NULL), 0700) == -1 &&
		    errno != EEXIST)
			return ref_fail(s, 1, path);
	s->lockfd = open(ref_path(path, s, "lock", NULL),
	    O_RDWR | O_CREAT | O_CLOEXEC, 0600);
	if (s->lockfd == -1 || flock(s->lockfd, LOCK_EX) == -1)
		return ref_fail(s, 1, path);
	return ref_load_players(s);
}

void
ref_state_close(struct ref_state *s)
{
	if (s->lockfd != -1)
		close(s->lockfd);
	s->lockfd = -1;
	ref_players_free(&s->players);
}

int
ref_state_seen(const struct ref_state *s, const char *key)
{
	char path[REF_PATH];

	if (access(ref_path(path, s, "done", key), F_OK) == 0)
		return 1;
	if (access(ref_path(path, s, "queue", key), F_OK) == 0)
		return 2;
	return 0;
}

unsigned long
ref_state_next_board(const struct ref_state *s)
{
	char path[REF_PATH], num[32];
	unsigned long max = 0, v;
	struct dirent *e;
	size_t n;
	DIR *dp;

	if ((dp = opendir(ref_path(path, s, "games", NULL))) == NULL)
		return 1;
	while ((e = readdir(dp)) != NULL) {
		n = strlen(e->d_name);
		if (n < 5 || n - 4 >= sizeof(num) ||
		    strcmp(e->d_name + n - 4, ".pdn") != 0)
			continue;
		memcpy(num, e->d_name, n - 4);
		num[n - 4] = '\0';
		if (util_parse_ulong(num, 1, ULONG_MAX - 1, &v) == 0 &&
		    v > max)
			max = v;
	}
	closedir(dp);
	return max + 1;
}

char *
ref_state_record(const struct ref_state *s, const char *board,
    size_t *len)
{
	char path[REF_PATH], name[PBEM_WORD + 8];

	if (!ref_board_ok(board))
		return NULL;
	snprintf(name, sizeof(name), "%s.pdn", board);
	return ref_read(ref_path(path, s, "games", name), len);
}

/* Writes the replies of o into the entry directory dir. */
static int
ref_plan_mails(struct ref_state *s, const char *dir,
    const struct ref_outcome *o)
{
	char path[REF_PATH], rcpt[2 * MAIL_ADDR_MAX + 4];
	size_t i, k;

	for (i = 0; i < o->nmail; i++) {
		rcpt[0] = '\0';
		for (k = 0; k < o->mail[i].nrcpt; k++) {
			strcat(rcpt, o->mail[i].rcpt[k]);
			strcat(rcpt, "\n");
		}
		snprintf(path, sizeof(path), "%.4000s/mail-%zu.rcpt", dir, i + 1);
		if (ref_write(s, path, rcpt, strlen(rcpt)) == -1)
			return -1;
		snprintf(path, sizeof(path), "%.4000s/mail-%zu.eml", dir, i + 1);
		if (ref_write(s, path, o->mail[i].text, o->mail[i].len) == -1)
			return -1;
	}
	return 0;
}

/* Writes the files of the entry into dir. */
static int
ref_plan_files(struct ref_state *s, const char *dir, unsigned long uid,
    const struct ref_outcome *o)
{
	char path[REF_PATH], num[32];

	snprintf(num, sizeof(num), "%lu\n", uid);
	snprintf(path, sizeof(path), "%.4000s/uid", dir);
	if (ref_write(s, path, num, strlen(num)) == -1)
		return -1;
	snprintf(path, sizeof(path), "%.4000s/summary", dir);
	if (ref_write(s, path, o->summary, strlen(o->summary)) == -1)
		return -1;
	if (o->record != NULL) {
		snprintf(path, sizeof(path), "%.4000s/board", dir);
		if (ref_write(s, path, o->board, strlen(o->board)) == -1)
			return -1;
		snprintf(path, sizeof(path), "%.4000s/record", dir);
		if (ref_write(s, path, o->record, o->record_len) == -1)
			return -1;
	}
	snprintf(path, sizeof(path), "%.4000s/players", dir);
	if (o->players != NULL &&
	    ref_write(s, path, o->players, o->players_len) == -1)
		return -1;
	return ref_plan_mails(s, dir, o);
}

/* Removes the directory dir and the files in it. */
static void
ref_rmdir(const char *dir)
{
	char path[REF_PATH];
	struct dirent *e;
	DIR *dp;

	if ((dp = opendir(dir)) == NULL)
		return;
	while ((e = readdir(dp)) != NULL)
		if (e->d_name[0] != '.') {
			snprintf(path, sizeof(path), "%.3800s/%.255s", dir,
			    e->d_name);
			unlink(path);
		}
	closedir(dp);
	rmdir(dir);
}

int
ref_state_plan(struct ref_state *s, const char *key, unsigned long uid,
    const struct ref_outcome *o)
{
	char tmp[REF_PATH], dst[REF_PATH], name[REF_KEY + 8];

	snprintf(name, sizeof(name), ".new-%s", key);
	ref_path(tmp, s, "queue", name);
	ref_rmdir(tmp);
	if (mkdir(tmp, 0700) == -1)
		return ref_fail(s, 1, tmp);
	if (ref_plan_files(s, tmp, uid, o) == -1 || fileio_sync_dir(tmp) == -1)
		return ref_rmdir(tmp), -1;
	if (rename(tmp, ref_path(dst, s, "queue", key)) == -1 ||
	    fileio_sync_dir(ref_path(tmp, s, "queue", NULL)) == -1)
		return ref_fail(s, 1, dst);
	return 0;
}

/* Renames entry file name into place at dst (in directory dstdir);
 * nothing when it is gone already (applied by an earlier run). */
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
	return 0;
}

/* Puts the entry's record and players file into place. */
static int
ref_apply(struct ref_state *s, const char *entry)
{
	char path[REF_PATH], dst[REF_PATH], dir[REF_PATH], *board;
	char name[PBEM_WORD + 8];

	snprintf(path, sizeof(path), "%.4000s/board", entry);
	if ((board = ref_read(path, NULL)) != NULL) {
		board[strcspn(board, "\n")] = '\0';
		snprintf(name, sizeof(name), "%.*s.pdn", PBEM_WORD - 1, board);
		if (!ref_board_ok(board)) {
			free(board);
			diag_report(s->d, DIAG_BAD_TAG, NULL, "a queued board");
			return -1;
		}
		free(board);
		if (ref_apply_file(s, entry, "record", ref_path(dst, s,
		    "games", name), ref_path(dir, s, "games", NULL)) == -1)
			return -1;
	}
	if (ref_apply_file(s, entry, "players", ref_path(dst, s, "players",
	    NULL), s->dir) == -1)
		return -1;
	return ref_load_players(s);
}

/* Whether a send failure names a recipient the server refuses for
 * good (libcurl: "RCPT failed: 550"): that reply is dropped so that one
 * bad address cannot block the queue. */
static int
ref_refused_rcpt(const char *err)
{
	const char *p = strstr(err, "RCPT failed: ");

	return p != NULL && p[13] == '5';
}

/* Sends reply n of the entry if it is still there, then removes it. */
static int
ref_send_one(struct ref_state *s, const char *entry, size_t n)
{
	char eml[REF_PATH], rc_path[REF_PATH], *text, *rcpt, *rv[2], *nl;
	size_t len, nr = 0;
	int rc;

	snprintf(eml, sizeof(eml), "%.4000s/mail-%zu.eml", entry, n);
	snprintf(rc_path, sizeof(rc_path), "%.4000s/mail-%zu.rcpt", entry, n);
	if ((text = ref_read(eml, &len)) == NULL)
		return 0;
	if ((rcpt = ref_read(rc_path, NULL)) == NULL) {
		free(text);
		return ref_fail(s, 0, rc_path);
	}
	for (nl = rcpt; *nl != '\0' && nr < 2; nl++) {
		rv[nr++] = nl;
		if ((nl = strchr(nl, '\n')) == NULL)
			break;
		*nl = '\0';
	}
	rc = xfer_send(s->x, s->smtp, s->address, (const char *const *)rv,
	    nr, text, len);
	if (rc == -1 && ref_refused_rcpt(s->x->err)) {
		fprintf(stderr, "stackref: referee: reply to %s dropped: %s\n",
		    rv[0], s->x->err);
		rc = 0;
	} else if (rc == -1)
		diag_report(s->d, DIAG_TRANSFER, NULL, "smtp", s->x->err);
	if (rc == 0 && (unlink(eml) == -1 || unlink(rc_path) == -1))
		rc = ref_fail(s, 1, eml);
	free(text);
	free(rcpt);
	return rc;
}

int
ref_state_flag(struct ref_state *s, unsigned long uid)
{
	struct xfer_buf out = { NULL, 0 };
	char cmd[128];
	int rc;

	snprintf(cmd, sizeof(cmd), "UID STORE %lu +FLAGS (%s)", uid,
	    REF_FLAG);
	if ((rc = xfer_command(s->x, s->imap, cmd, &out)) == -1)
		diag_report(s->d, DIAG_TRANSFER, NULL, "imap", s->x->err);
	xfer_buf_free(&out);
	return rc;
}

/* Records mail KEY done (its summary as content) and prints the
 * summary. */
static int
ref_done(struct ref_state *s, const char *entry, const char *key)
{
	char path[REF_PATH], src[REF_PATH];

	snprintf(src, sizeof(src), "%.4000s/summary", entry);
	if (rename(src, ref_path(path, s, "done", key)) == -1 &&
	    (errno != ENOENT || ref_write(s, path, "", 0) == -1))
		return ref_fail(s, 1, path);
	if (fileio_sync_dir(ref_path(path, s, "done", NULL)) == -1)
		return ref_fail(s, 1, path);
	return 0;
}

int
ref_state_finish(struct ref_state *s, const char *key)
{
	char entry[REF_PATH], path[REF_PATH], *uidtext, *sum;
	unsigned long uid = 0;
	size_t n;

	ref_path(entry, s, "queue", key);
	if (ref_apply(s, entry) == -1)
		return -1;
	if (s->crash != NULL && strcmp(s->crash, "apply") == 0)
		_exit(99);
	for (n = 1; n <= REF_MAILS; n++)
		if (ref_send_one(s, entry, n) == -1)
			return -1;
	snprintf(path, sizeof(path), "%.4000s/uid", entry);
	if ((uidtext = ref_read(path, NULL)) != NULL) {
		uidtext[strcspn(uidtext, "\n")] = '\0';
		util_parse_ulong(uidtext, 1, ULONG_MAX - 1, &uid);
		free(uidtext);
	}
	snprintf(path, sizeof(path), "%.4000s/summary", entry);
	if ((sum = ref_read(path, NULL)) != NULL)
		printf("%s\n", sum);
	free(sum);
	if (ref_done(s, entry, key) == -1)
		return -1;
	ref_rmdir(entry);
	return uid != 0 ? ref_state_flag(s, uid) : 0;
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
