"""The 3D scene of one game mode: room, table, balls, cue and lights, under an existing
ShowBase. Room, table, balls and cue are the generated models (`world.models`).

Panda3D's world frame is the table frame: x along the table, y across, z up, metres, the
cloth at z = 0 (see `physics_ext.table`). So positions from the physics go to the nodes
unchanged. The scene uses only the ShowBase it is given (`base.render`, `base.win`),
never Panda3D's injected builtins.
"""
from __future__ import annotations

import numpy as np
from direct.showbase.DirectObject import DirectObject

from game.modelgen.table import TableLook
from game.tables import modes
from physics_ext.stroke import Stroke

from . import marking
from .balls import BallSet
from .cue import Cue
from .lighting import Lighting, cast_no_shadow
from .models import model
from .quality import quality
from .room import hide_from_above, hide_from_outside


def shaders_supported(base) -> bool:
    """True if the window's renderer runs GLSL (the software renderer does not)."""
    gsg = base.win.getGsg() if base.win is not None else None
    return bool(gsg is not None and gsg.getSupportsGlsl())


class Scene:
    """Room, table, balls, cue and lights for mode `mode_name` ("nine_ball" | "eight_ball").

    positions: {ball_id: (x, y) or (x, y, z)} ball centres (m); balls not listed start
    hidden (pocketed, or not in play). use_shaders: GLSL lighting and shadows (True),
    fixed-function lighting (False), or None to use GLSL where the renderer has it and
    the quality chosen for `base` lights per pixel.
    shadow_size: shadow-map texels per side (0: no shadows). pcf_radius: shadow
    softening, (2 r + 1)^2 shadow-map taps per pixel. Both default to the quality chosen
    for `base` (`quality.set_quality`).
    """

    def __init__(self, base, mode_name: str, positions: dict, use_shaders: bool | None = None,
                 shadow_size: int | None = None, pcf_radius: int | None = None):
        self.base = base
        self.mode = modes.mode(mode_name)
        self.table_spec = self.mode.table
        self.look = TableLook.for_table(self.table_spec)
        self.root = base.render.attachNewNode(f"scene_{mode_name}")
        chosen = quality(base)

        def loaded(part):
            return model(mode_name, part, chosen.texture_reduction)
        self.room = loaded("room").copyTo(self.root)
        # The room neither casts shadows (its ceiling would darken the whole table) nor
        # hides the table from a camera above the lamp, nor shows the backs of what hangs
        # on its walls to a camera outside them.
        cast_no_shadow(self.room)
        hide_from_above(self.room.find("**/lamp"))
        for part in ("pictures", "cue_rack"):
            hide_from_outside(self.room.find(f"**/{part}"), self.room.find("**/walls"))
        self.table = loaded("table").copyTo(self.root)
        self.balls = BallSet(self.root, self.mode.balls, loaded("balls"))
        self.cue = Cue(self.root, loaded("cue"))
        if use_shaders is None:
            use_shaders = chosen.per_pixel and shaders_supported(base)
        shadow_size = chosen.shadow_size if shadow_size is None else shadow_size
        pcf_radius = chosen.pcf_radius if pcf_radius is None else pcf_radius
        (x0, y0), (x1, y1) = self.bounds
        bulbs = [tuple(b.getPos(self.root)) for b in self.room.findAllMatches("**/bulb?")
                 if chosen.bulbs]
        self.lighting = Lighting(self.root, ((x0 + x1) / 2, (y0 + y1) / 2, 0.0),
                                 (x1 - x0, y1 - y0), use_shaders, shadow_size, pcf_radius,
                                 bulbs)
        for ball_id in self.balls.ids:
            self.balls.set_visible(ball_id, ball_id in positions)
        self.set_ball_positions(positions)
        # Colour-blind play: one group's balls ringed, following the option as it changes.
        self._events = DirectObject()
        self._events.accept(marking.CHANGED, self.mark_groups)
        self.mark_groups(marking.colour_blind(base))

    def mark_groups(self, on: bool) -> None:
        """Ring the marked group's balls (`marking`) if `on`, else draw them plain."""
        self.balls.mark(marking.marked(self.mode.name),
                        marking.marking_texture() if on else None)

    @property
    def bounds(self) -> tuple:
        """((x_min, y_min), (x_max, y_max)) of the table with its rails (m)."""
        margin = self.look.cushion_width + self.look.rail_width
        return ((-margin, -margin),
                (self.table_spec.length + margin, self.table_spec.width + margin))

    @property
    def play_bounds(self) -> tuple:
        """((x_min, y_min), (x_max, y_max)) of the cloth with its pocket openings (m): what
        a view of the whole game must show; the rails round it may be cut off."""
        pockets = self.table_spec.geometry().pockets
        low = pockets[:, :2] - pockets[:, 2:3]
        high = pockets[:, :2] + pockets[:, 2:3]
        return ((float(low[:, 0].min()), float(low[:, 1].min())),
                (float(high[:, 0].max()), float(high[:, 1].max())))

    @property
    def rail_height(self) -> float:
        """Height of the rail tops above the cloth (m): the solver's, which is drawn."""
        return self.table_spec.rail_top_height

    def set_ball_positions(self, positions: dict) -> None:
        """Move balls to {ball_id: (x, y) or (x, y, z)} centres (m); (x, y) rests on the
        cloth."""
        self.balls.set_positions(positions)

    def set_ball_orientation(self, ball_id: int, quat) -> None:
        """Turn a ball: quat (w, x, y, z) from the ball frame to the table frame."""
        self.balls.set_orientation(ball_id, quat)

    def set_ball_visible(self, ball_id: int, visible: bool) -> None:
        """Show or hide a ball (hide pocketed and off-table balls)."""
        self.balls.set_visible(ball_id, visible)

    def advance_balls(self, positions: np.ndarray, omegas: np.ndarray, dt: float) -> None:
        """Per frame: centres (N, 3) m and angular velocities (N, 3) rad/s held for dt s,
        rows in `self.balls.ids` order; the balls roll and spin accordingly."""
        self.balls.advance(positions, omegas, dt)

    def show_cue(self, stroke: Stroke, gap: float = 0.0) -> None:
        """Draw the cue for `stroke` against the cue ball (id 0) where it now is; gap (m)
        draws the tip back from the ball."""
        style = self.mode.style(0)
        centre = self.balls.node(0).getPos(self.root)
        self.cue.show(tuple(centre), style.radius, style.mass, stroke, gap)

    def hide_cue(self) -> None:
        self.cue.hide()

    def destroy(self) -> None:
        """Remove every node and light this scene added; the ShowBase stays usable."""
        self._events.ignoreAll()
        self.lighting.destroy()
        self.root.removeNode()
