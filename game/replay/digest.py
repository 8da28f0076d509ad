"""The digest of one shot: SHA-256 over its solver data in a canonical byte form.

What is hashed, in order, each section preceded by a line naming it, its little-endian
dtype and its shape: the balls' initial rows (n, 11) float64 (radius, mass, position,
velocity, angular velocity after the strike), the event log (its own columns, packed),
the trajectory pieces (ball, state, t0, rvw) and the final positions (n, 3) and motion
states (n,). Little-endian bytes make the digest the same on every machine; a digest of
the stored data (not of a Python object) makes it the same after a save and a load.
"""
from __future__ import annotations

import hashlib

import numpy as np

DIGEST_PREFIX = "sha256:"
_HEADER = b"breakshot shot digest 1\n"


def little_endian(dtype: np.dtype) -> np.dtype:
    """`dtype` with every field little-endian and packed (no alignment padding)."""
    if dtype.names is None:
        return dtype.newbyteorder("<")
    return np.dtype([(name, dtype.fields[name][0].newbyteorder("<")) for name in dtype.names])


def shot_digest(rows: np.ndarray, events: np.ndarray, pieces: tuple,
                final_positions: np.ndarray, final_states: np.ndarray) -> str:
    """"sha256:<64 hex digits>" of one shot's data (see the module docstring)."""
    h = hashlib.sha256(_HEADER)
    ball, state, t0, rvw = pieces
    sections = (("rows", rows), ("events", events), ("pieces.ball", ball),
                ("pieces.state", state), ("pieces.t0", t0), ("pieces.rvw", rvw),
                ("final.position", final_positions), ("final.state", final_states))
    for name, array in sections:
        canonical = np.ascontiguousarray(array, dtype=little_endian(array.dtype))
        h.update(f"{name} {canonical.dtype.descr} {canonical.shape}\n".encode())
        h.update(canonical.tobytes())
    return DIGEST_PREFIX + h.hexdigest()
