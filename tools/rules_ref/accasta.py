"""accasta.py - an independent reading of Accasta Pari (RULES.md s5), in
stackref's canonical notation (origin, colon, steps: [count] kind target).

Written from /work/shared/RULES.md, the seed and the man pages only, not
from src/rules/.  Standard library only.

Cells are (x, y) axial coordinates: rank r (a..g = 0..6) is y, cell i of
the rank (1..) has x = i - 1 + max(0, r - 3).  A position is (board, side):
board maps cell -> stack, a tuple of colours top first (0 white, 1 black);
side 0 (White) or 1 (Black) to move.
"""

WHITE, BLACK = 0, 1
RANKS = "abcdefg"
SIZES = (4, 5, 6, 7, 6, 5, 4)
DIRS = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (-1, -1))

CELLS = {}      # (x, y) -> name
NAMES = {}      # name -> (x, y)
for _r, _n in enumerate(SIZES):
    for _i in range(1, _n + 1):
        _xy = (_i - 1 + max(0, _r - 3), _r)
        CELLS[_xy] = "%s%d" % (RANKS[_r], _i)
        NAMES[CELLS[_xy]] = _xy

CASTLE = (
    {NAMES[c] for c in "a1 a2 a3 a4 b2 b3 b4 c3 c4".split()},
    {NAMES[c] for c in "g1 g2 g3 g4 f2 f3 f4 e3 e4".split()},
)

# the canonical order of origins: a1, a2, ..., g4
ORDER = sorted(CELLS, key=lambda xy: (xy[1], xy[0]))


def start():
    b = {}
    for side, cells in ((WHITE, "a1 a2 a3 a4 b2 b3 b4 c3 c4"),
                        (BLACK, "g1 g2 g3 g4 f2 f3 f4 e3 e4")):
        for c in cells.split():
            h = {"a": 3, "g": 3, "b": 2, "f": 2, "c": 1, "e": 1}[c[0]]
            b[NAMES[c]] = (side,) * h
    return (b, WHITE)


def _safe(stack):
    """three stones of the colour not on top"""
    return stack.count(1 - stack[0]) >= 3


def _turns(board, side, origin, prefix, out):
    """every turn continuing prefix (a list of step texts) from origin,
    whose remaining stack is board[origin] (controlled by side)."""
    rest = board[origin]
    reach = rest.count(side)
    ox, oy = origin
    for k in range(1, len(rest) + 1):
        portion, left = rest[:k], rest[k:]
        release = bool(left) and left[0] != side
        if release and origin in CASTLE[side]:
            continue
        for dx, dy in DIRS:
            for d in range(1, reach + 1):
                to = (ox + dx * d, oy + dy * d)
                if to not in CELLS:
                    break
                target = board.get(to)
                if target is not None:
                    res = portion + target
                    ok = (res.count(WHITE) <= 3 and res.count(BLACK) <= 3
                          and not _safe(target))
                    kind = "+" if target[0] == side else "x"
                else:
                    res = portion
                    ok = True
                    kind = "-"
                if ok:
                    nb = dict(board)
                    nb[to] = res
                    if left:
                        nb[origin] = left
                    else:
                        del nb[origin]
                    text = ("%d" % k if left else "") + kind + CELLS[to]
                    steps = prefix + [text]
                    out.append((CELLS[origin] + ":" + ",".join(steps), nb))
                    if left and not release:
                        _turns(nb, side, origin, steps, out)
                if target is not None:
                    break       # no sliding over a stack


def _holds(board, side):
    return sum(1 for c in CASTLE[1 - side]
               if c in board and board[c][0] == side)


def _can_move(board, side):
    for o in ORDER:
        if o in board and board[o][0] == side:
            out = []
            _turns(board, side, o, [], out)
            if out:
                return True
    return False


def _over(board, side, late):
    """whether the castle rule has ended the game, SIDE to move: in the
    2004 text the player who just moved wins as soon as he holds three
    cells; in Stein's rule since 2010 (LATE) only the player to move,
    at the beginning of his turn, so the defender has had one reply"""
    return _holds(board, side) >= 3 or (
        not late and _holds(board, 1 - side) >= 3)


def moves(pos, late=False):
    board, side = pos
    if _over(board, side, late):
        return {}
    out = []
    for o in ORDER:
        if o in board and board[o][0] == side:
            _turns(board, side, o, [], out)
    res = {}
    for text, nb in out:
        assert text not in res, text
        res[text] = (nb, 1 - side)
    return res


def judge(pos, late=False):
    """the result of the position: the player who just moved is judged
    first (never under the 2010 rule, LATE: his castle cells count at
    the beginning of his next turn), then the player to move; a player
    with no legal turn loses"""
    board, to_move = pos
    mover = 1 - to_move
    if not late and _holds(board, mover) >= 3:
        return "1-0" if mover == WHITE else "0-1"
    if _holds(board, to_move) >= 3:
        return "1-0" if to_move == WHITE else "0-1"
    if not _can_move(board, to_move):
        return "0-1" if to_move == WHITE else "1-0"
    return None


class Accasta:
    name = "accasta-pari"
    side_names = ("white", "black")

    def start(self):
        return start()

    def moves(self, pos):
        return moves(pos)

    def result(self, pos):
        return judge(pos)


class Accasta2010(Accasta):
    """accasta-pari-2010: Dieter Stein's win rule since 2010 (spielstein.com
    rules; Abstract Play accasta.ts checkEOG): the castle cells count for
    the player to move only"""
    name = "accasta-pari-2010"

    def moves(self, pos):
        return moves(pos, late=True)

    def result(self, pos):
        return judge(pos, late=True)
