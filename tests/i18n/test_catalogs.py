"""The catalogs: complete, faithful to the source's placeholders, in step with the source,
and loaded (or refused) by game.i18n as a player needs."""
import logging
import re
import shutil

import pytest

from game import catalogs, i18n
from game import settings as S

FIELD = re.compile(r"\{[a-z_0-9]*(?:![rsa])?(?::[^}]*)?\}|%\([a-z_]+\)[sdr]|%[sdr]")


def messages(language):
    return [m for m in catalogs.read(catalogs.po_path(language)) if m.id]


@pytest.fixture(autouse=True)
def speaking_the_committed_catalogs(compiled, monkeypatch):
    monkeypatch.setattr(i18n, "LOCALE_DIR", compiled)
    yield
    monkeypatch.undo()
    i18n.use_language("en")


def test_the_template_is_in_step_with_the_source():
    committed = {m.id for m in catalogs.read(catalogs.TEMPLATE) if m.id}
    extracted = {m.id for m in catalogs.extract() if m.id}
    assert extracted - committed == set(), "run python -m game.catalogs update"
    assert committed - extracted == set(), "run python -m game.catalogs update"


@pytest.mark.parametrize("language", catalogs.TRANSLATED)
def test_every_sentence_is_translated(language):
    template = {m.id for m in catalogs.read(catalogs.TEMPLATE) if m.id}
    found = messages(language)
    assert {m.id for m in found} == template
    assert [m.id for m in found if m.fuzzy] == []
    untranslated = [m.id for m in found if not catalogs._complete(m.string)]
    assert untranslated == [], f"{len(untranslated)} sentences untranslated in {language}"


@pytest.mark.parametrize("language", catalogs.TRANSLATED)
def test_every_translation_keeps_the_placeholders(language):
    wrong = []
    for m in messages(language):
        ids = m.id if isinstance(m.id, tuple) else (m.id,)
        strings = m.string if isinstance(m.string, tuple) else (m.string,)
        wanted = set(FIELD.findall(ids[-1])) | set(FIELD.findall(ids[0]))
        for string in strings:
            if string and set(FIELD.findall(string)) - wanted:
                wrong.append((m.id, string))
            # The singular may drop {n} ("one ball"), never a named field.
            if string and {f for f in wanted if f != "{n}"} - set(FIELD.findall(string)):
                wrong.append((m.id, string))
    assert wrong == []


def test_croatian_counts_have_three_forms():
    i18n.use_language("hr")
    forms = {i18n.ngettext("{n} ball potted", "{n} balls potted", n) for n in (1, 2, 5)}
    assert len(forms) == 3
    assert i18n.ngettext("{n} ball potted", "{n} balls potted", 21) == \
        i18n.ngettext("{n} ball potted", "{n} balls potted", 1)
    assert i18n.ngettext("{n} ball potted", "{n} balls potted", 12) == \
        i18n.ngettext("{n} ball potted", "{n} balls potted", 5)


@pytest.mark.parametrize("language", ["hr", "es"])
def test_a_language_speaks_and_writes_the_decimal_comma(language):
    assert i18n.use_language(language) == language
    assert i18n._("Concede?") != "Concede?"
    assert i18n.number(2.5, 1) == "2,5"
    i18n.use_language("en")
    assert i18n._("Concede?") == "Concede?" and i18n.number(2.5, 1) == "2.5"


def test_the_system_locale_picks_the_first_language(monkeypatch):
    monkeypatch.setenv("LANGUAGE", "hr_HR.UTF-8:es")
    assert i18n.system_language() == "hr"
    monkeypatch.setenv("LANGUAGE", "de_DE")
    assert i18n.system_language() == "en"


def copy_locale(tmp_path, monkeypatch):
    folder = tmp_path / "locale"
    shutil.copytree(i18n.LOCALE_DIR, folder)       # the compiled catalogs
    monkeypatch.setattr(i18n, "LOCALE_DIR", folder)
    return folder / "hr" / "LC_MESSAGES" / "breakshot.mo"


def test_a_damaged_catalog_falls_back_to_english_with_one_warning(tmp_path, monkeypatch,
                                                                 caplog):
    mo = copy_locale(tmp_path, monkeypatch)
    mo.write_bytes(b"\x00" * 40)
    with caplog.at_level(logging.WARNING, logger="game.i18n"):
        assert i18n.use_language("hr") == "en"
    assert len(caplog.records) == 1 and "damaged" in caplog.records[0].getMessage()
    assert i18n._("Concede?") == "Concede?"


def test_a_missing_catalog_falls_back_to_english_with_one_warning(tmp_path, monkeypatch,
                                                                 caplog):
    copy_locale(tmp_path, monkeypatch).unlink()
    with caplog.at_level(logging.WARNING, logger="game.i18n"):
        assert i18n.use_language("hr") == "en"
    assert len(caplog.records) == 1 and "no Hrvatski catalog" in caplog.records[0].getMessage()


def test_a_partial_catalog_shows_english_for_the_rest_with_one_warning(tmp_path, monkeypatch,
                                                                      caplog):
    mo = copy_locale(tmp_path, monkeypatch)
    po = catalogs.read(catalogs.po_path("hr"))
    kept = [m for m in po if m.id][:5]
    for m in list(po):
        if m.id and m not in kept:
            del po[m.id]
    with open(mo, "wb") as handle:
        catalogs.write_mo(handle, po)
    with caplog.at_level(logging.WARNING, logger="game.i18n"):
        assert i18n.use_language("hr") == "hr"
    assert len(caplog.records) == 1 and "no Hrvatski translation" in caplog.records[0].getMessage()
    dropped = next(m.id for m in catalogs.read(catalogs.TEMPLATE)
                   if m.id and isinstance(m.id, str) and m.id not in {k.id for k in kept})
    assert i18n._(dropped) == dropped


def test_an_unknown_language_in_the_settings_is_refused_in_a_sentence(tmp_path):
    path = tmp_path / "settings.json"
    path.write_text('{"version": 1, "language": "klingon"}')
    settings, problem = S.load(path)
    assert settings.language == "" and "language must be one of en, hr, es" in problem
    assert "klingon" in problem


def test_the_language_is_kept_with_the_settings(tmp_path):
    path = tmp_path / "settings.json"
    S.save(S.Settings(language="es"), path)
    assert S.load(path)[0].language == "es"


def test_dates_and_speeds_are_written_as_each_language_writes_them():
    from datetime import datetime
    when = datetime(2026, 12, 2, 3, 40)
    i18n.use_language("en")
    assert i18n.date_time(when) == "Dec 2, 2026 03:40" and i18n.number(0.25) == "0.25"
    i18n.use_language("hr")
    assert i18n.date_time(when) == "2. pro 2026. 03:40" and i18n.number(0.25) == "0,25"
    i18n.use_language("es")
    assert i18n.date_time(when) == "2 dic 2026 03:40" and i18n.number(2.0) == "2"


@pytest.mark.parametrize("language, error", [("hr", "greška"), ("en", "error")])
def test_a_commands_one_line_error_speaks_the_systems_language(tmp_path, language, error):
    import os
    import subprocess
    import sys
    env = dict(os.environ, LANGUAGE=language)
    done = subprocess.run([sys.executable, "-m", "game.replay", str(tmp_path / "none.bsreplay")],
                          env=env, capture_output=True, text=True, timeout=120)
    lines = done.stderr.strip().splitlines()
    assert done.returncode != 0 and len(lines) == 1
    assert lines[0].startswith(f"python -m game.replay: {error}: "), lines[0]
