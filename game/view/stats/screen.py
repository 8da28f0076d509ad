"""The statistics screen: whose statistics (each profile, the computer levels, guests)
in which game, the plots (pot rate over time, pot rate by cut angle x distance, break
outcomes) drawn by game.profiles.figures onto a texture, a table of records, a new
profile, the shown profile picked for seat 1 or 2 of the menu, and CSV export. The
Drills button shows instead a profile's record on each drill (attempts, best, trend), computed from
its recorded attempts (game.drills.history, the source of truth).

The database connection is the app's; this screen only reads it, except to create a
profile. Positions are in aspect2d units, the panel 2.5 wide like the menu's.
"""
from __future__ import annotations

from datetime import datetime
from pathlib import Path

import numpy as np
import platformdirs
from direct.gui.DirectGui import DGG, DirectButton, DirectEntry, DirectFrame
from direct.gui.OnscreenImage import OnscreenImage
from direct.gui.OnscreenText import OnscreenText
from direct.showbase.DirectObject import DirectObject
from panda3d.core import TextNode, TransparencyAttrib

from game.drills import Drill, drills_in, shipped_drills, texts, user_drill_directory
from game.drills.history import drill_record, recorded_attempts
from game import controls as key_bindings
from game.i18n import _, ngettext
from game.profiles.export import write_csv
from game.profiles.figures import stats_image
from game.profiles.registry import create_profile, profiles
from game.profiles.seats import LEVEL_NAMES, ProfileError, Seat, computer
from game.rules import Foul
from game.session.describe import FOUL_TEXT
from game.settings import NAME_MAX_CHARS
from game.tables.modes import MODE_TITLES
from game.view.menu.toggle import Toggle, relabel
from game.view.menu.start_menu import KIND_LABELS
from game.view.ui.palette import BUTTON, DIM, GOLD, NOTICE, ON, PANEL, TEXT
from game.view.world.textures import texture_from_rgb

PLOT_WIDTH = 2.36                  # aspect2d units; the height follows the image's aspect
PLOT_CENTRE_Z = 0.2
DRILLS = "drills"                  # the view of the drill records, instead of a game's


def seat_label(seat: str) -> str:
    """A seat key in words: the profile's name, "Computer: pro", "Guests"."""
    kind, _sep, name = seat.partition(":")
    if kind == "computer":
        return _(KIND_LABELS[name])
    if kind == "guest":
        return _("Guests")
    return name


def export_path(seat: str, mode: str, now: datetime | None = None) -> Path:
    """Where the CSV export goes: the user's documents folder, a name with the seat, the
    mode and the time (never an earlier export's)."""
    stamp = (now or datetime.now()).strftime("%Y-%m-%d_%H-%M-%S")
    slug = "".join(c if c.isalnum() else "-" for c in seat_label(seat))[:24] or _("player")
    return Path(platformdirs.user_documents_dir()) / f"breakshot_{slug}_{mode}_{stamp}.csv"


class StatsScreen:
    """The screen on `base` reading the database `conn`. on_back() for Back or Escape;
    on_pick(seat_index, name): the shown profile chosen for seat 0 or 1 (the menu's
    player names). mode: the game shown first. replay_dir: where the drill attempts are
    recorded, drill_dir: the player's own drills (defaults: the user's folders)."""

    def __init__(self, base, conn, on_back, on_pick, mode: str = "nine_ball",
                 replay_dir=None, drill_dir=None):
        self.base = base
        self.conn = conn
        self.on_pick = on_pick
        self.mode = mode
        self.view = mode                # a game's statistics, or DRILLS
        self.replay_dir = replay_dir
        self.drill_dir = drill_dir
        self.attempts = None            # the recorded drill attempts, read when first shown
        self.frame = DirectFrame(parent=base.aspect2d, frameColor=PANEL,
                                 frameSize=(-1.25, 1.25, -0.93, 0.93), state=DGG.NORMAL)
        OnscreenText(parent=self.frame, text=_("Profiles and statistics"), pos=(0, 0.8),
                     scale=0.075, fg=GOLD)
        self.seats = self._seats()
        self.seat = self.seats[0]
        self.seat_button = DirectButton(parent=self.frame, pos=(-1.15, 0, 0.68), relief=None,
                                        scale=0.055, text="", text_align=TextNode.ALeft,
                                        command=self.next_seat)
        self.mode_toggles = {
            name: Toggle(self.frame, _(MODE_TITLES[name]), name == mode, (x, 0.68),
                         lambda _v, n=name: self.choose_mode(n))
            for name, x in (("nine_ball", 0.0), ("eight_ball", 0.45))}
        self.plot = None
        # A drill's title may be 60 characters long: wrapped inside the panel.
        self.drill_table = OnscreenText(parent=self.frame, text="", pos=(-1.15, 0.52),
                                        scale=0.045, fg=TEXT, align=TextNode.ALeft,
                                        wordwrap=2.3 / 0.045, mayChange=True)
        self.records = OnscreenText(parent=self.frame, text="", pos=(-1.15, -0.24),
                                    scale=0.042, fg=TEXT, align=TextNode.ALeft, mayChange=True)
        self.records_right = OnscreenText(parent=self.frame, text="", pos=(0.05, -0.24),
                                          scale=0.042, fg=TEXT, align=TextNode.ALeft,
                                          mayChange=True)
        OnscreenText(parent=self.frame, text=_("New profile"), pos=(-1.15, -0.66), scale=0.045,
                     fg=GOLD, align=TextNode.ALeft)
        self.name_entry = DirectEntry(parent=self.frame, pos=(-0.8, 0, -0.66), scale=0.045,
                                      width=NAME_MAX_CHARS * 0.62, numLines=1,
                                      frameColor=(0.12, 0.14, 0.13, 1), text_fg=TEXT,
                                      command=lambda _text: self.create())
        self.create_button = self._button(_("Create"), (-0.08, -0.66), self.create, 0.15)
        self.pick_buttons = [
            self._button(_("Play as seat {seat}").format(seat=k + 1), (x, -0.66),
                         lambda k=k: self.pick(k), 0.26)
            for k, x in ((0, 0.38), (1, 0.93))]
        self.export_button = self._button(_("Export CSV"), (-0.55, -0.8), self.export, 0.27)
        self.back_button = self._button(_("Back  [Esc]"), (0.55, -0.8), on_back, 0.27)
        # Between them: the drill records instead of a game's (a game toggle goes back).
        self.drills_button = self._button(_("Drills"), (0.0, -0.8),
                                          lambda: self.choose_mode(DRILLS), 0.22)
        self.notice = OnscreenText(parent=self.frame, text="", pos=(0, -0.9), scale=0.038,
                                   fg=NOTICE, mayChange=True)
        self.keys = DirectObject()
        key_bindings.accept(self.keys, "menu_back", on_back)
        self.show()

    def _button(self, text: str, pos, command, half_width: float) -> DirectButton:
        return DirectButton(parent=self.frame, text=text, text_scale=0.045, text_fg=TEXT,
                            frameColor=BUTTON, frameSize=(-half_width, half_width, -0.035, 0.07),
                            relief=DGG.FLAT, pos=(pos[0], 0, pos[1]), command=command)

    def _seats(self) -> list:
        """The profiles (by name), then the computer levels and guests."""
        return ([seat.key for seat, _preferred in profiles(self.conn)]
                + [computer(level).key for level in LEVEL_NAMES] + [Seat().key])

    # ---- what is shown -----------------------------------------------------------------
    def next_seat(self) -> None:
        """Show the next seat's statistics (a click cycles)."""
        self.seat = self.seats[(self.seats.index(self.seat) + 1) % len(self.seats)]
        self.show()

    def choose_mode(self, view: str) -> None:
        """Show a game's statistics ("nine_ball", "eight_ball") or the drill records."""
        self.view = view
        if view != DRILLS:
            self.mode = view
        for name, toggle in self.mode_toggles.items():
            toggle.set(name == view)
        self.show()

    def show(self) -> None:
        """Draw the shown seat's plots and records, or its drill records."""
        relabel(self.seat_button, "> " + seat_label(self.seat), GOLD)
        is_profile = self.seat.startswith("profile:")
        for button in self.pick_buttons:
            button["state"] = DGG.NORMAL if is_profile else DGG.DISABLED
            button["text_fg"] = TEXT if is_profile else DIM
        if self.plot is not None:
            self.plot.destroy()
            self.plot = None
        on_drills = self.view == DRILLS
        self.export_button["state"] = DGG.DISABLED if on_drills else DGG.NORMAL
        self.export_button["text_fg"] = DIM if on_drills else TEXT
        self.drills_button["text_fg"] = ON if on_drills else TEXT
        if on_drills:
            self.records.setText("")
            self.records_right.setText("")
            self.drill_table.setText("\n".join(self.drill_lines()))
            return
        self.drill_table.setText("")
        self.stats, pixels = stats_image(self.conn, self.seat, self.mode)
        height, width = pixels.shape[:2]
        texture = texture_from_rgb("stats-plots", pixels[::-1] / 255.0, repeat=False)
        self.plot = OnscreenImage(parent=self.frame, image=texture,
                                  pos=(0, 0, PLOT_CENTRE_Z),
                                  scale=(PLOT_WIDTH / 2, 1, PLOT_WIDTH / 2 * height / width))
        self.plot.setTransparency(TransparencyAttrib.M_alpha)
        left, right = record_lines(self.stats)
        self.records.setText("\n".join(left))
        self.records_right.setText("\n".join(right))

    def drill_lines(self) -> list:
        """The shown profile's record on every drill, one line each (read from the
        recorded attempts once per screen)."""
        if not self.seat.startswith("profile:"):
            return [_("Drill records are kept for profiles.")]
        if self.attempts is None:
            self.attempts = recorded_attempts(self.replay_dir)
        folder = user_drill_directory() if self.drill_dir is None else self.drill_dir
        drills = list(shipped_drills()) + [d for _path, d in drills_in(folder)
                                           if isinstance(d, Drill)]
        player = self.seat.partition(":")[2]
        return [_("{drill}: {record}").format(
                    drill=texts.title(drill),
                    record=texts.record_line(drill_record(self.attempts, drill.id, player)))
                for drill in drills]

    # ---- actions -----------------------------------------------------------------------
    def create(self) -> None:
        """Create a profile from the name typed, and show it."""
        try:
            seat = create_profile(self.conn, self.name_entry.get(), self.mode)
        except ProfileError as exc:
            self.notice.setText(str(exc))
            return
        self.name_entry.enterText("")
        self.seats = self._seats()
        self.seat = seat.key
        self.notice.setText(_("Profile {name} created.").format(name=seat.name))
        self.show()

    def pick(self, seat_index: int) -> None:
        if self.seat.startswith("profile:"):
            self.on_pick(seat_index, self.seat.partition(":")[2])

    def export(self) -> None:
        """Write the shown statistics to a CSV file in the documents folder."""
        path = export_path(self.seat, self.mode)
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            write_csv(self.stats, path)
        except OSError as exc:
            self.notice.setText(_("The statistics could not be saved: {error}").format(
                error=exc.strerror or exc))
            return
        self.notice.setText(_("Saved to {path}").format(path=path))

    def destroy(self) -> None:
        self.keys.ignoreAll()
        self.frame.destroy()


def foul_words(kind: str) -> str:
    """A Foul value as the HUD words it ("cue ball potted")."""
    try:
        return _(FOUL_TEXT[Foul(kind)])
    except (ValueError, KeyError):
        return kind.replace("_", " ")


def record_lines(stats) -> tuple:
    """The records table in two columns of lines."""
    def pct(part, whole):
        return f"{100.0 * part / whole:.0f} %" if whole else "-"

    left = [
        _("{won}, {lost}").format(
            won=ngettext("{n} frame won", "{n} frames won", stats.frames_won).format(
                n=stats.frames_won),
            lost=ngettext("{n} frame lost", "{n} frames lost", stats.frames_lost).format(
                n=stats.frames_lost)),
        _("{won}, {lost}, {open}").format(
            won=ngettext("{n} match won", "{n} matches won", stats.matches_won).format(
                n=stats.matches_won),
            lost=ngettext("{n} match lost", "{n} matches lost", stats.matches_lost).format(
                n=stats.matches_lost),
            # Translators: matches (not frames) left unfinished.
            open=ngettext("{n} unfinished", "{n} unfinished", stats.unfinished).format(
                n=stats.unfinished)) + (
            "  " + ngettext("({count} online)", "({count} online)", stats.online).format(
                count=stats.online) if stats.online else ""),
        _("Balls per visit: {value:.2f}").format(value=stats.potted_per_visit),
        ngettext("Pot rate: {rate} of {count} attempt", "Pot rate: {rate} of {count} attempts",
                 stats.attempts).format(rate=pct(stats.made, stats.attempts),
                                        count=stats.attempts),
        ngettext("Best run: {balls} ball; break-and-runs: {runs}",
                 "Best run: {balls} balls; break-and-runs: {runs}", stats.best_run).format(
            balls=stats.best_run, runs=stats.break_and_runs),
        _("Breaks: {count}, scratched {scratches}, key ball {key}").format(
            count=stats.breaks, scratches=stats.break_scratches, key=stats.break_key_ball),
    ]
    right = []
    if stats.rating:
        # Glicko-2's deviation, twice over: the range the true strength lies in, 95 % sure.
        right.append(ngettext("Rating: {rating:.0f}, 95 % sure within ± {range:.0f} "
                              "({frames} frame)",
                              "Rating: {rating:.0f}, 95 % sure within ± {range:.0f} "
                              "({frames} frames)", stats.rating[2]).format(
            rating=stats.rating[0], range=2 * stats.rating[1], frames=stats.rating[2]))
    fouls = ", ".join(f"{foul_words(kind)} {n}" for kind, n in stats.fouls[:3])
    right.append(_("Fouls: {list}").format(list=fouls or "-"))
    for opponent, won, lost in stats.opponents[:4]:
        right.append(_("Against {opponent}: {won} - {lost}").format(
            opponent=seat_label(opponent), won=won, lost=lost))
    return left, right
