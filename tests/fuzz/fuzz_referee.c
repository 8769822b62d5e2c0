/*
 * fuzz_referee.c - the whole decision of the referee on any bytes taken
 * as a raw mail, as a run's process makes it (src/referee/run.h):
 * the mail read once, its key, the context read from a store made once
 * in a temporary folder from a fixed state directory (imported:
 * fixtures/referee/state, or STACKREF_FUZZ_STATE: three
 * players, a signup waiting, three boards, two challenges (one expired),
 * two subscriptions, a userid locked, a stranger answered three times
 * today, the ratings of two players), the decision; then the same mail set aside, decided from its
 * header.  Nothing is written but that store.
 *
 * Besides no crash, hang or leak, every outcome must hold what the
 * referee promises: a decision never fails; one log line of printable
 * ASCII; at most REF_MAILS replies, each a mail that reads back, marked
 * Auto-Submitted: auto-replied, to a player, to a signup's address or
 * to the sender only; none to an automatic mail, to the referee, or to
 * a stranger answered too often; a stranger's refusal quotes nothing of
 * its Subject; no password of the command in any reply or in the log;
 * the new players, pending, challenges and watchers files read back;
 * every subject line a reply tells its reader to send (an indented
 * line starting with a game) reads as a command; no HTML part of a
 * reply holds a script.
 */
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "referee/port.h"
#include "referee/run.h"
#include "rules/rules.h"
#include "common.h"

#define FUZZ_REFEREE "referee@example.test"
#define FUZZ_NOW 1795255200           /* 2026-11-21 */
#define FUZZ_CAPPED "eve@example.net"  /* answered 3 times today */

static struct ref_state fuzz_st;
static struct diag fuzz_d;
static struct xfer fuzz_x;

static char fuzz_tmp[] = "/tmp/stackref-fuzz.XXXXXX";

/* Removes the store and its folder at the end. */
static void
fuzz_close(void)
{
	static const char *const file[] = { "referee.db", "referee.db-wal",
	    "referee.db-shm", "referee.db.lock" };
	char path[128];
	size_t i;

	ref_state_close(&fuzz_st);
	for (i = 0; i < sizeof(file) / sizeof(file[0]); i++) {
		snprintf(path, sizeof(path), "%s/%s", fuzz_tmp, file[i]);
		unlink(path);
	}
	rmdir(fuzz_tmp);
}

/* Opens the fixed state once: a store of its own, the state
 * directory imported. */
static void
fuzz_open(void)
{
	static char url[64];
	static int done;
	const char *dir = getenv("STACKREF_FUZZ_STATE");

	if (done)
		return;
	done = 1;
	fuzz_diag(&fuzz_d);
	fuzz_assert(mkdtemp(fuzz_tmp) != NULL, "a temporary folder");
	atexit(fuzz_close);
	snprintf(url, sizeof(url), "sqlite:%s/referee.db", fuzz_tmp);
	fuzz_st.url = url;
	fuzz_st.address = FUZZ_REFEREE;
	fuzz_st.d = &fuzz_d;
	fuzz_st.x = &fuzz_x;
	fuzz_assert(ref_state_open(&fuzz_st) == 0 &&
	    ref_port_import(&fuzz_st, dir != NULL ? dir :
	    "fixtures/referee/state") == 0 && fuzz_st.players.n > 0,
	    "the fixed state reads");
}

/* Whether addr is a player's. */
static int
fuzz_player(const char *addr)
{
	size_t i;

	for (i = 0; i < fuzz_st.players.n; i++)
		if (strcasecmp(fuzz_st.players.v[i].addr, addr) == 0)
			return 1;
	return 0;
}

/* Whether l's command gives a player's right password. */
static int
fuzz_logged_in(const struct ref_letter *l)
{
	const struct ref_player *pl;

	return l->bad == NULL && l->cmd_why == NULL &&
	    (pl = ref_player_find(&fuzz_st.players, l->cmd.user)) != NULL &&
	    REF_HASH_MODULE->verify(l->cmd.password, pl->hash);
}

/* Whether addr is in the players or pending file text. */
static int
fuzz_listed(const char *text, const char *addr)
{
	struct ref_players p = { NULL, 0, 0 };
	const char *why;
	size_t i;
	int found = 0;

	if (text == NULL || ref_players_parse(text, &p, &why) == -1)
		return 0;
	for (i = 0; i < p.n; i++)
		found |= strcasecmp(p.v[i].addr, addr) == 0;
	ref_players_free(&p);
	return found;
}

/* Whether addr is that of a signup the outcome o makes or confirms. */
static int
fuzz_signup(const struct ref_outcome *o, const char *addr)
{
	return fuzz_listed(o->pending, addr) || fuzz_listed(o->players, addr);
}

/* Whether the first word of header value v is w (any case). */
static int
fuzz_first(const char *v, const char *w)
{
	size_t n;

	v += strspn(v, " \t");
	n = strcspn(v, " \t;");
	return n == strlen(w) && strncasecmp(v, w, n) == 0;
}

/* Whether the mail l must not be answered at all. */
static int
fuzz_silent(const struct ref_letter *l)
{
	const char *a = l->m.auto_submitted, *p = l->m.precedence;

	return l->m.from == NULL || strcasecmp(l->m.from, FUZZ_REFEREE) == 0 ||
	    (a != NULL && !fuzz_first(a, "no")) || (p != NULL &&
	    (fuzz_first(p, "bulk") || fuzz_first(p, "junk") ||
	    fuzz_first(p, "list")));
}

/* Whether s[0..n) holds w. */
static int
fuzz_holds(const char *s, size_t n, const char *w)
{
	size_t k = strlen(w), i;

	for (i = 0; k > 0 && i + k <= n; i++)
		if (memcmp(s + i, w, k) == 0)
			return 1;
	return 0;
}

/* Whether w is worth looking for in replies: long, and with a byte no
 * text of the referee's own holds (so that finding it means it was
 * copied from the mail). */
static int
fuzz_marked(const char *w)
{
	return strlen(w) >= 10 && strpbrk(w, "~!^") != NULL;
}

/* Whether s appears in the mail l but in its Subject (the sender chose
 * it elsewhere too: a reply may then hold it). */
static int
fuzz_elsewhere(const struct ref_letter *l, const char *s)
{
	size_t i;

	if (l->m.from != NULL && strstr(l->m.from, s) != NULL)
		return 1;
	for (i = 0; i < l->m.nparts; i++)
		if (fuzz_holds(l->m.parts[i].data, l->m.parts[i].len, s) ||
		    (l->m.parts[i].filename != NULL &&
		    strstr(l->m.parts[i].filename, s) != NULL))
			return 1;
	return 0;
}

/* Whether the reply m holds w, in its Subject or text. */
static int
fuzz_said(const struct mail_in *m, const char *w)
{
	return (m->subject != NULL && strstr(m->subject, w) != NULL) ||
	    strstr(m->text, w) != NULL;
}

/* Checks that each line of text indented by four blanks and starting
 * with a game reads as a command (but the request a refusal quotes). */
static void
fuzz_lines(const char *text)
{
	struct pbem_cmd c;
	const char *p, *why;
	char line[700];
	size_t n;

	for (p = text; *p != '\0'; p += n + (p[n] == '\n')) {
		n = strcspn(p, "\n");
		if (n < 6 || n >= sizeof(line) || strncmp(p, "    ", 4) != 0 ||
		    (p >= text + 14 && memcmp(p - 14, "Your request\n\n", 14) ==
		    0))
			continue;       /* not a line to send, the request */
		memcpy(line, p + 4, n - 4);
		line[n - 4] = '\0';
		line[strcspn(line, " ")] = '\0';
		if (rules_find(line) == NULL)
			continue;
		memcpy(line, p + 4, n - 4);
		fuzz_assert(pbem_parse(line, &c, &why) == 0,
		    "a subject line to send reads back");
	}
}

/* Checks that no HTML part of m holds a script. */
static void
fuzz_html(const struct mail_in *m)
{
	size_t i;

	for (i = 0; i < m->nparts; i++)
		if (strcmp(m->parts[i].type, "text/html") == 0)
			fuzz_assert(strstr(m->parts[i].data, "<script") ==
			    NULL && strstr(m->parts[i].data, "<SCRIPT") ==
			    NULL, "no script in the HTML of a reply");
}

/* Checks reply i of o against what l asked. */
static void
fuzz_reply(const struct ref_letter *l, const struct ref_outcome *o,
    size_t i)
{
	const struct ref_mail *rm = &o->mail[i];
	const char *to = rm->rcpt[0], *why;
	const char *pw = l->cmd_why == NULL ? l->cmd.password : "";
	int sender = l->m.from != NULL && strcasecmp(to, l->m.from) == 0;
	struct mail_in m;

	fuzz_assert(rm->nrcpt == 1, "one recipient a reply");
	fuzz_assert(mail_parse(rm->text, rm->len, &m, &why) == 0 &&
	    m.auto_submitted != NULL &&
	    strcmp(m.auto_submitted, "auto-replied") == 0,
	    "a reply reads back, Auto-Submitted: auto-replied");
	fuzz_assert(fuzz_player(to) || fuzz_signup(o, to) || sender,
	    "replies go to players, signups or the sender");
	fuzz_assert(!sender || strcasecmp(to, FUZZ_CAPPED) != 0 ||
	    fuzz_signup(o, to) || fuzz_logged_in(l),
	    "a stranger answered too often gets none");
	if (sender && !fuzz_player(to) && m.subject != NULL &&
	    strncmp(m.subject, "Refused", 7) == 0 && l->m.subject != NULL &&
	    fuzz_marked(l->m.subject) && !fuzz_elsewhere(l, l->m.subject))
		fuzz_assert(!fuzz_said(&m, l->m.subject),
		    "a stranger's refusal quotes nothing");
	if (fuzz_marked(pw) && !fuzz_elsewhere(l, pw))
		fuzz_assert(!fuzz_said(&m, pw) &&
		    strstr(o->summary, pw) == NULL, "no password in replies");
	fuzz_lines(m.text);
	fuzz_html(&m);
	mail_in_free(&m);
}

/* Checks that the new challenges and watchers files read back. */
static void
fuzz_lists(const struct ref_outcome *o)
{
	struct ref_challenges c = { NULL, 0, 0 };
	struct ref_watchers w = { NULL, 0, 0 };
	const char *why;

	fuzz_assert(o->challenges == NULL || ref_challenges_parse(
	    o->challenges, &c, &why) == 0, "the new challenges file reads");
	ref_challenges_free(&c);
	fuzz_assert(o->watchers == NULL || ref_watchers_parse(o->watchers,
	    &w, &why) == 0, "the new watchers file reads");
	ref_watchers_free(&w);
}

/* Checks the outcome o of the decision on l. */
static void
fuzz_outcome(const struct ref_letter *l, const struct ref_outcome *o)
{
	struct ref_players p = { NULL, 0, 0 };
	const char *why;
	size_t i;

	fuzz_assert(o->nmail <= REF_MAILS, "at most REF_MAILS replies");
	fuzz_assert(memchr(o->summary, '\0', sizeof(o->summary)) != NULL,
	    "a log line ends");
	for (i = 0; o->summary[i] != '\0'; i++)
		fuzz_assert((unsigned char)o->summary[i] >= 0x20 &&
		    (unsigned char)o->summary[i] < 0x7f, "a log line is "
		    "printable ASCII");
	if (fuzz_silent(l))
		fuzz_assert(o->nmail == 0, "no answer to a loop");
	for (i = 0; i < o->nmail; i++)
		fuzz_reply(l, o, i);
	fuzz_assert(o->players == NULL || ref_players_parse(o->players, &p,
	    &why) == 0, "the new players file reads");
	ref_players_free(&p);
	fuzz_assert(o->pending == NULL || ref_players_parse(o->pending, &p,
	    &why) == 0, "the new pending file reads");
	ref_players_free(&p);
	fuzz_lists(o);
}

/* Decides l (set aside for aside when not NULL) and checks. */
static void
fuzz_decide(const struct ref_letter *l, const char *aside)
{
	unsigned char rnd[REF_RND];
	struct ref_outcome o;
	size_t i;

	for (i = 0; i < sizeof(rnd); i++)
		rnd[i] = (unsigned char)(i * 37 + 11);
	fuzz_assert(ref_run_decide(&fuzz_st, l, aside, FUZZ_NOW, rnd,
	    &o) == 0, "a decision never fails");
	fuzz_outcome(l, &o);
	ref_outcome_free(&o);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *raw = (const char *)data;
	struct ref_letter l;
	char key[REF_KEY];

	fuzz_open();
	ref_letter_read(raw, size, &l);
	fuzz_assert(REF_HASH_MODULE->key(&l, key) == 0 && strlen(key) == 43,
	    "every mail has a key");
	fuzz_decide(&l, NULL);
	ref_letter_free(&l);
	ref_letter_header(raw, size, &l);
	fuzz_decide(&l, "its decision crashed (signal 11, Segmentation "
	    "fault)");
	ref_letter_free(&l);
	return 0;
}
