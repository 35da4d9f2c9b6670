"""Real attachment files made on the spot, for the tests, the benchmark and the bundled example:
a lab report PDF with a table (fpdf2), a receipt PNG with rendered text (Pillow), in Chinese and
English, and the conversations that carry them as OpenAI content parts.

Chinese glyphs need a CJK font: Debian's ``fonts-wqy-zenhei`` (``.ci/run`` installs it).
"""

from __future__ import annotations

import base64
import io
import logging
from pathlib import Path
from typing import Any, Sequence

__all__ = ["CJK_FONT", "conversation", "data_url", "pdf", "png"]

CJK_FONT = Path("/usr/share/fonts/truetype/wqy/wqy-zenhei.ttc")
logging.getLogger("fontTools.subset").setLevel(logging.ERROR)  # fpdf2 subsetting the font: noise

REPORT = {
    "zh": ("体检报告 姓名：王芳 日期：2026-11-20",
           [("项目", "结果", "单位", "参考范围"), ("空腹血糖", "8.2", "mmol/L", "3.9-6.1"),
            ("总胆固醇", "5.6", "mmol/L", "<5.2")],
           "建议：三个月后复查，复查前不要空腹运动。"),
    "en": ("Invoice INV-20431 Northwind Supplies 2026-11-18",
           [("Item", "Qty", "Unit price", "Amount"), ("Standing desk", "2", "$412.50", "$825.00"),
            ("Monitor arm", "3", "$59.90", "$179.70")],
           "Total due $1,004.70 by 2026-12-15. Do not pay by cheque."),
}
RECEIPT = {
    "zh": ["收据 订单号 A1042", "金额 389.00元 2026-11-28"],
    "en": ["RECEIPT Order B7731", "Total $64.25 paid 2026-11-28"],
}


def pdf(lang: str, pages: int = 2, password: str | None = None) -> bytes:
    """A report: a heading line and a table on page 1, advice on page 2 (and blank-ish pages after)."""
    from fpdf import FPDF

    heading, rows, advice = REPORT[lang]
    document = FPDF()
    document.add_font("cjk", fname=str(CJK_FONT), collection_font_number=0)
    document.set_font("cjk", size=12)
    document.add_page()
    document.cell(text=heading)
    document.ln(10)
    with document.table(first_row_as_headings=False) as table:
        for row in rows:
            cells = table.row()
            for cell in row:
                cells.cell(cell)
    for number in range(2, pages + 1):
        document.add_page()
        document.cell(text=advice if number == 2 else f"{number}")
    if password:
        document.set_encryption(owner_password=password, user_password=password)
    return bytes(document.output())


def png(lang: str, lines: Sequence[str] | None = None) -> bytes:
    """A white image with black text lines, large enough for OCR."""
    from PIL import Image, ImageDraw, ImageFont

    lines = lines or RECEIPT[lang]
    image = Image.new("RGB", (900, 90 * len(lines) + 40), "white")
    draw = ImageDraw.Draw(image)
    font = ImageFont.truetype(str(CJK_FONT), 36)
    for i, line in enumerate(lines):
        draw.text((24, 24 + 90 * i), line, font=font, fill="black")
    buffer = io.BytesIO()
    image.save(buffer, "PNG")
    return buffer.getvalue()


def data_url(data: bytes, media_type: str) -> str:
    return f"data:{media_type};base64,{base64.b64encode(data).decode('ascii')}"


TURNS = {
    "zh": [
        ("user", "这是我上周的体检报告，血糖是不是偏高？"),
        ("assistant", "报告里空腹血糖高于参考范围，建议复查。"),
        ("user", "还有这张收据，帮我报销，别用我的信用卡。"),
        ("assistant", "好的，我来提交报销。"),
        ("user", "另外帮我约下周三下午3点的内分泌科门诊。"),
        ("assistant", "已查到下周三下午的号源。"),
        ("user", "就约那个时间吧，先别付款。"),
    ],
    "en": [
        ("user", "Here is the supplier invoice, can you check the total?"),
        ("assistant", "The invoice lists two desks and three monitor arms."),
        ("user", "And this receipt for the team lunch, file it as an expense, not on my card."),
        ("assistant", "I'll file the expense."),
        ("user", "Also book the meeting room for Wednesday next week at 3 pm."),
        ("assistant", "Room 4B is free then."),
        ("user", "Book 4B, but don't send the invite yet."),
    ],
}


def conversation(lang: str, report: bytes | None = None, receipt: bytes | None = None,
                 report_part: dict[str, Any] | None = None,
                 receipt_part: dict[str, Any] | None = None) -> dict[str, Any]:
    """Seven turns: the first user turn attaches the report PDF, the second the receipt image
    (each part replaceable, to try bad files)."""
    name = "体检报告.pdf" if lang == "zh" else "invoice.pdf"
    report_part = report_part or {"type": "file", "file": {
        "filename": name, "file_data": data_url(report if report is not None else pdf(lang), "application/pdf")}}
    receipt_part = receipt_part or {"type": "image_url", "image_url": {
        "url": data_url(receipt if receipt is not None else png(lang), "image/png")}}
    messages: list[dict[str, Any]] = []
    for role, text in TURNS[lang]:
        content: Any = text
        if role == "user" and len(messages) == 0:
            content = [{"type": "text", "text": text}, report_part]
        elif role == "user" and len(messages) == 2:
            content = [{"type": "text", "text": text}, receipt_part]
        messages.append({"role": role, "content": content})
    zone = "Asia/Shanghai" if lang == "zh" else "America/New_York"
    now = "2026-11-30T09:00:00+08:00" if lang == "zh" else "2026-11-30T09:00:00-05:00"
    return {"id": f"{lang}-attachments", "now": now, "timezone": zone, "lang": lang, "messages": messages}


if __name__ == "__main__":  # python -m benchmarks.attachment_files zh examples/zh_attachments.json
    import json
    import sys

    lang, path = sys.argv[1], sys.argv[2]
    Path(path).write_text(json.dumps(conversation(lang), ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
