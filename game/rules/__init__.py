"""Rules engines for red/yellow 8-ball and 9-ball (the rules: `game/rules/rules.md`).

Pure Python, no Panda3D. One module per job:
    balls      ball ids, colours, groups, sizes per game
    layout     the immutable ball layout and plain geometry
    zones      cue ball in hand: zones, test and clamp
    respot     respot positions on the real table
    racks      the 8-ball triangle and the 9-ball diamond
    facts      ShotFacts and the named queries over the physics event log
    outcome    players, fouls, end reasons
    variants   the section 5 switches
    match      what both games share (state fields, cue placement, concede, shot clock)
    eight_ball the red/yellow 8-ball engine
    nine_ball  the 9-ball engine
    document   the rules as the player reads them (rules.md, shipped as package data)
A ruling is a pure function of (state, ShotFacts, declarations); `apply` gives the next
frozen state.
"""
from . import eight_ball, nine_ball
from .balls import (BLACK, CUE, EIGHT_BALL_SET, NINE, NINE_BALL_SET, BallSet, Colour, Group,
                    colour_of, group_of_ball)
from .facts import (SIMULTANEOUS_CONTACT_TOL_S, AirborneInterval, JumpClass, SettledDrop,
                    ShotFacts, StrokeFault, facts_from_result)
from .layout import Layout
from .match import coin_toss, concede, next_breaker, place_cue_ball, shot_clock_overrun
from .outcome import EndReason, Foul, Player, RulesError
from .racks import eight_ball_rack, nine_ball_rack
from .variants import EightBallVariants, NineBallVariants
from .zones import BallInHand, clamp_to_zone, in_zone, placement_allowed, surely_outside_zone

__all__ = [
    "eight_ball", "nine_ball", "BLACK", "CUE", "NINE", "EIGHT_BALL_SET", "NINE_BALL_SET",
    "BallSet", "Colour", "Group", "colour_of", "group_of_ball", "SIMULTANEOUS_CONTACT_TOL_S",
    "AirborneInterval", "JumpClass", "SettledDrop", "ShotFacts", "StrokeFault",
    "facts_from_result", "Layout", "coin_toss", "concede", "next_breaker", "place_cue_ball",
    "shot_clock_overrun", "EndReason", "Foul", "Player", "RulesError", "eight_ball_rack",
    "nine_ball_rack", "EightBallVariants", "NineBallVariants", "BallInHand", "clamp_to_zone",
    "in_zone", "placement_allowed", "surely_outside_zone",
]
