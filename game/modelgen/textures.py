"""Generated textures (NumPy; PNG through Pillow): cloth with its nap, wood grain, leather,
plaster, floor boards and the pictures on the walls.

Every generator is deterministic (fixed seeds) and returns an (H, W, 3) float array of
sRGB colours in 0..1 with row 0 at the top of the image (glTF's v = 0). Noise is made
tileable by filtering white noise in the frequency domain, so repeated textures show no
seams.
"""
from __future__ import annotations

import io
import math

import numpy as np

from .gltf import CLAMP_TO_EDGE, REPEAT, Texture

# zlib level of the PNGs: noisy textures barely shrink past 4, and 9 takes ten times longer.
PNG_LEVEL = 4


def srgb_to_linear(c):
    """sRGB-encoded colour components (0..1) to linear light (glTF's colour factors)."""
    c = np.asarray(c, dtype=np.float64)
    return np.where(c <= 0.04045, c / 12.92, ((c + 0.055) / 1.055) ** 2.4)


def linear_rgba(srgb, alpha: float = 1.0) -> tuple:
    """A glTF baseColorFactor (linear RGBA) from an sRGB colour (0..1)."""
    return tuple(round(float(v), 6) for v in srgb_to_linear(srgb)) + (float(alpha),)


def png_texture(name: str, rgb: np.ndarray, clamp_v: bool = False) -> Texture:
    """A Texture from an (H, W, 3) sRGB array in 0..1 (row 0 at the top), PNG-encoded."""
    from PIL import Image
    data = np.clip(np.round(np.asarray(rgb) * 255.0), 0, 255).astype(np.uint8)
    buf = io.BytesIO()
    Image.fromarray(np.ascontiguousarray(data), "RGB").save(buf, "PNG", compress_level=PNG_LEVEL)
    wrap = (REPEAT, CLAMP_TO_EDGE if clamp_v else REPEAT)
    return Texture(name, buf.getvalue(), wrap, (data.shape[1], data.shape[0]))


def filtered_noise(shape, seed: int, scale_rows: float, scale_cols: float) -> np.ndarray:
    """Tileable Gaussian noise (H, W), normalised to unit standard deviation, whose
    features are about `scale_rows` x `scale_cols` pixels (Gaussian filter in the
    frequency domain)."""
    rng = np.random.default_rng(seed)
    white = rng.standard_normal(shape)
    fy = np.fft.fftfreq(shape[0])[:, None]
    fx = np.fft.rfftfreq(shape[1])[None, :]
    gain = np.exp(-2 * (math.pi ** 2) * ((fy * scale_rows) ** 2 + (fx * scale_cols) ** 2))
    # The noise is real: the half spectrum does, several times faster than the full one.
    n = np.fft.irfft2(np.fft.rfft2(white) * gain, s=shape)
    return (n - n.mean()) / (n.std() + 1e-12)


def _mix(dark, light, t):
    dark, light = np.asarray(dark), np.asarray(light)
    return dark + (light - dark) * np.clip(t, 0.0, 1.0)[..., None]


def cloth_rgb(size: int = 512) -> np.ndarray:
    """Worsted cloth, grey about 1.0 to multiply the cloth colour: fine fibres combed along
    the nap (image columns, the table's +x from head to foot) over a faint weave."""
    fibres = filtered_noise((size, size), 21, 0.6, 6.0)
    mottle = filtered_noise((size, size), 22, 24.0, 24.0)
    weave = np.sin(np.arange(size)[:, None] * math.pi / 2) * np.sin(np.arange(size)[None, :] *
                                                                   math.pi / 2)
    grey = 0.93 + 0.035 * fibres + 0.02 * mottle + 0.012 * weave
    return np.repeat(np.clip(grey, 0.0, 1.0)[..., None], 3, axis=2)


def cloth_normal_rgb(size: int = 512) -> np.ndarray:
    """A tangent-space normal map for the cloth: the fibre height field's slope."""
    h = 0.6 * filtered_noise((size, size), 21, 0.6, 6.0) + 0.4 * filtered_noise((size, size),
                                                                               23, 1.5, 1.5)
    return height_to_normal(h, 0.08)


def height_to_normal(h: np.ndarray, strength: float) -> np.ndarray:
    """An (H, W, 3) normal map (RGB = (n + 1) / 2) from a tileable height field; x right,
    y up in the image (rows grow downwards)."""
    dx = (np.roll(h, -1, axis=1) - np.roll(h, 1, axis=1)) / 2 * strength
    dy = (np.roll(h, 1, axis=0) - np.roll(h, -1, axis=0)) / 2 * strength
    n = np.stack([-dx, -dy, np.ones_like(h)], axis=-1)
    n /= np.linalg.norm(n, axis=-1, keepdims=True)
    return (n + 1) / 2


def wood_rgb(width: int = 1024, height: int = 256, seed: int = 31,
             dark=(0.20, 0.085, 0.035), light=(0.43, 0.21, 0.09),
             rings: float = 11.0) -> np.ndarray:
    """Hardwood grain running along the image width (u): growth rings that waver, pores
    and fibre streaks. dark, light: the stain's sRGB tones."""
    warp = filtered_noise((height, width), seed, 10.0, 160.0)
    fibre = filtered_noise((height, width), seed + 1, 0.7, 40.0)
    pores = filtered_noise((height, width), seed + 2, 0.5, 3.0)
    v = np.arange(height)[:, None] / height
    ring = np.sin(2 * math.pi * (rings * v + 0.35 * warp))
    t = 0.55 + 0.25 * ring + 0.12 * fibre - 0.08 * np.maximum(pores - 1.5, 0.0)
    return _mix(dark, light, t)


def leather_rgb(size: int = 256, colour=(0.16, 0.085, 0.05)) -> np.ndarray:
    """Grained leather: small cells and creases in a dark brown."""
    cells = np.abs(filtered_noise((size, size), 41, 2.0, 2.0))
    crease = np.abs(filtered_noise((size, size), 42, 9.0, 9.0))
    t = 0.78 + 0.12 * np.minimum(cells, 2.0) - 0.25 * np.exp(-8 * crease)
    return np.clip(np.asarray(colour) * t[..., None] * 1.6, 0.0, 1.0)


def plaster_rgb(size: int = 512, colour=(0.55, 0.47, 0.36)) -> np.ndarray:
    """A painted plaster wall: soft, broad mottling."""
    n = filtered_noise((size, size), 51, 40.0, 40.0) + 0.3 * filtered_noise((size, size), 52,
                                                                            3.0, 3.0)
    return np.clip(np.asarray(colour) * (1.0 + 0.04 * n)[..., None], 0.0, 1.0)


def floor_rgb(size: int = 1024, boards: int = 8) -> np.ndarray:
    """Oak floor boards running along u: `boards` boards across the image, each with its
    own grain, tone and staggered end joint."""
    rows_per = size // boards
    out = np.empty((size, size, 3))
    rng = np.random.default_rng(61)
    for k in range(boards):
        tone = 0.85 + 0.3 * rng.random()
        grain = wood_rgb(size, rows_per, seed=70 + k, dark=(0.30, 0.18, 0.09),
                         light=(0.55, 0.37, 0.20), rings=3.0) * tone
        joint = int(rng.integers(0, size))
        grain[:, joint:joint + 2] *= 0.45
        grain[:2] *= 0.5           # the gap between boards
        out[k * rows_per:(k + 1) * rows_per] = grain
    return np.clip(out, 0.0, 1.0)


def picture_rgb(seed: int, width: int = 256, height: int = 192) -> np.ndarray:
    """A small painting for the walls: a landscape of soft bands under a sky, with a
    painterly texture (each seed a different palette)."""
    rng = np.random.default_rng(seed)
    y = np.arange(height)[:, None] / height
    x = np.arange(width)[None, :] / width
    sky_top, sky_low = rng.uniform(0.3, 0.8, 3), rng.uniform(0.6, 0.95, 3)
    img = np.broadcast_to(sky_top + (sky_low - sky_top) * y[..., None],
                          (height, width, 3)).copy()
    for band in range(3):
        ridge = 0.45 + 0.15 * band + 0.06 * np.sin(2 * math.pi * (x * rng.uniform(0.5, 2.0) +
                                                                 rng.random()))
        colour = rng.uniform(0.05, 0.5, 3) * (1 - 0.25 * band) + np.array([0.0, 0.12, 0.0])
        img = np.where((y > ridge)[..., None], colour, img)
    strokes = filtered_noise((height, width), seed + 100, 1.0, 5.0)
    return np.clip(img * (1.0 + 0.06 * strokes)[..., None], 0.0, 1.0)
