/*
 * condfile.c - where move --then keeps a player's conditional moves
 * (game/cond.h): the file .NAME.cond beside the record NAME, mode
 * 0600, replaced atomically under the record's lock and removed once
 * the list is spent or dropped.  Its content is never written into the
 * record nor to any output; only a reply once played is (it is a move
 * of the record then).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cmd/cmd.h"
#include "game/cond.h"
#include "game/play.h"
#include "base/fileio.h"

#define CMD_COND_BYTES (COND_FEN + COND_MAX * 2 * COND_TEXT + 256)

int
cmd_cond_path(const char *record, char *buf, size_t size)
{
	return fileio_beside(record, "cond", buf, size);
}

int
cmd_cond_load(const char *path, const struct rules *r, struct cond *c,
    struct diag *d)
{
	char *text;
	size_t len;
	FILE *f;

	cond_clear(c);
	if ((f = fopen(path, "r")) == NULL) {
		if (errno == ENOENT)
			return 0;
		diag_report(d, DIAG_READ, DIAG_FILE(path), strerror(errno));
		return -1;
	}
	if ((text = malloc(CMD_COND_BYTES + 1)) == NULL) {
		fclose(f);
		diag_report(d, DIAG_NOMEM, DIAG_FILE(path));
		return -1;
	}
	len = fread(text, 1, CMD_COND_BYTES, f);
	text[len] = '\0';
	if (ferror(f)) {          /* a directory, an I/O error: no list */
		diag_report(d, DIAG_READ, DIAG_FILE(path), strerror(errno));
		fclose(f);
		free(text);
		return -1;
	}
	fclose(f);
	if (cond_parse(c, r, text) == -1)
		cond_clear(c);	/* not ours, or spoilt: no list */
	free(text);
	return 0;
}

/* Writes the text ctx (cmd_cond_save's). */
static int
cmd_cond_put(FILE *out, void *ctx)
{
	return fputs(ctx, out) == EOF ? -1 : 0;
}

int
cmd_cond_save(const char *path, const struct rules *r, const struct cond *c,
    struct diag *d)
{
	char *text;
	int rc;

	if (c->side < 0 || c->n == 0) {
		if (unlink(path) == 0 || errno == ENOENT)
			return 0;
		diag_report(d, DIAG_WRITE, DIAG_FILE(path), strerror(errno));
		return -1;
	}
	if ((text = malloc(CMD_COND_BYTES)) == NULL ||
	    cond_format(c, r, text, CMD_COND_BYTES) < 0) {
		free(text);
		diag_report(d, DIAG_NOMEM, DIAG_FILE(path));
		return -1;
	}
	rc = fileio_write_private(path, cmd_cond_put, text, d);
	free(text);
	return rc;
}

/* Announces a reply played (play_cond_answer's played). */
static void
cmd_cond_played(void *ctx, const char *text)
{
	(void)ctx;
	printf("conditional reply played: %s\n", text);
}

int
cmd_cond_apply(struct cond *c, struct replay *rp, struct record *g,
    const struct judge_clock *jc, const struct diag_where *w, struct diag *d)
{
	int n = play_cond_answer(c, rp, g, jc->timed, jc->now,
	    cmd_cond_played, NULL);

	if (n == -1)
		diag_report(d, DIAG_NOMEM, w);
	return n;
}
