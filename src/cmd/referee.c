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

#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/module.h"
#include "referee/port.h"
#include "referee/run.h"
#include "mail/transport.h"
#include "cmd/cmd.h"

const char cmd_referee_usage[] =
    "referee {--dir DIR | --store URL} {--import DIR | --export DIR | "
    "--imap URL --smtp URL --address ADDR "
    "[--cacert FILE] [--user USER --password-file FILE] "
    "[--publish URL] [--now TIME] [--once]}";

const char cmd_referee_help[] =
	"  --dir DIR            the store is the SQLite file DIR/referee.db\n"
	"  --store URL          the store: sqlite:PATH or postgresql://...\n"
	"  --import DIR         move a state directory into the store, then"
	" exit\n"
	"  --export DIR         write the store as a state directory, then"
	" exit\n"
	"  --imap URL           the mailbox the players write to\n"
	"  --smtp URL           the server the replies are sent through\n"
	"  --address ADDR       the referee's own mail address\n"
	"  --cacert FILE        trust the authorities of FILE instead of"
	" the system's\n"
	"  --user USER          log in to both servers as USER\n"
	"  --password-file FILE the password is the first line of FILE\n"
	"  --publish URL        put the game pages there\n"
	"  --now TIME           the time now (default: STACKREF_NOW, else"
	" the clock)\n"
	"  --once               one pass over the mailbox, then exit\n";

struct referee_opts {
	const char *dir, *imap, *smtp, *address, *cacert, *user, *pwfile;
	const char *publish, *now, *store, *import, *export;
};

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
		{ "store", required_argument, NULL, 'S' },
		{ "import", required_argument, NULL, 'I' },
		{ "export", required_argument, NULL, 'E' },
		{ NULL, 0, NULL, 0 }
	};
	const char **slot[] = { &ro->dir, &ro->imap, &ro->smtp, &ro->address,
	    &ro->cacert, &ro->user, &ro->pwfile, &ro->publish, &ro->now,
	    &ro->store, &ro->import, &ro->export };
	const char *letters = "disacupPNSIE", *at;
	int ch;

	opterr = 0;
	while ((ch = getopt_long(argc, argv, ":", longopts, NULL)) != -1) {
		if (ch == '1')
			continue;
		if ((at = strchr(letters, ch)) == NULL || ch == 0)
			return cmd_bad_option(d, cmd_referee_usage, ch, argv);
		*slot[at - letters] = optarg;
	}
	if (optind != argc)
		return diag_report(d, DIAG_TOO_MANY_ARGS, NULL),
		    cmd_usage(d, cmd_referee_usage);
	if ((ro->dir == NULL) == (ro->store == NULL))
		return diag_report(d, DIAG_ARGS_NEEDED, NULL, "one of --dir and "
		    "--store"), cmd_usage(d, cmd_referee_usage);
	if (ro->import == NULL && ro->export == NULL && (ro->imap == NULL ||
	    ro->smtp == NULL || ro->address == NULL))
		return diag_report(d, DIAG_ARGS_NEEDED, NULL, "--imap, --smtp "
		    "and --address"), cmd_usage(d, cmd_referee_usage);
	if (ro->publish != NULL && XFER_MODULE->url_kind(ro->publish) !=
	    XFER_KIND_HTTP)
		return diag_report(d, DIAG_PUBLISH_URL, NULL),
		    cmd_usage(d, cmd_referee_usage);
	return 0;
}

/* The store's URL into url: --store's, or sqlite:DIR/referee.db (DIR
 * made when missing). */
static int
referee_store(const struct referee_opts *ro, char *url, size_t size,
    struct diag *d)
{
	if (ro->store != NULL) {
		snprintf(url, size, "%s", ro->store);
		return 0;
	}
	if (mkdir(ro->dir, 0700) == -1 && errno != EEXIST) {
		diag_report(d, DIAG_WRITE, DIAG_FILE(ro->dir), strerror(errno));
		return -1;
	}
	snprintf(url, size, "sqlite:%.4000s/" REF_STORE_FILE, ro->dir);
	return 0;
}

int
cmd_referee(int argc, char *argv[], struct diag *d)
{
	struct referee_opts ro;
	struct ref_state s;
	struct xfer x, px;
	char url[4096];
	char password[512];
	long long now;
	int rc;

	memset(&ro, 0, sizeof(ro));
	if ((rc = referee_getopt(&ro, argc, argv, d)) != 0)
		return rc;
	if (cmd_now(ro.now, &now, d) == -1)
		return cmd_finish(d);
	/* each mail is decided in a child under a memory budget: the
	 * libraries are loaded here, once, before any */
	module_load_all();
	memset(&x, 0, sizeof(x));
	memset(&px, 0, sizeof(px));
	memset(&s, 0, sizeof(s));
	x.user = ro.user;
	x.cacert = ro.cacert;
	px.cacert = ro.cacert;     /* its credentials: ~/.netrc */
	if (ro.pwfile != NULL) {
		/* the file only: run from cron, the referee never prompts */
		if (cmd_secret(ro.pwfile, NULL, NULL, password,
		    sizeof(password), d) == -1)
			return cmd_finish(d);
		x.password = password;
	}
	if (referee_store(&ro, url, sizeof(url), d) == -1)
		return cmd_finish(d);
	s.url = url;
	s.imap = ro.imap;
	s.smtp = ro.smtp;
	s.address = ro.address;
	s.x = &x;
	s.publish = ro.publish;
	s.px = &px;
	s.d = d;
	s.now = (time_t)now;
	s.crash = getenv("STACKREF_REFEREE_CRASH");
	umask(077);
	if (ref_state_open(&s) == 0) {
		if (ro.import != NULL)
			ref_port_import(&s, ro.import);
		else if (ro.export != NULL)
			ref_port_export(&s, ro.export);
		else
			ref_run(&s);
	}
	ref_state_close(&s);
	explicit_bzero(password, sizeof(password));
	return cmd_finish(d);
}
