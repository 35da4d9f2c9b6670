"""The rule-only compressor: the design's first scheme, a peer with no models and no state.

Over the history before the current turn it drops greetings, repeated confirmations and
fillers, and keeps the clauses that hold a number, a negation or a lexicon term; everything
else goes. Word lists come from the project's rule packs (``rules/<lang>.toml`` and
``rules/lexicons/``): the clause splitter, the filler words (a clause made only of them is a
greeting or a confirmation), the negation cues and their exceptions ("no problem"), the fact
patterns (money, times, quantities, ids) and the domain lexicon terms. Tool results and tool
calls are dropped whole (their numbers are the tool's, not the user's).

The output is the system messages, one ``user`` message listing the kept clauses in their
original order, and the current turn (from the last user message on) verbatim. When the kept
clauses do not fit the budget, the strongest go in first (a user's clause before an
assistant's; a negation, then a number, then a lexicon term; newer before older).

    from benchmarks.rule_only import RuleOnly
    RuleOnly()(messages, target_chars=4000, lang="en")   # -> a list of OpenAI chat messages
"""

from __future__ import annotations

import re
from typing import Any

from pipeline.rulepacks import RulePack, load_rule_pack

__all__ = ["RuleOnly", "SUMMARY_NAME", "message_chars"]

SUMMARY_NAME = "__rule_only_summary__"
_DIGIT = re.compile(r"\d")
_CJK = re.compile(r"[\u3400-\u9fff]")
_LETTER = re.compile(r"[^\W\d_]")


def _content(message: dict[str, Any]) -> str:
    content = message.get("content")
    if isinstance(content, list):
        return " ".join(p.get("text", "") for p in content if isinstance(p, dict))
    return content or ""


def message_chars(message: dict[str, Any]) -> int:
    """Characters of a message as the project counts them: content plus tool-call name and
    arguments (the benchmark's one measure for every system)."""
    size = len(_content(message))
    for call in message.get("tool_calls") or []:
        function = call.get("function") or {}
        arguments = function.get("arguments", "")
        size += len(function.get("name", "")) + len(arguments if isinstance(arguments, str) else str(arguments))
    return size


def detect_lang(messages: list[dict[str, Any]]) -> str:
    text = "".join(_content(m) for m in messages if m.get("role") == "user")
    letters = len(_LETTER.findall(text))
    return "zh" if letters and len(_CJK.findall(text)) / letters >= 0.3 else "en"


class RuleOnly:
    """``rule_only(messages, target_chars, lang)`` -> compressed messages (see the module doc)."""

    def __call__(self, messages: list[dict[str, Any]], target_chars: int,
                 lang: str | None = None) -> list[dict[str, Any]]:
        pack = load_rule_pack(lang or detect_lang(messages))
        users = [i for i, m in enumerate(messages) if m.get("role") == "user"]
        start = users[-1] if users else len(messages)
        systems = [dict(m) for m in messages[:start] if m.get("role") == "system"]
        tail = [dict(m) for m in messages[start:]]
        room = target_chars - sum(message_chars(m) for m in systems + tail)
        units = self.clauses(messages[:start], pack)
        chosen = self._fit(units, room)
        out = systems
        if chosen:
            out = out + [{"role": "user", "name": SUMMARY_NAME,
                          "content": "\n".join(units[i][2] for i in sorted(chosen))}]
        return out + tail

    def clauses(self, messages: list[dict[str, Any]], pack: RulePack) -> list[tuple[int, int, str]]:
        """``(priority, position, clause)`` of every clause worth keeping, in order."""
        seen: set[str] = set()
        found: list[tuple[int, int, str]] = []
        for message in messages:
            role = message.get("role")
            if role not in ("user", "assistant") or message.get("tool_calls"):
                continue
            for clause in pack.clause_split.split(_content(message)):
                clause = clause.strip(" \t\n,，、")
                if not clause or pack.filler.covers(clause):
                    continue  # greetings, thanks, confirmations, fillers
                key = re.sub(r"\W+", "", clause.casefold())
                if key in seen:
                    continue  # said before: a repeated confirmation or a repeat
                priority = self.priority(clause, pack)
                if priority:
                    seen.add(key)
                    found.append((priority + (4 if role == "user" else 0), len(found), clause))
        return found

    @staticmethod
    def priority(clause: str, pack: RulePack) -> int:
        """3 for a negation, 2 for a number (or a money, time, quantity or id pattern), 1 for
        a lexicon term, 0 for none: the clause is dropped."""
        negations = [h for h in pack.negation.finditer(clause)
                     if not any(e.start() <= h.start() < e.end()
                                for e in pack.negation_exception.finditer(clause))]
        if negations:
            return 3
        if _DIGIT.search(clause) or any(p.search(clause) for kind in ("money", "time", "quantity", "id")
                                        for p in pack.patterns.get(kind, ())):
            return 2
        return 1 if pack.lexicon.search(clause) else 0

    @staticmethod
    def _fit(units: list[tuple[int, int, str]], room: int) -> set[int]:
        chosen: set[int] = set()
        used = 0
        for _priority, position, clause in sorted(units, key=lambda u: (-u[0], -u[1])):
            cost = len(clause) + (1 if chosen else 0)  # the newline joining it
            if used + cost <= room:
                chosen.add(position)
                used += cost
        return chosen
