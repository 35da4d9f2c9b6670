"""LLMSummarizer: ask the model, validate, retry with the findings, else fall back.

``summarize(request)`` returns a ``SummaryOutcome`` whose ``path`` is

- ``accepted``: the first answer passed every check;
- ``retried``: a later answer passed (each retry sends the findings back and asks for a
  shorter text: ``llm.retry_shrink`` of the previous target, at most ``llm.max_retries``);
- ``fallback``: the extractive summary is shipped: a timeout, a connection or HTTP error, a
  malformed or empty answer, a finish reason other than normal completion, or findings left
  after the last retry. ``reason`` says which.

``attempts`` lists every attempt: its target, time, finish reason, findings or error. Nothing
here raises: whatever fails, the caller gets the extractive text, so the history is never lost
or half-replaced. ``asummarize`` is the same in asyncio.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import Any

from ..config import Settings
from ..errors import ConfigError, Errors
from ..rulepacks import load_rule_pack
from ..types import SummaryOutcome, SummaryRequest
from .client import ChatClient, Completion, LLMCallError
from .prompt import (
    PromptError,
    build_messages,
    load_prompt_pack,
    parse_answer,
    render_sections,
    retry_messages,
)
from .validator import Evidence, Finding, Similarity, Validator, feedback

__all__ = ["LLMSummarizer"]


class _Run:
    """One request's attempts: what to send next, and what the answers amounted to."""

    def __init__(self, owner: LLMSummarizer, request: SummaryRequest) -> None:
        self.owner, self.request = owner, request
        settings = owner.settings
        self.max_attempts = 1 + settings["llm.max_retries"]
        self.target = max(1, int(request.budget * settings["llm.target_ratio"]))
        self.attempts: list[dict[str, Any]] = []
        self.outcome: SummaryOutcome | None = None
        self.first: list[dict[str, str]] = []
        self.messages: list[dict[str, str]] = []
        self.evidence: Evidence | None = None

    def start(self) -> None:
        request = self.request
        self.prompts = load_prompt_pack(request.lang)
        rules = load_rule_pack(request.lang)
        self.evidence = self.owner.validator.prepare(request)
        self.first = build_messages(request, self.prompts, rules, self.owner.settings, self.target)
        self.messages = self.first

    def failed(self, error: LLMCallError, ms: float) -> None:
        self.attempts.append({"attempt": len(self.attempts) + 1, "target_chars": self.target,
                              "ms": round(ms, 3), "error": error.kind, "detail": error.detail,
                              "findings": []})
        self._fall_back(f"{error.kind}: {error.detail}")

    def answered(self, completion: Completion) -> None:
        assert self.evidence is not None
        row: dict[str, Any] = {"attempt": len(self.attempts) + 1, "target_chars": self.target,
                               "ms": completion.ms, "finish_reason": completion.finish_reason}
        self.attempts.append(row)
        try:
            sections = parse_answer(completion.text)
        except PromptError as exc:
            row.update(error="malformed_output", detail=str(exc), findings=[])
            self._fall_back(f"malformed_output: {exc}")
            return
        if sections.is_empty():
            row.update(error="empty_output", detail="every section is empty", findings=[])
            self._fall_back("empty_output: every section of the answer is empty")
            return
        text = render_sections(sections, self.prompts, self.request.prefix)
        started = time.perf_counter()
        findings = self.owner.validator.check(self.evidence, sections, text)
        size = self.owner.measure(text)
        if size > self.request.budget:
            findings.append(Finding("over_budget", str(size), f"{size} over the budget of {self.request.budget}",
                                    expected=str(self.request.budget)))
        row["validator_ms"] = round((time.perf_counter() - started + self.evidence.seconds) * 1000, 3)
        self.evidence.seconds = 0.0  # the prefix was read once: count it on the first attempt only
        row["summary_chars"] = size
        if "intent_similarity" in self.evidence.extra:
            row["intent_similarity"] = self.evidence.extra["intent_similarity"]
        row["findings"] = [f.to_dict() for f in findings]
        if not findings:
            passed = len(self.attempts)
            if passed == 1:
                self.outcome = SummaryOutcome(text, "accepted", "every check passed on attempt 1",
                                              tuple(self.attempts))
            else:
                failed = "; ".join(f"attempt {r['attempt']}: {_names(r['findings'])}"
                                   for r in self.attempts[:-1])
                self.outcome = SummaryOutcome(text, "retried", f"{failed}; attempt {passed} passed",
                                              tuple(self.attempts))
            return
        if len(self.attempts) >= self.max_attempts:
            self._fall_back(f"validation failed after {len(self.attempts)} attempt(s): {_names(row['findings'])}")
            return
        self.target = max(1, int(self.target * self.owner.settings["llm.retry_shrink"]))
        self.messages = retry_messages(self.first, completion.text, feedback(findings, self.prompts),
                                       self.prompts, self.target)

    def crashed(self, exc: BaseException) -> None:
        self._fall_back(f"error: {type(exc).__name__}: {exc}")

    def _fall_back(self, reason: str) -> None:
        self.outcome = SummaryOutcome(self.request.extractive, "fallback", reason, tuple(self.attempts))


def _names(findings: Sequence[dict[str, Any]]) -> str:
    return ", ".join(dict.fromkeys(f["check"] for f in findings))


class LLMSummarizer:
    """The ``Summarizer`` of ``Compressor(llm=...)`` over an OpenAI-compatible endpoint.

    >>> Compressor(llm=LLMSummarizer(load_settings({"llm.base_url": "http://127.0.0.1:8080/v1",
    ...                                              "llm.model": "qwen2.5-7b-instruct"})))  # doctest: +SKIP

    ``client`` replaces the HTTP client (anything with ``complete``/``acomplete``),
    ``similarity`` the intent similarity (see validator.py), ``measure`` the size counter (the
    Compressor passes its own, so a token budget is checked in tokens).
    """

    def __init__(self, settings: Settings, client: Any = None, *,
                 similarity: Similarity | None = None,
                 measure: Callable[[str], int] = len) -> None:
        self.settings = settings
        for key in ("llm.max_retries", "llm.max_output_tokens"):
            if settings[key] < 0:
                raise ConfigError(Errors.E021, key=key, origin="settings", expected="a count >= 0",
                                  value=settings[key])
        for key in ("llm.target_ratio", "llm.retry_shrink"):
            if not 0.0 < settings[key] <= 1.0:
                raise ConfigError(Errors.E021, key=key, origin="settings", expected="a ratio in (0, 1]",
                                  value=settings[key])
        self.client = client if client is not None else ChatClient(settings)
        self.validator = Validator(settings, similarity)
        self.measure = measure

    def summarize(self, request: SummaryRequest) -> SummaryOutcome:
        run = _Run(self, request)
        try:
            run.start()
            while run.outcome is None:
                started = time.perf_counter()
                try:
                    completion = self.client.complete(run.messages)
                except LLMCallError as error:
                    run.failed(error, (time.perf_counter() - started) * 1000)
                    continue
                run.answered(completion)
        except Exception as exc:  # noqa: BLE001 - whatever fails, the extractive text ships
            run.crashed(exc)
        assert run.outcome is not None
        return run.outcome

    async def asummarize(self, request: SummaryRequest) -> SummaryOutcome:
        run = _Run(self, request)
        try:
            run.start()
            while run.outcome is None:
                started = time.perf_counter()
                try:
                    completion = await self.client.acomplete(run.messages)
                except LLMCallError as error:
                    run.failed(error, (time.perf_counter() - started) * 1000)
                    continue
                run.answered(completion)
        except Exception as exc:  # noqa: BLE001
            run.crashed(exc)
        assert run.outcome is not None
        return run.outcome

    def close(self) -> None:
        close = getattr(self.client, "close", None)
        if callable(close):
            close()
