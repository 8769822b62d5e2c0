/*
 * job.h - what the files of the referee's decisions share.  Not
 * installed, not for commands.  Every file that includes it is in this
 * list and uses only those before it (tests/layers.sh):
 *
 *   players.c   out of memory; the players file, passwords, keys, the
 *               lines of the state's files
 *   lists.c     the challenges and watchers files
 *   doc.c       a reply written as text and as HTML (struct ref_doc)
 *   reply.c     composing mails, quoting requests, refusals; an
 *               outcome freed
 *   guard.c     loops, logins and their throttling
 *   legal.c     the legal moves as a reader can use them, an example
 *   board.c     reading a board's record, the checks of a request on
 *               it, the judge's verdicts in the referee's words, its
 *               clock
 *   notify.c    the players' choice of mails: a move's mail held for
 *               the digest, the interval of reminders
 *   rated.c     ratings: a rated game's end, its lines, GAME ratings
 *   position.c  the mail of a position (text, HTML, the board's PNG) to
 *               a player or a watcher; both players and the watchers
 *               told of a change; the game page
 *   help.c      help and GAME help
 *   own.c       a reply to the referee's own mail: what to send
 *   start.c     signup, confirm
 *   boards.c    games USERID
 *   challenge.c challenge, accept, decline (and the options of a
 *               challenge)
 *   watch.c     subscribe, unsubscribe
 *   account.c   password, address (and its confirm), reset, retire
 *   turns.c     leave, queue (conditional moves kept private), the
 *               conditional replies to a move, an undo accepted
 *   timing.c    the time pass on a board: reminders, forfeits
 *   digest.c    notify, remind; a player's daily digest
 *   decide.c    the mail read, the verbs' table, the verbs on a board
 *   state.c     the store read for a decision, its plan written
 *               (state.h)
 *
 * Each step of a decision (a verb, a check it makes, an answer) returns
 * 0 when it is done and the decision goes on, or -1 when it refused the
 * request: the sender is told why (ref_refuse), unless answered too
 * often already (ref_refuse, ref_too_often).  Out of memory is not a
 * result: every allocation goes through ref_alloc, every call into a
 * lower layer that fails only without memory through ref_need, and
 * either ends the process (ref_nomem, referee.h).
 */
#ifndef STACKREF_REFEREE_JOB_H
#define STACKREF_REFEREE_JOB_H

#include <stdio.h>

#include "notation/notation.h"
#include "model/record.h"
#include "game/clock.h"
#include "game/extend.h"
#include "game/judge.h"
#include "game/play.h"
#include "game/rating.h"
#include "game/replay.h"
#include "referee/referee.h"

/* The PNG of the board a position mail shows, made once per side. */
struct ref_picture {
	unsigned char *png;       /* NULL: none (not made, or it failed) */
	size_t len;
	int made;                 /* tried already */
	char cid[80];             /* its Content-ID */
	unsigned width, height;
	char alt[160];
};

/* One decision under way. */
struct ref_job {
	const struct ref_ctx *c;
	struct ref_outcome *o;
	const struct ref_letter *l;  /* the mail */
	const struct mail_in *m;     /* its headers and parts: &l->m */
	struct pbem_cmd cmd;         /* its command (l->cmd) */
	char quoted[700];         /* the request, its password masked */
	int known;                /* the sender is a player's address, or
				   * gave a right password: replies may
				   * quote its mail */
	int signed_in;            /* cmd's password verified (ref_login) */
	struct ref_count user;    /* the counts of cmd.user (if a player) */
	struct ref_count sender;  /* and of the sender's address */
	int user_set, sender_set; /* they changed */
	time_t stop_until;        /* ref_login refused cmd.user's password
				   * unchecked, under a lock or throttle
				   * that lasts until then (0: it did not) */
	struct record g;          /* the board's record (or the new one) */
	const struct rules *r;
	struct replay rp;
	int side;                 /* the side of cmd.user on the board once
				   * logged in, else -1 */
	struct ref_picture pic[2];   /* the board from each side */
	struct judge_clock clk;   /* the board's clock at the decision's
				   * time, once replayed whole */
	int over_before;          /* the board's game was over when read */
};

/* ---- players.c ---- */

/* p, an allocation just made; when it is NULL, ref_nomem. */
void *ref_alloc(void *p);

/* rc, what a call into a lower layer that fails only without memory
 * returned; when it is negative (failed), ref_nomem. */
int ref_need(int rc);

/* open_memstream(3) and fclose(3) of its stream, through ref_alloc and
 * ref_need: *buf is the text written once the stream is closed. */
FILE *ref_mem_open(char **buf, size_t *len);
void ref_mem_close(FILE *f);

/*
 * Calls line(ctx, LINE) for each line of text but blank lines and '#'
 * lines, LINE NUL-terminated (at most 1023 bytes, else a failure).
 * Returns 0, or -1 with *why (static) when a line is too long or line
 * returned -1 (its *why).
 */
int ref_lines(const char *text, int (*line)(void *ctx, const char *s,
    const char **why), void *ctx, const char **why);

/* Copies the next blank-separated word of *s into buf (size bytes);
 * -1 if none or too long. */
int ref_word(const char **s, char *buf, size_t size);

/* Makes room for one more element of size bytes in the array *v of n
 * elements (*cap allocated); -1 without memory. */
int ref_grow(void **v, size_t *cap, size_t n, size_t size);

/* ---- doc.c: a reply written as text and as HTML ---- */

struct ref_doc {
	FILE *t, *h;              /* the text, the HTML (NULL: none) */
	char *tbuf, *hbuf;
	size_t tlen, hlen;
	const char *referee;      /* the address commands go to */
	int started;              /* something written: a block starts with
				   * a blank line */
	int open;                 /* an HTML paragraph is open */
	size_t col;               /* the text's column in a run of words */
};

/* Starts d; with html, its HTML titled title too. */
void ref_doc_open(struct ref_doc *d, const char *referee, const char *title,
    int html);

/* A paragraph (a blank line before it): format's text, its '\n' line
 * breaks. */
void ref_doc_p(struct ref_doc *d, const char *format, ...)
    __attribute__((format(printf, 2, 3)));

/* A line more in the paragraph open (no blank line before it). */
void ref_doc_more(struct ref_doc *d, const char *format, ...)
    __attribute__((format(printf, 2, 3)));

/* A subject line to send: indented in the text, a mailto: link to the
 * referee in the HTML. */
void ref_doc_cmd(struct ref_doc *d, const char *subject);

/* The board: the ASCII diagram in the text; the picture's PNG in the
 * HTML (by its Content-ID), else the diagram. */
void ref_doc_board(struct ref_doc *d, const char *ascii,
    const struct ref_picture *pic);

/* A word of a paragraph of words, wrapped at 72 columns in the text. */
void ref_doc_word(struct ref_doc *d, const char *w);

/* Ends d: *text and *html (NULL without HTML), malloc'ed. */
void ref_doc_close(struct ref_doc *d, char **text, char **html);

/* ---- reply.c ---- */

/* The userid playing side on j's board, or "?". */
const char *ref_side_user(const struct ref_job *j, int side);

/* The text format makes with its arguments, malloc'ed. */
char *ref_text(const char *format, ...)
    __attribute__((format(printf, 1, 2)));

/* Writes g as PDN into a malloc'ed text. */
char *ref_record_text(const struct record *g, size_t *len);

/* What a mail says: its text, complete on its own; an HTML alternative
 * and the picture it shows (or NULL); the record attached. */
struct ref_body {
	const char *text;
	const char *html;
	const struct ref_picture *pic;
	int attach;
};

#define REF_LINE_MAX 78   /* the longest line of a mail's text (RFC 5322) */

/* text with every line longer than REF_LINE_MAX broken at blanks, the
 * lines after the first of each indented 4 more (CR LF as LF);
 * malloc'ed. */
char *ref_wrap(const char *text);

/* Composes a mail to the nto (1 or 2) addresses to and adds it to the
 * outcome (none past REF_MAILS; one that cannot be written, as an
 * address that does not read, is dropped); attach: the record (new,
 * else the board's).  Returns 0, an answer (the steps of job.h). */
int ref_push(struct ref_job *j, const char *const *to, size_t nto,
    const char *subject, const struct ref_body *b);

/* Ends d and answers the sender with it (text and HTML): an answer
 * (REF_ANSWERED, counted); the caller set the summary.  Returns 0. */
int ref_answer_doc(struct ref_job *j, const char *subject,
    struct ref_doc *d);

/* ref_push of the text alone to one address. */
int ref_push_text(struct ref_job *j, const char *to, const char *subject,
    const char *text);

/*
 * Adds a refusal to the sender.  why is a phrase that quotes nothing
 * from the mail: a stranger is told only that; a known sender is told
 * detail instead when not NULL (it may quote the mail), then extra
 * when not NULL (what to send instead: it may quote the mail too),
 * after its request quoted with the password masked.  Every refusal
 * ends saying how to get the commands (help).  The log line gets the
 * quoted request and detail (else why).  Request, detail (past the
 * why it may begin with) and extra are masked (ref_masked), in the
 * mail and the log alike.  No mail when the sender was answered too
 * often already (ref_answer_ok).  Returns -1: refused.
 */
int ref_refuse(struct ref_job *j, const char *why, const char *detail,
    const char *extra);

/* Writes into buf "Send instead:\n    LINE\n" with LINE the command c
 * (its password PASSWORD), then note when not NULL; buf for ref_refuse's
 * extra. */
void ref_instead(const struct pbem_cmd *c, const char *note, char *buf,
    size_t size);

/* What ref_legal_text wrote. */
enum ref_legal_kind {
	REF_LEGAL_ALL,            /* every legal move */
	REF_LEGAL_OF,             /* those from the square named */
	REF_LEGAL_COUNTED         /* how many, from each square */
};

/* The legal moves of rp for a mail, into buf: all of them when they
 * are few; else those from the square the text named begins with
 * (NULL: none) when it has any; else their number and a count by
 * square ("192; from each square: a1: 45, ..."). */
enum ref_legal_kind ref_legal_text(const struct replay *rp, const char *named, char *buf,
    size_t size);

/* A legal move of rp into buf, from the square named begins with when
 * it has any (named may be NULL); -1 when there is no legal move. */
int ref_legal_example(const struct replay *rp, const char *named,
    char *buf, size_t size);

/* The moves the request to take back pending on j's board would take
 * back, blank-separated, into buf ("" for none); returns buf. */
const char *ref_undo_moves(const struct ref_job *j, char *buf, size_t size);

/* The action element i of line l (j's main line or a variation of it)
 * in words (sentence_action): an accepted undo names the moves of the
 * variation before it, a request the moves it takes back.  Returns
 * buf. */
const char *ref_action_text(const struct ref_job *j, const struct line *l,
    size_t i, char *buf, size_t size);

/* Whether text is one legal move of rp. */
int ref_legal_is(const struct replay *rp, const char *text);

/* Formats j's command as its sender would send it again, with the
 * password PASSWORD and ply #ply (0: none), into buf. */
void ref_again(const struct ref_job *j, unsigned long ply, char *buf,
    size_t size);

/* The commands, for help and for the refusal of a mail without one. */
struct ref_command {
	enum pbem_verb verb;      /* its syntax: pbem_syntax(verb) */
	const char *what;         /* "the board, before ply N when given" */
};
extern const struct ref_command ref_commands[];
extern const size_t ref_ncommands;

/* Whether the sender may get one more answer (a refusal, a show; each
 * counted in j->sender.mails) in this window: REF_ADDR_MAILS for a
 * player's address, else REF_STRANGER_MAILS. */
int ref_answer_ok(const struct ref_job *j);

/* Whether the sender was answered too often to get what (a phrase
 * for the log line: "show"), which is then logged unanswered (1). */
int ref_too_often(struct ref_job *j, const char *what);

/* Counts an answer to the sender. */
void ref_answered(struct ref_job *j);

/* Writes the request of j, masked, into j->quoted: parsed, with its
 * password (or token) as "********"; not parsed, with every word but
 * verbs, game names, numbers and players' userids as "****". */
void ref_quote(struct ref_job *j);

/* Text s (malloc'd) with every secret word of j's request as "****"
 * past its first keep bytes (the referee's own words): its password,
 * and, when the request did not parse or has a password not verified
 * yet (j->signed_in), every word of the Subject that ref_quote would
 * mask, wherever it stands (the password may stand in another word's
 * place); a word matches whole, between bytes that are not letters or
 * digits. */
char *ref_masked(const struct ref_job *j, const char *s, size_t keep);

/* ---- guard.c ---- */

/* Restarts count c when its window (seconds) is over at now. */
void ref_count_at(struct ref_count *c, time_t now, time_t window);

/* Starts j's counts from the context's, their windows restarted when
 * over; at the end, puts those that changed into the outcome. */
void ref_guard_open(struct ref_job *j);
void ref_guard_close(struct ref_job *j);

/*
 * Whether the mail must not be answered at all (1): no sender, the
 * referee itself, a mailer daemon, an automatic mail (Auto-Submitted
 * other than "no", Precedence bulk, junk or list).  Sets the summary.
 */
int ref_ignored(struct ref_job *j);

/*
 * Whether the operator's own mail server verified the sender of j's
 * mail (its From's domain passed DMARC, or aligned DKIM or SPF, in the
 * Authentication-Results header carrying the --authserv-id the
 * operator gave): 1, else 0 (no --authserv-id, no such header, or no
 * pass).  A verified From may be trusted as the sender's address; any
 * other From is only a claim (see stackref-referee(8), SECURITY).
 */
int ref_sender_verified(const struct ref_job *j);

/*
 * Logs cmd.user in without a password (pbmserv's challenge, which has
 * none): only from its player's registered address when
 * ref_sender_verified, and not while the operator holds it.  Returns 0
 * (j->known set), or -1 after refusing.
 */
int ref_login_verified(struct ref_job *j);

/*
 * Checks the password of cmd.user, throttled.  From its player's own
 * address (the players file's) a right password is always taken; once
 * that address sent REF_ADDR_FAILS wrong passwords in its window (a
 * From can be forged), a mail from it that the operator's server did
 * not verify needs the address's code, mailed to it once an hour.  From
 * any other address, a userid locked or a sender with REF_ADDR_FAILS
 * wrong passwords in its window is refused without a check; a wrong
 * password counts for both, and the REF_USER_FAILS-th in an hour locks
 * the userid for REF_LOCK_TIME (for the other addresses) and tells its
 * player.  A refusal without a check sets j->stop_until.  Returns 0
 * (j->known set), or -1 after refusing.
 */
int ref_login(struct ref_job *j);

/* ---- board.c ---- */

/* Reads the record text[0..len) (named name) into g and replays it up
 * to stop plies into rp; returns 0, or -1 with the diagnostics in
 * *why (malloc'ed, the caller frees it). */
int ref_replay_text(const char *text, size_t len, const char *name,
    unsigned long stop, struct record *g, struct replay *rp, char **why);

/* Checks the game named and that the board exists (cheap: nothing is
 * read).  -1 after refusing. */
int ref_board_named(struct ref_job *j);

/* Reads the board named into j->g and j->rp (replayed up to stop
 * plies), checks it is of the game named.  -1 after refusing. */
int ref_board(struct ref_job *j, unsigned long stop);

/* The side user plays on j's board, or -1. */
int ref_user_side(const struct ref_job *j, const char *user);

/* Sets j->side to the side of the userid logged in; -1 after refusing
 * when it plays none. */
int ref_side(struct ref_job *j);

/* Refuses a mail carrying the record of another board or game; reads
 * REF_ATTACH_MAX of them at most.  -1 after refusing. */
int ref_check_attached(struct ref_job *j);

/* The side whose player's address is the sender's, or -1. */
int ref_sender_side(const struct ref_job *j);

/* Computes j->clk for j->g replayed whole into j->rp, at the
 * decision's time (judge_clock; for the mails: a clock that the judge
 * refuses is not ready). */
void ref_clock_load(struct ref_job *j);

/* Puts what j's player plays to the judge (judge_play, at the
 * decision's time; j->clk gets the clock), or the end of the game and
 * the #N alone (judge_open: a request that plays nothing).  0, or -1
 * after refusing with the verdict in the referee's words. */
int ref_judge(struct ref_job *j, const struct judge_ask *a);
int ref_judge_open(struct ref_job *j);

/* Appends the time stamp j->clk.now to j->g when it is timed. */
void ref_stamp(struct ref_job *j);

/* Drops the conditional moves kept for j's board, if any (an undo
 * accepted, the end of the game). */
void ref_cond_drop(struct ref_job *j);

/* Replays j->g whole into j->rp again (after an accepted undo), and
 * its clock.  -1 after refusing when it does not replay. */
int ref_replay_again(struct ref_job *j);

/* Diagnostics written into memory: the reason of a refusal. */
struct ref_diag {
	struct diag d;
	char *buf;
	size_t len;
	FILE *f;
};

/* Starts rd. */
void ref_diag_open(struct ref_diag *rd);

/* The messages reported, without "x: " and the final newline (rd->buf,
 * freed by the caller; the stream closed). */
const char *ref_diag_text(struct ref_diag *rd);

/* ---- notify.c ---- */

/* The setting of user among c->notify, or NULL: the defaults. */
const struct ref_notify *ref_notify_of(const struct ref_ctx *c,
    const char *user);

/* Whether the mail of j's changed board to the player of side is held
 * for her digest: she chose one, it is her turn, the game goes on, and
 * the change is not her own request (her requests are answered). */
int ref_notify_holds(const struct ref_job *j, int side);

/* user's interval of reminders: -1 the time control's, 0 none, else
 * seconds. */
long long ref_notify_remind(const struct ref_ctx *c, const char *user);

/* A paragraph of d saying user's setting and how to change it. */
void ref_notify_text(const struct ref_job *j, struct ref_doc *d,
    const char *user);

/* ---- rated.c ---- */

/* Whether the game of record g is rated: its Rated tag is not "no". */
int ref_board_rated(const struct record *g);

/* When j's decision ends j's rated game (it was not over when read),
 * its players' new ratings in its game into the outcome (rated). */
void ref_rate_end(struct ref_job *j);

/* The lines of the rating changes of j's outcome, as pbmserv says
 * them, in the paragraph open of d. */
void ref_rating_lines(struct ref_job *j, struct ref_doc *d);

/* The ratings of j->cmd.user (games USERID) as a paragraph of d. */
void ref_user_ratings(struct ref_job *j, struct ref_doc *d);

/* GAME ratings: the best players of GAME, rating, deviation, games. */
int ref_ratings(struct ref_job *j);

/* ---- position.c ---- */

/* Who a position mail is for. */
struct ref_reader {
	int side;                 /* the board drawn from this side */
	const char *you;          /* the player it speaks to (a userid of
				   * the board), or NULL: an observer */
	int history;              /* the moves with comments and actions */
	const char *title;        /* starts the subject ("New"), or NULL */
	const char *intro;        /* the first paragraph, or NULL */
	int watcher;              /* a watcher's copy (how to stop) */
	const char *token;        /* the watcher's, that stops the copies */
};

/* Adds the position of j's board (after j->rp, the moves of j->g) to
 * addr, as rd says, with the record attached.  Returns 0. */
int ref_tell(struct ref_job *j, const char *addr, const struct ref_reader *rd);

/* Records the new record text and tells both players; title starts
 * the subjects ("New" or NULL), intro the texts; with copies, each
 * watcher of the board gets a copy within the board's REF_WATCH_BUDGET
 * a day (counted in the outcome's count_board; the summary says how
 * many were not sent), and the watchers of a game that ends are
 * dropped.  Returns 0. */
int ref_changed(struct ref_job *j, const char *title, const char *intro,
    int copies);

/* ---- turns.c ---- */

/*
 * Answers the move just played on j's board with the conditional
 * moves kept for it (j->c->cond): each reply matched is played and
 * stamped, its text added to played (of size bytes, blank-separated);
 * the list left, or dropped, goes into the outcome.  Returns the
 * replies played.
 */
int ref_cond_answer(struct ref_job *j, char *played, size_t size);

/* Keeps move, judged legal, as the submission of j's sender for ply
 * ply of j's board (pbmserv's GAME submit), private, with the
 * conditional moves kept for the board; it expires after
 * REF_TOKEN_TIME and when any move is played. */
void ref_submission_keep(struct ref_job *j, const char *move,
    unsigned long ply);

/* Takes the submission of j's sender for the next ply of j's board
 * into move (size bytes) and drops it from the outcome's row (GAME
 * confirm); -1 when there is none, or it expired or went stale. */
int ref_submission_take(struct ref_job *j, char *move, size_t size);

/* ---- start.c: the players and pending lists, the tokens mailed to
 * an address ---- */

/* Writes a copy of p, without the entry skip (NULL: none) and the
 * expired ones, plus add (NULL: none), as a players or pending file
 * into *text (*len bytes). */
void ref_list_with(const struct ref_job *j, const struct ref_players *p,
    const struct ref_player *skip, const struct ref_player *add,
    char **text, size_t *len);

/* The entry of the pending list waiting for user, or for addr (either
 * may be NULL); not an expired one: a signup, or a token of a
 * player's account (account.c). */
const struct ref_player *ref_pending_find(const struct ref_job *j,
    const char *user, const char *addr);

/* Writes 12 random bytes of the context (REF_RND_TOKEN) as 24 hex
 * digits into token. */
void ref_token_make(const struct ref_job *j, char token[REF_TOKEN]);

/* Whether t is token (case-insensitive; every byte looked at, whatever
 * differs: constant time for tokens of one length; "" is none). */
int ref_token_same(const char *t, const char *token);

/* ---- timing.c ---- */

/* The key of an event of the time pass, what ("remind BOARD SINCE N",
 * "digest USERID NEXT", ...), into key. */
void ref_time_key(const char *what, char key[REF_KEY]);

/* Starts j, a decision without a mail (none, empty) on c into o (both
 * zeroed); ref_job_close frees what j drew and read. */
void ref_job_open(struct ref_job *j, const struct ref_ctx *c,
    struct ref_outcome *o, struct ref_letter *none);
void ref_job_close(struct ref_job *j);

/*
 * ref_login, then, when it refused cmd.user's password unchecked under
 * a lock or throttle (j->stop_until: the player herself may have been
 * refused), stops that player's clock on the board named until then,
 * when it is her turn there: a stop (game/clock.h) appended to the
 * record, unless one of hers covers it already.  Returns ref_login's.
 */
int ref_login_clock(struct ref_job *j);

/* ---- the verbs (help.c, start.c, boards.c, challenge.c, watch.c,
 * turns.c, account.c): each a step, 0 or -1 after refusing ---- */

int ref_help(struct ref_job *j);          /* help, GAME help */

/* Whether subject (its "Re:" prefixes skipped) is one the referee
 * writes: a position, a challenge, a refusal, an account mail. */
int ref_own_subject(const char *subject);

/* Answers j, whose Subject is the referee's own (ref_own_subject),
 * with the command to send for what it says; nothing is done. */
int ref_own_reply(struct ref_job *j);
int ref_signup(struct ref_job *j);        /* signup USERID PASSWORD [ADDR] */
int ref_confirm(struct ref_job *j);       /* confirm USERID TOKEN */
int ref_games(struct ref_job *j);         /* games USERID */
int ref_challenge(struct ref_job *j);     /* GAME challenge U1 U2 [OPT...] */
int ref_accept(struct ref_job *j);        /* GAME accept BOARD U PW */
int ref_decline(struct ref_job *j);       /* GAME decline BOARD U PW */
int ref_subscribe(struct ref_job *j);     /* GAME subscribe BOARD */
int ref_unsubscribe(struct ref_job *j);   /* GAME unsubscribe BOARD */
int ref_leave(struct ref_job *j);         /* GAME leave BOARD U PW DAYS */
int ref_queue(struct ref_job *j);         /* GAME queue BOARD U PW X Y.. */
int ref_password(struct ref_job *j);      /* password U OLDPW NEWPW */
int ref_address(struct ref_job *j);       /* address U PW NEWADDRESS */
int ref_confirm_any(struct ref_job *j);   /* confirm U TOKEN: a signup's,
					   * or an address change's */
int ref_reset(struct ref_job *j);         /* reset U [TOKEN NEWPW] */
int ref_retire(struct ref_job *j);        /* retire U PW */
int ref_notify(struct ref_job *j);        /* notify U PW each|digest H */
int ref_remind_set(struct ref_job *j);    /* remind U PW INTERVAL|off */

#endif
