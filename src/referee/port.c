/*
 * port.c - a store to and from a state directory (port.h).
 */
#include <sys/stat.h>

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "base/fileio.h"
#include "base/util.h"
#include "referee/port.h"

#define REF_PORT_MAX (64u * 1024 * 1024)   /* a file read */

static const char *const ref_port_dirs[] = { "games", "cond", "counts",
    "done", "aside", "publish", "queue" };
static const char *const ref_port_lists[REF_LISTS] = { "players",
    "pending", "challenges", "watchers" };

/* Whether name is safe as a file name here: [A-Za-z0-9_.-], no dot
 * first, shorter than REF_KEY + 8. */
static int
ref_port_name_ok(const char *name)
{
	size_t n = strlen(name);

	return n > 0 && n < REF_KEY + 8 && name[0] != '.' &&
	    strspn(name, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
	    "0123456789_.-") == n;
}

/* DIR/a[/b][/c] into buf (REF_PATH bytes). */
static const char *
ref_port_path(char *buf, const char *dir, const char *a, const char *b,
    const char *c)
{
	snprintf(buf, REF_PATH, "%.3000s/%s%s%.200s%s%.200s", dir, a,
	    b != NULL ? "/" : "", b != NULL ? b : "", c != NULL ? "/" : "",
	    c != NULL ? c : "");
	return buf;
}

/* A file read whole (NUL-ended), its time into *mtime; NULL when it is
 * not there (errno ENOENT) or cannot be read. */
static char *
ref_port_read(const char *path, size_t *len, time_t *mtime)
{
	struct stat st;
	char *text;
	size_t n;
	FILE *f;

	if ((f = fopen(path, "rb")) == NULL)
		return NULL;
	errno = 0;
	if (fstat(fileno(f), &st) == -1 || !S_ISREG(st.st_mode) ||
	    (size_t)st.st_size > REF_PORT_MAX ||
	    (text = malloc((size_t)st.st_size + 1)) == NULL) {
		fclose(f);
		errno = errno != 0 ? errno : S_ISDIR(st.st_mode) ? EISDIR :
		    EFBIG;
		return NULL;
	}
	n = fread(text, 1, (size_t)st.st_size, f);
	fclose(f);
	text[n] = '\0';
	if (len != NULL)
		*len = n;
	if (mtime != NULL)
		*mtime = st.st_mtime;
	return text;
}

/* Writes path holding data[0..len), its time mtime (0: now). */
static int
ref_port_write(struct ref_state *s, const char *path, const char *data,
    size_t len, long long mtime)
{
	struct timespec ts[2];
	int fd;

	if ((fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC,
	    0600)) == -1 || (len > 0 && write(fd, data, len) != (ssize_t)len)) {
		if (fd != -1)
			close(fd);
		return ref_fail(s, 1, path);
	}
	if (mtime > 0) {
		ts[0].tv_sec = ts[1].tv_sec = (time_t)mtime;
		ts[0].tv_nsec = ts[1].tv_nsec = 0;
		futimens(fd, ts);
	}
	return close(fd) == -1 ? ref_fail(s, 1, path) : 0;
}

/* Removes the files of directory path, and the directories in it with
 * their files (one level: queue/KEY/).  Reads the directory again
 * until a pass removes nothing: readdir(3) may skip an entry of a
 * directory that changes while it is read. */
static void
ref_port_clear(const char *path)
{
	char sub[REF_PATH];
	struct dirent *e;
	DIR *dp;
	int gone;

	for (;;) {
		if ((dp = opendir(path)) == NULL)
			return;
		gone = 0;
		while ((e = readdir(dp)) != NULL) {
			if (strcmp(e->d_name, ".") == 0 ||
			    strcmp(e->d_name, "..") == 0)
				continue;
			snprintf(sub, sizeof(sub), "%.3800s/%.255s", path,
			    e->d_name);
			if (unlink(sub) == 0)
				gone = 1;
			else if (errno == EISDIR || errno == EPERM)
				ref_port_clear(sub), gone = 1;
		}
		closedir(dp);
		if (rmdir(path) == 0 || errno != ENOTEMPTY || !gone)
			return;
	}
}

/* --- export -------------------------------------------------------- */

/* The store's rows being written as files. */
struct ref_port_out {
	struct ref_state *s;
	const char *dir;
	FILE *due;                /* next-due */
	int rc;
};

static int
ref_out_board(void *arg, const struct db_value *col, size_t ncol)
{
	struct ref_port_out *o = arg;
	char path[REF_PATH], name[PBEM_WORD + 8], board[PBEM_WORD];

	if (ncol != 4 || col[0].len >= PBEM_WORD)
		return 0;
	memcpy(board, col[0].p, col[0].len);
	board[col[0].len] = '\0';
	if (!ref_port_name_ok(board))
		return 0;
	snprintf(name, sizeof(name), "%s.pdn", board);
	if (ref_port_write(o->s, ref_port_path(path, o->dir, "games", name,
	    NULL), col[1].p, col[1].len, col[2].i) == -1)
		return o->rc = -1;
	if (col[3].type == DB_INT)
		fprintf(o->due, "%s %lld\n", board, col[3].i);
	return 0;
}

/* A row of (name, text[, time]) written as DIR/sub/name. */
static int
ref_out_named(struct ref_port_out *o, const char *sub,
    const struct db_value *name, const char *pre, size_t plen,
    const struct db_value *text, long long mtime)
{
	char path[REF_PATH], n[REF_KEY + 16], *all;
	int rc;

	if (name->len + 6 >= sizeof(n))
		return 0;
	memcpy(n, name->p, name->len);
	n[name->len] = '\0';
	if (strcmp(sub, "publish") == 0)
		strcat(n, ".html");
	if (!ref_port_name_ok(n))
		return 0;
	if ((all = malloc(plen + text->len + 1)) == NULL)
		return o->rc = -1;
	memcpy(all, pre, plen);
	if (text->len > 0)
		memcpy(all + plen, text->p, text->len);
	rc = ref_port_write(o->s, ref_port_path(path, o->dir, sub, n, NULL),
	    all, plen + text->len, mtime);
	free(all);
	return rc == -1 ? (o->rc = -1) : 0;
}

static int
ref_out_cond(void *arg, const struct db_value *col, size_t ncol)
{
	return ncol == 2 ? ref_out_named(arg, "cond", &col[0], "", 0, &col[1],
	    0) : 0;
}

static int
ref_out_done(void *arg, const struct db_value *col, size_t ncol)
{
	return ncol == 3 ? ref_out_named(arg, "done", &col[0], "", 0, &col[1],
	    col[2].i) : 0;
}

static int
ref_out_count(void *arg, const struct db_value *col, size_t ncol)
{
	char line[128];
	struct ref_count c;
	struct db_value t;

	if (ncol != 6)
		return 0;
	c.since = (time_t)col[1].i;
	c.fails = (unsigned long)col[2].i;
	c.mails = (unsigned long)col[3].i;
	c.until = (time_t)col[4].i;
	ref_count_format(&c, line, sizeof(line));
	t = DB_T(line);
	return ref_out_named(arg, "counts", &col[0], "", 0, &t, col[5].i);
}

static int
ref_out_aside(void *arg, const struct db_value *col, size_t ncol)
{
	char head[600];
	int n;

	if (ncol != 5)
		return 0;
	n = snprintf(head, sizeof(head), "set aside: %.*s\nuid: %lld\n\n",
	    (int)(col[1].len < 400 ? col[1].len : 400), col[1].p, col[2].i);
	return ref_out_named(arg, "aside", &col[0], head, (size_t)n, &col[3],
	    col[4].i);      /* its time: the file's, so that an import
	                     * keeps its age (ref_in_aside) */
}

static int
ref_out_page(void *arg, const struct db_value *col, size_t ncol)
{
	struct ref_port_out *o = arg;
	char path[REF_PATH], name[PBEM_WORD + 8], line[64];

	if (ncol != 4 || ref_out_named(o, "publish", &col[0], "", 0, &col[1],
	    0) == -1 || col[2].i == 0 || col[0].len >= PBEM_WORD)
		return o->rc;
	snprintf(name, sizeof(name), "%.*s.try", (int)col[0].len, col[0].p);
	snprintf(line, sizeof(line), "%lld %lld\n", col[2].i, col[3].i);
	if (ref_port_name_ok(name) && ref_port_write(o->s,
	    ref_port_path(path, o->dir, "publish", name, NULL), line,
	    strlen(line), 0) == -1)
		return o->rc = -1;
	return 0;
}

/* Makes DIR/queue/KEY (key: a column) and returns its path in buf;
 * NULL when the key is not a safe name. */
static const char *
ref_out_entry(struct ref_port_out *o, const struct db_value *k, char *buf,
    char *key)
{
	if (k->len >= REF_KEY)
		return NULL;
	memcpy(key, k->p, k->len);
	key[k->len] = '\0';
	if (!ref_port_name_ok(key))
		return NULL;
	ref_port_path(buf, o->dir, "queue", key, NULL);
	if (mkdir(buf, 0700) == -1 && errno != EEXIST) {
		o->rc = ref_fail(o->s, 1, buf);
		return NULL;
	}
	return buf;
}

static int
ref_out_reply(void *arg, const struct db_value *col, size_t ncol)
{
	struct ref_port_out *o = arg;
	char entry[REF_PATH], path[REF_PATH + 32], key[REF_KEY], line[64];
	long long n;

	if (ncol != 7 || ref_out_entry(o, &col[0], entry, key) == NULL)
		return o->rc;
	n = col[1].i;
	snprintf(path, sizeof(path), "%s/mail-%lld.rcpt", entry, n);
	if (ref_port_write(o->s, path, col[2].p, col[2].len, 0) == -1)
		return o->rc = -1;
	snprintf(path, sizeof(path), "%s/mail-%lld.eml", entry, n);
	if (ref_port_write(o->s, path, col[3].p, col[3].len, col[4].i) == -1)
		return o->rc = -1;
	if (col[5].i == 0 && col[6].i == 0)
		return 0;
	snprintf(path, sizeof(path), "%s/mail-%lld.try", entry, n);
	snprintf(line, sizeof(line), "%lld %lld\n", col[5].i, col[6].i);
	return ref_port_write(o->s, path, line, strlen(line), 0) == -1 ?
	    (o->rc = -1) : 0;
}

/* Writes entry/name holding b, if there is one. */
static int
ref_out_blob(struct ref_port_out *o, const char *entry, const char *name,
    const char *p, size_t len)
{
	char path[REF_PATH + 32];

	if (p == NULL)
		return 0;
	snprintf(path, sizeof(path), "%s/%s", entry, name);
	return ref_port_write(o->s, path, p, len, 0);
}

/* Writes the files of plan p into entry. */
static int
ref_out_plan_files(struct ref_port_out *o, const char *entry,
    const struct ref_plan *p)
{
	char num[32], last[32], name[REF_KEY + 16];
	const char *flags = p->aside ? REF_FLAG " " REF_FLAG_ASIDE : REF_FLAG;
	int k, rc = 0;

	snprintf(num, sizeof(num), "%lu\n", p->uid);
	snprintf(last, sizeof(last), "%lld\n", p->last_board);
	rc |= ref_out_blob(o, entry, "uid", num, strlen(num));
	rc |= ref_out_blob(o, entry, "flags", flags, strlen(flags));
	rc |= ref_out_blob(o, entry, "summary", p->summary, strlen(p->summary));
	rc |= ref_out_blob(o, entry, "board", p->board[0] != '\0' ? p->board :
	    NULL, strlen(p->board));
	rc |= ref_out_blob(o, entry, "last-board", p->last_board > 0 ? last :
	    NULL, strlen(last));
	rc |= ref_out_blob(o, entry, "record", p->record.p, p->record.len);
	rc |= ref_out_blob(o, entry, "cond", p->cond.p, p->cond.len);
	rc |= ref_out_blob(o, entry, "page", p->page.p, p->page.len);
	for (k = 0; k < REF_LISTS; k++)
		rc |= ref_out_blob(o, entry, ref_port_lists[k], p->list[k].p,
		    p->list[k].len);
	for (k = 0; k < 3; k++) {
		snprintf(name, sizeof(name), "count.%s", p->count_name[k]);
		if (p->count_name[k][0] != '\0' && ref_port_name_ok(name))
			rc |= ref_out_blob(o, entry, name, p->count_line[k],
			    strlen(p->count_line[k]));
	}
	return rc != 0 ? -1 : 0;
}

/* The keys of the plans, then each plan written as queue/KEY/. */
static int
ref_out_plans(struct ref_port_out *o)
{
	static char keys[1000][REF_KEY];
	struct ref_plan p;
	char entry[REF_PATH];
	size_t n = 0, i;

	if (ref_state_keys(o->s, "SELECT key FROM plans ORDER BY key", NULL,
	    0, keys, 1000, &n) == -1)
		return -1;
	for (i = 0; i < n; i++) {
		struct db_value k = DB_T(keys[i]);
		char key[REF_KEY];

		if (ref_out_entry(o, &k, entry, key) == NULL)
			continue;
		if (ref_plan_read(o->s, keys[i], &p) == -1)
			return -1;
		if (p.found && ref_out_plan_files(o, entry, &p) == -1) {
			ref_plan_free(&p);
			return -1;
		}
		ref_plan_free(&p);
	}
	return 0;
}

/* The rows of list k of s. */
static size_t
ref_list_count(struct ref_state *s, int k)
{
	return k < 2 ? ((struct ref_players *)ref_state_list(s, k))->n :
	    k == 2 ? s->challenges.n : s->watchers.n;
}

/* Writes the lists (none when empty) and the last board. */
static int
ref_out_lists(struct ref_state *s, const char *dir)
{
	char path[REF_PATH], line[32], *text;
	long long last = 0;
	size_t len;
	int k, rc = 0;

	for (k = 0; k < REF_LISTS && rc == 0; k++) {
		if (ref_list_count(s, k) == 0)
			continue;      /* as no file */
		text = k < 2 ? ref_players_format(ref_state_list(s, k), &len) :
		    k == 2 ? ref_challenges_format(&s->challenges, 0, &len) :
		    ref_watchers_format(&s->watchers, &len);
		rc = ref_port_write(s, ref_port_path(path, dir,
		    ref_port_lists[k], NULL, NULL), text, len, 0);
		free(text);
	}
	if (rc == 0 && ref_store_int(s->st, "SELECT value FROM meta WHERE "
	    "name = 'last_board'", NULL, 0, 0, &last) == -1)
		return -1;
	snprintf(line, sizeof(line), "%lld\n", last);
	return rc == 0 && last > 0 ? ref_port_write(s, ref_port_path(path, dir,
	    "last-board", NULL, NULL), line, strlen(line), 0) : rc;
}

/* A row of ratings as a line "USERID GAME VALUE" of a text. */
static int
ref_out_rating(void *arg, const struct db_value *col, size_t ncol)
{
	FILE *f = arg;

	if (ncol == 3)
		fprintf(f, "%.*s %.*s %.*s\n", (int)col[0].len, col[0].p,
		    (int)col[1].len, col[1].p, (int)col[2].len, col[2].p);
	return 0;
}

/* Writes the file DIR/name from the rows of sql, each a line that row
 * writes to the stream it is given (no row: no file). */
static int
ref_out_rows(struct ref_state *s, const char *dir, const char *name,
    const char *sql, db_row_fn row)
{
	char path[REF_PATH], *text = NULL;
	size_t len = 0;
	FILE *f;
	int rc;

	if ((f = open_memstream(&text, &len)) == NULL)
		return ref_fail(s, 1, name);
	rc = ref_store_exec(s->st, sql, NULL, 0, row, f) == -1 ? -1 : 0;
	if (fclose(f) == EOF && rc == 0)
		rc = ref_fail(s, 1, name);
	if (rc == 0 && len > 0)
		rc = ref_port_write(s, ref_port_path(path, dir, name, NULL,
		    NULL), text, len, 0);
	free(text);
	return rc;
}

/* Empties what export writes in dir, and makes its folders. */
static int
ref_out_prepare(struct ref_state *s, const char *dir)
{
	char path[REF_PATH];
	size_t i;

	if (mkdir(dir, 0700) == -1 && errno != EEXIST)
		return ref_fail(s, 1, dir);
	for (i = 0; i < REF_LISTS; i++)
		unlink(ref_port_path(path, dir, ref_port_lists[i], NULL, NULL));
	unlink(ref_port_path(path, dir, "last-board", NULL, NULL));
	unlink(ref_port_path(path, dir, "notify", NULL, NULL));
	unlink(ref_port_path(path, dir, "ratings", NULL, NULL));
	for (i = 0; i < sizeof(ref_port_dirs) / sizeof(ref_port_dirs[0]); i++) {
		ref_port_clear(ref_port_path(path, dir, ref_port_dirs[i], NULL,
		    NULL));
		if (mkdir(path, 0700) == -1)
			return ref_fail(s, 1, path);
	}
	return 0;
}

/* A row of notify as a line "USERID HOUR REMIND NEXT" (NEXT -1: none)
 * of the stream arg. */
static int
ref_out_notify_row(void *arg, const struct db_value *col, size_t ncol)
{
	if (ncol == 4 && col[0].len < PBEM_WORD)
		fprintf(arg, "%.*s %lld %lld %lld\n", (int)col[0].len, col[0].p,
		    col[1].i, col[2].i, col[3].type == DB_INT ? col[3].i : -1);
	return 0;
}

int
ref_port_export(struct ref_state *s, const char *dir)
{
	static const struct {
		const char *sql;
		db_row_fn fn;
	} q[] = {
		{ "SELECT board, record, updated, next_due FROM boards",
		    ref_out_board },
		{ "SELECT board, moves FROM cond", ref_out_cond },
		{ "SELECT name, since, fails, mails, until, updated FROM counts",
		    ref_out_count },
		{ "SELECT key, summary, at FROM done", ref_out_done },
		{ "SELECT key, why, uid, mail, at FROM aside", ref_out_aside },
		{ "SELECT board, page, tries, next_try FROM publish",
		    ref_out_page },
		{ "SELECT key, n, rcpt, mail, made, tries, next_try FROM outbox",
		    ref_out_reply },
	};
	struct ref_port_out o = { s, dir, NULL, 0 };
	char path[REF_PATH];
	size_t i;

	if (ref_out_prepare(s, dir) == -1 || ref_out_lists(s, dir) == -1 ||
	    ref_out_rows(s, dir, "notify", "SELECT userid, hour, remind, "
	    "next_digest FROM notify ORDER BY userid", ref_out_notify_row) ==
	    -1 || ref_out_rows(s, dir, "ratings", "SELECT userid, game, value "
	    "FROM ratings ORDER BY game, userid", ref_out_rating) == -1)
		return -1;
	if ((o.due = fopen(ref_port_path(path, dir, "next-due", NULL, NULL),
	    "w")) == NULL)
		return ref_fail(s, 1, path);
	for (i = 0; i < sizeof(q) / sizeof(q[0]) && o.rc == 0; i++)
		if (ref_store_exec(s->st, q[i].sql, NULL, 0, q[i].fn, &o) == -1)
			o.rc = -1;
	if (fclose(o.due) == EOF && o.rc == 0)
		o.rc = ref_fail(s, 1, path);
	return o.rc == 0 ? ref_out_plans(&o) : -1;
}

/* --- import -------------------------------------------------------- */

/* Calls fn(s, dir, name) for each safe name of DIR/sub. */
static int
ref_in_each(struct ref_state *s, const char *dir, const char *sub,
    int (*fn)(struct ref_state *, const char *, const char *))
{
	char path[REF_PATH];
	struct dirent *e;
	DIR *dp;
	int rc = 0;

	if ((dp = opendir(ref_port_path(path, dir, sub, NULL, NULL))) == NULL)
		return errno == ENOENT ? 0 : ref_fail(s, 0, path);
	while (rc == 0 && (e = readdir(dp)) != NULL)
		if (ref_port_name_ok(e->d_name))
			rc = fn(s, path, e->d_name);
	closedir(dp);
	return rc;
}

/* The next due time of an imported record (next-due may say better):
 * now when it is open and timed, else -1. */
static long long
ref_in_due_of(const struct ref_state *s, const char *text)
{
	if (strstr(text, "[Result \"*\"]") != NULL &&
	    strstr(text, "[TimeControl \"") != NULL)
		return (long long)s->now;
	return -1;
}

/* A record imported, compared with its board's row: that row's
 * version (-1: none), and whether it holds the same record. */
struct ref_in_board {
	const char *text;
	size_t len;
	long long version;
	int same;
};

static int
ref_in_board_row(void *arg, const struct db_value *col, size_t ncol)
{
	struct ref_in_board *b = arg;

	if (ncol == 2) {
		b->same = col[0].len == b->len && memcmp(col[0].p, b->text,
		    b->len) == 0;
		b->version = col[1].i;
	}
	return 1;
}

static int
ref_in_board(struct ref_state *s, const char *path, const char *name)
{
	char file[REF_PATH], board[PBEM_WORD];
	struct ref_in_board b = { NULL, 0, -1, 0 };
	time_t mtime;
	size_t n = strlen(name);
	char *text;
	int rc = 0;

	if (n < 5 || n - 4 >= PBEM_WORD || strcmp(name + n - 4, ".pdn") != 0)
		return 0;
	memcpy(board, name, n - 4);
	board[n - 4] = '\0';
	if (!ref_board_ok(board))
		return 0;
	snprintf(file, sizeof(file), "%.3800s/%s", path, name);
	if ((text = ref_port_read(file, &b.len, &mtime)) == NULL)
		return errno == EISDIR ? 0 : ref_fail(s, 0, file);
	b.text = text;
	if (ref_store_exec(s->st, "SELECT record, version FROM boards WHERE "
	    "board = $1", &DB_T(board), 1, ref_in_board_row, &b) == -1)
		rc = -1;
	else if (!b.same)
		rc = ref_state_put_board(s, board, text, b.len, b.version,
		    ref_in_due_of(s, text), (long long)mtime) == -1 ?
		    -1 : 0;
	free(text);
	return rc;
}

/* Reads DIR/sub/name whole: the text (malloc'ed), or NULL after
 * reporting. */
static char *
ref_in_file(struct ref_state *s, const char *path, const char *name,
    size_t *len, time_t *mtime)
{
	char file[REF_PATH];
	char *text;

	snprintf(file, sizeof(file), "%.3800s/%s", path, name);
	if ((text = ref_port_read(file, len, mtime)) == NULL)
		ref_fail(s, 0, file);
	return text;
}

/* A conditional moves file (cond) or a count file of DIR/sub/name. */
static int
ref_in_put(struct ref_state *s, const char *path, const char *name,
    int cond)
{
	time_t mtime;
	size_t len;
	char *text = ref_in_file(s, path, name, &len, &mtime);
	int rc;

	if (text == NULL)
		return -1;
	if (cond)
		rc = ref_board_ok(name) ? ref_state_put_cond(s, name, text,
		    len) : 0;
	else
		rc = ref_state_put_count(s, name, text, (long long)mtime);
	free(text);
	return rc;
}

static int
ref_in_cond(struct ref_state *s, const char *path, const char *name)
{
	return ref_in_put(s, path, name, 1);
}

static int
ref_in_count(struct ref_state *s, const char *path, const char *name)
{
	return ref_in_put(s, path, name, 0);
}

static int
ref_in_done(struct ref_state *s, const char *path, const char *name)
{
	time_t mtime;
	char *text = ref_in_file(s, path, name, NULL, &mtime);
	struct db_value v[3];
	int rc;

	if (text == NULL)
		return -1;
	text[strcspn(text, "\n")] = '\0';
	v[0] = DB_T(name);
	v[1] = DB_T(text);
	v[2] = DB_I((long long)mtime);
	rc = strlen(name) < REF_KEY && ref_store_exec(s->st, "INSERT INTO done "
	    "(key, summary, status, at) VALUES ($1, $2, 0, $3) ON CONFLICT "
	    "(key) DO NOTHING", v, 3, NULL, NULL) == -1 ? -1 : 0;
	free(text);
	return rc;
}

static int
ref_in_aside(struct ref_state *s, const char *path, const char *name)
{
	char why[400] = "?";
	unsigned long uid = 0;
	char *text, *body;
	time_t at;
	size_t len;
	int rc;

	if ((text = ref_in_file(s, path, name, &len, &at)) == NULL)
		return -1;
	body = strstr(text, "\n\n");
	sscanf(text, "set aside: %399[^\n]\nuid: %lu", why, &uid);
	body = body != NULL ? body + 2 : text + len;
	rc = strlen(name) < REF_KEY ? ref_state_set_aside(s, name, uid, why,
	    body, len - (size_t)(body - text), at) : 0;
	free(text);
	return rc;
}

/* TRIES NEXT of the attempts file path into t[2] (0 0 when none). */
static void
ref_in_try(const char *path, long long t[2])
{
	char *text = ref_port_read(path, NULL, NULL);

	t[0] = t[1] = 0;
	if (text != NULL)
		sscanf(text, "%lld %lld", &t[0], &t[1]);
	free(text);
}

static int
ref_in_page(struct ref_state *s, const char *path, const char *name)
{
	char board[PBEM_WORD], file[REF_PATH];
	size_t n = strlen(name), len;
	long long t[2];
	char *text;
	int rc;

	if (n < 6 || n - 5 >= PBEM_WORD || strcmp(name + n - 5, ".html") != 0)
		return 0;
	memcpy(board, name, n - 5);
	board[n - 5] = '\0';
	if (!ref_board_ok(board) ||
	    (text = ref_in_file(s, path, name, &len, NULL)) == NULL)
		return ref_board_ok(board) ? -1 : 0;
	snprintf(file, sizeof(file), "%.3800s/%s.try", path, board);
	ref_in_try(file, t);
	rc = ref_state_put_page(s, board, text, len, t[0], t[1]);
	free(text);
	return rc;
}

/* Reads entry/name into b (NULL when it is not there). */
static void
ref_in_blob(const char *entry, const char *name, struct ref_blob *b)
{
	char path[REF_PATH + 32];

	snprintf(path, sizeof(path), "%.4000s/%.100s", entry, name);
	b->len = 0;
	b->p = ref_port_read(path, &b->len, NULL);
}

/* The replies of queue entry key (its path: entry), ready or not. */
static int
ref_in_replies(struct ref_state *s, const char *entry, const char *key,
    int ready)
{
	char path[REF_PATH + 32];
	struct ref_blob rcpt, mail;
	time_t made;
	long long t[2];
	int n, rc = 0;

	for (n = 1; n <= REF_MAILS && rc == 0; n++) {
		snprintf(path, sizeof(path), "%s/mail-%d.eml", entry, n);
		if ((mail.p = ref_port_read(path, &mail.len, &made)) == NULL)
			continue;
		snprintf(path, sizeof(path), "mail-%d.rcpt", n);
		ref_in_blob(entry, path, &rcpt);
		snprintf(path, sizeof(path), "%s/mail-%d.try", entry, n);
		ref_in_try(path, t);
		rc = ref_outbox_put(s, key, n, rcpt.p != NULL ? rcpt.p : "",
		    &mail, (long long)made, t[0], t[1], ready | 2);
		free(mail.p);
		free(rcpt.p);
	}
	return rc;
}

/* The version of board (-1: none). */
static long long
ref_in_version(struct ref_state *s, const char *board)
{
	long long v = -1;

	if (board[0] != '\0')
		ref_store_int(s->st, "SELECT version FROM boards WHERE board = "
		    "$1", &DB_T(board), 1, -1, &v);
	return v;
}

/* Reads the count files of entry into p. */
static void
ref_in_counts(const char *entry, struct ref_plan *p)
{
	struct dirent *e;
	struct ref_blob b;
	DIR *dp;
	int k = 0;

	if ((dp = opendir(entry)) == NULL)
		return;
	while (k < 3 && (e = readdir(dp)) != NULL) {
		if (strncmp(e->d_name, "count.", 6) != 0 ||
		    strlen(e->d_name + 6) >= sizeof(p->count_name[k]))
			continue;
		ref_in_blob(entry, e->d_name, &b);
		if (b.p == NULL)
			continue;
		snprintf(p->count_name[k], sizeof(p->count_name[k]), "%s",
		    e->d_name + 6);
		snprintf(p->count_line[k], sizeof(p->count_line[k]), "%s", b.p);
		free(b.p);
		k++;
	}
	closedir(dp);
}

/* The plan of queue entry (path) into p. */
static void
ref_in_plan(struct ref_state *s, const char *entry, struct ref_plan *p,
    const struct ref_blob *sum)
{
	struct ref_blob b;
	int k;

	memset(p, 0, sizeof(*p));
	snprintf(p->summary, sizeof(p->summary), "%s", sum->p);
	ref_in_blob(entry, "uid", &b);
	p->uid = b.p != NULL ? strtoul(b.p, NULL, 10) : 0;
	free(b.p);
	ref_in_blob(entry, "flags", &b);
	p->aside = b.p != NULL && strstr(b.p, REF_FLAG_ASIDE) != NULL;
	free(b.p);
	ref_in_blob(entry, "board", &b);
	if (b.p != NULL)
		snprintf(p->board, sizeof(p->board), "%.*s",
		    (int)strcspn(b.p, "\n"), b.p);
	free(b.p);
	if (!ref_board_ok(p->board))
		p->board[0] = '\0';
	ref_in_blob(entry, "last-board", &b);
	p->last_board = b.p != NULL ? strtoll(b.p, NULL, 10) : 0;
	free(b.p);
	ref_in_blob(entry, "record", &p->record);
	ref_in_blob(entry, "cond", &p->cond);
	ref_in_blob(entry, "page", &p->page);
	for (k = 0; k < REF_LISTS; k++)
		ref_in_blob(entry, ref_port_lists[k], &p->list[k]);
	ref_in_counts(entry, p);
	p->version = ref_in_version(s, p->board);
	p->next_due = p->record.p != NULL ? ref_in_due_of(s, p->record.p) : -1;
	p->status = REF_APPLIED;
}

/* A queue entry: its plan (when its mail is not done yet) and its
 * replies. */
static int
ref_in_entry(struct ref_state *s, const char *path, const char *name)
{
	char entry[REF_PATH];
	struct ref_blob sum;
	struct ref_plan p;
	int done, rc;

	snprintf(entry, sizeof(entry), "%.3800s/%s", path, name);
	if (strlen(name) >= REF_KEY || (done = ref_state_seen(s, name)) == -1)
		return strlen(name) >= REF_KEY ? 0 : -1;
	ref_in_blob(entry, "summary", &sum);
	if (done == 1 || sum.p == NULL) {
		free(sum.p);
		return ref_in_replies(s, entry, name, 1);
	}
	ref_in_plan(s, entry, &p, &sum);
	free(sum.p);
	rc = ref_plan_put(s, name, &p);
	ref_plan_free(&p);
	return rc == -1 ? -1 : ref_in_replies(s, entry, name, 0);
}

/* Imports the lists and the last board of dir. */
static int
ref_in_lists(struct ref_state *s, const char *dir)
{
	union { struct ref_players p; struct ref_challenges c;
	    struct ref_watchers w; } l;
	char path[REF_PATH], *text;
	const char *why;
	int k, rc = 0;

	for (k = 0; k < REF_LISTS && rc == 0; k++) {
		if ((text = ref_port_read(ref_port_path(path, dir,
		    ref_port_lists[k], NULL, NULL), NULL, NULL)) == NULL) {
			if (errno != ENOENT)
				rc = ref_fail(s, 0, path);
			continue;
		}
		memset(&l, 0, sizeof(l));
		if ((k < 2 ? ref_players_parse(text, &l.p, &why) : k == 2 ?
		    ref_challenges_parse(text, &l.c, &why) :
		    ref_watchers_parse(text, &l.w, &why)) == -1) {
			diag_report(s->d, DIAG_SYNTAX, DIAG_FILE(path),
			    "a state file", why);
			rc = -1;
		} else
			rc = ref_state_list_apply(s, k, &l);
		k < 2 ? ref_players_free(&l.p) : k == 2 ?
		    ref_challenges_free(&l.c) : ref_watchers_free(&l.w);
		free(text);
	}
	if (rc == 0 && (text = ref_port_read(ref_port_path(path, dir,
	    "last-board", NULL, NULL), NULL, NULL)) != NULL) {
		rc = ref_state_last_board(s, strtoll(text, NULL, 10));
		free(text);
	}
	return rc;
}

/* Sets the ratings of DIR/ratings ("USERID GAME VALUE" lines; one
 * that does not read is a fault of the file). */
static int
ref_in_ratings(struct ref_state *s, const char *dir)
{
	char path[REF_PATH], user[PBEM_WORD], game[PBEM_WORD], *text, *q, *e;
	int rc = 0, at = 0;

	if ((text = ref_port_read(ref_port_path(path, dir, "ratings", NULL,
	    NULL), NULL, NULL)) == NULL)
		return errno == ENOENT ? 0 : ref_fail(s, 0, path);
	for (q = text; rc == 0 && q != NULL; q = e != NULL ? e + 1 : NULL) {
		if ((e = strchr(q, '\n')) != NULL)
			*e = '\0';
		if (*q == '\0' || *q == '#')
			continue;
		if (sscanf(q, "%127s %127s %n", user, game, &at) < 2 ||
		    (rc = ref_state_put_rating(s, user, game, q + at)) == 1) {
			diag_report(s->d, DIAG_SYNTAX, DIAG_FILE(path),
			    "USERID GAME RATING DEVIATION VOLATILITY GAMES", q);
			rc = -1;
		}
	}
	free(text);
	return rc;
}

/* Sets the next due time of each board of DIR/next-due ("BOARD
 * NEXT_DUE" lines). */
static int
ref_in_next_due(struct ref_state *s, const char *dir)
{
	char path[REF_PATH], board[PBEM_WORD], *text, *q;
	struct db_value v[2];
	long long due;
	int rc = 0;

	if ((text = ref_port_read(ref_port_path(path, dir, "next-due", NULL,
	    NULL), NULL, NULL)) == NULL)
		return errno == ENOENT ? 0 : ref_fail(s, 0, path);
	for (q = text; rc == 0 && q != NULL && *q != '\0'; q = strchr(q, '\n'),
	    q = q != NULL ? q + 1 : NULL)
		if (sscanf(q, "%31s %lld", board, &due) == 2 &&
		    ref_board_ok(board)) {
			v[0] = DB_T(board);
			v[1] = DB_I(due);
			rc = ref_store_exec(s->st, "UPDATE boards SET next_due = $2 "
			    "WHERE board = $1", v, 2, NULL, NULL) == -1 ? -1 : 0;
		}
	free(text);
	return rc;
}

/* Keeps the choices of mails of DIR/notify ("USERID HOUR REMIND NEXT"
 * lines, as ref_out_notify_row writes them). */
static int
ref_in_notify(struct ref_state *s, const char *dir)
{
	char path[REF_PATH], user[PBEM_WORD], *text, *q;
	long long hour, remind, next;
	struct db_value v[4];
	int rc = 0;

	if ((text = ref_port_read(ref_port_path(path, dir, "notify", NULL,
	    NULL), NULL, NULL)) == NULL)
		return errno == ENOENT ? 0 : ref_fail(s, 0, path);
	for (q = text; rc == 0 && q != NULL && *q != '\0'; q = strchr(q, '\n'),
	    q = q != NULL ? q + 1 : NULL) {
		if (sscanf(q, "%127s %lld %lld %lld", user, &hour, &remind,
		    &next) != 4 || hour < -1 || hour > 23)
			continue;
		v[0] = DB_T(user);
		v[1] = DB_I(hour);
		v[2] = DB_I(remind);
		v[3] = next >= 0 ? DB_I(next) : DB_N;
		rc = ref_store_exec(s->st, "INSERT INTO notify (userid, hour, "
		    "remind, next_digest, updated) VALUES ($1, $2, $3, $4, 0) ON "
		    "CONFLICT (userid) DO UPDATE SET hour = excluded.hour, "
		    "remind = excluded.remind, next_digest = "
		    "excluded.next_digest", v, 4, NULL, NULL) == -1 ? -1 : 0;
	}
	free(text);
	return rc;
}

int
ref_port_import(struct ref_state *s, const char *dir)
{
	static int (*const fn[])(struct ref_state *, const char *,
	    const char *) = { ref_in_board, ref_in_cond, ref_in_count,
	    ref_in_done, ref_in_aside, ref_in_page, ref_in_entry };
	size_t i;
	int rc;

	if (ref_store_begin(s->st, 1) == -1)
		return -1;
	rc = ref_in_lists(s, dir);
	/* in the order of ref_port_dirs: done before queue */
	for (i = 0; rc == 0 && i < sizeof(fn) / sizeof(fn[0]); i++)
		rc = ref_in_each(s, dir, ref_port_dirs[i], fn[i]);
	if (rc == 0)
		rc = ref_in_next_due(s, dir);
	if (rc == 0)
		rc = ref_in_notify(s, dir);
	if (rc == 0)
		rc = ref_in_ratings(s, dir);
	if (rc == -1) {
		ref_store_rollback(s->st);
		return -1;
	}
	return ref_store_commit(s->st) == -1 ? -1 : ref_state_load(s);
}
