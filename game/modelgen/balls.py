"""The balls: a UV sphere per ball size and an equirectangular texture per ball.

Ball frame (the same as the 3D view's `orientation` module expects): the two number circles
sit on +x and -x, a striped ball's band runs round the equator of z (|z| < STRIPE_HALF_Z),
the cue ball's six spots sit on the axes. Texture mapping: u = longitude / 2 pi from +x
towards +y, v = (pi / 2 - latitude) / pi (v = 0 at the +z pole, glTF's top row). Every
texel is coloured from its direction on the sphere, so circles, digits and stripes are
round on the ball, not stretched by the mapping; the digits face outwards on both sides
and read upright with +z up. Radii in metres, from `game.tables.modes` (the solver's).
"""
from __future__ import annotations

import functools
import importlib.util
import math
from pathlib import Path

import numpy as np

from game.tables.modes import WHITE, BallStyle, Mode

from .gltf import Material, Node
from .mesh import Mesh
from .textures import linear_rgba, png_texture

SPHERE_SLICES = 64            # round the pole axis: chord sag 0.034 mm on a 57 mm ball
SPHERE_STACKS = 32            # pole to pole
TEXTURE_WIDTH = 1024          # equirectangular, height TEXTURE_WIDTH / 2
CUE_TEXTURE_WIDTH = 512
NUMBER_CIRCLE_RAD = 0.36      # angular radius of a number circle (about 20 mm across)
STRIPE_HALF_Z = 0.62          # the band where |z| < this (latitude within 38 degrees)
SPOT_RAD = 0.085              # angular radius of a cue-ball spot (about 5 mm across)
SPOT_COLOUR = (0.78, 0.05, 0.05)
INK = (0.03, 0.03, 0.03)
DIGIT_HEIGHT = 1.05           # ink height in number-circle radii
DECAL_SIZE = 512              # pixels across the rendered number circle
UNDERLINED = (6, 9)           # told apart by a bar under the digit, as on real balls
ROUGHNESS = 0.09              # polished phenolic resin


def digit_font():
    """(font, name) for the numbers: DejaVu Sans Bold shipped with matplotlib (a project
    dependency), else Pillow's own default font."""
    from PIL import ImageFont
    spec = importlib.util.find_spec("matplotlib")
    size = int(DECAL_SIZE * DIGIT_HEIGHT / 2 * 1.38)
    if spec is not None and spec.submodule_search_locations:
        path = Path(spec.submodule_search_locations[0]) / "mpl-data/fonts/ttf/DejaVuSans-Bold.ttf"
        if path.is_file():
            return ImageFont.truetype(str(path), size), "DejaVuSans-Bold"
    try:
        return ImageFont.load_default(size), "Pillow default"
    except TypeError:                      # Pillow < 10.1: a fixed-size bitmap font
        return ImageFont.load_default(), "Pillow bitmap"


@functools.lru_cache(maxsize=None)
def number_decal(number: int) -> np.ndarray:
    """Ink coverage (DECAL_SIZE, DECAL_SIZE) in 0..1 of `number` printed in a circle of
    diameter DECAL_SIZE, row 0 at the top: the ink's height is DIGIT_HEIGHT radii, centred."""
    from PIL import Image, ImageDraw
    font, _ = digit_font()
    text = str(number)
    big = Image.new("L", (DECAL_SIZE * 2, DECAL_SIZE * 2), 0)
    draw = ImageDraw.Draw(big)
    draw.text((DECAL_SIZE // 2, DECAL_SIZE // 2), text, fill=255, font=font)
    ink = np.asarray(big, dtype=np.float64) / 255.0
    rows, cols = np.nonzero(ink > 0.5)
    top, bottom, left, right = rows.min(), rows.max() + 1, cols.min(), cols.max() + 1
    glyph = Image.fromarray(np.asarray(big)[top:bottom, left:right])
    height = DECAL_SIZE * DIGIT_HEIGHT / 2
    if number in UNDERLINED:
        height *= 0.86                     # room for the bar under it
    width = glyph.width * height / glyph.height
    glyph = glyph.resize((max(1, round(width)), max(1, round(height))), Image.LANCZOS)
    decal = Image.new("L", (DECAL_SIZE, DECAL_SIZE), 0)
    total = height * (1.22 if number in UNDERLINED else 1.0)
    x0 = round((DECAL_SIZE - glyph.width) / 2)
    y0 = round((DECAL_SIZE - total) / 2)
    decal.paste(glyph, (x0, y0))
    if number in UNDERLINED:
        bar = ImageDraw.Draw(decal)
        y = y0 + height * 1.09
        bar.rectangle((x0, round(y), x0 + glyph.width - 1, round(y + height * 0.11)), fill=255)
    return np.asarray(decal, dtype=np.float64) / 255.0


def _sample(image: np.ndarray, px: np.ndarray, py: np.ndarray) -> np.ndarray:
    """Bilinear samples of a 2-D image at pixel coordinates (px right, py down); zero
    outside."""
    h, w = image.shape
    x = px - 0.5
    y = py - 0.5
    x0 = np.floor(x).astype(int)
    y0 = np.floor(y).astype(int)
    fx, fy = x - x0, y - y0
    padded = np.pad(image, 1)

    def at(yy, xx):
        return padded[np.clip(yy + 1, 0, h + 1), np.clip(xx + 1, 0, w + 1)]
    return ((at(y0, x0) * (1 - fx) + at(y0, x0 + 1) * fx) * (1 - fy)
            + (at(y0 + 1, x0) * (1 - fx) + at(y0 + 1, x0 + 1) * fx) * fy)


@functools.lru_cache(maxsize=None)
def _directions(width: int) -> np.ndarray:
    """Unit directions (width / 2, width, 3) of the texel centres, row 0 at the +z pole
    (read-only: shared by every ball)."""
    height = width // 2
    lon = (np.arange(width) + 0.5) / width * 2 * math.pi
    lat = math.pi / 2 - (np.arange(height) + 0.5) / height * math.pi
    lon, lat = np.meshgrid(lon, lat)
    dirs = np.stack([np.cos(lat) * np.cos(lon), np.cos(lat) * np.sin(lon), np.sin(lat)], -1)
    dirs.flags.writeable = False
    return dirs


def _cap(dirs, axis, angle, aa):
    """Anti-aliased coverage of the cap of `angle` rad round `axis`."""
    ang = np.arccos(np.clip(dirs @ np.asarray(axis, dtype=np.float64), -1.0, 1.0))
    return np.clip((angle - ang) / aa + 0.5, 0.0, 1.0)


def _paint(rgb, colour, coverage):
    rgb += (np.asarray(colour) - rgb) * coverage[..., None]


def ball_rgb(style: BallStyle, width: int) -> np.ndarray:
    """The (width / 2, width, 3) sRGB texture of a ball."""
    dirs = _directions(width)
    aa = 2 * math.pi / width
    rgb = np.empty(dirs.shape)
    if style.striped:
        rgb[:] = WHITE
        _paint(rgb, style.colour, np.clip((STRIPE_HALF_Z - np.abs(dirs[..., 2])) / aa + 0.5,
                                          0.0, 1.0))
    else:
        rgb[:] = style.colour
    if style.spots:
        for axis in np.vstack([np.eye(3), -np.eye(3)]):
            _paint(rgb, SPOT_COLOUR, _cap(dirs, axis, SPOT_RAD, aa))
    if style.number is not None:
        decal = number_decal(style.number)
        t = math.tan(NUMBER_CIRCLE_RAD)
        for sign in (1.0, -1.0):
            _paint(rgb, WHITE, _cap(dirs, (sign, 0.0, 0.0), NUMBER_CIRCLE_RAD, aa))
            near = sign * dirs[..., 0] > math.cos(NUMBER_CIRCLE_RAD * 1.1)
            d = dirs[near]
            # Gnomonic projection on the plane touching the ball at the circle's centre;
            # seen from outside, right is sign * y and up is +z.
            X = sign * d[:, 1] / (sign * d[:, 0]) / t
            Y = d[:, 2] / (sign * d[:, 0]) / t
            ink = _sample(decal, (X + 1) / 2 * DECAL_SIZE, (1 - Y) / 2 * DECAL_SIZE)
            sub = rgb[near]
            _paint(sub, INK, ink)
            rgb[near] = sub
    return rgb


def sphere(radius: float, material: Material) -> Mesh:
    """A UV sphere of `radius` m about the origin, mapped as the module says."""
    lat = np.linspace(-math.pi / 2, math.pi / 2, SPHERE_STACKS + 1)
    profile = np.column_stack([np.cos(lat), np.sin(lat)])
    profile[0, 0] = profile[-1, 0] = 0.0
    return Mesh(material).revolution(radius * profile, SPHERE_SLICES, normals=profile,
                                     v=(math.pi / 2 - lat) / math.pi)


def ball_material(style: BallStyle) -> Material:
    """Glossy resin; plain balls are one colour factor, the others a texture."""
    plain = style.number is None and not style.striped and not style.spots
    if plain:
        return Material(f"ball{style.ball_id}", linear_rgba(style.colour), 0.0, ROUGHNESS)
    width = CUE_TEXTURE_WIDTH if style.number is None and not style.striped else TEXTURE_WIDTH
    tex = png_texture(f"ball{style.ball_id}", ball_rgb(style, width))
    return Material(f"ball{style.ball_id}", (1.0, 1.0, 1.0, 1.0), 0.0, ROUGHNESS, tex)


def build_balls(mode: Mode) -> Node:
    """A root node "balls" with a child "ball<id>" per ball of the mode, each at the origin
    in its own ball frame; the node's extras hold its radius (m) and mass (kg)."""
    root = Node("balls", extras={"mode": mode.name})
    for style in mode.balls:
        mesh = sphere(style.radius, ball_material(style))
        root.add(Node(f"ball{style.ball_id}", [mesh.primitive()],
                      extras={"ball_id": style.ball_id, "radius_m": style.radius,
                              "mass_kg": style.mass}))
    return root
