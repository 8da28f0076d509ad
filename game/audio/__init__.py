"""Sound effects: synthesised by code, mapped from the physics event log, scheduled
against the shot's playback clock. No Panda3D here: the view loads the files and plays
what the scheduler hands it. One module per job:
    synth     the five sounds (strike, click, cushion, pocket, slate), NumPy synthesis
    music     the calm music loops (menu, match), NumPy synthesis, seamless loops
    wavio     16-bit mono WAV files through the stdlib `wave`
    bank      the generated files in the user's cache (made on first use, or by
              `python -m game.audio`), the music's beside them
    cues      event log -> cues: sound, time, volume and brightness from the impact
              speed, pan
    schedule  the per-frame scheduler and the volume settings

Use (the view, once per shot and once per frame):
    bank = ensure_sounds()                                 # once, at start-up
    scheduler = CueScheduler(shot_cues(record.result, record.command.stroke), settings)
    for cue in scheduler.due(playback.clock.time):         # every frame
        play(bank.path(cue.sound, cue.variant, cue.brightness), cue.volume, cue.pan)
"""
from .bank import SoundBank, ensure_sounds
from .cues import LOUDNESS, CameraPan, Cue, event_cues, shot_cues, table_axis_pan
from .schedule import AudioSettings, CueScheduler
from .synth import SOUNDS

__all__ = ["SoundBank", "ensure_sounds", "Cue", "CameraPan", "LOUDNESS", "event_cues",
           "shot_cues", "table_axis_pan", "AudioSettings", "CueScheduler", "SOUNDS"]
