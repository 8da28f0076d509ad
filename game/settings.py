"""The start menu's choices, kept between runs as JSON in the user's config directory
(`platformdirs.user_config_dir("breakshot")/settings.json`). Plain Python, no Panda3D.

Saving goes through `game.storage.atomic_write` (a temporary file renamed over the
settings), so a crash mid-write never leaves half a file. Loading reads through
game.storage (a regular file of at most MAX_FILE_BYTES, JSON of bounded depth and number
length) and never raises for a bad file: anything unreadable (not JSON, a value of the
wrong type, even 3.0 for 3, an unknown mode) is reported in one sentence, the bad file is
kept beside the settings as `settings.json.corrupt` (`.corrupt.2`, ... if that exists) for
the curious, and the defaults are written in its place. Keys the file lacks take their
defaults (an older version wrote it); keys this version does not know are ignored (a
newer one did).
"""
from __future__ import annotations

import dataclasses
import json
from dataclasses import dataclass
from pathlib import Path

import platformdirs

from game import controls as key_bindings
from game.i18n import LANGUAGES, N_, _, ngettext
from game.rules import EightBallVariants, NineBallVariants
from game.storage import (FileRefused, atomic_write, clean_partials, keep_corrupt,
                          parse_json, printable, read_bounded)
from game.tables.modes import MODE_NAMES

FILE_NAME = "settings.json"
MAX_FILE_BYTES = 64 << 10     # a settings file is under 1 KB
MAX_DEPTH = 4                 # {"aids": {...}} is 2 deep
VERSION = 1
NAME_MAX_CHARS = 20       # longer names do not fit the HUD's player panels
ADDRESS_MAX_CHARS = 200   # a server address kept for the Play online page
# The seats' names until a person types one. Kept as these English words in the settings,
# replays, statistics and on the network (as every version has kept them), and shown in
# the language spoken (shown_name): an untouched default reads "Igrač 1" in Croatian.
DEFAULT_NAMES = (N_("Player 1"), N_("Player 2"))
# Who plays each side: a person, or the computer (game.ai) at one of its levels.
PLAYER_KINDS = ("human", "beginner", "amateur", "pro")
# Frames to win a match; 1: no race, game after game with a rematch each time.
RACE_LENGTHS = (1, 2, 3, 5, 7)
# How a person sets a stroke's power: holding Space, or a stroke of the mouse (see
# game.view.match.power).
STROKE_INPUTS = ("space", "mouse")
# Graphics: the quality presets (see game.view.world.quality for what each draws), the
# multisample counts, frame-rate caps (0: none) and window sizes the menu offers.
QUALITY_PRESETS = ("low", "medium", "high")
MSAA_SAMPLES = (0, 2, 4, 8)
FPS_CAPS = (0, 30, 60, 120)
RESOLUTIONS = ((1280, 720), (1600, 900), (1920, 1080), (2560, 1440))
# What choosing a preset sets: its multisamples and whether shadows are drawn. Low is for
# software renderers (llvmpipe and the like): nothing the rasteriser pays for per pixel.
PRESET_CHOICES = {"low": {"msaa": 0, "shadows": False},
                  "medium": {"msaa": 2, "shadows": True},
                  "high": {"msaa": 4, "shadows": True}}
# The interface's size (game.view.ui.scale): 0 Auto (from the window's size), else a
# percentage; the largest is drawn only as far as the window holds it.
UI_SCALES = (0, 75, 85, 100, 110)
# Aim sensitivities: a factor on the aiming speed (keys and drag), 1 the game's own.
SENSITIVITY_RANGE = (0.25, 4.0)


@dataclass(frozen=True)
class Graphics:
    """preset: from QUALITY_PRESETS (shadow-map size and softness, see
    game.view.world.quality); msaa: samples per pixel, from MSAA_SAMPLES (0: none);
    shadows: drawn or not; vsync: wait for the display's refresh; fps_cap: frames per
    second at most, from FPS_CAPS (0: no cap); fullscreen: the whole screen, else a
    window; resolution: (width, height) pixels, from RESOLUTIONS; show_fps: the frame
    rate in a corner of the window; fitted: these settings were fitted to this computer
    (the first start's check of its renderer and frame time, `game.view.first_start`)
    or chosen by the player, so no check changes them (False on the first start, and in
    a file saved before there was a check: it is checked once); ui_scale: the
    interface's size, from UI_SCALES (0: Auto, from the window's size; else percent)."""
    preset: str = "medium"
    msaa: int = 2
    shadows: bool = True
    vsync: bool = True
    fps_cap: int = 0
    fullscreen: bool = False
    resolution: tuple = (1280, 720)
    show_fps: bool = False
    fitted: bool = False
    ui_scale: int = 0

    def with_preset(self, preset: str) -> "Graphics":
        """These settings with `preset` and the multisamples and shadows it brings."""
        return dataclasses.replace(self, preset=preset, **PRESET_CHOICES[preset])


@dataclass(frozen=True)
class Controls:
    """aim_sensitivity, fine_aim_sensitivity: factors (SENSITIVITY_RANGE) on the aiming
    speed, normal and fine (Shift held); invert_y: dragging up lowers the cue;
    bindings: the player's keys (game.controls.Bindings)."""
    aim_sensitivity: float = 1.0
    fine_aim_sensitivity: float = 1.0
    invert_y: bool = False
    bindings: key_bindings.Bindings = key_bindings.Bindings()


@dataclass(frozen=True)
class Aids:
    """Aiming aids, each on or off: the aim line to the first contact, the ghost ball
    there, and the directions the object ball and the cue ball take from it."""
    aim_line: bool = True
    ghost_ball: bool = True
    object_path: bool = True
    cue_path: bool = True


# ---- accessibility (the menu's Accessibility page) ------------------------------------
@dataclass(frozen=True)
class Accessibility:
    """colour_blind: red and yellow 8-ball's groups, the HUD's ball icons and the aiming
    aids told apart by pattern and shape as well as colour (game.view.world.marking)."""
    colour_blind: bool = False
# ---- end of accessibility ---------------------------------------------------------------


@dataclass(frozen=True)
class Settings:
    """mode: "nine_ball" or "eight_ball"; names: the two players' names (the first is
    Player.A); players: each one's kind, from PLAYER_KINDS ("human", or the computer's
    level); eight_ball, nine_ball: each mode's rule variants; aids: aiming aids;
    effects_volume: 0..1, muted: the sound effects; race_to: frames to win the match,
    from RACE_LENGTHS (1: no race); winner_breaks: in a race, the frame's winner breaks
    the next (else breaks alternate); guide_seen: the first-run guide was offered (and
    taken or skipped), so it is not offered again; stroke_input: how the power is set,
    from STROKE_INPUTS; graphics: window and drawing quality; controls: aiming input;
    master_volume, music_volume: 0..1 (the master scales effects and music); language: the
    language the game speaks, one of game.i18n.LANGUAGES, or "" to follow the system's
    locale (the first start); online_server: the match server's address last used on the
    Play online page ("" before the first: the page offers the default);
    accessibility: the Accessibility page's options."""
    mode: str = "nine_ball"
    names: tuple = DEFAULT_NAMES
    players: tuple = ("human", "human")
    eight_ball: EightBallVariants = EightBallVariants()
    nine_ball: NineBallVariants = NineBallVariants()
    aids: Aids = Aids()
    effects_volume: float = 0.8
    muted: bool = False
    race_to: int = 1
    winner_breaks: bool = False
    guide_seen: bool = False
    stroke_input: str = "space"
    graphics: Graphics = Graphics()
    controls: Controls = Controls()
    master_volume: float = 1.0
    music_volume: float = 0.6
    language: str = ""
    online_server: str = ""
    accessibility: Accessibility = Accessibility()

    @property
    def variants(self):
        """The variants of the chosen mode."""
        return self.eight_ball if self.mode == "eight_ball" else self.nine_ball


class SettingsError(FileRefused):
    """A settings file that cannot be read as settings; the message says what is wrong."""


def default_path() -> Path:
    return Path(platformdirs.user_config_dir("breakshot")) / FILE_NAME


def clean_name(text: str, fallback: str) -> str:
    """A player's name as typed, without control characters or escape codes, trimmed to
    NAME_MAX_CHARS; `fallback` if blank."""
    text = " ".join(printable(str(text)).split())[:NAME_MAX_CHARS]
    return text or fallback


def shown_name(name: str) -> str:
    """A seat's name as the screen writes it: a default name (DEFAULT_NAMES, as any
    version stored it) in the language spoken, any other name exactly as typed."""
    return _(name) if name in DEFAULT_NAMES else name


def typed_name(text: str, seat: int) -> str:
    """The name to keep for seat `seat` (0 or 1) from what its name entry holds: the
    seat's default (DEFAULT_NAMES, in English) when the entry is blank or still shows
    the default as shown_name wrote it, else the name as typed (clean_name)."""
    default = DEFAULT_NAMES[seat]
    name = clean_name(text, default)
    return default if name == shown_name(default) else name


def to_dict(settings: Settings) -> dict:
    return {"version": VERSION, "mode": settings.mode, "names": list(settings.names),
            "players": list(settings.players),
            "eight_ball": dataclasses.asdict(settings.eight_ball),
            "nine_ball": dataclasses.asdict(settings.nine_ball),
            "aids": dataclasses.asdict(settings.aids),
            "effects_volume": settings.effects_volume, "muted": settings.muted,
            "race_to": settings.race_to, "winner_breaks": settings.winner_breaks,
            "guide_seen": settings.guide_seen, "stroke_input": settings.stroke_input,
            "graphics": {**dataclasses.asdict(settings.graphics),
                         "resolution": list(settings.graphics.resolution)},
            "controls": {**dataclasses.asdict(settings.controls),
                         "bindings": settings.controls.bindings.to_dict()},
            "master_volume": settings.master_volume, "music_volume": settings.music_volume,
            "language": settings.language, "online_server": settings.online_server,
            "accessibility": dataclasses.asdict(settings.accessibility)}


def _switches(cls, data, where: str):
    """A dataclass of booleans from a dict; SettingsError on a non-boolean."""
    if not isinstance(data, dict):
        raise SettingsError(_("{where} must be an object of true/false switches").format(
                                where=where))
    values = {}
    for field in dataclasses.fields(cls):
        if field.name in data:
            value = data[field.name]
            if not isinstance(value, bool):
                raise SettingsError(_("{where}.{name} must be true or false, not "
                                      "{value!r:.40}").format(
                                        where=where, name=field.name, value=value))
            values[field.name] = value
    return cls(**values)


def _volume(data: dict, name: str, default: float) -> float:
    """A 0..1 volume from `data`; SettingsError on anything else (true, "1", 2)."""
    value = data.get(name, default)
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 <= value <= 1:
        raise SettingsError(_("{name} must be a number from 0 to 1, not {value!r:.40}").format(
                                name=name, value=value))
    return float(value)


def _one_of(data: dict, where: str, name: str, choices, default):
    """data[name] if it is exactly one of `choices` (3.0 is not 3, true is not 1)."""
    value = data.get(name, default)
    if type(value) is not type(default) or value not in choices:
        shown = ", ".join(str(c) for c in choices)
        raise SettingsError(_("{where}.{name} must be one of {shown}, not {value!r:.40}").format(
                                where=where, name=name, shown=shown, value=value))
    return value


def _flag(data: dict, where: str, name: str, default: bool) -> bool:
    value = data.get(name, default)
    if not isinstance(value, bool):
        raise SettingsError(_("{where}.{name} must be true or false, not {value!r:.40}").format(
                                where=where, name=name, value=value))
    return value


def _graphics(data) -> Graphics:
    if not isinstance(data, dict):
        raise SettingsError(_("graphics must be an object"))
    d = Graphics()
    size = data.get("resolution", list(d.resolution))
    if not (isinstance(size, list) and len(size) == 2
            and all(type(v) is int for v in size) and tuple(size) in RESOLUTIONS):
        shown = ", ".join(f"[{w}, {h}]" for w, h in RESOLUTIONS)
        raise SettingsError(_("graphics.resolution must be one of {shown}, not "
                              "{size!r:.40}").format(
                                shown=shown, size=size))
    return Graphics(preset=_one_of(data, "graphics", "preset", QUALITY_PRESETS, d.preset),
                    msaa=_one_of(data, "graphics", "msaa", MSAA_SAMPLES, d.msaa),
                    shadows=_flag(data, "graphics", "shadows", d.shadows),
                    vsync=_flag(data, "graphics", "vsync", d.vsync),
                    fps_cap=_one_of(data, "graphics", "fps_cap", FPS_CAPS, d.fps_cap),
                    fullscreen=_flag(data, "graphics", "fullscreen", d.fullscreen),
                    resolution=tuple(size),
                    show_fps=_flag(data, "graphics", "show_fps", d.show_fps),
                    fitted=_flag(data, "graphics", "fitted", d.fitted),
                    ui_scale=_one_of(data, "graphics", "ui_scale", UI_SCALES, d.ui_scale))


def _controls(data) -> Controls:
    if not isinstance(data, dict):
        raise SettingsError(_("controls must be an object"))
    d = Controls()
    lo, hi = SENSITIVITY_RANGE
    values = {}
    for name in ("aim_sensitivity", "fine_aim_sensitivity"):
        value = data.get(name, getattr(d, name))
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not lo <= value <= hi:
            raise SettingsError(_("controls.{name} must be a number from {lo} to {hi}, not "
                                  "{value!r:.40}").format(name=name, lo=lo, hi=hi, value=value))
        values[name] = float(value)
    return Controls(invert_y=_flag(data, "controls", "invert_y", d.invert_y),
                    bindings=_bindings(data.get("bindings", {})), **values)


# ---- the key bindings (game.controls): a bad hand edit loses only the bindings -------
class BindingsRefused(SettingsError):
    """The file's key bindings cannot be used; the rest of it can."""


def _bindings(data) -> key_bindings.Bindings:
    try:
        return key_bindings.from_dict(data)
    except key_bindings.BindingsError as exc:
        raise BindingsRefused(_("controls.bindings: {problem}").format(problem=exc)) from None


def _without_bindings(path: Path, data: dict, refusal: str) -> tuple:
    """The file's settings with the default keys, and the `refusal` with what was done:
    the file kept as *.corrupt, the settings saved again with the default keys."""
    controls = dict(data["controls"])
    controls.pop("bindings")
    try:
        settings = from_dict({**data, "controls": controls})
    except SettingsError as exc:        # something else is wrong as well
        return _replace_bad(path, f"{path}: {exc}")
    return _replaced(path, settings, _("{refusal}; using the default keys, the other "
                                       "settings kept.").format(refusal=refusal))


def from_dict(data) -> Settings:
    """Settings from a parsed JSON object; SettingsError naming the first problem."""
    if not isinstance(data, dict):
        raise SettingsError(_("the file does not hold a JSON object"))
    default = Settings()
    mode = data.get("mode", default.mode)
    if not isinstance(mode, str) or mode not in MODE_NAMES:
        raise SettingsError(_("unknown mode {mode!r:.40}").format(mode=mode))
    names = data.get("names", list(default.names))
    if not (isinstance(names, list) and len(names) == 2 and all(isinstance(n, str) for n in names)):
        raise SettingsError(_("names must be a list of two strings"))
    players = data.get("players", list(default.players))
    if not (isinstance(players, list) and len(players) == 2
            and all(isinstance(p, str) and p in PLAYER_KINDS for p in players)):
        raise SettingsError(_("players must be a list of two of {kinds}").format(
                                kinds=', '.join(PLAYER_KINDS)))
    volume = _volume(data, "effects_volume", default.effects_volume)
    muted = data.get("muted", default.muted)
    winner_breaks = data.get("winner_breaks", default.winner_breaks)
    guide_seen = data.get("guide_seen", default.guide_seen)
    for name, value in (("muted", muted), ("winner_breaks", winner_breaks),
                        ("guide_seen", guide_seen)):
        if not isinstance(value, bool):
            raise SettingsError(_("{name} must be true or false, not {value!r:.40}").format(
                                    name=name, value=value))
    race_to = data.get("race_to", default.race_to)
    if type(race_to) is not int or race_to not in RACE_LENGTHS:       # 3.0 == 3, True == 1
        raise SettingsError(_("race_to must be one of {lengths}, not {race_to!r:.40}").format(
                                lengths=RACE_LENGTHS, race_to=race_to))
    stroke_input = data.get("stroke_input", default.stroke_input)
    if not isinstance(stroke_input, str) or stroke_input not in STROKE_INPUTS:
        raise SettingsError(_("stroke_input must be one of {inputs}, not "
                              "{stroke_input!r}").format(
                                inputs=', '.join(STROKE_INPUTS), stroke_input=stroke_input))
    language = data.get("language", default.language)
    if not isinstance(language, str) or (language and language not in LANGUAGES):
        raise SettingsError(_("language must be one of {languages} (or empty: the system's), "
                              "not {language!r:.40}").format(
                                languages=', '.join(LANGUAGES), language=language))
    online_server = data.get("online_server", default.online_server)
    if not isinstance(online_server, str) or len(online_server) > ADDRESS_MAX_CHARS:
        raise SettingsError(ngettext("online_server must be a server address of at most "
                                     "{most} character", "online_server must be a server "
                                     "address of at most {most} characters",
                                     ADDRESS_MAX_CHARS).format(most=ADDRESS_MAX_CHARS))
    return Settings(
        mode=mode,
        names=tuple(clean_name(n, d) for n, d in zip(names, DEFAULT_NAMES)),
        players=tuple(players),
        eight_ball=_switches(EightBallVariants, data.get("eight_ball", {}), "eight_ball"),
        nine_ball=_switches(NineBallVariants, data.get("nine_ball", {}), "nine_ball"),
        aids=_switches(Aids, data.get("aids", {}), "aids"),
        effects_volume=volume, muted=muted, race_to=race_to,
        winner_breaks=winner_breaks, guide_seen=guide_seen, stroke_input=stroke_input,
        graphics=_graphics(data.get("graphics", {})),
        controls=_controls(data.get("controls", {})),
        master_volume=_volume(data, "master_volume", default.master_volume),
        music_volume=_volume(data, "music_volume", default.music_volume),
        language=language, online_server=printable(online_server),
        accessibility=_switches(Accessibility, data.get("accessibility", {}), "accessibility"))


def save(settings: Settings, path: Path | None = None) -> None:
    """Write the settings atomically (OSError if the directory cannot be written)."""
    path = Path(path) if path is not None else default_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    with atomic_write(path, text=True) as out:
        json.dump(to_dict(settings), out, indent=2)
        out.write("\n")


def load(path: Path | None = None) -> tuple:
    """(Settings, problem): the saved settings and None, or the defaults and a sentence
    saying what was wrong with the file (which is then kept as *.corrupt and replaced by
    the defaults). A missing file is no problem: the defaults, and None. Partial files
    an interrupted save left in the folder are removed first."""
    path = Path(path) if path is not None else default_path()
    clean_partials(path.parent)
    if not path.exists() and not path.is_symlink():
        return Settings(), None
    try:
        data = parse_json(read_bounded(path, MAX_FILE_BYTES, N_("settings")), str(path),
                          max_depth=MAX_DEPTH)
        return from_dict(data), None
    except BindingsRefused as exc:
        return _without_bindings(path, data, f"{path}: {exc}")
    except SettingsError as exc:
        return _replace_bad(path, f"{path}: {exc}")
    except FileRefused as exc:          # the message names the file already
        return _replace_bad(path, str(exc))


def _replace_bad(path: Path, refusal: str) -> tuple:
    """The defaults, and the `refusal` ("<file>: <problem>") with what was done."""
    return _replaced(path, Settings(), _("{refusal}; using the defaults.").format(
        refusal=refusal))


def _replaced(path: Path, settings: Settings, problem: str) -> tuple:
    """(settings, problem): the bad file kept as *.corrupt and `settings` saved in its
    place (the problem says so if that failed)."""
    try:
        keep_corrupt(path)
        save(settings, path)
    except OSError as exc:
        problem += " " + _("(The file could not be replaced either: {error}.)").format(
            error=exc)
    return settings, problem
