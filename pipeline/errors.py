"""One catalogue of numbered errors and warnings.

Codes are appended, never reused or renumbered. Every message names where the problem is
(the event or the line) and what it is, on one line, so the CLI can print it as it is.

Exception tree::

    SqueezeError            every error the library raises on purpose (has .code)
    ├── InputError          the history or the request is invalid (E001–E019)
    ├── ConfigError         a setting, a rule pack or a model file is invalid (E020–E029)
    └── StoreError          a session store or a session cannot be used as asked (E040–E049)

E030–E035 and E050–E059 are the HTTP service's answers (pipeline/service.py), E036–E039 the
lines a batch run could not compress for a reason of its own (pipeline/batch.py, in the errors
file) and the Ray engine's.
"""

from __future__ import annotations

from enum import Enum
from typing import Any

__all__ = ["ConfigError", "Errors", "InputError", "SqueezeError", "StoreError", "Warnings"]


class _Shown:
    """A caller's value as a message echoes it: ``{value!r}`` is its repr cut to one short line,
    or its type when it has none (an int of 5000 digits, lists nested past the recursion limit),
    and ``{value}`` formats as the value does; so refusing a value never fails on the value."""

    def __init__(self, value: object) -> None:
        self.value = value

    def __repr__(self) -> str:
        try:
            text = repr(self.value)
        except (ValueError, RecursionError):
            return f"<{type(self.value).__name__} too large to show>"
        return text if len(text) <= 80 else f"{text[:77]}..."

    def __format__(self, spec: str) -> str:
        try:
            return format(self.value, spec)
        except (ValueError, RecursionError):
            return repr(self)


def _message(template: str, args: tuple[object, ...], kwargs: dict[str, object]) -> str:
    return template.format(*map(_Shown, args), **{k: _Shown(v) for k, v in kwargs.items()})


class Errors(str, Enum):
    E001 = "malformed JSON at line {line}, column {column}: {detail}"
    E002 = "the history is empty: give at least one message"
    E003 = "{event}: unknown role {role!r} (expected system, developer, user, assistant or tool; the legacy \"function\" role: send its result as a tool message with tool_call_id)"
    E004 = "{event}: tool result answers call id {call_id!r}, but no earlier assistant message made that call"
    E005 = "{event}: content must be a string, a list of parts or null, not {type_name}"
    E006 = "{event}: message is {size} chars, over the limit of {limit} (policy.max_message_chars; an attachment counts by its data)"
    E007 = "input must be a list of messages or an object with \"messages\", not {type_name}"
    E008 = "{event}: message must be an object (a dict, or an OpenAI SDK message), not {type_name}"
    E009 = "{event}: tool message has no tool_call_id"
    E010 = "{event}: malformed tool_calls: {detail}"
    E011 = "{where}: invalid {field} {value!r}: {detail}"
    E012 = "{event}: duplicate event id {event_id!r}"
    E013 = "input is not valid {encoding}: byte {position}: {detail}"
    E014 = "cannot read {path}: {detail}"
    E015 = "this result has no trace to inspect: only a result made by Compressor.compress in this process has one"
    E016 = "cannot write {path}: {detail}"
    E017 = "input JSON cannot be read: {detail}"
    E018 = "{event}: content part {index}: {detail}"
    E020 = "unknown setting {key!r} in {origin}"
    E021 = "setting {key!r} from {origin}: expected {expected}, got {value!r}"
    E022 = "settings are inconsistent: {detail}"
    E023 = "rule pack {name!r}: {detail}"
    E024 = "no rule pack for language {lang!r} (have: {available})"
    E025 = "model {name!r}: {path} has sha256 {found}, models/manifest.toml expects {expected}"
    E026 = "size unit {unit!r} (policy.unit): {detail}"
    E030 = "missing or wrong bearer token: send \"Authorization: Bearer <the token in ${env}>\""
    E031 = "request body over the limit of {limit} bytes (service.max_body_bytes)"
    E032 = "compression took longer than {seconds} s (service.timeout_seconds)"
    E033 = "not ready: the models are still loading{detail}"
    E034 = "internal error ({kind}); the server log has the details"
    E035 = "{method} {path}: {detail}"
    E036 = "{kind}: {detail}"
    E037 = "a worker process died while compressing this conversation alone (retried once by itself); --resume tries it again"
    E038 = "the Ray engine needs Ray: pip install 'context-squeeze[ray]'"
    E039 = "the Ray run stopped: {detail}; OUTPUT is valid up to its last line (--resume goes on)"
    E050 = "no worker was free within {seconds} s (service.timeout_seconds): the service is saturated, retry later"
    E040 = "no session {session!r} in the store {store}"
    E041 = "session {session!r} has no event {event_id!r}{detail}"
    E042 = "cannot open the session store {path}: {detail}"
    E043 = "session {session!r}: event id {event_id!r} is already in the log (event ids are never reused)"
    E044 = "{path} is not a context-squeeze session store: {detail}"

    def format(self, *args: object, **kwargs: object) -> str:  # type: ignore[override]
        return f"[{self.name}] {_message(str(self.value), args, kwargs)}"


class Warnings(str, Enum):
    W001 = "{event}: tool result kept although no call matches it (lenient mode)"
    W002 = "the current turn ({size} {unit}, with the system messages) {fits} the target of {target}: it is kept whole{detail}"
    W003 = "compaction could not reach the low watermark ({size} > {limit} {unit})"
    W004 = "{count} strong fact(s) did not fit the summary budget of {budget} {unit}: {facts}"
    W005 = "compact line crossed mid-turn: trimmed tool results instead of compacting"
    W006 = "no safe cut point: every turn boundary would split a tool-call group or leave nothing to compact{detail}"
    W007 = "stage {stage!r} failed ({detail}); the summary is built without it"
    W008 = "{event}: content part of type {part_type!r} has no text; counted by its fingerprint only"
    W009 = "{event}: a second result for call id {call_id!r} (the first is {first}); both kept, in the call's group"
    W010 = "{event}: call id {call_id!r} was already made by {first}; results after this answer this call, and no cut falls between the two"
    W011 = "{event}: message has no \"content\"; read as empty (only an assistant message with tool_calls may leave it out)"
    W012 = "{event}: attachment not read ({detail}); the summary says it was not read, the message is kept as it is"
    W013 = "{event}: image of {width}×{height} not read: {detail}; the summary describes it by its size"
    W014 = "serving on {host} without a token: anyone who can reach it can send histories and read summaries; set ${env} (service.token_env) or bind 127.0.0.1"
    W015 = "{event}: id {value!r} is not a non-empty string; the event is called by its position instead"
    W016 = "{event}: tool_calls on a {role} message are not calls (only an assistant makes calls): ignored"
    W017 = ("the system messages take {size} of the target of {target} {unit}: the summary and the newest "
            "turns share the remaining {rest}")

    def format(self, *args: object, **kwargs: object) -> str:  # type: ignore[override]
        return f"[{self.name}] {_message(str(self.value), args, kwargs)}"


class SqueezeError(Exception):
    """Base class: carries the catalogue code so callers can branch on it."""

    def __init__(self, entry: Errors, **kwargs: object) -> None:
        self.code = entry.name
        self.message = entry.format(**kwargs)
        super().__init__(self.message)

    def __reduce__(self) -> tuple[Any, ...]:
        """Picklable as it is (a worker process sends it to its parent): code and message."""
        return _rebuilt, (type(self), self.code, self.message)


def _rebuilt(cls: type[SqueezeError], code: str, message: str) -> SqueezeError:
    error = Exception.__new__(cls)
    Exception.__init__(error, message)
    error.code, error.message = code, message
    return error


class InputError(SqueezeError):
    """The history or the request cannot be compressed as given."""


class ConfigError(SqueezeError):
    """A setting, a config file or a rule pack is invalid."""


class StoreError(SqueezeError):
    """A session store cannot be opened, or a session or event asked for is not in it."""
