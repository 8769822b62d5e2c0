/*
 * pbem.c - the command syntax of Richard's PBeM Server in a Subject line
 * (see pbem.h).  Pure functions: no I/O, no allocation.
 */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "mail/pbem.h"

#define PBEM_WORDS 8        /* words kept; one more means too many */

#define SYN_SIGNUP "syntax is signup USERID PASSWORD [ADDRESS]"
#define SYN_CONFIRM "syntax is confirm USERID TOKEN"
#define SYN_CHALLENGE "syntax is GAME challenge USERID1 USERID2"
#define SYN_MOVE "syntax is GAME move BOARD USERID PASSWORD MOVE[#N]"
#define SYN_RESIGN "syntax is GAME resign BOARD USERID PASSWORD[#N]"
#define SYN_SHOW "syntax is GAME show BOARD[#N]"

/* The words of a Subject line, each NUL-terminated. */
struct words {
	char w[PBEM_WORDS][PBEM_WORD];
	size_t n;
};

static int
is_blank(int ch)
{
	return ch == ' ' || ch == '\t';
}

/* Reply and forward prefixes of common mail clients, "Re[2]:" too. */
static const char *
skip_prefix(const char *s)
{
	static const char *const pre[] = { "re", "fwd", "fw", "aw", "wg",
	    "sv", "vs", "tr", "antw", "rif", "odp" };
	const char *p;
	size_t i, n;

	for (i = 0; i < sizeof(pre) / sizeof(pre[0]); i++) {
		n = strlen(pre[i]);
		if (strncasecmp(s, pre[i], n) != 0)
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

/* Splits s into words; -1 with *why on a control byte, a word too long
 * or too many words. */
static int
split(const char *s, struct words *ws, const char **why)
{
	size_t len;

	ws->n = 0;
	for (;;) {
		while (is_blank((unsigned char)*s))
			s++;
		if (*s == '\0')
			return 0;
		for (len = 0; s[len] != '\0' && !is_blank((unsigned char)s[len]);
		    len++) {
			if ((unsigned char)s[len] < 0x20 || s[len] == 0x7f) {
				*why = "the command holds a control character";
				return -1;
			}
		}
		if (len >= PBEM_WORD) {
			*why = "a word of the command is longer than 127 bytes";
			return -1;
		}
		if (ws->n == PBEM_WORDS) {
			*why = "too many words in the command";
			return -1;
		}
		memcpy(ws->w[ws->n], s, len);
		ws->w[ws->n++][len] = '\0';
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

static int
parse_signup(const struct words *ws, struct pbem_cmd *c, const char **why)
{
	if (ws->n != 3 && ws->n != 4) {
		*why = SYN_SIGNUP;
		return -1;
	}
	c->verb = PBEM_SIGNUP;
	copy_word(c->user, ws->w[1]);
	copy_word(c->password, ws->w[2]);
	if (ws->n == 4)
		copy_word(c->address, ws->w[3]);
	return 0;
}

/* "confirm USERID TOKEN": the words of a signup without an address. */
static int
parse_confirm(const struct words *ws, struct pbem_cmd *c, const char **why)
{
	if (ws->n != 3 || parse_signup(ws, c, why) == -1) {
		*why = SYN_CONFIRM;
		return -1;
	}
	c->verb = PBEM_CONFIRM;
	return 0;
}

static int
parse_challenge(const struct words *ws, struct pbem_cmd *c, const char **why)
{
	if (ws->n != 4) {
		*why = SYN_CHALLENGE;
		return -1;
	}
	c->verb = PBEM_CHALLENGE;
	copy_word(c->user, ws->w[2]);
	copy_word(c->user2, ws->w[3]);
	return 0;
}

/* The action words of "GAME move ...": the draw offer and so on. */
static int
action_verb(const char *w, enum pbem_verb *v)
{
	if (strcasecmp(w, "propose") == 0)
		*v = PBEM_OFFER_DRAW;
	else if (strcasecmp(w, "accept") == 0)
		*v = PBEM_ACCEPT_DRAW;
	else if (strcasecmp(w, "reject") == 0)
		*v = PBEM_DECLINE_DRAW;
	else if (strcasecmp(w, "resign") == 0)
		*v = PBEM_RESIGN;
	else
		return 0;
	return 1;
}

static int
parse_move(struct words *ws, struct pbem_cmd *c, const char **why)
{
	char *mv = ws->w[5];

	*why = SYN_MOVE;
	if (ws->n != 6 || take_guard(mv, &c->ply, 0) == -1 || *mv == '\0')
		return -1;
	copy_word(c->board, ws->w[2]);
	copy_word(c->user, ws->w[3]);
	copy_word(c->password, ws->w[4]);
	if (!action_verb(mv, &c->verb)) {
		c->verb = PBEM_MOVE;
		copy_word(c->move, mv);
	}
	return 0;
}

static int
parse_resign(struct words *ws, struct pbem_cmd *c, const char **why)
{
	*why = SYN_RESIGN;
	if (ws->n != 5 || take_guard(ws->w[4], &c->ply, 1) == -1 ||
	    ws->w[4][0] == '\0')
		return -1;
	c->verb = PBEM_RESIGN;
	copy_word(c->board, ws->w[2]);
	copy_word(c->user, ws->w[3]);
	copy_word(c->password, ws->w[4]);
	return 0;
}

static int
parse_show(struct words *ws, struct pbem_cmd *c, const char **why)
{
	*why = SYN_SHOW;
	if (ws->n != 3 || take_guard(ws->w[2], &c->ply, 0) == -1)
		return -1;
	c->verb = PBEM_SHOW;
	copy_word(c->board, ws->w[2]);
	return 0;
}

static void
lower(char *s)
{
	for (; *s != '\0'; s++)
		*s = (char)tolower((unsigned char)*s);
}

int
pbem_parse(const char *subject, struct pbem_cmd *c, const char **why)
{
	struct words ws;
	const char *verb;

	memset(c, 0, sizeof(*c));
	if (split(skip_prefixes(subject), &ws, why) == -1)
		return -1;
	if (ws.n == 0) {
		*why = "no command: " SYN_MOVE;
		return -1;
	}
	if (strcasecmp(ws.w[0], "signup") == 0)
		return parse_signup(&ws, c, why);
	if (strcasecmp(ws.w[0], "confirm") == 0)
		return parse_confirm(&ws, c, why);
	if (ws.n < 2) {
		*why = "no command after the game: " SYN_MOVE;
		return -1;
	}
	lower(ws.w[0]);
	copy_word(c->game, ws.w[0]);
	verb = ws.w[1];
	if (strcasecmp(verb, "move") == 0 || strcasecmp(verb, "mvoe") == 0)
		return parse_move(&ws, c, why);
	if (strcasecmp(verb, "resign") == 0)
		return parse_resign(&ws, c, why);
	if (strcasecmp(verb, "show") == 0)
		return parse_show(&ws, c, why);
	if (strcasecmp(verb, "challenge") == 0)
		return parse_challenge(&ws, c, why);
	*why = "unknown command: expected signup, confirm, or GAME followed "
	    "by challenge, move, resign or show";
	return -1;
}

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

static int
words_ok(const char *const *w, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (!word_ok(w[i]))
			return 0;
	return 1;
}

static const char *
action_word(enum pbem_verb v)
{
	switch (v) {
	case PBEM_OFFER_DRAW:
		return "propose";
	case PBEM_ACCEPT_DRAW:
		return "accept";
	case PBEM_DECLINE_DRAW:
		return "reject";
	default:
		return NULL;
	}
}

/* The guard suffix "#N", or "" without one. */
static void
guard_text(unsigned long ply, char g[32])
{
	if (ply == 0)
		g[0] = '\0';
	else
		snprintf(g, 32, "#%lu", ply);
}

/* Whether w ends in what "GAME resign" would read as a #N guard. */
static int
guard_like(const char *w)
{
	const char *hash = strrchr(w, '#');

	return hash != NULL && hash[1] != '\0' &&
	    strspn(hash + 1, "0123456789") == strlen(hash + 1);
}

static int
format_play(const struct pbem_cmd *c, char *buf, size_t size,
    const char *g)
{
	const char *w[5] = { c->game, c->board, c->user, c->password, NULL };

	switch (c->verb) {
	case PBEM_MOVE:
		w[4] = c->move;
		break;
	case PBEM_RESIGN:
		if (guard_like(c->password)) {
			w[4] = "resign";    /* "pw#12 resign" reads back */
			break;
		}
		if (!words_ok(w, 4))
			return -1;
		return snprintf(buf, size, "%s resign %s %s %s%s", w[0],
		    w[1], w[2], w[3], g);
	default:
		w[4] = action_word(c->verb);
		break;
	}
	if (w[4] == NULL || !words_ok(w, 5))
		return -1;
	return snprintf(buf, size, "%s move %s %s %s %s%s", w[0], w[1], w[2],
	    w[3], w[4], g);
}

static int
format_other(const struct pbem_cmd *c, char *buf, size_t size,
    const char *g)
{
	const char *w[3];

	switch (c->verb) {
	case PBEM_SIGNUP:
		w[0] = c->user, w[1] = c->password;
		if (!words_ok(w, 2) || (c->address[0] != '\0' &&
		    !word_ok(c->address)))
			return -1;
		return snprintf(buf, size, "signup %s %s%s%s", w[0], w[1],
		    c->address[0] != '\0' ? " " : "", c->address);
	case PBEM_CONFIRM:
		w[0] = c->user, w[1] = c->password;
		if (!words_ok(w, 2))
			return -1;
		return snprintf(buf, size, "confirm %s %s", w[0], w[1]);
	case PBEM_CHALLENGE:
		w[0] = c->game, w[1] = c->user, w[2] = c->user2;
		if (!words_ok(w, 3))
			return -1;
		return snprintf(buf, size, "%s challenge %s %s", w[0], w[1],
		    w[2]);
	case PBEM_SHOW:
		w[0] = c->game, w[1] = c->board;
		if (!words_ok(w, 2))
			return -1;
		return snprintf(buf, size, "%s show %s%s", w[0], w[1], g);
	default:
		return format_play(c, buf, size, g);
	}
}

int
pbem_format(const struct pbem_cmd *c, char *buf, size_t size)
{
	char g[32];
	int n;

	guard_text(c->ply, g);
	n = format_other(c, buf, size, g);
	if (n < 0 || (size_t)n >= size) {
		if (size > 0)
			buf[0] = '\0';
		return -1;
	}
	return n;
}
