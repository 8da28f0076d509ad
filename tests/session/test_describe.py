"""Rulings in words name what was potted: by number in 9-ball, by colour in 8-ball, the
list joined as each language joins one, counts in each language's plural forms; the shot
log names the shooter once; a choice reads as answered once it is. The rulings are the
rule engines' own, from shot facts (and one real solver shot)."""
import dataclasses
import math

import pytest

from game import i18n
from game.rules import CUE, BallInHand, Foul, Group, Player, ShotFacts, eight_ball, nine_ball
from game.rules.facts import SettledDrop
from game.rules.layout import Layout
from game.replay import Recorder, load_replay
from game.rules.nine_ball import OptionChoice
from game.session import ChooseGroup, ChooseOption, GameSession, PlaceCueBall, Shoot, ShotRecord
from game.session.describe import (answers, balls_potted, describe_ruling, describe_shot,
                                   name_balls, shot_lines)
from physics_ext import Stroke

NAMES = ("Ann", "Bob")


@pytest.fixture(autouse=True)
def english_after():
    yield
    i18n.use_language("en")


def _nine_ball(layout) -> nine_ball.NineBallState:
    """Ann at the table, past the break (no push out), the balls at `layout`."""
    state = nine_ball.new_game(breaker=Player.A)
    return dataclasses.replace(state, layout=Layout(layout), is_break=False,
                               ball_in_hand=BallInHand.NONE,
                               push_out_available=False)


SPOTS = {CUE: (0.4, 0.6), 1: (1.0, 0.3), 3: (1.2, 0.5), 4: (1.4, 0.7), 9: (1.8, 0.6)}


def _record(state, facts, ruling) -> ShotRecord:
    """A shot's record as the session keeps it (no solver result: words do not read it)."""
    return ShotRecord(state, Shoot(Stroke(0.0, 0.0, 0.0, 0.0, 1.0)), tuple(state.layout),
                      None, facts, ruling)


def _ruled(state, **facts) -> ShotRecord:
    facts = ShotFacts(**facts)
    return _record(state, facts, nine_ball.rule_shot(state, facts))


def _words(record, **options) -> str:
    return describe_shot(record, nine_ball.apply(record.state_before, record.ruling), NAMES,
                         **options)


def test_a_run_names_the_balls_potted_lowest_first_and_the_shooter_plays_on():
    state = _nine_ball(SPOTS)
    record = _ruled(state, first_contact=1, pocketed={4: None, 3: None},
                    cushion_balls=frozenset({1}))
    assert balls_potted(record) == [3, 4]
    assert _words(record) == "Potted the 3 and the 4. Ann plays on."
    # After the shooter's name (a shot log), he is not named again.
    assert _words(record, shooter_named=True) == "Potted the 3 and the 4. Plays on."


def test_a_miss_says_nothing_went_down_and_who_plays():
    record = _ruled(_nine_ball(SPOTS), first_contact=1, cushion_balls=frozenset({1}))
    assert _words(record) == "No ball potted. Bob to play."


def test_the_9_potted_on_a_foul_is_named_and_spotted_again():
    record = _ruled(_nine_ball(SPOTS), first_contact=3, pocketed={9: None},
                    cushion_balls=frozenset({3}))
    assert Foul.WRONG_BALL_FIRST in record.ruling.fouls
    assert _words(record) == ("Foul: lowest ball not hit first. Potted the 9. The 9 is "
                              "spotted again. Bob to play, ball in hand.")


def test_a_settled_ball_that_drops_is_put_back_not_potted():
    """R9-25: the 3 had come to rest at the lip and fell in later: it goes back."""
    drop = SettledDrop(3, SPOTS[3], affected_shot=False)
    record = _ruled(_nine_ball(SPOTS), first_contact=1, pocketed={3: None},
                    cushion_balls=frozenset({1}), settled_drops=(drop,))
    assert 3 in record.ruling.layout and balls_potted(record) == []
    assert _words(record) == "No ball potted. Bob to play."


@pytest.mark.parametrize("language, three, two", [
    ("en", "the 3, the 4 and the 5", "the 3 and the 4"),
    ("hr", "kugla 3, kugla 4 i kugla 5", "kugla 3 i kugla 4"),
    ("es", "la 3, la 4 y la 5", "la 3 y la 4")])
def test_a_list_of_balls_is_joined_as_the_language_joins_it(language, three, two):
    i18n.use_language(language)
    assert name_balls("nine_ball", (5, 3, 4)) == three
    assert name_balls("nine_ball", (4, 3)) == two
    assert name_balls("nine_ball", (7,)) == i18n._("the {number}").format(number=7)


def test_eight_ball_balls_are_counted_by_colour_in_each_languages_plural_forms():
    assert name_balls("eight_ball", (1, 2, 9, 8)) == "2 reds, one yellow and the black"
    assert name_balls("eight_ball", (10,)) == "one yellow"
    i18n.use_language("hr")
    said = [name_balls("eight_ball", range(1, n + 1)) for n in (1, 2, 5)]
    assert said == ["jedna crvena", "2 crvene", "5 crvenih"]
    i18n.use_language("es")
    assert name_balls("eight_ball", (1, 9, 10)) == "una roja y 2 amarillas"


def test_an_eight_ball_pot_is_said_by_colour():
    state = eight_ball.new_game(breaker=Player.A)
    layout = {CUE: (0.4, 0.5), 1: (0.9, 0.3), 2: (1.0, 0.5), 9: (1.2, 0.6), 8: (1.4, 0.4)}
    state = dataclasses.replace(state, layout=Layout(layout), is_break=False,
                                ball_in_hand=BallInHand.NONE,
                                red_player=Player.A)
    facts = ShotFacts(first_contact=1, pocketed={1: None, 2: None},
                      cushion_balls=frozenset({1}))
    record = _record(state, facts, eight_ball.rule_shot(state, facts))
    after = eight_ball.apply(state, record.ruling)
    assert describe_shot(record, after, NAMES) == "Potted 2 reds. Ann (red) plays on."


def test_the_shot_log_of_a_real_pot_names_the_shooter_once(tmp_path):
    """A straight pot of the 3 played by the solver, then a miss; recorded, the replay's
    shot list (the viewer's "1. Ann: ...") says the same."""
    session = GameSession("nine_ball", NAMES, seed=3, breaker=Player.A)
    Recorder(session, path=tmp_path / "match.json")
    session.apply(PlaceCueBall((0.3175, 0.635)))
    px, py, _ = max(session.table.geometry().pockets, key=lambda p: p[0] + p[1])
    ball = (px - 0.3, py - 0.3)
    cue = (ball[0] - 0.32, ball[1] - 0.32)
    session.state = dataclasses.replace(
        session.state, is_break=False, push_out_available=False,
        layout=Layout({CUE: cue, 3: ball, 9: (1.0, 0.4)}))
    session.apply(Shoot(Stroke(math.atan2(py - cue[1], px - cue[0]), 0.0, 0.0, 0.0, 2.0)))
    assert balls_potted(session.shots[-1]) == [3]
    session.apply(Shoot(Stroke(-math.pi / 2, 0.0, 0.0, 0.0, 0.5)))      # into a cushion
    lines = shot_lines(session.shots, session.engine, session.names, session.commands)
    assert lines[0] == "1. Ann: Potted the 3. Plays on."
    assert lines[1].startswith("2. Ann: Foul: no ball hit. Bob to play")
    replay = load_replay(tmp_path / "match.json")
    assert [f"{k}. {replay.match.players[shot.shooter]}: {shot.ruling_text}"
            for k, shot in enumerate(replay.shots, start=1)] == lines


def test_play_or_pass_reads_as_answered_once_it_is():
    state = _nine_ball(SPOTS)
    state = dataclasses.replace(state, push_out_available=True)
    facts = ShotFacts(final_positions=Layout({CUE: (0.6, 0.6)}))
    ruling = nine_ball.rule_shot(state, facts, nine_ball.Declarations(push_out=True))
    after = nine_ball.apply(state, ruling)
    assert after.option_pending is Player.B
    assert describe_ruling(ruling, after, NAMES) == "Push out. Bob to play or pass."
    assert describe_ruling(ruling, after, NAMES, answer=ChooseOption(OptionChoice.PLAY)) == \
        "Push out. Bob plays on from here."
    assert describe_ruling(ruling, after, NAMES, answer=ChooseOption(OptionChoice.PASS)) == \
        "Push out. Bob passes: Ann plays again from here."


def test_a_group_choice_reads_as_answered_once_it_is():
    state = eight_ball.new_game(breaker=Player.A)
    layout = {CUE: (0.4, 0.5), 1: (0.9, 0.3), 2: (1.0, 0.5), 9: (1.2, 0.6), 10: (1.3, 0.2),
              8: (1.4, 0.4)}
    state = dataclasses.replace(state, layout=Layout(layout), is_break=False,
                                ball_in_hand=BallInHand.NONE)
    facts = ShotFacts(first_contact=1, pocketed={1: None, 9: None},
                      cushion_balls=frozenset({1}))
    record = _record(state, facts, eight_ball.rule_shot(state, facts))
    after = eight_ball.apply(state, record.ruling)
    assert after.group_choice_pending
    assert describe_shot(record, after, NAMES) == \
        "Potted one red and one yellow. Ann potted both colours: choose a group."
    assert describe_shot(record, after, NAMES, ChooseGroup(Group.YELLOW)) == \
        "Potted one red and one yellow. Ann takes yellow and plays on."
    assert describe_shot(record, after, NAMES, ChooseGroup(Group.RED), shooter_named=True) == \
        "Potted one red and one yellow. Takes red and plays on."


def test_each_shot_is_paired_with_the_choice_that_answered_it():
    shots = [Shoot(Stroke(0.0, 0.0, 0.0, 0.0, 1.0)) for _ in range(3)]
    play = ChooseOption(OptionChoice.PLAY)
    commands = [PlaceCueBall((0.3, 0.6)), shots[0], shots[1], play, shots[2]]
    assert answers(commands) == {id(shots[1]): play}


# ---- colour-blind play: the groups and balls named by their marking ---------------------
def _eight_ball_shots():
    """(a foul of Ann's, on the reds, who hits and pots a yellow and pots a red; an open
    table's shot that pots one of each), each (record, state after)."""
    state = eight_ball.new_game(breaker=Player.A)
    layout = {CUE: (0.4, 0.5), 1: (0.9, 0.3), 2: (1.0, 0.5), 9: (1.2, 0.6), 10: (1.3, 0.2),
              8: (1.4, 0.4)}
    state = dataclasses.replace(state, layout=Layout(layout), is_break=False,
                                ball_in_hand=BallInHand.NONE)
    shots = []
    for red_player, first in ((Player.A, 9), (None, 1)):
        before = dataclasses.replace(state, red_player=red_player)
        facts = ShotFacts(first_contact=first, pocketed={1: None, 9: None},
                          cushion_balls=frozenset({1}))
        record = _record(before, facts, eight_ball.rule_shot(before, facts))
        shots.append((record, eight_ball.apply(before, record.ruling)))
    return shots


# What the two shots read, per language, without the option and with it: the foul's
# ruling; the group choice answered (yellow, then red in a shot log).
SAID = {
    "en": {False: ("Foul: opponent's ball hit first, opponent's ball potted. Potted one red "
                   "and one yellow. Bob (yellow) to play, one visit.",
                   "Potted one red and one yellow. Ann takes yellow and plays on.",
                   "Takes red and plays on."),
           True: ("Foul: opponent's ball hit first, opponent's ball potted. Potted one plain "
                  "red and one ringed yellow. Bob (yellow, ringed) to play, one visit.",
                  "Potted one plain red and one ringed yellow. Ann takes yellow, ringed and "
                  "plays on.",
                  "Takes red, plain and plays on.")},
    "hr": {False: ("Prijestup: pospremljena protivnikova kugla, protivnikova kugla pogođena "
                   "prva. Pospremljeno: jedna crvena i jedna žuta. Bob (žute) je na redu, "
                   "jedan udarac.",
                   "Pospremljeno: jedna crvena i jedna žuta. Ann uzima žute i nastavlja.",
                   "Uzima crvene i nastavlja."),
           True: ("Prijestup: pospremljena protivnikova kugla, protivnikova kugla pogođena "
                  "prva. Pospremljeno: jedna crvena bez prstenova i jedna žuta s prstenovima. "
                  "Bob (žute, s prstenovima) je na redu, jedan udarac.",
                  "Pospremljeno: jedna crvena bez prstenova i jedna žuta s prstenovima. Ann "
                  "uzima žute, s prstenovima i nastavlja.",
                  "Uzima crvene, bez prstenova i nastavlja.")},
    "es": {False: ("Falta: bola contraria embolsada, bola contraria tocada primero. Embolsa "
                   "una roja y una amarilla. Turno de Bob (amarillas), una entrada.",
                   "Embolsa una roja y una amarilla. Ann elige las amarillas y sigue.",
                   "Elige las rojas y sigue."),
           True: ("Falta: bola contraria embolsada, bola contraria tocada primero. Embolsa "
                  "una roja lisa y una amarilla con anillos. Turno de Bob (amarillas, con "
                  "anillos), una entrada.",
                  "Embolsa una roja lisa y una amarilla con anillos. Ann elige las amarillas, "
                  "con anillos y sigue.",
                  "Elige las rojas, lisas y sigue.")},
}


@pytest.mark.parametrize("language", list(SAID))
@pytest.mark.parametrize("rings", [False, True], ids=["colour", "colour-blind"])
def test_rulings_name_the_groups_as_the_hud_does(language, rings):
    """With colour-blind play (`rings`) a ruling names each group as the HUD does
    (group_name: "yellow, ringed", "red, plain") and each ball by its marking ("one
    ringed yellow"); without it by colour alone, the same words as before the option."""
    from game.session.describe import group_name
    i18n.use_language(language)
    (foul, foul_after), (choice, choice_after) = _eight_ball_shots()
    ruling, answered, logged = SAID[language][rings]
    assert describe_shot(foul, foul_after, NAMES, rings=rings) == ruling
    assert describe_shot(choice, choice_after, NAMES, ChooseGroup(Group.YELLOW),
                         rings=rings) == answered
    assert describe_shot(choice, choice_after, NAMES, ChooseGroup(Group.RED),
                         shooter_named=True, rings=rings).endswith(logged)
    assert f"({group_name(Group.YELLOW, rings)})" in ruling
    assert group_name(Group.RED, rings) in logged


def test_the_shot_log_and_ball_names_follow_the_option():
    from game.session.describe import ball_name
    from game.session import GameSession
    (foul, _after), _choice = _eight_ball_shots()
    engine = GameSession("eight_ball", NAMES, seed=1).engine
    for rings, yellow in ((False, "Bob (yellow)"), (True, "Bob (yellow, ringed)")):
        line, = shot_lines([foul], engine, NAMES, [foul.command], rings)
        assert line.startswith("1. Ann: Foul:") and f"{yellow} to play" in line
    assert [ball_name("eight_ball", b, True) for b in (3, 8, 12, CUE)] == \
        ["a plain red", "the black", "a ringed yellow", "the cue ball"]
    assert name_balls("eight_ball", (1, 2, 9, 8), rings=True) == \
        "2 plain reds, one ringed yellow and the black"
    i18n.use_language("hr")
    said = [name_balls("eight_ball", range(9, 9 + n), rings=True) for n in (1, 2, 5)]
    assert said == ["jedna žuta s prstenovima", "2 žute s prstenovima", "5 žutih s prstenovima"]
    assert name_balls("nine_ball", (3, 4), rings=True) == name_balls("nine_ball", (3, 4))


def test_an_eight_ball_drills_order_names_its_balls_by_their_marking():
    """A player's own 8-ball drill with an order: its goal lists the balls by colour, and
    by marking as well with colour-blind play (the drill screen's and list's goal line)."""
    from game.drills import texts
    from game.drills.model import Drill
    drill = Drill("own", "Own", "eight_ball", "run", order=(1, 9), max_shots=3,
                  layout=Layout({CUE: (0.5, 0.5), 1: (1.0, 0.5), 9: (1.2, 0.5)}))
    assert texts.goal(drill).startswith("Pot the balls in order (a red, a yellow).")
    assert texts.goal(drill, rings=True).startswith(
        "Pot the balls in order (a plain red, a ringed yellow).")
