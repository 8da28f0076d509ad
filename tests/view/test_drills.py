"""Drills through synthetic input on the offscreen ShowBase: the list shows every drill
with its goal and the player's record; a drill is played with the match's keys, its
verdict and score reach the HUD only when the balls stop, each attempt is recorded and
counted in the record, and R starts a new attempt on the opening position."""
import math

import pytest

from game.drills import Verdict, shipped_drills
from game.replay import load_replay
from game.settings import Aids
from game.view.drills.list_page import DrillList
from game.view.drills.screen import DrillScreen
from robot import FPS, Input

DRILLS = {d.id: d for d in shipped_drills()}


@pytest.fixture
def drill_screen(base, tmp_path):
    inputs = Input(base)
    left = []
    made = []

    def make(drill_id):
        screen = DrillScreen(base, DRILLS[drill_id], "Ann", Aids(), lambda: left.append(1),
                             replay_dir=tmp_path, seed=1, use_shaders=False, shadow_size=256)
        made.append(screen)
        return screen
    base.win.setActive(False)
    yield make, inputs, left
    for screen in made:
        screen.destroy()
    inputs.close()
    base.win.setActive(True)


def shoot(screen, inputs, frames):
    inputs.hold("space")
    inputs.step(frames)
    inputs.release("space")
    assert screen.state == "Playing"


def hud(screen):
    box = screen.hud.players[1]
    return box.name.getText(), box.detail.getText(), screen.hud.ruling.getText()


def test_a_stop_shot_scores_on_the_hud_only_when_the_balls_stop(drill_screen, tmp_path):
    make, inputs, _ = drill_screen
    screen = make("stop_shots")
    inputs.step(2)
    assert hud(screen) == ("Attempt 1", "score 0 - stage 1 of 6, 3 tries left", "")
    zone, pocket = screen.marks.zones.node, screen.marks.pocket.node
    assert not zone.isHidden() and not pocket.isHidden()
    assert "stop the cue ball in the ring" in screen.hud.turn.getText()
    shoot(screen, inputs, FPS // 3)
    assert screen.attempt.progress.shots == 1
    assert hud(screen)[1].endswith("3 tries left")     # not told at the strike
    inputs.key("enter")
    inputs.step(2)
    progress = screen.attempt.progress
    name, detail, ruling = hud(screen)
    assert detail == (f"score {progress.score} - stage {progress.stage + 1} of 6, "
                      f"{progress.tries_left} tries left") and ruling
    (path,) = tmp_path.glob("*.bsreplay")
    assert load_replay(path).drill.shots == 1


def test_a_line_up_cushion_touch_ends_the_attempt_and_r_starts_another(drill_screen, tmp_path):
    make, inputs, left = drill_screen
    screen = make("line_up")
    inputs.step(2)
    aimed = screen.aim.setup.azimuth                    # at the nearest ball
    for _ in range(60):                                 # 30 degrees past every ball
        inputs.key("arrow_left")
    inputs.step(1)
    assert screen.aim.setup.azimuth == pytest.approx(aimed + math.radians(30))
    shoot(screen, inputs, FPS // 3)
    inputs.key("enter")
    inputs.step(2)
    assert screen.attempt.over and screen.attempt.progress.verdict is Verdict.CUSHION
    assert hud(screen)[2].startswith("A ball touched a cushion.")
    assert "Attempt over: 0 points" in hud(screen)[2]
    assert screen.hud.players[0].detail.getText() == "Best 0 in 1 attempt, no trend yet"
    inputs.key("space")                                 # no shooting once it is over
    inputs.step(1)
    assert screen.state == "Aiming" and screen.attempt.progress.shots == 1
    inputs.key("r")
    inputs.step(2)
    assert not screen.attempt.over and hud(screen)[0] == "Attempt 2"
    assert dict(screen.attempt.layout) == dict(DRILLS["line_up"].layout)
    inputs.key("escape")
    assert left == [1]


def test_the_list_shows_every_drill_its_goal_and_a_refused_file(base, tmp_path):
    (tmp_path / "drills").mkdir()
    (tmp_path / "drills" / "broken.json").write_text("{")
    started = []
    page = DrillList(base, "Ann", started.append, lambda: None, replay_dir=tmp_path,
                     drill_dir=tmp_path / "drills")
    try:
        labels = [b["text"] for b in page.buttons]
        assert labels[0] == "Line-up   -   No attempts yet" and len(labels) == 6
        assert labels[5] == "broken.json" and "not valid JSON" in page.lines[5].getText()
        assert page.lines[1].getText().startswith("Break and run out")
        page.buttons[2].commandFunc(None)
        assert started == [DRILLS["stop_shots"]]
    finally:
        page.destroy()


def test_the_docs_drill_screenshot_shows_a_first_stage_done(base, tmp_path):
    from panda3d.core import Filename, PNMImage
    from game.view.docs_shots import render_drill
    from view_helpers import rgb_at
    path = tmp_path / "drill.png"
    progress = render_drill(base, str(path))
    assert (progress.verdict, progress.score, progress.stage) == (Verdict.STAGE_PASSED, 1, 1)
    image = PNMImage()
    assert image.read(Filename.fromOsSpecific(str(path)))
    r, g, b = rgb_at(image, (int(image.getXSize() * 0.3), int(image.getYSize() * 0.7)))
    assert g > 1.3 * r and g > 1.2 * b, "the cloth"


def test_recent_matches_name_a_drill_attempt_by_its_drill_player_and_score(tmp_path):
    from physics_ext import Stroke
    from game.drills import DrillAttempt
    from game.replay import recent_matches
    from game.view.menu.recent import match_line
    attempt = DrillAttempt(DRILLS["cut_ladder"], "Ann", directory=tmp_path)
    attempt.shoot(Stroke(math.pi, 0.0, 0.0, 0.0, 1.0))
    attempt.close()
    (summary,) = recent_matches(tmp_path)
    assert summary.drill.id == "cut_ladder" and summary.drill.score == 0
    assert match_line(summary).endswith("Drill: Cut-angle ladder, Ann, score 0   1 shot")


def test_ghost_nine_ball_on_screen_breaks_and_racks_again_for_the_player(drill_screen):
    make, inputs, _ = drill_screen
    screen = make("ghost_nine_ball")
    inputs.step(2)
    assert hud(screen)[1] == "racks: you 0, the ghost 0 - 0 shots"
    assert "Race to 5" in screen.hud.turn.getText()
    shoot(screen, inputs, FPS // 4)                     # a soft break: the ghost's rack
    inputs.key("enter")
    inputs.step(2)
    progress = screen.attempt.progress
    assert (progress.shots, progress.racks) == (1, (0, 1))
    assert hud(screen)[1] == "racks: you 0, the ghost 1 - 1 shot"
    assert hud(screen)[2] == "The ghost takes the rack."
    state = screen.attempt.session.state
    assert state.is_break and state.shooter == 0 and screen.state == "Aiming"
    assert dict(state.layout)[0] == DRILLS["ghost_nine_ball"].break_from
    assert len(state.layout) == 10                      # a full rack again
