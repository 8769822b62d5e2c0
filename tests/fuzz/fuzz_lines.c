/*
 * fuzz_lines.c - the lines of moves of convert --line (src/game/
 * linematch.c): the first line of the input is a line of moves, the rest
 * a PDN stream; each game is replayed with the line's hook.  A game
 * replayed canonically must then follow the line made of its own first
 * moves, written as its record now writes them.
 */
#include <stdlib.h>
#include <string.h>

#include "notation/pdn.h"
#include "model/record.h"
#include "game/linematch.h"
#include "game/replay.h"
#include "common.h"

static int
lines_ply(void *ctx, const struct replay *rp)
{
	linematch_ply(ctx, rp);
	return 0;
}

/* The line of g's first moves (at most 8), its texts joined. */
static char *
lines_own(const struct record *g)
{
	size_t i, at = 0, n = 0, cap = 1;
	char *text;

	for (i = 0; i < g->main.n; i++)
		if (g->main.elems[i].kind == ELEM_MOVE)
			cap += strlen(g->main.elems[i].text) + 1;
	if ((text = malloc(cap)) == NULL)
		return NULL;
	text[0] = '\0';
	for (i = 0; i < g->main.n && n < 8; i++)
		if (g->main.elems[i].kind == ELEM_MOVE) {
			at += (size_t)sprintf(text + at, "%s%s", n > 0 ?
			    " " : "", g->main.elems[i].text);
			n++;
		}
	return text;
}

static void
lines_game(struct linematch *given, struct record *g, struct diag *d)
{
	struct replay_opts o = { "fuzz", 1, REPLAY_ALL, 1 };
	struct linematch own;
	struct replay rp;
	char *text;

	if (replay_walk(&rp, g, &o, lines_ply, given, d) == -1)
		return;
	(void)linematch_found(given, &rp);
	if (rp.total == 0 || (text = lines_own(g)) == NULL)
		return;
	linematch_init(&own);
	if (strpbrk(text, "{}|") == NULL && linematch_add(&own, text) == 1) {
		fuzz_assert(replay_walk(&rp, g, &o, lines_ply, &own, d) == 0,
		    "a canonical record replays again");
		fuzz_assert(linematch_found(&own, &rp),
		    "a game follows its own first moves");
	}
	linematch_free(&own);
	free(text);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const uint8_t *nl = memchr(data, '\n', size);
	size_t first = nl != NULL ? (size_t)(nl - data) : size;
	struct linematch given;
	struct diag d;
	struct record g;
	struct reader *rd;
	unsigned long index;
	char *text;
	FILE *f;

	fuzz_diag(&d);
	linematch_init(&given);
	if ((text = fuzz_string(data, first)) == NULL)
		return 0;
	linematch_add(&given, text);
	free(text);
	record_init(&g);
	if (nl != NULL && (f = fuzz_stream(nl + 1, size - first - 1)) != NULL) {
		if ((rd = notation_pdn.open(f, "fuzz", &d)) != NULL) {
			while (notation_pdn.next(rd, &g, &index) == READ_GAME)
				lines_game(&given, &g, &d);
			notation_pdn.close(rd);
		}
		fclose(f);
	}
	record_free(&g);
	linematch_free(&given);
	return 0;
}
