"""The HUD keeps off the play: in the top view no HUD widget covers a pocket or a ball, at
16:9 and at 4:3, and no two of its words overlap; the aim view keeps the cue ball and what
it will meet inside the middle 70 % of the screen.

Rectangles are window pixels (x0, y0, x1, y1), origin top-left: the HUD's from the tight
bounds of its aspect2d nodes, the table's from projecting pockets and balls.
"""
import dataclasses
import itertools
import math
import random

import pytest
from panda3d.core import Point2, Point3

from game.rules import CUE
from game.rules.layout import Layout
from game.session import GameSession, PlaceCueBall
from game.view.match.aim import first_contact
from game.view.match.hud_text import PlayerPanel
from game.view.match.play import GameScreen
from game.settings import NAME_MAX_CHARS, Aids
from robot import FPS, Input

SIZES = {"16:9": (640, 360), "4:3": (400, 300)}
NAMES = ("Alexandra Fitzgerald", "Bartholomew Kowalski")
LONG_RULING = ("Foul: cue ball potted, fewer than four balls to a cushion on the break. "
               "Warning: Alexandra Fitzgerald is on two fouls. Bartholomew Kowalski to "
               "play, ball in hand behind the head string.")
LONG_TURN = "Bartholomew Kowalski: ball in hand behind the head string. Place the cue ball."
LONG_MESSAGE = "Not allowed: the cue ball must be placed behind the head string, clear of every ball."
LONG_DETAIL = "fouls in a row: 2 - WARNING: a third loses"


@pytest.fixture(params=list(SIZES))
def window(request, base):
    """The test ShowBase's buffer resized to one of SIZES, put back afterwards."""
    w0, h0 = base.win.getXSize(), base.win.getYSize()
    base.win.setSize(*SIZES[request.param])
    base.adjustWindowAspectRatio(base.getAspectRatio())
    yield request.param
    base.win.setSize(w0, h0)
    base.adjustWindowAspectRatio(base.getAspectRatio())


@pytest.fixture
def screens(base):
    """make(session) -> (screen, inputs) on the resized window; all removed afterwards."""
    made = []

    def make(session):
        inputs = Input(base)
        screen = GameScreen(base, session, Aids(), lambda: None, use_shaders=False,
                            shadow_size=256)
        base.win.setActive(False)
        made.append((screen, inputs))
        return screen, inputs
    yield make
    for screen, inputs in reversed(made):      # each Input puts back the one before it
        screen.destroy()
        inputs.close()
    base.win.setActive(True)


def _session(mode, layout=None):
    """A session past the break with the cue ball on its spot, or with `layout`
    ({ball_id: (x, y)}) on the table."""
    session = GameSession(mode, NAMES, seed=5)
    spot = (0.3175, 0.635) if mode == "nine_ball" else session.table.d_centre
    session.apply(PlaceCueBall(spot))
    if layout is not None:
        fields = {"is_break": False, "layout": Layout(layout)}
        if mode == "nine_ball":
            fields["push_out_available"] = False
        session.state = dataclasses.replace(session.state, **fields)
    return session


def random_layout(session, rng, count):
    """{ball_id: (x, y)}: the cue ball and `count` object balls at random free spots of
    the cloth, half of them frozen to a cushion next to a pocket (the far corners of
    where a ball can be)."""
    table, balls = session.table, session.ball_set
    ids = [CUE] + rng.sample(sorted(b for b in session.state.layout if b != CUE), count)
    layout = {}
    for k, b in enumerate(ids):
        r = balls.radius(b)
        for _ in range(10_000):
            if k % 2:
                x = rng.choice((r + 0.06, table.length / 2 + rng.uniform(-0.08, 0.08),
                                table.length - r - 0.06))
                y = rng.choice((r, table.width - r))
                x, y = (x, y) if rng.random() < 0.7 else (rng.choice((r, table.length - r)),
                                                           rng.uniform(r + 0.06, table.width - r - 0.06))
            else:
                x, y = rng.uniform(r, table.length - r), rng.uniform(r, table.width - r)
            if all(math.dist((x, y), p) > r + balls.radius(o) + 1e-4 for o, p in layout.items()):
                layout[b] = (x, y)
                break
    return layout


def _px(base, x, z):
    """Window pixel of aspect2d point (x, z), at the UI scale drawn (game.view.ui.scale)."""
    p = base.render2d.getRelativePoint(base.aspect2d, Point3(x, 0, z))
    return ((p.x + 1) / 2 * base.win.getXSize(), (1 - p.z) / 2 * base.win.getYSize())


def node_rect(base, node):
    """Pixel rectangle of an aspect2d node's tight bounds, with a DirectGui widget's
    frame (not a Geom, so not in its bounds), or None (hidden, or empty)."""
    if node.isHidden():
        return None
    corners = []
    bounds = node.getTightBounds(base.aspect2d)
    if bounds is not None:
        corners += list(bounds)
    if hasattr(node, "guiItem"):
        left, right, bottom, top = node.guiItem.getFrame()
        corners += [base.aspect2d.getRelativePoint(node, Point3(x, 0, z))
                    for x in (left, right) for z in (bottom, top)]
    if not corners:
        return None
    pixels = [_px(base, c.x, c.z) for c in corners]
    xs, ys = zip(*pixels)
    return (min(xs), min(ys), max(xs), max(ys))


def hud_texts(hud) -> dict:
    """{name: OnscreenText} of every line of words on the HUD."""
    texts = {"title": hud.title, "turn": hud.turn, "thinking": hud.thinking,
             "ruling": hud.ruling, "message": hud.message, "controls": hud.controls,
             "elevation": hud.elevation, "tip": hud.spin.label, "power": hud.power.label,
             "speed": hud.power.speed, "aim": hud.aim_angle}
    for k, box in enumerate(hud.players):
        texts[f"name {k}"], texts[f"detail {k}"] = box.name, box.detail
    return texts


def hud_widgets(hud) -> dict:
    """{name: node} of everything the HUD draws: its words, the players' boxes and the
    instruments."""
    widgets = dict(hud_texts(hud))
    widgets.update({"box 0": hud.players[0].frame, "box 1": hud.players[1].frame,
                    "spin": hud.spin.root, "power bar": hud.power.frame})
    return widgets


def project_rect(base, points):
    """Pixel rectangle round the projections of table-frame `points`."""
    pixels = []
    for p in points:
        p2 = Point2()
        assert base.camLens.project(base.cam.getRelativePoint(base.render, Point3(*p)), p2), p
        pixels.append(((p2.x + 1) / 2 * base.win.getXSize(), (1 - p2.y) / 2 * base.win.getYSize()))
    xs, ys = zip(*pixels)
    return (min(xs), min(ys), max(xs), max(ys))


def table_things(base, screen) -> dict:
    """{name: pixel rectangle} of every pocket and every ball on the table."""
    session = screen.session
    things = {}
    for k, (x, y, r) in enumerate(session.table.geometry().pockets):
        things[f"pocket {k}"] = project_rect(base, [(x + dx, y + dy, 0.0)
                                                    for dx in (-r, r) for dy in (-r, r)])
    for b, (x, y) in session.state.layout.items():
        r = session.ball_set.radius(b)
        things[f"ball {b}"] = project_rect(base, [(x + dx, y + dy, z) for dx in (-r, r)
                                                  for dy in (-r, r) for z in (0.0, 2 * r)])
    return things


def overlap(a, b) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def fill_hud(screen):
    """The longest words the HUD shows, every widget on."""
    hud = screen.hud
    hud.turn.setText(LONG_TURN)
    hud.set_ruling(LONG_RULING)
    hud.say(LONG_MESSAGE)
    hud.show_thinking(NAMES[1], 1.0)
    for k, box in enumerate(hud.players):
        box.set(PlayerPanel(NAMES[k], LONG_DETAIL, at_table=k == 0, warning=True))
    hud.show_aiming(-0.55, -0.65, 35.0, True, 1.0, 359.9)


def settle(screen, inputs):
    for _ in range(6 * FPS):
        if screen.rig.settled:
            return
        inputs.step()
    raise AssertionError("the camera did not settle")


@pytest.mark.parametrize("mode", ["nine_ball", "eight_ball"])
def test_in_the_top_view_no_hud_widget_covers_a_pocket_or_a_ball(base, window, screens, mode):
    rng = random.Random(17)
    layouts = [None] + [random_layout(_session(mode), rng, count) for count in (3, 6, 9)]
    assert max(map(len, NAMES)) <= NAME_MAX_CHARS
    for layout in layouts:
        screen, inputs = screens(_session(mode, layout))
        assert screen.flow.state == "Aiming"
        inputs.key("v")
        settle(screen, inputs)
        fill_hud(screen)
        widgets = {name: node_rect(base, node) for name, node in hud_widgets(screen.hud).items()}
        assert all(rect is not None for rect in widgets.values()), widgets
        for (name, rect), (thing, spot) in itertools.product(widgets.items(),
                                                             table_things(base, screen).items()):
            assert not overlap(rect, spot), f"{window}: {name} {rect} covers {thing} {spot}"


def test_no_two_hud_labels_overlap(base, window, screens):
    screen, inputs = screens(_session("nine_ball"))
    fill_hud(screen)
    inputs.step()
    rects = {name: node_rect(base, node) for name, node in hud_texts(screen.hud).items()}
    for (a, ra), (b, rb) in itertools.combinations(rects.items(), 2):
        assert not overlap(ra, rb), f"{window}: {a} {ra} overlaps {b} {rb}"
    for name, (x0, y0, x1, y1) in rects.items():
        assert 0 <= x0 and x1 <= base.win.getXSize() and 0 <= y0 and y1 <= base.win.getYSize(), name


def _film(base, point):
    p2 = Point2()
    assert base.camLens.project(base.cam.getRelativePoint(base.render, Point3(*point)), p2)
    return p2.x, p2.y


@pytest.mark.parametrize("mode", ["nine_ball", "eight_ball"])
def test_the_aim_view_keeps_the_cue_ball_and_its_target_in_the_middle(base, window, screens,
                                                                       mode):
    """50 random layouts per mode (100 in all), each aimed by a random mouse drag with
    the cue raised a random number of degrees (the camera rises with it)."""
    rng = random.Random(29 if mode == "nine_ball" else 31)
    screen = None
    for case in range(50):
        layout = random_layout(_session(mode), rng, rng.randint(1, 9))
        if screen is not None:
            screen.destroy()
        screen, inputs = screens(_session(mode, layout))
        w, h = base.win.getXSize(), base.win.getYSize()
        inputs.drag((w // 2, h // 2), (rng.randint(1, w - 1), h // 2))
        for _ in range(rng.choice((0, 0, 5, 20, 40))):
            inputs.key("arrow_up")
        settle(screen, inputs)
        s = screen.session
        cue, radius = s.state.layout[CUE], s.ball_set.radius(CUE)
        azimuth = screen.flow.aim.setup.azimuth
        others = {b: (p, s.ball_set.radius(b)) for b, p in s.state.layout.items() if b != CUE}
        reach, hit = first_contact(cue, azimuth, radius, others, s.table)
        ghost = (cue[0] + reach * math.cos(azimuth), cue[1] + reach * math.sin(azimuth))
        points = {"cue ball": (*cue, radius), "ghost ball": (*ghost, radius)}
        if hit is not None:
            points["target ball"] = (*s.state.layout[hit], s.ball_set.radius(hit))
        for name, point in points.items():
            x, y = _film(base, point)
            assert abs(x) <= 0.7 and abs(y) <= 0.7, f"{window} case {case}: {name} at {x, y}"
