/*
 * fetch.c - stackref fetch: download a record over HTTP(S), or find
 * it attached to a mail of its game in an IMAP mailbox or a POP3
 * maildrop.  The record is replayed in full before anything is written;
 * with -o naming an existing record, it must extend that one
 * (extend_check: same game and tags, same moves and actions so far, then
 * legal moves and actions only, a result they give), and replaces it
 * atomically, checked again under its lock (fileio_lock).  In a mailbox
 * the newest record that extends the local one by something is taken,
 * looking past stale copies (delayed mails) and records that do not
 * extend it; which mail it came from is said.
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
#include "game/cond.h"

#define FETCH_SCAN_MAX 200    /* messages looked at, newest first */
#define FETCH_URL_MAX 2048

const char cmd_fetch_usage[] = "fetch [-o FILE] [--game ID] [--user NAME] "
    "[--password-file FILE | --password-env VAR] [--cacert FILE] "
    "[--starttls] [--timeout S] URL";

const char cmd_fetch_help[] =
	"  -o, --output FILE    write the record to FILE (default: standard"
	" output); it\n"
	"                       must extend the record FILE holds\n"
	"  --game ID            take the record of the game whose GameId is"
	" ID\n"
	CMD_HELP_XFER;

/* A record found in a mailbox: its bytes and the message it came in. */
struct fetch_found {
	struct xfer_buf rec;
	unsigned long num;          /* IMAP UID or POP3 message number */
	char about[300];            /* its Message-ID and Date */
};

struct fetch {
	struct xfer x;
	const char *url;
	const char *out;            /* -o FILE, or NULL: standard output */
	const char *want;           /* the GameId looked for, or NULL */
	char name[256];             /* the URL without credentials */
	const char *unread;         /* why the newest unreadable mail is
				     * (mail_parse, static), or NULL */
	struct diag *d;
	const struct extend_game *local; /* the local record, or NULL */
	const struct notation *nt;  /* the fetched record's notation */
	long long now;              /* the time now (cmd_now): no record
				     * read may have a stamp after it */
	struct fetch_found stale;   /* the newest record passed over */
	unsigned long nstale;       /* records passed over */
	struct fetch_found same;    /* the newest copy of the local record
				     * (num 0: none; no rec) */
	unsigned long num;          /* the message being read */
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

/* Message-ID and Date of m into buf. */
static void
fetch_about(const struct mail_in *m, char *buf, size_t size)
{
	snprintf(buf, size, "%.200s, %.60s", m->message_id != NULL ?
	    m->message_id : "no Message-ID", m->date != NULL ? m->date :
	    "no Date");
}

/* How a record of the game, part p of mail m, compares with the local
 * one (quietly): a EXTEND_* value; EXTEND_NO for one that does not
 * read or replay either. */
static int
fetch_judge(const struct fetch *f, const struct mail_part *p)
{
	struct extend_game n;
	struct diag q;
	char why[512];
	int rc = EXTEND_NO;

	diag_init(&q, "stackref", NULL);
	q.quiet = 1;
	record_init(&n.g);
	if (cmd_game_read(&n, p->data, p->len, f->name, f->now, NULL, &q) == 0)
		rc = extend_check(f->local, &n, "this one", why, sizeof(why));
	record_free(&n.g);
	return rc;
}

/* Notes in found that mail m, being read, held a record. */
static void
fetch_mark(const struct fetch *f, const struct mail_in *m,
    struct fetch_found *found)
{
	found->num = f->num;
	fetch_about(m, found->about, sizeof(found->about));
}

/* Keeps part p of mail m in found (taking its data). */
static void
fetch_keep(const struct fetch *f, struct mail_part *p,
    const struct mail_in *m, struct fetch_found *found)
{
	fetch_mark(f, m, found);
	found->rec.data = p->data;
	found->rec.len = p->len;
	p->data = NULL;
}

/*
 * Looks at the records of the game attached to m: without a local
 * record the first is taken; with one, the first that extends it by
 * something, while copies of it and the others are counted (the first
 * of those others kept in f->stale).  1 when one is taken into got.
 */
static int
fetch_pick(struct fetch *f, struct mail_in *m, struct fetch_found *got)
{
	struct mail_part *p;
	size_t i;
	int v;

	for (i = 0; i < m->nparts; i++) {
		p = &m->parts[i];
		if (!fetch_record_part(p) || !fetch_wanted(f, p->data, p->len))
			continue;
		v = f->local == NULL ? EXTEND_MORE : fetch_judge(f, p);
		if (v == EXTEND_MORE) {
			fetch_keep(f, p, m, got);
			return 1;
		}
		f->nstale++;
		if (v == EXTEND_SAME && f->same.num == 0)
			fetch_mark(f, m, &f->same);
		if (v == EXTEND_NO && f->stale.rec.data == NULL)
			fetch_keep(f, p, m, &f->stale);
	}
	return 0;
}

/* Parses the mail raw and picks a record from it into got (fetch_pick):
 * 1 when there is one, else 0. */
static int
fetch_from_mail(struct fetch *f, const struct xfer_buf *raw,
    struct fetch_found *got)
{
	struct mail_in m;
	const char *why;
	int found = 0;

	if (mail_parse(raw->data, raw->len, &m, &why) == -1) {
		if (f->unread == NULL)
			f->unread = why;
	} else
		found = fetch_pick(f, &m, got);
	mail_in_free(&m);
	return found;
}

/* Says that none of the messages looked at carries the record. */
static void
fetch_none(struct fetch *f)
{
	if (f->want == NULL && f->unread == NULL)
		diag_report(f->d, DIAG_NO_RECORD_MAIL, NULL, f->name,
		    FETCH_SCAN_MAX);
	else if (f->want == NULL)
		diag_report(f->d, DIAG_NO_RECORD_MAIL_UNREAD, NULL, f->name,
		    FETCH_SCAN_MAX, f->unread);
	else if (f->unread == NULL)
		diag_report(f->d, DIAG_NO_GAME_MAIL, NULL, f->name,
		    FETCH_SCAN_MAX, f->want);
	else
		diag_report(f->d, DIAG_NO_GAME_MAIL_UNREAD, NULL, f->name,
		    FETCH_SCAN_MAX, f->want, f->unread);
}

/*
 * Gets message url, number num, of size bytes (its POP3 LIST size; 0:
 * unknown), and looks for the record in it (fetch_from_mail): 1 found,
 * 0 not, -1 after reporting.  libcurl takes a POP3 message cut short by
 * a closed connection for a whole one: a message shorter than its size
 * is refused.
 */
static int
fetch_message(struct fetch *f, const char *url, unsigned long num,
    unsigned long size, struct fetch_found *got)
{
	struct xfer_buf raw;
	int rc;

	if (XFER_MODULE->get(&f->x, url, &raw) == -1) {
		diag_report(f->d, DIAG_TRANSFER, NULL, "fetch", f->x.err);
		return -1;
	}
	if (raw.len < size) {
		diag_report(f->d, DIAG_MAIL_CUT, NULL, f->name,
		    (unsigned long)raw.len, size);
		xfer_buf_free(&raw);
		return -1;
	}
	f->num = num;
	rc = fetch_from_mail(f, &raw, got);
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

/*
 * After a scan that took nothing: 1 when a copy of the local record was
 * seen (nothing to write), else 0 with got the newest record passed over
 * (its check then says why it does not extend the local one), else -1
 * after reporting that no message carries a record.
 */
static int
fetch_scan_end(struct fetch *f, struct fetch_found *got)
{
	if (f->same.num != 0)
		return 1;
	if (f->stale.rec.data != NULL) {
		*got = f->stale;
		memset(&f->stale, 0, sizeof(f->stale));
		return 0;
	}
	fetch_none(f);
	return -1;
}

/* Looks through the messages numbered v[0..n), newest (last) first,
 * whose URLs are base followed by sep and the number; list is the POP3
 * listing, or NULL.  Returns as fetch_download. */
static int
fetch_scan(struct fetch *f, const char *base, const char *sep,
    const unsigned long *v, size_t n, const char *list,
    struct fetch_found *got)
{
	char url[FETCH_URL_MAX + 32];
	size_t i;
	int rc;

	for (i = n; i > 0 && n - i < FETCH_SCAN_MAX; i--) {
		snprintf(url, sizeof(url), "%s%s%lu", base, sep, v[i - 1]);
		if ((rc = fetch_message(f, url, v[i - 1], list == NULL ? 0 :
		    fetch_pop3_size(list, v[i - 1]), got)) != 0)
			return rc == 1 ? 0 : -1;
	}
	return fetch_scan_end(f, got);
}

/* The mailbox URL (INBOX when none is named) or maildrop URL (the path
 * left out) of f->url into buf. */
static int
fetch_base(const struct fetch *f, int imap, char *buf, size_t size)
{
	return XFER_MODULE->url_path(f->url, imap ? "/INBOX" : "/", imap, buf,
	    size);
}

static int
fetch_mailbox(struct fetch *f, int imap, struct fetch_found *got)
{
	char base[FETCH_URL_MAX];
	struct xfer_buf list;
	unsigned long *v;
	size_t n;
	int rc;

	if (fetch_base(f, imap, base, sizeof(base)) == -1) {
		diag_report(f->d, DIAG_BAD_URL, NULL);
		return -1;
	}
	rc = imap ? XFER_MODULE->command(&f->x, base, "UID SEARCH ALL", &list) :
	    XFER_MODULE->get(&f->x, base, &list);
	if (rc == -1) {
		diag_report(f->d, DIAG_TRANSFER, NULL, "fetch", f->x.err);
		return -1;
	}
	v = fetch_numbers(list.data, imap, &n);
	rc = fetch_scan(f, base, imap ? ";UID=" : "", v, n,
	    imap ? NULL : list.data, got);
	xfer_buf_free(&list);
	free(v);
	return rc;
}

/* Downloads the record f->url names into got: 0, 1 when the mailbox
 * holds nothing newer than the local record, -1 after reporting. */
static int
fetch_download(struct fetch *f, struct fetch_found *got)
{
	switch (XFER_MODULE->url_kind(f->url)) {
	case XFER_KIND_IMAP:
		return fetch_mailbox(f, 1, got);
	case XFER_KIND_POP3:
		return fetch_mailbox(f, 0, got);
	case XFER_KIND_SMTP:
		diag_report(f->d, DIAG_FETCH_URL, NULL);
		return -1;
	default:
		break;
	}
	if (XFER_MODULE->get(&f->x, f->url, &got->rec) == -1) {
		diag_report(f->d, DIAG_TRANSFER, NULL, "fetch", f->x.err);
		return -1;
	}
	return 0;
}

/* Refuses n when it does not extend l, the local record. */
static int
fetch_extends(struct fetch *f, const struct extend_game *l,
    const struct extend_game *n)
{
	char why[512];

	if (extend_check(l, n, "this one", why, sizeof(why)) != EXTEND_NO)
		return 0;
	diag_report(f->d, DIAG_NOT_EXTENSION, DIAG_FILE(f->out), why);
	return -1;
}

/* Reads, checks and replays the fetched record rec into n; it must be
 * of the game wanted, and extend the local record if there is one. */
static int
fetch_check(struct fetch *f, const struct xfer_buf *rec,
    struct extend_game *n)
{
	const char *id;
	char why[300];

	if (cmd_game_read(n, rec->data, rec->len, f->name, f->now, &f->nt,
	    f->d) == -1)
		return -1;
	id = record_tag(&n->g, "GameId");
	if (f->want != NULL && (id == NULL || strcmp(id, f->want) != 0)) {
		snprintf(why, sizeof(why), "it is game %s, not %s",
		    id != NULL ? id : "(no GameId)", f->want);
		diag_report(f->d, DIAG_NOT_EXTENSION, DIAG_FILE(f->name), why);
		return -1;
	}
	return f->local == NULL ? 0 : fetch_extends(f, f->local, n);
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
 * The conditional moves kept beside f->out (move --then) after the
 * fetched record n was written there: a reply they give to its last
 * move is played, stamped, and n written again.  0, or -1 after
 * reporting.
 */
static int
fetch_conditions(struct fetch *f, struct extend_game *n)
{
	struct diag_where w = { f->out, NULL, 0, 0 };
	struct cmd_out co = { f->nt, &n->g };
	struct judge_clock cc;
	struct cond c;
	char path[4096];
	int k;

	if (cmd_cond_path(f->out, path, sizeof(path)) == -1 ||
	    cmd_cond_load(path, n->rp.r, &c, f->d) == -1)
		return -1;
	if (c.side < 0)
		return cmd_cond_save(path, n->rp.r, &c, f->d);
	if (cmd_clock_load(&cc, &n->g, &n->rp, f->now, &w, f->d) == -1 ||
	    (k = cmd_cond_apply(&c, &n->rp, &n->g, &cc, &w, f->d)) == -1 ||
	    (k > 0 && fileio_write_atomic(f->out, cmd_write_record, &co,
	    f->d) == -1))
		return -1;
	return cmd_cond_save(path, n->rp.r, &c, f->d);
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
    struct extend_game *n)
{
	const char *out = f->out != NULL ? f->out : "-";
	struct fileio_lock lk;
	struct extend_game l;
	int rc = -1;

	if (fileio_lock(out, &lk, f->d) == -1)
		return -1;
	record_init(&l.g);
	if (!fetch_has_local(f) || (cmd_game_load(&l, out, f->now,
	    f->d) == 0 && fetch_extends(f, &l, n) == 0))
		rc = fileio_write_atomic(out, fetch_write, rec, f->d);
	if (rc == 0 && strcmp(out, "-") != 0)
		rc = fetch_conditions(f, n);
	record_free(&l.g);
	fileio_unlock(&lk);
	return rc;
}

/* Says which mail the record written came from, when it came from a
 * mailbox and standard output is free. */
static void
fetch_say(const struct fetch *f, const struct fetch_found *got)
{
	if (got->num == 0 || f->out == NULL || strcmp(f->out, "-") == 0)
		return;
	printf("%s: took message %lu of %s (%s)", f->out, got->num, f->name,
	    got->about);
	if (f->nstale > 0)
		printf("; passed over %lu newer record%s of the game that "
		    "add%s nothing to it", f->nstale, f->nstale == 1 ? "" : "s",
		    f->nstale == 1 ? "s" : "");
	printf("\n");
}

/* Says that the mailbox holds nothing newer than the local record. */
static void
fetch_say_same(const struct fetch *f)
{
	printf("%s: up to date: message %lu of %s (%s) holds the same game, "
	    "and no newer record of the newest %d messages extends it\n",
	    f->out, f->same.num, f->name, f->same.about, FETCH_SCAN_MAX);
}

/* Everything after the options: local copy (for its GameId, and to
 * refuse a broken one before any download), download, checks, write. */
static void
fetch_run(struct fetch *f)
{
	struct extend_game l, n;
	struct fetch_found got;
	int rc;

	memset(&got, 0, sizeof(got));
	record_init(&l.g);
	record_init(&n.g);
	if (fetch_has_local(f)) {
		if (cmd_game_load(&l, f->out, f->now, f->d) == -1)
			goto done;
		f->local = &l;
		if (f->want == NULL)
			f->want = record_tag(&l.g, "GameId");
	}
	if ((rc = fetch_download(f, &got)) == 1)
		fetch_say_same(f);
	else if (rc == 0 && fetch_check(f, &got.rec, &n) == 0 &&
	    fetch_commit(f, &got.rec, &n) == 0)
		fetch_say(f, &got);
done:
	xfer_buf_free(&got.rec);
	xfer_buf_free(&f->stale.rec);
	record_free(&l.g);
	record_free(&n.g);
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
		return cmd_arg_count(f->d, cmd_fetch_usage, argc == optind,
		    "URL");
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
	XFER_MODULE->url_clean(f.url, f.name, sizeof(f.name));
	if (cmd_now(NULL, &f.now, d) == 0 &&
	    cmd_xfer_begin(&xo, &f.x, pw, sizeof(pw), d) == 0)
		fetch_run(&f);
	cmd_xfer_end(pw, sizeof(pw));
	return cmd_finish(d);
}
