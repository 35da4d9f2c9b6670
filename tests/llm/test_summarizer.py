"""The LLM summary end to end: Compressor → LLMSummarizer → a real HTTP server on loopback.

Every scripted model behaviour must end in the expected path (accepted / retried / fallback)
with the expected findings, in both languages, and the history is never lost: the output is
always the system message, one summary, and the tail byte for byte.
"""

from __future__ import annotations

import asyncio
import copy
import json
from typing import Any

import pytest
from llm_scripted import BASE, CONVERSATIONS, GOOD, TARGET, Reply, ScriptedLLM, answer, llm_settings

from pipeline import Compressor, load_settings
from pipeline.llm import LLMSummarizer


def variant(lang: str, **changes: Any) -> dict[str, Any]:
    summary = copy.deepcopy(GOOD[lang])
    summary.update(changes)
    return summary


# a model's typical mistakes, per language: the negation dropped, a price made up, a hedge
# dropped, an authorisation claimed
BAD: dict[str, dict[str, dict[str, Any]]] = {
    "zh": {
        "drops_negation": variant("zh", constraints=["序列号是GX7K2M9QPL", "我预算500元以内，不要寄顺丰到付"],
                                  open_items=["是否提交申请待定"]),
        "invents_price": variant("zh", confirmed_facts=["已经过保，单只耳机更换649元，维修费用预计800元"]),
        "drops_hedge": variant("zh", user_claims=["耳机有质量问题，才用了一年多就这样"]),
        "claims_consent": variant("zh", open_items=["用户已同意提交申请"]),
    },
    "en": {
        "drops_negation": variant("en", constraints=["Policy number is HX-4471",
                                                     "The repair must cost no more than $300 out of pocket",
                                                     "please don't call me, email only"],
                                  open_items=["Whether to submit the claim"]),
        "invents_price": variant("en", confirmed_facts=[
            "Draft claim CLM-88213 opened; water damage is covered up to $1,200; the deductible is $150"]),
        "drops_hedge": variant("en", user_claims=["The battery is damaged too and drains really fast"]),
        "claims_consent": variant("en", open_items=["The user agreed to submit the claim"]),
    },
}
# what each mistake must be named (the checks in the order they run), and the text a finding must
# carry; an authorisation claimed for what the user forbade also breaks the prohibition
EXPECTED = {
    "zh": {"drops_negation": (("missing_fact",), "申请先别提交"), "invents_price": (("hallucination",), "800"),
           "drops_hedge": (("uncertainty_lost",), "耳机有质量问题"),
           "claims_consent": (("unbacked_authorisation", "prohibition_violated"), "用户已同意提交申请")},
    "en": {"drops_negation": (("missing_fact",), "Don't submit the claim yet"),
           "invents_price": (("hallucination",), "150"),
           "drops_hedge": (("uncertainty_lost",), "the battery is damaged"),
           "claims_consent": (("unbacked_authorisation", "prohibition_violated"), "The user agreed to submit the claim")},
}
LANGS = ["zh", "en"]
MISTAKES = ["drops_negation", "invents_price", "drops_hedge", "claims_consent"]


def run(server: ScriptedLLM, lang: str, *replies: Reply, **overrides: Any) -> tuple[dict, dict, LLMSummarizer]:
    """Compress the conversation of ``lang`` through the scripted model; also check that the
    history is whole whatever happened."""
    server.script(*replies)
    summarizer = LLMSummarizer(llm_settings(server.url, **overrides))
    result = Compressor(load_settings(BASE), llm=summarizer).compress(CONVERSATIONS[lang],
                                                                      target_chars=TARGET[lang])
    assert_history_whole(lang, result.messages, result.report)
    return result.report, result.messages[1], summarizer


def assert_history_whole(lang: str, messages: list[dict], report: dict) -> None:
    original = CONVERSATIONS[lang]["messages"]
    assert report["action"] == "compact"
    assert messages[0] == original[0]
    summaries = [m for m in messages if m.get("name") == "__squeeze_summary__"]
    assert len(summaries) == 1 and messages[1] is summaries[0] and summaries[0]["content"].strip()
    tail = messages[2:]
    assert tail and tail == original[-len(tail):]
    assert report["chars_after"] <= TARGET[lang]


@pytest.fixture(scope="module")
def extractive() -> dict[str, str]:
    """The extractive summary of each conversation: what every fallback must ship."""
    compressor = Compressor(load_settings(BASE))
    return {lang: compressor.compress(conv, target_chars=TARGET[lang]).messages[1]["content"]
            for lang, conv in CONVERSATIONS.items()}


def checks(attempt: dict) -> set[str]:
    return {f["check"] for f in attempt["findings"]}


@pytest.mark.parametrize("lang", LANGS)
def test_a_faithful_summary_is_accepted(server: ScriptedLLM, lang: str) -> None:
    report, summary, _ = run(server, lang, answer(GOOD[lang]))
    assert report["summary_path"] == "accepted" and report["fallback"] is None
    assert [a["findings"] for a in report["llm_attempts"]] == [[]]
    assert GOOD[lang]["constraints"][1] in summary["content"]
    assert summary["content"].startswith("【此前对话摘要" if lang == "zh" else "[Summary of earlier")
    assert report["summary_chars"] == len(summary["content"])


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("mistake", MISTAKES)
def test_a_mistake_is_retried_with_its_finding_then_accepted(server: ScriptedLLM, lang: str,
                                                              mistake: str) -> None:
    report, summary, _ = run(server, lang, answer(BAD[lang][mistake]), answer(GOOD[lang]))
    named, text = EXPECTED[lang][mistake]
    first, second = report["llm_attempts"]
    assert report["summary_path"] == "retried" and report["fallback"] is None
    assert checks(first) == set(named)
    assert any(text in f["text"] for f in first["findings"]), first["findings"]
    assert second["findings"] == [] and second["target_chars"] < first["target_chars"]
    # the retry sent the answer back with the finding, in the conversation's language
    retry = server.requests[1]["messages"]
    assert retry[-2] == {"role": "assistant", "content": json.dumps(BAD[lang][mistake], ensure_ascii=False)}
    assert text.casefold() in retry[-1]["content"].casefold()
    assert str(second["target_chars"]) in retry[-1]["content"]
    assert GOOD[lang]["objective"] in summary["content"]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("mistake", MISTAKES)
def test_a_mistake_repeated_falls_back_to_the_extractive_summary(server: ScriptedLLM, extractive: dict,
                                                                 lang: str, mistake: str) -> None:
    bad = answer(BAD[lang][mistake])
    report, summary, _ = run(server, lang, bad, bad, bad)
    named, _ = EXPECTED[lang][mistake]
    assert report["summary_path"] == "fallback"
    assert report["fallback"] == f"validation failed after 3 attempt(s): {', '.join(named)}"
    assert [checks(a) for a in report["llm_attempts"]] == [set(named)] * 3
    targets = [a["target_chars"] for a in report["llm_attempts"]]
    assert targets == sorted(targets, reverse=True) and len(set(targets)) == 3
    assert summary["content"] == extractive[lang]


@pytest.mark.parametrize("lang", LANGS)
def test_max_retries_is_configurable(server: ScriptedLLM, extractive: dict, lang: str) -> None:
    report, summary, _ = run(server, lang, answer(BAD[lang]["drops_negation"]), answer(GOOD[lang]),
                             max_retries=0)
    assert report["summary_path"] == "fallback" and len(report["llm_attempts"]) == 1
    assert summary["content"] == extractive[lang]
    assert len(server.requests) == 1


FAILURES = [
    # (name, replies, settings, reason prefix)
    ("timeout", [Reply(content="{}", delay=2.0)], {"timeout_seconds": 0.5}, "timeout: no answer"),
    ("http_500", [Reply(status=500, raw=b'{"error": {"message": "model crashed"}}')], {}, "http_error: HTTP 500"),
    ("truncated", ["length"], {}, "finish_reason: finish_reason 'length'"),
    ("invalid_json", [Reply(raw=b'{"choices": [{"message": ')], {}, "malformed_response: the response body is not JSON"),
    ("no_choices", [Reply(raw=b'{"error": "overloaded"}')], {}, "malformed_response: the response has no choices"),
    ("prose", [Reply(content="Sure! Here is the summary you asked for.")], {}, "malformed_output: the answer holds no JSON object"),
    ("broken_object", [Reply(content='{"objective": "x", "constraints": [')], {}, "malformed_output: the answer holds no JSON"),
    ("empty", [Reply(content="")], {}, "empty_output: the answer is empty"),
    ("empty_sections", [Reply(content='{"objective": "", "constraints": []}')], {}, "empty_output: every section"),
]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize(("name", "replies", "overrides", "reason"), FAILURES, ids=[f[0] for f in FAILURES])
def test_a_failed_call_falls_back_at_once(server: ScriptedLLM, extractive: dict, lang: str, name: str,
                                          replies: list, overrides: dict, reason: str) -> None:
    replies = [answer(GOOD[lang], finish_reason="length") if r == "length" else r for r in replies]
    # a good answer is queued after the failure: a fallback must not retry into it
    report, summary, _ = run(server, lang, *replies, answer(GOOD[lang]), **overrides)
    assert report["summary_path"] == "fallback"
    assert report["fallback"].startswith(reason), report["fallback"]
    assert len(report["llm_attempts"]) == 1 and len(server.requests) == 1
    assert report["llm_attempts"][0]["findings"] == []
    assert summary["content"] == extractive[lang]


@pytest.mark.parametrize("lang", LANGS)
def test_no_server_is_a_connection_fallback(extractive: dict, lang: str) -> None:
    import socket
    with socket.socket() as probe:  # a port nobody listens on
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    summarizer = LLMSummarizer(llm_settings(f"http://127.0.0.1:{port}/v1"))
    result = Compressor(load_settings(BASE), llm=summarizer).compress(CONVERSATIONS[lang], target_chars=TARGET[lang])
    assert_history_whole(lang, result.messages, result.report)
    assert result.report["summary_path"] == "fallback"
    assert result.report["fallback"].startswith("connection_error")
    assert result.messages[1]["content"] == extractive[lang]


@pytest.mark.parametrize("lang", LANGS)
def test_an_answer_over_the_budget_is_retried_shorter(server: ScriptedLLM, lang: str) -> None:
    long = variant(lang, confirmed_facts=GOOD[lang]["confirmed_facts"] * 40)
    report, _, _ = run(server, lang, answer(long), answer(GOOD[lang]))
    first = report["llm_attempts"][0]
    assert report["summary_path"] == "retried" and checks(first) == {"over_budget"}


@pytest.mark.parametrize("lang", LANGS)
def test_the_asyncio_entry_point(server: ScriptedLLM, requests_by_lang: dict, lang: str) -> None:
    summarizer = LLMSummarizer(llm_settings(server.url, timeout_seconds=1.0))
    request = requests_by_lang[lang]
    server.script(answer(BAD[lang]["drops_hedge"]), answer(GOOD[lang]))
    outcome = asyncio.run(summarizer.asummarize(request))
    assert outcome.path == "retried" and checks(outcome.attempts[0]) == {"uncertainty_lost"}
    server.script(Reply(content="{}", delay=2.5))
    outcome = asyncio.run(summarizer.asummarize(request))
    assert outcome.path == "fallback" and outcome.reason.startswith("timeout")
    assert outcome.text == request.extractive


def test_the_request_carries_the_snapshot_and_the_settings(server: ScriptedLLM, monkeypatch) -> None:
    monkeypatch.setenv("SQUEEZE_TEST_KEY", "sk-local-123")
    run(server, "zh", answer(GOOD["zh"]), api_key_env="SQUEEZE_TEST_KEY", max_output_tokens=700,
        temperature=0.2, json_mode=True)
    body = server.requests[0]
    assert body["model"] == "scripted" and body["max_tokens"] == 700 and body["temperature"] == 0.2
    assert body["response_format"] == {"type": "json_object"} and body["stream"] is False
    assert server.headers[0]["Authorization"] == "Bearer sk-local-123"
    system, user = body["messages"]
    assert system["role"] == "system" and "中文" in system["content"] and '"objective"' in system["content"]
    for line in ("- [U4] 未获准：申请先别提交", "- [U10] 我预算500元以内", "[取件时间] 明天下午 → 后天上午",
                 "未获准：申请先别提交", "- [U8] 我觉得可能有质量问题", "[U2] 用户："):
        assert line in user["content"], line


def test_without_a_key_no_authorization_header_is_sent(server: ScriptedLLM) -> None:
    run(server, "en", answer(GOOD["en"]))
    assert "Authorization" not in server.headers[0]
    assert "response_format" not in server.requests[0]
