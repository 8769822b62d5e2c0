#!/bin/sh
# png.sh - `stackref show --format png`, for each game's start and a
# position of its whole game in fixtures/games (ply 20):
#   png/same-as-svg/GAME/PLY  the PNG at --size 400, decoded, is the SVG
#                             of `show --format svg --size 400` rendered
#                             apart by rsvg-convert (librsvg's own tool),
#                             pixel for pixel: at most 0.1% of the pixels
#                             differ, each by at most a few levels;
#   png/flip/GAME             the same with --flip, and it differs from
#                             the picture without it;
#   png/size/GAME             --size 300: the longer side is 300 pixels,
#                             the other as the SVG's width and height say;
#   png/natural/GAME          no --size: the viewBox's size, rounded;
#   png/same/GAME             two runs give the same bytes;
#   png/squares/checkers/PLY  not blank, and the right picture: the colour
#                             at the centre of each of the 64 cells (red
#                             or white disc, dark or light square, a dark
#                             one under the last move's marks) is the one
#                             the ascii diagram of the position gives;
#   png/bad-size              --size 10 is refused (status 2), no output.
# Prints PASS:/FAIL: lines; FAIL without rsvg-convert (package
# librsvg2-bin) or tests/pngcmp (built by make check).
root=$(cd "$(dirname "$0")/.." && pwd)
bin=${STACKREF:-$root/stackref}
cmp=$root/tests/pngcmp
. "$root/tests/lib/common.sh"
need rsvg-convert librsvg2-bin
if [ ! -x "$cmp" ]; then
	echo "FAIL: png (no tests/pngcmp: run make check)"
	exit 1
fi
tmp=$(mktemp -d "${TMPDIR:-/tmp}/stackref-png.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
games="checkers stackup stackers-brown stackers-mogensen accasta-pari
    international russian italian pool spanish brazilian canadian
    portuguese czech turkish thai frisian"

# same NAME ARGS...: the PNG of `show ARGS` against rsvg-convert's
# rendering of its SVG, at --size 400.
same() {
	name=$1
	shift
	"$bin" show --format png --size 400 "$@" >"$tmp/a.png" &&
	    "$bin" show --format svg --size 400 "$@" >"$tmp/a.svg" &&
	    rsvg-convert "$tmp/a.svg" >"$tmp/b.png" ||
	    { result "$name" 1 "no picture"; return; }
	d=$("$cmp" diff "$tmp/a.png" "$tmp/b.png")
	echo "$d" | awk '{ exit !(NF == 3 && $2 * 1000 <= $1 && $3 <= 8) }'
	result "$name" $? "$d"
}

# attr FILE NAME: the value of the root's NAME attribute.
attr() {
	sed -n "s/.*<svg [^>]* $2=\"\([^\"]*\)\".*/\1/p" "$1" | head -n 1
}

for g in $games; do
	"$bin" new "$g" >"$tmp/$g.pdn"
	same "png/same-as-svg/$g/start" "$tmp/$g.pdn"
	same "png/same-as-svg/$g/20" --ply 20 "$root/fixtures/games/$g.pdn"
	same "png/flip/$g" --flip --ply 20 "$root/fixtures/games/$g.pdn"
	"$bin" show --format png --size 400 --ply 20 \
	    "$root/fixtures/games/$g.pdn" | cmp -s - "$tmp/a.png"
	result "png/flip/$g/differs" $((! $?))
	"$bin" show --format png --size 300 "$tmp/$g.pdn" >"$tmp/s.png"
	"$bin" show --format svg --size 300 "$tmp/$g.pdn" >"$tmp/s.svg"
	[ "$("$cmp" size "$tmp/s.png")" = \
	    "$(attr "$tmp/s.svg" width) $(attr "$tmp/s.svg" height)" ] &&
	    "$cmp" size "$tmp/s.png" | grep -Eq '(^300 )|( 300$)'
	result "png/size/$g" $?
	"$bin" show --format png "$tmp/$g.pdn" >"$tmp/n.png"
	"$bin" show --format svg "$tmp/$g.pdn" >"$tmp/n.svg"
	want=$(attr "$tmp/n.svg" viewBox | awk '{ w = $3; h = $4
	    if (w >= h) { printf "%d %d\n", w + 0.5, h * int(w + 0.5) / w + 0.5 }
	    else { printf "%d %d\n", w * int(h + 0.5) / h + 0.5, h + 0.5 } }')
	got=$("$cmp" size "$tmp/n.png")
	[ "$got" = "$want" ]
	result "png/natural/$g" $? "$got, want $want"
	"$bin" show --format png "$tmp/$g.pdn" | cmp -s - "$tmp/n.png"
	result "png/same/$g" $?
done

# squares PLY: the colour at the centre of each cell of the checkers
# fixture after PLY plies against the ascii diagram.  A cell's centre is
# found from the SVG: its board's translate(X Y), 56-unit cells, the
# scale of --size 400 over the viewBox.
squares() {
	rec=$root/fixtures/games/checkers.pdn label=$2
	"$bin" show --format png --size 400 --ply "$1" "$rec" >"$tmp/q.png"
	"$bin" show --format svg --size 400 --ply "$1" "$rec" >"$tmp/q.svg"
	"$bin" show --ply "$1" "$rec" | head -n 8 >"$tmp/q.txt"
	k=$(attr "$tmp/q.svg" viewBox | awk '{ print 400 / ($3 > $4 ? $3 : $4) }')
	set -- $(sed -n 's/.*<g transform="translate(\([0-9.]*\) \([0-9.]*\))">.*/\1 \2/p' \
	    "$tmp/q.svg" | head -n 1)
	pts=$(awk -v k="$k" -v bx="$1" -v by="$2" 'BEGIN {
	    for (y = 0; y < 8; y++) for (x = 0; x < 8; x++)
		printf "%d %d ", (bx + 56 * x + 28) * k, (by + 56 * y + 26) * k }')
	# shellcheck disable=SC2086
	"$cmp" mean "$tmp/q.png" 1 $pts | awk -v diagram="$tmp/q.txt" '
	BEGIN {
		n = 0
		while ((getline line <diagram) > 0)
			for (x = 0; x < 8; x++) {
				c = tolower(substr(line, 3 + 2 * x, 1))
				want[n++] = c == "r" ? "red" : c == "w" ? "white" : c == "." ? "dark" : "light"
			}
		# disc faces, squares, dark squares under the marks of a move
		split("200 48 44 red 247 243 232 white 169 120 79 dark 240 223 191 light 216 188 132 dark 229 183 45 dark", p, " ")
	}
	{
		best = ""; bd = 1e9
		for (i = 1; i < 25; i += 4) {
			d = ($1 - p[i]) ^ 2 + ($2 - p[i + 1]) ^ 2 + ($3 - p[i + 2]) ^ 2
			if (d < bd) { bd = d; best = p[i + 3] }
		}
		if (best != want[NR - 1]) {
			printf "cell %d,%d: %s, want %s\n", (NR - 1) % 8,
			    int((NR - 1) / 8), best, want[NR - 1]
			bad = 1
		}
		seen[best]++
	}
	END { exit bad || NR != 64 || !seen["red"] || !seen["white"] }' \
	    >"$tmp/q.err"
	result "png/squares/checkers/$label" $? "$(head -n 3 "$tmp/q.err")"
}
squares 0 start
squares 20 20

"$bin" show --format png --size 10 "$root/fixtures/games/checkers.pdn" \
    >"$tmp/out" 2>/dev/null
[ $? = 2 ] && [ ! -s "$tmp/out" ]
result png/bad-size $?
