/*
 * state.c - the referee's state in its store (state.h, store.h): the
 * lists loaded, what a decision reads (a board's record and version,
 * its conditional moves, the counts, games USERID, the next board),
 * the plan of a decision written whole (one transaction) and the mails
 * set aside.  finish.c carries the plans out.
 */
#include <sys/file.h>

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "base/util.h"
#include "referee/job.h"
#include "referee/state.h"

#define REF_RECORD_MAX (16u * 1024 * 1024)  /* a record read */

int
ref_fail(struct ref_state *s, int writing, const char *what)
{
	if (writing)
		diag_report(s->d, DIAG_WRITE, DIAG_FILE(what), strerror(errno));
	else
		diag_report(s->d, DIAG_READ, DIAG_FILE(what), strerror(errno));
	return -1;
}

/* A list of the state: its table and columns, and its rows' values. */
struct ref_list_kind {
	const char *table;
	const char *cols;         /* after seq */
	size_t ncol;
	size_t (*count)(const void *list);
	void (*bind)(const void *list, size_t i, struct db_value *v);
	int (*add)(void *list, const struct db_value *col);
	int (*parse)(const char *text, void *list, const char **why);
	void (*clear)(void *list);
};

/* A column read as text into buf (size bytes), "" when NULL. */
static void
ref_col_text(const struct db_value *v, char *buf, size_t size)
{
	size_t n = v->type == DB_TEXT || v->type == DB_BLOB ? v->len : 0;

	if (n >= size)
		n = size - 1;
	if (n > 0)
		memcpy(buf, v->p, n);
	buf[n] = '\0';
}

static size_t
ref_players_count(const void *list)
{
	return ((const struct ref_players *)list)->n;
}

static void
ref_players_bind(const void *list, size_t i, struct db_value *v)
{
	const struct ref_player *p = &((const struct ref_players *)list)->v[i];

	v[0] = DB_T(p->user);
	v[1] = DB_T(p->addr);
	v[2] = DB_T(p->hash);
	v[3] = DB_T(p->token);
	v[4] = DB_I((long long)p->expires);
}

static int
ref_players_add(void *list, const struct db_value *col)
{
	struct ref_player p;

	memset(&p, 0, sizeof(p));
	ref_col_text(&col[0], p.user, sizeof(p.user));
	ref_col_text(&col[1], p.addr, sizeof(p.addr));
	ref_col_text(&col[2], p.hash, sizeof(p.hash));
	if (col[3].type == DB_TEXT) {
		ref_col_text(&col[3], p.token, sizeof(p.token));
		p.expires = (time_t)col[4].i;
	}
	return ref_player_add(list, &p);
}

static int
ref_players_parse_v(const char *text, void *list, const char **why)
{
	return ref_players_parse(text, list, why);
}

static void
ref_players_clear(void *list)
{
	ref_players_free(list);
}

static size_t
ref_challenges_count(const void *list)
{
	return ((const struct ref_challenges *)list)->n;
}

static void
ref_challenges_bind(const void *list, size_t i, struct db_value *v)
{
	const struct ref_challenge *c =
	    &((const struct ref_challenges *)list)->v[i];

	v[0] = DB_T(c->board);
	v[1] = DB_T(c->game);
	v[2] = DB_T(c->from);
	v[3] = DB_T(c->to);
	v[4] = DB_I((long long)c->expires);
	v[5] = DB_T(c->options);
}

static int
ref_challenges_add(void *list, const struct db_value *col)
{
	struct ref_challenge c;

	memset(&c, 0, sizeof(c));
	ref_col_text(&col[0], c.board, sizeof(c.board));
	ref_col_text(&col[1], c.game, sizeof(c.game));
	ref_col_text(&col[2], c.from, sizeof(c.from));
	ref_col_text(&col[3], c.to, sizeof(c.to));
	c.expires = (time_t)col[4].i;
	ref_col_text(&col[5], c.options, sizeof(c.options));
	return ref_challenge_add(list, &c);
}

static int
ref_challenges_parse_v(const char *text, void *list, const char **why)
{
	return ref_challenges_parse(text, list, why);
}

static void
ref_challenges_clear(void *list)
{
	ref_challenges_free(list);
}

static size_t
ref_watchers_count(const void *list)
{
	return ((const struct ref_watchers *)list)->n;
}

static void
ref_watchers_bind(const void *list, size_t i, struct db_value *v)
{
	const struct ref_watch *w = &((const struct ref_watchers *)list)->v[i];

	v[0] = DB_T(w->board);
	v[1] = DB_T(w->addr);
	v[2] = DB_T(w->token);
	v[3] = DB_I((long long)w->expires);
}

static int
ref_watchers_add(void *list, const struct db_value *col)
{
	struct ref_watch w;

	memset(&w, 0, sizeof(w));
	ref_col_text(&col[0], w.board, sizeof(w.board));
	ref_col_text(&col[1], w.addr, sizeof(w.addr));
	ref_col_text(&col[2], w.token, sizeof(w.token));
	w.expires = (time_t)col[3].i;
	return ref_watch_add(list, &w);
}

static int
ref_watchers_parse_v(const char *text, void *list, const char **why)
{
	return ref_watchers_parse(text, list, why);
}

static void
ref_watchers_clear(void *list)
{
	ref_watchers_free(list);
}

const struct ref_list_kind ref_lists[REF_LISTS] = {
	{ "players", "userid, addr, hash", 3, ref_players_count,
	    ref_players_bind, ref_players_add, ref_players_parse_v,
	    ref_players_clear },
	{ "pending", "userid, addr, hash, token, expires", 5,
	    ref_players_count, ref_players_bind, ref_players_add,
	    ref_players_parse_v, ref_players_clear },
	{ "challenges", "board, game, from_user, to_user, expires, options",
	    6, ref_challenges_count, ref_challenges_bind, ref_challenges_add,
	    ref_challenges_parse_v, ref_challenges_clear },
	{ "watchers", "board, addr, token, expires", 4, ref_watchers_count,
	    ref_watchers_bind, ref_watchers_add, ref_watchers_parse_v,
	    ref_watchers_clear },
};

void *
ref_state_list(struct ref_state *s, int k)
{
	void *const v[REF_LISTS] = { &s->players, &s->pending, &s->challenges,
	    &s->watchers };

	return v[k];
}

/* A list being read: the rows' seq numbers kept alongside. */
struct ref_list_read {
	const struct ref_list_kind *kind;
	void *list;
	long long *seq;
	size_t n, cap;
};

static int
ref_list_row(void *arg, const struct db_value *col, size_t ncol)
{
	struct ref_list_read *r = arg;
	struct db_value v[6];

	if (ncol != r->kind->ncol + 1)
		return -1;
	memset(v, 0, sizeof(v));
	memcpy(v, col + 1, r->kind->ncol * sizeof(*v));
	if (r->kind->ncol == 3)          /* players: no token */
		v[3].type = DB_NULL;
	if (r->kind->add(r->list, v) == -1 ||
	    ref_grow((void **)&r->seq, &r->cap, r->n, sizeof(*r->seq)) == -1)
		return -1;
	r->seq[r->n++] = col[0].i;
	return 0;
}

/* Reads list k of the store into list (emptied first); its rows' seq
 * numbers into *seq (malloc'ed) when seq is not NULL. */
static int
ref_list_load(struct ref_state *s, int k, void *list, long long **seq)
{
	const struct ref_list_kind *kd = &ref_lists[k];
	struct ref_list_read r = { kd, list, NULL, 0, 0 };
	char sql[256];
	long rc;

	kd->clear(list);
	snprintf(sql, sizeof(sql), "SELECT seq, %s FROM %s ORDER BY seq",
	    kd->cols, kd->table);
	rc = ref_store_exec(s->st, sql, NULL, 0, ref_list_row, &r);
	if (seq != NULL)
		*seq = r.seq;
	else
		free(r.seq);
	return rc == -1 ? -1 : 0;
}

/* Whether row i of a and row j of b (of kind kd) hold the same. */
static int
ref_row_same(const struct ref_list_kind *kd, const void *a, size_t i,
    const void *b, size_t j)
{
	struct db_value x[6], y[6];
	size_t c;

	kd->bind(a, i, x);
	kd->bind(b, j, y);
	for (c = 0; c < kd->ncol; c++)
		if (x[c].type != y[c].type || x[c].i != y[c].i ||
		    x[c].len != y[c].len || (x[c].len > 0 &&
		    memcmp(x[c].p, y[c].p, x[c].len) != 0))
			return 0;
	return 1;
}

int
ref_state_list_apply(struct ref_state *s, int k, const void *now)
{
	const struct ref_list_kind *kd = &ref_lists[k];
	union { struct ref_players p; struct ref_challenges c;
	    struct ref_watchers w; } old;
	struct db_value v[7];
	long long *seq = NULL, next = 1;
	char del[128], ins[256];
	size_t i = 0, j = 0, n, m = kd->count(now);
	int rc = -1;

	memset(&old, 0, sizeof(old));
	if (ref_list_load(s, k, &old, &seq) == -1)
		goto out;
	n = kd->count(&old);
	next = n > 0 ? seq[n - 1] + 1 : 1;
	snprintf(del, sizeof(del), "DELETE FROM %s WHERE seq = $1", kd->table);
	snprintf(ins, sizeof(ins), "INSERT INTO %s (seq, %s) VALUES ($1, $2, "
	    "$3%s)", kd->table, kd->cols, kd->ncol == 3 ? ", $4" :
	    kd->ncol == 4 ? ", $4, $5" : kd->ncol == 5 ? ", $4, $5, $6" :
	    ", $4, $5, $6, $7");
	/* the new list is the old one with rows removed and rows added at
	 * its end (a row changed: removed, and the rest with it, then
	 * added again): walk both */
	for (; i < n; i++) {
		if (j < m && ref_row_same(kd, &old, i, now, j)) {
			j++;
			continue;
		}
		if (ref_store_exec(s->st, del, &DB_I(seq[i]), 1, NULL,
		    NULL) == -1)
			goto out;
	}
	for (; j < m; j++) {
		v[0] = DB_I(next++);
		kd->bind(now, j, v + 1);
		if (ref_store_exec(s->st, ins, v, kd->ncol + 1, NULL,
		    NULL) == -1)
			goto out;
	}
	rc = 0;
out:
	kd->clear(&old);
	free(seq);
	return rc;
}

/* Empties the lists of s. */
static void
ref_state_clear(struct ref_state *s)
{
	int k;

	for (k = 0; k < REF_LISTS; k++)
		ref_lists[k].clear(ref_state_list(s, k));
}

int
ref_state_load(struct ref_state *s)
{
	int k;

	/* the version before the lists: a write between the two makes
	 * the version older than the lists, never newer (a plan on them
	 * is dropped, not applied over a newer list) */
	if (ref_store_int(s->st, "SELECT value FROM meta WHERE name = "
	    "'lists'", NULL, 0, 0, &s->lists_version) == -1)
		return -1;
	s->lists_gen++;
	for (k = 0; k < REF_LISTS; k++)
		if (ref_list_load(s, k, ref_state_list(s, k), NULL) == -1)
			return -1;
	return 0;
}

/* Takes the lock of a SQLite store (PATH.lock): runs on one file take
 * turns, as they did on a state directory, from before the store is
 * opened (its settings and schema then meet no other run's writes); 1
 * when s->nowait and another run holds it. */
static int
ref_state_lock(struct ref_state *s)
{
	char path[REF_PATH];

	if (!ref_store_lock_path(s->url, path, sizeof(path)))
		return 0;     /* PostgreSQL: rows are claimed one by one */
	s->lockfd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0600);
	if (s->lockfd != -1 && flock(s->lockfd, LOCK_EX | (s->nowait ?
	    LOCK_NB : 0)) == 0)
		return 0;
	if (s->lockfd != -1 && errno == EWOULDBLOCK)
		return 1;     /* another run holds it: --deliver leaves it */
	diag_report(s->d, DIAG_WRITE, DIAG_FILE(path), strerror(errno));
	return -1;
}

int
ref_state_open(struct ref_state *s)
{
	struct db_value ttl[2] = {
	    DB_I((long long)time(NULL) - REF_COUNT_TTL),
	    DB_I((long long)time(NULL)) };
	int rc;

	s->lockfd = -1;
	if ((rc = ref_state_lock(s)) != 0)
		return rc;
	if (ref_store_open(s->url, s->d, &s->st) == -1)
		return -1;
	/* a lock still in force stays (the operator's: --admin lock) */
	if (ref_store_exec(s->st, "DELETE FROM counts WHERE updated < $1 "
	    "AND until < $2", ttl, 2, NULL, NULL) == -1)
		return -1;
	return ref_state_load(s);
}

void
ref_state_close(struct ref_state *s)
{
	if (s->lockfd != -1)
		close(s->lockfd);
	s->lockfd = -1;
	ref_store_close(s->st);
	s->st = NULL;
	ref_state_clear(s);
}

/* Whether a row of sql (one parameter: key) exists: 1, 0, or -1. */
static int
ref_state_exists(struct ref_state *s, const char *sql, const char *key)
{
	long n = ref_store_exec(s->st, sql, &DB_T(key), 1, NULL, NULL);

	return n == -1 ? -1 : n > 0;
}

/* One statement, so one snapshot: another worker's apply (the done
 * row in, the plan out, in one transaction) is seen whole or not. */
int
ref_state_seen(struct ref_state *s, const char *key)
{
	long long v;

	if (ref_store_int(s->st, "SELECT CASE WHEN EXISTS (SELECT 1 FROM "
	    "done WHERE key = $1) THEN 1 WHEN EXISTS (SELECT 1 FROM plans "
	    "WHERE key = $1) THEN 2 ELSE 0 END", &DB_T(key), 1, 0, &v) == -1)
		return -1;
	return (int)v;
}

int
ref_state_aside_seen(struct ref_state *s, const char *key)
{
	return ref_state_exists(s, "SELECT 1 FROM aside WHERE key = $1", key);
}

/* The number the next new board gets: 1 + the largest of last_board
 * (meta: the last board a challenge or a record took) and the
 * challenges waiting. */
static unsigned long
ref_next_board(struct ref_state *s)
{
	unsigned long max = 0, v;
	long long last = 0;
	size_t n;

	if (ref_store_int(s->st, "SELECT value FROM meta WHERE name = "
	    "'last_board'", NULL, 0, 0, &last) == 0 && last > 0)
		max = (unsigned long)last;
	for (n = 0; n < s->challenges.n; n++)
		if (util_parse_ulong(s->challenges.v[n].board, 1,
		    ULONG_MAX - 1, &v) == 0 && v > max)
			max = v;
	return max + 1;
}

int
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

static int
ref_count_row(void *arg, const struct db_value *col, size_t ncol)
{
	struct ref_count *c = arg;

	if (ncol == 5) {
		c->since = (time_t)col[0].i;
		c->fails = (unsigned long)col[1].i;
		c->mails = (unsigned long)col[2].i;
		c->until = (time_t)col[3].i;
		c->held = col[4].i != 0;
	}
	return 1;
}

/* Reads the count called name into c (zero when there is none). */
static int
ref_read_named(struct ref_state *s, const char *name, struct ref_count *c)
{
	memset(c, 0, sizeof(*c));
	return ref_store_exec(s->st, "SELECT since, fails, mails, until, held "
	    "FROM counts WHERE name = $1", &DB_T(name), 1, ref_count_row, c) ==
	    -1 ? -1 : 0;
}

/* Reads the count of user or addr into c (zero when there is none). */
static int
ref_read_count(struct ref_state *s, const char *user, const char *addr,
    struct ref_count *c)
{
	char name[REF_KEY + 8];

	memset(c, 0, sizeof(*c));
	if ((user != NULL ? user : addr)[0] == '\0' ||
	    ref_count_name(user, addr, name, sizeof(name)) == -1)
		return 0;
	return ref_read_named(s, name, c);
}

/* Reads the count of board's watcher copies into c. */
static int
ref_read_board_count(struct ref_state *s, const char *board,
    struct ref_count *c)
{
	char name[PBEM_WORD + 8];

	snprintf(name, sizeof(name), "b-%s", board);
	return ref_read_named(s, name, c);
}

/* The records naming a userid, as they are read for games USERID. */
struct ref_found {
	struct ref_board_file *v;
	size_t n, max;
};

static int
ref_found_row(void *arg, const struct db_value *col, size_t ncol)
{
	struct ref_found *f = arg;
	struct ref_board_file *b = &f->v[f->n];

	if (ncol != 3 || f->n >= f->max)
		return 1;
	ref_col_text(&col[0], b->board, sizeof(b->board));
	b->mtime = (time_t)col[2].i;
	if (col[1].len <= REF_LIST_SIZE) {
		b->text = ref_alloc(malloc(col[1].len + 1));
		memcpy(b->text, col[1].p, col[1].len);
		b->text[col[1].len] = '\0';
		b->len = col[1].len;
	}
	f->n++;
	return 0;
}

/* The records naming user as a player, the REF_LIST_MAX latest, into c
 * (the indexed white and black columns). */
static int
ref_state_boards(struct ref_state *s, const char *user, struct ref_ctx *c)
{
	struct ref_found f;
	long long all = 0;

	f.v = ref_alloc(calloc(REF_LIST_MAX + 1, sizeof(*f.v)));
	f.n = 0;
	f.max = REF_LIST_MAX;
	c->boards = f.v;
	if (ref_store_int(s->st, "SELECT COUNT(*) FROM boards WHERE white = $1 "
	    "OR black = $1", &DB_T(user), 1, 0, &all) == -1 ||
	    ref_store_exec(s->st, "SELECT board, record, updated FROM boards "
	    "WHERE white = $1 OR black = $1 ORDER BY updated DESC, board "
	    "LIMIT 50", &DB_T(user), 1, ref_found_row, &f) == -1)
		return -1;
	c->nboards = f.n;
	c->boards_more = (size_t)all > f.n ? (size_t)all - f.n : 0;
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
	c->limits = s->limits;
}

/* The boards not over of the players a decision on l needs
 * (ref_wanted_players) into c->open (the indexed white and black). */
static int
ref_state_open_boards(struct ref_state *s, const struct ref_letter *l,
    struct ref_ctx *c)
{
	char users[2][PBEM_WORD];
	long long n;
	int i;

	ref_wanted_players(l, &s->challenges, users);
	for (i = 0; i < 2; i++) {
		if (users[i][0] == '\0')
			continue;
		if (ref_store_int(s->st, "SELECT COUNT(*) FROM boards WHERE "
		    "(white = $1 OR black = $1) AND over = 0", &DB_T(users[i]),
		    1, 0, &n) == -1)
			return -1;
		memcpy(c->open[i].user, users[i], PBEM_WORD);
		c->open[i].n = (unsigned long)n;
	}
	return 0;
}

/* The ratings read for a decision (ref_ctx.ratings). */
struct ref_rating_rows {
	struct ref_rating *v;
	size_t n, cap;
};

static int
ref_rating_row(void *arg, const struct db_value *col, size_t ncol)
{
	struct ref_rating_rows *r = arg;
	struct ref_rating *x;

	if (ncol != 3)
		return 1;
	if (ref_grow((void **)&r->v, &r->cap, r->n, sizeof(*r->v)) == -1)
		ref_nomem();
	x = &r->v[r->n++];
	ref_col_text(&col[0], x->user, sizeof(x->user));
	ref_col_text(&col[1], x->game, sizeof(x->game));
	ref_col_text(&col[2], x->value, sizeof(x->value));
	return 0;
}

/* The ratings a decision on l needs into c: those of its board's
 * players (board, or NULL), of games USERID's userid, or the best of
 * GAME ratings's game. */
static int
ref_state_ratings(struct ref_state *s, const struct ref_letter *l,
    const char *board, struct ref_ctx *c)
{
	struct ref_rating_rows r = { NULL, 0, 0 };
	long rc = 0;

	if (board != NULL)
		rc = ref_store_exec(s->st, "SELECT userid, game, value FROM "
		    "ratings WHERE userid IN (SELECT white FROM boards WHERE "
		    "board = $1 UNION SELECT black FROM boards WHERE board = "
		    "$1)", &DB_T(board), 1, ref_rating_row, &r);
	else if (l->cmd.verb == PBEM_GAMES)
		rc = ref_store_exec(s->st, "SELECT userid, game, value FROM "
		    "ratings WHERE userid = $1 ORDER BY game", &DB_T(l->cmd.user),
		    1, ref_rating_row, &r);
	else if (l->cmd.verb == PBEM_RATINGS)
		rc = ref_store_exec(s->st, "SELECT userid, game, value FROM "
		    "ratings WHERE game = $1 ORDER BY shown DESC, userid LIMIT "
		    "20", &DB_T(l->cmd.game), 1, ref_rating_row, &r);
	c->ratings = r.v;
	c->nratings = r.n;
	return rc == -1 ? -1 : 0;
}

/* A text read from a column, malloc'ed, NUL-ended. */
struct ref_text {
	char *p;
	size_t len;
	long long version;
	int found;
};

static int
ref_text_row(void *arg, const struct db_value *col, size_t ncol)
{
	struct ref_text *t = arg;

	t->found = 1;
	t->p = ref_alloc(malloc(col[0].len + 1));
	if (col[0].len > 0)
		memcpy(t->p, col[0].p, col[0].len);
	t->p[col[0].len] = '\0';
	t->len = col[0].len;
	if (ncol > 1)
		t->version = col[1].i;
	return 1;
}

/* Reads the record of board, its version and its conditional moves
 * into c (*record and c->cond malloc'ed; none: NULL; no board: version
 * -1). */
static int
ref_state_board(struct ref_state *s, const char *board, struct ref_ctx *c,
    char **record)
{
	struct ref_text rec = { NULL, 0, -1, 0 }, cond = { NULL, 0, 0, 0 };
	char path[PBEM_WORD + 16];

	if (ref_store_exec(s->st, "SELECT record, version FROM boards WHERE "
	    "board = $1", &DB_T(board), 1, ref_text_row, &rec) == -1 ||
	    ref_store_exec(s->st, "SELECT moves FROM cond WHERE board = $1",
	    &DB_T(board), 1, ref_text_row, &cond) == -1) {
		free(rec.p);
		free(cond.p);
		return -1;
	}
	if (rec.len > REF_RECORD_MAX) {    /* as a file too large to read */
		snprintf(path, sizeof(path), "games/%s.pdn", board);
		diag_report(s->d, DIAG_READ, DIAG_FILE(path), strerror(EFBIG));
		free(rec.p);
		free(cond.p);
		return -1;
	}
	*record = rec.p;
	c->record = rec.p;
	c->record_len = rec.len;
	c->cond = cond.p;
	s->read_version = rec.version;
	return ref_state_ratings(s, NULL, board, c);
}

/* A row of notify into the next of c->notify. */
static int
ref_notify_row(void *arg, const struct db_value *col, size_t ncol)
{
	struct ref_ctx *c = arg;
	struct ref_notify *n = &c->notify[c->nnotify];

	if (ncol != 4 || c->nnotify >= REF_NOTIFY_MAX)
		return 1;
	ref_col_text(&col[0], n->user, sizeof(n->user));
	n->hour = (int)col[1].i;
	n->remind = col[2].i;
	n->next = col[3].type == DB_INT ? col[3].i : -1;
	c->nnotify++;
	return 0;
}

/* The settings (notify) of the userids u1, u2, u3 and of the players
 * of board ("" for none) into c->notify. */
static int
ref_state_notify(struct ref_state *s, const char *u1, const char *u2,
    const char *u3, const char *board, struct ref_ctx *c)
{
	struct db_value v[4] = { DB_T(u1), DB_T(u2), DB_T(u3), DB_T(board) };

	c->nnotify = 0;
	return ref_store_exec(s->st, "SELECT userid, hour, remind, "
	    "next_digest FROM notify WHERE userid IN ($1, $2, $3) OR userid IN "
	    "(SELECT white FROM boards WHERE board = $4) OR userid IN (SELECT "
	    "black FROM boards WHERE board = $4) ORDER BY userid LIMIT 5", v,
	    4, ref_notify_row, c) == -1 ? -1 : 0;
}

int
ref_state_digest_ctx(struct ref_state *s, const char *user,
    struct ref_ctx *c)
{
	unsigned long max = s->limits.boards > 0 ? s->limits.boards :
	    REF_BOARDS_USER;
	struct db_value v[2] = { DB_T(user), DB_I((long long)max * 2) };
	struct ref_found f;

	ref_state_common(s, c);
	if (ref_state_notify(s, user, "", "", "", c) == -1)
		return -1;
	f.v = ref_alloc(calloc(max * 2 + 1, sizeof(*f.v)));
	f.n = 0;
	f.max = max * 2;
	c->boards = f.v;
	if (ref_store_exec(s->st, "SELECT board, record, updated FROM boards "
	    "WHERE (white = $1 OR black = $1) AND over = 0 ORDER BY updated, "
	    "board LIMIT $2", v, 2, ref_found_row, &f) == -1)
		return -1;
	c->nboards = f.n;
	return 0;
}

int
ref_state_ctx(struct ref_state *s, const struct ref_letter *l,
    struct ref_ctx *c, char **record)
{
	char board[PBEM_WORD], user[PBEM_WORD], addr[MAIL_ADDR_MAX];

	*record = NULL;
	s->read_version = -1;
	ref_state_common(s, c);
	ref_wanted_counts(l, user, addr);
	if (ref_read_count(s, user, NULL, &c->user) == -1 ||
	    ref_read_count(s, NULL, addr, &c->sender) == -1 ||
	    ref_state_open_boards(s, l, c) == -1)
		return -1;
	if (l->bad == NULL && l->cmd_why == NULL &&
	    (l->cmd.verb == PBEM_GAMES || l->cmd.verb == PBEM_RETIRE) &&
	    ref_board_ok(l->cmd.user) &&
	    ref_state_boards(s, l->cmd.user, c) == -1)
		return -1;
	if (l->bad == NULL && l->cmd_why == NULL &&
	    (l->cmd.verb == PBEM_GAMES || l->cmd.verb == PBEM_RATINGS) &&
	    ref_state_ratings(s, l, NULL, c) == -1)
		return -1;
	if (!ref_wanted_board(l, board))
		board[0] = '\0';
	if (ref_state_notify(s, l->bad == NULL && l->cmd_why == NULL ?
	    l->cmd.user : "", c->open[0].user, c->open[1].user, board,
	    c) == -1)
		return -1;
	if (board[0] == '\0')
		return 0;
	if (ref_read_board_count(s, board, &c->board) == -1)
		return -1;
	return ref_state_board(s, board, c, record);
}

int
ref_state_time_ctx(struct ref_state *s, const char *board,
    struct ref_ctx *c, char **record)
{
	*record = NULL;
	ref_state_common(s, c);
	if (ref_read_board_count(s, board, &c->board) == -1 ||
	    ref_state_notify(s, "", "", "", board, c) == -1)
		return -1;
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
	free((struct ref_rating *)c->ratings);
	c->ratings = NULL;
	c->nratings = 0;
}

/* A text, or NULL, as a parameter: a blob (NULL: SQL NULL). */
static struct db_value
ref_blob_or_null(const struct ref_blob *b)
{
	struct db_value v = DB_B(b->p, b->len);

	if (b->p == NULL)
		v.type = DB_NULL;
	return v;
}

int
ref_outbox_put(struct ref_state *s, const char *key, long long n,
    const char *rcpt, const struct ref_blob *mail, long long made,
    long long tries, long long next_try, int ready)
{
	struct db_value v[8] = { DB_T(key), DB_I(n), DB_T(rcpt),
	    DB_B(mail->p, mail->len), DB_I(made), DB_I(tries), DB_I(next_try),
	    DB_I(ready & 1) };

	return ref_store_exec(s->st, (ready & 2) != 0 ? "INSERT INTO outbox "
	    "(key, n, rcpt, mail, made, tries, next_try, ready) VALUES ($1, $2, "
	    "$3, $4, $5, $6, $7, $8) ON CONFLICT (key, n) DO UPDATE SET rcpt = "
	    "excluded.rcpt, mail = excluded.mail, made = excluded.made, tries = "
	    "excluded.tries, next_try = excluded.next_try, ready = "
	    "excluded.ready" : "INSERT INTO outbox (key, n, rcpt, mail, made, "
	    "tries, next_try, ready) VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON "
	    "CONFLICT (key, n) DO NOTHING", v, 8, NULL, NULL) == -1 ? -1 : 0;
}

/* Writes the replies of o, of plan key, not ready. */
static int
ref_plan_mails(struct ref_state *s, const char *key,
    const struct ref_outcome *o)
{
	char rcpt[2 * MAIL_ADDR_MAX + 4];
	struct ref_blob b;
	size_t i, k;

	for (i = 0; i < o->nmail; i++) {
		rcpt[0] = '\0';
		for (k = 0; k < o->mail[i].nrcpt; k++) {
			strcat(rcpt, o->mail[i].rcpt[k]);
			strcat(rcpt, "\n");
		}
		b.p = o->mail[i].text;
		b.len = o->mail[i].len;
		if (ref_outbox_put(s, key, (long long)i + 1, rcpt, &b, 0, 0, 0,
		    0) == -1)
			return -1;
	}
	return 0;
}

int
ref_plan_put(struct ref_state *s, const char *key, const struct ref_plan *p)
{
	static const int at[3] = { 16, 18, 21 };  /* the counts' columns */
	struct db_value v[25];
	long n;
	int k;

	v[0] = DB_T(key);
	v[1] = DB_I((long long)p->uid);
	v[2] = DB_I(p->aside);
	v[3] = DB_T(p->summary);
	v[4] = DB_I(p->status);
	v[5] = ref_db_text(p->board[0] != '\0' ? p->board : NULL);
	v[6] = DB_I(p->version);
	v[7] = ref_blob_or_null(&p->record);
	v[8] = p->next_due != -1 ? DB_I(p->next_due) : DB_N;
	v[9] = ref_blob_or_null(&p->cond);
	for (k = 0; k < REF_LISTS; k++)
		v[10 + k] = ref_blob_or_null(&p->list[k]);
	v[14] = ref_blob_or_null(&p->page);
	v[15] = DB_I(p->last_board);
	for (k = 0; k < 3; k++) {
		v[at[k]] = ref_db_text(p->count_name[k][0] != '\0' ?
		    p->count_name[k] : NULL);
		v[at[k] + 1] = ref_db_text(p->count_name[k][0] != '\0' ?
		    p->count_line[k] : NULL);
	}
	v[20] = ref_db_text(p->inbox[0] != '\0' ? p->inbox : NULL);
	v[23] = DB_I((long long)time(NULL));
	v[24] = DB_I(p->lists);
	n = ref_store_exec(s->st, "INSERT INTO plans (key, uid, aside, "
	    "summary, status, board, version, record, next_due, cond, "
	    "players, pending, challenges, watchers, page, last_board, "
	    "count_user, user_count, count_addr, addr_count, inbox, "
	    "count_board, board_count, made, lists) VALUES ($1, $2, $3, $4, "
	    "$5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, "
	    "$19, $20, $21, $22, $23, $24, $25) ON CONFLICT (key) DO NOTHING",
	    v, 25, NULL, NULL);
	return n == -1 ? -1 : n == 0;
}

/* Sets t to point at text[0..len) (not copied). */
static void
ref_blob_of(struct ref_blob *t, char *text, size_t len)
{
	t->p = text;
	t->len = len;
}

/* The line of count c of user or addr into line, its name into name;
 * both "" when none is named. */
static void
ref_plan_count(const char *user, const char *addr, const struct ref_count *c,
    char *name, size_t nsize, char *line, size_t lsize)
{
	name[0] = line[0] = '\0';
	if ((user != NULL ? user : addr)[0] == '\0' ||
	    ref_count_name(user, addr, name, nsize) == -1) {
		name[0] = '\0';
		return;
	}
	ref_count_format(c, line, lsize);
}

/* The plan of outcome o (its texts not copied) into p. */
static void
ref_plan_of(struct ref_state *s, unsigned long uid,
    const struct ref_outcome *o, int aside, struct ref_plan *p)
{
	memset(p, 0, sizeof(*p));
	p->uid = uid;
	p->aside = aside;
	p->status = (int)o->status;
	snprintf(p->summary, sizeof(p->summary), "%s", o->summary);
	if (o->record != NULL || o->cond != NULL || o->page != NULL)
		snprintf(p->board, sizeof(p->board), "%s", o->board);
	p->version = s->read_version;
	p->lists = s->lists_version;
	p->next_due = s->next_due;
	p->last_board = (long long)o->last_board;
	ref_blob_of(&p->record, o->record, o->record_len);
	ref_blob_of(&p->cond, o->cond, o->cond_len);
	ref_blob_of(&p->list[0], o->players, o->players_len);
	ref_blob_of(&p->list[1], o->pending, o->pending_len);
	ref_blob_of(&p->list[2], o->challenges, o->challenges_len);
	ref_blob_of(&p->list[3], o->watchers, o->watchers_len);
	ref_blob_of(&p->page, o->page, o->page_len);
	ref_plan_count(o->count_user, NULL, &o->user, p->count_name[0],
	    sizeof(p->count_name[0]), p->count_line[0],
	    sizeof(p->count_line[0]));
	ref_plan_count(NULL, o->count_addr, &o->sender, p->count_name[1],
	    sizeof(p->count_name[1]), p->count_line[1],
	    sizeof(p->count_line[1]));
	if (o->count_board[0] != '\0') {
		snprintf(p->count_name[2], sizeof(p->count_name[2]), "b-%s",
		    o->count_board);
		ref_count_format(&o->board_count, p->count_line[2],
		    sizeof(p->count_line[2]));
	}
	snprintf(p->inbox, sizeof(p->inbox), "%s", s->inbox_key);
}

/* Keeps the setting of o, if any (in the plan's transaction: it
 * depends on no board or list, so its plan is never dropped). */
static int
ref_state_put_notify(struct ref_state *s, const struct ref_outcome *o)
{
	const struct ref_notify *n = &o->notify;
	struct db_value v[5] = { DB_T(n->user), DB_I(n->hour),
	    DB_I(n->remind), n->next >= 0 ? DB_I(n->next) : DB_N,
	    DB_I((long long)s->now) };

	if (!o->notify_set)
		return 0;
	if (ref_store_exec(s->st, "INSERT INTO notify (userid, hour, remind, "
	    "next_digest, updated) VALUES ($1, $2, $3, $4, $5) ON CONFLICT "
	    "(userid) DO UPDATE SET hour = excluded.hour, remind = "
	    "excluded.remind, next_digest = excluded.next_digest, updated = "
	    "excluded.updated", v, 5, NULL, NULL) == -1)
		return -1;
	/* the player's boards judged again at the next pass: their
	 * reminders at her new interval */
	v[1] = v[4];
	return ref_store_exec(s->st, "UPDATE boards SET next_due = $2 WHERE "
	    "(white = $1 OR black = $1) AND over = 0 AND next_due > $2",
	    v, 2, NULL, NULL) == -1 ? -1 : 0;
}

int
ref_state_put_rating(struct ref_state *s, const char *user,
    const char *game, const char *value)
{
	struct db_value v[5];
	struct rating r;

	if (ref_rating_parse(value, &r) == -1)
		return 1;
	v[0] = DB_T(user);
	v[1] = DB_T(game);
	v[2] = DB_T(value);
	v[3] = DB_I(rating_shown(&r));
	v[4] = DB_I((long long)time(NULL));
	return ref_store_exec(s->st, "INSERT INTO ratings (userid, game, "
	    "value, shown, updated) VALUES ($1, $2, $3, $4, $5) ON CONFLICT "
	    "(userid, game) DO UPDATE SET value = excluded.value, shown = "
	    "excluded.shown, updated = excluded.updated", v, 5, NULL,
	    NULL) == -1 ? -1 : 0;
}

/* Writes the ratings o changes, of plan key. */
static int
ref_plan_ratings(struct ref_state *s, const char *key,
    const struct ref_outcome *o)
{
	const struct ref_rating_change *ch;
	struct db_value v[6];
	struct rating r;
	size_t i;

	for (i = 0; i < o->nrated; i++) {
		ch = &o->rated[i];
		if (ref_rating_parse(ch->now, &r) == -1)
			continue;
		v[0] = DB_T(key);
		v[1] = DB_T(ch->user);
		v[2] = DB_T(ch->game);
		v[3] = DB_T(ch->was);
		v[4] = DB_T(ch->now);
		v[5] = DB_I(rating_shown(&r));
		if (ref_store_exec(s->st, "INSERT INTO plan_ratings (key, "
		    "userid, game, was, value, shown) VALUES ($1, $2, $3, $4, "
		    "$5, $6)", v, 6, NULL, NULL) == -1)
			return -1;
	}
	return 0;
}

int
ref_state_plan(struct ref_state *s, const char *key, unsigned long uid,
    const struct ref_outcome *o, int aside)
{
	struct ref_plan p;

	int rc;

	ref_plan_of(s, uid, o, aside, &p);
	if (ref_store_begin(s->st, 1) == -1)
		return -1;
	/* another worker's plan of the same mail there already: its
	 * replies stay its own (never a mix of two decisions) */
	if ((rc = ref_plan_put(s, key, &p)) == 1) {
		ref_store_rollback(s->st);
		return 0;
	}
	if (rc == -1 || ref_plan_mails(s, key, o) == -1 ||
	    ref_state_put_notify(s, o) == -1 ||
	    ref_plan_ratings(s, key, o) == -1) {
		ref_store_rollback(s->st);
		return -1;
	}
	return ref_store_commit(s->st);
}

int
ref_state_set_aside(struct ref_state *s, const char *key,
    unsigned long uid, const char *why, const char *raw, size_t len,
    time_t at)
{
	struct db_value v[5];

	v[0] = DB_T(key);
	v[1] = DB_T(why);
	v[2] = DB_I((long long)uid);
	v[3] = DB_B(raw, len);
	v[4] = DB_I((long long)(at > 0 ? at : time(NULL)));
	return ref_store_exec(s->st, "INSERT INTO aside (key, why, uid, mail, "
	    "at) VALUES ($1, $2, $3, $4, $5) ON CONFLICT (key) DO NOTHING", v,
	    5, NULL, NULL) == -1 ? -1 : 0;
}

int
ref_state_due(struct ref_state *s, const char *board)
{
	struct db_value v[3] = { DB_T(board), DB_I(s->read_version),
	    s->next_due != -1 ? DB_I(s->next_due) : DB_N };

	/* judged with nothing to change, or to change again later: at
	 * least a minute on, so that no board is judged at every run */
	if (s->next_due != -1 && s->next_due <= (long long)s->now)
		v[2] = DB_I((long long)s->now + 60);
	return ref_store_exec(s->st, "UPDATE boards SET next_due = $3 WHERE "
	    "board = $1 AND version = $2", v, 3, NULL, NULL) == -1 ? -1 : 0;
}

/* The keys being read. */
struct ref_keys {
	char (*v)[REF_KEY];
	size_t n, max;
};

static int
ref_key_row(void *arg, const struct db_value *col, size_t ncol)
{
	struct ref_keys *k = arg;

	if (ncol < 1 || k->n >= k->max)
		return 1;
	ref_col_text(&col[0], k->v[k->n++], REF_KEY);
	return 0;
}

int
ref_state_keys(struct ref_state *s, const char *sql,
    const struct db_value *par, size_t npar, char (*keys)[REF_KEY],
    size_t max, size_t *n)
{
	struct ref_keys k = { keys, 0, max };
	long rc = ref_store_exec(s->st, sql, par, npar, ref_key_row, &k);

	*n = k.n;
	return rc == -1 ? -1 : 0;
}

int
ref_state_due_list(struct ref_state *s, int digests, char (*keys)[REF_KEY],
    size_t max, size_t *n)
{
	struct db_value v[2] = { DB_I((long long)s->now), DB_I((long long)max) };

	return ref_state_keys(s, digests ? "SELECT userid FROM notify WHERE "
	    "next_digest <= $1 ORDER BY next_digest, userid LIMIT $2" :
	    "SELECT board FROM boards WHERE next_due <= $1 ORDER BY next_due, "
	    "board LIMIT $2", v, 2, keys, max, n);
}

int
ref_state_digest_sent(struct ref_state *s, const char *user,
    long long next)
{
	struct db_value v[3] = { DB_T(user), DB_I(next), DB_I(next + 86400) };

	/* the next day's: the hour's next after now, as that is */
	while (v[2].i <= (long long)s->now)
		v[2].i += 86400;
	return ref_store_exec(s->st, "UPDATE notify SET next_digest = $3 "
	    "WHERE userid = $1 AND next_digest = $2", v, 3, NULL, NULL) == -1 ?
	    -1 : 0;
}
