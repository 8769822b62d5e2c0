/*
 * xfer.c - what fetch and post share: the transfer options (credentials,
 * never from the command line; a private CA; STARTTLS to this machine;
 * a timeout), and what it means for one record to extend another.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>

#include "mail/transport.h"
#include "notation/notation.h"
#include "cmd/cmd.h"
#include "base/fileio.h"
#include "game/play.h"

int
cmd_xfer_opt(struct xfer_opts *o, int ch, const char *arg)
{
	switch (ch) {
	case CMD_OPT_USER:
		o->user = arg;
		return 1;
	case CMD_OPT_PASSWORD_FILE:
		o->password_file = arg;
		return 1;
	case CMD_OPT_PASSWORD_ENV:
		o->password_env = arg;
		return 1;
	case CMD_OPT_CACERT:
		o->cacert = arg;
		return 1;
	case CMD_OPT_TIMEOUT:
		o->timeout = arg;
		return 1;
	case CMD_OPT_STARTTLS:
		o->starttls = 1;
		return 1;
	default:
		return 0;
	}
}

/* Cuts s at its first line end. */
static void
xfer_first_line(char *s)
{
	s[strcspn(s, "\r\n")] = '\0';
}

/* The first line of file into pw; -1 after reporting. */
static int
xfer_password_file(const char *file, char *pw, size_t size,
    struct diag *d)
{
	struct diag_where w = { file, NULL, 0, 0 };
	FILE *f;
	int bad;

	if ((f = fopen(file, "r")) == NULL) {
		diag_report(d, DIAG_READ, &w, strerror(errno));
		return -1;
	}
	if (fgets(pw, (int)size, f) == NULL)
		pw[0] = '\0';
	bad = ferror(f);
	fclose(f);
	if (bad) {
		diag_report(d, DIAG_READ, &w, "read error");
		return -1;
	}
	xfer_first_line(pw);
	return 0;
}

/* Reads a line from the terminal tty without echo into pw. */
static int
xfer_password_tty(int tty, const char *user, char *pw, size_t size)
{
	struct termios old, quiet;
	ssize_t n;
	size_t len = 0;
	char c;

	if (tcgetattr(tty, &old) == -1)
		return -1;
	quiet = old;
	quiet.c_lflag &= ~(tcflag_t)(ECHO | ECHONL);
	dprintf(tty, "Password for %s: ", user);
	if (tcsetattr(tty, TCSAFLUSH, &quiet) == -1)
		return -1;
	while ((n = read(tty, &c, 1)) == 1 && c != '\n' && c != '\r')
		if (len + 1 < size)
			pw[len++] = c;
	pw[len] = '\0';
	c = 0;
	tcsetattr(tty, TCSAFLUSH, &old);
	dprintf(tty, "\n");
	return n == -1 ? -1 : 0;
}

static int
xfer_password_prompt(const char *user, char *pw, size_t size,
    struct diag *d)
{
	int tty, rc;

	if ((tty = open("/dev/tty", O_RDWR | O_NOCTTY | O_CLOEXEC)) == -1) {
		diag_report(d, DIAG_NO_TTY, NULL, user);
		return -1;
	}
	rc = xfer_password_tty(tty, user, pw, size);
	close(tty);
	if (rc == -1)
		diag_report(d, DIAG_READ, NULL, "/dev/tty: cannot read the "
		    "password");
	return rc;
}

int
cmd_secret(const char *file, const char *env, const char *user, char *pw,
    size_t size, struct diag *d)
{
	const char *v;

	if (file != NULL && env != NULL) {
		diag_report(d, DIAG_EXCLUSIVE, NULL, "a password file",
		    "a password variable");
		return -1;
	}
	if (file != NULL)
		return xfer_password_file(file, pw, size, d);
	if (env != NULL) {
		if ((v = getenv(env)) == NULL) {
			diag_report(d, DIAG_PASSWORD_UNSET, NULL, env);
			return -1;
		}
		snprintf(pw, size, "%s", v);
		xfer_first_line(pw);
		return 0;
	}
	if (user != NULL)
		return xfer_password_prompt(user, pw, size, d);
	return 1;
}

int
cmd_xfer_begin(const struct xfer_opts *o, struct xfer *x, char *pw,
    size_t size, struct diag *d)
{
	unsigned long t;
	int rc;

	memset(x, 0, sizeof(*x));
	pw[0] = '\0';
	if (o->timeout != NULL) {
		if (cmd_number(d, "--timeout", o->timeout, 1, 86400, &t) == -1)
			return -1;
		x->timeout = (long)t;
		x->connect_timeout = t < 10 ? (long)t : 10;
	}
	x->user = o->user;
	x->cacert = o->cacert;
	x->starttls = o->starttls;
	if ((rc = cmd_secret(o->password_file, o->password_env, o->user, pw,
	    size, d)) == -1)
		return -1;
	if (rc == 0)
		x->password = pw;
	return 0;
}

void
cmd_xfer_end(char *pw, size_t size)
{
	explicit_bzero(pw, size);
}

/* The tags a move or an action may change (play_append_*), and a count
 * of plies other programs keep. */
static int
cmd_ext_free_tag(const char *name)
{
	return strcmp(name, "Result") == 0 ||
	    strcmp(name, "Termination") == 0 || strcmp(name, "PlyCount") == 0;
}

static int
cmd_game_replay(struct cmd_game *cg, const struct replay_opts *o,
    struct diag *d)
{
	if (replay_run(&cg->rp, &cg->g, o, d) == -1 ||
	    replay_result(&cg->rp, &cg->g, o, d) == -1 ||
	    cmd_clock_check(&cg->g, &cg->rp, o, d) == -1)
		return -1;
	return 0;
}

int
cmd_game_read(struct cmd_game *cg, const char *text, size_t len,
    const char *name, const struct notation **nt, struct diag *d)
{
	struct replay_opts o = { name, 0, REPLAY_ALL, 1 };

	if (notation_read_text(text, len, name, &cg->g, nt, d) == -1)
		return -1;
	return cmd_game_replay(cg, &o, d);
}

int
cmd_game_load(struct cmd_game *cg, const char *path, struct diag *d)
{
	struct replay_opts o = { fileio_name(path), 0, REPLAY_ALL, 1 };

	if (cmd_load_one(path, &cg->g, NULL, d) == -1)
		return -1;
	return cmd_game_replay(cg, &o, d);
}

/* The start position of a replayed record as FEN into buf. */
static void
cmd_ext_start_fen(const struct cmd_game *cg, char *buf, size_t size)
{
	struct replay start;
	struct replay_opts o = { NULL, 0, 0, 0 };
	struct diag q;

	diag_init(&q, "stackref", NULL);
	q.quiet = 1;
	if (replay_start(&start, &cg->g, &o, &q) == -1 ||
	    fen_format(cg->rp.r, &start.pos, buf, size) < 0)
		buf[0] = '\0';
}

/* Whether e is a move, an action or a time stamp: the elements the
 * history is made of (comments, NAGs and variations are annotations). */
static int
cmd_ext_played(const struct elem *e)
{
	return e->kind == ELEM_MOVE || e->kind == ELEM_ACTION ||
	    e->kind == ELEM_STAMP;
}

/* A walk over the history of a main line: its moves, actions and time
 * stamps, with those the variation of an accepted undo holds in their
 * place (they were the main line's until the undo). */
struct cmd_ext_walk {
	const struct line *l;       /* the main line */
	size_t i;                   /* its next element */
	const struct line *v;       /* the undo's variation walked, or NULL */
	size_t j;                   /* its next element */
};

/* The next element of the history, or NULL at its end. */
static const struct elem *
cmd_ext_next(struct cmd_ext_walk *w)
{
	const struct elem *e;

	for (;;) {
		if (w->v != NULL && w->j < w->v->n) {
			if (cmd_ext_played(e = &w->v->elems[w->j++]))
				return e;
			continue;
		}
		w->v = NULL;
		if (w->i >= w->l->n)
			return NULL;
		e = &w->l->elems[w->i];
		if (e->var != NULL && line_undo_var(w->l, w->i)) {
			w->v = e->var;
			w->j = 0;
		}
		w->i++;
		if (cmd_ext_played(e))
			return e;
	}
}

/*
 * Compares the histories of main lines a and b (cmd_ext_next): 0 when
 * that of a is the start of b's (*added: b has more), else -1 with why
 * saying how b departs from a, named aname.
 */
static int
cmd_ext_history(const struct line *a, const struct line *b,
    const char *aname, int *added, char *why, size_t size)
{
	struct cmd_ext_walk wa = { a, 0, NULL, 0 }, wb = { b, 0, NULL, 0 };
	const struct elem *ea, *eb;
	size_t ply = 0;

	while ((ea = cmd_ext_next(&wa)) != NULL) {
		if ((eb = cmd_ext_next(&wb)) == NULL) {
			snprintf(why, size, "it lacks %s, and what follows",
			    ea->text);
			return -1;
		}
		ply += eb->kind == ELEM_MOVE;
		if (ea->kind != eb->kind || strcmp(ea->text, eb->text) != 0) {
			snprintf(why, size, "it has %s where %s has %s (ply %zu)",
			    eb->text, aname, ea->text, ply);
			return -1;
		}
	}
	*added = cmd_ext_next(&wb) != NULL;
	return 0;
}

/* How many tags of g have the name and value of t. */
static size_t
cmd_ext_tag_count(const struct record *g, const struct tag *t)
{
	size_t i, n = 0;

	for (i = 0; i < g->ntags; i++)
		n += strcmp(g->tags[i].name, t->name) == 0 &&
		    strcmp(g->tags[i].value, t->value) == 0;
	return n;
}

/* Each tag of x (but the free ones, unless all) must be in y as often;
 * else -1 with why: "it VERB the tag NAME "VALUE"". */
static int
cmd_ext_tags_in(const struct record *x, const struct record *y, int all,
    const char *verb, char *why, size_t size)
{
	const struct tag *t;
	size_t i;

	for (i = 0; i < x->ntags; i++) {
		t = &x->tags[i];
		if ((all || !cmd_ext_free_tag(t->name)) &&
		    cmd_ext_tag_count(x, t) != cmd_ext_tag_count(y, t)) {
			snprintf(why, size, "it %s the tag %.64s \"%.100s\"",
			    verb, t->name, t->value);
			return -1;
		}
	}
	return 0;
}

/* The result g declares, canonical: its result token, else its Result
 * tag; "*" when none or unreadable. */
static const char *
cmd_ext_result(const struct record *g)
{
	const char *r = g->result != NULL ? g->result :
	    record_tag(g, "Result"), *c;

	if (r == NULL || notation_result_normal(r, &c) == -1)
		return "*";
	return c;
}

/* The result b declares against a (named aname): the same when b adds
 * nothing; else a must be open and b's result that of its replay. */
static int
cmd_ext_results(const struct cmd_game *a, const struct cmd_game *b,
    int added, const char *aname, char *why, size_t size)
{
	const char *ra = cmd_ext_result(&a->g), *rb = cmd_ext_result(&b->g);
	const char *out = replay_result_token(b->rp.outcome), *res, *over;

	if (!added && strcmp(ra, rb) != 0)
		snprintf(why, size, "it declares the result %s where %s has %s, "
		    "with no move or action to support it", rb, aname, ra);
	else if (added && play_over(&a->rp, &a->g, &res, &over))
		snprintf(why, size, "it goes on after the end of %s (%s, %s)",
		    aname, res, over);
	else if (added && strcmp(rb, out) != 0)
		snprintf(why, size, "it declares the result %s, but its moves "
		    "and actions give %s", rb, out);
	else
		return 0;
	return -1;
}

/* The game, GameId and start position of a and b must be the same. */
static int
cmd_ext_same_game(const struct cmd_game *a, const struct cmd_game *b,
    char *why, size_t size)
{
	const char *ia = record_tag(&a->g, "GameId");
	const char *ib = record_tag(&b->g, "GameId");
	char fa[1024], fb[1024];

	if (a->rp.r != b->rp.r) {
		snprintf(why, size, "it is a game of %s, this one of %s",
		    b->rp.r->name, a->rp.r->name);
		return -1;
	}
	if ((ia == NULL) != (ib == NULL) || (ia != NULL && strcmp(ia, ib))) {
		snprintf(why, size, "it is game %.100s, this one is %.100s",
		    ib != NULL ? ib : "(no GameId)", ia != NULL ? ia :
		    "(no GameId)");
		return -1;
	}
	cmd_ext_start_fen(a, fa, sizeof(fa));
	cmd_ext_start_fen(b, fb, sizeof(fb));
	if (strcmp(fa, fb) != 0) {
		snprintf(why, size, "it starts from another position");
		return -1;
	}
	return 0;
}

int
cmd_extends(const struct cmd_game *a, const struct cmd_game *b,
    const char *aname, char *why, size_t size)
{
	int added = 0;

	if (cmd_ext_same_game(a, b, why, size) == -1 ||
	    cmd_ext_history(&a->g.main, &b->g.main, aname, &added, why,
	    size) == -1 ||
	    cmd_ext_results(a, b, added, aname, why, size) == -1 ||
	    cmd_ext_tags_in(&b->g, &a->g, !added, "sets", why, size) == -1 ||
	    cmd_ext_tags_in(&a->g, &b->g, !added, "lacks", why, size) == -1)
		return CMD_EXT_NO;
	return added ? CMD_EXT_MORE : CMD_EXT_SAME;
}
