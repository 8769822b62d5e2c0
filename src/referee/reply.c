/*
 * reply.c - composing the referee's mails (the text, an HTML
 * alternative showing the board's picture, the record attached), the
 * requests quoted with their passwords masked, and refusals saying
 * why, which quote a stranger's mail in nothing, and what to send
 * instead.  Every mail is marked Auto-Submitted: auto-replied (RFC
 * 3834).  Pure: composed in memory with the time and random bytes the
 * caller gave, into the outcome (which ref_outcome_free frees).
 */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "base/util.h"
#include "referee/job.h"

const char *
ref_side_user(const struct ref_job *j, int side)
{
	char tag[64];
	const char *v;

	notation_player_tag(j->r, side, tag, sizeof(tag));
	v = record_tag(&j->g, tag);
	return v != NULL ? v : "?";
}

char *
ref_record_text(const struct record *g, size_t *len)
{
	char *buf;
	FILE *f = ref_mem_open(&buf, len);

	ref_need(notation_write_record(notation_find("pdn"), f, g));
	ref_mem_close(f);
	return buf;
}

char *
ref_text(const char *format, ...)
{
	char *text;
	size_t len;
	va_list ap;
	FILE *f = ref_mem_open(&text, &len);

	va_start(ap, format);
	vfprintf(f, format, ap);
	va_end(ap);
	ref_mem_close(f);
	return text;
}

int
ref_answer_ok(const struct ref_job *j)
{
	return j->sender.mails < (j->known ? REF_ADDR_MAILS :
	    REF_STRANGER_MAILS);
}

int
ref_too_often(struct ref_job *j, const char *what)
{
	char q[300];

	if (ref_answer_ok(j))
		return 0;
	snprintf(j->o->summary, sizeof(j->o->summary), "not answered: %s to "
	    "%s, answered too often today", what, util_quote(j->m->from, q,
	    sizeof(q)));
	return 1;
}

void
ref_answered(struct ref_job *j)
{
	j->sender.mails++;
	j->sender_set = 1;
}

const struct ref_command ref_commands[] = {
	{ PBEM_HELP, "these commands; with a GAME, its rules and notation" },
	{ PBEM_SIGNUP, "sign up; the address confirms it" },
	{ PBEM_GAMES, "the boards of USERID" },
	{ PBEM_CHALLENGE, "a new board once USERID2 accepts; options: "
	    "first=USERID|random, fen=POSITION, time=WORD (each a word of "
	    "its TimeControl; none: move=21d remind=7d), rated=yes|no "
	    "(none: yes)" },
	{ PBEM_ACCEPT, "accept a challenge (USERID2)" },
	{ PBEM_DECLINE, "decline a challenge, or withdraw yours" },
	{ PBEM_MOVE, "play MOVE as ply N" },
	{ PBEM_OFFER_DRAW, "offer a draw, accept or reject one, resign; ask "
	    "to take back your last move (undo), accept-undo or reject-undo "
	    "such a request (accept and reject too, when no draw is "
	    "offered)" },
	{ PBEM_SHOW, "the board, before ply N when given" },
	{ PBEM_SHOWAS, "the board from USERID's side" },
	{ PBEM_HISTORY, "the moves, comments and actions" },
	{ PBEM_PREVIEW, "whether MOVE is legal, and the board after it" },
	{ PBEM_CHAT, "a comment to your opponent, kept in the record" },
	{ PBEM_SUBSCRIBE, "a copy of every move to a signed-up address, "
	    "once it sends back the TOKEN mailed to it (2 days)" },
	{ PBEM_UNSUBSCRIBE, "no more copies: the TOKEN is in each copy" },
	{ PBEM_LEAVE, "leave of DAYS days: your clock stops, within the "
	    "leave= of the time control" },
	{ PBEM_QUEUE, "conditional moves while you wait: if your opponent "
	    "plays X, reply Y (pairs, several deep; private); none: drop them" },
	{ PBEM_SUBMIT, "MOVE shown and kept, not played, until confirm "
	    "(pbmserv's guard against a typo; this ply only, 2 days)" },
	{ PBEM_CONFIRM_MOVE, "play the move you submitted" },
	{ PBEM_QMOVE, "pbmserv's qmove (moveq, qboard, boardq): MOVE, on "
	    "your turn only" },
	{ PBEM_PASSWORD, "a new password" },
	{ PBEM_ADDRESS, "a new address: it gets a token, to send back as "
	    "confirm USERID TOKEN (2 days); the old one is told" },
	{ PBEM_RESET, "a forgotten password: reset USERID mails a TOKEN "
	    "to your address, to send back with the new password (2 days)" },
	{ PBEM_RETIRE, "leave the server: your address and password erased, "
	    "your finished games kept; refused while a board is not over" },
	{ PBEM_NOTIFY, "your mails: one at each move (each), or a digest "
	    "of the boards where it is your turn daily at HOUR (0-23, UTC)" },
	{ PBEM_REMIND, "reminders every INTERVAL of a turn (12h, 2d; at "
	    "least 1h), none (off), or as the time control says (game)" },
	{ PBEM_RATINGS, "the best players of GAME: Glicko-2 rating, "
	    "deviation, rated games" },
};
const size_t ref_ncommands = sizeof(ref_commands) / sizeof(ref_commands[0]);

/* The attachment of a position mail: the record, new or the board's. */
static size_t
ref_attach(struct ref_job *j, struct mail_attachment *att, char *fname,
    size_t size)
{
	const struct ref_outcome *o = j->o;

	memset(att, 0, sizeof(*att));
	snprintf(fname, size, "%s-%s.pdn", j->r->name,
	    j->cmd.board[0] != '\0' ? j->cmd.board : o->board);
	att->filename = fname;
	att->type = "application/x-pdn";
	att->data = o->record != NULL ? o->record : j->c->record;
	att->len = o->record != NULL ? o->record_len : j->c->record_len;
	return att->data != NULL ? 1 : 0;
}

/* Fills mo for a mail of j to the nto addresses to; -1 when its
 * Message-ID cannot be made (the referee's domain is no host name). */
static int
ref_mail_out(struct ref_job *j, struct mail_out *mo, const char *const *to,
    size_t nto, char *mid, size_t size)
{
	const struct ref_ctx *c = j->c;
	const char *domain = strchr(c->referee, '@');

	if (mail_message_id(mid, size, c->rnd + REF_RND_MID +
	    16 * j->o->nmail, c->now, domain != NULL ? domain + 1 :
	    "localhost") < 0)
		return -1;
	memset(mo, 0, sizeof(*mo));
	mo->to = to;
	mo->nto = nto;
	mo->message_id = mid;
	mo->in_reply_to = j->m->message_id;
	mo->date = c->now;
	mo->auto_submitted = "auto-replied";
	return 0;
}

/* Where to break the line s of which max bytes fit: at the last blank
 * after a comma in the second half (not inside "a1: 45"), else at the
 * last blank past floor; floor when there is none. */
static size_t
ref_wrap_at(const char *s, size_t max, size_t floor)
{
	size_t at;

	for (at = max; at > max / 2; at--)
		if (s[at] == ' ' && s[at - 1] == ',')
			return at;
	for (at = max; at > floor && s[at] != ' '; at--)
		continue;
	return at;
}

/* Writes the line s[0..n) to f in lines of at most REF_LINE_MAX
 * bytes, broken at blanks (anywhere when a word is longer), each after
 * the first indented 4 more than s, or 2 when s is not indented: a line
 * indented by exactly 4 is one the reader is told to send, and a
 * player's words (a chat) must never look like one. */
static void
ref_wrap_line(FILE *f, const char *s, size_t n)
{
	size_t indent = strspn(s, " "), at, lead = 0, floor = indent;

	if (indent > REF_LINE_MAX / 2)
		indent = floor = 0;
	while (lead + n > REF_LINE_MAX) {
		at = ref_wrap_at(s, REF_LINE_MAX - lead, floor);
		if (at <= floor)
			at = REF_LINE_MAX - lead;
		fprintf(f, "%*s%.*s\n", (int)lead, "", (int)at, s);
		at += strspn(s + at, " ");
		s += at;
		n -= at;
		lead = indent == 0 ? 2 : indent + 4;
		floor = 0;
	}
	fprintf(f, "%*s%.*s", (int)lead, "", (int)n, s);
}

char *
ref_wrap(const char *text)
{
	char *out;
	size_t len, n;
	FILE *f = ref_mem_open(&out, &len);

	for (; *text != '\0'; text += n + (text[n] == '\n')) {
		n = strcspn(text, "\n");
		ref_wrap_line(f, text, n > 0 && text[n - 1] == '\r' ? n - 1 :
		    n);
		if (text[n] == '\n')
			fputc('\n', f);
	}
	ref_mem_close(f);
	return out;
}

int
ref_push(struct ref_job *j, const char *const *to, size_t nto,
    const char *subject, const struct ref_body *b)
{
	struct ref_outcome *o = j->o;
	struct mail_attachment att, inl;
	struct mail_out mo;
	struct ref_mail *rm;
	char mid[256], from[MAIL_ADDR_MAX + 32], fname[160], *text;
	const char *why;
	size_t i;
	int rc;

	if (o->nmail >= REF_MAILS || nto == 0 || nto > 2 ||
	    ref_mail_out(j, &mo, to, nto, mid, sizeof(mid)) == -1)
		return 0;     /* none past REF_MAILS; no Message-ID: drop */
	snprintf(from, sizeof(from), "stackref referee <%s>", j->c->referee);
	mo.from = from;
	mo.subject = subject;
	mo.text = text = b->text != NULL ? ref_wrap(b->text) : NULL;
	mo.html = b->html;
	if (b->html != NULL && b->pic != NULL && b->pic->png != NULL) {
		inl = (struct mail_attachment){ .filename = "board.png",
		    .type = "image/png", .data = (const char *)b->pic->png,
		    .len = b->pic->len, .cid = b->pic->cid };
		mo.inl = &inl;
		mo.ninl = 1;
	}
	if (b->attach && j->r != NULL) {
		mo.att = &att;
		mo.natt = ref_attach(j, &att, fname, sizeof(fname));
	}
	rm = &o->mail[o->nmail];
	memset(rm, 0, sizeof(*rm));
	rc = mail_compose(&mo, &rm->text, &rm->len, &why);
	free(text);
	if (rc == -1)
		return 0;     /* an address that cannot be written: drop */
	for (i = 0; i < nto; i++)
		rm->rcpt[i] = ref_alloc(strdup(to[i]));
	rm->nrcpt = nto;
	o->nmail++;
	return 0;
}

void
ref_outcome_free(struct ref_outcome *o)
{
	size_t i, k;

	for (i = 0; i < o->nmail; i++) {
		for (k = 0; k < o->mail[i].nrcpt; k++)
			free(o->mail[i].rcpt[k]);
		free(o->mail[i].text);
	}
	free(o->record);
	free(o->players);
	free(o->pending);
	free(o->challenges);
	free(o->watchers);
	free(o->page);
	free(o->cond);
	memset(o, 0, sizeof(*o));
}

int
ref_answer_doc(struct ref_job *j, const char *subject, struct ref_doc *d)
{
	const char *to[1] = { j->m->from };
	struct ref_body b = { NULL, NULL, NULL, 0 };
	char *text, *html;

	ref_doc_close(d, &text, &html);
	j->o->status = REF_ANSWERED;
	ref_answered(j);
	b.text = text;
	b.html = html;
	ref_push(j, to, 1, subject, &b);
	free(text);
	free(html);
	return 0;
}

int
ref_push_text(struct ref_job *j, const char *to, const char *subject,
    const char *text)
{
	const char *rcpt[1] = { to };
	struct ref_body b = { text, NULL, NULL, 0 };

	return ref_push(j, rcpt, 1, subject, &b);
}

/* Writes subject s into j->quoted with every word that is not plain
 * (ref_word_plain) as "****". */
static void
ref_mask_words(struct ref_job *j, const char *s)
{
	char w[PBEM_WORD];
	size_t n, len = 0;

	j->quoted[0] = '\0';
	while (*(s += strspn(s, " \t")) != '\0') {
		n = strcspn(s, " \t");
		if (n < sizeof(w))
			memcpy(w, s, n), w[n] = '\0';
		else
			w[0] = '\0';
		s += n;
		if (!ref_word_plain(j->c->players, w))
			snprintf(w, sizeof(w), "****");
		if (len + strlen(w) + 5 >= sizeof(j->quoted)) {
			snprintf(j->quoted + len, sizeof(j->quoted) - len,
			    "%s...", len > 0 ? " " : "");
			return;
		}
		len += (size_t)snprintf(j->quoted + len, sizeof(j->quoted) -
		    len, "%s%s", len > 0 ? " " : "", w);
	}
}

/* Whether j's request is read as the sender meant it: parsed, and not
 * a verb that takes a token without one (the token may stand in
 * another word's place). */
static int
ref_read_sure(const struct ref_job *j)
{
	return j->l->cmd_why == NULL && !((j->cmd.verb == PBEM_SUBSCRIBE ||
	    j->cmd.verb == PBEM_UNSUBSCRIBE) && j->cmd.password[0] == '\0');
}

void
ref_quote(struct ref_job *j)
{
	struct pbem_cmd masked = j->cmd;

	if (j->m->subject == NULL) {
		snprintf(j->quoted, sizeof(j->quoted), "(no subject)");
		return;
	}
	if (ref_read_sure(j)) {
		if (masked.password[0] != '\0')
			snprintf(masked.password, sizeof(masked.password),
			    "********");
		if (masked.secret[0] != '\0')
			snprintf(masked.secret, sizeof(masked.secret),
			    "********");
		if (pbem_format(&masked, j->quoted, sizeof(j->quoted)) >= 0)
			return;
	}
	ref_mask_words(j, j->m->subject);
}

/* Whether the n bytes at w are a secret word of j's request (ref_masked). */
static int
ref_word_secret(const struct ref_job *j, const char *w, size_t n)
{
	char word[PBEM_WORD];

	if ((n == strlen(j->cmd.password) && memcmp(w, j->cmd.password,
	    n) == 0) || (n == strlen(j->cmd.secret) && memcmp(w,
	    j->cmd.secret, n) == 0))
		return 1;
	if (j->signed_in || (ref_read_sure(j) && j->cmd.password[0] == '\0'))
		return 0;       /* no password, or it stood where it should */
	if (n >= sizeof(word))
		return 1;
	memcpy(word, w, n);
	word[n] = '\0';
	return !ref_word_plain(j->c->players, word);
}

/* The length of the secret word of j's request that s + at begins, or 0. */
static size_t
ref_secret_at(const struct ref_job *j, const char *s, size_t at)
{
	const char *w = j->m->subject != NULL ? j->m->subject : "";
	size_t n;

	if (at > 0 && isalnum((unsigned char)s[at - 1]))
		return 0;
	for (; *(w += strspn(w, " \t")) != '\0'; w += n) {
		n = strcspn(w, " \t");
		if (strncmp(s + at, w, n) == 0 &&
		    !isalnum((unsigned char)s[at + n]) && ref_word_secret(j, w, n))
			return n;
	}
	if ((n = strlen(j->cmd.password)) > 0 &&
	    strncmp(s + at, j->cmd.password, n) == 0 &&
	    !isalnum((unsigned char)s[at + n]))
		return n;
	if ((n = strlen(j->cmd.secret)) > 0 &&
	    strncmp(s + at, j->cmd.secret, n) == 0 &&
	    !isalnum((unsigned char)s[at + n]))
		return n;
	return 0;
}

char *
ref_masked(const struct ref_job *j, const char *s, size_t keep)
{
	char *text;
	size_t len, at = 0, n;
	FILE *f = ref_mem_open(&text, &len);

	for (; at < keep && s[at] != '\0'; at++)
		fputc(s[at], f);
	while (s[at] != '\0')
		if ((n = ref_secret_at(j, s, at)) > 0) {
			fputs("****", f);
			at += n;
		} else
			fputc(s[at++], f);
	ref_mem_close(f);
	return text;
}

/* The text of a refusal: for a known sender, its request, detail and
 * extra; for a stranger, why only; the commands when the request did
 * not parse. */
static char *
ref_refusal_text(const struct ref_job *j, const char *why,
    const char *detail, const char *extra)
{
	char *text;
	size_t len, i;
	FILE *f = ref_mem_open(&text, &len);

	if (j->known)
		fprintf(f, "Your request\n\n    %s\n\nwas refused:\n%s.\n",
		    j->quoted, detail != NULL ? detail : why);
	else
		fprintf(f, "Your mail to the stackref referee at %s was "
		    "refused:\n%s.\n", j->c->referee, why);
	if (extra != NULL && j->known)
		fprintf(f, "\n%s", extra);
	if (j->l->cmd_why != NULL) {
		fprintf(f, "\nCommands (in the Subject line):\n");
		for (i = 0; i < ref_ncommands; i++)
			fprintf(f, "    %s\n", pbem_syntax(ref_commands[i].verb));
	}
	fprintf(f, "\nFor every command and what it does, mail %s\nwith "
	    "the subject\n    help\n", j->c->referee);
	ref_mem_close(f);
	return text;
}

/* ref_masked of s into *out (s NULL: NULL), its first keep bytes as
 * they are. */
static void
ref_mask_into(const struct ref_job *j, const char *s, size_t keep,
    char **out)
{
	*out = s != NULL ? ref_masked(j, s, keep) : NULL;
}

/* The refusal of j, its texts masked already (ref_refuse). */
static int
ref_refuse_masked(struct ref_job *j, const char *why, const char *detail,
    const char *extra)
{
	char *text, subject[800], q1[240], q2[300];

	j->o->status = REF_REFUSED;
	snprintf(j->o->summary, sizeof(j->o->summary), "refused %s: %s",
	    util_quote(j->quoted, q1, sizeof(q1)),
	    util_quote(detail != NULL ? detail : why, q2, sizeof(q2)));
	if (j->m->from == NULL)
		return -1;
	if (!ref_answer_ok(j)) {
		util_append(j->o->summary, sizeof(j->o->summary), " ",
		    "(not answered: answered too often today)");
		return -1;
	}
	text = ref_refusal_text(j, why, detail, extra);
	if (j->known)
		snprintf(subject, sizeof(subject), "Refused: %s", j->quoted);
	else
		snprintf(subject, sizeof(subject), "Refused: your request");
	ref_push_text(j, j->m->from, subject, text);
	ref_answered(j);
	free(text);
	return -1;
}

int
ref_refuse(struct ref_job *j, const char *why, const char *detail,
    const char *extra)
{
	char *q, *d, *e;

	ref_mask_into(j, j->quoted, 0, &q);
	snprintf(j->quoted, sizeof(j->quoted), "%s", q);
	/* a detail that begins with why: that much is the referee's */
	ref_mask_into(j, detail, detail != NULL && strncmp(detail, why,
	    strlen(why)) == 0 ? strlen(why) : 0, &d);
	ref_mask_into(j, extra, 0, &e);
	ref_refuse_masked(j, why, d, e);
	free(q);
	free(d);
	free(e);
	return -1;
}

void
ref_instead(const struct pbem_cmd *c, const char *note, char *buf,
    size_t size)
{
	struct pbem_cmd d = *c;
	char line[PBEM_TEXT + 5 * PBEM_WORD];

	if (d.password[0] != '\0' && d.verb != PBEM_CONFIRM)
		snprintf(d.password, sizeof(d.password), "PASSWORD");
	if (pbem_format(&d, line, sizeof(line)) < 0)
		snprintf(buf, size, "%s", note != NULL ? note : "");
	else
		snprintf(buf, size, "Send instead:\n    %s\n%s%s", line,
		    note != NULL ? "\n" : "", note != NULL ? note : "");
}

void
ref_again(const struct ref_job *j, unsigned long ply, char *buf,
    size_t size)
{
	struct pbem_cmd c = j->cmd;

	if (c.password[0] != '\0')
		snprintf(c.password, sizeof(c.password), "PASSWORD");
	c.ply = ply;
	if (pbem_format(&c, buf, size) < 0 && size > 0)
		buf[0] = '\0';
}
