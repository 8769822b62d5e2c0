/*
 * reply.c - the mails the referee sends: the position of a
 * board, drawn from the reader's side (as pbmserv does), with the
 * record attached, to one player or (ref_changed) to both; and refusals
 * saying why, which quote a stranger's mail in nothing and a request
 * only with its password masked.  Every mail is marked Auto-Submitted:
 * auto-replied (RFC 3834).  Pure: composed in memory
 * with the time and random bytes the caller gave.
 */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "base/util.h"
#include "notation/ascii.h"
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
	char *buf = NULL;
	FILE *f;
	int rc;

	if ((f = open_memstream(&buf, len)) == NULL)
		return NULL;
	rc = notation_write_record(notation_find("pdn"), f, g);
	if (fclose(f) == EOF || rc == -1) {
		free(buf);
		return NULL;
	}
	return buf;
}

char *
ref_text(const char *format, ...)
{
	char *text = NULL;
	size_t len;
	va_list ap;
	FILE *f;

	if ((f = open_memstream(&text, &len)) == NULL)
		return NULL;
	va_start(ap, format);
	vfprintf(f, format, ap);
	va_end(ap);
	if (fclose(f) == EOF) {
		free(text);
		return NULL;
	}
	return text;
}

int
ref_answer_ok(const struct ref_job *j)
{
	return j->sender.mails < (j->known ? REF_ADDR_MAILS :
	    REF_STRANGER_MAILS);
}

/* The attachment of a position mail: the record, new or the board's. */
static size_t
ref_attach(struct ref_job *j, struct mail_attachment *att, char *fname,
    size_t size)
{
	const struct ref_outcome *o = j->o;

	snprintf(fname, size, "%s-%s.pdn", j->r->name,
	    j->cmd.board[0] != '\0' ? j->cmd.board : o->board);
	att->filename = fname;
	att->type = "application/x-pdn";
	att->data = o->record != NULL ? o->record : j->c->record;
	att->len = o->record != NULL ? o->record_len : j->c->record_len;
	return att->data != NULL ? 1 : 0;
}

int
ref_push(struct ref_job *j, const char *const *to, size_t nto,
    const char *subject, const char *text, int attach)
{
	const struct ref_ctx *c = j->c;
	struct ref_outcome *o = j->o;
	struct mail_attachment att;
	struct mail_out mo;
	struct ref_mail *rm;
	char mid[256], from[MAIL_ADDR_MAX + 32], fname[160];
	const char *domain = strchr(c->referee, '@'), *why;
	size_t i;

	if (o->nmail >= REF_MAILS || nto == 0 || nto > 2)
		return 0;
	if (mail_message_id(mid, sizeof(mid), c->rnd + REF_RND_MID +
	    16 * o->nmail, c->now, domain != NULL ? domain + 1 :
	    "localhost") < 0)
		return -1;
	snprintf(from, sizeof(from), "stackref referee <%s>", c->referee);
	memset(&mo, 0, sizeof(mo));
	mo.from = from;
	mo.to = to;
	mo.nto = nto;
	mo.subject = subject;
	mo.text = text;
	mo.message_id = mid;
	mo.in_reply_to = j->m->message_id;
	mo.date = c->now;
	mo.auto_submitted = "auto-replied";
	if (attach && j->r != NULL) {
		mo.att = &att;
		mo.natt = ref_attach(j, &att, fname, sizeof(fname));
	}
	rm = &o->mail[o->nmail];
	memset(rm, 0, sizeof(*rm));
	if (mail_compose(&mo, &rm->text, &rm->len, &why) == -1)
		return 0;     /* an address that cannot be written: drop */
	for (i = 0; i < nto; i++)
		if ((rm->rcpt[i] = strdup(to[i])) == NULL)
			return -1;
	rm->nrcpt = nto;
	o->nmail++;
	return 0;
}

/* Whether the word w of an unparsed request can be quoted as it is: a
 * word of the syntax, a game, a number (with its #N), a player's
 * userid. */
static int
ref_word_plain(const struct ref_job *j, const char *w)
{
	size_t n = strspn(w, "0123456789");

	if (pbem_keyword(w))
		return 1;
	if ((n > 0 || w[0] == '#') && (w[n] == '\0' || (w[n] == '#' &&
	    w[n + 1] != '\0' && strspn(w + n + 1, "0123456789") ==
	    strlen(w + n + 1))))
		return 1;
	return rules_find(w) != NULL || (ref_board_ok(w) &&
	    ref_player_find(j->c->players, w) != NULL);
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
		if (!ref_word_plain(j, w))
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

void
ref_quote(struct ref_job *j)
{
	struct pbem_cmd masked = j->cmd;

	if (j->m->subject == NULL) {
		snprintf(j->quoted, sizeof(j->quoted), "(no subject)");
		return;
	}
	if (j->l->cmd_why == NULL) {
		if (masked.password[0] != '\0')
			snprintf(masked.password, sizeof(masked.password),
			    "********");
		if (pbem_format(&masked, j->quoted, sizeof(j->quoted)) >= 0)
			return;
	}
	ref_mask_words(j, j->m->subject);
}

/* The text of a refusal: for a known sender, its request and detail;
 * for a stranger, why only. */
static char *
ref_refusal_text(const struct ref_job *j, const char *why,
    const char *detail, const char *extra)
{
	char *text = NULL;
	size_t len;
	FILE *f;

	if ((f = open_memstream(&text, &len)) == NULL)
		return NULL;
	if (j->known)
		fprintf(f, "Your request\n\n    %s\n\nwas refused: %s\n",
		    j->quoted, detail != NULL ? detail : why);
	else
		fprintf(f, "Your mail to the stackref referee at %s was "
		    "refused:\n%s.\n", j->c->referee, why);
	if (extra != NULL)
		fprintf(f, "\n%s", extra);
	fprintf(f, "\nCommands (in the Subject line), see "
	    "stackref-referee(8):\n"
	    "    signup USERID PASSWORD [ADDRESS]\n"
	    "    GAME challenge USERID1 USERID2\n"
	    "    GAME move BOARD USERID PASSWORD MOVE[#N]\n"
	    "    GAME move BOARD USERID PASSWORD "
	    "propose|accept|reject|resign[#N]\n"
	    "    GAME resign BOARD USERID PASSWORD[#N]\n"
	    "    GAME show BOARD[#N]\n");
	if (fclose(f) == EOF) {
		free(text);
		return NULL;
	}
	return text;
}

int
ref_refuse(struct ref_job *j, const char *why, const char *detail,
    const char *extra)
{
	const char *to[1] = { j->m->from };
	char *text, subject[700], q1[240], q2[300];
	int rc;

	j->o->status = REF_REFUSED;
	snprintf(j->o->summary, sizeof(j->o->summary), "refused %s: %s",
	    util_quote(j->quoted, q1, sizeof(q1)),
	    util_quote(detail != NULL ? detail : why, q2, sizeof(q2)));
	if (j->m->from == NULL)
		return 0;
	if (!ref_answer_ok(j)) {
		util_append(j->o->summary, sizeof(j->o->summary), " ",
		    "(not answered: answered too often today)");
		return 0;
	}
	if ((text = ref_refusal_text(j, why, detail, extra)) == NULL)
		return j->nomem = 1, -1;
	if (j->known)
		snprintf(subject, sizeof(subject), "Refused: %s", j->quoted);
	else
		snprintf(subject, sizeof(subject), "Refused: your request");
	if ((rc = ref_push(j, to, 1, subject, text, 0)) == -1)
		j->nomem = 1;
	j->sender.mails++;
	j->sender_set = 1;
	free(text);
	return rc;
}

/* The line saying what happened last on the board. */
static void
ref_last_line(const struct ref_job *j, FILE *f)
{
	const struct line *l = &j->g.main;
	const struct elem *e = NULL;
	size_t i;

	for (i = l->n; i > 0 && e == NULL; i--)
		if (l->elems[i - 1].kind == ELEM_MOVE ||
		    l->elems[i - 1].kind == ELEM_ACTION)
			e = &l->elems[i - 1];
	if (e == NULL)
		fprintf(f, "No move has been played yet.\n");
	else if (e->kind == ELEM_MOVE)
		fprintf(f, "Last move: ply %lu, %s by %s.\n", j->rp.plies,
		    e->text, ref_side_user(j, !j->rp.pos.turn));
	else
		fprintf(f, "Last action: %s.\n", e->text);
}

/* Who is to move, or the result; a pending offer; the legal moves. */
static void
ref_turn_lines(const struct ref_job *j, FILE *f)
{
	const struct replay *rp = &j->rp;
	const char *res = j->g.result;
	char state[128], legal[4096];
	int turn = rp->pos.turn;

	if (rp->outcome != OUTCOME_NONE)
		fprintf(f, "Game over: %s (%s).\n",
		    replay_result_token(rp->outcome),
		    rp->why != NULL ? rp->why : "no legal move");
	else if (res != NULL && strcmp(res, "*") != 0 && res[0] != '\0')
		fprintf(f, "Game over: %s.\n", res);
	else {
		fprintf(f, "It is %s's turn (%s) to play ply %lu.\n",
		    ref_side_user(j, turn), rp->r->side[turn], rp->plies + 1);
		if (replay_state_text(rp, state, sizeof(state)) > 0)
			fprintf(f, "Pending: %s.\n", state);
		replay_legal_list(rp->r, &rp->pos, ", ", legal, sizeof(legal));
		fprintf(f, "Legal moves: %s\n\nTo play, mail %s with the "
		    "subject\n    %s move %s %s PASSWORD MOVE#%lu\n",
		    legal, j->c->referee, rp->r->name, j->o->board[0] ?
		    j->o->board : j->cmd.board, ref_side_user(j, turn),
		    rp->plies + 1);
	}
}

/* The body of a position mail for side. */
static char *
ref_position_text(const struct ref_job *j, int side, const char *intro)
{
	char *text = NULL;
	size_t len;
	FILE *f;

	if ((f = open_memstream(&text, &len)) == NULL)
		return NULL;
	if (intro != NULL)
		fprintf(f, "%s\n\n", intro);
	fprintf(f, "%s board %s: %s (%s) v %s (%s)\n", j->r->title,
	    j->o->board[0] ? j->o->board : j->cmd.board, ref_side_user(j, 0),
	    j->r->side[0], ref_side_user(j, 1), j->r->side[1]);
	ref_last_line(j, f);
	fputc('\n', f);
	board_ascii(f, j->r, &j->rp.pos, side == 1);
	fputc('\n', f);
	ref_turn_lines(j, f);
	if (fclose(f) == EOF) {
		free(text);
		return NULL;
	}
	return text;
}

/* The subject of a position mail: game, board, who moves or result. */
static void
ref_position_subject(const struct ref_job *j, const char *title,
    char *buf, size_t size)
{
	const struct replay *rp = &j->rp;
	const char *board = j->o->board[0] ? j->o->board : j->cmd.board;
	const char *res = j->g.result;

	if (rp->outcome != OUTCOME_NONE)
		res = replay_result_token(rp->outcome);
	if (res != NULL && strcmp(res, "*") != 0 && res[0] != '\0')
		snprintf(buf, size, "%s%s%s board %s: game over %s",
		    title != NULL ? title : "", title != NULL ? " " : "",
		    rp->r->name, board, res);
	else
		snprintf(buf, size, "%s%s%s board %s: %s to move (ply %lu)",
		    title != NULL ? title : "", title != NULL ? " " : "",
		    rp->r->name, board, ref_side_user(j, rp->pos.turn),
		    rp->plies + 1);
}

int
ref_tell(struct ref_job *j, const char *addr, int side,
    const char *title, const char *intro)
{
	const char *to[1] = { addr };
	char subject[400], *text;
	int rc;

	if ((text = ref_position_text(j, side, intro)) == NULL)
		return -1;
	ref_position_subject(j, title, subject, sizeof(subject));
	rc = ref_push(j, to, 1, subject, text, 1);
	free(text);
	return rc;
}

int
ref_changed(struct ref_job *j, const char *title, const char *intro)
{
	const struct ref_player *pl;
	int s;

	j->o->status = REF_APPLIED;
	snprintf(j->o->board, sizeof(j->o->board), "%s", j->cmd.board);
	if ((j->o->record = ref_record_text(&j->g, &j->o->record_len)) ==
	    NULL)
		return -1;
	for (s = 0; s < 2; s++)
		if ((pl = ref_player_find(j->c->players,
		    ref_side_user(j, s))) != NULL &&
		    ref_tell(j, pl->addr, s, title, intro) == -1)
			return -1;
	return 0;
}
