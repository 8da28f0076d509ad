"""Controls of one's own (issue 32, points 2 and 3): the bindings table, its checks and
its file; the match playing through rebound keys, the hints and the F1 help naming them;
and the gamepad, driven through Panda3D's device events with a device object that has a
real pad's axes and buttons, at 1 and 144 frames per second."""
import ast
import dataclasses
import json
import math
from pathlib import Path
from types import SimpleNamespace

import pytest
from panda3d.core import ButtonEvent, GamepadButton, InputDevice

from game import controls
from game import settings as S
from game.session import Shoot
from game.view.ui import gamepad
from game.view.match.power import cue_speed, power_for
from robot import FPS
from test_power import play  # noqa: F401  (a match aiming its first shot)

ROOT = Path(__file__).resolve().parents[2]


# ---- the table ---------------------------------------------------------------------------
def test_the_default_keys_never_mean_two_things_at_once():
    defaults = controls.Bindings()
    for action in controls.ACTIONS.values():
        for key in action.keys:
            assert key in controls.KEYS
            assert defaults.conflict(action.name, key) is None, (action.name, key)


def test_a_conflict_is_refused_in_one_sentence_naming_the_other_action():
    with pytest.raises(controls.BindingsError) as refused:
        controls.Bindings().rebound("concede", "space")
    words = str(refused.value)
    assert "Power and strike" in words and "Concede" in words and words.count(".") == 1
    # Space skips a shot's playback and shoots while aiming: never active together.
    assert controls.Bindings().rebound("shoot", "o").keys("shoot") == ("o",)
    with pytest.raises(controls.BindingsError, match="modif|Shift"):
        controls.Bindings().rebound("shoot", "shift")


def test_rebinding_back_to_the_default_leaves_nothing_changed():
    bindings = controls.Bindings().rebound("shoot", "o").rebound("shoot", "space")
    assert bindings == controls.Bindings() and bindings.to_dict() == {}


def test_the_bindings_are_saved_and_read_back(tmp_path):
    path = tmp_path / "settings.json"
    bindings = controls.Bindings().rebound("shoot", "o").rebound("view", "f3")
    chosen = S.Settings(names=("Ana", "Bo"))
    chosen = dataclasses.replace(chosen, controls=dataclasses.replace(chosen.controls,
                                                                      bindings=bindings))
    S.save(chosen, path)
    assert json.loads(path.read_text())["controls"]["bindings"] == {"shoot": ["o"],
                                                                    "view": ["f3"]}
    assert S.load(path) == (chosen, None)


@pytest.mark.parametrize("bad, words", [({"jump": ["o"]}, "'jump' is not an action"),
                                        ({"shoot": ["hyperspace"]}, "is not a key"),
                                        ({"shoot": "o"}, "must be a list"),
                                        ({"shoot": ["v"]}, "V is given to both")])
def test_a_bad_hand_edit_loses_only_the_bindings_in_one_sentence(tmp_path, bad, words):
    path = tmp_path / "settings.json"
    S.save(S.Settings(names=("Ana", "Bo"), race_to=3), path)
    data = json.loads(path.read_text())
    data["controls"]["bindings"] = bad
    path.write_text(json.dumps(data))
    loaded, problem = S.load(path)
    assert words in problem and "using the default keys" in problem
    assert loaded.controls.bindings == controls.Bindings()
    assert (loaded.names, loaded.race_to) == (("Ana", "Bo"), 3), "the rest kept"
    assert json.loads(path.with_name("settings.json.corrupt").read_text()) == data, \
        "the hand edit is kept beside the settings"
    assert S.load(path) == (loaded, None), "the settings file was repaired"


BOUND_FILES = ["game/view/match", "game/view/practice", "game/view/replay",
               "game/view/menu", "game/view/ui/panels.py", "game/view/ui/rules_screen.py",
               "game/view/stats", "game/view/online", "game/view/drills", "game/view/ui/dialogs.py"]


# Panda3D's events that no key or button sends: bound by name wherever they are needed.
WINDOW_EVENTS = {"window-event"}


def test_no_key_is_bound_by_name_outside_the_table():
    """Every accept, every state's {event: handler} and every dialog's choice in the
    match, practice, drills, online matches, replays and menus names no key itself (the
    window's own events aside: WINDOW_EVENTS): a dialog's choice names an action."""
    found = []
    for place in BOUND_FILES:
        path = ROOT / place
        for source in ([path] if path.suffix else sorted(path.glob("*.py"))):
            tree = ast.parse(source.read_text())
            for node in ast.walk(tree):
                if isinstance(node, ast.Call) and getattr(node.func, "attr", "") == "accept" \
                        and node.args and isinstance(node.args[0], ast.Constant) \
                        and node.args[0].value not in WINDOW_EVENTS:
                    found.append(f"{source.name}:{node.lineno} accept {node.args[0].value}")
                if isinstance(node, ast.Tuple) and len(node.elts) == 3 \
                        and isinstance(node.elts[1], (ast.Tuple, ast.List)) \
                        and node.elts[1].elts and all(
                            isinstance(k, ast.Constant) and k.value in controls.KEYS
                            for k in node.elts[1].elts):
                    found.append(f"{source.name}:{node.lineno} a choice of keys")
                if isinstance(node, ast.Dict):
                    for key, value in zip(node.keys, node.values):
                        if isinstance(key, ast.Constant) and key.value in controls.KEYS \
                                and isinstance(value, ast.Tuple):
                            found.append(f"{source.name}:{node.lineno} binds {key.value}")
    assert not found


# ---- a match through rebound keys --------------------------------------------------------
@pytest.fixture
def bound():
    """use(bindings): these keys in force for the test, the defaults after it."""
    yield controls.use
    controls.use(controls.Bindings())


def test_the_match_plays_with_the_players_keys_and_says_them(play, bound):
    bound(controls.Bindings().rebound("shoot", "o").rebound("aim_left", "j")
          .rebound("help", "h"))
    screen, robot = play()
    hints = screen.hud.controls.getText()
    assert "Hold O, release: shoot" in hints and "Drag or J/Right: aim" in hints
    before = screen.flow.aim.setup.azimuth
    robot.inp.key("arrow_left")                    # no longer the aim's
    assert screen.flow.aim.setup.azimuth == before
    robot.inp.key("j")
    assert screen.flow.aim.setup.azimuth != before
    robot.inp.key("f1")
    assert screen.panels.shown() is None
    robot.inp.key("h")
    assert screen.panels.shown() == "help"
    help_text = screen.panels.panels["help"].text
    assert "Hold O, release: shoot" in help_text and "H: this help" in help_text
    robot.inp.key("h")
    robot.inp.key("space")                         # no stroke: Space is not the key now
    assert screen.flow.state == "Aiming"
    robot.inp.hold("o")
    robot.inp.step(30)
    robot.inp.release("o")
    assert screen.flow.state == "Playing"


def test_a_dialog_answers_to_the_players_keys_and_writes_them_on_its_buttons(play, bound):
    """The answers of the match's questions are actions of the table: rebound, the
    dialog listens to the new keys only and its buttons say them."""
    bound(controls.Bindings().rebound("answer_yes", "j").rebound("answer_no", "o")
          .rebound("game_over_menu", "f3"))
    screen, robot = play()
    robot.inp.key("q")
    assert screen.flow.state == "Confirm"
    assert [b["text"] for b in screen.flow._dialog.buttons] == ["Yes  [J]", "No  [O]"]
    assert "J or click: Yes" in screen.flow._dialog.hints
    robot.inp.key("n")
    robot.inp.key("escape")
    assert screen.flow.state == "Confirm", "N and Esc are no longer the answer no"
    robot.inp.key("o")
    assert screen.flow.state == "Aiming"
    robot.inp.key("q")
    robot.inp.key("y")
    assert screen.flow.state == "Confirm", "Y is no longer yes"
    robot.inp.key("j")
    assert screen.session.state.game_over and screen.flow.state == "GameOver"
    assert any(b["text"].endswith("[F3]") for b in screen.flow._dialog.buttons)


def test_the_answer_keys_are_refused_where_they_would_clash():
    """An answer's key is refused only where the question is asked: R is red's among the
    groups and the instant replay's after a push out, so R for play is refused and Q (the
    concession's, never while a question is asked) is not; chat clashes with the aim
    online, a drill's keys with the drill's aiming."""
    with pytest.raises(controls.BindingsError, match="Instant replay"):
        controls.Bindings().rebound("option_play", "r")
    assert controls.Bindings().rebound("option_play", "q").keys("option_play") == ("q",)
    with pytest.raises(controls.BindingsError, match="Top view"):
        controls.Bindings().rebound("group_red", "v")
    with pytest.raises(controls.BindingsError, match="Power and strike"):
        controls.Bindings().rebound("chat_hello", "space")
    with pytest.raises(controls.BindingsError, match="Tip to the centre"):
        controls.Bindings().rebound("drill_leave", "x")     # a drill aims too


def test_key_names_go_through_the_catalog():
    from game.i18n import use_language
    try:
        use_language("es")
        assert controls.key_label("space") != "Space" or controls.key_label("arrow_left") \
            != "Left", "the named keys are looked up in the language's catalog"
        assert controls.key_label("q") == "Q"
    finally:
        use_language("en")


# ---- the gamepad -------------------------------------------------------------------------
class Pad:
    """A device as Panda3D's InputDeviceManager hands one over: a gamepad's class, its
    axes and buttons (findAxis / findButton states with .value / .pressed), poll(), and
    the button events since the last getButtonEvents()."""
    device_class = InputDevice.DeviceClass.gamepad
    name = "test pad"

    def __init__(self):
        self.axes = {}
        self.held = set()
        self.queued = []

    def poll(self):
        pass

    def findAxis(self, axis):
        return SimpleNamespace(value=self.axes.get(axis, 0.0))

    def findButton(self, button):
        return SimpleNamespace(pressed=button.getName() in self.held)

    def getButtonEvents(self):
        events, self.queued = self.queued, []
        return SimpleNamespace(events=events)

    def press(self, button, time):
        self.queued.append(SimpleNamespace(button=button, type=ButtonEvent.T_down, time=time))
        self.queued.append(SimpleNamespace(button=button, type=ButtonEvent.T_up, time=time))


@pytest.fixture
def pad(base):
    """A pad plugged in (its connect-device event) for the test, pulled out after."""
    device = Pad()
    pads = gamepad.of(base)
    messenger.send("connect-device", [device])
    base.taskMgr.step()
    assert device in pads.pads, "found on its connect-device event, no restart"
    yield device
    messenger.send("disconnect-device", [device])
    base.taskMgr.step()
    assert device not in pads.pads


def _run(robot, fps: int, seconds: float, trigger=None, left_x=0.0) -> float:
    """Step `seconds` at `fps`, the trigger at trigger(t) (t from the start, s) and the
    left stick at left_x, read each frame as a pad's state is; the frame time (s) of
    the start."""
    device = robot.pad
    clock = robot.inp.clock
    clock.setFrameRate(fps)
    robot.inp.step()                # a frame at the new rate: the clock's step is its own
    start = clock.getFrameTime()
    try:
        for _ in range(round(seconds * fps)):
            t = clock.getFrameTime() - start
            device.axes[InputDevice.Axis.right_trigger] = trigger(t) if trigger else 0.0
            device.axes[InputDevice.Axis.left_x] = left_x
            robot.inp.step()
    finally:
        clock.setFrameRate(FPS)
    return start


def _pull(t: float) -> float:
    """A trigger pulled to 0.6 in 0.3 s, held, let go from 1.8 s to 1.9 s."""
    if t < 0.3:
        return 0.6 * t / 0.3
    if t < 1.8:
        return 0.6
    return max(0.6 * (1.9 - t) / 0.1, 0.0)


@pytest.mark.parametrize("fps", [1, 144])
def test_the_trigger_strikes_at_the_depth_it_was_held_at_any_frame_rate(play, pad, fps):
    screen, robot = play()
    robot.pad = pad
    _run(robot, 4, 0.5)                             # the trigger seen at rest first
    _run(robot, fps, 3.0, _pull)
    assert screen.flow.state == "Playing"
    stroke = [c for c in screen.session.commands if isinstance(c, Shoot)][-1].stroke
    assert power_for(stroke.speed) == pytest.approx(0.6)
    assert stroke.speed == pytest.approx(cue_speed(0.6))


@pytest.mark.parametrize("fps", [1, 144])
def test_the_stick_turns_the_aim_as_far_at_any_frame_rate(play, pad, fps):
    screen, robot = play()
    robot.pad = pad
    before = screen.flow.aim.setup.azimuth
    since = _run(robot, fps, 2.0, left_x=0.6)
    turned = (before - screen.flow.aim.setup.azimuth) % (2 * math.pi)
    held = (0.6 - gamepad.DEAD_ZONE) / (1 - gamepad.DEAD_ZONE)
    # Read each frame from the frame before the stick moved: two seconds of the clock.
    elapsed = robot.inp.clock.getFrameTime() - since
    assert elapsed == pytest.approx(2.0)
    assert turned == pytest.approx(held * gamepad.AIM_RATE_RAD_S * elapsed, rel=1e-9)


@pytest.fixture
def stroke_screen(base, tmp_path):
    """make(kind) -> (screen, robot): a practice table or a drill aiming its first shot,
    with a robot's Input (robot.inp) and the pad to be set (robot.pad)."""
    from game.drills import shipped_drills
    from game.settings import Aids
    from game.view.drills.screen import DrillScreen
    from game.view.practice.screen import PracticeScreen
    from robot import Input
    made = []

    def make(kind):
        inputs = Input(base)
        if kind == "practice":
            screen = PracticeScreen(base, "nine_ball", Aids(), lambda: None,
                                    save_dir=tmp_path, use_shaders=False, shadow_size=256)
        else:
            drill = next(d for d in shipped_drills() if d.id == "line_up")
            screen = DrillScreen(base, drill, "Ann", Aids(), lambda: None,
                                 replay_dir=tmp_path, seed=1, use_shaders=False,
                                 shadow_size=256)
        base.win.setActive(False)
        made.append((screen, inputs))
        inputs.step(2)
        assert screen.state == "Aiming"
        return screen, SimpleNamespace(inp=inputs)
    yield make
    for screen, inputs in reversed(made):
        screen.destroy()
        inputs.close()
    base.win.setActive(True)


@pytest.mark.parametrize("kind", ["practice", "drill"])
@pytest.mark.parametrize("fps", [1, 144])
def test_the_pad_aims_and_strikes_in_practice_and_drills_at_any_frame_rate(
        stroke_screen, pad, kind, fps):
    """The match's reading of the sticks and the trigger (gamepad.PadAim) on the
    practice table and in a drill: the stick turns the aim by the clock, the trigger
    strikes at the depth it was held at."""
    screen, robot = stroke_screen(kind)
    robot.pad = pad
    before = screen.aim.setup.azimuth
    since = _run(robot, fps, 2.0, left_x=0.6)
    turned = (before - screen.aim.setup.azimuth) % (2 * math.pi)
    held = (0.6 - gamepad.DEAD_ZONE) / (1 - gamepad.DEAD_ZONE)
    elapsed = robot.inp.clock.getFrameTime() - since
    assert elapsed == pytest.approx(2.0)
    assert turned == pytest.approx(held * gamepad.AIM_RATE_RAD_S * elapsed, rel=1e-9)
    _run(robot, fps, 3.0, _pull)
    shots = len(screen.table.history) if kind == "practice" else screen.attempt.progress.shots
    assert shots == 1, "one stroke, at the trigger let go"
    assert screen.aim.preview == pytest.approx(0.6), "played at the depth it was held at"


def test_a_trigger_already_pulled_when_aiming_begins_starts_no_stroke(play, base):
    screen, robot = play()
    device = robot.pad = Pad()
    device.axes[InputDevice.Axis.right_trigger] = 0.8
    messenger.send("connect-device", [device])
    try:
        _run(robot, FPS, 1.0, lambda t: 0.8)
        assert screen.flow.state == "Aiming", "pulled before: let go first"
        _run(robot, FPS, 1.0, lambda t: 0.0 if t < 0.5 else 0.8)
        assert screen.flow.state == "Powering"
    finally:
        messenger.send("disconnect-device", [device])
        base.taskMgr.step()


def test_pad_buttons_do_the_actions_of_the_table(play, pad):
    screen, robot = play()
    now = robot.inp.clock.getFrameTime()
    top = screen.top_view
    pad.press(GamepadButton.face_y(), now)          # Y: the view
    robot.inp.step(2)
    assert screen.top_view != top
    pad.press(GamepadButton.back(), now)            # Back: the help
    robot.inp.step(2)
    assert screen.panels.shown() == "help"
    pad.press(GamepadButton.dpad_up(), now)         # the d-pad: the cue raised a degree
    robot.inp.step(2)
    assert screen.flow.aim.setup.elevation == pytest.approx(math.radians(1.0))


def test_the_d_pad_and_a_work_the_buttons_on_screen(base, pad):
    from direct.gui.DirectGui import DirectButton
    clicked = []
    buttons = [DirectButton(parent=base.aspect2d, text=name, scale=0.05, pos=(0, 0, z),
                            command=clicked.append, extraArgs=[name])
               for name, z in (("upper", 0.2), ("lower", -0.2))]
    try:
        pads = gamepad.of(base)
        names = [np_.node().getName() for np_ in pads._buttons()]
        upper, lower = (b.guiItem.getName() for b in buttons)
        assert names.index(upper) < names.index(lower), "top to bottom"
        now = base.taskMgr.globalClock.getFrameTime()
        for _ in range(names.index(lower) + 1):            # down to the lower one
            pad.press(GamepadButton.dpad_down(), now)
        pad.press(GamepadButton.face_a(), now)
        base.taskMgr.step()
        base.taskMgr.step()
        assert clicked == ["lower"]
    finally:
        for b in buttons:
            b.destroy()


def test_the_controls_page_takes_a_mouse_button_and_refuses_a_taken_one(base):
    from game.view.menu.controls_page import ControlsPage
    from game.view.ui.rules_screen import CAPTURE_PREFIX
    saved = []
    page = ControlsPage(base, S.Settings(), saved.append, lambda: None)
    try:
        page.scroll(page.lines.index(("action", "replay_orbit_drag")))
        row = page.page().index(("action", "replay_orbit_drag"))     # as drawn
        page.choose(row)
        assert page.choosing == "replay_orbit_drag"
        messenger.send(CAPTURE_PREFIX + "mouse3")      # the camera height's, in replays too
        assert page.note.getText().startswith("right button already means \u201cCamera height")
        assert saved == []
        page.choose(row)
        messenger.send(CAPTURE_PREFIX + "mouse2")       # free in replays
        assert saved[-1].controls.bindings.keys("replay_orbit_drag") == ("mouse2",)
        page.reset()
        assert saved[-1].controls.bindings == controls.Bindings()
    finally:
        page.destroy()


def test_the_controls_page_lists_every_action_once_under_its_section_heading(base):
    """The page's lines: every action of game.controls.ACTIONS once, in its order, each
    section's heading right before its first action. Turned page by page, every action
    is drawn once, a page beginning inside a section begins with its heading
    "(continued)", a heading's row is words with no button, and a row's button chooses
    the action drawn on it (here the last page's last action, under "Menus")."""
    from game import i18n
    from game.view.menu.controls_page import SECTIONS, ControlsPage
    page = ControlsPage(base, S.Settings(), lambda settings: None, lambda: None)
    try:
        assert [name for kind, name in page.lines if kind == "action"] == list(controls.ACTIONS)
        assert page.lines[0] == ("heading", SECTIONS[next(iter(controls.ACTIONS))])
        assert set(SECTIONS) <= set(controls.ACTIONS) and len(SECTIONS) >= 8
        for k, (kind, value) in enumerate(page.lines):
            if kind == "heading":
                assert page.lines[k + 1][0] == "action" and SECTIONS[page.lines[k + 1][1]] == value
        drawn, headings, pages = [], [], 0
        while True:
            pages += 1
            rows = [(heading.text, button) for button, _keys, heading in page.rows]
            assert all(button.isHidden() for text, button in rows if text), "a heading: no button"
            drawn += [button["text"] for text, button in rows if not button.isHidden()]
            headings.append([text for text, _button in rows if text])
            if page.more.text.endswith(f"{len(controls.ACTIONS)} / {len(controls.ACTIONS)}"):
                break
            page.turn_page(1)
        assert drawn == [i18n._(a.label) for a in controls.ACTIONS.values()], "each once"
        continued = [h[0] for h in headings[1:] if h[0].endswith("(continued)")]
        assert continued, "some page begins inside a section"
        assert headings[-1][-1] == "Menus"
        last_button = next(button for button, _keys, _h in reversed(page.rows)
                           if not button.isHidden())
        assert last_button["text"] == i18n._(controls.ACTIONS["skip_guide"].label)
        last_button.commandFunc(None)
        assert page.choosing == "skip_guide"
        for _ in range(pages):
            page.turn_page(-1)
        assert page.top == 0 and page.more.text.startswith("1-")
    finally:
        page.destroy()


@pytest.mark.parametrize("language", ["hr", "es"])
def test_the_controls_page_headings_are_translated(base, language):
    from game import i18n
    from game.view.menu.controls_page import ControlsPage
    i18n.use_language(language)
    try:
        page = ControlsPage(base, S.Settings(), lambda settings: None, lambda: None)
        drawn = [heading.text for _button, _keys, heading in page.rows if heading.text]
        page.destroy()
    finally:
        i18n.use_language("en")
    assert drawn and drawn[0] == {"hr": "Ciljanje i udarac", "es": "Apuntar y tirar"}[language]


@pytest.mark.parametrize("language", ["en", "hr", "es"])
def test_the_controls_page_names_the_groups_by_their_marking_with_colour_blind_play(base,
                                                                                    language):
    """The two group actions read as the HUD names the groups: "Choosing a group: red,
    plain" with colour-blind play, the colour alone without; either ends before the keys."""
    from game import i18n
    from game.view.menu.controls_page import KEYS_X, LABEL_X, ControlsPage
    from game.view.world import marking
    from test_fit import MARGIN, text_width
    i18n.use_language(language)
    try:
        for on in (False, True):
            marking.set_colour_blind(base, on)
            page = ControlsPage(base, S.Settings(), lambda settings: None, lambda: None)
            try:
                page.scroll(page.lines.index(("action", "group_red")))
                row = page.page().index(("action", "group_red"))
                red, yellow = (page.rows[row + k][0] for k in (0, 1))
                if language == "en":
                    assert (red["text"], yellow["text"]) == (
                        ("Choosing a group: red, plain", "Choosing a group: yellow, ringed")
                        if on else ("Choosing a group: red", "Choosing a group: yellow"))
                assert (i18n._("red, plain") in red["text"]) == on
                assert (i18n._("yellow, ringed") in yellow["text"]) == on
                for button in (red, yellow):
                    end = LABEL_X + text_width(button, button.getScale()[0])
                    assert end <= KEYS_X - MARGIN, button["text"]
            finally:
                page.destroy()
                marking.set_colour_blind(base, False)
    finally:
        i18n.use_language("en")


def test_a_refused_key_names_the_groups_by_their_marking_with_colour_blind_play(base):
    """The refusal of a key another group action holds words both actions as the page
    does: "red, plain" and "yellow, ringed" with colour-blind play, the colour alone
    without."""
    from game.view.menu.controls_page import ControlsPage
    from game.view.world import marking
    for on in (False, True):
        marking.set_colour_blind(base, on)
        page = ControlsPage(base, S.Settings(), lambda settings: None, lambda: None)
        try:
            page.scroll(page.lines.index(("action", "group_yellow")))
            page.choose(page.page().index(("action", "group_yellow")))
            page.pressed("r")
            note = page.note.getText()
            assert note.startswith("R already means"), note
            assert ("\u201cChoosing a group: red, plain\u201d" in note) == on, note
            assert ("\u201cChoosing a group: yellow, ringed\u201d" in note) == on, note
            assert ("\u201cChoosing a group: red\u201d" in note) == (not on), note
            assert page.bindings.keys("group_yellow") == ("y",)
        finally:
            page.destroy()
            marking.set_colour_blind(base, False)
