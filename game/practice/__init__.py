"""Practice mode: no rules, any ball anywhere, shoot, undo, re-rack, save and load.
No Panda3D here: the view drags balls and plays shots through a PracticeTable.
    position  the immutable position and where a ball may go
    store     positions to JSON and back (atomic save, clear errors on a bad file)
    table     PracticeTable: arranging, shooting, the undo history, re-racks
"""
from .position import GAMES, PlacementError, Position, racked
from .store import PositionFileError, load_position, save_position
from .table import PracticeShot, PracticeTable

__all__ = ["GAMES", "PlacementError", "Position", "racked", "PositionFileError",
           "load_position", "save_position", "PracticeShot", "PracticeTable"]
