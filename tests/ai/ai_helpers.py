"""Positions for the opponent's tests: rules states with hand-placed balls, and the
physics result of a decision's stroke."""
from __future__ import annotations

import dataclasses

import physics_ext
from game.rules import CUE, BallInHand, Layout, Player, eight_ball, facts_from_result, nine_ball
from game.session import PlaceCueBall, Shoot
from game.ai.scene import Scene
from physics_ext import Params

NINE_TABLE = physics_ext.TableSpec.nine_foot()
EIGHT_TABLE = physics_ext.TableSpec.english_seven_foot()


def nine_state(balls: dict, *, zone=BallInHand.NONE, is_break=False, **fields):
    """A 9-ball state, Player A to shoot, with `balls` ({id: (x, y)}, the cue ball
    included unless in hand)."""
    state = nine_ball.new_game(NINE_TABLE, Player.A, seed=0)
    return dataclasses.replace(state, layout=Layout(balls), ball_in_hand=zone,
                               is_break=is_break, **fields)


def eight_state(balls: dict, *, zone=BallInHand.NONE, is_break=False, **fields):
    """An 8-ball state, Player A to shoot, with `balls` as in nine_state."""
    state = eight_ball.new_game(EIGHT_TABLE, Player.A, seed=0)
    return dataclasses.replace(state, layout=Layout(balls), ball_in_hand=zone,
                               is_break=is_break, **fields)


def play_decision(state, decision):
    """Carry out a decision's PlaceCueBall and Shoot on `state` through the solver;
    returns (the state with the cue ball placed, the ShotFacts)."""
    cue = None
    stroke = None
    for command in decision.commands:
        if isinstance(command, PlaceCueBall):
            cue = command.position
        elif isinstance(command, Shoot):
            stroke = command.stroke
    scene = Scene.of(state, Params(), cue=cue)
    result = physics_ext.shoot(state.table, scene.balls, 0, stroke)
    return scene.placed, facts_from_result(result, scene.ids, cue_index=0)


__all__ = ["nine_state", "eight_state", "play_decision", "CUE", "NINE_TABLE",
           "EIGHT_TABLE"]
