"""Benchmarks of the model generator: what a start costs when the models are current (the
digest of the inputs and a few stat calls), and generating the largest files. Run with
`python -m pytest benches/test_modelgen_bench.py --benchmark-enable --benchmark-only`;
timings are reported, never asserted."""
from game.modelgen import build, ensure_models, generate
from game.modelgen.gltf import write_glb
from game.modelgen.table import build_table
from game.tables.modes import mode


def test_ensure_models_when_current(benchmark, tmp_path):
    """The start-up check on a current cache folder, the digest recomputed each time."""
    folder = ensure_models(tmp_path)

    def check():
        build.digest.cache_clear()
        return ensure_models(tmp_path)
    assert benchmark(check) == folder


def test_generate_the_nine_foot_table(benchmark):
    """Mesh, textures and .glb bytes of the 9 ft table."""
    spec = mode("nine_ball").table
    data = benchmark.pedantic(lambda: write_glb(build_table(spec)), rounds=3, iterations=1)
    benchmark.extra_info["bytes"] = len(data)


def test_generate_everything(benchmark, tmp_path):
    """Every model file and the manifest, written to a folder."""
    manifest = benchmark.pedantic(lambda: generate(tmp_path), rounds=2, iterations=1)
    benchmark.extra_info["files"] = len(manifest["files"])
    benchmark.extra_info["bytes"] = sum(f["bytes"] for f in manifest["files"].values())
