#!/bin/sh
# rules_diff2.sh - stackref against a second, independent reading of the
# rules of checkers, stackup, accasta-pari and accasta-pari-2010 (Stein's
# win rule since 2010, issue 22 item 7) (tools/rules_ref/checkers.py,
# accasta.py; written from RULES.md, the seeds and the man pages, not from
# src/rules/), driven by tools/rules_ref/diff2.py:
#   rules_diff2 GAME                 random games (seeded), each to its end
#                                    or a ply cap: at every ply the legal
#                                    moves of the Python reading and of
#                                    `stackref moves` (the record built with
#                                    stackref new and stackref move) are the
#                                    same set, and so are the end of the
#                                    game, its result and the last position;
#   rules_diff2 GAME perft N         perft from the start, both ways;
#   rules_diff2 GAME perft from ...  perft from mid-game positions;
#   rules_diff2 GAME example FEN     RULES.md's worked examples and other
#                                    positions random games rarely reach;
#   rules_diff2 GAME ... set-up      random set-up positions (tall and mixed
#                                    stacks, buried kings), and one move on
#                                    from each: the same moves and result;
#   rules_diff2 checkers replays F   every game of ../shared/data/pdn/F (a
#                                    sample) replays in both, to the same
#                                    position, with the same perft 2 there.
# Environment: RULES_DIFF2_GAMES random games of checkers and stackup
# (default 60), RULES_DIFF2_ACCASTA_GAMES of accasta-pari (default 30),
# RULES_DIFF2_PLIES the ply cap (150), RULES_DIFF2_SEED (1),
# RULES_DIFF2_SAMPLE games replayed of each archive (50; 0 all),
# RULES_DIFF2_SETUPS random set-up positions of each game (100).  The
# defaults keep it near 30 s in make check (and twice that under make
# sanitize); the audit itself ran 300 games of each with no disagreement.
# Prints PASS:/FAIL: lines; a driver that dies without saying FAIL fails.
root=$(cd "$(dirname "$0")/.." && pwd)
bin=${STACKREF:-$root/stackref}
. "$root/tests/lib/common.sh"
need python3 python3 rules_diff2
data=$root/../shared/data/pdn
if [ ! -d "$data" ]; then
	echo "FAIL: rules_diff2 (../shared/data/pdn not found: the shared folder must be beside the repository)"
	exit 1
fi
[ -x "$bin" ] || { echo "FAIL: rules_diff2 (no $bin)"; exit 1; }
tmp=$(mktemp "${TMPDIR:-/tmp}/stackref-rules2.XXXXXX") || exit 1
trap 'rm -f "$tmp"' EXIT
games=${RULES_DIFF2_GAMES:-60}
accasta=${RULES_DIFF2_ACCASTA_GAMES:-30}
plies=${RULES_DIFF2_PLIES:-150}
seed=${RULES_DIFF2_SEED:-1}
sample=${RULES_DIFF2_SAMPLE:-50}
setups=${RULES_DIFF2_SETUPS:-100}
status=0
# run NAME ARG...: the driver with ARGs; its output, and a FAIL of its
# own when it ends badly without one
run() {
	name=$1
	shift
	python3 "$root/tools/rules_ref/diff2.py" --stackref "$bin" \
	    --seed "$seed" "$@" >"$tmp" 2>&1
	st=$?
	cat "$tmp"
	if [ $st -ne 0 ] && ! grep -q '^FAIL: ' "$tmp"; then
		echo "FAIL: rules_diff2 $name (the driver exited $st)"
	fi
	grep -q '^PASS: \|^FAIL: ' "$tmp" ||
	    echo "FAIL: rules_diff2 $name (no result)"
}
run examples --examples
run perft --perft checkers stackup accasta-pari accasta-pari-2010
run setups --setups "$setups" checkers stackup accasta-pari \
    accasta-pari-2010
run random --games "$games" --plies "$plies" checkers stackup
run random --games "$accasta" --plies "$plies" accasta-pari \
    accasta-pari-2010
run replays --pdn --sample "$sample" "$data"/*.pdn
exit 0
