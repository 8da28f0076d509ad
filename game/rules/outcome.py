"""The vocabulary of rulings: players, fouls, how a game ends, and the rules error.

Fouls and end reasons are enum values for the UI to translate; each names its rule ids.
"""
from __future__ import annotations

import enum


class Player(enum.IntEnum):
    """The two players; IntEnum so per-player tuples index by player."""
    A = 0
    B = 1

    @property
    def other(self) -> "Player":
        return Player.B if self is Player.A else Player.A


class Foul(enum.Enum):
    """Fouls of both games. Several on one shot are penalised once (R8-25, R9-17)."""
    # both games
    CUE_BALL_POTTED = "cue_ball_potted"                 # R8-14, R9-18, R9-09
    CUE_BALL_OFF_TABLE = "cue_ball_off_table"           # R8-21, R9-18, R9-09
    NO_CONTACT = "no_contact"                           # R8-16, R9-19
    DOUBLE_HIT = "double_hit"                           # R8-22, R8-X14, R9-B13
    CUE_STRUCK_OTHER_BALL = "cue_struck_other_ball"     # R8-23, R9-B03
    OBJECT_BALL_OFF_TABLE = "object_ball_off_table"     # R8-21; 9-ball variant (WPA 6.5)
    NO_CUSHION_AFTER_CONTACT = "no_cushion_after_contact"  # R9-20; 8-ball variant (WEPF)
    # red/yellow 8-ball
    FAILED_BREAK = "failed_break"                       # R8-06, R8-X02
    OPPONENT_BALL_FIRST = "opponent_ball_first"         # R8-15
    BLACK_FIRST = "black_first"                         # R8-18, R8-X06
    JUMPED_OVER_BALL = "jumped_over_ball"               # R8-17, R8-X14
    OPPONENT_BALL_POTTED = "opponent_ball_potted"       # R8-19, R8-X08
    # 9-ball
    WRONG_BALL_FIRST = "wrong_ball_first"               # R9-19
    BREAK_TOO_FEW_CUSHION_BALLS = "break_too_few_cushion_balls"  # R9-10, R9-X04
    SCOOP_JUMP_OVER_BALL = "scoop_jump_over_ball"       # R9-21, R9-X11
    PUSH_STROKE = "push_stroke"                         # R9-22
    FERRULE_CONTACT = "ferrule_contact"                 # R9-X11, R9-B13
    NINE_OFF_TABLE = "nine_off_table"                   # 9-ball variant nine_off_table_spotted


class EndReason(enum.Enum):
    """Why a game ended. `winner` in the state says who won."""
    BLACK_POTTED = "black_potted"                   # R8-24: win
    BLACK_POTTED_EARLY = "black_potted_early"       # R8-20, R8-X09, R8-X11: loss
    BLACK_POTTED_ON_FOUL = "black_potted_on_foul"   # R8-X10: loss
    NINE_POTTED = "nine_potted"                     # R9-01: win
    NINE_AND_CUE_BALL = "nine_and_cue_ball"         # R9-23 (S2 7.1.b): loss
    NINE_OFF_TABLE = "nine_off_table"               # R9-24 (S2 7.1.d): loss
    THREE_FOULS = "three_fouls"                     # R9-06 (S2 7.1.a): loss
    SLOW_PLAY = "slow_play"                         # R9-B08, R8-B10 (S2 7.1.f): loss
    CONCEDED = "conceded"                           # R9-B09, R8-B11 (S2 7.1.g): loss


class RulesError(ValueError):
    """An input the rules cannot accept in this state (a session bug, never a foul)."""
