/*
 * fuzz_mail.c - mail_parse (mail/message.c) on any bytes, then
 * pbem_parse on the Subject it read, as the referee does.  A mail read
 * has a text, and every part's data is NUL-terminated at its length.
 */
#include <stdlib.h>

#include "mail/message.h"
#include "mail/pbem.h"
#include "common.h"

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct mail_in m;
	struct pbem_cmd c;
	const char *why = NULL;
	size_t i;

	if (mail_parse((const char *)data, size, &m, &why) == -1) {
		fuzz_assert(why != NULL, "a refusal says why");
		mail_in_free(&m);
		return 0;
	}
	fuzz_assert(m.text != NULL, "a mail read has a text");
	for (i = 0; i < m.nparts; i++)
		fuzz_assert(m.parts[i].type != NULL &&
		    m.parts[i].data[m.parts[i].len] == '\0',
		    "a part has a type and NUL-terminated data");
	if (m.subject != NULL)
		pbem_parse(m.subject, &c, &why);
	mail_in_free(&m);
	return 0;
}
