/*
 * post.c - stackref post: send a record where the other player
 * reads it.  smtp(s)://: a MIME mail to each recipient (the players'
 * addresses in the record by default) with the last move, the board
 * from the recipient's side and the record attached; imap(s)://host/Box:
 * the same mail appended to a mailbox; http(s)://: the record uploaded
 * by a conditional PUT.  With --pbem, a pbmserv command line for a
 * referee instead, then the move or action recorded in the file.
 */
#include <fcntl.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>
#include <unistd.h>

#include "mail/message.h"
#include "mail/pbem.h"
#include "mail/transport.h"
#include "notation/notation.h"
#include "notation/svg.h"
#include "notation/png.h"
#include "notation/ascii.h"
#include "cmd/cmd.h"
#include "base/fileio.h"
#include "game/picture.h"
#include "game/play.h"

#define POST_TO_MAX 16

const char cmd_post_usage[] = "post [--to ADDR]... [--from ADDR] [--svg] [--png] "
    "[--pbem MOVE|resign|propose|accept|reject|undo --user-id USERID "
    "[--pbem-password-file FILE | --pbem-password-env VAR]] "
    "[--user NAME] [--password-file FILE | --password-env VAR] "
    "[--cacert FILE] [--starttls] [--timeout S] FILE URL";

const char cmd_post_help[] =
	"  --to ADDR            mail the record to ADDR too (default: the"
	" players'\n"
	"                       addresses); may be repeated\n"
	"  --from ADDR          the sender, required for mail\n"
	"  --svg                attach the SVG diagram too\n"
	"  --png                attach the PNG picture too\n"
	"  --pbem WORD          send a move, resign, propose, accept,"
	" reject or undo\n"
	"                       to a referee, as pbmserv reads them\n"
	"                       (stackref-referee(8))\n"
	"  --user-id USERID     the player's user id at the referee\n"
	"  --pbem-password-file FILE, --pbem-password-env VAR\n"
	"                       the player's password at the referee\n"
	CMD_HELP_XFER;

enum {
	POST_OPT_TO = 0x200, POST_OPT_FROM, POST_OPT_SVG, POST_OPT_PNG,
	POST_OPT_PBEM,
	POST_OPT_USER_ID, POST_OPT_PBEM_FILE, POST_OPT_PBEM_ENV
};

struct post {
	struct xfer x;
	struct diag *d;
	const char *file, *url;
	const char *to[POST_TO_MAX];
	size_t nto;
	const char *from;
	int svg, png;               /* attach the picture as SVG, as PNG */
	const char *pbem, *user_id, *pbem_file, *pbem_env;
	int side;                   /* --pbem: the side of the poster */
	enum replay_act act;        /* --pbem: its action, if not a move */
	struct judge_clock jc;      /* --pbem: the record's clock, judged */
	char name[256];             /* the URL without credentials */
	char *raw;                  /* the record as read */
	size_t len;
	const struct notation *nt;
	struct record g;
	struct replay rp;
};

/* One mail being written: its recipient and side, its parts. */
struct post_mail {
	const char *to;              /* as given: "Name <addr>" */
	char addr[MAIL_ADDR_MAX];    /* its address */
	int side;                    /* the board is drawn from this side */
};

/* The player tag value of side, or NULL. */
static const char *
post_player(const struct post *p, int side)
{
	char tag[64];

	notation_player_tag(p->rp.r, side, tag, sizeof(tag));
	return record_tag(&p->g, tag);
}

/* The side whose player tag has the address addr, or -1. */
static int
post_side_of(const struct post *p, const char *addr)
{
	char a[MAIL_ADDR_MAX], name[256];
	const char *v;
	int s;

	for (s = 0; s < 2; s++)
		if ((v = post_player(p, s)) != NULL &&
		    mail_address(v, a, name, sizeof(name)) == 0 &&
		    strcasecmp(a, addr) == 0)
			return s;
	return -1;
}

/* Sets ml's address from its text; -1 after reporting. */
static int
post_rcpt(struct post *p, struct post_mail *ml)
{
	char name[256];
	int s;

	if (mail_address(ml->to, ml->addr, name, sizeof(name)) == -1) {
		diag_report(p->d, DIAG_BAD_ADDRESS, NULL, "--to", ml->to);
		return -1;
	}
	s = post_side_of(p, ml->addr);
	ml->side = s < 0 ? 0 : s;
	return 0;
}

/* The recipients when no --to is given: the players with an address
 * in their tag, but the sender. */
static void
post_default_to(struct post *p)
{
	char a[MAIL_ADDR_MAX], from[MAIL_ADDR_MAX], name[256];
	const char *v;
	int s;

	if (p->from == NULL || mail_address(p->from, from, name,
	    sizeof(name)) == -1)
		from[0] = '\0';
	for (s = 0; s < 2; s++)
		if ((v = post_player(p, s)) != NULL &&
		    mail_address(v, a, name, sizeof(name)) == 0 &&
		    strcasecmp(a, from) != 0)
			p->to[p->nto++] = v;
}

/* Reads 16 random bytes. */
static int
post_random(unsigned char rnd[16])
{
	int fd;
	ssize_t n;

	if ((fd = open("/dev/urandom", O_RDONLY | O_CLOEXEC)) == -1)
		return -1;
	n = read(fd, rnd, 16);
	close(fd);
	return n == 16 ? 0 : -1;
}

/* A new Message-ID in the domain of the sender into buf. */
static int
post_message_id(const struct post *p, time_t now, char *buf, size_t size)
{
	char addr[MAIL_ADDR_MAX], name[256];
	unsigned char rnd[16];
	const char *dom;

	if (mail_address(p->from, addr, name, sizeof(name)) == -1 ||
	    (dom = strrchr(addr, '@')) == NULL || post_random(rnd) == -1)
		return -1;
	return mail_message_id(buf, size, rnd, now, dom + 1) < 0 ? -1 : 0;
}

/* "checkers sr-...: ply 3 8-11, white to move" into buf. */
static void
post_subject(const struct post *p, char *buf, size_t size)
{
	const char *id = record_tag(&p->g, "GameId");
	char last[128], tail[128];

	if (replay_last_text(&p->rp, last, sizeof(last)) == -1)
		snprintf(last, sizeof(last), "no move yet");
	if (p->rp.outcome != OUTCOME_NONE)
		snprintf(tail, sizeof(tail), "game over %s",
		    replay_result_token(p->rp.outcome));
	else
		snprintf(tail, sizeof(tail), "%s to move",
		    p->rp.r->side[p->rp.pos.turn]);
	snprintf(buf, size, "%s %s: ply %lu %s, %s", p->rp.r->name,
	    id != NULL ? id : "(no GameId)", p->rp.plies, last, tail);
}

/* The status lines of the text body. */
static void
post_status(const struct post *p, FILE *out)
{
	char last[128], state[256];

	if (replay_last_text(&p->rp, last, sizeof(last)) >= 0)
		fprintf(out, "Last move: ply %lu, %s by %s\n", p->rp.plies,
		    last, p->rp.r->side[p->rp.prev.turn]);
	else
		fputs("No move yet.\n", out);
	if (p->rp.outcome != OUTCOME_NONE)
		fprintf(out, "Game over: %s (%s)\n",
		    replay_result_token(p->rp.outcome),
		    p->rp.why != NULL ? p->rp.why : "no legal move");
	else
		fprintf(out, "%s to move, ply %lu.\n",
		    p->rp.r->side[p->rp.pos.turn], p->rp.plies + 1);
	if (replay_state_text(&p->rp, state, sizeof(state)) > 0)
		fprintf(out, "%s\n", state);
}

/* The text body for a recipient on side. */
static char *
post_text(const struct post *p, int side)
{
	const char *id = record_tag(&p->g, "GameId"), *v;
	char *buf = NULL;
	size_t len;
	FILE *out;
	int s;

	if ((out = open_memstream(&buf, &len)) == NULL)
		return NULL;
	fprintf(out, "%s, game %s\n", p->rp.r->title != NULL ?
	    p->rp.r->title : p->rp.r->name, id != NULL ? id : "(no GameId)");
	for (s = 0; s < 2; s++)
		if ((v = post_player(p, s)) != NULL)
			fprintf(out, "%s: %s\n", p->rp.r->side[s], v);
	fputc('\n', out);
	post_status(p, out);
	fputc('\n', out);
	board_ascii_style(out, p->rp.r, &p->rp.pos, side, p->rp.style);
	fputs("\nThe record is attached.\n", out);
	if (fclose(out) != 0) {
		free(buf);
		return NULL;
	}
	return buf;
}

/* The SVG picture of v, or NULL. */
static char *
post_svg(const struct svg_view *v, size_t *len)
{
	char *buf = NULL;
	FILE *out;

	if ((out = open_memstream(&buf, len)) == NULL)
		return NULL;
	if (svg_write(out, v) == -1 || fclose(out) != 0) {
		free(buf);
		return NULL;
	}
	return buf;
}

/* The PNG picture of v, or NULL (the reason reported). */
static char *
post_png(const struct post *p, const struct svg_view *v, size_t *len)
{
	unsigned char *png;
	char why[256];

	if (PNG_MODULE->render(v, &png, len, why, sizeof(why)) == 0)
		return (char *)png;
	diag_report(p->d, DIAG_PICTURE, NULL, why);
	return NULL;
}

/* The pictures the options ask for, seen from side, into att[1] and
 * on (their data allocated): the picture show draws of the record
 * (game_picture); how many, or -1 after reporting. */
static int
post_pictures(const struct post *p, int side, const char fname[3][160],
    struct mail_attachment att[3])
{
	struct game_picture pic;
	char *svg = NULL, *png = NULL;
	size_t svglen = 0, pnglen = 0;
	int n = 0;

	game_picture(&pic, &p->rp, &p->g, side, 0);
	if (p->svg && (svg = post_svg(&pic.v, &svglen)) == NULL)
		diag_report(p->d, DIAG_NOMEM, NULL);
	else if (p->png)
		png = post_png(p, &pic.v, &pnglen);
	if ((p->svg && svg == NULL) || (p->png && png == NULL)) {
		free(svg);
		return -1;
	}
	if (svg != NULL)
		att[1 + n++] = (struct mail_attachment){ .filename = fname[1],
		    .type = "image/svg+xml", .data = svg, .len = svglen };
	if (png != NULL)
		att[1 + n++] = (struct mail_attachment){ .filename = fname[2],
		    .type = "image/png", .data = png, .len = pnglen };
	return n;
}

/* The file names of the attachments: GAMEID.pdn (or .xml), GAMEID.svg,
 * GAMEID.png. */
static void
post_file_names(const struct post *p, char fname[3][160])
{
	const char *id = record_tag(&p->g, "GameId");

	if (id == NULL)
		id = "game";
	snprintf(fname[0], sizeof(fname[0]), "%s.%s", id,
	    strcmp(p->nt->name, "xml") == 0 ? "xml" : "pdn");
	snprintf(fname[1], sizeof(fname[1]), "%s.svg", id);
	snprintf(fname[2], sizeof(fname[2]), "%s.png", id);
}

/* The Date of a mail: the time now as cmd_now has it (the system clock
 * when STACKREF_NOW does not read, as it has been reported then). */
static time_t
post_date(struct post *p)
{
	long long now;

	return cmd_now(NULL, &now, p->d) == 0 ? (time_t)now : time(NULL);
}

/* Composes the mail for ml into *text; -1 after reporting. */
static int
post_compose(struct post *p, const struct post_mail *ml, char **text,
    size_t *len)
{
	struct mail_attachment att[3];
	struct mail_out m;
	char subject[512], mid[256], fname[3][160];
	char *body = NULL;
	const char *why;
	int rc = -1, npic = 0, i;

	memset(&m, 0, sizeof(m));
	m.date = post_date(p);
	post_subject(p, subject, sizeof(subject));
	post_file_names(p, fname);
	if (post_message_id(p, m.date, mid, sizeof(mid)) == -1)
		diag_report(p->d, DIAG_NO_DOMAIN, NULL);
	else if ((body = post_text(p, ml->side)) == NULL)
		diag_report(p->d, DIAG_NOMEM, NULL);
	else if ((npic = post_pictures(p, ml->side, fname, att)) >= 0) {
		att[0] = (struct mail_attachment){ .filename = fname[0],
		    .type = strcmp(p->nt->name, "xml") == 0 ?
		    "application/xml" : "application/x-pdn", .data = p->raw,
		    .len = p->len };
		m = (struct mail_out){ .from = p->from, .to = &ml->to, .nto = 1,
		    .subject = subject, .text = body, .att = att,
		    .natt = 1 + (size_t)npic, .message_id = mid,
		    .date = m.date };
		if ((rc = mail_compose(&m, text, len, &why)) == -1)
			diag_report(p->d, DIAG_COMPOSE, NULL, why);
	}
	free(body);
	for (i = 0; i < npic; i++)
		free((char *)att[1 + i].data);
	return rc;
}

/* Mails the record to each recipient, one mail each. */
static int
post_smtp(struct post *p)
{
	struct post_mail ml;
	char from[MAIL_ADDR_MAX], name[256], *text;
	const char *rcpt[1];
	size_t i, len;
	int rc;

	if (mail_address(p->from, from, name, sizeof(name)) == -1)
		return diag_report(p->d, DIAG_BAD_ADDRESS, NULL, "--from",
		    p->from), -1;
	for (i = 0; i < p->nto; i++) {
		ml.to = p->to[i];
		if (post_rcpt(p, &ml) == -1 ||
		    post_compose(p, &ml, &text, &len) == -1)
			return -1;
		rcpt[0] = ml.addr;
		rc = XFER_MODULE->send(&p->x, p->url, from, rcpt, 1, text, len);
		free(text);
		if (rc == -1)
			return diag_report(p->d, DIAG_TRANSFER, NULL, "post",
			    p->x.err), -1;
	}
	return 0;
}

/* Appends the mail (to the first recipient, or the sender) to the
 * mailbox of the URL. */
static int
post_imap(struct post *p)
{
	struct post_mail ml;
	char *text;
	size_t len;
	int rc;

	ml.to = p->nto > 0 ? p->to[0] : p->from;
	if (post_rcpt(p, &ml) == -1 || post_compose(p, &ml, &text, &len) == -1)
		return -1;
	rc = XFER_MODULE->put(&p->x, p->url, text, len);
	free(text);
	if (rc == -1)
		diag_report(p->d, DIAG_TRANSFER, NULL, "post", p->x.err);
	return rc;
}

/* The side of the player posting --pbem: the one whose player tag is
 * the --user-id (as the referee reads it), else the one whose tag holds
 * the --from address; -1 when neither. */
static int
post_pbem_side(const struct post *p)
{
	char from[MAIL_ADDR_MAX], name[256];
	const char *v;
	int s;

	for (s = 0; s < 2; s++)
		if ((v = post_player(p, s)) != NULL && p->user_id != NULL &&
		    strcmp(v, p->user_id) == 0)
			return s;
	if (p->from == NULL || mail_address(p->from, from, name,
	    sizeof(name)) == -1)
		return -1;
	return post_side_of(p, from);
}

/*
 * Puts the move or action of c, taken by the player posting
 * (post_pbem_side), to the judge at the time now (judge_play: a move by
 * the side to move, so that a second move before the other side's is
 * refused; an action the state allows that side; the clock), then plays
 * it on p->rp (a move must be legal).  Sets p->side and p->jc.  Returns
 * 0, or -1 after reporting.
 */
static int
post_pbem_check(struct post *p, const struct pbem_cmd *c,
    const struct diag_where *w)
{
	struct judge_ask a = { JUDGE_MOVE, -1, 0, 0 };
	struct judge_verdict v;

	a.side = p->side = post_pbem_side(p);
	if (c->verb != PBEM_MOVE && p->side < 0) {
		diag_report(p->d, DIAG_PBEM_SIDE, NULL, p->pbem);
		return -1;
	}
	if (c->verb != PBEM_MOVE)
		a.act = (int)p->act;
	if (cmd_now(NULL, &p->jc.now, p->d) == -1)
		return -1;
	if (judge_play(&p->jc, &p->g, &p->rp, &a, p->jc.now, &v) == -1) {
		judge_report(&v, w, p->d);
		return -1;
	}
	if (c->verb != PBEM_MOVE) {
		replay_act_apply(&p->rp, p->act, p->side);
		return 0;
	}
	p->side = p->rp.pos.turn;
	return replay_ply(&p->rp, p->pbem, w, p->d, NULL);
}

/* As pbmserv's: accept and reject answer a request to take back
 * moves when no draw is offered. */
static void
post_pbem_undo_answer(struct post *p, struct pbem_cmd *c)
{
	if (p->rp.offer >= 0 || p->rp.undo < 0)
		return;
	if (c->verb == PBEM_ACCEPT_DRAW) {
		c->verb = PBEM_ACCEPT_UNDO;
		p->act = REPLAY_ACCEPT_UNDO;
	} else if (c->verb == PBEM_DECLINE_DRAW) {
		c->verb = PBEM_DECLINE_UNDO;
		p->act = REPLAY_DECLINE_UNDO;
	}
}

/* Fills c with the command --pbem asks for; -1 after reporting. */
static int
post_pbem_cmd(struct post *p, struct pbem_cmd *c)
{
	static const struct {
		const char *word;
		enum pbem_verb verb;
		enum replay_act act;
	} v[] = {
		{ "resign", PBEM_RESIGN, REPLAY_RESIGN },
		{ "propose", PBEM_OFFER_DRAW, REPLAY_OFFER_DRAW },
		{ "accept", PBEM_ACCEPT_DRAW, REPLAY_ACCEPT_DRAW },
		{ "reject", PBEM_DECLINE_DRAW, REPLAY_DECLINE_DRAW },
		{ "undo", PBEM_REQUEST_UNDO, REPLAY_REQUEST_UNDO }
	};
	const char *id = record_tag(&p->g, "GameId");
	struct diag_where w = { fileio_name(p->file), NULL, 0,
	    p->rp.plies + 1 };
	size_t i;

	memset(c, 0, sizeof(*c));
	c->verb = PBEM_MOVE;
	for (i = 0; i < sizeof(v) / sizeof(v[0]); i++)
		if (strcasecmp(p->pbem, v[i].word) == 0) {
			c->verb = v[i].verb;
			p->act = v[i].act;
		}
	post_pbem_undo_answer(p, c);
	if (id == NULL)
		return diag_report(p->d, DIAG_NO_GAME_ID, NULL), -1;
	if (p->user_id == NULL)
		return diag_report(p->d, DIAG_NEEDS, NULL, "--pbem", "--user-id"),
		    -1;
	if (post_pbem_check(p, c, &w) == -1)
		return -1;
	snprintf(c->game, sizeof(c->game), "%s", p->rp.r->name);
	snprintf(c->board, sizeof(c->board), "%s", id);
	snprintf(c->user, sizeof(c->user), "%s", p->user_id);
	snprintf(c->move, sizeof(c->move), "%s", p->pbem);
	c->ply = p->rp.plies + (c->verb == PBEM_MOVE ? 0 : 1);
	return 0;
}

/* Plays the move or action of c by side on rp, as judged already on
 * the same record (post_pbem_check), appends it to g, stamped. */
static int
post_pbem_apply(struct post *p, const struct pbem_cmd *c, int side,
    struct replay *rp, struct record *g)
{
	struct diag_where w = { fileio_name(p->file), NULL, 0,
	    rp->plies + 1 };

	if (c->verb == PBEM_MOVE && replay_ply(rp, c->move, &w, p->d,
	    NULL) == -1)
		return -1;
	if (c->verb != PBEM_MOVE)
		replay_act_apply(rp, p->act, side);
	if ((c->verb == PBEM_MOVE ? play_append_move(rp, g, NULL, 0) :
	    play_append_act(rp, g, p->act, side, 0)) == -1) {
		diag_report(p->d, DIAG_NOMEM, &w);
		return -1;
	}
	return cmd_play_stamp(&p->jc, g, &w, p->d);
}

/* Plays the move or action of c by p->side on the record text[0..len)
 * and writes it back to p->file, as move and the action commands do. */
static int
post_pbem_play(struct post *p, const struct pbem_cmd *c, const char *text,
    size_t len)
{
	struct play_opts po = { .dry = 0 };
	struct replay_opts o = { fileio_name(p->file), 0, REPLAY_ALL, 0 };
	const struct notation *nt;
	struct replay rp;
	struct record g;
	int rc = -1;

	record_init(&g);
	if (notation_read_text(text, len, o.file, &g, &nt, p->d) == 0 &&
	    replay_run(&rp, &g, &o, p->d) == 0 &&
	    post_pbem_apply(p, c, p->side, &rp, &g) == 0)
		rc = cmd_play_write(&po, p->file, nt, &g, &rp, p->d);
	record_free(&g);
	return rc;
}

/*
 * Records the move or action of c, once the mail server took it, in
 * p->file under its lock, so that the record is where the game is and
 * a second --pbem for the same turn is refused.  The file must be as it
 * was read; standard input is not recorded.
 */
static int
post_pbem_record(struct post *p, const struct pbem_cmd *c)
{
	struct fileio_lock lk;
	char *now;
	size_t len;
	int rc = -1;

	if (strcmp(p->file, "-") == 0)
		return 0;
	if (fileio_lock(p->file, &lk, p->d) == -1)
		return -1;
	if ((now = fileio_slurp(p->file, &len, p->d)) != NULL) {
		if (len == p->len && memcmp(now, p->raw, len) == 0)
			rc = post_pbem_play(p, c, now, len);
		else
			diag_report(p->d, DIAG_WRITE, DIAG_FILE(p->file),
			    "it changed while the mail was sent: the move was "
			    "sent, not recorded");
	}
	free(now);
	fileio_unlock(&lk);
	return rc;
}

/* Mails subject (which holds the password) to the referee(s). */
static int
post_pbem_send(struct post *p, const char *subject)
{
	struct mail_out m;
	char from[MAIL_ADDR_MAX], name[256], mid[256];
	const char *rcpt[POST_TO_MAX], *why;
	char addr[POST_TO_MAX][MAIL_ADDR_MAX], *text;
	size_t i, len;
	int rc;

	memset(&m, 0, sizeof(m));
	m.date = post_date(p);
	if (mail_address(p->from, from, name, sizeof(name)) == -1 ||
	    post_message_id(p, m.date, mid, sizeof(mid)) == -1)
		return diag_report(p->d, DIAG_BAD_ADDRESS, NULL, "--from",
		    p->from), -1;
	for (i = 0; i < p->nto; i++) {
		if (mail_address(p->to[i], addr[i], name, sizeof(name)) == -1)
			return diag_report(p->d, DIAG_BAD_ADDRESS, NULL, "--to",
			    p->to[i]), -1;
		rcpt[i] = addr[i];
	}
	m = (struct mail_out){ .from = p->from, .to = p->to, .nto = p->nto,
	    .subject = subject, .text = "Sent by stackref post --pbem.\n",
	    .message_id = mid, .date = m.date };
	if (mail_compose(&m, &text, &len, &why) == -1)
		return diag_report(p->d, DIAG_COMPOSE, NULL, why), -1;
	rc = XFER_MODULE->send(&p->x, p->url, from, rcpt, p->nto, text, len);
	explicit_bzero(text, len);
	free(text);
	if (rc == -1)
		diag_report(p->d, DIAG_TRANSFER, NULL, "post", p->x.err);
	return rc;
}

/* Sends the pbmserv command line as the Subject of a mail to --to. */
static int
post_pbem(struct post *p)
{
	struct pbem_cmd c;
	char subject[1024];
	int rc = -1;

	if (p->nto == 0)
		return diag_report(p->d, DIAG_NEEDS, NULL, "--pbem",
		    "--to (the referee's address)"), -1;
	if (post_pbem_cmd(p, &c) == 0 && cmd_secret(p->pbem_file,
	    p->pbem_env, p->user_id, c.password, sizeof(c.password),
	    p->d) == 0) {
		if (pbem_format_pbmserv(&c, subject, sizeof(subject)) < 0)
			diag_report(p->d, DIAG_BAD_PBEM_WORD, NULL);
		else if ((rc = post_pbem_send(p, subject)) == 0)
			rc = post_pbem_record(p, &c);
	}
	explicit_bzero(&c, sizeof(c));
	explicit_bzero(subject, sizeof(subject));
	return rc;
}

/* The server's record cur must be one this one extends. */
static int
post_check_server(struct post *p, const struct xfer_buf *cur)
{
	struct extend_game srv, loc;
	char why[512];
	int rc = -1;

	record_init(&srv.g);
	loc.g = p->g;
	loc.rp = p->rp;
	if (cmd_game_read(&srv, cur->data, cur->len, p->name, -1, NULL,
	    p->d) == 0) {
		if (extend_check(&srv, &loc, "the server's", why,
		    sizeof(why)) != EXTEND_NO)
			rc = 0;
		else
			diag_report(p->d, DIAG_SERVER_NEWER,
			    DIAG_FILE(fileio_name(p->file)), why);
	}
	record_free(&srv.g);
	return rc;
}

/*
 * Uploads the record by a conditional PUT: the server's copy is read
 * first (GET), must be one this record extends, and is replaced only if
 * still the copy read (If-Match its ETag, else If-Unmodified-Since its
 * date; If-None-Match: * when there is none), so that of two posters
 * racing from one copy only one lands.
 */
static int
post_http(struct post *p)
{
	struct xfer_version v;
	struct xfer_buf cur;
	int rc;

	if (XFER_MODULE->get_version(&p->x, p->url, &cur, &v) == -1)
		return diag_report(p->d, DIAG_TRANSFER, NULL, "post", p->x.err),
		    -1;
	rc = v.found ? post_check_server(p, &cur) : 0;
	xfer_buf_free(&cur);
	if (rc == -1)
		return -1;
	if ((rc = XFER_MODULE->put_version(&p->x, p->url, p->raw, p->len,
	    &v)) == XFER_STALE)
		diag_report(p->d, DIAG_SERVER_NEWER,
		    DIAG_FILE(fileio_name(p->file)), "the server's copy "
		    "changed after it was read (412 Precondition Failed)");
	else if (rc == -1)
		diag_report(p->d, DIAG_TRANSFER, NULL, "post", p->x.err);
	return rc == 0 ? 0 : -1;
}

/* Sends the record (or the command) where the URL says. */
static int
post_send(struct post *p)
{
	enum xfer_kind k = XFER_MODULE->url_kind(p->url);

	if (p->pbem != NULL && k != XFER_KIND_SMTP)
		return diag_report(p->d, DIAG_PBEM_URL, NULL), -1;
	if (k == XFER_KIND_HTTP)
		return post_http(p);
	if (k != XFER_KIND_SMTP && k != XFER_KIND_IMAP) {
		return diag_report(p->d, DIAG_POST_URL, NULL), -1;
	}
	if (p->from == NULL)
		return diag_report(p->d, DIAG_NEEDS, NULL, "a mail", "--from"),
		    -1;
	if (p->pbem != NULL)
		return post_pbem(p);
	if (p->nto == 0)
		post_default_to(p);
	if (p->nto == 0 && k == XFER_KIND_SMTP)
		return diag_report(p->d, DIAG_NO_RECIPIENT, NULL), -1;
	return k == XFER_KIND_SMTP ? post_smtp(p) : post_imap(p);
}

/* Reads and replays the record (canonical texts, as extend_check
 * compares them). */
static int
post_load(struct post *p)
{
	struct replay_opts o = { fileio_name(p->file), 0, REPLAY_ALL, 1 };

	/* p->nt: the notation it is written in, for the attachment's type */
	if ((p->raw = fileio_slurp(p->file, &p->len, p->d)) == NULL ||
	    notation_read_text(p->raw, p->len, fileio_name(p->file), &p->g,
	    &p->nt, p->d) == -1)
		return -1;
	return replay_run(&p->rp, &p->g, &o, p->d);
}

static int
post_opt(struct post *p, int ch, const char *arg)
{
	switch (ch) {
	case POST_OPT_TO:
		if (p->nto == POST_TO_MAX)
			return diag_report(p->d, DIAG_TOO_MANY_TO, NULL), -1;
		p->to[p->nto++] = arg;
		return 0;
	case POST_OPT_FROM:
		p->from = arg;
		return 0;
	case POST_OPT_SVG:
		p->svg = 1;
		return 0;
	case POST_OPT_PNG:
		p->png = 1;
		return 0;
	case POST_OPT_PBEM:
		p->pbem = arg;
		return 0;
	case POST_OPT_USER_ID:
		p->user_id = arg;
		return 0;
	case POST_OPT_PBEM_FILE:
		p->pbem_file = arg;
		return 0;
	case POST_OPT_PBEM_ENV:
		p->pbem_env = arg;
		return 0;
	}
	return 1;
}

static int
post_getopt(struct post *p, struct xfer_opts *xo, int argc, char *argv[])
{
	static const struct option longopts[] = {
		{ "to", required_argument, NULL, POST_OPT_TO },
		{ "from", required_argument, NULL, POST_OPT_FROM },
		{ "svg", no_argument, NULL, POST_OPT_SVG },
		{ "png", no_argument, NULL, POST_OPT_PNG },
		{ "pbem", required_argument, NULL, POST_OPT_PBEM },
		{ "user-id", required_argument, NULL, POST_OPT_USER_ID },
		{ "pbem-password-file", required_argument, NULL,
		    POST_OPT_PBEM_FILE },
		{ "pbem-password-env", required_argument, NULL,
		    POST_OPT_PBEM_ENV },
		CMD_XFER_LONGOPTS,
		{ NULL, 0, NULL, 0 }
	};
	int ch, rc;

	opterr = 0;
	while ((ch = getopt_long(argc, argv, ":", longopts, NULL)) != -1) {
		if (cmd_xfer_opt(xo, ch, optarg))
			continue;
		if ((rc = post_opt(p, ch, optarg)) == -1)
			return cmd_usage(p->d, cmd_post_usage);
		if (rc == 1)
			return cmd_bad_option(p->d, cmd_post_usage, ch, argv);
	}
	if (argc - optind != 2)
		return argc - optind > 2 ? cmd_arg_count(p->d, cmd_post_usage,
		    0, NULL) : (diag_report(p->d, DIAG_FILE_AND_URL, NULL),
		    cmd_usage(p->d, cmd_post_usage));
	p->file = argv[optind];
	p->url = argv[optind + 1];
	return 0;
}

int
cmd_post(int argc, char *argv[], struct diag *d)
{
	struct post p;
	struct xfer_opts xo;
	char pw[256];
	int rc;

	memset(&p, 0, sizeof(p));
	memset(&xo, 0, sizeof(xo));
	p.d = d;
	record_init(&p.g);
	if ((rc = post_getopt(&p, &xo, argc, argv)) != 0)
		return rc;
	XFER_MODULE->url_clean(p.url, p.name, sizeof(p.name));
	if (post_load(&p) == 0 &&
	    cmd_xfer_begin(&xo, &p.x, pw, sizeof(pw), d) == 0)
		post_send(&p);
	cmd_xfer_end(pw, sizeof(pw));
	record_free(&p.g);
	free(p.raw);
	return cmd_finish(d);
}
