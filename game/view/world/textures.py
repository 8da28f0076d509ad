"""Textures made from NumPy arrays (the gauges' ramps; the models' textures come with the
glTF files of `game.modelgen`).

Arrays are (H, W, 3) or (H, W, 4) with row 0 at texture v = 0 (the bottom of the image,
as Panda3D's RAM images are stored), channels in 0..1.
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
