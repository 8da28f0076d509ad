"""Scenario tests of the drill engine, one group per shipped drill: hand-made shot facts
(and, for the ghost, the 9-ball rules' own rulings) in, the progress out."""
import dataclasses

import pytest

from physics_ext.table import Pocket
from game.drills import Verdict, next_layout, score_shot, shipped_drills, start
from game.rules import CUE, Layout, Player, ShotFacts, nine_ball

DRILLS = {d.id: d for d in shipped_drills()}


def facts(pocketed=(), cushions=(), first=None, rest=None, **kw):
    """Facts of a shot: `pocketed` ball -> pocket (or ids), the balls that touched a
    cushion, the first ball hit (default: the first potted one) and where the balls
    rest (`rest`: ball -> (x, y))."""
    if not isinstance(pocketed, dict):
        pocketed = {b: None for b in pocketed}
    if first is None and pocketed:
        first = min(b for b in pocketed if b != CUE) if set(pocketed) - {CUE} else None
    return ShotFacts(first_contact=first, first_contact_time=None if first is None else 0.1,
                     pocketed=pocketed, cushion_balls=frozenset(cushions),
                     final_positions=rest, **kw)


def rest_of(layout, gone=(), cue=None):
    out = {b: p for b, p in layout.items() if b not in gone}
    if cue is not None:
        out[CUE] = cue
    return out


# ---- the line-up ------------------------------------------------------------------------

def test_the_drills_shipped_are_five_classics():
    assert set(DRILLS) == {"line_up", "ghost_nine_ball", "stop_shots", "cut_ladder",
                           "position_route"}


def test_line_up_a_potting_shot_scores_and_play_goes_on_from_where_the_balls_stopped():
    drill = DRILLS["line_up"]
    rest = rest_of(drill.layout, gone=(4,), cue=(1.5, 0.4))
    p = score_shot(drill, start(drill), facts({4: Pocket.SIDE_RIGHT}, rest=rest))
    assert (p.score, p.shots, p.over, p.verdict) == (1, 1, False, Verdict.POTTED)
    assert next_layout(drill, p, facts({4: None}, rest=rest)) == rest


def test_line_up_a_cushion_touch_ends_it_and_scores_nothing():
    drill = DRILLS["line_up"]
    rest = rest_of(drill.layout, gone=(4,), cue=(1.5, 0.4))
    p = score_shot(drill, start(drill), facts({4: None}, cushions={CUE}, rest=rest))
    assert (p.score, p.over, p.verdict) == (0, True, Verdict.CUSHION)
    assert next_layout(drill, p, facts(rest=rest)) is None
    with pytest.raises(ValueError):
        score_shot(drill, p, facts({5: None}, rest=rest))


def test_line_up_a_potted_ball_brushing_the_jaw_is_no_cushion_touch():
    drill = DRILLS["line_up"]
    p = score_shot(drill, start(drill), facts({4: None}, cushions={4}, rest={}))
    assert (p.score, p.over) == (1, False)


def test_line_up_a_scratch_or_a_miss_ends_it_and_clearing_the_table_finishes_it():
    drill = DRILLS["line_up"]
    assert score_shot(drill, start(drill), facts({4: None, CUE: None})).verdict is Verdict.SCRATCH
    assert score_shot(drill, start(drill), facts(first=3)).verdict is Verdict.MISSED
    balls = set(drill.layout) - {CUE}
    p = score_shot(drill, dataclasses.replace(start(drill), potted=frozenset(balls - {9}),
                                              score=8), facts({9: None}))
    assert (p.score, p.over, p.verdict) == (9, True, Verdict.CLEARED)


def test_line_up_two_balls_in_one_shot_score_two():
    drill = DRILLS["line_up"]
    p = score_shot(drill, start(drill), facts({4: None, 5: None}))
    assert p.score == 2 and p.potted == {4, 5}


# ---- the position route -----------------------------------------------------------------

def test_route_pots_in_order_with_a_bonus_for_stopping_in_the_ring():
    drill = DRILLS["position_route"]
    ring = drill.zone_after(1)
    inside = rest_of(drill.layout, gone=(1,), cue=ring.centre)
    outside = rest_of(drill.layout, gone=(1,), cue=(ring.centre[0] + 2 * ring.radius,
                                                     ring.centre[1]))
    p = score_shot(drill, start(drill), facts({1: None}, rest=inside))
    assert (p.score, p.verdict, p.next_ball(drill)) == (2, Verdict.POTTED_IN_ZONE, 2)
    q = score_shot(drill, start(drill), facts({1: None}, rest=outside))
    assert (q.score, q.verdict) == (1, Verdict.POTTED)


def test_route_the_wrong_ball_first_or_out_of_order_ends_it():
    drill = DRILLS["position_route"]
    assert score_shot(drill, start(drill), facts({2: None})).verdict is Verdict.WRONG_BALL
    p = score_shot(drill, start(drill), facts({2: None}, first=1))
    assert (p.verdict, p.over, p.score) == (Verdict.MISSED, True, 0)


# ---- the ladders ------------------------------------------------------------------------

def test_stop_shot_potted_and_stopped_passes_to_the_next_stage():
    drill = DRILLS["stop_shots"]
    stage = drill.stages[0]
    p = score_shot(drill, start(drill), facts({1: Pocket.FOOT_RIGHT},
                                              rest={CUE: stage.stop.centre}))
    assert (p.score, p.stage, p.tries_left, p.verdict) == (1, 1, 3, Verdict.STAGE_PASSED)
    assert next_layout(drill, p, facts()) == drill.stages[1].layout


def test_a_missed_stop_shot_costs_a_try_and_sets_the_stage_up_again():
    drill = DRILLS["stop_shots"]
    stop = drill.stages[0].stop
    rolled_on = (stop.centre[0] + 3 * stop.radius, stop.centre[1])
    p = score_shot(drill, start(drill), facts({1: Pocket.FOOT_RIGHT}, rest={CUE: rolled_on}))
    assert (p.score, p.stage, p.tries_left, p.verdict) == (0, 0, 2, Verdict.NOT_STOPPED)
    assert next_layout(drill, p, facts(rest={CUE: rolled_on})) == drill.stages[0].layout
    for _ in range(2):
        p = score_shot(drill, p, facts(first=1, rest={CUE: rolled_on, 1: (2.0, 0.5)}))
    assert (p.tries_left, p.over, p.verdict) == (0, True, Verdict.MISSED)


def test_cut_ladder_counts_only_the_marked_pocket_and_ends_after_the_last_stage():
    drill = DRILLS["cut_ladder"]
    wrong = score_shot(drill, start(drill), facts({1: Pocket.SIDE_RIGHT}, rest={CUE: (1, 1)}))
    assert wrong.verdict is Verdict.WRONG_POCKET and wrong.score == 0
    p = start(drill)
    for k in range(len(drill.stages)):
        p = score_shot(drill, p, facts({1: Pocket.FOOT_RIGHT}, rest={CUE: (1.0, 0.6)}))
    assert (p.score, p.over, p.verdict) == (6, True, Verdict.LADDER_DONE)


# ---- ghost 9-ball -----------------------------------------------------------------------

def ghost_rack(seed=0):
    return nine_ball.new_game(breaker=Player.A, seed=seed)


def test_ghost_a_dry_break_gives_the_ghost_the_rack():
    drill = DRILLS["ghost_nine_ball"]
    state = ghost_rack()
    state = dataclasses.replace(state, layout=state.layout.with_ball(CUE, drill.break_from))
    dry = facts(first=1, cushions={2, 3, 4, 5}, rest=dict(state.layout))
    ruling = nine_ball.rule_shot(state, dry)
    p = score_shot(drill, start(drill), dry, ruling)
    assert (p.racks, p.score, p.verdict, p.over) == ((0, 1), 0, Verdict.RACK_LOST, False)


def test_ghost_the_nine_legally_potted_wins_the_rack_and_the_race_ends_at_n():
    drill = DRILLS["ghost_nine_ball"]
    state = dataclasses.replace(ghost_rack(), is_break=False,
                                layout=Layout({CUE: (0.5, 0.5), 9: (2.0, 0.6)}))
    shot = facts({9: Pocket.FOOT_LEFT}, first=9, rest={CUE: (1.8, 0.6)})
    ruling = nine_ball.rule_shot(state, shot)
    p = score_shot(drill, dataclasses.replace(start(drill), racks=(drill.race_to - 1, 2)),
                   shot, ruling)
    assert (p.score, p.racks, p.verdict, p.over) == (drill.race_to, (drill.race_to, 2),
                                                      Verdict.RACK_WON, True)


def test_ghost_a_foul_loses_the_rack_and_a_legal_pot_keeps_the_table():
    drill = DRILLS["ghost_nine_ball"]
    state = dataclasses.replace(ghost_rack(), is_break=False,
                                layout=Layout({CUE: (0.5, 0.5), 2: (1.0, 0.6), 9: (2.0, 0.6)}))
    foul = facts(first=9, cushions={9}, rest={CUE: (1.8, 0.6), 2: (1.0, 0.6), 9: (2.1, 0.6)})
    assert score_shot(drill, start(drill), foul,
                      nine_ball.rule_shot(state, foul)).verdict is Verdict.RACK_LOST
    good = facts({2: None}, rest={CUE: (1.2, 0.6), 9: (2.0, 0.6)})
    p = score_shot(drill, start(drill), good, nine_ball.rule_shot(state, good))
    assert (p.verdict, p.racks, p.over) == (Verdict.POTTED, (0, 0), False)
    with pytest.raises(ValueError):
        score_shot(drill, start(drill), good)


def test_scoring_is_deterministic():
    drill = DRILLS["line_up"]
    shot = facts({4: None, 6: None}, rest={CUE: (1.0, 0.3)})
    assert score_shot(drill, start(drill), shot) == score_shot(drill, start(drill), shot)
