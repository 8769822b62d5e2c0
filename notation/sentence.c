/*
 * sentence.c - correspondence actions in words (sentence.h).
 */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "base/util.h"
#include "notation/sentence.h"

/* The actions: the token, the words after the side; for an undo, the
 * words before the moves it names and after them (one move, several). */
static const struct sentence_word {
	const char *token;
	const char *words;
	const char *lead, *one, *many;  /* with the moves, or NULL */
} sentence_table[] = {
	{ "resign", "resigns", NULL, NULL, NULL },
	{ "offer-draw", "offers a draw", NULL, NULL, NULL },
	{ "accept-draw", "accepts the draw", NULL, NULL, NULL },
	{ "decline-draw", "declines the draw", NULL, NULL, NULL },
	{ "request-undo", "asks to take back the last move",
	    "asks to take back ", "", "" },
	{ "accept-undo", "accepts: the moves are taken back", "accepts: ",
	    " is taken back", " are taken back" },
	{ "decline-undo", "declines to take the moves back",
	    "declines to take back ", "", "" },
	{ "claim-time", "claims the win on time", NULL, NULL, NULL },
};

/* moves ("a b c") as "a, b and c" into buf; returns how many. */
size_t
sentence_list(const char *moves, char *buf, size_t size)
{
	const char *s = moves;
	size_t n = 0, k, len;

	buf[0] = '\0';
	while (*(s += strspn(s, " ")) != '\0') {
		len = strcspn(s, " ");
		k = strspn(s + len, " ");
		snprintf(buf + strlen(buf), size - strlen(buf), "%s%.*s",
		    n == 0 ? "" : s[len + k] == '\0' ? " and " : ", ",
		    (int)len, s);
		s += len;
		n++;
	}
	return n;
}

/* The sentence of entry a for side, with the moves when given. */
static void
sentence_of(const struct sentence_word *a, const char *side,
    const char *moves, char *buf, size_t size)
{
	char list[512];
	size_t n = moves != NULL && a->lead != NULL ?
	    sentence_list(moves, list, sizeof(list)) : 0;

	snprintf(buf, size, "%c%s ", toupper((unsigned char)side[0]),
	    side + 1);
	if (n == 0)
		util_append(buf, size, "", a->words);
	else
		snprintf(buf + strlen(buf), size - strlen(buf), "%s%s%s",
		    a->lead, list, n == 1 ? a->one : a->many);
	util_append(buf, size, "", ".");
}

const char *
sentence_action(const char *action, const char *moves, char *buf,
    size_t size)
{
	char token[32], side[32];
	unsigned long days;
	size_t i;
	int n = sscanf(action, "%31s %31s %lu", token, side, &days);

	if (n == 3 && strcmp(token, "leave") == 0) {
		snprintf(buf, size, "%c%s takes %lu day%s of leave.",
		    toupper((unsigned char)side[0]), side + 1, days,
		    days == 1 ? "" : "s");
		return buf;
	}
	for (i = 0; n == 2 && i < sizeof(sentence_table) /
	    sizeof(sentence_table[0]); i++)
		if (strcmp(token, sentence_table[i].token) == 0) {
			sentence_of(&sentence_table[i], side, moves, buf,
			    size);
			return buf;
		}
	snprintf(buf, size, "[%s]", action);
	return buf;
}

const char *
sentence_moves(const struct line *l, size_t end, char *buf, size_t size)
{
	size_t i;

	buf[0] = '\0';
	for (i = 0; i < end && i < l->n; i++)
		if (l->elems[i].kind == ELEM_MOVE && l->elems[i].text != NULL)
			util_append(buf, size, " ", l->elems[i].text);
	return buf;
}
