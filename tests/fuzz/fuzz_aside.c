/*
 * fuzz_aside.c - the copy of a mail set aside (src/referee/run.h,
 * ref_aside_copy) on any bytes taken as a raw mail, with 1 KiB of its
 * body kept.  It runs in the referee's own process, not a decision's:
 * besides no crash, hang or leak, the copy is bounded (its header's
 * 64 KiB, the body's head and a line), and the password of the
 * command its Subject holds is nowhere in it as a word of its own.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "referee/run.h"
#include "common.h"

#define FUZZ_HEAD 1024

/* Whether pw stands in s[0..len) between bytes that are not letters
 * or digits, as the copy masks it. */
static int
fuzz_word_in(const char *s, size_t len, const char *pw)
{
	size_t n = strlen(pw), at;

	for (at = 0; n > 0 && at + n <= len; at++)
		if (memcmp(s + at, pw, n) == 0 && (at == 0 ||
		    !isalnum((unsigned char)s[at - 1])) && (at + n == len ||
		    !isalnum((unsigned char)s[at + n])))
			return 1;
	return 0;
}

/* Whether s starts and ends with a letter or a digit. */
static int
fuzz_alnum_ends(const char *s)
{
	size_t n = strlen(s);

	return n > 0 && isalnum((unsigned char)s[0]) &&
	    isalnum((unsigned char)s[n - 1]);
}

/* fuzz_word_in for each line of the copy but the referee's own notes
 * ("[stackref: ...]", words of its own that a password may equal). */
static int
fuzz_word_in_mail(const char *s, size_t len, const char *pw)
{
	const char *end = s + len, *nl;

	for (; s < end; s = nl + 1) {
		nl = memchr(s, '\n', (size_t)(end - s));
		if (nl == NULL)
			nl = end;
		if (!((size_t)(nl - s) >= 10 && memcmp(s, "[stackref:", 10) ==
		    0) && fuzz_word_in(s, (size_t)(nl - s), pw))
			return 1;
	}
	return 0;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct ref_players none;
	struct ref_letter l;
	char *copy;
	size_t len;

	memset(&none, 0, sizeof(none));
	fuzz_assert(ref_aside_copy(&none, (const char *)data, size,
	    FUZZ_HEAD, &copy, &len) == 0 && copy != NULL, "a copy is made");
	fuzz_assert(len <= REF_ASIDE_HEADER + FUZZ_HEAD + 128,
	    "the copy is bounded");
	ref_letter_header((const char *)data, size, &l);
	/* a password that starts or ends without a letter or digit
	 * ("****", ":", "@example.org") cannot be told from the mask or
	 * the punctuation around what the copy masks next to it */
	if (l.bad == NULL && l.cmd_why == NULL &&
	    fuzz_alnum_ends(l.cmd.password))
		fuzz_assert(!fuzz_word_in_mail(copy, len, l.cmd.password),
		    "no password in the copy");
	ref_letter_free(&l);
	free(copy);
	return 0;
}
