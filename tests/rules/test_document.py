"""The rules document: every rule id the code cites heads a rule in it, in its game's
part; every variant switch has its section; the file ships as package data and is
read in the player's language when a translation exists."""
import dataclasses
import fnmatch
import re
import tomllib
from importlib import resources
from pathlib import Path

import pytest

from game import i18n
from game.rules import EightBallVariants, NineBallVariants, document

ROOT = Path(__file__).resolve().parents[2]
CITED = re.compile(r"R([89])-([BX]?)(\d{2})(?:\.\.R[89]-[BX]?(\d{2}))?")
PARTS = {"8": "eight_ball", "9": "nine_ball"}


def cited_ids() -> set:
    """Every rule id cited in game/'s Python files, ranges ("R9-28..R9-30") expanded."""
    ids = set()
    for path in (ROOT / "game").rglob("*.py"):
        for game, kind, first, last in CITED.findall(path.read_text(encoding="utf-8")):
            for number in range(int(first), int(last or first) + 1):
                ids.add(f"R{game}-{kind}{number:02d}")
    return ids


def test_the_code_cites_rules_of_both_games_and_ranges():
    ids = cited_ids()
    assert {"R8-X13", "R9-B13", "R9-29"} <= ids          # R9-29 only inside a range
    assert len(ids) > 80


def test_every_rule_id_the_code_cites_heads_a_rule_in_its_games_part():
    text = document.rules_text()
    for mode in PARTS.values():
        assert document.part(text, mode).startswith("## ")
    missing = {i for i in cited_ids() if i not in document.rule_ids(text)}
    assert not missing, f"cited in game/ but not in rules.md: {sorted(missing)}"
    for rule in cited_ids():
        part = document.part(text, PARTS[rule[1]])
        assert rule in document.rule_ids(part), f"{rule} is not in its game's part"


def test_each_rule_heads_one_rule_only():
    headings = document.RULE_HEADING.findall(document.rules_text())
    assert len(headings) == len(set(headings))


def test_every_variant_switch_has_a_section_in_its_games_part():
    text = document.rules_text()
    for variants, mode in ((EightBallVariants, "eight_ball"), (NineBallVariants, "nine_ball")):
        part = document.part(text, mode)
        for field in dataclasses.fields(variants):
            assert field.default is False
            assert re.search(rf"^#### {field.name}: ", part, re.MULTILINE), field.name
            section = part.split(f"#### {field.name}: ")[1].split("\n#### ")[0]
            assert "Off:" in section and "On:" in section, field.name


def test_an_unknown_part_is_refused():
    with pytest.raises(ValueError):
        document.part(document.rules_text(), "snooker")


def test_the_document_is_package_data_the_wheel_ships():
    found = resources.files("game.rules") / "rules.md"
    assert found.is_file() and "R9-X04" in found.read_text(encoding="utf-8")
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    patterns = config["tool"]["setuptools"]["package-data"]["game.rules"]
    assert any(fnmatch.fnmatch("rules.md", p) for p in patterns)
    assert any(fnmatch.fnmatch("rules.hr.md", p) for p in patterns), "translations too"


def test_a_translation_is_read_when_the_player_wants_its_language(tmp_path, monkeypatch):
    (tmp_path / "rules.md").write_text("english", encoding="utf-8")
    (tmp_path / "rules.hr.md").write_text("hrvatski", encoding="utf-8")
    monkeypatch.setattr(document.resources, "files", lambda package: tmp_path)
    assert document.rules_text(["hr"]) == "hrvatski"
    assert document.rules_text(["es", "hr"]) == "hrvatski"
    assert document.rules_text(["es"]) == "english"
    assert document.rules_text() == "english"


def test_the_languages_wanted_come_from_the_setting_else_the_system(monkeypatch):
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.setenv("LANG", "hr_HR.UTF-8")
    try:
        i18n.use_language(None)
        assert i18n.languages() == ["hr_HR", "hr"]
        monkeypatch.setenv("LANGUAGE", "es:en_GB")
        assert i18n.languages() == ["es", "en_GB", "en"]
        monkeypatch.setenv("LANGUAGE", "C")
        assert i18n.languages() == []
        i18n.use_language("hr")
        assert i18n.languages() == ["hr"]
    finally:
        i18n.use_language(None)


RULE_ID = re.compile(r"R[89]-[BX]?\d{2}")


def headings(text: str) -> list:
    """(level, rule ids in it) for each heading line, in order."""
    return [(len(line) - len(line.lstrip("#")), RULE_ID.findall(line))
            for line in text.splitlines() if line.startswith("#")]


@pytest.mark.parametrize("language", ["hr", "es"])
def test_each_translation_keeps_the_documents_shape_and_its_rule_ids(language):
    english = document.rules_file().read_text(encoding="utf-8")
    translated = document.rules_file([language])
    assert translated.name == f"rules.{language}.md"
    text = translated.read_text(encoding="utf-8")
    assert headings(text) == headings(english)
    assert sum(len(ids) for _, ids in headings(english)) > 80
    for mode in PARTS.values():
        assert document.part(text, mode).startswith("## ")
