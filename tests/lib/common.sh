# tests/lib/common.sh - helpers the test scripts source (POSIX sh); not a
# test itself (tests/run.sh runs tests/*.sh only):
#     . "$root/tests/lib/common.sh"

# need PROGRAM PACKAGE [NAME]: a test that cannot run is a failure, not a
# skip.  When PROGRAM is missing, prints "FAIL: NAME" naming the Debian
# package that has it (tools/deps.sh check installs them all) and ends
# the script with status 1.  NAME defaults to the script's name.
need() {
	command -v "$1" >/dev/null 2>&1 && return 0
	echo "FAIL: ${3:-${0##*/}} (no $1: apt-get install $2;" \
	    "tools/deps.sh check installs it)"
	exit 1
}

# need_dir DIR NAME: as need, for a folder the test reads (../shared/data
# beside the repository, as CI has it): when DIR is missing, prints
# "FAIL: NAME" saying so and ends the script with status 1.
need_dir() {
	[ -d "$1" ] && return 0
	echo "FAIL: $2 ($1 not found: the shared folder must be beside" \
	    "the repository)"
	exit 1
}

# exim_idle TENTHS: waits (at most TENTHS / 10 seconds; 20 steps a
# second) until the Exim of tests/servers.sh (SR_DIR) holds no mail in
# its spool: what was sent through it is in the mailboxes then.
exim_idle() {
	_exim_i=0
	while [ $_exim_i -lt $(($1 * 2)) ]; do
		ls "$SR_DIR/exim/spool/input" 2>/dev/null | grep -q -- '-H$' ||
		    return 0
		sleep 0.05
		_exim_i=$((_exim_i + 1))
	done
}

# result NAME STATUS [WHY]: prints "PASS: NAME" when STATUS is 0, else
# "FAIL: NAME (WHY)".
result() {
	if [ "$2" = 0 ]; then
		echo "PASS: $1"
	else
		echo "FAIL: $1${3:+ ($3)}"
	fi
}

# unlisted_skips SKIPS LOG: the names of the skips reported in LOG
# ("SKIP: NAME (why)" lines, or TAP "ok N - NAME # SKIP") that the file
# SKIPS does not list (its lines "NAME reason", # for comments), one a
# line.  tests/run.sh counts each as a failure.
unlisted_skips() {
	awk -v skips="$1" 'BEGIN {
		while ((r = getline line <skips) > 0)
			if (split(line, w) > 0 && w[1] !~ /^#/) ok[w[1]] = 1
		if (r < 0) { print "(no-list:" skips ")"; exit 1 }
	}
	/^SKIP: / { n = $2; s = 1 }
	/^(not )?ok [0-9]+.*# SKIP/ {
		n = $0; sub(/^(not )?ok [0-9]+( - )?/, "", n); sub(/ *#.*/, "", n)
		if (n == "") n = "test-" $2
		s = 1
	}
	s { if (!(n in ok)) print n; s = 0 }' "$2"
}

# The PDN helpers below read records with awk alone, apart from stackref,
# so that what they find is evidence of their own.

# pdn_split FILE: each line of PDN FILE (without its carriage return)
# after the number of its game and a tab.  A game starts with a tag
# section: a run of tag lines, which a tag line with text after its "]"
# (as `[FEN "..."] *`) ends.  Lines before the first tag are game 0.
pdn_split() {
	awk '{ sub(/\r$/, "") }
	/^[ \t]*\[/ {
		if (!intag) g++
		intag = 1; s = $0; sub(/^.*\]/, "", s)
		if (s ~ /[^ \t]/) intag = 0
	}
	/^[ \t]*[^[ \t]/ { intag = 0 }
	{ print g + 0 "\t" $0 }' "$1"
}

# pdn_games FILE: the number of games of PDN FILE.
pdn_games() {
	pdn_split "$1" | awk -F '\t' 'END { print $1 + 0 }'
}

# pdn_game FILE N: the lines of game N of PDN FILE.
pdn_game() {
	pdn_split "$1" | awk -v n="$2" '{ g = $0; sub(/\t.*/, "", g) }
	g == n { sub(/^[0-9]*\t/, ""); print }'
}

# pdn_moves FILE N: the moves of game N of PDN FILE, one a line, each as
# its first and last square ("24x15x6" and "24-6" both give 24-6):
# comments, variations, NAGs, move numbers, marks and the result (of
# either of PDN's sets) left out; a token that is none of these comes
# out as "?TOKEN".
pdn_moves() {
	pdn_game "$1" "$2" | awk '/^[ \t]*\[/ { sub(/^.*\]/, "") }
	{ text = text " " $0 }
	END {
		gsub(/\{[^}]*\}/, " ", text)
		while (gsub(/\([^()]*\)/, " ", text)) ;
		gsub(/\$[0-9]+/, " ", text)
		n = split(text, t, /[ \t]+/)
		for (i = 1; i <= n; i++) {
			m = t[i]; sub(/^[0-9]+\.+/, "", m); sub(/[!?]+$/, "", m)
			if (m == "" || m ~ /^(1-0|0-1|2-0|0-2|1-1|0-0|1\/2-1\/2|\*)$/) continue
			if (m !~ /^[0-9]+([-x][0-9]+)+$/) { print "?" m; continue }
			from = m; sub(/[-x].*/, "", from)
			to = m; sub(/.*[-x]/, "", to)
			print from "-" to
		}
	}'
}

# diag_messages: standard input's diagnostics without their
# "stackref: FILE:LINE[:COL]: " prefix (the message and its game and ply).
diag_messages() {
	sed -E 's/^stackref: [^ ]+:[0-9]+(:[0-9]+)?: //'
}

# pdn_known F [replay|convert|reconvert]: the known diagnostics of file F
# of ../shared/data/pdn (tests/data/pdn-known.err, under $root), without
# the comment lines; with "replay", only those that stop a replay (a
# move, "game N, ply P: ...", or a set-up position, "bad FEN position")
# and the warnings of moves read by the plies after them; with
# "convert", what `convert F` reports: those, each fault at a ply
# followed by convert's warning that it keeps the game with the rest of
# its moves in a comment; with "reconvert", what converting that output
# again reports: only the set-up positions (the rest is now comments and
# full paths).
pdn_known() {
	grep -v '^#' "$root/tests/data/pdn-known.err" | grep -F "stackref: $1:" |
	    case ${2:-} in
	    replay) grep -e ': game [0-9]*, ply [0-9]*: ' \
		-e ': bad FEN position: ' ;;
	    convert) grep -e ': game [0-9]*, ply [0-9]*: ' \
		-e ': bad FEN position: ' | awk '{ print }
		!/: warning: / && match($0, /: game [0-9]+, ply [0-9]+: /) {
			p = substr($0, RSTART, RLENGTH); sub(/.*ply /, "", p)
			sub(/: $/, "", p)
			print substr($0, 1, RSTART + RLENGTH - 1) \
			    "warning: written with the moves before ply " p \
			    "; the rest is a comment"
		}' ;;
	    reconvert) grep -e ': bad FEN position: ' ;;
	    *) cat ;;
	    esac || :
}

# known_status FILE: the exit status the known diagnostics in FILE give:
# 0 for none or warnings only, 3 when a set-up position is refused, else
# 1.
known_status() {
	if grep -q ': bad FEN position: ' "$1"; then echo 3
	elif grep -v -q ': warning: ' "$1"; then echo 1
	else echo 0; fi
}

# wait_for N CMD...: waits (up to 10 s: CI machines can be busy) until
# CMD prints a number of at least N; status 1 when it never does.
wait_for() {
	_n=$1 _i=0
	shift
	while [ "$_i" -lt 200 ]; do
		[ "$("$@")" -ge "$_n" ] 2>/dev/null && return 0
		sleep 0.05
		_i=$((_i + 1))
	done
	return 1
}

# servers_up: starts the servers of tests/servers.sh (under $root) and
# sets their variables (SR_DIR, SR_SMTPS_PORT, ...); they are stopped and
# $tmp removed when the script exits.  When they cannot start, reports
# it through the script's own `fail servers WHY`, removes $tmp and exits
# with status 1.
servers_up() {
	_env=$("$root/tests/servers.sh" start 2>"$tmp/start.err") || {
		fail servers "$(cat "$tmp/start.err")"
		rm -rf "$tmp"
		exit 1
	}
	eval "$_env"
	trap '"$root/tests/servers.sh" stop >/dev/null 2>&1; rm -rf "$tmp"' EXIT
	trap 'exit 130' INT TERM
}
