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
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <curl/curl.h>

#include "mail/transport.h"

#define XFER_DOWNLOAD_MAX (64u * 1024 * 1024)
#define XFER_PROTOCOLS "http,https,smtp,smtps,imap,imaps,pop3,pop3s"

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

void
xfer_url_clean(const char *url, char *buf, size_t size)
{
	const char *host = strstr(url, "://"), *end, *at;

	if (host == NULL) {
		snprintf(buf, size, "%s", url);
		return;
	}
	host += 3;
	end = host + strcspn(host, "/?#");
	for (at = end; at > host && at[-1] != '@'; at--)
		continue;
	snprintf(buf, size, "%.*s%s", (int)(host - url), url, at);
}

/* The scheme of url, lower case, into buf ("" if none). */
static void
xfer_scheme(const char *url, char *buf, size_t size)
{
	size_t i;

	for (i = 0; i + 1 < size && url[i] != '\0' && url[i] != ':'; i++)
		buf[i] = (char)(url[i] >= 'A' && url[i] <= 'Z' ?
		    url[i] - 'A' + 'a' : url[i]);
	buf[url[i] == ':' ? i : 0] = '\0';
}

/* Whether url's host is this machine. */
static int
xfer_local(const char *url)
{
	static const char *const local[] = { "127.0.0.1", "[::1]",
	    "localhost" };
	const char *host = strstr(url, "://"), *end, *at;
	size_t i, n;

	if (host == NULL)
		return 0;
	host += 3;
	end = host + strcspn(host, "/?#");
	for (at = end; at > host && at[-1] != '@'; at--)
		continue;
	n = strcspn(at, "/?#");
	if (at[0] != '[' && memchr(at, ':', n) != NULL)
		n = (size_t)((const char *)memchr(at, ':', n) - at);
	else if (at[0] == '[' && memchr(at, ']', n) != NULL)
		n = (size_t)((const char *)memchr(at, ']', n) - at) + 1;
	for (i = 0; i < sizeof(local) / sizeof(local[0]); i++)
		if (strlen(local[i]) == n && strncasecmp(at, local[i], n) == 0)
			return 1;
	return 0;
}

/* Sets x->err to "URL: why". */
static void
xfer_fail(struct xfer *x, const char *url, const char *why)
{
	char clean[XFER_ERR / 2];

	xfer_url_clean(url, clean, sizeof(clean));
	snprintf(x->err, sizeof(x->err), "%s: %s", clean, why);
}

/* Whether url may be used under the policy above; sets x->err if not. */
static int
xfer_allowed(struct xfer *x, const char *url)
{
	char scheme[16], item[20];

	xfer_scheme(url, scheme, sizeof(scheme));
	snprintf(item, sizeof(item), ",%s,", scheme);
	if (scheme[0] == '\0' ||
	    strstr("," XFER_PROTOCOLS ",", item) == NULL) {
		xfer_fail(x, url, "unsupported protocol (http, https, smtp, "
		    "smtps, imap, imaps, pop3 or pop3s)");
		return -1;
	}
	if (strcmp(scheme, "http") == 0 && !xfer_local(url) &&
	    (x->user != NULL || x->password != NULL ||
	    strchr(url + 7, '@') != NULL)) {
		xfer_fail(x, url, "no password is sent over plain http to "
		    "another host; use https");
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
xfer_set_auth(CURL *c, const struct xfer *x, const char *url,
    const char *scheme)
{
	if (x->user != NULL)
		curl_easy_setopt(c, CURLOPT_USERNAME, x->user);
	if (x->password != NULL)
		curl_easy_setopt(c, CURLOPT_PASSWORD, x->password);
	else if (strcmp(scheme, "http") != 0 || xfer_local(url))
		curl_easy_setopt(c, CURLOPT_NETRC, (long)CURL_NETRC_OPTIONAL);
}

static void
xfer_set_tls(CURL *c, const struct xfer *x, const char *url,
    const char *scheme)
{
	curl_easy_setopt(c, CURLOPT_SSL_VERIFYPEER, 1L);
	curl_easy_setopt(c, CURLOPT_SSL_VERIFYHOST, 2L);
	if (x->cacert != NULL)
		curl_easy_setopt(c, CURLOPT_CAINFO, x->cacert);
	if (strcmp(scheme, "smtp") == 0 || strcmp(scheme, "imap") == 0 ||
	    strcmp(scheme, "pop3") == 0)
		curl_easy_setopt(c, CURLOPT_USE_SSL, xfer_local(url) ?
		    (long)CURLUSESSL_TRY : (long)CURLUSESSL_ALL);
}

/* A handle for url with the policy set, or NULL with x->err set. */
static CURL *
xfer_open(struct xfer *x, const char *url, char *errbuf)
{
	char scheme[16];
	CURL *c;

	x->err[0] = '\0';
	x->code = 0;
	if (xfer_allowed(x, url) == -1)
		return NULL;
	if ((c = curl_easy_init()) == NULL) {
		xfer_fail(x, url, "cannot start libcurl");
		return NULL;
	}
	xfer_scheme(url, scheme, sizeof(scheme));
	errbuf[0] = '\0';
	curl_easy_setopt(c, CURLOPT_ERRORBUFFER, errbuf);
	curl_easy_setopt(c, CURLOPT_URL, url);
	curl_easy_setopt(c, CURLOPT_NOSIGNAL, 1L);
	curl_easy_setopt(c, CURLOPT_USERAGENT, "stackref");
	curl_easy_setopt(c, CURLOPT_TIMEOUT, x->timeout > 0 ? x->timeout : 60L);
	curl_easy_setopt(c, CURLOPT_CONNECTTIMEOUT,
	    x->connect_timeout > 0 ? x->connect_timeout : 10L);
	curl_easy_setopt(c, CURLOPT_FAILONERROR, 1L);
	curl_easy_setopt(c, CURLOPT_FOLLOWLOCATION, 1L);
	curl_easy_setopt(c, CURLOPT_MAXREDIRS, 5L);
	xfer_set_protocols(c, scheme);
	xfer_set_tls(c, x, url, scheme);
	xfer_set_auth(c, x, url, scheme);
	return c;
}

/* Runs c and closes it; 0, or -1 with x->err set. */
static int
xfer_run(struct xfer *x, CURL *c, const char *url, const char *errbuf)
{
	CURLcode rc = curl_easy_perform(c);
	long code = 0;
	char why[64];

	if (curl_easy_getinfo(c, CURLINFO_RESPONSE_CODE, &code) != CURLE_OK)
		code = 0;
	x->code = code;
	if (rc == CURLE_OK && code >= 400 && strncmp(url, "http", 4) == 0) {
		snprintf(why, sizeof(why), "the server answered %ld", code);
		xfer_fail(x, url, why);
	} else if (rc != CURLE_OK)
		xfer_fail(x, url, errbuf[0] != '\0' ? errbuf :
		    curl_easy_strerror(rc));
	curl_easy_cleanup(c);
	return x->err[0] == '\0' ? 0 : -1;
}

/* Sets c to upload data[0..len). */
static void
xfer_upload(CURL *c, struct xfer_src *src)
{
	curl_easy_setopt(c, CURLOPT_UPLOAD, 1L);
	curl_easy_setopt(c, CURLOPT_READFUNCTION, xfer_read);
	curl_easy_setopt(c, CURLOPT_READDATA, src);
	curl_easy_setopt(c, CURLOPT_INFILESIZE_LARGE, (curl_off_t)src->len);
}

/* Runs c, collecting what the server sends into out (always a string,
 * "" when nothing came; freed on failure). */
static int
xfer_collect(struct xfer *x, CURL *c, const char *url, char *errbuf,
    struct xfer_buf *out)
{
	curl_easy_setopt(c, CURLOPT_WRITEFUNCTION, xfer_write);
	curl_easy_setopt(c, CURLOPT_WRITEDATA, out);
	if (xfer_run(x, c, url, errbuf) == -1) {
		xfer_buf_free(out);
		return -1;
	}
	if (out->data == NULL && (out->data = calloc(1, 1)) == NULL) {
		xfer_fail(x, url, "out of memory");
		return -1;
	}
	return 0;
}

int
xfer_get(struct xfer *x, const char *url, struct xfer_buf *out)
{
	char errbuf[CURL_ERROR_SIZE];
	CURL *c;

	out->data = NULL;
	out->len = 0;
	if ((c = xfer_open(x, url, errbuf)) == NULL)
		return -1;
	return xfer_collect(x, c, url, errbuf, out);
}

int
xfer_put(struct xfer *x, const char *url, const char *data, size_t len)
{
	struct xfer_src src = { data, len, 0 };
	struct xfer_buf sink = { NULL, 0 };
	char errbuf[CURL_ERROR_SIZE];
	CURL *c;
	int rc;

	if ((c = xfer_open(x, url, errbuf)) == NULL)
		return -1;
	xfer_upload(c, &src);
	curl_easy_setopt(c, CURLOPT_WRITEFUNCTION, xfer_write);
	curl_easy_setopt(c, CURLOPT_WRITEDATA, &sink);
	rc = xfer_run(x, c, url, errbuf);
	xfer_buf_free(&sink);
	return rc;
}

int
xfer_send(struct xfer *x, const char *url, const char *from,
    const char *const *rcpt, size_t nrcpt, const char *data, size_t len)
{
	struct xfer_src src = { data, len, 0 };
	struct curl_slist *list = NULL, *l;
	char errbuf[CURL_ERROR_SIZE];
	size_t i;
	CURL *c;
	int rc;

	if ((c = xfer_open(x, url, errbuf)) == NULL)
		return -1;
	for (i = 0; i < nrcpt; i++) {
		if ((l = curl_slist_append(list, rcpt[i])) == NULL) {
			curl_slist_free_all(list);
			curl_easy_cleanup(c);
			xfer_fail(x, url, "out of memory");
			return -1;
		}
		list = l;
	}
	curl_easy_setopt(c, CURLOPT_MAIL_FROM, from);
	curl_easy_setopt(c, CURLOPT_MAIL_RCPT, list);
	xfer_upload(c, &src);
	rc = xfer_run(x, c, url, errbuf);
	curl_slist_free_all(list);
	return rc;
}

/* POP3 commands answered with one line only (curl must not wait for a
 * listing). */
static int
xfer_pop3_one_line(const char *url, const char *command)
{
	static const char *const one[] = { "DELE", "NOOP", "RSET", "STAT" };
	char scheme[16];
	size_t i;

	xfer_scheme(url, scheme, sizeof(scheme));
	if (strncmp(scheme, "pop3", 4) != 0)
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
	char errbuf[CURL_ERROR_SIZE];
	CURL *c;

	out->data = NULL;
	out->len = 0;
	if (strpbrk(command, "\r\n") != NULL) {
		xfer_fail(x, url, "a command may not hold a line break");
		return -1;
	}
	if ((c = xfer_open(x, url, errbuf)) == NULL)
		return -1;
	curl_easy_setopt(c, CURLOPT_CUSTOMREQUEST, command);
	if (xfer_pop3_one_line(url, command))
		curl_easy_setopt(c, CURLOPT_NOBODY, 1L);
	return xfer_collect(x, c, url, errbuf, out);
}

void
xfer_buf_free(struct xfer_buf *b)
{
	free(b->data);
	b->data = NULL;
	b->len = 0;
}
