"""Build step: `python -m game.audio [--dir FOLDER]` generates the sound files (the game
otherwise makes them on first use) and prints where they are; a folder that cannot be
written is said in one line on stderr, exit status 1."""
from __future__ import annotations

import sys

from game.arguments import command_parser, folder_problem
from game.i18n import _

from .bank import default_root, ensure_sounds


def main(argv=None) -> int:
    parser = command_parser(prog="python -m game.audio",
                            description=_("Generate Breakshot's sound files."))
    parser.add_argument("--dir", help=_("root folder (default: the user's cache)"))
    args = parser.parse_args(argv)
    try:
        folder = ensure_sounds(args.dir).folder
    except OSError as exc:
        root = args.dir or default_root()
        print(_("python -m game.audio: error: the sound files cannot be made in {folder}: "
                "{reason}").format(folder=root, reason=folder_problem(root, exc)),
              file=sys.stderr)
        return 1
    print(folder)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
