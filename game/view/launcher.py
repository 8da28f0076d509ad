"""The window's whole life: the start menu, then matches, back to the menu, and a clean
exit whenever the window closes (mid-shot included)."""
from __future__ import annotations

import dataclasses
import random

from game.session import GameSession

from . import settings as settings_file
from .app import open_base, prepare_base
from .menu import Menu
from .play import GameScreen


class BreakshotApp:
    """Menu and matches on `base`. settings_path: where the settings live (default: the
    user's config directory). seed: makes every match's rack and coin toss (default:
    random). mode: the menu's mode to start with, instead of the saved one. use_shaders:
    as for Scene."""

    def __init__(self, base, settings_path=None, seed: int | None = None,
                 mode: str | None = None, use_shaders: bool | None = None):
        self.base = base
        self.settings_path = settings_path
        self.use_shaders = use_shaders
        self._seeds = random.Random(seed)
        prepare_base(base)
        self.settings, problem = settings_file.load(settings_path)
        if mode is not None:
            self.settings = dataclasses.replace(self.settings, mode=mode)
        self.menu = None
        self.screen = None
        self.show_menu(problem)

    def show_menu(self, notice: str | None = None) -> None:
        """Leave any match and show the menu (with `notice`, if any)."""
        self._close_screen()
        self.menu = Menu(self.base, self.settings, self.play, self.base.userExit, notice,
                         self.use_shaders)

    def play(self, chosen) -> None:
        """Save the menu's choices and start a match with them."""
        notice = None
        try:
            settings_file.save(chosen, self.settings_path)
        except OSError as exc:
            notice = f"The settings could not be saved ({exc})."
        self.settings = chosen
        if self.menu is not None:
            self.menu.destroy()
            self.menu = None
        session = GameSession(chosen.mode, chosen.names, chosen.variants,
                              seed=self._seeds.randrange(2 ** 31))
        self.screen = GameScreen(self.base, session, chosen.aids, self.show_menu,
                                 self.use_shaders)
        if notice:
            self.screen.hud.say(notice)

    def _close_screen(self) -> None:
        if self.screen is not None:
            self.screen.destroy()
            self.screen = None

    def destroy(self) -> None:
        """Remove the menu or the match; safe at any moment, and twice."""
        self._close_screen()
        if self.menu is not None:
            self.menu.destroy()
            self.menu = None


def run(size: tuple, mode: str | None = None, seed: int | None = None,
        use_shaders: bool | None = None) -> None:
    """Open the window and run until it is closed (RuntimeError if it cannot open)."""
    base = open_base(offscreen=False, size=size)
    app = BreakshotApp(base, seed=seed, mode=mode, use_shaders=use_shaders)
    base.exitFunc = app.destroy
    base.run()
