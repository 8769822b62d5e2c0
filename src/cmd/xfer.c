/*
 * xfer.c - what fetch and post share: the transfer options (credentials,
 * never from the command line; a private CA; STARTTLS to this machine;
 * a timeout), and the records they compare (game/extend.h) read and
 * checked.
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

static int
cmd_game_replay(struct extend_game *cg, const struct replay_opts *o,
    long long now, struct diag *d)
{
	if (replay_run(&cg->rp, &cg->g, o, d) == -1 ||
	    replay_result(&cg->rp, &cg->g, o, d) == -1 ||
	    cmd_clock_check(&cg->g, &cg->rp, o, now, d) == -1)
		return -1;
	return 0;
}

int
cmd_game_read(struct extend_game *cg, const char *text, size_t len,
    const char *name, long long now, const struct notation **nt,
    struct diag *d)
{
	struct replay_opts o = { name, 0, REPLAY_ALL, 1 };

	if (notation_read_text(text, len, name, &cg->g, nt, d) == -1)
		return -1;
	return cmd_game_replay(cg, &o, now, d);
}

int
cmd_game_load(struct extend_game *cg, const char *path, long long now,
    struct diag *d)
{
	struct replay_opts o = { fileio_name(path), 0, REPLAY_ALL, 1 };

	if (cmd_load_one(path, &cg->g, NULL, d) == -1)
		return -1;
	return cmd_game_replay(cg, &o, now, d);
}
