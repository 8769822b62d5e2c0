/*
 * pbem.c - the command syntax of Richard's PBeM Server in a Subject line
 * (see pbem.h).  Pure functions: no I/O, no allocation.
 *
 * One table holds the syntax: each verb's word, whether a game comes
 * before it, and the words it takes as a shape, one letter a word (see
 * struct pbem_form).  Parsing, formatting, the hints of pbem_explain
 * and the syntax lines of refusals all read it.
 */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "mail/pbem.h"

#define PBEM_WORDS 8        /* words kept; more only for a rest (T, O) */

/*
 * One form of a verb.  The letters of shape, each one word after the
 * verb, in order:
 *   B board          N board[#N]        U userid       V second userid
 *   P password       R password[#N] (a '#' not followed by digits is
 *                    part of the password)
 *   M move[#N] (for move, an action word: propose, accept, reject,
 *                    resign)
 *   A [address]      G [game]           (optional, last)
 *   E address        W new password
 *   K [token]        Y [new password]   (optional, last)
 *   T [text...]      O [option...]      (the rest of the line)
 *   Q [move...][#N]  (the rest of the line, a guard after its last word)
 *   D days (1 to 366)
 *   S [next|active|inactive|all]  (optional, last: the boards of games)
 *   X a word read and dropped (pbmserv's password where stackref takes
 *     none)         Z the word "board", dropped ("show board 7")
 */
#define SYN_GAMES "syntax is games USERID [next|active|inactive|all]"
#define SYN_QMOVE "syntax is GAME qmove BOARD USERID PASSWORD MOVE[#N]"

struct pbem_form {
	const char *word;
	int gameless;             /* the line's first word (no GAME) */
	enum pbem_verb verb;
	const char *shape;
	const char *syntax;       /* "syntax is ..." */
};

static const struct pbem_form pbem_forms[] = {
	{ "signup", 1, PBEM_SIGNUP, "UPA",
	    "syntax is signup USERID PASSWORD [ADDRESS]" },
	{ "confirm", 1, PBEM_CONFIRM, "UP", "syntax is confirm USERID TOKEN" },
	{ "help", 1, PBEM_HELP, "G", "syntax is help, or GAME help" },
	{ "games", 1, PBEM_GAMES, "US", SYN_GAMES },
	{ "help", 0, PBEM_HELP, "", "syntax is help, or GAME help" },
	{ "games", 0, PBEM_GAMES, "US", SYN_GAMES },
	{ "challenge", 0, PBEM_CHALLENGE, "UPVO",
	    "syntax is GAME challenge USERID1 PASSWORD USERID2 [OPTION...]" },
	{ "accept", 0, PBEM_ACCEPT, "BUP",
	    "syntax is GAME accept BOARD USERID PASSWORD" },
	{ "decline", 0, PBEM_DECLINE, "BUP",
	    "syntax is GAME decline BOARD USERID PASSWORD" },
	{ "move", 0, PBEM_MOVE, "BUPM",
	    "syntax is GAME move BOARD USERID PASSWORD MOVE[#N]" },
	{ "mvoe", 0, PBEM_MOVE, "BUPM",
	    "syntax is GAME move BOARD USERID PASSWORD MOVE[#N]" },
	{ "board", 0, PBEM_MOVE, "BUPM",
	    "syntax is GAME move BOARD USERID PASSWORD MOVE[#N]" },
	{ "qmove", 0, PBEM_QMOVE, "BUPM", SYN_QMOVE },
	{ "moveq", 0, PBEM_QMOVE, "BUPM", SYN_QMOVE },
	{ "qboard", 0, PBEM_QMOVE, "BUPM", SYN_QMOVE },
	{ "boardq", 0, PBEM_QMOVE, "BUPM", SYN_QMOVE },
	{ "submit", 0, PBEM_SUBMIT, "BUPM",
	    "syntax is GAME submit BOARD USERID PASSWORD MOVE[#N]" },
	{ "confirm", 0, PBEM_CONFIRM_MOVE, "BUP",
	    "syntax is GAME confirm BOARD USERID PASSWORD" },
	{ "resign", 0, PBEM_RESIGN, "BUR",
	    "syntax is GAME resign BOARD USERID PASSWORD[#N]" },
	{ "show", 0, PBEM_SHOW, "N", "syntax is GAME show BOARD[#N]" },
	{ "showas", 0, PBEM_SHOWAS, "BU",
	    "syntax is GAME showas BOARD USERID" },
	{ "history", 0, PBEM_HISTORY, "B", "syntax is GAME history BOARD" },
	{ "preview", 0, PBEM_PREVIEW, "BM",
	    "syntax is GAME preview BOARD MOVE[#N]" },
	{ "chat", 0, PBEM_CHAT, "BUPT",
	    "syntax is GAME chat BOARD USERID PASSWORD TEXT" },
	{ "subscribe", 0, PBEM_SUBSCRIBE, "BK",
	    "syntax is GAME subscribe BOARD [TOKEN]" },
	{ "unsubscribe", 0, PBEM_UNSUBSCRIBE, "BK",
	    "syntax is GAME unsubscribe BOARD [TOKEN]" },
	{ "leave", 0, PBEM_LEAVE, "BUPD",
	    "syntax is GAME leave BOARD USERID PASSWORD DAYS" },
	{ "queue", 0, PBEM_QUEUE, "BUPQ",
	    "syntax is GAME queue BOARD USERID PASSWORD [X Y ...][#N]" },
	{ "password", 1, PBEM_PASSWORD, "UPW",
	    "syntax is password USERID OLDPASSWORD NEWPASSWORD" },
	{ "address", 1, PBEM_ADDRESS, "UPE",
	    "syntax is address USERID PASSWORD NEWADDRESS" },
	{ "reset", 1, PBEM_RESET, "UKY",
	    "syntax is reset USERID [TOKEN NEWPASSWORD]" },
	{ "retire", 1, PBEM_RETIRE, "UP", "syntax is retire USERID PASSWORD" },
	{ "notify", 1, PBEM_NOTIFY, "UPT",
	    "syntax is notify USERID PASSWORD each|digest HOUR" },
	{ "remind", 1, PBEM_REMIND, "UPT",
	    "syntax is remind USERID PASSWORD INTERVAL|off|game" },
	{ "ratings", 0, PBEM_RATINGS, "", "syntax is GAME ratings" },
	{ "standings", 0, PBEM_RATINGS, "", "syntax is GAME ratings" },
};

#define PBEM_NFORMS (sizeof(pbem_forms) / sizeof(pbem_forms[0]))

/* pbmserv's own forms where stackref's differ, read when the form
 * above does not fit: its challenge without the challenger's password
 * (left empty, for the referee to take from a verified sender or
 * refuse), its showas, which names the board last (its password
 * dropped: showas needs none), its games with the selector first, and
 * the "show board 7" its players write. */
static const struct pbem_form pbem_second[] = {
	{ "challenge", 0, PBEM_CHALLENGE, "UVO", "" },
	{ "showas", 0, PBEM_SHOWAS, "UXB", "" },
	{ "games", 0, PBEM_GAMES, "SU", "" },
	{ "games", 1, PBEM_GAMES, "SU", "" },
	{ "show", 0, PBEM_SHOW, "ZN", "" },
};

/* pbmserv's abbreviations: a verb may be cut to its first min letters
 * or more. */
static const struct {
	const char *word;
	size_t min;
} pbem_abbrevs[] = {
	{ "challenge", 5 }, { "preview", 4 }, { "subscribe", 3 },
	{ "unsubscribe", 5 },
};

/* The selectors of games, by their word. */
static const char *const pbem_selects[] = { "all", "next", "active",
    "inactive" };

/* The action words of "GAME move ...". */
static const struct {
	const char *word;
	enum pbem_verb verb;
} pbem_actions[] = {
	{ "propose", PBEM_OFFER_DRAW },
	{ "accept", PBEM_ACCEPT_DRAW },
	{ "reject", PBEM_DECLINE_DRAW },
	{ "resign", PBEM_RESIGN },
	{ "undo", PBEM_REQUEST_UNDO },
	{ "accept-undo", PBEM_ACCEPT_UNDO },
	{ "reject-undo", PBEM_DECLINE_UNDO },
};

#define SYN_ACTION "syntax is GAME move BOARD USERID PASSWORD " \
    "propose|accept|reject|resign|undo|accept-undo|reject-undo[#N]"
#define WHY_NONE "no command: syntax is GAME move BOARD USERID PASSWORD " \
    "MOVE[#N], or help"
#define WHY_BLANK "remove the blank before the #N: it follows the last " \
    "word without one, as 11-15#3"
#define WHY_UNKNOWN "unknown command: expected help, signup, confirm, " \
    "games, or GAME followed by challenge, accept, decline, move, " \
    "qmove, submit, confirm, resign, show, showas, history, preview, " \
    "chat, subscribe, unsubscribe, leave, queue or ratings; or password, " \
    "address, reset, retire, notify, remind"

/* The words of a Subject line, each NUL-terminated, and where each
 * starts in the line (at[n]: the first word not kept, or the end). */
struct words {
	char w[PBEM_WORDS][PBEM_WORD];
	const char *at[PBEM_WORDS + 1];
	size_t n;
	int more;                 /* words past PBEM_WORDS */
};

static int
is_blank(int ch)
{
	return ch == ' ' || ch == '\t';
}

/* Reply and forward prefixes of common mail clients, "Re[2]:" too. */
static const char *const pbem_prefixes[] = { "re", "fwd", "fw", "aw", "wg",
    "sv", "vs", "tr", "antw", "rif", "odp" };

static const char *
skip_prefix(const char *s)
{
	const char *p;
	size_t i, n;

	for (i = 0; i < sizeof(pbem_prefixes) / sizeof(pbem_prefixes[0]);
	    i++) {
		n = strlen(pbem_prefixes[i]);
		if (strncasecmp(s, pbem_prefixes[i], n) != 0)
			continue;
		p = s + n;
		if (*p == '[') {
			while (isdigit((unsigned char)*++p))
				continue;
			if (*p++ != ']')
				continue;
		}
		if (*p == ':')
			return p + 1;
	}
	return NULL;
}

static const char *
skip_prefixes(const char *s)
{
	const char *p;

	for (;;) {
		while (is_blank((unsigned char)*s))
			s++;
		if ((p = skip_prefix(s)) == NULL)
			return s;
		s = p;
	}
}

const char *
pbem_unprefixed(const char *subject)
{
	return skip_prefixes(subject);
}

/* Whether s[0..n) holds a control byte. */
static int
has_control(const char *s, size_t n)
{
	size_t i;

	for (i = 0; i < n && s[i] != '\0'; i++)
		if (((unsigned char)s[i] < 0x20 && s[i] != '\t') ||
		    s[i] == 0x7f)
			return 1;
	return 0;
}

/* Splits s into words (PBEM_WORDS kept, ws->more when there are more);
 * -1 with *why on a control byte or a word too long. */
static int
split(const char *s, struct words *ws, const char **why)
{
	size_t len;

	memset(ws, 0, sizeof(*ws));
	if (has_control(s, strlen(s))) {
		*why = "the command holds a control character";
		return -1;
	}
	for (;;) {
		while (is_blank((unsigned char)*s))
			s++;
		ws->at[ws->n] = s;
		if (*s == '\0')
			return 0;
		if (ws->n == PBEM_WORDS) {
			ws->more = 1;
			return 0;
		}
		for (len = 0; s[len] != '\0' && !is_blank((unsigned char)s[len]);
		    len++)
			continue;
		if (len >= PBEM_WORD) {
			*why = "a word of the command is longer than 127 bytes";
			return -1;
		}
		if (len != 2 || strncmp(s, "**", 2) != 0) {  /* pbmserv's mark */
			memcpy(ws->w[ws->n], s, len);
			ws->w[ws->n++][len] = '\0';
		}
		s += len;
	}
}

/*
 * Takes a "#N" guard off the end of word w into *ply.  Returns 0 (no
 * guard, or a guard taken), -1 when '#' is followed by anything but a
 * number from 1.  With lenient, a '#' not followed by digits is kept as
 * part of the word (passwords may hold '#').
 */
static int
take_guard(char *w, unsigned long *ply, int lenient)
{
	char *hash, *end;
	unsigned long n;

	*ply = 0;
	if ((hash = strrchr(w, '#')) == NULL)
		return 0;
	if (!isdigit((unsigned char)hash[1]))
		return lenient ? 0 : -1;
	errno = 0;
	n = strtoul(hash + 1, &end, 10);
	if (*end != '\0')
		return lenient ? 0 : -1;
	if (errno != 0 || n == 0)
		return -1;
	*ply = n;
	*hash = '\0';
	return hash == w && !lenient ? -1 : 0;
}

static void
copy_word(char dst[PBEM_WORD], const char *src)
{
	snprintf(dst, PBEM_WORD, "%s", src);
}

static void
lower(char *s)
{
	for (; *s != '\0'; s++)
		*s = (char)tolower((unsigned char)*s);
}

/* The verb w abbreviates (pbem_abbrevs), or w. */
static const char *
unabbrev(const char *w)
{
	size_t i, n = strlen(w);

	for (i = 0; i < sizeof(pbem_abbrevs) / sizeof(pbem_abbrevs[0]); i++)
		if (n >= pbem_abbrevs[i].min &&
		    strncasecmp(w, pbem_abbrevs[i].word, n) == 0)
			return pbem_abbrevs[i].word;
	return w;
}

/* The form of word w (or its abbreviation), gameless or not; NULL when
 * none. */
static const struct pbem_form *
form_find(const char *w, int gameless)
{
	size_t i;

	w = unabbrev(w);
	for (i = 0; i < PBEM_NFORMS; i++)
		if (pbem_forms[i].gameless == gameless &&
		    strcasecmp(pbem_forms[i].word, w) == 0)
			return &pbem_forms[i];
	return NULL;
}

/* Whether letter l of a shape is a rest of the line. */
static int
is_rest(char l)
{
	return l == 'T' || l == 'O' || l == 'Q';
}

/* Copies the rest of the line from rest into dst (size bytes): trimmed,
 * one blank between words.  -1 if too long. */
static int
take_rest(char *dst, size_t size, const char *rest)
{
	size_t n = 0;

	while (*rest != '\0') {
		if (is_blank((unsigned char)*rest)) {
			rest += strspn(rest, " \t");
			if (*rest != '\0' && n + 1 < size)
				dst[n++] = ' ';
			continue;
		}
		if (n + 1 >= size)
			return -1;
		dst[n++] = *rest++;
	}
	dst[n] = '\0';
	return 0;
}

/* Reads the action word of a "move" into c's verb; 0 if it is none. */
static int
action_take(const char *w, struct pbem_cmd *c)
{
	size_t i;

	for (i = 0; i < sizeof(pbem_actions) / sizeof(pbem_actions[0]); i++)
		if (strcasecmp(w, pbem_actions[i].word) == 0) {
			c->verb = pbem_actions[i].verb;
			return 1;
		}
	return 0;
}

/* Reads the days of a leave, 1 to 366, into *days; -1 if w is none. */
static int
take_days(const char *w, unsigned long *days)
{
	char *end;

	if (!isdigit((unsigned char)w[0]) || strlen(w) > 3)
		return -1;
	*days = strtoul(w, &end, 10);
	return *end == '\0' && *days >= 1 && *days <= 366 ? 0 : -1;
}

/* Drops a bare '#' that ends move w (pbmserv's, as chess's mate), not
 * a '#' alone. */
static void
take_bare_hash(char *w)
{
	size_t n = strlen(w);

	if (n > 1 && w[n - 1] == '#' && w[n - 2] != '#')
		w[n - 1] = '\0';
}

/* Whether w, its guard taken off, is pbmserv's "**" mark, which split
 * drops: no board, password or move reads as it. */
static int
is_mark(const char *w)
{
	return strcmp(w, "**") == 0;
}

/* Reads a selector of games into *sel; -1 if w is none. */
static int
take_select(const char *w, enum pbem_select *sel)
{
	size_t i;

	for (i = 0; i < sizeof(pbem_selects) / sizeof(pbem_selects[0]); i++)
		if (strcasecmp(w, pbem_selects[i]) == 0) {
			*sel = (enum pbem_select)i;
			return 0;
		}
	return -1;
}

/* Takes word w as letter l of a shape into c.  -1 if it is no such
 * word. */
static int
take_word(char l, char *w, struct pbem_cmd *c)
{
	switch (l) {
	case 'N':
		if (take_guard(w, &c->ply, 0) == -1 || is_mark(w))
			return -1;
		/* FALLTHROUGH */
	case 'B':                 /* "board 1:" is the referee's subject */
		if (w[strlen(w) - 1] == ':')
			return -1;
		copy_word(c->board, w);
		return 0;
	case 'U':
		copy_word(c->user, w);
		return 0;
	case 'V':                 /* an OPTION here: the old challenge */
		if (strchr(w, '=') != NULL)
			return -1;
		copy_word(c->user2, w);
		return 0;
	case 'R':
		if (take_guard(w, &c->ply, 1) == -1 || *w == '\0' || is_mark(w))
			return -1;
		/* FALLTHROUGH */
	case 'P':
		copy_word(c->password, w);
		return 0;
	case 'M':
		take_bare_hash(w);
		if (take_guard(w, &c->ply, 0) == -1 || *w == '\0' || is_mark(w))
			return -1;
		if (c->verb != PBEM_MOVE || !action_take(w, c))
			copy_word(c->move, w);
		return 0;
	case 'A':
	case 'E':
		copy_word(c->address, w);
		return 0;
	case 'K':
		copy_word(c->password, w);
		return 0;
	case 'W':
	case 'Y':
		copy_word(c->secret, w);
		return 0;
	case 'D':
		return take_days(w, &c->days);
	case 'S':
		return take_select(w, &c->select);
	case 'X':
		return 0;
	case 'Z':
		return strcasecmp(w, "board") == 0 ? 0 : -1;
	default:                  /* G */
		copy_word(c->game, w);
		lower(c->game);
		return 0;
	}
}

/* Whether w is "#N": a guard that lost its word to a blank. */
static int
is_guard_word(const char *w)
{
	return w[0] == '#' && w[1] != '\0' &&
	    strspn(w + 1, "0123456789") == strlen(w + 1);
}

/* Takes the #N guard off the end of the moves of a queue in c->text.
 * -1 when it is no guard, or follows a blank. */
static int
take_queue_guard(struct pbem_cmd *c, const char **why)
{
	char *last = strrchr(c->text, ' ');
	int alone;

	last = last != NULL ? last + 1 : c->text;
	alone = is_guard_word(last);
	if (!alone && take_guard(last, &c->ply, 0) == 0)
		return 0;
	*why = alone ? WHY_BLANK : "syntax is GAME queue BOARD USERID "
	    "PASSWORD [X Y ...][#N]";
	return -1;
}

/* Takes the rest of the line from word k on as letter l (T, O, Q). */
static int
take_text(char l, struct words *ws, size_t k, struct pbem_cmd *c,
    const char **why)
{
	if (take_rest(c->text, sizeof(c->text), ws->at[k]) == 0)
		return l == 'Q' ? take_queue_guard(c, why) : 0;
	*why = l == 'T' ? "the chat text is longer than 511 bytes; send it "
	    "in the body of the mail" : l == 'Q' ? "the moves are longer "
	    "than 511 bytes" : "the options are longer than 511 bytes";
	return -1;
}

/* Reads the words of ws from index k on by the shape of f into c. */
static int
take_shape(const struct pbem_form *f, struct words *ws, size_t k,
    struct pbem_cmd *c, const char **why)
{
	const char *l;

	c->verb = f->verb;
	*why = f->syntax;
	for (l = f->shape; *l != '\0'; l++) {
		if (is_rest(*l))
			return take_text(*l, ws, k, c, why);
		if (k >= ws->n) {
			if (strchr("AGKYS", *l) != NULL)
				continue;
			return -1;
		}
		if (take_word(*l, ws->w[k++], c) == -1)
			return -1;
	}
	if (k == ws->n && !ws->more)
		return 0;
	if (k + 1 == ws->n && is_guard_word(ws->w[k]))
		*why = WHY_BLANK;
	return -1;
}

/* The form of the words: gameless, game first, or a verb of a game
 * first (its two words swapped).  NULL with *why when none. */
static const struct pbem_form *
form_of(struct words *ws, const char **why)
{
	const struct pbem_form *f;
	char tmp[PBEM_WORD];

	if ((f = form_find(ws->w[0], 1)) != NULL)
		return f;
	if (ws->n >= 2 && form_find(ws->w[0], 0) != NULL &&
	    form_find(ws->w[1], 0) == NULL && form_find(ws->w[1], 1) == NULL &&
	    skip_prefix(ws->w[1]) == NULL) {
		memcpy(tmp, ws->w[0], PBEM_WORD);
		memcpy(ws->w[0], ws->w[1], PBEM_WORD);
		memcpy(ws->w[1], tmp, PBEM_WORD);
	}
	if (ws->n < 2)
		*why = "no command after the game: syntax is GAME move BOARD "
		    "USERID PASSWORD MOVE[#N], or help";
	else if ((f = form_find(ws->w[1], 0)) == NULL)
		*why = ws->more ? "too many words in the command" : WHY_UNKNOWN;
	return f;
}

/* Reads ws as pbmserv's own form of the verb of f (pbem_second) into
 * c, its game kept.  -1 if there is none or it is not one either. */
static int
take_second(const struct pbem_form *f, struct words *ws,
    struct pbem_cmd *c)
{
	char game[PBEM_WORD];
	const char *why;
	size_t i;

	for (i = 0; i < sizeof(pbem_second) / sizeof(pbem_second[0]); i++)
		if (pbem_second[i].verb == f->verb &&
		    pbem_second[i].gameless == f->gameless) {
			memcpy(game, c->game, sizeof(game));
			memset(c, 0, sizeof(*c));
			memcpy(c->game, game, sizeof(game));
			if (take_shape(&pbem_second[i], ws, f->gameless ? 1 : 2, c,
			    &why) == 0)
				return 0;
			memset(c, 0, sizeof(*c));
			return -1;
		}
	return -1;
}

/* pbmserv's "change password ..." and "change address ...": the words
 * of stackref's password and address, "change" dropped. */
static void
drop_change(struct words *ws)
{
	if (ws->n < 2 || strcasecmp(ws->w[0], "change") != 0 ||
	    (strcasecmp(ws->w[1], "password") != 0 &&
	    strcasecmp(ws->w[1], "address") != 0))
		return;
	memmove(ws->w[0], ws->w[1], (ws->n - 1) * sizeof(ws->w[0]));
	memmove(&ws->at[0], &ws->at[1], ws->n * sizeof(ws->at[0]));
	ws->n--;
}

int
pbem_parse(const char *subject, struct pbem_cmd *c, const char **why)
{
	const struct pbem_form *f;
	struct words ws;

	memset(c, 0, sizeof(*c));
	if (split(skip_prefixes(subject), &ws, why) == -1)
		return -1;
	if (ws.n == 0) {
		*why = WHY_NONE;
		return -1;
	}
	drop_change(&ws);
	if ((f = form_of(&ws, why)) == NULL)
		return -1;
	if (ws.more && !is_rest(f->shape[strlen(f->shape) > 0 ?
	    strlen(f->shape) - 1 : 0])) {
		*why = "too many words in the command";
		return -1;
	}
	if (!f->gameless) {
		lower(ws.w[0]);
		copy_word(c->game, ws.w[0]);
	}
	if (take_shape(f, &ws, f->gameless ? 1 : 2, c, why) == -1 &&
	    take_second(f, &ws, c) == -1) {
		memset(c, 0, sizeof(*c));
		return -1;
	}
	return 0;
}

unsigned
pbem_verb_has(enum pbem_verb v)
{
	const char *shape = "BUPM";     /* the actions: the move's shape */
	unsigned has = 0;
	size_t i;

	for (i = 0; i < PBEM_NFORMS; i++)
		if (pbem_forms[i].verb == v)
			shape = pbem_forms[i].shape;
	if (strpbrk(shape, "BN") != NULL)
		has |= PBEM_HAS_BOARD;
	if (strpbrk(shape, "PR") != NULL && v != PBEM_SIGNUP &&
	    v != PBEM_CONFIRM)
		has |= PBEM_HAS_LOGIN;
	return has;
}

const char *
pbem_syntax(enum pbem_verb v)
{
	size_t i;

	for (i = 0; i < PBEM_NFORMS; i++)
		if (pbem_forms[i].verb == v)
			return pbem_forms[i].syntax + 10;
	return &SYN_ACTION[10];
}

int
pbem_keyword(const char *w)
{
	size_t i, n = strlen(w);

	for (i = 0; i < PBEM_NFORMS; i++)
		if (strcasecmp(w, pbem_forms[i].word) == 0)
			return 1;
	for (i = 0; i < sizeof(pbem_actions) / sizeof(pbem_actions[0]); i++)
		if (strcasecmp(w, pbem_actions[i].word) == 0)
			return 1;
	if (n < 2 || w[n - 1] != ':')
		return 0;
	for (i = 0; i < sizeof(pbem_prefixes) / sizeof(pbem_prefixes[0]); i++)
		if (strlen(pbem_prefixes[i]) == n - 1 &&
		    strncasecmp(w, pbem_prefixes[i], n - 1) == 0)
			return 1;
	return 0;
}

/* ---- hints ---- */

static size_t
min3(size_t a, size_t b, size_t c)
{
	size_t m = a < b ? a : b;

	return m < c ? m : c;
}

/* The edit distance of a and b, 3 for anything farther or longer than
 * 24 bytes. */
static size_t
distance(const char *a, const char *b)
{
	size_t d[26], i, j, prev, cur, na = strlen(a), nb = strlen(b);

	if (na > 24 || nb > 24)
		return 3;
	for (j = 0; j <= nb; j++)
		d[j] = j;
	for (i = 1; i <= na; i++) {
		prev = d[0];
		d[0] = i;
		for (j = 1; j <= nb; j++) {
			cur = d[j];
			d[j] = tolower((unsigned char)a[i - 1]) ==
			    tolower((unsigned char)b[j - 1]) ? prev :
			    1 + min3(prev, d[j], d[j - 1]);
			prev = cur;
		}
	}
	return d[nb] > 3 ? 3 : d[nb];
}

/* The verb word nearest to w (two edits at most), or NULL. */
static const char *
nearest_verb(const char *w)
{
	const char *best = NULL;
	size_t i, d, bd = 3;

	for (i = 0; i < PBEM_NFORMS; i++)
		if ((d = distance(w, pbem_forms[i].word)) < bd) {
			bd = d;
			best = pbem_forms[i].word;
		}
	return best;
}

/* Writes the words of ws into buf joined by blanks, words i and i + 1
 * joined without one (i == (size_t)-1: none); the rest after them. */
static void
rejoin(const struct words *ws, size_t i, size_t upto, char *buf,
    size_t size)
{
	size_t k, n = 0;

	buf[0] = '\0';
	for (k = 0; k < ws->n && n < size; k++)
		n += (size_t)snprintf(buf + n, size - n, "%s%s",
		    k == 0 || (k > i && k <= upto) ? "" : " ", ws->w[k]);
}

/* The index i of the word that, joined to the words after it up to
 * *upto, makes the line parse, the last such first, or (size_t)-1. */
static size_t
repair(const struct words *ws, size_t *upto)
{
	char line[PBEM_WORDS * PBEM_WORD + 16];
	struct pbem_cmd c;
	const char *why;
	size_t i, j;

	for (i = ws->n - 2; i >= 2 && i + 1 < ws->n; i--)
		for (j = i + 1; j < ws->n; j++) {
			rejoin(ws, i, j, line, sizeof(line));
			if (pbem_parse(line, &c, &why) == 0) {
				*upto = j;
				return i;
			}
		}
	return (size_t)-1;
}

/* Writes into buf the known verb near the unknown one of ws, if any. */
static int
explain_verb(const struct words *ws, char *buf, size_t size)
{
	const char *verb = ws->w[ws->n < 2 || form_find(ws->w[0], 0) != NULL ?
	    0 : 1], *near;

	if (form_find(verb, 0) != NULL || form_find(verb, 1) != NULL)
		return 0;
	if ((near = nearest_verb(verb)) == NULL)
		return 0;
	return snprintf(buf, size, "unknown command \"%s\": did you mean "
	    "%s?", verb, near);
}

int
pbem_explain(const char *subject, char *buf, size_t size)
{
	const char *why;
	struct pbem_cmd c;
	struct words ws;
	size_t i, upto = 0;
	int n;

	if (size == 0 || pbem_parse(subject, &c, &why) == 0 ||
	    split(skip_prefixes(subject), &ws, &why) == -1 || ws.n == 0)
		return 0;
	if (!ws.more && (i = repair(&ws, &upto)) != (size_t)-1) {
		if (upto == i + 1 && is_guard_word(ws.w[upto]))
			n = snprintf(buf, size, "remove the blank before %s",
			    ws.w[upto]);
		else
			n = snprintf(buf, size, "remove the blanks inside "
			    "\"%s ... %s\": a move, a board or a password is "
			    "one word", ws.w[i], ws.w[upto]);
	} else
		n = explain_verb(&ws, buf, size);
	return n < 0 ? 0 : (size_t)n >= size ? (int)size - 1 : n;
}

/* ---- formatting ---- */

/* A word fit for a command: not empty, no blank, no control byte. */
static int
word_ok(const char *w)
{
	if (*w == '\0')
		return 0;
	for (; *w != '\0'; w++)
		if ((unsigned char)*w <= 0x20 || *w == 0x7f)
			return 0;
	return 1;
}

/* A rest fit for a command: no control byte, no blank at either end. */
static int
rest_ok(const char *s)
{
	size_t n = strlen(s);

	return !has_control(s, n) && !strchr(s, '\t') && (n == 0 ||
	    (!is_blank((unsigned char)s[0]) &&
	    !is_blank((unsigned char)s[n - 1])));
}

/* The line being written. */
struct line {
	char *buf;
	size_t size, len;
	int bad;
};

/* How a field is written: a word, a word or nothing, a rest. */
enum put_kind { PUT_WORD, PUT_OPTIONAL, PUT_REST };

/* Appends w, with the guard g, a blank first. */
static void
put(struct line *ln, const char *w, const char *g, enum put_kind k)
{
	int n;

	if (k != PUT_WORD && *w == '\0')
		return;
	if (!(k == PUT_REST ? rest_ok(w) : word_ok(w))) {
		ln->bad = 1;
		return;
	}
	n = snprintf(ln->buf + ln->len, ln->len < ln->size ? ln->size -
	    ln->len : 0, "%s%s%s", ln->len > 0 ? " " : "", w, g);
	ln->len += n > 0 ? (size_t)n : 0;
}

/* The word of action verb v, or NULL. */
static const char *
action_word(enum pbem_verb v)
{
	size_t i;

	for (i = 0; i < sizeof(pbem_actions) / sizeof(pbem_actions[0]); i++)
		if (pbem_actions[i].verb == v)
			return pbem_actions[i].word;
	return NULL;
}

/* Appends the days of a leave. */
static void
put_days(struct line *ln, unsigned long days)
{
	char w[32];

	if (days < 1 || days > 366) {
		ln->bad = 1;
		return;
	}
	snprintf(w, sizeof(w), "%lu", days);
	put(ln, w, "", PUT_WORD);
}

/* Writes field l of c to ln; g the guard. */
static void
put_field(struct line *ln, char l, const struct pbem_cmd *c,
    const char *g)
{
	const char *act = action_word(c->verb);

	switch (l) {
	case 'B': put(ln, c->board, "", PUT_WORD); break;
	case 'N': put(ln, c->board, g, PUT_WORD); break;
	case 'U': put(ln, c->user, "", PUT_WORD); break;
	case 'V': put(ln, c->user2, "", PUT_WORD); break;
	case 'P': put(ln, c->password, "", PUT_WORD); break;
	case 'R': put(ln, c->password, g, PUT_WORD); break;
	case 'M': put(ln, act != NULL ? act : c->move, g, PUT_WORD); break;
	case 'A': put(ln, c->address, "", PUT_OPTIONAL); break;
	case 'E': put(ln, c->address, "", PUT_WORD); break;
	case 'K': put(ln, c->password, "", PUT_OPTIONAL); break;
	case 'W': put(ln, c->secret, "", PUT_WORD); break;
	case 'Y': put(ln, c->secret, "", PUT_OPTIONAL); break;
	case 'G': put(ln, c->game, "", PUT_OPTIONAL); break;
	case 'S': put(ln, c->select == PBEM_SEL_ALL ? "" :
	    pbem_selects[c->select], "", PUT_OPTIONAL); break;
	case 'D': put_days(ln, c->days); break;
	case 'Q': put(ln, c->text, g, PUT_REST); break;
	default: put(ln, c->text, "", PUT_REST); break;     /* T, O */
	}
}

/* Whether w ends in what "GAME resign" would read as a #N guard. */
static int
guard_like(const char *w)
{
	const char *hash = strrchr(w, '#');

	return hash != NULL && hash[1] != '\0' &&
	    strspn(hash + 1, "0123456789") == strlen(hash + 1);
}

/* The form c is written in: the first of its verb, game first unless
 * it has no game; an action (and a resignation whose password ends
 * like a guard: "pw#12 resign" reads back) as a move. */
static const struct pbem_form *
form_for(const struct pbem_cmd *c)
{
	enum pbem_verb v = c->verb;
	int gameless = c->game[0] == '\0';
	size_t i;

	if (action_word(v) != NULL && (v != PBEM_RESIGN ||
	    guard_like(c->password)))
		v = PBEM_MOVE;
	for (i = 0; i < PBEM_NFORMS; i++)
		if (pbem_forms[i].verb == v && (pbem_forms[i].gameless ==
		    gameless || v == PBEM_SIGNUP || v == PBEM_CONFIRM))
			return &pbem_forms[i];
	return NULL;
}

/* Writes c in form f (NULL: none) into buf; see pbem_format. */
static int
format_form(const struct pbem_form *f, const struct pbem_cmd *c,
    char *buf, size_t size)
{
	struct line ln = { buf, size, 0, 0 };
	char g[32] = "";
	const char *l;

	if (c->ply != 0)
		snprintf(g, sizeof(g), "#%lu", c->ply);
	if (size > 0)
		buf[0] = '\0';
	if (f == NULL || (!f->gameless && form_find(c->game, 1) != NULL))
		return -1;      /* a GAME read back as a verb of its own */
	if (!f->gameless)
		put(&ln, c->game, "", PUT_WORD);
	put(&ln, f->word, "", strchr(f->word, ' ') ? PUT_REST : PUT_WORD);
	for (l = f->shape; *l != '\0'; l++)
		put_field(&ln, *l, c, g);
	if (ln.bad || ln.len >= size || skip_prefixes(buf) != buf) {
		if (size > 0)
			buf[0] = '\0';
		return -1;
	}
	return (int)ln.len;
}

int
pbem_format(const struct pbem_cmd *c, char *buf, size_t size)
{
	return format_form(form_for(c), c, buf, size);
}

/* ---- pbmserv's own forms ---- */

/*
 * Each verb as a real pbmserv reads it (game.cpp's Game::Main and the
 * verbs it calls, lymanhurd/lyngk): pbmserv compares whole words, so
 * an action is the fourth word of a move with no #N, resign takes
 * exactly three words, chat's text goes in the body, showas names the
 * board last, the account verbs are "change password" and "change
 * address".  A verb pbmserv lacks or reads otherwise (accept and
 * decline of a challenge, history of a board, subscribe by token,
 * leave, queue as conditional pairs, reset, retire, the signup's
 * confirm) has no line: pbem_format_pbmserv refuses it.
 */
static const struct pbem_form pbmserv_forms[] = {
	{ "signup", 1, PBEM_SIGNUP, "UPA", "" },
	{ "help", 1, PBEM_HELP, "G", "" },
	{ "help", 0, PBEM_HELP, "", "" },
	{ "games", 0, PBEM_GAMES, "US", "" },
	{ "challenge", 0, PBEM_CHALLENGE, "UV", "" },
	{ "move", 0, PBEM_MOVE, "BUPM", "" },
	{ "move", 0, PBEM_OFFER_DRAW, "BUPM", "" },
	{ "move", 0, PBEM_ACCEPT_DRAW, "BUPM", "" },
	{ "move", 0, PBEM_DECLINE_DRAW, "BUPM", "" },
	{ "move", 0, PBEM_REQUEST_UNDO, "BUPM", "" },
	{ "move", 0, PBEM_ACCEPT_UNDO, "BUPM", "" },
	{ "move", 0, PBEM_DECLINE_UNDO, "BUPM", "" },
	{ "qmove", 0, PBEM_QMOVE, "BUPM", "" },
	{ "submit", 0, PBEM_SUBMIT, "BUPM", "" },
	{ "confirm", 0, PBEM_CONFIRM_MOVE, "BUP", "" },
	{ "resign", 0, PBEM_RESIGN, "BUP", "" },
	{ "show", 0, PBEM_SHOW, "N", "" },
	{ "showas", 0, PBEM_SHOWAS, "UPB", "" },
	{ "preview", 0, PBEM_PREVIEW, "BM", "" },
	{ "chat", 0, PBEM_CHAT, "BUP", "" },
	{ "change password", 1, PBEM_PASSWORD, "UPW", "" },
	{ "change address", 1, PBEM_ADDRESS, "UPE", "" },
};

/* The words of the actions in pbmserv: the answer to an undo request
 * is the same accept or reject as to a draw offer. */
static const char *
pbmserv_action(enum pbem_verb v)
{
	switch (v) {
	case PBEM_ACCEPT_UNDO: return "accept";
	case PBEM_DECLINE_UNDO: return "reject";
	default: return action_word(v);
	}
}

int
pbem_format_pbmserv(const struct pbem_cmd *c, char *buf, size_t size)
{
	const struct pbem_form *f = NULL;
	struct pbem_cmd d = *c;
	size_t i;

	for (i = 0; i < sizeof(pbmserv_forms) / sizeof(pbmserv_forms[0]); i++)
		if (pbmserv_forms[i].verb == c->verb && (c->verb != PBEM_HELP ||
		    pbmserv_forms[i].gameless == (c->game[0] == '\0')))
			f = &pbmserv_forms[i];
	if (c->verb != PBEM_MOVE && c->verb != PBEM_QMOVE &&
	    c->verb != PBEM_SUBMIT && c->verb != PBEM_SHOW)
		d.ply = 0;          /* pbmserv reads no #N there */
	if (c->verb != PBEM_RESIGN && pbmserv_action(c->verb) != NULL) {
		d.verb = PBEM_MOVE;
		snprintf(d.move, sizeof(d.move), "%s", pbmserv_action(c->verb));
	}
	if ((c->verb == PBEM_CHALLENGE || c->verb == PBEM_CHAT) &&
	    c->text[0] != '\0')
		f = NULL;           /* options, chat text: not in pbmserv's
				     * subject */
	return format_form(f, &d, buf, size);
}
