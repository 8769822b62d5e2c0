/*
 * fuzz_replay.c - a PDN stream read and every game replayed under its
 * rules (src/game/replay.c), as `stackref check` does, with the move texts
 * made canonical; a game replayed so must replay again, its canonical
 * texts, to the same position.
 */
#include "notation/pdn.h"
#include "model/record.h"
#include "game/replay.h"
#include "common.h"

static void
replay_game(struct record *g, struct diag *d)
{
	struct replay_opts o = { "fuzz", 1, REPLAY_ALL, 1 };
	struct replay rp, again;

	if (replay_run(&rp, g, &o, d) == -1)
		return;
	replay_result(&rp, g, &o, d);
	fuzz_assert(replay_run(&again, g, &o, d) == 0 &&
	    again.plies == rp.plies && pos_equal(&again.pos, &rp.pos),
	    "a canonical record replays the same");
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	fuzz_each_game(&notation_pdn, data, size, replay_game);
	return 0;
}
