"""The statistics screen's plots (matplotlib, Agg: no display), drawn to an RGBA image
the view puts on a texture: the pot rate over time, a heat map of the pot rate over cut
angle x distance, and a histogram of break outcomes.

Drawn with the object-oriented API on a bare Agg canvas (no pyplot state), so drawing
is the same wherever it runs, and cheap: a few tens of milliseconds.
"""
from __future__ import annotations

import matplotlib

matplotlib.use("Agg")       # before anything imports pyplot: never opens a window

import numpy as np
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure
from matplotlib.ticker import MaxNLocator

from game.i18n import _

from .stats import Stats, seat_stats
from .totals import BREAK_BALLS_MAX, CUT_BINS, CUT_STEP_RAD, DISTANCE_BINS, DISTANCE_STEP_M

BACKGROUND = "#17201b"
INK = "#e8e4d8"
GOLD = "#d9b54a"
# Matches averaged in each point of the pot rate over time: at least ROLLING_MATCHES, and
# a ROLLING_SHARE of them all, so a long career still reads as a trend.
ROLLING_MATCHES = 10
ROLLING_SHARE = 1 / 40
# Up to this many matches each point of the pot rate over time is marked.
MARKED_MATCHES = 30


def pot_rate_over_time(per_match) -> tuple:
    """(match numbers, pot rates 0..1): after each match with an attempt, the rate over
    the last max(ROLLING_MATCHES, ROLLING_SHARE of them) such matches."""
    counts = np.array([(a, m) for a, m in per_match if a], dtype=float).reshape(-1, 2)
    if not len(counts):
        return np.zeros(0), np.zeros(0)
    window = max(ROLLING_MATCHES, int(len(counts) * ROLLING_SHARE))
    sums = np.cumsum(counts, axis=0)
    lagged = np.vstack([np.zeros((window, 2)), sums])[:len(sums)]
    window = sums - lagged
    return np.arange(1, len(sums) + 1), window[:, 1] / window[:, 0]


def heat_map(stats: Stats) -> np.ndarray:
    """(CUT_BINS, DISTANCE_BINS) pot rates, NaN where nothing was attempted."""
    attempts = np.array(stats.grid_attempts, dtype=float)
    made = np.array(stats.grid_made, dtype=float)
    with np.errstate(invalid="ignore", divide="ignore"):
        return np.where(attempts > 0, made / attempts, np.nan)


def stats_figure(stats: Stats, width_px: int = 1200, height_px: int = 380,
                 dpi: int = 100) -> Figure:
    """The three plots side by side, light on the screen's dark panel."""
    fig = Figure(figsize=(width_px / dpi, height_px / dpi), dpi=dpi, facecolor=BACKGROUND)
    over_time, heat, breaks = fig.subplots(1, 3, gridspec_kw={"width_ratios": (1.2, 1.0, 0.8)})
    fig.subplots_adjust(left=0.06, right=0.98, bottom=0.2, top=0.87, wspace=0.36)
    for ax in (over_time, heat, breaks):
        ax.set_facecolor(BACKGROUND)
        ax.tick_params(colors=INK, labelsize=11)
        for spine in ax.spines.values():
            spine.set_color(INK)

    x, rate = pot_rate_over_time(stats.per_match)
    # Points as well as the line: after one match there is a point and no line.
    over_time.plot(x, rate * 100.0, color=GOLD, lw=1.8, marker="o",
                   markersize=5 if len(x) <= MARKED_MATCHES else 0)
    over_time.set_ylim(0, 100)
    over_time.set_xlim(1, max(len(x), 2))
    # Fixed ticks: a locator would lay out and measure candidate labels on every draw.
    over_time.set_yticks(range(0, 101, 25))
    over_time.set_xticks(_nice_ticks(1, max(len(x), 2)))
    _titles(over_time, _("Pot rate over time"), _("matches"), _("pot rate (%)"))

    rates = heat_map(stats)
    image = heat.imshow(rates.T * 100.0, origin="lower", aspect="auto", cmap="viridis",
                        vmin=0, vmax=100,
                        extent=(0, CUT_BINS * np.degrees(CUT_STEP_RAD), 0,
                                DISTANCE_BINS * DISTANCE_STEP_M))
    heat.set_xticks(np.degrees(CUT_STEP_RAD) * np.arange(0, CUT_BINS + 1, 2))
    heat.set_yticks(DISTANCE_STEP_M * np.arange(0, DISTANCE_BINS + 1, 2))
    bar = fig.colorbar(image, ax=heat, fraction=0.05, pad=0.03, ticks=(0, 50, 100))
    bar.ax.tick_params(colors=INK, labelsize=10)
    _titles(heat, _("Pot rate by cut and distance"), _("cut angle (degrees)"),
            _("distance to the pocket (m)"))

    labels = [str(n) for n in range(BREAK_BALLS_MAX)] + [f"{BREAK_BALLS_MAX}+"]
    breaks.bar(labels, stats.break_balls, color=GOLD)
    breaks.bar([_("scratch"), _("key ball")], [stats.break_scratches, stats.break_key_ball],
               color="#c0504d")
    breaks.tick_params(axis="x", labelrotation=30)
    top = max(max(stats.break_balls), stats.break_scratches, stats.break_key_ball, 1)
    breaks.set_yticks(_nice_ticks(0, top))
    _titles(breaks, _("Breaks: balls potted"), "", _("breaks"))
    return fig


def _nice_ticks(low: int, high: int) -> list:
    """At most five round whole-number ticks from low to high."""
    return [t for t in MaxNLocator(4, integer=True).tick_values(low, high) if low <= t <= high]


def _titles(ax, title: str, x_label: str, y_label: str) -> None:
    # A plain text above the axes: set_title would measure every tick label to place it.
    ax.text(0.5, 1.04, title, color=GOLD, fontsize=14, ha="center", va="bottom",
            transform=ax.transAxes)
    ax.set_xlabel(x_label, color=INK, fontsize=11)
    ax.set_ylabel(y_label, color=INK, fontsize=11)


def render_rgba(fig: Figure) -> np.ndarray:
    """The figure's pixels: (height, width, 4) uint8, the top row first."""
    canvas = FigureCanvasAgg(fig)
    canvas.draw()
    return np.asarray(canvas.buffer_rgba()).copy()


def stats_image(conn, seat: str, mode: str) -> tuple:
    """(Stats, RGBA pixels of its plots): what the statistics screen shows for `seat` in
    `mode`, from the database to the pixels."""
    stats = seat_stats(conn, seat, mode)
    return stats, render_rgba(stats_figure(stats))
