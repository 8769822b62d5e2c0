/*
 * fuzz_pbem.c - pbem_parse (mail/pbem.c) on any Subject line.  A
 * command read is formatted, and the text formatted must read as the
 * same command: the same verb, numbers and strings (what follows a
 * string's NUL is no part of the command: a guard "#02" taken off a
 * word leaves its digits there, "#2" others).
 */
#include <stdlib.h>
#include <string.h>

#include "mail/pbem.h"
#include "common.h"

/* Whether a and b are the same command. */
static int
same_cmd(const struct pbem_cmd *a, const struct pbem_cmd *b)
{
	return a->verb == b->verb && a->days == b->days && a->ply == b->ply &&
	    a->select == b->select &&
	    strcmp(a->game, b->game) == 0 && strcmp(a->board, b->board) == 0 &&
	    strcmp(a->user, b->user) == 0 && strcmp(a->user2, b->user2) == 0 &&
	    strcmp(a->password, b->password) == 0 &&
	    strcmp(a->address, b->address) == 0 &&
	    strcmp(a->move, b->move) == 0 && strcmp(a->text, b->text) == 0;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct pbem_cmd c, again;
	const char *why = NULL;
	char buf[1024];
	char *s;

	if ((s = fuzz_string(data, size)) == NULL)
		return 0;
	if (pbem_parse(s, &c, &why) == 0) {
		if (pbem_format(&c, buf, sizeof(buf)) >= 0)
			fuzz_assert(pbem_parse(buf, &again, &why) == 0 &&
			    same_cmd(&c, &again),
			    "a formatted command reads as itself");
	} else
		fuzz_assert(why != NULL, "a refusal says why");
	free(s);
	return 0;
}
