"""Coverage-guided fuzzing (atheris) of the input entry: ``decode_json``, then ``Compressor.compress``.

Every input must be compressed or refused with a numbered ``SqueezeError``; any other exception
is a crash, which libFuzzer saves as ``crash-<sha1>`` and which ends the run with a non-zero status.

An input whose first byte is below 0x80 is JSON text, as it would come off the wire (every JSON
seed is one). From 0x80 on, the bytes after the first drive a small grammar of message-like
Python objects, as a library caller may pass them: what JSON cannot carry (bytes, sets, tuples,
NaN, huge integers, deep or circular nesting, datetimes) reaches the parser that way.

    python -m benchmarks.fuzz_parse -max_total_time=60
    python -m benchmarks.fuzz_parse -atheris_runs=100000 results/fuzz_parse/corpus
    python -m benchmarks.fuzz_parse results/fuzz_parse/crash-...      # replay one input

Without a corpus directory among the arguments, new inputs go to ``results/fuzz_parse/corpus``
and crash files to ``results/fuzz_parse/`` (git-ignored). The seeds (``examples/*.json``, six
generated conversations, a few grammar inputs) are written to ``results/fuzz_parse/seeds`` and
read on every run that is not a replay of files.
"""

from __future__ import annotations

import json
import math
import random
import sys
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import atheris

from benchmarks.generate import conversation

with atheris.instrument_imports(include=["pipeline"]):
    from pipeline import Compressor
    from pipeline.errors import SqueezeError
    from pipeline.parse import decode_json

    # facts and state read every event's text; intents only embeds user turns (and loads a model)
    COMPRESSOR = Compressor({"stages.enabled": ["facts", "state"]})
    for _lang in ("zh", "en"):  # the modules a compaction imports lazily are instrumented too
        COMPRESSOR.compress(conversation(_lang, 4, 0), target_chars=300)

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "results" / "fuzz_parse"
RAW_TARGET = 2000  # JSON inputs: a seed-sized history is compacted, a small one passes through

ROLES = ["system", "developer", "user", "assistant", "tool", "function", "", "User"]
TEXTS = ["hi", "Book a table for 4 on Friday at 7pm, budget no more than $300.",
         "预算500元以内，明天下午别打电话，订单号A1042。", "不要香菜", "改到后天", "don't call me tomorrow",
         "2026-11-30", "下周三下午3点", "{\"ok\": true, \"price\": 12.5}", "\n", " ", "ok"]
TIMES = ["2026-12-01T09:00:00", "2026-12-01T01:00:00Z", "2026-11-30T10:00:00-05:00",
         "0001-01-01T00:00:00+01:00", "9999-12-31T23:59:59-01:00", "2026-13-01", "yesterday", ""]
ZONES = ["UTC", "Asia/Shanghai", "America/New_York", "America", "Mars/Base", "../etc", "+08:00", ""]
URLS = ["https://example.com/a.png", "data:image/png;base64,iVBORw0KGgo=", "data:;base64,",
        "file:///tmp/a.pdf", "/tmp/a.txt", "http://[::1", "UklGRg==", ""]
LANGS = ["zh", "en", "xx", "", "ZH"]
NUMBERS = [0, -1, 1, 7, 2**31, 2**63, 10**20, 1e308, -1e308, 0.5, -0.0, 253402300800,
           -62135596800, math.nan, math.inf, -math.inf, True, False]


def _text(fdp: atheris.FuzzedDataProvider) -> str:
    choice = fdp.ConsumeIntInRange(0, 3)
    if choice == 0:
        return fdp.PickValueInList(TEXTS)
    if choice == 1:
        return fdp.PickValueInList(TEXTS) * fdp.ConsumeIntInRange(1, 400)  # long: forces compaction
    return fdp.ConsumeUnicode(fdp.ConsumeIntInRange(0, 40))  # may hold lone surrogates


def _odd(fdp: atheris.FuzzedDataProvider, depth: int = 2) -> Any:
    """A value of any type a caller could put anywhere."""
    choice = fdp.ConsumeIntInRange(0, 14)
    if choice == 0:
        return None
    if choice == 1:
        return fdp.PickValueInList(NUMBERS)
    if choice == 2:
        return fdp.ConsumeInt(4)
    if choice == 3:
        return 10 ** fdp.ConsumeIntInRange(0, 5000)  # past 4300 digits str() refuses it
    if choice == 4:
        return fdp.ConsumeFloat()
    if choice == 5:
        return _text(fdp)
    if choice == 6:
        return fdp.ConsumeBytes(fdp.ConsumeIntInRange(0, 8))
    if choice == 7 and depth > 0:
        return [_odd(fdp, depth - 1) for _ in range(fdp.ConsumeIntInRange(0, 3))]
    if choice == 8 and depth > 0:
        return tuple(_odd(fdp, depth - 1) for _ in range(fdp.ConsumeIntInRange(0, 2)))
    if choice == 9 and depth > 0:
        return {fdp.PickValueInList(["text", "type", "id", "role", "x", "confirm_results"]):
                _odd(fdp, depth - 1) for _ in range(fdp.ConsumeIntInRange(0, 3))}
    if choice == 10:
        return {fdp.ConsumeInt(1) for _ in range(fdp.ConsumeIntInRange(0, 3))}
    if choice == 11:  # deeper than the interpreter's recursion limit
        nested: list[Any] = []
        for _ in range(fdp.ConsumeIntInRange(1, 5000)):
            nested = [nested]
        return nested
    if choice == 12:
        loop: list[Any] = []
        loop.append(loop)
        return loop
    if choice == 13:
        return datetime(2026, 1, 2, 3, 4, tzinfo=UTC if fdp.ConsumeBool() else None)
    return fdp.PickValueInList(TIMES + ZONES + URLS)


def _part(fdp: atheris.FuzzedDataProvider) -> Any:
    url = fdp.PickValueInList(URLS) if fdp.ConsumeBool() else _odd(fdp)
    choice = fdp.ConsumeIntInRange(0, 7)
    if choice == 0:
        return {"type": "text", "text": _text(fdp) if fdp.ConsumeBool() else _odd(fdp)}
    if choice == 1:
        return {"type": "image_url", "image_url": {"url": url} if fdp.ConsumeBool() else url}
    if choice == 2:
        return {"type": "input_image", "image_url": url, "file_id": _odd(fdp)}
    if choice == 3:
        return {"type": "file", "file": {"filename": _odd(fdp), "file_data": url, "file_id": _odd(fdp)}
                if fdp.ConsumeBool() else url}
    if choice == 4:
        return {"type": "input_file", "filename": _text(fdp), "file_url": url}
    if choice == 5:
        return {"type": _odd(fdp), "description": _odd(fdp)}
    if choice == 6:
        return _text(fdp)
    return _odd(fdp)


def _content(fdp: atheris.FuzzedDataProvider) -> Any:
    choice = fdp.ConsumeIntInRange(0, 3)
    if choice == 0:
        return _text(fdp)
    if choice == 1:
        return None
    if choice == 2:
        return [_part(fdp) for _ in range(fdp.ConsumeIntInRange(0, 4))]
    return _odd(fdp)


def _call(fdp: atheris.FuzzedDataProvider, ids: list[Any]) -> Any:
    if fdp.ConsumeIntInRange(0, 9) == 0:
        return _odd(fdp)
    call_id = f"c{len(ids)}" if fdp.ConsumeBool() else _odd(fdp)
    ids.append(call_id)
    arguments = fdp.PickValueInList(["{}", "{\"people\": 4}", ""]) if fdp.ConsumeBool() else _odd(fdp)
    function = {"name": fdp.PickValueInList(["book_table", "lookup", ""]) if fdp.ConsumeBool() else _odd(fdp),
                "arguments": arguments}
    return {"id": call_id, "type": "function", "function": function if fdp.ConsumeIntInRange(0, 7) else _odd(fdp)}


def _message(fdp: atheris.FuzzedDataProvider, ids: list[Any]) -> Any:
    if fdp.ConsumeIntInRange(0, 15) == 0:
        return _odd(fdp)
    message: dict[str, Any] = {"role": fdp.PickValueInList(ROLES) if fdp.ConsumeIntInRange(0, 9) else _odd(fdp)}
    if fdp.ConsumeIntInRange(0, 7):
        message["content"] = _content(fdp)
    if fdp.ConsumeIntInRange(0, 3) == 0:
        calls = [_call(fdp, ids) for _ in range(fdp.ConsumeIntInRange(0, 3))]
        message["tool_calls"] = calls if fdp.ConsumeIntInRange(0, 5) else _odd(fdp)
    if fdp.ConsumeIntInRange(0, 3) == 0:
        message["tool_call_id"] = fdp.PickValueInList(ids) if ids and fdp.ConsumeBool() else _odd(fdp)
    if fdp.ConsumeIntInRange(0, 5) == 0:
        message["id"] = fdp.PickValueInList(["U1", "A2", "x", ""]) if fdp.ConsumeBool() else _odd(fdp)
    if fdp.ConsumeIntInRange(0, 5) == 0:
        message["timestamp"] = _moment(fdp)
    if fdp.ConsumeIntInRange(0, 7) == 0:
        message["metadata"] = {"confirm_results": _odd(fdp)} if fdp.ConsumeBool() else _odd(fdp)
    return message


def _moment(fdp: atheris.FuzzedDataProvider) -> Any:
    choice = fdp.ConsumeIntInRange(0, 3)
    if choice == 0:
        return fdp.PickValueInList(TIMES)
    if choice == 1:
        return fdp.PickValueInList(NUMBERS)
    if choice == 2:
        return fdp.ConsumeFloat()
    return _odd(fdp)


def structured(fdp: atheris.FuzzedDataProvider) -> tuple[Any, dict[str, Any]]:
    """(history, compress options) from the grammar."""
    ids: list[Any] = []
    messages = [_message(fdp, ids) for _ in range(fdp.ConsumeIntInRange(0, 8))]
    shape = fdp.ConsumeIntInRange(0, 7)
    if shape <= 3:
        data: Any = messages
    elif shape <= 5:
        data = {"messages": messages if shape == 4 else tuple(messages)}
        for key, make in (("now", _moment), ("timezone", lambda f: f.PickValueInList(ZONES)),
                          ("lang", lambda f: f.PickValueInList(LANGS)), ("id", _odd)):
            if fdp.ConsumeBool():
                data[key] = make(fdp) if fdp.ConsumeIntInRange(0, 3) else _odd(fdp)
    else:
        data = _odd(fdp)
    options = {
        "target_chars": fdp.PickValueInList([None, None, 1, 300, 2000]) if fdp.ConsumeBool() else _odd(fdp),
        "now": None if fdp.ConsumeBool() else _moment(fdp),
        "lang": fdp.PickValueInList([None, None] + LANGS) if fdp.ConsumeIntInRange(0, 3) else _odd(fdp),
    }
    return data, options


def test_one_input(data: bytes) -> None:
    """One input: compressed or refused with a numbered error, or it raises (a crash)."""
    try:
        if data[:1] < b"\x80":
            COMPRESSOR.compress(decode_json(data), target_chars=RAW_TARGET)
        else:
            history, options = structured(atheris.FuzzedDataProvider(data[1:]))
            COMPRESSOR.compress(history, **options)
    except SqueezeError:
        pass


def write_seeds(folder: Path) -> None:
    """The seed corpus: the examples, generated conversations and a few grammar inputs."""
    folder.mkdir(parents=True, exist_ok=True)
    for path in sorted((ROOT / "examples").glob("*.json")):
        (folder / path.name).write_bytes(path.read_bytes())
    for lang in ("zh", "en"):
        for seed in range(3):
            text = json.dumps(conversation(lang, 10, seed), ensure_ascii=False)
            (folder / f"generated_{lang}_{seed}.json").write_bytes(text.encode("utf-8"))
    rng = random.Random(0)
    for n in range(8):
        (folder / f"grammar_{n}").write_bytes(bytes([0x80 + n]) + rng.randbytes(64 << (n % 4)))


def main(argv: list[str]) -> None:
    flags = [a for a in argv[1:] if a.startswith("-")]
    inputs = [a for a in argv[1:] if not a.startswith("-")]
    if not any(Path(a).is_file() for a in inputs):  # fuzzing, not replaying files
        write_seeds(OUT / "seeds")
        if not inputs:
            (OUT / "corpus").mkdir(parents=True, exist_ok=True)
            inputs.append(str(OUT / "corpus"))
        inputs.append(str(OUT / "seeds"))
    if not any(f.startswith("-artifact_prefix=") for f in flags):
        flags.append(f"-artifact_prefix={OUT}/")
    atheris.Setup([argv[0], *flags, *inputs], test_one_input)
    atheris.Fuzz()


if __name__ == "__main__":
    main(sys.argv)
