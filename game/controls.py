"""Every key and mouse binding of the game in one table: the actions of the match,
practice, replay and menus, each with its default keys, the scopes where it acts, and the
player's own choice of keys (`Bindings`, kept in the settings). Plain Python, no Panda3D:
the view binds `keys(action)` and writes hints with `key_label`.

Keys are Panda3D's event names without modifiers ("space", "arrow_left", "q", "f1",
"mouse1", "wheel_up"); the view adds the "shift-" and "-repeat" variants it needs (Shift
for fine moves is a modifier, not a binding). A key may mean two things only in scopes
that are never active together: Space shoots while aiming and skips a shot's playback.

`current()` is the bindings in force (the launcher calls `use` with the settings'); a
screen reads them when it binds its keys, so a change on the Controls page holds from
the next screen on.
"""
from __future__ import annotations

import string
from dataclasses import dataclass

from game.i18n import N_, _

# Scopes: where an action's keys are listened to. Two actions sharing a key conflict
# when their scopes meet.
AIM, PLACE, PLAY, PRACTICE, REPLAY, MENU = "aim", "place", "play", "practice", "replay", "menu"
# The questions of a match (a group, play or pass, yes or no, after a game), a drill, and
# the welcome offer over the menu.
GROUP, OPTION, CONFIRM, GAME_OVER = "group", "option", "confirm", "game_over"
DRILL, WELCOME = "drill", "welcome"
QUESTIONS = (GROUP, OPTION, CONFIRM, GAME_OVER)
# The table on screen: camera and panels.
MATCH = (AIM, PLACE, PLAY, PRACTICE, DRILL) + QUESTIONS
ONLINE = (AIM, PLACE, PLAY) + QUESTIONS     # an online match, its chat and claim keys

# Keys a binding may name: what Panda3D calls them; modifiers are not keys of their own.
NAMED_KEYS = {
    "space": N_("Space"), "enter": N_("Enter"), "escape": N_("Esc"), "tab": N_("Tab"),
    "backspace": N_("Backspace"), "insert": N_("Insert"), "delete": N_("Delete"),
    "home": N_("Home"), "end": N_("End"), "page_up": N_("Page Up"),
    "page_down": N_("Page Down"), "arrow_left": N_("Left"), "arrow_right": N_("Right"),
    "arrow_up": N_("Up"), "arrow_down": N_("Down"), "mouse1": N_("left button"),
    "mouse2": N_("middle button"), "mouse3": N_("right button"),
    "wheel_up": N_("wheel up"), "wheel_down": N_("wheel down"),
}
PLAIN_KEYS = (tuple(string.ascii_lowercase) + tuple(string.digits)
              + tuple(",./;'[]\\-=`+") + tuple(f"f{n}" for n in range(1, 13)))
KEYS = frozenset(NAMED_KEYS) | frozenset(PLAIN_KEYS)
MODIFIERS = frozenset({"shift", "control", "alt", "lshift", "rshift", "lcontrol",
                       "rcontrol", "lalt", "ralt", "meta", "lmeta", "rmeta"})


@dataclass(frozen=True)
class Action:
    """name: the settings' word for it; label: what the player reads (marked N_);
    keys: its default keys; scopes: where it acts."""
    name: str
    label: str
    keys: tuple
    scopes: tuple


def _actions(*rows) -> dict:
    return {row[0]: Action(*row) for row in rows}


AIMING = (AIM, PRACTICE, DRILL)
ACTIONS = _actions(
    # Aiming (the match and practice)
    ("aim_left", N_("Aim left"), ("arrow_left",), AIMING),
    ("aim_right", N_("Aim right"), ("arrow_right",), AIMING),
    ("fine_aim_left", N_("Fine aim left"), (",",), AIMING),
    ("fine_aim_right", N_("Fine aim right"), (".",), AIMING),
    ("cue_up", N_("Raise the cue"), ("arrow_up",), AIMING),
    ("cue_down", N_("Lower the cue"), ("arrow_down",), AIMING),
    ("tip_up", N_("Tip up (follow)"), ("w",), AIMING),
    ("tip_down", N_("Tip down (draw)"), ("s",), AIMING),
    ("tip_left", N_("Tip left"), ("a",), AIMING),
    ("tip_right", N_("Tip right"), ("d",), AIMING),
    ("tip_centre", N_("Tip to the centre"), ("x",), AIMING),
    ("shoot", N_("Power and strike (hold, release)"), ("space",), AIMING),
    ("pointer", N_("Drag to aim, click the ball for the tip, click to place"), ("mouse1",),
     AIMING + (PLACE,)),
    ("aid_aim_line", N_("Aim line on or off"), ("1",), AIMING),
    ("aid_ghost_ball", N_("Ghost ball on or off"), ("2",), AIMING),
    ("aid_object_path", N_("Object ball's path on or off"), ("3",), AIMING),
    ("aid_cue_path", N_("Cue ball's path on or off"), ("4",), AIMING),
    ("free_camera", N_("Free camera"), ("c",), (AIM,)),
    ("free_camera_drag", N_("Free camera (drag)"), ("mouse2",), (AIM,)),
    ("push_out", N_("Push out"), ("p",), (AIM,)),
    ("move_cue_ball", N_("Cue ball in hand: move it, or leave it"), ("b",), (AIM, PLACE)),
    ("concede", N_("Concede"), ("q",), (AIM, PLACE)),
    ("instant_replay", N_("Instant replay"), ("r",), (AIM, PLACE, OPTION, GAME_OVER)),
    ("leave", N_("Menu, or cancel"), ("escape",), (AIM, PLACE, PLAY, PRACTICE)),
    # Cue ball in hand
    ("place_left", N_("Cue ball in hand left"), ("arrow_left",), (PLACE,)),
    ("place_right", N_("Cue ball in hand right"), ("arrow_right",), (PLACE,)),
    ("place_up", N_("Cue ball in hand up"), ("arrow_up",), (PLACE,)),
    ("place_down", N_("Cue ball in hand down"), ("arrow_down",), (PLACE,)),
    ("put_down", N_("Put the cue ball down"), ("enter",), (PLACE,)),
    # A shot played back
    ("skip", N_("Skip to the shot's end"), ("space", "enter"), (PLAY,)),
    ("slow_motion", N_("Slow motion"), ("z",), (PLAY,)),
    ("slower", N_("Slower"), ("[",), (PLAY,)),
    ("faster", N_("Faster"), ("]",), (PLAY,)),
    # The camera and the panels, wherever the table is
    ("view", N_("Top view, or back"), ("v", "tab"), MATCH + (REPLAY,)),
    ("zoom_in", N_("Zoom in"), ("wheel_up", "="), MATCH + (REPLAY,)),
    ("zoom_out", N_("Zoom out"), ("wheel_down", "-"), MATCH + (REPLAY,)),
    ("camera_height", N_("Camera height (drag)"), ("mouse3",), MATCH + (REPLAY,)),
    ("help", N_("Help: the controls"), ("f1",), MATCH + (MENU,)),
    ("shot_log", N_("Shot log"), ("l",), (AIM, PLACE, PLAY)),
    ("rules", N_("The rules of the game"), ("f2",), MATCH + (MENU,)),
    ("scroll_up", N_("Scroll a panel up"), ("page_up",), MATCH + (MENU,)),
    ("scroll_down", N_("Scroll a panel down"), ("page_down",), MATCH + (MENU,)),
    # Practice
    ("take_in_hand", N_("Practice: cue ball in hand"), ("b",), (PRACTICE,)),
    ("undo", N_("Practice: undo"), ("u",), (PRACTICE,)),
    ("rerack", N_("Practice: re-rack"), ("r",), (PRACTICE,)),
    ("other_game", N_("Practice: the other game"), ("g",), (PRACTICE,)),
    ("save_slot", N_("Practice: save in the slot"), ("f5",), (PRACTICE,)),
    ("load_slot", N_("Practice: load from the slot"), ("f9",), (PRACTICE,)),
    ("next_slot", N_("Practice: next save slot"), ("f6",), (PRACTICE,)),
    # Drills
    ("drill_again", N_("Drills: a new attempt"), ("r",), (DRILL,)),
    ("drill_leave", N_("Drills: back to the list"), ("escape",), (DRILL,)),
    # The match's questions
    ("group_red", N_("Choosing a group: red"), ("r",), (GROUP,)),
    ("group_yellow", N_("Choosing a group: yellow"), ("y",), (GROUP,)),
    ("option_play", N_("After a push out: play"), ("p",), (OPTION,)),
    ("option_pass", N_("After a push out: pass"), ("x",), (OPTION,)),
    ("answer_yes", N_("A question: yes"), ("y",), (CONFIRM,)),
    ("answer_no", N_("A question: no"), ("n", "escape"), (CONFIRM,)),
    ("next_game", N_("After a game: rematch, or the next frame"), ("enter", "n"),
     (GAME_OVER,)),
    ("game_over_menu", N_("After a game: the menu"), ("escape", "m"), (GAME_OVER,)),
    # Online matches: "chat_" and a phrase of game.net.protocol.CHAT_PHRASES
    ("chat_hello", N_("Online: say “Hello!”"), ("f5",), ONLINE),
    ("chat_good_shot", N_("Online: say “Good shot!”"), ("f6",), ONLINE),
    ("chat_unlucky", N_("Online: say “Unlucky.”"), ("f7",), ONLINE),
    ("chat_nice_safety", N_("Online: say “Nice safety.”"), ("f8",), ONLINE),
    ("chat_thinking", N_("Online: say “Thinking...”"), ("f9",), ONLINE),
    ("chat_good_game", N_("Online: say “Good game.”"), ("f10",), ONLINE),
    ("claim_match", N_("Online: claim the match of an opponent who left"), ("k",), ONLINE),
    # Replays
    ("replay_play", N_("Replay: play or pause"), ("space",), (REPLAY,)),
    ("replay_step_next", N_("Replay: step forward"), (".",), (REPLAY,)),
    ("replay_step_previous", N_("Replay: step back"), (",",), (REPLAY,)),
    ("replay_faster", N_("Replay: faster"), ("]",), (REPLAY,)),
    ("replay_slower", N_("Replay: slower"), ("[",), (REPLAY,)),
    ("replay_next_shot", N_("Replay: next shot"), ("page_down", "n"), (REPLAY,)),
    ("replay_previous_shot", N_("Replay: previous shot"), ("page_up", "p"), (REPLAY,)),
    ("replay_restart", N_("Replay: from the start"), ("home",), (REPLAY,)),
    ("replay_traces", N_("Replay: ball traces"), ("r",), (REPLAY,)),
    ("replay_labels", N_("Replay: ball labels"), ("l",), (REPLAY,)),
    ("replay_top_down", N_("Replay: top view, or back"), ("t",), (REPLAY,)),
    ("replay_orbit_left", N_("Replay: turn left"), ("arrow_left",), (REPLAY,)),
    ("replay_orbit_right", N_("Replay: turn right"), ("arrow_right",), (REPLAY,)),
    ("replay_orbit_up", N_("Replay: look from higher"), ("arrow_up",), (REPLAY,)),
    ("replay_orbit_down", N_("Replay: look from lower"), ("arrow_down",), (REPLAY,)),
    ("replay_orbit_drag", N_("Replay: turn the view (drag)"), ("mouse1",), (REPLAY,)),
    ("replay_back", N_("Replay: back"), ("escape",), (REPLAY,)),
    # Menus
    ("menu_select", N_("Menus: play, next"), ("enter",), (MENU,)),
    ("menu_back", N_("Menus: back"), ("escape",), (MENU,)),
    ("show_guide", N_("Welcome: show the guide"), ("g",), (WELCOME,)),
    ("skip_guide", N_("Welcome: skip the guide"), ("escape",), (WELCOME,)),
)


# The gamepad's buttons (Panda3D's GamepadButton names) for the actions they do, sent
# as "pad-<button>" events (game.view.ui.gamepad); fixed, not rebound. The sticks and the
# trigger aim, spin and strike (see game.view.ui.gamepad).
PAD_BUTTONS = {
    "answer_yes": "face_a", "answer_no": "face_b", "next_game": "face_a",
    "game_over_menu": "face_b", "show_guide": "face_a", "skip_guide": "face_b",
    "drill_again": "start", "drill_leave": "face_b",
    "put_down": "face_a", "skip": "face_a", "menu_select": "face_a", "replay_play": "face_a",
    "leave": "face_b", "menu_back": "face_b", "replay_back": "face_b",
    "view": "face_y", "free_camera": "face_x", "help": "back", "instant_replay": "start",
    "fine_aim_left": "dpad_left", "fine_aim_right": "dpad_right", "cue_up": "dpad_up",
    "cue_down": "dpad_down", "place_left": "dpad_left", "place_right": "dpad_right",
    "place_up": "dpad_up", "place_down": "dpad_down",
    "replay_previous_shot": "dpad_left", "replay_next_shot": "dpad_right",
}
PAD_EVENT = "pad-"
PAD_NAMES = {"face_a": N_("A"), "face_b": N_("B"), "face_x": N_("X"), "face_y": N_("Y"),
             "back": N_("Back"),
             "start": N_("Start"), "dpad_left": N_("d-pad left"),
             "dpad_right": N_("d-pad right"), "dpad_up": N_("d-pad up"),
             "dpad_down": N_("d-pad down")}


def pad_label(action: str) -> str | None:
    """The gamepad button of `action` as the player reads it, or None."""
    button = PAD_BUTTONS.get(action)
    return None if button is None else _(PAD_NAMES[button])


class BindingsError(ValueError):
    """Bindings that cannot be used; the message is one sentence saying why."""


@dataclass(frozen=True)
class Bindings:
    """The player's keys: `changed` is ((action, keys), ...) for the actions whose keys
    differ from their defaults, sorted by action; every other action has its defaults."""
    changed: tuple = ()

    def keys(self, action: str) -> tuple:
        """The keys of `action` (KeyError for an unknown action)."""
        default = ACTIONS[action].keys
        return dict(self.changed).get(action, default)

    def conflict(self, action: str, key: str) -> str | None:
        """The action other than `action` that `key` already means where `action`
        acts, or None."""
        scopes = set(ACTIONS[action].scopes)
        for other in ACTIONS.values():
            if other.name != action and key in self.keys(other.name) \
                    and scopes & set(other.scopes):
                return other.name
        return None

    def rebound(self, action: str, key: str, name=None) -> "Bindings":
        """These bindings with `key` as `action`'s only key; BindingsError, in one
        sentence, for a key that is no key of the game or already means another action
        where this one acts. `name(action)` words an action in that sentence (default its
        label in the player's language; the Controls page passes its own, which names
        the groups by their marking with colour-blind play)."""
        check_key(key)
        other = self.conflict(action, key)
        if other is not None:
            name = name or (lambda a: _(ACTIONS[a].label))
            raise BindingsError(_("{key} already means \u201c{other}\u201d; choose another key "
                                  "for \u201c{action}\u201d, or change that one first.").format(
                key=key_label(key), other=name(other), action=name(action)))
        return _with(self, action, (key,))

    def to_dict(self) -> dict:
        """{action: [keys]} of the changed actions, as the settings file keeps them."""
        return {name: list(keys) for name, keys in self.changed}


def _with(bindings: Bindings, action: str, keys: tuple) -> Bindings:
    changed = dict(bindings.changed)
    if keys == ACTIONS[action].keys:
        changed.pop(action, None)
    else:
        changed[action] = keys
    return Bindings(tuple(sorted(changed.items())))


def check_key(key) -> None:
    """BindingsError unless `key` is one of KEYS."""
    if key in MODIFIERS:
        raise BindingsError(_("Shift, Ctrl and Alt change other keys and cannot be bound "
                              "alone."))
    if not isinstance(key, str) or key not in KEYS:
        raise BindingsError(_("{key!r:.20} is not a key the game knows.").format(key=key))


def from_dict(data) -> Bindings:
    """Bindings from the settings file's {action: [keys]}; BindingsError, one sentence,
    for an unknown action, an unknown key, or two actions given one key where both act."""
    if not isinstance(data, dict):
        raise BindingsError(_("the key bindings must be an object of actions and keys"))
    bindings = Bindings()
    for name, keys in data.items():
        if name not in ACTIONS:
            raise BindingsError(_("{name!r:.40} is not an action of the game").format(
                name=name))
        if not (isinstance(keys, list) and keys):
            raise BindingsError(_("the keys of {name} must be a list of keys").format(
                name=name))
        for key in keys:
            check_key(key)
        bindings = _with(bindings, name, tuple(keys))
    for name, keys in bindings.changed:
        for key in keys:
            other = bindings.conflict(name, key)
            if other is not None:
                raise BindingsError(_("{key} is given to both {first} and {second}").format(
                    key=key_label(key), first=name, second=other))
    return bindings


def key_label(key: str) -> str:
    """The name of `key` the player reads: named keys through gettext (the catalog holds
    the game's convention for key names), a character key as its capital ("q": "Q",
    "f1": "F1")."""
    if key in NAMED_KEYS:
        return _(NAMED_KEYS[key])
    return key.upper()


_current = Bindings()


def use(bindings: Bindings) -> None:
    """Make `bindings` the ones in force (the settings' at start and after a change)."""
    global _current
    _current = bindings


def current() -> Bindings:
    return _current


def keys(action: str) -> tuple:
    """The keys of `action` in force now."""
    return _current.keys(action)


def label(action: str, most: int | None = None) -> str:
    """The keys of `action` in force (the first `most` of them), as the player reads them
    ("V or Tab")."""
    names = [key_label(k) for k in keys(action)[:most]]
    text = names[0]
    for name in names[1:]:
        text = _("{first} or {second}").format(first=text, second=name)
    return text


def events(action: str, prefixes=("",), repeat: bool = False) -> list:
    """The event names of `action`'s keys in force: each key with each of `prefixes`
    ("", "shift-"...), and its auto-repeat too if `repeat`; and its gamepad button's
    event (PAD_BUTTONS), unmodified."""
    suffixes = ("", "-repeat") if repeat else ("",)
    found = [prefix + key + suffix for key in keys(action) for prefix in prefixes
             for suffix in suffixes if not (suffix and key.startswith(("mouse", "wheel")))]
    if action in PAD_BUTTONS and "" in prefixes:
        found.append(PAD_EVENT + PAD_BUTTONS[action])
    return found


def accept(listener, action: str, handler, args=(), prefixes=("",), repeat: bool = False):
    """Bind `action`'s events (see `events`) on `listener` (a DirectObject) to
    handler(*args)."""
    for event in events(action, prefixes, repeat):
        listener.accept(event, handler, list(args))


def bind(bindings: dict, action: str, handler, args=(), prefixes=("",),
         repeat: bool = False) -> None:
    """Add `action`'s events to `bindings` ({event: (handler, args)}, a state's input)."""
    for event in events(action, prefixes, repeat):
        bindings[event] = (handler, tuple(args))
