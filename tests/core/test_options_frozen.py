"""core.options (checks from annotations, dict I/O) and core.frozen (evolve, frozen_mapping, open_layout)."""

from __future__ import annotations

import copy
import pickle
import threading
import warnings
import weakref
from typing import Literal

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from tabletop_rules.core.deprecation import renamed_names
from tabletop_rules.core.errors import InvalidOptionError
from tabletop_rules.core.frozen import evolve, frozen_mapping, open_layout
from tabletop_rules.core.options import GameOptions, int_option


@attrs.frozen
class Options(GameOptions):
    flag: bool = False
    mode: Literal["a", "b"] = "a"
    count: int = int_option(3, low=1, high=5)
    cap: int | None = int_option(None, low=1, high=100)
    pair: Literal[1, 2] = 1

    def _check(self) -> None:
        if self.mode == "b" and self.cap is None:
            raise InvalidOptionError("mode 'b' needs a cap")


def test_choices_come_from_the_annotations() -> None:
    assert Options.choices() == {"flag": (False, True), "mode": ("a", "b"), "pair": (1, 2)}


@pytest.mark.parametrize(
    "bad",
    [
        {"flag": 1},
        {"mode": "c"},
        {"count": True},
        {"count": 6},
        {"count": 2.0},
        {"cap": 0},
        {"pair": True},
        {"pair": 1.0},
        {"mode": "b"},
        {"unknown": 1},
    ],
)
def test_bad_values_raise_invalid_option_error(bad: dict[str, object]) -> None:
    with pytest.raises(InvalidOptionError):
        Options.from_dict(bad)


@given(
    st.builds(
        Options,
        flag=st.booleans(),
        mode=st.just("a"),
        count=st.integers(1, 5),
        cap=st.none() | st.integers(1, 100),
        pair=st.sampled_from((1, 2)),
    )
)
def test_to_dict_and_from_dict_round_trip(options: Options) -> None:
    assert Options.from_dict(options.to_dict()) == options
    assert Options.coerce(options.to_dict()) == options
    assert Options.coerce(options) is options


def test_coerce_takes_none_a_mapping_or_the_class_only() -> None:
    assert Options.coerce(None) == Options()
    with pytest.raises(InvalidOptionError, match="must be Options, a dict or None"):
        Options.coerce([("flag", True)])  # type: ignore[arg-type]


@attrs.frozen(cache_hash=True)
class Record:
    a: int
    b: tuple[int, ...] = ()
    c: str = "x"


@given(st.integers(), st.lists(st.integers()).map(tuple), st.text())
def test_evolve_equals_attrs_evolve(a: int, b: tuple[int, ...], c: str) -> None:
    old = Record(0)
    new = evolve(old, a=a, b=b, c=c)
    assert new == attrs.evolve(old, a=a, b=b, c=c)
    assert hash(new) == hash(Record(a, b, c))
    assert old == Record(0)


def test_evolve_refuses_unknown_fields() -> None:
    with pytest.raises(TypeError, match="no field"):
        evolve(Record(0), d=1)  # type: ignore[call-arg]


def test_evolve_is_safe_from_many_threads() -> None:
    results: list[Record] = []

    def work() -> None:
        results.extend(evolve(Record(i), c=str(i)) for i in range(500))

    threads = [threading.Thread(target=work) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(results) == 4000
    assert all(r.c == str(r.a) for r in results)


def test_frozen_mapping_cannot_be_changed_and_does_not_follow_its_source() -> None:
    source = {"a": 1}
    table = frozen_mapping(source)
    source["a"] = 2
    assert table["a"] == 1
    with pytest.raises(TypeError):
        table["a"] = 3  # type: ignore[index]


def test_renamed_names_warn_and_serve_the_new_object() -> None:
    namespace = {"Options": Options}
    getattr_ = renamed_names("game", {"Rules": "Options"}, namespace)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        assert getattr_("Rules") is Options
    assert "game.Rules is deprecated" in str(caught[0].message)
    assert caught[0].category is DeprecationWarning
    with pytest.raises(AttributeError):
        getattr_("Nothing")


class _PairSlots:
    __slots__ = ("__weakref__", "a", "b")


@attrs.frozen(cache_hash=True)
class _Pair(_PairSlots):
    a: int
    b: tuple[int, ...] = ()


def test_open_layout_builds_a_frozen_record_equal_to_the_constructors() -> None:
    twin = open_layout(_Pair)
    built = object.__new__(twin)
    built.a = 1
    built.b = (2, 3)
    built._attrs_cached_hash = None
    built.__class__ = _Pair
    made = _Pair(a=1, b=(2, 3))
    assert type(built) is _Pair
    assert built == made
    assert hash(built) == hash(made)
    assert repr(built) == repr(made)
    assert weakref.ref(built)() is built
    assert pickle.loads(pickle.dumps(built)) == made
    assert copy.copy(built) == made
    assert evolve(built, a=5) == _Pair(a=5, b=(2, 3))
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        built.a = 2  # type: ignore[misc]


def test_open_layout_refuses_records_laid_out_otherwise() -> None:
    @attrs.frozen
    class Plain:  # its fields are its own slots, not a base class's
        a: int

    class _Short:
        __slots__ = ("__weakref__", "a")  # one field missing

    @attrs.frozen
    class Missing(_Short):
        a: int
        b: int

    for cls in (Plain, Missing):
        with pytest.raises(TypeError, match="__slots__"):
            open_layout(cls)


def test_native_record_gives_the_pure_build_attrs_init() -> None:
    """`native_record`: in the pure build, the record's hand-written ``__init__`` is replaced by attrs'
    own (same arguments, same record), and the record stays frozen, equal by value and evolvable."""
    import attr

    from tabletop_rules.core.frozen import native_record

    @attr.s(frozen=True, auto_attribs=True, init=False, slots=False)
    class Pair:
        left: int
        right: tuple[str, ...]

        def __init__(self, left: int, right: tuple[str, ...]) -> None:
            object.__setattr__(self, "left", left)
            object.__setattr__(self, "right", right)

    written = Pair.__init__
    native_record(Pair)
    assert Pair.__init__ is not written
    pair = Pair(1, ("a",))
    assert pair == Pair(left=1, right=("a",))
    assert hash(pair) == hash(Pair(1, ("a",)))
    assert attrs.evolve(pair, left=2) == Pair(2, ("a",))
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        pair.left = 3  # type: ignore[misc]


def test_native_record_builds_a_record_with_slotted_fields_through_an_open_twin() -> None:
    """`native_record` on a record whose base declares its fields as slots: the constructor still
    converts, and the named static builder, replaced in the pure build, gives a frozen record equal to
    the constructor's, holding the very values given (it converts nothing)."""
    import attr

    from tabletop_rules.core.frozen import native_record

    class _Slots:
        __slots__ = ("__weakref__", "left", "right")

    @attr.s(frozen=True, auto_attribs=True, init=False, slots=False)
    class Pair(_Slots):
        left: int
        right: tuple[str, ...]

        def __init__(self, left: int, right: list[str] | tuple[str, ...]) -> None:
            object.__setattr__(self, "left", left)
            object.__setattr__(self, "right", tuple(right))

        @staticmethod
        def _built(left: int, right: tuple[str, ...]) -> Pair:
            return Pair(left, right)

    written = Pair.__dict__["_built"]
    native_record(Pair, convert={"right": tuple}, builder="_built")
    assert Pair.__dict__["_built"] is not written
    build = Pair._built
    assert Pair(1, ["a"]) == Pair(left=1, right=("a",))
    assert Pair(1, ["a"]).right == ("a",)
    right = ("a", "b")
    built = build(1, right)
    assert type(built) is Pair
    assert built == Pair(1, ["a", "b"])
    assert hash(built) == hash(Pair(1, right))
    assert built.right is right
    assert attrs.evolve(built, left=2) == Pair(2, right)
    for record in (built, Pair(3, ())):
        with pytest.raises(attrs.exceptions.FrozenInstanceError):
            record.left = 3  # type: ignore[misc]


def test_native_record_keeps_plain_defaults() -> None:
    """A field's plain default is the pure build's ``__init__`` default too."""
    import attr

    from tabletop_rules.core.frozen import native_record

    @attr.s(frozen=True, init=False, slots=False)
    class Counter:
        name: str = attr.ib()
        count: int = attr.ib(default=0)

        def __init__(self, name: str, count: int = 0) -> None:
            object.__setattr__(self, "name", name)
            object.__setattr__(self, "count", count)

    native_record(Counter)
    assert Counter("a") == Counter(name="a", count=0)
    assert Counter("a", 2).count == 2
    assert attrs.fields(Counter).count.default == 0


def test_evolve_builds_a_dict_record_with_its_constructor() -> None:
    """A native record without slots (a dict record, pure) has no slot setters: `evolve` calls its
    constructor, and gives the record `attrs.evolve` gives."""
    import attr

    from tabletop_rules.core.frozen import evolve, native_record

    @attr.s(frozen=True, auto_attribs=True, init=False, slots=False)
    class Die:
        face: str
        potency: int = attr.ib(default=0)

        def __init__(self, face: str, potency: int = 0) -> None:
            object.__setattr__(self, "face", face)
            object.__setattr__(self, "potency", potency)

    native_record(Die)
    die = Die("iron", 2)
    assert evolve(die, potency=3) == attrs.evolve(die, potency=3) == Die("iron", 3)
    assert evolve(die) == die
    with pytest.raises(TypeError):
        evolve(die, colour="red")


def test_native_record_refuses_records_it_cannot_serve() -> None:
    from tabletop_rules.core.frozen import native_record

    @attrs.frozen
    class Slotted:
        value: int

    @attrs.frozen(slots=False)
    class WithFactory:
        value: tuple[int, ...] = attrs.Factory(tuple)

    class Plain:
        pass

    for cls in (Slotted, WithFactory, Plain):
        with pytest.raises(TypeError):
            native_record(cls)

    @attrs.frozen(slots=False)
    class Single:
        value: int

    with pytest.raises(TypeError, match="no fields"):
        native_record(Single, convert={"other": int})
    with pytest.raises(TypeError, match="static method"):
        native_record(Single, builder="value")
