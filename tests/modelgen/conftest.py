"""Shared fixtures: one generated set of models per test session (generation takes a few
seconds), read back with the package's own .glb reader."""
import pytest

from game.modelgen import generate
from game.modelgen.gltf import read_glb


@pytest.fixture(scope="session")
def models(tmp_path_factory):
    """(folder, manifest) of a freshly generated set of models."""
    folder = tmp_path_factory.mktemp("models")
    manifest = generate(folder)
    return folder, manifest


@pytest.fixture(scope="session")
def glb(models):
    """glb(file name) -> the parsed file (cached)."""
    folder, _ = models
    cache = {}

    def load(name):
        if name not in cache:
            cache[name] = read_glb((folder / name).read_bytes())
        return cache[name]
    return load
