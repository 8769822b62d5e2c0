/*
 * authres.c - the Authentication-Results header field, RFC 8601 section
 * 2.2 (see authres.h):
 *
 *     authres-payload = [CFWS] authserv-id [CFWS authres-version]
 *                       (no-result / 1*resinfo) [CFWS]
 *     resinfo    = [CFWS] ";" methodspec [CFWS reasonspec]
 *                  [CFWS 1*propspec]
 *     methodspec = [CFWS] method [CFWS] "=" [CFWS] result
 *     reasonspec = "reason" [CFWS] "=" [CFWS] value
 *     propspec   = ptype [CFWS] "." [CFWS] property [CFWS] "=" pvalue
 *
 * read by a cursor that only moves forward.  A trailing ";" is
 * tolerated; anything else off the grammar ends the field unread.
 */
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "mail/authres.h"
#include "mail/message.h"

#define FROM_MAX 1024         /* the From field read */

static int
is_blank(int ch)
{
	return ch == ' ' || ch == '\t' || ch == '\r' || ch == '\n';
}

static int
is_ldh(int ch)
{
	return (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') ||
	    (ch >= '0' && ch <= '9') || ch == '-' || ch == '_';
}

/* A byte of an RFC 2045 token. */
static int
is_token(int ch)
{
	return ch > 0x20 && ch < 0x7f && strchr("()<>@,;:\\\"/[]?=", ch) == NULL;
}

/* A byte of an unquoted property value (a token, an address, a domain,
 * UTF-8 as RFC 8616 allows). */
static int
is_pchar(int ch)
{
	return ch > 0x20 && ch != 0x7f && strchr(";()\"\\", ch) == NULL;
}

/* Appends ch to buf (size bytes, *n used, kept NUL-terminated); -1 when
 * full. */
static int
put(char *buf, size_t size, size_t *n, int ch)
{
	if (*n + 1 >= size)
		return -1;
	buf[(*n)++] = (char)ch;
	buf[*n] = '\0';
	return 0;
}

/* Skips blanks and comments, nested to any depth, with their quoted
 * pairs; -1 when a comment does not end. */
static int
cfws(const char **pp)
{
	const char *p = *pp;
	size_t depth = 0;

	for (; *p != '\0'; p++) {
		if (depth == 0 && !is_blank((unsigned char)*p) && *p != '(')
			break;
		if (*p == '(')
			depth++;
		else if (*p == ')' && depth > 0)
			depth--;
		else if (*p == '\\' && depth > 0 && p[1] != '\0')
			p++;
	}
	*pp = p;
	return depth == 0 ? 0 : -1;
}

/* A Keyword (letters, digits, '-', '_'), lower case, into buf. */
static int
keyword(const char **pp, char buf[AUTHRES_WORD])
{
	const char *p = *pp;
	size_t n = 0;

	buf[0] = '\0';
	for (; is_ldh((unsigned char)*p); p++)
		if (put(buf, AUTHRES_WORD, &n, (*p >= 'A' && *p <= 'Z') ?
		    *p - 'A' + 'a' : *p) == -1)
			return -1;
	*pp = p;
	return n > 0 ? 0 : -1;
}

/* A quoted string, unquoted, appended to buf. */
static int
quoted(const char **pp, char *buf, size_t size, size_t *n)
{
	const char *p = *pp + 1;

	for (; *p != '"'; p++) {
		if (*p == '\\' && p[1] != '\0')
			p++;
		if (*p == '\0' || put(buf, size, n, (unsigned char)*p) == -1)
			return -1;
	}
	*pp = p + 1;
	return 0;
}

/* A run of the bytes ok takes, appended to buf; -1 when empty. */
static int
run(const char **pp, int (*ok)(int), char *buf, size_t size, size_t *n)
{
	const char *p = *pp;

	for (; *p != '\0' && ok((unsigned char)*p); p++)
		if (put(buf, size, n, (unsigned char)*p) == -1)
			return -1;
	if (p == *pp)
		return -1;
	*pp = p;
	return 0;
}

/* A value (RFC 2045: a token or a quoted string), unquoted, into buf. */
static int
value(const char **pp, char *buf, size_t size)
{
	size_t n = 0;

	buf[0] = '\0';
	if (**pp == '"')
		return quoted(pp, buf, size, &n);
	return run(pp, is_token, buf, size, &n);
}

/* A property's value: a quoted string, then "@domain" when it is a
 * local-part; or an unquoted run (a token, an address, a domain). */
static int
pvalue(const char **pp, char buf[AUTHRES_VALUE])
{
	size_t n = 0;

	buf[0] = '\0';
	if (**pp != '"')
		return run(pp, is_pchar, buf, AUTHRES_VALUE, &n);
	if (quoted(pp, buf, AUTHRES_VALUE, &n) == -1)
		return -1;
	if (**pp != '@')
		return 0;
	return run(pp, is_pchar, buf, AUTHRES_VALUE, &n);
}

/* Skips ch after blanks and comments, and those after it; -1 when it
 * is not there. */
static int
expect(const char **pp, int ch)
{
	if (cfws(pp) == -1 || **pp != ch)
		return -1;
	(*pp)++;
	return cfws(pp);
}

/* "1" after optional zeros, the only version there is; others (and
 * numbers that go on) are refused. */
static int
version(const char **pp)
{
	const char *p = *pp;

	while (*p == '0')
		p++;
	if (*p != '1' || (p[1] >= '0' && p[1] <= '9'))
		return -1;
	*pp = p + 1;
	return cfws(pp);
}

int
authres_id_ok(const char *id)
{
	const char *p = id;
	char buf[AUTHRES_VALUE];

	return *p != '"' && value(&p, buf, sizeof(buf)) == 0 && *p == '\0';
}

int
authres_open(struct authres_reader *r, const char *v,
    char id[AUTHRES_VALUE])
{
	const char *p = v;

	r->p = "";
	r->nres = 0;
	id[0] = '\0';
	if (cfws(&p) == -1 || value(&p, id, AUTHRES_VALUE) == -1 ||
	    cfws(&p) == -1)
		return -1;
	if (*p >= '0' && *p <= '9' && version(&p) == -1)
		return -1;
	if (*p != ';' && *p != '\0')
		return -1;
	r->p = p;
	return 0;
}

/* The methodspec whose method word m was read already: its version
 * dropped, "=", its result. */
static int
methodspec(const char **pp, struct authres_result *res)
{
	char ver[AUTHRES_WORD];

	if (cfws(pp) == -1)
		return -1;
	if (**pp == '/' && (expect(pp, '/') == -1 || keyword(pp, ver) == -1))
		return -1;
	return expect(pp, '=') == -1 ? -1 : keyword(pp, res->result);
}

/* A reasonspec or a propspec, its first word k read already. */
static int
spec(const char **pp, const char *k, struct authres_result *res)
{
	struct authres_prop *pr;
	char skip[AUTHRES_VALUE];

	if (cfws(pp) == -1)
		return -1;
	if (**pp == '=' && strcmp(k, "reason") == 0)
		return expect(pp, '=') == -1 ? -1 :
		    value(pp, skip, sizeof(skip));
	if (res->nprop == AUTHRES_PROPS)
		return -1;
	pr = &res->prop[res->nprop];
	snprintf(pr->ptype, sizeof(pr->ptype), "%s", k);
	if (expect(pp, '.') == -1 || keyword(pp, pr->name) == -1 ||
	    expect(pp, '=') == -1 || pvalue(pp, pr->value) == -1)
		return -1;
	res->nprop++;
	return 0;
}

/* The rest of a resinfo after its method: reason and properties up to
 * the next ";" or the end. */
static int
resinfo(const char **pp, struct authres_result *res)
{
	char k[AUTHRES_WORD];

	if (methodspec(pp, res) == -1)
		return -1;
	for (;;) {
		if (cfws(pp) == -1)
			return -1;
		if (**pp == ';' || **pp == '\0')
			return 0;
		if (keyword(pp, k) == -1 || spec(pp, k, res) == -1)
			return -1;
	}
}

int
authres_next(struct authres_reader *r, struct authres_result *res)
{
	const char *p = r->p;

	res->method[0] = res->result[0] = '\0';
	res->nprop = 0;
	if (*p == '\0')
		return 0;
	p++;
	r->p = "";
	if (cfws(&p) == -1)
		return -1;
	if (*p == '\0')
		return 0;
	if (keyword(&p, res->method) == -1)
		return -1;
	if (r->nres == 0 && strcmp(res->method, "none") == 0 &&
	    cfws(&p) == 0 && *p == '\0')
		return 0;
	if (++r->nres > AUTHRES_RESULTS || resinfo(&p, res) == -1)
		return -1;
	r->p = p;
	return 1;
}

/* ---- whether a mail's From is verified ---- */

/* Whether domain d is aligned with the From's domain from: the same, or
 * from under d when d has two labels or more. */
static int
aligned(const char *d, const char *from)
{
	size_t nd = strlen(d), nf = strlen(from);

	if (nd == 0 || d[0] == '.')
		return 0;
	if (strcasecmp(d, from) == 0)
		return 1;
	return strchr(d, '.') != NULL && nf > nd + 1 &&
	    from[nf - nd - 1] == '.' && strcasecmp(from + nf - nd, d) == 0;
}

/* The domain of an address or a domain alone: past its last '@'. */
static const char *
domain_of(const char *v)
{
	const char *at = strrchr(v, '@');

	return at != NULL ? at + 1 : v;
}

/* The value of property ptype.name of res, or NULL. */
static const char *
prop(const struct authres_result *res, const char *ptype, const char *name)
{
	size_t i;

	for (i = 0; i < res->nprop; i++)
		if (strcmp(res->prop[i].ptype, ptype) == 0 &&
		    strcmp(res->prop[i].name, name) == 0)
			return res->prop[i].value;
	return NULL;
}

/* Whether res is a pass that verifies the From's domain from. */
static int
passes(const struct authres_result *res, const char *from)
{
	const char *v;

	if (strcmp(res->result, "pass") != 0)
		return 0;
	if (strcmp(res->method, "dmarc") == 0)
		return (v = prop(res, "header", "from")) != NULL &&
		    strcasecmp(v, from) == 0;
	if (strcmp(res->method, "dkim") == 0)
		return ((v = prop(res, "header", "d")) != NULL &&
		    aligned(v, from)) || ((v = prop(res, "header", "i")) !=
		    NULL && aligned(domain_of(v), from));
	if (strcmp(res->method, "spf") == 0)
		return (v = prop(res, "smtp", "mailfrom")) != NULL &&
		    aligned(domain_of(v), from);
	return 0;
}

/* What authres_verified finds in the header. */
struct verify {
	const char *id;
	size_t nfrom;                /* From fields */
	char from[FROM_MAX];         /* the first one, "" when too long */
	const char *domain;          /* its address's domain, once known */
	size_t nours;                /* fields of the authserv-id */
	int pass;                    /* one of them verifies domain */
};

/* Whether the From value v names one mailbox at most: outside quotes
 * and comments no list or group separator, one '<' at most
 * (mail_address would take the last of "<a@x>, <b@y>"). */
static int
one_mailbox(const char *v)
{
	size_t depth = 0, nangle = 0;
	int q = 0;

	for (; *v != '\0'; v++) {
		if ((q || depth > 0) && *v == '\\' && v[1] != '\0')
			v++;
		else if (depth == 0 && *v == '"')
			q = !q;
		else if (!q && *v == '(')
			depth++;
		else if (!q && *v == ')' && depth > 0)
			depth--;
		else if (!q && depth == 0 && (strchr(",;:", *v) != NULL ||
		    (*v == '<' && nangle++ > 0)))
			return 0;
	}
	return 1;
}

/* Pass 1: the From fields. */
static void
verify_from(void *ctx, const char *name, const char *v)
{
	struct verify *w = ctx;

	if (strcasecmp(name, "from") == 0 && w->nfrom++ == 0 &&
	    strlen(v) < sizeof(w->from))
		memcpy(w->from, v, strlen(v) + 1);
}

/* Pass 2: the Authentication-Results fields of the authserv-id. */
static void
verify_ours(void *ctx, const char *name, const char *v)
{
	struct verify *w = ctx;
	struct authres_reader r;
	struct authres_result res;
	char id[AUTHRES_VALUE];
	int rc, pass = 0;

	if (strcasecmp(name, "authentication-results") != 0 ||
	    authres_open(&r, v, id) == -1 || strcmp(id, w->id) != 0)
		return;
	w->nours++;
	while ((rc = authres_next(&r, &res)) == 1)
		pass |= passes(&res, w->domain);
	w->pass |= rc == 0 && pass;
}

int
authres_verified(const char *raw, size_t len, const char *id)
{
	struct verify w;
	char addr[MAIL_ADDR_MAX];
	const char *why;

	memset(&w, 0, sizeof(w));
	w.id = id;
	if (id == NULL || id[0] == '\0' ||
	    mail_fields(raw, len, verify_from, &w, &why) == -1 ||
	    w.nfrom != 1 || !one_mailbox(w.from) ||
	    mail_address(w.from, addr, NULL, 0) == -1)
		return 0;
	w.domain = domain_of(addr);
	if (w.domain == addr || w.domain[0] == '\0' ||
	    mail_fields(raw, len, verify_ours, &w, &why) == -1)
		return 0;
	return w.nours == 1 && w.pass;
}
