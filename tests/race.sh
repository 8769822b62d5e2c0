#!/bin/sh
# race.sh - many stackref processes writing one record at the same time
# (two mails arriving together, two referee runs overlapping).  Each
# command that rewrites a record holds its lock (".NAME.lock" beside it)
# from before reading it until after the rename, so of several
# conflicting writers exactly one lands and every other one replays the
# new record and is refused with status 1; nothing is torn or lost.
#   race/moves/GAME/MODE-N
#                         PROCS processes (20), each playing a DIFFERENT
#                         legal move (the legal moves taken in turn;
#                         fewer than PROCS legal moves are shared out
#                         again) at ply N, MODE ply (--ply N), as (--as
#                         SIDE) or both: exactly one exits 0, the others
#                         1, and the record is exactly the old one plus
#                         the move that landed (compared with `move -o
#                         -`), checks, and no temporary file is left;
#                         checkers from the start for 24 rounds (most of
#                         an opening and middle game), and each stack game
#                         of fixtures/games from 8 plies before its end
#                         for 6 rounds (or to its end);
#   race/actions/...      two offer-draw at once, then accept-draw and
#                         decline-draw at once, then two resign at once:
#                         one lands each time, the other exits 1 (when
#                         accept-draw landed, the game is over and both
#                         resigns exit 1);
#   race/locked/...       a record whose lock another process (flock(1))
#                         holds for longer than the wait (10 s): status 4
#                         "record is locked", the record untouched; run in
#                         the background while the rounds above run;
#                         (flock(1) is util-linux's: missing, race.sh fails)
#   race/planted/...      a lock file planted as a symbolic link (move
#                         must not create its target) or as a FIFO (move
#                         must not block): status 4 at once, the record
#                         untouched.
# The processes are released together through a FIFO.  Two referee runs
# at once are tested by tests/referee.sh ("overlap/one-reply": the
# referee's own lock on its state directory).  Prints PASS:/FAIL: lines.
root=$(cd "$(dirname "$0")/.." && pwd)
bin=${STACKREF:-$root/stackref}
procs=${RACE_PROCS:-20}
rounds=${RACE_ROUNDS:-24}
stack_rounds=${RACE_STACK_ROUNDS:-6}
. "$root/tests/lib/common.sh"
need flock util-linux
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
cd "$tmp" || exit 1
mkfifo go || exit 1

pass() { echo "PASS: race/$1"; }
fail() {
	echo "FAIL: race/$1"
	[ -n "${2:-}" ] && printf '%s\n' "$2"
}

# race CMDFILE: runs each line of CMDFILE (stackref arguments) as its own
# process, all released at once; line i's status goes to st.i, its
# standard error to err.i.
race() {
	rm -f st.* err.*
	pids="" i=0
	while IFS= read -r args; do
		i=$((i + 1))
		(: <go; eval "\"\$bin\" $args" >/dev/null 2>"err.$i"
		    echo $? >"st.$i") &
		pids="$pids $!"
	done <"$1"
	sleep 0.1
	exec 3<>go
	wait $pids
	exec 3>&-
}

# outcome N: "LANDED REFUSED OTHER" over st.1 .. st.N; the line number
# of the (last) process that exited 0 goes to won.
outcome() {
	landed=0 refused=0 other=0 won=0 j=0
	while [ $j -lt "$1" ]; do
		j=$((j + 1))
		case $(cat "st.$j" 2>/dev/null) in
		0) landed=$((landed + 1)) won=$j ;;
		1) refused=$((refused + 1)) ;;
		*) other=$((other + 1)) ;;
		esac
	done
}

# clean FILE: FILE checks and no temporary file is left beside it.
clean() {
	"$bin" check -q "$1" 2>/dev/null && [ -z "$(ls -A | grep '^\.stackref\.')" ]
}

# why: the refusals and the other failures of the last race.
why() {
	echo "$landed landed, $refused refused, $other other"
	cat err.* | sort | uniq -c | head -10
}

# move_round FILE N MODE: one round at ply N; 0 when it passed, 1 when
# it failed, 2 when the game is over (no move listed, and `show` states
# the result the rules found: an empty listing alone, as from a crash,
# is no proof).  The test is named after $game.
move_round() {
	"$bin" moves "$1" >moves 2>moves.err
	st=$?
	if [ $st -ne 0 ] || [ -s moves.err ]; then
		fail "moves/$game/$3-$2 (moves exited $st)" "$(cat moves.err)"
		return 1
	fi
	if [ ! -s moves ]; then
		"$bin" show "$1" 2>&1 | grep -q '^result [^ ]*: ' && return 2
		fail "moves/$game/$3-$2 (no move listed, and show states no result)"
		return 1
	fi
	cp "$1" prev
	side=second
	"$bin" move -n --as first "$1" "$(head -n 1 moves)" 2>/dev/null &&
	    side=first
	case $3 in
	ply) opt="--ply $2" ;;
	as) opt="--as $side" ;;
	*) opt="--as $side --ply $2" ;;
	esac
	: >cmds
	k=0
	while [ $k -lt "$procs" ]; do
		while IFS= read -r m && [ $k -lt "$procs" ]; do
			k=$((k + 1))
			echo "move $opt $1 '$m'" >>cmds
		done <moves
	done
	race cmds
	outcome "$procs"
	m=$(sed -n "${won}s/.* '\(.*\)'\$/\1/p" cmds)
	if [ $landed -eq 1 ] && [ $refused -eq $((procs - 1)) ] &&
	    "$bin" move -o - prev "$m" >want 2>/dev/null &&
	    cmp -s want "$1" && clean "$1"; then
		pass "moves/$game/$3-$2 ($procs processes: $m landed, $refused refused)"
		return 0
	fi
	fail "moves/$game/$3-$2 ($procs processes)" "$(why)
$(diff prev "$1")"
	return 1
}

# play GAME FILE MAX: plays the record FILE of GAME by races, at most
# MAX rounds or to the end of the game.
play() {
	game=$1
	n=$( ("$bin" moves --ply 999999 "$2" 2>&1 || :) |
	    sed -n 's/.*has only \([0-9]*\) pl.*/\1/p')
	done=0
	while [ $done -lt "$3" ]; do
		n=$((n + 1))
		case $((n % 3)) in 1) mode=ply ;; 2) mode=as ;; *) mode=both ;; esac
		move_round "$2" $n $mode
		case $? in 1) return ;; 2) break ;; esac
		done=$((done + 1))
	done
	pass "moves/$game ($done rounds$([ -s moves ] || echo ", to its end"))"
}

# action_race NAME FILE CMD1 CMD2: the two actions at once; one lands.
action_race() {
	printf '%s\n' "$3 $2" "$4 $2" >cmds
	cp "$2" prev
	race cmds
	outcome 2
	if [ $landed -eq 1 ] && [ $refused -eq 1 ] && clean "$2" &&
	    [ "$(grep -c . "$2")" -ge "$(grep -c . prev)" ] &&
	    ! cmp -s prev "$2"; then
		pass "actions/$1 ($(sed -n "${won}p" cmds | cut -d' ' -f1-3) landed)"
	else
		fail "actions/$1" "$(why)"
	fi
}

# locked_start / locked_end: a move, and a convert -o over its own
# input, on a record whose lock is held.
locked_start() {
	mkdir locked && "$bin" new checkers -o locked/g.pdn &&
	    cp locked/g.pdn locked/before || { fail "locked (no record)"; return; }
	flock locked/.g.pdn.lock sleep 14 &
	holder=$!
	sleep 1
	("$bin" move locked/g.pdn 11-15 2>locked/err; echo $? >locked/st) &
	mover=$!
	# convert -o over its own input waits for the same lock
	("$bin" convert -o locked/g.pdn locked/g.pdn 2>locked/cerr
	    echo $? >locked/cst) &
	converter=$!
}
locked_end() {
	[ -n "${mover:-}" ] || return
	wait "$mover"
	if [ "$(cat locked/st)" = 4 ] && cmp -s locked/before locked/g.pdn &&
	    grep -q 'record is locked' locked/err; then
		pass "locked/status-4"
	else
		fail "locked/status-4" "status $(cat locked/st): $(cat locked/err)"
	fi
	wait "$converter"
	if [ "$(cat locked/cst)" = 4 ] && cmp -s locked/before locked/g.pdn &&
	    grep -q 'record is locked' locked/cerr; then
		pass "locked/convert-status-4"
	else
		fail "locked/convert-status-4" \
		    "status $(cat locked/cst): $(cat locked/cerr)"
	fi
	wait "$holder"
	if "$bin" move locked/g.pdn 11-15 2>/dev/null; then
		pass "locked/released"
	else
		fail "locked/released"
	fi
}

# planted NAME MAKE: move on a record whose lock file MAKE (a command
# given the lock file's path) planted: status 4 within the wait, the
# record and the link's target untouched.
planted() {
	rm -rf planted && mkdir planted && "$bin" new checkers -o planted/g.pdn &&
	    cp planted/g.pdn planted/before && $2 planted/.g.pdn.lock || return
	timeout 30 "$bin" move planted/g.pdn 11-15 2>planted/err
	st=$?
	if [ $st = 4 ] && cmp -s planted/before planted/g.pdn &&
	    [ ! -e planted/target ] && grep -q 'lock file' planted/err; then
		pass "planted/$1"
	else
		fail "planted/$1" "status $st: $(cat planted/err)"
	fi
}
planted symlink "ln -s target"
planted dangling-symlink "ln -s /nonexistent/target"
planted fifo mkfifo

locked_start
if "$bin" new checkers -o checkers.pdn; then
	play checkers checkers.pdn "$rounds"
else
	fail "moves/checkers (new failed)"
fi
for f in "$root"/fixtures/games/*.pdn; do
	g=$(basename "$f" .pdn)
	total=$( ("$bin" moves --ply 999999 "$f" 2>&1 || :) |
	    sed -n 's/.*has only \([0-9]*\) pl.*/\1/p')
	if "$bin" convert --at $((total - 8)) "$f" >"$g.pdn"; then
		play "$g" "$g.pdn" "$stack_rounds"
	else
		fail "moves/$g (no record 8 plies before the end: $total plies?)"
	fi
done

"$bin" new checkers -o act.pdn
action_race offer-twice act.pdn "offer-draw --as first" \
    "offer-draw --as first"
action_race answer act.pdn "accept-draw --as second" \
    "decline-draw --as second"
if grep -q 'decline-draw' act.pdn; then
	action_race resign act.pdn "resign --as first" "resign --as second"
else
	# the draw was accepted: the game is over, so neither side can
	# resign, and the record stays as it is
	cp act.pdn prev
	"$bin" resign --as first act.pdn 2>/dev/null
	st1=$?
	"$bin" resign --as second act.pdn 2>/dev/null
	st2=$?
	if [ $st1 -eq 1 ] && [ $st2 -eq 1 ] && cmp -s prev act.pdn; then
		pass "actions/resign-after-draw (both refused)"
	else
		fail "actions/resign-after-draw (statuses $st1 and $st2, want 1)"
	fi
fi
"$bin" new checkers -o act2.pdn
action_race offer-both act2.pdn "offer-draw --as first" \
    "offer-draw --as second"
action_race resign-both act2.pdn "resign --as first" "resign --as second"
locked_end
exit 0
