"""The generated glTF models (`game.modelgen`), loaded once per process with panda3d-gltf.

`ensure_models()` returns a folder of current models (the checkout's `models/` or the user
cache, generated there on the first start); each file is decoded once, and once more per
texture reduction asked for (the low preset's smaller textures), and every scene copies
the loaded nodes (copies share vertex buffers and textures). Frames: the table and
room files are in the table frame, each ball in its own frame, the cue in the cue frame
(see docs/models.md). Metres.
"""
from __future__ import annotations

import functools

from panda3d.core import NodePath


@functools.lru_cache(maxsize=None)
def _folder():
    from game.modelgen import ensure_models
    return ensure_models()


@functools.lru_cache(maxsize=None)
def _files(mode_name: str) -> dict:
    from game.modelgen import read_manifest
    return read_manifest(_folder())["modes"][mode_name]


@functools.lru_cache(maxsize=None)
def _loaded(file_name: str) -> NodePath:
    import gltf         # panda3d-gltf; imported here, its import costs about 0.1 s
    return NodePath(gltf.load_model(str(_folder() / file_name)))


@functools.lru_cache(maxsize=None)
def _reduced(file_name: str, factor: int) -> NodePath:
    from .textures import reduced_texture
    copy = _loaded(file_name).copyTo(NodePath(file_name))
    for texture in copy.findAllTextures():
        copy.replaceTexture(texture, reduced_texture(texture, factor))
    return copy


def model(mode_name: str, part: str, texture_reduction: int = 1) -> NodePath:
    """The loaded model `part` ("table", "room", "balls" or "cue") of a game mode, with
    its textures at 1/texture_reduction of their size each way; shared: copy it
    (`copyTo`) or instance its children, never reparent or change it."""
    file_name = _files(mode_name)[part]
    return _reduced(file_name, texture_reduction) if texture_reduction > 1 else _loaded(file_name)
