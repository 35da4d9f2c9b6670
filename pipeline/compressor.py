"""Compressor: parse → plan → run the stages over the prefix → render → messages + report."""

from __future__ import annotations

import time
from concurrent.futures import ThreadPoolExecutor
from datetime import datetime
from typing import Any, Callable, Mapping, Protocol

from .config import Settings, load_settings
from .errors import Warnings
from .merge import merge
from .parse import parse_conversation, text_of
from .policy import plan
from .render import render_summary
from .rulepacks import RulePack, load_rule_pack
from .stages import FactStage, IntentStage, Stage, StageInput, StateStage, run_stage
from .types import (Action, CompressionResult, Conversation, Event, Plan, Snapshot, StageResult,
                    SummaryOutcome, SummaryRequest)

__all__ = ["Compressor", "Summarizer"]


class Summarizer(Protocol):
    """An abstractive summariser (pipeline.llm): never trusted, always able to fall back."""

    def summarize(self, request: SummaryRequest) -> SummaryOutcome: ...


_STAGES: dict[str, Callable[[Settings], Stage]] = {"facts": FactStage, "intents": IntentStage,
                                                   "state": StateStage}


class Compressor:
    """Compress chat histories; load once, call ``compress`` as often as needed.

    >>> Compressor().compress(messages, target_chars=4000).messages  # doctest: +SKIP
    """

    def __init__(self, config: Mapping[str, Any] | Settings | str | None = None, *,
                 counter: Callable[[str], int] | None = None,
                 llm: Summarizer | None = None) -> None:
        if isinstance(config, Settings):
            self.settings = config
        elif isinstance(config, str):
            self.settings = load_settings(file=config)
        else:
            self.settings = load_settings(config)
        self.measure = counter or len
        self.llm = llm
        if llm is None and self.settings["llm.enabled"]:
            from .llm import LLMSummarizer  # httpx and the validator load only when asked for
            self.llm = LLMSummarizer(self.settings, measure=self.measure)
        self.stages: list[Stage] = [_STAGES[name](self.settings) for name in self.settings["stages.enabled"]]
        self._loaded: dict[str, dict[str, Any]] = {}
        # one pool for the life of the compressor: the stages run side by side on every call
        self._pool = ThreadPoolExecutor(max_workers=max(1, len(self.stages)),
                                        thread_name_prefix="squeeze-stage")

    def compress(self, messages: Any, *, target_chars: int | None = None, force: bool = False,
                 now: str | datetime | None = None, lang: str | None = None) -> CompressionResult:
        """Return the history as it should be sent; invalid input raises before any output."""
        started = time.perf_counter()
        conv = parse_conversation(messages, self.settings, now=now, lang=lang, measure=self.measure)
        pack = load_rule_pack(conv.lang)
        decision = plan(conv, self.settings, target=target_chars, force=force)
        if decision.action is Action.COMPACT:
            return self._compact(conv, pack, decision, started)
        out = [self._trimmed(conv.events[i], pack) if i in decision.trimmed else e.message
               for i, e in enumerate(conv.events)]
        out = [dict(m) for m in out]
        snapshot = Snapshot(conv.lang, covered_events=[])
        return self._result(conv, decision, out, snapshot, {}, [], started)

    def _models(self, pack: RulePack) -> dict[str, Any]:
        """The models the stages share, loaded on first use per language, then kept."""
        if pack.lang not in self._loaded:
            models: dict[str, Any] = {}
            from .stages.times import preload
            preload(pack)  # cn2an and dateparser import lazily: pay for it at load, not in a call
            if self.settings["stages.entities"]:
                from .stages.entities import get_recognizer
                models["entities"] = get_recognizer(pack.lang, pack.version, settings=self.settings)
            if "intents" in self.settings["stages.enabled"]:
                from .backends import backend_for, shared_embedder
                import sklearn.cluster  # noqa: F401  (1.3 s of import, paid at load)
                models["embedder"] = shared_embedder(backend_for(pack.lang, self.settings), self.settings)
            self._loaded[pack.lang] = models
        return self._loaded[pack.lang]

    def _trimmed(self, event: Event, pack: RulePack) -> dict[str, Any]:
        note = pack.templates["trimmed"].format(tool=event.tool_name or "tool", event=event.id,
                                               size=event.size)
        message = dict(event.message)
        message["content"] = note
        return message

    def _run_stages(self, data: StageInput) -> tuple[list[StageResult], list[str]]:
        if len(self.stages) == 1:
            outcomes = [run_stage(self.stages[0], data)]
        else:
            outcomes = list(self._pool.map(lambda s: run_stage(s, data), self.stages))
        return [r for r, _ in outcomes], [w for _, w in outcomes if w]

    def _compact(self, conv: Conversation, pack: RulePack, decision: Plan,
                 started: float) -> CompressionResult:
        assert decision.cut is not None
        prefix = conv.events[:decision.cut]
        results, warnings = self._run_stages(StageInput(prefix, pack, self.settings, conv.now,
                                                        self._models(pack)))
        snapshot, items, must = merge(conv, prefix, results, pack, self.settings["summary.fact_gap"])
        rendering = render_summary(prefix, items, must, pack, decision.summary_budget, self.measure,
                                   self.settings["summary.layout_tolerance"])
        if rendering.missing:
            warnings.append(Warnings.W004.format(count=len(rendering.missing),
                                                 budget=decision.summary_budget,
                                                 facts="; ".join(f.text for f in rendering.missing)))
        covered = [e.id for e in prefix if e.role != "system"]
        outcome = SummaryOutcome(rendering.text, "extractive")
        if self.llm is not None:
            outcome = self.llm.summarize(SummaryRequest(
                conv.lang, tuple(prefix), snapshot, tuple(must), rendering.text,
                decision.summary_budget))
            if self.measure(outcome.text) > decision.summary_budget:  # a summariser must fit too
                outcome = SummaryOutcome(rendering.text, "fallback", "over budget", outcome.attempts)
        summary: dict[str, Any] = {"role": self.settings["summary.role"],
                                   "name": self.settings["summary.name"],
                                   "content": outcome.text}
        if self.settings["summary.annotate"]:
            summary["metadata"] = {"squeeze": {"snapshot_version": 1,
                                               "covered": [covered[0], covered[-1]]}}
        out = [dict(e.message) for e in prefix if e.role == "system"] + [summary]
        out += [self._trimmed(e, pack) if e.index in decision.trimmed else dict(e.message)
                for e in conv.events[decision.cut:]]
        snapshot.key_sentences = [{"text": i.text, "section": i.section, "label": i.label}
                                  for i in rendering.kept]
        timings = {r.name: round(r.seconds * 1000, 3) for r in results}
        stages = {r.name: ("failed" if r.error else "ok") for r in results}
        result = self._result(conv, decision, out, snapshot, timings, warnings, started,
                              stages=stages, covered=covered, summary_chars=self.measure(outcome.text))
        result.report["summary_path"] = outcome.path
        result.report["fallback"] = outcome.reason if outcome.path == "fallback" else None
        if outcome.attempts:
            result.report["llm_attempts"] = list(outcome.attempts)
        return result

    def _result(self, conv: Conversation, decision: Plan, out: list[dict[str, Any]],
                snapshot: Snapshot, timings: dict[str, float], warnings: list[str],
                started: float, *, stages: dict[str, str] | None = None,
                covered: list[str] | None = None, summary_chars: int = 0) -> CompressionResult:
        after = sum(self._size(m) for m in out)
        report = {
            "action": decision.action.value,
            "reason": decision.reason,
            "lang": conv.lang,
            "chars_before": conv.size,
            "chars_after": after,
            "target": decision.limit,
            "over_target": decision.limit is not None and after > decision.limit,
            "cut_index": decision.cut,
            "cut_event": conv.events[decision.cut].id if decision.cut is not None else None,
            "covered": [covered[0], covered[-1]] if covered else None,
            "summary_chars": summary_chars,
            "trimmed": [conv.events[i].id for i in decision.trimmed],
            "stages": stages or {},
            "stage_ms": timings,
            "total_ms": round((time.perf_counter() - started) * 1000, 3),
            "warnings": [*conv.warnings, *decision.warnings, *warnings],
            "fallback": None,
            "now": conv.now.isoformat(),
        }
        return CompressionResult(out, snapshot.to_dict(), report)

    def _size(self, message: Mapping[str, Any]) -> int:
        calls = message.get("tool_calls") or []
        return self.measure(text_of(message.get("content"), "output")) + sum(
            self.measure(c["function"]["name"]) + self.measure(
                c["function"].get("arguments") if isinstance(c["function"].get("arguments"), str)
                else str(c["function"].get("arguments", ""))) for c in calls)
