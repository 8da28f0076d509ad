"""Breakshot's physics core: an exact, event-based pool solver compiled with Cython.

Public API (units SI, table frame of physics_ext.table):
    simulate(table, balls, params) -> ShotResult
    TableSpec, TableGeometry, Pocket, Rail
    Ball, Params, MotionState, EventKind, EventFlag, EVENT_DTYPE, BallStates, Samples
    SimulationError, contact_distance
See physics_ext/README.md.
"""
from .api import ShotResult, contact_distance, simulate
from .table import Pocket, Rail, TableGeometry, TableSpec
from .types import (EVENT_DTYPE, Ball, BallStates, EventFlag, EventKind, MotionState, Params,
                    Samples, SimulationError)

__all__ = ["simulate", "ShotResult", "contact_distance", "TableSpec", "TableGeometry", "Pocket",
           "Rail", "Ball", "Params", "MotionState", "EventKind", "EventFlag", "EVENT_DTYPE",
           "BallStates", "Samples", "SimulationError"]
