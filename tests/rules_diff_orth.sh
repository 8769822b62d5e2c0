#!/bin/sh
# rules_diff_orth.sh - stackref against a second, independent reading of
# the draughts games with orthogonal captures: Turkish
# (tools/rules_ref/turkish.py, written from the rules texts that
# stackref-rules(7) cites, not from src/rules/), driven by
# tools/rules_ref/diff_orth.py:
#   rules_diff_orth perft        perft 1-5 from the start, both ways (no
#                                table is published for Turkish);
#   rules_diff_orth setups       random set-up positions (kings and men
#                                scattered): the same moves there and
#                                after each of them;
#   rules_diff_orth random       random games (seeded), each to its end or
#                                a ply cap: the same moves at every ply,
#                                the same end and result, and perft 2
#                                every 10 plies;
#   rules_diff_orth frisian      the Frisian reading (frisian.py; not yet
#                                a game of stackref) counts the published
#                                perft 1-4 from the start, both ways (dctl,
#                                FMJD forum thread 2822).
# Environment: RULES_DIFF_ORTH_GAMES random games (default 40),
# RULES_DIFF_ORTH_SETUPS set-up positions (150), RULES_DIFF_ORTH_SEED (1).
# The defaults keep it under 20 s; the audit ran 300 games and 300 set-ups
# with no disagreement.  Prints PASS:/FAIL: lines.
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
run perft --perft 5 turkish
run setups --setups "${RULES_DIFF_ORTH_SETUPS:-150}" turkish
run random --games "${RULES_DIFF_ORTH_GAMES:-40}" turkish
got=$(python3 "$root/tools/rules_ref/frisian.py" 4 | tr '\n' ' ')
if [ "$got" = "1 9 9 2 81 81 3 658 658 4 3874 3880 " ]; then
	echo "PASS: rules_diff_orth frisian (perft 1-4 as published)"
else
	echo "FAIL: rules_diff_orth frisian (perft: $got)"
	status=1
fi
exit $status
