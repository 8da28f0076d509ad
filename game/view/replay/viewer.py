"""The replay window (`python -m game.replay FILE`): a recorded match, shot by shot.

The shot list (with each ruling, divergent shots marked), play and pause, a timeline to
scrub, steps from event to event, speed 0.1x to 4x, the game viewer's cameras and
controls, and optional traces and event labels. Drawn with replay_export.ShotStage;
playback timing comes from game.view.world.playback. The shot list is a column at the right,
the words are in a band along the top and one along the bottom, and both cameras keep
the table in the rest of the window (`view_region`).

Keys: space play/pause; , and . previous/next event (pauses); [ and ] slower/faster;
Page Up/Down or P/N previous/next shot; Home back to the strike; R traces; L labels;
T top view; arrows or left-drag orbit; wheel or +/- zoom; Escape quits (inside the game:
back to the recent matches). The key line at the bottom says which.
"""
from __future__ import annotations

import numpy as np
from direct.gui.DirectGui import DirectButton, DirectScrolledList, DirectSlider
from direct.gui.OnscreenText import OnscreenText
from panda3d.core import TextNode

from game import controls as keys
from game.i18n import _, number
from game.replay.rulings import ruling_texts
from game.replay.verify import verify
from game.view.app import open_base, table_camera
from game.view.ui import scale as ui_scale
from game.view.ui.layout import EDGE, MIN_ASPECT, SMALLEST_TEXT_SCALE, wrap
from game.view.ui.panels import wrap_to_width
from game.view.world.marking import colour_blind
from game.view.world.orientation import REST_ORIENTATION
from game.view.world.playback import next_speed
from game.settings import shown_name

from .export import ShotStage

from .orbit_viewer import Viewer

SPEEDS = (0.1, 0.25, 0.5, 1.0, 2.0, 4.0)
AUTO_NEXT_S = 1.5          # real seconds a finished shot stays before the next one plays
LIST_ROWS = 9              # shots visible in the list at once
LIST_LINES = 3             # lines of words a shot may take in the list (then "...")
TEXT_SCALE = 0.045
# aspect2d units (the window's height is 2): the shot list's column and row height,
# and the bands of words at the top and the bottom.
LIST_W = 0.8
ROW_H = 0.035              # one line of a shot's words
LIST_SCALE = SMALLEST_TEXT_SCALE
LIST_PAD = 0.02            # a shot's words start this far into the list and end as far in
TOP_BAND = 0.24
BOTTOM_BAND = 0.4
RULING_W = 2 * MIN_ASPECT - LIST_W - 4 * EDGE      # left of the list at 4:3
SLIDER_TOL_S = 1e-4
_CURRENT = (1.0, 0.85, 0.3, 1.0)
_NORMAL = (0.9, 0.9, 0.9, 1.0)
_DIVERGED = (1.0, 0.45, 0.4, 1.0)


def key_line(in_game: bool) -> str:
    """The viewer's keys in one line; Escape goes back to the recent matches `in_game`,
    quits the stand-alone window otherwise."""
    def k(action: str) -> str:
        return keys.label(action, 1)
    escape = (_("{key} back to the list") if in_game else _("{key} quit")).format(
        key=k("replay_back"))
    orbit = "/".join(k(a) for a in ("replay_orbit_left", "replay_orbit_right",
                                    "replay_orbit_up", "replay_orbit_down"))
    return _("{play} play/pause   {back} {forward} events   {slower} {faster} speed   "
             "{previous} {next} previous/next shot   {restart} restart   {traces} traces   "
             "{labels} labels   {top} top view   {orbit}/{drag}-drag orbit   "
             "{zoom_in}/{zoom_out} zoom   {escape}").format(
                 play=k("replay_play"), back=k("replay_step_previous"),
                 forward=k("replay_step_next"), slower=k("replay_slower"),
                 faster=k("replay_faster"), previous=k("replay_previous_shot"),
                 next=k("replay_next_shot"), restart=k("replay_restart"),
                 traces=k("replay_traces"), labels=k("replay_labels"),
                 top=k("replay_top_down"), orbit=orbit, drag=k("replay_orbit_drag"),
                 zoom_in=k("zoom_in"), zoom_out=k("zoom_out"), escape=escape)


class ReplayViewer(Viewer):
    """The replay on an existing ShowBase. checks: verify.ShotCheck per shot (divergent
    shots are marked), or None when the replay was not verified. shot: the first shot
    shown (0-based). on_back(): what Escape does, back to the recent matches in the
    game; None: Escape quits, as in the stand-alone window. Playing starts at once."""

    def __init__(self, base, replay, checks=None, shot: int = 0,
                 use_shaders: bool | None = None, on_back=None):
        super().__init__(base, replay.match.mode, use_shaders=use_shaders,
                         region=view_region(base.getAspectRatio(), ui_scale.current(base)))
        # A replay is watched for its balls: the whole table with its rails, seen from
        # above its near side and fitted tightly beside the shot list (the orbit starts
        # there; the look-round viewer keeps the spectator's view of the room).
        self.orbit = table_camera(base, self.scene, self.scene.bounds, self.region)
        if on_back is not None:
            self.ignore("escape")           # the stand-alone viewer's quit
            keys.accept(self, "replay_back", on_back)
        self.in_game = on_back is not None
        self.replay = replay
        # Each shot's ruling in words: colour-blind play's names if chosen.
        self.ruling_texts = ruling_texts(replay, colour_blind(base))
        self.checks = tuple(checks) if checks is not None else None
        self.stage = ShotStage(base, replay, scene=self.scene)
        self.index = None
        self.playing = True
        self._finished_for = 0.0
        self._slider_value = None
        self._build_gui()
        for action, handler in (("replay_play", self.toggle_play),
                                ("replay_step_next", self.step_next),
                                ("replay_step_previous", self.step_previous),
                                ("replay_faster", self.faster), ("replay_slower", self.slower),
                                ("replay_next_shot", self.next_shot),
                                ("replay_previous_shot", self.previous_shot),
                                ("replay_restart", self.restart),
                                ("replay_traces", self.toggle_traces),
                                ("replay_labels", self.toggle_labels)):
            keys.accept(self, action, handler)
        self.show_shot(shot)
        # After the event manager (sort 0), so a slider drag is seen in the same frame.
        self._tick_task = base.taskMgr.add(self._tick, "replay-viewer-tick", sort=10)

    # ---- the GUI -------------------------------------------------------------------
    def _build_gui(self) -> None:
        base = self.base

        def text(parent, pos, scale=TEXT_SCALE, fg=(1, 1, 1, 1), **options):
            return OnscreenText(parent=parent, pos=pos, scale=scale, fg=fg,
                                align=TextNode.ALeft, mayChange=True, **options)
        self.title = text(base.a2dTopLeft, (0.05, -0.08), TEXT_SCALE * 1.2)
        self.ruling = text(base.a2dTopLeft, (0.05, -0.15), fg=(1, 0.9, 0.6, 1),
                           wordwrap=wrap(RULING_W, TEXT_SCALE))
        # What the loader warned about (a newer minor format version), for the whole time.
        self.notice = text(base.a2dBottomLeft, (0.05, 0.34), TEXT_SCALE * 0.8,
                           fg=(1, 0.6, 0.3, 1), text="  ".join(self.replay.warnings))
        self.event = text(base.a2dBottomLeft, (0.05, 0.27), fg=(0.7, 0.9, 1, 1))
        self.status = text(base.a2dBottomLeft, (0.05, 0.2))
        self.help = text(base.a2dBottomLeft, (0.05, 0.03), SMALLEST_TEXT_SCALE,
                         fg=(0.7, 0.7, 0.7, 1), text=key_line(self.in_game))
        self.slider = DirectSlider(parent=base.a2dBottomCenter, pos=(0, 0, 0.12),
                                   frameSize=(-1.2, 1.2, -0.02, 0.02), range=(0, 1), value=0,
                                   thumb_frameSize=(-0.02, 0.02, -0.04, 0.04),
                                   command=self._on_slider)
        self.buttons = [DirectButton(text=self._shot_line(shot), text_align=TextNode.ALeft,
                                     text_scale=LIST_SCALE, relief=None,
                                     text_fg=self._shot_colour(shot.index),
                                     command=self.show_shot, extraArgs=[shot.index])
                        for shot in self.replay.shots]
        rows = LIST_ROWS * ROW_H * LIST_LINES
        self.shot_list = DirectScrolledList(
            parent=base.a2dTopRight, pos=(-LIST_W - EDGE, 0, -0.12), items=self.buttons,
            numItemsVisible=LIST_ROWS, itemFrame_pos=(0.0, 0, -0.05),
            itemFrame_frameSize=(-LIST_PAD, LIST_W, -rows - 0.01, 0.05),
            itemFrame_frameColor=(0, 0, 0, 0.45), forceHeight=ROW_H * LIST_LINES,
            decButton_text=_("up"), decButton_text_scale=TEXT_SCALE * 0.8,
            decButton_pos=(LIST_W / 2, 0, 0.06), incButton_text=_("down"),
            incButton_text_scale=TEXT_SCALE * 0.8,
            incButton_pos=(LIST_W / 2, 0, -rows - 0.08),
            decButton_borderWidth=(0.005, 0.005), incButton_borderWidth=(0.005, 0.005),
            frameColor=(0, 0, 0, 0))
        self._widgets = [self.title, self.ruling, self.notice, self.status, self.event,
                         self.help, self.slider, self.shot_list]

    def _shot_line(self, shot) -> str:
        """The shot's words in the list: its number, player and ruling, wrapped to the
        list's width (measured in the font) on up to LIST_LINES lines; "(!)" marks a
        shot today's solver no longer reproduces."""
        player = shown_name(self.replay.match.players[shot.shooter])
        mark = " (!)" if self.diverged(shot.index) else ""
        line = f"{shot.index + 1}. {player}: {self.ruling_texts[shot.index]}{mark}"
        lines = wrap_to_width(line, (LIST_W - LIST_PAD) / LIST_SCALE)
        if len(lines) > LIST_LINES:
            lines = lines[:LIST_LINES]
            lines[-1] = lines[-1].rstrip()[:-4] + "..." + mark
        return "\n".join(lines)

    def _shot_colour(self, index: int) -> tuple:
        if index == self.index:
            return _CURRENT
        return _DIVERGED if self.diverged(index) else _NORMAL

    def diverged(self, index: int) -> bool:
        """True if shot `index` was re-simulated and no longer matches its recording."""
        return self.checks is not None and not self.checks[index].matches

    # ---- shots ---------------------------------------------------------------------
    def show_shot(self, index: int) -> None:
        """Make shot `index` (0-based) current, at its strike. Going on to the next shot
        keeps the balls turned as they ended; a jump starts them at rest."""
        index = min(max(int(index), 0), len(self.replay.shots) - 1)
        orientations = None
        if self.index is not None and index == self.index + 1:
            orientations = self._carried_orientations(self.replay.shots[index].ball_ids)
        previous, self.index = self.index, index
        playback = self.stage.show_shot(index, orientations)
        playback.clock.paused = not self.playing
        self._finished_for = 0.0
        self.slider["range"] = (0.0, playback.end_time)
        for k in {previous, index} - {None}:
            self.buttons[k]["text_fg"] = self._shot_colour(k)
        self.shot_list.scrollTo(index, centered=True)
        shot = self.replay.shots[index]
        player = shown_name(self.replay.match.players[shot.shooter])
        self.title.setText(_("Shot {number} of {shots}, game {game}: {player}").format(
            number=index + 1, shots=len(self.replay.shots), game=shot.game + 1, player=player)
            + ("   " + _("re-simulated today, this shot differs") if self.diverged(index)
               else ""))
        self.ruling.setText(self.ruling_texts[index])
        self.refresh()

    def _carried_orientations(self, ball_ids) -> np.ndarray:
        """The orientations the balls of `ball_ids` ended the current shot with (at rest
        orientation for a ball that was not in it)."""
        ended = dict(zip(self.stage.shot.ball_ids, self.stage.frame.orientations))
        return np.array([ended.get(b, REST_ORIENTATION) for b in ball_ids])

    def next_shot(self) -> None:
        self.show_shot(self.index + 1)

    def previous_shot(self) -> None:
        self.show_shot(self.index - 1)

    # ---- time ----------------------------------------------------------------------
    @property
    def clock(self):
        return self.stage.playback.clock

    def toggle_play(self) -> None:
        self.playing = not self.playing
        if self.playing and self.clock.finished:
            self.clock.seek(0.0)
        self.clock.paused = not self.playing
        self.refresh()

    def seek(self, t: float) -> None:
        """Show shot time t (s) of the current shot; pauses, to study that instant."""
        self.playing = False
        self.clock.paused = True
        self.clock.seek(t)
        self.refresh()

    def restart(self) -> None:
        self.clock.seek(0.0)
        self.refresh()

    def step_next(self) -> None:
        """Pause at the next impact, drop or landing."""
        self.stage.playback.step_next()
        self.playing = False
        self.refresh()

    def step_previous(self) -> None:
        self.stage.playback.step_previous()
        self.playing = False
        self.refresh()

    def set_speed(self, factor: float) -> None:
        self.clock.set_speed(factor)
        self.refresh()

    def faster(self) -> None:
        self.set_speed(next_speed(self.clock.speed, SPEEDS, 1))

    def slower(self) -> None:
        self.set_speed(next_speed(self.clock.speed, SPEEDS, -1))

    def toggle_traces(self) -> None:
        self.stage.set_traces(not self.stage.show_traces)
        self.refresh()

    def toggle_labels(self) -> None:
        self.stage.set_labels(not self.stage.show_labels)
        self.refresh()

    def _on_slider(self) -> None:
        # The slider keeps single-precision values: the viewer's own updates come back
        # within rounding, a drag by the user moves it by a pixel (~ms of shot time).
        value = float(self.slider["value"])
        if self._slider_value is None or abs(value - self._slider_value) > SLIDER_TOL_S:
            self.seek(value)

    def update(self, real_dt: float) -> None:
        """One frame: advance the clock by real_dt real seconds (s), go on to the next
        shot AUTO_NEXT_S after one ends, redraw."""
        self.stage.playback.clock.advance(real_dt)
        if self.playing and self.clock.finished:
            self._finished_for += real_dt
            if self._finished_for >= AUTO_NEXT_S:
                if self.index + 1 < len(self.replay.shots):
                    self.next_shot()
                    return
                self.playing = False
        self.refresh()

    def _tick(self, task):
        self.update(self.base.clock.getDt())
        return task.cont

    def refresh(self) -> None:
        """Draw the current time: balls, labels, the timeline and the status lines."""
        frame = self.stage.pose(self.clock.time)
        self._slider_value = frame.time
        self.slider["value"] = frame.time
        state = _("playing") if self.playing and not self.clock.finished else _("paused")
        self.status.setText(
            _("{state}   t = {time} / {end} s   speed {speed}x   traces {traces}   labels "
              "{labels}").format(
                state=state, time=number(frame.time, 3),
                end=number(self.stage.playback.end_time, 3),
                speed=number(self.clock.speed),
                traces=_("on") if self.stage.show_traces else _("off"),
                labels=_("on") if self.stage.show_labels else _("off")))
        past = [m for m in self.stage.marks if m.time <= frame.time + 1e-9]
        self.event.setText(_("last: {what} at {time} s").format(
            what=past[-1].text, time=number(past[-1].time, 3)) if past else "")

    def destroy(self) -> None:
        self.base.taskMgr.remove(self._tick_task)
        for button in self.buttons:
            button.destroy()
        for widget in self._widgets:
            widget.destroy()
        self.stage.destroy(keep_scene=True)
        super().destroy()


def view_region(aspect: float, scale: float = 1.0) -> tuple:
    """The film region (x0, y0, x1, y1), -1..1 both ways, left free by the shot list
    and the bands of words, in a window `aspect` (width / height) wide with the
    interface at UI scale `scale` (game.view.ui.scale)."""
    return (-1.0, -1.0 + BOTTOM_BAND * scale, 1.0 - (LIST_W + 2 * EDGE) * scale / aspect,
            1.0 - TOP_BAND * scale)


def run(path, shot: int = 0, size=(1280, 720), use_shaders: bool | None = None,
        replay=None) -> None:
    """Open the replay at `path` (or the loaded `replay`) in a window, verified first,
    and run until the window is closed. ReplayError for a bad file, RuntimeError if the
    window cannot open."""
    from game.replay import load_replay
    replay = replay or load_replay(path)
    checks = verify(replay)
    try:
        base = open_base(offscreen=False, size=size)
    except RuntimeError as exc:
        # open_base's hint names the game's screenshot option; say what a replay can do.
        raise RuntimeError("the replay window did not open (no display?); without one, "
                           "export the shot instead: --plot, --gif or --frames") from exc
    ReplayViewer(base, replay, checks, shot, use_shaders)
    base.run()
