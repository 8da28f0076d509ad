"""`python -m game.replay`: open, check and export recorded matches.

    python -m game.replay FILE [--shot N]            the replay window, at shot N (1-based)
    python -m game.replay FILE --info                the match and its shots with rulings
    python -m game.replay FILE --verify              re-simulate every shot, compare digests
    python -m game.replay FILE --shot N --plot OUT.png     top-down trajectory plot
    python -m game.replay FILE --shot N --gif OUT.gif      animated GIF (offscreen, EGL)
    python -m game.replay FILE --shot N --mp4 OUT.mp4      MP4 (needs imageio-ffmpeg)
    python -m game.replay FILE --shot N --frames DIR       numbered PNG frames
    python -m game.replay --recent [--dir DIR]       the latest matches of the replay folder

Exports combine (--plot with --gif, ...) and need no display. Exit status: 0 done, 1 an
error (a bad file, an export that failed), 2 bad arguments, 3 --verify found divergent
shots. Panda3D is imported only for the window and the 3D exports.
"""
from __future__ import annotations

import argparse
import sys
from datetime import datetime

from game.arguments import window_size
from game.i18n import _

from game.storage import printable

from .animation import ExportError
from .errors import ReplayError
from .library import recent_matches, replay_directory
from .reader import load_replay
from .verify import verify

EXIT_ERROR, EXIT_DIVERGED = 1, 3


def parse_args(argv=None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="python -m game.replay",
        description="Breakshot replays: watch a recorded match, check it against today's "
                    "solver, export a shot as a plot, a GIF, an MP4 or PNG frames.")
    parser.add_argument("file", nargs="?", help="a replay file (.bsreplay)")
    parser.add_argument("--shot", type=int, default=1, metavar="N",
                        help="the shot to show or export, 1-based (default: 1)")
    parser.add_argument("--info", action="store_true", help="print the match and its shots")
    parser.add_argument("--verify", action="store_true",
                        help="re-simulate every shot and compare it with its recording")
    parser.add_argument("--plot", metavar="OUT.png", help="write a top-down trajectory plot")
    parser.add_argument("--gif", metavar="OUT.gif", help="write an animated GIF")
    parser.add_argument("--mp4", metavar="OUT.mp4", help="write an MP4 video")
    parser.add_argument("--frames", metavar="DIR", help="write PNG frames to this folder")
    parser.add_argument("--fps", type=float, help="frames per second (default: 25 for GIF, "
                                                  "30 otherwise)")
    parser.add_argument("--speed", type=float, default=1.0,
                        help="shot seconds per second of export (default: 1)")
    parser.add_argument("--start", type=float, default=0.0, help="export from this shot time (s)")
    parser.add_argument("--end", type=float, help="export up to this shot time (s; default: "
                                                  "the end of the shot)")
    parser.add_argument("--size", type=window_size, default=None, metavar="WxH",
                        help="window or frame size in pixels (default: 1280x720 for the "
                             "window, 960x540 for exports)")
    parser.add_argument("--camera", choices=("table", "shot", "overview", "top"),
                        default="table",
                        help="camera of the 3D exports: the whole cloth framed tightly, the "
                             "part the shot's balls move over, the spectator's view with the "
                             "room, or straight down (default: table)")
    parser.add_argument("--traces", action="store_true", help="draw ball paths in 3D exports")
    parser.add_argument("--labels", action="store_true", help="label events in 3D exports")
    parser.add_argument("--no-shaders", action="store_true",
                        help="plain fixed-function lighting, no GLSL shadows")
    parser.add_argument("--recent", action="store_true",
                        help="list the most recent replays and exit")
    parser.add_argument("--dir", help=f"the replay folder (default: {replay_directory()})")
    args = parser.parse_args(argv)
    if not args.recent and args.file is None:
        parser.error("name a replay file, or use --recent")
    if args.fps is not None and not 0 < args.fps <= 120:
        parser.error("--fps must be in (0, 120]")
    if not 0.1 <= args.speed <= 4.0:
        parser.error("--speed must be between 0.1 and 4")
    return args


def _print_recent(directory) -> None:
    matches = recent_matches(directory)
    if not matches:
        print(f"no replays in {directory or replay_directory()}")
    for m in matches:
        when = datetime.fromtimestamp(m.modified).strftime("%Y-%m-%d %H:%M")
        path = printable(str(m.path))       # a file name may carry escape codes too
        if m.error:
            print(f"{when}  {path}  (cannot be opened: {m.error})")
        else:
            print(f"{when}  {m.mode:10s} {m.players[0]} {m.games_won[0]}-{m.games_won[1]} "
                  f"{m.players[1]}, {m.shots} shots{'' if m.finished else ', unfinished'}  "
                  f"{path}")


def _print_info(replay) -> None:
    match = replay.match
    print(f"{printable(replay.path)}: format {replay.version[0]}.{replay.version[1]}, recorded "
          f"{replay.created} with {replay.software.get('solver', '?')}")
    print(f"{match.mode} on {match.table.name}: {match.players[0]} {replay.games_won[0]} - "
          f"{replay.games_won[1]} {match.players[1]}, seed {match.seed}, "
          f"{len(replay.shots)} shots")
    for shot in replay.shots:
        print(f"{shot.index + 1:4d}. game {shot.game + 1}, {match.players[shot.shooter]}: "
              f"{shot.ruling_text}  ({shot.duration:.2f} s, {shot.result.events.size} events)")


def _verify(replay) -> bool:
    """Print every divergent shot; True if all match."""
    from tqdm import tqdm
    with tqdm(total=len(replay.shots), unit="shot", desc="re-simulating", disable=None,
              leave=False) as bar:
        checks = verify(replay, progress=lambda check: bar.update())
    bad = [c for c in checks if not c.matches]
    for c in bad:
        print(f"shot {c.index + 1}: differs from its recording"
              + (f" ({c.error})" if c.error else f" (digest {c.digest[:19]}..., recorded "
                                                 f"{c.recorded[:19]}...)"))
    print(f"{len(checks) - len(bad)} of {len(checks)} shots match their recording")
    return not bad


def main(argv=None) -> int:
    args = parse_args(argv)
    use_shaders = False if args.no_shaders else None
    try:
        if args.recent:
            _print_recent(args.dir)
            return 0
        replay = load_replay(args.file)
        for warning in replay.warnings:
            print(_("warning: {warning}").format(warning=warning), file=sys.stderr)
        if not 1 <= args.shot <= max(len(replay.shots), 1):
            print(_("python -m game.replay: error: --shot {shot}: the match has {shots} "
                    "shots").format(shot=args.shot, shots=len(replay.shots)), file=sys.stderr)
            return 2
        index = args.shot - 1
        exports = [out for out in (args.gif, args.mp4, args.frames) if out]
        window = not (args.info or args.verify or args.plot or exports)
        if (window or args.plot or exports) and not replay.shots:
            raise ReplayError(f"{args.file}: nothing was played in this match yet")
        status = 0
        if args.info:
            _print_info(replay)
        if args.verify and not _verify(replay):
            status = EXIT_DIVERGED
        if args.plot:
            from .plot import save_shot_plot
            save_shot_plot(replay, index, args.plot)
            print(f"wrote {args.plot}")
        for out in exports:
            from game.view.replay.export import export_shot
            count = export_shot(replay, index, out, size=args.size or (960, 540), fps=args.fps,
                                speed=args.speed, start=args.start, end=args.end,
                                camera=args.camera, traces=args.traces, labels=args.labels,
                                use_shaders=use_shaders)
            print(f"wrote {out} ({count} frames)")
        if window:
            from game.view.replay.viewer import run
            run(args.file, index, args.size or (1280, 720), use_shaders, replay=replay)
        return status
    except (ReplayError, ExportError, RuntimeError, OSError, ValueError) as exc:
        print(_("python -m game.replay: error: {problem}").format(problem=printable(str(exc))),
              file=sys.stderr)
        return EXIT_ERROR


if __name__ == "__main__":
    sys.exit(main())
