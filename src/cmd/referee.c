/*
 * referee.c - stackref referee: one run of the play-by-email
 * server (src/referee/run.h): its options and credentials (the mail
 * servers': --user, --password-file or ~/.netrc; those of the web
 * server --publish names: ~/.netrc only, so that the mail password
 * never goes to another server), the state directory opened under its
 * lock (src/referee/state.h), the time of the run (--now, else
 * STACKREF_NOW, else the system clock: cmd_now), the run.
 * Safe to run from cron: runs take turns on a lock, and a mail is
 * processed once.
 */
#include <sys/stat.h>

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/module.h"
#include "referee/run.h"
#include "referee/service.h"
#include "mail/transport.h"
#include "cmd/cmd.h"

const char cmd_referee_usage[] =
    "referee --dir DIR [--imap URL] --smtp URL... --address ADDR "
    "[--cacert FILE] [--user USER --password-file FILE] "
    "[--publish URL] [--now TIME] [--once]\n"
    "       stackref referee --deliver --dir DIR --address ADDR "
    "[--smtp URL]... [OPTION]... <MAIL\n"
    "       stackref referee --status --dir DIR [--json] "
    "[--max-age MINUTES] [--now TIME]";

const char cmd_referee_help[] =
	"  --dir DIR            the state directory\n"
	"  --imap URL           the mailbox the players write to (none:"
	" fed by --deliver)\n"
	"  --smtp URL           a server the replies are sent through;"
	" again: the next\n"
	"                       one, tried when those before fail for the"
	" time being\n"
	"  --address ADDR       the referee's own mail address\n"
	"  --cacert FILE        trust the authorities of FILE instead of"
	" the system's\n"
	"  --user USER          log in to both servers as USER\n"
	"  --password-file FILE the password is the first line of FILE\n"
	"  --publish URL        put the game pages there\n"
	"  --now TIME           the time now (default: STACKREF_NOW, else"
	" the clock)\n"
	"  --once               one pass over the mailbox, then exit\n"
	"  --deliver            store the mail on standard input (from the"
	" mail server);\n"
	"                       status 75 when it cannot be stored\n"
	"  --status             what waits, what is due, what was refused\n"
	"  --json               --status as JSON\n"
	"  --max-age MINUTES    --status: status 1 when a mail waits longer"
	" (default 15)\n";

/* What a run does: the mailbox (cron), one mail from the mail server,
 * or the figures an operator watches. */
enum referee_mode { REFEREE_RUN, REFEREE_DELIVER, REFEREE_STATUS };

struct referee_opts {
	const char *dir, *imap, *address, *cacert, *user, *pwfile;
	const char *publish, *now, *max_age;
	const char *smtp[REF_SMTP_MAX];
	size_t nsmtp;
	enum referee_mode mode;
	int json;
};

/* Takes option ch's value arg (its letter in letters, or a flag);
 * -1 for an option not known, or --smtp once too often. */
static int
referee_opt(struct referee_opts *ro, int ch, const char *arg)
{
	const char **slot[] = { &ro->dir, &ro->imap, &ro->address,
	    &ro->cacert, &ro->user, &ro->pwfile, &ro->publish, &ro->now,
	    &ro->max_age };
	const char *letters = "diacupPNm", *at;

	if (ch == '1')
		return 0;
	if (ch == 'D' || ch == 'S')
		ro->mode = ch == 'D' ? REFEREE_DELIVER : REFEREE_STATUS;
	else if (ch == 'j')
		ro->json = 1;
	else if (ch == 's' && ro->nsmtp < REF_SMTP_MAX)
		ro->smtp[ro->nsmtp++] = arg;
	else if (ch != 0 && ch != 's' && (at = strchr(letters, ch)) != NULL)
		*slot[at - letters] = arg;
	else
		return -1;
	return 0;
}

/* Checks the options of the mode ro->mode: --status reads the state
 * only, --deliver reads no mailbox (each ignores the options of a run it
 * does not use, so that the run's options may be given as they are). */
static int
referee_check(const struct referee_opts *ro, struct diag *d)
{
	const char *need = NULL;

	if (ro->mode != REFEREE_STATUS && (ro->json || ro->max_age != NULL))
		return diag_report(d, DIAG_NEEDS, NULL, ro->json ? "--json" :
		    "--max-age", "--status"), cmd_usage(d, cmd_referee_usage);
	if (ro->dir == NULL)
		need = "--dir";
	else if (ro->mode != REFEREE_STATUS && ro->address == NULL)
		need = "--address";
	else if (ro->mode == REFEREE_RUN && ro->nsmtp == 0)
		need = "--smtp";
	if (need != NULL)
		diag_report(d, DIAG_OPTION_NEEDED, NULL, need);
	else if (ro->publish != NULL && XFER_MODULE->url_kind(ro->publish) !=
	    XFER_KIND_HTTP)
		diag_report(d, DIAG_PUBLISH_URL, NULL);
	else
		return 0;
	return cmd_usage(d, cmd_referee_usage);
}

static int
referee_getopt(struct referee_opts *ro, int argc, char *argv[],
    struct diag *d)
{
	static const struct option longopts[] = {
		{ "dir", required_argument, NULL, 'd' },
		{ "imap", required_argument, NULL, 'i' },
		{ "smtp", required_argument, NULL, 's' },
		{ "address", required_argument, NULL, 'a' },
		{ "cacert", required_argument, NULL, 'c' },
		{ "user", required_argument, NULL, 'u' },
		{ "password-file", required_argument, NULL, 'p' },
		{ "publish", required_argument, NULL, 'P' },
		{ "now", required_argument, NULL, 'N' },
		{ "once", no_argument, NULL, '1' },
		{ "deliver", no_argument, NULL, 'D' },
		{ "status", no_argument, NULL, 'S' },
		{ "json", no_argument, NULL, 'j' },
		{ "max-age", required_argument, NULL, 'm' },
		{ NULL, 0, NULL, 0 }
	};
	int ch;

	opterr = 0;
	while ((ch = getopt_long(argc, argv, ":", longopts, NULL)) != -1) {
		if (ch == '?' || ch == ':')
			return cmd_bad_option(d, cmd_referee_usage, ch, argv);
		if (referee_opt(ro, ch, optarg) == -1)
			return diag_report(d, DIAG_TOO_MANY_OPTIONS, NULL,
			    REF_SMTP_MAX, "--smtp"),
			    cmd_usage(d, cmd_referee_usage);
	}
	if (optind != argc)
		return diag_report(d, DIAG_TOO_MANY_ARGS, NULL),
		    cmd_usage(d, cmd_referee_usage);
	return referee_check(ro, d);
}

/* The run of ro at now: the state opened (nowait: not when another run
 * holds it), the run made; its status on d. */
static void
referee_run(const struct referee_opts *ro, long long now, int nowait,
    struct diag *d)
{
	struct ref_state s;
	struct xfer x, px;
	char password[512];

	/* each mail is decided in a child under a memory budget: the
	 * libraries are loaded here, once, before any */
	module_load_all();
	memset(&x, 0, sizeof(x));
	memset(&px, 0, sizeof(px));
	memset(&s, 0, sizeof(s));
	x.user = ro->user;
	x.cacert = ro->cacert;
	px.cacert = ro->cacert;     /* its credentials: ~/.netrc */
	/* the file only: run from cron, the referee never prompts */
	if (ro->pwfile != NULL && cmd_secret(ro->pwfile, NULL, NULL, password,
	    sizeof(password), d) == -1)
		return;
	x.password = ro->pwfile != NULL ? password : NULL;
	s.dir = ro->dir;
	s.imap = ro->mode == REFEREE_RUN ? ro->imap : NULL;
	s.smtp = ro->smtp;
	s.nsmtp = ro->nsmtp;
	s.address = ro->address;
	s.x = &x;
	s.publish = ro->publish;
	s.px = &px;
	s.d = d;
	s.now = (time_t)now;
	s.nowait = nowait;
	s.crash = getenv("STACKREF_REFEREE_CRASH");
	umask(077);
	if (ref_state_open(&s) == 0)
		ref_run(&s);
	ref_state_close(&s);
	explicit_bzero(password, sizeof(password));
}

/* The store of ro (--dir DIR: its file REF_STORE_FILE) into buf. */
static const char *
referee_store_url(const struct referee_opts *ro, char *buf, size_t size)
{
	snprintf(buf, size, "%s/%s", ro->dir, REF_STORE_FILE);
	return buf;
}

/* --deliver: the mail on standard input stored, else REF_EX_TEMPFAIL;
 * then a run at once when no other holds the state (service.h). */
static int
referee_deliver(const struct referee_opts *ro, long long now,
    struct diag *d)
{
	struct ref_store *st;
	char url[4096];
	int rc;

	umask(077);
	mkdir(ro->dir, 0700);     /* when missing; else the store says */
	if (ref_store_open(referee_store_url(ro, url, sizeof(url)), d,
	    &st) == -1)
		return cmd_finish(d), REF_EX_TEMPFAIL;
	rc = ref_deliver(st, STDIN_FILENO, (time_t)now, d);
	ref_store_close(st);
	if (rc == -1)
		return cmd_finish(d), REF_EX_TEMPFAIL;
	referee_run(ro, now, 1, d);
	return cmd_finish(d), 0;  /* stored: what the run met is said */
}

/* --status: the figures of the store, status 1 when a mail is late. */
static int
referee_status(const struct referee_opts *ro, long long now,
    struct diag *d)
{
	struct ref_store *st;
	unsigned long max_age = REF_MAX_AGE;
	char url[4096];

	if (ro->max_age != NULL && cmd_number(d, "--max-age", ro->max_age, 1,
	    1000000, &max_age) == -1)
		return cmd_usage(d, cmd_referee_usage);
	if (ref_store_open(referee_store_url(ro, url, sizeof(url)), d,
	    &st) == 0) {
		ref_status(st, (time_t)now, max_age, ro->json, d);
		ref_store_close(st);
	}
	return cmd_finish(d);
}

int
cmd_referee(int argc, char *argv[], struct diag *d)
{
	struct referee_opts ro;
	long long now;
	int rc;

	memset(&ro, 0, sizeof(ro));
	if ((rc = referee_getopt(&ro, argc, argv, d)) != 0)
		return rc;
	if (cmd_now(ro.now, &now, d) == -1)
		return ro.mode == REFEREE_DELIVER ? REF_EX_TEMPFAIL :
		    cmd_finish(d);
	if (ro.mode == REFEREE_DELIVER)
		return referee_deliver(&ro, now, d);
	if (ro.mode == REFEREE_STATUS)
		return referee_status(&ro, now, d);
	referee_run(&ro, now, 0, d);
	return cmd_finish(d);
}
