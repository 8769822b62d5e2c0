"""turkish.py - an independent reading of Turkish draughts (dama, PDN
GameType 30), in stackref's move notation.

Written from the rules texts cited in stackref-rules(7) (Wikipedia's
"Turkish draughts", the Turkish draughts learning guide of the Turkish
federation's school, the PDN 3.0 GameType table) and the rulings there, not
from src/rules/.  Standard library only.

The board is all 64 squares, (file, rank) with file 0..7 = a..h and rank
0..7 = 1..8 from White's side.  White (the first player) starts on ranks 2
and 3, Black on 6 and 7, and White moves first.  A position is
(board, side): board maps (file, rank) -> (colour, king), colour 0 for
White and 1 for Black; side is the colour to move.
"""

WHITE, BLACK = 0, 1
STRAIGHT = ((0, 1), (0, -1), (1, 0), (-1, 0))


def name(sq):
    return "abcdefgh"[sq[0]] + str(sq[1] + 1)


def on_board(sq):
    return 0 <= sq[0] < 8 and 0 <= sq[1] < 8


def ahead(colour):
    """the rank step of 'forward' for colour"""
    return 1 if colour == WHITE else -1


def directions(colour, king):
    """a king goes along the four lines; a man forward or sideways"""
    if king:
        return STRAIGHT
    return ((0, ahead(colour)), (1, 0), (-1, 0))


def last_rank(colour):
    return 7 if colour == WHITE else 0


class Turkish:
    name = "turkish"
    side_names = ("white", "black")

    def start(self):
        board = {}
        for f in range(8):
            for r in (1, 2):
                board[(f, r)] = (WHITE, False)
            for r in (5, 6):
                board[(f, r)] = (BLACK, False)
        return board, WHITE

    # -- captures ---------------------------------------------------------

    def _chains(self, board, colour, king, at, came, path, taken, out):
        """Every way the capture standing at AT (which arrived going in
        direction CAME) may go on; finished chains are appended to OUT as
        (path, taken).  BOARD already lacks the pieces taken (they go at
        once) and the moving piece (it was lifted)."""
        more = False
        for d in directions(colour, king):
            if came is not None and d == (-came[0], -came[1]):
                continue  # a capture never turns back on itself
            sq = (at[0] + d[0], at[1] + d[1])
            if king:
                while on_board(sq) and sq not in board:
                    sq = (sq[0] + d[0], sq[1] + d[1])
            if not on_board(sq) or board.get(sq, (colour,))[0] == colour:
                continue
            victim = sq
            lands = []
            sq = (sq[0] + d[0], sq[1] + d[1])
            while on_board(sq) and sq not in board:
                lands.append(sq)
                if not king:
                    break
                sq = (sq[0] + d[0], sq[1] + d[1])
            if not lands:
                continue
            more = True
            rest = dict(board)
            del rest[victim]
            for land in lands:
                self._chains(rest, colour, king, land, d, path + [land],
                             taken + [victim], out)
        if not more and taken:
            out.append((path, taken))

    def _captures(self, board, colour):
        found = []
        for sq, (c, king) in sorted(board.items()):
            if c != colour:
                continue
            lifted = dict(board)
            del lifted[sq]
            self._chains(lifted, colour, king, sq, None, [sq], [], found)
        return found

    # -- moves --------------------------------------------------------------

    def _plain(self, board, colour):
        found = []
        for sq, (c, king) in sorted(board.items()):
            if c != colour:
                continue
            for d in directions(colour, king):
                to = (sq[0] + d[0], sq[1] + d[1])
                while on_board(to) and to not in board:
                    found.append(([sq, to], []))
                    if not king:
                        break
                    to = (to[0] + d[0], to[1] + d[1])
        return found

    def _after(self, board, colour, path, taken):
        b = dict(board)
        piece = b.pop(path[0])
        for v in taken:
            del b[v]
        if path[-1][1] == last_rank(colour):
            piece = (colour, True)  # crowned where the move ends
        b[path[-1]] = piece
        return b

    def moves(self, pos):
        """{text: next position}: every legal move in stackref's canonical
        text (see alternatives for the texts of merged paths)"""
        return {ts[0]: p for ts, p in self.move_list(pos)}

    def move_list(self, pos):
        """[(texts, next position)]: each legal move once, with every text
        that writes it whole (the first is one of them)"""
        board, colour = pos
        chains = self._captures(board, colour)
        if chains:
            most = max(len(t) for _, t in chains)
            chains = [c for c in chains if len(c[1]) == most]
        else:
            chains = self._plain(board, colour)
        # paths that take the same pieces between the same squares: one move
        merged = {}
        for path, taken in chains:
            key = (path[0], path[-1], frozenset(taken))
            merged.setdefault(key, []).append((path, taken))
        ends = {}
        for (a, b, _) in merged:
            ends[(a, b)] = ends.get((a, b), 0) + 1
        out = []
        for (a, b, _), ways in merged.items():
            path, taken = ways[0]
            sep = "x" if taken else "-"
            if ends[(a, b)] == 1:
                texts = [name(a) + sep + name(b)]
            else:
                texts = [sep.join(name(s) for s in p) for p, _ in ways]
            nxt = (self._after(board, colour, path, taken), 1 - colour)
            out.append((texts, nxt))
        return out

    def result(self, pos):
        """None while the game goes on, else '1-0' (White won) or '0-1'"""
        if self.move_list(pos):
            return None
        return "0-1" if pos[1] == WHITE else "1-0"
