"""`python -m game`: open the Breakshot window, or render a screenshot headlessly.

    python -m game [--mode nine_ball|eight_ball]
    python -m game --offscreen --mode eight_ball --screenshot FILE.png [--size 1280x720]

Panda3D is imported only by `game.view` (its `modes` module is plain data), once the
arguments are known to be valid.
"""
from __future__ import annotations

import argparse
import os
import re
import sys

from game.view.modes import MODE_NAMES

MAX_SIZE = 8192     # pixels per side; larger buffers fail in most drivers anyway


def _size(text: str) -> tuple:
    match = re.fullmatch(r"(\d+)x(\d+)", text)
    if not match:
        raise argparse.ArgumentTypeError(f"size must look like 1280x720, got {text!r}")
    w, h = int(match.group(1)), int(match.group(2))
    if not (1 <= w <= MAX_SIZE and 1 <= h <= MAX_SIZE):
        raise argparse.ArgumentTypeError(f"size {w}x{h} must be 1..{MAX_SIZE} pixels per side")
    return w, h


def parse_args(argv=None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="python -m game",
        description="Breakshot: 3D pool. Opens the table in a window (drag or arrow keys "
                    "to orbit, wheel or +/- to zoom, T for top-down), or renders the "
                    "opening position to an image.")
    parser.add_argument("--mode", choices=MODE_NAMES, default="nine_ball",
                        help="game mode (default: nine_ball)")
    parser.add_argument("--offscreen", action="store_true",
                        help="render without a display (EGL); needs --screenshot")
    parser.add_argument("--screenshot", metavar="FILE.png",
                        help="render the opening position to this PNG file and exit")
    parser.add_argument("--size", type=_size, default=(1280, 720), metavar="WxH",
                        help="window or image size in pixels (default: 1280x720)")
    parser.add_argument("--seed", type=int, default=0,
                        help="seed of the rack's random order (default: 0)")
    parser.add_argument("--no-shaders", action="store_true",
                        help="plain fixed-function lighting, no GLSL shadows")
    args = parser.parse_args(argv)
    if args.offscreen and not args.screenshot:
        parser.error("--offscreen shows nothing: add --screenshot FILE.png")
    if args.screenshot is not None:
        if not args.screenshot.lower().endswith(".png"):
            parser.error(f"--screenshot must name a .png file, got {args.screenshot!r}")
        folder = os.path.dirname(os.path.abspath(args.screenshot))
        if not os.path.isdir(folder):
            parser.error(f"--screenshot: folder {folder!r} does not exist")
    return args


def main(argv=None) -> int:
    args = parse_args(argv)
    use_shaders = False if args.no_shaders else None
    try:
        if args.screenshot:
            from game.view.app import screenshot
            screenshot(args.mode, args.screenshot, args.offscreen, args.size, args.seed,
                       use_shaders)
            print(f"wrote {args.screenshot}")
        else:
            from game.view.viewer import run
            run(args.mode, args.size, args.seed, use_shaders)
    except (RuntimeError, OSError) as exc:
        print(f"python -m game: error: {exc}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
