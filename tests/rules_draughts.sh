#!/bin/sh
# rules_draughts.sh - the diagonal draughts of stackref against a second,
# independent reading of their rules (tools/rules_ref/draughts.py, written
# from the rules texts stackref-rules(7) cites, not from src/rules/),
# driven by tools/rules_ref/draughts_diff.py:
#   rules_draughts/published/GAME   the reading's perft equals the published
#                                   tables (start and mid-game positions);
#   rules_draughts/GAME/perft       stackref perft GAME N (and --all-paths)
#                                   from the start equals the reading's;
#   rules_draughts/GAME/moves       seeded random games from the start and
#                                   from random set-ups: the same legal
#                                   moves at every ply;
#   rules_draughts/GAME/fen, /end   the same positions, the same ends.
# Every variant of the reading that stackref's table has is compared; one
# it lacks is named on a line of its own.  Environment: RULES_DRAUGHTS_GAMES
# random games of each variant (default 2), RULES_DRAUGHTS_PLIES the ply
# cap (120), RULES_DRAUGHTS_SEED (1), RULES_DRAUGHTS_DEPTH the perft depth
# (4).  Prints PASS:/FAIL: lines; a driver that dies without saying FAIL
# fails.
root=$(cd "$(dirname "$0")/.." && pwd)
bin=${STACKREF:-$root/stackref}
. "$root/tests/lib/common.sh"
need python3 python3 rules_draughts
[ -x "$bin" ] || { echo "FAIL: rules_draughts (no $bin)"; exit 1; }
tmp=$(mktemp "${TMPDIR:-/tmp}/stackref-draughts.XXXXXX") || exit 1
trap 'rm -f "$tmp"' EXIT
PYTHONDONTWRITEBYTECODE=1 python3 "$root/tools/rules_ref/draughts_diff.py" \
    --stackref "$bin" \
    --games "${RULES_DRAUGHTS_GAMES:-2}" \
    --plies "${RULES_DRAUGHTS_PLIES:-120}" \
    --seed "${RULES_DRAUGHTS_SEED:-1}" \
    --depth "${RULES_DRAUGHTS_DEPTH:-4}" >"$tmp" 2>&1
st=$?
cat "$tmp"
if [ $st -ne 0 ] && ! grep -q '^FAIL: ' "$tmp"; then
	echo "FAIL: rules_draughts (the driver exited $st)"
fi
grep -q '^PASS: \|^FAIL: ' "$tmp" || echo "FAIL: rules_draughts (no result)"
exit 0
