"""Replays: every match recorded as it is played, loaded back, verified and exported.

No Panda3D here (the 3D viewer and the frame export are game/view/replay/viewer.py and
export.py). One module per job:
    errors      ReplayError and its kinds, ReplayWarning
    version     the format's name and version, the solver version stamp
    fields      typed reads from JSON (plain data: game.storage.plain)
    digest      the per-shot SHA-256 digest
    shotdata    a physics ShotResult to plain data and back (plays back without solving)
    manifest    the match, commands and shot entries to plain data and back
    container   the zip container: atomic writes, guarded reads
    recorder    the GameSession listener that saves after every command
    reader      load_replay: every check, then a Replay (model)
    verify      re-simulate shots and compare digests
    rulings     the rulings worded again (colour-blind play's names)
    library     the replay folder, file names, recent matches
    timeline    event stops and labels for the viewer; paths: sampled ball paths
    plot        the top-down trajectory plot (matplotlib)
    animation   writing frames to PNG files, GIF or MP4 (imageio)
The format is specified in docs/replay_format.md.
"""
from .errors import (CorruptReplayError, NewerReplayError, NotAReplayError, ReplayError,
                     ReplayWarning, TruncatedReplayError)
from .library import MatchSummary, recent_matches, replay_directory
from .model import BallSpec, DrillMark, MatchInfo, Replay, ReplayShot
from .reader import load_replay
from .recorder import Recorder
from .version import FORMAT_NAME, FORMAT_VERSION

__all__ = ["Recorder", "load_replay", "recent_matches", "replay_directory", "MatchSummary",
           "Replay", "ReplayShot", "DrillMark", "MatchInfo", "BallSpec", "ReplayError",
           "NotAReplayError", "TruncatedReplayError", "CorruptReplayError", "NewerReplayError", "ReplayWarning",
           "FORMAT_NAME", "FORMAT_VERSION"]
