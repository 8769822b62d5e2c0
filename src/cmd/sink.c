/*
 * sink.c - where convert writes its games: one stream, or files of N
 * games each (-# N: PREFIX1.pdn, PREFIX2.pdn, ...), or one file per value
 * of a tag (--split-by TAG: PREFIXVALUE.pdn), each a whole document of
 * the output notation (begin, games with what comes between, end).
 * Each file of a split is written to a temporary beside it and renamed
 * over it once whole (fileio_temp_open, fileio_temp_commit): -# N when
 * the next file starts, --split-by at the end of the run.  A split
 * stopped half way leaves every file its old contents or its new ones.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/cmd.h"

#define SINK_NAME 1024        /* bytes of a file name made */
#define SINK_VALUE 64         /* bytes of a tag value in a file name */

/* A file --split-by made: its name, its temporary and how many games
 * it holds. */
struct sink_file {
	char *name;
	char *tmp;                /* NULL once dropped after a failure */
	unsigned long games;
};

void
sink_init(struct sink *s, const struct notation *to, FILE *out,
    struct diag *d)
{
	memset(s, 0, sizeof(*s));
	s->to = to;
	s->out = out;
	s->d = d;
}

/* Writes the games of a file: what comes between, then g. */
static int
sink_put(struct sink *s, FILE *f, unsigned long before,
    const struct record *g)
{
	if (before > 0 && s->to->between != NULL)
		fputs(s->to->between, f);
	return s->to->write(f, g);
}

/* Reports that file could not be written. */
static int
sink_fail(struct sink *s, const char *file)
{
	diag_report(s->d, DIAG_WRITE, DIAG_FILE(file), strerror(errno));
	return -1;
}

/* Drops the file of -# N being written: its temporary goes. */
static int
sink_drop_part(struct sink *s)
{
	int rc = sink_fail(s, s->name);

	fileio_temp_abort(s->cur, s->tmp);
	s->cur = NULL;
	return rc;
}

/* Ends the file of -# N being written and puts it in place. */
static int
sink_close_part(struct sink *s)
{
	FILE *f = s->cur;

	if (f == NULL)
		return 0;
	if (s->to->end != NULL && s->to->end(f) == -1)
		return sink_drop_part(s);
	s->cur = NULL;
	return fileio_temp_commit(f, s->tmp, s->name, s->d);
}

/* -# N: the next game goes to the current file, or starts the next. */
static int
sink_part(struct sink *s, const struct record *g)
{
	if (s->cur != NULL && s->in_cur >= s->per_file &&
	    sink_close_part(s) == -1)
		return -1;
	if (s->cur == NULL) {
		snprintf(s->name, sizeof(s->name), "%s%lu.%s",
		    s->prefix != NULL ? s->prefix : "", ++s->files,
		    s->to->name);
		if ((s->cur = fileio_temp_open(s->name, s->tmp,
		    sizeof(s->tmp), s->d)) == NULL)
			return -1;
		if (s->to->begin != NULL && s->to->begin(s->cur) == -1)
			return sink_drop_part(s);
		s->in_cur = 0;
	}
	if (sink_put(s, s->cur, s->in_cur++, g) == -1)
		return sink_drop_part(s);
	return 0;
}

/* The file name of g for --split-by: the prefix, the tag's value with
 * every byte but letters, digits, '-', '_' and '.' made '_' (a leading
 * '.' too; "none" when missing or empty), the notation's extension. */
static void
sink_tag_name(const struct sink *s, const struct record *g, char *buf,
    size_t size)
{
	const char *v = record_tag(g, s->by_tag);
	char value[SINK_VALUE];
	size_t i;

	if (v == NULL || v[0] == '\0')
		v = "none";
	snprintf(value, sizeof(value), "%s", v);
	for (i = 0; value[i] != '\0'; i++)
		if (!((value[i] >= 'a' && value[i] <= 'z') ||
		    (value[i] >= 'A' && value[i] <= 'Z') ||
		    (value[i] >= '0' && value[i] <= '9') ||
		    value[i] == '-' || value[i] == '_' ||
		    (value[i] == '.' && i > 0)))
			value[i] = '_';
	snprintf(buf, size, "%s%s.%s", s->prefix != NULL ? s->prefix : "",
	    value, s->to->name);
}

/* The slot of name in the table of files made (open addressing). */
static struct sink_file *
sink_slot(struct sink_file *t, size_t cap, const char *name)
{
	size_t h = 5381, i;
	const char *p;

	for (p = name; *p != '\0'; p++)
		h = h * 33 + (unsigned char)*p;
	for (i = h & (cap - 1); t[i].name != NULL &&
	    strcmp(t[i].name, name) != 0; i = (i + 1) & (cap - 1))
		continue;
	return &t[i];
}

/* The entry of name among the files made, added if new; NULL when out
 * of memory. */
static struct sink_file *
sink_made(struct sink *s, const char *name)
{
	struct sink_file *t, *e;
	size_t cap, i;

	if ((s->nmade + 1) * 2 > s->capmade) {
		cap = s->capmade == 0 ? 64 : s->capmade * 2;
		if ((t = calloc(cap, sizeof(*t))) == NULL)
			return NULL;
		for (i = 0; i < s->capmade; i++)
			if (s->made[i].name != NULL)
				*sink_slot(t, cap, s->made[i].name) =
				    s->made[i];
		free(s->made);
		s->made = t;
		s->capmade = cap;
	}
	e = sink_slot(s->made, s->capmade, name);
	if (e->name == NULL && (e->name = strdup(name)) != NULL)
		s->nmade++;
	return e->name != NULL ? e : NULL;
}

/* Drops the file e of --split-by after a failure: reports it, and its
 * temporary goes (f closed unless NULL). */
static int
sink_drop_tag(struct sink *s, struct sink_file *e, FILE *f)
{
	int rc = sink_fail(s, e->name);

	fileio_temp_abort(f, e->tmp);
	free(e->tmp);
	e->tmp = NULL;
	return rc;
}

/* --split-by: appends g to the temporary of the file of its tag's
 * value, made (begun) the first time this run meets it. */
static int
sink_by_tag(struct sink *s, const struct record *g)
{
	char tmp[SINK_NAME + 32];
	struct sink_file *e;
	FILE *f;
	int rc;

	sink_tag_name(s, g, s->name, sizeof(s->name));
	if ((e = sink_made(s, s->name)) == NULL) {
		diag_report(s->d, DIAG_NOMEM, NULL);
		return -1;
	}
	if (e->games == 0) {
		if ((f = fileio_temp_open(e->name, tmp, sizeof(tmp),
		    s->d)) == NULL)
			return -1;
		if ((e->tmp = strdup(tmp)) == NULL) {
			fileio_temp_abort(f, tmp);
			diag_report(s->d, DIAG_NOMEM, NULL);
			return -1;
		}
	} else if (e->tmp == NULL)
		return -1;        /* dropped already, and reported */
	else if ((f = fopen(e->tmp, "a")) == NULL)
		return sink_drop_tag(s, e, NULL);
	rc = e->games == 0 && s->to->begin != NULL ? s->to->begin(f) : 0;
	if (rc == 0)
		rc = sink_put(s, f, e->games++, g);
	if (rc == -1 || fflush(f) == EOF || ferror(f))
		return sink_drop_tag(s, e, f);
	if (fclose(f) == EOF)
		return sink_drop_tag(s, e, NULL);
	return 0;
}

int
sink_write(struct sink *s, const struct record *g)
{
	int rc;

	if (s->per_file > 0)
		rc = sink_part(s, g);
	else if (s->by_tag != NULL)
		rc = sink_by_tag(s, g);
	else
		rc = sink_put(s, s->out, s->written, g);
	if (rc == 0)
		s->written++;
	return rc;
}

/* Ends the file e of --split-by and puts it in place; 0, or -1 after
 * reporting. */
static int
sink_end_tag(struct sink *s, struct sink_file *e)
{
	FILE *f;

	if ((f = fopen(e->tmp, "a")) == NULL)
		return sink_drop_tag(s, e, NULL);
	if (s->to->end != NULL && s->to->end(f) == -1)
		return sink_drop_tag(s, e, f);
	return fileio_temp_commit(f, e->tmp, e->name, s->d);
}

/* Ends every file --split-by made; after a failure, drops the rest. */
static int
sink_end_tags(struct sink *s)
{
	struct sink_file *e;
	size_t i;
	int rc = 0;

	for (i = 0; i < s->capmade; i++) {
		e = &s->made[i];
		if (e->tmp != NULL && rc == 0)
			rc = sink_end_tag(s, e);
		else if (e->tmp != NULL)
			fileio_temp_abort(NULL, e->tmp);
		free(e->tmp);
		free(e->name);
	}
	free(s->made);
	s->made = NULL;
	s->nmade = s->capmade = 0;
	return rc;
}

int
sink_end(struct sink *s)
{
	if (s->per_file > 0)
		return sink_close_part(s);
	if (s->by_tag != NULL)
		return sink_end_tags(s);
	return 0;
}
