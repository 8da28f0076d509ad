"""A small glTF 2.0 binary (.glb) writer and reader: NumPy and the standard library only.

Frames: every builder in `game.modelgen` works in the game's Z-up frame (the table frame of
`physics_ext.table`: x along the table, y across, z up; metres). glTF is Y-up, so the
writer stores a point (x, y, z) as (x, z, -y) and the reader turns it back; panda3d-gltf
makes the same conversion on load, so a loaded model lands in the game's frame unchanged.

Texture coordinates are glTF's: (0, 0) is the top-left corner of the image, v grows
downwards (row 0 of an image is v = 0).

The output is deterministic: the same meshes, materials and images give the same bytes.
"""
from __future__ import annotations

import json
import struct
from dataclasses import dataclass, field

import numpy as np

GLB_MAGIC = 0x46546C67          # "glTF"
CHUNK_JSON = 0x4E4F534A          # "JSON"
CHUNK_BIN = 0x004E4942           # "BIN\0"

# glTF enums
FLOAT, UINT16, UINT32 = 5126, 5123, 5125
ARRAY_BUFFER, ELEMENT_ARRAY_BUFFER = 34962, 34963
LINEAR, LINEAR_MIPMAP_LINEAR = 9729, 9987
REPEAT, CLAMP_TO_EDGE = 10497, 33071
_COMPONENTS = {"SCALAR": 1, "VEC2": 2, "VEC3": 3, "VEC4": 4}
_DTYPES = {FLOAT: np.float32, UINT16: np.uint16, UINT32: np.uint32}


def to_gltf(v: np.ndarray) -> np.ndarray:
    """Z-up (x, y, z) vectors (..., 3) to glTF's Y-up (x, z, -y)."""
    v = np.asarray(v, dtype=np.float64)
    return np.stack([v[..., 0], v[..., 2], -v[..., 1]], axis=-1)


def from_gltf(v: np.ndarray) -> np.ndarray:
    """glTF's Y-up (x, y, z) vectors (..., 3) back to the game's Z-up (x, -z, y)."""
    v = np.asarray(v, dtype=np.float64)
    return np.stack([v[..., 0], -v[..., 2], v[..., 1]], axis=-1)


@dataclass(frozen=True)
class Texture:
    """A PNG image and how it is sampled. wrap: (S, T) glTF wrap modes."""
    name: str
    png: bytes
    wrap: tuple = (REPEAT, REPEAT)
    size: tuple = (0, 0)           # (width, height) in pixels, for reports


@dataclass(frozen=True)
class Material:
    """A glTF metallic-roughness material.

    base_color: linear RGBA factor (multiplies the texture, which is sRGB-encoded as glTF
    requires). metallic, roughness: 0..1. emissive: linear RGB. normal_texture: a
    tangent-space normal map (RGB = (n + 1) / 2, +y up in the image's v-up sense)."""
    name: str
    base_color: tuple = (1.0, 1.0, 1.0, 1.0)
    metallic: float = 0.0
    roughness: float = 0.5
    base_texture: Texture | None = None
    normal_texture: Texture | None = None
    normal_scale: float = 1.0
    emissive: tuple = (0.0, 0.0, 0.0)
    double_sided: bool = False


@dataclass
class Primitive:
    """Triangles with one material, in the game's Z-up frame (metres).

    positions, normals: (n, 3); uvs: (n, 2) glTF texture coordinates; tangents: (n, 4)
    (xyz, handedness w = +-1) or None; indices: (m, 3) counter-clockwise seen from the
    side the face shows."""
    positions: np.ndarray
    normals: np.ndarray
    uvs: np.ndarray
    indices: np.ndarray
    material: Material
    tangents: np.ndarray | None = None

    @property
    def triangles(self) -> int:
        return int(len(self.indices))


@dataclass
class Node:
    """A scene node: a name, an optional mesh (its primitives), a translation (Z-up, m) and
    children. `extras` is stored as glTF extras (plain JSON)."""
    name: str
    primitives: list = field(default_factory=list)
    children: list = field(default_factory=list)
    translation: tuple | None = None
    extras: dict | None = None

    def add(self, child: "Node") -> "Node":
        self.children.append(child)
        return child

    def walk(self):
        yield self
        for child in self.children:
            yield from child.walk()


class _Writer:
    def __init__(self):
        self.bin = bytearray()
        self.doc = {"asset": {"version": "2.0", "generator": "breakshot game.modelgen"},
                    "scene": 0, "scenes": [{"nodes": []}], "nodes": [], "meshes": [],
                    "accessors": [], "bufferViews": [], "materials": [], "textures": [],
                    "images": [], "samplers": []}
        self._materials = {}
        self._textures = {}
        self._samplers = {}
        self._accessors = {}

    def view(self, data: bytes, target=None) -> int:
        while len(self.bin) % 4:
            self.bin.append(0)
        entry = {"buffer": 0, "byteOffset": len(self.bin), "byteLength": len(data)}
        if target is not None:
            entry["target"] = target
        self.bin.extend(data)
        self.doc["bufferViews"].append(entry)
        return len(self.doc["bufferViews"]) - 1

    def accessor(self, array: np.ndarray, kind: str, component: int, target, minmax=False) -> int:
        data = np.ascontiguousarray(array, dtype=_DTYPES[component])
        key = (kind, component, target, minmax, data.shape, data.tobytes())
        if key in self._accessors:          # identical data (balls of one size): shared
            return self._accessors[key]
        entry = {"bufferView": self.view(data.tobytes(), target), "componentType": component,
                 "count": int(data.shape[0]), "type": kind}
        if minmax:
            flat = data.reshape(data.shape[0], -1)
            entry["min"] = [float(v) for v in flat.min(axis=0)]
            entry["max"] = [float(v) for v in flat.max(axis=0)]
        self.doc["accessors"].append(entry)
        self._accessors[key] = len(self.doc["accessors"]) - 1
        return self._accessors[key]

    def sampler(self, wrap) -> int:
        if wrap not in self._samplers:
            self.doc["samplers"].append({"magFilter": LINEAR, "minFilter": LINEAR_MIPMAP_LINEAR,
                                         "wrapS": wrap[0], "wrapT": wrap[1]})
            self._samplers[wrap] = len(self.doc["samplers"]) - 1
        return self._samplers[wrap]

    def texture(self, tex: Texture) -> int:
        key = (tex.name, tex.png, tex.wrap)
        if key not in self._textures:
            self.doc["images"].append({"name": tex.name, "mimeType": "image/png",
                                       "bufferView": self.view(tex.png)})
            self.doc["textures"].append({"sampler": self.sampler(tex.wrap),
                                         "source": len(self.doc["images"]) - 1})
            self._textures[key] = len(self.doc["textures"]) - 1
        return self._textures[key]

    def material(self, m: Material) -> int:
        if m not in self._materials:
            pbr = {"baseColorFactor": [round(float(c), 6) for c in m.base_color],
                   "metallicFactor": float(m.metallic), "roughnessFactor": float(m.roughness)}
            if m.base_texture is not None:
                pbr["baseColorTexture"] = {"index": self.texture(m.base_texture)}
            entry = {"name": m.name, "pbrMetallicRoughness": pbr}
            if m.normal_texture is not None:
                entry["normalTexture"] = {"index": self.texture(m.normal_texture),
                                          "scale": float(m.normal_scale)}
            if any(m.emissive):
                entry["emissiveFactor"] = [round(float(c), 6) for c in m.emissive]
            if m.double_sided:
                entry["doubleSided"] = True
            self.doc["materials"].append(entry)
            self._materials[m] = len(self.doc["materials"]) - 1
        return self._materials[m]

    def primitive(self, p: Primitive) -> dict:
        n = len(p.positions)
        attributes = {
            "POSITION": self.accessor(to_gltf(p.positions), "VEC3", FLOAT, ARRAY_BUFFER, True),
            "NORMAL": self.accessor(to_gltf(p.normals), "VEC3", FLOAT, ARRAY_BUFFER),
            "TEXCOORD_0": self.accessor(p.uvs, "VEC2", FLOAT, ARRAY_BUFFER),
        }
        if p.tangents is not None:
            t = np.column_stack([to_gltf(p.tangents[:, :3]), p.tangents[:, 3]])
            attributes["TANGENT"] = self.accessor(t, "VEC4", FLOAT, ARRAY_BUFFER)
        component = UINT16 if n < 65536 else UINT32
        indices = self.accessor(np.asarray(p.indices).reshape(-1), "SCALAR", component,
                                ELEMENT_ARRAY_BUFFER)
        return {"attributes": attributes, "indices": indices, "material": self.material(p.material),
                "mode": 4}

    def node(self, node: Node) -> int:
        entry = {"name": node.name}
        index = len(self.doc["nodes"])
        self.doc["nodes"].append(entry)
        if node.primitives:
            self.doc["meshes"].append({"name": node.name,
                                       "primitives": [self.primitive(p) for p in node.primitives]})
            entry["mesh"] = len(self.doc["meshes"]) - 1
        if node.translation is not None:
            entry["translation"] = [float(v) for v in to_gltf(np.asarray(node.translation))]
        if node.extras:
            entry["extras"] = node.extras
        if node.children:
            entry["children"] = [self.node(c) for c in node.children]
        return index

    def glb(self) -> bytes:
        while len(self.bin) % 4:
            self.bin.append(0)
        self.doc["buffers"] = [{"byteLength": len(self.bin)}]
        for key in ("textures", "images", "samplers", "materials", "meshes"):
            if not self.doc[key]:
                del self.doc[key]
        text = json.dumps(self.doc, separators=(",", ":"), sort_keys=True).encode("utf-8")
        text += b" " * (-len(text) % 4)
        total = 12 + 8 + len(text) + 8 + len(self.bin)
        return b"".join([struct.pack("<III", GLB_MAGIC, 2, total),
                         struct.pack("<II", len(text), CHUNK_JSON), text,
                         struct.pack("<II", len(self.bin), CHUNK_BIN), bytes(self.bin)])


def write_glb(root: Node, extras: dict | None = None) -> bytes:
    """The .glb bytes of the scene under `root` (one scene, one root node). `extras` go in
    the asset's extras (e.g. the geometry digest)."""
    w = _Writer()
    if extras:
        w.doc["asset"]["extras"] = extras
    w.doc["scenes"][0]["nodes"].append(w.node(root))
    return w.glb()


# ---- reading back ------------------------------------------------------------------------

@dataclass
class Glb:
    """A parsed .glb: its JSON document and binary chunk."""
    doc: dict
    bin: bytes

    def accessor(self, index: int) -> np.ndarray:
        """Accessor `index` as a NumPy array (count, components) or (count,)."""
        acc = self.doc["accessors"][index]
        view = self.doc["bufferViews"][acc["bufferView"]]
        dtype = np.dtype(_DTYPES[acc["componentType"]])
        k = _COMPONENTS[acc["type"]]
        start = view.get("byteOffset", 0) + acc.get("byteOffset", 0)
        data = np.frombuffer(self.bin, dtype=dtype, count=acc["count"] * k, offset=start)
        return data.reshape(acc["count"], k) if k > 1 else data

    def node(self, name: str) -> dict:
        """The node called `name` (KeyError if none)."""
        for node in self.doc["nodes"]:
            if node.get("name") == name:
                return node
        raise KeyError(f"no node {name!r}")

    def node_names(self) -> list:
        return [n.get("name") for n in self.doc["nodes"]]

    def primitives(self, name: str) -> list:
        """The primitives of node `name`'s mesh as dicts of Z-up arrays: position, normal
        (n, 3), uv (n, 2), indices (m, 3) and the material's name."""
        node = self.node(name)
        if "mesh" not in node:
            return []
        out = []
        for prim in self.doc["meshes"][node["mesh"]]["primitives"]:
            attrs = prim["attributes"]
            out.append({
                "position": from_gltf(self.accessor(attrs["POSITION"])),
                "normal": from_gltf(self.accessor(attrs["NORMAL"])),
                "uv": self.accessor(attrs["TEXCOORD_0"]).astype(np.float64),
                "indices": self.accessor(prim["indices"]).reshape(-1, 3).astype(np.int64),
                "material": self.doc["materials"][prim["material"]]["name"],
            })
        return out

    def positions(self, name: str) -> np.ndarray:
        """Every vertex position (n, 3) of node `name`'s mesh, Z-up metres."""
        return np.concatenate([p["position"] for p in self.primitives(name)])

    def triangles(self) -> int:
        """Triangles in the whole file."""
        return sum(self.doc["accessors"][p["indices"]]["count"] // 3
                   for m in self.doc.get("meshes", []) for p in m["primitives"])


def read_glb(data: bytes) -> Glb:
    """Parse .glb bytes (ValueError if they are not a glTF 2.0 binary)."""
    if len(data) < 20:
        raise ValueError("too short for a .glb")
    magic, version, total = struct.unpack_from("<III", data, 0)
    if magic != GLB_MAGIC or version != 2 or total != len(data):
        raise ValueError("not a glTF 2.0 binary")
    length, kind = struct.unpack_from("<II", data, 12)
    if kind != CHUNK_JSON:
        raise ValueError("first chunk is not JSON")
    doc = json.loads(data[20:20 + length])
    offset = 20 + length
    binary = b""
    if offset < len(data):
        blen, bkind = struct.unpack_from("<II", data, offset)
        if bkind != CHUNK_BIN:
            raise ValueError("second chunk is not BIN")
        binary = data[offset + 8:offset + 8 + blen]
    return Glb(doc, binary)
