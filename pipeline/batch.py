"""Batch compression of conversation archives: stream in, compress in worker processes, stream out.

Why it is shaped this way:

- **Streaming.** Input is read one line (or file) at a time and at most
  ``workers × batch.chunks_per_worker`` chunks are in flight or waiting to be written, so memory
  stays flat however large the archive.
- **Models once.** Each worker process builds one :class:`Compressor` in its initializer and
  reuses it for every conversation it gets; ``workers=1`` runs in this process, same code.
- **Nothing lost silently.** A line that cannot be compressed goes to the errors file with its
  line number, id and error code; the run goes on.
- **Valid after any stop.** Output lines are written whole, one ``write`` per batch of complete
  lines on an unbuffered file, so a kill leaves OUTPUT valid up to its last complete line;
  ``resume=True`` drops a trailing partial line and skips ids already written.

>>> run_batch("archive.jsonl.gz", "out.jsonl", workers=2)  # doctest: +SKIP
BatchSummary(done=..., skipped=0, failed=..., ...)
"""

from __future__ import annotations

import gzip
import io
import json
import os
import signal
import threading
import time
from collections.abc import Callable, Iterator, Mapping
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from multiprocessing import get_context
from pathlib import Path
from typing import IO, Any

from .compressor import Compressor
from .config import Settings, load_settings
from .errors import Errors, SqueezeError
from .parse import decode_json

__all__ = ["BatchSummary", "Record", "default_workers", "read_done_ids", "read_records",
           "run_batch"]

# Failures that are not about the line's content, so not in the input-error catalogue
# (pipeline/errors.py); they still get a stable code in the errors file.
INTERNAL_ERROR = Errors.E036.name  # compressing the line raised something unexpected (a bug)
WORKER_DIED = Errors.E037.name     # the worker process handling the line died (crash, memory)

_ID_PREFIX = b'{"id": '


@dataclass(frozen=True)
class Record:
    """One conversation as read: where it came from, and its raw bytes."""

    seq: int            # position in the input stream, 0-based
    source: str         # the input file (relative to an input directory)
    line: int           # 1-based line in ``source``
    raw: bytes
    default_id: str     # the id used when the conversation object has none
    progress: int       # input consumed so far (bytes of a file, or files of a directory)


@dataclass
class BatchSummary:
    """What a run did; ``chars_*`` count only the conversations written."""

    done: int = 0
    skipped: int = 0
    failed: int = 0
    chars_before: int = 0
    chars_after: int = 0
    seconds: float = 0.0
    interrupted: bool = False
    output: str = ""
    errors: str = ""
    workers: int = 1
    codes: dict[str, int] = field(default_factory=dict)

    @property
    def rate(self) -> float:
        return (self.done + self.failed) / self.seconds if self.seconds > 0 else 0.0

    def to_dict(self) -> dict[str, Any]:
        return {"done": self.done, "skipped": self.skipped, "failed": self.failed,
                "chars_before": self.chars_before, "chars_after": self.chars_after,
                "seconds": round(self.seconds, 3), "rate": round(self.rate, 2),
                "interrupted": self.interrupted, "output": self.output, "errors": self.errors,
                "workers": self.workers, "codes": dict(self.codes)}


def default_workers() -> int:
    """The cores this process may run on."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not Linux
        return max(1, os.cpu_count() or 1)


# ---------------------------------------------------------------- input


def _lines(path: Path, source: str, first_seq: int, progress: Callable[[Any], int],
           per_line_id: Callable[[int], str]) -> Iterator[Record]:
    with path.open("rb") as raw_file:
        yield from lines_of(raw_file, source, first_seq, progress, per_line_id)


def lines_of(raw_file: IO[bytes], source: str, first_seq: int, progress: Callable[[Any], int],
             per_line_id: Callable[[int], str]) -> Iterator[Record]:
    """The records of one open JSONL stream (gzip or not, told by its first bytes): one reading
    of lines, line numbers and default ids for every engine. ``progress`` gets the counted
    stream (``.count``: bytes read from ``raw_file``)."""
    counted = Counted(raw_file)
    head = counted.read(2)
    stream: Any = io.BufferedReader(counted.rewound(head), 1 << 16)
    if head == b"\x1f\x8b":
        stream = gzip.GzipFile(fileobj=stream)
    seq = first_seq
    for number, line in enumerate(stream, 1):
        if not line.strip():
            continue  # a blank line holds no conversation
        yield Record(seq, source, number, line, per_line_id(number), progress(counted))
        seq += 1


class Counted(io.RawIOBase):
    """A stream that counts the bytes read from it (Arrow's input streams cannot ``tell``) and
    can give back the first bytes read to sniff it (a remote file cannot seek back)."""

    def __init__(self, stream: IO[bytes]) -> None:
        self._stream, self.count, self._head = stream, 0, b""

    def rewound(self, head: bytes) -> "Counted":
        self._head = head
        return self

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        if self._head:
            n = min(len(buffer), len(self._head))
            buffer[:n], self._head = self._head[:n], self._head[n:]
            return n
        data = self._stream.read(len(buffer))
        buffer[:len(data)] = data
        self.count += len(data)
        return len(data)


def json_record(raw: bytes, rel: str, seq: int, progress: int) -> Record:
    """A directory's ``.json`` (or ``.json.gz``) file: one conversation, named by its path."""
    if raw[:2] == b"\x1f\x8b":
        raw = gzip.decompress(raw)
    return Record(seq, rel, 1, raw, rel.removesuffix(".gz").removesuffix(".json"), progress)


def _conversation_files(root: Path) -> list[Path]:
    names = (".json", ".json.gz", ".jsonl", ".jsonl.gz")
    return sorted(p for p in root.rglob("*") if p.is_file() and p.name.endswith(names))


def input_size(path: str | Path) -> int:
    """The progress total: bytes of a file (compressed size for .gz), files of a directory."""
    path = Path(path)
    return len(_conversation_files(path)) if path.is_dir() else path.stat().st_size


def read_records(path: str | Path) -> Iterator[Record]:
    """Yield the conversations of a JSONL file (also .gz) or a directory of .json/.jsonl files.

    A directory's ``.json`` file is one conversation (a list of messages or an object); its
    ``.jsonl`` files hold one a line. Files are read in sorted order, so runs are repeatable.
    A conversation without an ``id`` gets one from where it is: ``#<line>`` in a single JSONL
    file, ``<file>`` for a directory's .json file, ``<file>#<line>`` for a directory's JSONL.
    """
    path = Path(path)
    if not path.is_dir():
        yield from _lines(path, path.name, 0, lambda counted: counted.count, lambda n: f"#{n}")
        return
    seq = 0
    for index, file in enumerate(_conversation_files(path), 1):
        rel = file.relative_to(path).as_posix()
        if file.name.endswith((".json", ".json.gz")):
            yield json_record(file.read_bytes(), rel, seq, index)
            seq += 1
            continue

        def files_read(_: Any, done: int = index) -> int:
            return done

        def line_id(number: int, name: str = rel) -> str:
            return f"{name}#{number}"

        for record in _lines(file, rel, seq, files_read, line_id):
            yield record
            seq = record.seq + 1


# ---------------------------------------------------------------- output


def read_done_ids(output: str | Path, *, repair: bool = False) -> set[str]:
    """Ids already in a JSONL OUTPUT; with ``repair``, cut a trailing partial line off the file.

    Only the id is decoded (every line starts with it), so a large output reads quickly.
    """
    path = Path(output)
    done: set[str] = set()
    if not path.exists():
        return done
    decoder = json.JSONDecoder()
    complete = 0
    with path.open("rb") as handle:
        for line in handle:
            if not line.endswith(b"\n"):
                break  # an interrupted write: the only place a partial line can be
            complete += len(line)
            if line.startswith(_ID_PREFIX):
                try:
                    value, _ = decoder.raw_decode(line[len(_ID_PREFIX):].decode("utf-8"))
                except (ValueError, UnicodeDecodeError):
                    continue
                done.add(str(value))
    if repair and complete < path.stat().st_size:
        with path.open("r+b") as handle:
            handle.truncate(complete)
    return done


class _LineWriter:
    """Whole JSON lines on an unbuffered file: each batch of lines is one ``write`` call."""

    def __init__(self, path: Path, append: bool) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        self._file = io.FileIO(path, "a" if append else "w")

    def write(self, lines: list[bytes]) -> None:
        if not lines:
            return
        data = memoryview(b"".join(lines))
        while data:
            written = self._file.write(data)
            data = data[written or 0:]

    def close(self) -> None:
        self._file.close()


class _JsonlOutput:
    def __init__(self, path: Path, append: bool) -> None:
        self._writer = _LineWriter(path, append)

    def write(self, rows: list[tuple[str, str, str, str]]) -> None:
        self._writer.write([(f'{{"id": {json.dumps(i, ensure_ascii=False)}, "messages": {m}, '
                             f'"snapshot": {s}, "report": {r}}}\n').encode()
                            for i, m, s, r in rows])

    def close(self) -> None:
        self._writer.close()


class _ParquetOutput:
    """Columns id, messages, snapshot, report (the last three as JSON text), in row groups."""

    def __init__(self, path: Path, row_group: int) -> None:
        try:
            import pyarrow as pa
            import pyarrow.parquet as pq
        except ImportError as exc:  # the optional extra
            raise RuntimeError("Parquet output needs pyarrow: pip install "
                               "'context-squeeze[parquet]'") from exc
        self._pa = pa
        self._schema = pa.schema([(name, pa.string())
                                  for name in ("id", "messages", "snapshot", "report")])
        path.parent.mkdir(parents=True, exist_ok=True)
        self._writer = pq.ParquetWriter(str(path), self._schema)
        self._rows: list[tuple[str, str, str, str]] = []
        self._row_group = row_group

    def write(self, rows: list[tuple[str, str, str, str]]) -> None:
        self._rows.extend(rows)
        if len(self._rows) >= self._row_group:
            self._flush()

    def _flush(self) -> None:
        if self._rows:
            columns = list(zip(*self._rows))
            self._writer.write_table(self._pa.Table.from_arrays(
                [self._pa.array(c, self._pa.string()) for c in columns], schema=self._schema))
            self._rows = []

    def close(self) -> None:
        self._flush()
        self._writer.close()


# ---------------------------------------------------------------- work

# (seq, status, id, payload, chars_before, chars_after); payload is (messages, snapshot,
# report) JSON text when done, the errors-file record when failed, None when skipped
Outcome = tuple[int, str, "str | None", Any, int, int]

_WORKER: dict[str, Any] = {}


def die_with_parent(parent: int, every: float) -> None:
    """End this worker once its parent is gone (kill -9 included: nothing else would tell it;
    it is then the child of another process)."""
    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(every)
        os._exit(1)

    threading.Thread(target=watch, name="squeeze-parent-watch", daemon=True).start()


def _setup(settings: Settings, done: frozenset[str], target_chars: int | None, force: bool,
           in_worker: bool, parent: int | None = None) -> None:
    """Build the one Compressor of this process (the pool initializer, or inline)."""
    if in_worker:
        signal.signal(signal.SIGINT, signal.SIG_IGN)  # the parent decides how to stop
        if parent is not None:
            die_with_parent(parent, settings["batch.parent_check_seconds"])
    _WORKER.update(compressor=Compressor(settings), done=done, target_chars=target_chars,
                   force=force)


def _conversation_id(data: Any, record: Record) -> str | None:
    if isinstance(data, Mapping):
        value = data.get("id")
        if isinstance(value, (str, int)) and not isinstance(value, bool):
            return str(value)
    return None


def _id_of(record: Record) -> str | None:
    """The conversation id of a line, read in the parent only for a line that failed there."""
    try:
        return _conversation_id(decode_json(record.raw), record)
    except SqueezeError:
        return None


def _failure(record: Record, conv_id: str | None, code: str, message: str) -> Outcome:
    entry = {"line": record.line, "source": record.source, "id": conv_id or record.default_id,
             "code": code, "message": message}
    return (record.seq, "failed", conv_id, entry, 0, 0)


def _compress_one(record: Record) -> Outcome:
    compressor: Compressor = _WORKER["compressor"]
    conv_id: str | None = None
    try:
        data = decode_json(record.raw)
        conv_id = _conversation_id(data, record) or record.default_id
        if conv_id in _WORKER["done"]:
            return (record.seq, "skipped", conv_id, None, 0, 0)
        result = compressor.compress(data, target_chars=_WORKER["target_chars"],
                                     force=_WORKER["force"])
    except SqueezeError as error:
        return _failure(record, conv_id, error.code, error.message)
    except Exception as error:  # noqa: BLE001 - one bad line must not stop the run
        return _failure(record, conv_id, INTERNAL_ERROR,
                        Errors.E036.format(kind=type(error).__name__, detail=error))
    dump = json.dumps
    payload = (dump(result.messages, ensure_ascii=False), dump(result.snapshot, ensure_ascii=False),
               dump(result.report, ensure_ascii=False))
    return (record.seq, "done", conv_id, payload, result.report["chars_before"],
            result.report["chars_after"])


def _compress_chunk(chunk: list[Record]) -> list[Outcome]:
    return [_compress_one(record) for record in chunk]


def _chunks(records: Iterator[Record], size: int) -> Iterator[list[Record]]:
    chunk: list[Record] = []
    for record in records:
        chunk.append(record)
        if len(chunk) >= size:
            yield chunk
            chunk = []
    if chunk:
        yield chunk


class _Interrupted(Exception):
    """SIGTERM, turned into an exception so the run closes its files and workers."""


def _raise_interrupted(signum: int, frame: Any) -> None:
    raise _Interrupted()


@dataclass
class _Sink:
    """Writes outcomes in order (or as they come), counts them, drives the progress display."""

    output: Any
    errors: _LineWriter
    summary: BatchSummary
    ordered: bool
    on_progress: Callable[[BatchSummary, int], None]
    pending: dict[int, tuple[list[Outcome], int]] = field(default_factory=dict)
    next_chunk: int = 0

    def close(self) -> None:
        self.output.close()
        self.errors.close()

    def add(self, index: int, outcomes: list[Outcome], progress: int) -> None:
        if not self.ordered:
            self._emit(outcomes, progress)
            return
        self.pending[index] = (outcomes, progress)
        while self.next_chunk in self.pending:
            self._emit(*self.pending.pop(self.next_chunk))
            self.next_chunk += 1

    def _emit(self, outcomes: list[Outcome], progress: int) -> None:
        rows, errors = [], []
        for _, status, conv_id, payload, before, after in outcomes:
            if status == "done":
                rows.append((conv_id, *payload))
                self.summary.done += 1
                self.summary.chars_before += before
                self.summary.chars_after += after
            elif status == "skipped":
                self.summary.skipped += 1
            else:
                errors.append((json.dumps(payload, ensure_ascii=False) + "\n").encode("utf-8"))
                self.summary.failed += 1
                self.summary.codes[payload["code"]] = self.summary.codes.get(payload["code"], 0) + 1
        self.output.write(rows)
        self.errors.write(errors)
        self.on_progress(self.summary, progress)


def open_sink(output_path: str | Path, errors_path: str | Path | None, settings: Settings,
              resume: bool, ordered: bool,
              on_progress: Callable[[BatchSummary, int], None] | None) -> tuple[_Sink, frozenset[str]]:
    """OUTPUT (JSONL, or Parquet by its suffix) and the errors file opened for a run, with the
    ids already written when resuming: the same for every engine."""
    out = Path(output_path)
    parquet = out.suffix == ".parquet"
    if parquet and resume:
        raise ValueError("--resume needs a JSONL OUTPUT (Parquet files cannot be appended to)")
    errs = Path(errors_path) if errors_path else out.with_name(out.name + settings["batch.errors_suffix"])
    done = frozenset(read_done_ids(out, repair=True)) if resume else frozenset()
    output: Any = (_ParquetOutput(out, settings["batch.parquet_row_group"]) if parquet
                   else _JsonlOutput(out, append=resume))
    # the errors file lists the lines failing in this run: with --resume every line not yet in
    # OUTPUT is tried again, so earlier failures are found again (or are fixed)
    summary = BatchSummary(output=str(out), errors=str(errs))
    return _Sink(output, _LineWriter(errs, append=False), summary, ordered,
                 on_progress or (lambda s, p: None)), done


def run_batch(
    input_path: str | Path,
    output_path: str | Path,
    *,
    settings: Settings | None = None,
    workers: int | None = None,
    ordered: bool = True,
    resume: bool = False,
    errors_path: str | Path | None = None,
    target_chars: int | None = None,
    force: bool = False,
    on_progress: Callable[[BatchSummary, int], None] | None = None,
    engine: str = "local",
    address: str | None = None,
    actors: int | None = None,
) -> BatchSummary:
    """Compress every conversation of ``input_path`` into ``output_path``; return the counts.

    ``engine="ray"`` runs on a Ray cluster (``address``: None starts one on this machine,
    "auto" or "ray://HOST:PORT" joins one) with ``actors`` compressor actors (default: the
    cluster's CPUs); the output is the same set of records, in any order (pipeline/batch_ray.py).

    OUTPUT is JSONL (``{"id", "messages", "snapshot", "report"}`` a line) or, when it ends in
    ``.parquet``, Parquet. ``on_progress(summary, consumed)`` is called after each write,
    ``consumed`` in the units of :func:`input_size`. Ctrl-C or SIGTERM stops the run cleanly
    (``summary.interrupted``) with everything written so far valid.
    """
    settings = settings or load_settings()
    if engine == "ray":
        from .batch_ray import run_batch_ray
        return run_batch_ray(input_path, output_path, settings=settings, address=address,
                             actors=actors, resume=resume, errors_path=errors_path,
                             target_chars=target_chars, force=force, on_progress=on_progress)
    if engine != "local":
        raise ValueError(f"unknown engine {engine!r}: local or ray")
    workers = default_workers() if workers is None else max(1, workers)
    sink, done = open_sink(output_path, errors_path, settings, resume, ordered, on_progress)
    summary = sink.summary
    summary.workers = workers
    chunks = _chunks(read_records(input_path), settings["batch.chunk_size"])
    main_thread = threading.current_thread() is threading.main_thread()
    previous = signal.signal(signal.SIGTERM, _raise_interrupted) if main_thread else None
    started = time.perf_counter()
    try:
        if workers == 1:
            _setup(settings, done, target_chars, force, in_worker=False)
            try:
                for index, chunk in enumerate(chunks):
                    sink.add(index, _compress_chunk(chunk), chunk[-1].progress)
            finally:
                _WORKER.clear()
        else:
            _run_pool(chunks, sink, settings, workers, done, target_chars, force)
    except (KeyboardInterrupt, _Interrupted):
        summary.interrupted = True
    finally:
        if main_thread:
            signal.signal(signal.SIGTERM, previous)
        summary.seconds = time.perf_counter() - started
        sink.close()
    return summary


def _run_pool(chunks: Iterator[list[Record]], sink: _Sink, settings: Settings, workers: int,
              done: frozenset[str], target_chars: int | None, force: bool) -> None:
    window = workers * settings["batch.chunks_per_worker"]
    if "intents.threads" in settings.values:  # the processes fill the cores, not their threads
        settings = settings.with_overrides({"intents.threads": settings["batch.worker_threads"],
                                            "intents.process": False}, origin="batch.worker_threads")

    def start() -> ProcessPoolExecutor:
        return ProcessPoolExecutor(workers, mp_context=get_context(settings["batch.start_method"]),
                                   initializer=_setup,
                                   initargs=(settings, done, target_chars, force, True,
                                             os.getpid()))

    pool = start()
    # future -> (chunk index, chunk, the pool it was sent to)
    in_flight: dict[Future[list[Outcome]], tuple[int, list[Record], ProcessPoolExecutor]] = {}

    def full(index: int) -> bool:
        if sink.ordered:  # submitted but not yet written, so the reorder buffer is bounded too
            return bool(in_flight) and index - sink.next_chunk >= window
        return len(in_flight) >= window

    suspects: list[tuple[int, list[Record]]] = []   # chunks a dead worker took down with it

    def replace(broken: ProcessPoolExecutor) -> None:
        nonlocal pool
        if broken is pool:  # every future of a broken pool fails: replace it once
            pool.shutdown(wait=False, cancel_futures=True)
            pool = start()

    def collect(block: bool) -> None:
        finished, _ = wait(list(in_flight), timeout=None if block else 0,
                           return_when=FIRST_COMPLETED)
        for future in sorted(finished, key=lambda f: in_flight[f][0]):
            index, chunk, owner = in_flight.pop(future)
            try:
                sink.add(index, future.result(), chunk[-1].progress)
            except BrokenProcessPool:
                suspects.append((index, chunk))
                replace(owner)

    def settle() -> None:
        """A worker died: its chunks (and those of its pool) are run again one conversation at
        a time, alone, so a conversation fails with E037 only if a worker dies on it alone."""
        while in_flight:
            collect(block=True)
        for index, chunk in sorted(suspects, key=lambda s: s[0]):
            outcomes: list[Outcome] = []
            for record in chunk:
                owner = pool
                try:
                    outcomes += owner.submit(_compress_chunk, [record]).result()
                except BrokenProcessPool:
                    outcomes.append(_failure(record, _id_of(record), WORKER_DIED,
                                             Errors.E037.format()))
                    replace(owner)
            sink.add(index, outcomes, chunk[-1].progress)
        suspects.clear()

    try:
        for index, chunk in enumerate(chunks):
            while full(index) and not suspects:
                collect(block=True)
            if suspects:
                settle()
            in_flight[pool.submit(_compress_chunk, chunk)] = (index, chunk, pool)
            if not sink.ordered:
                collect(block=False)
        while in_flight:
            collect(block=True)
        if suspects:
            settle()
    except BaseException:
        # interrupted: the chunks waiting are cancelled; those in progress may end (their lines
        # are not written) for batch.stop_seconds, then their workers are terminated. Not at
        # once: a worker killed while sending its result leaves half a message in the result
        # pipe, and the executor's thread then waits on it forever, holding the interpreter's exit.
        processes = list((getattr(pool, "_processes", None) or {}).values())
        pool.shutdown(wait=False, cancel_futures=True)
        ends = time.monotonic() + settings["batch.stop_seconds"]
        for process in processes:
            process.join(timeout=max(0.0, ends - time.monotonic()))
        for process in processes:
            if process.is_alive():
                process.terminate()
                process.join(timeout=5)
        raise
    pool.shutdown(wait=True)
