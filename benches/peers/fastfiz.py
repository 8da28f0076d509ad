"""Breakshot's single-shot API against FastFiz (C++; the physics of the 2005-08
computational pool tournaments), in CPU time per shot, interleaved (issue 30).

    python -m benches.peers.fastfiz --fastfiz DIR [--shots 500] [--rounds 7] [--json]

DIR is a checkout of FastFiz (github.com/P6-Pool/fastfiz: DIR/fastfiz/include and
DIR/fastfiz/src), with GSL installed; benches/peers/README.md says how to get both. The
timing driver benches/peers/fastfiz_bench.cpp is compiled against DIR into --build (a
temporary directory unless given) with the flags Python builds extensions with (-O3
-DNDEBUG -fwrapv).

The same shots on both sides: the random 10-ball shots of benches.single_figures (its
random_draws: layouts, azimuths, ball speeds, contact offsets) and its 9-ball break (the
tight rack of tests.physics.scenes, the cue ball on the head string's centre struck full
to leave at BREAK_SPEED), turned into FastFiz's frame and units. Each round times our
shoot() on every shot (benches.single_figures.cpu_per_call; each result let go before the
next call, as the driver frees each FastFiz Shot) and then FastFiz's executeShot on the
same shots (the driver, CLOCK_PROCESS_CPUTIME_ID, the clock of time.process_time); the
figures are the medians over the rounds. The "kept" columns time our shoot() in the other
harness, every result of a run kept alive in a list until it ends.

What cannot be the same (FastFiz's physics is its own): its ball, cushion and cloth
coefficients, its rectangular cushions with straight pocket mouths (the mouths' widths are
ours), its instantaneous Leckie-Greenspan strike (a 600 g cue, the tip's restitution 1,
no squirt; the cue speed is chosen so that the cue ball leaves at our ball speed), and no
follow-through or stroke faults. Its check that a level cue's 1.45 m butt clears the rails
and the other balls would refuse most level shots (ours strikes them and rules the faults),
so the driver's cue is CUE_LENGTH_M long. The events per shot of both sides are printed:
the engines do not find the same number of events in the same shot.
"""
from __future__ import annotations

import argparse
import json
import math
import statistics
import subprocess
import tempfile
from pathlib import Path

from benches.single_figures import (NINE_FOOT, R, BREAK_SPEED, break_stroke, cpu_per_call,
                                    each, kept, random_draws, random_strokes)
from physics_ext import shoot

HERE = Path(__file__).resolve().parent
DRIVER = HERE / "fastfiz_bench.cpp"
# FastFiz's sources the driver needs: the physics and its stopwatch (the rules engine, the
# log files, the AI base and the noise models are left out: the physics does not use them).
SOURCES = ("FastFiz.cpp", "Stopwatch.cpp")
CXXFLAGS = ("-std=c++11", "-O3", "-DNDEBUG", "-fwrapv")
# FastFiz's strike (FastFiz.h Ball::BALL_MASS, Table::CUE_MASS in g; FastFiz.cpp
# CueStrikeEvent::doHandle, Leckie & Greenspan 2006 eq. 1): a level stroke with contact
# offset d (fraction of R) sends the ball off at 2 V / (1 + m/M + FF_C1 5/2 d^2).
FF_BALL_MASS_G = 163.01
FF_CUE_MASS_G = 600.0
FF_C1 = 0.999425
# FastFiz's largest cue speed (TableState::MAX_VELOCITY, m/s).
FF_MAX_CUE_SPEED = 10.0
# The driver's cue length (m): short enough that no rail or ball lies along it.
CUE_LENGTH_M = 1e-4


def ff_position(x: float, y: float, table=NINE_FOOT) -> tuple:
    """Our table frame (x along the table from the head cushion, y across) turned a quarter
    turn clockwise into FastFiz's (x across, y along from the foot cushion): a rotation, so
    spins keep their sense; our head string lands on FastFiz's (3/4 of the length)."""
    return y, table.length - x


def ff_stroke(azimuth: float, ball_speed: float, side: float, height: float) -> tuple:
    """FastFiz's level ShotParams (a, b mm; theta, phi degrees; v m/s) of our stroke along
    `azimuth` (rad, our frame) with contact offset (side, height) (fractions of R; side
    right +, height up +: FastFiz's a and b), sending the cue ball off at `ball_speed`, or
    as fast as FastFiz's largest cue speed allows."""
    d2 = side * side + height * height
    v = ball_speed * (1 + FF_BALL_MASS_G / FF_CUE_MASS_G + FF_C1 * 2.5 * d2) / 2
    return (1000 * R * side, 1000 * R * height, 0.0, math.degrees(azimuth) - 90.0,
            min(v, FF_MAX_CUE_SPEED))


def scene_line(spots, stroke) -> str:
    coords = " ".join(repr(float(c)) for x, y in spots for c in ff_position(x, y))
    return f"{len(spots)} {coords} " + " ".join(repr(float(p)) for p in stroke)


def scenes(shots: int) -> tuple:
    """(text of the driver's scenes file, {set: shots per timed run}, how many random
    shots FastFiz plays slower than ours: its cue speed capped at FF_MAX_CUE_SPEED)."""
    table = NINE_FOOT
    lines = [f"table {table.length!r} {table.width!r} {table.corner_mouth!r} "
             f"{table.side_mouth!r} {CUE_LENGTH_M!r}", f"set random_10 {shots}"]
    capped = 0
    for spots, azimuth, speed, offset, angle in random_draws(shots):
        stroke = ff_stroke(azimuth, speed, offset * math.cos(angle), offset * math.sin(angle))
        capped += stroke[-1] == FF_MAX_CUE_SPEED
        lines.append(scene_line(spots, stroke))
    _, balls, _ = break_stroke()
    breaks = max(1, shots // 2)
    rack = [b.position[:2] for b in balls]
    lines.append(f"set nine_ball_break {breaks}")
    lines += [scene_line(rack, ff_stroke(0.0, BREAK_SPEED, 0.0, 0.0))] * breaks
    return "\n".join(lines) + "\n", {"random_10": shots, "nine_ball_break": breaks}, capped


def build(fastfiz: Path, out: Path) -> Path:
    """The driver compiled against the FastFiz checkout `fastfiz` into `out`."""
    src = fastfiz / "fastfiz" / "src"
    include = fastfiz / "fastfiz" / "include"
    if not (include / "FastFiz.h").is_file():
        raise SystemExit(f"{fastfiz} is not a FastFiz checkout: no fastfiz/include/FastFiz.h")
    exe = out / "fastfiz_bench"
    cmd = ["g++", *CXXFLAGS, f"-I{include}", str(DRIVER), *(str(src / s) for s in SOURCES),
           "-lgsl", "-lgslcblas", "-o", str(exe)]
    done = subprocess.run(cmd, capture_output=True, text=True)
    if done.returncode != 0:
        raise SystemExit("building the FastFiz driver failed:\n" + " ".join(cmd) + "\n"
                         + done.stderr[-3000:])
    return exe


def fastfiz_round(exe: Path, scene_file: Path) -> dict:
    """One timed run of every set: {set: (CPU us per shot, events per shot, bad shots)}."""
    done = subprocess.run([str(exe), str(scene_file), "1"], capture_output=True, text=True,
                          check=True)
    rows = [json.loads(line) for line in done.stdout.splitlines() if line.startswith("{")]
    return {r["set"]: (r["cpu_us_per_shot"], r["events_per_shot"], r["bad_shots"])
            for r in rows}


def compare(fastfiz: Path, build_dir: Path, shots: int = 500, rounds: int = 7) -> dict:
    """Medians over `rounds` interleaved rounds, CPU us per shot, of our shoot() and of
    FastFiz on the same random 10-ball shots and 9-ball breaks; events per shot."""
    exe = build(fastfiz, build_dir)
    text, counts, capped = scenes(shots)
    scene_file = build_dir / "scenes.txt"
    scene_file.write_text(text)
    strokes = random_strokes(shots)
    table, balls, stroke = break_stroke()
    breaks = counts["nine_ball_break"]
    arguments = {"random_10": [(NINE_FOOT, b, 0, s) for b, s in strokes],
                 "nine_ball_break": [(table, balls, 0, stroke)] * breaks}
    ours_runs = {key: each(shoot, a) for key, a in arguments.items()}
    # the other harness: every result of a run kept alive until it ends
    kept_runs = {key: kept(shoot, a) for key, a in arguments.items()}
    ours, theirs = {k: [] for k in counts}, {k: [] for k in counts}
    ours_kept = {k: [] for k in counts}
    fastfiz_round(exe, scene_file)                       # warm the caches and the files
    for run in ours_runs.values():
        run()
    for _ in range(rounds):
        for key, run in ours_runs.items():
            ours[key].append(cpu_per_call(run, counts[key], 1))
            ours_kept[key].append(cpu_per_call(kept_runs[key], counts[key], 1))
        peer = fastfiz_round(exe, scene_file)
        for key in counts:
            theirs[key].append(peer[key][0])
    ours_events = {
        "random_10": statistics.fmean(len(shoot(NINE_FOOT, b, 0, s).events)
                                      for b, s in strokes),
        "nine_ball_break": float(len(shoot(table, balls, 0, stroke).events)),
    }
    out = {}
    for key in counts:
        mine, them = statistics.median(ours[key]), statistics.median(theirs[key])
        mine_kept = statistics.median(ours_kept[key])
        out[key] = {"ours_us": round(mine, 2), "fastfiz_us": round(them, 2),
                    "ratio": round(them / mine, 2), "ours_kept_us": round(mine_kept, 2),
                    "ratio_kept": round(them / mine_kept, 2),
                    "ours_events": round(ours_events[key], 2),
                    "fastfiz_events": peer[key][1], "fastfiz_bad_shots": peer[key][2],
                    "shots": counts[key], "fastfiz_capped": capped if key == "random_10" else 0,
                    "ours_rounds_us": [round(v, 2) for v in ours[key]],
                    "fastfiz_rounds_us": [round(v, 2) for v in theirs[key]]}
    return out


LABELS = {"random_10": "random 10-ball shot", "nine_ball_break": "9-ball break"}
TARGETS = {"random_10": 3.0, "nine_ball_break": 8.0}      # issue 30: at least this ratio


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--fastfiz", type=Path, required=True,
                        help="a FastFiz checkout (fastfiz/include, fastfiz/src)")
    parser.add_argument("--build", type=Path, help="where to build the driver")
    parser.add_argument("--shots", type=int, default=500)
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="fastfiz_") as tmp:
        build_dir = args.build or Path(tmp)
        build_dir.mkdir(parents=True, exist_ok=True)
        result = compare(args.fastfiz.resolve(), build_dir, args.shots, args.rounds)
    if args.json:
        print(json.dumps(result))
        return
    print(f"{'CPU us per shot (median of ' + str(args.rounds) + ' rounds)':34s} "
          f"{'ours':>8s} {'FastFiz':>8s} {'ratio':>6s} {'target':>6s} {'kept':>8s} "
          f"{'ratio':>6s}   events ours/FastFiz")
    for key, r in result.items():
        print(f"{LABELS[key]:34s} {r['ours_us']:8.1f} {r['fastfiz_us']:8.1f} "
              f"{r['ratio']:6.2f} {TARGETS[key]:6.1f} {r['ours_kept_us']:8.1f} "
              f"{r['ratio_kept']:6.2f}   {r['ours_events']:.1f} / "
              f"{r['fastfiz_events']:.1f}"
              + (f"; {r['fastfiz_capped']} of {r['shots']} slower in FastFiz (its cue speed cap)"
                 if r['fastfiz_capped'] else "")
              + (f"; {r['fastfiz_bad_shots']} refused by FastFiz" if r['fastfiz_bad_shots']
                 else ""))


if __name__ == "__main__":
    main()
