"""named(): tuple classes with named fields, like collections.namedtuple, made without
compiling code.

namedtuple writes its constructor as source and evals it, about 0.07 ms a class; the model
and the modules every `show` and `search` import define about twenty such classes, 1.2 ms
of their start-up (python -X importtime). named() builds the same kind of class from one
generic constructor: the same fields, defaults, keywords, _replace, _asdict, _make,
_fields, _field_defaults, repr, equality, hashing, pickling and pattern matching; a record
is a plain tuple whose fields are properties reading its items (operator.itemgetter).
Use it as namedtuple is used: `class Rule(named("Rule", "number text", defaults=("",)))`.
"""

from __future__ import annotations

import sys
from operator import itemgetter

_MISSING = object()


def named(typename: str, field_names: str, defaults: tuple = ()) -> type:
    """A tuple class called typename with the fields field_names (names separated by
    blanks), the last len(defaults) of them optional."""
    fields = tuple(field_names.split())
    size, defaults = len(fields), tuple(defaults)
    if len(set(fields)) != size or len(defaults) > size or \
            not all(f.isidentifier() and not f.startswith("_") for f in fields):
        raise ValueError(f"{typename}: bad field names {field_names!r}")
    required = size - len(defaults)
    new = tuple.__new__

    def __new__(cls, *args, **named_args):
        if named_args or len(args) != size:
            if not named_args and required <= len(args) < size:  # the last ones left out
                args += defaults[len(args) - required:]
            else:
                args = _arranged(typename, fields, defaults, args, named_args)
        return new(cls, args)

    def _make(cls, iterable):
        values = new(cls, iterable)
        if len(values) != size:
            raise TypeError(f"{typename}: expected {size} values, got {len(values)}")
        return values

    def _replace(self, **changes):
        values = [changes.pop(name, value) for name, value in zip(fields, self)]
        if changes:
            raise ValueError(f"{typename}: unexpected field names {list(changes)!r}")
        return new(type(self), values)

    def __repr__(self):
        shown = ", ".join(f"{name}={value!r}" for name, value in zip(fields, self))
        return f"{type(self).__name__}({shown})"

    namespace = {
        "__doc__": f"{typename}({', '.join(fields)})", "__slots__": (),
        "_fields": fields, "_field_defaults": dict(zip(fields[required:], defaults)),
        "__match_args__": fields, "__new__": __new__, "_make": classmethod(_make),
        "_replace": _replace, "__repr__": __repr__,
        "_asdict": lambda self: dict(zip(fields, self)),
        "__getnewargs__": lambda self: tuple(self),
    }
    for index, name in enumerate(fields):
        namespace[name] = property(itemgetter(index), doc=f"Alias for field number {index}")
    cls = type(typename, (tuple,), namespace)
    cls.__module__ = sys._getframe(1).f_globals.get("__name__", "__main__")
    return cls


def _arranged(typename: str, fields: tuple, defaults: tuple, args: tuple,
              named_args: dict) -> tuple:
    """The values of a call with keywords or defaults, in field order; TypeError as a
    function with those parameters would raise it."""
    size = len(fields)
    if len(args) > size:
        raise TypeError(f"{typename}() takes {size} positional arguments but {len(args)} "
                        "were given")
    values = list(args) + [_MISSING] * (size - len(args))
    for name, value in named_args.items():
        if name not in fields:
            raise TypeError(f"{typename}() got an unexpected keyword argument {name!r}")
        index = fields.index(name)
        if values[index] is not _MISSING:
            raise TypeError(f"{typename}() got multiple values for argument {name!r}")
        values[index] = value
    required = size - len(defaults)
    for index, value in enumerate(values):
        if value is _MISSING:
            if index < required:
                raise TypeError(f"{typename}() missing required argument {fields[index]!r}")
            values[index] = defaults[index - required]
    return tuple(values)
