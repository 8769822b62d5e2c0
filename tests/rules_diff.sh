#!/bin/sh
# rules_diff.sh - stackref against an independent second reading of the
# rules of stackers-brown and stackers-mogensen: tools/rules_ref/*.py,
# written from RULES.md and the seeds without reading src/rules/.
# tools/rules_ref/diff.py plays seeded random games (from the start and
# from random set-up positions), building each record with `stackref new`
# and `stackref move`, and compares at every ply
#   rules-diff/GAME/moves    the legal moves, as sets of canonical strings
#                            (`stackref moves`);
#   rules-diff/GAME/counts   their number (`stackref perft FILE 1`) where
#                            tall stacks make the list too long;
#   rules-diff/GAME/perft    perft 2 and 3 every 25 plies where small;
#   rules-diff/GAME/result   the end of the game and its result (Result);
#   rules-diff/GAME/fen      the position (`show --format fen`), every 10
#                            plies;
#   rules-diff/GAME/ends     some games reached their end.
# RULES_DIFF_GAMES games per game (default 20 for mogensen, 12 for brown,
# whose positions have thousands of moves; the audit ran 200 of each),
# RULES_DIFF_SEED the seed (default 1), RULES_DIFF_PLIES the ply cap.
# Run from the top of the tree.  Prints PASS:/FAIL: lines; no python3 is
# a failure.
set -u
root=$(cd "$(dirname "$0")/.." && pwd)
bin=${STACKREF:-$root/stackref}
. "$root/tests/lib/common.sh"
need python3 python3
[ -x "$bin" ] || { echo "FAIL: rules-diff (no $bin: run make)"; exit 1; }
status=0
for g in stackers-mogensen:20 stackers-brown:12; do
	n=${RULES_DIFF_GAMES:-${g#*:}}
	python3 "$root/tools/rules_ref/diff.py" --stackref "$bin" \
	    --games "$n" "${g%:*}" || status=1
done
exit $status
