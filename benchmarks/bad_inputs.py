"""``python -m benchmarks.bad_inputs [--markdown]``: kinds of bad input through all three doors.

Each kind is a raw request body and the outcome it should have: a numbered error (``E0xx``),
the numbered warning(s) of an input accepted with an assumption (``W0xx``, several joined by
``+``), or ``ok`` where the README documents the input as accepted as it is (a BOM, duplicate
JSON keys: the last wins). The body goes through the library (``decode_json`` then
``Compressor.compress``), the CLI (``squeeze compress FILE``) and the HTTP service
(``POST /v1/compress``), all on one config. A door that ends any other way, with a foreign
exception, a 500, a traceback, an unnumbered message, partial output or a changed input, shows
what it did instead; the run exits 1 when a door does so or differs from the expected outcome.

``target_chars`` in a body is read by the service; the library takes it as an argument and the
CLI as ``--target-chars`` (its JSON text), so each door is given the same target its own way.
"""

from __future__ import annotations

import argparse
import json
import marshal
import re
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any, Self

from fastapi.testclient import TestClient
from typer.testing import CliRunner

from pipeline import Compressor, load_settings
from pipeline.cli import app as cli_app
from pipeline.errors import SqueezeError
from pipeline.parse import decode_json
from pipeline.service import create_app

# a small message limit keeps the oversized payloads small; two light stages keep a run quick
CONFIG_TOML = '[policy]\nmax_message_chars = 2000\n\n[stages]\nenabled = ["facts", "state"]\n'
# the app's own settings on top: no warm-up compression (the Compressor is ours), no token
SERVICE = {"service.warmup_zh": "", "service.warmup_en": "",
           "service.token_env": "SQUEEZE_BAD_INPUTS_UNSET_TOKEN"}

USER = {"role": "user", "content": "hi"}
RESULT = {"role": "tool", "tool_call_id": "c1", "content": "{}"}


def j(value: Any) -> bytes:
    """JSON text of a value (NaN and Infinity written as their literals)."""
    return json.dumps(value, ensure_ascii=False).encode("utf-8")


def raw(text: str) -> bytes:
    return text.encode("utf-8")


def fn(call_id: Any = "c1", name: Any = "lookup", arguments: Any = "{}") -> dict[str, Any]:
    return {"id": call_id, "type": "function", "function": {"name": name, "arguments": arguments}}


def asks(*calls: Any) -> dict[str, Any]:
    """An assistant message making these tool calls."""
    return {"role": "assistant", "content": "", "tool_calls": list(calls)}


CALL = asks(fn())


def said(message: dict[str, Any]) -> bytes:
    """A history of one user turn then this message."""
    return j([USER, message])


def header(field: str, text: str) -> bytes:
    """A conversation object with one header field written as raw JSON text."""
    return raw(f'{{"messages": [{{"role": "user", "content": "hi"}}], "{field}": {text}}}')


def content(text: str) -> bytes:
    """A user message whose content is this raw JSON text."""
    return raw(f'[{{"role": "user", "content": {text}}}]')


def deep(depth: int) -> str:
    """Arrays nested ``depth`` deep."""
    return "[" * depth + "]" * depth


DEEP = 100_000
DIGITS = "9" * 5000
TURNS = [{"role": "user", "content": "Book a table for 4 on Friday at 7pm, budget $300."},
         {"role": "assistant", "content": "Which restaurant would you like?"}]

KINDS: list[tuple[str, bytes, str]] = [
    # JSON text and its encoding
    ("truncated JSON", raw('[{"role": "user", "content": "hi"'), "E001"),
    ("trailing garbage", raw('[{"role": "user", "content": "hi"}] tail'), "E001"),
    ("two JSON values", raw('[{"role": "user", "content": "hi"}][]'), "E001"),
    ("JSON lines instead of JSON", j(USER) + b"\n" + j(USER), "E001"),
    ("single quotes", raw("[{'role': 'user', 'content': 'hi'}]"), "E001"),
    ("trailing comma", raw('[{"role": "user", "content": "hi"},]'), "E001"),
    ("comment", raw('// history\n[{"role": "user", "content": "hi"}]'), "E001"),
    ("unquoted keys", raw('[{role: "user", content: "hi"}]'), "E001"),
    ("raw newline inside a string", raw('[{"role": "user", "content": "a\nb"}]'), "E001"),
    ("invalid escape \\x41", content(r'"\x41"'), "E001"),
    ("truncated \\u escape", content(r'"\u12"'), "E001"),
    ("hex number literal", content("0x10"), "E001"),
    ("number with a leading zero", content("012"), "E001"),
    ("empty body", b"", "E001"),
    ("whitespace-only body", b" \n\t ", "E001"),
    ("UTF-8 BOM", b"\xef\xbb\xbf" + j([USER]), "ok"),
    ("two UTF-8 BOMs", b"\xef\xbb\xbf\xef\xbb\xbf" + j([USER]), "E001"),
    ("UTF-16 LE with BOM", b"\xff\xfe" + j([USER]).decode().encode("utf-16-le"), "E013"),
    ("UTF-16 BE with BOM", b"\xfe\xff" + j([USER]).decode().encode("utf-16-be"), "E013"),
    ("UTF-16 LE without BOM", j([USER]).decode().encode("utf-16-le"), "E001"),
    ("UTF-32 with BOM", j([USER]).decode().encode("utf-32"), "E013"),
    ("Latin-1 bytes", '[{"role": "user", "content": "café"}]'.encode("latin-1"), "E013"),
    ("Windows-1252 quotes", '[{"role": "user", "content": "“hi”"}]'.encode("cp1252"), "E013"),
    ("invalid UTF-8 byte 0xff", b'[{"role": "user", "content": "\xff bad"}]', "E013"),
    ("overlong UTF-8", b'[{"role": "user", "content": "\xc0\xaf"}]', "E013"),
    ("truncated UTF-8 sequence at the end", j([USER]) + b"\xe4\xbd", "E013"),
    ("UTF-8-encoded surrogate (CESU-8)", b'[{"role": "user", "content": "\xed\xa0\x80"}]', "E013"),
    # the top level
    ("top-level null", raw("null"), "E007"),
    ("top-level number", raw("42"), "E007"),
    ("top-level string", raw('"hi"'), "E007"),
    ("top-level true", raw("true"), "E007"),
    ("top-level NaN literal", raw("NaN"), "E007"),
    ("empty object", raw("{}"), "E007"),
    ("object without messages", j({"history": [USER]}), "E007"),
    ("messages null", j({"messages": None}), "E007"),
    ("messages a string", j({"messages": "hi"}), "E007"),
    ("messages an object", j({"messages": USER}), "E007"),
    ("messages a number", j({"messages": 3}), "E007"),
    ("empty list", raw("[]"), "E002"),
    ("empty messages", j({"messages": []}), "E002"),
    # messages and roles
    ("message a string", j([USER, "just text"]), "E008"),
    ("message null", j([USER, None]), "E008"),
    ("message a list (a batch of histories)", j([[USER], [USER]]), "E008"),
    ("message a number", j([USER, 7]), "E008"),
    ("conversation object inside a list", j([{"messages": [USER]}]), "E003"),
    ("role bot", said({"role": "bot", "content": "x"}), "E003"),
    ("role function (legacy)", said({"role": "function", "name": "f", "content": "{}"}), "E003"),
    ("role a list", said({"role": ["assistant"], "content": "x"}), "E003"),
    ("role null", said({"role": None, "content": "x"}), "E003"),
    ("role a number", said({"role": 1, "content": "x"}), "E003"),
    ("role missing", said({"content": "x"}), "E003"),
    ("role empty", said({"role": "", "content": "x"}), "E003"),
    ("role in capitals", said({"role": "User", "content": "x"}), "E003"),
    ("role with a space", said({"role": " user", "content": "x"}), "E003"),
    # content
    ("content an int", content("42"), "E005"),
    ("content a float", content("1.5"), "E005"),
    ("content true", content("true"), "E005"),
    ("content an object", content('{"text": "hi"}'), "E005"),
    ("content NaN literal", content("NaN"), "E005"),
    ("content Infinity literal", content("Infinity"), "E005"),
    ("content 1e400", content("1e400"), "E005"),
    ("content part an int", content("[1]"), "E005"),
    ("content part null", content("[null]"), "E005"),
    ("content part a list", content('[["hi"]]'), "E005"),
    ("content part without type, with text", content('[{"text": "hi"}]'), "ok"),
    ("content part without type or text", content('[{"value": 1}]'), "W008"),
    ("audio part", content('[{"type": "input_audio", "input_audio": {"data": "UklGRg==", '
                           '"format": "wav"}}]'), "W008"),
    ("text part with a number as text", content('[{"type": "text", "text": 5}]'), "W008"),
    ("image part without url", content('[{"type": "image_url"}]'), "ok"),
    ("image part without url, compacted",
     j({"messages": [{"role": "user", "content": [{"type": "text", "text": "what is this?"},
                                                  {"type": "image_url", "image_url": {}}]},
                     *TURNS * 3, USER], "target_chars": 120}), "W012"),
    ("image url a number", content('[{"type": "image_url", "image_url": {"url": 5}}]'), "E018"),
    ("image_url a number", content('[{"type": "image_url", "image_url": 5}]'), "E018"),
    ("image URL that cannot be parsed",
     content('[{"type": "image_url", "image_url": {"url": "http://[::1"}}]'), "E018"),
    ("file data a list", content('[{"type": "file", "file": {"file_data": [1]}}]'), "E018"),
    ("message without content", j([{"role": "user"}]), "W011"),
    ("assistant without content or tool_calls", said({"role": "assistant"}), "W011"),
    # size (policy.max_message_chars = 2000 here)
    ("message over max_message_chars", j([{"role": "user", "content": "x" * 2001}]), "E006"),
    ("text parts over max_message_chars",
     j([{"role": "user", "content": [{"type": "text", "text": "x" * 1000}] * 3}]), "E006"),
    ("tool call arguments over max_message_chars", j([USER, asks(fn(arguments="x" * 2500))]), "E006"),
    ("image data over max_message_chars",
     j([{"role": "user", "content": [{"type": "image_url", "image_url": {
         "url": "data:image/png;base64," + "A" * 2500}}]}]), "E006"),
    # tool results
    ("orphan tool result", said(RESULT), "E004"),
    ("tool result before its call", j([USER, RESULT, CALL]), "E004"),
    ("tool result answering a user's tool_calls",
     j([{"role": "user", "content": "hi", "tool_calls": [fn()]}, RESULT]), "E004"),
    ("tool message without tool_call_id", j([USER, CALL, {"role": "tool", "content": "{}"}]), "E009"),
    ("tool_call_id empty", j([USER, CALL, {**RESULT, "tool_call_id": ""}]), "E009"),
    ("tool_call_id a number", j([USER, CALL, {**RESULT, "tool_call_id": 1}]), "E009"),
    ("tool_call_id null", j([USER, CALL, {**RESULT, "tool_call_id": None}]), "E009"),
    ("two results for one call", j([USER, CALL, RESULT, RESULT]), "W009"),
    # tool calls
    ("tool_calls an object", said({"role": "assistant", "content": "", "tool_calls": fn()}), "E010"),
    ("tool_calls a string", said({"role": "assistant", "content": "", "tool_calls": "lookup"}), "E010"),
    ("tool call a string", said(asks("lookup")), "E010"),
    ("tool call without id", said(asks({"type": "function", "function": {"name": "f"}})), "E010"),
    ("tool call id a number", said(asks(fn(call_id=1))), "E010"),
    ("tool call without function", said(asks({"id": "c1", "type": "function"})), "E010"),
    ("function a string", said(asks({"id": "c1", "type": "function", "function": "lookup"})), "E010"),
    ("function without name", said(asks({"id": "c1", "function": {"arguments": "{}"}})), "E010"),
    ("function name a number", said(asks(fn(name=7))), "E010"),
    ("arguments an object", said(asks(fn(arguments={"city": "Paris"}))), "ok"),
    ("arguments a list", said(asks(fn(arguments=[1, 2]))), "ok"),
    ("arguments a number", said(asks(fn(arguments=3))), "ok"),
    ("arguments null", said(asks(fn(arguments=None))), "ok"),
    ("arguments a string that is not JSON", said(asks(fn(arguments="{city: Paris"))), "ok"),
    ("NaN inside arguments", said(asks(fn(arguments={"x": float("nan")}))), "E010"),
    ("Infinity inside arguments", said(asks(fn(arguments={"x": [float("inf")]}))), "E010"),
    ("duplicate call ids in one message", said(asks(fn(), fn())), "E010"),
    ("call id made again by a later message", j([USER, CALL, RESULT, CALL, RESULT]), "W010"),
    ("tool_calls on a user message", j([{"role": "user", "content": "hi", "tool_calls": [fn()]}]), "W016"),
    # event ids and the conversation id
    ("duplicate event ids", j([{**USER, "id": "m1"}, {"role": "assistant", "content": "yo", "id": "m1"}]),
     "E012"),
    ("event id equal to a generated one", said({"role": "assistant", "content": "yo", "id": "U1"}), "E012"),
    ("event id a number, twice", j([{**USER, "id": 5}, {"role": "assistant", "content": "yo", "id": 5}]),
     "W015"),
    ("event id a list", j([{**USER, "id": ["m1"]}]), "W015"),
    ("event id empty", j([{**USER, "id": ""}]), "W015"),
    ("conversation id a list", header("id", '["c1"]'), "E011"),
    ("conversation id a float", header("id", "1.5"), "E011"),
    ("conversation id true", header("id", "true"), "E011"),
    # nesting, long integers, lone surrogates: what the JSON reader cannot take
    ("100,000 nested arrays", raw(deep(DEEP)), "E017"),
    ("100,000 nested objects", raw('{"a": ' * DEEP + "1" + "}" * DEEP), "E017"),
    ("100,000 deep inside metadata",
     raw('[{"role": "user", "content": "hi", "metadata": {"a": ' + deep(DEEP) + "}}]"), "E017"),
    ("100,000 deep as content", content(deep(DEEP)), "E017"),
    ("metadata 800 deep (under the reader's limit)",
     raw('[{"role": "user", "content": "hi", "metadata": ' + deep(800) + "}]"), "ok"),
    ("arguments 800 deep", raw('[{"role": "user", "content": "hi"}, {"role": "assistant", '
                               '"content": "", "tool_calls": [{"id": "c1", "type": "function", '
                               '"function": {"name": "f", "arguments": ' + deep(800) + "}}]}]"), "ok"),
    ("5,000-digit integer field", raw(f'[{{"role": "user", "content": "hi", "n": {DIGITS}}}]'), "E017"),
    ("5,000-digit integer as content", content(DIGITS), "E017"),
    ("5,000-digit conversation id", header("id", DIGITS), "E017"),
    ("4,000-digit timestamp", raw(f'[{{"role": "user", "content": "hi", "timestamp": {DIGITS[:4000]}}}]'),
     "E011"),
    ("lone high surrogate in content", content(r'"caf\ud800e"'), "E017"),
    ("lone low surrogate in name", raw(r'[{"role": "user", "content": "hi", "name": "\udc00"}]'), "E017"),
    ("lone surrogate in a key", raw(r'[{"role": "user", "content": "hi", "\ud800": 1}]'), "E017"),
    ("reversed surrogate pair", content(r'"\udc00\ud800"'), "E017"),
    # now, timestamps, time zone, language
    *[(f"now {text}", header("now", text), "E011")
      for text in ("NaN", "Infinity", "-Infinity", "1e20", "1e400", "-1e15", '"next tuesday-ish"',
                   '""', "true", '["2026-12-01"]', '{"at": "2026-12-01"}', '"2026-13-01"')],
    # `now` keeps the offset it is written with; a timestamp is shown in the zone
    ("last timestamp past year 9999 in UTC",
     raw('{"messages": [{"role": "user", "content": "hi", "timestamp": "9999-12-31T23:59:59-01:00"}], '
         '"timezone": "UTC"}'), "E011"),
    *[(f"timestamp {text}", raw(f'[{{"role": "user", "content": "hi", "timestamp": {text}}}]'), "E011")
      for text in ("NaN", "Infinity", "1e20", "1e400", "-1e15", '"yesterday"', "true", "[1]")],
    *[(f"timezone {text}", header("timezone", text), "E011")
      for text in ("5", '["Asia/Shanghai"]', '"Mars/Base"', '"America"', '"../etc/passwd"', '"+08:00"')],
    *[(f"lang {text}", header("lang", text), "E011") for text in ('["zh"]', "7", "true")],
    ("lang fr (no rule pack)", header("lang", '"fr"'), "E024"),
    ("lang ZH (case)", header("lang", '"ZH"'), "E024"),
    # target_chars
    *[(f"target_chars {text}", header("target_chars", text), "E011")
      for text in ('"abc"', "0", "-3", "2.5", "true", "NaN", "1e400", "[100]")],
    ("target_chars null", header("target_chars", "null"), "ok"),
    # duplicate keys: the last wins, as JSON readers do (README)
    ("duplicate role key, the last one bad", raw('[{"role": "user", "role": "bot", "content": "hi"}]'),
     "E003"),
    ("duplicate role key, the last one good", raw('[{"role": "bot", "role": "user", "content": "hi"}]'),
     "ok"),
    ("duplicate messages key", raw('{"messages": [], "messages": [{"role": "user", "content": "hi"}]}'),
     "ok"),
]

_NUMBERED = re.compile(r"\[([EW]\d{3})\] ")


def _warned(report: Any) -> str:
    """``ok``, or the codes of the report's warnings in order, joined by ``+``."""
    if not isinstance(report, dict):
        return "UNREADABLE report"
    codes = []
    for warning in report.get("warnings", []):
        numbered = _NUMBERED.match(warning) if isinstance(warning, str) else None
        if numbered is None:
            return f"UNNUMBERED warning {str(warning)[:40]!r}"
        codes.append(numbered.group(1))
    return "+".join(dict.fromkeys(codes)) or "ok"


def _error(error: SqueezeError) -> str:
    """The code, when the message is the one line the catalogue writes for it."""
    if error.message.startswith(f"[{error.code}] ") and "\n" not in error.message:
        return error.code
    return f"UNCLEAR {error.code}"


def _target(data: Any) -> Any:
    return data.get("target_chars") if isinstance(data, dict) else None


def run_api(compressor: Compressor, payload: bytes) -> str:
    """The library: ``decode_json`` then ``compress``; the decoded value must come back unchanged."""
    try:
        data = decode_json(payload)
    except SqueezeError as error:
        return _error(error)
    except Exception as error:  # noqa: BLE001  what the catalogue is for: naming what escapes
        return f"FOREIGN {type(error).__name__}"
    before = marshal.dumps(data, 0)  # not deepcopy: 800 levels need no Python recursion here
    try:
        outcome = _warned(compressor.compress(data, target_chars=_target(data)).report)
    except SqueezeError as error:
        outcome = _error(error)
    except Exception as error:  # noqa: BLE001
        outcome = f"FOREIGN {type(error).__name__}"
    return outcome if marshal.dumps(data, 0) == before else f"MUTATED ({outcome})"


def run_cli(config: Path, payload: bytes) -> str:
    """``squeeze compress FILE --config CONFIG`` (plus ``--target-chars`` when the body has one):
    exit 2 with one numbered line and no output, or exit 0 with the result."""
    source = config.with_name("input.json")
    source.write_bytes(payload)
    args = ["compress", str(source), "--config", str(config)]
    try:
        target = _target(decode_json(payload))
    except SqueezeError:
        target = None
    if target is not None:
        args += ["--target-chars", target if isinstance(target, str) else json.dumps(target)]
    result = CliRunner().invoke(cli_app, args)
    stderr = result.stderr
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        return f"FOREIGN {type(result.exception).__name__}"
    if "Traceback" in stderr or "Traceback" in result.stdout:
        return "traceback"
    if result.exit_code == 0:
        try:
            return _warned(json.loads(result.stdout)["report"])
        except (ValueError, KeyError, TypeError):
            return "UNREADABLE output"
    numbered = _NUMBERED.match(stderr)
    if result.exit_code == 2 and numbered and stderr.count("\n") == 1 and numbered.group(1)[0] == "E":
        return numbered.group(1) if not result.stdout else f"PARTIAL {numbered.group(1)}"
    return "UNNUMBERED usage error" if "Usage:" in stderr else f"UNNUMBERED exit {result.exit_code}"


def run_service(client: TestClient, payload: bytes) -> str:
    """``POST /v1/compress`` with the raw body: 200 with the result, or 400 with the code."""
    response = client.post("/v1/compress", content=payload,
                           headers={"content-type": "application/json"})
    if response.status_code >= 500:
        return str(response.status_code)
    try:
        body = response.json()
    except ValueError:
        return f"UNREADABLE {response.status_code}"
    if response.status_code == 200:
        return _warned(body.get("report"))
    code = body.get("error", {}).get("code", "") if isinstance(body, dict) else ""
    if response.status_code == 400 and re.fullmatch(r"E\d{3}", code):
        return code
    return f"{response.status_code} {code or 'without a code'}"


class Doors:
    """The three doors on one config, built once: one Compressor (the library's and the
    service's, run in the app's threads), one app, one config file for the CLI."""

    def __enter__(self) -> Self:
        self._dir = tempfile.TemporaryDirectory(prefix="bad-inputs-")
        self.config = Path(self._dir.name) / "config.toml"
        self.config.write_text(CONFIG_TOML, encoding="utf-8")
        self.compressor = Compressor(str(self.config))
        settings = load_settings(SERVICE, file=self.config)
        self.client = TestClient(create_app(settings, compressor=self.compressor),
                                 raise_server_exceptions=False)
        self.client.__enter__()
        deadline = time.monotonic() + 60
        while self.client.get("/readyz").status_code != 200:
            if time.monotonic() > deadline:
                raise RuntimeError("the service did not become ready in 60 s")
            time.sleep(0.02)
        return self

    def __exit__(self, *exc: object) -> None:
        self.client.__exit__(None, None, None)
        self._dir.cleanup()

    def outcomes(self, payload: bytes) -> dict[str, str]:
        return {"API": run_api(self.compressor, payload), "CLI": run_cli(self.config, payload),
                "service": run_service(self.client, payload)}


def rows() -> Iterator[tuple[str, str, dict[str, str]]]:
    with Doors() as doors:
        for name, payload, expected in KINDS:
            yield name, expected, doors.outcomes(payload)


def _numbered(outcome: str) -> bool:
    return outcome == "ok" or re.fullmatch(r"[EW]\d{3}(\+W\d{3})*", outcome) is not None


def main(argv: list[str] | None = None) -> int:
    """Print the table and the count line; 1 when any door ends otherwise than expected."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--markdown", action="store_true", help="print the table as Markdown")
    markdown = parser.parse_args(argv).markdown
    columns = ("kind", "expected", "API", "CLI", "service")
    width = max(len(name) for name, _, _ in KINDS)
    if markdown:
        print("| " + " | ".join(columns) + " |\n|" + "---|" * len(columns))
    else:
        print(f"{columns[0]:<{width}}  " + "  ".join(f"{c:<8}" for c in columns[1:]))
    numbered = matching = 0
    for name, expected, outcome in rows():
        cells = (expected, outcome["API"], outcome["CLI"], outcome["service"])
        numbered += all(_numbered(c) for c in cells[1:])
        matching += all(c == expected for c in cells[1:])
        if markdown:
            shown = [f"**{c}**" if c != expected else c for c in cells[1:]]
            print(f"| {name} | {expected} | " + " | ".join(shown) + " |")
        else:
            print(f"{name:<{width}}  " + "  ".join(f"{c:<8}" for c in cells))
    print(f"\n{len(KINDS)} kinds, all numbered: {'yes' if numbered == len(KINDS) else 'no'}"
          f" ({len(KINDS) - matching} differ from the expected outcome)")
    return 0 if matching == len(KINDS) else 1


if __name__ == "__main__":
    sys.exit(main())
