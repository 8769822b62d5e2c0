"""draughts.py - an independent reading of the diagonal draughts family:
checkers (PDN GameType 21), international (20), Italian (22), pool (23),
Spanish (24), Russian (25), Brazilian (26), Canadian (27), Portuguese (28),
Czech (29) and Thai (31).

Written from the rules texts that stackref-rules(7) cites (the federations'
rules, PDN 3.0's GameType table) and not from src/rules/: one generator
driven by a table of what the rules say (VARIANTS below).  Standard library
only.

Board: the dark squares of a W x H board, as (x, y) from White's side:
x the file from White's left (a = 0), y the rank from White's edge (1 = 0).
White always sits at y = 0 and moves up; the first player may be Black
(PDN: "21,B,...").  The corner square (0, 0) is dark unless the GameType's
invert flag is 1 (Italian, Spanish, Portuguese).  Square names:
  N1, N2  the PDN numbers: 1 is the dark square nearest the right hand of
          the first player (N1) or of the second (N2), counting along each
          rank from his right to his left, ranks from his edge onwards;
  A       algebraic, a1 = (0, 0).
A position is (side, board): side 'w' or 'b' to move; board a tuple over
the dark squares of '.', 'w', 'W' (king), 'b', 'B'.
"""

import collections

DIRS = ((1, 1), (-1, 1), (1, -1), (-1, -1))

Variant = collections.namedtuple("Variant", [
    "name", "gametype", "width", "height", "invert", "first", "rows",
    "naming",          # "N1", "N2" or "A"
    "capsep",          # the capture separator it writes
    "men_back",        # men capture backwards too
    "flying",          # kings move and capture at any distance
    "majority",        # None, "count", "count_kings", "italian"
    "crown_mid",       # a man reaching the far row mid-capture goes on as
                       # a king (Russian); else it stays a man
    "men_take_kings",  # False: a man may not capture a king (Italian)
    "king_first",      # a king's capture goes before a man's (Czech)
    "land_behind",     # a capturing king lands just beyond (Thai)
    "remove_at_once",  # a piece leaves the board as it is taken (Thai)
    "merge",           # paths taking the same pieces from the same square
                       # to the same square are one move
])


def _v(name, gametype, size, invert, first, rows, naming, capsep="x",
       men_back=False, flying=True, majority=None, crown_mid=False,
       men_take_kings=True, king_first=False, land_behind=False,
       remove_at_once=False, merge=True):
    return Variant(name, gametype, size, size, invert, first, rows, naming,
                   capsep, men_back, flying, majority, crown_mid,
                   men_take_kings, king_first, land_behind, remove_at_once,
                   merge)


VARIANTS = {v.name: v for v in (
    # English checkers: short kings, men forward only, free choice of
    # capture; every capture path is its own move (as stackref writes it)
    _v("checkers", "21", 8, 0, "b", 3, "N1", flying=False, merge=False),
    # FMJD: men capture backwards, flying kings, the most pieces
    _v("international", "20", 10, 0, "w", 4, "N2", men_back=True,
       majority="count"),
    _v("brazilian", "26", 8, 0, "w", 3, "A", men_back=True,
       majority="count"),
    _v("canadian", "27", 12, 0, "w", 5, "N2", men_back=True,
       majority="count"),
    # Russian: free choice, a man crowned mid-capture goes on as a king
    _v("russian", "25", 8, 0, "w", 3, "A", capsep=":", men_back=True,
       crown_mid=True),
    # American pool: free choice, men capture backwards, flying kings
    _v("pool", "23", 8, 0, "b", 3, "N1", men_back=True),
    # FID: short kings, men forward only and never take a king; the most
    # pieces, then with a king, then the most kings, then kings first
    _v("italian", "22", 8, 1, "w", 3, "N2", flying=False,
       majority="italian", men_take_kings=False),
    # FEDE / FPD (Damas Clasicas): flying kings, men forward only; the
    # most pieces, then the most kings
    _v("spanish", "24", 8, 1, "w", 3, "N1", majority="count_kings"),
    _v("portuguese", "28", 8, 1, "w", 3, "N1", majority="count_kings"),
    # CSDS: a king that can capture must, before any man; else free
    _v("czech", "29", 8, 0, "w", 3, "A", king_first=True),
    # Thai: two ranks of men, Black first; a king lands just beyond the
    # piece it takes, which leaves the board at once; free choice
    _v("thai", "31", 8, 0, "b", 2, "N2", land_behind=True,
       remove_at_once=True),
)}


class Geometry:
    """the dark squares of a variant's board, their names and rays"""

    def __init__(self, v):
        self.v = v
        self.xy = [(x, y) for y in range(v.height) for x in range(v.width)
                   if (x + y + v.invert) % 2 == 0]
        self.index = {p: i for i, p in enumerate(self.xy)}
        self.rays = [[self._ray(i, d) for d in DIRS]
                     for i in range(len(self.xy))]
        self.names = [self._name(i) for i in range(len(self.xy))]
        self.by_name = {n: i for i, n in enumerate(self.names)}
        if v.naming != "A":     # accept the other spelling when reading
            for i in range(len(self.xy)):
                self.by_name.setdefault(self._algebraic(i), i)

    def _ray(self, i, d):
        x, y = self.xy[i]
        out = []
        while True:
            x, y = x + d[0], y + d[1]
            if not (0 <= x < self.v.width and 0 <= y < self.v.height):
                return out
            out.append(self.index[(x, y)])

    def _algebraic(self, i):
        x, y = self.xy[i]
        return "abcdefghijkl"[x] + str(y + 1)

    def _name(self, i):
        if self.v.naming == "A":
            return self._algebraic(i)
        return str(self.number(i))

    def number(self, i):
        """the PDN number of square I (N1: from the first player's edge,
        N2: from the second's)"""
        v = self.v
        from_white = (v.naming == "N1") == (v.first == "w")
        x, y = self.xy[i]
        if not from_white:      # seen from Black: turn the board round
            x, y = v.width - 1 - x, v.height - 1 - y
        # ranks from the edge, each from the right hand to the left
        before = sum(1 for (a, b) in self._seen(from_white)
                     if b < y or (b == y and a > x))
        return before + 1

    def _seen(self, from_white):
        v = self.v
        if from_white:
            return self.xy
        return [(v.width - 1 - x, v.height - 1 - y) for x, y in self.xy]

    def far_row(self, colour, i):
        y = self.xy[i][1]
        return y == (self.v.height - 1 if colour == "w" else 0)


class Move:
    __slots__ = ("path", "taken", "kings", "mover_king", "after")

    def __init__(self, path, taken, kings, mover_king, after):
        self.path = path            # the squares visited, origin first
        self.taken = taken          # the squares taken, in order
        self.kings = kings          # for each taken square: was it a king
        self.mover_king = mover_king
        self.after = after          # the position after the move

    def key(self):
        return (self.path[0], self.path[-1], frozenset(self.taken))


class Game:
    """the rules of variant NAME"""

    def __init__(self, name):
        self.v = VARIANTS[name]
        self.geo = Geometry(self.v)
        self.name = name

    # --- positions ------------------------------------------------------

    def start(self):
        v, board = self.v, []
        for x, y in self.geo.xy:
            if y < v.rows:
                board.append("w")
            elif y >= v.height - v.rows:
                board.append("b")
            else:
                board.append(".")
        return (v.first, tuple(board))

    # --- generation -----------------------------------------------------

    def _forward(self, colour):
        return 1 if colour == "w" else -1

    def _man_dirs(self, colour, capture):
        f = self._forward(colour)
        return [k for k, d in enumerate(DIRS)
                if d[1] == f or (capture and self.v.men_back)]

    def _captures(self, board, colour, sq, king, path, taken, kings, out):
        """every maximal capture path from SQ; BOARD has the mover lifted
        and (remove_at_once) the pieces taken so far removed"""
        v, geo = self.v, self.geo
        enemy = "b" if colour == "w" else "w"
        dirs = range(4) if king else self._man_dirs(colour, True)
        found = False
        for k in dirs:
            ray = geo.rays[sq][k]
            j = 0
            if king and v.flying:
                while j < len(ray) and board[ray[j]] == ".":
                    j += 1
            if j >= len(ray) or ray[j] in taken:
                continue
            over = board[ray[j]]
            if over.lower() != enemy:
                continue
            if not king and over.isupper() and not v.men_take_kings:
                continue
            lands = []
            for t in ray[j + 1:]:
                if board[t] != "." or t in taken:
                    break
                lands.append(t)
                if not (king and v.flying) or v.land_behind:
                    break
            # a capture must go on while it can: of the squares beyond,
            # a king lands on one it can go on from, if there is one
            ends, goes_on = [], []
            for t in lands:
                found = True
                b2 = board
                if v.remove_at_once:
                    b2 = board[:ray[j]] + (".",) + board[ray[j] + 1:]
                crowned = king or (v.crown_mid and geo.far_row(colour, t))
                sub = []
                self._captures(b2, colour, t, crowned, path + (t,),
                               taken + (ray[j],), kings + (over.isupper(),),
                               sub)
                if len(sub) == 1 and len(sub[0][1]) == len(taken) + 1:
                    ends += sub
                else:
                    goes_on += sub
            out += goes_on or ends
        if not found and taken:
            out.append((path, taken, kings, king))

    def _finish(self, board, colour, path, taken, king):
        b = list(board)
        for t in taken:
            b[t] = "."
        end = path[-1]
        crowned = king or self.geo.far_row(colour, end)
        b[end] = colour.upper() if crowned else colour
        return tuple(b)

    def _rank(self, m):
        """the majority rule's order (larger goes first)"""
        maj = self.v.majority
        if maj == "count":
            return len(m.taken)
        if maj == "count_kings":
            return (len(m.taken), sum(m.kings))
        if maj == "italian":
            return (len(m.taken), m.mover_king, sum(m.kings), m.kings)
        return 0

    def all_moves(self, pos):
        """every legal move path (Move objects), duplicates kept"""
        side, board = pos
        caps = []
        for sq, p in enumerate(board):
            if p.lower() != side:
                continue
            lifted = board[:sq] + (".",) + board[sq + 1:]
            found = []
            self._captures(lifted, side, sq, p.isupper(), (sq,), (), (),
                           found)
            for path, taken, kings, king_end in found:
                after = self._finish(lifted, side, path, taken, king_end)
                caps.append(Move(path, taken, kings, p.isupper(),
                                 (self._other(side), after)))
        if caps:
            if self.v.king_first and any(m.mover_king for m in caps):
                caps = [m for m in caps if m.mover_king]
            if self.v.majority:
                best = max(self._rank(m) for m in caps)
                caps = [m for m in caps if self._rank(m) == best]
            return caps
        return self._steps(pos)

    def _steps(self, pos):
        side, board = pos
        out = []
        for sq, p in enumerate(board):
            if p.lower() != side:
                continue
            king = p.isupper()
            for k in (range(4) if king else self._man_dirs(side, False)):
                for t in self.geo.rays[sq][k]:
                    if board[t] != ".":
                        break
                    b = list(board)
                    b[sq] = "."
                    crowned = king or self.geo.far_row(side, t)
                    b[t] = side.upper() if crowned else side
                    out.append(Move((sq, t), (), (), king,
                                    (self._other(side), tuple(b))))
                    if not (king and self.v.flying):
                        break
        return out

    @staticmethod
    def _other(side):
        return "b" if side == "w" else "w"

    def moves(self, pos, all_paths=False):
        """the legal moves: one per path (ALL_PATHS or a variant that does
        not merge), else one per (origin, end, pieces taken)"""
        ms = self.all_moves(pos)
        if all_paths or not self.v.merge:
            return ms
        seen, out = set(), []
        for m in ms:
            if m.key() not in seen:
                seen.add(m.key())
                out.append(m)
        return out

    def groups(self, pos):
        """the legal moves as lists of the paths that make each one"""
        g = collections.OrderedDict()
        for m in self.all_moves(pos):
            key = m.key() if self.v.merge else (m.path, m.taken)
            g.setdefault(key, []).append(m)
        return list(g.values())

    def result(self, pos):
        """None while the game goes on; else the side that won ('w'/'b'):
        the side to move with no legal move loses"""
        if self.all_moves(pos):
            return None
        return self._other(pos[0])

    def perft(self, pos, depth, all_paths=False):
        if depth == 0:
            return 1
        ms = self.moves(pos, all_paths)
        if depth == 1:
            return len(ms)
        return sum(self.perft(m.after, depth - 1, all_paths) for m in ms)

    # --- text -----------------------------------------------------------

    def texts(self, group, ends_shared):
        """the spellings that name the move GROUP: its two ends, unless
        ENDS_SHARED (another legal move has the same ends), and the whole
        path of each of its paths"""
        names = self.geo.names
        out = set()
        for m in group:
            sep = self.v.capsep if m.taken else "-"
            if not ends_shared:
                out.add(names[m.path[0]] + sep + names[m.path[-1]])
            out.add(sep.join(names[s] for s in m.path))
        return out

    def parse_text(self, text):
        """the squares of a written move (any of - x : as separator), or
        None when a square has no name here"""
        import re
        parts = [p for p in re.split(r"[-xX:]", text.strip()) if p]
        try:
            return tuple(self.geo.by_name[p.lower()] for p in parts)
        except KeyError:
            return None

    def matches(self, group, squares):
        """does the written move SQUARES name the move GROUP"""
        for m in group:
            if squares == m.path:
                return True
            if len(squares) == 2 and squares == (m.path[0], m.path[-1]):
                return True
        return False

    # --- FEN (PDN 3.0: "W:W31-50,K3:B1-20") ------------------------------

    def from_fen(self, fen):
        fen = fen.strip().rstrip(".").strip('"')
        parts = [p.strip() for p in fen.split(":")]
        side = parts[0].lower()
        board = ["."] * len(self.geo.xy)
        for p in parts[1:]:
            if not p:
                continue
            colour = p[0].lower()
            for item in p[1:].split(","):
                item = item.strip()
                if not item:
                    continue
                king = item[0] in "Kk"
                if king:
                    item = item[1:]
                if "-" in item and item.replace("-", "").isdigit():
                    a, b = item.split("-")
                    sqs = [self._by_number(n)
                           for n in range(int(a), int(b) + 1)]
                else:
                    sqs = [self._by_name(item)]
                for s in sqs:
                    board[s] = colour.upper() if king else colour
        return (side, tuple(board))

    def _by_number(self, n):
        for i in range(len(self.geo.xy)):
            if self.geo.number(i) == n:
                return i
        raise KeyError(n)

    def _by_name(self, s):
        if s.isdigit() and self.v.naming == "A":
            return self._by_number(int(s))
        return self.geo.by_name[s.lower()]

    def to_fen(self, pos):
        side, board = pos
        names = self.geo.names
        parts = [side.upper()]
        for c in "wb":
            sq = [("K" if board[i].isupper() else "") + names[i]
                  for i in range(len(board)) if board[i].lower() == c]
            parts.append(c.upper() + ",".join(sq))
        return ":".join(parts)


def game(name):
    return Game(name)
