/*
 * transport.c - SMTP, IMAP, POP3 and HTTP through libcurl, the only file
 * of stackref that includes it.
 *
 * Policy, the same for every call and for every hop of a redirect:
 *  - protocols http, https, smtp(s), imap(s), pop3(s) only; an HTTP
 *    status of 400 or more is a failure;
 *  - HTTP redirects are followed by xfer_get only, one hop at a time
 *    (at most 5), each hop judged anew by this policy: to http or https
 *    only, to https only once on https; the credentials (given, in the
 *    URL or from ~/.netrc) go only to the origin of the URL given (same
 *    scheme, host and port), a hop to another origin gets none at all;
 *  - TLS certificates and host names are verified, against cacert when
 *    given; smtp://, imap:// and pop3:// demand STARTTLS (refusing to
 *    log in in clear) unless the host is the local machine (127.0.0.1,
 *    ::1, localhost), where STARTTLS is not tried unless x->starttls
 *    asks for it (and then demanded): a local server's certificate is
 *    often the self-signed "snakeoil" one;
 *  - an http:// URL to another host gets no credentials at all: a user
 *    or password given is refused, ~/.netrc is not read;
 *  - a password in a URL is refused: passwords come from x->password
 *    or ~/.netrc, never from a command line;
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
#include <unistd.h>

#include <curl/curl.h>

#include "mail/transport.h"

#define XFER_DOWNLOAD_MAX (64u * 1024 * 1024)
#define XFER_PROTOCOLS "http,https,smtp,smtps,imap,imaps,pop3,pop3s"
#define XFER_SCHEME_MAX 16
#define XFER_REDIRECTS_MAX 5
#define XFER_URL_MAX 4096
#define XFER_URL_HIDDEN "(a URL that does not parse, not shown)"
#define XFER_UNSUPPORTED "unsupported protocol (http, https, smtp, smtps, " \
    "imap, imaps, pop3 or pop3s)"

/* One transfer under way. */
struct xfer_job {
	struct xfer *x;
	const char *url;                /* as given; messages clean it */
	CURLU *u;                       /* url as libcurl reads it */
	CURL *c;
	CURLU *origin;                  /* the URL first given, for a
					 * redirect's hop; else NULL */
	char scheme[XFER_SCHEME_MAX];   /* lower case */
	int local;                      /* the host is this machine */
	int creds;                      /* credentials may be sent */
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

/* Whether u has the part what (a user, a host...), read with flags;
 * with buf, copies it there (cut to size bytes). */
static int
xfer_url_part(CURLU *u, CURLUPart what, unsigned flags, char *buf,
    size_t size)
{
	char *v;

	if (curl_url_get(u, what, &v, flags) != CURLUE_OK)
		return 0;
	if (buf != NULL)
		snprintf(buf, size, "%s", v);
	curl_free(v);
	return 1;
}

static int
xfer_url_has(CURLU *u, CURLUPart what, char *buf, size_t size)
{
	return xfer_url_part(u, what, 0, buf, size);
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

/* Whether a and b have the same scheme, host and port. */
static int
xfer_url_same_origin(CURLU *a, CURLU *b)
{
	static const CURLUPart part[] = { CURLUPART_SCHEME, CURLUPART_HOST,
	    CURLUPART_PORT };
	char va[256], vb[256];
	size_t i;

	for (i = 0; i < sizeof(part) / sizeof(part[0]); i++)
		if (!xfer_url_part(a, part[i], CURLU_DEFAULT_PORT, va,
		    sizeof(va)) || !xfer_url_part(b, part[i],
		    CURLU_DEFAULT_PORT, vb, sizeof(vb)) ||
		    strcasecmp(va, vb) != 0)
			return 0;
	return 1;
}

/* Whether u carries a user, a password or login options. */
static int
xfer_url_creds(CURLU *u)
{
	return xfer_url_has(u, CURLUPART_USER, NULL, 0) ||
	    xfer_url_has(u, CURLUPART_PASSWORD, NULL, 0) ||
	    xfer_url_has(u, CURLUPART_OPTIONS, NULL, 0);
}

/* Removes the user, password and login options of u; 0, or -1. */
static int
xfer_url_drop_creds(CURLU *u)
{
	return curl_url_set(u, CURLUPART_USER, NULL, 0) == CURLUE_OK &&
	    curl_url_set(u, CURLUPART_PASSWORD, NULL, 0) == CURLUE_OK &&
	    curl_url_set(u, CURLUPART_OPTIONS, NULL, 0) == CURLUE_OK ? 0 : -1;
}

/* Writes u without its user, password and login options into buf;
 * 0, or -1 (out of memory). */
static int
xfer_url_strip(CURLU *u, char *buf, size_t size)
{
	return xfer_url_drop_creds(u) == 0 &&
	    xfer_url_has(u, CURLUPART_URL, buf, size) ? 0 : -1;
}

static void
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

static enum xfer_kind
xfer_url_kind(const char *url)
{
	static const struct { const char *scheme; enum xfer_kind kind; }
	    k[] = { { "http", XFER_KIND_HTTP }, { "https", XFER_KIND_HTTP },
	    { "smtp", XFER_KIND_SMTP }, { "smtps", XFER_KIND_SMTP },
	    { "imap", XFER_KIND_IMAP }, { "imaps", XFER_KIND_IMAP },
	    { "pop3", XFER_KIND_POP3 }, { "pop3s", XFER_KIND_POP3 } };
	char scheme[XFER_SCHEME_MAX] = "";
	CURLUcode rc;
	CURLU *u = xfer_url_parse(url, &rc);
	size_t i;

	if (u != NULL)
		xfer_url_has(u, CURLUPART_SCHEME, scheme, sizeof(scheme));
	curl_url_cleanup(u);
	for (i = 0; i < sizeof(k) / sizeof(k[0]); i++)
		if (strcmp(scheme, k[i].scheme) == 0)
			return k[i].kind;
	return XFER_KIND_NONE;
}

static int
xfer_url_path(const char *url, const char *path, int keep, char *buf,
    size_t size)
{
	char old[XFER_URL_MAX] = "";
	CURLUcode rc;
	CURLU *u = xfer_url_parse(url, &rc);
	int ok;

	if (u == NULL)
		return -1;
	xfer_url_has(u, CURLUPART_PATH, old, sizeof(old));
	ok = (keep && strcmp(old, "") != 0 && strcmp(old, "/") != 0) ||
	    curl_url_set(u, CURLUPART_PATH, path, 0) == CURLUE_OK;
	ok = ok && xfer_url_has(u, CURLUPART_URL, buf, size) &&
	    strlen(buf) + 1 < size;
	curl_url_cleanup(u);
	return ok ? 0 : -1;
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

/* Why the policy refuses the parsed job j, or NULL. */
static const char *
xfer_refusal(const struct xfer_job *j)
{
	char item[XFER_SCHEME_MAX + 2];

	snprintf(item, sizeof(item), ",%s,", j->scheme);
	if (strstr("," XFER_PROTOCOLS ",", item) == NULL)
		return XFER_UNSUPPORTED;
	if (j->origin != NULL && strncmp(j->scheme, "http", 4) != 0)
		return "a redirect to another protocol than http or https";
	if (strcmp(j->scheme, "http") == 0 && !j->local && j->creds &&
	    (j->x->user != NULL || j->x->password != NULL ||
	    xfer_url_creds(j->u)))
		return "no password is sent over plain http to another host; "
		    "use https";
	if (xfer_url_has(j->u, CURLUPART_PASSWORD, NULL, 0))
		return "a password is never taken from a URL; give it in "
		    "~/.netrc, a password file or a variable";
	return NULL;
}

/* Reads j->url into j->u, j->scheme, j->local and j->creds, and checks
 * it against the policy above; -1 with x->err set if it fails. */
static int
xfer_allowed(struct xfer_job *j)
{
	char why[CURL_ERROR_SIZE];
	const char *no;
	CURLUcode rc;

	if ((j->u = xfer_url_parse(j->url, &rc)) == NULL) {
		xfer_fail(j->x, j->url, xfer_url_why(rc, why, sizeof(why)));
		return -1;
	}
	xfer_url_has(j->u, CURLUPART_SCHEME, j->scheme, sizeof(j->scheme));
	j->local = xfer_url_local(j->u);
	j->creds = j->origin == NULL || xfer_url_same_origin(j->origin, j->u);
	if ((no = xfer_refusal(j)) != NULL) {
		xfer_fail(j->x, j->url, no);
		return -1;
	}
	if (!j->creds && xfer_url_drop_creds(j->u) == -1) {
		xfer_fail(j->x, j->url, "out of memory");
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

/* Credentials for j: none to another origin than the URL first given;
 * else user and password when given, else ~/.netrc (not for plain http
 * to another host). */
static void
xfer_set_auth(const struct xfer_job *j)
{
	if (!j->creds)
		return;
	if (j->x->user != NULL)
		curl_easy_setopt(j->c, CURLOPT_USERNAME, j->x->user);
	if (j->x->password != NULL)
		curl_easy_setopt(j->c, CURLOPT_PASSWORD, j->x->password);
	else if (strcmp(j->scheme, "http") != 0 || j->local)
		curl_easy_setopt(j->c, CURLOPT_NETRC,
		    (long)CURL_NETRC_OPTIONAL);
}

/* TLS verified; STARTTLS demanded on plain mail URLs to another host,
 * and to this machine only when x->starttls asks for it (else not
 * tried). */
static void
xfer_set_tls(const struct xfer_job *j)
{
	curl_easy_setopt(j->c, CURLOPT_SSL_VERIFYPEER, 1L);
	curl_easy_setopt(j->c, CURLOPT_SSL_VERIFYHOST, 2L);
	if (j->x->cacert != NULL)
		curl_easy_setopt(j->c, CURLOPT_CAINFO, j->x->cacert);
	if (strcmp(j->scheme, "smtp") == 0 || strcmp(j->scheme, "imap") == 0 ||
	    strcmp(j->scheme, "pop3") == 0)
		curl_easy_setopt(j->c, CURLOPT_USE_SSL,
		    !j->local || j->x->starttls ? (long)CURLUSESSL_ALL :
		    (long)CURLUSESSL_NONE);
}

/* The connections of this process's IMAP transfers, kept from one to
 * the next: a run searches, reads and flags its mails over one
 * connection, logged in once (libcurl reuses one only for the same
 * server and credentials).  Made by the first IMAP transfer; closed
 * (logged out) at exit by the process that made it, never by a child
 * that inherited it with its sockets. */
static CURLSH *xfer_imap_share;
static pid_t xfer_imap_owner;

static void
xfer_imap_close(void)
{
	if (xfer_imap_share != NULL && getpid() == xfer_imap_owner)
		curl_share_cleanup(xfer_imap_share);
	xfer_imap_share = NULL;
}

/* Lets j, when it is an IMAP transfer, use the kept connections. */
static void
xfer_set_share(const struct xfer_job *j)
{
	if (strncmp(j->scheme, "imap", 4) != 0)
		return;
	if (xfer_imap_share == NULL) {
		if ((xfer_imap_share = curl_share_init()) == NULL)
			return;
		curl_share_setopt(xfer_imap_share, CURLSHOPT_SHARE,
		    CURL_LOCK_DATA_CONNECT);
		xfer_imap_owner = getpid();
		atexit(xfer_imap_close);
	}
	curl_easy_setopt(j->c, CURLOPT_SHARE, xfer_imap_share);
}

/* Frees what j holds (not j->origin). */
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

/* Starts the job j for url with the policy set, as a hop of a redirect
 * from the URL origin when origin is not NULL; 0, or -1 with x->err set
 * (j then holds nothing).  libcurl follows no redirect itself. */
static int
xfer_open(struct xfer_job *j, struct xfer *x, const char *url,
    CURLU *origin)
{
	memset(j, 0, sizeof(*j));
	j->x = x;
	j->url = url;
	j->origin = origin;
	x->err[0] = '\0';
	x->code = 0;
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
	curl_easy_setopt(j->c, CURLOPT_FOLLOWLOCATION, 0L);
	xfer_set_protocols(j->c, j->scheme);
	xfer_set_tls(j);
	xfer_set_auth(j);
	xfer_set_share(j);
	return 0;
}

/*
 * Runs j (and leaves it open): 0 with *code the HTTP status (0 for the
 * other protocols), or -1 with x->err set.  A status of 400 or more
 * fails, but accept (0: none).
 */
static int
xfer_perform(struct xfer_job *j, long accept, long *code)
{
	CURLcode rc = curl_easy_perform(j->c);
	long any = 0;
	char why[64];

	if (curl_easy_getinfo(j->c, CURLINFO_RESPONSE_CODE, &any) != CURLE_OK)
		any = 0;
	j->x->code = any;
	*code = strncmp(j->scheme, "http", 4) == 0 ? any : 0;
	if (accept != 0 && *code == accept)
		return 0;
	if (rc != CURLE_OK) {
		xfer_fail(j->x, j->url, j->errbuf[0] != '\0' ? j->errbuf :
		    curl_easy_strerror(rc));
		return -1;
	}
	if (*code >= 400) {
		snprintf(why, sizeof(why), "the server answered %ld", *code);
		xfer_fail(j->x, j->url, why);
		return -1;
	}
	return 0;
}

/* Runs j and closes it; 0, or -1 with x->err set. */
static int
xfer_run(struct xfer_job *j)
{
	long code;
	int rc = xfer_perform(j, 0, &code);

	xfer_close(j);
	return rc;
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

/* Makes out an empty string when nothing came; -1 out of memory. */
static int
xfer_terminate(struct xfer_job *j, struct xfer_buf *out)
{
	if (out->data == NULL && (out->data = calloc(1, 1)) == NULL) {
		xfer_fail(j->x, j->url, "out of memory");
		return -1;
	}
	return 0;
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
	return xfer_terminate(j, out);
}

/*
 * One hop of xfer_get: gets url into out (emptied first), the hop of a
 * redirect from origin when origin is not NULL.  Returns 0 done, 1 with
 * the URL the server redirects to in next (of XFER_URL_MAX bytes), or
 * -1 with x->err set.
 */
static int
xfer_get_hop(struct xfer *x, const char *url, CURLU *origin,
    struct xfer_buf *out, char *next)
{
	struct xfer_job j;
	char *to = NULL;
	long code;
	int rc;

	xfer_buf_free(out);
	if (xfer_open(&j, x, url, origin) == -1)
		return -1;
	curl_easy_setopt(j.c, CURLOPT_WRITEFUNCTION, xfer_write);
	curl_easy_setopt(j.c, CURLOPT_WRITEDATA, out);
	if ((rc = xfer_perform(&j, 0, &code)) == 0 && code >= 300 &&
	    code < 400 && curl_easy_getinfo(j.c, CURLINFO_REDIRECT_URL,
	    &to) == CURLE_OK && to != NULL) {
		snprintf(next, XFER_URL_MAX, "%s", to);
		rc = strlen(to) < XFER_URL_MAX ? 1 : -1;
		if (rc == -1)
			xfer_fail(x, url, "a redirect to a URL too long");
	}
	if (rc == 0)
		rc = xfer_terminate(&j, out);
	xfer_close(&j);
	return rc;
}

/* Whether the redirect from the URL from to the URL to may be taken:
 * from https, only to https. */
static int
xfer_hop_scheme(struct xfer *x, const char *from, const char *to)
{
	if (strncasecmp(from, "https:", 6) != 0 ||
	    strncasecmp(to, "https:", 6) == 0)
		return 0;
	xfer_fail(x, to, "a redirect from https to another protocol");
	return -1;
}

static int
xfer_get(struct xfer *x, const char *url, struct xfer_buf *out)
{
	char cur[XFER_URL_MAX], next[XFER_URL_MAX];
	CURLU *origin = NULL;
	CURLUcode uc;
	int hops = 0, rc;

	out->data = NULL;
	out->len = 0;
	snprintf(cur, sizeof(cur), "%s", url);
	while ((rc = xfer_get_hop(x, cur, origin, out, next)) == 1) {
		if (origin == NULL && (origin = xfer_url_parse(url, &uc)) ==
		    NULL) {
			xfer_fail(x, url, "out of memory");
			rc = -1;
			break;
		}
		if (++hops > XFER_REDIRECTS_MAX) {
			xfer_fail(x, url, "more than 5 redirects");
			rc = -1;
			break;
		}
		if ((rc = xfer_hop_scheme(x, cur, next)) == -1)
			break;
		memcpy(cur, next, sizeof(cur));
	}
	curl_url_cleanup(origin);
	if (rc == -1)
		xfer_buf_free(out);
	return rc;
}

/* Keeps the ETag (if strong) and Last-Modified headers of the last
 * answer in the struct xfer_version ctx. */
static size_t
xfer_header(char *p, size_t size, size_t n, void *ctx)
{
	struct xfer_version *v = ctx;
	size_t len = size * n, vl;
	const char *val;

	if (len >= 5 && strncmp(p, "HTTP/", 5) == 0) {
		v->etag[0] = '\0';
		v->modified[0] = '\0';
		return len;
	}
	if ((val = memchr(p, ':', len)) == NULL)
		return len;
	val += strspn(val + 1, " \t") + 1;
	vl = len - (size_t)(val - p);
	while (vl > 0 && (val[vl - 1] == '\r' || val[vl - 1] == '\n' ||
	    val[vl - 1] == ' '))
		vl--;
	if (vl >= XFER_VALIDATOR_MAX)
		return len;
	if (strncasecmp(p, "ETag:", 5) == 0 && val[0] == '"')
		snprintf(v->etag, sizeof(v->etag), "%.*s", (int)vl, val);
	else if (strncasecmp(p, "Last-Modified:", 14) == 0)
		snprintf(v->modified, sizeof(v->modified), "%.*s", (int)vl,
		    val);
	return len;
}

static int
xfer_get_version(struct xfer *x, const char *url, struct xfer_buf *out,
    struct xfer_version *v)
{
	struct xfer_job j;
	long code;
	int rc;

	out->data = NULL;
	out->len = 0;
	memset(v, 0, sizeof(*v));
	if (xfer_open(&j, x, url, NULL) == -1)
		return -1;
	curl_easy_setopt(j.c, CURLOPT_WRITEFUNCTION, xfer_write);
	curl_easy_setopt(j.c, CURLOPT_WRITEDATA, out);
	curl_easy_setopt(j.c, CURLOPT_HEADERFUNCTION, xfer_header);
	curl_easy_setopt(j.c, CURLOPT_HEADERDATA, v);
	rc = xfer_perform(&j, 404, &code);
	if (rc == 0 && code >= 300 && code < 400) {
		xfer_fail(x, url, "the server redirects; give the URL it "
		    "redirects to");
		rc = -1;
	}
	v->found = code != 404;
	if (rc == 0 && !v->found)
		xfer_buf_free(out);
	if (rc == 0)
		rc = xfer_terminate(&j, out);
	else
		xfer_buf_free(out);
	xfer_close(&j);
	return rc;
}

/* The precondition of a PUT replacing version v into *list; -1 with
 * x->err set when v gives nothing to check. */
static int
xfer_precondition(struct xfer *x, const char *url,
    const struct xfer_version *v, struct curl_slist **list)
{
	char h[XFER_VALIDATOR_MAX + 32];

	if (!v->found)
		snprintf(h, sizeof(h), "If-None-Match: *");
	else if (v->etag[0] != '\0')
		snprintf(h, sizeof(h), "If-Match: %s", v->etag);
	else if (v->modified[0] != '\0')
		snprintf(h, sizeof(h), "If-Unmodified-Since: %s", v->modified);
	else {
		xfer_fail(x, url, "the server gives neither an ETag nor a "
		    "Last-Modified date: the record cannot be replaced safely");
		return -1;
	}
	if ((*list = curl_slist_append(NULL, h)) == NULL) {
		xfer_fail(x, url, "out of memory");
		return -1;
	}
	return 0;
}

static int
xfer_put_version(struct xfer *x, const char *url, const char *data,
    size_t len, const struct xfer_version *v)
{
	struct xfer_src src = { data, len, 0 };
	struct xfer_buf sink = { NULL, 0 };
	struct curl_slist *list = NULL;
	struct xfer_job j;
	long code;
	int rc;

	if (xfer_open(&j, x, url, NULL) == -1)
		return -1;
	if (xfer_precondition(x, url, v, &list) == -1) {
		xfer_close(&j);
		return -1;
	}
	xfer_upload(&j, &src);
	curl_easy_setopt(j.c, CURLOPT_HTTPHEADER, list);
	curl_easy_setopt(j.c, CURLOPT_WRITEFUNCTION, xfer_write);
	curl_easy_setopt(j.c, CURLOPT_WRITEDATA, &sink);
	if ((rc = xfer_perform(&j, 412, &code)) == 0 && code == 412) {
		xfer_fail(x, url, "the server's copy changed meanwhile "
		    "(412 Precondition Failed)");
		rc = XFER_STALE;
	}
	xfer_close(&j);
	curl_slist_free_all(list);
	xfer_buf_free(&sink);
	return rc;
}

static int
xfer_put(struct xfer *x, const char *url, const char *data, size_t len)
{
	struct xfer_src src = { data, len, 0 };
	struct xfer_buf sink = { NULL, 0 };
	struct xfer_job j;
	int rc;

	if (xfer_open(&j, x, url, NULL) == -1)
		return -1;
	xfer_upload(&j, &src);
	curl_easy_setopt(j.c, CURLOPT_WRITEFUNCTION, xfer_write);
	curl_easy_setopt(j.c, CURLOPT_WRITEDATA, &sink);
	rc = xfer_run(&j);
	xfer_buf_free(&sink);
	return rc;
}

static int
xfer_send(struct xfer *x, const char *url, const char *from,
    const char *const *rcpt, size_t nrcpt, const char *data, size_t len)
{
	struct xfer_src src = { data, len, 0 };
	struct curl_slist *list = NULL, *l;
	struct xfer_job j;
	size_t i;
	int rc;

	if (xfer_open(&j, x, url, NULL) == -1)
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

static int
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
	if (xfer_open(&j, x, url, NULL) == -1)
		return -1;
	curl_easy_setopt(j.c, CURLOPT_CUSTOMREQUEST, command);
	if (xfer_pop3_one_line(&j, command))
		curl_easy_setopt(j.c, CURLOPT_NOBODY, 1L);
	return xfer_collect(&j, out);
}

/* The table stackref-net.so exports (transport.h). */
MODULE_EXPORT const struct xfer_module stackref_net = {
	.url_kind = xfer_url_kind, .url_path = xfer_url_path,
	.url_clean = xfer_url_clean,
	.get = xfer_get, .get_version = xfer_get_version,
	.put = xfer_put, .put_version = xfer_put_version,
	.send = xfer_send, .command = xfer_command,
};
