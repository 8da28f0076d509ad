"""Copies of the rules' frozen dataclasses (states, rulings, facts) with some fields changed,
made without the dataclass __init__: a state or ruling is made on every shot of a
training run (issue 30), and its fields were checked when it was first built.
"""
from __future__ import annotations

import dataclasses

from physics_ext.types import frozen_instance


def evolve(instance, **changes):
    """dataclasses.replace(instance, **changes) for a frozen dataclass without
    __post_init__ whose fields are all init fields (and whose instances hold nothing
    else): the same new instance, its fields copied from `instance` (never checked again)
    and `changes` set. TypeError for a name that is not a field."""
    names = _field_names(type(instance))
    if not names.issuperset(changes):
        raise TypeError(f"{type(instance).__name__} has no field "
                        f"{sorted(set(changes) - names)[0]!r}")
    return frozen_instance(type(instance), instance.__dict__ | changes)


def _field_names(cls) -> frozenset:
    """The field names of the frozen dataclass `cls` (cached); TypeError for a class that
    evolve cannot copy."""
    names = _FIELD_NAMES.get(cls)
    if names is None:
        params = getattr(cls, "__dataclass_params__", None)
        fields = dataclasses.fields(cls) if params is not None else ()
        if (params is None or not params.frozen or hasattr(cls, "__post_init__")
                or not all(f.init for f in fields)):
            raise TypeError(f"evolve copies frozen dataclasses without __post_init__, "
                            f"not {cls.__name__}")
        names = _FIELD_NAMES[cls] = frozenset(f.name for f in fields)
    return names


# class -> its field names, for evolve.
_FIELD_NAMES: dict = {}
