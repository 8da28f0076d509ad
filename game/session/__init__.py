"""The game session: commands in, rules states and recorded shots out (no Panda3D)."""
from .commands import ChooseGroup, ChooseOption, Command, Concede, NextGame, PlaceCueBall, Shoot
from .game import MODES, GameSession, ShotRecord

__all__ = ["GameSession", "ShotRecord", "MODES", "Command", "PlaceCueBall", "Shoot",
           "ChooseGroup", "ChooseOption", "Concede", "NextGame"]
