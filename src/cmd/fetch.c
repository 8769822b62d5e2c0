/*
 * fetch.c - stackref fetch: download a record over HTTP(S), or find
 * it attached to the newest mail of its game in an IMAP mailbox or a
 * POP3 maildrop.  The record is replayed in full before anything is
 * written; with -o naming an existing record, it must extend that one
 * (same game, same moves and actions so far, then legal moves only), and
 * replaces it atomically, checked again under its lock (fileio_lock).
 */
#include <getopt.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "mail/message.h"
#include "mail/transport.h"
#include "notation/notation.h"
#include "cmd/cmd.h"
#include "base/fileio.h"

#define FETCH_SCAN_MAX 200    /* messages looked at, newest first */
#define FETCH_URL_MAX 2048

const char cmd_fetch_usage[] = "fetch [-o FILE] [--game ID] [--user NAME] "
    "[--password-file FILE | --password-env VAR] [--cacert FILE] "
    "[--starttls] [--timeout S] URL";

struct fetch {
	struct xfer x;
	const char *url;
	const char *out;            /* -o FILE, or NULL: standard output */
	const char *want;           /* the GameId looked for, or NULL */
	char name[256];             /* the URL without credentials */
	const char *unread;         /* why the newest unreadable mail is
				     * (mail_parse, static), or NULL */
	struct diag *d;
};

/* One game read from memory, or from the local file, and replayed. */
struct fetch_game {
	struct record g;
	struct replay rp;
};

/* Whether a mail part is a record, by its type or its file name. */
static int
fetch_record_part(const struct mail_part *p)
{
	static const char *const types[] = { "application/x-pdn",
	    "text/x-pdn", "application/pdn", "application/xml", "text/xml",
	    "application/x-stackref+xml" };
	size_t i, n;

	for (i = 0; i < sizeof(types) / sizeof(types[0]); i++)
		if (p->type != NULL && strcmp(p->type, types[i]) == 0)
			return 1;
	if (p->filename == NULL || (n = strlen(p->filename)) < 4)
		return 0;
	return strcasecmp(p->filename + n - 4, ".pdn") == 0 ||
	    strcasecmp(p->filename + n - 4, ".xml") == 0;
}

/* Whether data holds one game with the GameId looked for. */
static int
fetch_wanted(const struct fetch *f, const char *data, size_t len)
{
	struct record g;
	struct diag q;
	const char *id;
	int ok;

	diag_init(&q, "stackref", NULL);
	q.quiet = 1;
	record_init(&g);
	ok = notation_read_text(data, len, f->name, &g, NULL, &q) == 0 &&
	    (f->want == NULL || ((id = record_tag(&g, "GameId")) != NULL &&
	    strcmp(id, f->want) == 0));
	record_free(&g);
	return ok;
}

/* Moves the first wanted record attached to raw into rec; 1 when there
 * is one, 0 if not, -1 out of memory. */
static int
fetch_from_mail(struct fetch *f, const struct xfer_buf *raw,
    struct xfer_buf *rec)
{
	struct mail_in m;
	const char *why;
	size_t i;
	int found = 0;

	if (mail_parse(raw->data, raw->len, &m, &why) == -1) {
		if (f->unread == NULL)
			f->unread = why;
		mail_in_free(&m);
		return 0;
	}
	for (i = 0; i < m.nparts && !found; i++) {
		if (!fetch_record_part(&m.parts[i]) ||
		    !fetch_wanted(f, m.parts[i].data, m.parts[i].len))
			continue;
		rec->data = m.parts[i].data;
		rec->len = m.parts[i].len;
		m.parts[i].data = NULL;
		found = 1;
	}
	mail_in_free(&m);
	return found;
}

static void
fetch_none(struct fetch *f)
{
	char why[512];

	snprintf(why, sizeof(why), "no message of the newest %d carries a "
	    "record%s%s%s%s%s", FETCH_SCAN_MAX, f->want != NULL ?
	    " of game " : "", f->want != NULL ? f->want : "",
	    f->unread != NULL ? " (the newest unreadable mail: " : "",
	    f->unread != NULL ? f->unread : "",
	    f->unread != NULL ? ")" : "");
	diag_report(f->d, DIAG_TRANSFER, NULL, f->name, why);
}

/*
 * Gets message url, of size bytes (its POP3 LIST size; 0: unknown), and
 * looks for the record in it: 1 found, 0 not, -1 after reporting.
 * libcurl takes a POP3 message cut short by a closed connection for a
 * whole one: a message shorter than its size is refused.
 */
static int
fetch_message(struct fetch *f, const char *url, unsigned long size,
    struct xfer_buf *rec)
{
	struct xfer_buf raw;
	char why[300];
	int rc;

	if (xfer_get(&f->x, url, &raw) == -1) {
		diag_report(f->d, DIAG_TRANSFER, NULL, "fetch", f->x.err);
		return -1;
	}
	if (raw.len < size) {
		snprintf(why, sizeof(why), "the message ended after %zu of "
		    "its %lu bytes", raw.len, size);
		diag_report(f->d, DIAG_TRANSFER, NULL, f->name, why);
		xfer_buf_free(&raw);
		return -1;
	}
	rc = fetch_from_mail(f, &raw, rec);
	xfer_buf_free(&raw);
	return rc;
}

/* The message numbers listed after "* SEARCH" (IMAP) or at the start of
 * each line (POP3 LIST) in text, into a malloc'ed array. */
static unsigned long *
fetch_numbers(const char *text, int imap, size_t *n)
{
	unsigned long *v = NULL, *nv, u;
	const char *p = text;
	char *end;

	*n = 0;
	if (imap && (p = strstr(text, "* SEARCH")) != NULL)
		p += 8;
	while (p != NULL && *p != '\0') {
		p += strspn(p, imap ? " " : " \r\n");
		u = strtoul(p, &end, 10);
		if (end == p)
			break;
		if ((nv = realloc(v, (*n + 1) * sizeof(*v))) == NULL)
			break;
		v = nv;
		v[(*n)++] = u;
		p = imap ? end : end + strcspn(end, "\n");
	}
	return v;
}

/* The size POP3 LIST gives message num in list (lines "NUM SIZE"),
 * or 0. */
static unsigned long
fetch_pop3_size(const char *list, unsigned long num)
{
	const char *p;
	char *end;

	for (p = list; p != NULL && *p != '\0'; p = strchr(p, '\n')) {
		p += strspn(p, "\r\n");
		if (strtoul(p, &end, 10) == num && end != p && *end == ' ')
			return strtoul(end, NULL, 10);
	}
	return 0;
}

/* Looks through the messages numbered v[0..n), newest (last) first,
 * whose URLs are base followed by sep and the number; list is the POP3
 * listing, or NULL. */
static int
fetch_scan(struct fetch *f, const char *base, const char *sep,
    const unsigned long *v, size_t n, const char *list,
    struct xfer_buf *rec)
{
	char url[FETCH_URL_MAX + 32];
	size_t i;
	int rc;

	for (i = n; i > 0 && n - i < FETCH_SCAN_MAX; i--) {
		snprintf(url, sizeof(url), "%s%s%lu", base, sep, v[i - 1]);
		if ((rc = fetch_message(f, url, list == NULL ? 0 :
		    fetch_pop3_size(list, v[i - 1]), rec)) != 0)
			return rc == 1 ? 0 : -1;
	}
	fetch_none(f);
	return -1;
}

/* The mailbox URL (INBOX when none is named) or maildrop URL (the path
 * left out) of f->url into buf. */
static int
fetch_base(const struct fetch *f, int imap, char *buf, size_t size)
{
	return xfer_url_path(f->url, imap ? "/INBOX" : "/", imap, buf, size);
}

static int
fetch_mailbox(struct fetch *f, int imap, struct xfer_buf *rec)
{
	char base[FETCH_URL_MAX];
	struct xfer_buf list;
	unsigned long *v;
	size_t n;
	int rc;

	if (fetch_base(f, imap, base, sizeof(base)) == -1) {
		diag_report(f->d, DIAG_USAGE, NULL, "not a URL, or too long");
		return -1;
	}
	rc = imap ? xfer_command(&f->x, base, "UID SEARCH ALL", &list) :
	    xfer_get(&f->x, base, &list);
	if (rc == -1) {
		diag_report(f->d, DIAG_TRANSFER, NULL, "fetch", f->x.err);
		return -1;
	}
	v = fetch_numbers(list.data, imap, &n);
	rc = fetch_scan(f, base, imap ? ";UID=" : "", v, n,
	    imap ? NULL : list.data, rec);
	xfer_buf_free(&list);
	free(v);
	return rc;
}

/* Downloads the record f->url names into rec; -1 after reporting. */
static int
fetch_download(struct fetch *f, struct xfer_buf *rec)
{
	switch (xfer_url_kind(f->url)) {
	case XFER_KIND_IMAP:
		return fetch_mailbox(f, 1, rec);
	case XFER_KIND_POP3:
		return fetch_mailbox(f, 0, rec);
	case XFER_KIND_SMTP:
		diag_report(f->d, DIAG_USAGE, NULL, "fetch reads http(s), "
		    "imap(s) or pop3(s) URLs; smtp is for post");
		return -1;
	default:
		break;
	}
	if (xfer_get(&f->x, f->url, rec) == -1) {
		diag_report(f->d, DIAG_TRANSFER, NULL, "fetch", f->x.err);
		return -1;
	}
	return 0;
}

/* Loads and replays (canonical texts) the local record path. */
static int
fetch_local(const char *path, struct fetch_game *l, struct diag *d)
{
	struct replay_opts o = { path, 0, REPLAY_ALL, 1 };

	if (cmd_load_one(path, &l->g, NULL, d) == -1)
		return -1;
	return replay_run(&l->rp, &l->g, &o, d);
}

/* The start position of a replayed record as FEN into buf. */
static void
fetch_start_fen(const struct record *g, const struct replay *rp,
    char *buf, size_t size)
{
	struct replay start;
	struct replay_opts o = { NULL, 0, 0, 0 };
	struct diag q;

	diag_init(&q, "stackref", NULL);
	q.quiet = 1;
	if (replay_start(&start, g, &o, &q) == -1 ||
	    fen_format(rp->r, &start.pos, buf, size) < 0)
		buf[0] = '\0';
}

/* Writes into why how fetched history b departs from local history a
 * (moves and actions of the main lines); 0 when b extends a. */
static int
fetch_history(const struct line *a, const struct line *b, char *why,
    size_t size)
{
	size_t i = 0, j = 0, ply = 0;

	for (;; i++, j++) {
		while (i < a->n && a->elems[i].kind != ELEM_MOVE &&
		    a->elems[i].kind != ELEM_ACTION)
			i++;
		while (j < b->n && b->elems[j].kind != ELEM_MOVE &&
		    b->elems[j].kind != ELEM_ACTION)
			j++;
		if (i == a->n)
			return 0;
		if (j < b->n && b->elems[j].kind == ELEM_MOVE)
			ply++;
		if (j == b->n) {
			snprintf(why, size, "it lacks %s, and what follows",
			    a->elems[i].text);
			return -1;
		}
		if (a->elems[i].kind != b->elems[j].kind ||
		    strcmp(a->elems[i].text, b->elems[j].text) != 0) {
			snprintf(why, size, "it has %s where this one has %s "
			    "(ply %zu)", b->elems[j].text, a->elems[i].text,
			    ply);
			return -1;
		}
	}
}

/* Refuses a fetched record n that does not extend the local one l. */
static int
fetch_extends(struct fetch *f, const struct fetch_game *l,
    const struct fetch_game *n)
{
	const char *la = record_tag(&l->g, "GameId");
	const char *na = record_tag(&n->g, "GameId");
	char why[512], fa[1024], fb[1024];

	fetch_start_fen(&l->g, &l->rp, fa, sizeof(fa));
	fetch_start_fen(&n->g, &n->rp, fb, sizeof(fb));
	if (l->rp.r != n->rp.r)
		snprintf(why, sizeof(why), "it is a game of %s, this one of %s",
		    n->rp.r->name, l->rp.r->name);
	else if ((la == NULL) != (na == NULL) ||
	    (la != NULL && strcmp(la, na) != 0))
		snprintf(why, sizeof(why), "it is game %s, this one is %s",
		    na != NULL ? na : "(no GameId)", la != NULL ? la :
		    "(no GameId)");
	else if (strcmp(fa, fb) != 0)
		snprintf(why, sizeof(why), "it starts from another position");
	else if (fetch_history(&l->g.main, &n->g.main, why, sizeof(why)) == 0)
		return 0;
	diag_report(f->d, DIAG_NOT_EXTENSION, DIAG_FILE(f->out), why);
	return -1;
}

/* Reads, checks and replays the fetched record rec into n. */
static int
fetch_check(struct fetch *f, const struct xfer_buf *rec,
    struct fetch_game *n)
{
	struct replay_opts o = { f->name, 0, REPLAY_ALL, 1 };
	const char *id;
	char why[300];

	if (notation_read_text(rec->data, rec->len, f->name, &n->g, NULL,
	    f->d) == -1 ||
	    replay_run(&n->rp, &n->g, &o, f->d) == -1)
		return -1;
	id = record_tag(&n->g, "GameId");
	if (f->want != NULL && (id == NULL || strcmp(id, f->want) != 0)) {
		snprintf(why, sizeof(why), "it is game %s, not %s",
		    id != NULL ? id : "(no GameId)", f->want);
		diag_report(f->d, DIAG_NOT_EXTENSION, DIAG_FILE(f->name), why);
		return -1;
	}
	return 0;
}

static int
fetch_write(FILE *out, void *ctx)
{
	const struct xfer_buf *rec = ctx;

	return fwrite(rec->data, 1, rec->len, out) == rec->len ? 0 : -1;
}

/* Whether f->out names an existing local record. */
static int
fetch_has_local(const struct fetch *f)
{
	return f->out != NULL && strcmp(f->out, "-") != 0 &&
	    access(f->out, F_OK) == 0;
}

/*
 * Writes rec, read into n, to f->out (standard output when NULL) under
 * the lock of f->out (fileio_lock): the local record, if there is one
 * now, is read again under the lock and n must extend it, so that a
 * move written meanwhile is never lost.  The lock is not held during
 * the download.
 */
static int
fetch_commit(struct fetch *f, struct xfer_buf *rec,
    const struct fetch_game *n)
{
	const char *out = f->out != NULL ? f->out : "-";
	struct fileio_lock lk;
	struct fetch_game l;
	int rc = -1;

	if (fileio_lock(out, &lk, f->d) == -1)
		return -1;
	record_init(&l.g);
	if (!fetch_has_local(f) || (fetch_local(out, &l, f->d) == 0 &&
	    fetch_extends(f, &l, n) == 0))
		rc = fileio_write_atomic(out, fetch_write, rec, f->d);
	record_free(&l.g);
	fileio_unlock(&lk);
	return rc;
}

/* Everything after the options: local copy (for its GameId, and to
 * refuse a broken one before any download), download, checks, write. */
static int
fetch_run(struct fetch *f)
{
	struct fetch_game l, n;
	struct xfer_buf rec = { NULL, 0 };
	int local = fetch_has_local(f);
	int rc = -1;

	record_init(&l.g);
	record_init(&n.g);
	if (local && fetch_local(f->out, &l, f->d) == -1)
		goto done;
	if (local && f->want == NULL)
		f->want = record_tag(&l.g, "GameId");
	if (fetch_download(f, &rec) == -1 || fetch_check(f, &rec, &n) == -1)
		goto done;
	rc = fetch_commit(f, &rec, &n);
done:
	xfer_buf_free(&rec);
	record_free(&l.g);
	record_free(&n.g);
	return rc;
}

static int
fetch_getopt(struct fetch *f, struct xfer_opts *xo, int argc, char *argv[])
{
	static const struct option longopts[] = {
		{ "output", required_argument, NULL, 'o' },
		{ "game", required_argument, NULL, 'g' },
		CMD_XFER_LONGOPTS,
		{ NULL, 0, NULL, 0 }
	};
	int ch;

	opterr = 0;
	while ((ch = getopt_long(argc, argv, ":o:", longopts, NULL)) != -1) {
		if (ch == 'o')
			f->out = optarg;
		else if (ch == 'g')
			f->want = optarg;
		else if (!cmd_xfer_opt(xo, ch, optarg))
			return cmd_bad_option(f->d, cmd_fetch_usage, ch, argv);
	}
	if (argc - optind != 1)
		return cmd_usage(f->d, cmd_fetch_usage, argc - optind == 0 ?
		    "no URL given" : "too many arguments");
	f->url = argv[optind];
	return 0;
}

int
cmd_fetch(int argc, char *argv[], struct diag *d)
{
	struct fetch f;
	struct xfer_opts xo;
	char pw[256];
	int rc;

	memset(&f, 0, sizeof(f));
	memset(&xo, 0, sizeof(xo));
	f.d = d;
	if ((rc = fetch_getopt(&f, &xo, argc, argv)) != 0)
		return rc;
	xfer_url_clean(f.url, f.name, sizeof(f.name));
	if (cmd_xfer_begin(&xo, &f.x, pw, sizeof(pw), d) == 0)
		fetch_run(&f);
	cmd_xfer_end(pw, sizeof(pw));
	return cmd_finish(d);
}
