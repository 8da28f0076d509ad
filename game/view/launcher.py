"""The window's whole life: the start menu, then matches (each recorded to a replay file
as it is played), practice, the recent matches and their replays, back to the menu, and
a clean exit whenever the window closes (mid-shot included)."""
from __future__ import annotations

import dataclasses
import random

from game import controls as key_bindings
from game import settings as settings_file
from game.view.ui import gamepad
from game.ai import Opponent
from game.i18n import _, use_language
from game.net.online import DEFAULT_ADDRESS
from game.net.saved_seat import default_seat_path
from game.profiles.keeper import StatisticsKeeper
from game.audio import AudioSettings
from game.race import Race
from game.replay import Recorder, ReplayError, load_replay
from game.replay.verify import verify
from game.rules import Player
from game.session import GameSession
from game.view.drills.list_page import DrillList
from game.view.drills.screen import DrillScreen
from game.view.match.play import GameScreen
from game.view.menu.recent import RecentMatches
from game.view.menu.start_menu import Menu
from game.view.menu.welcome import WelcomeOffer
from game.view.online.lobby import OnlineLobby
from game.view.online.match import OnlineMatch
from game.view.online.record import OnlineRecord
from game.view.practice.guide import Guide
from game.view.practice.screen import PracticeScreen
from game.view.replay.viewer import ReplayViewer
from game.view.ui.preparing import ModelsGate
from game.view.world import models
from game.view.world.marking import set_colour_blind

from . import first_start
from .app import apply_graphics, configure, open_base, prepare_base
from .music import MusicPlayer
from .probe import start_if_asked as start_probe


class BreakshotApp:
    """Menu and matches on `base`. settings_path: where the settings live (default: the
    user's config directory). seed: makes every match's rack and coin toss (default:
    random). mode: the menu's mode to start with, instead of the saved one. use_shaders:
    as for Scene. replay_dir: where matches are recorded and the recent ones listed
    (default: the user's replay folder). sound_root: where the sound effects' and the
    music's files are made (default: the user's cache). practice_dir: where practice
    positions are saved (default: the user's data folder). drill_dir: where the player's
    own drills are (default: the user's data folder). offer_guide: on the first start (the
    settings say the guide was never offered), offer the first-run guide over the menu.
    stats_path: the statistics database (default: the user's data folder).
    online_seat_path: where an unfinished online match's seat is kept (default: the
    user's data folder). renderer: on the first start (graphics not yet fitted), the
    name of the renderer the window draws with (`first_start.renderer_name`): the
    graphics are fitted to it, and to the menu's frame time (None: not checked)."""

    def __init__(self, base, settings_path=None, seed: int | None = None,
                 mode: str | None = None, use_shaders: bool | None = None, replay_dir=None,
                 sound_root=None, practice_dir=None, offer_guide: bool = True,
                 loaded: tuple | None = None, drill_dir=None, stats_path=None,
                 online_seat_path=None, renderer: str | None = None):
        self.base = base
        self.settings_path = settings_path
        self.use_shaders = use_shaders
        self.replay_dir = replay_dir
        self.sound_root = sound_root
        self.online_seat_path = online_seat_path or default_seat_path()
        self.practice_dir = practice_dir
        self.drill_dir = drill_dir
        self._seeds = random.Random(seed)
        prepare_base(base)
        self.settings, problem = loaded or settings_file.load(settings_path)
        use_language(self.settings.language or None)
        key_bindings.use(self.settings.controls.bindings)
        gamepad.of(base)        # the pads, and any plugged in from now on
        self.frame_check = None
        chosen_low = None
        if renderer is not None and first_start.is_software(renderer):
            # Low (run() opened the window so already), said and saved now.
            chosen_low = first_start.notice(renderer=renderer)
            self._save_graphics(first_start.fit(self.settings.graphics, renderer))
        time_frames = renderer is not None and not self.settings.graphics.fitted
        # The window opened with these settings (or the command line's size): keep it.
        apply_graphics(base, self.settings.graphics, window=False)
        set_colour_blind(base, self.settings.accessibility.colour_blind)
        if mode is not None:
            self.settings = dataclasses.replace(self.settings, mode=mode)
        self.music = MusicPlayer(base, AudioSettings.from_settings(self.settings), sound_root)
        self.menu = None
        self.screen = None
        self.recorder = None
        self.statistics = StatisticsKeeper(stats_path, replay_dir)
        self.stats = None
        self.recent = None
        self.viewer = None
        self.practice = None
        self.drills = None
        self.drill = None
        self.guide = None
        self.lobby = None
        self.online = None
        self.offer = None
        # On the very first start a table may be chosen before its models are made.
        self.gate = ModelsGate(base)
        self.show_menu(" ".join(n for n in (problem, chosen_low) if n) or None)
        if time_frames:             # a graphics card: its frames decide
            self.frame_check = first_start.FrameCheck(base, self._table_drawn,
                                                      self._frames_timed)
        if offer_guide and not self.settings.guide_seen:
            self.offer = WelcomeOffer(base, self.gate.then(self.start_guide), self.skip_guide)

    def show_menu(self, notice: str | None = None) -> None:
        """Leave any match or replay and show the menu (with `notice`, if any)."""
        self.destroy()
        self.menu = Menu(self.base, self.settings, self.ask_to_play,
                         self.base.userExit, notice, self.use_shaders,
                         on_recent=self.show_recent,
                         on_practice=self.gate.then(self.show_practice),
                         on_graphics=self.graphics_changed,
                         on_language=self.change_language, on_drills=self.show_drills,
                         on_stats=self.show_stats, on_online=self.show_online,
                         on_sound=self.sound_changed,
                         profile_names=self.statistics.profile_names,
                         on_accessibility=self.accessibility_changed)
        self.music.play("menu")

    def accessibility_changed(self, chosen) -> None:
        """The menu's Accessibility page changed something: keep it, save it, and draw
        with it at once (the table behind the menu too)."""
        notice = self._keep(chosen)
        set_colour_blind(self.base, self.settings.accessibility.colour_blind)
        if notice:
            self.menu.notice.setText(notice)

    def graphics_changed(self, chosen) -> None:
        """The menu's graphics page changed something: keep it, apply it now, save it."""
        notice = self._keep(chosen)
        apply_graphics(self.base, self.settings.graphics)
        self.music.set_settings(AudioSettings.from_settings(self.settings))
        if notice:
            self.menu.notice.setText(notice)

    def _save_graphics(self, graphics) -> None:
        """Keep and save `graphics` (the first start's check chose them; a file that
        cannot be written means the check runs again next time)."""
        self.settings = dataclasses.replace(self.settings, graphics=graphics)
        try:
            settings_file.save(self.settings, self.settings_path)
        except OSError:
            pass

    def _table_drawn(self) -> bool:
        return self.menu is not None and self.menu.scene is not None

    def _frames_timed(self, frame_s: float) -> None:
        """The first start's frame check on a graphics card: the menu's table took
        `frame_s` s a frame; too slow and the low preset is chosen and said, else the
        settings stay as they are, fitted (unless the player chose meanwhile)."""
        self.frame_check = None
        shown = self.menu.settings().graphics
        if self.menu.graphics_page is not None or shown.fitted:
            return
        fitted = first_start.after_frames(shown, frame_s)
        self.menu.change_graphics(fitted)
        if fitted.preset != shown.preset:
            self.menu.notice.setText(first_start.notice(frame_s=frame_s))

    def sound_changed(self, chosen) -> None:
        """The menu's mute was switched: the music follows at once (saved with Play)."""
        self.music.set_settings(AudioSettings.from_settings(chosen))

    def change_language(self, chosen) -> None:
        """Speak the menu's newly chosen language from now on: saved with the menu's other
        choices, and the menu redrawn in it."""
        notice = self._keep(chosen)
        use_language(self.settings.language)
        self.show_menu(notice)

    def _keep(self, chosen) -> str | None:
        """Save the menu's choices as the settings; a sentence if they could not be."""
        # The menu does not know whether the guide was offered since it opened.
        self.settings = dataclasses.replace(chosen, guide_seen=self.settings.guide_seen)
        key_bindings.use(self.settings.controls.bindings)
        try:
            settings_file.save(self.settings, self.settings_path)
        except OSError as exc:
            return _("The settings could not be saved ({error}).").format(error=exc)
        return None

    def _guide_offered(self) -> None:
        """Remember that the guide was offered, so it is not offered again."""
        self._close_offer()
        self.settings = dataclasses.replace(self.settings, guide_seen=True)
        try:
            settings_file.save(self.settings, self.settings_path)
        except OSError:
            pass        # offered again next time: no worse than a first start

    def _close_offer(self) -> None:
        if self.offer is not None:
            self.offer.destroy()
            self.offer = None

    def start_guide(self) -> None:
        """The first-run guide on a practice table; the menu again when it ends."""
        self._guide_offered()
        self.destroy()
        self.guide = Guide(self.base, self.settings.aids, self.show_menu, self.practice_dir,
                           self.use_shaders)
        self.music.play("match")

    def skip_guide(self) -> None:
        self._guide_offered()

    def show_practice(self, chosen) -> None:
        """Practice on the menu's chosen game's table (the menu's choices kept, unsaved)."""
        self.settings = dataclasses.replace(chosen, guide_seen=self.settings.guide_seen)
        self.destroy()
        self.practice = PracticeScreen(self.base, chosen.mode, chosen.aids, self.show_menu,
                                       self.practice_dir, self._seeds.randrange(2 ** 31),
                                       self.use_shaders)
        self.music.play("match")

    def show_drills(self, chosen=None) -> None:
        """The Drills page for the first player (the menu's choices kept, unsaved)."""
        if chosen is not None:
            self.settings = dataclasses.replace(chosen, guide_seen=self.settings.guide_seen)
        self.destroy()
        self.drills = DrillList(self.base, self.drill_player(),
                                self.gate.then(self.start_drill),
                                self.show_menu, self.replay_dir, self.drill_dir)

    def drill_player(self) -> str:
        """Whom the drills are played and recorded by: the first player's name, spelt as
        his profile is when it is a profile's (so they count in its statistics)."""
        return self.statistics.player_name(self.settings.names[0])

    def start_drill(self, drill) -> None:
        """`drill` on its table for the first player; Escape goes back to the Drills page."""
        self.destroy()
        self.drill = DrillScreen(self.base, drill, self.drill_player(), self.settings.aids,
                                 self.show_drills, self.replay_dir,
                                 self._seeds.randrange(2 ** 31), self.use_shaders)
        self.music.play("match")

    def show_stats(self) -> None:
        """The profiles and statistics screen (the menu's choices so far are kept)."""
        if self.menu is not None:
            self.settings = self.menu.settings()
        conn = self.statistics.connection()
        if conn is None:
            self.show_menu(self.statistics.take_notice())
            return
        notice = self.statistics.take_notice()
        self.destroy()
        # Imported when first shown: its charts bring in matplotlib, a second or more
        # that no start should wait for.
        from game.view.stats.screen import StatsScreen
        self.stats = StatsScreen(self.base, conn, self.show_menu, self.pick_profile,
                                 self.settings.mode, self.replay_dir, self.drill_dir)
        if notice:
            self.stats.notice.setText(notice)

    def pick_profile(self, seat: int, name: str) -> None:
        """The statistics screen chose profile `name` for seat 0 or 1: it becomes that
        side's player (a person) in the menu."""
        names, players = list(self.settings.names), list(self.settings.players)
        names[seat], players[seat] = name, "human"
        self.settings = dataclasses.replace(self.settings, names=tuple(names),
                                            players=tuple(players))
        self.show_menu(_("{name} plays seat {seat}.").format(name=name, seat=seat + 1))

    def show_online(self, chosen) -> None:
        """The Play online page, hosting with the menu's choices (kept, unsaved)."""
        self.settings = dataclasses.replace(chosen, guide_seen=self.settings.guide_seen)
        self.destroy()
        self.lobby = OnlineLobby(self.base, self.settings, self.play_online, self.show_menu,
                                 address=self.settings.online_server or DEFAULT_ADDRESS,
                                 seat_path=self.online_seat_path)

    def play_online(self, client) -> None:
        """The networked match `client` has started: play it. The server records it, and
        a seated player's game keeps its own copy (a replay in the replay folder, his
        statistics), marked online. The server and the name it was played under are kept
        for the next time."""
        self.settings = dataclasses.replace(self.settings, online_server=client.url,
                                            names=(client.name, self.settings.names[1]))
        try:
            settings_file.save(self.settings, self.settings_path)
        except OSError:
            pass        # typed again next time: no worse than before
        self.destroy()
        record = None if client.seat is None else OnlineRecord(client, self.statistics,
                                                               self.replay_dir)
        self.online = OnlineMatch(self.base, client, self.settings, self.show_menu,
                                  self.use_shaders, self.sound_root,
                                  seat_path=self.online_seat_path, record=record)
        self.music.play("match")

    def show_recent(self) -> None:
        """The recent matches page (the menu's choices so far are kept, unsaved)."""
        if self.menu is not None:
            self.settings = self.menu.settings()
        self.destroy()
        self.recent = RecentMatches(self.base, self.gate.then(self.open_replay), self.show_menu,
                                    self.replay_dir)

    def open_replay(self, path) -> None:
        """Watch the replay at `path` (re-simulated first, to mark divergent shots);
        Escape goes back to the recent matches. A file that cannot be loaded is said in
        the menu."""
        try:
            replay = load_replay(path)
        except ReplayError as exc:
            self.show_menu(_("The replay could not be opened: {error}").format(error=exc))
            return
        self.destroy()
        self.viewer = ReplayViewer(self.base, replay, verify(replay),
                                   use_shaders=self.use_shaders, on_back=self.show_recent)

    def ask_to_play(self, chosen) -> None:
        """The menu's Play: the match starts as soon as its table's models exist (the
        welcome offer, unanswered, goes at once: it is offered again next time)."""
        self._close_offer()
        self.gate.run(self.play, chosen)

    def play(self, chosen) -> None:
        """Save the menu's choices and start a match with them."""
        notice = self._keep(chosen)
        chosen = self.settings
        if self.menu is not None:
            self.menu.destroy()
            self.menu = None
        self._close_offer()       # a match started without answering: offered next time
        session = GameSession(chosen.mode, chosen.names, chosen.variants,
                              seed=self._seeds.randrange(2 ** 31))
        seats = self.statistics.seats(chosen.names, chosen.players)
        try:
            self.recorder = Recorder(session, directory=self.replay_dir,
                                     race_to=chosen.race_to,
                                     seats=[seat.to_plain() for seat in seats])
        except OSError as exc:
            notice = _("This match will not be recorded ({error}).").format(error=exc)
        self.statistics.start(session, self.recorder, seats, chosen.race_to)
        notice = notice or self.statistics.take_notice()
        computers = {Player(k): Opponent(kind, self._seeds.randrange(2 ** 31), session.params)
                     for k, kind in enumerate(chosen.players) if kind != "human"}
        self.screen = GameScreen(self.base, session, chosen.aids, self.show_menu,
                                 self.use_shaders, computers=computers,
                                 audio=AudioSettings.from_settings(chosen),
                                 controls=chosen.controls,
                                 sound_root=self.sound_root,
                                 race=None if chosen.race_to == 1 else
                                 Race(session, chosen.race_to, chosen.winner_breaks),
                                 stroke_input=chosen.stroke_input)
        self.music.set_settings(AudioSettings.from_settings(chosen))
        self.music.play("match")
        if notice:
            self.screen.hud.say(notice)

    def close(self) -> None:
        """The window is closing: remove whatever is shown and stop the music."""
        self.destroy()
        self.music.destroy()

    def destroy(self) -> None:
        """Remove whatever is shown (menu, match, practice, guide, recent matches,
        replay) and stop recording; safe at any moment, and twice."""
        self.gate.cancel()
        if self.frame_check is not None:    # not timed this time: checked next start
            self.frame_check.cancel()
            self.frame_check = None
        if self.screen is not None:
            self.screen.destroy()
            self.screen = None
        self.statistics.stop()
        if self.recorder is not None:
            # Everything played is saved already; a match with nothing played goes.
            self.recorder.detach()
            self.recorder = None
        self._close_offer()
        for page in ("menu", "recent", "viewer", "practice", "guide", "drills", "drill",
                     "stats", "lobby", "online"):
            if getattr(self, page) is not None:
                getattr(self, page).destroy()
                setattr(self, page, None)


def run(size: tuple | None, mode: str | None = None, seed: int | None = None,
        use_shaders: bool | None = None) -> None:
    """Open the window (`size` pixels, or the settings' resolution if None) and run until
    it is closed (RuntimeError if it cannot open)."""
    settings, problem = settings_file.load()
    models.prepare()        # on the first start, made while the window opens
    renderer = None
    if not settings.graphics.fitted:
        # The first start: a software renderer gets the low preset before the window
        # opens (it opens without multisampling).
        configure(False, size or settings.graphics.resolution, multisamples=0)
        renderer = first_start.renderer_name() or None
        if renderer is not None:
            settings = dataclasses.replace(
                settings, graphics=first_start.fit(settings.graphics, renderer))
    graphics = settings.graphics
    base = open_base(offscreen=False, size=size or graphics.resolution, graphics=graphics)
    if not graphics.fitted and renderer is None:
        # No offscreen buffer on this pipe: the window's own renderer (a software one
        # then draws its multisamples, unused, until the next start).
        gsg = base.win.getGsg()
        renderer = (gsg.getDriverRenderer() if gsg is not None else "") or None
    app = BreakshotApp(base, seed=seed, mode=mode, use_shaders=use_shaders,
                       loaded=(settings, problem), renderer=renderer)
    start_probe(base)        # only with BREAKSHOT_SCREEN_PROBE set: for real-window tests
    base.exitFunc = app.close
    base.run()
