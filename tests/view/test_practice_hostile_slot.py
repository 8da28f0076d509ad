"""F9 on a hostile practice slot: the HUD says why in one sentence and practice goes on
with the table as it was (the practice screen catches every game.storage refusal)."""
import os

import pytest

from test_practice import practice  # noqa: F401 - the practice screen fixture


@pytest.mark.parametrize("make", [
    lambda p: p.write_text("[" * 100_000),
    lambda p: p.write_text('{"format": "breakshot-practice-position", "version": '
                           + "9" * 5000 + "}"),
    lambda p: p.write_text('{"format": "breakshot-practice-position", "version": 1.0}'),
    os.mkfifo,
    lambda p: p.symlink_to("/dev/zero"),
], ids=["deep", "huge-number", "float-version", "fifo", "dev-zero"])
def test_a_hostile_slot_is_refused_on_the_hud(practice, tmp_path, make):  # noqa: F811
    screen, inputs, _ = practice
    make(tmp_path / "nine_ball-slot-1.json")
    before = dict(screen.table.position.layout)
    inputs.key("f9")
    message = screen.hud.message.getText()
    assert message.startswith("The position could not be loaded: ")
    assert str(tmp_path / "nine_ball-slot-1.json") in message and "\n" not in message
    assert dict(screen.table.position.layout) == before and screen.state == "Aiming"
    inputs.key("f9")                       # and again: the game goes on
    assert screen.hud.message.getText() == message
