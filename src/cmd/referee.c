/*
 * referee.c - stackref referee: one run of the play-by-email
 * server.  Finishes what an earlier run left in the journal, then reads
 * the mailbox's new mails over IMAP and for each one decides
 * (src/referee/referee.h), writes the plan to the journal and finishes it
 * (src/referee/state.h): apply, reply by SMTP, mark done.  Safe to run
 * from cron: runs take turns on a lock, and a mail is processed once.
 */
#include <sys/random.h>
#include <sys/stat.h>

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "referee/referee.h"
#include "referee/state.h"
#include "mail/transport.h"
#include "cmd/cmd.h"

const char cmd_referee_usage[] =
    "referee --dir DIR --imap URL --smtp URL --address ADDR "
    "[--cacert FILE] [--user USER --password-file FILE] [--once]";

#define REFEREE_BATCH 1000       /* mails read per run at most */

struct referee_opts {
	const char *dir, *imap, *smtp, *address, *cacert, *user, *pwfile;
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
		{ "once", no_argument, NULL, '1' },
		{ NULL, 0, NULL, 0 }
	};
	const char **slot[] = { &ro->dir, &ro->imap, &ro->smtp, &ro->address,
	    &ro->cacert, &ro->user, &ro->pwfile };
	const char *letters = "disacup", *at;
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
		return cmd_usage(d, cmd_referee_usage, "too many arguments");
	if (ro->dir == NULL || ro->imap == NULL || ro->smtp == NULL ||
	    ro->address == NULL)
		return cmd_usage(d, cmd_referee_usage,
		    "--dir, --imap, --smtp and --address are needed");
	return 0;
}

/* Decides mail l (UID uid, key KEY) and writes the plan. */
static int
referee_decide(struct ref_state *s, const struct ref_letter *l,
    unsigned long uid, const char *key)
{
	struct ref_outcome o;
	struct ref_ctx c;
	char board[PBEM_WORD];
	char *record = NULL;
	int rc;

	memset(&c, 0, sizeof(c));
	c.referee = s->address;
	c.players = &s->players;
	if (ref_wanted_board(l, board))
		c.record = record = ref_state_record(s, board, &c.record_len);
	c.next_board = ref_state_next_board(s);
	c.now = time(NULL);
	if (getrandom(c.rnd, sizeof(c.rnd), 0) != (ssize_t)sizeof(c.rnd)) {
		free(record);
		diag_report(s->d, DIAG_READ, NULL, "getrandom");
		return -1;
	}
	rc = ref_decide(l, &c, &o);
	free(record);
	if (rc == -1) {
		diag_report(s->d, DIAG_NOMEM, NULL);
		return -1;
	}
	rc = ref_state_plan(s, key, uid, &o);
	ref_outcome_free(&o);
	return rc;
}

/* Fetches mail uid and processes it unless it was already. */
static int
referee_one(struct ref_state *s, unsigned long uid)
{
	struct xfer_buf raw = { NULL, 0 };
	struct ref_letter l;
	char url[2048], key[REF_KEY];
	int rc = -1, seen;

	snprintf(url, sizeof(url), "%s;UID=%lu", s->imap, uid);
	if (xfer_get(s->x, url, &raw) == -1) {
		diag_report(s->d, DIAG_TRANSFER, NULL, "imap", s->x->err);
		xfer_buf_free(&raw);
		return -1;
	}
	ref_letter_read(raw.data, raw.len, &l);
	if (ref_key(&l, key) == -1)
		diag_report(s->d, DIAG_NOMEM, NULL);
	else if ((seen = ref_state_seen(s, key)) == 1)
		rc = ref_state_flag(s, uid);
	else if (seen == 2 || referee_decide(s, &l, uid, key) == 0)
		rc = ref_state_finish(s, key);
	ref_letter_free(&l);
	xfer_buf_free(&raw);
	return rc;
}

/* Processes every mail of the mailbox that is not flagged done. */
static int
referee_run(struct ref_state *s)
{
	static unsigned long uids[REFEREE_BATCH];
	struct xfer_buf out = { NULL, 0 };
	char cmd[64];
	long n, i;

	if (ref_state_finish_all(s) == -1)
		return -1;
	snprintf(cmd, sizeof(cmd), "UID SEARCH UNKEYWORD %s", REF_FLAG);
	if (xfer_command(s->x, s->imap, cmd, &out) == -1) {
		diag_report(s->d, DIAG_TRANSFER, NULL, "imap", s->x->err);
		xfer_buf_free(&out);
		return -1;
	}
	n = ref_search_uids(out.data != NULL ? out.data : "", uids,
	    REFEREE_BATCH);
	xfer_buf_free(&out);
	if (n == -1)
		n = 0;     /* no "* SEARCH" line: nothing new */
	for (i = 0; i < n; i++)
		if (referee_one(s, uids[i]) == -1)
			return -1;
	return 0;
}

int
cmd_referee(int argc, char *argv[], struct diag *d)
{
	struct referee_opts ro;
	struct ref_state s;
	struct xfer x;
	char password[512];
	int rc;

	memset(&ro, 0, sizeof(ro));
	if ((rc = referee_getopt(&ro, argc, argv, d)) != 0)
		return rc;
	memset(&x, 0, sizeof(x));
	memset(&s, 0, sizeof(s));
	x.user = ro.user;
	x.cacert = ro.cacert;
	if (ro.pwfile != NULL) {
		/* the file only: run from cron, the referee never prompts */
		if (cmd_secret(ro.pwfile, NULL, NULL, password,
		    sizeof(password), d) == -1)
			return cmd_finish(d);
		x.password = password;
	}
	s.dir = ro.dir;
	s.imap = ro.imap;
	s.smtp = ro.smtp;
	s.address = ro.address;
	s.x = &x;
	s.d = d;
	s.crash = getenv("STACKREF_REFEREE_CRASH");
	umask(077);
	if (ref_state_open(&s) == 0)
		referee_run(&s);
	ref_state_close(&s);
	explicit_bzero(password, sizeof(password));
	return cmd_finish(d);
}
