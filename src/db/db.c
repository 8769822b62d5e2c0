/*
 * db.c - the driver of a store URL (db.h).
 */
#include <string.h>

#include "base/module.h"
#include "db/db.h"

/* Whether url starts with prefix. */
static int
db_has_prefix(const char *url, const char *prefix)
{
	return strncmp(url, prefix, strlen(prefix)) == 0;
}

/* Whether url starts with a scheme: a letter, then letters, digits, '+',
 * '-' or '.', then a colon (RFC 3986). */
static int
db_has_scheme(const char *url)
{
	size_t n = strspn(url, "abcdefghijklmnopqrstuvwxyz"
	    "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789+-.");

	return n > 0 && strchr("0123456789+-.", url[0]) == NULL &&
	    url[n] == ':';
}

const struct db_driver *
db_driver_of(const char *url, const char **target)
{
	*target = url;
	if (db_has_prefix(url, "postgresql://") ||
	    db_has_prefix(url, "postgres://"))
		return module_table(MODULE_PQ);
	if (db_has_prefix(url, "postgresql:")) {
		*target = url + strlen("postgresql:");
		return module_table(MODULE_PQ);
	}
	if (db_has_prefix(url, "sqlite:"))
		*target = url + strlen("sqlite:");
	else if (db_has_scheme(url))
		return NULL;
	return **target != '\0' ? module_table(MODULE_SQLITE) : NULL;
}
