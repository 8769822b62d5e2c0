/*
 * transport.c - SMTP, IMAP, POP3 and HTTP through libcurl, the only file
 * of stackref that includes it.
 *
 * Policy, the same for every call:
 *  - protocols http, https, smtp(s), imap(s), pop3(s) only; HTTP
 *    redirects are followed (at most 5) to http or https, to https only
 *    from https; an HTTP status of 400 or more is a failure;
 *  - TLS certificates and host names are verified, against cacert when
 *    given; smtp://, imap:// and pop3:// upgrade with STARTTLS whenever
 *    the server offers it, and demand it (refusing to log in in clear)
 *    unless the host is the local machine (127.0.0.1, ::1, localhost);
 *  - an http:// URL to another host gets no credentials at all: a user
 *    or password given is refused, ~/.netrc is not read;
 *  - credentials: user and password when given, else ~/.netrc;
 *  - messages name the URL without its user and password.
 * URLs are read by libcurl's own parser (curl_url), and the transfer is
 * given the URL as that parser writes it back, so the scheme, host and
 * credentials the policy judges are those libcurl acts on.  (Not
 * CURLOPT_CURLU: before libcurl 7.72 it loops on redirects.)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <curl/curl.h>

#include "mail/transport.h"

#define XFER_DOWNLOAD_MAX (64u * 1024 * 1024)
#define XFER_PROTOCOLS "http,https,smtp,smtps,imap,imaps,pop3,pop3s"
#define XFER_SCHEME_MAX 16
#define XFER_URL_HIDDEN "(a URL that does not parse, not shown)"
#define XFER_UNSUPPORTED "unsupported protocol (http, https, smtp, smtps, " \
    "imap, imaps, pop3 or pop3s)"

/* One transfer under way. */
struct xfer_job {
	struct xfer *x;
	const char *url;                /* as given; messages clean it */
	CURLU *u;                       /* url as libcurl reads it */
	CURL *c;
	char scheme[XFER_SCHEME_MAX];   /* lower case */
	int local;                      /* the host is this machine */
	char errbuf[CURL_ERROR_SIZE];
};

/* Bytes to upload, read by curl through xfer_read. */
struct xfer_src {
	const char *data;
	size_t len, off;
};

static size_t
xfer_write(char *p, size_t size, size_t n, void *ctx)
{
	struct xfer_buf *b = ctx;
	size_t len = size * n;
	char *d;

	if (len > XFER_DOWNLOAD_MAX - b->len)
		return 0;
	if ((d = realloc(b->data, b->len + len + 1)) == NULL)
		return 0;
	memcpy(d + b->len, p, len);
	b->data = d;
	b->len += len;
	d[b->len] = '\0';
	return len;
}

static size_t
xfer_read(char *p, size_t size, size_t n, void *ctx)
{
	struct xfer_src *s = ctx;
	size_t len = size * n;

	if (len > s->len - s->off)
		len = s->len - s->off;
	memcpy(p, s->data + s->off, len);
	s->off += len;
	return len;
}

/* url parsed by libcurl (any scheme), or NULL with *rc saying why. */
static CURLU *
xfer_url_parse(const char *url, CURLUcode *rc)
{
	CURLU *u = curl_url();

	*rc = CURLUE_OUT_OF_MEMORY;
	if (u != NULL &&
	    (*rc = curl_url_set(u, CURLUPART_URL, url,
	    CURLU_NON_SUPPORT_SCHEME)) != CURLUE_OK) {
		curl_url_cleanup(u);
		u = NULL;
	}
	return u;
}

/* Whether u has the part what (a user, a host...); with buf, copies it
 * there (cut to size bytes). */
static int
xfer_url_has(CURLU *u, CURLUPart what, char *buf, size_t size)
{
	char *v;

	if (curl_url_get(u, what, &v, 0) != CURLUE_OK)
		return 0;
	if (buf != NULL)
		snprintf(buf, size, "%s", v);
	curl_free(v);
	return 1;
}

/* Whether the host of u is this machine: exactly 127.0.0.1, [::1] or
 * localhost (as libcurl reads it: 127.1 is 127.0.0.1). */
static int
xfer_url_local(CURLU *u)
{
	static const char *const local[] = { "127.0.0.1", "[::1]",
	    "localhost" };
	char host[256];
	size_t i;

	if (!xfer_url_has(u, CURLUPART_HOST, host, sizeof(host)))
		return 0;
	for (i = 0; i < sizeof(local) / sizeof(local[0]); i++)
		if (strcasecmp(host, local[i]) == 0)
			return 1;
	return 0;
}

/* Whether u carries a user, a password or login options. */
static int
xfer_url_creds(CURLU *u)
{
	return xfer_url_has(u, CURLUPART_USER, NULL, 0) ||
	    xfer_url_has(u, CURLUPART_PASSWORD, NULL, 0) ||
	    xfer_url_has(u, CURLUPART_OPTIONS, NULL, 0);
}

/* Writes u without its user, password and login options into buf;
 * 0, or -1 (out of memory). */
static int
xfer_url_strip(CURLU *u, char *buf, size_t size)
{
	return curl_url_set(u, CURLUPART_USER, NULL, 0) == CURLUE_OK &&
	    curl_url_set(u, CURLUPART_PASSWORD, NULL, 0) == CURLUE_OK &&
	    curl_url_set(u, CURLUPART_OPTIONS, NULL, 0) == CURLUE_OK &&
	    xfer_url_has(u, CURLUPART_URL, buf, size) ? 0 : -1;
}

void
xfer_url_clean(const char *url, char *buf, size_t size)
{
	CURLUcode rc;
	CURLU *u = xfer_url_parse(url, &rc);

	if (u != NULL && xfer_url_strip(u, buf, size) == 0) {
		curl_url_cleanup(u);
		return;
	}
	snprintf(buf, size, "%s", u == NULL && strchr(url, '@') == NULL ?
	    url : XFER_URL_HIDDEN);
	curl_url_cleanup(u);
}

/* Sets x->err to "URL: why" (why is shorter than CURL_ERROR_SIZE). */
static void
xfer_fail(struct xfer *x, const char *url, const char *why)
{
	char clean[XFER_ERR - CURL_ERROR_SIZE - 2];

	xfer_url_clean(url, clean, sizeof(clean));
	snprintf(x->err, sizeof(x->err), "%s: %s", clean, why);
}

/* Why libcurl cannot read a URL. */
static const char *
xfer_url_why(CURLUcode rc, char *buf, size_t size)
{
	if (rc == CURLUE_BAD_SCHEME || rc == CURLUE_UNSUPPORTED_SCHEME)
		return XFER_UNSUPPORTED;
#if LIBCURL_VERSION_NUM >= 0x075000
	snprintf(buf, size, "URL rejected: %s", curl_url_strerror(rc));
#else
	snprintf(buf, size, "URL rejected: error %d", (int)rc);
#endif
	return buf;
}

/* Reads j->url into j->u, j->scheme and j->local, and checks it
 * against the policy above; -1 with x->err set if it fails. */
static int
xfer_allowed(struct xfer_job *j)
{
	char why[CURL_ERROR_SIZE], item[XFER_SCHEME_MAX + 2];
	CURLUcode rc;

	if ((j->u = xfer_url_parse(j->url, &rc)) == NULL) {
		xfer_fail(j->x, j->url, xfer_url_why(rc, why, sizeof(why)));
		return -1;
	}
	xfer_url_has(j->u, CURLUPART_SCHEME, j->scheme, sizeof(j->scheme));
	j->local = xfer_url_local(j->u);
	snprintf(item, sizeof(item), ",%s,", j->scheme);
	if (strstr("," XFER_PROTOCOLS ",", item) == NULL) {
		xfer_fail(j->x, j->url, XFER_UNSUPPORTED);
		return -1;
	}
	if (strcmp(j->scheme, "http") == 0 && !j->local &&
	    (j->x->user != NULL || j->x->password != NULL ||
	    xfer_url_creds(j->u))) {
		xfer_fail(j->x, j->url, "no password is sent over plain http "
		    "to another host; use https");
		return -1;
	}
	return 0;
}

static void
xfer_set_protocols(CURL *c, const char *scheme)
{
#if LIBCURL_VERSION_NUM >= 0x075500
	curl_easy_setopt(c, CURLOPT_PROTOCOLS_STR, XFER_PROTOCOLS);
	curl_easy_setopt(c, CURLOPT_REDIR_PROTOCOLS_STR,
	    strcmp(scheme, "https") == 0 ? "https" : "http,https");
#else
	curl_easy_setopt(c, CURLOPT_PROTOCOLS, (long)(CURLPROTO_HTTP |
	    CURLPROTO_HTTPS | CURLPROTO_SMTP | CURLPROTO_SMTPS |
	    CURLPROTO_IMAP | CURLPROTO_IMAPS | CURLPROTO_POP3 |
	    CURLPROTO_POP3S));
	curl_easy_setopt(c, CURLOPT_REDIR_PROTOCOLS, (long)(CURLPROTO_HTTPS |
	    (strcmp(scheme, "https") == 0 ? 0 : CURLPROTO_HTTP)));
#endif
}

static void
xfer_set_auth(const struct xfer_job *j)
{
	if (j->x->user != NULL)
		curl_easy_setopt(j->c, CURLOPT_USERNAME, j->x->user);
	if (j->x->password != NULL)
		curl_easy_setopt(j->c, CURLOPT_PASSWORD, j->x->password);
	else if (strcmp(j->scheme, "http") != 0 || j->local)
		curl_easy_setopt(j->c, CURLOPT_NETRC,
		    (long)CURL_NETRC_OPTIONAL);
}

static void
xfer_set_tls(const struct xfer_job *j)
{
	curl_easy_setopt(j->c, CURLOPT_SSL_VERIFYPEER, 1L);
	curl_easy_setopt(j->c, CURLOPT_SSL_VERIFYHOST, 2L);
	if (j->x->cacert != NULL)
		curl_easy_setopt(j->c, CURLOPT_CAINFO, j->x->cacert);
	if (strcmp(j->scheme, "smtp") == 0 || strcmp(j->scheme, "imap") == 0 ||
	    strcmp(j->scheme, "pop3") == 0)
		curl_easy_setopt(j->c, CURLOPT_USE_SSL, j->local ?
		    (long)CURLUSESSL_TRY : (long)CURLUSESSL_ALL);
}

/* Frees what j holds. */
static void
xfer_close(struct xfer_job *j)
{
	if (j->c != NULL)
		curl_easy_cleanup(j->c);
	curl_url_cleanup(j->u);
	j->c = NULL;
	j->u = NULL;
}

/* Gives j->c the URL j->u as libcurl's parser writes it (curl copies
 * it); 0 or -1. */
static int
xfer_set_url(struct xfer_job *j)
{
	CURLcode rc;
	char *s;

	if (curl_url_get(j->u, CURLUPART_URL, &s, 0) != CURLUE_OK)
		return -1;
	rc = curl_easy_setopt(j->c, CURLOPT_URL, s);
	curl_free(s);
	return rc == CURLE_OK ? 0 : -1;
}

/* Starts the job j for url with the policy set; 0, or -1 with x->err
 * set (j then holds nothing). */
static int
xfer_open(struct xfer_job *j, struct xfer *x, const char *url)
{
	memset(j, 0, sizeof(*j));
	j->x = x;
	j->url = url;
	x->err[0] = '\0';
	if (xfer_allowed(j) == -1 || (j->c = curl_easy_init()) == NULL ||
	    xfer_set_url(j) == -1) {
		if (x->err[0] == '\0')
			xfer_fail(x, url, "cannot start libcurl");
		xfer_close(j);
		return -1;
	}
	curl_easy_setopt(j->c, CURLOPT_ERRORBUFFER, j->errbuf);
	curl_easy_setopt(j->c, CURLOPT_NOSIGNAL, 1L);
	curl_easy_setopt(j->c, CURLOPT_USERAGENT, "stackref");
	curl_easy_setopt(j->c, CURLOPT_TIMEOUT,
	    x->timeout > 0 ? x->timeout : 60L);
	curl_easy_setopt(j->c, CURLOPT_CONNECTTIMEOUT,
	    x->connect_timeout > 0 ? x->connect_timeout : 10L);
	curl_easy_setopt(j->c, CURLOPT_FAILONERROR, 1L);
	curl_easy_setopt(j->c, CURLOPT_FOLLOWLOCATION, 1L);
	curl_easy_setopt(j->c, CURLOPT_MAXREDIRS, 5L);
	xfer_set_protocols(j->c, j->scheme);
	xfer_set_tls(j);
	xfer_set_auth(j);
	return 0;
}

/* Runs j and closes it; 0, or -1 with x->err set. */
static int
xfer_run(struct xfer_job *j)
{
	CURLcode rc = curl_easy_perform(j->c);
	long code = 0;
	char why[64];

	if (rc == CURLE_OK && strncmp(j->scheme, "http", 4) == 0 &&
	    curl_easy_getinfo(j->c, CURLINFO_RESPONSE_CODE, &code) ==
	    CURLE_OK && code >= 400) {
		snprintf(why, sizeof(why), "the server answered %ld", code);
		xfer_fail(j->x, j->url, why);
	} else if (rc != CURLE_OK)
		xfer_fail(j->x, j->url, j->errbuf[0] != '\0' ? j->errbuf :
		    curl_easy_strerror(rc));
	xfer_close(j);
	return j->x->err[0] == '\0' ? 0 : -1;
}

/* Sets j to upload data[0..len). */
static void
xfer_upload(struct xfer_job *j, struct xfer_src *src)
{
	curl_easy_setopt(j->c, CURLOPT_UPLOAD, 1L);
	curl_easy_setopt(j->c, CURLOPT_READFUNCTION, xfer_read);
	curl_easy_setopt(j->c, CURLOPT_READDATA, src);
	curl_easy_setopt(j->c, CURLOPT_INFILESIZE_LARGE,
	    (curl_off_t)src->len);
}

/* Runs j, collecting what the server sends into out (always a string,
 * "" when nothing came; freed on failure). */
static int
xfer_collect(struct xfer_job *j, struct xfer_buf *out)
{
	curl_easy_setopt(j->c, CURLOPT_WRITEFUNCTION, xfer_write);
	curl_easy_setopt(j->c, CURLOPT_WRITEDATA, out);
	if (xfer_run(j) == -1) {
		xfer_buf_free(out);
		return -1;
	}
	if (out->data == NULL && (out->data = calloc(1, 1)) == NULL) {
		xfer_fail(j->x, j->url, "out of memory");
		return -1;
	}
	return 0;
}

int
xfer_get(struct xfer *x, const char *url, struct xfer_buf *out)
{
	struct xfer_job j;

	out->data = NULL;
	out->len = 0;
	if (xfer_open(&j, x, url) == -1)
		return -1;
	return xfer_collect(&j, out);
}

int
xfer_put(struct xfer *x, const char *url, const char *data, size_t len)
{
	struct xfer_src src = { data, len, 0 };
	struct xfer_buf sink = { NULL, 0 };
	struct xfer_job j;
	int rc;

	if (xfer_open(&j, x, url) == -1)
		return -1;
	xfer_upload(&j, &src);
	curl_easy_setopt(j.c, CURLOPT_WRITEFUNCTION, xfer_write);
	curl_easy_setopt(j.c, CURLOPT_WRITEDATA, &sink);
	rc = xfer_run(&j);
	xfer_buf_free(&sink);
	return rc;
}

int
xfer_send(struct xfer *x, const char *url, const char *from,
    const char *const *rcpt, size_t nrcpt, const char *data, size_t len)
{
	struct xfer_src src = { data, len, 0 };
	struct curl_slist *list = NULL, *l;
	struct xfer_job j;
	size_t i;
	int rc;

	if (xfer_open(&j, x, url) == -1)
		return -1;
	for (i = 0; i < nrcpt; i++) {
		if ((l = curl_slist_append(list, rcpt[i])) == NULL) {
			curl_slist_free_all(list);
			xfer_close(&j);
			xfer_fail(x, url, "out of memory");
			return -1;
		}
		list = l;
	}
	curl_easy_setopt(j.c, CURLOPT_MAIL_FROM, from);
	curl_easy_setopt(j.c, CURLOPT_MAIL_RCPT, list);
	xfer_upload(&j, &src);
	rc = xfer_run(&j);
	curl_slist_free_all(list);
	return rc;
}

/* POP3 commands answered with one line only (curl must not wait for a
 * listing). */
static int
xfer_pop3_one_line(const struct xfer_job *j, const char *command)
{
	static const char *const one[] = { "DELE", "NOOP", "RSET", "STAT" };
	size_t i;

	if (strncmp(j->scheme, "pop3", 4) != 0)
		return 0;
	for (i = 0; i < sizeof(one) / sizeof(one[0]); i++)
		if (strncasecmp(command, one[i], 4) == 0)
			return 1;
	return 0;
}

int
xfer_command(struct xfer *x, const char *url, const char *command,
    struct xfer_buf *out)
{
	struct xfer_job j;

	out->data = NULL;
	out->len = 0;
	if (strpbrk(command, "\r\n") != NULL) {
		xfer_fail(x, url, "a command may not hold a line break");
		return -1;
	}
	if (xfer_open(&j, x, url) == -1)
		return -1;
	curl_easy_setopt(j.c, CURLOPT_CUSTOMREQUEST, command);
	if (xfer_pop3_one_line(&j, command))
		curl_easy_setopt(j.c, CURLOPT_NOBODY, 1L);
	return xfer_collect(&j, out);
}

void
xfer_buf_free(struct xfer_buf *b)
{
	free(b->data);
	b->data = NULL;
	b->len = 0;
}
