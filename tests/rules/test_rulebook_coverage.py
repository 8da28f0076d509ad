"""Every rule and resolution of the rule book (R8-*, R8-X*, R9-*, R9-X*), every (b) rule
with an engine counterpart, and every section 5 variant switch has at least one scenario
in this folder."""
import dataclasses
import functools
import re
from pathlib import Path

import pytest

from game.rules.variants import EightBallVariants, NineBallVariants

HERE = Path(__file__).parent
RULEBOOK = HERE.parents[2] / "shared" / "rules" / "RULEBOOK.md"

RULE_IDS = ([f"R8-{n:02d}" for n in range(1, 27)] + [f"R8-X{n:02d}" for n in range(1, 20)]
            + [f"R9-{n:02d}" for n in range(1, 31)] + [f"R9-X{n:02d}" for n in range(1, 19)])
# Category (b) rules with an engine counterpart (stroke faults, placement, coin toss,
# shot clock, concede, the three-foul warning).
ENGINE_B_RULES = ["R8-B06", "R8-B07", "R8-B08", "R8-B09", "R8-B10", "R8-B11",
                  "R9-B03", "R9-B05", "R9-B08", "R9-B09", "R9-B12", "R9-B13"]
VARIANTS = ([f.name for f in dataclasses.fields(EightBallVariants)]
            + [f.name for f in dataclasses.fields(NineBallVariants)])


@functools.cache
def _test_text() -> str:
    return "\n".join(p.read_text() for p in sorted(HERE.glob("test_*.py"))
                     if p.name != Path(__file__).name)


@pytest.mark.parametrize("rule_id", RULE_IDS + ENGINE_B_RULES)
def test_every_rule_has_a_scenario(rule_id):
    assert re.search(rf"\b{re.escape(rule_id)}\b", _test_text()), rule_id


@pytest.mark.parametrize("switch", VARIANTS)
def test_every_variant_switch_has_a_scenario(switch):
    assert switch in _test_text()


@pytest.mark.skipif(not RULEBOOK.exists(), reason="shared/ rule book not beside the repo")
def test_rule_list_matches_the_rule_book():
    text = RULEBOOK.read_text()
    book = set(re.findall(r"\bR[89]-X?\d\d\b", text))
    assert book == set(RULE_IDS)
    switches = set(re.findall(r"^\| `(\w+)` \|", text, flags=re.MULTILINE))
    assert switches == set(VARIANTS)
