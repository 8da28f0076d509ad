"""Benchmark of the research command's unit of work: one shot-map chunk through
game.lab.evaluate.evaluate_chunk (today one physics_ext.shoot() per stroke; the figure
to compare when it switches to the batch solver). Run with `python -m pytest
benches/test_lab_bench.py --benchmark-enable --benchmark-only`; shots/s is in extra_info,
timings are reported, never asserted."""
from game.lab.evaluate import evaluate_chunk
from tests.lab.lab_helpers import small_map


def test_a_shot_map_chunk(benchmark):
    """A chunk of 20 cells x 20 amateur-noise strokes of a straight pot (400 shots)."""
    chunk = small_map(chunk_cells=20, samples=20).chunks()[0]
    table = benchmark(evaluate_chunk, chunk)
    assert table.num_rows == 20 and sum(table.column("samples").to_pylist()) == 400
    if benchmark.stats is not None:
        benchmark.extra_info["shots_per_second"] = 400 / benchmark.stats.stats.median
        benchmark.extra_info["events_per_shot"] = sum(table.column("events").to_pylist()) / 400
