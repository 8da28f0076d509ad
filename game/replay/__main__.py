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

from game.arguments import command_parser, window_size
from game.drills import shipped_drills
from game.drills.texts import attempt_line
from game.i18n import _, ngettext

from game.storage import printable

from .animation import ExportError
from .errors import ReplayError
from .library import recent_matches, replay_directory
from .reader import load_replay
from .verify import verify

EXIT_ERROR, EXIT_DIVERGED = 1, 3


def parse_args(argv=None) -> argparse.Namespace:
    parser = command_parser(
        prog="python -m game.replay",
        description=_("Breakshot replays: watch a recorded match, check it against today's "
                      "solver, export a shot as a plot, a GIF, an MP4 or PNG frames."))
    parser.add_argument("file", nargs="?", help=_("a replay file (.bsreplay)"))
    parser.add_argument("--shot", type=int, default=1, metavar="N",
                        help=_("the shot to show or export, 1-based (default: 1)"))
    parser.add_argument("--info", action="store_true", help=_("print the match and its shots"))
    parser.add_argument("--verify", action="store_true",
                        help=_("re-simulate every shot and compare it with its recording"))
    parser.add_argument("--plot", metavar="OUT.png", help=_("write a top-down trajectory plot"))
    parser.add_argument("--gif", metavar="OUT.gif", help=_("write an animated GIF"))
    parser.add_argument("--mp4", metavar="OUT.mp4", help=_("write an MP4 video"))
    parser.add_argument("--frames", metavar="DIR", help=_("write PNG frames to this folder"))
    parser.add_argument("--fps", type=float, help=_("frames per second (default: 25 for GIF, "
                                                    "30 otherwise)"))
    parser.add_argument("--speed", type=float, default=1.0,
                        help=_("shot seconds per second of export (default: 1)"))
    parser.add_argument("--start", type=float, default=0.0, help=_("export from this shot "
                                                                   "time (s)"))
    parser.add_argument("--end", type=float, help=_("export up to this shot time (s; "
                                                    "default: the end of the shot)"))
    parser.add_argument("--size", type=window_size, default=None, metavar="WxH",
                        help=_("window or frame size in pixels (default: 1280x720 for the "
                               "window, 960x540 for exports)"))
    parser.add_argument("--camera", choices=("table", "shot", "overview", "top"),
                        default="table",
                        help=_("camera of the 3D exports: the whole cloth framed tightly, the "
                               "part the shot's balls move over, the spectator's view with the "
                               "room, or straight down (default: table)"))
    parser.add_argument("--traces", action="store_true", help=_("draw ball paths in 3D exports"))
    parser.add_argument("--labels", action="store_true", help=_("label events in 3D exports"))
    parser.add_argument("--no-shaders", action="store_true",
                        help=_("plain fixed-function lighting, no GLSL shadows"))
    parser.add_argument("--recent", action="store_true",
                        help=_("list the most recent replays and exit"))
    parser.add_argument("--dir", help=_("the replay folder (default: {folder})").format(
                                          folder=replay_directory()))
    args = parser.parse_args(argv)
    if not args.recent and args.file is None:
        parser.error(_("name a replay file, or use --recent"))
    if args.fps is not None and not 0 < args.fps <= 120:
        parser.error(_("--fps must be in (0, 120]"))
    if not 0.1 <= args.speed <= 4.0:
        parser.error(_("--speed must be between 0.1 and 4"))
    return args


def _print_recent(directory) -> None:
    matches = recent_matches(directory)
    if not matches:
        print(_("no replays in {folder}").format(folder=directory or replay_directory()))
    for m in matches:
        when = datetime.fromtimestamp(m.modified).strftime("%Y-%m-%d %H:%M")
        path = printable(str(m.path))       # a file name may carry escape codes too
        if m.error:
            print(_("{when}  {path}  (cannot be opened: {error})").format(
                when=when, path=path, error=m.error))
        else:
            shots = ngettext("{n} shot", "{n} shots", m.shots).format(n=m.shots)
            if m.drill is not None:
                print(f"{when}  {attempt_line(m.drill, shipped_drills())}, {shots}  {path}")
                continue
            if m.online is not None:
                shots = _("{shots}, online").format(shots=shots)
            if not m.finished:
                shots = _("{shots}, unfinished").format(shots=shots)
            print(_("{when}  {mode:10s} {a} {wa}-{wb} {b}, {shots}  {path}").format(
                when=when, mode=m.mode, a=m.players[0], wa=m.games_won[0], wb=m.games_won[1],
                b=m.players[1], shots=shots, path=path))


def _print_info(replay) -> None:
    match = replay.match
    print(_("{path}: format {major}.{minor}, recorded {created} with {solver}").format(
        path=printable(replay.path), major=replay.version[0], minor=replay.version[1],
        created=replay.created, solver=replay.software.get("solver", "?")))
    print(_("{mode} on {table}: {a} {wa} - {wb} {b}, seed {seed}, {shots}").format(
        mode=match.mode, table=match.table.name, a=match.players[0], wa=replay.games_won[0],
        wb=replay.games_won[1], b=match.players[1], seed=match.seed,
        shots=ngettext("{n} shot", "{n} shots", len(replay.shots)).format(
            n=len(replay.shots))))
    for shot in replay.shots:
        print(_("{number:4d}. game {game}, {name}: {ruling}  ({seconds:.2f} s, {events})").format(
            number=shot.index + 1, game=shot.game + 1, name=match.players[shot.shooter],
            ruling=shot.ruling_text, seconds=shot.duration,
            events=ngettext("{n} event", "{n} events", shot.result.events.size).format(
                n=shot.result.events.size)))


def _verify(replay) -> bool:
    """Print every divergent shot; True if all match."""
    from tqdm import tqdm
    with tqdm(total=len(replay.shots), unit="shot", desc="re-simulating", disable=None,
              leave=False) as bar:
        checks = verify(replay, progress=lambda check: bar.update())
    bad = [c for c in checks if not c.matches]
    for c in bad:
        if c.error:
            why = _("shot {number}: differs from its recording ({error})").format(
                number=c.index + 1, error=c.error)
        else:
            why = _("shot {number}: differs from its recording (digest {digest}..., "
                    "recorded {recorded}...)").format(number=c.index + 1, digest=c.digest[:19],
                                                      recorded=c.recorded[:19])
        print(why)
    print(ngettext("{good} of {n} shot matches its recording",
                   "{good} of {n} shots match their recording", len(checks)).format(
        good=len(checks) - len(bad), n=len(checks)))
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
            print(ngettext("python -m game.replay: error: --shot {shot}: the match has {shots} "
                           "shot", "python -m game.replay: error: --shot {shot}: the match "
                           "has {shots} shots", len(replay.shots)).format(
                               shot=args.shot, shots=len(replay.shots)), file=sys.stderr)
            return 2
        index = args.shot - 1
        exports = [out for out in (args.gif, args.mp4, args.frames) if out]
        window = not (args.info or args.verify or args.plot or exports)
        if (window or args.plot or exports) and not replay.shots:
            raise ReplayError(_("{file}: nothing was played in this match yet").format(
                                  file=args.file))
        status = 0
        if args.info:
            _print_info(replay)
        if args.verify and not _verify(replay):
            status = EXIT_DIVERGED
        if args.plot:
            from .plot import save_shot_plot
            save_shot_plot(replay, index, args.plot)
            print(_("wrote {plot}").format(plot=args.plot))
        for out in exports:
            from game.view.replay.export import export_shot
            count = export_shot(replay, index, out, size=args.size or (960, 540), fps=args.fps,
                                speed=args.speed, start=args.start, end=args.end,
                                camera=args.camera, traces=args.traces, labels=args.labels,
                                use_shaders=use_shaders)
            print(ngettext("wrote {out} ({count} frame)", "wrote {out} ({count} frames)",
                           count).format(out=out, count=count))
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
