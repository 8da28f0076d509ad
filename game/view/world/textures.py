"""Textures made from NumPy arrays (the gauges' ramps; the models' textures come with the
glTF files of `game.modelgen`), and smaller copies of the models' textures for the low
quality preset.

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


def reduced_texture(texture: Texture, factor: int) -> Texture:
    """A copy of `texture` (uncompressed, in RAM) at 1/factor of its size each way: each
    texel is the mean of a factor x factor block (sides that do not divide are cut to a
    multiple of the factor first). Format, wrapping and filtering stay those of the
    original. The mean is taken of the stored values (sRGB for colour textures): a
    little dark at hard edges, unseen at the low preset's sizes."""
    w, h = texture.getXSize(), texture.getYSize()
    if factor <= 1 or w < 2 * factor or h < 2 * factor:
        return texture
    channels = texture.getNumComponents()
    # The RAM image is in Panda3D's own channel order (BGR(A)); a per-channel mean does
    # not care which, so it is kept as it is.
    image = np.frombuffer(bytes(texture.getRamImage()), dtype=np.uint8).reshape(h, w, channels)
    h2, w2 = h // factor, w // factor
    blocks = image[:h2 * factor, :w2 * factor].reshape(h2, factor, w2, factor, channels)
    small = np.round(blocks.mean(axis=(1, 3))).astype(np.uint8)
    copy = texture.makeCopy()
    copy.setName(f"{texture.getName()}_1_{factor}")
    copy.setup2dTexture(w2, h2, texture.getComponentType(), texture.getFormat())
    copy.setRamImage(np.ascontiguousarray(small).tobytes())
    return copy
