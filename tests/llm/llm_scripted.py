"""A real chat-completions server on loopback, scripted per test, and two conversations (zh, en)
that hold what an LLM summary tends to lose: a negation ("申请先别提交", "don't submit the claim
yet"), a hedged claim, a budget, an id and a changed slot."""

from __future__ import annotations

import json
import threading
import time
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from pipeline import load_settings
from pipeline.config import Settings
from pipeline.types import SummaryOutcome, SummaryRequest


@dataclass
class Reply:
    """What the server does for one request: an answer, a status, raw bytes, after a delay."""

    content: str | None = None
    finish_reason: str = "stop"
    status: int = 200
    raw: bytes | None = None
    delay: float = 0.0


def answer(content: str | dict[str, Any], finish_reason: str = "stop") -> Reply:
    text = content if isinstance(content, str) else json.dumps(content, ensure_ascii=False)
    return Reply(content=text, finish_reason=finish_reason)


class ScriptedLLM:
    """``POST /v1/chat/completions`` answered from a queue of ``Reply``; requests are kept."""

    def __init__(self) -> None:
        self.replies: list[Reply] = []
        self.requests: list[dict[str, Any]] = []
        self.headers: list[dict[str, str]] = []
        owner = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args: Any) -> None:  # quiet
                pass

            def do_POST(self) -> None:
                body = self.rfile.read(int(self.headers.get("Content-Length", 0)))
                if self.path != "/v1/chat/completions":
                    self._send(404, b'{"error": "not found"}')
                    return
                owner.requests.append(json.loads(body))
                owner.headers.append(dict(self.headers))
                reply = owner.replies.pop(0) if owner.replies else Reply(status=500, raw=b"no scripted reply")
                if reply.delay:
                    time.sleep(reply.delay)
                if reply.raw is not None:
                    self._send(reply.status, reply.raw)
                    return
                payload = {"id": "chatcmpl-test", "object": "chat.completion", "model": "scripted",
                           "choices": [{"index": 0, "finish_reason": reply.finish_reason,
                                        "message": {"role": "assistant", "content": reply.content}}],
                           "usage": {"prompt_tokens": 1, "completion_tokens": 1, "total_tokens": 2}}
                self._send(reply.status, json.dumps(payload, ensure_ascii=False).encode())

            def _send(self, status: int, body: bytes) -> None:
                try:
                    self.send_response(status)
                    self.send_header("Content-Type", "application/json")
                    self.send_header("Content-Length", str(len(body)))
                    self.end_headers()
                    self.wfile.write(body)
                except (BrokenPipeError, ConnectionResetError):
                    pass  # the client gave up (the timeout test)

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server.server_address[1]}/v1"

    def script(self, *replies: Reply) -> None:
        self.replies[:] = list(replies)
        self.requests.clear()
        self.headers.clear()

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


# the intents stage (sentence embeddings) plays no part here; the fact and state stages do
# (the conversations are summarised but for their last message, as the tables were written)
BASE = {"stages.enabled": ["facts", "state"], "policy.fill_target": False}


def llm_settings(url: str, **overrides: Any) -> Settings:
    values = {**BASE, "llm.base_url": url, "llm.model": "scripted", "llm.timeout_seconds": 2.0}
    values.update({f"llm.{k}": v for k, v in overrides.items()})
    return load_settings(values)


_ZH_TOOL = json.dumps({"serial": "GX7K2M9QPL", "warranty": {"expires_on": "2026-10-08", "status": "expired"},
                       "repair_policy": [{"item": "单只耳机更换", "price": 649}, {"item": "电池服务", "price": 399}],
                       "note": "保外维修需到店检测，检测免费。" * 60}, ensure_ascii=False)
_EN_TOOL = json.dumps({"claim_id": "CLM-88213", "policy": "HX-4471", "status": "draft",
                       "covered": [{"item": "water damage", "limit": 1200}, {"item": "theft", "limit": 900}],
                       "note": "Claims are reviewed within 10 business days. " * 25})
_ZH_LAST = ("那我还是到店吧。我在浦东张江这边上班，平时工作日都比较忙，只有午休和下班以后有一点时间，"
            "你帮我找找附近的门店，最好是地铁站旁边、走过去十分钟以内的那种，营业时间晚一点的更好，"
            "周末也开门的话就最好了。另外我想确认一下到店检测需要带什么东西，发票要不要带，"
            "包装盒还在不在有没有影响，充电盒要不要一起带过去，麻烦你一次性告诉我，谢谢你。")
_EN_LAST = ("Okay, one more thing before we go on. I work long shifts at the hospital this week, so I can "
            "only look at things in the evening. Could you list which documents I need to upload for "
            "the claim, whether a repair estimate from any shop is fine or it has to be an authorised "
            "one, and whether photos from my phone are good enough, or do they want the originals? "
            "Thanks a lot for your patience with all of this.")

CONVERSATIONS: dict[str, dict[str, Any]] = {
    "zh": {"lang": "zh", "now": "2026-11-30T10:00:00+08:00", "timezone": "Asia/Shanghai", "messages": [
        {"role": "system", "content": "你是售后助手，未经用户明确同意不得提交任何申请。"},
        {"role": "user", "content": "你好，我的AirPods Pro左耳有杂音，想问问怎么修。"},
        {"role": "assistant", "content": "您好，麻烦提供一下序列号。"},
        {"role": "user", "content": "序列号是GX7K2M9QPL。我只是先问问，申请先别提交。"},
        {"role": "assistant", "content": "", "tool_calls": [{"id": "call_1", "type": "function", "function": {
            "name": "lookup_warranty", "arguments": "{\"serial\": \"GX7K2M9QPL\"}"}}]},
        {"role": "tool", "tool_call_id": "call_1", "content": _ZH_TOOL},
        {"role": "assistant", "content": "查到了，已经过保，单只耳机更换649元。"},
        {"role": "user", "content": "我觉得可能有质量问题，才用了一年多就这样。"},
        {"role": "assistant", "content": "理解，可以到店检测，检测免费。"},
        {"role": "user", "content": "我预算500元以内，不要寄顺丰到付。"},
        {"role": "assistant", "content": "好的，记下了。"},
        {"role": "user", "content": "取件时间定在明天下午。"},
        {"role": "assistant", "content": "好的，明天下午。"},
        {"role": "user", "content": "取件时间改成后天上午吧。"},
        {"role": "assistant", "content": "已改为后天上午。"},
        {"role": "user", "content": _ZH_LAST}]},
    "en": {"lang": "en", "now": "2026-11-30T10:00:00-05:00", "timezone": "America/New_York", "messages": [
        {"role": "system", "content": "You are an insurance claims assistant. Never submit anything without the user's explicit go-ahead."},
        {"role": "user", "content": "Hi, my phone got wet at the beach and now the screen flickers. I want to file a claim."},
        {"role": "assistant", "content": "Sorry to hear that. What is your policy number?"},
        {"role": "user", "content": "Policy number is HX-4471. Don't submit the claim yet, I'm only asking for now."},
        {"role": "assistant", "content": "", "tool_calls": [{"id": "call_1", "type": "function", "function": {
            "name": "open_claim_draft", "arguments": "{\"policy\": \"HX-4471\"}"}}]},
        {"role": "tool", "tool_call_id": "call_1", "content": _EN_TOOL},
        {"role": "assistant", "content": "I opened a draft claim CLM-88213. Water damage is covered up to $1,200."},
        {"role": "user", "content": "I think the battery might be damaged too, it drains really fast."},
        {"role": "assistant", "content": "Noted, the repair shop can check the battery."},
        {"role": "user", "content": "The repair must cost no more than $300 out of pocket, and please don't call me, email only."},
        {"role": "assistant", "content": "Understood, email only."},
        {"role": "user", "content": "Schedule the pickup for tomorrow afternoon."},
        {"role": "assistant", "content": "Pickup tomorrow afternoon."},
        {"role": "user", "content": "Actually, change the pickup to Friday morning."},
        {"role": "assistant", "content": "Pickup moved to Friday morning."},
        {"role": "user", "content": _EN_LAST}]},
}
TARGET = {"zh": 780, "en": 1500}

# what a faithful model writes: the user's words for every constraint, hedges kept, no grant
GOOD: dict[str, dict[str, Any]] = {
    "zh": {"objective": "AirPods Pro左耳有杂音，想问问怎么修",
           "constraints": ["序列号是GX7K2M9QPL", "我只是先问问，申请先别提交", "我预算500元以内，不要寄顺丰到付"],
           "confirmed_facts": ["已经过保，单只耳机更换649元，到店检测免费"],
           "user_claims": ["我觉得可能有质量问题，才用了一年多就这样"],
           "decisions": ["取件时间：明天下午 → 后天上午"],
           "open_items": ["未获准：申请先别提交"]},
    "en": {"objective": "My phone got wet and the screen flickers; I want to file a claim",
           "constraints": ["Policy number is HX-4471", "Don't submit the claim yet, I'm only asking for now",
                           "The repair must cost no more than $300 out of pocket",
                           "please don't call me, email only"],
           "confirmed_facts": ["Draft claim CLM-88213 opened; water damage is covered up to $1,200"],
           "user_claims": ["I think the battery might be damaged too, it drains really fast"],
           "decisions": ["pickup: tomorrow afternoon → Friday morning"],
           "open_items": ["Submitting the claim: not authorised yet"]},
}


class Capture:
    """A summariser that keeps the request and ships the extractive text."""

    def __init__(self) -> None:
        self.request: SummaryRequest | None = None

    def summarize(self, request: SummaryRequest) -> SummaryOutcome:
        self.request = request
        return SummaryOutcome(request.extractive, "extractive")


