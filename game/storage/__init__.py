"""Saved files of every kind (replays, settings, practice positions): the one layer that
writes them atomically and reads them as untrusted input. Pure Python, no Panda3D.

    errors    FileRefused (and its kinds): one sentence naming the file and the problem
    text      printable(): text from a file made safe for a terminal or the HUD
    atomic    atomic_write, stale ".partial" clean-up, ".corrupt" copies that never clash
    bounded   read_bounded: regular files only, size-capped, never hangs on a FIFO
    zipread   ZipReader: a zip archive with bounded member count and inflated sizes
    jsonread  parse_json: JSON with depth and number-length limits; read_json_file both
    plain     to_plain / from_plain: frozen dataclasses to JSON-ready data and back, checked

Every refusal is a FileRefused (a ValueError) raised before anything large is read,
inflated or parsed; nothing here writes while reading.
"""
from .atomic import PARTIAL_SUFFIX, atomic_write, clean_partials, keep_corrupt
from .bounded import read_bounded
from .errors import FileRefused, ForeignFile, TruncatedFile
from .jsonread import parse_json, read_json_file
from .text import printable
from .zipread import ZipReader

__all__ = ["FileRefused", "ForeignFile", "TruncatedFile", "atomic_write", "clean_partials",
           "keep_corrupt", "PARTIAL_SUFFIX", "read_bounded", "parse_json", "read_json_file",
           "printable", "ZipReader"]
