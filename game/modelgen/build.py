"""Which model files exist, how they are made, where they live and when they are stale.

Files (all glTF 2.0 binaries, see docs/models.md):
    table_<table>.glb, room_<table>.glb   for each table a game mode uses (table frame)
    balls_<mode>.glb                      each mode's ball set (ball frames)
    cue.glb                               the cue (cue frame)
    manifest.json                         the digest, and per file its size, SHA-256,
                                          triangles and textures; which files each mode uses

The digest keys a folder of models: a SHA-256 of MODELGEN_VERSION, every table spec and its
solver geometry arrays, every ball style (radius, mass, colour, number), the cue constants
and the source of the generator itself (game/modelgen, game/tables, physics_ext/table.py
and constants.py). Change any of these and the models are stale, so a game never draws a
table other than the one it simulates.

Where the game finds them (`ensure_models`): the models the package was built with, if
they carry the current digest: the checkout's top-level `models/` folder (which setup.py's
build step fills on `pip install -e .` or `python setup.py build_ext --inplace`, as
`python -m game.modelgen --out models/` does), or an installed wheel's `game/models/`;
otherwise the user's cache (`platformdirs.user_cache_dir("breakshot")/models/<digest>`),
generated there on the first start (a few seconds) and reused while the digest holds.
"""
from __future__ import annotations

import dataclasses
import functools
import hashlib
import json
import os
import shutil
import tempfile
import time
from pathlib import Path

import numpy as np
import platformdirs

from game.tables.modes import MODE_NAMES, mode
from physics_ext import constants as C

from .gltf import read_glb, write_glb

MODELGEN_VERSION = 1
MANIFEST = "manifest.json"
GENERATOR = "breakshot game.modelgen"
_ROOT = Path(__file__).resolve().parents[2]
_SOURCES = ("game/modelgen/*.py", "game/tables/*.py", "physics_ext/table.py",
            "physics_ext/constants.py")


def checkout_models_dir() -> Path:
    """The top-level models/ folder of a source checkout (may not exist)."""
    return _ROOT / "models"


def packaged_models_dir() -> Path:
    """game/models/ of an installed wheel, where the build step put them (a checkout has
    none: its models are in the top-level models/)."""
    return _ROOT / "game" / "models"


def built_models_dirs() -> tuple:
    """Where the package's build step puts the models, in the order they are looked for."""
    return checkout_models_dir(), packaged_models_dir()


def default_cache_root() -> Path:
    return Path(platformdirs.user_cache_dir("breakshot")) / "models"


def _tables() -> dict:
    """{table name: TableSpec} of every table a mode uses, in mode order."""
    out = {}
    for name in MODE_NAMES:
        spec = mode(name).table
        out.setdefault(spec.name, spec)
    return out


def model_plan() -> dict:
    """{file name: (kind, key, builder)} of every model file; builder() -> Node."""
    from .balls import build_balls
    from .cue import build_cue
    from .room import build_room
    from .table import build_table
    plan = {}
    for name, spec in _tables().items():
        plan[f"table_{name}.glb"] = ("table", name, functools.partial(build_table, spec))
        plan[f"room_{name}.glb"] = ("room", name, functools.partial(build_room, spec))
    for name in MODE_NAMES:
        plan[f"balls_{name}.glb"] = ("balls", name, functools.partial(build_balls, mode(name)))
    plan["cue.glb"] = ("cue", "cue", build_cue)
    return plan


def mode_files() -> dict:
    """{mode name: {"table", "room", "balls", "cue": file name}}."""
    return {name: {"table": f"table_{mode(name).table.name}.glb",
                   "room": f"room_{mode(name).table.name}.glb",
                   "balls": f"balls_{name}.glb", "cue": "cue.glb"} for name in MODE_NAMES}


def _plain(value):
    if isinstance(value, float):
        return repr(value)
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    return value


@functools.lru_cache(maxsize=1)
def digest() -> str:
    """The hex SHA-256 that keys the current models (see the module docstring)."""
    h = hashlib.sha256()
    inputs = {"version": MODELGEN_VERSION, "tables": {}, "modes": {},
              "cue": [C.CUE_TIP_RADIUS, C.CUE_SHAFT_RADIUS]}
    for name, spec in _tables().items():
        inputs["tables"][name] = dataclasses.asdict(spec)
        geo = spec.geometry()
        for arr in (geo.segments, geo.segment_normals, geo.tips, geo.pockets, geo.outline):
            h.update(np.ascontiguousarray(arr, dtype=np.float64).tobytes())
    for name in MODE_NAMES:
        inputs["modes"][name] = [dataclasses.asdict(s) for s in mode(name).balls]
    h.update(json.dumps(_plain(inputs), sort_keys=True).encode())
    for pattern in _SOURCES:
        folder, _, glob = pattern.rpartition("/")
        for path in sorted((_ROOT / folder).glob(glob)):
            h.update(path.name.encode())
            h.update(path.read_bytes())
    return h.hexdigest()


def texture_memory(width: int, height: int) -> int:
    """Bytes a width x height texture takes on the GPU as RGBA8 with its mipmaps (4/3)."""
    return width * height * 4 * 4 // 3


def _texture_sizes(glb) -> list:
    from PIL import Image
    import io
    out = []
    for image in glb.doc.get("images", []):
        view = glb.doc["bufferViews"][image["bufferView"]]
        data = glb.bin[view["byteOffset"]:view["byteOffset"] + view["byteLength"]]
        with Image.open(io.BytesIO(data)) as im:
            out.append([image.get("name", ""), im.width, im.height])
    return out


def generate(out, progress=None) -> dict:
    """Write every model file and the manifest into folder `out` (made if missing); return
    the manifest. progress(file name, seconds, manifest entry) is called after each file.
    Each file is written beside its place and renamed into it; the manifest comes last, so
    a folder whose manifest has the current digest is complete."""
    from .balls import digit_font
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    key = digest()
    files = {}
    for name, (kind, subject, builder) in model_plan().items():
        start = time.perf_counter()
        data = write_glb(builder(), extras={"digest": key, "generator": GENERATOR})
        _write(out / name, data)
        glb = read_glb(data)
        textures = _texture_sizes(glb)
        files[name] = {"kind": kind, "for": subject, "bytes": len(data),
                       "sha256": hashlib.sha256(data).hexdigest(),
                       "triangles": glb.triangles(), "textures": textures,
                       "texture_memory_bytes": sum(texture_memory(w, h)
                                                   for _name, w, h in textures)}
        if progress is not None:
            progress(name, time.perf_counter() - start, files[name])
    manifest = {"generator": GENERATOR, "version": MODELGEN_VERSION, "digest": key,
                "digit_font": digit_font()[1], "modes": mode_files(), "files": files}
    _write(out / MANIFEST, (json.dumps(manifest, indent=1, sort_keys=True) + "\n").encode())
    return manifest


def _write(path: Path, data: bytes) -> None:
    tmp = path.with_name(f".{path.name}.tmp")
    tmp.write_bytes(data)
    os.replace(tmp, path)


def read_manifest(folder) -> dict | None:
    """The manifest of `folder`, or None if it is missing or unreadable."""
    try:
        text = (Path(folder) / MANIFEST).read_text(encoding="utf-8")
        manifest = json.loads(text)
    except (OSError, ValueError):
        return None
    return manifest if isinstance(manifest, dict) else None


def up_to_date(folder) -> bool:
    """True if `folder` holds a complete set of models for the current digest (checked by
    the manifest and each file's size: fast, no file is read)."""
    manifest = read_manifest(folder)
    if (manifest is None or manifest.get("generator") != GENERATOR
            or manifest.get("digest") != digest()):
        return False
    files = manifest.get("files")
    if not isinstance(files, dict) or set(files) != set(model_plan()):
        return False
    for name, entry in files.items():
        try:
            if (Path(folder) / name).stat().st_size != entry.get("bytes"):
                return False
        except (OSError, AttributeError):
            return False
    return True


def refresh(folder, progress=None) -> bool:
    """Generate the models into `folder` unless it holds current ones already (the build
    step's: a rebuild costs a digest then); True if they were generated."""
    if up_to_date(folder):
        return False
    generate(folder, progress)
    return True


def current_models(root=None) -> Path | None:
    """The folder of up-to-date models if there is one, made by nothing: when `root` is
    None, the built ones (`built_models_dirs`) if current; else `root` (default: the
    user's cache)/<digest> if current; None if the models must be made first."""
    if root is None:
        for folder in built_models_dirs():
            if up_to_date(folder):
                return folder
    folder = (Path(root) if root is not None else default_cache_root()) / digest()[:16]
    return folder if up_to_date(folder) else None


def ensure_models(root=None, progress=None) -> Path:
    """The folder of up-to-date models: the built ones if current (`current_models`),
    else `root` (default: the user's cache)/<digest>, generated there first if needed (written
    to a hidden folder and renamed into place, so a crash leaves nothing half made; the
    folders of older digests are then removed).
    Fast when the models are current: a digest of the inputs and a few stat calls.
    OSError if the cache cannot be written."""
    current = current_models(root)
    if current is not None:
        return current
    root = Path(root) if root is not None else default_cache_root()
    folder = root / digest()[:16]
    root.mkdir(parents=True, exist_ok=True)
    building = Path(tempfile.mkdtemp(prefix=".building-", dir=root))
    try:
        generate(building, progress)
        if folder.exists():
            shutil.rmtree(folder)
        os.replace(building, folder)
    except OSError:
        if not up_to_date(folder):     # another process may have published it first
            raise
    finally:
        shutil.rmtree(building, ignore_errors=True)
    _prune(root, keep=folder)
    return folder


def _prune(root: Path, keep: Path) -> None:
    """Remove the folders of older digests under `root` (only those whose manifest says
    this generator made them), so the cache does not grow with every change."""
    for child in root.iterdir():
        manifest = read_manifest(child) if child.is_dir() and child != keep else None
        if manifest is not None and manifest.get("generator") == GENERATOR:
            shutil.rmtree(child, ignore_errors=True)
