/*
 * deliver.c - `stackref referee --deliver` (service.h): the mail on
 * standard input, read to its end, its first REF_MAIL_MAX + 1 bytes
 * kept, put in the store's inbox.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "referee/run.h"
#include "referee/service.h"

/* Reads fd to its end into buf (size bytes: what does not fit is read
 * and dropped); the bytes kept into *len.  0, or -1 with errno set. */
static int
ref_read_all(int fd, char *buf, size_t size, size_t *len)
{
	char sink[65536];
	ssize_t got;

	*len = 0;
	for (;;) {
		if (*len < size)
			got = read(fd, buf + *len, size - *len);
		else
			got = read(fd, sink, sizeof(sink));
		if (got == 0)
			return 0;
		if (got == -1 && errno != EINTR)
			return -1;
		if (got > 0 && *len < size)
			*len += (size_t)got;
	}
}

int
ref_deliver(struct ref_store *st, int fd, time_t now, struct diag *d)
{
	size_t size = (size_t)REF_MAIL_MAX + 1, len;
	char *raw;
	int rc;

	if ((raw = malloc(size)) == NULL) {
		diag_report(d, DIAG_NOMEM, NULL);
		return -1;
	}
	if (ref_read_all(fd, raw, size, &len) == -1) {
		diag_report(d, DIAG_READ, DIAG_FILE("standard input"),
		    strerror(errno));
		rc = -1;
	} else
		rc = ref_store_put_mail(st, raw, len, now);
	free(raw);
	return rc;
}
