"""The scheduler against a playback clock: every cue once, on time, at any speed; no
duplicates when scrubbing; silent skips unless asked; volume and mute."""
import pytest

from game.audio import AudioSettings, CueScheduler
from game.audio.cues import Cue

TIMES = [0.0, 0.1113, 0.1113, 0.25, 0.5, 0.9, 1.75, 3.2]
SOUNDS = ["strike", "click", "cushion", "click", "cushion", "click", "pocket", "cushion"]
FRAME_S = 1 / 60


def make_cues():
    return [Cue(time=t, sound=s, variant=0, volume=0.1 + 0.1 * k, brightness=0.5,
                pan=0.0, position=(float(k), 0.0, 0.0))
            for k, (t, s) in enumerate(zip(TIMES, SOUNDS))]


def play(scheduler, start, end, speed):
    """Call due() every frame as the view would; (frame time, cue) for each delivery."""
    heard, t = [], start
    while True:
        heard += [(t, cue) for cue in scheduler.due(t)]
        if t >= end:
            return heard
        t = min(t + FRAME_S * speed, end)


@pytest.mark.parametrize("speed", [0.1, 0.5, 1.0, 2.0, 4.0])
def test_every_cue_is_delivered_once_on_the_first_frame_past_its_time(speed):
    scheduler = CueScheduler(make_cues(), AudioSettings(effects_volume=1.0))
    heard = play(scheduler, 0.0, 4.0, speed)
    assert sorted(c.time for _, c in heard) == TIMES
    for frame_time, cue in heard:
        assert 0 <= frame_time - cue.time < FRAME_S * speed + 1e-12
    assert heard[0][1].sound == "strike" and heard[0][0] == 0.0


def test_scrubbing_back_then_forward_plays_nothing_twice():
    scheduler = CueScheduler(make_cues(), AudioSettings(effects_volume=1.0))
    first = play(scheduler, 0.0, 1.0, 1.0)
    assert scheduler.due(0.05) == []                     # scrubbed back
    again = play(scheduler, 0.05, 4.0, 1.0)              # and forward past it all
    assert sorted(c.time for _, c in first + again) == TIMES
    assert scheduler.due(2.0) == [] and scheduler.due(4.0) == []


def test_a_paused_clock_repeats_nothing():
    scheduler = CueScheduler(make_cues())
    assert len(scheduler.due(0.2)) == 3
    assert scheduler.due(0.2) == [] and scheduler.due(0.2) == []


def test_skipping_to_the_end_is_silent_unless_asked():
    silent = CueScheduler(make_cues())
    silent.due(0.0)
    assert silent.seek(4.0) == []
    assert silent.due(4.0) == [] and silent.due(5.0) == []
    asked = CueScheduler(make_cues(), AudioSettings(effects_volume=1.0))
    asked.due(0.0)
    summary = asked.seek(4.0, audible=True)
    # the loudest skipped cue of each sound, once each, in time order
    assert [(c.sound, c.time) for c in summary] == [("click", 0.9), ("pocket", 1.75),
                                                    ("cushion", 3.2)]
    assert asked.due(4.0) == []


def test_cues_skipped_in_silence_play_when_the_clock_passes_them_again():
    scheduler = CueScheduler(make_cues())
    scheduler.due(0.0)
    scheduler.seek(1.0)                                  # a step to a later event
    scheduler.seek(0.2)                                  # and back
    heard = play(scheduler, 0.2, 1.0, 1.0)
    assert [c.time for _, c in heard] == [0.25, 0.5, 0.9]


def test_reset_plays_the_shot_again():
    scheduler = CueScheduler(make_cues())
    first = play(scheduler, 0.0, 4.0, 2.0)
    scheduler.reset()
    assert [c for _, c in play(scheduler, 0.0, 4.0, 2.0)] == [c for _, c in first]


def test_effects_volume_scales_and_mute_silences():
    cues = make_cues()
    half = CueScheduler(cues, AudioSettings(effects_volume=0.5))
    assert [c.volume for c in half.due(0.3)] == pytest.approx([0.05, 0.1, 0.15, 0.2])
    muted = CueScheduler(cues, AudioSettings(effects_volume=1.0, muted=True))
    assert muted.due(0.3) == []
    muted.settings = AudioSettings(effects_volume=1.0)   # unmuted: only what comes next
    assert [c.time for c in muted.due(0.6)] == [0.5]
    assert CueScheduler(cues, AudioSettings(effects_volume=0.0)).due(4.0) == []
    assert AudioSettings(0.3, muted=True).gain == 0.0
    for bad in (-0.1, 1.5, float("nan")):
        with pytest.raises(ValueError, match="effects volume"):
            AudioSettings(effects_volume=bad)


def test_the_view_may_pan_again_where_the_camera_is_now():
    scheduler = CueScheduler(make_cues())
    cues = scheduler.due(0.6, pan=lambda p: -0.25 * p[0])
    assert [c.pan for c in cues] == [0.0, -0.25, -0.5, -0.75, -1.0]
