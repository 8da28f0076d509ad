"""RULEBOOK section 5: the official-rule variants, one switch each, all off by default.

A switch set to True selects the variant behaviour of the section 5 table; the names are
the book's, so `push_out_after_foul_break=True` means the WPA rule (no push out after a
foul break), not the seed's default.
"""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class EightBallVariants:
    """Red/yellow 8-ball switches (defaults: R8-X01, R8-X02, R8-05, R8-X16)."""
    two_visits_after_foul: bool = False              # every foul gives two visits (WEPF)
    ball_in_hand_baulk_after_any_foul: bool = False  # may take the cue ball into the D
    free_ball_after_foul: bool = False               # first shot after a foul: any colour
    failed_break_rerack: bool = False                # re-rack, opponent breaks, two visits
    break_four_object_balls: bool = False            # break: pot or 4 object balls to cushion
    cushion_after_contact: bool = False              # pot or cushion after contact required


@dataclass(frozen=True)
class NineBallVariants:
    """9-ball switches (defaults: R9-X01, R9-X03, R9-26, R9-X04, R9-X07, R9-X08)."""
    nine_with_cue_never_loses: bool = False       # 9 with the cue ball: always foul, spotted
    nine_off_table_spotted: bool = False          # 9 off the table: foul, spotted
    object_ball_off_table_is_foul: bool = False   # other ball off the table: foul, not spotted
    break_pot_exempts_four_rail: bool = False     # a pocketed ball makes the break legal
    push_out_after_foul_break: bool = False       # True: no push out after a foul break
    push_out_respots_only_nine: bool = False      # legal push out: respot only the 9
