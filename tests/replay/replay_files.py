"""Reading and rewriting replay archives member by member, for the malformed-file and
fuzz tests."""
import json
import os
import zipfile


def members(path) -> dict:
    """{name: bytes} of a replay archive, in archive order."""
    with zipfile.ZipFile(path) as archive:
        return {name: archive.read(name) for name in archive.namelist()}


def write_zip(path, contents: dict) -> None:
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in contents.items():
            archive.writestr(name, data)


def with_json(source, out, member: str, change) -> None:
    """Copy the archive `source` to `out` with member `member` parsed, passed to
    change(document) (which edits it in place or returns a replacement), re-serialised."""
    contents = members(source)
    document = json.loads(contents[member])
    document = change(document) or document
    contents[member] = json.dumps(document).encode()
    write_zip(out, contents)


def listing(folder) -> list:
    return sorted(os.listdir(folder))
