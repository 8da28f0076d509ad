"""The README's screenshots: a game of each mode played a few shots in, rendered headlessly
with the HUD while the next player aims.

    python -m game.view.docs_shots [FOLDER] [--size 1280x720]

writes FOLDER/nine_ball.png and FOLDER/eight_ball.png (the aiming view), FOLDER/
nine_ball_top.png (the same moment from the top view), FOLDER/nine_ball_choice.png (the
play-or-pass question after a push out), FOLDER/replay.png (the replay
viewer during the break), FOLDER/drill.png (the progressive stop shots after a first stage
done), FOLDER/menu.png and FOLDER/
graphics.png (the menu and its Graphics page; FOLDER defaults to docs), in the high quality preset.
FOLDER/colour_blind_rack.png is the 8-ball rack with colour-blind play, FOLDER/
colour_blind_rack_deuteranopia.png the same seen through a deuteranopia simulation and
FOLDER/colour_blind_off_deuteranopia.png without colour-blind play
(`game.view.ui.colour_vision`), FOLDER/colour_blind_match.png the 8-ball screenshot's moment
with it (the HUD's ringed icons and group name, the dashed object-ball path),
FOLDER/accessibility.png the menu's Accessibility page (--colour-blind-only renders only
these). The shots are real solver shots from a
fixed seed, so the images change only when the physics, the rules or the view do.
FOLDER/stats.png is the statistics screen of a profile after STATS_MATCHES short matches
played by the computer (a few minutes: --stats-only renders only it).

    python -m game.view.docs_shots [FOLDER] --ui-scale

writes only FOLDER/ui_scale_1024.png and FOLDER/ui_scale_4k.png: the 9-ball picture's
moment in a 1024x768 window and in a 3840x2160 one, each at the UI scale Auto gives it
(game.view.ui.scale), the 4K one halved to 1920x1080; both in 256 colours, to keep the
repository small.
"""
from __future__ import annotations

import math
import os
import tempfile
from contextlib import contextmanager
from datetime import datetime, timedelta, timezone

import numpy as np
from panda3d.core import ClockObject

from game.arguments import command_parser, window_size
from game.i18n import _
from game.profiles.registry import create_profile
from game.profiles.seats import computer
from game.profiles.selfplay import play_recorded
from game.profiles.store import open_store
from game.replay import Recorder, load_replay
from game.rules import Group
from game.rules.nine_ball import OptionChoice
from game.session import ChooseGroup, ChooseOption, GameSession, PlaceCueBall, Shoot
from game.settings import Accessibility, Aids, Graphics, Settings
from game.tables import modes
from game.drills import shipped_drills
from game.view.drills.screen import DrillScreen
from game.view.match.aim import free_spot
from game.view.match.aiming import balls_on
from game.view.match.play import GameScreen
from game.view.menu.start_menu import Menu
from game.view.replay.viewer import ReplayViewer
from game.view.stats.screen import StatsScreen
from game.view.world import marking
from game.view.world.scene import Scene
from physics_ext import Stroke

from .ui import colour_vision
from .app import (apply_graphics, open_base, opening_positions, prepare_base,
                  save_screenshot, table_camera)

# (mode, seed, shots after the break): chosen for a busy table with a clear pot on.
SHOTS = (("nine_ball", 12, 3), ("eight_ball", 4, 3))
BREAK = Stroke(0.0, 0.0, 0.0, 0.1, 8.5)
CHOICE_SEED = 1            # a 9-ball break after which PUSH_OUT is a legal push out
PUSH_OUT = Stroke(1.3, 0.0, 0.0, 0.1, 0.8)
SETTLE_FRAMES = 150        # the camera's move to the aiming view, at 60 Hz
REPLAY_FRAMES = 60         # the replay viewer shown this many frames into the break
# The statistics picture: Ann (played by the amateur level) against each computer level
# in turn, 9-ball, each game played up to STATS_SHOTS shots and then conceded.
STATS_MATCHES = 18
STATS_SHOTS = 14
STATS_START = datetime(2026, 5, 1, 18, 0, tzinfo=timezone.utc)


def play_into(mode: str, seed: int, shots: int, record_to=None) -> GameSession:
    """A session after the break and `shots` plain strokes at the nearest ball on (with a
    little follow), stopped where the next player aims; recorded as a replay at the path
    `record_to` if given."""
    session = GameSession(mode, ("Ann", "Bob"), seed=seed)
    if record_to is not None:
        Recorder(session, path=record_to)
    session.apply(PlaceCueBall(modes.mode(mode).cue_ball_spot))
    session.apply(Shoot(BREAK))
    for played in range(4 * shots):
        state = session.state
        if state.game_over:
            raise RuntimeError(f"{mode} seed {seed} ended after {played} shots; pick another")
        if session.option_pending is not None:
            session.apply(ChooseOption(OptionChoice.PLAY))
        if session.group_choice_pending:
            session.apply(ChooseGroup(Group.RED))
        if session.needs_cue_ball_placement:
            session.apply(PlaceCueBall(free_spot(session.table, state.ball_in_hand,
                                                 modes.mode(mode).cue_ball_spot,
                                                 session.state.layout, session.ball_set)))
        elif played >= shots:
            return session
        (cx, cy), on = session.state.layout[0], balls_on(session)
        bx, by = min((session.state.layout[b] for b in on), key=lambda p: math.dist(p, (cx, cy)))
        session.apply(Shoot(Stroke(math.atan2(by - cy, bx - cx), 0.0, 0.0, 0.2, 3.0)))
    raise RuntimeError(f"{mode} seed {seed}: no aiming position found; pick another")


def pot_azimuth(session) -> float:
    """The aim (rad) that pots the nearest ball on with the least cut: at the ghost ball
    touching it on the line from the pocket through it."""
    (cx, cy), layout = session.state.layout[0], session.state.layout
    ball = min(balls_on(session), key=lambda b: math.dist(layout[b], (cx, cy)))
    (bx, by), reach = layout[ball], session.ball_set.radius(0) + session.ball_set.radius(ball)
    aim = math.atan2(by - cy, bx - cx)

    def ghost(pocket):
        ux, uy = pocket[0] - bx, pocket[1] - by
        n = math.hypot(ux, uy)
        return bx - ux / n * reach, by - uy / n * reach

    def cut(pocket):
        gx, gy = ghost(pocket)
        a = math.atan2(pocket[1] - by, pocket[0] - bx) - math.atan2(gy - cy, gx - cx)
        return abs(math.remainder(a, 2 * math.pi))
    best = min((tuple(p[:2]) for p in session.table.geometry().pockets), key=cut)
    gx, gy = ghost(best)
    return math.atan2(gy - cy, gx - cx) if cut(best) < math.radians(60) else aim


def render(base, mode: str, seed: int, shots: int, path: str, top: bool = False) -> None:
    """Render the mid-game screen of (mode, seed, shots) to `path` (`top`: in the top
    view)."""
    session = play_into(mode, seed, shots)
    with frames_at_60_hz():
        screen = GameScreen(base, session, Aids(), lambda: None)
        try:
            screen.flow.aim.aim_at(pot_azimuth(session), tip=(0.0, 0.25))
            screen.hud.tell(session.shots[-1])
            screen.update_hud()
            if top:
                screen.toggle_view()
            settle_and_save(base, path)
        finally:
            base.win.setActive(True)
            screen.destroy()


@contextmanager
def frames_at_60_hz():
    """Every frame inside lasts 1/60 s of the global clock, however long it takes to
    draw (or skip): the camera's glide and the playback reach the same point in the same
    number of frames on any machine, so a screenshot never depends on its speed."""
    clock = ClockObject.getGlobalClock()
    clock.setMode(ClockObject.MNonRealTime)
    clock.setFrameRate(60)
    try:
        yield
    finally:
        clock.setMode(ClockObject.MNormal)


def settle_and_save(base, path: str) -> None:
    """Let the camera glide to its goal (nothing needs drawing until it is there), then
    render the screenshot to `path`."""
    base.win.setActive(False)
    for _frame in range(SETTLE_FRAMES):
        base.taskMgr.step()
    base.win.setActive(True)
    save_screenshot(base, path)


def render_choice(base, path: str) -> None:
    """9-ball's play or pass after a push out, asked in its panel at the bottom edge with
    the table in sight, to `path`."""
    session = GameSession("nine_ball", ("Ann", "Bob"), seed=CHOICE_SEED)
    session.apply(PlaceCueBall(modes.mode("nine_ball").cue_ball_spot))
    session.apply(Shoot(BREAK))
    session.apply(Shoot(PUSH_OUT, push_out=True))
    if session.option_pending is None:
        raise RuntimeError(f"9-ball seed {CHOICE_SEED}: no play-or-pass choice; pick another")
    with frames_at_60_hz():
        screen = GameScreen(base, session, Aids(), lambda: None)
        try:
            screen.hud.tell(session.shots[-1])
            screen.update_hud()
            settle_and_save(base, path)
        finally:
            base.win.setActive(True)
            screen.destroy()


def render_replay(base, path: str) -> None:
    """The replay viewer a second into the break of the first 9-ball game, to `path`."""
    mode, seed, shots = SHOTS[0]
    with tempfile.TemporaryDirectory() as folder:
        record = os.path.join(folder, "match.json")
        play_into(mode, seed, shots, record_to=record)
        viewer = ReplayViewer(base, load_replay(record))
    try:
        with frames_at_60_hz():
            for _frame in range(REPLAY_FRAMES):
                base.taskMgr.step()
        save_screenshot(base, path)
    finally:
        viewer.destroy()


def render_drill(base, path: str):
    """The progressive stop shots drill, its first stage done with a stun shot, aiming
    at the second, to `path`; returns the attempt's progress shown."""
    drill = next(d for d in shipped_drills() if d.id == "stop_shots")
    with tempfile.TemporaryDirectory() as folder:
        screen = DrillScreen(base, drill, "Ann", Aids(), lambda: None, replay_dir=folder)
        try:
            (cx, cy), (bx, by) = (screen.attempt.layout[b] for b in (0, 1))
            screen.attempt.shoot(Stroke(math.atan2(by - cy, bx - cx), 0.0, 0.0, 0.0, 2.5))
            screen._shot_ended()
            with frames_at_60_hz():
                settle_and_save(base, path)
            return screen.attempt.progress
        finally:
            base.win.setActive(True)
            screen.destroy()


def render_stats(base, path: str) -> None:
    """The statistics screen of profile Ann after STATS_MATCHES matches, to `path`."""
    levels = ("beginner", "amateur", "pro")
    with tempfile.TemporaryDirectory() as folder:
        conn = open_store(os.path.join(folder, "statistics.sqlite"))
        ann = create_profile(conn, "Ann", "nine_ball", STATS_START)
        for k in range(STATS_MATCHES):
            level = levels[k % len(levels)]
            play_recorded(conn, os.path.join(folder, "replays"), "nine_ball",
                          (ann, computer(level)), ("amateur", level), 100 + k,
                          STATS_START + timedelta(hours=k), shots_per_game=STATS_SHOTS)
        screen = StatsScreen(base, conn, lambda: None, lambda seat, name: None)
        try:
            save_screenshot(base, path)
        finally:
            screen.destroy()
            conn.close()


def render_colour_blind(base, folder: str) -> list:
    """The 8-ball rack close up with colour-blind play, as seen and through the
    deuteranopia simulation, and without it through the simulation; the menu's
    Accessibility page with the option on. Returns the paths written."""
    from PIL import Image
    positions = opening_positions("eight_ball")
    xs = [p[0] for b, p in positions.items() if b]
    ys = [p[1] for b, p in positions.items() if b]
    scene = Scene(base, "eight_ball", positions)
    written = []
    try:
        table_camera(base, scene, area=((min(xs) - 0.06, min(ys) - 0.03),
                                        (max(xs) + 0.06, max(ys) + 0.03)))
        for on, name, simulated in ((True, "colour_blind_rack", True),
                                    (False, "colour_blind_off", False)):
            marking.set_colour_blind(base, on)
            path = os.path.join(folder, f"{name}.png")
            save_screenshot(base, path)
            picture = Image.open(path).convert("RGB")
            if not simulated:
                os.remove(path)         # only its simulation is shown
            else:
                written.append(path)
            seen = colour_vision.simulate(np.asarray(picture) / 255.0, "deuteranopia")
            path = os.path.join(folder, f"{name}_deuteranopia.png")
            Image.fromarray(np.round(seen * 255).astype(np.uint8)).save(path)
            written.append(path)
    finally:
        scene.destroy()
    marking.set_colour_blind(base, True)
    path = os.path.join(folder, "colour_blind_match.png")
    render(base, *SHOTS[1], path)
    written.append(path)
    idle = lambda *chosen: None    # noqa: E731
    menu = Menu(base, Settings(mode="eight_ball", accessibility=Accessibility(True)), idle,
                idle, on_accessibility=idle)
    try:
        menu.open_accessibility()
        for _frame in range(4):         # the table behind from the fourth frame on
            base.taskMgr.step()
        path = os.path.join(folder, "accessibility.png")
        save_screenshot(base, path)
        written.append(path)
    finally:
        menu.destroy()
        marking.set_colour_blind(base, False)
    return written


# The UI scale pictures: (file, window size, how many times smaller the file is).
UI_SCALE_SHOTS = (("ui_scale_1024.png", (1024, 768), 1), ("ui_scale_4k.png", (3840, 2160), 2))


def render_ui_scales(folder: str) -> None:
    """The 9-ball aiming picture in each window of UI_SCALE_SHOTS at the UI scale Auto,
    each in a ShowBase of its own (Panda3D allows one at a time)."""
    from PIL import Image
    graphics = Graphics().with_preset("high")
    for name, size, shrink in UI_SCALE_SHOTS:
        base = open_base(offscreen=True, size=size, graphics=graphics)
        try:
            prepare_base(base)
            apply_graphics(base, graphics)
            path = os.path.join(folder, name)
            mode, seed, shots = SHOTS[0]
            render(base, mode, seed, shots, path)
            with Image.open(path) as full:
                small = full.convert("RGB").resize((size[0] // shrink, size[1] // shrink),
                                                   Image.LANCZOS)
            # 256 colours (octree, dithered): a sixth of the bytes, no colour lost.
            small.quantize(256, method=Image.Quantize.FASTOCTREE,
                           dither=Image.Dither.FLOYDSTEINBERG).save(path, optimize=True)
            print(_("wrote {path}").format(path=path))
        finally:
            base.destroy()


def main(argv=None) -> int:
    parser = command_parser(prog="python -m game.view.docs_shots",
                            description=_("Render the README's mid-game screenshots."))
    parser.add_argument("folder", nargs="?", default="docs",
                        help=_("the folder of the pictures (default: docs)"))
    parser.add_argument("--size", type=window_size, default=(1280, 720), metavar="WxH",
                        help=_("picture size in pixels (default: 1280x720)"))
    parser.add_argument("--stats-only", action="store_true",
                        help=_("render only the statistics screen (stats.png)"))
    parser.add_argument("--colour-blind-only", action="store_true",
                        help=_("render only the colour-blind play pictures"))
    parser.add_argument("--ui-scale", action="store_true",
                        help=_("render only the pictures of the interface's size "
                               "(ui_scale_1024.png, ui_scale_4k.png)"))
    args = parser.parse_args(argv)
    os.makedirs(args.folder, exist_ok=True)
    if args.ui_scale:
        render_ui_scales(args.folder)
        return 0
    graphics = Graphics().with_preset("high")
    base = open_base(offscreen=True, size=args.size, graphics=graphics)
    try:
        prepare_base(base)
        apply_graphics(base, graphics)
        for path in render_colour_blind(base, args.folder):
            print(_("wrote {path}").format(path=path))
        if args.colour_blind_only:
            return 0
        path = os.path.join(args.folder, "stats.png")
        render_stats(base, path)
        print(_("wrote {path}").format(path=path))
        if args.stats_only:
            return 0
        for mode, seed, shots in SHOTS:
            path = os.path.join(args.folder, f"{mode}.png")
            render(base, mode, seed, shots, path)
            print(_("wrote {path}").format(path=path))
        path = os.path.join(args.folder, "replay.png")
        render_replay(base, path)
        print(_("wrote {path}").format(path=path))
        path = os.path.join(args.folder, "drill.png")
        render_drill(base, path)
        print(_("wrote {path}").format(path=path))
        mode, seed, shots = SHOTS[0]
        path = os.path.join(args.folder, f"{mode}_top.png")
        render(base, mode, seed, shots, path, top=True)
        print(_("wrote {path}").format(path=path))
        path = os.path.join(args.folder, f"{mode}_choice.png")
        render_choice(base, path)
        print(_("wrote {path}").format(path=path))
        path = os.path.join(args.folder, "menu.png")
        # every button the game's menu has (the callbacks are never clicked here)
        idle = lambda *chosen: None    # noqa: E731
        menu = Menu(base, Settings(), idle, idle, on_recent=idle, on_practice=idle,
                    on_graphics=idle, on_language=idle, on_drills=idle, on_stats=idle,
                    on_online=idle, on_sound=idle, profile_names=lambda: (),
                    on_accessibility=idle)
        try:
            for _frame in range(2):      # the menu's first frame, then its table behind it
                base.taskMgr.step()
            save_screenshot(base, path)
            print(_("wrote {path}").format(path=path))
            menu.open_graphics()
            path = os.path.join(args.folder, "graphics.png")
            save_screenshot(base, path)
            print(_("wrote {path}").format(path=path))
        finally:
            menu.destroy()
    finally:
        base.destroy()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
