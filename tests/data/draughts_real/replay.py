#!/usr/bin/env python3
"""replay.py - an independent reading of the real draughts archives.

usage: replay.py VARIANT FILE...   (VARIANT names the tag-less games' game;
       a game's GameType tag wins over it)

Written for tests/draughts_real.sh from the federations' rules, apart from
stackref (no line of it is stackref's): it replays each game of each PDN
FILE and prints one line a game,
    FILE GAME ok PLIES [over RESULT]  every move legal (over: the side
                                      to move then has no move; RESULT won)
    FILE GAME nomoves                 tags and no move (valid too)
and for a game refused:
    FILE GAME illegal PLY TEXT        move TEXT at ply PLY is no legal move
    FILE GAME ambiguous PLY TEXT      TEXT names captures of other pieces
                                      and no later move tells which
    FILE GAME unreadable TEXT         TEXT is no PDN token
    FILE GAME tagdiffers RES TAG      the result RES is not the Result tag
    FILE GAME wrongresult RES         the final position says otherwise
    FILE GAME badtag TAG              a GameType or FEN it cannot read
Its figures are kept in tests/data/draughts_real/expected; rerun it when the
archives change.  Its move generator counts the published perft of the
start positions (rhalbersma/dctl's test files: international to depth 5,
Russian, Czech, Brazilian and Italian to 7, and Italian's two positions of
Ed Gilbert's), each capture path that takes the same men counted once.  Variants: international (20), brazilian (26), russian
(25), czech (29), italian (22).
"""
import re
import sys

# name: (gametype, size, bottom-left playable, men capture backwards,
#        flying kings, capture rule, promotion during a capture,
#        men may take kings, rows of men, algebraic squares)
VARIANTS = {
    "international": ("20", 10, True, True, True, "most", False, True, 4),
    "brazilian": ("26", 8, True, True, True, "most", False, True, 3),
    "russian": ("25", 8, True, True, True, "free", True, True, 3),
    "czech": ("29", 8, True, False, True, "king", False, True, 3),
    "italian": ("22", 8, False, False, False, "italian", False, False, 3),
}
BY_TYPE = {v[0]: k for k, v in VARIANTS.items()}


class Game:
    """A variant's board: squares (row, col), row 0 at the top (Black's
    side); White moves up (row - 1) and, here, always first."""

    def __init__(self, name):
        (self.gametype, self.n, bl, self.back, self.flying, self.rule,
         self.midpromo, self.takekings, self.rows) = VARIANTS[name]
        self.name = name
        par = (self.n - 1) % 2 if bl else self.n % 2
        self.dark = [(r, c) for r in range(self.n) for c in range(self.n)
                     if (r + c) % 2 == par]
        self.num = {sq: i + 1 for i, sq in enumerate(self.dark)}
        self.sq = {i + 1: sq for i, sq in enumerate(self.dark)}

    def start(self):
        b = {}
        for (r, c) in self.dark:
            if r < self.rows:
                b[(r, c)] = "b"
            elif r >= self.n - self.rows:
                b[(r, c)] = "w"
        return b, "w"

    def square(self, text):
        """The square of a number or an algebraic name, or None."""
        text = text.lower()
        if text.isdigit():
            return self.sq.get(int(text))
        m = re.fullmatch(r"([a-z])(\d+)", text)
        if not m:
            return None
        sq = (self.n - int(m.group(2)), ord(m.group(1)) - ord("a"))
        return sq if sq in self.num else None

    def on(self, r, c):
        return 0 <= r < self.n and 0 <= c < self.n

    def last_row(self, side):
        return 0 if side == "w" else self.n - 1

    def steps(self, b, frm, side):
        fwd = -1 if side == "w" else 1
        king = b[frm].isupper()
        out = []
        for dr in (-1, 1):
            for dc in (-1, 1):
                if not king and dr != fwd:
                    continue
                r, c = frm[0] + dr, frm[1] + dc
                while self.on(r, c) and (r, c) not in b:
                    out.append(((frm, (r, c)), frozenset(), False))
                    if not (king and self.flying):
                        break
                    r, c = r + dr, c + dc
        return out

    def jumps(self, b, frm, side):
        """Every complete capture of the piece on frm: (path, captured,
        by a king, [kings taken, in order])."""
        out = []
        piece = b[frm]
        del b[frm]
        self._jump(b, side, [frm], [], piece.isupper(), out)
        b[frm] = piece
        return out

    def _jump(self, b, side, path, taken, king, out):
        at = path[-1]
        fwd = -1 if side == "w" else 1
        found = False
        for dr in (-1, 1):
            for dc in (-1, 1):
                if not king and not self.back and dr != fwd:
                    continue
                r, c = at[0] + dr, at[1] + dc
                while king and self.flying and self.on(r, c) and \
                        (r, c) not in b:
                    r, c = r + dr, c + dc
                if not self.on(r, c) or (r, c) not in b:
                    continue
                victim = b[(r, c)]
                if victim.lower() == side or (r, c) in taken:
                    continue
                if victim.isupper() and not king and not self.takekings:
                    continue
                lr, lc = r + dr, c + dc
                while self.on(lr, lc) and (lr, lc) not in b:
                    found = True
                    crowned = king or (self.midpromo and
                                       lr == self.last_row(side))
                    self._jump(b, side, path + [(lr, lc)],
                               taken + [(r, c)], crowned, out)
                    if not (king and self.flying):
                        break
                    lr, lc = lr + dr, lc + dc
        if not found and taken:
            out.append((tuple(path), taken))

    def moves(self, b, side):
        """The legal moves: (path, captured frozenset, kings taken order)."""
        caps = []
        for frm in [s for s, p in b.items() if p.lower() == side]:
            for path, taken in self.jumps(b, frm, side):
                caps.append((path, taken, b[frm].isupper()))
        if not caps:
            return [(p, t) for frm in [s for s, p in b.items()
                                        if p.lower() == side]
                    for p, t, _ in self.steps(b, frm, side)]
        if self.rule in ("most", "italian"):
            most = max(len(t) for _, t, _ in caps)
            caps = [m for m in caps if len(m[1]) == most]
        if self.rule == "king" or self.rule == "italian":
            if any(k for _, _, k in caps):
                caps = [m for m in caps if m[2]]
        if self.rule == "italian":
            def kings(m):
                return [i for i, s in enumerate(m[1]) if b[s].isupper()]
            most = max(len(kings(m)) for m in caps)
            caps = [m for m in caps if len(kings(m)) == most]
            first = min(kings(m) for m in caps)
            caps = [m for m in caps if kings(m) == first]
        return [(p, frozenset(t)) for p, t, _ in caps]

    def apply(self, b, side, move):
        path, taken = move
        b = dict(b)
        piece = b.pop(path[0])
        for s in taken:
            del b[s]
        if piece.islower() and (path[-1][0] == self.last_row(side) or
                                (self.midpromo and any(
                                    s[0] == self.last_row(side)
                                    for s in path[1:]))):
            piece = piece.upper()
        b[path[-1]] = piece
        return b, "b" if side == "w" else "w"

    def matching(self, b, side, squares):
        """The distinct legal moves the squares of a move text name."""
        got = {}
        for path, taken in self.moves(b, side):
            if path[0] != squares[0] or path[-1] != squares[-1]:
                continue
            it = iter(path[1:])
            if all(s in it for s in squares[1:-1]):
                got.setdefault((path[0], path[-1], taken), (path, taken))
        return list(got.values())

    def fen(self, text):
        """The position of a FEN tag, or None."""
        parts = text.strip().rstrip(".").split(":")
        if len(parts) < 3 or parts[0].upper() not in ("W", "B", "?"):
            return None
        b = {}
        for part in parts[1:]:
            colour = part[:1].lower()
            if colour not in "wb":
                return None
            for item in filter(None, part[1:].split(",")):
                king = item[:1].upper() == "K"
                item = item[1:] if king else item
                lo, _, hi = item.partition("-")
                if hi and lo.isdigit() and hi.isdigit():
                    names = [str(i) for i in range(int(lo), int(hi) + 1)]
                else:
                    names = [item]
                for name in names:
                    sq = self.square(name)
                    if sq is None:
                        return None
                    b[sq] = colour.upper() if king else colour
        side = "b" if parts[0].upper() == "B" else "w"
        return b, side


NORMAL = {"1-0": "1-0", "2-0": "1-0", "0-1": "0-1", "0-2": "0-1",
          "1/2-1/2": "1/2-1/2", "1-1": "1/2-1/2", "0-0": "0-0", "*": "*"}
TOKEN = re.compile(r"""\s*(?:
      (?P<comment>\{[^}]*\}) | (?P<line>^%[^\n]*) | (?P<nag>\$\d+)
    | (?P<open>\() | (?P<close>\))
    | (?P<tag>\[\s*(?P<tname>\w+)\s+"(?P<tval>(?:[^"\\]|\\.)*)"\s*\])
    | (?P<number>\d+\.(?:\.\.)?)
    | (?P<result>(?:1-0|0-1|2-0|0-2|1-1|0-0|1/2-1/2|\*)(?![\d/]))
    | (?P<move>[a-lA-L]?\d+(?:\s*[-x:]\s*[a-lA-L]?\d+|[a-lA-L]\d+)+)
      [!?]*
    | (?P<other>\S+))""", re.X | re.M)


def games(text):
    """The games of a PDN text: (tags dict, [move texts], result or None,
    [texts it could not read])."""
    out, tags, moves, junk, depth, intags = [], {}, [], [], 0, False
    for m in TOKEN.finditer(text):
        kind = m.lastgroup
        if kind in ("comment", "line", "nag", "number"):
            continue
        if kind == "open":
            depth += 1
            continue
        if kind == "close":
            depth -= 1
            continue
        if depth:
            continue
        if kind == "tag":
            if (moves or junk) and not intags:
                out.append((tags, moves, None, junk))
                tags, moves, junk = {}, [], []
            tags[m.group("tname")] = m.group("tval")
            intags = True
            continue
        intags = False
        if kind == "result":
            out.append((tags, moves, m.group("result"), junk))
            tags, moves, junk = {}, [], []
        elif kind == "move":
            moves.append(re.sub(r"\s+", "", m.group("move")))
        else:
            junk.append(m.group(0).strip())
    if tags or moves or junk:
        out.append((tags, moves, None, junk))
    return out


def replay(default, tags, moves):
    """One game's line, past FILE GAME."""
    gt = tags.get("GameType", "").split(",")[0].strip()
    name = BY_TYPE.get(gt) if gt else default
    if name is None:
        return "badtag GameType=" + tags["GameType"]
    g = Game(name)
    pos = g.start()
    if "FEN" in tags:
        pos = g.fen(tags["FEN"])
        if pos is None:
            return "badtag FEN=" + tags["FEN"]
    if not moves:
        return "nomoves"
    # Ambiguous captures are followed down every branch.
    states = [pos]
    for ply, text in enumerate(moves, 1):
        parts = re.findall(r"[a-lA-L]?\d+", text)
        squares = [g.square(p) for p in parts]
        nxt = []
        if None not in squares:
            for b, side in states:
                for mv in g.matching(b, side, squares):
                    nxt.append(g.apply(b, side, mv))
        if not nxt:
            return "illegal %d %s" % (ply, text)
        states = nxt
    if len({(frozenset(b.items()), s) for b, s in states}) > 1:
        return "ambiguous %d %s" % (len(moves), moves[-1])
    b, side = states[0]
    if g.moves(b, side):
        return "ok %d" % len(moves)
    return "ok %d over %s" % (len(moves), "0-1" if side == "w" else "1-0")


def verdict(default, tags, moves, result, junk):
    """One game's line: the replay's, or the fault that refuses it."""
    line = replay(default, tags, moves)
    junk = [j for j in junk if j not in (".", "...")]
    tag = NORMAL.get(tags.get("Result"))
    won = line.split(" over ")[1:]
    if not line.startswith(("ok", "nomoves")):
        return line
    if junk:
        return "unreadable " + junk[0]
    if result in NORMAL and tag and tag != NORMAL[result]:
        return "tagdiffers %s %s" % (result, tags["Result"])
    if won and (NORMAL.get(result) or tag or won[0]) != won[0]:
        return "wrongresult %s" % (result or tags["Result"])
    return line


def main():
    default = sys.argv[1]
    for path in sys.argv[2:]:
        with open(path, encoding="utf-8", errors="replace") as f:
            text = f.read().replace("\r", "")
        for i, game in enumerate(games(text), 1):
            print("%s %d %s" % (path.split("/")[-1], i, verdict(default,
                                                               *game)))


if __name__ == "__main__":
    main()
