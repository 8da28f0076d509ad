"""The server's seed: by default every match gets a random one (its toss and racks cannot
be foreseen); `--seed N` gives every match N, so the same matches can be played again; a
seed the recordings could not hold is refused in one sentence."""
import subprocess
import sys

from game.net.client import MatchClient
from game.server import SEED_LIMIT

from tests.net.helpers import ENV, ROOT, start_server, stop


def seeds_of_two_matches(port: int) -> list:
    """The seeds of two 9-ball matches hosted and joined on the server at `port`, as the
    joining player's mirror of each has it."""
    url = f"ws://127.0.0.1:{port}"
    seeds = []
    for k in range(2):
        host, guest = MatchClient(url, name=f"Host{k}"), MatchClient(url, name=f"Guest{k}")
        try:
            host.connect()
            host.host("nine_ball")
            code = host.wait_for("match").data["code"]
            guest.connect()
            guest.join(code)
            guest.wait_for("started")
            seeds.append(guest.session.seed)
        finally:
            host.close()
            guest.close()
    return seeds


def test_every_match_gets_the_seed_given_or_a_random_one(tmp_path):
    server, port = start_server(tmp_path / "given", "--seed", 6)
    try:
        assert seeds_of_two_matches(port) == [6, 6]
    finally:
        stop(server)
    server, port = start_server(tmp_path / "random")
    try:
        first, second = seeds_of_two_matches(port)
    finally:
        stop(server)
    assert first != second and 0 <= first < SEED_LIMIT and 0 <= second < SEED_LIMIT


def test_a_seed_too_large_for_a_recording_is_refused_in_one_sentence(tmp_path):
    done = subprocess.run([sys.executable, "-m", "game.server", "--data", str(tmp_path),
                           "--seed", str(SEED_LIMIT)], capture_output=True, text=True,
                          cwd=ROOT, env=ENV, timeout=60)
    assert done.returncode == 2
    assert done.stderr.strip().splitlines()[-1].endswith(
        f"error: --seed must be less than {SEED_LIMIT}")
