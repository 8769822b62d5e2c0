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
