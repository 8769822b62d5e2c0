/*
 * state.c - the referee's state directory (see state.h): opening it
 * under its lock, reading what a decision needs, writing the plan of a
 * decision whole (files synced, a directory renamed into place) and
 * the mails set aside.  finish.c carries the plans out.
 */
#include <sys/file.h>
#include <sys/stat.h>

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "base/fileio.h"
#include "base/util.h"
#include "referee/job.h"
#include "referee/state.h"

#define REF_RECORD_MAX (16u * 1024 * 1024)  /* a record read */

const char *
ref_path(char *buf, const struct ref_state *s, const char *a,
    const char *b)
{
	snprintf(buf, REF_PATH, "%.3800s/%.10s%s%.200s", s->dir, a,
	    b != NULL ? "/" : "", b != NULL ? b : "");
	return buf;
}

int
ref_fail(struct ref_state *s, int writing, const char *path)
{
	if (writing)
		diag_report(s->d, DIAG_WRITE, DIAG_FILE(path), strerror(errno));
	else
		diag_report(s->d, DIAG_READ, DIAG_FILE(path), strerror(errno));
	return -1;
}

char *
ref_read(const char *path, size_t *len, size_t max)
{
	char *buf = NULL;
	size_t cap = 0, n = 0, got;
	int err = 0;
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
	} while (got > 0 && n <= max);
	if (ferror(f))            /* a directory, an I/O error: no short file */
		err = errno != 0 ? errno : EIO;
	else if (n > max)
		err = EFBIG;
	fclose(f);
	if (err != 0) {
		free(buf);
		errno = err;
		return NULL;
	}
	buf[n] = '\0';
	if (len != NULL)
		*len = n;
	return buf;
}

int
ref_read_head(const char *path, char *head, size_t size)
{
	size_t got;
	int err = 0;
	FILE *f;

	head[0] = '\0';
	if ((f = fopen(path, "rb")) == NULL)
		return -1;
	got = fread(head, 1, size - 1, f);
	head[got] = '\0';
	if (ferror(f))
		err = errno != 0 ? errno : EIO;
	fclose(f);
	errno = err;
	return err != 0 ? -1 : 0;
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

int
ref_write(struct ref_state *s, const char *path, const char *data,
    size_t len)
{
	struct ref_bytes b = { data, len };

	return fileio_write_atomic(path, ref_write_bytes, &b, s->d);
}

/* The readers of the lists of the state, as ref_load_list calls them. */
static int
ref_parse_players(const char *text, void *list, const char **why)
{
	return ref_players_parse(text, list, why);
}

static int
ref_parse_challenges(const char *text, void *list, const char **why)
{
	return ref_challenges_parse(text, list, why);
}

static int
ref_parse_watchers(const char *text, void *list, const char **why)
{
	return ref_watchers_parse(text, list, why);
}

/* Reads DIR/name with parse into list (empty); a missing file is
 * empty. */
static int
ref_load_list(struct ref_state *s, const char *name,
    int (*parse)(const char *, void *, const char **), void *list)
{
	char path[REF_PATH], *text;
	const char *why;

	if ((text = ref_read(ref_path(path, s, name, NULL), NULL,
	    REF_RECORD_MAX)) == NULL)
		return errno == ENOENT ? 0 : ref_fail(s, 0, path);
	if (parse(text, list, &why) == -1) {
		diag_report(s->d, DIAG_SYNTAX, DIAG_FILE(path), "a state file",
		    why);
		free(text);
		return -1;
	}
	free(text);
	return 0;
}

/* Empties the lists of s. */
static void
ref_state_clear(struct ref_state *s)
{
	ref_players_free(&s->players);
	ref_players_free(&s->pending);
	ref_challenges_free(&s->challenges);
	ref_watchers_free(&s->watchers);
}

int
ref_state_load(struct ref_state *s)
{
	ref_state_clear(s);
	if (ref_load_list(s, "players", ref_parse_players, &s->players) ==
	    -1 || ref_load_list(s, "pending", ref_parse_players,
	    &s->pending) == -1 || ref_load_list(s, "challenges",
	    ref_parse_challenges, &s->challenges) == -1 ||
	    ref_load_list(s, "watchers", ref_parse_watchers,
	    &s->watchers) == -1)
		return -1;
	return 0;
}

/* Removes the counts untouched for REF_COUNT_TTL. */
static void
ref_prune_counts(struct ref_state *s)
{
	char dir[REF_PATH], path[REF_PATH];
	time_t now = time(NULL);
	struct dirent *e;
	struct stat st;
	DIR *dp;

	if ((dp = opendir(ref_path(dir, s, "counts", NULL))) == NULL)
		return;
	while ((e = readdir(dp)) != NULL) {
		if (e->d_name[0] == '.')
			continue;
		snprintf(path, sizeof(path), "%.3800s/%.255s", dir, e->d_name);
		if (stat(path, &st) == 0 && now - st.st_mtime > REF_COUNT_TTL)
			unlink(path);
	}
	closedir(dp);
}

int
ref_state_open(struct ref_state *s)
{
	static const char *const sub[] = { "games", "queue", "done", "aside",
	    "counts", "publish", "cond" };
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
	if (s->lockfd == -1)
		return ref_fail(s, 1, path);
	if (flock(s->lockfd, LOCK_EX | (s->nowait ? LOCK_NB : 0)) == -1)
		return errno == EWOULDBLOCK ? 1 : ref_fail(s, 1, path);
	ref_prune_counts(s);
	return ref_state_load(s);
}

void
ref_state_close(struct ref_state *s)
{
	if (s->lockfd != -1)
		close(s->lockfd);
	s->lockfd = -1;
	ref_state_clear(s);
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

int
ref_state_aside_seen(const struct ref_state *s, const char *key)
{
	char path[REF_PATH];

	return access(ref_path(path, s, "aside", key), F_OK) == 0;
}

int
ref_board_file(const char *name, char *board)
{
	size_t n = strlen(name);

	if (n < 5 || n - 4 >= PBEM_WORD || strcmp(name + n - 4, ".pdn") != 0)
		return 0;
	memcpy(board, name, n - 4);
	board[n - 4] = '\0';
	return 1;
}

/* The number the next new board gets: 1 + the largest number among
 * games/N.pdn, the challenges waiting and last-board (the last one a
 * challenge took: a challenge declined keeps its number). */
static unsigned long
ref_next_board(const struct ref_state *s)
{
	char path[REF_PATH], num[PBEM_WORD], *text;
	unsigned long max = 0, v;
	struct dirent *e;
	size_t n;
	DIR *dp;

	if ((text = ref_read(ref_path(path, s, "last-board", NULL), NULL,
	    64)) != NULL) {
		text[strcspn(text, "\n")] = '\0';
		if (util_parse_ulong(text, 1, ULONG_MAX - 1, &v) == 0)
			max = v;
		free(text);
	}
	for (n = 0; n < s->challenges.n; n++)
		if (util_parse_ulong(s->challenges.v[n].board, 1,
		    ULONG_MAX - 1, &v) == 0 && v > max)
			max = v;
	if ((dp = opendir(ref_path(path, s, "games", NULL))) == NULL)
		return max + 1;
	while ((e = readdir(dp)) != NULL)
		if (ref_board_file(e->d_name, num) &&
		    util_parse_ulong(num, 1, ULONG_MAX - 1, &v) == 0 &&
		    v > max)
			max = v;
	closedir(dp);
	return max + 1;
}

/* The file name under counts/ of a userid ("u-USERID") or an address
 * ("a-KEY"), into buf; -1 when there is none. */
static int
ref_count_name(const char *user, const char *addr, char *buf, size_t size)
{
	char key[REF_KEY];

	if (user != NULL) {
		snprintf(buf, size, "u-%s", user);
		return 0;
	}
	if (REF_HASH_MODULE->raw_key(addr, strlen(addr), key) == -1)
		return -1;
	snprintf(buf, size, "a-%s", key);
	return 0;
}

/* Reads counts/NAME of user or addr into c (zero when there is none,
 * or it does not read). */
static void
ref_read_count(const struct ref_state *s, const char *user,
    const char *addr, struct ref_count *c)
{
	char name[REF_KEY + 8], path[REF_PATH], *text;

	memset(c, 0, sizeof(*c));
	if ((user != NULL ? user : addr)[0] == '\0' ||
	    ref_count_name(user, addr, name, sizeof(name)) == -1 ||
	    (text = ref_read(ref_path(path, s, "counts", name), NULL,
	    256)) == NULL)
		return;
	ref_count_parse(text, c);
	free(text);
}

/* Whether the tag section at the start of head names user: a tag line
 * whose value is exactly user. */
static int
ref_head_names(const char *head, const char *user)
{
	const char *nl, *q;
	size_t n = strlen(user);

	for (; *head == '['; head = nl + 1) {
		if ((nl = strchr(head, '\n')) == NULL)
			nl = head + strlen(head);
		for (q = nl; q > head && (q[-1] == '\r' || q[-1] == ' ');)
			q--;
		if (q - head >= (ptrdiff_t)n + 3 && strncmp(q - 2, "\"]", 2) ==
		    0 && q[-(ptrdiff_t)n - 3] == '"' &&
		    strncmp(q - n - 2, user, n) == 0)
			return 1;
		if (*nl == '\0')
			break;
	}
	return 0;
}

/* A board file found for games USERID. */
struct ref_found {
	char board[PBEM_WORD];
	time_t mtime;
};

static int
ref_found_cmp(const void *a, const void *b)
{
	const struct ref_found *x = a, *y = b;

	return x->mtime != y->mtime ? (x->mtime < y->mtime ? 1 : -1) :
	    strcmp(x->board, y->board);
}

/* Adds games/name to *v when its head names user. */
static int
ref_find_board(const struct ref_state *s, const char *name,
    const char *user, struct ref_found **v, size_t *n, size_t *cap)
{
	char path[REF_PATH], head[8192];
	struct stat st;
	size_t len = strlen(name);

	if (len < 5 || len - 4 >= PBEM_WORD || strcmp(name + len - 4,
	    ".pdn") != 0 || ref_read_head(ref_path(path, s, "games", name),
	    head, sizeof(head)) == -1 || stat(path, &st) == -1 ||
	    !ref_head_names(head, user))
		return 0;
	ref_need(ref_grow((void **)v, cap, *n, sizeof(**v)));
	memcpy((*v)[*n].board, name, len - 4);
	(*v)[*n].board[len - 4] = '\0';
	(*v)[(*n)++].mtime = st.st_mtime;
	return 0;
}

/* The records naming user, the REF_LIST_MAX latest, into c. */
static int
ref_state_boards(struct ref_state *s, const char *user, struct ref_ctx *c)
{
	struct ref_board_file *b;
	struct ref_found *v = NULL;
	char path[REF_PATH], name[PBEM_WORD + 8];
	size_t n = 0, cap = 0, i;
	struct dirent *e;
	DIR *dp;

	if ((dp = opendir(ref_path(path, s, "games", NULL))) == NULL)
		return ref_fail(s, 0, path);
	while ((e = readdir(dp)) != NULL)
		ref_find_board(s, e->d_name, user, &v, &n, &cap);
	closedir(dp);
	if (n > 1)      /* v is NULL when none was found */
		qsort(v, n, sizeof(*v), ref_found_cmp);
	c->nboards = n < REF_LIST_MAX ? n : REF_LIST_MAX;
	c->boards_more = n - c->nboards;
	b = ref_alloc(calloc(c->nboards + 1, sizeof(*b)));
	for (i = 0; i < c->nboards; i++) {
		snprintf(b[i].board, sizeof(b[i].board), "%s", v[i].board);
		b[i].mtime = v[i].mtime;
		snprintf(name, sizeof(name), "%s.pdn", v[i].board);
		b[i].text = ref_read(ref_path(path, s, "games", name),
		    &b[i].len, REF_LIST_SIZE);
	}
	c->boards = b;
	free(v);
	return 0;
}

/* What every decision knows of the state. */
static void
ref_state_common(struct ref_state *s, struct ref_ctx *c)
{
	c->referee = s->address;
	c->players = &s->players;
	c->pending = &s->pending;
	c->challenges = &s->challenges;
	c->watchers = &s->watchers;
	c->publish = s->publish != NULL;
	c->next_board = ref_next_board(s);
}

/* Reads the record of board and its conditional moves into c
 * (*record and c->cond malloc'ed; none: NULL). */
static int
ref_state_board(struct ref_state *s, const char *board, struct ref_ctx *c,
    char **record)
{
	char path[REF_PATH], name[PBEM_WORD + 8];

	snprintf(name, sizeof(name), "%s.pdn", board);
	if ((*record = ref_read(ref_path(path, s, "games", name),
	    &c->record_len, REF_RECORD_MAX)) == NULL && errno != ENOENT)
		return ref_fail(s, 0, path);
	c->record = *record;
	if ((c->cond = ref_read(ref_path(path, s, "cond", board), NULL,
	    REF_RECORD_MAX)) == NULL && errno != ENOENT)
		return ref_fail(s, 0, path);
	return 0;
}

int
ref_state_ctx(struct ref_state *s, const struct ref_letter *l,
    struct ref_ctx *c, char **record)
{
	char board[PBEM_WORD], user[PBEM_WORD], addr[MAIL_ADDR_MAX];

	*record = NULL;
	ref_state_common(s, c);
	ref_wanted_counts(l, user, addr);
	ref_read_count(s, user, NULL, &c->user);
	ref_read_count(s, NULL, addr, &c->sender);
	if (l->bad == NULL && l->cmd_why == NULL &&
	    l->cmd.verb == PBEM_GAMES && ref_board_ok(l->cmd.user) &&
	    ref_state_boards(s, l->cmd.user, c) == -1)
		return -1;
	if (!ref_wanted_board(l, board))
		return 0;
	return ref_state_board(s, board, c, record);
}

int
ref_state_time_ctx(struct ref_state *s, const char *board,
    struct ref_ctx *c, char **record)
{
	*record = NULL;
	ref_state_common(s, c);
	return ref_state_board(s, board, c, record);
}

void
ref_state_ctx_free(struct ref_ctx *c, char *record)
{
	struct ref_board_file *b = (struct ref_board_file *)c->boards;
	size_t i;

	free(record);
	free((char *)c->cond);
	c->cond = NULL;
	for (i = 0; b != NULL && i < c->nboards; i++)
		free(b[i].text);
	free(b);
	c->boards = NULL;
	c->nboards = 0;
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

/* Writes dir/name holding data[0..len) when data is not NULL. */
static int
ref_plan_file(struct ref_state *s, const char *dir, const char *name,
    const char *data, size_t len)
{
	char path[REF_PATH];

	if (data == NULL)
		return 0;
	snprintf(path, sizeof(path), "%.4000s/%s", dir, name);
	return ref_write(s, path, data, len);
}

/* Writes dir/count.NAME for the count c of user or addr, if named. */
static int
ref_plan_count(struct ref_state *s, const char *dir, const char *user,
    const char *addr, const struct ref_count *c)
{
	char name[REF_KEY + 16], line[128];

	if ((user != NULL ? user : addr)[0] == '\0')
		return 0;
	memcpy(name, "count.", 6);
	if (ref_count_name(user, addr, name + 6, sizeof(name) - 6) == -1)
		return -1;
	ref_count_format(c, line, sizeof(line));
	return ref_plan_file(s, dir, name, line, strlen(line));
}

/* Writes the files of the entry into dir. */
static int
ref_plan_files(struct ref_state *s, const char *dir, unsigned long uid,
    const struct ref_outcome *o, int aside)
{
	char num[32], last[32];
	const char *flags = aside ? REF_FLAG " " REF_FLAG_ASIDE : REF_FLAG;

	snprintf(num, sizeof(num), "%lu\n", uid);
	snprintf(last, sizeof(last), "%lu\n", o->last_board);
	if (ref_plan_file(s, dir, "uid", num, strlen(num)) == -1 ||
	    ref_plan_file(s, dir, "last-board", o->last_board != 0 ? last :
	    NULL, strlen(last)) == -1 ||
	    ref_plan_file(s, dir, "flags", flags, strlen(flags)) == -1 ||
	    ref_plan_file(s, dir, "summary", o->summary,
	    strlen(o->summary)) == -1 ||
	    ref_plan_file(s, dir, "board", o->record != NULL ||
	    o->cond != NULL ? o->board : NULL, strlen(o->board)) == -1 ||
	    ref_plan_file(s, dir, "record", o->record, o->record_len) == -1 ||
	    ref_plan_file(s, dir, "cond", o->cond, o->cond_len) == -1 ||
	    ref_plan_file(s, dir, "players", o->players,
	    o->players_len) == -1 ||
	    ref_plan_file(s, dir, "pending", o->pending,
	    o->pending_len) == -1 ||
	    ref_plan_file(s, dir, "challenges", o->challenges,
	    o->challenges_len) == -1 ||
	    ref_plan_file(s, dir, "watchers", o->watchers,
	    o->watchers_len) == -1 ||
	    ref_plan_file(s, dir, "page", o->page, o->page_len) == -1 ||
	    ref_plan_count(s, dir, o->count_user, NULL, &o->user) == -1 ||
	    ref_plan_count(s, dir, NULL, o->count_addr, &o->sender) == -1)
		return -1;
	return ref_plan_mails(s, dir, o);
}

void
ref_rmdir(const char *dir)
{
	char path[REF_PATH];
	struct dirent *e;
	DIR *dp;

	if ((dp = opendir(dir)) == NULL)
		return;
	while ((e = readdir(dp)) != NULL)
		if (strcmp(e->d_name, ".") != 0 &&
		    strcmp(e->d_name, "..") != 0) {
			snprintf(path, sizeof(path), "%.3800s/%.255s", dir,
			    e->d_name);
			unlink(path);
		}
	closedir(dp);
	rmdir(dir);
}

int
ref_state_plan(struct ref_state *s, const char *key, unsigned long uid,
    const struct ref_outcome *o, int aside)
{
	char tmp[REF_PATH], dst[REF_PATH], name[REF_KEY + 8];

	snprintf(name, sizeof(name), ".new-%s", key);
	ref_path(tmp, s, "queue", name);
	ref_rmdir(tmp);
	if (mkdir(tmp, 0700) == -1)
		return ref_fail(s, 1, tmp);
	if (ref_plan_files(s, tmp, uid, o, aside) == -1 ||
	    fileio_sync_dir(tmp) == -1) {
		ref_rmdir(tmp);
		return -1;
	}
	if (rename(tmp, ref_path(dst, s, "queue", key)) == -1 ||
	    fileio_sync_dir(ref_path(tmp, s, "queue", NULL)) == -1)
		return ref_fail(s, 1, dst);
	return 0;
}

int
ref_state_set_aside(struct ref_state *s, const char *key,
    unsigned long uid, const char *why, const char *raw, size_t len)
{
	char path[REF_PATH], *text;
	size_t n;
	int rc;

	if ((text = malloc(len + 512)) == NULL) {
		diag_report(s->d, DIAG_NOMEM, NULL);
		return -1;
	}
	n = (size_t)snprintf(text, 512, "set aside: %s\nuid: %lu\n\n", why,
	    uid);
	memcpy(text + n, raw, len);
	rc = ref_write(s, ref_path(path, s, "aside", key), text, n + len);
	free(text);
	return rc;
}
