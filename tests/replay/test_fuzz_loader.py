"""Fuzzing the loader (hypothesis): random bytes, truncations and bit flips of a real
file, and mutated JSON in its members. Whatever the input, loading returns a Replay or
raises a ReplayError, within a time limit, and writes nothing."""
import json
import os
import signal
from contextlib import contextmanager

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from replay_harness import record_match
from game.replay import ReplayError, load_replay
from replay_files import listing, members, write_zip

LIMIT_S = 10          # a load of this small file takes milliseconds: longer is a hang
FUZZ = settings(max_examples=120, deadline=None, derandomize=True,
                suppress_health_check=[HealthCheck.function_scoped_fixture,
                                       HealthCheck.too_slow])


@pytest.fixture(scope="module")
def original(tmp_path_factory):
    """A two-shot match, small enough to fuzz quickly."""
    _, recorder = record_match(tmp_path_factory.mktemp("fuzz"), "nine_ball", seed=5, games=1,
                               shot_cap=2)
    return recorder.path


@pytest.fixture(scope="module")
def original_bytes(original):
    return open(original, "rb").read()


@contextmanager
def time_limit(seconds):
    """TimeoutError if the block runs longer than `seconds` (SIGALRM, main thread)."""
    def alarm(signum, frame):
        raise TimeoutError(f"the loader ran for more than {seconds} s")
    previous = signal.signal(signal.SIGALRM, alarm)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


def load_or_refuse(path):
    """Load `path`; only a ReplayError may escape, nothing may be written beside it."""
    before = listing(os.path.dirname(path))
    with time_limit(LIMIT_S):
        try:
            load_replay(path)
        except ReplayError:
            pass
    assert listing(os.path.dirname(path)) == before


def put(tmp_path, data: bytes) -> str:
    path = tmp_path / "fuzzed.bsreplay"
    path.write_bytes(data)
    return str(path)


@FUZZ
@given(data=st.binary(max_size=4096))
def test_random_bytes(tmp_path, data):
    load_or_refuse(put(tmp_path, data))


@FUZZ
@given(data=st.binary(max_size=512))
def test_random_bytes_after_a_zip_signature(tmp_path, data):
    load_or_refuse(put(tmp_path, b"PK\x03\x04" + data))


@FUZZ
@given(fraction=st.floats(0.0, 1.0, exclude_max=True))
def test_truncations(tmp_path, original_bytes, fraction):
    cut = original_bytes[:int(len(original_bytes) * fraction)]
    with pytest.raises(ReplayError):
        with time_limit(LIMIT_S):
            load_replay(put(tmp_path, cut))


@FUZZ
@given(flips=st.lists(st.tuples(st.floats(0.0, 1.0, exclude_max=True),
                                st.integers(0, 7)), min_size=1, max_size=4))
def test_bit_flips(tmp_path, original_bytes, flips):
    data = bytearray(original_bytes)
    for where, bit in flips:
        data[int(where * len(data))] ^= 1 << bit
    load_or_refuse(put(tmp_path, bytes(data)))


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-2 ** 70, 2 ** 70) | st.floats()
    | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner,
                                                                 max_size=4),
    max_leaves=12)


def _places(node, path=()):
    """Every (container, key) in a JSON document, depth first."""
    if isinstance(node, dict):
        items = node.items()
    elif isinstance(node, list):
        items = enumerate(node)
    else:
        return
    for key, child in list(items):
        yield node, key
        yield from _places(child, path + (key,))


def mutate(document, choice: int, action: str, value):
    places = list(_places(document))
    if not places:
        return value
    container, key = places[choice % len(places)]
    if action == "replace":
        container[key] = value
    elif action == "delete":
        del container[key]
    elif isinstance(container, list):
        container.insert(key, value)
    else:
        container[f"{key}_"] = value
    return document


@FUZZ
@given(member=st.sampled_from(["replay.json", "shots/0000.json", "shots/0001.json"]),
       mutations=st.lists(st.tuples(st.integers(0, 10 ** 6),
                                    st.sampled_from(["replace", "delete", "insert"]),
                                    json_values), min_size=1, max_size=3))
def test_mutated_json(tmp_path, original, member, mutations):
    contents = members(original)
    document = json.loads(contents[member])
    for choice, action, value in mutations:
        document = mutate(document, choice, action, value)
    contents[member] = json.dumps(document).encode()
    path = tmp_path / "mutated.bsreplay"
    write_zip(path, contents)
    load_or_refuse(str(path))
