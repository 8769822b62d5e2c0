/*
 * transport.h - moving bytes to and from mail and web servers.  The only
 * code of stackref that talks to the network, and the only one that
 * includes libcurl: SMTP, IMAP, POP3 and HTTP, each with TLS (smtps://,
 * imaps://, pop3s://, https://, and STARTTLS where the server offers
 * it).  TLS certificates and host names are always verified; cacert
 * names a private CA.  Credentials: user and password when given, else
 * ~/.netrc (libcurl's netrc support); never logged.  Plain smtp://,
 * imap:// and pop3:// must upgrade with STARTTLS unless the host is
 * 127.0.0.1, ::1 or localhost; no credentials go over plain http:// to
 * another host.  Only these eight protocols are spoken; HTTP redirects
 * go to http or https only (https only from https).
 *
 * Every function returns 0, or -1 with x->err holding libcurl's message
 * (CURLOPT_ERRORBUFFER, else curl_easy_strerror) and the URL without
 * its credentials; the caller reports DIAG_TRANSFER (status 5).
 * Ownership: a struct xfer_buf's data is malloc'ed, freed with
 * xfer_buf_free.
 */
#ifndef STACKREF_MAIL_TRANSPORT_H
#define STACKREF_MAIL_TRANSPORT_H

#include <stddef.h>

#define XFER_ERR 512

struct xfer {
	const char *user;         /* NULL: from the URL or ~/.netrc */
	const char *password;     /* NULL: from ~/.netrc, or none */
	const char *cacert;       /* PEM file of a private CA, or NULL */
	long timeout;             /* seconds for a whole transfer; 0: 60 */
	long connect_timeout;     /* seconds to connect; 0: 10 */
	char err[XFER_ERR];       /* set when a call fails */
	long code;                /* the server's last reply code (SMTP,
				   * HTTP...), 0 when none came */
};

struct xfer_buf {
	char *data;               /* NUL-terminated */
	size_t len;
};

/*
 * Downloads url into out: an HTTP(S) GET (a status >= 400 fails), a
 * POP3 RETR (pop3://host/N), an IMAP FETCH (imap://host/box;UID=N).
 */
int xfer_get(struct xfer *x, const char *url, struct xfer_buf *out);

/* Uploads data[0..len) to url: an HTTP(S) PUT, or an IMAP APPEND to the
 * mailbox the URL names (imap://host/Sent). */
int xfer_put(struct xfer *x, const char *url, const char *data,
    size_t len);

/* Sends the mail data[0..len) over SMTP(S) from the envelope sender
 * from to the nrcpt addresses rcpt. */
int xfer_send(struct xfer *x, const char *url, const char *from,
    const char *const *rcpt, size_t nrcpt, const char *data, size_t len);

/*
 * Runs one IMAP or POP3 command (CURLOPT_CUSTOMREQUEST) on url and puts
 * the server's untagged answer in out: "UID SEARCH UNKEYWORD Done",
 * "UID STORE 7 +FLAGS (Done)", "UIDL", "DELE 3".
 */
int xfer_command(struct xfer *x, const char *url, const char *command,
    struct xfer_buf *out);

void xfer_buf_free(struct xfer_buf *b);

/* Copies url into buf (of size bytes) without its user and password,
 * for messages. */
void xfer_url_clean(const char *url, char *buf, size_t size);

#endif
