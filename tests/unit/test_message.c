/*
 * test_message.c - composing and parsing mail (mail/message.c), from the
 * hand-written client mails of fixtures/mail and by round trips.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "mail/message.h"
#include "mail/pbem.h"

#define FIX "fixtures/mail/"
#define T0 1795255083        /* Sat, 21 Nov 2026 09:58:03 +0000 */
#define FNAME 256            /* a file name of 255 bytes, NUL */
#define FFFD "\xef\xbf\xbd"     /* U+FFFD, the replacement character */

static const char pdn[] = "[Event \"Casual game\"]\n[GameType \"21\"]\n"
    "[White \"alice\"]\n[Black \"bob\"]\n[Result \"*\"]\n\n"
    "1. 11-15 23-19 2. 8-11 22-17 *\n";

static char *
load(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	char *buf;

	if (f == NULL)
		fail_msg("cannot open %s", path);
	buf = malloc(1 << 20);
	assert_non_null(buf);
	*len = fread(buf, 1, 1 << 20, f);
	fclose(f);
	return buf;
}

static void
parse_file(const char *name, struct mail_in *m)
{
	const char *why = NULL;
	char path[256];
	size_t len;
	char *raw;

	snprintf(path, sizeof(path), FIX "%s", name);
	raw = load(path, &len);
	if (mail_parse(raw, len, m, &why) != 0)
		fail_msg("%s: %s", name, why);
	free(raw);
}

static const char *
parse_fails(const char *raw, size_t len)
{
	struct mail_in m;
	const char *why = NULL;

	assert_int_equal(mail_parse(raw, len, &m, &why), -1);
	assert_non_null(why);
	assert_null(m.from);
	assert_null(m.text);
	assert_int_equal(m.nparts, 0);
	mail_in_free(&m);
	return why;
}

static struct pbem_cmd
command(const char *subject)
{
	struct pbem_cmd c;
	const char *why;

	if (pbem_parse(subject, &c, &why) != 0)
		fail_msg("%s: %s", subject, why);
	return c;
}

/* ---- fixtures ---- */

static void
test_thunderbird_reply(void **state)
{
	struct mail_in m;
	struct pbem_cmd c;

	(void)state;
	parse_file("thunderbird-reply.eml", &m);
	assert_string_equal(m.from, "alice@example.org");
	assert_string_equal(m.from_name, "Alice Liddell");
	assert_string_equal(m.subject,
	    "Re: checkers move sr-1a2b alice s3cret 11-15#5");
	assert_string_equal(m.message_id,
	    "<5f0c1d2e-3a4b-4c5d-8e9f-0a1b2c3d4e5f@example.org>");
	assert_string_equal(m.in_reply_to,
	    "<0123456789abcdef.65a1b2c3@example.net>");
	assert_string_equal(m.date, "Sat, 21 Nov 2026 10:12:30 +0100");
	assert_non_null(strstr(m.text, "\n> It is alice's turn.\n"));
	assert_non_null(strstr(m.text, "\n-- \nAlice\n"));
	assert_null(strchr(m.text, '\r'));
	assert_int_equal(m.nparts, 0);
	c = command(m.subject);
	assert_int_equal(c.verb, PBEM_MOVE);
	assert_string_equal(c.move, "11-15");
	assert_int_equal(c.ply, 5);
	mail_in_free(&m);
}

static void
test_gmail_encoded_subject(void **state)
{
	struct mail_in m;
	struct pbem_cmd c;

	(void)state;
	parse_file("gmail-utf8-subject.eml", &m);
	assert_string_equal(m.subject,
	    "Re: stackup move sr-77 jos\xc3\xa9 s\xc3\xa9" "cret a1:1+b2,-b1#12");
	assert_string_equal(m.from_name, "Jos\xc3\xa9 Garc\xc3\xad" "a");
	assert_string_equal(m.from, "jose.garcia@gmail.com");
	assert_string_equal(m.text, "Voil\xc3\xa0 mon coup, \xc3\xa0 toi de "
	    "jouer. Une tr\xc3\xa8s longue ligne qui d\xc3\xa9passe la "
	    "largeur habituelle pour montrer les sauts de ligne doux.\n\n"
	    "Jos\xc3\xa9\n");
	assert_int_equal(m.nparts, 1);
	assert_string_equal(m.parts[0].type, "text/html");
	assert_null(m.parts[0].filename);
	assert_string_equal(m.parts[0].data, "<div dir=\"ltr\">Voil\xc3\xa0 "
	    "mon coup, \xc3\xa0 toi de jouer.<br><br>Jos\xc3\xa9</div>\n");
	c = command(m.subject);
	assert_string_equal(c.user, "jos\xc3\xa9");
	assert_string_equal(c.move, "a1:1+b2,-b1");
	assert_int_equal(c.ply, 12);
	mail_in_free(&m);
}

static void
test_outlook_latin1_lf(void **state)
{
	struct mail_in m;
	struct pbem_cmd c;

	(void)state;
	parse_file("outlook-latin1.eml", &m);
	assert_string_equal(m.from_name, "J\xc3\xbcrgen M\xc3\xbcller");
	assert_string_equal(m.subject,
	    "AW: accasta-pari move b7 j\xc3\xbcrgen geheim a1:1-c1,+b2#7");
	assert_string_equal(m.text, "Hallo,\n\nmein Zug steht im Betreff. "
	    "Gr\xc3\xbc\xc3\x9f" "e aus K\xc3\xb6ln!\n\nJ\xc3\xbcrgen\n");
	assert_string_equal(m.message_id, "<AM0PR07MB1234567890ABCDEF@"
	    "AM0PR07MB1234.eurprd07.prod.outlook.com>");
	c = command(m.subject);
	assert_int_equal(c.verb, PBEM_MOVE);
	assert_string_equal(c.game, "accasta-pari");
	assert_string_equal(c.move, "a1:1-c1,+b2");
	assert_int_equal(c.ply, 7);
	mail_in_free(&m);
}

static void
test_apple_mixed_alternative(void **state)
{
	struct mail_in m;

	(void)state;
	parse_file("apple-mixed-alternative.eml", &m);
	assert_string_equal(m.from_name, "Bob Brown");
	assert_string_equal(m.message_id,
	    "<1A2B3C4D-5E6F-4A7B-8C9D-0E1F2A3B4C5D@example.com>");
	assert_string_equal(m.text, "The record is attached.\n\nBob\n");
	assert_int_equal(m.nparts, 2);
	assert_string_equal(m.parts[0].type, "text/html");
	assert_string_equal(m.parts[1].type, "application/octet-stream");
	assert_string_equal(m.parts[1].filename, "game.pdn");
	assert_int_equal(m.parts[1].len, strlen(pdn));
	assert_memory_equal(m.parts[1].data, pdn, strlen(pdn));
	assert_int_equal(command(m.subject).ply, 6);
	mail_in_free(&m);
}

static void
test_mutt_7bit_attachment(void **state)
{
	struct mail_in m;

	(void)state;
	parse_file("mutt-7bit-attachment.eml", &m);
	assert_string_equal(m.from_name, "Carol");
	assert_string_equal(m.text, "The game so far, as I have it.\n");
	assert_int_equal(m.nparts, 1);
	assert_string_equal(m.parts[0].type, "application/x-pdn");
	assert_string_equal(m.parts[0].filename, "stackers-brown.pdn");
	assert_int_equal(m.parts[0].len, strlen(pdn) - 1);
	assert_memory_equal(m.parts[0].data, pdn, strlen(pdn) - 1);
	assert_string_equal(command(m.subject).move, "c3=rbbbr");
	mail_in_free(&m);
}

static void
test_rfc2231_names(void **state)
{
	struct mail_in m;

	(void)state;
	parse_file("rfc2231-filename.eml", &m);
	assert_string_equal(m.from_name, "\xc3\x89lodie Dupont");
	assert_string_equal(m.text, "Deux fichiers joints, \xc3\xa9lodie.\n");
	assert_int_equal(m.nparts, 3);
	assert_string_equal(m.parts[0].filename,
	    "partie d\xc3\xa9" "cisive.pdn");
	assert_memory_equal(m.parts[0].data, pdn, strlen(pdn));
	assert_string_equal(m.parts[1].filename, "\xc3\xa9l\xc3\xa8ve contre "
	    "ma\xc3\xaetre \xe2\x80\x94 ronde 3.pdn");
	assert_string_equal(m.parts[1].data, "[Event \"?\"]\n*\n");
	assert_string_equal(m.parts[2].type, "text/plain");
	assert_string_equal(m.parts[2].filename, "r\xc3\xa9sum\xc3\xa9.txt");
	assert_string_equal(m.parts[2].data, "notes\n");
	assert_string_equal(command(m.subject).move, "c1:2-c3,1-d2");
	mail_in_free(&m);
}

static void
test_forwarded(void **state)
{
	struct mail_in m;
	struct pbem_cmd c;

	(void)state;
	parse_file("forwarded.eml", &m);
	assert_string_equal(m.text,
	    "Forwarding the last board, it looks wrong to me.\n");
	assert_int_equal(m.nparts, 1);
	assert_string_equal(m.parts[0].type, "message/rfc822");
	assert_string_equal(m.parts[0].filename, "checkers Board sr-1a2b.eml");
	assert_true(strncmp(m.parts[0].data,
	    "From: Stackref Referee <referee@example.net>\n", 45) == 0);
	assert_non_null(strstr(m.parts[0].data, "\n\nIt is alice's turn.\n"));
	c = command(m.subject);
	assert_int_equal(c.verb, PBEM_SHOW);
	assert_string_equal(c.board, "sr-1a2b");
	assert_int_equal(c.ply, 5);
	mail_in_free(&m);
}

static void
test_garbage(void **state)
{
	size_t len;
	char *raw;

	(void)state;
	raw = load(FIX "garbage-binary.eml", &len);
	assert_non_null(strstr(parse_fails(raw, len), "not a mail"));
	free(raw);
	raw = load(FIX "garbage-noheader.eml", &len);
	assert_non_null(strstr(parse_fails(raw, len), "not a mail"));
	free(raw);
	assert_non_null(strstr(parse_fails("", 0), "not a mail"));
	assert_non_null(strstr(parse_fails("\r\nbody\r\n", 8), "not a mail"));
	assert_non_null(strstr(parse_fails("Subject: a\0b\r\n\r\n", 16),
	    "NUL"));
	assert_non_null(strstr(parse_fails(" folded: first\r\n\r\n", 18),
	    "not a mail"));
	assert_non_null(strstr(parse_fails("x", (size_t)MAIL_SIZE_MAX + 1),
	    "larger"));
}

/* The same mail with LF and with CRLF line ends parses the same. */
static void
test_lf_and_crlf(void **state)
{
	struct mail_in a, b;
	const char *why;
	size_t len, i, n = 0;
	char *raw, *lf;

	(void)state;
	raw = load(FIX "apple-mixed-alternative.eml", &len);
	lf = malloc(len + 1);
	assert_non_null(lf);
	for (i = 0; i < len; i++)
		if (!(raw[i] == '\r' && i + 1 < len && raw[i + 1] == '\n'))
			lf[n++] = raw[i];
	assert_true(n < len);
	assert_int_equal(mail_parse(raw, len, &a, &why), 0);
	assert_int_equal(mail_parse(lf, n, &b, &why), 0);
	assert_string_equal(a.subject, b.subject);
	assert_string_equal(a.text, b.text);
	assert_int_equal(a.nparts, b.nparts);
	for (i = 0; i < a.nparts; i++) {
		assert_int_equal(a.parts[i].len, b.parts[i].len);
		assert_memory_equal(a.parts[i].data, b.parts[i].data,
		    a.parts[i].len);
	}
	mail_in_free(&a);
	mail_in_free(&b);
	free(raw);
	free(lf);
}

/* ---- bounds ---- */

/* depth multiparts nested one in the other, a text at the bottom. */
static char *
nested(int depth, size_t *len)
{
	char *buf = malloc(200 * (size_t)depth + 200), *p = buf;
	int i;

	assert_non_null(buf);
	p += sprintf(p, "From: a@b.c\nSubject: deep\n");
	for (i = 0; i < depth; i++)
		p += sprintf(p, "Content-Type: multipart/mixed; "
		    "boundary=\"b%d\"\n\n--b%d\n", i, i);
	p += sprintf(p, "Content-Type: text/plain\n\nbottom\n");
	for (i = depth - 1; i >= 0; i--)
		p += sprintf(p, "--b%d--\n", i);
	*len = p - buf;
	return buf;
}

static void
test_nesting(void **state)
{
	struct mail_in m;
	const char *why;
	size_t len;
	char *raw;

	(void)state;
	raw = nested(MAIL_DEPTH_MAX, &len);
	assert_int_equal(mail_parse(raw, len, &m, &why), 0);
	assert_string_equal(m.text, "bottom");
	mail_in_free(&m);
	free(raw);
	raw = nested(MAIL_DEPTH_MAX + 1, &len);
	assert_non_null(strstr(parse_fails(raw, len), "nested"));
	free(raw);
	raw = nested(1000, &len);
	assert_non_null(strstr(parse_fails(raw, len), "nested"));
	free(raw);
	raw = nested(100000, &len);
	assert_non_null(strstr(parse_fails(raw, len), "nested"));
	free(raw);
}

static void
test_many_parts(void **state)
{
	struct mail_in m;
	const char *why;
	char *buf, *p;
	int i;

	(void)state;
	p = buf = malloc(100000);
	assert_non_null(buf);
	p += sprintf(p, "From: a@b.c\r\nContent-Type: multipart/mixed; "
	    "boundary=zz\r\n\r\n");
	for (i = 0; i < 200; i++)
		p += sprintf(p, "--zz\r\nContent-Type: application/x-pdn\r\n"
		    "\r\npart %d\r\n", i);
	p += sprintf(p, "--zz--\r\n");
	assert_int_equal(mail_parse(buf, p - buf, &m, &why), 0);
	assert_int_equal(m.nparts, MAIL_PARTS_MAX);
	assert_string_equal(m.parts[0].data, "part 0");
	assert_string_equal(m.parts[MAIL_PARTS_MAX - 1].data, "part 63");
	assert_string_equal(m.text, "");
	mail_in_free(&m);
	free(buf);
}

static void
test_oversized_header(void **state)
{
	struct mail_in m;
	const char *why;
	size_t n = 100000, i;
	char *buf;

	(void)state;
	buf = malloc(n + 100);
	assert_non_null(buf);
	memcpy(buf, "From: a@b.c\r\nSubject: ", 22);
	memset(buf + 22, 'x', n);
	memcpy(buf + 22 + n, "\r\n\r\nbody\r\n", 10);
	assert_non_null(strstr(parse_fails(buf, n + 32), "longer than"));
	/* the same length folded into many short lines */
	for (i = 22 + 70; i + 2 < 22 + n; i += 72)
		memcpy(buf + i, "\r\n ", 3);
	assert_non_null(strstr(parse_fails(buf, n + 32), "longer than"));
	/* 10000 bytes are fine */
	memcpy(buf + 22 + 10000, "\r\n\r\nbody\r\n", 10);
	assert_int_equal(mail_parse(buf, 22 + 10010, &m, &why), 0);
	assert_int_equal(strlen(m.subject), 10000 - 10000 / 72 * 2);
	assert_string_equal(m.text, "body\n");
	mail_in_free(&m);
	free(buf);
}

/* ---- decoding details ---- */

static void
parse_str(const char *raw, struct mail_in *m)
{
	const char *why = NULL;

	if (mail_parse(raw, strlen(raw), m, &why) != 0)
		fail_msg("%s", why);
}

static void
test_encoded_words(void **state)
{
	struct mail_in m;

	(void)state;
	parse_str("Subject: =?utf-8?q?caf=C3=A9?= =?UTF-8?B?w6k=?=\r\n"
	    "\tand =?ISO-8859-1?Q?=E9t=E9?= plain =?x-unknown?Q?raw?=\r\n"
	    "From: \"=?utf-8?Q?Ren=C3=A9e?=\" <renee@example.org>\r\n\r\n", &m);
	assert_string_equal(m.subject, "caf\xc3\xa9\xc3\xa9 and "
	    "\xc3\xa9t\xc3\xa9 plain =?x-unknown?Q?raw?=");
	assert_string_equal(m.from_name, "Ren\xc3\xa9" "e");
	mail_in_free(&m);
	/* a UTF-8 character split over two words; windows-1252 quotes */
	parse_str("Subject: =?UTF-8?B?w6?= =?UTF-8?Q?=A9?= "
	    "=?windows-1252?Q?=93hi=94?=\r\n"
	    "From: bob@example.org (Bob the Builder)\r\n\r\n", &m);
	assert_string_equal(m.subject, "\xc3\xa9\xe2\x80\x9chi\xe2\x80\x9d");
	assert_string_equal(m.from, "bob@example.org");
	assert_string_equal(m.from_name, "Bob the Builder");
	mail_in_free(&m);
	/* raw Latin-1 bytes and an encoded CR LF become text and blanks */
	parse_str("Subject: Gr\xfc\xdf =?UTF-8?Q?a=0D=0Ab?=\r\n"
	    "From: <x@y.z>\r\nMessage-ID: junk\r\n\r\n", &m);
	assert_string_equal(m.subject, "Gr\xc3\xbc\xc3\x9f a  b");
	mail_in_free(&m);
	/* an encoded word that is not the UTF-8 it says: U+FFFD */
	parse_str("Subject: =?UTF-8?Q?a=FFb=C3?= end\r\nFrom: <x@y.z>\r\n"
	    "Message-ID: junk\r\n\r\n", &m);
	assert_string_equal(m.subject, "a" FFFD "b" FFFD " end");
	assert_string_equal(m.from_name, "");
	assert_null(m.message_id);
	assert_null(m.date);
	mail_in_free(&m);
	/* Message-IDs: comments around them, no '@', blanks inside */
	parse_str("From: <x@y.z>\r\nMessage-ID: (c) <no-at-sign> (d)\r\n"
	    "In-Reply-To: <a b@c>\r\n\r\n", &m);
	assert_string_equal(m.message_id, "<no-at-sign>");
	assert_null(m.in_reply_to);
	mail_in_free(&m);
}

/* ---- charsets (iconv) ---- */

#define EURO "\xe2\x82\xac"

/* The subject of a mail whose Subject field is subject. */
static char *
subject_of(const char *subject)
{
	char raw[1024];
	struct mail_in m;
	char *s;

	snprintf(raw, sizeof(raw), "From: a@b.c\r\nSubject: %s\r\n\r\nx\r\n",
	    subject);
	parse_str(raw, &m);
	s = strdup(m.subject);
	mail_in_free(&m);
	return s;
}

/* The text of a mail whose Content-Type is ctype, whose
 * Content-Transfer-Encoding is cte, whose body is body. */
static char *
text_of(const char *ctype, const char *cte, const char *body)
{
	size_t n = strlen(ctype) + strlen(cte) + strlen(body) + 100;
	char *raw = malloc(n), *s;
	struct mail_in m;

	assert_non_null(raw);
	snprintf(raw, n, "From: a@b.c\r\nContent-Type: %s\r\n"
	    "Content-Transfer-Encoding: %s\r\n\r\n%s", ctype, cte, body);
	parse_str(raw, &m);
	free(raw);
	s = strdup(m.text);
	mail_in_free(&m);
	return s;
}

/* The file name of the one part of a mail whose Content-Disposition
 * is cdisp. */
static char *
filename_of(const char *cdisp)
{
	char raw[1024];
	struct mail_in m;
	char *s;

	snprintf(raw, sizeof(raw), "From: a@b.c\r\nContent-Type: "
	    "application/x-pdn\r\nContent-Disposition: %s\r\n\r\nx\r\n", cdisp);
	parse_str(raw, &m);
	assert_int_equal(m.nparts, 1);
	s = m.parts[0].filename != NULL ? strdup(m.parts[0].filename) : NULL;
	mail_in_free(&m);
	return s;
}

#define EQ(got, want) do { \
	char *got_ = (got); \
	assert_non_null(got_); \
	assert_string_equal(got_, want); \
	free(got_); \
} while (0)

static void
test_charset_words(void **state)
{
	(void)state;
	/* ISO-8859-15 is not Latin-1: 0xA4 is the euro sign */
	EQ(subject_of("=?ISO-8859-15?Q?100_=A4?="), "100 " EURO);
	EQ(subject_of("=?iso-8859-1?Q?=A4?="), "\xc2\xa4");
	EQ(subject_of("=?koi8-r?B?8NLJ18XU?="), "Привет");
	EQ(subject_of("=?windows-1252?B?k2hplCCA?="), "“hi” " EURO);
	EQ(subject_of("=?ISO-2022-JP?B?GyRCRnxLXBsoQg==?= go"), "日本 go");
	EQ(subject_of("=?GB18030?B?xuU=?="), "棋");
	/* a Shift_JIS character split over two words; words in two
	 * charsets side by side */
	EQ(subject_of("=?Shift_JIS?B?kw==?= =?shift_jis?B?+pZ7?="), "日本");
	EQ(subject_of("=?ISO-8859-15?Q?=A4?= =?UTF-8?Q?=E2=82=AC?= x"),
	    EURO EURO " x");
	/* the RFC 2231 language of a word; odd case */
	EQ(subject_of("=?Iso-8859-15*fr?q?=A4?="), EURO);
	/* unknown charsets and names that are no charset stay words */
	EQ(subject_of("a =?x-unknown?Q?=A4?= b"), "a =?x-unknown?Q?=A4?= b");
	EQ(subject_of("=?UTF-8//IGNORE?Q?a?="), "=?UTF-8//IGNORE?Q?a?=");
	EQ(subject_of("=??Q?a?="), "=??Q?a?=");
	EQ(subject_of("=?utf-8?Q?a?= =?x-unknown?Q?b?= =?utf-8?Q?c?="),
	    "a =?x-unknown?Q?b?= c");
}

static void
test_charset_texts(void **state)
{
	(void)state;
	EQ(text_of("text/plain; charset=iso-8859-15", "quoted-printable",
	    "Prix: 5 =A4, =E9t=E9\r\n"), "Prix: 5 " EURO ", été\n");
	EQ(text_of("text/plain; charset=\"Windows-1252\"", "quoted-printable",
	    "=93hi=94 =80\r\n"), "“hi” " EURO "\n");
	EQ(text_of("text/plain; charset=ISO-8859-1", "8bit", "caf\xe9\r\n"),
	    "café\n");
	EQ(text_of("text/plain; charset=KOI8-R", "8bit", "\xf0\xd2\xc9\xd7"
	    "\xc5\xd4\r\n"), "Привет\n");
	EQ(text_of("text/plain; charset=Shift_JIS", "base64", "k/qWew==\r\n"),
	    "日本");
	EQ(text_of("text/plain; charset=utf-16", "base64",
	    "//5hAC4AcABkAG4A\r\n"), "a.pdn");
	/* charset names: quotes, blanks, case, RFC 2231 */
	EQ(text_of("text/plain; charset= 'iso-8859-15' ", "8bit", "\xa4"),
	    EURO);
	EQ(text_of("text/plain; charset*=''ISO-8859-15", "8bit", "\xa4"),
	    EURO);
	EQ(text_of("text/plain; CHARSET=\"iSo-8859-15\"", "8bit", "\xa4"),
	    EURO);
}

static void
test_charset_filenames(void **state)
{
	(void)state;
	EQ(filename_of("attachment; filename*=iso-8859-15'fr'%A4.pdn"),
	    EURO ".pdn");
	EQ(filename_of("attachment; filename*=UTF-16''%FF%FEa%00.%00p%00d"
	    "%00n%00"), "a.pdn");
	/* a character split over two segments */
	EQ(filename_of("attachment; filename*0*=Shift_JIS''%93; "
	    "filename*1*=%FA%96%7B.pdn"), "日本.pdn");
	/* unknown: read as UTF-8 */
	EQ(filename_of("attachment; filename*=x-unknown''caf%C3%A9%FF"),
	    "café" FFFD);
	EQ(filename_of("attachment; filename*=UTF-8''"), "");
}

/* An empty quoted value is empty, not the value before it. */
static void
test_empty_parameter(void **state)
{
	(void)state;
	EQ(filename_of("attachment; size=\"12345\"; filename=\"\""), "");
	EQ(filename_of("attachment; size=\"12345\"; filename="), "");
	EQ(text_of("text/plain; x=\"ISO-8859-15\"; charset=\"\"", "8bit",
	    "\xa4"), FFFD);
}

static void
test_charset_invalid(void **state)
{
	char *body, *want, *got;
	size_t n = 100000, i;

	(void)state;
	/* an unknown charset is read as UTF-8; invalid bytes become U+FFFD */
	EQ(text_of("text/plain; charset=x-unknown", "8bit",
	    "caf\xc3\xa9 \xff!"), "café " FFFD "!");
	EQ(text_of("text/plain; charset=\"UTF-8//TRANSLIT\"", "8bit",
	    "\xa4"), FFFD);
	EQ(text_of("text/plain", "8bit", "a\xff\xfe" "b\xe2\x82"),
	    "a" FFFD FFFD "b" FFFD);
	EQ(text_of("text/plain; charset=us-ascii", "8bit", "\xc3\xa9\x80"),
	    "é" FFFD);
	EQ(text_of("text/plain; charset=Shift_JIS", "8bit", "a\x81\x20" "b"),
	    "a" FFFD " b");
	EQ(text_of("text/plain; charset=utf-16le", "base64", "YQBi\r\n"),
	    "a" FFFD);
	/* a charset name iconv would take for the locale's */
	EQ(text_of("text/plain; charset=\"\"", "8bit", "\xc3\xa9"), "é");
	/* 100000 invalid bytes: 300000 bytes of U+FFFD, no more */
	body = malloc(n + 1);
	want = malloc(3 * n + 1);
	assert_non_null(body);
	assert_non_null(want);
	memset(body, 0xff, n);
	body[n] = '\0';
	for (i = 0; i < n; i++)
		memcpy(want + 3 * i, FFFD, 3);
	want[3 * n] = '\0';
	got = text_of("text/plain; charset=utf-8", "8bit", body);
	assert_int_equal(strlen(got), 3 * n);
	assert_string_equal(got, want);
	free(got), free(want), free(body);
}

static void
test_transfer_encodings(void **state)
{
	struct mail_in m;

	(void)state;
	parse_str("From: a@b.c\r\nContent-Type: multipart/mixed; boundary=b\r\n"
	    "\r\n--b\r\nContent-Transfer-Encoding: Quoted-Printable\r\n\r\n"
	    "soft=\r\nbreak =3d =3D =XY = trailing   \r\nend=\r\n"
	    "\r\n--b\r\nContent-Type: application/octet-stream\r\n"
	    "Content-Transfer-Encoding: BASE64\r\n\r\n"
	    "AAEC\r\n A*!w==\r\n\r\n--b\r\n"
	    "Content-Type: text/x-other\r\nContent-Transfer-Encoding: 8bit\r\n"
	    "\r\nline\r\nbare\rcr\r\n--b--\r\n", &m);
	assert_string_equal(m.text, "softbreak = = =XY = trailing\nend");
	assert_int_equal(m.nparts, 2);
	assert_int_equal(m.parts[0].len, 4);
	assert_memory_equal(m.parts[0].data, "\0\1\2\3", 4);
	assert_string_equal(m.parts[1].data, "line\nbare\rcr");
	mail_in_free(&m);
	/* a single part, base64; no boundary: a leaf */
	parse_str("From: a@b.c\nContent-Type: text/plain; charset=utf-8\n"
	    "Content-Transfer-Encoding: base64\n\naGVsbG8K\n", &m);
	assert_string_equal(m.text, "hello\n");
	mail_in_free(&m);
	parse_str("From: a@b.c\nContent-Type: application/<x>\n"
	    "Content-Disposition: attachment; filename=f\n\ndata\n", &m);
	assert_int_equal(m.nparts, 1);
	assert_string_equal(m.parts[0].type, "text/plain");
	assert_string_equal(m.parts[0].filename, "f");
	assert_string_equal(m.text, "");
	mail_in_free(&m);
	parse_str("From: a@b.c\nContent-Type: multipart/mixed\n\nbody\n", &m);
	assert_int_equal(m.nparts, 1);
	assert_string_equal(m.parts[0].type, "multipart/mixed");
	mail_in_free(&m);
}

/* ---- composing ---- */

static void
check_lines(const char *t, size_t len)
{
	size_t i, col = 0;

	for (i = 0; i < len; i++) {
		if (t[i] == '\n') {
			assert_true(i > 0 && t[i - 1] == '\r');
			col = 0;
			continue;
		}
		if (t[i] == '\r')
			assert_true(i + 1 < len && t[i + 1] == '\n');
		else if (++col > 78)
			fail_msg("line over 78 columns at byte %zu", i);
	}
	assert_true(len >= 2 && t[len - 2] == '\r' && t[len - 1] == '\n');
}

static void
test_compose_simple(void **state)
{
	const char *to[] = { "Bob <bob@example.org>" };
	struct mail_out o = { "Stackref Referee <referee@example.net>", to, 1,
	    "checkers Board sr-1a2b bob", "It is bob's turn.\n", NULL, 0,
	    "<0123.65a1@example.net>", NULL, T0, NULL,
	    NULL, NULL, 0 };
	const char *why;
	size_t len;
	char *t;

	(void)state;
	assert_int_equal(mail_compose(&o, &t, &len, &why), 0);
	assert_int_equal(strlen(t), len);
	assert_string_equal(t,
	    "Date: Sat, 21 Nov 2026 09:58:03 +0000\r\n"
	    "From: \"Stackref Referee\" <referee@example.net>\r\n"
	    "To: \"Bob\" <bob@example.org>\r\n"
	    "Subject: checkers Board sr-1a2b bob\r\n"
	    "Message-ID: <0123.65a1@example.net>\r\n"
	    "MIME-Version: 1.0\r\n"
	    "Content-Type: text/plain; charset=UTF-8\r\n"
	    "Content-Transfer-Encoding: 7bit\r\n"
	    "\r\n"
	    "It is bob's turn.\r\n");
	free(t);
}

static void
test_compose_dates(void **state)
{
	static const struct {
		time_t t;
		const char *want;
	} d[] = {
		{ 0, "Date: Thu, 1 Jan 1970 00:00:00 +0000\r\n" },
		{ -1, "Date: Wed, 31 Dec 1969 23:59:59 +0000\r\n" },
		{ 951782400, "Date: Tue, 29 Feb 2000 00:00:00 +0000\r\n" },
		{ 4102444799LL, "Date: Thu, 31 Dec 2099 23:59:59 +0000\r\n" },
	};
	const char *to[] = { "b@example.org" };
	struct mail_out o = { "a@example.org", to, 1, "s", "x\n", NULL, 0,
	    "<1@example.org>", "<0@example.org>", 0, NULL,
	    NULL, NULL, 0 };
	const char *why;
	size_t len, i;
	char *t;

	(void)state;
	for (i = 0; i < sizeof(d) / sizeof(d[0]); i++) {
		o.date = d[i].t;
		assert_int_equal(mail_compose(&o, &t, &len, &why), 0);
		assert_true(strncmp(t, d[i].want, strlen(d[i].want)) == 0);
		assert_non_null(strstr(t, "\r\nIn-Reply-To: <0@example.org>\r\n"
		    "References: <0@example.org>\r\n"));
		free(t);
	}
}

/* Composes o, parses it back and checks every field comes back. */
static void
round_trip(const struct mail_out *o)
{
	char addr[MAIL_ADDR_MAX], name[1024];
	struct mail_in m;
	const char *why;
	size_t len, i;
	char *t;

	if (mail_compose(o, &t, &len, &why) != 0)
		fail_msg("compose: %s", why);
	check_lines(t, len);
	if (mail_parse(t, len, &m, &why) != 0)
		fail_msg("parse: %s", why);
	assert_int_equal(mail_address(o->from, addr, name, sizeof(name)), 0);
	assert_string_equal(m.from, addr);
	assert_string_equal(m.from_name, name);
	assert_string_equal(m.subject, o->subject);
	assert_string_equal(m.text, o->text);
	assert_string_equal(m.message_id, o->message_id);
	assert_int_equal(m.nparts, o->natt);
	for (i = 0; i < o->natt; i++) {
		assert_string_equal(m.parts[i].type, o->att[i].type);
		assert_string_equal(m.parts[i].filename, o->att[i].filename);
		assert_int_equal(m.parts[i].len, o->att[i].len);
		assert_memory_equal(m.parts[i].data, o->att[i].data,
		    o->att[i].len);
	}
	mail_in_free(&m);
	free(t);
}

static void
test_round_trips(void **state)
{
	static const char *const subjects[] = { "", "x", "checkers move sr-1a2b "
	    "alice s3cret 11-15#5", "Ré: échecs — «partie» 日本語 🎲",
	    " leading and trailing ", "two  blanks\tand a tab", "=?UTF-8?B?"
	    "eA==?= looks encoded", "a very long subject that goes on and on "
	    "and on well past the seventy-eight columns of a header line",
	    "Überlänge: ääääääääääääääääääääääääääääääääääääääääääääääääää"
	    "ääääääääääääää", "averyveryveryveryveryveryveryveryveryveryvery"
	    "veryveryveryverylongword" };
	static const char *const texts[] = { "", "no final newline",
	    "one line\n", "From the start\n.\n..\nFrom here\nx\n", "tail \n",
	    "a line of 100 characters: 1234567890123456789012345678901234567"
	    "8901234567890123456789012345678901\n", "=3D and = and =\n",
	    "caf\xc3\xa9\nna\xc3\xafve \xe2\x80\x94 \xf0\x9f\x8e\xb2\n\n",
	    "\n\n\n", "tab\tinside\t\n", "cr\ralone\n", "." };
	const char *to[] = { "Bob <bob@example.org>", "carol@example.net",
	    "\"Dupont, \\\"Jean\\\"\" <jean@example.fr>" };
	struct mail_out o = { "Zoë Ångström <zoe@example.org>", to, 3, NULL,
	    NULL, NULL, 0, "<abc.123@example.org>", NULL, T0, NULL,
	    NULL, NULL, 0 };
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(subjects) / sizeof(subjects[0]); i++) {
		o.subject = subjects[i];
		o.text = texts[i % (sizeof(texts) / sizeof(texts[0]))];
		round_trip(&o);
	}
	o.subject = "s";
	for (i = 0; i < sizeof(texts) / sizeof(texts[0]); i++) {
		o.text = texts[i];
		round_trip(&o);
	}
	o.from = "plain@example.org";
	round_trip(&o);
	o.from = "\"A Name Of Sixty Bytes Or More, Far More Than Sixty Bytes, "
	    "Yes\" <long@example.org>";
	round_trip(&o);
}

static void
test_round_trip_attachments(void **state)
{
	char every[512], longname[FNAME];
	struct mail_attachment att[4] = {
		{ "game.pdn", "application/x-pdn", pdn, sizeof(pdn) - 1, NULL },
		{ "every byte.bin", "application/octet-stream", every, 512, NULL },
		{ "partie d\xc3\xa9" "cisive \xe2\x80\x94 \xe6\x97\xa5.pdn",
		    "application/x-pdn", "", 0, NULL },
		{ longname, "text/plain", "text attached\n", 14, NULL },
	};
	const char *to[] = { "b@example.org" };
	struct mail_out o = { "a@example.org", to, 1, "Re: checkers Board 7",
	    "See the record.\n", att, 4, "<m.1@example.org>", NULL, T0, NULL,
	    NULL, NULL, 0 };
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(every); i++)
		every[i] = (char)(i * 7 % 256);
	for (i = 0; i < 256; i++)
		every[(i * 2) % 512] = (char)i;
	for (i = 0; i + 2 < FNAME; i += 2)
		memcpy(longname + i, "\xc3\xbf", 2);    /* 6 bytes encoded */
	longname[FNAME - 2] = 'z';
	longname[FNAME - 1] = '\0';
	round_trip(&o);
	o.text = "";
	round_trip(&o);
	o.text = "From me\n.\nlong line 89012345678901234567890123456789"
	    "01234567890123456789012345678901234567890 end";
	round_trip(&o);
}


/* The value of the n-th (from 0) boundary parameter of t, into b. */
static void
nth_boundary(const char *t, int n, char b[80])
{
	const char *p = t;

	while (n-- >= 0)
		assert_non_null(p = strstr(p, "boundary=\"") + 10);
	snprintf(b, 80, "%.*s", (int)strcspn(p, "\""), p);
}

/* Issue 13: the text and an HTML alternative showing an inline image by
 * its Content-ID, inside multipart/mixed with the record attached; the
 * text stays the first text/plain part, complete; every part reads
 * back; lines within 78 columns; three boundaries, none in the
 * content. */
static void
test_compose_html(void **state)
{
	static const char png[] = "\x89PNG\r\n\x1a\n\0\0\0\rIHDR--boundary";
	static const char html[] = "<!DOCTYPE html>\n<p>It is <b>bob</b>'s "
	    "turn; a long line of HTML that goes well past seventy-eight "
	    "columns, with caf\xc3\xa9 in it</p>\n<img src=\"cid:board.7@"
	    "example.org\" alt=\"the board\">\n";
	struct mail_attachment inl[1] = { { "board.png", "image/png", png,
	    sizeof(png) - 1, "board.7@example.org" } };
	struct mail_attachment att[1] = { { "game.pdn", "application/x-pdn",
	    pdn, sizeof(pdn) - 1, NULL } };
	const char *to[] = { "b@example.org" };
	struct mail_out o = { "a@example.org", to, 1, "checkers board 7",
	    "It is bob's turn.\n\n  +--+\n  |rw|\n", att, 1,
	    "<m.13@example.org>", NULL, T0, "auto-replied", html, inl, 1 };
	char b[3][80], *t, *again, *mixed, *alt, *rel;
	struct mail_in m;
	const char *why;
	size_t len, len2;
	int i;

	(void)state;
	assert_int_equal(mail_compose(&o, &t, &len, &why), 0);
	check_lines(t, len);
	assert_int_equal(mail_compose(&o, &again, &len2, &why), 0);
	assert_true(len == len2 && memcmp(t, again, len) == 0);
	free(again);
	assert_non_null(mixed = strstr(t, "Content-Type: multipart/mixed"));
	assert_non_null(alt = strstr(t, "Content-Type: multipart/alternative"));
	assert_non_null(rel = strstr(t, "Content-Type: multipart/related; "
	    "type=\"text/html\""));
	assert_true(mixed < alt && alt < rel);
	assert_non_null(strstr(t, "\r\nContent-ID: <board.7@example.org>\r\n"
	    "Content-Disposition: inline; filename=\"board.png\"\r\n"));
	assert_true(strstr(t, "Content-Type: text/plain") < strstr(t,
	    "Content-Type: text/html"));
	for (i = 0; i < 3; i++) {
		nth_boundary(t, i, b[i]);
		assert_true(strncmp(b[i], "=_stackref_", 11) == 0);
	}
	assert_string_not_equal(b[0], b[1]);
	assert_string_not_equal(b[1], b[2]);
	assert_int_equal(mail_parse(t, len, &m, &why), 0);
	assert_string_equal(m.text, o.text);
	assert_int_equal(m.nparts, 3);
	assert_string_equal(m.parts[0].type, "text/html");
	assert_string_equal(m.parts[0].data, html);
	assert_string_equal(m.parts[1].type, "image/png");
	assert_int_equal(m.parts[1].len, sizeof(png) - 1);
	assert_memory_equal(m.parts[1].data, png, sizeof(png) - 1);
	assert_string_equal(m.parts[2].filename, "game.pdn");
	assert_memory_equal(m.parts[2].data, pdn, sizeof(pdn) - 1);
	mail_in_free(&m);
	free(t);
}

/* An HTML alternative without attachments or inline parts: one
 * multipart/alternative; its parts read back. */
static void
test_compose_alternative(void **state)
{
	const char *to[] = { "b@example.org" };
	struct mail_out o = { "a@example.org", to, 1, "s", "plain\n", NULL, 0,
	    "<m.14@example.org>", NULL, T0, NULL, "<p>html</p>\n", NULL, 0 };
	struct mail_in m;
	const char *why;
	size_t len;
	char *t;

	(void)state;
	assert_int_equal(mail_compose(&o, &t, &len, &why), 0);
	check_lines(t, len);
	assert_non_null(strstr(t, "\r\nMIME-Version: 1.0\r\nContent-Type: "
	    "multipart/alternative;"));
	assert_null(strstr(t, "multipart/mixed"));
	assert_null(strstr(t, "multipart/related"));
	assert_int_equal(mail_parse(t, len, &m, &why), 0);
	assert_string_equal(m.text, "plain\n");
	assert_int_equal(m.nparts, 1);
	assert_string_equal(m.parts[0].data, "<p>html</p>\n");
	mail_in_free(&m);
	free(t);
}

/* Content-IDs cannot inject headers; inline parts need the HTML and
 * their Content-ID. */
static void
test_compose_inline_refused(void **state)
{
	static const char *const bad[] = { "board\r\nBcc: v@example.org@x",
	    "board", "<board@x>", "board @x", "@x", "x@", "b\"@x",
	    "a-very-long-content-id-of-more-than-sixty-four-bytes-in-all@"
	    "example.org" };
	struct mail_attachment inl[1] = { { NULL, "image/png", "x", 1,
	    "board.7@example.org" } };
	const char *to[] = { "b@example.org" };
	struct mail_out o = { "a@example.org", to, 1, "s", "t\n", NULL, 0,
	    "<m.15@example.org>", NULL, T0, NULL, "<p/>", inl, 1 };
	const char *why;
	size_t len, i;
	char *t;

	(void)state;
	assert_int_equal(mail_compose(&o, &t, &len, &why), 0);
	check_lines(t, len);
	free(t);
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		inl[0].cid = bad[i];
		assert_int_equal(mail_compose(&o, &t, &len, &why), -1);
		assert_null(t);
	}
	inl[0].cid = NULL;
	assert_int_equal(mail_compose(&o, &t, &len, &why), -1);
	inl[0].cid = "board.7@example.org";
	o.html = NULL;
	assert_int_equal(mail_compose(&o, &t, &len, &why), -1);
	assert_non_null(strstr(why, "HTML"));
}

static void
test_boundary(void **state)
{
	struct mail_attachment att[1] = { { "x", "text/plain", "x", 1, NULL } };
	const char *to[] = { "b@example.org" };
	struct mail_out o = { "a@example.org", to, 1, "s", "t\n", att, 1,
	    "<m.2@example.org>", NULL, T0, NULL,
	    NULL, NULL, 0 };
	char first[64], *t, *p;
	const char *why;
	size_t len;

	(void)state;
	assert_int_equal(mail_compose(&o, &t, &len, &why), 0);
	assert_non_null(p = strstr(t, "boundary=\""));
	snprintf(first, sizeof(first), "%.*s", (int)strcspn(p + 10, "\""),
	    p + 10);
	assert_true(strncmp(first, "=_stackref_", 11) == 0);
	free(t);
	/* the same Message-ID gives the same boundary */
	assert_int_equal(mail_compose(&o, &t, &len, &why), 0);
	assert_non_null(strstr(t, first));
	free(t);
	/* a file name holding it makes another one */
	att[0].filename = first;
	assert_int_equal(mail_compose(&o, &t, &len, &why), 0);
	assert_non_null(p = strstr(t, "boundary=\""));
	assert_true(strncmp(p + 10, first, strlen(first)) != 0);
	free(t);
	round_trip(&o);
}

static void
test_injection(void **state)
{
	const char *to[] = { "b@example.org", "c@example.org" };
	struct mail_attachment att[1] = { { "a.pdn", "application/x-pdn", "",
	    0, NULL } };
	struct mail_out o = { "a@example.org", to, 2, "s", "t\n", att, 1,
	    "<m.3@example.org>", "<m.2@example.org>", T0, NULL,
	    NULL, NULL, 0 };
	struct mail_out bad;
	char longname[FNAME + 1];
	const char *why;
	size_t len;
	char *t;

#define REFUSED(field, value) do {                                        \
	bad = o;                                                          \
	bad.field = value;                                                \
	why = NULL;                                                       \
	assert_int_equal(mail_compose(&bad, &t, &len, &why), -1);         \
	assert_non_null(why);                                             \
	assert_null(t);                                                   \
} while (0)

	(void)state;
	assert_int_equal(mail_compose(&o, &t, &len, &why), 0);
	free(t);
	REFUSED(from, "a@example.org\r\nBcc: victim@example.org");
	REFUSED(from, "Name\n <a@example.org>");
	REFUSED(from, "not an address");
	REFUSED(from, "a@b@example.org");
	REFUSED(from, NULL);
	REFUSED(subject, "hi\r\nBcc: victim@example.org");
	REFUSED(subject, "hi\nthere");
	REFUSED(subject, "hi\rthere");
	REFUSED(message_id, "<m.3@example.org>\r\nBcc: v@example.org");
	REFUSED(message_id, "m.3@example.org");
	REFUSED(message_id, "<m 3@example.org>");
	REFUSED(message_id, NULL);
	REFUSED(in_reply_to, "<x@y>\nBcc: v@example.org");
	REFUSED(in_reply_to, "x@y");
	REFUSED(in_reply_to, "<x y>");
	bad = o;
	bad.in_reply_to = "<no-at-sign>";
	assert_int_equal(mail_compose(&bad, &t, &len, &why), 0);
	free(t);
	REFUSED(nto, 0);
	to[1] = "c@example.org\r\nBcc: v@example.org";
	REFUSED(nto, 2);
	to[1] = "<c@example.org> trailing";
	REFUSED(nto, 2);
	to[1] = "c@example.org";
	att[0].filename = "a.pdn\r\nContent-Type: text/html";
	REFUSED(natt, 1);
	memset(longname, 'a', FNAME);
	longname[FNAME] = '\0';
	att[0].filename = longname;
	REFUSED(natt, 1);
	longname[FNAME - 1] = '\0';
	att[0].filename = longname;
	bad.natt = 1;
	assert_int_equal(mail_compose(&bad, &t, &len, &why), 0);
	free(t);
	att[0].filename = "a.pdn";
	att[0].type = "application/x-pdn\r\nX: y";
	REFUSED(natt, 1);
	att[0].type = "application";
	REFUSED(natt, 1);
	att[0].type = "application/x-pdn; name=evil";
	REFUSED(natt, 1);
#undef REFUSED
}

static void
test_address(void **state)
{
	char addr[MAIL_ADDR_MAX], name[64], small[6], big[300];

	(void)state;
	assert_int_equal(mail_address("Alice <alice@example.org>", addr, name,
	    sizeof(name)), 0);
	assert_string_equal(addr, "alice@example.org");
	assert_string_equal(name, "Alice");
	assert_int_equal(mail_address("  <bob@example.org>  ", addr, name,
	    sizeof(name)), 0);
	assert_string_equal(addr, "bob@example.org");
	assert_string_equal(name, "");
	assert_int_equal(mail_address("carol@example.org", addr, NULL, 0), 0);
	assert_string_equal(addr, "carol@example.org");
	assert_int_equal(mail_address("\"Smith, J <x>\" <js@example.org>",
	    addr, name, sizeof(name)), 0);
	assert_string_equal(addr, "js@example.org");
	assert_string_equal(name, "Smith, J <x>");
	assert_int_equal(mail_address("\xc3\x89lodie <e@example.org>", addr,
	    small, sizeof(small)), 0);
	assert_string_equal(small, "\xc3\x89lod");
	assert_int_equal(mail_address("\xc3\x89\xc3\x89\xc3\x89 <e@example.org>",
	    addr, small, sizeof(small)), 0);
	assert_string_equal(small, "\xc3\x89\xc3\x89");
	assert_int_equal(mail_address("", addr, name, sizeof(name)), -1);
	assert_int_equal(mail_address("no at sign", addr, name, 64), -1);
	assert_int_equal(mail_address("a b@example.org", addr, name, 64), -1);
	assert_int_equal(mail_address("@example.org", addr, name, 64), -1);
	assert_int_equal(mail_address("a@", addr, name, 64), -1);
	assert_int_equal(mail_address("a@b@c", addr, name, 64), -1);
	assert_int_equal(mail_address("A <a@b", addr, name, 64), -1);
	assert_int_equal(mail_address("A <a@b> x", addr, name, 64), -1);
	assert_int_equal(mail_address("A <a\x01@b>", addr, name, 64), -1);
	assert_int_equal(mail_address("A <<a@b>>", addr, name, 64), -1);
	memset(big, 'a', sizeof(big));
	big[sizeof(big) - 1] = '\0';
	big[10] = '@';
	assert_int_equal(mail_address(big, addr, name, 64), -1);
	big[MAIL_ADDR_MAX] = '\0';
	assert_int_equal(mail_address(big, addr, name, 64), -1);
	big[MAIL_ADDR_MAX - 1] = '\0';
	assert_int_equal(mail_address(big, addr, name, 64), 0);
	assert_int_equal(strlen(addr), MAIL_ADDR_MAX - 1);
}

static void
test_message_id(void **state)
{
	unsigned char rnd[16];
	char buf[128];
	size_t i;

	(void)state;
	for (i = 0; i < 16; i++)
		rnd[i] = (unsigned char)(i * 17);
	assert_int_equal(mail_message_id(buf, sizeof(buf), rnd, T0,
	    "mail.example.org"), 60);
	assert_string_equal(buf, "<00112233445566778899aabbccddeeff.6b016b2b"
	    "@mail.example.org>");
	assert_int_equal(mail_message_id(buf, 60, rnd, T0, "mail.example.org"),
	    -1);
	assert_int_equal(mail_message_id(buf, 61, rnd, T0, "mail.example.org"),
	    60);
	assert_int_equal(mail_message_id(buf, sizeof(buf), rnd, T0, "localhost"),
	    53);
	assert_int_equal(mail_message_id(buf, sizeof(buf), rnd, T0, ""), -1);
	assert_int_equal(mail_message_id(buf, sizeof(buf), rnd, T0, "a b"), -1);
	assert_int_equal(mail_message_id(buf, sizeof(buf), rnd, T0, "a>b"), -1);
	assert_int_equal(mail_message_id(buf, sizeof(buf), rnd, T0, "a..b"), -1);
	assert_int_equal(mail_message_id(buf, sizeof(buf), rnd, T0, "-a.b"), -1);
	assert_int_equal(mail_message_id(buf, sizeof(buf), rnd, T0, "a.b\r\n"),
	    -1);
}

/* Auto-Submitted is written on demand and read back; Precedence read. */
static void
test_auto_submitted(void **state)
{
	const char *to[] = { "b@example.org" };
	struct mail_out o = { "a@example.org", to, 1, "s", "t\n", NULL, 0,
	    "<as.1@example.org>", NULL, T0, "auto-replied",
	    NULL, NULL, 0 };
	static const char raw[] = "From: a@example.org\r\n"
	    "Auto-Submitted:\r\n auto-generated; x=1\r\n"
	    "Precedence: bulk\r\nSubject: s\r\n\r\nbody\r\n";
	struct mail_in m;
	const char *why;
	char *text;
	size_t len;

	(void)state;
	assert_int_equal(mail_compose(&o, &text, &len, &why), 0);
	assert_non_null(strstr(text, "\r\nAuto-Submitted: auto-replied\r\n"));
	assert_int_equal(mail_parse(text, len, &m, &why), 0);
	assert_string_equal(m.auto_submitted, "auto-replied");
	assert_null(m.precedence);
	mail_in_free(&m);
	free(text);
	assert_int_equal(mail_parse(raw, strlen(raw), &m, &why), 0);
	assert_string_equal(m.auto_submitted, "auto-generated; x=1");
	assert_string_equal(m.precedence, "bulk");
	mail_in_free(&m);
	o.auto_submitted = "no\r\nBcc: c@example.org";
	assert_int_equal(mail_compose(&o, &text, &len, &why), -1);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_thunderbird_reply),
		cmocka_unit_test(test_gmail_encoded_subject),
		cmocka_unit_test(test_outlook_latin1_lf),
		cmocka_unit_test(test_apple_mixed_alternative),
		cmocka_unit_test(test_mutt_7bit_attachment),
		cmocka_unit_test(test_rfc2231_names),
		cmocka_unit_test(test_forwarded),
		cmocka_unit_test(test_garbage),
		cmocka_unit_test(test_lf_and_crlf),
		cmocka_unit_test(test_nesting),
		cmocka_unit_test(test_many_parts),
		cmocka_unit_test(test_oversized_header),
		cmocka_unit_test(test_encoded_words),
		cmocka_unit_test(test_transfer_encodings),
		cmocka_unit_test(test_charset_words),
		cmocka_unit_test(test_charset_texts),
		cmocka_unit_test(test_charset_filenames),
		cmocka_unit_test(test_charset_invalid),
		cmocka_unit_test(test_empty_parameter),
		cmocka_unit_test(test_compose_simple),
		cmocka_unit_test(test_compose_dates),
		cmocka_unit_test(test_round_trips),
		cmocka_unit_test(test_round_trip_attachments),
		cmocka_unit_test(test_boundary),
		cmocka_unit_test(test_compose_html),
		cmocka_unit_test(test_compose_alternative),
		cmocka_unit_test(test_compose_inline_refused),
		cmocka_unit_test(test_injection),
		cmocka_unit_test(test_address),
		cmocka_unit_test(test_message_id),
		cmocka_unit_test(test_auto_submitted),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
