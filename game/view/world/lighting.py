"""Lights over the table: a shadow-casting key light, a soft fill and ambient light.

The same Panda3D light nodes serve both paths. With GLSL available, the scene gets the
per-pixel shader of `shaders` and the key light renders a shadow map. Without it (no GLSL,
or the software renderer, which ignores shaders anyway), Panda3D's fixed-function
lighting uses the same lights per vertex, without shadows.
"""
from __future__ import annotations

import math

from panda3d.core import (AmbientLight, BitMask32, ColorWriteAttrib, CullFaceAttrib,
                          DirectionalLight, NodePath, Shader, Vec3)

from .shaders import DEPTH_FRAGMENT, DEPTH_VERTEX, LIT_FRAGMENT, LIT_VERTEX

# Towards the key light, table frame: above the table, leaning towards the head end and
# the right rail, so each ball drops a short shadow towards the foot-left corner.
KEY_DIRECTION = (-0.42, -0.52, 1.0)
FILL_DIRECTION = (0.55, 0.35, 1.0)
KEY_COLOUR = (0.95, 0.92, 0.84)      # warm lamp light
FILL_COLOUR = (0.22, 0.23, 0.26)
AMBIENT_COLOUR = (0.22, 0.22, 0.24)
# Depth bias (in shadow-map depth units, the light's near-far range mapped to 0..1) that
# keeps lit surfaces from shadowing themselves ("acne") yet keeps contact shadows.
SHADOW_BIAS = 0.0015
# Priority that lets the shadow pass's depth-only state win over the scene's shader.
_OVERRIDE = 1000
# Camera masks: the player's camera draws bit 0, the key light's shadow pass bit 1, so
# overlays (aiming aids, ghost balls) can hide from the shadow pass and cast no shadow.
MAIN_CAMERA_MASK = BitMask32.bit(0)
SHADOW_CAMERA_MASK = BitMask32.bit(1)


def cast_no_shadow(node: NodePath) -> None:
    """Keep `node` out of the shadow map (it still shows to the player's camera, whose
    mask must be MAIN_CAMERA_MASK: see app.prepare_base)."""
    node.hide(SHADOW_CAMERA_MASK)


def _depth_only_state():
    """State of the shadow-map camera: depth only, both faces (the cloth and rail tops
    are single-sided, yet must cast shadows), no lighting shader (it would sample the
    very map being drawn)."""
    holder = NodePath("shadow_pass")
    holder.setShader(Shader.make(Shader.SL_GLSL, DEPTH_VERTEX, DEPTH_FRAGMENT), _OVERRIDE)
    holder.setAttrib(ColorWriteAttrib.make(ColorWriteAttrib.C_off), _OVERRIDE)
    holder.setAttrib(CullFaceAttrib.make(CullFaceAttrib.M_cull_none), _OVERRIDE)
    return holder.getState()


class Lighting:
    """Lights attached to `root`, lighting everything under it.

    centre: (x, y, z) the point the key light aims at (m, table frame); extent: the
    (length, width) in metres the shadow map must cover. use_shaders: the GLSL path
    (True) or fixed-function lighting (False). shadow_size: shadow-map texels per side.
    """

    def __init__(self, root: NodePath, centre, extent, use_shaders: bool,
                 shadow_size: int = 2048):
        self.root = root
        self.use_shaders = use_shaders
        self._nodes = []
        centre = Vec3(*centre)

        key = DirectionalLight("key")
        key.setColor((*KEY_COLOUR, 1.0))
        self._attach(key, centre, KEY_DIRECTION)
        fill = DirectionalLight("fill")
        fill.setColor((*FILL_COLOUR, 1.0))
        self._attach(fill, centre, FILL_DIRECTION)
        ambient = AmbientLight("ambient")
        ambient.setColor((*AMBIENT_COLOUR, 1.0))
        self._nodes.append(root.attachNewNode(ambient))
        for node in self._nodes:
            root.setLight(node)
        # Light 0 of the shader must be the key light: Panda3D sorts lights by priority.
        key.setPriority(2)
        fill.setPriority(1)

        if use_shaders:
            lens = key.getLens()
            # Diagonal of the area, so the tilted light's view still covers all of it.
            span = math.hypot(*extent) + 0.3
            lens.setFilmSize(span, span)
            lens.setNearFar(0.5, 6.0)
            key.setShadowCaster(True, shadow_size, shadow_size)
            key.setCameraMask(SHADOW_CAMERA_MASK)
            key.setInitialState(_depth_only_state())
            root.setShader(Shader.make(Shader.SL_GLSL, LIT_VERTEX, LIT_FRAGMENT))
            root.setShaderInput("u_shadow_texel", 1.0 / shadow_size)
            root.setShaderInput("u_shadow_bias", SHADOW_BIAS)
            root.setShaderInput("u_lamp_centre", (centre.x, centre.y))
            root.setShaderInput("u_lamp_half", (extent[0] / 2, extent[1] / 2))

    def _attach(self, light, centre: Vec3, direction) -> None:
        """Place a directional light 3 m from `centre` along `direction`, aimed at it (a
        directional light shines along its node's +y)."""
        node = self.root.attachNewNode(light)
        d = Vec3(*direction).normalized()
        node.setPos(centre + d * 3.0)
        node.lookAt(centre)
        self._nodes.append(node)

    def destroy(self) -> None:
        """Remove the lights and the shader from `root`."""
        for node in self._nodes:
            self.root.clearLight(node)
            node.removeNode()
        self._nodes = []
        self.root.clearShader()
