"""Write the replay fixtures of the current format version (run once per version, from
the repository root: python tests/replay/make_fixtures.py).

Each fixture is a short match of one mode played by the test harness and recorded with
a fixed start time. Committed files of older versions are kept: test_format_fixtures.py
loads every one of them, and compares the structure of the current version's fixtures
with a fresh recording, so a change of the format that forgets its version bump fails.
"""
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from game.replay import Recorder                        # noqa: E402
from game.replay.version import format_version_text     # noqa: E402
from game.session import GameSession                    # noqa: E402
from replay_harness import STARTED, play_match          # noqa: E402

FOLDER = Path(__file__).resolve().parent / "fixtures"
# mode -> (seed, games, shot cap): two short games, so NextGame and a concession appear.
MATCHES = {"nine_ball": (21, 2, 4), "eight_ball": (22, 2, 4)}


def fixture_path(mode: str, version: str | None = None) -> Path:
    return FOLDER / f"format_{version or format_version_text()}_{mode}.bsreplay"


def main() -> None:
    FOLDER.mkdir(exist_ok=True)
    for mode, (seed, games, cap) in MATCHES.items():
        path = fixture_path(mode)
        if path.exists():
            print(f"{path} exists: a fixture is never rewritten (delete it by hand if it "
                  f"was never committed)")
            continue
        session = GameSession(mode, ("Ann", "Bob"), seed=seed)
        Recorder(session, path=path, started=STARTED)
        play_match(session, seed=seed, games=games, shot_cap=cap)
        print(f"wrote {path}: {len(session.shots)} shots, {len(session.commands)} commands")


if __name__ == "__main__":
    main()
