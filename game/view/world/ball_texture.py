"""Ball textures computed per texel on the sphere (NumPy, no Panda3D).

The texture is equirectangular in the ball's own frame: u = longitude / 2 pi measured from
+x towards +y, v = (latitude + pi / 2) / pi from the -z pole (v = 0) to the +z pole. Every
texel is coloured from its direction on the sphere, so number circles and stripes are
round on the ball, not stretched by the mapping.

Layout in the ball frame: the number circles sit on +x and -x, the stripe is the band
round the equator (|z| small), the cue ball's spots sit on the six axes.
"""
from __future__ import annotations

import math

import numpy as np

from game.tables.modes import WHITE, BallStyle

NUMBER_CIRCLE_RAD = 0.36      # angular radius of a number circle (about 19 mm across)
STRIPE_HALF_Z = 0.62          # band where |z| < this (latitude within about 38 degrees)
SPOT_RAD = 0.085              # angular radius of a cue-ball spot (about 5 mm across)
SPOT_COLOUR = (0.80, 0.06, 0.06)
INK = (0.04, 0.04, 0.04)      # number colour
DIGIT_HEIGHT = 1.05           # glyph height in units of the number circle's radius
STROKE = 0.13                 # stroke width, in glyph heights


def _ellipse(cx, cy, rx, ry, a0_deg, a1_deg, n=28):
    a = np.radians(np.linspace(a0_deg, a1_deg, n))
    return np.column_stack([cx + rx * np.cos(a), cy + ry * np.sin(a)])


def _six():
    return [_ellipse(0.32, 0.50, 0.29, 0.50, 70, 200), _ellipse(0.32, 0.30, 0.27, 0.30, 0, 360)]


def _glyphs() -> dict:
    """Digits 1-9 as polylines in a box x 0..0.64, y 0..1 (y up): a plain stroke font, so
    no font file is needed."""
    six = _six()
    return {
        1: [np.array([(0.12, 0.78), (0.34, 1.0), (0.34, 0.0)])],
        2: [np.vstack([_ellipse(0.31, 0.72, 0.27, 0.27, 165, -35), [(0.03, 0.0), (0.61, 0.0)]])],
        3: [_ellipse(0.31, 0.76, 0.25, 0.24, 150, -90), _ellipse(0.31, 0.27, 0.28, 0.27, 90, -150)],
        4: [np.array([(0.46, 0.0), (0.46, 1.0), (0.02, 0.3), (0.62, 0.3)])],
        5: [np.vstack([[(0.57, 1.0), (0.13, 1.0), (0.08, 0.55)],
                       _ellipse(0.32, 0.32, 0.28, 0.32, 140, -150)])],
        6: six,
        7: [np.array([(0.02, 1.0), (0.62, 1.0), (0.22, 0.0)])],
        8: [_ellipse(0.32, 0.76, 0.23, 0.24, 0, 360), _ellipse(0.32, 0.27, 0.28, 0.27, 0, 360)],
        9: [np.column_stack([0.64 - p[:, 0], 1.0 - p[:, 1]]) for p in six],
    }


GLYPHS = _glyphs()


def _distance_to_polylines(points: np.ndarray, polylines) -> np.ndarray:
    """Distance from each (P, 2) point to the nearest segment of the polylines."""
    a = np.concatenate([p[:-1] for p in polylines])
    b = np.concatenate([p[1:] for p in polylines])
    ab = b - a
    ap = points[:, None, :] - a[None, :, :]
    t = np.clip(np.einsum("psk,sk->ps", ap, ab) / np.einsum("sk,sk->s", ab, ab), 0.0, 1.0)
    closest = a[None] + t[..., None] * ab[None]
    return np.min(np.linalg.norm(points[:, None, :] - closest, axis=2), axis=1)


def _blend(rgb, colour, coverage):
    """Paint `colour` over rgb where coverage (0..1) is positive."""
    rgb += (np.asarray(colour) - rgb) * coverage[..., None]


def _cap_coverage(dirs, axis, angle, aa):
    """Anti-aliased coverage of the spherical cap of `angle` rad round `axis`."""
    ang = np.arccos(np.clip(dirs @ np.asarray(axis, dtype=np.float64), -1.0, 1.0))
    return np.clip((angle - ang) / aa + 0.5, 0.0, 1.0)


def _paint_number(rgb, dirs, number, sign, aa):
    """Print `number` in the circle on the sign * x axis. Seen from outside the ball, the
    digit's right is sign * y and its top +z, so neither circle reads mirrored."""
    near = sign * dirs[..., 0] > math.cos(NUMBER_CIRCLE_RAD * 1.2)
    d = dirs[near]
    # Gnomonic projection on the tangent plane at the circle centre, in circle radii.
    scale = 1.0 / (math.tan(NUMBER_CIRCLE_RAD) * sign * d[:, 0])
    plane = np.column_stack([sign * d[:, 1] * scale, d[:, 2] * scale])
    glyph = plane / DIGIT_HEIGHT + np.array([0.32, 0.5])
    dist = _distance_to_polylines(glyph, GLYPHS[number])
    aa_glyph = aa / (math.tan(NUMBER_CIRCLE_RAD) * DIGIT_HEIGHT)
    cover = np.clip((STROKE / 2 - dist) / aa_glyph + 0.5, 0.0, 1.0)
    sub = rgb[near]
    _blend(sub, INK, cover)
    rgb[near] = sub


def ball_rgb(style: BallStyle, width: int = 512) -> np.ndarray:
    """The (width / 2, width, 3) texture of one ball, RGB 0..1, row 0 at v = 0."""
    height = width // 2
    lon = (np.arange(width) + 0.5) / width * 2 * math.pi
    lat = (np.arange(height) + 0.5) / height * math.pi - math.pi / 2
    lon, lat = np.meshgrid(lon, lat)
    dirs = np.stack([np.cos(lat) * np.cos(lon), np.cos(lat) * np.sin(lon), np.sin(lat)], -1)
    aa = 2 * math.pi / width          # about one texel, in radians on the equator
    if style.striped:
        rgb = np.empty(dirs.shape)
        rgb[:] = WHITE
        band = np.clip((STRIPE_HALF_Z - np.abs(dirs[..., 2])) / aa + 0.5, 0.0, 1.0)
        _blend(rgb, style.colour, band)
    else:
        rgb = np.empty(dirs.shape)
        rgb[:] = style.colour
    if style.spots:
        for axis in np.vstack([np.eye(3), -np.eye(3)]):
            _blend(rgb, SPOT_COLOUR, _cap_coverage(dirs, axis, SPOT_RAD, aa))
    if style.number is not None:
        for sign in (1.0, -1.0):
            _blend(rgb, WHITE, _cap_coverage(dirs, (sign, 0.0, 0.0), NUMBER_CIRCLE_RAD, aa))
            _paint_number(rgb, dirs, style.number, sign, aa)
    return rgb
