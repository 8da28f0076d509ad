"""What each graphics quality preset draws, and the quality a ShowBase's scenes use.

A preset sets the key light's shadow map (texels per side) and its softening
(percentage-closer filtering over (2 r + 1)^2 taps), whether the lamp's bulbs light
the scene too (low: not, for software renderers), and how far the models' textures
are scaled down (low: half their size each way, a quarter of the memory); multisampling is the window's
(`game.settings.PRESET_CHOICES`, applied by `app.apply_graphics`). Low also lights per
vertex (fixed-function) rather than per pixel: on a software renderer that doubles the frame
rate. The quality is kept
per ShowBase, so every scene made on it afterwards (menu, match, practice, replays)
draws with the player's choice, without a restart.
"""
from __future__ import annotations

import weakref
from dataclasses import dataclass, replace


@dataclass(frozen=True)
class Quality:
    """shadow_size: shadow-map texels per side (0: no shadows); pcf_radius: shadow
    softening, (2 pcf_radius + 1)^2 shadow-map taps per pixel; bulbs: a point light at
    each of the lamp's bulbs (their highlights on the balls), else the key and fill
    lights only; texture_reduction: the models' textures are drawn at 1/texture_reduction
    of their generated size each way (1: as made); per_pixel: the GLSL lighting where
    the renderer runs it, else per-vertex lighting."""
    shadow_size: int
    pcf_radius: int
    bulbs: bool = True
    texture_reduction: int = 1
    per_pixel: bool = True


PRESETS = {"low": Quality(1024, 0, bulbs=False, texture_reduction=2, per_pixel=False),
           "medium": Quality(2048, 1),
           "high": Quality(4096, 2)}
DEFAULT = PRESETS["medium"]
_CHOSEN = weakref.WeakKeyDictionary()


def quality_of(graphics) -> Quality:
    """The Quality of `game.settings.Graphics`: its preset, without shadows if they are
    off, lit per pixel if they are on (the per-pixel shader draws them)."""
    preset = PRESETS[graphics.preset]
    if not graphics.shadows:
        return replace(preset, shadow_size=0)
    return replace(preset, per_pixel=True)


def set_quality(base, quality: Quality) -> None:
    """Scenes made on `base` from now on draw with `quality`."""
    _CHOSEN[base] = quality


def quality(base) -> Quality:
    """The Quality chosen for `base` (DEFAULT if none was)."""
    return _CHOSEN.get(base, DEFAULT)
