"""Writes the fixed pot-layout suite, tests/ai/pot_suite.json, that the levels are
calibrated on (python -m game.level_report). Run `python tests/ai/make_pot_suite.py`
from the project root and commit the file; the suite is meant to stay fixed, so rerun
it only to change the suite on purpose (the figures of docs/opponent.md then change).

Each layout is the cue ball and one object ball on the 9-ft table, the object ball with a
clear straight path into one pocket: cut angle uniform in 0-70 degrees, cue ball to
object ball 0.3-2.0 m, object ball to the pocket's mouth 0.15-1.0 m, all drawn from one
seeded generator; the pocket alternates corners and sides (two corners for each side).
"""
from __future__ import annotations

import json
import math
import random
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from game.ai.geometry import pockets_of                   # noqa: E402
from game.ai.shots import direct_shots                    # noqa: E402
from physics_ext import Pocket, TableSpec                 # noqa: E402
from physics_ext.constants import POOL_BALL_RADIUS as R   # noqa: E402

SUITE = Path(__file__).resolve().parent / "pot_suite.json"
COUNT = 120
SEED = 15
CUT_DEG = (0.0, 70.0)
CUE_DISTANCE = (0.3, 2.0)      # m, cue ball centre to object ball centre
BALL_DISTANCE = (0.15, 1.0)    # m, object ball centre to the pocket's mouth
# The object ball's path into the pocket, off the pocket's axis (deg): corners take balls
# from along either rail, sides only from in front.
ENTRY_SPREAD = {"corner": 25.0, "side": 20.0}
EDGE = R + 0.01                # m, every ball at least this far inside the cushion noses
SIDES = (Pocket.SIDE_LEFT, Pocket.SIDE_RIGHT)


def layout(rng: random.Random, table, pocket: int):
    """One layout into `pocket`, or None when the draw leaves the table or is blocked."""
    pockets = pockets_of(table)
    kind = "side" if pocket in SIDES else "corner"
    axis = pockets.axis[pocket]
    spread = math.radians(ENTRY_SPREAD[kind])
    heading = math.atan2(axis[1], axis[0]) + rng.uniform(-spread, spread)
    u = np.array([math.cos(heading), math.sin(heading)])
    ball_distance = rng.uniform(*BALL_DISTANCE)
    cut = math.radians(rng.uniform(*CUT_DEG)) * rng.choice((-1.0, 1.0))
    cue_distance = rng.uniform(*CUE_DISTANCE)
    ball = pockets.mouth[pocket] - ball_distance * u
    ghost = ball - 2.0 * R * u
    travel = heading + cut
    cue = ghost - cue_distance * np.array([math.cos(travel), math.sin(travel)])
    for point in (ball, cue):
        if not (EDGE <= point[0] <= table.length - EDGE and EDGE <= point[1] <= table.width - EDGE):
            return None
    shots = direct_shots(table, cue, R, np.array([cue, ball]), np.array([R, R]), (0, 9),
                         (9,), 1e-3)
    mine = [s for s in shots if s.pocket == pocket]
    if not mine or abs(abs(mine[0].cut) - abs(cut)) > math.radians(3.0):
        return None
    return {"cue": [round(float(v), 4) for v in cue], "ball": [round(float(v), 4) for v in ball],
            "pocket": Pocket(pocket).name, "cut_deg": round(math.degrees(abs(mine[0].cut)), 1),
            "cue_distance": round(float(np.linalg.norm(ball - cue)), 3),
            "ball_distance": round(float(mine[0].ball_distance), 3)}


def make_suite() -> list:
    table = TableSpec.nine_foot()
    rng = random.Random(SEED)
    corners = [p for p in Pocket if p not in SIDES]
    order = []
    while len(order) < COUNT:
        order += [rng.choice(corners), rng.choice(corners), rng.choice(SIDES)]
    suite = []
    for pocket in order[:COUNT]:
        while True:
            found = layout(rng, table, int(pocket))
            if found is not None:
                suite.append({"id": len(suite), **found})
                break
    return suite


if __name__ == "__main__":
    suite = make_suite()
    rows = ",\n".join("  " + json.dumps(row) for row in suite)
    SUITE.write_text('{"table": "nine_foot", "object_ball": 9, "layouts": [\n'
                     + rows + "\n]}\n")
    cuts = [s["cut_deg"] for s in suite]
    dists = [s["cue_distance"] for s in suite]
    print(f"{len(suite)} layouts written to {SUITE}: cut {min(cuts)}-{max(cuts)} deg, "
          f"cue ball to object ball {min(dists)}-{max(dists)} m")
