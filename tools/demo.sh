#!/bin/sh
# demo.sh BINARY - a short game of checkers refereed from the shell: a new
# record, legal moves applied, an illegal one refused with its message and
# status 1, the legal moves listed, the board shown, the record printed.
# Each command is echoed before it runs, in a temporary directory.
# Exits non-zero if stackref does not behave as shown.
set -eu
[ $# -eq 1 ] || { echo "usage: tools/demo.sh BINARY" >&2; exit 2; }
bin=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
[ -x "$bin" ] || { echo "demo.sh: $1: not an executable" >&2; exit 2; }
PATH=$(dirname "$bin"):$PATH
dir=$(mktemp -d "${TMPDIR:-/tmp}/stackref-demo.XXXXXX")
trap 'rm -rf "$dir"' EXIT
cd "$dir"

say() { printf '\n$ %s\n' "$*"; }
# run CMD...: echoes and runs a command that must succeed (its messages
# interleaved with its output, as on a terminal).
run() { say "$@"; "$@" 2>&1; }
# refused CMD...: echoes and runs a command that stackref must reject
# with status 1 (illegal move); the script goes on.
refused() {
	say "$@"
	st=0
	"$@" 2>&1 || st=$?
	echo "(exit status $st)"
	[ "$st" -eq 1 ] || { echo "demo.sh: expected status 1" >&2; exit 1; }
}

run stackref new checkers -t Event=Demo -t Black=Ann -t White=Bob -o game.pdn
run stackref move game.pdn 11-15
run stackref move game.pdn 23-19
run stackref move game.pdn 8-11
run stackref move game.pdn 22-17
refused stackref move game.pdn 11-8
run stackref moves game.pdn
run stackref move -n game.pdn 9-13
run stackref move game.pdn 9-14
run stackref show game.pdn
run stackref show --flip game.pdn
run cat game.pdn
run stackref check game.pdn
