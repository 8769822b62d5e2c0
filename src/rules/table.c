/*
 * table.c - the table of games: adding a game is adding its file, one
 * line here and one to RULES_COUNT (rules.h), which the build checks.
 */
#include <stdio.h>
#include <strings.h>

#include "rules/rules.h"

extern const struct rules rules_checkers;
extern const struct rules rules_stackup;
extern const struct rules rules_brown;
extern const struct rules rules_mogensen;
extern const struct rules rules_accasta;
extern const struct rules rules_accasta2010;
extern const struct rules rules_international;
extern const struct rules rules_russian;
extern const struct rules rules_brazilian;
extern const struct rules rules_canadian;
extern const struct rules rules_pool;
extern const struct rules rules_turkish;
extern const struct rules rules_italian;
extern const struct rules rules_spanish;
extern const struct rules rules_portuguese;
extern const struct rules rules_czech;
extern const struct rules rules_thai;
extern const struct rules rules_frisian;

const struct rules *const rules_table[] = {
	&rules_checkers,
	&rules_stackup,
	&rules_brown,
	&rules_mogensen,
	&rules_accasta,
	&rules_accasta2010,
	&rules_international,
	&rules_russian,
	&rules_brazilian,
	&rules_canadian,
	&rules_pool,
	&rules_turkish,
	&rules_italian,
	&rules_spanish,
	&rules_portuguese,
	&rules_czech,
	&rules_thai,
	&rules_frisian,
	NULL
};

_Static_assert(sizeof(rules_table) / sizeof(rules_table[0]) ==
    RULES_COUNT + 1, "RULES_COUNT (rules.h) counts the games of rules_table");

const struct rules *
rules_find(const char *name)
{
	size_t i;

	for (i = 0; rules_table[i] != NULL; i++)
		if (strcasecmp(rules_table[i]->name, name) == 0)
			return rules_table[i];
	return NULL;
}

void
rules_names(char *buf, size_t size)
{
	size_t i, len = 0;
	int n;

	if (size == 0)
		return;
	buf[0] = '\0';
	for (i = 0; rules_table[i] != NULL && len < size; i++) {
		n = snprintf(buf + len, size - len, "%s%s", i > 0 ? ", " : "",
		    rules_table[i]->name);
		if (n < 0)
			break;
		len += (size_t)n;
	}
}
