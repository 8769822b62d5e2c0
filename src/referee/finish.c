/*
 * finish.c - carrying out the plan of a mail (see state.h, store.h):
 * applied in one transaction of the store, the mail flagged on the
 * server, then its replies sent through transport.h, each deleted once
 * sent or dropped, or kept with the time of its next attempt.
 */
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "base/util.h"
#include "referee/state.h"

#define REF_LEASE 600     /* seconds a reply being sent is claimed */
#define REF_BATCH_KEYS 1000  /* plans finished per call */
#define REF_PUBLISH_MAX 1000 /* pages published per run */

/* What became of a reply handed to the submission server. */
enum ref_sent {
	REF_SENT,
	REF_DEFER,        /* 4xx for this reply: try again later */
	REF_DROP,         /* 5xx for this reply: never */
	REF_DOWN          /* the server is unreachable or refuses us */
};

/* Copies column v into t (NULL stays NULL). */
static void
ref_col_copy(const struct db_value *v, struct ref_blob *t)
{
	t->p = NULL;
	t->len = 0;
	if (v->type != DB_TEXT && v->type != DB_BLOB)
		return;
	if ((t->p = malloc(v->len + 1)) == NULL)
		return;
	memcpy(t->p, v->p, v->len);
	t->p[v->len] = '\0';
	t->len = v->len;
}

/* Copies text column v into buf (size bytes), "" when NULL. */
static void
ref_col_str(const struct db_value *v, char *buf, size_t size)
{
	size_t n = v->type == DB_TEXT ? v->len : 0;

	if (n >= size)
		n = size - 1;
	memcpy(buf, v->p != NULL ? v->p : "", n);
	buf[n] = '\0';
}

static int
ref_plan_row(void *arg, const struct db_value *col, size_t ncol)
{
	struct ref_plan *p = arg;
	int k;

	if (ncol != 24)
		return -1;
	p->found = 1;
	p->uid = (unsigned long)col[0].i;
	p->aside = (int)col[1].i;
	ref_col_str(&col[2], p->summary, sizeof(p->summary));
	p->status = (int)col[3].i;
	ref_col_str(&col[4], p->board, sizeof(p->board));
	p->version = col[5].type == DB_INT ? col[5].i : -1;
	ref_col_copy(&col[6], &p->record);
	p->next_due = col[7].type == DB_INT ? col[7].i : -1;
	ref_col_copy(&col[8], &p->cond);
	for (k = 0; k < REF_LISTS; k++)
		ref_col_copy(&col[9 + k], &p->list[k]);
	ref_col_copy(&col[13], &p->page);
	p->last_board = col[14].i;
	for (k = 0; k < 2; k++) {
		ref_col_str(&col[15 + 2 * k], p->count_name[k],
		    sizeof(p->count_name[k]));
		ref_col_str(&col[16 + 2 * k], p->count_line[k],
		    sizeof(p->count_line[k]));
	}
	ref_col_str(&col[19], p->inbox, sizeof(p->inbox));
	ref_col_str(&col[20], p->count_name[2], sizeof(p->count_name[2]));
	ref_col_str(&col[21], p->count_line[2], sizeof(p->count_line[2]));
	p->lists = col[23].type == DB_INT ? col[23].i : -1;
	return 1;
}

void
ref_plan_free(struct ref_plan *p)
{
	int k;

	free(p->record.p);
	free(p->cond.p);
	free(p->page.p);
	for (k = 0; k < REF_LISTS; k++)
		free(p->list[k].p);
}

int
ref_plan_read(struct ref_state *s, const char *key, struct ref_plan *p)
{
	memset(p, 0, sizeof(*p));
	return ref_store_exec(s->st, "SELECT uid, aside, summary, status, "
	    "board, version, record, next_due, cond, players, pending, "
	    "challenges, watchers, page, last_board, count_user, user_count, "
	    "count_addr, addr_count, inbox, count_board, board_count, made, "
	    "lists FROM plans WHERE "
	    "key = $1",
	    &DB_T(key), 1, ref_plan_row, p) == -1 ? -1 : 0;
}

/* The value of tag name in the tag section of the record text into
 * buf (size bytes): 1, or 0 when it has none. */
static int
ref_head_tag(const char *text, const char *name, char *buf, size_t size)
{
	const char *q, *e;
	size_t n = strlen(name);

	for (q = text; q != NULL && *q == '['; q = strchr(q, '\n'),
	    q = q != NULL ? q + 1 : NULL)
		if (strncmp(q + 1, name, n) == 0 && q[1 + n] == ' ' &&
		    q[2 + n] == '"' && (e = strchr(q + 3 + n, '"')) != NULL &&
		    (size_t)(e - q - 3 - n) < size) {
			memcpy(buf, q + 3 + n, (size_t)(e - q - 3 - n));
			buf[e - q - 3 - n] = '\0';
			return 1;
		}
	return 0;
}

/* The players of a record (the two tags after Round, as the referee
 * writes them: White and Black, or the sides' names) into who. */
static void
ref_record_players(const char *text, char who[2][PBEM_WORD])
{
	const char *q = strstr(text, "\n[Round ");
	char tag[PBEM_WORD];
	int k;

	who[0][0] = who[1][0] = '\0';
	for (k = 0; k < 2 && q != NULL; k++) {
		q = strchr(q + 1, '\n');
		if (q == NULL || q[1] != '[' || sscanf(q + 2, "%31[A-Za-z]",
		    tag) != 1 || strcmp(tag, "Result") == 0)
			break;
		if (!ref_head_tag(q + 1, tag, who[k], PBEM_WORD) ||
		    !ref_board_ok(who[k]))
			who[k][0] = '\0';
	}
}

int
ref_state_put_board(struct ref_state *s, const char *board,
    const char *text, size_t len, long long version, long long next_due,
    long long updated)
{
	char who[2][PBEM_WORD], result[16];
	struct db_value v[8];
	long long num = 0;
	unsigned long u;
	long n;

	ref_record_players(text, who);
	v[0] = DB_T(board);
	v[1] = DB_B(text, len);
	v[2] = ref_db_text(who[0][0] != '\0' ? who[0] : NULL);
	v[3] = ref_db_text(who[1][0] != '\0' ? who[1] : NULL);
	v[4] = DB_I(!(ref_head_tag(text, "Result", result, sizeof(result)) &&
	    strcmp(result, "*") == 0));
	v[5] = next_due != -1 ? DB_I(next_due) : DB_N;
	v[6] = DB_I(updated);
	v[7] = DB_I(version);
	if (version == -1)
		n = ref_store_exec(s->st, "INSERT INTO boards (board, record, "
		    "white, black, over, next_due, updated, version) VALUES ($1, "
		    "$2, $3, $4, $5, $6, $7, 1) ON CONFLICT (board) DO NOTHING",
		    v, 7, NULL, NULL);
	else
		n = ref_store_exec(s->st, "UPDATE boards SET record = $2, white "
		    "= $3, black = $4, over = $5, next_due = $6, updated = $7, "
		    "version = version + 1 WHERE board = $1 AND version = $8", v,
		    8, NULL, NULL);
	if (n <= 0)
		return n == -1 ? -1 : 1;
	if (util_parse_ulong(board, 1, LLONG_MAX, &u) == 0)
		num = (long long)u;
	return num > 0 ? ref_state_last_board(s, num) : 0;
}

int
ref_state_last_board(struct ref_state *s, long long num)
{
	return ref_store_exec(s->st, "INSERT INTO meta (name, value) VALUES "
	    "('last_board', $1) ON CONFLICT (name) DO UPDATE SET value = CASE "
	    "WHEN excluded.value > meta.value THEN excluded.value ELSE "
	    "meta.value END", &DB_I(num), 1, NULL, NULL) == -1 ? -1 : 0;
}

int
ref_state_put_count(struct ref_state *s, const char *name, const char *line,
    long long updated)
{
	struct ref_count c;
	struct db_value v[6];

	ref_count_parse(line, &c);
	v[0] = DB_T(name);
	v[1] = DB_I((long long)c.since);
	v[2] = DB_I((long long)c.fails);
	v[3] = DB_I((long long)c.mails);
	v[4] = DB_I((long long)c.until);
	v[5] = DB_I(updated);
	return ref_store_exec(s->st, "INSERT INTO counts (name, since, fails, "
	    "mails, until, updated) VALUES ($1, $2, $3, $4, $5, $6) ON "
	    "CONFLICT (name) DO UPDATE SET since = excluded.since, fails = "
	    "excluded.fails, mails = excluded.mails, until = excluded.until, "
	    "updated = excluded.updated", v, 6, NULL, NULL) == -1 ? -1 : 0;
}

int
ref_state_put_cond(struct ref_state *s, const char *board, const char *moves,
    size_t len)
{
	struct db_value v[2] = { DB_T(board), DB_B(moves, len) };

	return ref_store_exec(s->st, "INSERT INTO cond (board, moves) VALUES "
	    "($1, $2) ON CONFLICT (board) DO UPDATE SET moves = excluded.moves",
	    v, 2, NULL, NULL) == -1 ? -1 : 0;
}

int
ref_state_put_page(struct ref_state *s, const char *board, const char *page,
    size_t len, long long tries, long long next_try)
{
	struct db_value v[4] = { DB_T(board), DB_B(page, len), DB_I(tries),
	    DB_I(next_try) };

	return ref_store_exec(s->st, "INSERT INTO publish (board, page, tries, "
	    "next_try) VALUES ($1, $2, $3, $4) ON CONFLICT (board) DO UPDATE "
	    "SET page = excluded.page, tries = excluded.tries, next_try = "
	    "excluded.next_try", v, 4, NULL, NULL) == -1 ? -1 : 0;
}

/* Whether the lists are still those plan p's decision read (meta
 * "lists"), their writers serialized until the commit: 0, then the
 * version moved on when write; 1 when another worker wrote them
 * meanwhile (p is stale: whatever it decided on them, a refusal of a
 * signup not seen yet or a list written whole); -1. */
static int
ref_lists_since(struct ref_state *s, const struct ref_plan *p, int write)
{
	long long v;

	if (ref_store_lock(s->st, REF_LOCK_LISTS) == -1 || ref_store_int(s->st,
	    "SELECT value FROM meta WHERE name = 'lists'", NULL, 0, 0,
	    &v) == -1)
		return -1;
	if (v != p->lists)
		return 1;
	if (!write)
		return 0;
	return ref_store_exec(s->st, "INSERT INTO meta (name, value) VALUES "
	    "('lists', 1) ON CONFLICT (name) DO UPDATE SET value = "
	    "meta.value + 1", NULL, 0, NULL, NULL) == -1 ? -1 : 0;
}

/* Applies the lists of plan p; *changed: whether one changed.  1 when
 * they changed since its decision read them (nothing written). */
static int
ref_apply_lists(struct ref_state *s, const struct ref_plan *p, int *changed)
{
	union { struct ref_players p; struct ref_challenges c;
	    struct ref_watchers w; } now;
	const char *why;
	int k, rc;

	for (k = 0; k < REF_LISTS && p->list[k].p == NULL; k++)
		;
	if ((rc = ref_lists_since(s, p, k < REF_LISTS)) != 0)
		return rc;
	for (k = 0; k < REF_LISTS; k++) {
		if (p->list[k].p == NULL)
			continue;
		memset(&now, 0, sizeof(now));
		if ((k < 2 ? ref_players_parse(p->list[k].p, &now.p, &why) :
		    k == 2 ? ref_challenges_parse(p->list[k].p, &now.c, &why) :
		    ref_watchers_parse(p->list[k].p, &now.w, &why)) == -1) {
			diag_report(s->d, DIAG_SYNTAX, NULL, "a planned list",
			    why);
			rc = -1;
		} else
			rc = ref_state_list_apply(s, k, &now);
		if (k < 2)
			ref_players_free(&now.p);
		else if (k == 2)
			ref_challenges_free(&now.c);
		else
			ref_watchers_free(&now.w);
		if (rc == -1)
			return -1;
		*changed = 1;
	}
	return 0;
}

/* Applies the board of plan p: 0, 1 when its record changed since
 * the decision read it, -1. */
static int
ref_apply_board(struct ref_state *s, const struct ref_plan *p,
    long long now)
{
	int rc;

	if (p->board[0] == '\0')
		return 0;
	if (p->record.p != NULL && (rc = ref_state_put_board(s, p->board,
	    p->record.p, p->record.len, p->version, p->next_due, now)) != 0)
		return rc;
	if (p->cond.p != NULL && ref_state_put_cond(s, p->board, p->cond.p,
	    p->cond.len) == -1)
		return -1;
	if (p->page.p != NULL && ref_state_put_page(s, p->board, p->page.p,
	    p->page.len, 0, 0) == -1)
		return -1;
	return 0;
}

/* The ratings plan key changes (plan_ratings), each only if it is
 * still what its decision read (under REF_LOCK_RATINGS, so that two
 * workers never both change one): 0, 1 when one changed since, -1. */
static int
ref_apply_ratings(struct ref_state *s, const char *key, long long now)
{
	long long n, stale;

	if (ref_store_int(s->st, "SELECT COUNT(*) FROM plan_ratings WHERE "
	    "key = $1", &DB_T(key), 1, 0, &n) == -1)
		return -1;
	if (n == 0)
		return 0;
	if (ref_store_lock(s->st, REF_LOCK_RATINGS) == -1 ||
	    ref_store_int(s->st, "SELECT COUNT(*) FROM plan_ratings p WHERE "
	    "p.key = $1 AND p.was <> COALESCE((SELECT r.value FROM ratings r "
	    "WHERE r.userid = p.userid AND r.game = p.game), '')", &DB_T(key),
	    1, 0, &stale) == -1)
		return -1;
	if (stale > 0)
		return 1;
	return ref_store_exec(s->st, "INSERT INTO ratings (userid, game, "
	    "value, shown, updated) SELECT userid, game, value, shown, $2 FROM "
	    "plan_ratings WHERE key = $1 ON CONFLICT (userid, game) DO UPDATE "
	    "SET value = excluded.value, shown = excluded.shown, updated = "
	    "excluded.updated", (struct db_value[]){ DB_T(key), DB_I(now) }, 2,
	    NULL, NULL) == -1 ? -1 : 0;
}

/* The rest of plan key p, after its done key and board: 0, 1 when its
 * lists are stale (ref_apply_lists), -1. */
static int
ref_apply_rest(struct ref_state *s, const char *key, const struct ref_plan *p,
    long long now, int *changed)
{
	int k, rc;

	if ((rc = ref_apply_lists(s, p, changed)) != 0)
		return rc;
	for (k = 0; k < 3; k++)
		if (p->count_name[k][0] != '\0' && ref_state_put_count(s,
		    p->count_name[k], p->count_line[k], now) == -1)
			return -1;
	if ((p->last_board > 0 && ref_state_last_board(s, p->last_board) ==
	    -1) || ref_store_exec(s->st, "UPDATE outbox SET ready = 1, made = "
	    "$2 WHERE key = $1 AND ready = 0", (struct db_value[]){ DB_T(key),
	    DB_I(now) }, 2, NULL, NULL) == -1 ||
	    (p->inbox[0] != '\0' && ref_store_exec(s->st, "DELETE FROM inbox "
	    "WHERE key = $1", &DB_T(p->inbox), 1, NULL, NULL) == -1) ||
	    (p->status == REF_REFUSED && ref_store_exec(s->st, "INSERT INTO "
	    "events (at, kind) VALUES ($1, 'refused')", &DB_I(now), 1, NULL,
	    NULL) == -1))
		return -1;
	return 0;
}

/* Removes plan key and its replies not ready (inside a transaction). */
static int
ref_plan_drop(struct ref_state *s, const char *key)
{
	if (ref_store_exec(s->st, "DELETE FROM outbox WHERE key = $1 AND "
	    "ready = 0", &DB_T(key), 1, NULL, NULL) == -1 ||
	    ref_store_exec(s->st, "DELETE FROM plan_ratings WHERE key = $1",
	    &DB_T(key), 1, NULL, NULL) == -1 ||
	    ref_store_exec(s->st, "DELETE FROM plans WHERE key = $1",
	    &DB_T(key), 1, NULL, NULL) == -1)
		return -1;
	return 0;
}

/*
 * Applies plan key p in one transaction: the done key first (done
 * already: the plan goes, nothing more), the board if its version is
 * still the one read (else the plan goes: its mail is decided again),
 * the ratings if each is still the one read (else the same),
 * the lists if no other worker wrote them since they were read (else
 * the same, and this process reads them again), counts, last board,
 * replies made ready, inbox row, plan.
 * Returns 1 when applied now, 0 when not, -1.
 */
static int
ref_apply(struct ref_state *s, const char *key, const struct ref_plan *p)
{
	struct db_value v[4];
	long long now = (long long)time(NULL);
	int rc, changed = 0;
	long n;

	v[0] = DB_T(key);
	v[1] = DB_T(p->summary);
	v[2] = DB_I(p->status);
	v[3] = DB_I(now);
	if (ref_store_begin(s->st, 1) == -1)
		return -1;
	if ((n = ref_store_exec(s->st, "INSERT INTO done (key, summary, "
	    "status, at) VALUES ($1, $2, $3, $4) ON CONFLICT (key) DO NOTHING",
	    v, 4, NULL, NULL)) == -1)
		goto fail;
	rc = n == 0 ? 1 : ref_apply_board(s, p, now);
	if (rc == 0)
		rc = ref_apply_ratings(s, key, now);
	if (rc == 0 && (rc = ref_apply_rest(s, key, p, now, &changed)) == 1)
		changed = 1;      /* the lists are stale: read them again */
	if (rc == -1)
		goto fail;
	if (rc == 1) {            /* done already, or the board changed */
		ref_store_rollback(s->st);
		if (ref_store_begin(s->st, 1) == -1)
			return -1;
	}
	if (ref_plan_drop(s, key) == -1 || ref_store_commit(s->st) == -1)
		return -1;
	if (rc == 1 && n != 0)
		ref_test_trace("dropped", key);    /* to be decided again */
	if (rc == 1)
		return changed ? (ref_state_load(s) == -1 ? -1 : 0) : 0;
	printf("%s\n", p->summary);
	if (s->crash != NULL && strcmp(s->crash, "apply") == 0)
		_exit(99);
	return changed ? (ref_state_load(s) == -1 ? -1 : 1) : 1;
fail:
	ref_store_rollback(s->st);
	return -1;
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

/* A reply of the outbox, as read. */
struct ref_reply {
	char key[REF_KEY];
	long long n, made, tries, next_try;
	char to[2 * MAIL_ADDR_MAX + 4];
	char *text;
	size_t len;
};

/* The replies read, at most REF_MAILS * 8 at a time. */
struct ref_replies {
	struct ref_reply v[REF_MAILS * 8];
	size_t n;
};

static int
ref_reply_row(void *arg, const struct db_value *col, size_t ncol)
{
	struct ref_replies *rs = arg;
	struct ref_reply *r = &rs->v[rs->n];

	if (ncol != 7 || rs->n >= sizeof(rs->v) / sizeof(rs->v[0]))
		return 1;
	ref_col_str(&col[0], r->key, sizeof(r->key));
	r->n = col[1].i;
	ref_col_str(&col[2], r->to, sizeof(r->to));
	if ((r->text = malloc(col[3].len + 1)) == NULL)
		return -1;
	memcpy(r->text, col[3].p, col[3].len);
	r->len = col[3].len;
	r->made = col[4].i;
	r->tries = col[5].i;
	r->next_try = col[6].i;
	rs->n++;
	return 0;
}

/* Writes to the reply r a new next_try (and tries): 0, -1. */
static int
ref_reply_retry(struct ref_state *s, const struct ref_reply *r,
    long long tries, long long next)
{
	struct db_value v[4] = { DB_T(r->key), DB_I(r->n), DB_I(tries),
	    DB_I(next) };

	return ref_store_exec(s->st, "UPDATE outbox SET tries = $3, next_try = "
	    "$4 WHERE key = $1 AND n = $2", v, 4, NULL, NULL) == -1 ? -1 : 0;
}

/* Deletes reply r (sent or dropped). */
static int
ref_reply_gone(struct ref_state *s, const struct ref_reply *r)
{
	struct db_value v[2] = { DB_T(r->key), DB_I(r->n) };

	return ref_store_exec(s->st, "DELETE FROM outbox WHERE key = $1 AND "
	    "n = $2", v, 2, NULL, NULL) == -1 ? -1 : 0;
}

/* Drops reply r with a log line saying why. */
static int
ref_drop(struct ref_state *s, const struct ref_reply *r, const char *why)
{
	char q1[300], q2[600];

	printf("reply to %s dropped: %s\n", util_quote(r->to, q1, sizeof(q1)),
	    util_quote(why, q2, sizeof(q2)));
	if (ref_store_exec(s->st, "INSERT INTO events (at, kind) VALUES ($1, "
	    "'bounced')", &DB_I((long long)time(NULL)), 1, NULL, NULL) == -1)
		return -1;
	return ref_reply_gone(s, r);
}

/* The wait after the tries-th failed attempt: 1, 2, 4... minutes, an
 * hour at most. */
static time_t
ref_backoff(unsigned long tries)
{
	time_t wait = 60;
	unsigned long k;

	for (k = tries; k > 1 && wait < 3600; k--)
		wait *= 2;
	return wait > 3600 ? 3600 : wait;
}

/* Defers reply r. */
static int
ref_defer(struct ref_state *s, const struct ref_reply *r, time_t now)
{
	char q1[300], q2[600];
	time_t wait = ref_backoff((unsigned long)r->tries + 1);

	if (ref_reply_retry(s, r, r->tries + 1, (long long)(now + wait)) == -1)
		return -1;
	printf("reply to %s deferred (next attempt in %lld min): %s\n",
	    util_quote(r->to, q1, sizeof(q1)), (long long)wait / 60,
	    util_quote(s->x->err, q2, sizeof(q2)));
	return 0;
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

/* Sends reply r: claimed first when workers may share the store (its
 * next_try moved REF_LEASE on; taken by another worker meanwhile:
 * left), deleted once the server took it. */
static int
ref_send_reply(struct ref_state *s, struct ref_reply *r, time_t now)
{
	struct db_value v[4] = { DB_T(r->key), DB_I(r->n), DB_I(r->next_try),
	    DB_I((long long)now + REF_LEASE) };
	char *rv[2], *nl;
	size_t nr = 0;
	long got;

	for (nl = r->to; *nl != '\0' && nr < 2; nl++) {
		rv[nr++] = nl;
		if ((nl = strchr(nl, '\n')) == NULL)
			break;
		*nl = '\0';
	}
	if (now - r->made > REF_REPLY_TTL)
		return ref_drop(s, r, "undelivered for 3 days");
	/* runs on a SQLite store take turns: no one else sends it */
	if (ref_store_row_locks(s->st) && (got = ref_store_exec(s->st,
	    "UPDATE outbox SET next_try = $4 WHERE key = $1 AND n = $2 AND "
	    "next_try = $3", v, 4, NULL, NULL)) <= 0)
		return (int)got;
	switch (ref_send_first(s, (const char *const *)rv, nr, r->text,
	    r->len)) {
	case REF_SENT:
		return ref_reply_gone(s, r);
	case REF_DROP:
		return ref_drop(s, r, s->x->err);
	case REF_DEFER:
		return ref_defer(s, r, time(NULL));
	default:
		diag_report(s->d, DIAG_TRANSFER, NULL, "smtp", s->x->err);
		return ref_reply_retry(s, r, r->tries, r->next_try);
	}
}

/* Sends the ready replies of sql (parameters par[0..npar)) that are
 * due, a batch at a time until none is left or the server is down. */
static int
ref_send_due(struct ref_state *s, const char *sql, const struct db_value *par,
    size_t npar)
{
	struct ref_replies *rs;
	time_t now = time(NULL);
	size_t i, sent;
	int rc = 0;

	if ((rs = malloc(sizeof(*rs))) == NULL) {
		diag_report(s->d, DIAG_NOMEM, NULL);
		return -1;
	}
	do {
		rs->n = 0;
		sent = 0;
		struct db_value p[2] = { npar > 0 ? par[0] : DB_I(0),
		    DB_I((long long)now) };
		if (ref_store_exec(s->st, sql, npar > 0 ? p : p + 1, npar + 1,
		    ref_reply_row, rs) == -1)
			rc = -1;
		for (i = 0; i < rs->n; i++) {
			if (rc == 0 && !ref_smtp_gone(s)) {
				rc = ref_send_reply(s, &rs->v[i], now);
				sent++;
			}
			free(rs->v[i].text);
		}
	} while (rc == 0 && !ref_smtp_gone(s) && sent == rs->n &&
	    rs->n == sizeof(rs->v) / sizeof(rs->v[0]));
	free(rs);
	return rc;
}

#define REF_REPLY_COLS "SELECT key, n, rcpt, mail, made, tries, next_try " \
	"FROM outbox WHERE ready = 1 AND "

/* Sends the replies of key that are due. */
static int
ref_send_key(struct ref_state *s, const char *key)
{
	if (ref_smtp_gone(s))
		return 0;
	return ref_send_due(s, REF_REPLY_COLS "key = $1 AND next_try <= $2 "
	    "ORDER BY n", &DB_T(key), 1);
}

int
ref_state_finish(struct ref_state *s, const char *key)
{
	struct ref_plan p;
	int rc;

	if (ref_plan_read(s, key, &p) == -1)
		return -1;
	rc = p.found ? ref_apply(s, key, &p) : 0;
	if (rc == 1 && p.uid != 0)
		rc = ref_state_flag(s, p.uid, p.aside ? REF_FLAG " "
		    REF_FLAG_ASIDE : REF_FLAG) == -1 ? -1 : 1;
	ref_plan_free(&p);
	if (rc == -1)
		return -1;
	return ref_send_key(s, key);
}

int
ref_state_drop(struct ref_state *s, const char *key)
{
	if (ref_store_begin(s->st, 1) == -1)
		return -1;
	if (ref_plan_drop(s, key) == -1) {
		ref_store_rollback(s->st);
		return -1;
	}
	if (ref_store_commit(s->st) == -1)
		return -1;
	ref_test_trace("dropped", key);
	return 0;
}

void
ref_test_trace(const char *what, const char *key)
{
	const char *path = getenv("STACKREF_REFEREE_TRACE");
	char line[REF_KEY + 16];
	int fd, n;

	if (path == NULL || (fd = open(path, O_WRONLY | O_APPEND | O_CREAT |
	    O_CLOEXEC, 0600)) == -1)
		return;
	n = snprintf(line, sizeof(line), "%s %s\n", what, key);
	if (write(fd, line, (size_t)n) != n)
		n = -1;       /* a test's trace: it finds the line missing */
	close(fd);
}

int
ref_state_finish_all(struct ref_state *s)
{
	static char keys[REF_BATCH_KEYS][REF_KEY];
	size_t i, n;

	if (ref_state_keys(s, "SELECT key FROM plans ORDER BY made, key", NULL,
	    0, keys, REF_BATCH_KEYS, &n) == -1)
		return -1;
	for (i = 0; i < n; i++)
		if (ref_state_finish(s, keys[i]) == -1)
			return -1;
	if (ref_smtp_gone(s))
		return 0;
	return ref_send_due(s, REF_REPLY_COLS "next_try <= $1 ORDER BY made, "
	    "key, n", NULL, 0);
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

/* A page due, as read. */
struct ref_page {
	char board[PBEM_WORD];
	struct ref_blob page, record;
	long long tries, next_try;
};

static int
ref_page_row(void *arg, const struct db_value *col, size_t ncol)
{
	struct ref_page *pg = arg;

	if (ncol != 5)
		return -1;
	ref_col_str(&col[0], pg->board, sizeof(pg->board));
	ref_col_copy(&col[1], &pg->page);
	ref_col_copy(&col[2], &pg->record);
	pg->tries = col[3].i;
	pg->next_try = col[4].i;
	return 1;
}

/* PUTs text (NULL: none) to board's URL of ext; -1 when it fails. */
static int
ref_publish_file(struct ref_state *s, const struct ref_blob *t,
    const char *board, const char *ext)
{
	char url[4096];

	if (t->p == NULL) {
		snprintf(s->px->err, sizeof(s->px->err), "board %s: no %s",
		    board, ext);
		return -1;
	}
	ref_publish_url(s, board, ext, url, sizeof(url));
	return XFER_MODULE->put(s->px, url, t->p, t->len);
}

/* Publishes pg: the page and the record, then the row deleted (unless
 * a newer page replaced it meanwhile); else its attempts counted, a
 * log line. */
static void
ref_publish_one(struct ref_state *s, struct ref_page *pg, time_t now)
{
	struct db_value v[2] = { DB_T(pg->board), DB_B(pg->page.p,
	    pg->page.len) };
	char url[4096], q[600];
	time_t wait;

	if (ref_publish_file(s, &pg->page, pg->board, "html") == 0 &&
	    ref_publish_file(s, &pg->record, pg->board, "pdn") == 0) {
		ref_store_exec(s->st, "DELETE FROM publish WHERE board = $1 AND "
		    "page = $2", v, 2, NULL, NULL);
		ref_publish_url(s, pg->board, "html", url, sizeof(url));
		printf("board %s published: %s\n", pg->board, url);
		return;
	}
	wait = ref_backoff((unsigned long)pg->tries + 1);
	if (ref_state_put_page(s, pg->board, pg->page.p, pg->page.len,
	    pg->tries + 1, (long long)(now + wait)) == -1)
		return;
	printf("board %s not published (next attempt in %lld min): %s\n",
	    pg->board, (long long)wait / 60, util_quote(s->px->err, q,
	    sizeof(q)));
}

void
ref_state_publish(struct ref_state *s)
{
	static char boards[REF_PUBLISH_MAX][REF_KEY];
	time_t now = time(NULL);
	struct ref_page pg;
	size_t i, n;

	if (s->publish == NULL || ref_state_keys(s, "SELECT board FROM "
	    "publish WHERE next_try <= $1 ORDER BY board",
	    &DB_I((long long)now), 1, boards, REF_PUBLISH_MAX, &n) == -1)
		return;
	for (i = 0; i < n; i++) {
		memset(&pg, 0, sizeof(pg));
		if (ref_store_exec(s->st, "SELECT p.board, p.page, b.record, "
		    "p.tries, p.next_try FROM publish p LEFT JOIN boards b ON "
		    "b.board = p.board WHERE p.board = $1", &DB_T(boards[i]), 1,
		    ref_page_row, &pg) > 0)
			ref_publish_one(s, &pg, now);
		free(pg.page.p);
		free(pg.record.p);
	}
}
