"""tuples.named behaves as collections.namedtuple for every way the project uses one."""

import pickle
from collections import namedtuple

import pytest
from hypothesis import given, strategies as st

from tolaria.tuples import named

NAMES = st.lists(st.sampled_from("alpha beta gamma delta epsilon zeta eta theta".split()),
                 min_size=1, max_size=6, unique=True)


@st.composite
def shapes(draw):
    """Field names, defaults, and a call: values given by position, the rest by keyword
    (some left to their defaults), maybe with a mistake in it."""
    fields = draw(NAMES)
    defaults = tuple(draw(st.lists(st.integers(), max_size=len(fields))))
    values = draw(st.lists(st.integers(), min_size=len(fields), max_size=len(fields)))
    cut = draw(st.integers(0, len(fields)))
    keep = draw(st.lists(st.booleans(), min_size=len(fields), max_size=len(fields)))
    args = tuple(values[:cut])
    kwargs = {f: v for f, v, k in zip(fields[cut:], values[cut:], keep[cut:]) if k}
    mistake = draw(st.sampled_from([None, "extra positional", "unknown keyword", "twice"]))
    if mistake == "extra positional":
        args += (0,) * (len(fields) - len(args) + 1)
    elif mistake == "unknown keyword":
        kwargs["omega"] = 1
    elif mistake == "twice" and args:
        kwargs[fields[0]] = 1
    return fields, defaults, args, kwargs


def made(factory, fields, defaults, args, kwargs):
    cls = factory("Shape", " ".join(fields), defaults=defaults)
    try:
        return cls, cls(*args, **kwargs)
    except TypeError:
        return cls, TypeError


@given(shapes())
def test_a_record_is_made_as_a_namedtuple_would_be(shape):
    fields, defaults, args, kwargs = shape
    theirs_cls, theirs = made(namedtuple, *shape)
    ours_cls, ours = made(named, *shape)
    assert ours == theirs  # the same values, or TypeError for both
    assert ours_cls._fields == theirs_cls._fields
    assert ours_cls._field_defaults == theirs_cls._field_defaults
    if ours is TypeError:
        return
    assert tuple(getattr(ours, f) for f in fields) == tuple(theirs)
    assert ours._asdict() == theirs._asdict()
    assert repr(ours).replace("Shape", "") == repr(theirs).replace("Shape", "")
    assert hash(ours) == hash(theirs)
    assert ours._replace(**{fields[-1]: "new"}) == theirs._replace(**{fields[-1]: "new"})
    assert type(ours._replace()) is ours_cls
    assert ours_cls._make(list(theirs)) == theirs


class Rule(named("Rule", "number text cites", defaults=((),))):
    """A subclass as the model writes them."""

    __slots__ = ()

    @property
    def shown(self) -> str:
        return f"{self.number}: {self.text}"


def test_a_subclass_keeps_its_class_through_replace_pickle_and_match():
    rule = Rule("104.3b", "A player with 0 life loses.")
    assert rule.cites == () and rule.shown.startswith("104.3b")
    assert type(rule._replace(text="x")) is Rule
    assert pickle.loads(pickle.dumps(rule)) == rule
    assert type(pickle.loads(pickle.dumps(rule))) is Rule
    match rule:
        case Rule(number, text):
            assert (number, text) == ("104.3b", rule.text)
    with pytest.raises(AttributeError):
        rule.extra = 1  # no __dict__: as immutable as a tuple


@pytest.mark.parametrize("fields", ["a a", "a _b", "a 1b", "a b-c"])
def test_bad_field_names_are_refused(fields):
    with pytest.raises(ValueError):
        named("Bad", fields)


def test_wrong_calls_say_what_is_wrong():
    Pair = named("Pair", "left right", defaults=(0,))
    with pytest.raises(TypeError, match="left"):
        Pair()
    with pytest.raises(TypeError, match="middle"):
        Pair(1, middle=2)
    with pytest.raises(ValueError, match="middle"):
        Pair(1)._replace(middle=2)
    with pytest.raises(TypeError, match="expected 2"):
        Pair._make([1])
