"""Procedural textures: generated with NumPy at start-up, never loaded from files.

Arrays are (H, W, 3) with row 0 at texture v = 0 (the bottom of the image, as Panda3D's
RAM images are stored), channels RGB in 0..1. Every generator is deterministic: fixed
seeds, so screenshots and pixel tests do not change from run to run.
"""
from __future__ import annotations

import numpy as np
from panda3d.core import SamplerState, Texture


def texture_from_rgb(name: str, rgb: np.ndarray, repeat: bool = True) -> Texture:
    """A mipmapped texture from an (H, W, 3) RGB or (H, W, 4) RGBA float array in 0..1,
    row 0 at v = 0."""
    h, w, channels = rgb.shape
    data = np.clip(np.round(np.asarray(rgb) * 255.0), 0, 255).astype(np.uint8)
    tex = Texture(name)
    rgba = channels == 4
    tex.setup2dTexture(w, h, Texture.T_unsigned_byte, Texture.F_rgba8 if rgba else Texture.F_rgb8)
    tex.setRamImageAs(np.ascontiguousarray(data).tobytes(), "RGBA" if rgba else "RGB")
    tex.setMinfilter(SamplerState.FT_linear_mipmap_linear)
    tex.setMagfilter(SamplerState.FT_linear)
    tex.setAnisotropicDegree(4)
    wrap = SamplerState.WM_repeat if repeat else SamplerState.WM_clamp
    tex.setWrapU(wrap)
    tex.setWrapV(wrap)
    return tex


def _smooth_noise(shape, seed: int, passes: int = 1) -> np.ndarray:
    """Tileable value noise in -1..1: white noise blurred by neighbour averaging with
    wrap-around, so the texture repeats without seams."""
    rng = np.random.default_rng(seed)
    n = rng.standard_normal(shape)
    for _ in range(passes):
        n = (n + np.roll(n, 1, 0) + np.roll(n, -1, 0) + np.roll(n, 1, 1) + np.roll(n, -1, 1)) / 5
    return n / np.max(np.abs(n))


def felt_rgb(size: int = 128) -> np.ndarray:
    """Grey felt grain around 1.0 (multiplied by the cloth colour): +-6 % fine noise."""
    n = _smooth_noise((size, size), seed=7)
    grey = 0.94 + 0.06 * n
    return np.repeat(grey[:, :, None], 3, axis=2)


def _stretched_noise(height: int, width: int, stretch: int, seed: int, passes: int) -> np.ndarray:
    """Tileable noise elongated along u: made `stretch` times coarser in u, then
    interpolated back (with wrap-around), so it forms streaks like wood fibres."""
    coarse = _smooth_noise((height, width // stretch), seed, passes)
    u = np.arange(width) / stretch
    i0 = np.floor(u).astype(int) % coarse.shape[1]
    i1 = (i0 + 1) % coarse.shape[1]
    t = (u - np.floor(u))[None, :]
    return coarse[:, i0] * (1 - t) + coarse[:, i1] * t


def wood_rgb(width: int = 1024, height: int = 256) -> np.ndarray:
    """Dark-stained hardwood: long grain lines along u that waver slowly, with fibre
    streaks; light and dark tones of a walnut stain."""
    v = np.linspace(0.0, 1.0, height, endpoint=False)[:, None]
    warp = _stretched_noise(height, width, 64, seed=11, passes=3)
    rings = np.sin(2 * np.pi * (14.0 * v + 0.6 * warp))
    fibres = _stretched_noise(height, width, 16, seed=13, passes=0)
    t = np.clip(0.5 + 0.3 * rings + 0.2 * fibres, 0.0, 1.0)[:, :, None]
    dark = np.array([0.22, 0.10, 0.045])
    light = np.array([0.42, 0.22, 0.10])
    return dark + (light - dark) * t
