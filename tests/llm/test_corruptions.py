"""The corruption table (benchmarks/llm_corruptions.py) through the whole path: Compressor →
LLMSummarizer → a chat server on loopback → validator → retry or fallback.

Every corrupted answer must be rejected with the check its row names and sent back with that
finding; repeated, it must end in the extractive summary, never in the corrupted text. Every
faithful answer, including one without the superseded values, must pass on the first attempt.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from llm_scripted import ScriptedLLM, answer

from benchmarks.llm_corruptions import CONVERSATIONS, CORRUPTIONS, FAITHFUL, SETTINGS, TARGET, Corruption
from pipeline import Compressor, load_settings
from pipeline.llm import LLMSummarizer

LANGS = ("zh", "en")


def compress(server: ScriptedLLM, lang: str, *replies: dict[str, Any]) -> tuple[dict, str]:
    server.script(*(answer(r) for r in replies))
    settings = load_settings({**SETTINGS, "llm.base_url": server.url, "llm.model": "scripted",
                              "llm.timeout_seconds": 2.0})
    result = Compressor(settings, llm=LLMSummarizer(settings)).compress(CONVERSATIONS[lang],
                                                                        target_chars=TARGET[lang])
    original = CONVERSATIONS[lang]["messages"]
    assert result.messages[0] == original[0] and result.messages[2:] == original[-1:]  # nothing lost
    return result.report, result.messages[1]["content"]


@pytest.fixture(scope="module")
def extractive() -> dict[str, str]:
    """What ships when the model fails: the summary without any LLM."""
    compressor = Compressor(load_settings(SETTINGS))
    return {lang: compressor.compress(CONVERSATIONS[lang], target_chars=TARGET[lang]).messages[1]["content"]
            for lang in LANGS}


def test_the_table_covers_twenty_kinds_and_every_check_per_language() -> None:
    for lang in LANGS:
        rows = [r for r in CORRUPTIONS if r.lang == lang]
        assert len({r.kind for r in rows}) >= 20
        assert {r.check for r in rows} >= {"missing_fact", "hallucination", "uncertainty_lost",
                                           "unbacked_authorisation", "intent_drift", "stale_value",
                                           "prohibition_violated", "number_role", "wrong_person"}


@pytest.mark.parametrize("row", CORRUPTIONS, ids=[f"{r.lang}-{r.kind}" for r in CORRUPTIONS])
def test_a_corrupted_answer_is_rejected_and_retried_with_its_finding(server: ScriptedLLM, row: Corruption) -> None:
    good = FAITHFUL[row.lang]["verbatim"]
    report, summary = compress(server, row.lang, row.answer, good)
    first, second = report["llm_attempts"]
    assert report["summary_path"] == "retried"
    named = [f for f in first["findings"] if f["check"] == row.check]
    assert named, first["findings"]
    assert second["findings"] == []
    # the retry sends the corrupted answer back with the finding, in the conversation's language
    retry = server.requests[1]["messages"]
    assert json.loads(retry[-2]["content"]) == row.answer
    assert named[0]["text"].casefold() in retry[-1]["content"].casefold()
    assert good["objective"] in summary and all(c in summary for c in good["constraints"])


@pytest.mark.parametrize("row", CORRUPTIONS, ids=[f"{r.lang}-{r.kind}" for r in CORRUPTIONS])
def test_a_corruption_repeated_ships_the_extractive_summary(server: ScriptedLLM, extractive: dict[str, str],
                                                            row: Corruption) -> None:
    report, summary = compress(server, row.lang, row.answer, row.answer, row.answer)
    assert report["summary_path"] == "fallback"
    assert all(row.check in {f["check"] for f in a["findings"]} for a in report["llm_attempts"])
    assert summary == extractive[row.lang]


@pytest.mark.parametrize(("lang", "name"), [(lang, name) for lang in LANGS for name in FAITHFUL[lang]])
def test_a_faithful_answer_is_accepted_on_the_first_attempt(server: ScriptedLLM, lang: str, name: str) -> None:
    report, summary = compress(server, lang, FAITHFUL[lang][name])
    assert report["summary_path"] == "accepted", report["llm_attempts"]
    assert FAITHFUL[lang][name]["objective"] in summary



def test_a_second_table_written_apart_keeps_its_rates() -> None:
    """benchmarks/llm_corruptions_heldout.py was written without reading the validator's word
    lists (other domains: a child's dental check-up, a boss's laptop repair). What it misses
    needs meaning the rules cannot see ("Restore the drive from a factory image" for "do not
    wipe the hard drive"; "Liquid damage confirmed" for a suspected coffee spill) or a change
    the state stage did not read; the rates must not fall below what they are (README)."""
    from benchmarks.llm_validator import corruption_rates

    rates = corruption_rates("llm_corruptions_heldout")
    assert rates["zh"]["caught"] >= 0.9 and rates["en"]["caught"] >= 0.8, rates
    assert all(rates[lang]["faithful_accepted"] >= 0.8 for lang in LANGS), rates
