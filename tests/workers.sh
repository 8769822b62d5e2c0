#!/bin/bash
# workers.sh - many `stackref referee` workers on several hosts sharing
# one store, each mail decided once (issue 20, item 4), as root:
#   hosts      two network namespaces, each a veth pair to the root
#              namespace (10.87.N.2/30 there, 10.87.N.1/30 here, N a
#              pair of nets this run claims), made here and removed on
#              exit whatever happens;
#   servers    tests/servers.sh (Dovecot IMAPS, Exim SMTPS) and the
#              PostgreSQL of tests/lib/pg.sh, listening on 127.0.0.1
#              and on the veths' root side; the workers log in to
#              PostgreSQL as a role with a password, from a pgpass file
#              (PGPASSFILE), never from their arguments;
#   the load   tests/lib/workers.sh: 16 players sign up and confirm,
#              open 8 boards, play 8 plies on each (a round two plies:
#              both moves of a board in the mailbox at once, so that a
#              worker deciding the second before another finished the
#              first would refuse it; each board shown once), then the
#              clock (--now) passes 7 days (a reminder a board) and 21
#              (a forfeit a board);
#   pg         4 workers, 2 a namespace, each looping runs over the
#              referee's mailbox, on one PostgreSQL database;
#   storm      the same on a new database while a killer SIGKILLs a
#              running worker every 0.2-1 s (each restarts); at the end
#              the replies a killed worker had claimed (a lease of 10
#              minutes) are released, as its lease's end would, and one
#              run sends them;
#   sqlite     the one-host case: 3 workers in the root namespace on one
#              SQLite file (runs take turns on its lock), with the kills;
#   digest     2 workers on a new database: each player to move chooses
#              a daily digest by mail and gets one a day (issue 22).
# After each: every mail done once (the done table has exactly the
# mails sent and the events due, nothing planned, queued or waiting, no
# mail of the mailbox without its keyword); every request answered by
# exactly the replies of its kind (by In-Reply-To and Message-ID, in
# the players' Maildirs); each reminder and forfeit sent once; every
# board's exported record checks (`stackref check`) and holds exactly
# the moves sent, as one worker's would; no mail refused (none of the
# load's is refusable: a refusal is a race of two workers on a board);
# no mail or event decided twice (the workers' claims: the decisions
# they trace, STACKREF_REFEREE_TRACE, less those dropped and made again;
# with kills counted and shown only, as a kill between a drop and its
# trace line counts a decision twice).  A reply found twice with the SAME Message-ID is the
# one duplicate SMTP itself allows (store.h: the server accepted it but
# the worker did not learn so - killed before the outbox row's delete,
# or its answer lost or too late on a loaded machine - RFC 5321 6.1
# prefers a duplicate to a loss): counted and shown, in every phase
# (once in about eight runs without kills on a loaded 2-core machine);
# a duplicate with another Message-ID (a mail decided twice) fails.
# A worker run that ends with a status other than 0 (or 137, killed)
# fails.  Not root, or a server that cannot start: it fails.
set -u
root=$(cd "$(dirname "$0")/.." && pwd)
bin=$(readlink -f "${STACKREF:-$root/stackref}")
. "$root/tests/lib/common.sh"
. "$root/tests/lib/pg.sh"
. "$root/tests/lib/workers.sh"
need curl curl workers/all
need ip iproute2 workers/all
need sqlite3 sqlite3 workers/all

pass() { echo "PASS: workers/$1"; }
fail() { echo "FAIL: workers/$1"; shift; [ $# -gt 0 ] && printf '%s\n' "$@"; }

if [ "$(id -u)" -ne 0 ]; then
	fail "all (not root: the workers' hosts are network namespaces)"
	exit 1
fi
tmp=$(mktemp -d) || exit 1
W_DIR=$tmp/w
mkdir "$W_DIR"
W_TRACE=$W_DIR/trace            # the decisions the workers make
W_BURST=2
NET_CLAIMS=/tmp/stackref-nets   # the nets' claims, as servers.sh's ports

# net_claim: claims a pair of nets for this run (mkdir is atomic; a
# claim whose run's folder is gone is stale), so that runs at once on
# one host never take the same addresses; sets NETS, A and B.
net_claim() {
	local k c
	mkdir -p "$NET_CLAIMS" 2>/dev/null
	for k in $(seq 1 100); do
		c=$NET_CLAIMS/$k
		if ! mkdir "$c" 2>/dev/null; then
			[ -d "$(cat "$c/dir" 2>/dev/null || echo /)" ] && continue
			rm -rf "$c" && mkdir "$c" 2>/dev/null || continue
		fi
		echo "$tmp" >"$c/dir"
		NET_CLAIM=$c NETS="$((2 * k - 1)) $((2 * k))"
		A=10.87.$((2 * k - 1)).1 B=10.87.$((2 * k)).1
		return 0
	done
	return 1
}
NET_CLAIM=""
net_claim || { fail "all (no free pair of nets in $NET_CLAIMS)"; exit 1; }
LISTEN=$A,$B
killer=""

net_down() {
	local n
	for n in $NETS; do
		ip netns del "sr$$-$n" 2>/dev/null
		ip link del "vr$$-$n" 2>/dev/null
	done
	[ -n "$NET_CLAIM" ] && rm -rf "$NET_CLAIM"
}
cleanup() {
	workers_stop
	pg_stop
	[ -n "${SR_DIR:-}" ] && "$root/tests/servers.sh" stop >/dev/null 2>&1
	net_down
	[ -n "${W_KEEP:-}" ] && echo "workers.sh: kept $tmp" >&2 || rm -rf "$tmp"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# net_up: the namespaces and their veth pairs.
net_up() {
	local n ns
	for n in $NETS; do
		ns=sr$$-$n
		ip netns add "$ns" &&
		    ip link add "vr$$-$n" type veth peer name eth0 netns "$ns" &&
		    ip addr add "10.87.$n.1/30" dev "vr$$-$n" &&
		    ip link set "vr$$-$n" up &&
		    ip -n "$ns" addr add "10.87.$n.2/30" dev eth0 &&
		    ip -n "$ns" link set eth0 up &&
		    ip -n "$ns" link set lo up || return 1
	done
}

net_up || { fail "all (cannot make the network namespaces)"; exit 1; }
env=$(SR_LISTEN=$LISTEN SR_MORE_USERS=$(w_users) \
    "$root/tests/servers.sh" start 2>"$tmp/start.err") ||
    { fail servers "$(cat "$tmp/start.err")"; exit 1; }
eval "$env"
PG_LISTEN=$LISTEN pg_start || exit 1
w_secrets || { fail "all (no role)"; exit 1; }

# killer: SIGKILLs a running worker run (its pid file's process, if it
# still is stackref) every 0.2-1 s; each kill a line of W_DIR/kills.
# The killed run's claims (owner HOST:PID:RANDOM) end at once, as their
# lease would 30 s later: a claim that a kill leaves before its
# decision's process starts would hold its mail that long, and a storm
# of kills makes many.
killer() {
	local f pid
	while [ ! -e "$W_DIR/stop" ]; do
		sleep "0.$((RANDOM % 9 + 2))"
		f=$(ls "$W_DIR"/*.pid 2>/dev/null | shuf -n 1)
		[ -n "$f" ] && pid=$(cat "$f" 2>/dev/null) && [ -n "$pid" ] &&
		    [ "$(readlink "/proc/$pid/exe" 2>/dev/null)" = "$bin" ] &&
		    kill -KILL "$pid" 2>/dev/null &&
		    echo "$f $pid" >>"$W_DIR/kills" &&
		    w_sql "UPDATE claims SET until = 0 WHERE owner LIKE
		    '%:$pid:%'" >/dev/null 2>&1
	done
}

workers_stop() {
	w_stop
	[ -n "$killer" ] && wait $killer 2>/dev/null
	killer=""
}

# replies: "USER MESSAGE-ID IN-REPLY-TO SUBJECT" for each mail in the
# players' mailboxes ("-" for no In-Reply-To).
replies() {
	local u f
	for u in $(seq -f 'p%g' "$W_NPLAYERS"); do
		for f in $(w_box "$u"); do
			awk -v u="$u" 'BEGIN { irt = "-" }
			{ sub(/\r$/, "") }
			/^$/ { exit }
			tolower($1) == "message-id:" { mid = $2 }
			tolower($1) == "in-reply-to:" { irt = $2 }
			/^Subject: / { s = substr($0, 10) }
			END { print u, mid, irt, s }' "$f"
		done
	done
}

# kind SUBJECT: the replies a request of SUBJECT has (distinct mails).
kind() {
	case $1 in
	signup*|Re:*|*" show "*) echo 1 ;;
	*) echo 2 ;;     # challenge, accept, move: both players
	esac
}

# check_replies PHASE: every request answered by its replies, once; the
# same Message-ID twice is counted in $resent and shown, any other extra
# reply fails.
check_replies() {
	local p=$1 f mid subj want got bad=""
	replies >"$tmp/replies"
	resent=$(awk '{ print $1, $2 }' "$tmp/replies" | sort | uniq -d | wc -l)
	sort -u -k1,2 "$tmp/replies" >"$tmp/distinct"
	for f in "$W_DIR"/out/*.eml; do
		mid=$(sed -n 's/^Message-ID: \(<[^>]*>\).*/\1/p' "$f")
		subj=$(sed -n 's/^Subject: //p' "$f" | tr -d '\r')
		want=$(kind "$subj")
		got=$(awk -v m="$mid" '$3 == m' "$tmp/distinct" | wc -l)
		[ "$got" -eq "$want" ] ||
		    bad="$bad
$subj $mid: $got replies, want $want"
	done
	[ -z "$bad" ] && pass "$p/one-reply-per-request ($(ls "$W_DIR"/out |
	    wc -l) requests)" || fail "$p/one-reply-per-request" "$bad"
	echo "$p: $resent replies resent with the same Message-ID"
	[ "$resent" -eq 0 ] || awk '{ print $2 }' "$tmp/replies" | sort |
	    uniq -d | tr -d '<>' | grep -h -F -f - "$SR_DIR/exim/log/mainlog" |
	    cut -c 1-120
}

# check_time PHASE: one reminder to the player to move and one forfeit
# to each player, per board.
check_time() {
	local b u v bad=""
	while read -r b u v; do
		n=$(grep -c " Reminder 1: checkers board $b: " "$tmp/distinct")
		[ "$n" -eq 1 ] || bad="$bad board $b: $n reminders;"
		n=$(grep " checkers board $b: game over" "$tmp/distinct" |
		    awk '{ print $1 }' | sort | uniq -c | awk '$1 == 1' | wc -l)
		[ "$n" -eq 2 ] || bad="$bad board $b: forfeits to $n of 2;"
	done <"$W_DIR/boards"
	[ -z "$bad" ] && pass "$1/time-once" || fail "$1/time-once" "$bad"
}

# moves_of FILE: the moves of the PDN record FILE, one a line.
moves_of() {
	sed -e '/^\[/d' -e 's/{[^}]*}//g' "$1" | tr -s ' \t\r\n' '\n' |
	    grep -v -e '^[0-9]*\.' -e '^$' -e '^\*$' -e '-[0-1]$' -e '^1/2'
}

# check_store PHASE URL: the store's tables and records.
check_store() {
	local p=$1 url=$2 b u v bad="" want
	PGPASSFILE=$W_DIR/pgpass "$bin" referee --store "${url//@HOST:/@127.0.0.1:}" --export \
	    "$tmp/export.$p" 2>"$tmp/export.err" ||
	    fail "$p/export" "$(cat "$tmp/export.err")"
	w_sql "SELECT at, summary FROM done ORDER BY at" >"$tmp/done.$p"
	w_sql "SELECT * FROM meta" >>"$tmp/done.$p"
	head -n "$W_PLIES" "$root/fixtures/referee/checkers-moves" >"$tmp/want"
	while read -r b u v; do
		f=$tmp/export.$p/games/$b.pdn
		"$bin" check -q "$f" 2>/dev/null || bad="$bad board $b: check fails;"
		moves_of "$f" | cmp -s - "$tmp/want" ||
		    bad="$bad board $b: moves $(moves_of "$f" | tr '\n' ' ');"
	done <"$W_DIR/boards"
	want=$((W_NPLAYERS / 2))
	[ "$(wc -l <"$W_DIR/boards")" -eq "$want" ] ||
	    bad="$bad $(wc -l <"$W_DIR/boards") boards, want $want;"
	[ -z "$bad" ] && pass "$p/records ($want boards, $W_PLIES plies each)" ||
	    fail "$p/records" "$bad"
	left=$(w_sql "SELECT (SELECT COUNT(*) FROM plans) || ' ' ||
	    (SELECT COUNT(*) FROM outbox) || ' ' || (SELECT COUNT(*) FROM inbox)")
	[ "$(w_decided)" -eq $((W_SENT + W_EVENTS)) ] && [ "$left" = "0 0 0" ] &&
	    pass "$p/done-once ($W_SENT mails, $W_EVENTS events)" ||
	    fail "$p/done-once" "done $(w_decided), want $((W_SENT + W_EVENTS));" \
	    "plans, outbox, inbox left: $left" "$(w_sql "SELECT o.key, n, \
	    rcpt, ready, next_try, tries, d.summary FROM outbox o LEFT JOIN \
	    done d ON d.key = o.key")"
	unflagged=$(curl -sS --cacert "$SR_CACERT" --user referee:referee-secret \
	    "imaps://127.0.0.1:$SR_IMAPS_PORT/INBOX" -X \
	    'UID SEARCH UNKEYWORD StackrefDone' | tr -d '\r' |
	    sed -n 's/^\* SEARCH//p' | wc -w)
	[ "$unflagged" -eq 0 ] && pass "$p/all-flagged" ||
	    fail "$p/all-flagged" "$unflagged mails without StackrefDone"
}

# check_decided PHASE KILL: no mail refused; no mail or event decided
# twice (failing only without kills: KILL 0).
check_decided() {
	local p=$1 twice refused
	refused=$(w_sql "SELECT summary FROM done WHERE summary LIKE 'refused%'")
	[ -z "$refused" ] && pass "$p/none-refused" ||
	    fail "$p/none-refused" "$refused"
	twice=$(awk '$1 == "decided" { n[$2]++ } $1 == "dropped" { n[$2]-- }
	    END { for (k in n) if (n[k] > 1) print k, n[k] }' "$W_TRACE")
	echo "$p: $(wc -l <"$W_TRACE") decisions traced," \
	    "$(echo -n "$twice" | grep -c .) decided twice"
	if [ "$2" = 0 ]; then
		[ -z "$twice" ] && pass "$p/decided-once" ||
		    fail "$p/decided-once" "$(echo "$twice" | head -n 5)"
	fi
}

# check_runs PHASE: every run ended 0, or 137 (killed).
check_runs() {
	local runs bad
	runs=$(cat "$W_DIR"/*.st | wc -l)
	bad=$(cat "$W_DIR"/*.st | grep -v -x -e 0 -e 137 | sort | uniq -c)
	[ -z "$bad" ] && pass "$1/runs ($runs runs)" || fail "$1/runs" \
	    "statuses: $bad" "$(cat "$W_DIR"/*.err | sort | uniq -c | head)"
}

# phase NAME URL KILL WORKERS...: the load on the store URL by the
# workers (NAME:HOST:NAMESPACE each), the killer too when KILL is 1;
# then the checks.
phase() {
	local p=$1 url=$2 kill=$3 t0 k=0 released=0
	shift 3
	w_clear
	W_SENT=0 W_EVENTS=0
	rm -rf "$W_DIR/out"
	: >"$W_TRACE"
	t0=$(date +%s)
	w_clock "$W_T0"
	w_start "$url" "$@"
	w_open || fail "$p/open" "$(tail -n 3 "$W_DIR"/*.err)"
	if [ "$kill" = 1 ]; then
		killer &
		killer=$!
	fi
	{ w_play && w_time; } || fail "$p/load" "$(tail -n 3 "$W_DIR"/*.err)"
	workers_stop
	[ -s "$W_DIR/kills" ] && k=$(wc -l <"$W_DIR/kills")
	check_runs "$p"
	if [ "$kill" = 1 ]; then
		# the leases of the killed workers' replies end
		released=$(w_sql "UPDATE outbox SET next_try = 0 RETURNING 1" |
		    grep -c 1)
		w_start "$url" "${1%%:*}-drain:${1#*:}"
		sleep 0.5
		touch "$W_DIR/stop"
		workers_stop
	fi
	w_delivered
	check_store "$p" "$url"
	check_decided "$p" "$kill"
	check_replies "$p"
	check_time "$p"
	echo "workers/$p: $((W_SENT + W_EVENTS)) mails and events in" \
	    "$(($(date +%s) - t0)) s by $# workers; $k kills; $released" \
	    "replies released from a killed worker's lease; $resent resent"
}

pgdb() { psql -q -d stackref -c "CREATE DATABASE $1 OWNER worker"; }
w_sql_pg() { psql -qAt -d "$W_DB" -c "$1"; }
w_sql_lite() { sqlite3 -cmd ".timeout 10000" "$tmp/lite/referee.db" "$1"; }

phases=${W_PHASES:-pg storm sqlite digest}
W_DB=sr_workers
pgdb "$W_DB"
w_sql() { w_sql_pg "$@"; }
[[ " $phases " == *" pg "* ]] &&
phase pg "postgresql://worker@HOST:$PGPORT/$W_DB" 0 \
    "a1:$A:sr$$-${NETS% *}" "a2:$A:sr$$-${NETS% *}" \
    "b1:$B:sr$$-${NETS#* }" "b2:$B:sr$$-${NETS#* }"

W_DB=sr_storm
pgdb "$W_DB"
[[ " $phases " == *" storm "* ]] &&
phase storm "postgresql://worker@HOST:$PGPORT/$W_DB" 1 \
    "a1:$A:sr$$-${NETS% *}" "a2:$A:sr$$-${NETS% *}" \
    "b1:$B:sr$$-${NETS#* }" "b2:$B:sr$$-${NETS#* }"

mkdir "$tmp/lite"
w_sql() { w_sql_lite "$@"; }
[[ " $phases " == *" sqlite "* ]] &&
phase sqlite "sqlite:$tmp/lite/referee.db" 1 \
    l1:127.0.0.1: l2:127.0.0.1: l3:127.0.0.1:

# --- issue 22, item 15: two workers send one digest a player a day ---
# A new PostgreSQL database, 2 workers (one a namespace): the players
# open their boards; each player to move (the challenger) chooses by
# mail a daily digest at 09:00 UTC.  At 09:00 the next day each gets
# exactly one digest, naming her board, and the store one done "digest
# to" row each; runs at 12:00 add none; the day after, one more each.
# No digest decided twice (the workers' trace).
# digest_count USER: USER's digests.
digest_count() {
	w_box "$1" | xargs -r grep -h '^Subject: stackref referee: your turn' \
	    2>/dev/null | wc -l
}
digest_phase() {
	local n b u v bad=""
	W_DB=sr_digest
	pgdb "$W_DB"
	w_sql() { w_sql_pg "$@"; }
	w_clear
	W_SENT=0 W_EVENTS=0
	rm -rf "$W_DIR/out"
	: >"$W_TRACE"
	w_clock "$W_T0"
	w_start "postgresql://worker@HOST:$PGPORT/$W_DB" \
	    "d1:$A:sr$$-${NETS% *}" "d2:$B:sr$$-${NETS#* }"
	w_open || fail digest/open "$(tail -n 3 "$W_DIR"/*.err)"
	while read -r b u v; do
		w_compose "$u" "notify $u $u-pw digest 9"
	done <"$W_DIR/boards"
	w_submit
	w_settle notify || fail digest/notify
	n=$(wc -l <"$W_DIR/boards")
	w_clock 2027-03-02T09:00:05Z
	W_EVENTS=$n
	w_settle digests || fail digest/sent
	w_clock 2027-03-02T12:00:00Z
	sleep 3
	[ "$(w_sql "SELECT COUNT(*) FROM done WHERE summary LIKE
	    'digest to %'")" -eq "$n" ] && pass "digest/once-a-day ($n)" ||
	    fail digest/once-a-day "$(w_sql "SELECT summary FROM done WHERE
	    summary LIKE 'digest to %'")"
	w_clock 2027-03-03T09:00:05Z
	W_EVENTS=$((2 * n))
	w_settle "next day" || fail digest/next-day
	workers_stop
	w_delivered
	while read -r b u v; do
		[ "$(digest_count "$u")" -eq 2 ] &&
		    [ "$(digest_count "$v")" -eq 0 ] && w_box "$u" |
		    xargs -r grep -l -F "board $b, checkers: you (red)" \
		    >/dev/null || bad="$bad $u: $(digest_count "$u")," \
		    "$v: $(digest_count "$v");"
	done <"$W_DIR/boards"
	[ -z "$bad" ] && pass digest/one-each || fail digest/one-each "$bad"
	check_runs digest
	check_decided digest 0
}
[[ " $phases " == *" digest "* ]] && digest_phase
exit 0
