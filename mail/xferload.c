/*
 * xferload.c - transport.h in the binary: each function calls its
 * namesake in stackref-net.so (transport.c talks through libcurl),
 * loaded on first use (base/module.h).
 */
#include "base/module.h"
#include "mail/modules.h"

/* The table of transport.c, in the module. */
static struct module_ref xfer_ref = { MODULE_NET, XFER_MODULE, NULL };

static const struct xfer_module *
xfer_loaded(void)
{
	return module_ref_table(&xfer_ref);
}

enum xfer_kind
xfer_url_kind(const char *url)
{
	return xfer_loaded()->url_kind(url);
}

int
xfer_url_path(const char *url, const char *path, int keep, char *buf,
    size_t size)
{
	return xfer_loaded()->url_path(url, path, keep, buf, size);
}

int
xfer_get(struct xfer *x, const char *url, struct xfer_buf *out)
{
	return xfer_loaded()->get(x, url, out);
}

int
xfer_get_version(struct xfer *x, const char *url, struct xfer_buf *out,
    struct xfer_version *v)
{
	return xfer_loaded()->get_version(x, url, out, v);
}

int
xfer_put_version(struct xfer *x, const char *url, const char *data,
    size_t len, const struct xfer_version *v)
{
	return xfer_loaded()->put_version(x, url, data, len, v);
}

int
xfer_put(struct xfer *x, const char *url, const char *data, size_t len)
{
	return xfer_loaded()->put(x, url, data, len);
}

int
xfer_send(struct xfer *x, const char *url, const char *from,
    const char *const *rcpt, size_t nrcpt, const char *data, size_t len)
{
	return xfer_loaded()->send(x, url, from, rcpt, nrcpt, data, len);
}

int
xfer_command(struct xfer *x, const char *url, const char *command,
    struct xfer_buf *out)
{
	return xfer_loaded()->command(x, url, command, out);
}

void
xfer_buf_free(struct xfer_buf *b)
{
	xfer_loaded()->buf_free(b);
}

void
xfer_url_clean(const char *url, char *buf, size_t size)
{
	xfer_loaded()->url_clean(url, buf, size);
}
