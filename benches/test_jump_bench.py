"""Benchmarks of jump shots: a jump over a ball, and how flight support costs the ordinary
break (the same solver handles both; compare with benches/test_solver.py's break)."""
import math

from physics_ext import Ball, Stroke, TableSpec, shoot

TABLE = TableSpec.nine_foot()
JUMP = Stroke(azimuth=0.0, elevation=math.radians(40), side=0.0, height=0.2, speed=5.0)
OVER_A_BALL = [Ball.pool(1.0, 0.635), Ball.pool(1.25, 0.635), Ball.pool(1.9, 0.3)]


def test_jump_over_a_ball(benchmark):
    result = benchmark(shoot, TABLE, OVER_A_BALL, 0, JUMP)
    benchmark.extra_info["events"] = int(result.events.size)
    assert result.cue_flights()[0][0].passed_over == (1,)
