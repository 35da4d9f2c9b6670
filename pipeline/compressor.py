"""Compressor: parse → plan → run the stages over the prefix → render → messages + report."""

from __future__ import annotations

import asyncio
import gc
import threading
import time
from dataclasses import dataclass, replace
from datetime import datetime
from typing import Any, Callable, Iterable, Mapping, Protocol, Sequence

from .attachments import AttachmentReader
from .config import Settings, load_settings
from .errors import Errors, InputError, Warnings
from .merge import RunGap, merge
from .parse import event_chars, message_size, parse_conversation
from .policy import plan, wider_cuts, widen
from .render import Rendering, dropped_items, render_summary
from .rulepacks import RulePack, available_langs, load_rule_pack
from .stages import FactStage, IntentStage, Stage, StageInput, StateStage, start_stage
from .stages.base import Memo
from .types import (Action, CarriedState, CompressionResult, Conversation, Event, Fact, Plan,
                    PrefixSummary, Snapshot, StageResult, SummaryItem, SummaryOutcome, SummaryRequest, Trace)
from .units import counter_for

__all__ = ["Compressor", "Summarizer"]


class Summarizer(Protocol):
    """An abstractive summariser (pipeline.llm): never trusted, always able to fall back."""

    def summarize(self, request: SummaryRequest) -> SummaryOutcome: ...


_STAGES: dict[str, Callable[[Settings], Stage]] = {"facts": FactStage, "intents": IntentStage,
                                                   "state": StateStage}


def _event_of(item: SummaryItem) -> str:
    """The message an item was said in: its label, else the first span it quotes or restates."""
    spans = [*item.refs, *(f.span for f in item.facts)]
    return item.label.split()[0] if item.label else spans[0].event_id if spans else ""


@dataclass(frozen=True)
class _Read:
    """A prefix read by the stages and rendered: everything but a model's summary (the cut is
    settled on this, so a model is asked once)."""

    budget: int
    prefix: tuple[Event, ...]
    results: tuple[StageResult, ...]
    warnings: tuple[str, ...]
    snapshot: Snapshot
    items: tuple[SummaryItem, ...]
    must: tuple[Fact, ...]
    rendering: Rendering


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
        self.unit = "custom" if counter else self.settings["policy.unit"]
        self.measure = counter or counter_for(self.unit)
        self.attachments = AttachmentReader(self.settings)
        self.llm = llm
        if llm is None and self.settings["llm.enabled"]:
            from .llm import LLMSummarizer  # httpx and the validator load only when asked for
            self.llm = LLMSummarizer(self.settings, measure=self.measure)
        self.stages: list[Stage] = [_STAGES[name](self.settings) for name in self.settings["stages.enabled"]]
        self._items = Memo(self.settings["stages.reuse_size"])   # the merge's clause items, for a growing history
        self._loaded: dict[str, dict[str, Any]] = {}
        self._loading: dict[str, threading.Lock] = {}   # one per language: a first call loads it once
        self._loading_lock = threading.Lock()

    def compress(self, messages: Any, *, target_chars: int | None = None, force: bool = False,
                 now: str | datetime | None = None, lang: str | None = None) -> CompressionResult:
        """Return the history as it should be sent; invalid input raises before any output."""
        started = time.perf_counter()
        if target_chars is not None and (not isinstance(target_chars, int)
                                         or isinstance(target_chars, bool) or target_chars <= 0):
            raise InputError(Errors.E011, where="request", field="target_chars", value=target_chars,
                             detail="expected a positive integer")
        conv = parse_conversation(messages, self.settings, now=now, lang=lang, measure=self.measure)
        pack = load_rule_pack(conv.lang)
        decision = plan(conv, self.settings, target=target_chars, force=force)
        if decision.action is Action.COMPACT:
            return self._compact(conv, pack, decision, started)
        out = [self.trimmed(conv.events[i], pack) if i in decision.trimmed else e.message
               for i, e in enumerate(conv.events)]
        out = [dict(m) for m in out]
        snapshot = Snapshot(conv.lang, covered_events=[])
        return self.assemble(conv, decision, out, snapshot.to_dict(), {}, [], started)

    async def acompress(self, messages: Any, **options: Any) -> CompressionResult:
        """``compress`` for async code: the CPU work runs in a worker thread, so the event loop
        keeps serving while it runs (the same Compressor is safe to share between threads)."""
        return await asyncio.to_thread(self.compress, messages, **options)

    def warmup(self, langs: Iterable[str] | None = None) -> dict[str, float]:
        """Load each language's models and compress a tiny conversation in it
        (``service.warmup_<lang>``), so that no caller pays for the loading; seconds per language.
        Default: every language with a warm-up text. A one-shot call needs none of this: the
        first compression loads what its language needs, and only that. One language after the
        other: loading holds the GIL, and side by side measured no faster (8.4 s vs 8.4 s)."""
        values = self.settings.values
        wanted = list(langs) if langs is not None else [
            key.removeprefix("service.warmup_") for key, text in values.items()
            if key.startswith("service.warmup_") and text]
        unknown = sorted(set(wanted) - set(available_langs()))
        if unknown:
            raise InputError(Errors.E011, where="warmup", field="lang", value=unknown[0],
                             detail=f"no rule pack; available: {', '.join(available_langs())}")
        seconds: dict[str, float] = {}
        for lang in dict.fromkeys(wanted):
            started = time.perf_counter()
            self._models(load_rule_pack(lang))
            text = values.get(f"service.warmup_{lang}")
            if text:
                turns = [{"role": "user", "content": text}, {"role": "assistant", "content": text},
                         {"role": "user", "content": text}]
                self.compress(turns, target_chars=1, lang=lang, now="2026-01-01T09:00:00+00:00")
            seconds[lang] = round(time.perf_counter() - started, 3)
        return seconds

    def settle(self) -> None:
        """Between calls, in a process that does nothing but compress (a service worker): collect
        what the last call left and freeze what stays, the models and the caches a warm process
        holds (100,000+ objects), so that no full collection walks them during a call (25–53 ms
        each, measured in the realistic benchmark). ``compress`` never does this itself: in a
        process running other work, freezing would keep that work's cycles forever."""
        if self.settings["models.freeze_gc"]:
            gc.collect()
            gc.freeze()

    def _models(self, pack: RulePack) -> dict[str, Any]:
        """The models the stages share, loaded on first use per language, then kept."""
        if pack.lang in self._loaded:
            return self._loaded[pack.lang]
        with self._loading_lock:
            lock = self._loading.setdefault(pack.lang, threading.Lock())
        with lock:   # two first calls in one language load it once
            return self._load_models(pack)

    def _load_models(self, pack: RulePack) -> dict[str, Any]:
        if pack.lang not in self._loaded:
            models: dict[str, Any] = {}
            if "intents" in self.settings["stages.enabled"]:
                # first: in a child process (intents.process) it loads while this one goes on
                from .backends import backend_for, shared_embedder
                models["embedder"] = shared_embedder(backend_for(pack.lang, self.settings), self.settings)
            if self.settings["stages.entities"]:
                from .stages.entities import ApartRecognizer, get_recognizer
                embedder = models.get("embedder")
                if pack.lang in self.settings["models.ner_apart"] and hasattr(embedder, "begin_entities"):
                    # asked for now: the child builds it while this process loads the rest
                    models["entities"] = ApartRecognizer(embedder, pack.lang, pack.version, self.settings)
                else:
                    models["entities"] = get_recognizer(pack.lang, pack.version, settings=self.settings)
            from .stages.times import preload
            preload(pack)  # cn2an and dateparser import lazily: pay for it at load, not in a call
            for model in models.values():   # what loads in the embedding process: wait, or raise
                getattr(model, "ready", lambda: None)()
            if self.settings["models.freeze_gc"]:
                # the models' objects live as long as the process: out of every full collection,
                # which otherwise walks them all on some call (22-179 ms each, measured)
                gc.collect()
                gc.freeze()
            self._loaded[pack.lang] = models
        return self._loaded[pack.lang]

    def _run_stages(self, data: StageInput, carried: CarriedState | None
                    ) -> tuple[list[StageResult], list[str]]:
        """Stages with work in another process (``start``: the named entities, then the
        embedding) send their requests first, in stage order, which is the order the child
        answers them; the others run here, one after the other, in this thread; then the started
        ones finish here, in stage order. A thread of their own would not run them side by side:
        they hold the interpreter lock, and taking turns cost up to its 5 ms switch interval
        each time (measured: no faster than in turn at p50, slower at p95); a thread sending
        the embedding request got the lock 5.5 ms into the fact stage. The answers are read in
        this thread too, so no call waits on a thread another call holds."""
        started = {s.name: self._start_one(s, data, carried) for s in self.stages if hasattr(s, "start")}
        try:
            here = {s.name: self._start_one(s, data, carried)() for s in self.stages if s.name not in started}
        finally:   # a request sent is always answered: the child answers in order, whoever reads
            answers = {name: finish() for name, finish in started.items()}
        outcomes = [here[s.name] if s.name in here else answers[s.name] for s in self.stages]
        return [r for r, _ in outcomes], [w for _, w in outcomes if w]

    @staticmethod
    def _start_one(stage: Stage, data: StageInput, carried: CarriedState | None
                   ) -> Callable[[], tuple[StageResult, str | None]]:
        """Start ``stage`` (:func:`start_stage`). A stage that reads events one by one reads only
        the events the carried state does not hold; the others (they link turns) read the whole
        prefix again."""
        before = next((r for r in carried.results if r.name == stage.name and not r.error),
                      None) if carried else None
        if before is None or not stage.per_event:
            return start_stage(stage, data)
        fresh = [e for e in data.prefix if e.id not in carried.events]  # type: ignore[union-attr]
        finish = start_stage(stage, replace(data, prefix=fresh))

        def combined() -> tuple[StageResult, str | None]:
            result, warning = finish()
            if result.error:
                return result, warning
            return replace(result, facts=before.facts + result.facts,
                           clauses=before.clauses + result.clauses), warning
        return combined

    def summarize_prefix(self, conv: Conversation, cut: int, budget: int, *,
                         carried: CarriedState | None = None) -> PrefixSummary:
        """Compact ``conv.events[:cut]`` into one text of at most ``budget``; with ``carried``,
        the per-event results of the events it holds are reused, not recomputed."""
        return self._write(conv, self._read(conv, cut, budget, carried))

    def _read(self, conv: Conversation, cut: int, budget: int, carried: CarriedState | None = None,
              marks: Sequence[int] = ()) -> _Read:
        """The stages over the prefix, merged and rendered: all but a model's summary."""
        pack = load_rule_pack(conv.lang)
        prefix, read_warnings = self.attachments.read_prefix(conv, cut)
        results, warnings = self._run_stages(StageInput(prefix, pack, self.settings, conv.now,
                                                        self._models(pack), conv.events[cut:], marks), carried)
        warnings = read_warnings + warnings
        snapshot, items, must = merge(conv, prefix, results, pack, RunGap(
            self.settings["summary.fact_gap"], self.settings["summary.fact_gap_words"], pack.spaced), self._items)
        rendering = render_summary(prefix, items, must, pack, budget, self.measure,
                                   self.settings["summary.layout_tolerance"])
        if rendering.missing:
            warnings.append(Warnings.W004.format(count=len(rendering.missing), budget=budget, unit=self.unit,
                                                 facts="; ".join(f.text for f in rendering.missing)))
        return _Read(budget, tuple(prefix), tuple(results), tuple(warnings), snapshot, tuple(items), tuple(must),
                     rendering)

    def _write(self, conv: Conversation, read: _Read) -> PrefixSummary:
        """The summary sent: the extractive text, or a model's that passed validation."""
        outcome = SummaryOutcome(read.rendering.text, "extractive")
        if self.llm is not None:
            outcome = self.llm.summarize(SummaryRequest(
                conv.lang, read.prefix, read.snapshot, read.must, read.rendering.text, read.budget, read.items,
                # (changes said after the prefix too: the newest value may be one the kept messages set)
                tuple(t for r in read.results for t in (*r.transitions, *r.later))))
            if self.measure(outcome.text) > read.budget:  # a summariser must fit too
                outcome = SummaryOutcome(read.rendering.text, "fallback", "over budget", outcome.attempts)
        snapshot = read.snapshot
        snapshot.key_sentences = [{"text": i.text, "section": i.section, "label": i.label}
                                  for i in read.rendering.kept]
        return PrefixSummary(
            outcome.text, snapshot, read.results, tuple(e.id for e in read.prefix if e.role != "system"),
            outcome.path, outcome.reason, tuple(outcome.attempts), read.warnings,
            {r.name: round(r.seconds * 1000, 3) for r in read.results},
            {r.name: ("failed" if r.error else "ok") for r in read.results},
            read.items, read.rendering.kept, read.prefix)

    @staticmethod
    def _lost(lang: str, items: Sequence[SummaryItem], kept: Sequence[SummaryItem]) -> tuple[list[SummaryItem], int]:
        """The items a text could not hold above the ladder's last level (context), and how many
        of that level."""
        context = load_rule_pack(lang).ladder[-1]
        dropped = dropped_items(items, kept)
        lost = [i for i in dropped if i.level != context]
        return lost, len(dropped) - len(lost)

    @staticmethod
    def _dropped(summary: PrefixSummary) -> dict[str, Any]:
        """What the summary could not hold, above the ladder's last level (context, counted):
        each with its level and where it was said; the snapshot still holds their facts."""
        if summary.path not in ("extractive", "fallback"):
            return {}   # a model wrote the text: the renderer's choice is not what was sent
        lost, context = Compressor._lost(summary.snapshot.lang, summary.items, summary.kept)
        return {"dropped": [{"level": i.level, "section": i.section, "event": _event_of(i), "text": i.text}
                            for i in sorted(lost, key=lambda i: i.order)],
                "dropped_context": context}

    def summary_message(self, text: str, covered: Sequence[str], version: int = 1) -> dict[str, Any]:
        """The one message that stands for the prefix (DESIGN §2)."""
        message: dict[str, Any] = {"role": self.settings["summary.role"],
                                   "name": self.settings["summary.name"], "content": text}
        if self.settings["summary.annotate"]:
            message["metadata"] = {"squeeze": {"snapshot_version": version,
                                               "covered": [covered[0], covered[-1]]}}
        return message

    def producers(self, lang: str) -> dict[str, str]:
        """What a stored state depends on: a state made by other rules or models is not reused."""
        from .backends import backend_for
        return {"rules": f"{lang} {load_rule_pack(lang).version}",
                "entities": (self.settings.values.get(f"models.spacy_{lang}") or "default")
                if self.settings["stages.entities"] else "off",
                "embedder": backend_for(lang, self.settings),
                "stages": ",".join(self.settings["stages.enabled"]),
                "attachments": self.attachments.producer()}

    def trimmed(self, event: Event, pack: RulePack) -> dict[str, Any]:
        """An old tool result replaced by a note naming the tool, the event and its size."""
        note = pack.templates["trimmed"].format(tool=event.tool_name or "tool", event=event.id,
                                               size=event_chars(event, self.measure))
        message = dict(event.message)
        message["content"] = note
        return message

    def _compact(self, conv: Conversation, pack: RulePack, decision: Plan,
                 started: float) -> CompressionResult:
        assert decision.cut is not None
        read = self._read(conv, decision.cut, decision.summary_budget, marks=wider_cuts(conv, decision))
        wider = widen(conv, decision, self.measure(read.rendering.text))
        spent = read.results
        if wider is not None:
            assert wider.cut is not None
            again = self._read(conv, wider.cut, wider.summary_budget)
            spent += again.results
            # the older turns, summarised again, may not lose more than the longer tail gives back
            if len(self._lost(conv.lang, again.items, again.rendering.kept)[0]) <= len(
                    self._lost(conv.lang, read.items, read.rendering.kept)[0]):
                decision, read = wider, again
        summary = self._write(conv, read)
        if len(spent) > len(read.results):   # (the stages' time is both readings')
            summary = replace(summary, timings={r.name: round(sum(s.seconds for s in spent if s.name == r.name) * 1000, 3)
                                                for r in read.results})
        conv = summary.read(conv)
        out = [dict(e.message) for e in conv.events[:decision.cut] if e.role == "system"]
        at = len(out)
        out.append(self.summary_message(summary.text, summary.covered))
        out += [self.trimmed(e, pack) if e.index in decision.trimmed else dict(e.message)
                for e in conv.events[decision.cut:]]
        result = self.assemble(conv, decision, out, summary.snapshot.to_dict(), summary.timings,
                              list(summary.warnings), started, stages=summary.stages,
                              covered=list(summary.covered),
                              summary_chars=len(summary.text), summary=summary,
                              summary_index=at)
        return result

    def assemble(self, conv: Conversation, decision: Plan, out: list[dict[str, Any]],
                 snapshot: dict[str, Any], timings: dict[str, float], warnings: list[str],
                 started: float, *, stages: dict[str, str] | None = None,
                 covered: list[str] | None = None, summary_chars: int = 0,
                 summary: PrefixSummary | None = None,
                 summary_index: int | None = None) -> CompressionResult:
        """The result of one call: the messages to send, the snapshot and the report."""
        sizes = tuple(message_size(m, self.measure) for m in out)
        after = sum(sizes)
        report = {
            "action": decision.action.value,
            "reason": decision.reason,
            "lang": conv.lang,
            "unit": self.unit,
            "size_before": conv.size,      # in the unit: what budgets and the target count
            "size_after": after,
            "chars_before": sum(event_chars(e, self.measure) for e in conv.events),
            "chars_after": after if self.measure is len else sum(message_size(m) for m in out),
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
        if summary is not None:
            report["summary_path"] = summary.path
            report["fallback"] = summary.reason if summary.path == "fallback" else None
            if summary.attempts:
                report["llm_attempts"] = list(summary.attempts)
            report.update(self._dropped(summary))
        return CompressionResult(out, snapshot, report, Trace(conv, decision, sizes, summary,
                                                                 summary_index))

