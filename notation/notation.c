/* notation.c - the table of record notations, and which game a record
 * is played under. */
#include <string.h>
#include <strings.h>

#include "notation.h"

extern const struct notation notation_pdn;

const struct notation *const notation_table[] = {
	&notation_pdn,
	NULL
};

struct reader *
notation_open(FILE *in, const char *file, struct diag *d,
    const struct notation **nt)
{
	struct reader *rd;

	*nt = &notation_pdn;
	if ((rd = (*nt)->open(in, file, d)) == NULL)
		diag_report(d, DIAG_NOMEM, NULL);
	return rd;
}

int
notation_write_record(const struct notation *nt, FILE *out,
    const struct record *g)
{
	if (nt->begin != NULL && nt->begin(out) == -1)
		return -1;
	if (nt->write(out, g) == -1)
		return -1;
	return nt->end != NULL ? nt->end(out) : 0;
}

const struct notation *
notation_find(const char *name)
{
	size_t i;

	for (i = 0; notation_table[i] != NULL; i++)
		if (strcasecmp(notation_table[i]->name, name) == 0)
			return notation_table[i];
	return NULL;
}

/* The game called name (case-insensitive), or NULL. */
static const struct rules *
notation_rules(const char *name)
{
	size_t i;

	for (i = 0; rules_table[i] != NULL; i++)
		if (strcasecmp(rules_table[i]->name, name) == 0)
			return rules_table[i];
	return NULL;
}

/* Whether a GameType value means English checkers: "21", possibly
 * followed by ",..." fields, spaces around tolerated. */
static int
notation_gametype_checkers(const char *v)
{
	v += strspn(v, " \t");
	if (strncmp(v, "21", 2) != 0)
		return 0;
	v += 2;
	v += strspn(v, " \t");
	return *v == '\0' || *v == ',';
}

const struct rules *
notation_game(const struct record *g, const char **name)
{
	const char *v;

	if ((v = record_tag(g, "Game")) != NULL) {
		if (name != NULL)
			*name = v;
		return notation_rules(v);
	}
	if ((v = record_tag(g, "GameType")) != NULL) {
		if (name != NULL)
			*name = v;
		return notation_gametype_checkers(v) ?
		    notation_rules("checkers") : NULL;
	}
	if (name != NULL)
		*name = "checkers";
	return notation_rules("checkers");
}
