"""Build step: `python -m game.audio [--dir FOLDER]` generates the sound files (the game
otherwise makes them on first use) and prints where they are."""
from __future__ import annotations

import argparse

from .bank import ensure_sounds


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.audio",
                                     description="Generate Breakshot's sound files.")
    parser.add_argument("--dir", help="root folder (default: the user's cache)")
    args = parser.parse_args(argv)
    print(ensure_sounds(args.dir).folder)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
