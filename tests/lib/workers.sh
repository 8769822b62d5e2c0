# tests/lib/workers.sh - players' mails for many `stackref referee`
# workers at once, and what they must find in the mailboxes (bash);
# sourced by tests/workers.sh and bench/workers.sh, not a test itself
# (tests/run.sh runs tests/*.sh only).
#
# Needs tests/lib/common.sh sourced, the servers of tests/servers.sh
# started with SR_MORE_USERS set to
# "$(w_users)" (the players p1 .. p$W_NPLAYERS have mailboxes), those
# of tests/lib/pg.sh for a PostgreSQL store, and:
#     W_DIR    a folder of the caller's (mails, logs, the clock file)
#     bin      the stackref to run
#     w_sql    a function: SQL on the store, one value a line
# Workers (w_start, w_stop) read the time from $W_DIR/now (w_clock sets
# it).  With W_TIMED set, w_submit holds the workers back while it sends
# a batch, and W_BUSY adds up the nanoseconds from its release until
# w_settle finds it all done.  With W_TRACE set, the workers append the
# decisions they make to that file (STACKREF_REFEREE_TRACE).
#
# The load, w_load: W_NPLAYERS players sign up and confirm, pair up
# (p1-p2, p3-p4, ...) and open a board a pair (challenge, accept; a
# second challenge of the same pair would be refused), play the first
# W_PLIES moves of fixtures/referee/checkers-moves on every board at
# once, W_BURST plies a round (1; 2: both players' moves of a board are
# in the mailbox at once, in their order), each board shown once; then the clock passes 7 days (a reminder on
# every board) and 21 (a forfeit on every board).  Each round's mails
# are all sent before the next waits: the workers decide them in any
# order, and the round ends once the store's done table has them all.
W_NPLAYERS=${W_NPLAYERS:-16}
W_PLIES=${W_PLIES:-8}
W_T0=2027-03-01T10:00:00Z       # the clock of the mails' rounds
W_REMIND=2027-03-08T10:05:00Z   # 7 days on: every board reminded
W_FORFEIT=2027-03-22T10:10:00Z  # 21 days on: every board forfeited
W_AFTER=2027-04-30T10:00:00Z    # nothing is due any more
W_SENT=0                        # mails sent to the referee
W_EVENTS=0                      # events of the time pass expected
W_WAIT=${W_WAIT:-120}           # seconds a round may take at most
W_BUSY=0 W_FROM=0
W_BURST=${W_BURST:-1}           # plies of a board a round

# w_worker NAME HOST URL [NS]: runs after runs of one worker on the store
# URL (its "@HOST:" naming HOST), reaching the mail servers at HOST,
# in namespace NS (else here), until W_DIR/stop; each run's pid in
# W_DIR/NAME.pid, its status appended to W_DIR/NAME.st; none starts
# while W_DIR/hold is there.
w_worker() {
	local name=$1 host=$2 url=${3//@HOST:/@$2:} ns=${4:-}
	local -a pre=()
	[ -n "$ns" ] && pre=(ip netns exec "$ns")
	while [ ! -e "$W_DIR/stop" ]; do
		while [ -e "$W_DIR/hold" ]; do sleep 0.02; done
		"${pre[@]}" env -u PGHOST -u PGUSER -u PGDATABASE \
		    ${W_TRACE:+STACKREF_REFEREE_TRACE="$W_TRACE"} \
		    PGPASSFILE="$W_DIR/pgpass" "$bin" referee --store "$url" \
		    --imap "imaps://$host:$SR_IMAPS_PORT/INBOX" \
		    --smtp "smtps://$host:$SR_SMTPS_PORT/referee.$SR_DOMAIN" \
		    --address "referee@$SR_DOMAIN" --cacert "$SR_CACERT" \
		    --user referee --password-file "$W_DIR/referee.pw" \
		    --now "$(cat "$W_DIR/now")" --once \
		    >>"$W_DIR/$name.out" 2>>"$W_DIR/$name.err" </dev/null &
		echo $! >"$W_DIR/$name.pid"
		wait $!
		echo $? >>"$W_DIR/$name.st"
		sleep 0.1
	done
}

# w_secrets: the referee's mail password in W_DIR/referee.pw; the
# workers' PostgreSQL role, worker, its password in W_DIR/pgpass (as an
# operator's ~/.pgpass: never in an argument).
w_secrets() {
	printf 'referee-secret\n' >"$W_DIR/referee.pw"
	psql -q -d stackref -c "CREATE ROLE worker LOGIN PASSWORD 'w-secret'" ||
	    return 1
	printf '*:%s:*:worker:w-secret\n' "$PGPORT" >"$W_DIR/pgpass"
	chmod 600 "$W_DIR/pgpass"
}

# w_start URL NAME:HOST:NS...: a w_worker each; w_stop: waits for them
# to end their runs.
W_LOOPS=""
w_start() {
	local url=$1 w name host ns
	shift
	rm -f "$W_DIR/stop" "$W_DIR"/*.pid "$W_DIR"/*.st "$W_DIR/kills"
	for w in "$@"; do
		IFS=: read -r name host ns <<<"$w"
		w_worker "$name" "$host" "$url" "$ns" 2>>"$W_DIR/$name.loop" &
		W_LOOPS="$W_LOOPS $!"
	done
}
w_stop() {
	touch "$W_DIR/stop"
	[ -z "$W_LOOPS" ] || wait $W_LOOPS 2>/dev/null
	W_LOOPS=""
}

# w_clear: every mailbox emptied, for a new store.
w_clear() {
	local u
	for u in referee $(seq -f 'p%g' "$W_NPLAYERS"); do
		rm -f "$SR_MAILHOME/$u"/Maildir/new/* "$SR_MAILHOME/$u"/Maildir/cur/*
	done
}

w_users() {
	local i
	for i in $(seq "$W_NPLAYERS"); do printf 'p%d:p%d-secret ' "$i" "$i"; done
}

# w_clock TIME: the time the workers' next runs take (--now).
w_clock() { echo "$1" >"$W_DIR/now.tmp" && mv "$W_DIR/now.tmp" "$W_DIR/now"; }

# w_box USER: USER's delivered mails (files), one a line.
w_box() {
	ls -d "$SR_MAILHOME/$1"/Maildir/new/* "$SR_MAILHOME/$1"/Maildir/cur/* \
	    2>/dev/null
}

# w_delivered: waits (up to 20 s) until Exim holds no mail in its spool.
w_delivered() { exim_idle 200; }

# w_compose USER SUBJECT: USER's mail to the referee, into a file of
# W_DIR/out (its Message-ID <wN.PID@DOMAIN>, N counting every mail),
# added to the batch that w_submit sends.
w_compose() {
	local f=$W_DIR/out/$((W_SENT + 1)).eml
	mkdir -p "$W_DIR/out"
	printf 'From: %s@%s\r\nTo: referee@%s\r\nSubject: %s\r\n' "$1" \
	    "$SR_DOMAIN" "$SR_DOMAIN" "$2" >"$f"
	printf 'Message-ID: <w%d.%d@%s>\r\nDate: %s\r\n\r\n%s\r\n' \
	    "$((W_SENT + 1))" "$$" "$SR_DOMAIN" "$(date -R)" "$2" >>"$f"
	W_SENT=$((W_SENT + 1))
	printf '%s %s\n' "$1" "$f" >>"$W_DIR/batch"
}

# w_submit: sends the batch, four SMTP sessions at a time, then waits
# until Exim delivered it; with W_HELD set, the workers stay held back
# and the referee's mailbox is opened, so that Dovecot numbers (UID)
# the mails there before the next batch's come (its order among the
# files of Exim's Maildir deliveries of one second is not theirs).
w_submit() {
	local u f pids=""
	[ -z "${W_TIMED:-}${W_HELD:-}" ] || touch "$W_DIR/hold"
	while read -r u f; do
		curl -sS --cacert "$SR_CACERT" \
		    "smtps://127.0.0.1:$SR_SMTPS_PORT/$u.$SR_DOMAIN" \
		    --user "$u:$u-secret" --mail-from "$u@$SR_DOMAIN" \
		    --mail-rcpt "referee@$SR_DOMAIN" --upload-file "$f" \
		    </dev/null &
		pids="$pids $!"
		[ "$(echo $pids | wc -w)" -lt 4 ] || { wait $pids; pids=""; }
	done <"$W_DIR/batch"
	[ -z "$pids" ] || wait $pids
	: >"$W_DIR/batch"
	w_delivered
	W_FROM=$(date +%s%N)
	[ -z "${W_HELD:-}" ] || curl -sS --cacert "$SR_CACERT" --user \
	    referee:referee-secret "imaps://127.0.0.1:$SR_IMAPS_PORT/INBOX" \
	    -X 'UID SEARCH ALL' >/dev/null
	[ -n "${W_HELD:-}" ] || rm -f "$W_DIR/hold"
}

# w_decided: how many mails and events the store has done.
w_decided() { w_sql "SELECT COUNT(*) FROM done"; }

# w_settle WHAT: waits until the store has done every mail sent and
# every event expected (W_WAIT seconds at most); 1 when it has not.
w_settle() {
	local want=$((W_SENT + W_EVENTS)) i got
	for i in $(seq $((W_WAIT * 10))); do
		got=$(w_decided)
		if [ "${got:-0}" -ge "$want" ]; then
			W_BUSY=$((W_BUSY + $(date +%s%N) - W_FROM))
			return 0
		fi
		sleep 0.1
	done
	echo "w_settle: $1: $got of $want done after ${W_WAIT}s" >&2
	return 1
}

# w_subject USER TEXT: the subject of USER's latest mail holding TEXT.
w_subject() {
	w_box "$1" | xargs -r grep -l -F -- "$2" 2>/dev/null | xargs -r ls -t \
	    2>/dev/null | head -n 1 | xargs -r sed -n 's/^Subject: //p' |
	    tr -d '\r' | head -n 1
}

# w_wait_mail USER TEXT: waits (20 s at most) for a mail of USER holding
# TEXT in its subject.
w_wait_mail() {
	local i
	for i in $(seq 200); do
		[ -n "$(w_subject "$1" "Subject: $2")" ] && return 0
		sleep 0.1
	done
	return 1
}

# w_wait_count USER PATTERN N: waits (20 s at most) until N mails of
# USER have a subject matching PATTERN (grep's).
w_wait_count() {
	local i
	for i in $(seq 200); do
		[ "$(w_box "$1" | xargs -r grep -h "^Subject: $2" 2>/dev/null |
		    wc -l)" -ge "$3" ] && return 0
		sleep 0.1
	done
	echo "w_wait_count: $1 has no $3 mails of $2" >&2
	return 1
}

# w_boards: the boards opened, "BOARD RED WHITE" a line (W_DIR/boards).
# w_open: signups, confirmations, challenges and accepts; fills it.
w_open() {
	local i u v b
	: >"$W_DIR/batch"
	for i in $(seq "$W_NPLAYERS"); do w_compose "p$i" "signup p$i p$i-pw"; done
	w_submit
	for i in $(seq "$W_NPLAYERS"); do
		w_wait_mail "p$i" "confirm p$i" || return 1
	done
	for i in $(seq "$W_NPLAYERS"); do
		w_compose "p$i" "Re: $(w_subject "p$i" "Subject: confirm p$i")"
	done
	w_submit
	w_settle signups || return 1
	for i in $(seq 1 2 "$W_NPLAYERS"); do
		w_compose "p$i" "checkers challenge p$i p$i-pw p$((i + 1))"
	done
	w_submit
	w_settle challenges || return 1
	: >"$W_DIR/boards"
	for i in $(seq 2 2 "$W_NPLAYERS"); do
		u=p$((i - 1)) v=p$i
		w_wait_count "$v" "checkers board [0-9]*: $u challenges you" 1 ||
		    return 1
		while read -r b; do
			echo "$b $u $v" >>"$W_DIR/boards"
			w_compose "$v" "checkers accept $b $v $v-pw"
		done < <(w_box "$v" | xargs -r grep -h "^Subject: checkers board [0-9]*: $u challenges you" |
		    sed 's/^Subject: checkers board \([0-9]*\):.*/\1/')
	done
	w_submit
	w_settle accepts
}

# w_play: W_PLIES plies of moves on every board, W_BURST a round (each
# ply sent whole before the next, the workers held back meanwhile); at
# ply 3 each board is shown to its white player too.
w_play() {
	local p m b u v who
	p=0
	while read -r m && [ $p -lt "$W_PLIES" ]; do
		p=$((p + 1))
		while read -r b u v; do
			who=$u
			[ $((p % 2)) -eq 0 ] && who=$v
			w_compose "$who" "checkers move $b $who $who-pw $m#$p"
			[ $p -ne 3 ] || w_compose "$v" "checkers show $b"
		done <"$W_DIR/boards"
		W_HELD=
		[ $((p % W_BURST)) -eq 0 ] || [ $p -eq "$W_PLIES" ] || W_HELD=1
		w_submit
		[ -n "$W_HELD" ] || w_settle "ply $p" || return 1
	done <"$root/fixtures/referee/checkers-moves"
	W_HELD=
}

# w_time: the clock 7 days on, then 21: each open board has one event
# due each time (a reminder, a forfeit).
w_time() {
	local n
	n=$(wc -l <"$W_DIR/boards")
	w_clock "$W_REMIND"
	W_EVENTS=$((W_EVENTS + n))
	w_settle reminders || return 1
	w_clock "$W_FORFEIT"
	W_EVENTS=$((W_EVENTS + n))
	w_settle forfeits || return 1
	w_clock "$W_AFTER"
}

# w_load: the whole load, from the first signup to the forfeits.
w_load() {
	w_clock "$W_T0"
	w_open && w_play && w_time
}
