"""Lights over the table: the overhead lamp's key light (it casts the shadows), a point
light at each of its bulbs, a soft fill and ambient light.

The same Panda3D light nodes serve both paths. With GLSL available, the scene gets the
metallic-roughness shader of `shaders` and the key light renders a shadow map, filtered
by percentage-closer filtering. Without it (no GLSL, or the software renderer, which
ignores shaders anyway), Panda3D's fixed-function lighting uses the same lights per
vertex, dimmer (it neither tone maps nor divides by pi), without shadows.
"""
from __future__ import annotations

import math

from panda3d.core import (AmbientLight, BitMask32, ColorWriteAttrib, CullFaceAttrib,
                          DirectionalLight, NodePath, PointLight, Shader, TextureAttrib,
                          TextureStage, Vec3)

from .shaders import DEPTH_FRAGMENT, DEPTH_VERTEX, LIGHTS, LIT_VERTEX, lit_fragment

# Towards the key light, table frame: over the table (the lamp), leaning towards
# the head end and the right rail, so each ball drops a short shadow towards the
# foot-left corner.
KEY_DIRECTION = (-0.35, -0.45, 1.0)
FILL_DIRECTION = (0.55, 0.35, 1.0)
# Linear colours: the shader's (physically based: irradiance, W/m^2-like, whose diffuse
# reflection divides by pi) and a scale for the fixed-function path.
KEY_COLOUR = (3.2, 3.05, 2.7)        # warm lamp light
BULB_COLOUR = (0.35, 0.33, 0.28)     # each bulb, at 1 m (falls off as 1 / d^2)
FILL_COLOUR = (0.22, 0.23, 0.26)
AMBIENT_COLOUR = (0.16, 0.16, 0.18)
KEY_ALONE = 1.3                      # the key's factor when no bulb lights are drawn
FIXED_FUNCTION_SCALE = 0.38
EXPOSURE = 1.0
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


def normal_mapped(root: NodePath) -> list:
    """The GeomNodes under `root` whose textures include a normal map (the glTF
    material's normalTexture: a stage in TextureStage.M_normal mode)."""
    found = []
    for path in root.findAllMatches("**/+GeomNode"):
        node = path.node()
        for i in range(node.getNumGeoms()):
            textures = node.getGeomState(i).getAttrib(TextureAttrib)
            if textures is not None and any(
                    textures.getOnStage(k).getMode() == TextureStage.M_normal
                    for k in range(textures.getNumOnStages())):
                found.append(path)
                break
    return found


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
    (True) or fixed-function lighting (False). shadow_size: shadow-map texels per side,
    0 for no shadows. pcf_radius: shadow softening, (2 r + 1)^2 taps per pixel. bulbs:
    (x, y, z) of the lamp's bulbs (m, table frame), a point light at each (at most
    shaders.LIGHTS - 2).
    """

    def __init__(self, root: NodePath, centre, extent, use_shaders: bool,
                 shadow_size: int = 2048, pcf_radius: int = 1, bulbs=()):
        self.root = root
        self.use_shaders = use_shaders
        bulbs = list(bulbs)
        self.shadows = bool(use_shaders and shadow_size > 0)
        self.shadow_size = shadow_size if self.shadows else 0
        self.pcf_radius = pcf_radius if self.shadows else -1
        self._nodes = []
        centre = Vec3(*centre)
        scale = 1.0 if use_shaders else FIXED_FUNCTION_SCALE

        def colour(rgb):
            return (*(c * scale for c in rgb), 1.0)

        key = DirectionalLight("key")
        # Without the bulbs' lights (the low preset) the key takes their share of the
        # table's light.
        key.setColor(colour([c * (1.0 if bulbs else KEY_ALONE) for c in KEY_COLOUR]))
        self._attach(key, centre, KEY_DIRECTION)
        fill = DirectionalLight("fill")
        fill.setColor(colour(FILL_COLOUR))
        self._attach(fill, centre, FILL_DIRECTION)
        # Light 0 of the shader must be the key light, 1 the fill: Panda3D sorts lights
        # by priority, highest first.
        key.setPriority(100)
        fill.setPriority(99)
        for i, pos in enumerate(bulbs[:LIGHTS - 2]):
            bulb = PointLight(f"bulb{i}")
            bulb.setColor(colour(BULB_COLOUR))
            bulb.setAttenuation((0.0, 0.0, 1.0))        # 1 / d^2, as the shader has it
            bulb.setPriority(98 - i)
            node = root.attachNewNode(bulb)
            node.setPos(*pos)
            self._nodes.append(node)
        ambient = AmbientLight("ambient")
        ambient.setColor(colour(AMBIENT_COLOUR))
        self._nodes.append(root.attachNewNode(ambient))
        for node in self._nodes:
            root.setLight(node)

        if use_shaders:
            if self.shadows:
                lens = key.getLens()
                # Diagonal of the area, so the tilted light's view still covers all of it.
                span = math.hypot(*extent) + 0.3
                lens.setFilmSize(span, span)
                lens.setNearFar(0.5, 6.0)
                key.setShadowCaster(True, shadow_size, shadow_size)
                key.setCameraMask(SHADOW_CAMERA_MASK)
                key.setInitialState(_depth_only_state())
            used = 2 + min(len(bulbs), LIGHTS - 2)
            root.setShader(Shader.make(Shader.SL_GLSL, LIT_VERTEX,
                                       lit_fragment(self.pcf_radius, used)))
            root.setShaderInput("u_shadow_texel", 1.0 / max(shadow_size, 1))
            root.setShaderInput("u_shadow_bias", SHADOW_BIAS)
            root.setShaderInput("u_lamp_centre", (centre.x, centre.y))
            root.setShaderInput("u_lamp_half", (extent[0] / 2, extent[1] / 2))
            root.setShaderInput("u_exposure", EXPOSURE)
            root.setShaderInput("u_normal_map", 0.0)
            for part in normal_mapped(root):
                part.setShaderInput("u_normal_map", 1.0)

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
