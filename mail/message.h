/*
 * message.h - mail as text: composing (RFC 5322, MIME RFC 2045/2046,
 * encoded words RFC 2047, RFC 2231 file names) and parsing.  Pure
 * functions: no network, no files, no clock, no randomness (callers pass
 * the date and the Message-ID), so every output is reproducible.
 *
 * Ownership: mail_compose returns a malloc'ed text the caller frees;
 * mail_parse fills a struct mail_in that owns its strings and parts,
 * released by mail_in_free.  Untrusted input everywhere: parsing is
 * bounded (size, parts, nesting) and header fields given to compose are
 * refused when they could inject headers.
 */
#ifndef STACKREF_MAIL_MESSAGE_H
#define STACKREF_MAIL_MESSAGE_H

#include <stddef.h>
#include <time.h>

#define MAIL_SIZE_MAX (32u * 1024 * 1024)  /* a raw message */
#define MAIL_PARTS_MAX 64                  /* leaf parts kept */
#define MAIL_DEPTH_MAX 16                  /* multipart nesting */
#define MAIL_ADDR_MAX 256                  /* an address, NUL included */

/* A file attached to a composed mail, or a part its HTML shows. */
struct mail_attachment {
	const char *filename;    /* UTF-8; RFC 2231-encoded when not ASCII */
	const char *type;        /* media type: "application/x-pdn" */
	const char *data;
	size_t len;
	const char *cid;         /* mail_out.inl: its Content-ID without
				  * the angle brackets ("board.7@host"),
				  * which the HTML names as "cid:board.7@host";
				  * NULL for an attachment */
};

/* What a composed mail says.  Every string is UTF-8. */
struct mail_out {
	const char *from;            /* "Name <addr@host>" or "addr@host" */
	const char *const *to;       /* same forms, nto of them (>= 1) */
	size_t nto;
	const char *subject;
	const char *text;            /* the text/plain body */
	const struct mail_attachment *att;
	size_t natt;
	const char *message_id;      /* "<unique@host>", required */
	const char *in_reply_to;     /* "<...>" or NULL (also References) */
	time_t date;                 /* written in UTC, RFC 5322 form */
	const char *auto_submitted;  /* "auto-replied" (RFC 3834), or NULL */
	const char *html;            /* an HTML alternative of text, or NULL */
	const struct mail_attachment *inl;  /* the parts the HTML shows */
	size_t ninl;                 /* (each with a cid), 0 without html */
};

/*
 * Composes m: headers (Date, From, To, Subject, Message-ID, In-Reply-To,
 * References, Auto-Submitted, MIME-Version), then the body, CRLF line
 * ends, lines within 78 columns: the text part alone (7bit when it is
 * short plain ASCII lines, else quoted-printable), or with an HTML
 * alternative
 *
 *     multipart/mixed                  when there are attachments
 *       multipart/alternative          when there is html
 *         text/plain                   the text, complete on its own
 *         multipart/related            when there are inline parts
 *           text/html                  the html
 *           image/png ...              the inline parts (Content-ID)
 *       application/x-pdn ...          the attachments (base64)
 *
 * Each MIME boundary is derived from the Message-ID and its nesting
 * level, and found in none of the parts it separates.  Returns 0 with
 * *text (malloc'ed, NUL-terminated) and *len, or -1 with *why (a
 * static phrase): a header value holding CR, LF or NUL (no header
 * injection), an address that does not parse, a Content-ID that is
 * not left@right, inline parts without html, no memory.
 */
int mail_compose(const struct mail_out *m, char **text, size_t *len,
    const char **why);

/*
 * Writes a Message-ID "<HEX.HEX@domain>" from 16 random bytes and the
 * time into buf; returns its length, or -1 if it does not fit or domain
 * is not a plain host name.
 */
int mail_message_id(char *buf, size_t size, const unsigned char rnd[16],
    time_t t, const char *domain);

/*
 * Reads "Name <addr>", "<addr>" or "addr" in s: the address (checked:
 * one '@', no spaces, controls or angle brackets, shorter than
 * MAIL_ADDR_MAX) goes to addr, the display name (may be empty) to name.
 * Returns 0, or -1 when s holds no valid address.
 */
int mail_address(const char *s, char addr[MAIL_ADDR_MAX], char *name,
    size_t nsize);

/* One leaf part of a parsed mail, decoded. */
struct mail_part {
	char *type;              /* lower case: "application/x-pdn" */
	char *filename;          /* decoded file name, or NULL */
	char *data;              /* decoded body (base64, quoted-printable,
				  * 7bit, 8bit), NUL-terminated */
	size_t len;
};

/* A parsed mail.  Strings are NULL when the header is missing. */
struct mail_in {
	char *from;              /* the address of From */
	char *from_name;         /* its display name, decoded */
	char *subject;           /* decoded (RFC 2047), unfolded */
	char *message_id;        /* with its angle brackets */
	char *in_reply_to;
	char *date;
	char *auto_submitted;    /* Auto-Submitted and Precedence, as they */
	char *precedence;        /* are (trimmed), for loop detection */
	char *text;              /* the first text/plain part, decoded,
				  * UTF-8; "" when there is none */
	struct mail_part *parts; /* every other leaf part */
	size_t nparts;
};

/*
 * Parses the raw message raw[0..len) (CRLF or LF line ends; folded
 * headers; multipart/mixed, nested multipart/alternative and others;
 * base64, quoted-printable, 7bit and 8bit).  Returns 0, or -1 with *why
 * (a static phrase) when it is not a readable mail or exceeds the bounds
 * above; m is then empty (mail_in_free is still safe).
 *
 * The text, from_name, subject and file names come out in valid UTF-8,
 * converted with iconv(3) from any charset the C library knows (the
 * text's charset parameter, RFC 2047 encoded words, RFC 2231 values);
 * US-ASCII and a missing charset are read as UTF-8.  A byte that starts
 * no valid sequence of its charset becomes U+FFFD.  An encoded word in
 * a charset iconv does not know is kept as it is written; a text or
 * file name in one is read as UTF-8.  Raw 8-bit header text that is not
 * UTF-8 is read as ISO-8859-1.  Parts other than the text keep their
 * bytes.
 */
int mail_parse(const char *raw, size_t len, struct mail_in *m,
    const char **why);

/*
 * Calls field(ctx, NAME, VALUE) for each field of the top-level header
 * of the raw message raw[0..len), in order: NAME as written, VALUE
 * unfolded and trimmed, both NUL-terminated and valid during the call.
 * Returns 0, or -1 with *why (a static phrase) when the header does not
 * read as mail_parse reads it (fields before the failure were given).
 */
int mail_fields(const char *raw, size_t len,
    void (*field)(void *ctx, const char *name, const char *value), void *ctx,
    const char **why);

void mail_in_free(struct mail_in *m);

#endif
