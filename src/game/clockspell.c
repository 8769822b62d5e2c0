/*
 * clockspell.c - time controls as people write them: the spelling of
 * the TimeControl grammar a loose text was meant to be ("21 days per
 * move": move=21d), and a control said back in words ("21 days per
 * move").  clock_control_parse (clock.c) refuses what does not read
 * exactly as meant with the spelling found here.  See clock.h.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game/clock.h"
#include "base/timeutc.h"
#include "base/util.h"

#define SPELL_TOKENS 48           /* tokens of one control at most */
#define SPELL_WORD 64             /* bytes of one token */
#define SPELL_DAYLIKE 366         /* a bare number up to this may be days */

/* A token: a number, a word (lower case) or one sign. */
struct spell_tok {
	char kind;                /* '0' number, 'a' word, else the sign */
	int spaced;               /* a blank before it */
	char text[SPELL_WORD];
};

/* A reading in progress. */
struct spell {
	struct spell_tok t[SPELL_TOKENS];
	size_t n, i;
	char out[CLOCK_GUESS_SIZE];   /* the words read, canonical */
	size_t amb_at, amb_len;   /* the duration of out read alone, whose
				   * meaning is unsure (amb_len 0: none) */
	int amb_bare;             /* it had no unit: 21 seconds, or days? */
	int amb_unit;             /* only its unit is unsure (bank 21,
				   * move=21), not what it times */
	int namb;                 /* unsure durations read (one is said) */
};

/* The units people write, as the grammar's letters. */
static const struct {
	const char *name;
	char unit;
	int times;
} spell_units[] = {
	{ "s", 's', 1 }, { "sec", 's', 1 }, { "secs", 's', 1 },
	{ "second", 's', 1 }, { "seconds", 's', 1 },
	{ "m", 'm', 1 }, { "min", 'm', 1 }, { "mins", 'm', 1 },
	{ "minute", 'm', 1 }, { "minutes", 'm', 1 },
	{ "h", 'h', 1 }, { "hr", 'h', 1 }, { "hrs", 'h', 1 },
	{ "hour", 'h', 1 }, { "hours", 'h', 1 },
	{ "d", 'd', 1 }, { "day", 'd', 1 }, { "days", 'd', 1 },
	{ "w", 'd', 7 }, { "wk", 'd', 7 }, { "week", 'd', 7 },
	{ "weeks", 'd', 7 },
};

/* The length of the token at text (a run of digits, of letters, or one
 * other character) and its kind into *kind. */
static size_t
spell_token_len(const char *text, char *kind)
{
	size_t k = 0;

	if (isdigit((unsigned char)*text)) {
		*kind = '0';
		return strspn(text, "0123456789");
	}
	*kind = isalpha((unsigned char)*text) ? 'a' : *text;
	if (*kind != 'a')
		return 1;
	while (isalpha((unsigned char)text[k]))
		k++;
	return k;
}

/* Splits text into s->t; -1 when it has too many or too long tokens. */
static int
spell_tokens(struct spell *s, const char *text)
{
	struct spell_tok *t;
	size_t k, j;
	int spaced = 0;

	for (s->n = 0; *text != '\0'; text += k) {
		if (isspace((unsigned char)*text)) {
			k = 1;
			spaced = 1;
			continue;
		}
		if (s->n == SPELL_TOKENS)
			return -1;
		t = &s->t[s->n++];
		if ((k = spell_token_len(text, &t->kind)) >= SPELL_WORD)
			return -1;
		t->spaced = spaced;
		spaced = 0;
		for (j = 0; j < k; j++)
			t->text[j] = (char)tolower((unsigned char)text[j]);
		t->text[k] = '\0';
	}
	return 0;
}

/* Whether the token at i is kind (and text, unless NULL). */
static int
spell_is(const struct spell *s, size_t i, char kind, const char *text)
{
	return i < s->n && s->t[i].kind == kind &&
	    (text == NULL || strcmp(s->t[i].text, text) == 0);
}

/* Whether the token at i is one of the words of list (NULL-ended). */
static int
spell_word_of(const struct spell *s, size_t i, const char *const *list)
{
	for (; *list != NULL; list++)
		if (spell_is(s, i, 'a', *list))
			return 1;
	return 0;
}

/* Reads a duration (a number, a unit) at s->i into buf as the grammar
 * spells it; *spelled: its unit was a word (days), *bare: it had none.
 * 0, or -1. */
static int
spell_span(struct spell *s, char *buf, size_t size, int *spelled,
    int *bare)
{
	unsigned long v;
	size_t u;

	if (!spell_is(s, s->i, '0', NULL) ||
	    util_parse_ulong(s->t[s->i].text, 0, 36500UL * 86400, &v) == -1)
		return -1;
	*spelled = 0;
	*bare = 1;
	for (u = 0; s->i + 1 < s->n && u < sizeof(spell_units) /
	    sizeof(spell_units[0]); u++)
		if (spell_is(s, s->i + 1, 'a', spell_units[u].name)) {
			*spelled = spell_units[u].name[1] != '\0';
			*bare = 0;
			s->i++;
			snprintf(buf, size, "%lu%c", v * (unsigned long)
			    spell_units[u].times, spell_units[u].unit);
			break;
		}
	if (*bare)
		snprintf(buf, size, "%lu", v);
	s->i++;
	return 0;
}

/* Adds the word w to s->out; its offset in *at. */
static void
spell_emit(struct spell *s, const char *w, size_t *at)
{
	size_t n = strlen(s->out);

	*at = n + (n > 0);
	util_append(s->out, sizeof(s->out), " ", w);
}

/* Reads "per move", "a game", "/move", "for the whole game" after a
 * duration: 'm', 'g', or 0 (nothing read). */
static int
spell_per(struct spell *s)
{
	static const char *const filler[] = { "per", "a", "an", "each",
	    "every", "for", "the", "whole", "one", "in", NULL };
	static const char *const move[] = { "move", "moves", "turn",
	    "turns", NULL };
	static const char *const game[] = { "game", "total", NULL };
	size_t j = s->i;

	while (spell_is(s, j, '/', NULL) || spell_word_of(s, j, filler))
		j++;
	if (j == s->i && !spell_word_of(s, j, game))
		return 0;
	s->i = j + 1;
	if (spell_word_of(s, j, move))
		return 'm';
	if (spell_word_of(s, j, game))
		return 'g';
	s->i = j;
	return -1;
}

/* Notes the duration w, at at in s->out, as unsure: bare (no unit),
 * unit (only its unit is unsure). */
static void
spell_unsure(struct spell *s, size_t at, const char *w, int bare, int unit)
{
	if (s->namb++ > 0)
		return;
	s->amb_at = at;
	s->amb_len = strlen(w);
	s->amb_bare = bare;
	s->amb_unit = unit;
}

/* A bank, or the time of one move: N/T, B+I, T, T per move, T per game
 * (after "bank": told). */
static int
spell_bank(struct spell *s, int told)
{
	char a[SPELL_WORD], b[SPELL_WORD], w[3 * SPELL_WORD];
	int spelled, bare, spelled2, bare2, per;
	size_t at;

	if (spell_is(s, s->i + 1, '/', NULL) && spell_is(s, s->i + 2, '0',
	    NULL)) {
		snprintf(a, sizeof(a), "%s", s->t[s->i].text);
		s->i += 2;
		if (spell_span(s, b, sizeof(b), &spelled, &bare) == -1)
			return -1;
		snprintf(w, sizeof(w), "%s/%s", a, b);
		spell_emit(s, w, &at);
		return 0;
	}
	if (spell_span(s, a, sizeof(a), &spelled, &bare) == -1)
		return -1;
	if (spell_is(s, s->i, '+', NULL) || spell_is(s, s->i, 'a', "plus")) {
		s->i++;
		if (spell_span(s, b, sizeof(b), &spelled2, &bare2) == -1)
			return -1;
		snprintf(w, sizeof(w), "%s+%s", a, b);
		spell_emit(s, w, &at);
		return 0;
	}
	if ((per = spell_per(s)) == -1)
		return -1;
	snprintf(w, sizeof(w), "%s%s", per == 'm' ? "move=" : "", a);
	spell_emit(s, w, &at);
	if (bare && strtoul(a, NULL, 10) <= SPELL_DAYLIKE)
		spell_unsure(s, at, w, 1, per != 0 || told);
	else if (per == 0 && !told && spelled)
		spell_unsure(s, at, w, 0, 0);
	return 0;
}

/* Reads the durations of remind=, comma-separated, into buf. */
static int
spell_list(struct spell *s, char *buf, size_t size)
{
	char a[SPELL_WORD];
	int spelled, bare;

	buf[0] = '\0';
	do {
		if (buf[0] != '\0')
			s->i++;
		if (spell_span(s, a, sizeof(a), &spelled, &bare) == -1)
			return -1;
		util_append(buf, size, ",", a);
	} while (spell_is(s, s->i, ',', NULL));
	return 0;
}

/* KEY=VALUE. */
static int
spell_keyword(struct spell *s)
{
	static const char *const spans[] = { "move", "game", "cap", "double",
	    NULL };
	char key[SPELL_WORD], v[2 * SPELL_WORD], w[3 * SPELL_WORD];
	int spelled, bare = 0;
	size_t at;

	snprintf(key, sizeof(key), "%s", s->t[s->i].text);
	s->i += 2;
	if (strcmp(key, "bank") == 0)
		return spell_bank(s, 1);
	if (strcmp(key, "leave") == 0 && spell_is(s, s->i, '0', NULL)) {
		snprintf(v, sizeof(v), "%s", s->t[s->i++].text);
		if (s->i < s->n && !s->t[s->i].spaced && (spell_is(s, s->i,
		    'a', "d") || spell_is(s, s->i, 'a', "day") ||
		    spell_is(s, s->i, 'a', "days")))
			s->i++;	/* leave=20d; leave=20 days is 20 and days */
	} else if (strcmp(key, "remind") == 0) {
		if (spell_list(s, v, sizeof(v)) == -1)
			return -1;
	} else if (spell_word_of(s, s->i - 2, spans)) {
		if (spell_span(s, v, sizeof(v), &spelled, &bare) == -1)
			return -1;
	} else
		return -1;
	snprintf(w, sizeof(w), "%s=%s", key, v);
	spell_emit(s, w, &at);
	if (bare && strtoul(v, NULL, 10) <= SPELL_DAYLIKE)
		spell_unsure(s, at, w, 1, 1);
	return 0;
}

/* One word or phrase at s->i. */
static int
spell_next(struct spell *s)
{
	size_t at;

	if (spell_is(s, s->i, 'a', NULL) && spell_is(s, s->i + 1, '=', NULL))
		return spell_keyword(s);
	if (spell_is(s, s->i, 'a', "days")) {
		s->i++;
		spell_emit(s, "days", &at);
		return 0;
	}
	if (spell_is(s, s->i, 'a', "bank")) {
		s->i++;
		return spell_bank(s, 1);
	}
	return spell_bank(s, 0);
}

/* s->out with its unsure duration given prefix pre and, when it had no
 * unit, the unit unit, into buf. */
static void
spell_swap(const struct spell *s, const char *pre, const char *unit,
    char *buf, size_t size)
{
	const char *w = s->out + s->amb_at;

	snprintf(buf, size, "%.*s%s%.*s%s%s", (int)s->amb_at, s->out, pre,
	    (int)s->amb_len, w, s->amb_bare ? unit : "", w + s->amb_len);
}

int
clock_control_guess(const char *text, struct clock_guess *g)
{
	struct spell s;

	memset(&s, 0, sizeof(s));
	memset(g, 0, sizeof(*g));
	if (spell_tokens(&s, text) == -1)
		return -1;
	while (s.i < s.n)
		if (spell_next(&s) == -1)
			return -1;
	snprintf(g->text, sizeof(g->text), "%s", s.out);
	if (s.namb > 1)
		return -1;	/* several unsure: no one spelling to name */
	if (s.amb_len == 0)
		return 0;
	if (s.amb_unit) {
		spell_swap(&s, "", "d", g->text, sizeof(g->text));
		spell_swap(&s, "", "s", g->bare, sizeof(g->bare));
		return 1;
	}
	spell_swap(&s, "move=", "d", g->text, sizeof(g->text));
	spell_swap(&s, "", "d", g->alt, sizeof(g->alt));
	if (s.amb_bare)
		spell_swap(&s, "", "s", g->bare, sizeof(g->bare));
	return 1;
}

/* --- a control in words ------------------------------------------ */

/* Writes the span t in words, "21 days", "1 day 12 hours", into buf. */
static void
spell_span_words(long long t, char *buf, size_t size)
{
	static const char *const name[] = { "day", "hour", "minute",
	    "second" };
	static const long long secs[] = { 86400, 3600, 60, 1 };
	char part[48];
	long long whole = t;
	size_t i;

	buf[0] = '\0';
	for (i = 0; i < 4; i++)
		if (t / secs[i] > 0 || (whole == 0 && i == 3)) {
			snprintf(part, sizeof(part), "%lld %s%s", t / secs[i],
			    name[i], t / secs[i] == 1 ? "" : "s");
			util_append(buf, size, " ", part);
			t %= secs[i];
		}
}

/* Adds the phrase pre, the span t in words, post to buf. */
static void
spell_say(char *buf, size_t size, const char *pre, long long t,
    const char *post)
{
	char span[96], phrase[192];

	spell_span_words(t, span, sizeof(span));
	snprintf(phrase, sizeof(phrase), "%s%s%s", pre, span, post);
	util_append(buf, size, ", ", phrase);
}

/* The bank of c in words, added to buf. */
static void
spell_say_bank(const struct clock_control *c, char *buf, size_t size)
{
	char post[64];

	if (c->every > 1) {
		snprintf(post, sizeof(post), " for each %lu moves", c->every);
		spell_say(buf, size, "", c->base, post);
	} else if (c->inc > 0) {
		spell_say(buf, size, "a bank of ", c->base, "");
		spell_say(buf, size, "", c->inc, " more after each move");
	} else
		spell_say(buf, size, "", c->base, " for the whole game");
}

void
clock_control_say(const struct clock_control *c, char *buf, size_t size)
{
	char n[64];
	unsigned i;

	buf[0] = '\0';
	if (!c->timed) {
		snprintf(buf, size, "none");
		return;
	}
	if (c->bank)
		spell_say_bank(c, buf, size);
	if (c->cap > 0)
		spell_say(buf, size, "never above ", c->cap, "");
	if (c->per_move > 0)
		spell_say(buf, size, "", c->per_move, " per move");
	if (c->game > 0)
		spell_say(buf, size, "at most ", c->game, " in all");
	if (c->whole_days)
		util_append(buf, size, ", ", "counted in whole days");
	if (c->doubling > 0)
		spell_say(buf, size, "a move's time beyond ", c->doubling,
		    " counted twice");
	for (i = 0; i < c->nremind; i++)
		spell_say(buf, size, i == 0 ? "a reminder after " : "",
		    c->remind[i], "");
	if (c->leave > 0) {
		snprintf(n, sizeof(n), "%u day%s of leave a year", c->leave,
		    c->leave == 1 ? "" : "s");
		util_append(buf, size, ", ", n);
	}
}
