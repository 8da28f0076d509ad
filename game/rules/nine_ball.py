"""9-ball (RULEBOOK section 4): the match state, the ruling of every shot, and the
declarations (push out, play or pass).

Use: `state = new_game(table, breaker, seed)`; place the cue ball with
`match.place_cue_ball` while `state.ball_in_hand` says so; after each shot
`ruling = rule_shot(state, facts, Declarations(push_out=...))` and
`state = apply(state, ruling)`; when `state.option_pending` is a player, he calls
`choose_option` before anyone shoots.
"""
from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import ClassVar

from physics_ext.table import TableSpec

from .balls import CUE, NINE, NINE_BALL_SET, BallSet
from .facts import (JumpClass, ShotFacts, StrokeFault, balls_passed_over, cue_ball_off_table,
                    cue_ball_pocketed, driven_to_cushion, first_contact_candidates,
                    object_balls_pocketed, settled_drops_put_back)
from .frozen import evolve
from .layout import Layout
from .match import MatchState, Ruling, check_can_shoot, next_breaker, settle_layout
from .outcome import EndReason, Foul, Player, RulesError
from .racks import nine_ball_rack, rack_seed
from .respot import respot_nine_ball
from .variants import NineBallVariants
from .zones import BallInHand

# The table a game is played on when none is given (9 ft; a TableSpec is immutable, so
# every game shares this one).
DEFAULT_TABLE = TableSpec.nine_foot()

# R9-10, R9-X04: distinct object balls a break must drive to a cushion.
BREAK_CUSHION_OBJECT_BALLS = 4
# R9-06, R9-X10: the warning comes with the second consecutive foul; the third loses.
WARNING_AT_FOULS = 2

# R9-22 (push), R9-B13 (push, double hit), R9-X11 (ferrule), R9-B03 (cue on another ball).
_STROKE_FOULS = {StrokeFault.PUSH: Foul.PUSH_STROKE,
                 StrokeFault.DOUBLE_HIT: Foul.DOUBLE_HIT,
                 StrokeFault.FERRULE: Foul.FERRULE_CONTACT,
                 StrokeFault.STRUCK_OTHER_BALL: Foul.CUE_STRUCK_OTHER_BALL}


class OptionChoice(enum.Enum):
    """R9-14: after a legal push out, the other player plays or passes the shot back."""
    PLAY = "play"
    PASS = "pass"


@dataclass(frozen=True)
class Declarations:
    """What the shooter declares before a shot. `push_out` is void (R9-X09) on any shot
    but the one right after the break."""
    push_out: bool = False


@dataclass(frozen=True)
class NineBallState(MatchState):
    """The state of a 9-ball game (see MatchState for the common fields).

    push_out_available: the next shot is the one right after the break (R9-12, R9-X07).
    option_pending: the player who must choose play or pass after a push out (R9-14).
    consecutive_fouls: per player (indexed by Player), R9-X10.
    warned: per player, the three-foul warning is standing (R9-06, R9-B12).
    """
    push_out_available: bool = False
    option_pending: Player | None = None
    consecutive_fouls: tuple = (0, 0)
    warned: tuple = (False, False)
    variants: NineBallVariants = NineBallVariants()

    ball_set: ClassVar[BallSet] = NINE_BALL_SET

    @property
    def lowest_ball(self) -> int:
        """The lowest-numbered object ball on the table (section 4 preamble, R9-X17)."""
        return min(self.object_balls_on_table)


@dataclass(frozen=True)
class NineBallRuling(Ruling):
    """The ruling of one 9-ball shot (see match.Ruling for the common fields).

    consecutive_fouls, warned, push_out_available, option_pending: as in the state after.
    push_out: the shot was a valid push out. warning_issued: the three-foul warning was
    given on this shot. void_break: re-rack, same breaker. replay: a settled drop
    affected the shot; the state before it stands.
    """
    consecutive_fouls: tuple = (0, 0)
    warned: tuple = (False, False)
    push_out: bool = False
    push_out_available: bool = False
    option_pending: Player | None = None
    warning_issued: bool = False
    void_break: bool = False
    replay: bool = False


def new_game(table: TableSpec | None = None, breaker: Player = Player.A, seed: int = 0,
             variants: NineBallVariants = NineBallVariants(),
             rack_number: int = 0) -> NineBallState:
    """R9-07: the diamond racked, the breaker with the cue ball in hand behind the head
    string."""
    table = table or DEFAULT_TABLE
    return NineBallState(table=table, layout=_rack(table, seed, rack_number), breaker=breaker,
                         shooter=breaker, ball_in_hand=BallInHand.BEHIND_HEAD_STRING,
                         seed=seed, rack_number=rack_number, variants=variants)


def next_game(state: NineBallState, winner_breaks: bool = False) -> NineBallState:
    """The next game of the match on a new rack (R9-X18: breaks alternate)."""
    return new_game(state.table, next_breaker(state, winner_breaks), state.seed,
                    state.variants, state.rack_number + 1)


def choose_option(state: NineBallState, player: Player, choice: OptionChoice) -> NineBallState:
    """R9-14, R9-X09: after a legal push out the other player plays from the position or
    passes it back; either way no ball in hand and no second push out."""
    if state.option_pending is None or player != state.option_pending:
        raise RulesError(f"player {Player(player).name} has no option to choose")
    shooter = player if OptionChoice(choice) is OptionChoice.PLAY else Player(player).other
    return evolve(state, shooter=shooter, option_pending=None,
                  ball_in_hand=BallInHand.NONE, push_out_available=False)


def rule_shot(state: NineBallState, facts: ShotFacts,
              declarations: Declarations = Declarations()) -> NineBallRuling:
    """The ruling of one shot played from `state` (section 4a)."""
    check_can_shoot(state, facts)
    if state.option_pending is not None:
        raise RulesError("the play-or-pass option must be chosen first (R9-14)")
    if any(drop.affected_shot for drop in facts.settled_drops):
        return _replay(state)
    facts = settled_drops_put_back(facts)
    if state.is_break and state.lowest_ball not in first_contact_candidates(facts):
        return _void_break(state)
    push_out = declarations.push_out and state.push_out_available
    fouls = frozenset(_fouls(state, facts, push_out))
    loss = _loss_reason(state, facts)
    if loss is not None:
        return _game_over(state, facts, fouls, state.consecutive_fouls, state.warned,
                          state.shooter.other, loss)
    if fouls:
        return _after_foul(state, facts, fouls)
    counts, warned = _reset_count(state)
    if push_out:
        return _after_push_out(state, facts, counts, warned)
    if NINE in object_balls_pocketed(facts):
        return _game_over(state, facts, fouls, counts, warned, state.shooter,
                          EndReason.NINE_POTTED)
    return _after_legal_shot(state, facts, counts, warned)


def apply(state: NineBallState, ruling: NineBallRuling) -> NineBallState:
    """The state after `ruling` (a replay leaves the state before the shot)."""
    if ruling.replay:
        return state
    return evolve(
        state, layout=ruling.layout, shooter=ruling.next_player,
        ball_in_hand=ruling.ball_in_hand, is_break=ruling.void_break,
        rack_number=state.rack_number + int(ruling.void_break),
        push_out_available=ruling.push_out_available, option_pending=ruling.option_pending,
        consecutive_fouls=ruling.consecutive_fouls, warned=ruling.warned,
        winner=ruling.winner, end_reason=ruling.end_reason)


# ---- fouls and losses --------------------------------------------------------------------

def _fouls(state: NineBallState, facts: ShotFacts, push_out: bool) -> set:
    """Every foul of the shot (R9-09, R9-10, R9-18..R9-22; variants)."""
    variants = state.variants
    fouls = {_STROKE_FOULS[f] for f in facts.stroke_faults}
    if cue_ball_pocketed(facts):
        fouls.add(Foul.CUE_BALL_POTTED)                      # R9-18, R9-09
    if cue_ball_off_table(facts):
        fouls.add(Foul.CUE_BALL_OFF_TABLE)                   # R9-18, R9-09
    if variants.object_ball_off_table_is_foul and facts.off_table - {CUE, NINE}:
        fouls.add(Foul.OBJECT_BALL_OFF_TABLE)                # variant (WPA 6.5), R9-26
    if variants.nine_off_table_spotted and NINE in facts.off_table:
        fouls.add(Foul.NINE_OFF_TABLE)                       # variant (WPA), R9-X03
    # R9-21, R9-X11: only a scoop; a miscue's jump is an accident, no foul on its face
    # (its ferrule or second tip contact is, among the stroke faults above: R9-B13)
    if balls_passed_over(facts, JumpClass.SCOOP):
        fouls.add(Foul.SCOOP_JUMP_OVER_BALL)
    candidates = first_contact_candidates(facts)
    if not push_out:                                         # R9-12: 5.2.b, 5.2.c suspended
        if not candidates:
            fouls.add(Foul.NO_CONTACT)                       # R9-19
        elif state.lowest_ball not in candidates:
            fouls.add(Foul.WRONG_BALL_FIRST)                 # R9-19 (R8-X07 doubt rule)
        elif not facts.pocketed and not driven_to_cushion(facts, after_first_contact=True):
            # R9-20, R9-X13: judged only once the lowest ball was touched.
            fouls.add(Foul.NO_CUSHION_AFTER_CONTACT)
    if state.is_break and not _break_open_enough(state, facts):
        fouls.add(Foul.BREAK_TOO_FEW_CUSHION_BALLS)          # R9-10, R9-X04
    return fouls


def _break_open_enough(state: NineBallState, facts: ShotFacts) -> bool:
    """R9-10, R9-X04, R9-X13: four distinct object balls driven to a cushion, pocketed
    and off-table balls included; the cue ball does not count."""
    pots = object_balls_pocketed(facts)
    if state.variants.break_pot_exempts_four_rail and pots:
        return True
    driven = (driven_to_cushion(facts) | pots) - {CUE}
    return len(driven) >= BREAK_CUSHION_OBJECT_BALLS


def _loss_reason(state: NineBallState, facts: ShotFacts) -> EndReason | None:
    """Shot outcomes that lose at once (R9-X02: the rules screen is the standing warning).
    R9-24, R9-X03: the 9 off the table. R9-23, R9-X01: the 9 and the cue ball both gone
    on a non-break shot that began with the 9 alone; 8.7/8.8 make the others fouls."""
    variants = state.variants
    if NINE in facts.off_table and not variants.nine_off_table_spotted:
        return EndReason.NINE_OFF_TABLE
    cue_gone = cue_ball_pocketed(facts) or cue_ball_off_table(facts)
    if (NINE in object_balls_pocketed(facts) and cue_gone and not state.is_break
            and state.object_balls_on_table == {NINE}
            and not variants.nine_with_cue_never_loses):
        return EndReason.NINE_AND_CUE_BALL
    return None


def _foul_count(state: NineBallState) -> tuple:
    """R9-06, R9-X10, S2 7.1.a: the shooter's count after a foul. Returns
    (counts, warned, warning_issued, loses)."""
    shooter = state.shooter
    count, warned = state.consecutive_fouls[shooter], state.warned[shooter]
    if count >= WARNING_AT_FOULS and warned:
        return state.consecutive_fouls, state.warned, False, True
    # Without a standing warning the third foul counts as the second (7.1.a s2).
    count = min(count + 1, WARNING_AT_FOULS)
    issued = count == WARNING_AT_FOULS and not warned
    return (_per_player(state.consecutive_fouls, shooter, count),
            _per_player(state.warned, shooter, warned or issued), issued, False)


def _reset_count(state: NineBallState) -> tuple:
    """R9-X10: a shot without a foul (a legal push out included) clears the shooter's
    count and his warning. Returns (counts, warned)."""
    return (_per_player(state.consecutive_fouls, state.shooter, 0),
            _per_player(state.warned, state.shooter, False))


def _per_player(values: tuple, player: Player, value) -> tuple:
    """`values` (Player.A's, Player.B's) with `player`'s replaced by `value`."""
    first, second = values
    return (value if player == Player.A else first, value if player == Player.B else second)


# ---- outcomes ----------------------------------------------------------------------------

def _replay(state: NineBallState) -> NineBallRuling:
    """R9-25, R9-X12: a settled drop affected the shot: restore and replay, no foul."""
    return NineBallRuling(shooter=state.shooter, fouls=frozenset(), next_player=state.shooter,
                          ball_in_hand=state.ball_in_hand, layout=state.layout,
                          consecutive_fouls=state.consecutive_fouls, warned=state.warned,
                          push_out_available=state.push_out_available, replay=True)


def _void_break(state: NineBallState) -> NineBallRuling:
    """R9-11, R9-X05: the cue ball's first contact was not the 1: no foul, the count
    unchanged, re-rack, the same player breaks from behind the head string."""
    return NineBallRuling(shooter=state.shooter, fouls=frozenset(), next_player=state.shooter,
                          ball_in_hand=BallInHand.BEHIND_HEAD_STRING,
                          layout=_rack(state.table, state.seed, state.rack_number + 1),
                          consecutive_fouls=state.consecutive_fouls, warned=state.warned,
                          void_break=True)


def _after_foul(state: NineBallState, facts: ShotFacts, fouls: frozenset) -> NineBallRuling:
    """R9-16, R9-17, R9-26, R9-28..R9-30, R9-X08, R9-X14: the turn passes with ball in hand
    anywhere; pocketed balls stay down except the 9, which is respotted (also when the
    variant spots it from off the table); the third warned foul loses."""
    counts, warned, issued, loses = _foul_count(state)
    if loses:
        return _game_over(state, facts, fouls, counts, warned, state.shooter.other,
                          EndReason.THREE_FOULS)
    layout = settle_layout(state, facts).without([CUE])
    nine_down = NINE in object_balls_pocketed(facts) | facts.off_table
    respots = respot_nine_ball(state.table, [NINE] if nine_down else [], layout,
                               state.ball_set)
    # R9-X07: the shot after a foul break may still be a push out (WPA variant: not).
    push_out_next = state.is_break and not state.variants.push_out_after_foul_break
    return NineBallRuling(shooter=state.shooter, fouls=fouls, next_player=state.shooter.other,
                          ball_in_hand=BallInHand.ANYWHERE, layout=layout.with_balls(respots),
                          respots=respots, consecutive_fouls=counts, warned=warned,
                          warning_issued=issued, push_out_available=push_out_next)


def _after_push_out(state: NineBallState, facts: ShotFacts, counts: tuple,
                    warned: tuple) -> NineBallRuling:
    """R9-13, R9-14, R9-X08: a legal push out; pocketed object balls are respotted (all of
    them, or only the 9 with the variant) and the other player has the option."""
    pots = object_balls_pocketed(facts)
    if state.variants.push_out_respots_only_nine:
        pots &= {NINE}
    layout = settle_layout(state, facts)
    respots = respot_nine_ball(state.table, pots, layout, state.ball_set)
    opponent = state.shooter.other
    return NineBallRuling(shooter=state.shooter, fouls=frozenset(), next_player=opponent,
                          ball_in_hand=BallInHand.NONE, layout=layout.with_balls(respots),
                          respots=respots, consecutive_fouls=counts, warned=warned,
                          push_out=True, option_pending=opponent)


def _after_legal_shot(state: NineBallState, facts: ShotFacts, counts: tuple,
                      warned: tuple) -> NineBallRuling:
    """R9-04, R9-05, R9-X17: a pocketed ball (uncalled) lets the shooter continue; a ball
    that left the table is not pocketed. The shot after the break may be a push out."""
    continues = bool(object_balls_pocketed(facts))
    return NineBallRuling(shooter=state.shooter, fouls=frozenset(),
                          next_player=state.shooter if continues else state.shooter.other,
                          ball_in_hand=BallInHand.NONE, layout=settle_layout(state, facts),
                          consecutive_fouls=counts, warned=warned,
                          push_out_available=state.is_break)


def _game_over(state: NineBallState, facts: ShotFacts, fouls: frozenset, counts: tuple,
               warned: tuple, winner: Player, reason: EndReason) -> NineBallRuling:
    """The ruling of a shot that ended the game (R9-15)."""
    return NineBallRuling(shooter=state.shooter, fouls=fouls, next_player=state.shooter,
                          ball_in_hand=BallInHand.NONE, layout=settle_layout(state, facts),
                          consecutive_fouls=counts, warned=warned, winner=winner,
                          end_reason=reason)


def _rack(table, seed: int, rack_number: int) -> Layout:
    """The diamond of the match's rack_number-th rack (R9-07)."""
    return Layout._of(nine_ball_rack(table, rack_seed(seed, rack_number)))
