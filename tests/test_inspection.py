"""The inspection page (`squeeze inspect --html`): what a person debugging an agent looks for is
on it, in the right place, highlighted at its source, escaped, and drawn by a real browser.

The page is parsed as a browser would see it (BeautifulSoup on our output; Chromium's own DOM
in the browser tests). The browser tests need Debian's ``chromium`` and a CJK font
(``fonts-wqy-zenhei``), which ``.ci/run`` installs; elsewhere they skip, on CI they fail.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import unicodedata
from pathlib import Path
from typing import Any

import pytest
from bs4 import BeautifulSoup, Tag

from pipeline import Compressor, InputError, inspection_html
from pipeline.types import CompressionResult

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"


def conversation(lang: str, turns: list[tuple[str, str]], tool: str, pending: tuple[str, str]
                 ) -> dict[str, Any]:
    """A support conversation with a tool call answered in turn 2 and a call still pending
    at the end (its result has not come back)."""
    messages: list[dict[str, Any]] = [{"role": "system", "content": "You are a helpful agent."}]
    for number, (user, assistant) in enumerate(turns):
        messages.append({"role": "user", "content": user})
        if number == 1:
            messages.append({"role": "assistant", "content": None, "tool_calls": [
                {"id": "c1", "type": "function",
                 "function": {"name": "lookup_order", "arguments": "{\"order\": \"A1042\"}"}}]})
            messages.append({"role": "tool", "tool_call_id": "c1", "content": tool})
        messages.append({"role": "assistant", "content": assistant})
    messages.append({"role": "user", "content": pending[0]})
    messages.append({"role": "assistant", "content": None, "tool_calls": [
        {"id": "c9", "type": "function", "function": {"name": pending[1], "arguments": "{}"}}]})
    return {"id": f"return-{lang}", "lang": lang, "now": "2026-11-30T09:00:00+08:00",
            "messages": messages}


RETURN_EN = conversation("en", [
    ("I want to return the blender, order A1042. Please don't submit the return request yet.",
     "Sure, I will wait before submitting anything."),
    ("Pickup tomorrow afternoon works for me.", "Noted: pickup tomorrow afternoon."),
    ("I think the motor may have a quality problem, it smells burnt.",
     "Sorry to hear that; I can note it as your report."),
    ("Actually, change the pickup to the day after tomorrow morning.",
     "Updated: the pickup is the day after tomorrow morning."),
    ("My budget for a replacement is 500 dollars at most.", "Understood, up to 500 dollars."),
    ("Also, don't call me, email only.", "Email only, noted."),
], '{"order": "A1042", "status": "delivered", "warranty_until": "2027-03-01"}',
    ("Can you check the refund policy?", "refund_policy"))

RETURN_ZH = conversation("zh", [
    ("我要退那台破壁机，订单号A1042。申请先别提交。", "好的，我先不提交。"),
    ("明天下午来取件可以。", "已记下：明天下午取件。"),
    ("我觉得电机可能有质量问题，有烧焦味。", "抱歉，我会记录您的反馈。"),
    ("取件时间改到后天上午。", "已改为后天上午取件。"),
    ("换新的话预算最多500元。", "明白，500元以内。"),
    ("另外不要给我打电话，只发邮件。", "好的，只发邮件。"),
], '{"order": "A1042", "status": "已签收", "warranty_until": "2027-03-01"}',
    ("帮我查一下退款政策？", "refund_policy"))

# (lang, conversation, the prohibition, the change (slot, old, new), the hedged claim,
#  a value only a tool confirmed, the pending call)
CASES = [
    ("en", RETURN_EN, "don't submit the return request yet",
     ("pickup", "tomorrow afternoon", "the day after tomorrow morning"),
     "the motor may have a quality problem", "2027-03-01", "refund_policy"),
    ("zh", RETURN_ZH, "申请先别提交", ("取件时间", "明天下午", "后天上午"),
     "电机可能有质量问题", "2027-03-01", "refund_policy"),
]


def size_of(conv: dict[str, Any]) -> int:
    """The text's size: a target as a share of it compacts whatever the tool calls weigh."""
    return sum(len(m.get("content") or "") for m in conv["messages"])


def fold(text: str) -> str:
    return "".join(unicodedata.normalize("NFKC", text).casefold().split())


@pytest.fixture(scope="module")
def compressor() -> Compressor:
    return Compressor()


def page(result: CompressionResult) -> BeautifulSoup:
    return BeautifulSoup(inspection_html(result), "html.parser")


def section(soup: BeautifulSoup, name: str) -> Tag:
    found = soup.find(id=name)
    assert isinstance(found, Tag), f"the page has no #{name}"
    return found


def compact(compressor: Compressor, conv: dict[str, Any], ratio: float) -> CompressionResult:
    result = compressor.compress(conv, target_chars=int(size_of(conv) * ratio))
    assert result.report["action"] == "compact"
    return result


@pytest.mark.parametrize(("lang", "conv", "prohibition", "change", "claim", "confirmed", "pending"),
                         CASES, ids=[c[0] for c in CASES])
def test_each_part_of_the_compression_is_where_a_person_looks(
        compressor: Compressor, lang: str, conv: dict[str, Any], prohibition: str,
        change: tuple[str, str, str], claim: str, confirmed: str, pending: str) -> None:
    result = compact(compressor, conv, 0.6)
    soup = page(result)
    assert soup.html is not None and soup.html["lang"].startswith(lang)
    summary = next(m["content"] for m in result.messages if m.get("name") == "__squeeze_summary__")
    assert section(soup, "summary").pre.get_text() == summary  # type: ignore[union-attr]

    rows = {r["id"].removeprefix("ev-"): r for r in section(soup, "timeline").select(".event")}
    assert len(rows) == len(conv["messages"])
    cut = result.report["cut_index"]
    for number, (event, row) in enumerate(rows.items()):
        expected = ("system" if event.startswith("S") else "summarised" if number < cut
                    else "verbatim")
        assert row["data-fate"] == expected, event
    last = list(rows.values())[-1]
    assert "pending call" in last.get_text() and pending in last.get_text()

    open_items = section(soup, "corrections").get_text(" ")
    assert prohibition in open_items
    slot, old, new = change
    transition = section(soup, "corrections").select_one(".transition")
    assert transition is not None
    assert transition.b.get_text() == slot  # type: ignore[union-attr]
    assert transition.select_one(".old").get_text() == old  # type: ignore[union-attr]
    assert transition.select_one(".new").get_text() == new  # type: ignore[union-attr]
    assert [s.get_text() for s in transition.select(".mono")] == ["U4", "U10"]
    # the old value's item says what replaced it, and only it does
    replaced = section(soup, "items").select("tr.item[data-superseded]")
    assert [r.find_all("td")[6].get_text() for r in replaced] == [old]
    assert replaced[0]["data-superseded"] == f"{new} (U10)"
    claims = [li.get_text() for li in section(soup, "claims").select(".claim")]
    assert any(claim in c for c in claims)
    assert any(confirmed in c.get_text() for c in section(soup, "claims").select(".confirmed"))
    assert not any(confirmed in c for c in claims)  # a tool's answer is not the user's claim

    assert int(section(soup, "after").get_text()) == result.report["chars_after"]
    assert int(section(soup, "target").get_text()) == result.report["target"]
    timings = section(soup, "timings").get_text(" ")
    assert all(stage in timings for stage in ("facts", "intents", "state", "whole call"))


@pytest.mark.parametrize(("lang", "conv"), [(c[0], c[1]) for c in CASES] + [
    ("zh", json.loads((EXAMPLES / "zh_repair.json").read_text("utf-8"))),
    ("en", json.loads((EXAMPLES / "en_insurance.json").read_text("utf-8"))),
    ("zh", json.loads((EXAMPLES / "zh_attachments.json").read_text("utf-8")))],
    ids=["en", "zh", "zh_repair", "en_insurance", "zh_attachments"])
def test_every_item_is_highlighted_exactly_at_its_source(compressor: Compressor, lang: str,
                                                         conv: dict[str, Any]) -> None:
    result = compact(compressor, conv, 0.3)
    assert result.trace is not None
    texts = {e.id: e.text for e in result.trace.conversation.events}
    soup = page(result)
    items = section(soup, "items").select("tr.item")
    assert items
    rank = {"weak": 1, "medium": 2, "strong": 3}
    for row in items:
        cells = row.find_all("td")
        event, where = cells[1].get_text().split(" ")
        start, end = (int(n) for n in where.split("–"))
        source = section(soup, f"ev-{event}")
        marks = source.select(f'mark[data-items~="{row["id"]}"]')
        shown = "".join(m.get_text() for m in marks)
        assert shown == texts[event][start:end] == cells[6].get_text()
        # a piece takes the colour of the strongest item covering it
        assert all(rank[m["class"][0]] >= rank[row["data-strength"]] for m in marks)


@pytest.mark.parametrize(("lang", "conv"), [(c[0], c[1]) for c in CASES], ids=["en", "zh"])
def test_in_summary_says_whether_the_summary_carries_the_item(compressor: Compressor, lang: str,
                                                              conv: dict[str, Any]) -> None:
    result = compact(compressor, conv, 0.45)
    summary = fold(next(m["content"] for m in result.messages if m.get("name")))
    rows = section(page(result), "items").select("tr.item")
    carried = [r.find_all("td")[6].get_text() for r in rows if r["data-kept"] == "yes"]
    left = [r.find_all("td")[6].get_text() for r in rows if r["data-kept"] == "no"]
    assert carried and all(fold(text) in summary for text in carried)
    # under this budget the tool's answers give way: the page says so, and it is true
    assert left and any(fold(text) not in summary for text in left)


def test_trimmed_tool_results_are_marked_trimmed(compressor: Compressor) -> None:
    conv = json.loads((EXAMPLES / "en_booking.json").read_text("utf-8"))
    trimming = Compressor({"policy.budget": int(size_of(conv) / 0.7)})
    trimming.stages, trimming._loaded = compressor.stages, compressor._loaded  # share the models
    result = trimming.compress(conv)
    assert result.report["action"] == "trim" and result.report["trimmed"]
    soup = page(result)
    fates = {r["id"].removeprefix("ev-"): r["data-fate"] for r in soup.select("#timeline .event")}
    assert {e for e, f in fates.items() if f == "trimmed"} == set(result.report["trimmed"])
    assert "Nothing was compacted" in section(soup, "summary").get_text()


INJECTED = "<script>document.title='pwned'</script><img src=x onerror=\"document.title='pwned'\">"


def injected_conversation() -> dict[str, Any]:
    """Markup in every field a conversation brings: content, names, ids, tool calls, results."""
    conv = json.loads(json.dumps(RETURN_EN))
    conv["id"] = f"case {INJECTED}"
    for message in conv["messages"]:
        if message.get("content"):
            message["content"] += f" {INJECTED}"
        for call in message.get("tool_calls") or []:
            call["function"]["name"] += INJECTED
            call["function"]["arguments"] = json.dumps({"q": INJECTED})
    conv["messages"][1]["name"] = INJECTED
    return conv


def test_markup_in_any_field_is_shown_as_text(compressor: Compressor) -> None:
    result = compact(compressor, injected_conversation(), 0.5)
    html = inspection_html(result)
    soup = BeautifulSoup(html, "html.parser")
    assert soup.find("script") is None and soup.find("img") is None
    assert not any(tag.has_attr("onerror") for tag in soup.find_all(True))
    assert INJECTED in soup.title.get_text()  # type: ignore[union-attr]
    assert soup.get_text().count("<script>document.title='pwned'</script>") >= len(
        [m for m in RETURN_EN["messages"] if m.get("content")])


def test_the_page_loads_nothing_from_anywhere(compressor: Compressor) -> None:
    soup = page(compact(compressor, RETURN_ZH, 0.5))
    assert not soup.find_all(["script", "link", "img", "iframe", "object", "embed"])
    assert not any(tag.has_attr("src") for tag in soup.find_all(True))
    assert not any(a["href"].split("#")[0] for a in soup.find_all("a"))  # in-page anchors only
    style = soup.style.get_text()  # type: ignore[union-attr]
    assert "url(" not in style and "@import" not in style


def test_a_result_without_its_trace_is_a_numbered_error() -> None:
    with pytest.raises(InputError) as error:
        inspection_html(CompressionResult([], {}, {}))
    assert error.value.code == "E015"


# --- in a real browser ------------------------------------------------------------------------

@pytest.fixture(scope="session")
def browser() -> str:
    found = shutil.which("chromium") or shutil.which("chromium-browser")
    if found is None:
        if os.environ.get("CI"):
            pytest.fail("Debian's chromium is missing: .ci/run installs it")
        pytest.skip("needs headless Chromium: apt-get install chromium fonts-wqy-zenhei")
    return found


def run_browser(browser: str, work: Path, page_file: Path, *args: str) -> str:
    """Chromium headless on a local file, no network of its own (the flags keep it from
    calling home); returns what it prints (the DOM with --dump-dom)."""
    flags = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
             "--disable-background-networking", "--disable-component-update", "--disable-sync",
             "--hide-scrollbars", f"--user-data-dir={work / 'profile'}"]
    done = subprocess.run([browser, *flags, *args, page_file.as_uri()], capture_output=True,
                          text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout


def screenshot(browser: str, work: Path, page_file: Path, out: Path, size: str) -> bytes:
    run_browser(browser, work, page_file, f"--screenshot={out}", f"--window-size={size}")
    data = out.read_bytes()
    assert data.startswith(b"\x89PNG\r\n\x1a\n")
    return data


@pytest.mark.parametrize(("lang", "conv", "prohibition"),
                         [(c[0], c[1], c[2]) for c in CASES], ids=["en", "zh"])
def test_chromium_renders_the_page_in_both_languages(
        browser: str, compressor: Compressor, tmp_path: Path, lang: str, conv: dict[str, Any],
        prohibition: str) -> None:
    result = compact(compressor, conv, 0.5)
    page_file = tmp_path / f"inspect-{lang}.html"
    page_file.write_text(inspection_html(result), "utf-8")
    dom = BeautifulSoup(run_browser(browser, tmp_path, page_file, "--dump-dom"), "html.parser")
    for name in ("sizes", "summary", "items", "corrections", "claims", "intents", "timings",
                 "timeline"):
        assert dom.find(id=name) is not None, name
    assert prohibition in dom.find(id="corrections").get_text()  # type: ignore[union-attr]
    strong = dom.select('#items tr.item[data-strength="strong"]')
    assert strong and dom.select("#timeline mark.strong")
    png = screenshot(browser, tmp_path, page_file, tmp_path / f"inspect-{lang}.png", "1280,1600")
    assert len(png) > 20_000  # a page, not a blank sheet (kept in tmp_path as the artifact)


def test_chinese_is_drawn_in_a_cjk_font(browser: str, compressor: Compressor,
                                        tmp_path: Path) -> None:
    """Without a CJK font every character is the same empty box, so two different phrases
    make the same picture; with the page's font stack they must not."""
    style = BeautifulSoup(inspection_html(compact(compressor, RETURN_ZH, 0.5)),
                          "html.parser").style
    shots = []
    for number, phrase in enumerate(("不要香菜", "先别提交")):
        probe = tmp_path / f"probe{number}.html"
        probe.write_text(f"<!DOCTYPE html><html lang=zh-CN><head><meta charset=utf-8>{style}"
                         f"</head><body><div class=event><div class=text>{phrase}</div></div>"
                         "</body></html>", "utf-8")
        shots.append(screenshot(browser, tmp_path, probe, tmp_path / f"probe{number}.png",
                                "300,80"))
    assert shots[0] != shots[1]


def test_a_script_in_the_conversation_never_runs(browser: str, compressor: Compressor,
                                                 tmp_path: Path) -> None:
    result = compact(compressor, injected_conversation(), 0.5)
    page_file = tmp_path / "injected.html"
    page_file.write_text(inspection_html(result), "utf-8")
    dom = BeautifulSoup(run_browser(browser, tmp_path, page_file, "--dump-dom"), "html.parser")
    assert dom.title is not None and "pwned" != dom.title.get_text()
    assert dom.title.get_text().startswith("case <script>")
    # the check is real: the same markup unescaped does run in this browser
    control = tmp_path / "control.html"
    control.write_text(f"<!DOCTYPE html><html><head><title>t</title></head><body>{INJECTED}"
                       "</body></html>", "utf-8")
    ran = BeautifulSoup(run_browser(browser, tmp_path, control, "--dump-dom"), "html.parser")
    assert ran.title is not None and ran.title.get_text() == "pwned"
