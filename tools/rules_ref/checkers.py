"""checkers.py - an independent reading of American checkers (RULES.md s1)
and of Stack-Up checkers (RULES.md s2), in stackref's canonical notation.

Written from /work/shared/RULES.md, the seeds and the man pages only, not
from src/rules/.  Standard library only.

Board: the 32 playable squares, numbered as PDN GameType 21: square n has
row (n-1)//4 counted from the first player's side and column 6-2k on even
rows, 7-2k on odd rows (k = (n-1)%4), so 1 is the first player's bottom
right playing square and 4 his bottom left corner.  The first player (Red in
checkers, black in stackup) moves towards row 7.

A position is (board, side) where board maps square -> piece and side is 0
(first player) or 1.  In checkers a piece is (colour, king); in stackup it is
a tuple of checkers, top first, each (colour, king).
"""

FIRST, SECOND = 0, 1

_RC = {}
_SQ = {}
for _n in range(1, 33):
    _r, _k = (_n - 1) // 4, (_n - 1) % 4
    _c = 6 - 2 * _k if _r % 2 == 0 else 7 - 2 * _k
    _RC[_n] = (_r, _c)
    _SQ[(_r, _c)] = _n


def _step(sq, dr, dc, times=1):
    r, c = _RC[sq]
    return _SQ.get((r + dr * times, c + dc * times))


def far_row(side, sq):
    return _RC[sq][0] == (7 if side == FIRST else 0)


def _dirs(side, king):
    fwd = 1 if side == FIRST else -1
    if king:
        return [(1, 1), (1, -1), (-1, 1), (-1, -1)]
    return [(fwd, 1), (fwd, -1)]


def _names(paths):
    """paths: list of (path squares, is_capture, result).  Returns a dict
    text -> (path, result), writing the whole path only when two captures share
    both ends (SPEC.md, stackref-pdn(5))."""
    ends = {}
    for p, cap, _ in paths:
        if cap:
            ends[(p[0], p[-1])] = ends.get((p[0], p[-1]), 0) + 1
    out = {}
    for p, cap, res in paths:
        if not cap:
            t = "%d-%d" % (p[0], p[-1])
        elif ends[(p[0], p[-1])] > 1:
            t = "x".join(str(s) for s in p)
        else:
            t = "%dx%d" % (p[0], p[-1])
        assert t not in out, t
        out[t] = (p, res)
    return out


class _Draughts:
    """what the two games share: a move is a path (paths(), in each game),
    and the side to move with no legal move (no pieces or stacks, or all
    blocked) loses"""

    def moves(self, pos):
        return {t: v[1] for t, v in self.paths(pos).items()}

    def result(self, pos):
        """None while the game goes on, else '1-0' or '0-1'"""
        if self.moves(pos):
            return None
        return "0-1" if pos[1] == FIRST else "1-0"


class Checkers(_Draughts):
    name = "checkers"
    side_names = ("red", "white")

    def start(self):
        b = {}
        for n in range(1, 13):
            b[n] = (FIRST, False)
        for n in range(21, 33):
            b[n] = (SECOND, False)
        return (b, FIRST)

    def _captures(self, board, side, sq, piece, path, jumped, out):
        """extends the capture path; the origin is empty, jumped pieces stay
        (they may not be jumped again) until the move ends."""
        found = False
        # a man that reaches the far row is crowned and the move ends; it
        # could not jump on from there anyway (men jump forward only)
        for dr, dc in _dirs(side, piece[1]):
            over = _step(sq, dr, dc)
            to = _step(sq, dr, dc, 2)
            if over is None or to is None:
                continue
            if over in jumped or over not in board or board[over][0] == side:
                continue
            if to in board:
                continue
            found = True
            self._captures(board, side, to, piece, path + [to],
                           jumped + [over], out)
        if not found and len(path) > 1:
            out.append((path, jumped))

    def paths(self, pos):
        board, side = pos
        caps = []
        for sq in sorted(board):
            piece = board[sq]
            if piece[0] != side:
                continue
            b2 = dict(board)
            del b2[sq]
            found = []
            self._captures(b2, side, sq, piece, [sq], [], found)
            for path, jumped in found:
                nb = dict(b2)
                for j in jumped:
                    del nb[j]
                end = path[-1]
                nb[end] = (side, piece[1] or far_row(side, end))
                caps.append((path, True, (nb, 1 - side)))
        if caps:
            return _names(caps)
        steps = []
        for sq in sorted(board):
            piece = board[sq]
            if piece[0] != side:
                continue
            for dr, dc in _dirs(side, piece[1]):
                to = _step(sq, dr, dc)
                if to is None or to in board:
                    continue
                nb = dict(board)
                del nb[sq]
                nb[to] = (side, piece[1] or far_row(side, to))
                steps.append(([sq, to], False, (nb, 1 - side)))
        return _names(steps)



class StackUp(_Draughts):
    """Stack-Up: every piece a stack, top first; a jump takes the top
    checker of the jumped stack to the bottom of the jumper."""
    name = "stackup"
    side_names = ("black", "white")

    def start(self):
        b = {}
        for n in range(1, 13):
            b[n] = ((FIRST, False),)
        for n in range(21, 33):
            b[n] = ((SECOND, False),)
        return (b, FIRST)

    def _captures(self, board, side, king, sq, stack, path, jumped, out):
        found = False
        for dr, dc in _dirs(side, king):
            over = _step(sq, dr, dc)
            to = _step(sq, dr, dc, 2)
            if over is None or to is None:
                continue
            if over in jumped or over not in board or board[over][0][0] == side:
                continue
            if to in board:
                continue
            found = True
            nb = dict(board)
            victim = board[over]
            if len(victim) > 1:
                nb[over] = victim[1:]
            else:
                del nb[over]
            self._captures(nb, side, king, to, stack + (victim[0],),
                           path + [to], jumped + [over], out)
            # a man-topped stack on the far row: men jump forward only, so
            # it can jump no more anyway (and it is crowned, move ends)
        if not found and len(path) > 1:
            out.append((path, board, stack))

    def _finish(self, board, side, to, stack):
        top = stack[0]
        if not top[1] and far_row(side, to):
            stack = ((top[0], True),) + stack[1:]
        nb = dict(board)
        nb[to] = stack
        return (nb, 1 - side)

    def paths(self, pos):
        board, side = pos
        caps = []
        for sq in sorted(board):
            stack = board[sq]
            if stack[0][0] != side:
                continue
            king = stack[0][1]
            b2 = dict(board)
            del b2[sq]
            found = []
            self._captures(b2, side, king, sq, stack, [sq], [], found)
            for path, nb, st in found:
                caps.append((path, True, self._finish(nb, side, path[-1], st)))
        if caps:
            return _names(caps)
        steps = []
        for sq in sorted(board):
            stack = board[sq]
            if stack[0][0] != side:
                continue
            for dr, dc in _dirs(side, stack[0][1]):
                to = _step(sq, dr, dc)
                if to is None or to in board:
                    continue
                nb = dict(board)
                del nb[sq]
                steps.append(([sq, to], False, self._finish(nb, side, to, stack)))
        return _names(steps)

