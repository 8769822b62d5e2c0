/*
 * fuzz_pbem.c - pbem_parse (mail/pbem.c) on any Subject line.  A
 * command read is formatted, and the text formatted must read as the
 * same command.
 */
#include <stdlib.h>
#include <string.h>

#include "mail/pbem.h"
#include "common.h"

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
			    memcmp(&c, &again, sizeof(c)) == 0,
			    "a formatted command reads as itself");
	} else
		fuzz_assert(why != NULL, "a refusal says why");
	free(s);
	return 0;
}
