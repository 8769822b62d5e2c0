/*
 * transport.h - moving bytes to and from mail and web servers.  The only
 * code of stackref that talks to the network, and the only one that
 * includes libcurl: SMTP, IMAP, POP3 and HTTP, each with TLS (smtps://,
 * imaps://, pop3s://, https://, and STARTTLS).  TLS certificates and
 * host names are always verified; cacert names a private CA.
 * Credentials: user and password when given, else ~/.netrc (libcurl's
 * netrc support); never logged, and never read from a URL: a URL
 * holding a password is refused.  Plain smtp://, imap:// and pop3://
 * must upgrade with STARTTLS unless the host is 127.0.0.1, ::1 or
 * localhost, where STARTTLS is tried only when starttls asks for it;
 * no credentials go over plain http:// to another host.  Only these
 * eight protocols are spoken.  get follows HTTP redirects (at most
 * 5) to http or https only (https only from https), judging each hop by
 * the same policy and sending credentials only to the origin of the URL
 * given; nothing else follows redirects.
 *
 * The functions are the slots of struct xfer_module, the table of
 * stackref-net.so (transport.c), called through XFER_MODULE.  Every
 * transfer returns 0, or -1 with x->err holding libcurl's message
 * (CURLOPT_ERRORBUFFER, else curl_easy_strerror) and the URL without
 * its credentials; the caller reports DIAG_TRANSFER (status 5).
 * Ownership: a struct xfer_buf's data is malloc'ed, freed with
 * xfer_buf_free.
 */
#ifndef STACKREF_MAIL_TRANSPORT_H
#define STACKREF_MAIL_TRANSPORT_H

#include <stddef.h>
#include <stdlib.h>

#include "base/module.h"

#define XFER_ERR 512

struct xfer {
	const char *user;         /* NULL: from the URL or ~/.netrc */
	const char *password;     /* NULL: from ~/.netrc, or none */
	const char *cacert;       /* PEM file of a private CA, or NULL */
	long timeout;             /* seconds for a whole transfer; 0: 60 */
	long connect_timeout;     /* seconds to connect; 0: 10 */
	char err[XFER_ERR];       /* set when a call fails */
	int starttls;             /* demand STARTTLS from this machine too */
	long code;                /* the server's last reply code (SMTP,
				   * HTTP...), 0 when none came */
};

struct xfer_buf {
	char *data;               /* NUL-terminated */
	size_t len;
};

/* What a URL is for, by its scheme. */
enum xfer_kind {
	XFER_KIND_NONE,           /* unreadable, or none of the eight */
	XFER_KIND_HTTP,           /* http, https */
	XFER_KIND_SMTP,           /* smtp, smtps */
	XFER_KIND_IMAP,           /* imap, imaps */
	XFER_KIND_POP3            /* pop3, pop3s */
};

#define XFER_VALIDATOR_MAX 256
#define XFER_STALE 1              /* put_version: the copy changed */

/* The version of an HTTP resource, as the server's answer gave it. */
struct xfer_version {
	int found;                          /* it exists (not 404) */
	char etag[XFER_VALIDATOR_MAX];      /* its strong ETag, or "" */
	char modified[XFER_VALIDATOR_MAX];  /* its Last-Modified, or "" */
};

/* The transfers: the table stackref-net.so exports (transport.c). */
struct xfer_module {
	/* The kind of url as libcurl reads its scheme (case-insensitive). */
	enum xfer_kind (*url_kind)(const char *url);

	/*
	 * Writes into buf (of size bytes) url as libcurl writes it back, its
	 * path replaced by path ("/INBOX"), or, when keep is set, only if it
	 * has none ("" or "/").  Returns 0, or -1 when url does not parse or
	 * does not fit.
	 */
	int (*url_path)(const char *url, const char *path, int keep,
	    char *buf, size_t size);

	/*
	 * Downloads url into out: an HTTP(S) GET (a status >= 400 fails), a
	 * POP3 RETR (pop3://host/N), an IMAP FETCH (imap://host/box;UID=N).
	 */
	int (*get)(struct xfer *x, const char *url, struct xfer_buf *out);

	/*
	 * An HTTP(S) GET of url into out, as get but following no redirect
	 * (one fails), that also fills v: a 404 is no failure (v->found 0,
	 * out "").
	 */
	int (*get_version)(struct xfer *x, const char *url,
	    struct xfer_buf *out, struct xfer_version *v);

	/*
	 * Uploads data[0..len) to url by an HTTP(S) PUT only if the resource is
	 * still at version v: If-None-Match: * when it was not found, else
	 * If-Match: its ETag, else If-Unmodified-Since: its Last-Modified (a
	 * version with neither fails).  Returns 0, XFER_STALE with x->err set
	 * when the server answers 412 Precondition Failed (the copy changed),
	 * or -1.
	 */
	int (*put_version)(struct xfer *x, const char *url, const char *data,
	    size_t len, const struct xfer_version *v);

	/* Uploads data[0..len) to url: an HTTP(S) PUT, or an IMAP APPEND to the
	 * mailbox the URL names (imap://host/Sent). */
	int (*put)(struct xfer *x, const char *url, const char *data,
	    size_t len);

	/* Sends the mail data[0..len) over SMTP(S) from the envelope sender
	 * from to the nrcpt addresses rcpt. */
	int (*send)(struct xfer *x, const char *url, const char *from,
	    const char *const *rcpt, size_t nrcpt, const char *data,
	    size_t len);

	/*
	 * Runs one IMAP or POP3 command (CURLOPT_CUSTOMREQUEST) on url and puts
	 * the server's untagged answer in out: "UID SEARCH UNKEYWORD Done",
	 * "UID STORE 7 +FLAGS (Done)", "UIDL", "DELE 3".
	 */
	int (*command)(struct xfer *x, const char *url,
	    const char *command, struct xfer_buf *out);

	/* Copies url into buf (of size bytes) without its user and password,
	 * for messages. */
	void (*url_clean)(const char *url, char *buf, size_t size);
};

/* The table, stackref-net.so loaded on first use (base/module.h). */
#define XFER_MODULE ((const struct xfer_module *)module_table(MODULE_NET))

/* Frees b's data and empties it. */
static inline void
xfer_buf_free(struct xfer_buf *b)
{
	free(b->data);
	b->data = NULL;
	b->len = 0;
}

#endif
