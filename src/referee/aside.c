/*
 * aside.c - the copy the store keeps of a mail set aside (run.h,
 * ref_aside_copy): its header and the head of its body, each bounded,
 * with the secret words of its Subject masked wherever they stand.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "referee/run.h"

/* A Subject of more words, or secrets, than a request has: its copy
 * keeps a few header fields only (ref_aside_bare), so that the masking
 * costs the run little whatever the mail. */
#define REF_ASIDE_WORDS 256
#define REF_ASIDE_SECRETS 64

/* The words masked: pointers into the letter's Subject texts. */
struct ref_secrets {
	struct { const char *p; size_t n; } v[REF_ASIDE_SECRETS];
	size_t n, words;
};

/* Adds the n bytes at w to sec unless they are plain (ref_word_plain)
 * and not the password pw.  -1 when there are too many. */
static int
ref_secret_add(struct ref_secrets *sec, const struct ref_players *pl,
    const char *pw, const char *w, size_t n)
{
	char word[PBEM_WORD];

	if (++sec->words > REF_ASIDE_WORDS)
		return -1;
	if (n < sizeof(word)) {
		memcpy(word, w, n);
		word[n] = '\0';
		if (strcmp(word, pw) != 0 && ref_word_plain(pl, word))
			return 0;
	}
	if (sec->n == REF_ASIDE_SECRETS)
		return -1;
	sec->v[sec->n].p = w;
	sec->v[sec->n++].n = n;
	return 0;
}

/* Adds each word of s[0..len) (blanks and line ends between) that is
 * secret; -1 when there are too many. */
static int
ref_secret_words(struct ref_secrets *sec, const struct ref_players *pl,
    const char *pw, const char *s, size_t len)
{
	static const char blank[] = " \t\r\n";
	size_t at = 0, n;

	while (at < len) {
		for (n = 0; at + n < len && strchr(blank, s[at + n]) == NULL;
		    n++)
			;
		if (n > 0 && ref_secret_add(sec, pl, pw, s + at, n) == -1)
			return -1;
		at += n + 1;
	}
	return 0;
}

/* The raw Subject field of header h[0..len) (folded lines and all):
 * its value in *v, its length returned (0: none). */
static size_t
ref_subject_field(const char *h, size_t len, const char **v)
{
	const char *p = h, *end = h + len, *nl;

	for (; p < end; p = nl < end ? nl + 1 : end) {
		if ((nl = memchr(p, '\n', (size_t)(end - p))) == NULL)
			nl = end;
		if ((size_t)(end - p) < 8 || strncasecmp(p, "subject:", 8) != 0)
			continue;
		*v = p + 8;
		while (nl + 1 < end && (nl[1] == ' ' || nl[1] == '\t'))
			if ((nl = memchr(nl + 1, '\n', (size_t)(end - nl - 1))) ==
			    NULL)
				nl = end;
		return (size_t)(nl - *v);
	}
	return 0;
}

/* The length of the longest secret word of sec that s[at..len) begins,
 * between bytes that are not letters or digits, or 0 (the longest: no
 * part of "ann-pw" is left after "ann"). */
static size_t
ref_secret_at(const struct ref_secrets *sec, const char *s, size_t at,
    size_t len)
{
	size_t i, n, best = 0;

	if (at > 0 && isalnum((unsigned char)s[at - 1]))
		return 0;
	for (i = 0; i < sec->n; i++) {
		n = sec->v[i].n;
		if (n > best && n <= len - at && memcmp(s + at, sec->v[i].p,
		    n) == 0 && (at + n == len || !isalnum((unsigned char)
		    s[at + n])))
			best = n;
	}
	return best;
}

/* Writes s[0..len) to f with each secret word of sec as "****". */
static void
ref_secret_write(FILE *f, const struct ref_secrets *sec, const char *s,
    size_t len)
{
	size_t at = 0, n;

	while (at < len)
		if ((n = ref_secret_at(sec, s, at, len)) > 0) {
			fputs("****", f);
			at += n;
		} else
			fputc(s[at++], f);
}

/* The length of raw[0..len)'s header with its blank line, at most max
 * and then cut after a line end (a header without one: 0). */
static size_t
ref_header_len(const char *raw, size_t len, size_t max)
{
	const char *p = raw, *end = raw + (len < max ? len : max);

	while (p < end && (p = memchr(p, '\n', (size_t)(end - p))) != NULL) {
		if (++p < end && *p == '\n')
			return (size_t)(p - raw) + 1;
		if (p + 1 < end && p[0] == '\r' && p[1] == '\n')
			return (size_t)(p - raw) + 2;
	}
	for (p = end; p > raw && p[-1] != '\n'; p--)
		;
	return len <= max ? len : (size_t)(p - raw);
}

/* Fills sec with the secret words of the mail whose header is h: those
 * ref_masked masks for a sender not signed in (every word of its
 * Subject but the plain ones, and its password), both as the Subject
 * came and decoded; none when the mail reads and its request parsed
 * without a password.  l is read from h[0..hlen) and kept while sec
 * is used.  -1 when there are too many. */
static int
ref_secrets_of(struct ref_secrets *sec, const struct ref_players *pl,
    const struct ref_letter *l, const char *h, size_t hlen)
{
	const char *raw = NULL, *pw = l->cmd.password;
	size_t n = ref_subject_field(h, hlen < REF_ASIDE_HEADER ? hlen :
	    REF_ASIDE_HEADER, &raw);

	if (l->bad == NULL && l->cmd_why == NULL && pw[0] == '\0')
		return 0;
	if ((n > 0 && ref_secret_words(sec, pl, pw, raw, n) == -1) ||
	    (l->m.subject != NULL && ref_secret_words(sec, pl, pw,
	    l->m.subject, strlen(l->m.subject)) == -1))
		return -1;
	return pw[0] != '\0' ? ref_secret_add(sec, pl, pw, pw,
	    strlen(pw)) : 0;
}

/* Writes the fields of header h[0..hlen) that hold no word of a
 * request (From, To, Date, Message-ID), the password pw masked in them
 * all the same (a sender writes them too), then a line saying so: the
 * copy of a mail whose Subject has too many words to mask them. */
static void
ref_aside_bare(FILE *f, const char *pw, const char *h, size_t hlen)
{
	struct ref_secrets sec;
	static const char *const keep[] = { "from:", "to:", "date:",
	    "message-id:" };
	const char *p = h, *end = h + hlen, *nl;
	size_t i, n;

	sec.n = sec.words = 0;
	if (pw[0] != '\0') {
		sec.v[0].p = pw;
		sec.v[sec.n++].n = strlen(pw);
	}
	for (; p < end; p = nl + 1) {
		if ((nl = memchr(p, '\n', (size_t)(end - p))) == NULL)
			break;
		for (i = 0; i < sizeof(keep) / sizeof(keep[0]); i++)
			if ((size_t)(nl - p) > (n = strlen(keep[i])) &&
			    strncasecmp(p, keep[i], n) == 0)
				ref_secret_write(f, &sec, p,
				    (size_t)(nl - p) + 1);
	}
	fputs("\r\n[stackref: a Subject of too many words: only From, To, "
	    "Date and Message-ID kept]\r\n", f);
}

int
ref_aside_copy(const struct ref_players *pl, const char *raw, size_t len,
    size_t head, char **copy, size_t *copy_len)
{
	struct ref_secrets sec;
	struct ref_letter l;
	size_t hlen = ref_header_len(raw, len, REF_ASIDE_HEADER);
	size_t blen = len - hlen < head ? len - hlen : head;
	FILE *f;
	int rc = -1;

	*copy = NULL;
	sec.n = sec.words = 0;
	ref_letter_header(raw, len, &l);
	if ((f = open_memstream(copy, copy_len)) != NULL) {
		if (ref_secrets_of(&sec, pl, &l, raw, len) == -1)
			ref_aside_bare(f, l.cmd.password, raw, hlen);
		else {
			ref_secret_write(f, &sec, raw, hlen);
			ref_secret_write(f, &sec, raw + hlen, blen);
			if (hlen + blen < len)
				fprintf(f, "\r\n[stackref: %zu more bytes not "
				    "kept]\r\n", len - hlen - blen);
		}
		rc = fclose(f) == 0 ? 0 : -1;
	}
	ref_letter_free(&l);
	if (rc == -1)
		free(*copy), *copy = NULL;
	return rc;
}
