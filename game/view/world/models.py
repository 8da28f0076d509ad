"""The generated glTF models (`game.modelgen`), loaded once per process with panda3d-gltf.

`ensure_models()` returns a folder of current models (those the package was built with:
the checkout's `models/` or an installed wheel's `game/models/`; else the user cache,
generated there first); each file is decoded once, and once more per
texture reduction asked for (the low preset's smaller textures), and every scene copies
the loaded nodes (copies share vertex buffers and textures). Frames: the table and
room files are in the table frame, each ball in its own frame, the cue in the cue frame
(see docs/models.md). Metres.

Start-up: when the built models are out of date (the sources changed after the build)
they must be made (a few seconds) on the first start. `prepare()`
makes them in a child process (`python -m game.modelgen`), watched by a thread, so the
window opens and the menu shows meanwhile; `ready()` says when they exist, and `model()`
waits for them rather than making them twice. Only the making is in the background:
Panda3D loads them in the main thread (loading beside the drawing thread crashed).
"""
from __future__ import annotations

import functools
import logging
import os
import subprocess
import sys
import threading
from concurrent.futures import Future
from pathlib import Path

from panda3d.core import NodePath

log = logging.getLogger(__name__)
_making: Future | None = None
_start_lock = threading.Lock()


def prepare() -> None:
    """Start making the models in the background if they are out of date (once per
    process). Current models (every start after the first) are ready at once: the check
    is a digest of the generator's inputs and a few stat calls."""
    from game.modelgen.build import current_models
    global _making
    with _start_lock:
        if _making is None:
            _making = Future()
            if current_models() is not None:
                _making.set_result(None)
            else:
                threading.Thread(target=_make, args=(_making,), daemon=True,
                                 name="breakshot-models").start()


def ready() -> bool:
    """True once the models exist (`prepare()` made them, failed to, or found them
    current)."""
    return _making is not None and _making.done()


def _make(future: Future) -> None:
    try:
        _make_in_a_child()
    except BaseException as exc:        # kept for model() to meet in the main thread
        future.set_exception(exc)
    else:
        future.set_result(None)


def _make_in_a_child() -> None:
    """Make out-of-date models in a child process (see the module docstring); if it
    fails, `_folder()` makes them here and says why it cannot."""
    from game.modelgen.build import current_models
    if current_models() is not None:
        return
    package_root = str(Path(__file__).resolve().parents[3])
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(
        [package_root] + [p for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p]))
    done = subprocess.run([sys.executable, "-m", "game.modelgen"], env=env,
                          capture_output=True, text=True, check=False)
    if done.returncode != 0:
        log.warning("making the models in a child process failed: %s", done.stderr.strip())


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
    (`copyTo`) or instance its children, never reparent or change it. Waits for the
    models `prepare()` is making, if it is."""
    if _making is not None:
        _making.exception()         # wait; an error there is met again below, here
    file_name = _files(mode_name)[part]
    return _reduced(file_name, texture_reduction) if texture_reduction > 1 else _loaded(file_name)
