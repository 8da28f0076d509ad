"""Shot facts: what the rules need to know about one shot, and the named queries that
read them from the physics event log (RULEBOOK section 6).

`ShotFacts` is what the rulings read. Tests and scenarios build it by hand; the game
builds it with `facts_from_result(result, index_to_ball_id)` from a `ShotResult` of
`physics_ext.shoot` or `physics_ext.simulate`. All ball references in ShotFacts are ball
ids (0 = cue ball), never indices into the solver's ball list.

Cushion contact follows S2 8.5/8.6 (R9-27, R9-X13, R8-X03): a contact counts unless the
log flags it `EventFlag.TOUCHING` (the ball was touching that cushion and had not left
it); a jaw counts as its rail's cushion; a ball that left the table counts as driven to a
cushion. The cue ball's flights (with the balls passed over, PASS_OVER in the log) and
the miscue flag come from the result, and so do the stroke faults the cue produced (push,
double hit, ferrule or shaft contact, the cue on another ball: physics_ext.cue); the caller
may add stroke faults. Settled drops are not modelled by the physics yet: they stay empty.
"""
from __future__ import annotations

import dataclasses
import enum
import functools
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

import numpy as np

from physics_ext.table import Pocket
from physics_ext.types import EventFlag, EventKind, MotionState, frozen_instance

from .balls import CUE
from .layout import FrozenMapping, Layout

# R8-X07: two first contacts of the cue ball closer in time than this are simultaneous
# (the book allows one physics event time, at most 1 ms). The solver timestamps events
# exactly, so genuinely separate contacts are far apart compared to this.
SIMULTANEOUS_CONTACT_TOL_S = 1e-3


class JumpClass(str, enum.Enum):
    """Cause of a cue-ball airborne interval (R9-X11, section 6.7)."""
    LEGAL_JUMP = "legal_jump"   # struck above centre, bounced off the slate
    ELEVATED = "legal_jump"     # the rule book's name for the same thing
    SCOOP = "scoop"             # struck below centre, lifted by tip and cloth
    MISCUE = "miscue"           # the tip skidded off: an accidental jump (seed 5.2.h)


class StrokeFault(enum.Enum):
    """Faults the stroke model reports (R8-22, R8-23, R9-22, R9-B13, R9-X11); the values are
    physics_ext.cue.CueFault's."""
    DOUBLE_HIT = "double_hit"               # the tip struck the cue ball twice
    PUSH = "push"                           # prolonged tip contact
    FERRULE = "ferrule"                     # ferrule or shaft end touched the cue ball
    STRUCK_OTHER_BALL = "struck_other_ball"  # the cue touched a ball other than the cue ball


@dataclass(frozen=True)
class AirborneInterval:
    """The cue ball in the air from `start` to `end` (s); `passed_over` are the balls
    whose outline it crossed above in plan view (R8-X14, R9-X11)."""
    start: float
    end: float
    classification: JumpClass
    passed_over: frozenset = frozenset()

    def __post_init__(self):
        object.__setattr__(self, "classification", JumpClass(self.classification))
        object.__setattr__(self, "passed_over", frozenset(self.passed_over))


@dataclass(frozen=True)
class SettledDrop:
    """R9-25, R9-X12: `ball` fell into a pocket after resting at `position` for 5 s or
    more; `affected_shot` when the fall changed the shot."""
    ball: int
    position: tuple
    affected_shot: bool = False


@dataclass(frozen=True)
class ShotFacts:
    """Everything the rulings read about one shot. Ball ids throughout.

    first_contact, first_contact_time: the first ball the cue ball touched and when
        (None: it touched none).
    simultaneous_first_contacts: other balls the cue ball touched within
        SIMULTANEOUS_CONTACT_TOL_S of the first contact (R8-X07).
    pocketed: ball -> Pocket (or None when not known) for every ball pocketed, cue ball
        included; an iterable of ids is accepted too.
    cushion_balls: balls driven to a cushion at any time (8.5/8.6 definition).
    cushion_balls_after_first_contact: the same, counting only contacts at or after the
        first contact; None (the default) means every cushion contact came after it.
    off_table: balls that left the table, cue ball included.
    final_positions: where the balls still on the table came to rest; a ball it does not
        name (all of them when None) and that was neither pocketed nor sent off stayed
        where it was.
    cue_airborne: the cue ball's airborne intervals.
    miscue: the stroke was a miscue (not a foul by itself: R9-X11).
    stroke_faults: faults reported by the stroke model.
    settled_drops: R9-25 falls after resting 5 s or more.
    """
    first_contact: int | None = None
    first_contact_time: float | None = None
    simultaneous_first_contacts: frozenset = frozenset()
    pocketed: Mapping = field(default_factory=dict)
    cushion_balls: frozenset = frozenset()
    cushion_balls_after_first_contact: frozenset | None = None
    off_table: frozenset = frozenset()
    final_positions: Layout | None = None
    cue_airborne: tuple = ()
    miscue: bool = False
    stroke_faults: frozenset = frozenset()
    settled_drops: tuple = ()

    def __post_init__(self):
        pocketed = self.pocketed
        if not isinstance(pocketed, Mapping):
            pocketed = {ball: None for ball in pocketed}
        object.__setattr__(self, "pocketed", FrozenMapping(pocketed))
        if self.cushion_balls_after_first_contact is None:
            object.__setattr__(self, "cushion_balls_after_first_contact", self.cushion_balls)
        for name in ("simultaneous_first_contacts", "cushion_balls",
                     "cushion_balls_after_first_contact", "off_table"):
            object.__setattr__(self, name, frozenset(getattr(self, name)))
        # A contact after the first contact is a contact at all.
        object.__setattr__(self, "cushion_balls",
                           self.cushion_balls | self.cushion_balls_after_first_contact)
        object.__setattr__(self, "stroke_faults",
                           frozenset(StrokeFault(f) for f in self.stroke_faults))
        object.__setattr__(self, "cue_airborne", tuple(self.cue_airborne))
        object.__setattr__(self, "settled_drops", tuple(self.settled_drops))
        if self.final_positions is not None and type(self.final_positions) is not Layout:
            object.__setattr__(self, "final_positions", Layout(self.final_positions))
        self._check()

    @classmethod
    def _of(cls, **fields) -> "ShotFacts":
        """ShotFacts of `fields` (every field, by name) already in the form __post_init__
        gives them (pocketed a FrozenMapping, frozensets, cushion_balls holding the contacts
        after the first contact, a Layout, tuples of AirborneInterval and SettledDrop,
        StrokeFault members): built without normalising them again, still checked."""
        facts = frozen_instance(cls, fields)
        facts._check()
        return facts

    def _check(self) -> None:
        """ValueError for facts that contradict themselves."""
        if self.first_contact is None and self.simultaneous_first_contacts:
            raise ValueError("simultaneous first contacts without a first contact")
        if not self.off_table.isdisjoint(self.pocketed):
            raise ValueError("a ball cannot be both pocketed and off the table")

    @functools.cached_property
    def pocketed_balls(self) -> frozenset:
        """The balls pocketed (kept: every ruling asks several times)."""
        return frozenset(self.pocketed)


# ---- named queries over ShotFacts (what the rule engines call) ---------------------------

def first_contact_candidates(facts: ShotFacts) -> frozenset:
    """Balls that may count as the cue ball's first contact: the first one and any
    simultaneous one (R8-X07: the shooter gets the benefit of the doubt)."""
    if facts.first_contact is None:
        return frozenset()
    return frozenset({facts.first_contact}) | facts.simultaneous_first_contacts


def object_balls_pocketed(facts: ShotFacts) -> frozenset:
    return facts.pocketed_balls - {CUE}


def cue_ball_pocketed(facts: ShotFacts) -> bool:
    return CUE in facts.pocketed


def cue_ball_off_table(facts: ShotFacts) -> bool:
    return CUE in facts.off_table


def driven_to_cushion(facts: ShotFacts, after_first_contact: bool = False) -> frozenset:
    """Balls driven to a cushion (R9-27): cushion contacts by the 8.5/8.6 definition, and
    every ball that left the table (8.6)."""
    touched = (facts.cushion_balls_after_first_contact if after_first_contact
               else facts.cushion_balls)
    return touched | facts.off_table


def balls_passed_over(facts: ShotFacts, classification: JumpClass | None = None) -> frozenset:
    """Balls the airborne cue ball passed over, in intervals of `classification` (all
    intervals when None)."""
    return frozenset().union(*(iv.passed_over for iv in facts.cue_airborne
                               if classification is None or iv.classification is classification))


def settled_drops_put_back(facts: ShotFacts) -> ShotFacts:
    """R9-25, R9-X12: the facts with every settled drop undone: the ball is not pocketed
    and stands again where it rested."""
    if not facts.settled_drops:
        return facts
    dropped = {d.ball: d.position for d in facts.settled_drops}
    return dataclasses.replace(
        facts, settled_drops=(), final_positions=dict(facts.final_positions or {}) | dropped,
        pocketed={b: p for b, p in facts.pocketed.items() if b not in dropped})


# ---- named queries over the event log (indices, as the solver reports them) --------------

# The event kinds and the flag as plain ints (an enum member's lookup costs more than the
# comparison it serves).
_BALL_BALL, _CUSHION, _JAW_TIP, _POCKET, _TRANSITION, _OFF_TABLE = (
    int(k) for k in (EventKind.BALL_BALL, EventKind.CUSHION, EventKind.JAW_TIP,
                     EventKind.POCKET, EventKind.TRANSITION, EventKind.OFF_TABLE))
_TOUCHING = int(EventFlag.TOUCHING)
_OUT_OF_PLAY = (int(MotionState.POCKETED), int(MotionState.OFF_TABLE))


def _scan(events: np.ndarray, cue_index: int = 0) -> tuple:
    """One pass over the event log (plain lists: a log holds tens of events, and a numpy
    mask per query costs more than the loop): (the cue ball's ball contacts as (index,
    time), index -> Pocket of every drop, (index, time) of every counting cushion contact
    (S2 8.5/8.6), the indices that left the table), each in log order."""
    contacts, drops, cushions, gone = [], {}, [], set()
    for kind, ball, other, time, flags, feature in zip(
            events["kind"].tolist(), events["ball"].tolist(), events["other"].tolist(),
            events["time"].tolist(), events["flags"].tolist(), events["feature"].tolist()):
        if kind == _TRANSITION:     # half a log or more, and no query reads them
            continue
        if kind == _BALL_BALL:
            if ball == cue_index:
                contacts.append((other, time))
            elif other == cue_index:
                contacts.append((ball, time))
        elif kind == _CUSHION or kind == _JAW_TIP:
            if not flags & _TOUCHING:
                cushions.append((ball, time))
        elif kind == _POCKET:
            drops[ball] = Pocket(feature)
        elif kind == _OFF_TABLE:
            gone.add(ball)
    return contacts, drops, cushions, gone


def _first_of(contacts: list):
    """first_contact's answer from _scan's cue ball contacts."""
    if not contacts:
        return None
    first_time = contacts[0][1]
    touched = [b for b, t in contacts if t <= first_time + SIMULTANEOUS_CONTACT_TOL_S]
    return touched[0], first_time, frozenset(touched[1:]) - {touched[0]}


def first_contact(events: np.ndarray, cue_index: int = 0):
    """The cue ball's first ball contact: (index, time, simultaneous indices) or None."""
    return _first_of(_scan(events, cue_index)[0])


def pocketed(events: np.ndarray) -> dict:
    """index -> Pocket of every ball that dropped into a pocket."""
    return _scan(events)[1]


def cushion_balls(events: np.ndarray, after: float | None = None) -> frozenset:
    """Indices of balls with a counting cushion contact (S2 8.5/8.6), at or after `after`."""
    return frozenset(b for b, t in _scan(events)[2] if after is None or t >= after)


def off_table(events: np.ndarray) -> frozenset:
    """Indices of balls that left the table."""
    return frozenset(_scan(events)[3])


def resting_positions(final) -> dict:
    """index -> (x, y) of the balls still on the table at the end of the shot."""
    out_of_play = (MotionState.POCKETED, MotionState.OFF_TABLE)
    return {i: (float(final.positions[i][0]), float(final.positions[i][1]))
            for i, state in enumerate(final.states) if int(state) not in out_of_play}


def _resting(result) -> list:
    """(index, x, y) (m, table frame) of every ball still on the table at the end of the
    shot, in no set order, read straight from each ball's last trajectory piece
    (`result.pieces`, in time order for each ball): at the end of the shot every ball on
    the table rests, so it stays where its last piece began."""
    ball, state, _, rvw = result.pieces
    # each ball's last piece: a later piece of a ball replaces its earlier ones
    last = dict(zip(ball.tolist(), range(len(ball))))
    states, x, y = state.tolist(), rvw[:, 0].tolist(), rvw[:, 1].tolist()
    return [(i, x[k], y[k]) for i, k in last.items() if states[k] not in _OUT_OF_PLAY]


def final_resting_positions(result) -> dict:
    """resting_positions(result.final) read from the trajectory pieces (_resting): the same
    numbers, without evaluating the trajectories."""
    return {i: (x, y) for i, x, y in sorted(_resting(result))}


def cue_ball_flights(result, cue_index: int = 0) -> tuple:
    """(start, end, classification, passed-over indices) for each flight of the cue ball.
    A shot made with physics_ext.shoot() carries the solver's legal-jump/scoop/miscue class; a
    shot simulated from given velocities has no stroke to judge, so its flights count as
    legal jumps (8-ball fouls any jump over a ball regardless, R8-X14)."""
    flights = getattr(result, "flights", ())
    if not flights:     # most shots: nothing in the air
        return ()
    stroke_flights = result.cue_flights() if getattr(result, "stroke", None) else None
    if stroke_flights is None:
        stroke_flights = tuple((f, JumpClass.LEGAL_JUMP.value)
                               for f in flights if f.ball == cue_index)
    return tuple((f.start, f.end, JumpClass(cls), frozenset(f.passed_over))
                 for f, cls in stroke_flights)


def facts_from_result(result, index_to_ball_id: Sequence | Mapping, cue_index: int = 0, *,
                      stroke_faults: Iterable[StrokeFault] = ()) -> ShotFacts:
    """ShotFacts from a physics_ext ShotResult. `index_to_ball_id[i]` is the ball id of
    the i-th ball passed to simulate; the cue ball's index is `cue_index`. Airborne
    intervals and the miscue flag come from the result when it has them (shoot());
    so do the stroke faults the cue produced (push, double hit, ferrule, the cue on another
    ball: `result.stroke_faults`, physics_ext.cue), to which the caller may add others."""
    ids = dict(enumerate(index_to_ball_id)) if not isinstance(index_to_ball_id, Mapping) \
        else dict(index_to_ball_id)
    if ids.get(cue_index) != CUE:
        raise ValueError(f"the ball at cue_index {cue_index} must have id {CUE}")
    if getattr(result, "cue_index", None) not in (None, cue_index):
        raise ValueError(f"the shot struck ball {result.cue_index}, not cue_index {cue_index}")
    contacts, drops, cushions, gone = _scan(np.asarray(result.events), cue_index)
    contact = _first_of(contacts)
    first, when, simultaneous = contact if contact else (None, None, frozenset())
    stroke = getattr(result, "stroke", None)
    final = {ids[i]: (x, y) for i, x, y in _resting(result)}
    after_first = frozenset() if when is None else frozenset([ids[i] for i, t in cushions
                                                              if t >= when])
    faults = (*stroke_faults, *(f.value for f in getattr(result, "stroke_faults", ())))
    # Every field as ShotFacts.__post_init__ would leave it.
    return ShotFacts._of(
        first_contact=None if first is None else ids[first],
        first_contact_time=when,
        simultaneous_first_contacts=frozenset([ids[i] for i in simultaneous]),
        pocketed=FrozenMapping._of({ids[i]: p for i, p in drops.items()}),
        cushion_balls=frozenset([ids[i] for i, _ in cushions]) | after_first,
        cushion_balls_after_first_contact=after_first,
        off_table=frozenset([ids[i] for i in gone]),
        # positions of Python floats already: ids of ints need no normalising (an id that
        # is no int, resting or not, sends them all through Layout's normalising)
        final_positions=Layout._of(final) if set(map(type, ids.values())) == {int}
        else Layout(final),
        cue_airborne=tuple(
            frozen_instance(AirborneInterval, {
                "start": start, "end": end, "classification": cls,
                "passed_over": frozenset(ids[i] for i in over)})
            for start, end, cls, over in cue_ball_flights(result, cue_index)),
        miscue=bool(stroke is not None and stroke.miscue),
        stroke_faults=frozenset(StrokeFault(f) for f in faults) if faults else frozenset(),
        settled_drops=(),
    )
