"""Attachments: found by the parser, read when compacted, quoted with their source, weighed by
their data; bad files warn and change nothing.

Files are made in the test (fpdf2 PDFs, Pillow PNGs with Chinese and English text). OCR needs
Debian's ``tesseract-ocr`` with ``chi_sim`` and ``eng`` (``.ci/run`` installs them): elsewhere
the OCR tests skip, on CI they fail.
"""

from __future__ import annotations

import copy
import json
import os
import shutil
import struct
import zlib
from pathlib import Path
from typing import Any

import pytest

from benchmarks.attachment_files import CJK_FONT, conversation, data_url, pdf, png
from pipeline import Compressor
from pipeline.attachments import AttachmentReader, find_attachment
from pipeline.config import load_settings
from pipeline.parse import message_size, parse_conversation

SETTINGS = load_settings()
TINY_PNG = data_url(png("en", ["x"]), "image/png")


@pytest.fixture(scope="module")
def compressor() -> Compressor:
    return Compressor()


def needs_ocr() -> None:
    if shutil.which("tesseract"):
        return
    if os.environ.get("CI"):
        pytest.fail("Debian's tesseract-ocr is missing: .ci/run installs it")
    pytest.skip("needs OCR: apt-get install tesseract-ocr tesseract-ocr-chi-sim tesseract-ocr-eng")


@pytest.fixture(autouse=True, scope="module")
def needs_font() -> None:
    if not CJK_FONT.exists():
        if os.environ.get("CI"):
            pytest.fail("fonts-wqy-zenhei is missing: .ci/run installs it")
        pytest.skip("the test files need a CJK font: apt-get install fonts-wqy-zenhei")


# --- finding: the part shapes of OpenAI's two APIs, nothing decoded ---------------------------

PARTS = [
    ({"type": "image_url", "image_url": {"url": "data:image/png;base64,iVBO"}}, ("image", "", "image/png", "data")),
    ({"type": "image_url", "image_url": "https://example.com/a.jpg"}, ("image", "", "image/jpeg", "url")),
    ({"type": "input_image", "image_url": "data:image/jpeg;base64,/9j/"}, ("image", "", "image/jpeg", "data")),
    ({"type": "input_image", "file_id": "file-abc"}, ("image", "", "", "file_id")),
    ({"type": "file", "file": {"filename": "报告.pdf", "file_data": "data:application/pdf;base64,JVBE"}},
     ("file", "报告.pdf", "application/pdf", "data")),
    ({"type": "file", "file": {"filename": "notes.txt", "file_data": "aGVsbG8="}}, ("file", "notes.txt", "text/plain", "data")),
    ({"type": "file", "file": {"file_id": "file-xyz"}}, ("file", "", "", "file_id")),
    ({"type": "input_file", "filename": "scan.pdf", "file_url": "https://example.com/scan.pdf"},
     ("file", "scan.pdf", "application/pdf", "url")),
    ({"type": "image_url", "image_url": {"url": "file:///srv/uploads/a.png"}}, ("image", "", "image/png", "path")),
    ({"type": "file", "file": {"filename": "a.pdf"}}, ("file", "a.pdf", "application/pdf", "missing")),
]


@pytest.mark.parametrize(("part", "expected"), PARTS)
def test_every_openai_part_shape_is_found(part: dict, expected: tuple) -> None:
    found = find_attachment(part, 3)
    assert found is not None
    assert (found.kind, found.name, found.media_type, found.origin) == expected
    assert found.part == 3


@pytest.mark.parametrize("part", [{"type": "text", "text": "hi"},
                                  {"type": "input_audio", "input_audio": {"data": "UklG"}}])
def test_other_parts_are_no_attachment(part: dict) -> None:
    assert find_attachment(part, 0) is None


def test_an_attachment_weighs_its_data_in_and_out() -> None:
    """A 2 MB image once weighed nothing: budgets ignored it."""
    message = {"role": "user", "content": [{"type": "text", "text": "看看这个"},
                                           {"type": "image_url", "image_url": {"url": TINY_PNG}}]}
    assert message_size(message) == len("看看这个") + len(TINY_PNG)
    event = parse_conversation([message], SETTINGS).events[0]
    assert event.size == message_size(message)
    assert event.text == "看看这个" and event.said == "看看这个"


def test_a_part_larger_than_the_message_limit_is_an_input_error(compressor: Compressor) -> None:
    from pipeline.errors import InputError

    settings = load_settings({"policy.max_message_chars": 1000})
    with pytest.raises(InputError, match=r"\[E006\]"):
        parse_conversation([{"role": "user", "content": [
            {"type": "image_url", "image_url": {"url": TINY_PNG + "A" * 1000}}]}], settings)


# --- reading ----------------------------------------------------------------------------------

def _read(reader: AttachmentReader, part: dict) -> Any:
    found = find_attachment(part, 1)
    assert found is not None
    return reader.read(found)


@pytest.mark.parametrize(("lang", "page1", "page2"), [
    ("zh", ["空腹血糖 8.2 mmol/L 3.9-6.1", "总胆固醇 5.6 mmol/L <5.2"], "不要空腹运动"),
    ("en", ["Standing desk 2 $412.50 $825.00", "Monitor arm 3 $59.90 $179.70"], "Total due $1,004.70"),
])
def test_a_pdf_is_read_page_by_page_with_its_table_rows(lang: str, page1: list, page2: str) -> None:
    reading = _read(AttachmentReader(SETTINGS), {"type": "file", "file": {
        "filename": "r.pdf", "file_data": data_url(pdf(lang, pages=4), "application/pdf")}})
    assert reading.problem is None and reading.kind == "pdf"
    assert reading.page_count == 4 and len(reading.pages) == SETTINGS["attachments.pdf_pages"] == 3
    assert all(row in reading.pages[0].splitlines() for row in page1)   # a row stays one line
    assert page2 in reading.pages[1]


def test_the_page_limit_and_the_char_cap_are_settings() -> None:
    reader = AttachmentReader(load_settings({"attachments.pdf_pages": 1, "attachments.max_chars": 60}))
    reading = _read(reader, {"type": "file", "file": {
        "filename": "r.pdf", "file_data": data_url(pdf("en", pages=3), "application/pdf")}})
    assert len(reading.pages) == 1 and reading.page_count == 3
    assert len(reading.pages[0]) <= 60 and reading.pages[0].startswith("Invoice INV-20431")


def test_a_text_file_is_read_as_text() -> None:
    reading = _read(AttachmentReader(SETTINGS), {"type": "file", "file": {
        "filename": "notes.txt", "file_data": data_url("预算 5000 元\n不要香菜".encode(), "text/plain")}})
    assert reading.pages == ("预算 5000 元\n不要香菜",)


@pytest.mark.parametrize(("lang", "expected"), [
    ("zh", ["A1042", "389.00元", "2026-11-28"]),
    ("en", ["B7731", "$64.25", "2026-11-28"]),
])
def test_an_image_is_read_by_ocr(lang: str, expected: list) -> None:
    needs_ocr()
    reading = _read(AttachmentReader(SETTINGS), {"type": "image_url", "image_url": {
        "url": data_url(png(lang), "image/png")}})
    assert reading.problem is None and (reading.width, reading.height) == (900, 220)
    assert all(value in reading.pages[0] for value in expected), reading.pages


def test_a_reading_is_made_once_per_content(monkeypatch: pytest.MonkeyPatch) -> None:
    reader = AttachmentReader(SETTINGS)
    calls = []
    real = reader._read
    monkeypatch.setattr(reader, "_read", lambda a: calls.append(a.part) or real(a))
    part = {"type": "file", "file": {"filename": "r.pdf", "file_data": data_url(pdf("zh"), "application/pdf")}}
    first = _read(reader, part)
    again = _read(reader, copy.deepcopy(part))            # the same bytes in another message
    assert first is again and calls == [1]


def test_without_ocr_an_image_is_described_by_its_size() -> None:
    reader = AttachmentReader(load_settings({"attachments.ocr": "no-such-ocr-command"}))
    reading = _read(reader, {"type": "image_url", "image_url": {"url": data_url(png("en"), "image/png")}})
    assert reading.problem == "no_ocr" and (reading.width, reading.height) == (900, 220)
    assert "not installed" in reading.detail and "tesseract-ocr" in reading.detail


def test_local_paths_are_read_only_inside_the_allowed_directories(tmp_path: Path) -> None:
    inside = tmp_path / "allowed" / "r.pdf"
    inside.parent.mkdir()
    inside.write_bytes(pdf("en"))
    outside = tmp_path / "r.pdf"
    outside.write_bytes(pdf("en"))
    reader = AttachmentReader(load_settings({"attachments.allowed_dirs": [str(inside.parent)]}))
    assert _read(reader, {"type": "file", "file": {"filename": "r.pdf", "file_data": f"file://{inside}"}}
                 ).problem is None
    sneaky = f"{inside.parent}/../r.pdf"          # resolved before it is checked
    for path in (str(outside), sneaky):
        reading = _read(reader, {"type": "file", "file": {"filename": "r.pdf", "file_data": path}})
        assert reading.problem == "not_allowed" and not reading.pages


def _just_under(history: dict) -> int:
    """A target one char under the history's size: the prefix is compacted with room to spare."""
    return sum(message_size(m) for m in history["messages"]) - 1


# --- compaction: the values reach the snapshot and the summary, with their source ---------------

COMPACTED = [
    ("zh", ["【附件 体检报告.pdf 第1页】", "空腹血糖 8.2 mmol/L 3.9-6.1", "【附件 体检报告.pdf 第2页】",
            "复查前不要空腹运动", "【图片 #2 OCR】", "A1042", "389.00元"],
     {"8.2 mmol/L", "389.00元", "A1042"}),
    ("en", ["[attachment invoice.pdf, p. 1] ", "Standing desk 2 $412.50 $825.00",
            "[attachment invoice.pdf, p. 2] Total due $1,004.70 by 2026-12-15", "[image #2, OCR] ",
            "B7731", "$64.25"],
     {"$825.00", "$1,004.70", "B7731", "$64.25"}),
]


@pytest.mark.parametrize(("lang", "in_summary", "in_snapshot"), COMPACTED)
def test_compacted_attachments_reach_the_summary_and_the_snapshot(
        compressor: Compressor, lang: str, in_summary: list, in_snapshot: set) -> None:
    needs_ocr()
    history = conversation(lang)
    before = copy.deepcopy(history)
    result = compressor.compress(history, target_chars=2000, force=True)
    summary = result.messages[0]["content"]
    for text in in_summary:
        assert text in summary, summary
    read = [f["text"] for a in result.snapshot["attachments"] for f in a["facts"]]
    assert in_snapshot <= set(read), read
    assert [(a["event"], a["kind"], a["problem"]) for a in result.snapshot["attachments"]] == [
        ("U1", "pdf", None), ("U3", "image", None)]
    # what a document says is not what the user asked for
    assert not any(f["text"] in in_snapshot for f in result.snapshot["constraints"])
    assert "8.2" not in result.snapshot["objective"] and "$825" not in result.snapshot["objective"]
    # the attachments' weight left the history with the messages that carried them
    assert result.report["chars_before"] > 20000 and result.report["chars_after"] < 2000
    assert history == before


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_a_document_decides_nothing_for_the_user(compressor: Compressor, lang: str) -> None:
    """A PDF saying "改为下周五" or "don't pay" is quoted as the document's, never turned into a
    change, a decision or an unauthorised action of the user's."""
    text = {"zh": ["通知：会议改为下周五", "请不要提交申请"], "en": ["Notice: the meeting is moved to Friday",
                                                          "Do not submit the form"]}[lang]
    notice = {"type": "file", "file": {"filename": "n.txt", "file_data": data_url("\n".join(text).encode(), "text/plain")}}
    history = conversation(lang, report_part=notice,
                           receipt_part={"type": "text", "text": ""})
    result = compressor.compress(history, target_chars=_just_under(history))
    assert not any("下周五" in line or "Friday" in line for line in result.snapshot["state_path"])
    assert not any("提交" in o["text"] or "submit" in o["text"] for o in result.snapshot["open_items"])
    assert text[1] in result.messages[0]["content"]


# --- bad files: a numbered warning, a line saying what was not read, the history unchanged -------

def _huge_png() -> bytes:
    """A PNG whose header claims 30,000 × 10,000 pixels: a decompression bomb, refused unread."""
    def chunk(kind: bytes, body: bytes) -> bytes:
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))
    header = struct.pack(">IIBBBBB", 30000, 10000, 1, 0, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IEND", b"")


def _pdf_part(data: str) -> dict:
    return {"type": "file", "file": {"filename": "report.pdf", "file_data": data}}


BAD = [
    ("zh", _pdf_part(data_url(b"%PDF-1.7\nthis is not a pdf body", "application/pdf")), "W012", "文件损坏，无法解析"),
    ("en", _pdf_part(data_url(b"%PDF-1.7\nthis is not a pdf body", "application/pdf")), "W012", "damaged, cannot be parsed"),
    ("zh", _pdf_part("data:application/pdf;base64,@@not base64@@"), "W012", "数据不是有效的base64"),
    ("en", _pdf_part("data:application/pdf;base64,@@not base64@@"), "W012", "not valid base64"),
    ("zh", _pdf_part(data_url(pdf("zh", password="s3cret"), "application/pdf")), "W012", "文件有密码保护"),
    ("en", _pdf_part(data_url(pdf("en", password="s3cret"), "application/pdf")), "W012", "password-protected"),
    ("zh", {"type": "image_url", "image_url": {"url": data_url(b"\x89PNG\r\n\x1a\n" + b"\0" * 40, "image/png")}},
     "W012", "文件损坏，无法解析"),
    ("en", {"type": "image_url", "image_url": {"url": data_url(_huge_png(), "image/png")}}, "W012",
     "damaged, cannot be parsed"),
    ("en", {"type": "image_url", "image_url": {"url": "https://example.com/receipt.png"}}, "W012",
     "a remote URL, not fetched"),
    ("en", {"type": "image_url", "image_url": {"url": "/etc/passwd"}}, "W012", "a local path not allowed"),
    ("zh", {"type": "file", "file": {"file_id": "file-123"}}, "W012", "只有文件ID"),
]


@pytest.mark.parametrize(("lang", "part", "code", "said"), BAD)
def test_a_bad_attachment_warns_says_so_and_alters_nothing(
        compressor: Compressor, lang: str, part: dict, code: str, said: str) -> None:
    history = conversation(lang, report_part=part, receipt_part={"type": "text", "text": ""})
    before = json.dumps(history, ensure_ascii=False)
    result = compressor.compress(history, target_chars=_just_under(history))
    assert json.dumps(history, ensure_ascii=False) == before
    warnings = [w for w in result.report["warnings"] if w.startswith(f"[{code}]")]
    assert len(warnings) == 1 and "U1 part 2" in warnings[0], result.report["warnings"]
    assert said in result.messages[0]["content"]
    record = result.snapshot["attachments"][0]
    assert record["problem"] and not record["facts"]
    tail = result.messages[1:]
    assert tail == [dict(m) for m in history["messages"][-len(tail):]]


def test_no_ocr_is_its_own_warning_with_the_install_hint() -> None:
    quiet = Compressor({"attachments.ocr": "no-such-ocr-command"})
    history = conversation("en", report_part={"type": "text", "text": ""})
    result = quiet.compress(history, target_chars=2000)
    [warning] = [w for w in result.report["warnings"] if w.startswith("[W013]")]
    assert "900×220" in warning and "tesseract-ocr" in warning
    assert "[image #2, 900×220] not read: no OCR available" in result.messages[0]["content"]


def test_attachments_in_the_tail_are_not_read(compressor: Compressor, monkeypatch: pytest.MonkeyPatch) -> None:
    """Reading costs (OCR: about a second an image): only what is compacted is read."""
    history = conversation("en")
    history["messages"] = history["messages"][:1]
    monkeypatch.setattr(compressor.attachments, "read", lambda a: pytest.fail("read an attachment in the tail"))
    result = compressor.compress(history)
    assert result.report["action"] == "none"
    assert result.messages == history["messages"]


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_a_session_compacts_its_attachments_and_names_the_reader(tmp_path: Path, compressor: Compressor,
                                                                  lang: str) -> None:
    """A stored snapshot's spans point into the text read: it records how it was read, so a
    state read with other settings (or before OCR was installed) is not reused."""
    from pipeline.session import Session
    from pipeline.store import SQLiteStore

    store = SQLiteStore(tmp_path / "s.db")
    session = Session(store, "s", compressor=compressor)
    session.append(conversation(lang)["messages"])
    result = session.compact(force=True, budget=2000)
    value = {"zh": "空腹血糖 8.2 mmol/L", "en": "Standing desk 2 $412.50 $825.00"}[lang]
    assert value in str(result.messages)
    [snapshot] = store.snapshots("s")
    assert snapshot.producers["attachments"] == compressor.attachments.producer()
    assert "pdf_pages=3" in snapshot.producers["attachments"]


@pytest.mark.parametrize(("lang", "row", "value"), [("zh", "空腹血糖 8.2 mmol/L 3.9-6.1", "8.2 mmol/L"),
                                                    ("en", "Standing desk 2 $412.50 $825.00", "$825.00")])
def test_under_a_tight_budget_a_document_line_is_whole_or_absent(compressor: Compressor, lang: str,
                                                                 row: str, value: str) -> None:
    """"8.2 mmol/L" without "空腹血糖" says nothing the agent can use."""
    for target in (250, 300, 400, 600):
        summary = compressor.compress(conversation(lang), target_chars=target).messages[0]["content"]
        assert (value in summary) == (row in summary), (target, summary)
