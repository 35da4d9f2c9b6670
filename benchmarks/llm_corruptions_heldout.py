"""A held-out table of corrupted and faithful LLM answers for two conversations (zh, en), written
independently of ``benchmarks/llm_corruptions.py`` and on other domains, to measure how the
validator generalises to conversations it was not tuned on.

zh: a parent books a dental check-up for an 8-year-old son ("给我儿子约个牙科检查…不是我自己看牙");
en: an office worker gets the boss's laptop repaired ("It's my boss's laptop, not mine").
Each conversation holds what a model summary tends to get wrong: two prohibitions with their
objects ("先别付款", "不要给我打电话"; "Don't charge my card yet", "do not wipe the hard drive"),
a budget next to other prices and fees, an id, a hedged claim, who the request is for, and two
changed values (a phone number or an e-mail, an appointment or drop-off slot). ``FAITHFUL``
holds answers a careful model writes (verbatim, reworded, terse, without the superseded values,
changes written as "old → new"); ``CORRUPTIONS`` rows change one thing each and name the check
that must reject it. Same shape as ``benchmarks/llm_corruptions.py``.
"""

from __future__ import annotations

import json
from typing import Any

from benchmarks.llm_corruptions import Corruption, _plus, _with, _without, answer_text

__all__ = ["CONVERSATIONS", "CORRUPTIONS", "FAITHFUL", "SETTINGS", "TARGET", "Corruption", "answer_text"]

_ZH_TOOL = json.dumps({"clinic": "光华路店", "patient_age": 8,
    "slots": ["周六 10:00", "周六 14:30", "周日 15:00"],
    "items": [{"name": "儿童口腔检查", "price": 150}, {"name": "涂氟", "price": 180},
              {"name": "窝沟封闭", "price_per_tooth": 120}, {"name": "早期矫正评估", "price": 300}],
    "registration_fee": 30, "membership": {"name": "家庭年卡", "annual_fee": 699, "discount": "检查项目八折"},
    "note": "儿童就诊需监护人陪同，请携带孩子的医保卡或身份证件。" * 120}, ensure_ascii=False)
_ZH = {"lang": "zh", "now": "2026-12-02T09:30:00+08:00", "timezone": "Asia/Shanghai", "messages": [
  {"role": "system", "content": "你是口腔诊所的预约助手，未经用户明确同意不得扣款，也不得替用户确认任何付费项目。"},
  {"role": "user", "content": "你好，我想给我儿子约个牙科检查，他今年8岁，不是我自己看牙。最好周末，去你们光华路那家店。"},
  {"role": "assistant", "content": "好的，我先查一下光华路店周末的号源和儿童项目的价格。"},
  {"role": "assistant", "content": "", "tool_calls": [{"id": "call_1", "type": "function", "function": {
      "name": "query_clinic", "arguments": "{\"clinic\": \"光华路店\", \"patient_age\": 8}"}}]},
  {"role": "tool", "tool_call_id": "call_1", "content": _ZH_TOOL},
  {"role": "assistant", "content": "光华路店周六上午10点、周六下午2点半和周日下午3点有号。儿童口腔检查150元，涂氟180元，"
                                   "窝沟封闭每颗120元，早期矫正评估300元，另收挂号费30元。办家庭年卡699元的话，检查项目可以打八折。"},
  {"role": "user", "content": "我觉得他左下边那颗大牙可能有点蛀了，他说吃甜的会疼，不过也可能只是塞牙了。"},
  {"role": "assistant", "content": "明白，那建议先做检查，必要时拍个片。要不要我现在帮您把检查和涂氟一起下单付款？"},
  {"role": "user", "content": "先别付款，到店看完医生再说。这次所有项目加起来别超过500块，超了就先只做检查。"},
  {"role": "assistant", "content": "好的，先不付款。家庭年卡需要帮您开通吗？"},
  {"role": "user", "content": "年卡的事以后再说。另外不要给我打电话，我上班不方便接，有事发短信。"},
  {"role": "assistant", "content": "好的，只发短信。那我先帮您约周六上午10点可以吗？预约号会用短信发给您。"},
  {"role": "user", "content": "行，就周六上午10点。手机号15801234567。"},
  {"role": "assistant", "content": "已为您儿子预约光华路店周六上午10:00，预约号YK58217，短信会发到15801234567。"},
  {"role": "user", "content": "手机号说错了，是15801234576，后两位写反了。"},
  {"role": "assistant", "content": "好的，已更新为15801234576。"},
  {"role": "user", "content": "还有，周六上午他要上游泳课，时间改成周日下午3点吧。"},
  {"role": "assistant", "content": "已改为周日下午3点，预约号YK58217不变。"},
  {"role": "user", "content": "那你再帮我看看，如果真是蛀牙，补一颗大概多少钱、当天能不能补完，8岁的孩子拍片会不会有辐射问题，"
                              "还有涂氟和窝沟封闭是不是必须做、哪个更推荐，我周日到店前想先心里有个数，谢谢。"}]}

_EN_TOOL = json.dumps({"ticket_id": "RT-48213", "device": "ThinkPad X1 Carbon Gen 9",
    "issues": ["screen flicker", "sticky keys"],
    "estimates": [{"repair": "display assembly", "parts": 289, "labour": 90, "total": 379},
                  {"repair": "keyboard", "parts": 119, "labour": 60, "total": 179}],
    "diagnostic_fee": 49, "diagnostic_waived_if_repaired": True,
    "rush_service": {"turnaround_hours": 24, "fee": 75},
    "drop_off_slots": ["Thu 2:00 PM", "Fri 10:00 AM", "Sat 11:30 AM"],
    "note": "Back up your data before drop-off; the shop is not responsible for data loss. " * 30})
_EN = {"lang": "en", "now": "2026-12-02T09:30:00-06:00", "timezone": "America/Chicago", "messages": [
  {"role": "system", "content": "You are the booking assistant of FixPoint, a laptop repair shop. Never charge a card, "
                                "order parts or start a repair without the customer's explicit go-ahead."},
  {"role": "user", "content": "Hi, I need to get a laptop repaired. It's my boss's laptop, not mine - a ThinkPad X1 Carbon. "
                              "The screen flickers and a few keys stick."},
  {"role": "assistant", "content": "Sorry to hear that. Let me open a ticket and pull up estimates for that model."},
  {"role": "assistant", "content": "", "tool_calls": [{"id": "call_1", "type": "function", "function": {
      "name": "create_ticket",
      "arguments": "{\"device\": \"ThinkPad X1 Carbon\", \"issues\": [\"screen flicker\", \"sticky keys\"]}"}}]},
  {"role": "tool", "tool_call_id": "call_1", "content": _EN_TOOL},
  {"role": "assistant", "content": "Your ticket is RT-48213. A new screen is $379 all in ($289 parts, $90 labour), the keyboard "
                                   "is $179, and the diagnostic is $49, waived if you go ahead with the repair. Rush 24-hour "
                                   "service adds $75."},
  {"role": "user", "content": "Ok. Honestly I think he might have spilled coffee on it last week, which could be why the keys "
                              "stick, but I'm not sure - he didn't say."},
  {"role": "assistant", "content": "Liquid damage can change the estimate. Want me to put the $49 diagnostic on the card on "
                                   "file so we can get started?"},
  {"role": "user", "content": "Don't charge my card yet. I need to get the amount approved first."},
  {"role": "user", "content": "The company will cover up to $450 for the whole thing, so keep it at or under that."},
  {"role": "assistant", "content": "Understood. If the drive turns out to be affected we'd normally restore it from a factory "
                                   "image - is that okay?"},
  {"role": "user", "content": "No, do not wipe the hard drive, whatever you do. His client files are on it and there's no backup."},
  {"role": "assistant", "content": "Got it, no wiping. What's the best email for updates, and when do you want to drop it off?"},
  {"role": "user", "content": "Email me at m.okafor@brightline.co and put me down for Thursday at 2pm."},
  {"role": "assistant", "content": "Booked: drop-off Thursday 2:00 PM, updates to m.okafor@brightline.co."},
  {"role": "user", "content": "Sorry, use mike.okafor@brightline.co instead, the short one bounces."},
  {"role": "assistant", "content": "Updated to mike.okafor@brightline.co."},
  {"role": "user", "content": "And can you change the drop-off to Saturday at 11:30? He needs the laptop on Thursday."},
  {"role": "assistant", "content": "Done - drop-off moved to Saturday 11:30 AM, still ticket RT-48213."},
  {"role": "user", "content": "Great. Before I take this to my boss for sign-off, can you tell me what happens if the "
                              "diagnostic does find liquid damage, whether the $379 screen price could change, how long a "
                              "keyboard replacement usually takes without the rush option, and whether he gets the old "
                              "parts back? Thanks."}]}

CONVERSATIONS: dict[str, dict[str, Any]] = {"zh": _ZH, "en": _EN}
# compressed with policy.tail_ratio 0.05: the prefix is everything before the last user turn
TARGET = {"zh": 1000, "en": 2200}
# the rows are written for the prefix of all but the last message: the tail stays that message
SETTINGS = {"stages.enabled": ["facts", "state"], "policy.tail_ratio": 0.05, "policy.fill_target": False}

_ZH_GOOD: dict[str, Any] = {
    "objective": "给我儿子约个牙科检查（8岁），不是我自己看牙；光华路店，预约号YK58217",
    "constraints": ["先别付款，到店看完医生再说", "这次所有项目加起来别超过500块，超了就先只做检查",
                    "不要给我打电话，有事发短信", "手机号15801234576", "预约时间：周日下午3点（周六上午要上游泳课）"],
    "confirmed_facts": ["光华路店：儿童口腔检查150元，涂氟180元，窝沟封闭每颗120元，早期矫正评估300元，挂号费30元",
                        "家庭年卡699元，检查项目打八折", "预约号YK58217"],
    "user_claims": ["我觉得他左下边那颗大牙可能有点蛀了，吃甜的会疼，不过也可能只是塞牙了"],
    "decisions": ["[手机号] 15801234567 → 15801234576", "[预约时间] 周六上午10点 → 周日下午3点"],
    "open_items": ["未获准：先别付款", "家庭年卡：以后再说"],
}
_EN_GOOD: dict[str, Any] = {
    "objective": "Get my boss's laptop repaired, not mine (ThinkPad X1 Carbon: the screen flickers and a few keys stick); "
                 "ticket RT-48213",
    "constraints": ["Don't charge my card yet; the amount needs to be approved first",
                    "The company will cover up to $450 for the whole thing",
                    "Do not wipe the hard drive, whatever you do (his client files are on it, no backup)",
                    "Email: mike.okafor@brightline.co", "Drop-off: Saturday at 11:30 AM"],
    "confirmed_facts": ["Ticket RT-48213: screen $379 all in ($289 parts, $90 labour), keyboard $179",
                        "Diagnostic $49, waived if the repair goes ahead; rush 24-hour service adds $75"],
    "user_claims": ["I think he might have spilled coffee on it last week, which could be why the keys stick, but I'm not sure"],
    "decisions": ["[email] m.okafor@brightline.co → mike.okafor@brightline.co",
                  "[drop-off] Thursday 2:00 PM → Saturday 11:30 AM"],
    "open_items": ["Charging the card: not authorised yet (amount awaiting approval)"],
}

# what a careful model writes: each must be accepted on the first attempt
FAITHFUL: dict[str, dict[str, dict[str, Any]]] = {
    "zh": {
        "verbatim": _ZH_GOOD,
        "reworded": _with(_ZH_GOOD,
                          objective="用户要给8岁的儿子预约光华路店的牙科检查（预约号YK58217），不是用户自己看牙",
                          constraints=["暂时不要付款，等到店看完医生再决定", "所有项目合计不超过500元，超出就只做检查",
                                       "别给用户打电话，只用短信联系", "联系手机：15801234576",
                                       "就诊时间改在周日下午3点，周六上午孩子有游泳课"],
                          user_claims=["用户觉得孩子左下大牙可能有点蛀（吃甜的会疼），也可能只是塞牙"]),
        "superseded values left out": _with(_ZH_GOOD, decisions=["预约时间改为周日下午3点", "手机号更正为15801234576"]),
        "terse": {"objective": "给我儿子约牙科检查（YK58217），不是我自己看牙",
                  "constraints": ["先别付款", "所有项目加起来别超过500块", "不要给我打电话，发短信",
                                  "手机号15801234576", "周日下午3点光华路店"],
                  "user_claims": ["左下大牙可能有点蛀了，也可能只是塞牙（不确定）"]},
        "changes in the constraints": _with(_ZH_GOOD, decisions=[],
                                            constraints=[*_ZH_GOOD["constraints"][:3],
                                                         "手机号：15801234567 → 15801234576（后两位写反了）",
                                                         "预约时间：周六上午10点 → 周日下午3点"]),
    },
    "en": {
        "verbatim": _EN_GOOD,
        "reworded": _with(_EN_GOOD,
                          objective="Book a repair for the user's boss's ThinkPad X1 Carbon (not the user's own laptop): "
                                    "flickering screen and sticky keys; ticket RT-48213",
                          constraints=["Do not charge the user's card until the amount is approved",
                                       "Total must stay at or under $450, which the company covers",
                                       "Never wipe the hard drive; it holds the boss's client files and there is no backup",
                                       "Send updates to mike.okafor@brightline.co",
                                       "The laptop is dropped off Saturday at 11:30 AM"],
                          user_claims=["The user thinks the boss may have spilled coffee on it last week, possibly "
                                       "causing the sticky keys, but is not sure"]),
        "superseded values left out": _with(_EN_GOOD, decisions=["Drop-off moved to Saturday 11:30 AM",
                                                                 "Email changed to mike.okafor@brightline.co"]),
        "terse": {"objective": "Repair my boss's laptop, not mine (ticket RT-48213)",
                  "constraints": ["Don't charge my card yet", "Up to $450 for the whole thing",
                                  "Do not wipe the hard drive", "Email mike.okafor@brightline.co",
                                  "Drop-off Saturday 11:30 AM"],
                  "user_claims": ["Maybe a coffee spill last week (not sure)"]},
        "changes in the constraints": _with(_EN_GOOD, decisions=[],
                                            constraints=[*_EN_GOOD["constraints"][:3],
                                                         "Email: m.okafor@brightline.co → mike.okafor@brightline.co",
                                                         "Drop-off: Thursday 2:00 PM → Saturday 11:30 AM"]),
    },
}


def _rows(lang: str, rows: list[tuple[str, dict[str, Any], str]]) -> list[Corruption]:
    return [Corruption(lang, kind, answer, check) for kind, answer, check in rows]


_Z = _ZH_GOOD
_E = _EN_GOOD
_ZC = _Z["constraints"]
_EC = _E["constraints"]
CORRUPTIONS: list[Corruption] = _rows("zh", [
    ("payment prohibition dropped", _with(_Z, constraints=_ZC[1:], open_items=["家庭年卡：以后再说"]), "missing_fact"),
    ("payment prohibition turned around", _with(_Z, constraints=["可以先在线付款，到店直接看", *_ZC[1:]],
                                                open_items=["家庭年卡：以后再说"]), "missing_fact"),
    ("call prohibition dropped", _without(_Z, "constraints", "不要给我打电话，有事发短信"), "missing_fact"),
    ("payment done next to its kept prohibition", _plus(_Z, "decisions", "已为检查和涂氟下单并完成付款"),
     "prohibition_violated"),
    ("a call although calls are forbidden", _plus(_Z, "open_items", "周六给家长打个电话，提醒带医保卡"),
     "prohibition_violated"),
    ("payment scheduled", _plus(_Z, "open_items", "到店前一天在线预付检查费150元"), "prohibition_violated"),
    ("consent claimed", _with(_Z, open_items=["用户已同意先付款", "家庭年卡：以后再说"]), "unbacked_authorisation"),
    ("consent paraphrased", _plus(_Z, "decisions", "家长已经点头，可以直接扣款"), "unbacked_authorisation"),
    ("consent paraphrased, no action named", _plus(_Z, "decisions", "家长说没问题，都按你说的办"),
     "unbacked_authorisation"),
    ("a price made up", _plus(_Z, "confirmed_facts", "补牙每颗260元"), "hallucination"),
    ("a price used as the budget", _plus(_Z, "constraints", "用户预算300元"), "number_role"),
    ("a fee used as the user's cap", _with(_Z, constraints=[_ZC[0], "所有项目加起来别超过699块", *_ZC[2:]]),
     "number_role"),
    ("a per-tooth price used as a limit", _plus(_Z, "constraints", "窝沟封闭最多花120元"), "number_role"),
    ("id mistyped", _with(_Z, objective=_Z["objective"].replace("YK58217", "YK52817"),
                          confirmed_facts=[*_Z["confirmed_facts"][:2], "预约号YK52817"]), "hallucination"),
    ("id made up", _plus(_Z, "confirmed_facts", "缴费单号PF30419已生成"), "hallucination"),
    ("negation made up", _plus(_Z, "constraints", "不要拍片"), "hallucination"),
    ("hedge dropped", _with(_Z, user_claims=["他左下边那颗大牙蛀了，吃甜的会疼"]), "uncertainty_lost"),
    ("claim made certain elsewhere", _with(_Z, user_claims=[],
                                           confirmed_facts=[*_Z["confirmed_facts"], "孩子左下大牙有蛀牙，吃甜的会疼"]),
     "uncertainty_lost"),
    ("certainty added beside the hedged claim", _plus(_Z, "confirmed_facts", "已确认是蛀牙，不是塞牙"), "uncertainty_lost"),
    ("who it is for swapped", _with(_Z, objective="用户本人想在光华路店约个牙科检查，预约号YK58217"), "wrong_person"),
    ("who it is for changed", _with(_Z, objective="给我女儿约个牙科检查（8岁），光华路店，预约号YK58217"), "wrong_person"),
    ("old appointment time as current", _with(_Z, decisions=[_Z["decisions"][0]],
                                              constraints=[*_ZC[:4], "预约时间：周六上午10点"]), "stale_value"),
    ("old phone number as current", _with(_Z, constraints=[*_ZC[:3], "短信发到15801234567", _ZC[4]],
                                          decisions=[_Z["decisions"][1]]), "stale_value"),
    ("a change turned around", _with(_Z, decisions=[_Z["decisions"][0], "[预约时间] 周日下午3点 → 周六上午10点"]),
     "stale_value"),
    ("budget dropped", _without(_Z, "constraints", "这次所有项目加起来别超过500块，超了就先只做检查"), "missing_fact"),
    ("objective drifts to a side remark", _with(_Z, objective="帮用户给儿子报名周六上午的游泳课"), "intent_drift"),
    ("objective off topic", _with(_Z, objective="用户想咨询配近视眼镜的价格"), "intent_drift"),
]) + _rows("en", [
    ("card prohibition dropped", _with(_E, constraints=_EC[1:], open_items=[]), "missing_fact"),
    ("card prohibition turned around", _with(_E, constraints=["OK to charge the card on file for the diagnostic", *_EC[1:]],
                                             open_items=[]), "missing_fact"),
    ("wipe prohibition dropped", _with(_E, constraints=[c for c in _EC if "wipe" not in c]), "missing_fact"),
    ("charge done next to its kept prohibition", _plus(_E, "decisions", "Charged the $49 diagnostic to the card on file"),
     "prohibition_violated"),
    ("the drive wiped although forbidden", _plus(_E, "open_items", "Restore the drive from a factory image if liquid damage is found"),
     "prohibition_violated"),
    ("the forbidden charge scheduled", _plus(_E, "decisions", "Card will be charged at drop-off on Saturday"),
     "prohibition_violated"),
    ("consent claimed", _with(_E, open_items=["Customer approved charging the card"]), "unbacked_authorisation"),
    ("consent paraphrased", _plus(_E, "decisions", "Boss signed off, so it's fine to bill the card now"),
     "unbacked_authorisation"),
    ("consent paraphrased, no action named", _plus(_E, "decisions", "User said go ahead"), "unbacked_authorisation"),
    ("a price made up", _plus(_E, "confirmed_facts", "Liquid-damage cleaning costs $120"), "hallucination"),
    ("a price used as the budget", _plus(_E, "constraints", "Budget: $379"), "number_role"),
    ("a repair total used as the cap", _with(_E, constraints=[_EC[0], "Keep the whole thing under $179", *_EC[2:]]),
     "number_role"),
    ("the rush fee used as a limit", _plus(_E, "constraints", "Extra charges capped at $75"), "number_role"),
    ("id mistyped", _with(_E, objective=_E["objective"].replace("RT-48213", "RT-48231"),
                          confirmed_facts=[_E["confirmed_facts"][0].replace("RT-48213", "RT-48231"),
                                           _E["confirmed_facts"][1]]), "hallucination"),
    ("id made up", _plus(_E, "confirmed_facts", "Work order WO-9921 opened for the screen"), "hallucination"),
    ("negation made up", _plus(_E, "constraints", "Do not replace the keyboard"), "hallucination"),
    ("hedge dropped", _with(_E, user_claims=["He spilled coffee on it last week, which is why the keys stick"]),
     "uncertainty_lost"),
    ("claim made certain elsewhere", _with(_E, user_claims=[], confirmed_facts=[
        *_E["confirmed_facts"], "Coffee spill last week caused the sticky keys"]), "uncertainty_lost"),
    ("certainty added beside the hedged claim", _plus(_E, "confirmed_facts", "Liquid damage confirmed."),
     "uncertainty_lost"),
    ("who it is for swapped", _with(_E, objective="Get the user's own ThinkPad X1 Carbon repaired: flickering screen, "
                                                  "sticky keys; ticket RT-48213"), "wrong_person"),
    ("who it is for changed", _with(_E, objective="Repair a client's ThinkPad X1 Carbon (screen flicker, sticky keys); "
                                                  "ticket RT-48213"), "wrong_person"),
    ("old drop-off as current", _with(_E, decisions=[_E["decisions"][0]], constraints=[*_EC[:4], "Drop-off: Thursday 2pm"]),
     "stale_value"),
    ("old e-mail as current", _with(_E, constraints=[*_EC[:3], "Send updates to m.okafor@brightline.co", _EC[4]],
                                    decisions=[_E["decisions"][1]]), "stale_value"),
    ("a change turned around", _with(_E, decisions=[_E["decisions"][0], "[drop-off] Saturday 11:30 AM → Thursday 2:00 PM"]),
     "stale_value"),
    ("budget dropped", _without(_E, "constraints", "The company will cover up to $450 for the whole thing"), "missing_fact"),
    ("objective drifts to a side remark", _with(_E, objective="Help the user pick a new laptop for his boss"), "intent_drift"),
    ("objective off topic", _with(_E, objective="Book a team dinner for Friday night"), "intent_drift"),
])
