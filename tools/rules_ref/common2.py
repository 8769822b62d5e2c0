"""common2.py - helpers of the second, independent rules cross-check
(diff2.py): running stackref, reading PDN movetext and FEN, perft.
Standard library only."""

import os
import re
import subprocess


class Stackref:
    def __init__(self, path):
        self.path = path
        self.calls = 0

    def run(self, args, stdin=None):
        """(status, stdout, stderr) of stackref ARGS fed STDIN (text)"""
        self.calls += 1
        p = subprocess.run([self.path] + args, input=stdin,
                           capture_output=True, text=True)
        return p.returncode, p.stdout, p.stderr

    def out(self, args, stdin=None):
        st, out, err = self.run(args, stdin)
        if st != 0:
            raise RuntimeError("stackref %s: status %d: %s"
                               % (" ".join(args), st, err.strip()))
        return out


def result_tag(record):
    m = re.search(r'^\[Result "([^"]*)"\]', record, re.M)
    return m.group(1) if m else None


def perft(game, pos, depth):
    if depth == 0:
        return 1
    ms = game.moves(pos)
    if depth == 1:
        return len(ms)
    return sum(perft(game, q, depth - 1) for q in ms.values())


# --- PDN ---------------------------------------------------------------

def pdn_games(text):
    """splits a PDN file into games: a list of (tags dict, movetext)"""
    games = []
    tags, body, in_body = {}, [], False
    # a tag glued to the end of the last game's movetext starts a new line
    text = re.sub(r'(\[\w+\s+")', r'\n\1', text)
    for line in text.splitlines():
        m = re.match(r'\s*\[(\w+)\s+"((?:[^"\\]|\\.)*)"\]', line)
        if m:
            if in_body:
                games.append((tags, "\n".join(body)))
                tags, body, in_body = {}, [], False
            tags[m.group(1)] = m.group(2)
            line = line[m.end():]     # a tag and movetext on one line
        if line.strip():
            in_body = True
        body.append(line)
    if tags or "".join(body).strip():
        games.append((tags, "\n".join(body)))
    return games


def movetext_tokens(text):
    """the moves of the main line, as written"""
    text = re.sub(r"\{[^}]*\}", " ", text)
    text = re.sub(r";[^\n]*", " ", text)
    text = re.sub(r"(?m)^%[^\n]*", " ", text)
    while True:
        t = re.sub(r"\([^()]*\)", " ", text)
        if t == text:
            break
        text = t
    # results first (they may be glued to text: "0-1[Event"), then every
    # run of squares joined by - x X : (glued text such as "8-11Red" too)
    text = re.sub(r"(?<![\d/])(?:1/2-1/2|[012]-[012])(?![\d/])", " ", text)
    text = re.sub(r"\d+\.(?:\.\.)?", " ", text)      # move numbers
    text = re.sub(r"\$\d+", " ", text)                # NAGs
    return re.findall("\\d+(?:[-xX:\u00d7]\\d+)+", text)


def checkers_fen(fen):
    """parses a checkers PDN FEN into (board, side): board square ->
    (colour, king), colour 0 for B (Red, first player), 1 for W"""
    fen = fen.strip().rstrip(".")
    parts = [p.strip() for p in fen.split(":")]
    side = 0 if parts[0].upper() == "B" else 1
    board = {}
    for p in parts[1:]:
        if not p:
            continue
        colour = 0 if p[0].upper() == "B" else 1
        for item in p[1:].split(","):
            item = item.strip()
            if not item:
                continue
            king = item[0].upper() == "K"
            if king:
                item = item[1:]
            if "-" in item:
                a, b = item.split("-")
                for n in range(int(a), int(b) + 1):
                    board[n] = (colour, king)
            else:
                board[int(item)] = (colour, king)
    return board, side


def stack_fen(fen, letters):
    """parses a stack game FEN: (side, {square name: ((colour, king), ...)})"""
    side_s, _, rest = fen.strip().partition(":")
    side = letters.index(side_s.lower())
    board = {}
    for e in rest.split(","):
        if not e:
            continue
        sq, st = e.split("=")
        board[sq] = tuple((letters.index(c.lower()), c.isupper()) for c in st)
    return side, board


def path_match(text, paths):
    """the legal checkers/stackup moves a written move names (paths: the
    canonical text -> whole path of each legal move): its whole path, else
    its two ends (stackref-pdn(5), Moves)"""
    sq = [s for s in re.split(r"[-xX\u00d7:]", text) if s]
    if not sq or not all(s.isdigit() for s in sq):
        return []
    sq = [int(s) for s in sq]
    exact = [m for m, p in paths.items() if list(p) == sq]
    if exact or len(sq) != 2:
        return exact
    return [m for m, p in paths.items() if p[0] == sq[0] and p[-1] == sq[-1]]


def setup_record(game, fen):
    """a record of GAME starting from the set-up position FEN"""
    return ('[Game "%s"]\n[SetUp "1"]\n[FEN "%s"]\n\n*\n' % (game, fen))
