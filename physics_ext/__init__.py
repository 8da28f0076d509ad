"""Breakshot's physics core: an exact, event-based pool solver compiled with Cython.

Public API (units SI, table frame of physics_ext.table):
    simulate(table, balls, params) -> ShotResult
    shoot(table, balls, cue_index, stroke, params, cue) -> ShotResult (with stroke, flights)
    simulate_batch(table, balls, params, threads=, logs=) -> BatchResult: N shots at once,
        compiled and threaded, each equal to simulate()'s; shoot_batch(table, balls,
        strokes, ...) likewise for shoot(); ShotError, ball_rows
    strike(stroke, radius, mass, cue) -> StrikeResult; Stroke, CueSpec, StrikeClass, Flight
    CueMotion, CueFault: the cue's follow-through and the stroke faults it produced
    TableSpec, TableGeometry, Pocket, Rail
    Ball, Params, MotionState, EventKind, EventFlag, EVENT_DTYPE, BallStates, Samples
    SimulationError, contact_distance
See physics_ext/README.md.
"""
import os

# The batch solver's OpenMP threads sleep when idle instead of spinning (libgomp reads this
# when the solver's module loads): a game's renderer, or other processes on a busy machine,
# need the cores between batches. Set OMP_WAIT_POLICY=active to override.
os.environ.setdefault("OMP_WAIT_POLICY", "passive")

from .api import ShotResult, contact_distance, shoot, simulate
from .batch import BatchResult, ShotError, ball_rows, shoot_batch, simulate_batch
from .cue import CueFault, CueMotion
from .flight import Flight
from .stroke import CueSpec, StrikeClass, StrikeResult, Stroke, strike
from .table import Pocket, Rail, TableGeometry, TableSpec
from .types import (EVENT_DTYPE, Ball, BallStates, EventFlag, EventKind, MotionState, Params,
                    Samples, SimulationError)

__all__ = ["simulate", "shoot", "simulate_batch", "shoot_batch", "BatchResult", "ShotError",
           "ball_rows", "strike", "Stroke", "CueSpec", "StrikeResult", "StrikeClass",
           "CueMotion", "CueFault",
           "Flight", "ShotResult", "contact_distance", "TableSpec", "TableGeometry", "Pocket",
           "Rail", "Ball", "Params", "MotionState", "EventKind", "EventFlag", "EVENT_DTYPE",
           "BallStates", "Samples", "SimulationError"]
