#!/bin/sh
# pdngrammar.sh - the PDN 3.0 grammar walked rule by rule (issue 22 item
# 6): for each production of the PDN 3.0 reading grammar and of its FEN
# grammar (wiegerw/pdn grammars/pdn_reading_antlr.g4 and fen_dparser.g,
# doc/grammar.rst @ e8fd04c71de751bb371e520281d316f7cbe13127), and the
# reading grammar's notes on what old files hold, a minimal record that
# exercises it; `stackref check` must read it (and `show` count its
# plies), or refuse it with the reason stackref-pdn(5) documents for the
# few rules stackref deliberately does not support.  Each case is named
# grammar/RULE/CASE.  Prints PASS:/FAIL: lines.
set -u
root=$(cd "$(dirname "$0")/.." && pwd)
bin=${STACKREF:-$root/stackref}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/stackref-grammar.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
fails=0

# verdict NAME OK WHY: PASS, or FAIL with WHY and the output.
verdict() {
	if [ "$2" = 0 ]; then
		echo "PASS: grammar/$1"
	else
		echo "FAIL: grammar/$1 ($3)"
		sed 's/^/    /' "$tmp/out"
		fails=$((fails + 1))
	fi
}

# reads NAME TEXT [PLIES]: TEXT (printf format) is one valid game, of
# PLIES plies on its main line when given.
reads() {
	printf "$2\n" >"$tmp/g.pdn"
	"$bin" check "$tmp/g.pdn" >"$tmp/out" 2>&1
	ok=$?
	[ $ok = 0 ] && grep -q ': 1 game, 1 valid$' "$tmp/out" || ok=1
	if [ $ok = 0 ] && [ $# -ge 3 ]; then
		"$bin" show "$tmp/g.pdn" >>"$tmp/out" 2>&1 &&
		    grep -q " after $3 pl" "$tmp/out" || ok=1
	fi
	verdict "$1" $ok "expected one valid game${3:+ of $3 plies}"
}

# games NAME TEXT N: TEXT is N valid games.
games() {
	printf "$2\n" >"$tmp/g.pdn"
	"$bin" check "$tmp/g.pdn" >"$tmp/out" 2>&1 &&
	    grep -q ": $3 games, $3 valid\$" "$tmp/out"
	verdict "$1" $? "expected $3 valid games"
}

# refuses NAME TEXT WHY: TEXT is refused (status 1 or 3) with WHY in the
# diagnostic.
refuses() {
	printf "$2\n" >"$tmp/g.pdn"
	"$bin" check "$tmp/g.pdn" >"$tmp/out" 2>&1
	st=$?
	[ $st = 1 ] || [ $st = 3 ] && grep -qF -- "$3" "$tmp/out"
	verdict "$1" $? "expected a refusal saying: $3"
}

# keeps NAME TEXT WANT: convert writes WANT (a fixed string) from TEXT.
keeps() {
	printf "$2\n" >"$tmp/g.pdn"
	"$bin" convert "$tmp/g.pdn" >"$tmp/out" 2>&1 &&
	    grep -qF -- "$3" "$tmp/out"
	verdict "$1" $? "expected convert to write: $3"
}

alg='[GameType "21,B,8,8,A0,0"]'

# PdnFile : Game (GameSeparator Game)* GameSeparator?
reads pdnfile/one-game '1. 11-15 23-19 *' 2
reads pdnfile/no-final-separator '1. 11-15 23-19' 2
# GameSeparator : ASTERISK | Result
games separator/asterisk '1. 11-15 *\n1. 9-13 *' 2
games separator/result '1. 11-15 1-0 1. 9-13 0-1' 2
games separator/same-line '1. 11-15 * 1. 9-13 *' 2
# Game : (GameHeader GameBody?) | GameBody
reads game/header-only '[Event "tags only"]' 0
reads game/header-and-body '[Event "x"]\n1. 11-15 *' 1
reads game/body-only '11-15 23-19 *' 2
# GameHeader : PdnTag+ ; PdnTag : LBRACKET IDENTIFIER STRING RBRACKET
reads tag/one '[Event "x"]\n*'
reads tag/several '[Event "x"]\n[Site "y"]\n[Round "2"]\n*'
reads tag/identifier-digits-underscore '[White_Elo2 "x"]\n*'
reads tag/spaces-inside '[ Event   "x" ]\n*'
# STRING : '"' ( ~[\\"] | '\\' . )* '"'
keeps string/escaped-quote '[Event "a \\"b\\" c"]\n*' '[Event "a \"b\" c"]'
keeps string/escaped-backslash '[Event "a \\\\ b"]\n*' '[Event "a \\ b"]'
reads string/empty '[Event ""]\n*'
# GameBody : (GameMove | Variation | COMMENT | SETUP | NAG)+
keeps body/comment '{before} 1. 11-15 {after} *' '{after}'
keeps body/comment-lines '1. 11-15 {two\nlines} *' 'lines}'
keeps body/nag '1. 11-15 $1 23-19 $22 *' '$22'
reads body/variation '1. 11-15 (1. 9-13 22-18) 23-19 *' 2
reads body/variation-nested '1. 11-15 23-19 (22-18 (24-20) 12-16) *' 2
reads body/variation-first '(1. 9-13) 1. 11-15 *' 1
# SETUP : '/' ~'/'* '/' - read before the first move as the [FEN] tag;
# elsewhere refused (stackref-pdn(5): a record plays from one position)
reads setup/first '/FEN "B:W18,24:B12,16"/ 1. 16-19 *' 1
keeps setup/as-fen-tag '/FEN "B:W18,24:B12,16"/ 1. 16-19 *' \
    '[FEN "B:W18,24:B12,16"]'
refuses setup/mid-game '[FEN "B:W18,24:B12,16"]\n1. 16-19 /FEN "B:W18:B19"/ *' \
    'a setup'
refuses setup/unclosed '/FEN "B:W18:B14" 1. 14-23 *' "'/' closing the setup"
# GameMove : MOVENUMBER? Move MOVESTRENGTH?
# MOVENUMBER : [0-9]+ '.' '..'?
reads number/one-dot '1. 11-15 2. 23-19 *' 2
reads number/three-dots '1. 11-15 1... 23-19 *' 2
reads number/glued '1.11-15 1...23-19 *' 2
reads number/none '11-15 23-19 *' 2
reads number/only '1. 2-0' 0
# MOVESTRENGTH : [!?]+ | '(' [!?]+ ')'
keeps strength/marks '1. 11-15! 23-19? 2. 8-11!! 22-17?? 3. 9-13!? 17-14?! *' \
    '9-13!? 17-14?!'
keeps strength/parenthesized '1. 11-15(!) 23-19(?!) *' '23-19(?!)'
# Move : NormalMove | CaptureMove | ALPHAMOVE | ELLIPSES
# NormalMove : Square MOVESEPARATOR Square
reads move/normal-numeric '1. 11-15 23-19 *' 2
reads move/normal-alpha "$alg\n1. f6-e5 c3-d4 *" 2
# ALPHAMOVE : [a-h] [1-8] [a-h] [1-8] (no separator)
reads move/alphamove "$alg\n1. f6e5 c3d4 *" 2
# the reading grammar's note: numeric moves without a separator
reads move/numeric-glued '1. 1115 2319 2. 811 2218 *' 4
refuses move/numeric-glued-ambiguous '1. 111 *' 'unreadable move 111'
# ELLIPSES : '...' (an unknown move: it stands for nothing)
reads move/ellipses '[FEN "W:W18,24:B12,16"]\n1. ... 24-20 *' 1
reads move/ellipses-mid '1. 11-15 ... 23-19 *' 2
# CaptureMove : Square (CAPTURESEPARATOR Square)+ ; CAPTURESEPARATOR [x:]
reads capture/x '[FEN "B:W18,29:B14"]\n1. 14x23 *' 1
reads capture/colon '[FEN "B:W18,29:B14"]\n1. 14:23 *' 1
reads capture/multiple '[FEN "B:W18,27,29:B14"]\n1. 14x23x32 *' 1
reads capture/short '[FEN "B:W18,27,29:B14"]\n1. 14x32 *' 1
reads capture/alpha "$alg\n[FEN \"B:Wd4,h2:Be5\"]\n1. e5xc3 *" 1
# Square : ALPHASQUARE | NUMSQUARE ; NUMSQUARE : [1-9][0-9]? | '0' [1-9]
reads square/numeric '1. 9-13 *' 1
reads square/leading-zero '1. 09-13 *' 1
reads square/alpha "$alg\n1. h6-g5 *" 1
refuses square/off-board '1. 9-33 *' 'no square 33 on this board (1-32)'
refuses square/light "$alg\n1. g6-f6 *" 'no square g6 on this board'
# Result : Result1 | Result2 | DOUBLEFORFEIT, each a separator too
for r in 1-0 1/2-1/2 0-1 2-0 1-1 0-2 0-0 '*'; do
	reads "result/$r" "1. 11-15 23-19 $r" 2
done
keeps result/draw2-canonical '1. 11-15 23-19 1-1' '1/2-1/2'
keeps result/win2-canonical '1. 11-15 23-19 2-0' '1-0'
reads result/draw2-not-a-move '1. 11-15 1-1' 1
# NAG : '$' [0-9]+
refuses nag/no-number '1. 11-15 $ *' "a number after '\$'"
# WS, LINE_COMMENT : '%' ~[\r\n]* (anywhere a token starts)
reads space/tabs-crlf '1.\t11-15\r\n23-19\r\n*' 2
keeps escape/first-column '%% escape\n1. 11-15 *' 'escape'
keeps escape/mid-line '1. 11-15 %% to the end\n23-19 *' 'to the end'
keeps comment/semicolon '1. 11-15 ; to the end\n23-19 *' 'to the end'
# Fen : COLOR (NumericSquares | AlphaNumericSquares) DOT?
reads fen/numeric '[FEN "B:W18,24,K27:B12,16"]\n*' 0
reads fen/dot '[FEN "B:W18,24,K27:B12,16."]\n*' 0
reads fen/range '[FEN "B:W21-24:B1-4"]\n*' 0
reads fen/alpha "$alg\n[FEN \"B:Wd4,g3,Kf2:Bh6,g5\"]\n*" 0
reads fen/colours-either-order '[FEN "W:B12,16:W18,24"]\n*' 0
reads fen/leading-zero '[FEN "B:W018,024:B01,09"]\n*' 0
refuses fen/square-zero '[FEN "B:W0:B12"]\n*' 'no square 0 on this board'
# COLOR : [WB?] - '?' reads; with moves the first move gives the side
reads fen/side-unknown-no-moves '[FEN "?:W18,24:B12,16"]\n*' 0
reads fen/side-unknown-red '[FEN "?:W18,24:B12,16"]\n1. 16-19 *' 1
reads fen/side-unknown-white '[FEN "?:W18,24:B12,16"]\n1. 24-20 *' 1
refuses fen/side-unknown-neither '[FEN "?:W18,24:B12,16"]\n1. 1-5 *' \
    "legal for neither side"
# the reading grammar's notes on old files
refuses note/unknown-move '1. 11-15 23-19 2. - - *' 'unreadable move -'
# GameType: the draughts of PDN 3.0's table that have a rules file
reads gametype/21 '[GameType "21"]\n1. 11-15 *' 1
reads gametype/21-full '[GameType "21,B,8,8,N2,0"]\n1. 11-15 *' 1
reads gametype/20 '[GameType "20"]\n1. 32-28 *' 1
reads gametype/20-full '[GameType "20,W,10,10,N2,0"]\n1. 32-28 19-23 *' 2
reads gametype/25 '[GameType "25"]\n1. c3-d4 *' 1
refuses gametype/41 '[GameType "41"]\n1. a3-b4 *' \
    'Spantsiretti (GameType 41) is not supported'
[ $fails = 0 ]
