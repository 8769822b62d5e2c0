/*
 * fuzz_clock.c - the time controls (src/game/clock.c, clockspell.c):
 * clock_control_parse on the bytes as a TimeControl value, a control
 * read said in words, and clock_control_guess: every spelling it
 * offers is taken as it is or refused without offering another (the
 * "did you mean" of a refusal never leads to a second one).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game/clock.h"
#include "common.h"

/* A spelling offered (named in the refusal why, as "TEXT (...)") must
 * not be refused with a spelling offered in turn. */
static void
clock_offer(const char *why, const char *text)
{
	struct clock_control c;
	char again[1024], needle[CLOCK_GUESS_SIZE + 4];

	snprintf(needle, sizeof(needle), "%s (", text);
	if (text[0] == '\0' || strstr(why, needle) == NULL ||
	    clock_control_parse(text, &c, again, sizeof(again)) == 0)
		return;
	fuzz_assert(strstr(again, "did you mean") == NULL,
	    "a spelling offered is taken as it is");
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct clock_control c;
	struct clock_guess g;
	char why[1024], said[CLOCK_GUESS_SIZE];
	char *s;

	if ((s = fuzz_string(data, size)) == NULL)
		return 0;
	if (clock_control_parse(s, &c, why, sizeof(why)) == 0) {
		clock_control_say(&c, said, sizeof(said));
		fuzz_assert(strlen(said) < sizeof(said), "said in words");
	} else {
		fuzz_assert(why[0] != '\0', "a refusal says why");
		if (clock_control_guess(s, &g) >= 0) {
			clock_offer(why, g.text);
			clock_offer(why, g.alt);
			clock_offer(why, g.bare);
		}
	}
	free(s);
	return 0;
}
