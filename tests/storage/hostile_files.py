"""Hostile files, made as an attacker would: one builder per class of attack on the
replay, settings and practice loaders (issue 12's classes, and more). Each builder writes
its files into a folder and returns jobs for hostile_worker.py:
{"loader", "path", "case", "expect"} where expect is the error class every refusal must
be an instance of ("settings" files are answered with the defaults and a sentence)."""
import io
import json
import os
import struct
import zipfile
import zlib
from pathlib import Path

from game.replay.zipwrite import Member, write_archive

FIXTURE = Path(__file__).resolve().parents[1] / "replay" / "fixtures" / \
    "format_1.0_nine_ball.bsreplay"


def fixture_members() -> dict:
    with zipfile.ZipFile(FIXTURE) as archive:
        return {name: archive.read(name) for name in archive.namelist()}


def archive(members) -> bytes:
    """A zip of `members`: (name, bytes) pairs or ready zipwrite.Members, in order."""
    out = io.BytesIO()
    write_archive(out, [m if isinstance(m, Member) else Member.deflate(*m) for m in members])
    return out.getvalue()


def bomb(name: str, size: int, claim: int | None = None) -> Member:
    """A member of `size` zero bytes deflated in chunks (never held whole), claiming
    `claim` bytes (default: the truth) in the archive's headers."""
    packer, crc, pieces, block = zlib.compressobj(1, zlib.DEFLATED, -15), 0, [], bytes(1 << 20)
    for _ in range(size >> 20):
        pieces.append(packer.compress(block))
        crc = zlib.crc32(block, crc)
    pieces.append(packer.flush())
    return Member(name, b"".join(pieces), crc, size if claim is None else claim)


class Cases:
    """Collects hostile files in `folder`, one sub-folder per file (so "nothing was
    written" is checked on a folder holding only it)."""

    def __init__(self, folder: Path):
        self.folder, self.jobs = folder, []

    def place(self, case: str, name: str) -> Path:
        home = self.folder / f"{len(self.jobs):03d}"
        home.mkdir()
        return home / name

    def add(self, loader: str, case: str, path: Path, expect: str) -> None:
        self.jobs.append({"loader": loader, "case": case, "path": str(path), "expect": expect})

    def replay_bytes(self, case: str, data: bytes, also_recent: bool = True) -> None:
        path = self.place(case, "match.bsreplay")
        path.write_bytes(data)
        self.add("replay", case, path, "ReplayError")
        if also_recent:
            self.add("recent", case, path.parent, "MatchSummary.error")

    def special(self, case: str, loader: str, make, name: str, expect: str) -> None:
        """A file made by make(path) (a FIFO, a symlink, a folder, nothing)."""
        path = self.place(case, name)
        make(path)
        self.add(loader, case, path.parent if loader == "recent" else path, expect)

    def text(self, loader: str, case: str, data: bytes, name: str, expect: str) -> None:
        path = self.place(case, name)
        path.write_bytes(data)
        self.add(loader, case, path, expect)


# ---- replays ---------------------------------------------------------------------------

def edited_manifest(change) -> bytes:
    """The fixture with its manifest passed through change(document)."""
    members = fixture_members()
    document = json.loads(members["replay.json"])
    document = change(document) or document
    members["replay.json"] = json.dumps(document).encode()
    return archive(members.items())


def replay_cases(cases: Cases) -> None:
    members = fixture_members()
    manifest = members["replay.json"]
    good = list(members.items())

    # Not a regular file: each must be refused without being opened or read.
    for loader in ("replay", "recent"):
        cases.special("fifo", loader, os.mkfifo, "x.bsreplay", "ReplayError"
                      if loader == "replay" else "skipped")
    for target in ("/dev/zero", "/dev/urandom", "/dev/null", "/"):
        cases.special(f"symlink to {target}", "replay", lambda p, t=target: p.symlink_to(t),
                      "x.bsreplay", "ReplayError")
    cases.special("dangling symlink", "replay", lambda p: p.symlink_to(p.parent / "gone"),
                  "x.bsreplay", "ReplayError")
    cases.special("symlink loop", "replay", lambda p: p.symlink_to(p), "x.bsreplay",
                  "ReplayError")
    cases.special("missing file", "replay", lambda p: None, "x.bsreplay", "ReplayError")
    cases.special("folder", "replay", lambda p: p.mkdir(), "x.bsreplay", "ReplayError")

    # Sizes: a sparse file far past the cap (no disk used), bombs honest and lying.
    def sparse(p):
        with open(p, "wb") as f:
            f.truncate(300 << 20)
    cases.special("300 MB sparse file", "replay", sparse, "x.bsreplay", "ReplayError")
    cases.replay_bytes("255 MB manifest bomb", archive([bomb("replay.json", 255 << 20)]))
    for size, claim in ((20 << 20, 1000), (20 << 20, len(manifest)), (9 << 20, 8 << 20)):
        cases.replay_bytes(f"manifest inflating to {size} claiming {claim}",
                           archive([bomb("replay.json", size, claim)] + good[1:]))
    cases.replay_bytes("shot bomb", archive(good[:1] + [bomb("shots/0000.json", 64 << 20)]
                                            + good[2:]))
    cases.replay_bytes("lying shot bomb", archive(good[:1] + [bomb("shots/0000.json", 64 << 20,
                                                                   5000)] + good[2:]))
    small = bomb("shots/0100.json", 3 << 20)
    cases.replay_bytes("many small members over the total", archive(
        good + [Member(f"shots/{k:04d}.json", small.deflated, small.crc, small.size)
                for k in range(100, 500)]))

    # The central directory: too many entries, and end records that lie.
    cases.replay_bytes("12,000 members", archive(good + [(f"shots/{k:05d}.json", b"{}")
                                                         for k in range(10, 12_010)]))
    end = struct.Struct("<IHHHHIIH")
    real = archive(good)
    at = real.rfind(b"PK\x05\x06")
    fields = list(end.unpack_from(real, at))
    for label, index, value in (("zip64 count", 4, 0xFFFF), ("60,000 entries claimed", 4, 60_000),
                                ("disk count mismatch", 3, 1), ("directory size 0", 5, 0),
                                ("directory offset past end", 6, 10 ** 8), ("multi-disk", 1, 1)):
        changed = list(fields)
        changed[index] = value
        if index == 4:
            changed[3] = value
        cases.replay_bytes(f"end record: {label}", real[:at] + end.pack(*changed))
    cases.replay_bytes("end record comment lies", real[:at] + end.pack(*fields[:-1], 500))
    cases.replay_bytes("only an end record", end.pack(*fields[:3], 0, 0, 0, 0, 0))

    # Member names and the member set.
    cases.replay_bytes("two replay.json, same", archive(good[:1] + good))
    cases.replay_bytes("two replay.json, different", archive(
        good + [("replay.json", json.dumps({"format": "breakshot-replay"}).encode())]))
    cases.replay_bytes("a shot member twice", archive(good + good[1:2]))
    for name in ("../../x/evil.json", "/etc/evil.json", "shots/../replay.json", "C:/evil.json",
                 "shots\\0000.json", "shots//0000.json", "./replay.json", "evil\x00.json",
                 "", "readme.txt", "shots/0000.json.exe", "shots/", "\x1b[2Jshots.json"):
        cases.replay_bytes(f"member named {name!r}", archive(good + [(name, b"{}")]))
    raw = archive(good + [("shots/zzzz.json", b"{}")]).replace(b"shots/zzzz", b"shots/\xff\xfezz")
    cases.replay_bytes("member name not UTF-8", raw)

    # Members that break the container's rules.
    packed = archive(good)
    first = packed.find(b"PK\x01\x02")
    for label, offset, value in (("encrypted", 8, b"\x01\x08"), ("bzip2 method", 10, b"\x0c\x00"),
                                 ("stored with two sizes", 10, b"\x00\x00")):
        cases.replay_bytes(f"member {label}", packed[:first + offset] + value
                           + packed[first + offset + 2:])
    crc = Member.deflate("replay.json", manifest)
    cases.replay_bytes("CRC mismatch", archive([Member(crc.name, crc.deflated, crc.crc ^ 1,
                                                       crc.size)] + good[1:]))
    cases.replay_bytes("inflates short of its claim", archive(
        [Member(crc.name, crc.deflated, crc.crc, crc.size + 10)] + good[1:]))
    cases.replay_bytes("raw garbage as deflate", archive(
        [Member("replay.json", os.urandom(5000), 0, 100_000)] + good[1:]))
    cases.replay_bytes("local name differs", packed.replace(b"replay.json", b"replay.jsoN", 1))
    for fraction in (0.05, 0.5, 0.95, 0.9999):
        cases.replay_bytes(f"truncated at {fraction}", packed[:int(len(packed) * fraction)])

    # JSON that would recurse or convert forever.
    for member in ("replay.json", "shots/0000.json"):
        others = [m for m in good if m[0] != member]
        for label, data in (("100,000 [", b"[" * 100_000), ("100,000 [1] nested",
                                                             b"[" * 50_000 + b"1" + b"]" * 50_000),
                            ("{ nested", b'{"a":' * 20_000 + b"1" + b"}" * 20_000),
                            ("5,000-digit integer", b'{"a": ' + b"9" * 5000 + b"}"),
                            ("5,000-digit float", b'{"a": 0.' + b"1" * 5000 + b"}"),
                            ("exponent 1e999999", b'{"a": 1e999999}'),
                            ("NaN", b'{"a": NaN}'),
                            ("UTF-16", json.dumps({"a": 1}).encode("utf-16")),
                            ("escaped quotes", b'["' + b'\\"' * 500_000 + b'"' + b"]" * 10)):
            cases.replay_bytes(f"{member}: {label}", archive([(member, data)] + others),
                               also_recent=member == "replay.json")

    # Contents: every field validated against the match.
    def shot(change):
        def edit(doc):
            change(doc["shots"][0])
        return edit

    def match(change):
        def edit(doc):
            change(doc["match"])
        return edit

    def ball(key, value):
        def edit(m):
            m["balls"][3][key] = value
        return edit

    edits = {
        "shot names ball 12 (not in 9-ball)": shot(lambda s: s["ball_ids"].__setitem__(9, 12)),
        "shot names ball 999": shot(lambda s: s["ball_ids"].__setitem__(5, 999)),
        "fewer balls than the shots use": match(lambda m: m["balls"].pop()),
        "a ball listed twice": match(lambda m: m["balls"].__setitem__(1, m["balls"][2])),
        "negative radius": match(ball("radius", -0.028575)),
        "zero radius": match(ball("radius", 0.0)),
        "zero mass": match(ball("mass", 0)),
        "huge radius": match(ball("radius", 5.0)),
        "radius as a string": match(ball("radius", "0.03")),
        "9-ball relabelled eight_ball": match(lambda m: m.update(mode="eight_ball")),
        "unknown mode": match(lambda m: m.update(mode="snooker")),
        "three players": match(lambda m: m["players"].append("Eve")),
        "player name 10,000 characters": match(lambda m: m["players"].__setitem__(0, "A" * 10_000)),
        "player name a number": match(lambda m: m["players"].__setitem__(0, 7)),
        "rack ball off the table": match(lambda m: m["rack"].update({"1": [9.0, 0.5]})),
        "rack ball 15 in 9-ball": match(lambda m: m["rack"].update({"15": [1.0, 0.5]})),
        "rack position 3 numbers": match(lambda m: m["rack"].update({"1": [1.0, 0.5, 0.0]})),
        "table negative length": match(lambda m: m["table"].update(length=-2.54)),
        "table name 1,000 characters": match(lambda m: m["table"].update(name="t" * 1000)),
        "seed a float": match(lambda m: m.update(seed=1.5)),
        "off-table cue-ball placement command": lambda d: d["commands"][0].update(
            position=[-3.0, 0.5]),
        "placement command on the cushion": lambda d: d["commands"][0].update(
            position=[0.0, 0.6]),
        "placement command as a string": lambda d: d["commands"][0].update(position="here"),
        "shot placement off the table": shot(lambda s: s.update(placement=[0.4, 7.0])),
        "shot count mismatch": lambda d: d["shots"].pop(),
        "commands missing": lambda d: d.pop("commands"),
        "shoot command pointing to shot 5": lambda d: next(
            c for c in d["commands"] if c["type"] == "shoot").update(shot=5),
        "two shots share a member": lambda d: d["shots"][1].update(data="shots/0000.json"),
        "shot data member absent": shot(lambda s: s.update(data="shots/9999.json")),
        "shot data member ../x": shot(lambda s: s.update(data="../x.json")),
        "game numbers decrease": lambda d: d["shots"][1].update(game=-1),
        "games_won 3 values": lambda d: d.update(games_won=[1, 2, 3]),
        "shooter 2": shot(lambda s: s.update(shooter=2)),
        "stroke speed true": shot(lambda s: s["stroke"].update(speed=True)),
        "ruling text a list": shot(lambda s: s.update(ruling_text=["a"])),
        "version 2.0": lambda d: d.update(version="2.0"),
        "version 1.00000000000000000000001": lambda d: d.update(version="1." + "0" * 30),
        "a list, not an object": lambda d: [d],
    }
    for label, change in edits.items():
        cases.replay_bytes(label, edited_manifest(change))


# ---- settings and practice positions ----------------------------------------------------

def text_cases(cases: Cases) -> None:
    good_position = {"format": "breakshot-practice-position", "version": 1,
                     "table": json.loads(fixture_members()["replay.json"])["match"]["table"],
                     "game": "nine_ball", "layout": {"0": [0.6, 0.6], "1": [1.9, 0.635]}}
    common = [("100,000 [", b"[" * 100_000), ("100,000 {", b'{"a":' * 100_000),
              ("5,000-digit number", b'{"version": ' + b"1" * 5000 + b"}"),
              ("NaN", b'{"effects_volume": NaN}'), ("not UTF-8", b"\xff\xfe{}"),
              ("escaped quotes", b'["' + b'\\"' * 20_000 + b'"]'),
              ("megabyte of spaces", b" " * (1 << 20) + b"{}"), ("empty", b""),
              ("a list", b"[1, 2]"), ("escape codes", b'"\x1b]0;owned\x07"')]
    for label, data in common:
        cases.text("settings", f"settings: {label}", data, "settings.json", "none")
        cases.text("practice", f"practice: {label}", data, "slot1.json", "PositionFileError")
    settings = {"race_to 3.0": {"race_to": 3.0}, "race_to true": {"race_to": True},
                "race_to 1e3": {"race_to": 1e3}, "names not strings": {"names": [1, 2]},
                "players a dict": {"players": {"a": 1}}, "mode a list": {"mode": ["x"]},
                "volume 1e308": {"effects_volume": 1e308},
                "aids nested deep": {"aids": {"aim_line": {"a": {"b": [[[1]]]}}}}}
    for label, document in settings.items():
        cases.text("settings", f"settings: {label}", json.dumps(document).encode(),
                   "settings.json", "none")
    practice = {"version 1.0": {"version": 1.0}, "version true": {"version": True},
                "game a list": {"game": ["nine_ball"]},
                "ball off the table": {"layout": {"0": [0.6, 0.6], "1": [-1.0, 0.5]}},
                "ball 99": {"layout": {"99": [1.0, 0.5]}},
                "table a string": {"table": "big"}}
    for label, change in practice.items():
        cases.text("practice", f"practice: {label}", json.dumps({**good_position,
                                                                  **change}).encode(),
                   "slot1.json", "PositionFileError")
    for loader, name, expect in (("settings", "settings.json", "none"),
                                 ("practice", "slot1.json", "PositionFileError")):
        cases.special(f"{loader}: fifo", loader, os.mkfifo, name, expect)
        cases.special(f"{loader}: symlink to /dev/zero", loader,
                      lambda p: p.symlink_to("/dev/zero"), name, expect)
        cases.special(f"{loader}: folder", loader, lambda p: p.mkdir(), name, expect)

        def sparse(p):
            with open(p, "wb") as f:
                f.truncate(1 << 30)
        cases.special(f"{loader}: 1 GB sparse file", loader, sparse, name, expect)
    cases.special("practice: missing file", "practice", lambda p: None, "slot1.json",
                  "PositionFileError")
