/*
 * referee.h - the decisions of `stackref referee`, a play-by-email
 * server speaking the command syntax of Richard's PBeM Server (pbem.h).
 *
 * Pure: a decision takes the raw mail, the players, the signups
 * waiting for confirmation, the counts of the userid and the address
 * involved (failed passwords, mails sent), the record of the board the
 * mail names, the time and some random bytes, and returns what to do:
 * the new record, players and pending files and counts to write, the
 * mails to send (composed, with their recipients).  No files, no
 * network, no clock, no randomness of its own; state.h does the files
 * and the journal that makes each mail's processing happen exactly
 * once, run.h the isolation of each decision in a process of its own.
 *
 * Who asks is checked first, and costly work (reading and replaying a
 * record, reading attachments) is done only for a player whose
 * password is right, on a board they play, or for a show (and to stop
 * a player's clock after a lock refused a request for her: job.h,
 * ref_login_clock).  A sender
 * no player has (a "stranger": From proves nothing) gets refusals that
 * quote nothing from its mail, and at most REF_STRANGER_MAILS answers
 * a day; a signup counts only once its address confirms it.
 *
 * Passwords are stored as crypt(3) hashes (yescrypt, "$y$", from
 * crypt_gensalt) in the players and pending files only; records and
 * mails never hold a password or a hash, and a request quoted anywhere
 * (a reply, the log) has its password masked.
 *
 * Ownership: struct ref_players, ref_challenges, ref_watchers and
 * ref_outcome own their memory, released by ref_players_free,
 * ref_challenges_free, ref_watchers_free and ref_outcome_free.
 */
#ifndef STACKREF_REFEREE_REFEREE_H
#define STACKREF_REFEREE_REFEREE_H

#include <stddef.h>
#include <time.h>

#include "base/module.h"
#include "mail/message.h"
#include "mail/pbem.h"

#define REF_HASH 160         /* a crypt(3) hash, NUL included */
#define REF_KEY 48           /* a mail's key, NUL included */
#define REF_SUMMARY 512      /* a decision's log line */
#define REF_WATCH_BOARD 10   /* watchers of one board */
#define REF_MAILS (2 + REF_WATCH_BOARD)  /* mails one decision sends at
				      * most: the players and the watchers */
#define REF_RND (32 + 16 * REF_MAILS)  /* random bytes a decision uses: */
#define REF_RND_SALT 0       /*   16 for a password's salt, */
#define REF_RND_TOKEN 16     /*   12 for a confirmation token, */
#define REF_RND_PICK 28      /*   4 for a choice (first=random), */
#define REF_RND_MID 32       /*   16 per mail for its Message-ID */
#define REF_TOKEN 32         /* a confirmation token (24 hex digits) */

/*
 * Limits on what strangers can make the referee keep or do.  Each pool
 * is counted per userid or per address first (a signup per address,
 * REF_STRANGER_MAILS a day per sender; challenges per challenger and
 * per pair; boards per player); a cap over the whole server is only a
 * safety far above that, which refuses new signups or new boards and
 * never a move.  The ones marked (--max-...) are struct ref_limits'.
 */
#define REF_PLAYERS_MAX 10000       /* players; then "the referee is full" */
#define REF_PENDING_MAX 1000        /* signups waiting for confirmation, in
				     * all (--max-signups, at most
				     * REF_PLAYERS_MAX) */
#define REF_PENDING_TIME (2 * 86400) /* how long one waits */
#define REF_ATTACH_MAX 4            /* attached records read per mail */
#define REF_ATTACH_SIZE (256 * 1024) /* bytes of one attached record */
#define REF_CHALLENGES_MAX 10000    /* challenges waiting, in all */
#define REF_CHALLENGES_USER 100     /* waiting for one player's answer */
#define REF_CHALLENGES_PAIR 3       /* waiting between two players */
#define REF_CHALLENGES_BY 10        /* waiting by one challenger
				     * (--max-challenges, at most
				     * REF_CHALLENGES_USER) */
#define REF_CHALLENGE_TIME (7 * 86400) /* how long one waits */
#define REF_BOARDS_USER 50          /* open boards of one player: a
				     * challenge accepted past it is refused
				     * (--max-boards, at most
				     * REF_BOARDS_USER_MAX) */
#define REF_BOARDS_USER_MAX 100000
#define REF_WATCH_ADDR 20           /* boards one address watches */
#define REF_WATCH_MAX 10000         /* subscriptions in all */
#define REF_WATCH_BUDGET 100        /* watchers' copies of one board a day */
#define REF_TOKEN_TIME (2 * 86400)  /* how long a token mailed for a
				     * subscription, an address change or
				     * a reset waits to come back */
#define REF_LIST_MAX 50             /* boards games USERID lists */
#define REF_LIST_SIZE (1024 * 1024) /* bytes of a record it reads */
#define REF_CHAT_MAX 500            /* bytes of a chat text kept */
#define REF_PNG_SIZE 320            /* pixels of the board in a mail */
#define REF_HASH_COST 5             /* yescrypt's cost of a new hash */
#define REF_HASH_COST_MAX 11        /*   (--hash-cost 1 ... 11) */

/* Time.  The records the referee opens are timed: their TimeControl
 * is the players' choice (the challenge's time= options), else this
 * one, pbmserv's: a reminder after 7 days without a move, the game
 * forfeited after 21 (stackref-pdn(5), Time controls). */
#define REF_TIME_CONTROL "move=21d remind=7d"

/* Throttling (struct ref_count). */
#define REF_USER_WINDOW 3600        /* a userid's wrong passwords: */
#define REF_USER_FAILS 5            /*   this many in an hour lock it */
#define REF_LOCK_TIME 3600          /*   for an hour (its player is told) */
#define REF_ADDR_WINDOW 86400       /* an address, over a day: */
#define REF_ADDR_FAILS 20           /*   wrong passwords sent from it */
#define REF_ADDR_MAILS 50           /*   answers to a player's address */
#define REF_STRANGER_MAILS 3        /*   answers to any other address */

/* A signed-up player, or a signup waiting for confirmation (token and
 * expires set). */
struct ref_player {
	char user[PBEM_WORD];
	char addr[MAIL_ADDR_MAX];
	char hash[REF_HASH];
	char token[REF_TOKEN];       /* "" for a player */
	time_t expires;              /* 0 for a player */
};

struct ref_players {
	struct ref_player *v;
	size_t n, cap;
};

/*
 * Reads the players file text: one player per line, "USERID ADDRESS
 * HASH", or "USERID ADDRESS HASH TOKEN EXPIRES" in the pending file;
 * blank lines and '#' lines ignored; REF_PLAYERS_MAX lines at most.  p
 * is zeroed by the caller (or empty).  Returns 0, or -1 with *why
 * (static).
 */
int ref_players_parse(const char *text, struct ref_players *p,
    const char **why);

/* Writes p as a players file into a malloc'ed text (out of memory:
 * ref_nomem). */
char *ref_players_format(const struct ref_players *p, size_t *len);

/* The player called user (case-sensitive), or NULL. */
const struct ref_player *ref_player_find(const struct ref_players *p,
    const char *user);

/* Appends a player; 0, or -1 without memory.  Callers keep to
 * REF_PLAYERS_MAX (a decision refuses: "the referee is full"). */
int ref_player_add(struct ref_players *p, const struct ref_player *pl);

void ref_players_free(struct ref_players *p);

/*
 * What the referee counts of a userid or of an address over a window
 * that starts at the first event counted and restarts once it is over.
 */
struct ref_count {
	time_t since;                /* the window's start; 0: none yet */
	unsigned long fails;         /* wrong passwords: of the userid, or
				      * in mails from the address */
	unsigned long mails;         /* answers mailed to the address */
	time_t until;                /* the userid is locked until then */
	int held;                    /* by the operator (--admin lock; a
				      * column of its own, never in the
				      * count's line or a plan) */
};

/* A challenge waiting for the answer of the player challenged. */
struct ref_challenge {
	char board[PBEM_WORD];       /* the board it opens */
	char game[PBEM_WORD];
	char from[PBEM_WORD];        /* USERID1, who challenges */
	char to[PBEM_WORD];          /* USERID2, who accepts or declines */
	time_t expires;
	char options[PBEM_TEXT];     /* "first=USERID fen=FEN", or "" */
};

struct ref_challenges {
	struct ref_challenge *v;
	size_t n, cap;
};

/* An address that gets a copy of every move on a board, or (expires
 * set) that was mailed token to confirm it. */
struct ref_watch {
	char board[PBEM_WORD];
	char addr[MAIL_ADDR_MAX];
	char token[REF_TOKEN];       /* the confirmation token, then the
				      * one that unsubscribes */
	time_t expires;              /* 0: confirmed */
};

struct ref_watchers {
	struct ref_watch *v;
	size_t n, cap;
};

/*
 * The challenges file: "BOARD GAME USERID1 USERID2 EXPIRES [OPTION...]"
 * per line; the watchers file: "BOARD ADDRESS TOKEN EXPIRES" per line
 * ("BOARD ADDRESS" read as a subscription without a token).  Parse into a
 * zeroed (or empty) list, REF_CHALLENGES_MAX or REF_WATCH_MAX lines at
 * most, 0 or -1 with *why (static); format into a malloc'ed text (out
 * of memory: ref_nomem), without the challenges expired at now (0:
 * keep every one).  Add: 0, or -1 without memory; callers keep to the
 * maximum.
 */
int ref_challenges_parse(const char *text, struct ref_challenges *c,
    const char **why);
char *ref_challenges_format(const struct ref_challenges *c, time_t now,
    size_t *len);
int ref_challenge_add(struct ref_challenges *c,
    const struct ref_challenge *ch);
const struct ref_challenge *ref_challenge_find(const struct ref_challenges *c,
    const char *board);
void ref_challenges_free(struct ref_challenges *c);
int ref_watchers_parse(const char *text, struct ref_watchers *w,
    const char **why);
char *ref_watchers_format(const struct ref_watchers *w, size_t *len);
int ref_watch_add(struct ref_watchers *w, const struct ref_watch *x);
void ref_watchers_free(struct ref_watchers *w);

/* The record of a board games USERID lists, with its time. */
struct ref_board_file {
	char board[PBEM_WORD];
	char *text;                  /* NULL when it was too large */
	size_t len;
	time_t mtime;                /* its last change */
};

/* Reads "SINCE FAILS MAILS UNTIL" into c; 0, or -1 (c zeroed). */
int ref_count_parse(const char *text, struct ref_count *c);

/* Writes c as that line, with a newline, into buf. */
void ref_count_format(const struct ref_count *c, char *buf, size_t size);

/*
 * A mail as the referee reads it, once: its headers and parts, and the
 * command of its Subject line.  Owns m (ref_letter_free).
 */
struct ref_letter {
	const char *raw;             /* the raw bytes (not owned) */
	size_t len;
	struct mail_in m;            /* empty when the mail is unreadable */
	const char *bad;             /* why it is unreadable, or NULL */
	struct pbem_cmd cmd;         /* the command of its Subject */
	const char *cmd_why;         /* why it holds none, or NULL */
	int own;                     /* its Subject is one the referee
				      * writes (a reply left unedited) */
};

/* Reads the mail raw[0..len) (not copied: it must outlive l) into l. */
void ref_letter_read(const char *raw, size_t len, struct ref_letter *l);

/* Reads only the header of raw[0..len) (up to its first blank line, at
 * most 64 KiB), for a mail set aside whose body is not to be read. */
void ref_letter_header(const char *raw, size_t len, struct ref_letter *l);
void ref_letter_free(struct ref_letter *l);

/* Password hashes (libcrypt) and journal keys (libcrypto): the table
 * stackref-hash.so exports (hash.c). */
struct ref_hash_module {
	/* Hashes password with a yescrypt salt made from rnd[0..16) at
	 * cost (1 ... REF_HASH_COST_MAX: 2^(cost-1) MiB and twice the CPU
	 * for each step up; 0: REF_HASH_COST).  Returns 0, or -1 when crypt
	 * fails. */
	int (*hash)(const char *password, const unsigned char rnd[16],
	    unsigned cost, char out[REF_HASH]);

	/* Whether password matches hash (1) or not (0). */
	int (*verify)(const char *password, const char *hash);

	/*
	 * The key of a mail in the journal: from its Message-ID when it
	 * has one (of any length, folded or not), else from all its bytes;
	 * 43 characters of [A-Za-z0-9_-], the SHA-256 of either in
	 * base64url.  Returns 0, or -1 when libcrypto fails.
	 */
	int (*key)(const struct ref_letter *l, char key[REF_KEY]);

	/* The key of the raw bytes raw[0..len) alone, whatever they hold:
	 * the key of a mail set aside.  Returns 0, or -1. */
	int (*raw_key)(const char *raw, size_t len, char key[REF_KEY]);
};

/* The table, stackref-hash.so loaded on first use (base/module.h). */
#define REF_HASH_MODULE \
	((const struct ref_hash_module *)module_table(MODULE_HASH))

/* Whether s is a safe board name: 1 to 32 of [A-Za-z0-9_-]. */
int ref_board_ok(const char *s);

/* Whether the word w of an unparsed request can be quoted as it is: a
 * word of the syntax, a game, a number (with its #N), the userid of
 * one of players. */
int ref_word_plain(const struct ref_players *players, const char *w);

/*
 * The board whose record a decision on l needs: writes it into board
 * and returns 1; returns 0 when it needs none (signup, challenge, an
 * unreadable mail or command).
 */
int ref_wanted_board(const struct ref_letter *l, char board[PBEM_WORD]);

/*
 * Whose counts a decision on l needs: the userid its command names
 * into user ("" when none, or not a valid userid) and the sender's
 * address, lower case, into addr ("" when none).
 */
void ref_wanted_counts(const struct ref_letter *l, char user[PBEM_WORD],
    char addr[MAIL_ADDR_MAX]);

/* The limits of referee.h an operator may set (0: the default). */
struct ref_limits {
	unsigned long boards;         /* REF_BOARDS_USER */
	unsigned long challenges;     /* REF_CHALLENGES_BY */
	unsigned long signups;        /* REF_PENDING_MAX */
};

/*
 * Whose open boards a decision on l needs (with the challenges c
 * waiting): the two players of a challenge, or of the challenge an
 * accept answers, into users ("" when none).
 */
void ref_wanted_players(const struct ref_letter *l,
    const struct ref_challenges *c, char users[2][PBEM_WORD]);

/*
 * A player's choice of mails (notify, remind; the store's notify
 * table): the "your move" mails one by one (hour -1, the default) or
 * held for a daily digest at hour (0-23, UTC); reminders as each
 * board's time control says (remind -1, the default), none (0), or
 * every remind seconds of a turn.  next: the time of the next digest
 * (-1: none).
 */
#define REF_NOTIFY_MAX 3     /* settings a decision knows: its userid's
			      * and the two players' of its board */
#define REF_REMIND_MIN 3600  /* the shortest interval of reminders */
struct ref_notify {
	char user[PBEM_WORD];
	int hour;
	long long remind;
	long long next;
};

/* What a decision knows besides the mail. */
struct ref_ctx {
	const char *referee;          /* the referee's address */
	const struct ref_players *players;
	const struct ref_players *pending;  /* signups not confirmed yet
				       * (expired ones are ignored) */
	const struct ref_challenges *challenges;  /* waiting (expired ones
				       * are refused) */
	const struct ref_watchers *watchers;
	const struct ref_board_file *boards;  /* games USERID: the records
				       * naming USERID, the latest first */
	size_t nboards;
	size_t boards_more;           /* and how many more there are */
	int publish;                  /* make the game page of a record
				       * written (run with --publish) */
	const char *record;           /* text of the board's record, or
				       * NULL when there is none */
	size_t record_len;
	const char *cond;             /* the conditional moves kept for the
				       * board (cond_format's text), or
				       * NULL: none */
	unsigned long next_board;     /* the GameId a challenge gets: past
				       * every board given so far */
	struct ref_count user;        /* counts of ref_wanted_counts' user */
	struct ref_count sender;      /* and addr (zeroed when none) */
	struct ref_count board;       /* and the board's (copies mailed to
				       * its watchers, REF_WATCH_BUDGET) */
	const char *aside;            /* the mail is set aside, unread, for
				       * this reason (a static phrase), or
				       * NULL; see run.h */
	time_t now;
	unsigned char rnd[REF_RND];   /* salts, Message-IDs, tokens */
	unsigned hash_cost;           /* of a signup's hash (0: the default) */
	struct ref_limits limits;
	struct ref_open {             /* the boards not over of each of */
		char user[PBEM_WORD]; /* ref_wanted_players' users */
		unsigned long n;
	} open[2];
	struct ref_notify notify[REF_NOTIFY_MAX];  /* the settings of the
				       * players concerned that chose one */
	size_t nnotify;
	const char *authserv_id;      /* the operator's mail server's, whose
				       * Authentication-Results are read
				       * (--authserv-id), or NULL: none */
	const struct ref_rating *ratings;  /* a board's two players' (each
				       * game), games USERID's, or GAME
				       * ratings' best REF_RATINGS_LIST */
	size_t nratings;
};

/* A player's rating in one game (game/rating.h), as the store keeps
 * it: "RATING DEVIATION VOLATILITY GAMES" (ref_rating_format). */
#define REF_RATING_TEXT 96
#define REF_RATINGS_LIST 20          /* players GAME ratings lists */
struct ref_rating {
	char user[PBEM_WORD];
	char game[PBEM_WORD];
	char value[REF_RATING_TEXT];
};

/* A rating kept as that text read into r (0, or -1 when it does not
 * read), and written (rated.c). */
struct rating;
int ref_rating_parse(const char *text, struct rating *r);
void ref_rating_format(const struct rating *r, char *buf, size_t size);

/* A rating changed by a rated game's end: was ("" for a player's first
 * game in it) is what the decision read, now what the plan writes. */
struct ref_rating_change {
	char user[PBEM_WORD];
	char game[PBEM_WORD];
	char was[REF_RATING_TEXT];
	char now[REF_RATING_TEXT];
};

/* A composed mail to send. */
struct ref_mail {
	char *rcpt[2];
	size_t nrcpt;
	char *text;
	size_t len;
};

enum ref_status {
	REF_IGNORED,      /* nothing to answer (unreadable, a loop) */
	REF_REFUSED,      /* a refusal to the sender */
	REF_ANSWERED,     /* show, help...: an answer to the sender */
	REF_APPLIED       /* state changed: players and/or a record */
};

struct ref_outcome {
	enum ref_status status;
	char summary[REF_SUMMARY];    /* one line for the log */
	char board[PBEM_WORD];        /* the record to write, or "" */
	char *record;                 /* its new text, or NULL */
	size_t record_len;
	char *players;                /* the new players file, or NULL */
	size_t players_len;
	char *pending;                /* the new pending file, or NULL */
	size_t pending_len;
	char *challenges;             /* the new challenges file, or NULL */
	size_t challenges_len;
	char *watchers;               /* the new watchers file, or NULL */
	size_t watchers_len;
	char *page;                   /* the game page of record (ctx
				       * publish), or NULL */
	size_t page_len;
	char *cond;                   /* the board's conditional moves
				       * from now on ("": none), or NULL:
				       * unchanged; private to their owner */
	size_t cond_len;
	unsigned long last_board;     /* the board a challenge took (never
				       * given again), or 0 */
	struct ref_count user, sender;  /* the new counts of count_user and */
	char count_user[PBEM_WORD];   /* count_addr, when these are not "" */
	char count_addr[MAIL_ADDR_MAX];
	struct ref_count board_count; /* the new count of count_board, */
	char count_board[PBEM_WORD];  /* when this is not "" */
	struct ref_notify notify;     /* a setting to keep (notify, */
	int notify_set;               /* remind) when notify_set */
	struct ref_mail mail[REF_MAILS];
	size_t nmail;
	struct ref_rating_change rated[2];  /* a rated game ended: its two
				       * players' ratings */
	size_t nrated;
};

/*
 * Decides what the mail l asks of the referee in state c and fills o.
 * Never fails on what the mail holds: a bad request gives REF_REFUSED
 * with a reply saying why (unless it comes from a loop, an automatic
 * sender or an address answered too often already).  The summary is
 * one line, every value from the mail in it quoted (util_quote).
 * Returns 0.  Out of memory is no result: it ends the process
 * (ref_nomem), a run's child whose mail is then set aside (run.h), or
 * the unit test or fuzz target that called it (which never run out).
 */
int ref_decide(const struct ref_letter *l, const struct ref_ctx *c,
    struct ref_outcome *o);

/* The exit status of a process whose decision ran out of memory: none
 * of diag.h's, so that nothing else ends with it. */
#define REF_EXIT_NOMEM 6

/* Out of memory in a decision (the one way it is met): reports it
 * (DIAG_NOMEM, on standard error) and ends the process at once with
 * status REF_EXIT_NOMEM. */
_Noreturn void ref_nomem(void);

void ref_outcome_free(struct ref_outcome *o);

/*
 * The time pass of the referee on the board whose record is c->record
 * (c->now the time): when its clock (game/clock.h) says the side to
 * move has lost on time, the game ends by forfeit (the other side's
 * claim-time, stamped, the result and "time forfeit"), mailed to both
 * players and the watchers; else when a reminder is due, the side to
 * move is mailed one.  key gets the event's key (the raw_key of
 * "forfeit BOARD SINCE" or "remind BOARD SINCE N": the same event
 * always has the same key, so that the journal sends it once), "" when
 * there is nothing to do (a game over, untimed, not due, a record
 * that does not read).  Returns 0; out of memory as for ref_decide.
 */
int ref_decide_time(const char *board, const struct ref_ctx *c,
    struct ref_outcome *o, char key[REF_KEY]);

/*
 * The next time the time pass has something to do on board's record
 * (text[0..len)) after c->now: its next reminder (at the interval its
 * player on the move chose, c->notify) or the end of its time,
 * whichever comes first, or -1 when nothing will be due (a game over,
 * untimed, a record that does not read).  Out of memory as for
 * ref_decide.
 */
long long ref_due_time(const char *board, const char *text, size_t len,
    const struct ref_ctx *c);

/*
 * The daily digest of the player c->notify[0] (ref_state_digest_ctx:
 * c->boards her open boards, the oldest first): one mail listing each
 * board where it is her turn, its time left and the subjects to see
 * and play it, at most --max-boards of them; none when no board waits
 * for her.  key gets the raw_key of "digest USERID NEXT" (once a day),
 * "" when nothing is sent.  Returns 0; out of memory as for ref_decide.
 */
int ref_decide_digest(const struct ref_ctx *c, struct ref_outcome *o,
    char key[REF_KEY]);

/* The time of the first digest at hour (0-23, UTC) after now. */
long long ref_digest_next(int hour, time_t now);

/*
 * Readies the graphics libraries of the board's PNG (librsvg, cairo,
 * fontconfig and the fonts, at REF_PNG_SIZE) in this process: draws a
 * new board of every game once and throws the pictures away, so that
 * the decisions' children forked after it draw theirs without starting
 * them each time.  Once per process; a picture that cannot be drawn is
 * passed over (a child then starts what it needs itself, as before).
 */
void ref_picture_warm(void);

/*
 * Reads the UIDs of an IMAP "* SEARCH 3 7 12" answer into uids (at most
 * max, in order).  Returns how many, or -1 when the answer is not a
 * SEARCH answer.
 */
long ref_search_uids(const char *answer, unsigned long *uids, size_t max);

#endif
