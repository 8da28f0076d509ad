"""Colour-vision deficiency simulation and colour differences (NumPy only, no Panda3D), to
check that colour-blind play (`game.view.world.marking`) tells the 8-ball groups apart on
the rendered picture, and to draw the docs' simulated screenshots.

Dichromacy: Machado, Oliveira and Fernandes, "A Physiologically-based Model for
Simulation of Color Vision Deficiency", IEEE Transactions on Visualization and Computer
Graphics 15(6), 1291-1298 (2009), their Table of matrices at severity 1.0 (protanopia,
deuteranopia, tritanopia), applied to linear sRGB. Colour difference: CIE 1976
L*a*b* (D65 white) and its distance Delta E*ab; luminance: sRGB's (ITU-R BT.709)
relative luminance, and the WCAG 2 contrast ratio (L1 + 0.05) / (L2 + 0.05).

Images and colours are sRGB-encoded, channels 0..1, in arrays of shape (..., 3).
"""
from __future__ import annotations

import numpy as np

from game.modelgen.textures import srgb_to_linear

MACHADO_2009 = {
    "protanopia": np.array([[0.152286, 1.052583, -0.204868],
                            [0.114503, 0.786281, 0.099216],
                            [-0.003882, -0.048116, 1.051998]]),
    "deuteranopia": np.array([[0.367322, 0.860646, -0.227968],
                              [0.280085, 0.672501, 0.047413],
                              [-0.011820, 0.042940, 0.968881]]),
    "tritanopia": np.array([[1.255528, -0.076749, -0.178779],
                            [-0.078411, 0.930809, 0.147602],
                            [0.004733, 0.691367, 0.303900]]),
}
DEFICIENCIES = tuple(MACHADO_2009)
# sRGB (linear) to CIE XYZ, and the D65 white (IEC 61966-2-1).
_XYZ = np.array([[0.4124, 0.3576, 0.1805],
                 [0.2126, 0.7152, 0.0722],
                 [0.0193, 0.1192, 0.9505]])
_WHITE = _XYZ.sum(axis=1)


def linear_to_srgb(c):
    """Linear light (0..1, clipped) to sRGB encoding."""
    c = np.clip(np.asarray(c, dtype=np.float64), 0.0, 1.0)
    return np.where(c <= 0.0031308, c * 12.92, 1.055 * c ** (1 / 2.4) - 0.055)


def simulate(rgb, deficiency: str):
    """How `rgb` (sRGB, (..., 3)) looks with `deficiency` (one of DEFICIENCIES, severity
    1.0); ValueError for another name."""
    if deficiency not in MACHADO_2009:
        raise ValueError(f"unknown deficiency {deficiency!r}; choose one of "
                         f"{', '.join(DEFICIENCIES)}")
    return linear_to_srgb(srgb_to_linear(rgb) @ MACHADO_2009[deficiency].T)


def luminance(rgb):
    """Relative luminance Y (0..1) of sRGB colours (..., 3)."""
    return srgb_to_linear(rgb) @ _XYZ[1]


def contrast_ratio(a, b) -> float:
    """WCAG 2 contrast ratio (1..21) of two sRGB colours."""
    la, lb = float(luminance(a)), float(luminance(b))
    return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)


def lab(rgb):
    """CIE L*a*b* (D65) of sRGB colours (..., 3)."""
    t = (srgb_to_linear(rgb) @ _XYZ.T) / _WHITE
    f = np.where(t > (6 / 29) ** 3, np.cbrt(t), t / (3 * (6 / 29) ** 2) + 4 / 29)
    return np.stack([116 * f[..., 1] - 16, 500 * (f[..., 0] - f[..., 1]),
                     200 * (f[..., 1] - f[..., 2])], axis=-1)


def delta_e(a, b) -> float:
    """CIE 1976 colour difference Delta E*ab of two sRGB colours."""
    return float(np.linalg.norm(lab(a) - lab(b)))
