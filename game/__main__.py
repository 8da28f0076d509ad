"""`python -m game`: the Breakshot window (start menu, then play), a headless screenshot,
or the computer-vs-computer demo.

    python -m game [--mode nine_ball|eight_ball] [--size 1280x720]
    python -m game --offscreen --mode eight_ball --screenshot FILE.png [--size 1280x720]
    python -m game --viewer [--mode ...]        look round the opening position
    python -m game --demo [ARGS]                 game.ai_demo (its --help lists ARGS)

Panda3D is imported only by `game.view` (the mode table is `game.tables`, plain data), once the
arguments are known to be valid.
"""
from __future__ import annotations

import argparse
import os
import sys

from game.arguments import command_parser, whole_number, window_size
from game.i18n import _
from game.tables.modes import MODE_NAMES

def parse_args(argv=None) -> argparse.Namespace:
    parser = command_parser(
        prog="python -m game",
        description=_("Breakshot: 3D pool. Opens the start menu and plays 9-ball or red and "
                      "yellow 8-ball for two players at one machine; or renders the opening "
                      "position to an image."))
    parser.add_argument("--mode", choices=MODE_NAMES, default=None,
                        help=_("game mode: preselected in the menu (default: the saved "
                               "choice), or shown by --screenshot and --viewer (default: "
                               "nine_ball)"))
    parser.add_argument("--offscreen", action="store_true",
                        help=_("render without a display (EGL); needs --screenshot"))
    parser.add_argument("--screenshot", metavar="FILE.png",
                        help=_("render the opening position to this PNG file and exit"))
    parser.add_argument("--viewer", action="store_true",
                        help=_("look round the opening position (drag, arrows, wheel, T)"))
    parser.add_argument("--size", type=window_size, default=None, metavar="WxH",
                        help=_("window or image size in pixels (default: the window size in "
                               "the settings, 1280x720 at first; images 1280x720)"))
    parser.add_argument("--seed", type=whole_number(), default=None,
                        help=_("seed of the racks and the coin toss (default: random in the "
                               "game, 0 for --screenshot and --viewer)"))
    parser.add_argument("--no-shaders", action="store_true",
                        help=_("plain fixed-function lighting, no GLSL shadows"))
    parser.add_argument("--demo", action="store_true",
                        help=_("computer against computer without a display: the rest of the "
                               "arguments go to game.ai_demo (see python -m game.ai_demo -h)"))
    args = parser.parse_args(argv)
    if args.offscreen and not args.screenshot:
        parser.error(_("--offscreen shows nothing: add --screenshot FILE.png"))
    if args.screenshot is not None:
        if not args.screenshot.lower().endswith(".png"):
            parser.error(_("--screenshot must name a .png file, got {screenshot!r}").format(
                             screenshot=args.screenshot))
        folder = os.path.dirname(os.path.abspath(args.screenshot))
        if not os.path.isdir(folder):
            parser.error(_("--screenshot: folder {folder!r} does not exist").format(
                             folder=folder))
    return args


DEFAULT_SIZE = (1280, 720)      # images and the look-round viewer (pixels)


def main(argv=None) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    if "--demo" in argv:
        # The demo has its own arguments (and accepts --demo itself).
        from game.ai_demo import main as demo
        return demo(argv)
    args = parse_args(argv)
    use_shaders = False if args.no_shaders else None
    shown = args.mode or "nine_ball"
    seed = 0 if args.seed is None else args.seed
    try:
        if args.screenshot:
            from game.view.app import screenshot
            screenshot(shown, args.screenshot, args.offscreen, args.size or DEFAULT_SIZE, seed,
                       use_shaders)
            print(_("wrote {screenshot}").format(screenshot=args.screenshot))
        elif args.viewer:
            from game.view.replay.orbit_viewer import run
            run(shown, args.size or DEFAULT_SIZE, seed, use_shaders)
        else:
            from game.view.launcher import run
            run(args.size, args.mode, args.seed, use_shaders)
    except (RuntimeError, OSError) as exc:
        print(_("python -m game: error: {problem}").format(problem=exc), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
