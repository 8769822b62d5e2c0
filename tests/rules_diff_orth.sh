#!/bin/sh
# rules_diff_orth.sh - stackref against a second, independent reading of
# the draughts games with orthogonal captures: Turkish and Frisian
# (tools/rules_ref/turkish.py, frisian.py, written from the rules texts
# that stackref-rules(7) cites, not from src/rules/), driven by
# tools/rules_ref/diff_orth.py, for each game:
#   rules_diff_orth perft        perft 1-5 from the start (no table is
#                                published for Turkish);
#   rules_diff_orth setups       random set-up positions (kings and men
#                                scattered): the same moves there and
#                                after each of them;
#   rules_diff_orth random       random games (seeded), each to its end or
#                                a ply cap: the same moves at every ply,
#                                the same end and result, and perft 2
#                                every 10 plies;
#   rules_diff_orth from-setups  Frisian only: random games from random
#                                set-ups, mostly moving the piece that
#                                moved last, so that the limit of three
#                                plain moves in a row of a king binds;
#   rules_diff_orth frisian      the Frisian reading itself counts the
#                                published perft 1-4 from the start, both
#                                ways (dctl, FMJD forum thread 2822).
# Environment: RULES_DIFF_ORTH_GAMES random games (default 40; Frisian's
# are longer: half as many, and two and a half times as many from
# set-ups),
# RULES_DIFF_ORTH_SETUPS set-up positions (150), RULES_DIFF_ORTH_SEED (1).
# The defaults keep it under 40 s; the audit ran 300 games and 300 set-ups
# of each game with no disagreement.  Prints PASS:/FAIL: lines.
root=$(cd "$(dirname "$0")/.." && pwd)
bin=${STACKREF:-$root/stackref}
. "$root/tests/lib/common.sh"
need python3 python3 rules_diff_orth
[ -x "$bin" ] || { echo "FAIL: rules_diff_orth (no $bin)"; exit 1; }
seed=${RULES_DIFF_ORTH_SEED:-1}
status=0
# run NAME ARG...: the driver with ARGs; a FAIL of its own when it ends
# badly without saying so
run() {
	name=$1
	shift
	out=$(python3 "$root/tools/rules_ref/diff_orth.py" --stackref "$bin" \
	    --seed "$seed" "$@" 2>&1)
	st=$?
	printf '%s\n' "$out"
	if [ $st -ne 0 ] && ! printf '%s\n' "$out" | grep -q '^FAIL: '; then
		echo "FAIL: rules_diff_orth $name (the driver exited $st)"
	fi
	[ $st -eq 0 ] || status=1
}
games=${RULES_DIFF_ORTH_GAMES:-40}
run perft --perft 5 turkish frisian
run setups --setups "${RULES_DIFF_ORTH_SETUPS:-150}" turkish frisian
run random --games "$games" turkish
run random --games $(((games + 1) / 2)) frisian
run from-setups --from-setups --games $((games * 5 / 2)) --plies 80 frisian
got=$(python3 "$root/tools/rules_ref/frisian.py" 4 | tr '\n' ' ')
if [ "$got" = "1 9 9 2 81 81 3 658 658 4 3874 3880 " ]; then
	echo "PASS: rules_diff_orth frisian (perft 1-4 as published)"
else
	echo "FAIL: rules_diff_orth frisian (perft: $got)"
	status=1
fi
exit $status
