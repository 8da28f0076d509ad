"""The "Play online" page: the server's address and the player's name; host a match (the
menu's game, rules and race; the join code shown large while the opponent is awaited),
or join one with its code, or watch it; or take again the seat of an unfinished match
that was left when the game closed ("Resume match", shown when one is kept).

Connecting happens off the window's thread (the window goes on drawing); what the server
answers is polled each frame. Whatever goes wrong (no server there, a wrong code, a full
match, a refusal) is one sentence on the page, and the form is there again.
"""
from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

from direct.gui.DirectGui import DGG, DirectButton, DirectEntry, DirectFrame
from direct.gui.OnscreenText import OnscreenText
from direct.showbase.DirectObject import DirectObject
from panda3d.core import TextNode

from game import controls as key_bindings
from game.i18n import _, ngettext
from game.net.client import MatchClient
from game.net.online import (DEFAULT_ADDRESS, InputRefused, join_code, refusal_words,
                             seat_is_gone, server_url)
from game.net.saved_seat import forget_seat, load_seat
from game.settings import NAME_MAX_CHARS, shown_name, typed_name
from game.tables.modes import MODE_TITLES
from game.view.ui.palette import BUTTON, DIM, GOLD, NOTICE, PANEL, TEXT

CONNECT_S = 8.0                 # the longest a connection attempt may take


def _entry(parent, text: str, pos, width: float) -> DirectEntry:
    return DirectEntry(parent=parent, initialText=text, pos=(pos[0], 0, pos[1]), scale=0.05,
                       width=width, numLines=1, frameColor=(0.12, 0.14, 0.13, 1),
                       text_fg=TEXT)


class OnlineLobby:
    """The page on `base` for the player with `settings` (the menu's choices: mode,
    variants, race, name). on_start(client): the match has started (the client is
    handed over); on_back(): back to the menu. seat_path: where an unfinished match's
    seat is kept (`game.net.saved_seat`; None: nothing to resume)."""

    def __init__(self, base, settings, on_start, on_back, address: str = DEFAULT_ADDRESS,
                 seat_path=None):
        self.base = base
        self.settings = settings
        self.on_start = on_start
        self.on_back = on_back
        self.seat_path = seat_path
        self.saved = load_seat(seat_path) if seat_path is not None else None
        self.resuming = False           # the attempt under way takes the kept seat again
        self.client = None
        self._connecting = None         # (Future of connect, the request to make then)
        self._worker = ThreadPoolExecutor(1, thread_name_prefix="breakshot-connect")
        self.frame = DirectFrame(parent=base.aspect2d, frameColor=PANEL,
                                 frameSize=(-1.25, 1.25, -0.93, 0.93), state=DGG.NORMAL)
        OnscreenText(parent=self.frame, text=_("Play online"), pos=(0, 0.76), scale=0.1,
                     fg=GOLD)
        OnscreenText(parent=self.frame, text=_("Both players connect to the same match "
                                               "server (python -m game.server)."),
                     pos=(0, 0.66), scale=0.042, fg=DIM)
        self._label(_("Server"), 0.5)
        self.address = _entry(self.frame, address, (-0.55, 0.5), 22)
        self._label(_("Your name"), 0.38)
        self.name = _entry(self.frame, shown_name(settings.names[0]), (-0.55, 0.38),
                           NAME_MAX_CHARS * 0.62)
        self._label(_("Host"), 0.18)
        race = (_("single game") if settings.race_to == 1 else
                ngettext("race to {frames} frame", "race to {frames} frames",
                         settings.race_to).format(frames=settings.race_to))
        OnscreenText(parent=self.frame, text=_("{game}, {race}, the rules chosen in the menu")
                     .format(game=_(MODE_TITLES[settings.mode]), race=race),
                     pos=(-0.55, 0.18), scale=0.045, fg=TEXT, align=TextNode.ALeft)
        self.host_button = self._button(_("Host a match"), (-0.25, 0.05), self.host)
        self.resume_button = None
        if self.saved is not None:
            self.resume_button = self._button(
                _("Resume match {code}").format(code=self.saved.code), (0.55, 0.05),
                self.resume, half_width=0.48)      # wide enough for Spanish's words
        self._label(_("Join"), -0.16)
        OnscreenText(parent=self.frame, text=_("Code"), pos=(-0.55, -0.16), scale=0.045,
                     fg=TEXT, align=TextNode.ALeft)
        self.code = _entry(self.frame, "", (-0.3, -0.16), 8)
        self.join_button = self._button(_("Join"), (-0.25, -0.3), self.join)
        self.watch_button = self._button(_("Watch"), (0.35, -0.3), self.watch)
        self.code_text = OnscreenText(parent=self.frame, text="", pos=(0, -0.55), scale=0.16,
                                      fg=GOLD, mayChange=True)
        self.notice = OnscreenText(parent=self.frame, text="", pos=(0, -0.67), scale=0.045,
                                   fg=NOTICE, wordwrap=50, mayChange=True)
        self.back_button = self._button(_("Back  [Esc]"), (0.95, -0.8), self.back,
                                        half_width=0.22)
        self.keys = DirectObject()
        key_bindings.accept(self.keys, "menu_back", self.back)
        self._task = base.taskMgr.add(self._tick, "breakshot-online-lobby")

    def _label(self, text: str, z: float) -> None:
        OnscreenText(parent=self.frame, text=text, pos=(-1.15, z), scale=0.05, fg=GOLD,
                     align=TextNode.ALeft)

    def _button(self, text: str, pos, command, half_width: float = 0.27) -> DirectButton:
        return DirectButton(parent=self.frame, text=text, text_scale=0.055, text_fg=TEXT,
                            frameColor=BUTTON,
                            frameSize=(-half_width, half_width, -0.045, 0.085),
                            relief=DGG.FLAT, pos=(pos[0], 0, pos[1]), command=command)

    def say(self, words: str) -> None:
        self.notice.setText(words)

    # ---- the buttons ---------------------------------------------------------------
    def host(self) -> None:
        s = self.settings
        self._start(lambda c: c.host(s.mode, s.variants, s.race_to, s.winner_breaks))

    def join(self) -> None:
        self._with_code(lambda c, code: c.join(code))

    def watch(self) -> None:
        self._with_code(lambda c, code: c.watch(code))

    def resume(self) -> None:
        """Take again the kept seat of the unfinished match, on its own server."""
        seat = self.saved
        if seat is not None and self.client is None:
            self.resuming = True
            self._start(lambda c: c.resume(seat.code, seat.seat, seat.token),
                        url=seat.url, name=seat.name)

    def _with_code(self, request) -> None:
        try:
            code = join_code(self.code.get())
        except InputRefused as exc:
            self.say(str(exc))
            return
        self._start(lambda c: request(c, code))

    def _start(self, request, url: str | None = None, name: str | None = None) -> None:
        """Connect (off this thread; to `url`, else the address typed) and then make
        `request` of the client."""
        if self.client is not None:
            return
        if url is None:
            try:
                url = server_url(self.address.get())
            except InputRefused as exc:
                self.say(str(exc))
                return
        name = name or typed_name(self.name.get(), 0)
        self.client = MatchClient(url, name=name)
        self._connecting = (self._worker.submit(self.client.connect, CONNECT_S), request)
        self.code_text.setText("")
        self.say(_("Connecting to {address}...").format(address=url))

    def _drop_client(self, words: str) -> None:
        """Give up this attempt: the form again, `words` saying why."""
        client, self.client, self._connecting = self.client, None, None
        self.resuming = False
        if client is not None:
            client.close()
        self.code_text.setText("")
        self.say(words)

    # ---- each frame ----------------------------------------------------------------
    def _tick(self, task):
        if self._connecting is not None:
            future, request = self._connecting
            if not future.done():
                return task.cont
            self._connecting = None
            try:
                future.result()
            except (ConnectionError, OSError, TimeoutError, ValueError):
                self._drop_client(_("No match server answers at {address}: is it running, "
                                    "and is the address right?").format(
                                        address=self.client.url))
                return task.cont
            request(self.client)
        if self.client is not None:
            for event in self.client.poll():
                if self._event(event):
                    break
        return task.cont

    def _event(self, event) -> bool:
        """React to one of the client's events; True once the page is done with it."""
        kind, data = event.kind, event.data
        if kind == "match" and data["status"] == "waiting":
            self.code_text.setText(data["code"])
            self.say(_("Tell your opponent this code. Waiting for them to join..."))
        elif kind == "started":
            client, self.client = self.client, None
            self.on_start(client)
            return True
        elif kind == "refused":
            if self.resuming and seat_is_gone(data["reason"]):
                self._forget_saved()
            self._drop_client(refusal_words(data["reason"]))
            return True
        elif kind == "connection" and not data["up"]:
            self._drop_client(_("The server closed the connection."))
            return True
        elif kind == "error":
            self._drop_client(_("The server sent something this game cannot read: is it "
                                "the same version?"))
            return True
        return False

    def _forget_saved(self) -> None:
        forget_seat(self.seat_path, self.saved.code)
        self.saved = None
        if self.resume_button is not None:
            self.resume_button.destroy()
            self.resume_button = None

    def back(self) -> None:
        self.on_back()

    def destroy(self) -> None:
        if self._task is None:
            return
        self.base.taskMgr.remove(self._task)
        self._task = None
        self.keys.ignoreAll()
        if self.client is not None:
            self.client.close()
            self.client = None
        self._worker.shutdown(wait=False)
        self.frame.destroy()
