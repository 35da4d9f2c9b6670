"""Every kind of bad input of benchmarks/bad_inputs.py through the library, the CLI and the
service: each door ends with the kind's numbered outcome, never a foreign exception, a 500, an
unnumbered message or a changed input. One test per kind, so a failure names it."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from benchmarks.bad_inputs import KINDS, Doors


@pytest.fixture(scope="module")
def doors() -> Iterator[Doors]:
    """One Compressor, app and config for all the kinds: building them per kind would cost more
    than the kinds themselves."""
    with Doors() as built:
        yield built


def test_kinds_are_many_and_named_once() -> None:
    names = [name for name, _, _ in KINDS]
    assert len(names) >= 80 and len(set(names)) == len(names)


@pytest.mark.parametrize(("payload", "expected"),
                         [pytest.param(payload, expected, id=name) for name, payload, expected in KINDS])
def test_every_door_ends_with_the_expected_outcome(doors: Doors, payload: bytes, expected: str) -> None:
    assert doors.outcomes(payload) == {"API": expected, "CLI": expected, "service": expected}
