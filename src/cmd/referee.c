/*
 * referee.c - stackref referee: one run of the play-by-email
 * server (src/referee/run.h): its options and credentials (the mail
 * servers': --user, --password-file or ~/.netrc; those of the web
 * server --publish names: ~/.netrc only, so that the mail password
 * never goes to another server), the store opened (under its lock for
 * SQLite: src/referee/state.h), the time of the run (--now, else
 * STACKREF_NOW, else the system clock: cmd_now), the run.
 * Safe to run from cron: runs take turns on a lock, and a mail is
 * processed once.  The other modes: --deliver (a mail from the mail
 * server) and --status (src/referee/service.h), --import and --export
 * (src/referee/port.h).
 */
#include <sys/stat.h>

#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/module.h"
#include "referee/admin.h"
#include "referee/port.h"
#include "referee/run.h"
#include "referee/service.h"
#include "mail/authres.h"
#include "mail/transport.h"
#include "cmd/cmd.h"
#include "base/util.h"

const char cmd_referee_usage[] =
    "referee {--dir DIR | --store URL} [--imap URL] --smtp URL... "
    "--address ADDR [--cacert FILE] [--user USER --password-file FILE] "
    "[--publish URL] [--now TIME] [--jobs N] [--hash-cost N] "
    "[--authserv-id ID] [--aside-head KIB] [--aside-days DAYS] "
    "[--max-boards N] [--max-challenges N] [--max-signups N] [--once]\n"
    "       stackref referee {--dir DIR | --store URL} --deliver "
    "--address ADDR [--smtp URL]... [OPTION]... <MAIL\n"
    "       stackref referee {--dir DIR | --store URL} --status [--json] "
    "[--max-age MINUTES] [--now TIME]\n"
    "       stackref referee {--dir DIR | --store URL} "
    "{--import DIR | --export DIR}\n"
    "       stackref referee {--dir DIR | --store URL} --admin VERB [ARG...]";

const char cmd_referee_help[] =
	"  --dir DIR            the store is the SQLite file DIR/referee.db\n"
	"  --store URL          the store: sqlite:PATH or postgresql://...\n"
	"  --import DIR         move a state directory into the store, then"
	" exit\n"
	"  --export DIR         write the store as a state directory, then"
	" exit\n"
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
	"  --jobs N             decide N mails at once (default: the number"
	" of CPUs)\n"
	"  --hash-cost N        yescrypt's cost of the new passwords' hashes,"
	" 1 to 11\n"
	"                       (default 5; each step doubles its CPU and"
	" memory)\n"
	"  --authserv-id ID     trust the Authentication-Results of the mail"
	" server of ID\n"
	"                       (RFC 8601): a From it verified is the"
	" sender's\n"
	"  --aside-head KIB     of a mail set aside, the KiB of its body kept"
	" (default 64)\n"
	"  --aside-days DAYS    a mail set aside is kept so long (default 30)\n"
	"  --max-boards N       the open boards a player may have, and a"
	" digest lists\n"
	"                       (default 50)\n"
	"  --max-challenges N   the challenges a player may have waiting"
	" (default 10)\n"
	"  --max-signups N      the signups waiting for confirmation in all,"
	" a safety\n"
	"                       far above one sender's (default 1000)\n"
	"  --once               one pass over the mailbox, then exit\n"
	"  --deliver            store the mail on standard input (from the"
	" mail server);\n"
	"                       status 75 when it cannot be stored\n"
	"  --status             what waits, what is due, what was refused\n"
	"  --json               --status as JSON\n"
	"  --max-age MINUTES    --status: status 1 when a mail waits longer"
	" (default 15)\n"
	"  --admin VERB [ARG]   the operator's commands, then exit:\n"
	"      players            list the players: boards, open ones, lock\n"
	"      lock USERID [DAYS] refuse the player's requests (until unlocked)\n"
	"      unlock USERID      lift any lock of the userid\n"
	"      remove USERID      erase address and password (no open board)\n"
	"      boards             list the boards\n"
	"      remove-board BOARD delete a board's record\n"
	"      aside              list the mails set aside: key, age, bytes, why\n"
	"      release KEY        decide the mail set aside again, next run\n"
	"      delete KEY         delete the mail set aside\n"
	"Players choose their mails by mail: notify USERID PASSWORD each |"
	" digest HOUR\n"
	"(a daily digest at HOUR, UTC), and remind USERID PASSWORD"
	" INTERVAL | off | game\n"
	"(stackref-referee(8), Mails and reminders).\n";

/* What a call does: a run (cron), one mail from the mail server, the
 * figures an operator watches, a state directory moved in or out. */
enum referee_mode {
	REFEREE_RUN, REFEREE_DELIVER, REFEREE_STATUS, REFEREE_IMPORT,
	REFEREE_EXPORT, REFEREE_ADMIN
};

struct referee_opts {
	const char *dir, *store, *imap, *address, *cacert, *user, *pwfile;
	const char *publish, *now, *max_age, *port, *jobs, *hash_cost;
	const char *aside_head, *aside_days, *authserv_id;
	const char *max[3];       /* --max-boards, -challenges, -signups */
	unsigned long njobs;      /* --jobs, else the CPUs */
	unsigned long cost;       /* --hash-cost, else REF_HASH_COST */
	unsigned long head, days; /* --aside-head (KiB), --aside-days */
	struct ref_limits limits; /* the --max-... given (0: default) */
	char **args;              /* --admin VERB's operands */
	int nargs;
	const char *smtp[REF_SMTP_MAX];
	size_t nsmtp;
	enum referee_mode mode;
	const char *mode_opt;     /* the option that chose the mode */
	const char *clash;        /* one that chose another mode after it */
	int json;
};

/* Sets the mode m that option opt (with its value arg, a directory for
 * --import and --export, the verb of --admin) chooses; -1 when another
 * one chose another. */
static int
referee_mode(struct referee_opts *ro, enum referee_mode m, const char *opt,
    const char *arg)
{
	if (ro->mode_opt != NULL && ro->mode != m) {
		ro->clash = opt;
		return -1;
	}
	ro->mode = m;
	ro->mode_opt = opt;
	ro->port = arg;
	return 0;
}

/* Takes option ch's value arg (a letter of letters, a mode or a flag);
 * -1 for --smtp once too often, -2 for a second mode. */
static int
referee_opt(struct referee_opts *ro, int ch, const char *arg)
{
	const char **slot[] = { &ro->dir, &ro->store, &ro->imap,
	    &ro->address, &ro->cacert, &ro->user, &ro->pwfile, &ro->publish,
	    &ro->now, &ro->max_age, &ro->jobs, &ro->hash_cost,
	    &ro->authserv_id, &ro->aside_head, &ro->aside_days, &ro->max[0],
	    &ro->max[1], &ro->max[2] };
	const char *letters = "dSiacupPNmJHAkybCG", *at;

	switch (ch) {
	case 'D':
		return referee_mode(ro, REFEREE_DELIVER, "--deliver", NULL) * 2;
	case 'T':
		return referee_mode(ro, REFEREE_STATUS, "--status", NULL) * 2;
	case 'I':
		return referee_mode(ro, REFEREE_IMPORT, "--import", arg) * 2;
	case 'E':
		return referee_mode(ro, REFEREE_EXPORT, "--export", arg) * 2;
	case 'M':
		return referee_mode(ro, REFEREE_ADMIN, "--admin", arg) * 2;
	case 'j':
		ro->json = 1;
		return 0;
	case 's':
		if (ro->nsmtp == REF_SMTP_MAX)
			return -1;
		ro->smtp[ro->nsmtp++] = arg;
		return 0;
	}
	if (ch != 0 && (at = strchr(letters, ch)) != NULL)
		*slot[at - letters] = arg;
	return 0;
}

/* Writes into buf the options ro's mode needs and lacks, every one of
 * them ("--smtp URL and --address ADDR"); returns how many.  --status,
 * --import and --export read the store only, --deliver no mailbox (each
 * ignores the options of a run it does not use, so that the cron line's
 * options may be given as they are). */
static int
referee_lacks(const struct referee_opts *ro, char *buf, size_t size)
{
	const char *lack[3];
	int n = 0, i;

	if (ro->dir == NULL && ro->store == NULL)
		lack[n++] = "--dir DIR or --store URL";
	if (ro->mode == REFEREE_RUN && ro->nsmtp == 0)
		lack[n++] = "--smtp URL";
	if ((ro->mode == REFEREE_RUN || ro->mode == REFEREE_DELIVER) &&
	    ro->address == NULL)
		lack[n++] = "--address ADDR";
	buf[0] = '\0';
	for (i = 0; i < n; i++)
		util_append(buf, size, i == 0 ? "" : i + 1 < n ? ", " :
		    " and ", lack[i]);
	return n;
}

/* Checks the options of the mode ro->mode. */
static int
referee_check(const struct referee_opts *ro, struct diag *d)
{
	char need[128];
	int n = referee_lacks(ro, need, sizeof(need));

	if (ro->mode != REFEREE_STATUS && (ro->json || ro->max_age != NULL))
		diag_report(d, DIAG_NEEDS, NULL, ro->json ? "--json" :
		    "--max-age", "--status");
	else if (ro->dir != NULL && ro->store != NULL)
		diag_report(d, DIAG_EXCLUSIVE, NULL, "--dir", "--store");
	else if (n > 1)
		diag_report(d, DIAG_ARGS_NEEDED, NULL, need);
	else if (n == 1)
		diag_report(d, DIAG_OPTION_NEEDED, NULL, need);
	else if (ro->publish != NULL && XFER_MODULE->url_kind(ro->publish) !=
	    XFER_KIND_HTTP)
		diag_report(d, DIAG_PUBLISH_URL, NULL);
	else if (ro->authserv_id != NULL && !authres_id_ok(ro->authserv_id))
		diag_report(d, DIAG_BAD_VALUE, NULL, "--authserv-id",
		    ro->authserv_id, "a host name or a token");
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
		{ "store", required_argument, NULL, 'S' },
		{ "imap", required_argument, NULL, 'i' },
		{ "smtp", required_argument, NULL, 's' },
		{ "address", required_argument, NULL, 'a' },
		{ "cacert", required_argument, NULL, 'c' },
		{ "user", required_argument, NULL, 'u' },
		{ "password-file", required_argument, NULL, 'p' },
		{ "publish", required_argument, NULL, 'P' },
		{ "now", required_argument, NULL, 'N' },
		{ "jobs", required_argument, NULL, 'J' },
		{ "hash-cost", required_argument, NULL, 'H' },
		{ "max-boards", required_argument, NULL, 'b' },
		{ "max-challenges", required_argument, NULL, 'C' },
		{ "max-signups", required_argument, NULL, 'G' },
		{ "authserv-id", required_argument, NULL, 'A' },
		{ "once", no_argument, NULL, '1' },
		{ "import", required_argument, NULL, 'I' },
		{ "export", required_argument, NULL, 'E' },
		{ "deliver", no_argument, NULL, 'D' },
		{ "status", no_argument, NULL, 'T' },
		{ "json", no_argument, NULL, 'j' },
		{ "max-age", required_argument, NULL, 'm' },
		{ "aside-head", required_argument, NULL, 'k' },
		{ "aside-days", required_argument, NULL, 'y' },
		{ "admin", required_argument, NULL, 'M' },
		{ NULL, 0, NULL, 0 }
	};
	int ch, rc;

	opterr = 0;
	while ((ch = getopt_long(argc, argv, ":", longopts, NULL)) != -1) {
		if (ch == '?' || ch == ':')
			return cmd_bad_option(d, cmd_referee_usage, ch, argv);
		if ((rc = referee_opt(ro, ch, optarg)) == -1)
			diag_report(d, DIAG_TOO_MANY_OPTIONS, NULL,
			    REF_SMTP_MAX, "--smtp");
		else if (rc == -2)
			diag_report(d, DIAG_EXCLUSIVE, NULL, ro->mode_opt,
			    ro->clash);
		if (rc != 0)
			return cmd_usage(d, cmd_referee_usage);
	}
	ro->args = argv + optind;
	ro->nargs = argc - optind;
	if (ro->mode == REFEREE_ADMIN && ref_admin_check(ro->port, ro->nargs,
	    d) == -1)
		return cmd_usage(d, cmd_referee_usage);
	if (ro->mode != REFEREE_ADMIN && optind != argc)
		return diag_report(d, DIAG_TOO_MANY_ARGS, NULL),
		    cmd_usage(d, cmd_referee_usage);
	return referee_check(ro, d);
}

/* The store's URL into url: --store's, or sqlite:DIR/referee.db (DIR
 * made when missing, if make). */
static int
referee_store(const struct referee_opts *ro, int make, char *url,
    size_t size, struct diag *d)
{
	if (ro->store != NULL) {
		snprintf(url, size, "%s", ro->store);
		return 0;
	}
	if (make && mkdir(ro->dir, 0700) == -1 && errno != EEXIST) {
		diag_report(d, DIAG_WRITE, DIAG_FILE(ro->dir), strerror(errno));
		return -1;
	}
	snprintf(url, size, "sqlite:%.4000s/" REF_STORE_FILE, ro->dir);
	return 0;
}

/* What ro's mode does with the state s opened. */
static void
referee_work(const struct referee_opts *ro, struct ref_state *s)
{
	if (ro->mode == REFEREE_IMPORT)
		ref_port_import(s, ro->port);
	else if (ro->mode == REFEREE_EXPORT)
		ref_port_export(s, ro->port);
	else if (ro->mode == REFEREE_ADMIN)
		ref_admin(s, ro->port, ro->args, ro->nargs);
	else
		ref_run(s);
}

/* The run of ro at now, or its --import or --export: the state opened
 * (nowait: not when another run holds it), the work done; its status
 * on d. */
static void
referee_run(const struct referee_opts *ro, long long now, int nowait,
    struct diag *d)
{
	struct ref_state s;
	struct xfer x, px;
	char url[4096], password[512];

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
	if (referee_store(ro, 1, url, sizeof(url), d) == -1)
		return;
	s.url = url;
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
	s.jobs = (unsigned)ro->njobs;
	s.hash_cost = (unsigned)ro->cost;
	s.limits = ro->limits;
	s.authserv_id = ro->authserv_id;
	s.aside_head = (size_t)ro->head * 1024;
	s.aside_keep = (long long)ro->days * 86400;
	umask(077);
	if (ref_state_open(&s) == 0)
		referee_work(ro, &s);
	ref_state_close(&s);
	explicit_bzero(password, sizeof(password));
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
	if (referee_store(ro, 1, url, sizeof(url), d) == -1 ||
	    ref_store_open(url, d, &st) == -1)
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
	if (referee_store(ro, 0, url, sizeof(url), d) == 0 &&
	    ref_store_open(url, d, &st) == 0) {
		ref_status(st, (time_t)now, max_age, ro->json, d);
		ref_store_close(st);
	}
	return cmd_finish(d);
}

/* The limits --max-boards, --max-challenges and --max-signups give
 * into ro->limits (those not given: 0, the default).  -1 after
 * reporting a bad N. */
static int
referee_limits(struct referee_opts *ro, struct diag *d)
{
	static const char *const name[3] = { "--max-boards",
	    "--max-challenges", "--max-signups" };
	const unsigned long most[3] = { REF_BOARDS_USER_MAX,
	    REF_CHALLENGES_USER, REF_PLAYERS_MAX };
	unsigned long *v[3] = { &ro->limits.boards, &ro->limits.challenges,
	    &ro->limits.signups };
	int i;

	for (i = 0; i < 3; i++)
		if (ro->max[i] != NULL && cmd_number(d, name[i], ro->max[i], 1,
		    most[i], v[i]) == -1)
			return -1;
	return 0;
}

/* The decisions a run makes at once into ro->njobs: --jobs N, else
 * the CPUs online; the cost of new hashes into ro->cost: --hash-cost
 * N, else REF_HASH_COST; the limits.  -1 after reporting a bad N. */
static int
referee_numbers(struct referee_opts *ro, struct diag *d)
{
	long cpus = sysconf(_SC_NPROCESSORS_ONLN);

	ro->njobs = cpus < 1 ? 1 : cpus > REF_JOBS_MAX ? REF_JOBS_MAX :
	    (unsigned long)cpus;
	ro->cost = REF_HASH_COST;
	if (ro->jobs != NULL && cmd_number(d, "--jobs", ro->jobs, 1,
	    REF_JOBS_MAX, &ro->njobs) == -1)
		return -1;
	if (ro->hash_cost != NULL && cmd_number(d, "--hash-cost",
	    ro->hash_cost, 1, REF_HASH_COST_MAX, &ro->cost) == -1)
		return -1;
	ro->head = REF_ASIDE_HEAD / 1024;
	ro->days = REF_ASIDE_DAYS;
	if (ro->aside_head != NULL && cmd_number(d, "--aside-head",
	    ro->aside_head, 0, REF_ASIDE_HEAD_MAX / 1024, &ro->head) == -1)
		return -1;
	if (ro->aside_days != NULL && cmd_number(d, "--aside-days",
	    ro->aside_days, 1, 3650, &ro->days) == -1)
		return -1;
	return referee_limits(ro, d);
}

/* Whether argv asks for --deliver: its failures are then all
 * REF_EX_TEMPFAIL, a usage error too, so that the mail server keeps the
 * mail while the command line is mended. */
static int
referee_delivering(int argc, char *const argv[])
{
	int i;

	for (i = 1; i < argc && strcmp(argv[i], "--") != 0; i++)
		if (strcmp(argv[i], "--deliver") == 0)
			return 1;
	return 0;
}

int
cmd_referee(int argc, char *argv[], struct diag *d)
{
	struct referee_opts ro;
	long long now;
	int rc;

	memset(&ro, 0, sizeof(ro));
	if ((rc = referee_getopt(&ro, argc, argv, d)) != 0)
		return referee_delivering(argc, argv) ? REF_EX_TEMPFAIL : rc;
	if (referee_numbers(&ro, d) == -1)
		return referee_delivering(argc, argv) ? REF_EX_TEMPFAIL :
		    cmd_usage(d, cmd_referee_usage);
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
