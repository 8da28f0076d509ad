"""The levels' pot rates on the fixed suite of pot layouts (tests/ai/pot_suite.json):

    python -m game.level_report [--levels beginner,amateur,pro] [--attempts 20] [--seed 1]

Each level plans its stroke on every layout once and plays it --attempts times under its
execution noise (game.ai.calibration); prints the pot rate overall and by cut angle and
cue-ball distance, with the targets (beginner <= 50 %, amateur 60-80 %, pro >= 85 %).
The same arguments print the same figures.
"""
from __future__ import annotations

import argparse
import sys

from tqdm import tqdm

from game.ai import LEVELS
from game.ai.calibration import (CUT_BANDS, DISTANCE_BANDS, SUITE_PATH, load_suite,
                                 suite_result)
from game.arguments import command_parser, whole_number
from game.i18n import _, ngettext, number

TARGETS = {"beginner": (0.0, 0.50), "amateur": (0.60, 0.80), "pro": (0.85, 1.0)}


def parse_args(argv=None) -> argparse.Namespace:
    parser = command_parser(
        prog="python -m game.level_report",
        description=_("Breakshot: each computer level's pot rate on the fixed pot-layout "
                      "suite."))
    parser.add_argument("--levels", default="beginner,amateur,pro",
                        help=_("comma-separated levels (default: beginner,amateur,pro)"))
    parser.add_argument("--attempts", type=whole_number(1), default=20,
                        help=_("executions of the planned stroke per layout (default: 20)"))
    parser.add_argument("--seed", type=whole_number(), default=1,
                        help=_("seed of the plans and the noise (default: 1)"))
    parser.add_argument("--suite", default=str(SUITE_PATH),
                        help=_("the suite file (default: tests/ai/pot_suite.json)"))
    args = parser.parse_args(argv)
    args.levels = [name.strip() for name in args.levels.split(",") if name.strip()]
    unknown = [name for name in args.levels if name not in LEVELS]
    if unknown or not args.levels:
        parser.error(_("--levels: unknown level(s) {unknown}; choose from {levels}").format(
                         unknown=unknown, levels=sorted(LEVELS)))
    return args


def main(argv=None) -> int:
    args = parse_args(argv)
    suite = load_suite(args.suite)
    print(_("{layouts} ({suite}), {attempts} each, seed {seed}").format(
        layouts=ngettext("{n} pot layout", "{n} pot layouts", len(suite)).format(n=len(suite)),
        suite=args.suite, seed=args.seed,
        attempts=ngettext("{n} attempt", "{n} attempts", args.attempts).format(
            n=args.attempts)))
    results = []
    for name in args.levels:
        with tqdm(total=len(suite), desc=name, unit="layout", file=sys.stderr) as bar:
            results.append(suite_result(name, suite, args.attempts, args.seed,
                                        on_layout=lambda: bar.update(1)))
    bands = ([("cut_deg", low, high, _("cut {low:.0f}-{high:.0f} deg").format(low=low, high=high))
              for low, high in CUT_BANDS]
             + [("cue_distance", low, high, _("cue ball {low}-{high} m").format(
                 low=number(low), high=number(high))) for low, high in DISTANCE_BANDS])
    for result in results:
        low, high = TARGETS[result.level]
        verdict = _("meets") if low <= result.rate <= high else _("MISSES")
        print(f"{result.level:<9} " + _("pot rate {rate:5.1f}%  (target {low:.0f}-{high:.0f}%: "
                                        "{verdict})").format(
            rate=100 * result.rate, low=100 * low, high=100 * high, verdict=verdict))
        print("          " + ", ".join(f"{label} {100 * result.band_rate(key, a, b):.0f}%"
                                       for key, a, b, label in bands))
    ordered = all(lower.rate < upper.rate for lower, upper in zip(results, results[1:]))
    if len(results) > 1:
        print(_("levels ordered: {answer}").format(answer=_("yes") if ordered else _("NO")))
    return 0


if __name__ == "__main__":
    sys.exit(main())
