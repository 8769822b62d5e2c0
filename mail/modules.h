/*
 * modules.h - the table stackref-net.so exports (base/module.h):
 * transport.h, function by function (xfer_module, transport.c).  The
 * stubs the binary has in its place (xferload.c) call through it.
 * Private to mail/.
 */
#ifndef STACKREF_MAIL_MODULES_H
#define STACKREF_MAIL_MODULES_H

#include "mail/transport.h"

#define XFER_MODULE "xfer_module"     /* the table's symbol */

struct xfer_module {
	enum xfer_kind (*url_kind)(const char *url);
	int (*url_path)(const char *url, const char *path, int keep,
	    char *buf, size_t size);
	int (*get)(struct xfer *x, const char *url, struct xfer_buf *out);
	int (*get_version)(struct xfer *x, const char *url,
	    struct xfer_buf *out, struct xfer_version *v);
	int (*put_version)(struct xfer *x, const char *url, const char *data,
	    size_t len, const struct xfer_version *v);
	int (*put)(struct xfer *x, const char *url, const char *data,
	    size_t len);
	int (*send)(struct xfer *x, const char *url, const char *from,
	    const char *const *rcpt, size_t nrcpt, const char *data,
	    size_t len);
	int (*command)(struct xfer *x, const char *url, const char *command,
	    struct xfer_buf *out);
	void (*buf_free)(struct xfer_buf *b);
	void (*url_clean)(const char *url, char *buf, size_t size);
};

#endif
