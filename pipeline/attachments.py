"""Attachments: what an image or a file in the history says, read once per content.

The parser finds every non-text content part in OpenAI's shapes (``image_url``,
``input_image``, ``file``, ``input_file``) without decoding anything (``find_attachment``).
When a prefix holding one is compacted, ``AttachmentReader`` reads it: a PDF's text layer
(pypdf, the first ``attachments.pdf_pages`` pages), a text file, an image's OCR text (the
``tesseract`` command: Debian's ``tesseract-ocr`` with its ``chi_sim`` and ``eng`` data). The text
read goes on the end of the event's text, page by page after a blank line, so the stages read
it like the rest of the message. Readings are remembered by content hash: an attachment is
read once per process however often the history is compressed.

Remote URLs are never fetched; a local path is read only under ``attachments.allowed_dirs``.
What cannot be read (a remote image, wrong base64, a corrupt or password-protected PDF, an
image with no OCR installed) becomes a reading with a ``problem``: the summary says the
attachment was not read and why, the report warns (W012, W013), the history is left as it is.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import io
import mimetypes
import os
import re
import shutil
import subprocess
from dataclasses import replace
from pathlib import Path
from typing import Any, Callable, Mapping, Sequence
from urllib.parse import unquote, urlparse

from .config import Settings
from .errors import Warnings
from .types import Attachment, Conversation, Event, Reading

__all__ = ["AttachmentReader", "PAGE_BREAK", "find_attachment"]

PAGE_BREAK = "\n\n"   # before each page read, so a page never runs on into the message's last clause
_DATA_URL = re.compile(r"data:(?P<type>[\w.+-]+/[\w.+-]+)?(?P<params>(?:;[^;,]*)*?),", re.ASCII)
# Tesseract's Chinese models put a space between characters: taken out between two of them
_CJK_GAP = re.compile(r"(?<=[\u3000-\u303f\u3400-\u4dbf\u4e00-\u9fff\uff00-\uffef])[ \t]+"
                      r"(?=[\u3000-\u303f\u3400-\u4dbf\u4e00-\u9fff\uff00-\uffef])")
_TEXT_TYPES = ("text/", "application/json", "application/xml", "application/csv")


def _source(part: Mapping[str, Any]) -> tuple[str, str, Any]:
    """(kind, name, where the content is) for the part shapes of OpenAI's two APIs."""
    kind = part.get("type")
    if kind == "image_url":
        inner = part.get("image_url")
        return "image", "", inner.get("url") if isinstance(inner, Mapping) else inner
    if kind == "input_image":
        return "image", "", part.get("image_url") or (("file_id", part["file_id"]) if part.get("file_id") else None)
    if kind in ("file", "input_file"):
        inner = part.get("file") if kind == "file" else part
        if not isinstance(inner, Mapping):
            return "file", "", None
        name = inner.get("filename") if isinstance(inner.get("filename"), str) else ""
        where = inner.get("file_data") or inner.get("file_url") or (
            ("file_id", inner["file_id"]) if inner.get("file_id") else None)
        return "file", name, where
    return "", "", None


def find_attachment(part: Mapping[str, Any], index: int,
                    measure: Callable[[str], int] = len) -> Attachment | None:
    """The attachment a content part carries, or None when it is not an image or file part.
    Nothing is decoded here: this runs on every message of every call."""
    kind, name, where = _source(part)
    if not kind:
        return None
    if isinstance(where, tuple):
        origin, payload = where
    elif not isinstance(where, str) or not where:
        origin, payload = "missing", ""
    elif where.startswith("data:"):
        origin, payload = "data", where
    elif where.startswith(("http://", "https://")):
        origin, payload = "url", where
    elif where.startswith("file://") or where.startswith("/"):
        origin, payload = "path", where
    else:  # bare base64, as file_data may be given
        origin, payload = "data", where
    media_type = ""
    if origin == "data" and payload.startswith("data:"):
        header = _DATA_URL.match(payload)
        media_type = (header.group("type") or "") if header else ""
    if not media_type and (name or origin in ("path", "url")):
        media_type = mimetypes.guess_type(name or urlparse(payload).path)[0] or ""
    return Attachment(index, kind, name, media_type, origin, str(payload), measure(str(payload)))


class AttachmentReader:
    """Reads attachments for the stages; one per Compressor, its memo shared by its threads."""

    def __init__(self, settings: Settings) -> None:
        from .stages.base import Memo  # the stages package loads only when something is read

        self.settings = settings
        self._memo = Memo(settings["attachments.memo_size"])
        self._allowed = tuple(Path(d).resolve() for d in settings["attachments.allowed_dirs"])
        self._ocr_languages: str | None = None   # found on first use

    def producer(self) -> str:
        """What shapes a reading: a state stored by a session with other settings (or before
        OCR was installed) is not reused, since its spans point into other text."""
        return (f"pdf_pages={self.settings['attachments.pdf_pages']} "
                f"max_chars={self.settings['attachments.max_chars']} ocr={self._languages() or 'none'}")

    def read_prefix(self, conv: Conversation, cut: int) -> tuple[tuple[Event, ...], list[str]]:
        """The prefix ``conv.events[:cut]`` with the attachments of its user messages read (their
        text appended), and a warning for each one that could not be. Other roles' attachments
        are weighed, not read: a system message is kept as it is, and a tool result's reading
        is made for its JSON."""
        events, warnings = [], []
        for event in conv.events[:cut]:
            if not event.attachments or event.role != "user":
                events.append(event)
                continue
            text, read = event.text, []
            for attachment in event.attachments:
                reading = self.read(attachment)
                pages = []
                for page in reading.pages:
                    text += PAGE_BREAK
                    pages.append((len(text), len(text) + len(page)))
                    text += page
                read.append(replace(attachment, reading=reading, pages=tuple(pages)))
                if reading.problem:
                    warnings.append(self._warning(event, attachment, reading))
            events.append(replace(event, text=text, attachments=tuple(read)))
        return tuple(events), warnings

    @staticmethod
    def _warning(event: Event, attachment: Attachment, reading: Reading) -> str:
        where = f"{event.id} part {attachment.part + 1}" + (f" ({attachment.name})" if attachment.name else "")
        if reading.problem == "no_ocr":
            return Warnings.W013.format(event=where, width=reading.width, height=reading.height,
                                        detail=reading.detail)
        return Warnings.W012.format(event=where, detail=reading.detail)

    def read(self, attachment: Attachment) -> Reading:
        """What one attachment says, remembered by the hash of its content."""
        key = (hashlib.sha256(attachment.payload.encode("utf-8", "surrogatepass")).hexdigest(),
               attachment.origin, attachment.media_type, attachment.name)
        return self._memo.get(key, lambda: self._read(attachment))

    def _read(self, attachment: Attachment) -> Reading:
        kind = _kind(attachment)
        if attachment.origin == "url":
            return Reading(kind, problem="remote", detail="a remote URL, never fetched")
        if attachment.origin == "file_id":
            return Reading(kind, problem="file_id", detail="an uploaded file's id; its content is not in the history")
        if attachment.origin == "missing":
            return Reading(kind, problem="missing", detail="the part names no data, URL, path or file id")
        data = self._bytes(attachment)
        if isinstance(data, Reading):
            return data
        if kind == "pdf":
            return self._pdf(data)
        if kind == "image":
            return self._image(data)
        if kind == "text":
            return self._text(data)
        return Reading(kind, problem="unsupported",
                       detail=f"no reader for {attachment.media_type or 'this type'}")

    def _bytes(self, attachment: Attachment) -> bytes | Reading:
        kind = _kind(attachment)
        if attachment.origin == "path":
            path = Path(unquote(urlparse(attachment.payload).path) if attachment.payload.startswith("file://")
                        else attachment.payload).resolve()
            if not any(path.is_relative_to(d) for d in self._allowed):
                return Reading(kind, problem="not_allowed",
                               detail=f"{path} is outside attachments.allowed_dirs; not read")
            try:
                return path.read_bytes()
            except OSError as exc:
                return Reading(kind, problem="corrupt", detail=f"{path}: {exc.strerror or exc}")
        payload = attachment.payload
        if payload.startswith("data:"):
            header = _DATA_URL.match(payload)
            if header is None or ";base64" not in header.group("params"):
                body = payload[header.end():] if header else payload
                return unquote(body).encode("utf-8", "surrogatepass")  # a plain (percent-encoded) data URL
            payload = payload[header.end():]
        try:
            return base64.b64decode("".join(payload.split()), validate=True)
        except (binascii.Error, ValueError) as exc:
            return Reading(kind, problem="bad_base64", detail=f"not valid base64 ({exc})")

    def _pdf(self, data: bytes) -> Reading:
        try:
            from pypdf import PdfReader
        except ImportError:
            return _missing("pdf", "pypdf")
        try:
            reader = PdfReader(io.BytesIO(data))
            if reader.is_encrypted and not reader.decrypt(""):
                return Reading("pdf", problem="encrypted", detail="the PDF is password-protected")
            count = len(reader.pages)
            limit = min(count, self.settings["attachments.pdf_pages"])
            pages = [_tidy(reader.pages[i].extract_text() or "") for i in range(limit)]
        except Exception as exc:  # noqa: BLE001 - pypdf raises many kinds on a broken file
            # FileNotDecryptedError; DependencyError: AES without the library to try the empty password
            encrypted = type(exc).__name__ in ("FileNotDecryptedError", "DependencyError")
            return Reading("pdf", problem="encrypted" if encrypted else "corrupt",
                           detail=f"not a readable PDF ({type(exc).__name__}: {exc})")
        pages = _capped(pages, self.settings["attachments.max_chars"])
        if not any(pages):
            return Reading("pdf", page_count=count, problem="no_text",
                           detail=f"no text layer in the first {limit} page(s) (a scan?)")
        return Reading("pdf", tuple(pages), count)

    def _text(self, data: bytes) -> Reading:
        try:
            text = data.decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            return Reading("text", problem="corrupt", detail=f"not UTF-8 text (byte {exc.start})")
        pages = _capped([_tidy(text)], self.settings["attachments.max_chars"])
        if not pages[0]:
            return Reading("text", page_count=1, problem="no_text", detail="the file is empty")
        return Reading("text", tuple(pages), 1)

    def _image(self, data: bytes) -> Reading:
        try:
            from PIL import Image, UnidentifiedImageError
        except ImportError:
            return _missing("image", "Pillow")
        try:
            with Image.open(io.BytesIO(data)) as image:
                width, height = image.size
                image.load()   # decodes the pixels: a truncated file fails here, not in OCR
        except (UnidentifiedImageError, Image.DecompressionBombError, OSError, ValueError, SyntaxError) as exc:
            return Reading("image", problem="corrupt", detail=f"not a readable image ({exc})")
        languages = self._languages()
        if not languages:
            return Reading("image", page_count=1, width=width, height=height, problem="no_ocr",
                           detail=self._no_ocr_reason())
        try:
            done = subprocess.run([self.settings["attachments.ocr"], "stdin", "stdout", "-l", languages],
                                  input=data, capture_output=True,
                                  timeout=self.settings["attachments.ocr_timeout_seconds"],
                                  env={**os.environ, "OMP_THREAD_LIMIT": "1"})
        except subprocess.TimeoutExpired:
            return Reading("image", page_count=1, width=width, height=height, problem="ocr_failed",
                           detail=f"OCR took longer than {self.settings['attachments.ocr_timeout_seconds']} s")
        if done.returncode != 0:
            return Reading("image", page_count=1, width=width, height=height, problem="ocr_failed",
                           detail=done.stderr.decode("utf-8", "replace").strip()[-200:])
        text = _CJK_GAP.sub("", _tidy(done.stdout.decode("utf-8", "replace")))
        pages = _capped([text], self.settings["attachments.max_chars"])
        if not pages[0]:
            return Reading("image", page_count=1, width=width, height=height, problem="no_text",
                           detail="OCR found no text")
        return Reading("image", tuple(pages), 1, width, height)

    def _languages(self) -> str:
        """The configured OCR languages that are installed, joined as Tesseract wants them."""
        if self._ocr_languages is None:
            command = shutil.which(self.settings["attachments.ocr"]) if self.settings["attachments.ocr"] else None
            installed: set[str] = set()
            if command:
                try:
                    listed = subprocess.run([command, "--list-langs"], capture_output=True, timeout=10)
                    installed = set(listed.stdout.decode("utf-8", "replace").split())
                except (OSError, subprocess.TimeoutExpired):
                    installed = set()
            wanted = [lang for lang in self.settings["attachments.ocr_languages"] if lang in installed]
            self._ocr_languages = "+".join(wanted)
        return self._ocr_languages

    def _no_ocr_reason(self) -> str:
        command = self.settings["attachments.ocr"]
        if not command:
            return "OCR is off (attachments.ocr = \"\")"
        if not shutil.which(command):
            return (f"the {command!r} command is not installed (Debian/Ubuntu: apt-get install "
                    "tesseract-ocr tesseract-ocr-chi-sim tesseract-ocr-eng)")
        return (f"none of the OCR languages {self.settings['attachments.ocr_languages']} is installed "
                "(Debian/Ubuntu: apt-get install tesseract-ocr-chi-sim tesseract-ocr-eng)")


def _missing(kind: str, package: str) -> Reading:
    """The reading of a file whose reader library is not installed (an optional extra)."""
    return Reading(kind, problem="missing_library",
                   detail=f"reading it needs {package}: pip install 'context-squeeze[attachments]'")


def _kind(attachment: Attachment) -> str:
    media = attachment.media_type
    if media == "application/pdf":
        return "pdf"
    if media.startswith("image/") or (attachment.kind == "image" and not media):
        return "image"
    if media.startswith(_TEXT_TYPES):
        return "text"
    return "unknown"


def _tidy(text: str) -> str:
    """Each line trimmed, runs of blank lines made one, so a page's clauses are its lines."""
    lines = [" ".join(line.split()) for line in text.splitlines()]
    return re.sub(r"\n{3,}", "\n\n", "\n".join(lines)).strip()


def _capped(pages: Sequence[str], limit: int) -> list[str]:
    """Pages cut to ``limit`` chars in all, at a line end when there is one."""
    kept, room = [], limit
    for page in pages:
        if room <= 0:
            break
        if len(page) > room:
            cut = page.rfind("\n", 0, room)
            page = page[:cut if cut > 0 else room]
        kept.append(page)
        room -= len(page)
    return kept
