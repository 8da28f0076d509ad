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

from game.i18n import _, ngettext
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
    events = int(sum(rows["events"]))
    return "\n".join([
        _("Shot map: ball {ball}, {cells} ({shape}), {samples} each under {noise} noise, "
          "seed {seed}: {shots}, {events}, {refused} by the solver").format(
            ball=run.target, shape=shape, noise=run.noise, seed=run.seed,
            cells=ngettext("{n} cell", "{n} cells", run.grid.size).format(n=run.grid.size),
            samples=ngettext("{n} sample", "{n} samples", run.samples).format(n=run.samples),
            shots=ngettext("{n} shot", "{n} shots", shots).format(n=shots),
            events=ngettext("{n} event", "{n} events", events).format(n=events),
            # Translators: shots the solver refused.
            refused=ngettext("{n} refused", "{n} refused", refused).format(n=refused)),
        _("Best cell {cell}: aim {aim:+.3f} deg from the line to the ball, speed {speed:.3f} "
          "m/s, side {side:+.3f} R, height {height:+.3f} R, elevation {elevation:.2f} deg: "
          "pot probability {p:.3f}").format(
            cell=rows["cell"][best], aim=math.degrees(rows["aim"][best]),
            speed=rows["speed"][best], side=rows["side"][best], height=rows["height"][best],
            elevation=math.degrees(rows["elevation"][best]), p=p[best]),
        _("Mean pot probability {mean:.3f}; cells of at least 0.5: {share:.1f}%; pots {pots}, "
          "cue ball lost {lost}, fouled pots {fouled} (a stroke fault or a miscue: no pot)").format(
            mean=p.mean(), share=100.0 * np.mean(p >= 0.5), pots=int(sum(rows["pots"])),
            lost=int(sum(rows["scratches"])), fouled=int(sum(rows["fouled_pots"]))),
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
    figure.colorbar(image, ax=axes, label=_("pot probability"))
    axes.set_xlabel(_("aim from the line to the ball (deg)"))
    axes.set_ylabel(_("cue speed (m/s)"))
    axes.set_title(ngettext("Ball {ball}: {noise} noise, {samples} sample per cell",
                            "Ball {ball}: {noise} noise, {samples} samples per cell",
                            run.samples).format(ball=run.target, noise=run.noise,
                                                samples=run.samples))
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
    lines = [_("Tournament: {mode}, {players}, {games} per pair, seed {seed}").format(
        mode=run.mode, seed=run.seed,
        players=ngettext("{n} player", "{n} players", len(run.players)).format(
            n=len(run.players)),
        games=ngettext("{n} game", "{n} games", run.games).format(n=run.games))]
    for r in pair_results(run, table):
        low, high = wilson(r["wins"], r["games"])
        not_broke = r["games"] - r["broke"]
        lines.append(
            _("{first} vs {second}: {wins}-{losses}; {first} wins {rate:.1f}% (95% Wilson "
              "{low:.1f}-{high:.1f}%), {wins_breaking} of {broke} breaking, {wins_not} of "
              "{not_broke} not; break-and-runs {runs}, fouls {fouls_first}-{fouls_second}, "
              "{shots:.1f} shots per game").format(
                first=r["first"], second=r["second"], wins=r["wins"],
                losses=r["games"] - r["wins"], rate=100.0 * r["wins"] / r["games"],
                low=100.0 * low, high=100.0 * high, wins_breaking=r["wins_breaking"],
                broke=r["broke"], wins_not=r["wins"] - r["wins_breaking"], not_broke=not_broke,
                runs=r["break_and_runs"], fouls_first=r["fouls"][0], fouls_second=r["fouls"][1],
                shots=r["shots"] / r["games"])
            + (ngettext(", {n} forced concession", ", {n} forced concessions",
                        r["forced"]).format(n=r["forced"]) if r["forced"] else ""))
    return "\n".join(lines)


def tournament_figure(run, table) -> Figure:
    """Each pair's first player's win rate with its Wilson 95 % interval: overall, when
    he broke and when he did not."""
    results = pair_results(run, table)
    figure = Figure(figsize=(7.5, 1.6 + 0.7 * len(results)), dpi=100)
    axes = figure.add_subplot()
    kinds = ((_("all games"), "wins", "games", "#1f77b4"),
             (_("he broke"), "wins_breaking", "broke", "#2ca02c"),
             (_("he did not break"), None, None, "#d62728"))
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
    axes.set_xlabel(_("first player's win rate (95% Wilson interval)"))
    axes.legend(loc="lower right", fontsize="small")
    figure.tight_layout()
    return figure


def save_figure(figure: Figure, path) -> None:
    """Write `figure` as a PNG at `path`, atomically."""
    with atomic_write(path) as out:
        figure.savefig(out, format="png", metadata={"Software": None})
