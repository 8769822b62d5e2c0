/* opening.c - classifying checkers games by their three-move ballot. */
#include <stdio.h>
#include <string.h>

#include "game/opening.h"

/* The squares of each side of p, a bit per square. */
static void
opening_masks(const struct pos *p, uint32_t mask[2])
{
	unsigned sq;

	mask[0] = mask[1] = 0;
	for (sq = 0; sq < p->nsquares && sq < 32; sq++)
		if (p->sq[sq].height > 0)
			mask[stack_top_side(&p->sq[sq])] |= (uint32_t)1 << sq;
}

/* Plays the moves text ("9-13 22-18 6-9") from r's start into p. */
static int
opening_play(const struct rules *r, const char *text, struct pos *p)
{
	struct move pattern, m;
	size_t n, err;

	r->start(p);
	while (*text != '\0') {
		n = strcspn(text, " ");
		if (rules_move_parse(r, text, n, &pattern, &err) == -1 ||
		    rules_resolve(r, p, &pattern, &m) != 1)
			return -1;
		r->apply(p, &m);
		text += n + (text[n] == ' ');
	}
	return 0;
}

int
opening_init(struct opening_book *book, const struct rules *r)
{
	struct pos p;
	int i;

	memset(book, 0, sizeof(*book));
	for (i = 0; i < BALLOT_COUNT; i++) {
		if (opening_play(r, ballot_table[i].moves, &p) == -1)
			return -1;
		opening_masks(&p, book->mask[i]);
		book->turn[i] = p.turn;
	}
	book->r = r;
	return 0;
}

int
opening_find(const struct opening_book *book, const struct pos *p)
{
	uint32_t mask[2];
	unsigned sq;
	int i;

	if (book->r == NULL || p->nsquares != 32)
		return 0;
	for (sq = 0; sq < 32; sq++)
		if (p->sq[sq].height > 1 || (p->sq[sq].height == 1 &&
		    stack_top_crowned(&p->sq[sq])))
			return 0;
	opening_masks(p, mask);
	for (i = 0; i < BALLOT_COUNT; i++)
		if (book->mask[i][0] == mask[0] &&
		    book->mask[i][1] == mask[1] && book->turn[i] == p->turn)
			return i + 1;
	return 0;
}

int
opening_text(int n, char *buf, size_t size)
{
	const struct ballot *b = &ballot_table[n - 1];

	return snprintf(buf, size, "ACF %d: %s%s%s%s", n, b->moves,
	    b->name != NULL ? ", " : "", b->name != NULL ? b->name : "",
	    b->standing == BALLOT_BARRED ? ", barred" : "");
}
