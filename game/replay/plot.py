"""The top-down trajectory plot of one shot (matplotlib, Agg: no display needed).

Drawn in the table frame (m), the head end on the left: the cloth and cushions from the
table's geometry, the pocket holes, every ball's path in its colour (the cue ball white
with a dark edge), hollow circles where the balls started and filled ones where they
came to rest, and a marker at each event (marks.py): first contact, cushions, pockets,
jumps, balls off the table, fouls.
"""
from __future__ import annotations

import matplotlib

matplotlib.use("Agg")       # before pyplot: renders to files only, never opens a window

import matplotlib.patheffects as pe
from matplotlib.figure import Figure
from matplotlib.patches import Circle, Polygon

from physics_ext import MotionState
from game.rules import CUE
from game.tables import modes
from game.tables.outline import cloth_outline, cushion_outlines

from .marks import MarkKind, shot_marks
from .model import Replay
from .paths import ball_paths

CLOTH = "#2e7d4f"
CUSHION = "#1f5a38"
RAIL = "#5b3a22"
POCKET = "#111111"
CUSHION_WIDTH_M = 0.045     # drawn cushion depth behind the nose (the 3D table's look)
RAIL_WIDTH_M = 0.09
# marker, size (points), colour of each mark kind; the first contact and fouls stand out.
MARKERS = {MarkKind.FIRST_CONTACT: ("*", 15, "#ffd400"), MarkKind.CUSHION: ("D", 5, "#e0e0e0"),
           MarkKind.POCKET: ("o", 10, "#ff8c00"), MarkKind.JUMP: ("^", 9, "#33c3ff"),
           MarkKind.OFF_TABLE: ("X", 10, "#ff00ff"), MarkKind.FOUL: ("X", 13, "#ff1a1a")}


def ball_colour(mode: str, ball_id: int) -> tuple:
    """The ball's RGB (0..1) as the 3D view draws it."""
    return modes.mode(mode).style(ball_id).colour


def shot_figure(replay: Replay, index: int, width_px: int = 1600, dpi: int = 100) -> Figure:
    """The plot of shot `index` of `replay` as a matplotlib Figure."""
    shot = replay.shots[index]
    mode, table = replay.match.mode, replay.match.table
    result = shot.result
    geometry = table.geometry()
    margin = CUSHION_WIDTH_M + RAIL_WIDTH_M
    extent_x = table.length + 2 * margin
    extent_y = table.width + 2 * margin
    title_in = 0.6                  # inches of the band above the table for the text
    width_in = width_px / dpi
    fig = Figure(figsize=(width_in, width_in * extent_y / extent_x + title_in), dpi=dpi)
    ax = fig.add_axes((0.0, 0.0, 1.0, 1.0 - title_in / fig.get_figheight()))
    ax.set_xlim(-margin, table.length + margin)
    ax.set_ylim(-margin, table.width + margin)
    ax.set_aspect("equal")
    ax.axis("off")
    fig.patch.set_facecolor("white")

    ax.add_patch(Polygon([(-margin, -margin), (table.length + margin, -margin),
                          (table.length + margin, table.width + margin),
                          (-margin, table.width + margin)], color=RAIL, zorder=0))
    ax.add_patch(Polygon(cloth_outline(table, geometry), color=CLOTH, zorder=1))
    for cushion in cushion_outlines(table, geometry, CUSHION_WIDTH_M).values():
        ax.add_patch(Polygon(cushion, color=CUSHION, zorder=1))
    for x, y, r in geometry.pockets:
        ax.add_patch(Circle((x, y), r, color=POCKET, zorder=1))

    radii = result.ball_rows[:, 0]
    start = result.ball_rows[:, 2:4]
    final = result.final
    for path in ball_paths(result, shot.ball_ids):
        colour = ball_colour(mode, path.ball_id)
        ax.plot(path.positions[:, 0], path.positions[:, 1], color=colour, lw=2.0, zorder=3,
                solid_capstyle="round",
                path_effects=[pe.Stroke(linewidth=3.4, foreground="black"), pe.Normal()])
    for i, ball_id in enumerate(shot.ball_ids):
        colour = ball_colour(mode, ball_id)
        ax.add_patch(Circle(start[i], radii[i], fill=False, ec=colour, lw=1.5, ls="--",
                            zorder=4))
        if int(final.states[i]) not in (MotionState.POCKETED, MotionState.OFF_TABLE):
            ax.add_patch(Circle(final.positions[i, :2], radii[i], fc=colour, ec="black",
                                lw=1.0, zorder=5))
            if mode == "nine_ball" and ball_id != CUE:
                ax.text(*final.positions[i, :2], str(ball_id), ha="center", va="center",
                        fontsize=7, color="white" if ball_id not in (1, 9) else "black",
                        zorder=6)
    shown = set()
    for mark in shot_marks(mode, result, shot.ball_ids, shot.fouls):
        marker, size, colour = MARKERS[mark.kind]
        ax.plot(*mark.position[:2], marker=marker, ms=size, mfc=colour, mec="black",
                mew=0.8, ls="none", zorder=7,
                label=None if mark.kind in shown else mark.kind.value)
        shown.add(mark.kind)
    if shown:
        fig.legend(loc="upper right", ncol=3, fontsize=8, frameon=False)
    player = replay.match.players[shot.shooter]
    fig.text(0.01, 1.0 - 0.1 / fig.get_figheight(),
             f"Shot {index + 1} of {len(replay.shots)} (game {shot.game + 1}): {player}, "
             f"{result.duration:.2f} s, {result.events.size} events\n{shot.ruling_text}",
             fontsize=10, ha="left", va="top")
    return fig


def save_shot_plot(replay: Replay, index: int, path, width_px: int = 1600) -> None:
    """Write the plot of shot `index` to `path` (the format from its extension: .png,
    .svg, .pdf)."""
    shot_figure(replay, index, width_px).savefig(path)
