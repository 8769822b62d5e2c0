"""common.py - shared helpers of the independent rules references.

tools/rules_ref/ is a second reading of /work/shared/RULES.md (and the seed
texts behind it), written apart from src/rules/ without reading it: it
knows stackref only through its command line, its notation (SPEC.md,
man/stackref-pdn.5) and the moves it prints.  Standard library only.

A game module (brown.py, mogensen.py) provides
    NAME                   the game's identifier
    SIDES                  (first, second) colour letters
    start()                the start position
    from_fen(text)         a position from a stack-game FEN ("b:a1=bb,...")
    to_fen(pos)            the same, in stackref's square order
                           (both through parse_fen and write_fen here)
    moves(pos)             [(text, kind, next_pos)], every legal turn
    result(pos)            None while the game goes on, else "1-0"/"0-1"
A position is a tuple (side to move, board tuple of top-first strings).
"""


def parse_fen(text, square_index, size):
    """A position from "s:sq=stack,...": (side, board tuple of SIZE top
    first strings, "" for an empty square).  Crowns (upper case) are read
    as plain checkers: neither Stackers game has kings."""
    text = text.strip().rstrip(".")
    side, _, rest = text.partition(":")
    board = [""] * size
    for entry in rest.split(","):
        entry = entry.strip()
        if not entry:
            continue
        sq, _, stack = entry.partition("=")
        board[square_index(sq.strip())] = stack.strip().lower()
    return (side.strip().lower(), tuple(board))


def write_fen(pos, square_name):
    """The FEN of POS, its occupied squares in index order, as stackref
    writes it."""
    side, board = pos
    return side + ":" + ",".join(
        "%s=%s" % (square_name(i), s) for i, s in enumerate(board) if s)


def perft(game, pos, depth):
    """Leaf count of the legal-move tree (one unit per move as written)."""
    if depth == 0:
        return 1
    ms = game.moves(pos)
    if depth == 1:
        return len(ms)
    return sum(perft(game, p, depth - 1) for _, _, p in ms)


def play(game, pos, texts):
    """The position after the moves TEXTS (canonical) from POS."""
    for t in texts:
        for m, _, p in game.moves(pos):
            if m == t:
                pos = p
                break
        else:
            raise ValueError("illegal move %r" % t)
    return pos
