"""What reading attachments costs, and that it is paid once.

For each language: reading a PDF (pypdf, per page) and an image (Tesseract OCR, per image) with
a fresh reader, ``--repeat`` times each, p50/p95; then the conversation of
``benchmarks/attachment_files.py`` (a lab report or invoice PDF and a receipt PNG in the part
compacted) compressed cold (new files: read), then again with the same files (remembered)
and again with one new turn, next to the truncation baseline measured in the same run.

    python -m benchmarks.attachments [--repeat 5] [--pages 3] [--json]
"""

from __future__ import annotations

import argparse
import json
import time
from typing import Any, Callable

from benchmarks.attachment_files import conversation, data_url, pdf, png
from benchmarks.latency import truncation
from pipeline import Compressor
from pipeline.attachments import AttachmentReader, find_attachment
from pipeline.config import load_settings


def _timed(work: Callable[[], Any], repeat: int) -> list[float]:
    spent = []
    for _ in range(repeat):
        started = time.perf_counter()
        work()
        spent.append((time.perf_counter() - started) * 1000)
    return spent


def _p(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return round(ordered[min(len(ordered) - 1, int(q * len(ordered)))], 1)


def reading_costs(lang: str, repeat: int, pages: int) -> list[dict[str, Any]]:
    """Cold reads: a new reader (an empty memo) every time."""
    settings = load_settings({"attachments.pdf_pages": pages})
    files = {
        "pdf": find_attachment({"type": "file", "file": {"filename": "r.pdf", "file_data": data_url(
            pdf(lang, pages=pages), "application/pdf")}}, 1),
        "image": find_attachment({"type": "image_url", "image_url": {"url": data_url(png(lang), "image/png")}}, 1),
    }
    rows = []
    for kind, attachment in files.items():
        assert attachment is not None
        reading = AttachmentReader(settings).read(attachment)
        spent = _timed(lambda: AttachmentReader(settings).read(attachment), repeat)
        unit = max(1, len(reading.pages)) if kind == "pdf" else 1
        rows.append({"lang": lang, "what": f"{kind} ({'per page' if kind == 'pdf' else 'per image'})",
                     "p50_ms": round(_p(spent, 0.5) / unit, 1), "p95_ms": round(_p(spent, 0.95) / unit, 1),
                     "problem": reading.problem, "payload_chars": attachment.size})
    return rows


def compression_costs(compressor: Compressor, lang: str) -> list[dict[str, Any]]:
    """The same history compressed three times: files new, files remembered, one turn more."""
    baseline = truncation()
    history = conversation(lang)
    target = 2000
    baseline(history["messages"], target)
    started = time.perf_counter()
    baseline(history["messages"], target)
    cut = (time.perf_counter() - started) * 1000
    grown = dict(history, messages=history["messages"] + [
        {"role": "assistant", "content": "ok"}, {"role": "user", "content": "thanks" if lang == "en" else "谢谢"}])
    rows = []
    for label, messages in (("cold (files read)", history), ("again (files remembered)", history),
                            ("one turn more", grown)):
        started = time.perf_counter()
        report = compressor.compress(messages, target_chars=target).report
        spent = (time.perf_counter() - started) * 1000
        rows.append({"lang": lang, "call": label, "ms": round(spent, 1),
                     "x_truncation": round(spent / cut, 1) if cut else None,
                     "stage_ms": report["stage_ms"], "chars": f"{report['chars_before']} -> {report['chars_after']}"})
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--pages", type=int, default=3)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    compressor = Compressor()
    for lang in ("zh", "en"):   # models loaded: their load is not the cost measured
        compressor.compress([{"role": "user", "content": "hi" if lang == "en" else "你好"},
                             {"role": "assistant", "content": "ok"}, {"role": "user", "content": "ok"}],
                            target_chars=5, lang=lang)
    reads = [r for lang in ("zh", "en") for r in reading_costs(lang, args.repeat, args.pages)]
    calls = [r for lang in ("zh", "en") for r in compression_costs(compressor, lang)]
    if args.json:
        print(json.dumps({"reads": reads, "compressions": calls}, ensure_ascii=False, indent=2))
        return
    print("reading, cold (a new reader each time):")
    for r in reads:
        print(f"  {r['lang']} {r['what']:<22} p50 {r['p50_ms']:>7} ms  p95 {r['p95_ms']:>7} ms  "
              f"problem={r['problem']}  ({r['payload_chars']} chars of data)")
    print("one conversation, compressed three times by one Compressor:")
    for r in calls:
        print(f"  {r['lang']} {r['call']:<26} {r['ms']:>8} ms  {r['x_truncation']:>8}x truncation  "
              f"{r['chars']}  stages {r['stage_ms']}")
    print(f"({args.repeat} cold reads each; truncation measured in the same run; models loaded before timing)")


if __name__ == "__main__":
    main()
