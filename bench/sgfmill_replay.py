"""Replay SGF files with sgfmill (PyPI), the reference Python SGF library, for a
side-by-side figure with `arbitre verify`. sgfmill checks occupied points and
suicide but not ko or superko, so it does strictly less work than arbitre.

Usage: python3 bench/sgfmill_replay.py FOLDER
Prints: files, moves, seconds, moves per second.
"""

import pathlib
import sys
import time

from sgfmill import sgf, sgf_moves


def replay(path):
    game = sgf.Sgf_game.from_bytes(path.read_bytes())
    board, plays = sgf_moves.get_setup_and_moves(game)
    moves = 0
    for colour, move in plays:
        moves += 1
        if move is None:
            continue
        row, col = move
        try:
            board.play(row, col, colour)
        except ValueError:
            break
    return moves


def main():
    folder = pathlib.Path(sys.argv[1])
    files = sorted(folder.rglob("*.sgf"))
    started = time.perf_counter()
    moves = 0
    for path in files:
        try:
            moves += replay(path)
        except ValueError:
            pass
    seconds = time.perf_counter() - started
    print(f"sgfmill: {len(files)} files, {moves} moves, {seconds:.3f} s, {moves / seconds:,.0f} moves/s")


if __name__ == "__main__":
    main()
