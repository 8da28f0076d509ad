"""The summary and the figures of a finished run (matplotlib, Agg: files only).

    shot map     the best cell, the mean pot probability, the share of cells above one
                 half; a heatmap of the pot probability over aim and speed (each square
                 the best over the other axes: the best spin and elevation for that
                 aim and speed)
    tournament   each pair's score, the first player's win rate with its Wilson 95 %
                 interval, overall and by who broke; a figure of those rates

Both are functions of the rows only: the same run gives the same summary, byte for byte.
"""
from __future__ import annotations

import math

import matplotlib

matplotlib.use("Agg")       # before pyplot is ever imported: no window, files only

import numpy as np
from matplotlib.figure import Figure

from game.storage import atomic_write

from .shotmap import AXES

Z_95 = 1.959963984540054    # the standard normal's 97.5 % quantile


def wilson(successes: int, trials: int, z: float = Z_95) -> tuple:
    """The Wilson score interval (low, high) of a proportion, (0, 1) without trials."""
    if trials == 0:
        return 0.0, 1.0
    p = successes / trials
    centre = (p + z * z / (2 * trials)) / (1 + z * z / trials)
    half = z / (1 + z * z / trials) * math.sqrt(p * (1 - p) / trials
                                                + z * z / (4 * trials * trials))
    return max(0.0, centre - half), min(1.0, centre + half)


def shotmap_summary(run, table) -> str:
    """The shot map's summary as printed lines."""
    rows = table.to_pydict()
    p = np.asarray(rows["p_pot"])
    best = int(np.argmax(p))
    shape = " x ".join(f"{len(getattr(run.grid, a))} {a}" for a in AXES)
    shots, refused = run.shots, int(sum(rows["refused"]))
    return "\n".join([
        f"Shot map: ball {run.target}, {run.grid.size} cells ({shape}), {run.samples} "
        f"samples each under {run.noise} noise, seed {run.seed}: {shots} shots, "
        f"{int(sum(rows['events']))} events, {refused} refused by the solver",
        f"Best cell {rows['cell'][best]}: aim {math.degrees(rows['aim'][best]):+.3f} deg "
        f"from the line to the ball, speed {rows['speed'][best]:.3f} m/s, side "
        f"{rows['side'][best]:+.3f} R, height {rows['height'][best]:+.3f} R, elevation "
        f"{math.degrees(rows['elevation'][best]):.2f} deg: pot probability {p[best]:.3f}",
        f"Mean pot probability {p.mean():.3f}; cells of at least 0.5: "
        f"{100.0 * np.mean(p >= 0.5):.1f}%; pots {int(sum(rows['pots']))}, "
        f"cue ball lost {int(sum(rows['scratches']))}, fouled pots "
        f"{int(sum(rows['fouled_pots']))} (a stroke fault or a miscue: no pot)",
    ])


def shotmap_figure(run, table) -> Figure:
    """The heatmap of the pot probability over aim (deg) and speed (m/s), the best over
    the other axes."""
    p = np.asarray(table.column("p_pot")).reshape(run.grid.shape)
    best = p.max(axis=(2, 3, 4))                       # (aim, speed)
    aim = np.degrees(np.asarray(run.grid.aim))
    speed = np.asarray(run.grid.speed)
    figure = Figure(figsize=(7.5, 4.8), dpi=100)
    axes = figure.add_subplot()
    image = axes.imshow(best.T, origin="lower", aspect="auto", vmin=0.0, vmax=1.0,
                        cmap="viridis", interpolation="nearest",
                        extent=_extent(aim) + _extent(speed))
    figure.colorbar(image, ax=axes, label="pot probability")
    axes.set_xlabel("aim from the line to the ball (deg)")
    axes.set_ylabel("cue speed (m/s)")
    axes.set_title(f"Ball {run.target}: {run.noise} noise, {run.samples} samples per cell")
    return figure


def _extent(values: np.ndarray) -> list:
    """Image edges half a step beyond the first and last values."""
    step = (values[-1] - values[0]) / (len(values) - 1) if len(values) > 1 else 1.0
    return [values[0] - step / 2, values[-1] + step / 2]


def pair_results(run, table) -> list:
    """Per pair: (first name, second name, games, first's wins, first's wins when he
    broke, games he broke, break-and-runs, fouls of each, forced concessions)."""
    rows = table.to_pydict()
    found = []
    for pair, (i, j) in enumerate(run.pairs):
        games = [k for k, p in enumerate(rows["pair"]) if p == pair]
        wins = sum(rows["winner"][k] == 0 for k in games)
        broke = [k for k in games if rows["breaker"][k] == 0]
        found.append(dict(
            first=run.players[i].name, second=run.players[j].name, games=len(games),
            wins=wins, broke=len(broke), wins_breaking=sum(rows["winner"][k] == 0 for k in broke),
            break_and_runs=sum(rows["break_and_run"][k] for k in games),
            fouls=(sum(rows["fouls_first"][k] for k in games),
                   sum(rows["fouls_second"][k] for k in games)),
            forced=sum(rows["forced_concessions"][k] for k in games),
            shots=sum(rows["shots"][k] for k in games)))
    return found


def tournament_summary(run, table) -> str:
    """The tournament's summary as printed lines."""
    lines = [f"Tournament: {run.mode}, {len(run.players)} players, {run.games} games per "
             f"pair, seed {run.seed}"]
    for r in pair_results(run, table):
        low, high = wilson(r["wins"], r["games"])
        not_broke = r["games"] - r["broke"]
        lines.append(
            f"{r['first']} vs {r['second']}: {r['wins']}-{r['games'] - r['wins']}; "
            f"{r['first']} wins {100.0 * r['wins'] / r['games']:.1f}% "
            f"(95% Wilson {100.0 * low:.1f}-{100.0 * high:.1f}%), "
            f"{r['wins_breaking']} of {r['broke']} breaking, "
            f"{r['wins'] - r['wins_breaking']} of {not_broke} not; "
            f"break-and-runs {r['break_and_runs']}, fouls {r['fouls'][0]}-{r['fouls'][1]}, "
            f"{r['shots'] / r['games']:.1f} shots per game"
            + (f", {r['forced']} forced concessions" if r["forced"] else ""))
    return "\n".join(lines)


def tournament_figure(run, table) -> Figure:
    """Each pair's first player's win rate with its Wilson 95 % interval: overall, when
    he broke and when he did not."""
    results = pair_results(run, table)
    figure = Figure(figsize=(7.5, 1.6 + 0.7 * len(results)), dpi=100)
    axes = figure.add_subplot()
    kinds = (("all games", "wins", "games", "#1f77b4"),
             ("he broke", "wins_breaking", "broke", "#2ca02c"),
             ("he did not break", None, None, "#d62728"))
    for offset, (label, wins_key, games_key, colour) in zip((-0.22, 0.0, 0.22), kinds):
        for row, r in enumerate(results):
            if wins_key is None:
                wins, games = r["wins"] - r["wins_breaking"], r["games"] - r["broke"]
            else:
                wins, games = r[wins_key], r[games_key]
            rate = wins / games if games else float("nan")
            low, high = wilson(wins, games)
            axes.errorbar(rate, row + offset, xerr=[[rate - low], [high - rate]], fmt="o",
                          color=colour, capsize=3, label=label if row == 0 else None)
    axes.axvline(0.5, color="#888888", linewidth=0.8)
    axes.set_yticks(range(len(results)),
                    [f"{r['first']} vs {r['second']}" for r in results])
    axes.set_ylim(-0.6, len(results) - 0.4)
    axes.set_xlim(0.0, 1.0)
    axes.invert_yaxis()
    axes.set_xlabel("first player's win rate (95% Wilson interval)")
    axes.legend(loc="lower right", fontsize="small")
    figure.tight_layout()
    return figure


def save_figure(figure: Figure, path) -> None:
    """Write `figure` as a PNG at `path`, atomically."""
    with atomic_write(path) as out:
        figure.savefig(out, format="png", metadata={"Software": None})
