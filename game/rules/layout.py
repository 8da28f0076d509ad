"""The balls on the table: an immutable mapping ball id -> (x, y), and plain geometry.

Positions are in the table frame of `physics_ext.table` (metres). A ball of radius R is
on the playing surface when its centre lies in [R, length - R] x [R, width - R].
"""
from __future__ import annotations

import math
from collections.abc import Iterable, Mapping

from .balls import BallSet


class FrozenMapping(Mapping):
    """An immutable, hashable mapping, its items kept sorted by key."""
    __slots__ = ("_items",)

    def __init__(self, items: Mapping | Iterable = ()):
        pairs = items.items() if isinstance(items, Mapping) else items
        object.__setattr__(self, "_items", dict(sorted(self._normalise(pairs))))

    @staticmethod
    def _normalise(pairs):
        return pairs

    @classmethod
    def _of(cls, items: dict):
        """The mapping of `items`, a dict already in the form _normalise gives (a Layout's:
        ids ints and positions (x, y) tuples of floats): sorted, not normalised again."""
        mapping = object.__new__(cls)
        # sorted by key alone (cheaper than sorting the (key, value) pairs; keys are unique)
        object.__setattr__(mapping, "_items", {key: items[key] for key in sorted(items)})
        return mapping

    def __setattr__(self, name, value):
        raise AttributeError(f"{type(self).__name__} is immutable")

    def __reduce__(self):
        # Rebuild through __init__: the default slot restore would call __setattr__.
        return (type(self), (self._items,))

    def __getitem__(self, key):
        return self._items[key]

    def __iter__(self):
        return iter(self._items)

    def __len__(self) -> int:
        return len(self._items)

    # The dict's own read-only views and lookups: the same answers as Mapping's mixins,
    # without a __getitem__ call per item (the rules walk layouts on every shot).
    def __contains__(self, key) -> bool:
        return key in self._items

    def get(self, key, default=None):
        return self._items.get(key, default)

    def keys(self):
        return self._items.keys()

    def items(self):
        return self._items.items()

    def values(self):
        return self._items.values()

    def __hash__(self) -> int:
        return hash(tuple(self._items.items()))

    def __eq__(self, other) -> bool:
        return isinstance(other, Mapping) and self._items == dict(other)

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self._items!r})"


class Layout(FrozenMapping):
    """The balls on the table: ball id -> (x, y) in metres."""
    __slots__ = ()

    @staticmethod
    def _normalise(pairs):
        return ((int(b), (float(p[0]), float(p[1]))) for b, p in pairs)

    def without(self, balls: Iterable[int]) -> "Layout":
        """This layout without `balls` (itself when none of them is on it: a Layout is
        immutable)."""
        gone = frozenset(balls)
        if gone.isdisjoint(self._items):
            return self
        return Layout._of({b: p for b, p in self._items.items() if b not in gone})

    def with_ball(self, ball: int, position) -> "Layout":
        return self.with_balls([(ball, position)])

    def with_balls(self, placed: Iterable) -> "Layout":
        """This layout with each (ball, position) of `placed` added or moved (itself when
        `placed` is empty)."""
        added = dict(self._normalise(placed))
        return Layout._of(self._items | added) if added else self


def on_table(table, position, radius: float) -> bool:
    """True if a ball of `radius` centred at `position` lies on the playing surface."""
    x, y = position
    return radius <= x <= table.length - radius and radius <= y <= table.width - radius


def clearance(position, radius: float, layout: Mapping, balls: BallSet,
              ignore: Iterable[int] = ()) -> float:
    """Smallest gap (m) between a ball at `position` and the balls of `layout`
    (negative when overlapping); +inf when there is no other ball."""
    skip = frozenset(ignore)
    x, y = position
    least = math.inf
    radius_of, hypot = balls.radius, math.hypot
    for b, (px, py) in layout.items():  # a plain loop: this is asked for every candidate spot
        if b not in skip:
            gap = hypot(x - px, y - py) - radius - radius_of(b)
            if gap < least:
                least = gap
    return least
