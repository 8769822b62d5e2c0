/*
 * message.c - mail as text: composing and parsing (see message.h).
 * Pure functions: no I/O, no clock, no randomness, no globals.
 *
 * Composing writes CRLF line ends and folds headers within 78 columns;
 * non-ASCII names and subjects become RFC 2047 B-encoded words, file
 * names RFC 2231 parameters; the text is 7bit when it is plain short
 * ASCII lines, quoted-printable otherwise; attachments are base64.
 *
 * Parsing accepts CRLF and LF line ends.  The MIME tree is walked with an
 * explicit stack of at most MAIL_DEPTH_MAX multiparts (deeper nesting
 * refuses the mail); a message/rfc822 part is kept as one leaf part
 * holding the forwarded message as it is.  Line breaks of 7bit, 8bit
 * and quoted-printable bodies come out as LF; base64 bodies byte for
 * byte.  The text, the decoded header fields and file names are UTF-8,
 * converted by iconv(3) from the charset they name (see "charsets"
 * below).  A text/plain part with a file name or an attachment
 * disposition is a part, not the text.
 */
#include <ctype.h>
#include <errno.h>
#include <iconv.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "mail/message.h"

#define HDR_MAX 16384       /* an unfolded header field */
#define HDR_NAME_MAX 128    /* a header field name */
#define BND_MAX 200         /* a MIME boundary (RFC 2046 says 70) */
#define ENT_MAX 4096        /* MIME entities walked */
#define EW_BYTES 36         /* bytes of text in one encoded word */
#define FOLD_COL 78         /* header lines are folded before this */
#define PARAM_SEGS 64       /* RFC 2231 continuations read */
#define FNAME_MAX 255       /* bytes of a file name composed */

/* A growing NUL-terminated byte buffer; oom is sticky. */
struct mbuf {
	char *p;
	size_t len, cap;
	int oom;
};

static void
mb_add(struct mbuf *b, const char *s, size_t n)
{
	size_t cap;
	char *np;

	if (b->oom)
		return;
	if (b->cap - b->len <= n) {
		cap = b->cap == 0 ? 256 : b->cap;
		while (cap - b->len <= n) {
			if (cap > SIZE_MAX / 2) {
				b->oom = 1;
				return;
			}
			cap *= 2;
		}
		if ((np = realloc(b->p, cap)) == NULL) {
			b->oom = 1;
			return;
		}
		b->p = np;
		b->cap = cap;
	}
	memcpy(b->p + b->len, s, n);
	b->len += n;
	b->p[b->len] = '\0';
}

static void
mb_puts(struct mbuf *b, const char *s)
{
	mb_add(b, s, strlen(s));
}

static void
mb_putc(struct mbuf *b, int ch)
{
	char c = (char)ch;

	mb_add(b, &c, 1);
}

/* Empties b, keeping its memory. */
static void
mb_clear(struct mbuf *b)
{
	b->len = 0;
	if (b->p != NULL)
		b->p[0] = '\0';
}

static void
mb_free(struct mbuf *b)
{
	free(b->p);
	memset(b, 0, sizeof(*b));
}

/* Hands the text over (never NULL unless out of memory). */
static char *
mb_take(struct mbuf *b)
{
	char *s;

	if (b->oom) {
		mb_free(b);
		return NULL;
	}
	s = b->p != NULL ? b->p : strdup("");
	memset(b, 0, sizeof(*b));
	return s;
}

static int
is_wsp(int ch)
{
	return ch == ' ' || ch == '\t';
}

static int
hexval(int ch)
{
	if (ch >= '0' && ch <= '9')
		return ch - '0';
	if (ch >= 'A' && ch <= 'F')
		return ch - 'A' + 10;
	if (ch >= 'a' && ch <= 'f')
		return ch - 'a' + 10;
	return -1;
}

static int
has_ctl(const char *s)
{
	for (; *s != '\0'; s++)
		if (((unsigned char)*s < 0x20 && *s != '\t') || *s == 0x7f)
			return 1;
	return 0;
}

static int
is_ascii_print(const char *s)
{
	for (; *s != '\0'; s++)
		if ((unsigned char)*s < 0x20 || (unsigned char)*s > 0x7e)
			return 0;
	return 1;
}

/* ---- addresses and Message-IDs ---- */

static int
addr_ok(const char *a, size_t n)
{
	const char *at = NULL;
	size_t i;

	if (n == 0 || n >= MAIL_ADDR_MAX)
		return 0;
	for (i = 0; i < n; i++) {
		if ((unsigned char)a[i] <= 0x20 || a[i] == 0x7f ||
		    strchr("<>()[],;:\\\"", a[i]) != NULL)
			return 0;
		if (a[i] == '@') {
			if (at != NULL)
				return 0;
			at = a + i;
		}
	}
	return at != NULL && at != a && at != a + n - 1;
}

/* The '<' that opens the address, outside quotes, or NULL. */
static const char *
angle_open(const char *s)
{
	const char *lt = NULL;
	int q = 0;

	for (; *s != '\0'; s++) {
		if (q && *s == '\\' && s[1] != '\0')
			s++;
		else if (*s == '"')
			q = !q;
		else if (!q && *s == '<')
			lt = s;
	}
	return lt;
}

/* Copies the display name s[0..n) into name, unquoted and trimmed,
 * cut at a UTF-8 character boundary when it does not fit. */
static void
name_copy(const char *s, size_t n, char *name, size_t nsize)
{
	size_t i, o = 0;
	int q = 0;

	while (n > 0 && is_wsp((unsigned char)*s))
		s++, n--;
	while (n > 0 && is_wsp((unsigned char)s[n - 1]))
		n--;
	for (i = 0; i < n && o + 1 < nsize; i++) {
		if (s[i] == '"') {
			q = !q;
			continue;
		}
		if (q && s[i] == '\\' && i + 1 < n)
			i++;
		name[o++] = s[i];
	}
	if (i < n && ((unsigned char)s[i] & 0xc0) == 0x80) {
		while (o > 0 && ((unsigned char)name[o - 1] & 0xc0) == 0x80)
			o--;
		if (o > 0 && (unsigned char)name[o - 1] >= 0xc0)
			o--;
	}
	if (nsize > 0)
		name[o] = '\0';
}

static int
addr_copy(const char *a, size_t n, char addr[MAIL_ADDR_MAX])
{
	while (n > 0 && is_wsp((unsigned char)*a))
		a++, n--;
	while (n > 0 && is_wsp((unsigned char)a[n - 1]))
		n--;
	if (!addr_ok(a, n))
		return -1;
	memcpy(addr, a, n);
	addr[n] = '\0';
	return 0;
}

int
mail_address(const char *s, char addr[MAIL_ADDR_MAX], char *name,
    size_t nsize)
{
	const char *lt, *gt, *p;

	if (name != NULL && nsize > 0)
		name[0] = '\0';
	if (name == NULL)
		nsize = 0;
	if ((lt = angle_open(s)) != NULL) {
		if ((gt = strchr(lt, '>')) == NULL)
			return -1;
		for (p = gt + 1; is_wsp((unsigned char)*p); p++)
			continue;
		if (*p != '\0' || addr_copy(lt + 1, gt - lt - 1, addr) == -1)
			return -1;
		name_copy(s, lt - s, name, nsize);
		return 0;
	}
	if ((p = strchr(s, '(')) != NULL && (gt = strrchr(p, ')')) != NULL) {
		if (addr_copy(s, p - s, addr) == -1)
			return -1;
		name_copy(p + 1, gt - p - 1, name, nsize);
		return 0;
	}
	return addr_copy(s, strlen(s), addr);
}

static int
host_ok(const char *d)
{
	size_t i, label = 0, n = strlen(d);

	if (n == 0 || n > 253)
		return 0;
	for (i = 0; i < n; i++) {
		if (d[i] == '.') {
			if (label == 0 || d[i - 1] == '-')
				return 0;
			label = 0;
		} else if (isalnum((unsigned char)d[i]) ||
		    (d[i] == '-' && label > 0)) {
			if (++label > 63)
				return 0;
		} else
			return 0;
	}
	return label > 0 && d[n - 1] != '-';
}

int
mail_message_id(char *buf, size_t size, const unsigned char rnd[16],
    time_t t, const char *domain)
{
	char hex[33];
	size_t i;
	int n;

	if (!host_ok(domain))
		return -1;
	for (i = 0; i < 16; i++)
		snprintf(hex + 2 * i, 3, "%02x", rnd[i]);
	n = snprintf(buf, size, "<%s.%llx@%s>", hex,
	    (unsigned long long)t, domain);
	if (n < 0 || (size_t)n >= size) {
		if (size > 0)
			buf[0] = '\0';
		return -1;
	}
	return n;
}

/* ---- composing: headers ---- */

/* Writes t as "Sat, 21 Nov 2026 09:58:03 +0000" (proleptic Gregorian). */
static void
date_text(time_t t, char out[64])
{
	static const char *const wd[] = { "Thu", "Fri", "Sat", "Sun", "Mon",
	    "Tue", "Wed" };
	static const char *const mon[] = { "Jan", "Feb", "Mar", "Apr", "May",
	    "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec" };
	long long s = (long long)t, days = s / 86400, rem = s % 86400;
	long long z, era, doe, yoe, y, doy, mp, d, mo;

	if (rem < 0)
		rem += 86400, days--;
	z = days + 719468;
	era = (z >= 0 ? z : z - 146096) / 146097;
	doe = z - era * 146097;
	yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
	doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
	mp = (5 * doy + 2) / 153;
	d = doy - (153 * mp + 2) / 5 + 1;
	mo = mp < 10 ? mp + 3 : mp - 9;
	y = yoe + era * 400 + (mo <= 2);
	snprintf(out, 64, "%s, %lld %s %04lld %02lld:%02lld:%02lld +0000",
	    wd[((days % 7) + 7) % 7], d, mon[mo - 1], y, rem / 3600,
	    rem / 60 % 60, rem % 60);
}

/* A header being written: tokens are folded before FOLD_COL. */
struct hdr_out {
	struct mbuf *b;
	size_t col;
	size_t ntok;
};

static void
hdr_begin(struct hdr_out *h, struct mbuf *b, const char *name)
{
	h->b = b;
	h->ntok = 0;
	mb_puts(b, name);
	mb_putc(b, ':');
	h->col = strlen(name) + 1;
}

static void
hdr_token(struct hdr_out *h, const char *s, size_t n)
{
	if (h->ntok > 0 && h->col + 1 + n > FOLD_COL) {
		mb_add(h->b, "\r\n ", 3);
		h->col = 1;
	} else {
		mb_putc(h->b, ' ');
		h->col++;
	}
	mb_add(h->b, s, n);
	h->col += n;
	h->ntok++;
}

static void
hdr_end(struct hdr_out *h)
{
	mb_add(h->b, "\r\n", 2);
}

static void
hdr_line(struct mbuf *b, const char *name, const char *value)
{
	struct hdr_out h;

	hdr_begin(&h, b, name);
	hdr_token(&h, value, strlen(value));
	hdr_end(&h);
}

static const char b64chars[] =
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

static void
b64_group(struct mbuf *b, const unsigned char *s, size_t n)
{
	char o[4];
	unsigned long v;

	v = (unsigned long)s[0] << 16;
	if (n > 1)
		v |= (unsigned long)s[1] << 8;
	if (n > 2)
		v |= s[2];
	o[0] = b64chars[v >> 18 & 63];
	o[1] = b64chars[v >> 12 & 63];
	o[2] = n > 1 ? b64chars[v >> 6 & 63] : '=';
	o[3] = n > 2 ? b64chars[v & 63] : '=';
	mb_add(b, o, 4);
}

static void
b64_encode(struct mbuf *b, const char *s, size_t n)
{
	size_t i;

	for (i = 0; i < n; i += 3)
		b64_group(b, (const unsigned char *)s + i, n - i > 3 ? 3 :
		    n - i);
}

/* Writes s as RFC 2047 B-encoded words of at most EW_BYTES bytes each,
 * never splitting a UTF-8 sequence. */
static void
ew_tokens(struct hdr_out *h, const char *s)
{
	struct mbuf w = { 0 };
	size_t n, len = strlen(s);

	while (len > 0) {
		n = len > EW_BYTES ? EW_BYTES : len;
		while (n < len && n > 1 && ((unsigned char)s[n] & 0xc0) == 0x80)
			n--;
		w.len = 0;
		mb_puts(&w, "=?UTF-8?B?");
		b64_encode(&w, s, n);
		mb_puts(&w, "?=");
		if (!w.oom)
			hdr_token(h, w.p, w.len);
		s += n, len -= n;
	}
	h->b->oom |= w.oom;
	mb_free(&w);
}

/* A subject that can go as it is: printable ASCII words separated by
 * single blanks, none too long to fold, nothing looking encoded. */
static int
subject_plain(const char *s)
{
	size_t word = 0;

	if (*s == ' ' || !is_ascii_print(s) || strstr(s, "=?") != NULL)
		return 0;
	for (; *s != '\0'; s++) {
		if (*s != ' ')
			word++;
		else if (word == 0 || s[1] == '\0')
			return 0;
		else
			word = 0;
		if (word > 70)
			return 0;
	}
	return 1;
}

static void
hdr_subject(struct mbuf *b, const char *s)
{
	struct hdr_out h;
	const char *sp;

	hdr_begin(&h, b, "Subject");
	if (*s == '\0')
		;
	else if (subject_plain(s)) {
		while ((sp = strchr(s, ' ')) != NULL) {
			hdr_token(&h, s, sp - s);
			s = sp + 1;
		}
		hdr_token(&h, s, strlen(s));
	} else
		ew_tokens(&h, s);
	hdr_end(&h);
}

static int
name_plain(const char *s)
{
	return is_ascii_print(s) && strlen(s) <= 60 &&
	    strstr(s, "=?") == NULL;
}

/* Adds "Name <addr>" (sep appended) as tokens of header h. */
static int
hdr_mailbox(struct hdr_out *h, const char *s, const char *sep)
{
	char addr[MAIL_ADDR_MAX + 3], name[1024];
	struct mbuf q = { 0 };
	const char *p;

	if (mail_address(s, addr + 1, name, sizeof(name)) == -1)
		return -1;
	if (name_plain(name) && name[0] != '\0') {
		mb_putc(&q, '"');
		for (p = name; *p != '\0'; p++) {
			if (*p == '"' || *p == '\\')
				mb_putc(&q, '\\');
			mb_putc(&q, *p);
		}
		mb_putc(&q, '"');
		if (!q.oom)
			hdr_token(h, q.p, q.len);
		h->b->oom |= q.oom;
		mb_free(&q);
	} else if (name[0] != '\0')
		ew_tokens(h, name);
	addr[0] = '<';
	snprintf(addr + strlen(addr), 3, ">%s", sep);
	hdr_token(h, addr, strlen(addr));
	return 0;
}

static int
hdr_mailboxes(struct mbuf *b, const char *field, const char *const *v,
    size_t n)
{
	struct hdr_out h;
	size_t i;

	hdr_begin(&h, b, field);
	for (i = 0; i < n; i++)
		if (hdr_mailbox(&h, v[i], i + 1 < n ? "," : "") == -1)
			return -1;
	hdr_end(&h);
	return 0;
}

/* "<id-left@id-right>" ('@' optional unless at): no blanks, controls
 * or inner angle brackets, at most 250 bytes. */
static int
msgid_ok(const char *s, int at)
{
	size_t n = strlen(s);

	if (n < 3 || n > 250 || s[0] != '<' || s[n - 1] != '>' ||
	    (at && strchr(s, '@') == NULL))
		return 0;
	for (s++, n -= 2; n > 0; s++, n--)
		if ((unsigned char)*s <= 0x20 || *s == 0x7f || *s == '<' ||
		    *s == '>')
			return 0;
	return 1;
}

/* A Content-ID without its angle brackets: "left@right", printable
 * ASCII without blanks, quotes or brackets, at most 64 bytes (its
 * header line then fits in 78 columns). */
static int
cid_ok(const char *s)
{
	size_t n = strlen(s);

	if (n < 3 || n > 64 || strchr(s, '@') == NULL || *s == '@' ||
	    s[n - 1] == '@')
		return 0;
	for (; *s != '\0'; s++)
		if ((unsigned char)*s <= 0x20 || (unsigned char)*s >= 0x7f ||
		    strchr("<>\"\\()[],;:", *s) != NULL)
			return 0;
	return 1;
}

/* A media type "token/token". */
static int
type_ok(const char *t)
{
	const char *slash = strchr(t, '/');

	if (slash == NULL || slash == t || slash[1] == '\0' ||
	    strlen(t) > 127)
		return 0;
	for (; *t != '\0'; t++)
		if ((unsigned char)*t <= 0x20 || (unsigned char)*t >= 0x7f ||
		    (strchr("()<>@,;:\\\"[]?=", *t) != NULL) ||
		    (*t == '/' && t != slash))
			return 0;
	return 1;
}

static int
check_att(const struct mail_attachment *a, const char **why)
{
	if (a->filename != NULL && has_ctl(a->filename)) {
		*why = "a file name holds a control character";
		return -1;
	}
	if (a->filename != NULL && strlen(a->filename) > FNAME_MAX) {
		*why = "a file name is longer than 255 bytes";
		return -1;
	}
	if (a->type != NULL && !type_ok(a->type)) {
		*why = "an attachment's media type is not TYPE/SUBTYPE";
		return -1;
	}
	if (a->data == NULL && a->len > 0) {
		*why = "an attachment has no data";
		return -1;
	}
	if (a->cid != NULL && !cid_ok(a->cid)) {
		*why = "a Content-ID is not left@right";
		return -1;
	}
	return 0;
}

/* The HTML alternative and the parts it shows. */
static int
check_html(const struct mail_out *m, const char **why)
{
	size_t i;

	if (m->ninl > 0 && m->html == NULL) {
		*why = "inline parts without an HTML part";
		return -1;
	}
	for (i = 0; i < m->ninl; i++) {
		if (m->inl[i].cid == NULL) {
			*why = "an inline part has no Content-ID";
			return -1;
		}
		if (check_att(&m->inl[i], why) == -1)
			return -1;
	}
	return 0;
}

static int
check_out(const struct mail_out *m, const char **why)
{
	size_t i;

	*why = "a header holds a line break or control character";
	if (m->from == NULL || m->to == NULL || m->nto == 0 ||
	    m->message_id == NULL) {
		*why = "From, To and Message-ID are required";
		return -1;
	}
	if (has_ctl(m->from) || (m->subject != NULL && has_ctl(m->subject)) ||
	    (m->auto_submitted != NULL && has_ctl(m->auto_submitted)))
		return -1;
	for (i = 0; i < m->nto; i++)
		if (m->to[i] == NULL || has_ctl(m->to[i]))
			return -1;
	if (has_ctl(m->message_id) || (m->in_reply_to != NULL &&
	    has_ctl(m->in_reply_to)))
		return -1;
	*why = "a Message-ID is not <left@right>";
	if (!msgid_ok(m->message_id, 1) || (m->in_reply_to != NULL &&
	    !msgid_ok(m->in_reply_to, 0)))
		return -1;
	for (i = 0; i < m->natt; i++)
		if (check_att(&m->att[i], why) == -1)
			return -1;
	return check_html(m, why);
}

static int
write_headers(struct mbuf *b, const struct mail_out *m, const char **why)
{
	char date[64];

	date_text(m->date, date);
	hdr_line(b, "Date", date);
	*why = "an address does not parse";
	if (hdr_mailboxes(b, "From", &m->from, 1) == -1 ||
	    hdr_mailboxes(b, "To", m->to, m->nto) == -1)
		return -1;
	hdr_subject(b, m->subject != NULL ? m->subject : "");
	hdr_line(b, "Message-ID", m->message_id);
	if (m->in_reply_to != NULL) {
		hdr_line(b, "In-Reply-To", m->in_reply_to);
		hdr_line(b, "References", m->in_reply_to);
	}
	if (m->auto_submitted != NULL)
		hdr_line(b, "Auto-Submitted", m->auto_submitted);
	hdr_line(b, "MIME-Version", "1.0");
	return 0;
}

/* ---- composing: bodies ---- */

/* A text that can go as 7bit: short printable ASCII lines ending in LF,
 * none starting with "From " or '.', none ending in a blank. */
static int
text_plain(const char *s)
{
	size_t col = 0;

	if (*s == '\0' || s[strlen(s) - 1] != '\n')
		return 0;
	for (; *s != '\0'; s++) {
		if (*s == '\n') {
			if (col > 0 && is_wsp((unsigned char)s[-1]))
				return 0;
			col = 0;
			continue;
		}
		if (((unsigned char)*s < 0x20 && *s != '\t') ||
		    (unsigned char)*s > 0x7e || ++col > 76)
			return 0;
		if (col == 1 && (*s == '.' || strncmp(s, "From ", 5) == 0))
			return 0;
	}
	return 1;
}

static void
text_7bit(struct mbuf *b, const char *s)
{
	const char *nl;

	while ((nl = strchr(s, '\n')) != NULL) {
		mb_add(b, s, nl - s);
		mb_add(b, "\r\n", 2);
		s = nl + 1;
	}
}

/* Whether byte i of line s[0..n) at output column col goes literally. */
static int
qp_literal(const char *s, size_t n, size_t i, size_t col)
{
	unsigned char ch = (unsigned char)s[i];

	if (col == 0 && (ch == '.' || (ch == 'F' && n - i >= 5 &&
	    memcmp(s + i, "From ", 5) == 0)))
		return 0;
	if (ch == ' ' || ch == '\t')
		return i + 1 < n;
	return ch >= 33 && ch <= 126 && ch != '=';
}

/* One line of text, without its line break, quoted-printable. */
static void
qp_line(struct mbuf *b, const char *s, size_t n)
{
	static const char hex[] = "0123456789ABCDEF";
	size_t i, col = 0;
	char e[3];
	int lit;

	for (i = 0; i < n; i++) {
		lit = qp_literal(s, n, i, col);
		if (col + (lit ? 1 : 3) > 75) {
			mb_add(b, "=\r\n", 3);
			col = 0;
			lit = qp_literal(s, n, i, col);
		}
		if (lit) {
			mb_putc(b, s[i]);
			col++;
		} else {
			e[0] = '=';
			e[1] = hex[(unsigned char)s[i] >> 4];
			e[2] = hex[(unsigned char)s[i] & 15];
			mb_add(b, e, 3);
			col += 3;
		}
	}
}

/* The text quoted-printable; LF and CRLF are line breaks; a text not
 * ending in one ends with a soft line break. */
static void
text_qp(struct mbuf *b, const char *s)
{
	const char *nl;
	size_t n;

	const char *text = s;

	while ((nl = strchr(s, '\n')) != NULL) {
		n = nl - s;
		if (n > 0 && s[n - 1] == '\r')
			n--;
		qp_line(b, s, n);
		mb_add(b, "\r\n", 2);
		s = nl + 1;
	}
	if (*s != '\0' || *text == '\0') {
		qp_line(b, s, strlen(s));
		mb_add(b, "=\r\n", 3);
	}
}

/* A text part of type type ("text/plain"), 7bit or quoted-printable. */
static void
text_part(struct mbuf *b, const char *text, const char *type)
{
	int plain = text_plain(text);

	mb_puts(b, "Content-Type: ");
	mb_puts(b, type);
	mb_puts(b, "; charset=UTF-8\r\n");
	mb_puts(b, plain ? "Content-Transfer-Encoding: 7bit\r\n\r\n" :
	    "Content-Transfer-Encoding: quoted-printable\r\n\r\n");
	if (plain)
		text_7bit(b, text);
	else
		text_qp(b, text);
}

static int
fname_plain(const char *s)
{
	return *s != '\0' && is_ascii_print(s) && strlen(s) <= 60 &&
	    strpbrk(s, "\"\\") == NULL && strstr(s, "=?") == NULL;
}

/* Adds the text of b as one token of h, b's failure as h's. */
static void
hdr_buf(struct hdr_out *h, struct mbuf *b)
{
	if (!b->oom)
		hdr_token(h, b->p, b->len);
	h->b->oom |= b->oom;
}

/* The percent-encoded length of the UTF-8 sequence at s (RFC 2231). */
static size_t
pct_seq(const char *s, struct mbuf *enc)
{
	static const char hex[] = "0123456789ABCDEF";
	size_t i = 0;

	do {
		if (isalnum((unsigned char)s[i]) ||
		    strchr("!#$&+-.^_`|~", s[i]) != NULL)
			mb_putc(enc, s[i]);
		else {
			mb_putc(enc, '%');
			mb_putc(enc, hex[(unsigned char)s[i] >> 4]);
			mb_putc(enc, hex[(unsigned char)s[i] & 15]);
		}
		i++;
	} while (((unsigned char)s[i] & 0xc0) == 0x80);
	return i;
}

/* A file name as RFC 2231 segments "filename*0*=UTF-8''...;",
 * "filename*1*=...", never cutting a UTF-8 sequence. */
static void
fname_2231(struct hdr_out *h, const char *s)
{
	struct mbuf seg = { 0 }, chr = { 0 };
	char head[32];
	size_t nseg = 0;

	while (*s != '\0') {
		snprintf(head, sizeof(head), "filename*%zu*=%s", nseg,
		    nseg == 0 ? "UTF-8''" : "");
		seg.len = 0;
		mb_puts(&seg, head);
		do {
			chr.len = 0;
			s += pct_seq(s, &chr);
			mb_add(&seg, chr.p, chr.len);
		} while (*s != '\0' && seg.len + 12 <= 60 && !chr.oom);
		if (*s != '\0')
			mb_putc(&seg, ';');
		seg.oom |= chr.oom;
		hdr_buf(h, &seg);
		nseg++;
	}
	mb_free(&seg), mb_free(&chr);
}

static void
att_headers(struct mbuf *b, const struct mail_attachment *a)
{
	const char *fn = a->filename != NULL ? a->filename : "";
	struct hdr_out h;
	struct mbuf t = { 0 };

	hdr_begin(&h, b, "Content-Type");
	mb_puts(&t, a->type != NULL ? a->type : "application/octet-stream");
	if (fname_plain(fn)) {
		mb_putc(&t, ';');
		hdr_buf(&h, &t);
		t.len = 0;
		mb_puts(&t, "name=\"");
		mb_puts(&t, fn);
		mb_putc(&t, '"');
	}
	hdr_buf(&h, &t);
	hdr_end(&h);
	if (a->cid != NULL) {
		mb_puts(b, "Content-ID: <");
		mb_puts(b, a->cid);
		mb_puts(b, ">\r\n");
	}
	t.len = 0;
	mb_puts(&t, a->cid != NULL ? "inline" : "attachment");
	if (*fn != '\0')
		mb_putc(&t, ';');
	hdr_begin(&h, b, "Content-Disposition");
	hdr_buf(&h, &t);
	if (fname_plain(fn)) {
		t.len = 0;
		mb_puts(&t, "filename=\"");
		mb_puts(&t, fn);
		mb_putc(&t, '"');
		hdr_buf(&h, &t);
	} else if (*fn != '\0')
		fname_2231(&h, fn);
	hdr_end(&h);
	mb_free(&t);
	mb_puts(b, "Content-Transfer-Encoding: base64\r\n\r\n");
}

static void
att_part(struct mbuf *b, const struct mail_attachment *a)
{
	size_t i, n;

	att_headers(b, a);
	for (i = 0; i < a->len; i += 57) {
		n = a->len - i > 57 ? 57 : a->len - i;
		b64_encode(b, a->data + i, n);
		mb_add(b, "\r\n", 2);
	}
}

static int
contains(const struct mbuf *hay, const char *s)
{
	size_t n = strlen(s), i;

	for (i = 0; i + n <= hay->len; i++)
		if (hay->p[i] == s[0] && memcmp(hay->p + i, s, n) == 0)
			return 1;
	return 0;
}

/* FNV-1a of the Message-ID and a try number. */
static unsigned long long
bnd_hash(const char *id, unsigned int try)
{
	unsigned long long h = 14695981039346656037ULL;

	for (; *id != '\0'; id++)
		h = (h ^ (unsigned char)*id) * 1099511628211ULL;
	h = (h ^ try) * 1099511628211ULL;
	return h;
}

/* A boundary from the Message-ID and the nesting level found in no
 * part; -1 if none is.  Level 0 with try 0 is the boundary a mail had
 * before there was nesting. */
static int
pick_boundary(const char *id, unsigned level, struct mbuf *parts, size_t n,
    char bnd[64])
{
	unsigned int try;
	size_t i;

	for (try = level * 100; try < level * 100 + 100; try++) {
		snprintf(bnd, 64, "=_stackref_%016llx_%u", bnd_hash(id, try),
		    try);
		for (i = 0; i < n; i++)
			if (contains(&parts[i], bnd))
				break;
		if (i == n)
			return 0;
	}
	return -1;
}

/*
 * Writes the n entities parts[] as one multipart entity of type (and
 * parameters) type into b, their boundary of nesting level level; the
 * outermost (level 0) has a preamble.  Frees the parts.  -1 with *why.
 */
static int
write_multi(struct mbuf *b, const char *type, unsigned level,
    const char *id, struct mbuf *parts, size_t n, const char **why)
{
	char bnd[64];
	size_t i;
	int rc = 0;

	if (pick_boundary(id, level, parts, n, bnd) == -1) {
		*why = "no MIME boundary found outside the content";
		rc = -1;
	} else {
		mb_puts(b, "Content-Type: ");
		mb_puts(b, type);
		mb_puts(b, ";\r\n boundary=\"");
		mb_puts(b, bnd);
		mb_puts(b, level == 0 ? "\"\r\n\r\nThis is a MIME message.\r\n" :
		    "\"\r\n\r\n");
		for (i = 0; i < n; i++) {
			mb_puts(b, level == 0 || i > 0 ? "\r\n--" : "--");
			mb_puts(b, bnd);
			mb_puts(b, "\r\n");
			mb_add(b, parts[i].p, parts[i].len);
			b->oom |= parts[i].oom;
		}
		mb_puts(b, "\r\n--");
		mb_puts(b, bnd);
		mb_puts(b, "--\r\n");
	}
	for (i = 0; i < n; i++)
		mb_free(&parts[i]);
	return rc;
}

/* The multipart whose first part is the entity first (taken: emptied)
 * and the others atts[0..natt), of type at level, into b. */
static int
write_with(struct mbuf *b, const char *type, unsigned level,
    const char *id, struct mbuf *first, const struct mail_attachment *atts,
    size_t natt, const char **why)
{
	struct mbuf *parts;
	size_t i;
	int rc;

	if ((parts = calloc(natt + 1, sizeof(*parts))) == NULL) {
		mb_free(first);
		*why = "out of memory";
		return -1;
	}
	parts[0] = *first;
	memset(first, 0, sizeof(*first));
	for (i = 0; i < natt; i++)
		att_part(&parts[i + 1], &atts[i]);
	rc = write_multi(b, type, level, id, parts, natt + 1, why);
	free(parts);
	return rc;
}

/* The text, with its HTML alternative (and the parts the HTML shows)
 * when there is one, as one entity at level into b. */
static int
write_content(struct mbuf *b, const struct mail_out *m, unsigned level,
    const char **why)
{
	struct mbuf alt[2] = { { 0 }, { 0 } }, html = { 0 };

	if (m->html == NULL) {
		text_part(b, m->text != NULL ? m->text : "", "text/plain");
		return 0;
	}
	text_part(&alt[0], m->text != NULL ? m->text : "", "text/plain");
	if (m->ninl == 0)
		text_part(&alt[1], m->html, "text/html");
	else {
		text_part(&html, m->html, "text/html");
		if (write_with(&alt[1], "multipart/related; type=\"text/html\"",
		    level + 2, m->message_id, &html, m->inl, m->ninl,
		    why) == -1) {
			mb_free(&alt[0]);
			mb_free(&alt[1]);
			return -1;
		}
	}
	return write_multi(b, "multipart/alternative", level + 1,
	    m->message_id, alt, 2, why);
}

int
mail_compose(const struct mail_out *m, char **text, size_t *len,
    const char **why)
{
	struct mbuf b = { 0 }, content = { 0 };
	int rc;

	*text = NULL;
	*len = 0;
	if (check_out(m, why) == -1)
		return -1;
	if (write_headers(&b, m, why) == -1) {
		mb_free(&b);
		return -1;
	}
	if (m->natt == 0)
		rc = write_content(&b, m, 0, why);
	else if ((rc = write_content(&content, m, 0, why)) == 0)
		rc = write_with(&b, "multipart/mixed", 0, m->message_id,
		    &content, m->att, m->natt, why);
	if (rc == 0 && b.oom) {
		*why = "out of memory";
		rc = -1;
	}
	if (rc == -1) {
		mb_free(&b);
		mb_free(&content);
		return -1;
	}
	*len = b.len;
	*text = b.p;
	return 0;
}

/* ---- parsing: charsets and encodings ---- */

/*
 * Charsets are converted to UTF-8 by iconv(3), so any charset the C
 * library knows is read.  A name is looked up upper case, without the
 * blanks and quotes around it; US-ASCII and no name at all are read as
 * UTF-8 (8-bit text labelled ASCII is UTF-8 more often than not).  A
 * byte that starts no valid sequence of the charset becomes U+FFFD, so
 * the result is always valid UTF-8.  A charset iconv does not know
 * leaves an encoded word as it is; in a body or an RFC 2231 parameter
 * it is read as UTF-8.
 */
#define CS_NAME_MAX 40      /* bytes of a charset name */
#define CS_GROWTH 4         /* bytes of UTF-8 kept per byte converted */
#define CS_REPLACEMENT "\xef\xbf\xbd"   /* U+FFFD in UTF-8 */
#define CS_NONE ((iconv_t)-1)

/* The charset name s[0..n) looked up: upper case, without the blanks
 * and quotes around it, into name; -1 when it is empty, too long, or
 * holds a byte no charset name has (iconv reads "" as the locale's
 * charset and "//" as options). */
static int
cs_name(const char *s, size_t n, char name[CS_NAME_MAX + 1])
{
	size_t i;

	while (n > 0 && (is_wsp((unsigned char)*s) || *s == '"' || *s == '\''))
		s++, n--;
	while (n > 0 && (is_wsp((unsigned char)s[n - 1]) || s[n - 1] == '"' ||
	    s[n - 1] == '\''))
		n--;
	if (n == 0 || n > CS_NAME_MAX)
		return -1;
	for (i = 0; i < n; i++) {
		if (!isalnum((unsigned char)s[i]) &&
		    strchr("-_.:+()", s[i]) == NULL)
			return -1;
		name[i] = (char)toupper((unsigned char)s[i]);
	}
	name[n] = '\0';
	return 0;
}

/* A converter from the charset named name (cs_name's form) to UTF-8,
 * or CS_NONE when iconv does not know it. */
static iconv_t
cs_open(const char *name)
{
	if (strcmp(name, "US-ASCII") == 0 || strcmp(name, "ASCII") == 0)
		name = "UTF-8";
	return iconv_open("UTF-8", name);
}

/* Runs iconv once on *in[0..*left) and appends the UTF-8 it gives to b;
 * a sequence that is invalid, or cut short at the end, becomes U+FFFD
 * (then one byte, or the rest, is skipped). */
static void
cs_step(struct mbuf *b, iconv_t cd, char **in, size_t *left)
{
	char out[512], *o = out;
	size_t room = sizeof(out);
	size_t rc = iconv(cd, in, left, &o, &room);
	int err = errno;

	mb_add(b, out, (size_t)(o - out));
	if (rc != (size_t)-1 || err == E2BIG)
		return;
	mb_add(b, CS_REPLACEMENT, 3);
	if (err == EILSEQ && *left > 0)
		(*in)++, (*left)--;
	else
		*left = 0;
}

/* Appends s[0..n) converted by cd to b, at most about CS_GROWTH bytes
 * for each byte of s (no charset gives more; the rest would be cut). */
static void
cs_convert(struct mbuf *b, iconv_t cd, const char *s, size_t n)
{
	char out[64], *o = out, *in = (char *)s;  /* iconv does not write */
	size_t left = n, room = sizeof(out), max = b->len + CS_GROWTH * n;

	iconv(cd, NULL, NULL, NULL, NULL);
	while (left > 0 && !b->oom && b->len <= max)
		cs_step(b, cd, &in, &left);
	if (iconv(cd, NULL, NULL, &o, &room) != (size_t)-1)
		mb_add(b, out, (size_t)(o - out));
}

/* Appends s[0..n) in the charset named cs (as written; NULL: none) to b
 * in UTF-8; a charset iconv does not know is read as UTF-8. */
static void
to_utf8(struct mbuf *b, const char *s, size_t n, const char *cs)
{
	char name[CS_NAME_MAX + 1];
	iconv_t cd = CS_NONE;

	if (cs != NULL && cs_name(cs, strlen(cs), name) == 0)
		cd = cs_open(name);
	if (cd == CS_NONE && (cd = cs_open("UTF-8")) == CS_NONE) {
		b->oom = 1;
		return;
	}
	cs_convert(b, cd, s, n);
	iconv_close(cd);
}

static int
b64val(int ch)
{
	if (ch >= 'A' && ch <= 'Z')
		return ch - 'A';
	if (ch >= 'a' && ch <= 'z')
		return ch - 'a' + 26;
	if (ch >= '0' && ch <= '9')
		return ch - '0' + 52;
	if (ch == '+')
		return 62;
	return ch == '/' ? 63 : -1;
}

/* Lenient base64: bytes outside the alphabet are skipped; '=' ends a
 * group. */
static void
b64_decode(struct mbuf *b, const char *s, size_t n)
{
	unsigned long v = 0;
	int bits = 0, d;
	size_t i;

	for (i = 0; i < n; i++) {
		if (s[i] == '=') {
			v = 0, bits = 0;
			continue;
		}
		if ((d = b64val((unsigned char)s[i])) < 0)
			continue;
		v = (v << 6 | (unsigned long)d) & 0xffffff;
		if ((bits += 6) >= 8) {
			bits -= 8;
			mb_putc(b, (int)(v >> bits & 0xff));
		}
	}
}

/* One line of quoted-printable: =XX, and a soft break when it ends
 * in '='; returns whether it did. */
static int
qp_decode_line(struct mbuf *b, const char *s, size_t n)
{
	size_t i;
	int hi, lo;

	while (n > 0 && is_wsp((unsigned char)s[n - 1]))
		n--;
	for (i = 0; i < n; i++) {
		if (s[i] != '=') {
			mb_putc(b, s[i]);
			continue;
		}
		if (i + 1 == n)
			return 1;
		if (i + 2 < n && (hi = hexval(s[i + 1])) >= 0 &&
		    (lo = hexval(s[i + 2])) >= 0) {
			mb_putc(b, hi << 4 | lo);
			i += 2;
		} else
			mb_putc(b, '=');
	}
	return 0;
}

static void
qp_decode(struct mbuf *b, const char *s, size_t n)
{
	const char *nl, *end = s + n;
	size_t len;
	int soft;

	while (s < end) {
		nl = memchr(s, '\n', end - s);
		len = (nl != NULL ? nl : end) - s;
		if (len > 0 && s[len - 1] == '\r')
			len--;
		soft = qp_decode_line(b, s, len);
		if (nl == NULL)
			break;
		if (!soft)
			mb_putc(b, '\n');
		s = nl + 1;
	}
}

/* 7bit, 8bit, binary: CRLF becomes LF. */
static void
plain_decode(struct mbuf *b, const char *s, size_t n)
{
	size_t i, start = 0;

	for (i = 0; i < n; i++) {
		if (s[i] == '\r' && i + 1 < n && s[i + 1] == '\n') {
			mb_add(b, s + start, i - start);
			start = i + 1;
		}
	}
	mb_add(b, s + start, n - start);
}

/* An encoded word "=?charset*lang?E?text?=" (RFC 2047, RFC 2231). */
struct ew {
	char cs[CS_NAME_MAX + 1];   /* cs_name's form */
	int b64;                    /* B, else Q */
	const char *txt, *end;      /* the encoded text */
};

/* Reads the encoded word at s into w; returns its length, or 0 when s is
 * not one. */
static size_t
ew_scan(const char *s, struct ew *w)
{
	const char *cs, *enc, *star;
	size_t i;

	if (s[0] != '=' || s[1] != '?')
		return 0;
	cs = s + 2;
	if ((enc = strchr(cs, '?')) == NULL || enc - cs > CS_NAME_MAX ||
	    strchr("BbQq", enc[1]) == NULL || enc[1] == '\0' || enc[2] != '?')
		return 0;
	w->b64 = enc[1] == 'B' || enc[1] == 'b';
	w->txt = enc + 3;
	if ((w->end = strstr(w->txt, "?=")) == NULL || w->end - w->txt > 1024)
		return 0;
	for (i = 0; w->txt + i < w->end; i++)
		if (is_wsp((unsigned char)w->txt[i]))
			return 0;
	star = memchr(cs, '*', enc - cs);
	if (cs_name(cs, (star != NULL ? star : enc) - cs, w->cs) == -1)
		return 0;
	return w->end + 2 - s;
}

/* Appends the bytes the text of w encodes to raw. */
static void
ew_bytes(struct mbuf *raw, const struct ew *w)
{
	const char *t = w->txt;
	int hi, lo;

	if (w->b64) {
		b64_decode(raw, t, w->end - t);
		return;
	}
	for (; t < w->end; t++) {
		if (*t == '_')
			mb_putc(raw, ' ');
		else if (*t == '=' && t + 2 < w->end &&
		    (hi = hexval(t[1])) >= 0 && (lo = hexval(t[2])) >= 0) {
			mb_putc(raw, hi << 4 | lo);
			t += 2;
		} else
			mb_putc(raw, *t);
	}
}

/* Encoded words in a row in one charset: their bytes are converted
 * together, so that a character may be split between two words. */
struct ew_run {
	char cs[CS_NAME_MAX + 1];
	iconv_t cd;                 /* CS_NONE: no run */
	struct mbuf raw;
};

/* Ends the run r: its bytes converted onto b. */
static void
ew_flush(struct ew_run *r, struct mbuf *b)
{
	if (r->cd == CS_NONE)
		return;
	cs_convert(b, r->cd, r->raw.p != NULL ? r->raw.p : "", r->raw.len);
	iconv_close(r->cd);
	r->cd = CS_NONE;
	b->oom |= r->raw.oom;
	mb_clear(&r->raw);
}

/* Takes the encoded word w at s into the run r (the blanks from ws, when
 * not NULL, before it); 0 when its charset is unknown: then it is text. */
static int
ew_take(struct ew_run *r, struct mbuf *b, const struct ew *w,
    const char *ws, const char *s)
{
	iconv_t cd;

	if (r->cd == CS_NONE || strcmp(r->cs, w->cs) != 0) {
		if ((cd = cs_open(w->cs)) == CS_NONE)
			return 0;
		if (r->cd == CS_NONE && ws != NULL)
			mb_add(b, ws, s - ws);
		ew_flush(r, b);
		r->cd = cd;
		memcpy(r->cs, w->cs, sizeof(r->cs));
	}
	ew_bytes(&r->raw, w);
	return 1;
}

/* The length of the UTF-8 sequence at s, 0 when it is not one. */
static size_t
utf8_len(const unsigned char *s)
{
	size_t n, i;

	if (*s < 0x80)
		return 1;
	if (*s >= 0xc2 && *s <= 0xdf)
		n = 2;
	else if (*s >= 0xe0 && *s <= 0xef)
		n = 3;
	else if (*s >= 0xf0 && *s <= 0xf4)
		n = 4;
	else
		return 0;
	for (i = 1; i < n; i++)
		if ((s[i] & 0xc0) != 0x80)
			return 0;
	return n;
}

static int
utf8_valid(const unsigned char *s)
{
	size_t n;

	for (; *s != '\0'; s += n)
		if ((n = utf8_len(s)) == 0)
			return 0;
	return 1;
}

/* Makes s valid UTF-8 without control characters: a byte that starts
 * no sequence (none should be left after to_utf8) becomes '?', a
 * control a blank. */
static void
utf8_clean(char *s)
{
	unsigned char *p = (unsigned char *)s;
	size_t n;

	for (; *p != '\0'; p += n) {
		if ((n = utf8_len(p)) == 0) {
			*p = '?';
			n = 1;
		} else if ((*p < 0x20 && *p != '\t') || *p == 0x7f)
			*p = ' ';
	}
}

/* Decodes the RFC 2047 words of the UTF-8 text s onto b, the blanks
 * between two words dropped. */
static void
ew_decode(struct mbuf *b, const char *s)
{
	struct ew_run run = { .cd = CS_NONE };
	const char *ws = NULL;
	struct ew w;
	size_t n;

	while (*s != '\0') {
		if (is_wsp((unsigned char)*s)) {
			if (ws == NULL)
				ws = s;
			s++;
			continue;
		}
		if ((n = ew_scan(s, &w)) > 0 && ew_take(&run, b, &w, ws, s))
			s += n;
		else {
			ew_flush(&run, b);
			if (ws != NULL)
				mb_add(b, ws, s - ws);
			mb_putc(b, *s++);
		}
		ws = NULL;
	}
	ew_flush(&run, b);
	if (ws != NULL)
		mb_add(b, ws, s - ws);
	mb_free(&run.raw);
}

/* A header value decoded: RFC 2047 words, raw 8-bit text read as
 * ISO-8859-1 unless it is UTF-8, control characters made blanks.
 * Returns a malloc'ed string, NULL when out of memory. */
static char *
hdr_decode(const char *s)
{
	struct mbuf b = { 0 }, l1 = { 0 };

	if (!utf8_valid((const unsigned char *)s)) {
		to_utf8(&l1, s, strlen(s), "ISO-8859-1");
		if (l1.oom) {
			mb_free(&l1);
			return NULL;
		}
		s = l1.p;
	}
	ew_decode(&b, s);
	mb_free(&l1);
	if (b.p != NULL)
		utf8_clean(b.p);
	return mb_take(&b);
}

/* ---- parsing: header fields and parameters ---- */

/* The header fields of one MIME entity (the top-only ones stay NULL in
 * parts). */
struct hdrs {
	char *ctype, *cte, *cdisp;
	char *from, *subject, *msgid, *irt, *date, *autosub, *prec;
};

static void
hdrs_free(struct hdrs *h)
{
	free(h->ctype), free(h->cte), free(h->cdisp);
	free(h->from), free(h->subject), free(h->msgid), free(h->irt);
	free(h->date), free(h->autosub), free(h->prec);
	memset(h, 0, sizeof(*h));
}

/* Where the field named name is kept in h, or NULL. */
static char **
hdrs_slot(struct hdrs *h, const char *name, int top)
{
	static const struct {
		const char *name;
		size_t off;
		int top;
	} t[] = { { "content-type", offsetof(struct hdrs, ctype), 0 },
	    { "content-transfer-encoding", offsetof(struct hdrs, cte), 0 },
	    { "content-disposition", offsetof(struct hdrs, cdisp), 0 },
	    { "from", offsetof(struct hdrs, from), 1 },
	    { "subject", offsetof(struct hdrs, subject), 1 },
	    { "message-id", offsetof(struct hdrs, msgid), 1 },
	    { "in-reply-to", offsetof(struct hdrs, irt), 1 },
	    { "date", offsetof(struct hdrs, date), 1 },
	    { "auto-submitted", offsetof(struct hdrs, autosub), 1 },
	    { "precedence", offsetof(struct hdrs, prec), 1 } };
	size_t i;

	for (i = 0; i < sizeof(t) / sizeof(t[0]); i++)
		if ((top || !t[i].top) && strcasecmp(t[i].name, name) == 0)
			return (char **)((char *)h + t[i].off);
	return NULL;
}

/* The fields of an entity that hdrs_keep keeps. */
struct hdrs_keeper {
	struct hdrs *h;
	int top;
};

/* Keeps the field name: value when the hdrs_keeper ctx wants it and
 * has none yet.  -1 when out of memory. */
static int
hdrs_keep(void *ctx, const char *name, const char *value)
{
	struct hdrs_keeper *k = ctx;
	char **slot;

	if ((slot = hdrs_slot(k->h, name, k->top)) == NULL || *slot != NULL)
		return 0;
	return (*slot = strdup(value)) == NULL ? -1 : 0;
}

/* Splits the unfolded field f ("Name: value") in place into its name
 * (*name) and its value, trimmed (returned), both NUL-terminated; NULL
 * when f is no field. */
static char *
field_split(struct mbuf *f, char **name)
{
	char *colon, *v;
	size_t n;

	if (f->len == 0 || (colon = memchr(f->p, ':', f->len)) == NULL)
		return NULL;
	for (v = colon + 1; is_wsp((unsigned char)*v); v++)
		continue;
	n = f->p + f->len - v;
	while (n > 0 && is_wsp((unsigned char)v[n - 1]))
		n--;
	v[n] = '\0';
	n = colon - f->p;
	while (n > 0 && is_wsp((unsigned char)f->p[n - 1]))
		n--;
	f->p[n] = '\0';
	*name = f->p;
	return v;
}

/* What fields_read does with each field: 0, or -1 out of memory. */
typedef int field_fn(void *ctx, const char *name, const char *value);

/* Gives the field f, if it is one, to field (f emptied). */
static int
field_give(struct mbuf *f, field_fn *field, void *ctx)
{
	char *name, *value;
	int rc = 0;

	if ((value = field_split(f, &name)) != NULL)
		rc = field(ctx, name, value);
	mb_clear(f);
	return rc;
}

/* Whether line s[0..n) starts a header field "Name:". */
static int
field_start(const char *s, size_t n)
{
	size_t i;

	for (i = 0; i < n && i < HDR_NAME_MAX; i++) {
		if (s[i] == ':')
			return i > 0;
		if ((unsigned char)s[i] <= 0x20 || (unsigned char)s[i] >= 0x7f) {
			/* "Name : value" is obsolete but seen */
			while (i < n && is_wsp((unsigned char)s[i]))
				i++;
			return i < n && s[i] == ':' && i > 0 &&
			    !is_wsp((unsigned char)s[0]);
		}
	}
	return 0;
}

/* A cursor over a range of the raw message. */
struct span {
	const char *p, *end;
};

/* The next line of sp (without CR LF or LF) in *s, *n; 0 at the end. */
static int
next_line(struct span *sp, const char **s, size_t *n)
{
	const char *nl;

	if (sp->p >= sp->end)
		return 0;
	*s = sp->p;
	nl = memchr(sp->p, '\n', sp->end - sp->p);
	*n = (nl != NULL ? nl : sp->end) - sp->p;
	sp->p = nl != NULL ? nl + 1 : sp->end;
	if (*n > 0 && (*s)[*n - 1] == '\r')
		(*n)--;
	return 1;
}

/* Adds line s[0..n) to the field f, unfolding ('\t' after a fold read
 * as a blank); -1 with *why when the field grows too long. */
static int
field_add(struct mbuf *f, const char *s, size_t n, int cont,
    const char **why)
{
	if (cont && *s == '\t') {
		mb_putc(f, ' ');
		s++, n--;
	}
	mb_add(f, s, n);
	if (f->len > HDR_MAX) {
		*why = "a header field is longer than 16384 bytes";
		return -1;
	}
	if (f->oom) {
		*why = "out of memory";
		return -1;
	}
	return 0;
}

/*
 * Reads the header of the entity at sp, giving each field to field,
 * leaving sp at its body.  At the top, anything but header fields
 * (after an mbox "From " line) before the blank line is not a mail; in
 * a part, such a line starts the body.
 */
static int
fields_read(struct span *sp, int top, field_fn *field, void *ctx,
    const char **why)
{
	struct mbuf f = { 0 };
	const char *s, *before;
	size_t n, nline = 0;
	int rc = 0;

	*why = "not a mail: no header";
	for (;;) {
		before = sp->p;
		if (!next_line(sp, &s, &n) || n == 0)
			break;
		if (top && memchr(s, '\0', n) != NULL) {
			*why = "not a mail: a NUL byte in the header";
			rc = -1;
		} else if (is_wsp((unsigned char)*s) && f.len > 0)
			rc = field_add(&f, s, n, 1, why);
		else if (top && nline == 0 && n >= 5 &&
		    memcmp(s, "From ", 5) == 0)
			;
		else if (field_start(s, n)) {
			if (field_give(&f, field, ctx) == -1) {
				*why = "out of memory";
				rc = -1;
			}
			if (rc == 0)
				rc = field_add(&f, s, n, 0, why);
		} else if (top) {
			*why = "not a mail: a header line is not a field";
			rc = -1;
		} else {
			sp->p = before;
			break;
		}
		if (rc == -1)
			break;
		nline++;
	}
	if (rc == 0 && field_give(&f, field, ctx) == -1) {
		*why = "out of memory";
		rc = -1;
	}
	mb_free(&f);
	if (rc == 0 && top && nline == 0)
		rc = -1;
	return rc;
}

/* Reads the header of the entity at sp into h (fields_read). */
static int
hdrs_read(struct span *sp, struct hdrs *h, int top, const char **why)
{
	struct hdrs_keeper k = { h, top };

	return fields_read(sp, top, hdrs_keep, &k, why);
}

/* The media type of a Content-Type value, lower case: "text/plain";
 * dflt when there is none or it is malformed. */
static char *
media_type(const char *v, const char *dflt)
{
	size_t n, i;
	char *t;

	if (v == NULL)
		return strdup(dflt);
	n = strcspn(v, "; \t(");
	if (n == 0 || memchr(v, '/', n) == NULL || n > 127)
		return strdup(dflt);
	if ((t = strndup(v, n)) == NULL)
		return NULL;
	for (i = 0; i < n; i++)
		t[i] = (char)tolower((unsigned char)t[i]);
	if (!type_ok(t)) {
		free(t);
		return strdup(dflt);
	}
	return t;
}

/* One parameter "attr=value" at *pp (after its ';'): the attribute,
 * lower case, in attr; the value, unquoted, in val.  0 at the end. */
static int
param_next(const char **pp, char attr[64], struct mbuf *val)
{
	const char *p = *pp;
	size_t n;

	while ((p = strchr(p, ';')) != NULL) {
		for (p++; is_wsp((unsigned char)*p); p++)
			continue;
		n = strcspn(p, "=; \t");
		if (n == 0 || n >= 64)
			continue;
		for (attr[n] = '\0'; n > 0; n--)
			attr[n - 1] = (char)tolower((unsigned char)p[n - 1]);
		p += strcspn(p, "=;");
		if (*p != '=')
			continue;
		for (p++; is_wsp((unsigned char)*p); p++)
			continue;
		mb_clear(val);
		if (*p == '"') {
			for (p++; *p != '\0' && *p != '"'; p++) {
				if (*p == '\\' && p[1] != '\0')
					p++;
				mb_putc(val, *p);
			}
		} else {
			n = strcspn(p, ";");
			while (n > 0 && is_wsp((unsigned char)p[n - 1]))
				n--;
			mb_add(val, p, n);
		}
		*pp = p;
		return 1;
	}
	return 0;
}

/* Percent-decodes an RFC 2231 value s onto raw. */
static void
pct_decode(struct mbuf *raw, const char *s)
{
	int hi, lo;

	for (; *s != '\0'; s++) {
		if (*s == '%' && (hi = hexval(s[1])) >= 0 &&
		    (lo = hexval(s[2])) >= 0) {
			mb_putc(raw, hi << 4 | lo);
			s += 2;
		} else
			mb_putc(raw, *s);
	}
}

/* The segments of one RFC 2231 parameter value put together: each run of
 * extended segments is percent-decoded, then converted to UTF-8 from
 * the charset the first extended segment names. */
struct ext_join {
	struct mbuf *out;
	struct mbuf raw;            /* the run not yet converted */
	char cs[CS_NAME_MAX + 1];   /* as written; "": UTF-8 */
	int seen;                   /* an extended segment was read */
	int pending;                /* raw holds a run */
};

/* Converts the run of j onto its output. */
static void
ext_flush(struct ext_join *j)
{
	if (!j->pending)
		return;
	mb_add(j->out, "", 0);      /* the value is there, even empty */
	to_utf8(j->out, j->raw.p != NULL ? j->raw.p : "", j->raw.len, j->cs);
	j->out->oom |= j->raw.oom;
	mb_clear(&j->raw);
	j->pending = 0;
}

/* Adds the segment v, extended (ext: "charset'lang'value" the first
 * time, then percent-encoded) or not, to j. */
static void
ext_add(struct ext_join *j, const char *v, int ext)
{
	const char *q1, *q2;

	if (!ext) {
		ext_flush(j);
		mb_puts(j->out, v);
		return;
	}
	if (!j->seen && (q1 = strchr(v, '\'')) != NULL &&
	    (q2 = strchr(q1 + 1, '\'')) != NULL) {
		if (q1 - v <= CS_NAME_MAX)
			memcpy(j->cs, v, q1 - v), j->cs[q1 - v] = '\0';
		v = q2 + 1;
	}
	j->seen = j->pending = 1;
	pct_decode(&j->raw, v);
}

/* Segment "name*N" or "name*N*" of the attribute attr: N and whether it
 * is extended, or -1 when attr is not one of name. */
static int
param_seg(const char *attr, const char *name, int *ext)
{
	size_t n = strlen(name);
	char *end;
	long k;

	if (strncmp(attr, name, n) != 0)
		return -1;
	attr += n;
	*ext = 0;
	if (*attr == '\0')
		return PARAM_SEGS;             /* the plain value */
	if (*attr++ != '*')
		return -1;
	if (*attr == '\0') {
		*ext = 1;
		return PARAM_SEGS + 1;         /* the whole extended value */
	}
	if (!isdigit((unsigned char)*attr))
		return -1;
	k = strtol(attr, &end, 10);
	if (*end == '*')
		*ext = 1, end++;
	return *end == '\0' && k >= 0 && k < PARAM_SEGS ? (int)k : -1;
}

/*
 * The value of parameter name in the header value v, decoded (RFC 2231
 * continuations and charsets; RFC 2047 words too with words),
 * malloc'ed; NULL when there is none.
 */
static char *
param_get(const char *v, const char *name, int words)
{
	char attr[64], *seg[PARAM_SEGS + 2] = { 0 }, *res = NULL;
	int ext[PARAM_SEGS + 2] = { 0 }, i, k, e;
	struct mbuf val = { 0 }, out = { 0 };
	struct ext_join j = { .out = &out };

	if (v == NULL)
		return NULL;
	while (param_next(&v, attr, &val))
		if ((k = param_seg(attr, name, &e)) >= 0 && seg[k] == NULL) {
			seg[k] = strdup(val.p != NULL ? val.p : "");
			ext[k] = e;
		}
	if (seg[0] != NULL)
		for (i = 0; i < PARAM_SEGS && seg[i] != NULL; i++)
			ext_add(&j, seg[i], ext[i]);
	else if (seg[PARAM_SEGS + 1] != NULL)
		ext_add(&j, seg[PARAM_SEGS + 1], 1);
	else if (seg[PARAM_SEGS] != NULL)
		mb_puts(&out, seg[PARAM_SEGS]);
	ext_flush(&j);
	if (out.p != NULL && !out.oom)
		res = words ? hdr_decode(out.p) : strdup(out.p);
	for (i = 0; i < PARAM_SEGS + 2; i++)
		free(seg[i]);
	mb_free(&val), mb_free(&out), mb_free(&j.raw);
	return res;
}

/* ---- parsing: the MIME tree ---- */

struct frame {
	struct span body;        /* what is left of the multipart body */
	char bnd[BND_MAX + 1];
	size_t blen;
	int started;             /* the first delimiter was passed */
};

struct walk {
	struct mail_in *m;
	struct frame fr[MAIL_DEPTH_MAX];
	int n;
	size_t nent;
	const char *why;
};

/* Whether line s[0..n) is "--bnd" or "--bnd--" (then *close), blanks
 * after it allowed. */
static int
is_delim(const struct frame *f, const char *s, size_t n, int *close)
{
	size_t i;

	if (n < f->blen + 2 || s[0] != '-' || s[1] != '-' ||
	    memcmp(s + 2, f->bnd, f->blen) != 0)
		return 0;
	i = f->blen + 2;
	*close = n - i >= 2 && s[i] == '-' && s[i + 1] == '-';
	for (i += *close ? 2 : 0; i < n; i++)
		if (!is_wsp((unsigned char)s[i]))
			return 0;
	return 1;
}

/* Finds the next delimiter in sp: returns the start of its line (sp then
 * after it), or NULL (sp at the end). */
static const char *
delim_next(const struct frame *f, struct span *sp, int *close)
{
	const char *s;
	size_t n;

	while (next_line(sp, &s, &n))
		if (is_delim(f, s, n, close))
			return s;
	return NULL;
}

/* The next part of multipart f in *part; 0 when there is none left. */
static int
part_next(struct frame *f, struct span *part)
{
	const char *start, *dl;
	int close = 0;

	if (!f->started) {
		f->started = 1;
		if (delim_next(f, &f->body, &close) == NULL || close) {
			f->body.p = f->body.end;
			return 0;
		}
	}
	if (f->body.p >= f->body.end)
		return 0;
	start = f->body.p;
	if ((dl = delim_next(f, &f->body, &close)) == NULL)
		dl = f->body.end;
	else {
		if (dl > start && dl[-1] == '\n')
			dl--;
		if (dl > start && dl[-1] == '\r')
			dl--;
	}
	if (close)
		f->body.p = f->body.end;
	part->p = start;
	part->end = dl;
	return 1;
}

static void
decode_body(struct mbuf *b, const char *cte, const struct span *body)
{
	size_t n = body->end - body->p;

	if (cte != NULL && strcasecmp(cte, "base64") == 0)
		b64_decode(b, body->p, n);
	else if (cte != NULL && strcasecmp(cte, "quoted-printable") == 0)
		qp_decode(b, body->p, n);
	else
		plain_decode(b, body->p, n);
}

/* The text: decoded, converted to UTF-8 from the part's charset. */
static int
take_text(struct walk *w, const struct hdrs *h, const struct span *body)
{
	struct mbuf raw = { 0 }, out = { 0 };
	char *cs = param_get(h->ctype, "charset", 0);

	decode_body(&raw, h->cte, body);
	to_utf8(&out, raw.p != NULL ? raw.p : "", raw.len, cs);
	free(cs);
	out.oom |= raw.oom;
	mb_free(&raw);
	if ((w->m->text = mb_take(&out)) == NULL) {
		w->why = "out of memory";
		return -1;
	}
	return 0;
}

static int
take_part(struct walk *w, const struct hdrs *h, const struct span *body,
    char *type, char *fname)
{
	struct mail_part *p = &w->m->parts[w->m->nparts];
	struct mbuf data = { 0 };

	decode_body(&data, h->cte, body);
	p->len = data.len;
	p->data = mb_take(&data);
	p->type = type;
	p->filename = fname;
	if (p->data == NULL) {
		free(type), free(fname);
		memset(p, 0, sizeof(*p));
		w->why = "out of memory";
		return -1;
	}
	w->m->nparts++;
	return 0;
}

static int
leaf(struct walk *w, const struct hdrs *h, const struct span *body)
{
	char *type, *fname;
	int att;

	if ((type = media_type(h->ctype, "text/plain")) == NULL) {
		w->why = "out of memory";
		return -1;
	}
	if ((fname = param_get(h->cdisp, "filename", 1)) == NULL)
		fname = param_get(h->ctype, "name", 1);
	att = fname != NULL || (h->cdisp != NULL &&
	    strncasecmp(h->cdisp, "attachment", 10) == 0);
	if (strcmp(type, "text/plain") == 0 && !att && w->m->text == NULL) {
		free(type);
		return take_text(w, h, body);
	}
	if (w->m->nparts == MAIL_PARTS_MAX) {
		free(type), free(fname);
		return 0;
	}
	return take_part(w, h, body, type, fname);
}

/* The first "<...>" of a Message-ID or In-Reply-To value when it is
 * one that mail_compose accepts back, malloc'ed; else NULL. */
static char *
msgid_take(const char *v)
{
	const char *lt, *gt;
	char *id;

	if (v == NULL || (lt = strchr(v, '<')) == NULL ||
	    (gt = strchr(lt, '>')) == NULL ||
	    (id = strndup(lt, gt - lt + 1)) == NULL)
		return NULL;
	if (!msgid_ok(id, 0)) {
		free(id);
		return NULL;
	}
	return id;
}

/* Moves the top-level fields of h into the mail. */
static int
take_top(struct mail_in *m, struct hdrs *h)
{
	char addr[MAIL_ADDR_MAX], *name;

	if (h->from != NULL && (name = malloc(strlen(h->from) + 1)) != NULL) {
		if (mail_address(h->from, addr, name, strlen(h->from) + 1) == 0) {
			m->from = strdup(addr);
			m->from_name = hdr_decode(name);
		}
		free(name);
	}
	if (h->subject != NULL)
		m->subject = hdr_decode(h->subject);
	m->message_id = msgid_take(h->msgid);
	m->in_reply_to = msgid_take(h->irt);
	m->date = h->date, h->date = NULL;
	m->auto_submitted = h->autosub, h->autosub = NULL;
	m->precedence = h->prec, h->prec = NULL;
	return 0;
}

static int
push_multi(struct walk *w, const struct hdrs *h, const struct span *body)
{
	struct frame *f;
	char *b = param_get(h->ctype, "boundary", 0);
	size_t n = b != NULL ? strlen(b) : 0;

	if (n == 0 || n > BND_MAX) {
		free(b);
		return 1;            /* not a usable multipart: a leaf */
	}
	if (w->n == MAIL_DEPTH_MAX) {
		free(b);
		w->why = "MIME parts nested deeper than 16 levels";
		return -1;
	}
	f = &w->fr[w->n++];
	memset(f, 0, sizeof(*f));
	memcpy(f->bnd, b, n + 1);
	f->blen = n;
	f->body = *body;
	free(b);
	return 0;
}

/* Reads the entity sp: a multipart goes on the stack, a leaf is kept. */
static int
entity(struct walk *w, struct span sp, int top)
{
	struct hdrs h = { 0 };
	char *type = NULL;
	int rc;

	if (++w->nent > ENT_MAX)
		return 0;
	if ((rc = hdrs_read(&sp, &h, top, &w->why)) == 0 && top)
		rc = take_top(w->m, &h);
	if (rc == 0 && (type = media_type(h.ctype, "text/plain")) == NULL) {
		w->why = "out of memory";
		rc = -1;
	}
	if (rc == 0 && strncmp(type, "multipart/", 10) == 0)
		rc = push_multi(w, &h, &sp);
	else if (rc == 0)
		rc = 1;
	if (rc == 1)
		rc = leaf(w, &h, &sp);
	free(type);
	hdrs_free(&h);
	return rc;
}

static int
walk(struct walk *w, const char *raw, size_t len)
{
	struct span sp = { raw, raw + len };

	if (entity(w, sp, 1) == -1)
		return -1;
	while (w->n > 0) {
		if (!part_next(&w->fr[w->n - 1], &sp)) {
			w->n--;
			continue;
		}
		if (entity(w, sp, 0) == -1)
			return -1;
	}
	return 0;
}

/* A mail_fields caller's function, called from fields_read. */
struct fields_each {
	void (*field)(void *ctx, const char *name, const char *value);
	void *ctx;
};

static int
fields_each(void *ctx, const char *name, const char *value)
{
	struct fields_each *e = ctx;

	e->field(e->ctx, name, value);
	return 0;
}

int
mail_fields(const char *raw, size_t len,
    void (*field)(void *ctx, const char *name, const char *value), void *ctx,
    const char **why)
{
	struct span sp = { raw, raw + len };
	struct fields_each e = { field, ctx };

	return fields_read(&sp, 1, fields_each, &e, why);
}

int
mail_parse(const char *raw, size_t len, struct mail_in *m,
    const char **why)
{
	struct walk w;

	memset(m, 0, sizeof(*m));
	if (len > MAIL_SIZE_MAX) {
		*why = "the mail is larger than 32 MiB";
		return -1;
	}
	memset(&w, 0, sizeof(w));
	w.m = m;
	if ((m->parts = calloc(MAIL_PARTS_MAX, sizeof(*m->parts))) == NULL) {
		*why = "out of memory";
		return -1;
	}
	if (walk(&w, raw, len) == -1 ||
	    (m->text == NULL && (m->text = strdup("")) == NULL)) {
		*why = w.why != NULL ? w.why : "out of memory";
		mail_in_free(m);
		return -1;
	}
	return 0;
}

void
mail_in_free(struct mail_in *m)
{
	size_t i;

	free(m->from), free(m->from_name), free(m->subject);
	free(m->message_id), free(m->in_reply_to), free(m->date);
	free(m->auto_submitted), free(m->precedence);
	free(m->text);
	for (i = 0; i < m->nparts; i++) {
		free(m->parts[i].type);
		free(m->parts[i].filename);
		free(m->parts[i].data);
	}
	free(m->parts);
	memset(m, 0, sizeof(*m));
}
