"""What happened in a shot, as labelled marks at events: first contact, cushions,
pockets, jumps, balls off the table and fouls. Shared by the 3D viewer's labels and the
trajectory plot's markers (no Panda3D).

A mark sits at a time (s) and a point of the table frame (m): where the ball was at the
event (a first contact at the point where the two balls touch). A foul is placed at the
event that made it when there is one (the cue ball's drop, the first contact) and at the
cue ball's rest at the end of the shot otherwise.
"""
from __future__ import annotations

import enum
from dataclasses import dataclass

import numpy as np

from physics_ext import EventKind
from game.i18n import _
from game.rules import Foul
from game.rules.facts import first_contact
from game.session.describe import FOUL_TEXT, ball_name


class MarkKind(enum.Enum):
    FIRST_CONTACT = "first contact"
    CUSHION = "cushion"
    POCKET = "pocket"
    JUMP = "jump"
    OFF_TABLE = "off table"
    FOUL = "foul"


@dataclass(frozen=True)
class Mark:
    """kind at `time` (s) at `position` (3,) m, about ball `ball_id`; `text` to show."""
    kind: MarkKind
    time: float
    position: tuple
    ball_id: int
    text: str


# Fouls made at a particular event: the cue ball's drop or flight off, the first contact.
_FOUL_EVENTS = {Foul.CUE_BALL_POTTED: "pocket", Foul.CUE_BALL_OFF_TABLE: "off",
                Foul.OPPONENT_BALL_FIRST: "contact", Foul.BLACK_FIRST: "contact",
                Foul.WRONG_BALL_FIRST: "contact"}


def shot_marks(mode: str, result, ball_ids, fouls=(), rings: bool = False) -> tuple:
    """The marks of one shot, in time order. result: the ShotResult; ball_ids: physics
    index -> ball id (the cue ball first); fouls: the ruling's Foul values; rings: the
    balls named in colour-blind play's words ("a ringed yellow potted")."""
    events = result.events
    ids = tuple(ball_ids)
    marks = []

    def at(kind, time, index, text):
        position = result.state_at(time).positions[index]
        marks.append(Mark(kind, float(time), tuple(position.tolist()), ids[index], text))

    contact = first_contact(events, 0)
    contact_time = None
    if contact is not None:
        other, contact_time, _speed = contact
        s = result.state_at(contact_time)
        r0, r1 = result.ball_rows[0, 0], result.ball_rows[other, 0]
        # On the line of centres, r0 from the cue ball's centre: where the surfaces touch.
        point = (s.positions[0] * r1 + s.positions[other] * r0) / (r0 + r1)
        marks.append(Mark(MarkKind.FIRST_CONTACT, contact_time, tuple(point.tolist()), ids[other],
                          _("first contact: {ball}").format(
                              ball=ball_name(mode, ids[other], rings))))
    for e in events:
        kind, b = int(e["kind"]), int(e["ball"])
        if kind in (EventKind.CUSHION, EventKind.JAW_TIP):
            at(MarkKind.CUSHION, e["time"], b, "cushion")
        elif kind == EventKind.POCKET:
            at(MarkKind.POCKET, e["time"], b,
               _("{ball} potted").format(ball=ball_name(mode, ids[b], rings)))
        elif kind == EventKind.OFF_TABLE:
            at(MarkKind.OFF_TABLE, e["time"], b,
               _("{ball} off the table").format(ball=ball_name(mode, ids[b], rings)))
    for flight in result.flights:
        at(MarkKind.JUMP, flight.start, flight.ball,
           _("jump") if flight.ball == 0 else _("{ball} in the air").format(
               ball=ball_name(mode, ids[flight.ball], rings)))
    for foul in sorted({Foul(f) for f in fouls}, key=lambda f: f.value):
        time = _foul_time(foul, events, contact_time, result.duration)
        at(MarkKind.FOUL, time, 0, _("foul: {what}").format(what=_(FOUL_TEXT[foul])))
    return tuple(sorted(marks, key=lambda m: m.time))


def _foul_time(foul: Foul, events: np.ndarray, contact_time, end: float) -> float:
    where = _FOUL_EVENTS.get(foul)
    if where == "contact" and contact_time is not None:
        return contact_time
    kind = {"pocket": EventKind.POCKET, "off": EventKind.OFF_TABLE}.get(where)
    if kind is not None:
        hits = events[(events["kind"] == kind) & (events["ball"] == 0)]
        if hits.size:
            return float(hits["time"][0])
    return end
