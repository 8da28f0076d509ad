"""Sound effects in the window: a shot's playback starts its cues through the scheduler
at their moments (the play function mocked), a skip plays a summary, mute plays and
loads nothing, and the real path runs silently under Panda3D's null audio."""
import pytest

from game.audio import AudioSettings, shot_cues
from game.session import GameSession, Shoot
from game.view.match.play import GameScreen
from game.settings import Aids
from robot import FPS, Input, Robot


@pytest.fixture
def shot(base, tmp_path):
    """make(audio, mock=True) -> (screen, robot, played, shots): played collects
    (shot time, cue) for every cue the screen starts (play mocked unless mock=False);
    shots collects each shot's (record, stroke)."""
    made = []

    def make(audio, mock=True):
        session = GameSession("nine_ball", ("Ann", "Bob"), seed=3)
        inputs = Input(base)
        screen = GameScreen(base, session, Aids(), lambda: None, use_shaders=False,
                            shadow_size=256, audio=audio, sound_root=tmp_path / "sounds")
        base.win.setActive(False)
        made.append((screen, inputs))
        played, shots = [], []
        real_play = screen.sounds.play

        def play(cue):
            played.append((screen.flow.playback.clock.time, cue))
            if not mock:
                real_play(cue)
        screen.sounds.play = play
        session.listeners.append(
            lambda _s, command, record: shots.append((record, command.stroke))
            if isinstance(command, Shoot) else None)
        return screen, Robot(screen, inputs), played, shots
    yield make
    for screen, inputs in made:
        screen.destroy()
        inputs.close()
    base.win.setActive(True)


def _break(robot):
    """Place the cue ball and break; returns in the Playing state."""
    while robot.screen.flow.state != "Playing":
        robot.play_turn()


def _play_through(robot):
    for _ in range(60 * FPS):
        if robot.screen.flow.state != "Playing":
            return
        robot.inp.step()
    raise AssertionError("the shot never ended")


def test_playback_starts_each_cue_at_its_moment(shot):
    screen, robot, played, shots = shot(AudioSettings(effects_volume=0.5))
    assert screen.sounds.bank is not None and screen.sounds.bank.folder.is_dir()
    _break(robot)
    _play_through(robot)
    (record, stroke), = shots
    expected = sorted(shot_cues(record.result, stroke), key=lambda c: c.time)
    assert expected[0].sound == "strike" and len(expected) > 5
    assert [c.sound for _, c in played] == [c.sound for c in expected]
    assert [c.volume for _, c in played] == pytest.approx([0.5 * c.volume for c in expected])
    for (clock, cue), wanted in zip(played, expected):
        # Started in the frame that reached it: not before, at most a frame late.
        assert wanted.time <= clock + 1e-9 and clock - wanted.time <= 1.5 / FPS


def test_a_skip_plays_a_summary_not_every_click(shot):
    screen, robot, played, shots = shot(AudioSettings())
    _break(robot)
    robot.inp.step(int(0.08 * FPS))            # the strike and the first impacts
    before = len(played)
    robot.inp.key("enter")                     # skip to the end
    _play_through(robot)
    skipped = [c.sound for _, c in played[before:]]
    assert skipped and len(skipped) == len(set(skipped)), "the loudest of each sound"


def test_mute_plays_and_loads_nothing(shot):
    screen, robot, played, shots = shot(AudioSettings(muted=True))
    assert screen.sounds.bank is None and screen.sounds.audio3d is None
    _break(robot)
    _play_through(robot)
    assert shots and played == []


def test_real_sounds_under_null_audio_run_without_error(shot):
    screen, robot, played, _ = shot(AudioSettings(), mock=False)
    assert screen.sounds.audio3d is not None
    _break(robot)
    _play_through(robot)
    robot.play_turn()
    assert played and screen.sounds._emitters == [], "finished sounds let go"
