"""A table of corrupted and faithful LLM answers for two conversations (zh, en), written for the
validator (issue: "a validator that catches what a bad summary really does").

Each conversation holds what a model summary tends to get wrong: two prohibitions with their
objects ("千万别提交退货申请", "don't call me"), a budget next to other prices, an id, a hedged
claim, who the request is for ("给我爸妈用的，不是我自己用", "for my parents, not for me"), and
two changed values (a phone number or an e-mail, a pickup time). ``FAITHFUL`` holds answers a
careful model writes (verbatim, reworded, terse, and without the superseded values);
``CORRUPTIONS`` rows change one thing each and name the check that must reject it. The table
is read by ``tests/llm/test_corruptions.py`` (through a loopback chat server) and by
``benchmarks/llm_validator.py`` (rates and cost).
"""

from __future__ import annotations

import copy
import json
from dataclasses import dataclass
from typing import Any

__all__ = ["CONVERSATIONS", "CORRUPTIONS", "FAITHFUL", "SETTINGS", "TARGET", "Corruption", "answer_text"]

_ZH_TOOL = json.dumps({"order_id": "A20931", "product": "静音破壁机 X7", "price": 899, "paid": 899,
    "delivered": "2026-11-22", "return_policy": {"window_days": 7, "condition": "不影响二次销售"},
    "upgrade_offer": {"product": "破壁机 X9 Pro", "price": 1299},
    "note": "退货需在签收后7天内申请，上门取件免费。" * 150}, ensure_ascii=False)
_ZH = {"lang": "zh", "now": "2026-11-30T10:00:00+08:00", "timezone": "Asia/Shanghai", "messages": [
  {"role": "system", "content": "你是电商售后助手，未经用户明确同意不得提交任何申请。"},
  {"role": "user", "content": "你好，我上周买的破壁机想退货，订单号A20931。这台是买给我爸妈用的，不是我自己用。"},
  {"role": "assistant", "content": "好的，我先查一下订单。"},
  {"role": "assistant", "content": "", "tool_calls": [{"id": "call_1", "type": "function", "function": {
      "name": "lookup_order", "arguments": "{\"order_id\": \"A20931\"}"}}]},
  {"role": "tool", "tool_call_id": "call_1", "content": _ZH_TOOL},
  {"role": "assistant", "content": "查到了，静音破壁机 X7，实付899元，签收后7天内可以退。也可以换成X9 Pro，价格1299元。请问是什么问题？"},
  {"role": "user", "content": "我觉得可能有质量问题，用了三次就有焦味，不过也可能是我爸操作不当。"},
  {"role": "assistant", "content": "明白。要不要我现在帮您提交退货申请？"},
  {"role": "user", "content": "千万别提交退货申请，我要先跟我爸妈商量一下。"},
  {"role": "assistant", "content": "好的，不提交。换货的话需要补差价400元。"},
  {"role": "user", "content": "换货的话差价我最多补300元。还有，不要打电话给我，发短信就行。"},
  {"role": "assistant", "content": "好的，只发短信。联系电话是哪个？"},
  {"role": "user", "content": "手机号13800138000。"},
  {"role": "assistant", "content": "好的，13800138000。"},
  {"role": "user", "content": "手机号说错了，是13912345678。"},
  {"role": "assistant", "content": "好的，已更新为13912345678。上门取件时间定在什么时候？"},
  {"role": "user", "content": "上门取件时间定在明天下午。"},
  {"role": "assistant", "content": "好的，明天下午。"},
  {"role": "user", "content": "取件时间改成后天上午吧，明天我不在家。"},
  {"role": "assistant", "content": "已改为后天上午。"},
  {"role": "user", "content": "那你先帮我看看换货和退货各要多久到账、多久发货，我晚上跟爸妈商量完再告诉你，顺便问下包装盒丢了还能不能退，发票要不要一起寄回去，谢谢。"}]}

_EN_TOOL = json.dumps({"quote_id": "Q-77120", "travellers": 2, "trip": {"destination": "Lisbon", "depart": "2027-03-05"},
    "plans": [{"name": "Basic", "per_person": 139, "total": 278}, {"name": "Plus", "per_person": 206, "total": 412}],
    "membership": {"tier": "Plus", "renews": "2027-01-15", "annual_fee": 89},
    "note": "Pre-existing conditions must be declared. " * 90})
_EN = {"lang": "en", "now": "2026-11-30T10:00:00-05:00", "timezone": "America/New_York", "messages": [
  {"role": "system", "content": "You are a travel insurance assistant. Never buy, cancel or change anything without the user's explicit go-ahead."},
  {"role": "user", "content": "Hi, I need travel insurance for my parents, not for me. They fly to Lisbon on March 5th."},
  {"role": "assistant", "content": "Happy to help. Let me pull up quotes for two travellers."},
  {"role": "assistant", "content": "", "tool_calls": [{"id": "call_1", "type": "function", "function": {
      "name": "get_quote", "arguments": "{\"travellers\": 2, \"destination\": \"Lisbon\"}"}}]},
  {"role": "tool", "tool_call_id": "call_1", "content": _EN_TOOL},
  {"role": "assistant", "content": "Quote Q-77120: Basic is $278 for both, Plus is $412 for both. Your Plus membership renews on January 15 for $89."},
  {"role": "user", "content": "Keep it under $300 total for both of them."},
  {"role": "assistant", "content": "Then Basic fits. Shall I cancel the Plus membership so it doesn't renew?"},
  {"role": "user", "content": "Don't cancel my Plus membership yet, I'm still deciding."},
  {"role": "user", "content": "Also, I think I was charged twice last month, $389 each time, but I'm not sure."},
  {"role": "assistant", "content": "I can look into that. Should I call you to go over it?"},
  {"role": "user", "content": "Please don't call me, email only. Send everything to d.reyes@oldmail.com."},
  {"role": "assistant", "content": "Noted, email only."},
  {"role": "user", "content": "Sorry, use dana.reyes@newmail.com instead."},
  {"role": "assistant", "content": "Updated to dana.reyes@newmail.com."},
  {"role": "user", "content": "Schedule the document pickup for tomorrow afternoon."},
  {"role": "assistant", "content": "Tomorrow afternoon it is."},
  {"role": "user", "content": "Actually, change the document pickup to Friday morning."},
  {"role": "assistant", "content": "Moved to Friday morning."},
  {"role": "user", "content": "Before we go on, can you tell me what the Basic plan covers for medical emergencies abroad, whether my mother's asthma counts as a pre-existing condition we must declare, and how claims are paid out? Thanks."}]}

CONVERSATIONS: dict[str, dict[str, Any]] = {"zh": _ZH, "en": _EN}
# compressed with policy.tail_ratio 0.05: the prefix is everything before the last user turn
TARGET = {"zh": 1000, "en": 1800}
# the rows are written for the prefix of all but the last message: the tail stays that message
SETTINGS = {"stages.enabled": ["facts", "state"], "policy.tail_ratio": 0.05, "policy.fill_target": False}

_ZH_GOOD: dict[str, Any] = {
    "objective": "用户上周买的破壁机（订单号A20931）想退货；这台是给我爸妈用的，不是我自己用",
    "constraints": ["千万别提交退货申请", "换货的话差价我最多补300元", "不要打电话给我，发短信就行",
                    "手机号13912345678", "上门取件时间：后天上午（明天我不在家）"],
    "confirmed_facts": ["订单A20931：静音破壁机 X7，实付899元，签收后7天内可退；X9 Pro 价格1299元，换货需补差价400元"],
    "user_claims": ["我觉得可能有质量问题，用了三次就有焦味，不过也可能是我爸操作不当"],
    "decisions": ["[电话] 13800138000 → 13912345678", "[取件时间] 明天下午 → 后天上午"],
    "open_items": ["未获准：千万别提交退货申请"],
}
_EN_GOOD: dict[str, Any] = {
    "objective": "Travel insurance for my parents, not for me; they fly to Lisbon on March 5th",
    "constraints": ["Keep it under $300 total for both of them",
                    "Don't cancel my Plus membership yet, I'm still deciding",
                    "Please don't call me, email only", "E-mail: dana.reyes@newmail.com",
                    "Document pickup: Friday morning"],
    "confirmed_facts": ["Quote Q-77120: Basic is $278 for both, Plus is $412 for both",
                        "The Plus membership renews on January 15 for $89"],
    "user_claims": ["I think I was charged twice last month, $389 each time, but I'm not sure"],
    "decisions": ["[email] d.reyes@oldmail.com → dana.reyes@newmail.com",
                  "[document pickup] tomorrow afternoon → Friday morning"],
    "open_items": ["Cancelling the Plus membership: not authorised yet"],
}


def _with(base: dict[str, Any], **changes: Any) -> dict[str, Any]:
    answer = copy.deepcopy(base)
    answer.update(changes)
    return answer


def _plus(base: dict[str, Any], section: str, *items: str) -> dict[str, Any]:
    return _with(base, **{section: [*base[section], *items]})


def _without(base: dict[str, Any], section: str, *dropped: str) -> dict[str, Any]:
    return _with(base, **{section: [i for i in base[section] if i not in dropped]})


# what a careful model writes: each must be accepted on the first attempt
FAITHFUL: dict[str, dict[str, dict[str, Any]]] = {
    "zh": {
        "verbatim": _ZH_GOOD,
        "reworded": _with(_ZH_GOOD,
                          objective="用户想退上周买的破壁机（A20931），是给我爸妈用的，不是我自己用",
                          constraints=["先别提交退货申请，千万别提交", "换货时差价最多补300元",
                                       "别打电话给我，只发短信", "联系手机：13912345678",
                                       "上门取件改在后天上午，明天我不在家"],
                          user_claims=["用户觉得可能有质量问题（用了三次就有焦味），也可能是操作不当"]),
        "superseded values left out": _with(_ZH_GOOD, decisions=["取件时间改为后天上午", "手机号更新为13912345678"]),
        "terse": {"objective": "上周买的破壁机（A20931）想退货，给我爸妈用的，不是我自己用",
                  "constraints": ["千万别提交退货申请", "换货的话差价我最多补300元", "不要打电话给我",
                                  "手机号13912345678", "后天上午上门取件，明天我不在家"],
                  "user_claims": ["可能有质量问题，用了三次就有焦味"]},
        "changes in the constraints": _with(_ZH_GOOD, decisions=[],
                                            constraints=[*_ZH_GOOD["constraints"][:3],
                                                         "手机号：13800138000 → 13912345678",
                                                         "取件时间：明天下午 → 后天上午（明天我不在家）"]),
    },
    "en": {
        "verbatim": _EN_GOOD,
        "reworded": _with(_EN_GOOD,
                          objective="Buy travel insurance for the user's parents, not for the user; they fly to Lisbon on March 5th",
                          constraints=["Total for both parents must stay under $300",
                                       "Do not cancel the Plus membership yet; the user is still deciding",
                                       "Do not call the user; email only", "Send everything to dana.reyes@newmail.com",
                                       "Documents are picked up Friday morning"],
                          user_claims=["The user thinks they may have been charged twice last month "
                                       "($389 each time) but is not sure"]),
        "superseded values left out": _with(_EN_GOOD, decisions=["Document pickup moved to Friday morning",
                                                                 "E-mail changed to dana.reyes@newmail.com"]),
        "terse": {"objective": "Travel insurance for my parents, not for me (Lisbon, March 5th)",
                  "constraints": ["Under $300 total for both", "Don't cancel my Plus membership yet",
                                  "Don't call me, email only: dana.reyes@newmail.com",
                                  "Document pickup Friday morning"],
                  "user_claims": ["Maybe charged twice last month, $389 each time (not sure)"]},
        "changes in the constraints": _with(_EN_GOOD, decisions=[],
                                            constraints=[*_EN_GOOD["constraints"][:3],
                                                         "E-mail: d.reyes@oldmail.com → dana.reyes@newmail.com",
                                                         "Document pickup: tomorrow afternoon → Friday morning"]),
    },
}


@dataclass(frozen=True)
class Corruption:
    """One answer that changes one thing of a faithful one, and the check that must catch it."""

    lang: str
    kind: str
    answer: dict[str, Any]
    check: str


def _rows(lang: str, base: dict[str, Any], rows: list[tuple[str, dict[str, Any], str]]) -> list[Corruption]:
    return [Corruption(lang, kind, answer, check) for kind, answer, check in rows]


_Z = _ZH_GOOD
_E = _EN_GOOD
CORRUPTIONS: list[Corruption] = _rows("zh", _Z, [
    ("prohibition dropped", _with(_Z, constraints=_Z["constraints"][1:], open_items=[]), "missing_fact"),
    ("prohibition turned around", _with(_Z, constraints=["可以提交退货申请", *_Z["constraints"][1:]], open_items=[]),
     "missing_fact"),
    ("action next to its kept prohibition", _plus(_Z, "decisions", "用户决定退货，请直接提交退货申请并预约上门取件"),
     "prohibition_violated"),
    ("a call although calls are forbidden", _plus(_Z, "open_items", "明天打电话给用户确认取件时间"),
     "prohibition_violated"),
    ("the forbidden action scheduled", _plus(_Z, "decisions", "退货申请将于今晚提交"), "prohibition_violated"),
    ("consent claimed", _with(_Z, open_items=["用户已同意提交退货申请"]), "unbacked_authorisation"),
    ("consent paraphrased", _plus(_Z, "decisions", "客户已经点头，可以直接提交退货申请"), "unbacked_authorisation"),
    ("consent paraphrased, no action named", _plus(_Z, "decisions", "爸妈那边已经同意了"), "unbacked_authorisation"),
    ("a price made up", _plus(_Z, "confirmed_facts", "维修费用预计800元"), "hallucination"),
    ("a price used as the budget", _with(_Z, constraints=[*_Z["constraints"], "用户预算899元以内"]), "number_role"),
    ("another product's price used as the budget", _plus(_Z, "constraints", "每次换货预算1299元"), "number_role"),
    ("the quoted difference used as the user's cap", _with(_Z, constraints=[
        _Z["constraints"][0], "换货差价最多补400元", *_Z["constraints"][2:]]), "number_role"),
    ("id mistyped", _with(_Z, objective=_Z["objective"].replace("A20931", "A20913")), "hallucination"),
    ("id made up", _plus(_Z, "confirmed_facts", "退货单号R55821已生成"), "hallucination"),
    ("negation made up", _plus(_Z, "constraints", "不需要发票"), "hallucination"),
    ("hedge dropped", _with(_Z, user_claims=["破壁机有质量问题，用了三次就有焦味"]), "uncertainty_lost"),
    ("claim made certain elsewhere", _with(_Z, user_claims=[],
                                           confirmed_facts=[*_Z["confirmed_facts"], "破壁机存在质量问题（已确认），用了三次就有焦味"]),
     "uncertainty_lost"),
    ("certainty added beside the hedged claim", _plus(_Z, "confirmed_facts", "质量问题已确认"), "uncertainty_lost"),
    ("who it is for swapped", _with(_Z, objective="用户给自己买的破壁机（A20931）上周到货，想退货"), "wrong_person"),
    ("who it is for changed", _with(_Z, objective="上周买的破壁机（A20931）想退货，是给老婆用的"), "wrong_person"),
    ("old pickup time as current", _with(_Z, decisions=["[电话] 13800138000 → 13912345678"],
                                         constraints=[*_Z["constraints"][:4], "上门取件时间：明天下午"]), "stale_value"),
    ("old phone number as current", _with(_Z, constraints=[*_Z["constraints"][:3], "手机号13800138000",
                                                           _Z["constraints"][4]]), "stale_value"),
    ("a change turned around", _with(_Z, decisions=["[电话] 13800138000 → 13912345678", "[取件时间] 后天上午 → 明天下午"]),
     "stale_value"),
    ("budget dropped", _without(_Z, "constraints", "换货的话差价我最多补300元"), "missing_fact"),
    ("objective off topic", _with(_Z, objective="用户想预订下周去三亚的酒店"), "intent_drift"),
]) + _rows("en", _E, [
    ("prohibition dropped", _with(_E, constraints=[c for c in _E["constraints"] if "cancel" not in c], open_items=[]),
     "missing_fact"),
    ("prohibition turned around", _with(_E, constraints=["Cancel the Plus membership now",
                                                         *[c for c in _E["constraints"] if "cancel" not in c]],
                                        open_items=[]), "missing_fact"),
    ("action next to its kept prohibition", _plus(_E, "decisions", "Cancel the Plus membership before it renews on January 15"),
     "prohibition_violated"),
    ("a call although calls are forbidden", _plus(_E, "open_items", "Call the customer tomorrow to confirm"),
     "prohibition_violated"),
    ("the forbidden action scheduled", _plus(_E, "decisions", "Plus membership cancellation scheduled for January 15"),
     "prohibition_violated"),
    ("consent claimed", _with(_E, open_items=["The user agreed to cancel the Plus membership"]), "unbacked_authorisation"),
    ("consent paraphrased", _plus(_E, "decisions", "The customer okayed cancelling the Plus membership"),
     "unbacked_authorisation"),
    ("consent paraphrased, no action named", _plus(_E, "decisions", "User gave the green light"),
     "unbacked_authorisation"),
    ("a price made up", _plus(_E, "confirmed_facts", "The deductible is $150"), "hallucination"),
    ("a price used as the budget", _plus(_E, "constraints", "Budget: $412 total"), "number_role"),
    ("the disputed charge used as the budget", _with(_E, constraints=["Budget up to $389",
                                                                      *_E["constraints"][1:]]), "number_role"),
    ("the membership fee used as the budget", _plus(_E, "constraints", "Spend at most $89 per person"), "number_role"),
    ("id mistyped", _with(_E, confirmed_facts=["Quote Q-77210: Basic is $278 for both, Plus is $412 for both",
                                               _E["confirmed_facts"][1]]), "hallucination"),
    ("id made up", _plus(_E, "confirmed_facts", "Policy P-55120 issued"), "hallucination"),
    ("negation made up", _plus(_E, "constraints", "No text messages"), "hallucination"),
    ("hedge dropped", _with(_E, user_claims=["I was charged twice last month, $389 each time"]), "uncertainty_lost"),
    ("claim made certain elsewhere", _with(_E, user_claims=[], confirmed_facts=[
        *_E["confirmed_facts"], "Double charge of $389 last month"]), "uncertainty_lost"),
    ("certainty added beside the hedged claim", _plus(_E, "confirmed_facts", "Duplicate charge of $389.00 confirmed."),
     "uncertainty_lost"),
    ("who it is for swapped", _with(_E, objective="Travel insurance for the user himself; flying to Lisbon on March 5th"),
     "wrong_person"),
    ("who it is for changed", _with(_E, objective="Travel insurance for the user's wife, flying to Lisbon on March 5th"),
     "wrong_person"),
    ("old pickup time as current", _with(_E, decisions=[_E["decisions"][0]],
                                         constraints=[*_E["constraints"][:4], "Document pickup: tomorrow afternoon"]),
     "stale_value"),
    ("old e-mail as current", _with(_E, constraints=[*_E["constraints"][:3], "Send updates to d.reyes@oldmail.com",
                                                     _E["constraints"][4]], decisions=[_E["decisions"][1]]),
     "stale_value"),
    ("a change turned around", _with(_E, decisions=[_E["decisions"][0], "[document pickup] Friday morning → tomorrow afternoon"]),
     "stale_value"),
    ("budget dropped", _without(_E, "constraints", "Keep it under $300 total for both of them"), "missing_fact"),
    ("objective off topic", _with(_E, objective="Book a table for four at a seafood restaurant"), "intent_drift"),
])


def answer_text(answer: dict[str, Any]) -> str:
    """The answer as the model sends it."""
    return json.dumps(answer, ensure_ascii=False)
