/*
 * authres.h - the Authentication-Results header field (RFC 8601): what
 * a mail server verified of a mail, and whether that verifies its From.
 *
 *     Authentication-Results: mx.example.org 1; dkim=pass (good)
 *         header.d=example.org header.s=sel; spf=none smtp.mailfrom=x.org
 *
 * Pure: no allocation, no I/O.  The field is untrusted input: reading
 * it is one pass over its bytes, comments nested to any depth cost no
 * stack, and every word read is bounded (AUTHRES_WORD, AUTHRES_VALUE,
 * AUTHRES_PROPS, AUTHRES_RESULTS); a field past a bound does not parse.
 * Ownership: the caller owns every buffer; a reader points into the
 * caller's text, which must outlive it.
 */
#ifndef STACKREF_MAIL_AUTHRES_H
#define STACKREF_MAIL_AUTHRES_H

#include <stddef.h>

#define AUTHRES_WORD 64       /* a method, result, ptype or property */
#define AUTHRES_VALUE 256     /* an authserv-id, a property's value */
#define AUTHRES_PROPS 8       /* properties of one result */
#define AUTHRES_RESULTS 32    /* results of one field */

/* A property of a result: "header.d=example.org". */
struct authres_prop {
	char ptype[AUTHRES_WORD];    /* lower case: "header" */
	char name[AUTHRES_WORD];     /* lower case: "d" */
	char value[AUTHRES_VALUE];   /* unquoted, as written */
};

/* One result (resinfo): "dkim=pass header.d=example.org". */
struct authres_result {
	char method[AUTHRES_WORD];   /* lower case, without its version */
	char result[AUTHRES_WORD];   /* lower case: "pass" */
	struct authres_prop prop[AUTHRES_PROPS];
	size_t nprop;
};

/* A cursor over one field's value. */
struct authres_reader {
	const char *p;               /* what is left to read */
	size_t nres;                 /* results read */
};

/* Whether id may be an authserv-id to look for: a token (RFC 2045) of
 * 1 to AUTHRES_VALUE - 1 bytes, as a host name is. */
int authres_id_ok(const char *id);

/*
 * Starts reading the field value v (unfolded): its authserv-id into id,
 * unquoted.  Returns 0, or -1 when v does not start as RFC 8601 says or
 * names a version other than 1.
 */
int authres_open(struct authres_reader *r, const char *v,
    char id[AUTHRES_VALUE]);

/*
 * Reads the next result into res: 1; 0 at the end of the field (after
 * the last result, or "none"); -1 when the rest does not parse (the
 * field is then to be ignored as a whole, RFC 8601 section 2.2); after
 * 0 or -1, 0 again.
 */
int authres_next(struct authres_reader *r, struct authres_result *res);

/*
 * Whether the mail raw[0..len) comes verified from the domain of its
 * From (1, else 0), by the mail server whose authserv-id is id (compared
 * exactly): the header holds exactly one From field, of exactly one
 * address, and exactly one Authentication-Results field with that id,
 * which parses whole and says one of
 *
 *     dmarc=pass  with header.from the From's domain;
 *     dkim=pass   with header.d or header.i aligned with it;
 *     spf=pass    with smtp.mailfrom aligned with it;
 *
 * aligned: the same domain, or the From's domain under it when it has
 * two labels or more (relaxed alignment, the organisational domain
 * approximated without the public suffix list).  Any other field is
 * ignored: a sender may add fields of any id, which the operator's
 * server must remove when they carry its own (RFC 8601 section 5).
 */
int authres_verified(const char *raw, size_t len, const char *id);

#endif
