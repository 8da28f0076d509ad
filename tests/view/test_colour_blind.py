"""Colour-blind play (game.view.world.marking, the Accessibility page): the 8-ball
groups told apart by pattern on rendered pictures passed through the Machado et al. (2009)
dichromacy simulations (game.view.ui.colour_vision), the HUD icons carrying the same
marking, and the aiming aids told apart in greyscale."""
import math

import numpy as np
import pytest
from panda3d.core import PNMImage

from game.modelgen.balls import INK
from game.rules import Group
from game.tables.modes import RED, YELLOW
from game.view.ui import colour_vision as cv
from game.view.app import opening_positions, table_camera
from game.view.world import marking
from view_helpers import render, world_to_pixel

VIEWS = ("normal",) + cv.DEFICIENCIES
DISC = 0.7             # the part of a ball's picture measured, in its radii (no rim)
DARK = 0.2              # a pixel darker than this times the ball's median luminance is ink


def as_array(image: PNMImage) -> np.ndarray:
    """(H, W, 3) sRGB 0..1 of a PNMImage, row 0 at the top."""
    w, h = image.getXSize(), image.getYSize()
    return np.array([[tuple(image.getXel(x, y)) for x in range(w)] for y in range(h)])


def seen(rgb: np.ndarray, view: str) -> np.ndarray:
    return rgb if view == "normal" else cv.simulate(rgb, view)


def ball_discs(base, scene, ball_ids) -> dict:
    """{ball_id: boolean mask (H, W) of the pixels within DISC of its projected radius}."""
    right = base.render.getRelativeVector(base.cam, (1, 0, 0))
    h, w = base.win.getYSize(), base.win.getXSize()
    ys, xs = np.mgrid[0:h, 0:w] + 0.5
    discs = {}
    for ball in ball_ids:
        node = scene.balls.node(ball)
        centre = node.getPos(base.render)
        radius = scene.balls.radii[ball]
        cx, cy = world_to_pixel(base, centre)
        ex, _ey = world_to_pixel(base, centre + right * radius)
        r = abs(ex - cx)
        assert r > 8, "the balls must be large enough to measure"
        discs[ball] = np.hypot(xs - cx, ys - cy) < DISC * r
    return discs


def ink_fraction(lum: np.ndarray, disc: np.ndarray) -> float:
    """The pattern measure: the fraction of a ball's pixels that are dark ink, darker
    than DARK times the ball's own median luminance (so a ball seen dark all over, red
    to a protanope, is not "ink")."""
    values = lum[disc]
    return float(np.mean(values < DARK * np.median(values)))


@pytest.fixture(params=[True, False], ids=["per-pixel", "per-vertex"])
def rack(base, make_scene, request):
    """render(on) -> (picture (H, W, 3) sRGB, {ball_id: disc mask}): the 8-ball rack from
    above, colour-blind play on or off; lit by the GLSL shader and by the fixed-function
    pipeline (the low preset's)."""
    positions = opening_positions("eight_ball")
    scene = make_scene("eight_ball", positions, use_shaders=request.param)
    xs = [p[0] for b, p in positions.items() if b]
    ys = [p[1] for b, p in positions.items() if b]
    table_camera(base, scene, area=((min(xs) - 0.04, min(ys) - 0.04),
                                    (max(xs) + 0.04, max(ys) + 0.04)))
    discs = ball_discs(base, scene, [b for b in positions if b])

    def shot(on: bool):
        marking.set_colour_blind(base, on)
        return as_array(render(base)), discs
    yield shot
    marking.set_colour_blind(base, False)


def group_ids(group: Group) -> list:
    return sorted(group.balls)


def test_the_machado_matrices_keep_white_and_grey():
    for m in cv.MACHADO_2009.values():
        assert np.allclose(m.sum(axis=1), 1.0, atol=1e-3)
    grey = np.array([0.5, 0.5, 0.5])
    for d in cv.DEFICIENCIES:
        assert np.allclose(cv.simulate(grey, d), grey, atol=2e-3)
    with pytest.raises(ValueError, match="unknown deficiency"):
        cv.simulate(grey, "monochromacy")


def hue_deg(rgb) -> float:
    """CIE L*a*b* hue angle (degrees) of an sRGB colour."""
    _l, a, b = cv.lab(rgb)
    return math.degrees(math.atan2(b, a))


def test_red_and_yellow_lose_their_difference_of_hue_to_dichromats():
    """The palette's red and yellow: 46 degrees of hue apart to normal vision, the same
    hue within 8 degrees to a protanope, a deuteranope and a tritanope, so only how
    light and how saturated they are is left to tell them (which the lamp's light and
    shade change across every ball). Printed per view: Delta E*ab, the luminance
    contrast ratio and the hue difference."""
    for view in VIEWS:
        r, y = seen(np.array(RED), view), seen(np.array(YELLOW), view)
        hue = abs(hue_deg(r) - hue_deg(y))
        print(f"{view}: dE {cv.delta_e(r, y):.1f}, contrast {cv.contrast_ratio(r, y):.2f}, "
              f"hue {hue:.1f} deg")
        assert (hue > 40.0) if view == "normal" else (hue < 8.0), view


def test_the_rings_go_on_the_yellows_where_they_keep_their_contrast():
    """Dark ink on yellow keeps a luminance contrast above WCAG 2.1's 3:1 for graphics
    in every view (above 9:1 in fact); on red it would fall under 3:1 for a protanope,
    who sees red dark: why the yellows carry the rings, not the reds."""
    for view in VIEWS:
        y, r, ink = (seen(np.array(c), view) for c in (YELLOW, RED, INK))
        print(f"{view}: ink on yellow {cv.contrast_ratio(y, ink):.1f}:1, "
              f"on red {cv.contrast_ratio(r, ink):.1f}:1")
        assert cv.contrast_ratio(y, ink) > 9.0, view
    red_p, ink_p = (cv.simulate(np.array(c), "protanopia") for c in (RED, INK))
    assert cv.contrast_ratio(red_p, ink_p) < 3.0


def test_the_rack_groups_differ_by_pattern_under_every_simulation(rack):
    """The 8-ball rack rendered from above: with colour-blind play every yellow shows
    ink over a clear share of its face and no red does, in normal vision and under
    protanopia, deuteranopia and tritanopia alike; without it neither group shows any,
    so only colour tells them apart."""
    reds, yellows = group_ids(Group.RED), group_ids(Group.YELLOW)
    for on in (False, True):
        picture, discs = rack(on)
        for view in VIEWS:
            lum = cv.luminance(seen(picture, view))
            red_ink = [ink_fraction(lum, discs[b]) for b in reds]
            yellow_ink = [ink_fraction(lum, discs[b]) for b in yellows]
            print(f"colour-blind {on}, {view}: red ink {max(red_ink):.3f} at most, "
                  f"yellow ink {min(yellow_ink):.3f} at least")
            # A red's shaded side may dip under the threshold at a few pixels (per-vertex
            # lighting: up to 2 %); ink covers a fifth of a yellow's face.
            assert max(red_ink) < 0.05, (on, view)
            if on:
                assert min(yellow_ink) > 0.15, view
                assert min(yellow_ink) > 3 * max(max(red_ink), 0.01), view
            else:
                assert max(yellow_ink) < 0.05, view


def test_the_rings_turn_with_the_ball(base, make_scene):
    """The marking is in the ball's texture: a yellow turned a quarter turn about a
    tilted axis shows its ink elsewhere on its face, as much of it."""
    scene = make_scene("eight_ball", {9: (1.0, 0.5)}, use_shaders=True)
    table_camera(base, scene, area=((0.93, 0.43), (1.07, 0.57)))
    disc = ball_discs(base, scene, [9])[9]
    marking.set_colour_blind(base, True)
    try:
        inks = []
        for angle in (0.0, math.pi / 4):
            axis = np.array([1.0, 1.0, 0.5]) / np.linalg.norm([1.0, 1.0, 0.5])
            scene.set_ball_orientation(9, (math.cos(angle), *(math.sin(angle) * axis)))
            lum = cv.luminance(as_array(render(base)))
            inks.append(lum < DARK * np.median(lum[disc]))
    finally:
        marking.set_colour_blind(base, False)
    moved = np.mean(inks[0][disc] != inks[1][disc])
    assert moved > 0.1
    assert abs(np.mean(inks[0][disc]) - np.mean(inks[1][disc])) < 0.15


def test_switching_the_option_marks_a_scene_already_shown(base, make_scene):
    """Live: a scene on the screen takes the marking on and off as the option changes;
    9-ball's numbered balls are never marked."""
    eight = make_scene("eight_ball")
    nine = make_scene("nine_ball")
    try:
        marking.set_colour_blind(base, True)
        ringed = [b for b in eight.balls.ids if eight.balls.node(b).hasTexture()]
        assert sorted(ringed) == group_ids(Group.YELLOW)
        assert not any(nine.balls.node(b).hasTexture() for b in nine.balls.ids)
    finally:
        marking.set_colour_blind(base, False)
    assert not any(eight.balls.node(b).hasTexture() for b in eight.balls.ids)


# ---- (b) the HUD: ball icons and group names ---------------------------------------------
def _icon_picture(icon) -> tuple:
    """(rgb (n, n, 3) sRGB, disc mask) of the texture a HUD icon card draws."""
    tex = icon.getTexture()
    n = tex.getXSize()
    rgba = np.frombuffer(bytes(tex.getRamImageAs("RGBA")), np.uint8).reshape(n, n, 4)
    c = (np.arange(n) + 0.5) / n * 2 - 1
    return rgba[..., :3] / 255.0, np.hypot(*np.meshgrid(c, c)) < DISC


def test_the_hud_icons_and_group_names_carry_the_marking(base):
    """A decided 8-ball table on the HUD: with colour-blind play the yellow player's icons
    show the rings (ink over a clear share of each icon under every simulation) and the
    red player's none, and the group names say "yellow, ringed" and "red, plain";
    without it, no icon shows ink and the names are the colours alone. Measured on the
    textures the icon cards draw (the icons are a few pixels across in the tests'
    400 x 300 window)."""
    import dataclasses
    from game.rules import Player
    from game.session import GameSession
    from game.view.match import hud_text
    from game.view.match.hud import Hud
    session = GameSession("eight_ball", ("Ann", "Bob"), seed=3)
    session.state = dataclasses.replace(session.state, is_break=False, red_player=Player.A)
    hud = Hud(base, 0.5)
    try:
        for on in (False, True):
            marking.set_colour_blind(base, on)
            hud.update(session)
            ann, bob = hud.players
            assert hud_text.group_name(Group.RED, on) in ann.detail.getText()
            assert hud_text.group_name(Group.YELLOW, on) in bob.detail.getText()
            assert ("ringed" in bob.detail.getText()) == on
            yellows = [b for b, _gold in bob.balls.shown]
            assert sorted(yellows) == group_ids(Group.YELLOW)
            assert bob.balls.ringed == (frozenset(yellows) if on else frozenset())
            assert ann.balls.ringed == frozenset()
            for box, group in ((ann, Group.RED), (bob, Group.YELLOW)):
                for ball in group_ids(group):
                    rgb, disc = _icon_picture(box.balls.root.find(f"ball_{ball}"))
                    for view in VIEWS:
                        ink = ink_fraction(cv.luminance(seen(rgb, view)), disc)
                        if on and group is Group.YELLOW:
                            assert ink > 0.15, (view, ball, ink)
                        else:
                            assert ink < 0.03, (on, view, ball, ink)
    finally:
        marking.set_colour_blind(base, False)
        hud.destroy()


def test_the_hud_rulings_turn_and_shot_log_name_the_groups_as_the_panels_do(base):
    """A real 8-ball shot (Ann on the reds plays away from every ball: a foul) told on
    the HUD: its ruling, the turn line and the shot log name Bob's group as his panel
    does, "(yellow, ringed)" with colour-blind play and "(yellow)" without."""
    import dataclasses
    import math as m
    from game.rules import Player
    from game.session import GameSession, PlaceCueBall, Shoot
    from game.view.match import hud_text
    from game.view.match.hud import Hud
    from physics_ext import Stroke
    session = GameSession("eight_ball", ("Ann", "Bob"), seed=3, breaker=Player.A)
    session.apply(PlaceCueBall(session.table.d_centre))
    session.state = dataclasses.replace(session.state, is_break=False, red_player=Player.A)
    session.apply(Shoot(Stroke(m.pi, 0.0, 0.0, 0.0, 0.5)))          # to the baulk cushion
    hud = Hud(base, 0.5)
    try:
        for on in (False, True):
            marking.set_colour_blind(base, on)
            hud.tell(session.shots[-1])
            hud.update(session)
            bob = f"Bob ({hud_text.group_name(Group.YELLOW, on)})"
            assert hud_text.group_name(Group.YELLOW, on) in hud.players[1].detail.getText()
            assert hud.ruling.getText().startswith("Foul: no ball hit.")
            assert f"{bob} to play" in hud.ruling.getText(), hud.ruling.getText()
            assert hud.turn.getText().startswith(bob), hud.turn.getText()
            log, = hud_text.shot_log(session, rings=on)
            assert f"{bob} to play" in log
            assert ("ringed" in hud.ruling.getText() + hud.turn.getText() + log) == on
    finally:
        marking.set_colour_blind(base, False)
        hud.destroy()


def _recorded_break(tmp_path):
    """A recorded 8-ball match whose real break pots one yellow (the first seed from 1 that
    does: which seed depends on the physics' coefficients) and a second stroke after it;
    the loaded replay."""
    from game.replay import Recorder, load_replay
    from game.rules import BallInHand, Player
    from game.session import GameSession, PlaceCueBall, Shoot
    from physics_ext import Stroke

    def stroke(session):
        if session.state.ball_in_hand is not BallInHand.NONE:
            session.apply(PlaceCueBall(session.table.d_centre))
        cx, cy = session.state.layout[0]
        rack = [p for b, p in session.state.layout.items() if b]
        apex = min(rack, key=lambda p: math.hypot(p[0] - cx, p[1] - cy))
        session.apply(Shoot(Stroke(math.atan2(apex[1] - cy, apex[0] - cx), 0.0, 0.0, 0.0,
                                   9.0)))

    for seed in range(1, 80):
        path = tmp_path / f"break_{seed}.json"
        session = GameSession("eight_ball", ("Ann", "Bob"), seed=seed, breaker=Player.A)
        Recorder(session, path=path)
        stroke(session)
        if not session.state.game_over and session.state.layout.get(0) is not None:
            replay_so_far = load_replay(path)
            if replay_so_far.shots[0].ruling_text.startswith("Potted one yellow"):
                stroke(session)
                return load_replay(path)
    raise AssertionError("no break from seeds 1-79 potted exactly one yellow")


def test_a_replays_rulings_are_worded_again_with_the_marking(tmp_path):
    """The replay's words were written in plain colours; with colour-blind play they
    are worded again from the match played over with its recorded results, "one ringed
    yellow"; without it, or if a shot's ruling does not come back the same, the
    recorded words."""
    import dataclasses
    from game.replay.rulings import ruling_texts
    replay = _recorded_break(tmp_path)
    recorded = tuple(shot.ruling_text for shot in replay.shots)
    assert recorded[0].startswith("Potted one yellow")
    assert ruling_texts(replay, False) == recorded
    worded = ruling_texts(replay, True)
    assert worded[0].startswith("Potted one ringed yellow")
    unmarked = [t.replace(", ringed", "").replace(", plain", "").replace("ringed ", "")
                .replace("plain ", "") for t in worded]
    assert unmarked == list(recorded)
    changed = dataclasses.replace(replay.shots[1], ruling=dict(replay.shots[1].ruling,
                                                               fouls=["double_hit"]))
    tampered = dataclasses.replace(replay, shots=(replay.shots[0], changed))
    assert ruling_texts(tampered, True) == recorded


def test_the_replay_viewers_shot_list_names_the_balls_by_their_marking(base, tmp_path):
    from game.view.replay.viewer import ReplayViewer
    replay = _recorded_break(tmp_path)
    for on in (False, True):
        marking.set_colour_blind(base, on)
        try:
            viewer = ReplayViewer(base, replay, use_shaders=False)
        finally:
            marking.set_colour_blind(base, False)
        try:
            line = viewer.buttons[0]["text"].replace("\n", " ")
            potted = "Potted one ringed yellow" if on else "Potted one yellow"
            assert line.startswith(f"1. Ann: {potted}"), line
            assert viewer.ruling.getText().startswith(potted)
        finally:
            viewer.destroy()


def test_a_replays_labels_and_traces_show_the_marking(base, tmp_path):
    """The replay stage (viewer and export) with colour-blind play: the pot's label
    names "a ringed yellow", and the yellows' traces are dashed (more strokes than
    balls moved), the others solid; without it, one stroke a ball and plain colours."""
    from game.replay.paths import ball_paths
    from game.view.replay.export import ShotStage
    replay = _recorded_break(tmp_path)
    shot = replay.shots[0]
    moved = [p.ball_id for p in ball_paths(shot.result, shot.ball_ids)]
    assert set(moved) & set(Group.YELLOW.balls)
    for on in (False, True):
        marking.set_colour_blind(base, on)
        try:
            stage = ShotStage(base, replay)
            stage.show_shot(0)
        finally:
            marking.set_colour_blind(base, False)
        try:
            texts = [m.text for m in stage.marks]
            potted = "a ringed yellow potted" if on else "a yellow potted"
            assert potted in texts, texts
            geom = stage._traces.node().getGeom(0)
            strokes = sum(geom.getPrimitive(k).getNumPrimitives()
                          for k in range(geom.getNumPrimitives()))
            assert (strokes > len(moved)) if on else (strokes == len(moved)), (on, strokes)
        finally:
            stage.destroy()


# ---- (c) the aiming aids, told apart in greyscale ----------------------------------------
R8 = 0.0254             # the 8-ball cue ball's radius (m), near enough for the drawing


def _prediction():
    """A shot's aids drawn apart on the cloth: the cue ball's path to a contact, the
    object ball's way to the far cushion and the cue ball's down the table, and a jump
    before (landing at LANDING, clearing ball 3)."""
    from game.view.match.aim import Flight, Leg, Prediction
    contact = (1.0, 0.45, R8)
    obj = Leg(tuple((1.0 + 0.04 * k, 0.45 + 0.03 * k, R8) for k in range(16)), "cushion")
    cue = Leg(tuple((1.0 - 0.01 * k, 0.45 - 0.04 * k, R8) for k in range(10)), "ball")
    flight = Flight((0.3, 0.3, R8), 0.02, (3,), LANDING)
    return Prediction(((0.3, 0.3, R8), contact), contact, 1, obj, cue, (flight,))


LANDING = (0.55, 0.62)


def test_the_jump_warning_names_a_cleared_ball_by_its_marking():
    from game.view.match.aiming import jump_warning
    assert jump_warning(_prediction(), "eight_ball") == \
        "At this power the cue ball jumps over a red."
    assert jump_warning(_prediction(), "eight_ball", rings=True) == \
        "At this power the cue ball jumps over a plain red."


def _aids_picture(base, make_scene, patterned: bool) -> tuple:
    """(picture, scene, aids): only the aids, drawn on black, from above."""
    from game.settings import Aids
    from game.view.match.aids import AimAids
    scene = make_scene("eight_ball", {})
    aids = AimAids(scene.root, patterned)
    others = {1: ((1.0 + 2 * R8, 0.45), R8), 3: ((0.45, 0.5), R8)}
    aids.show(R8, _prediction(), others, Aids())
    for part in (scene.room, scene.table, scene.balls.root, aids.ghost):
        part.hide()
    table_camera(base, scene, area=((0.2, 0.0), (1.7, 1.0)))
    return as_array(render(base)), aids


def _coverage(base, lum, points) -> float:
    """The share of points along a polyline ((x, y, z) m, sampled every 2 mm) whose
    pixel is lit."""
    p = np.asarray(points)
    along = np.concatenate([[0.0], np.cumsum(np.linalg.norm(np.diff(p, axis=0), axis=1))])
    lit = []
    for t in np.arange(0.01, along[-1] - 0.01, 0.002):
        x, y, z = (np.interp(t, along, p[:, k]) for k in range(3))
        px, py = world_to_pixel(base, (x, y, z - R8))
        lit.append(lum[py, px] > 0.05)
    return float(np.mean(lit))


@pytest.mark.parametrize("patterned", [False, True], ids=["colour only", "colour-blind"])
def test_the_aids_differ_by_shape_in_greyscale(base, make_scene, patterned):
    """In the luminance of every simulated view: with colour-blind play the object ball's
    path is dashed (about half of it lit) while the cue ball's is solid, and a jump's
    landing ring has a cross at its centre; without it both paths are solid and the
    ring is empty (only their colours differ)."""
    base.setBackgroundColor(0, 0, 0, 1)
    try:
        picture, aids = _aids_picture(base, make_scene, patterned)
    finally:
        from game.view.app import BACKGROUND
        base.setBackgroundColor(*BACKGROUND)
    prediction = _prediction()
    for view in VIEWS:
        lum = cv.luminance(seen(picture, view))
        obj = _coverage(base, lum, prediction.object_leg.points)
        cue = _coverage(base, lum, prediction.cue_leg.points)
        cx, cy = world_to_pixel(base, (*LANDING, 0.0))
        centre_lit = lum[cy - 1:cy + 2, cx - 1:cx + 2].max() > 0.05
        print(f"{'colour-blind' if patterned else 'colour only'}, {view}: object path lit "
              f"{obj:.2f}, cue path lit {cue:.2f}, landing centre lit {centre_lit}")
        assert cue > 0.95, view
        if patterned:
            assert 0.3 < obj < 0.7, view
            assert centre_lit, view
        else:
            assert obj > 0.95, view
            assert not centre_lit, view
    aids.destroy()


def test_a_refused_cue_ball_in_hand_is_crossed_out_with_colour_blind_play(base, make_scene):
    from game.rules import BallInHand
    from game.view.match.aids import PlacementGhost
    scene = make_scene("eight_ball", {})
    for patterned in (False, True):
        ghost = PlacementGhost(scene.root, scene.table_spec, scene.balls.shape(0), R8,
                               patterned)
        ghost.show(BallInHand.ANYWHERE, (1.0, 0.5), allowed=False)
        assert ghost.refused.node.isHidden() != patterned
        ghost.show(BallInHand.ANYWHERE, (1.0, 0.5), allowed=True)
        assert ghost.refused.node.isHidden()
        ghost.destroy()


# ---- (d) the drills' marks, told apart in greyscale --------------------------------------
ZONE = ((0.9, 0.5), 0.1)        # a stop zone on the 8-ball table (centre m, radius m)


def _ring_coverage(base, lum, centre, radius: float) -> float:
    """The share of points round the circle (sampled every 2 mm) whose pixel is lit."""
    from game.view.match.aids import ring
    return _coverage(base, lum, [(x, y, z + R8) for x, y, z in ring(centre, radius)])


@pytest.mark.parametrize("patterned", [False, True], ids=["colour only", "colour-blind"])
def test_the_drill_marks_differ_by_shape_in_greyscale(base, make_scene, patterned):
    """A ladder's stage with a stop zone and a pocket, its marks drawn by the drill
    screen's DrillMarks on black, seen from above: in the luminance of every simulated
    view, with colour-blind play the zone's ring is dashed (about half of it lit) with a
    cross at its centre and the pocket's ring solid and doubled; without it both rings
    are solid and single and the zone's centre empty (only their colours differ)."""
    from physics_ext.table import Pocket
    from game.drills import Drill, Progress
    from game.drills.model import Stage, Zone
    from game.rules import Layout
    from game.view.drills.marks import POCKET_RING_2, DrillMarks
    scene = make_scene("eight_ball", {})
    geometry = scene.table_spec.geometry()
    drill = Drill("marks", "Marks", "eight_ball", "stages", tries=3, stages=(
        Stage(Layout({0: (0.5, 0.5), 1: (1.2, 0.5)}), 1, Pocket(0), Zone(*ZONE)),))
    marks = DrillMarks(scene.root, geometry, patterned)
    marks.show(drill, Progress(tries_left=3))
    for part in (scene.room, scene.table, scene.balls.root):
        part.hide()
    px, py, pr = (float(v) for v in geometry.pockets[0])
    corner = (min(px, ZONE[0][0]) - 0.15, min(py, ZONE[0][1]) - 0.15)
    table_camera(base, scene, area=(corner, (ZONE[0][0] + 0.15, ZONE[0][1] + 0.15)))
    base.setBackgroundColor(0, 0, 0, 1)
    try:
        picture = as_array(render(base))
    finally:
        from game.view.app import BACKGROUND
        base.setBackgroundColor(*BACKGROUND)
        marks.destroy()
    for view in VIEWS:
        lum = cv.luminance(seen(picture, view))
        zone = _ring_coverage(base, lum, *ZONE)
        pocket = _ring_coverage(base, lum, (px, py), pr)
        second = _ring_coverage(base, lum, (px, py), pr * POCKET_RING_2)
        cx, cy = world_to_pixel(base, (*ZONE[0], 0.0))
        centre_lit = lum[cy - 1:cy + 2, cx - 1:cx + 2].max() > 0.05
        print(f"{'colour-blind' if patterned else 'colour only'}, {view}: zone ring lit "
              f"{zone:.2f}, pocket ring {pocket:.2f}, second ring {second:.2f}, "
              f"zone centre lit {centre_lit}")
        assert pocket > 0.95, view
        if patterned:
            assert 0.3 < zone < 0.7, view
            assert second > 0.95 and centre_lit, view
        else:
            assert zone > 0.95, view
            assert second < 0.05 and not centre_lit, view


def test_a_drill_screen_draws_its_marks_with_the_shapes_when_the_option_is_on(base, tmp_path):
    """The shipped stop-shot ladder opened with colour-blind play on draws its zone ring
    in dashes and its pocket ring doubled; opened with it off, one ring each."""
    from game.drills.store import shipped_drills
    from game.settings import Aids
    from game.view.drills.marks import ZONE_DASH_M
    from game.view.drills.screen import DrillScreen
    drill = next(d for d in shipped_drills() if d.id == "stop_shots")
    base.win.setActive(False)
    try:
        for on in (False, True):
            marking.set_colour_blind(base, on)
            try:
                screen = DrillScreen(base, drill, "Ann", Aids(), lambda: None,
                                     replay_dir=tmp_path, seed=1, use_shaders=False,
                                     shadow_size=256)
            finally:
                marking.set_colour_blind(base, False)
            try:
                parts = [screen.marks.zones.node.findAllMatches("**/+GeomNode"),
                         screen.marks.pocket.node.findAllMatches("**/+GeomNode")]
                strokes = [sum(p.node().getGeom(0).getPrimitive(0).getNumPrimitives()
                               for p in found) for found in parts]
            finally:
                screen.destroy()
            zone, pocket = strokes
            assert screen.marks.patterned is on
            # Dashes as long as their gaps round the ring, and the cross's two strokes.
            dashed = math.ceil(2 * math.pi * drill.stages[0].stop.radius / (2 * ZONE_DASH_M)) + 2
            assert strokes == ([dashed, 2] if on else [1, 1])
    finally:
        base.win.setActive(True)


# ---- the setting -----------------------------------------------------------------------
def test_colour_blind_play_is_off_by_default_and_saved_with_the_settings(tmp_path):
    import dataclasses
    import json
    from game import settings as s
    assert s.Settings().accessibility.colour_blind is False
    path = tmp_path / "settings.json"
    chosen = dataclasses.replace(s.Settings(), accessibility=s.Accessibility(colour_blind=True))
    s.save(chosen, path)
    assert json.loads(path.read_text())["accessibility"] == {"colour_blind": True}
    assert s.load(path) == (chosen, None)
    path.write_text(json.dumps({"accessibility": {"colour_blind": "yes"}}))
    loaded, problem = s.load(path)
    assert loaded == s.Settings()
    assert "accessibility.colour_blind must be true or false" in problem


def test_the_group_question_names_the_marking(base, play_screen):
    """8-ball's group question: its buttons say "Red, plain" and "Yellow, ringed" with
    colour-blind play, the colours alone without; Y still takes the yellows."""
    import dataclasses
    from game.session import GameSession, PlaceCueBall
    for on in (False, True):
        session = GameSession("eight_ball", ("Ann", "Bob"), seed=1)
        session.apply(PlaceCueBall(session.table.d_centre))
        session.state = dataclasses.replace(session.state, group_choice_pending=True,
                                            is_break=False)
        marking.set_colour_blind(base, on)
        try:
            screen, robot = play_screen(session)
        finally:
            marking.set_colour_blind(base, False)
        labels = [button["text"] for button in screen.flow._dialog.buttons]
        assert labels == (["Red, plain  [R]", "Yellow, ringed  [Y]"] if on
                          else ["Red  [R]", "Yellow  [Y]"])
        robot.inp.key("y")
        assert session.state.group_of(session.state.shooter) is Group.YELLOW
