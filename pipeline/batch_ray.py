"""Batch on a Ray cluster: the local engine's records, ids, errors and counts, on many machines.

Why it is shaped this way:

- **Ray Data, not a home-made scheduler.** Input files are read by Ray read tasks (local paths,
  or anything pyarrow's file systems open: ``s3://``, ``gs://``, ``hdfs://``) through the same
  line reader as the local engine (``batch.lines_of``: line numbers, default ids, gzip sniffed),
  so a record is the same record whichever engine reads it. Compression is ``map_batches`` over
  an actor pool: each actor builds one :class:`Compressor` once (models loaded once per actor)
  and runs the local engine's ``_compress_one`` on every record it gets.
- **Written by the driver.** Results stream back to this process (Ray's object store applies
  backpressure) and are written by the local engine's writers: the same JSONL or Parquet OUTPUT,
  the same errors file, the same ``--resume`` (ids already in OUTPUT are skipped by the actors).
  Order is not kept: OUTPUT is the same *set* of records as the local engine's.
- **Faults.** An actor that dies (a node lost, kill -9, out of memory) is restarted by Ray and
  its batch retried (Ray Data's defaults for actor pools: restarts and retries without limit);
  a batch is written once, when it completes. Unlike the local engine, a conversation that
  kills every process it runs in is not isolated (E037): it is retried until the run is stopped.
"""

from __future__ import annotations

import json
import logging
import time
from pathlib import Path
from typing import Any, Callable, Iterator

from .batch import (BatchSummary, Counted, Outcome, Record, _compress_one, _conversation_files, _setup,
                    default_workers, json_record, lines_of, open_sink)
from .config import Settings
from .errors import Errors, SqueezeError

__all__ = ["run_batch_ray"]

_JSONL = (".jsonl", ".jsonl.gz", ".json", ".json.gz")


def _ray() -> Any:
    try:
        import ray
        import ray.data  # noqa: F401
    except ImportError:
        raise SqueezeError(Errors.E038) from None
    return ray


class _Compress:
    """One actor of the pool: one Compressor for its life, the local engine's code per record."""

    def __init__(self, settings: Settings, done: frozenset[str], target_chars: int | None,
                 force: bool) -> None:
        _setup(settings, done, target_chars, force, in_worker=False)

    def __call__(self, batch: dict[str, Any]) -> dict[str, list[Any]]:
        columns: dict[str, list[Any]] = {k: [] for k in ("status", "id", "payload", "before",
                                                         "after", "progress")}
        for i in range(len(batch["seq"])):
            record = Record(int(batch["seq"][i]), str(batch["source"][i]), int(batch["line"][i]),
                            bytes(batch["raw"][i]), str(batch["default_id"][i]), int(batch["progress"][i]))
            _, status, conv_id, payload, before, after = _compress_one(record)
            columns["status"].append(status)
            columns["id"].append(conv_id or "")
            columns["payload"].append(json.dumps(payload, ensure_ascii=False) if payload is not None else "")
            columns["before"].append(before)
            columns["after"].append(after)
            columns["progress"].append(record.progress)
        return columns


def _datasource(root: str, files: list[str] | None, single: bool, rows_per_block: int) -> Any:
    """A Ray file datasource yielding the local engine's records, ``rows_per_block`` a block:
    ``root`` one file (``single``) or a directory, whose ``files`` are listed here when local."""
    from ray.data.datasource import FileBasedDatasource

    order = {path: index for index, path in enumerate(files or [], 1)}

    class Conversations(FileBasedDatasource):
        def resolve_compression(self, path: str, open_args: dict[str, Any]) -> str | None:
            return None   # gzip is sniffed by lines_of, as in the local engine

        def _read_stream(self, f: Any, path: str) -> Iterator[Any]:
            rel = Path(path).name if single else _relative(path, root)
            index = order.get(path, 0)
            if path.endswith((".json", ".json.gz")):
                yield _block([json_record(f.readall(), rel, 0, index)])
                return
            default = (lambda n: f"#{n}") if single else (lambda n, name=rel: f"{name}#{n}")
            progress: Callable[[Counted], int] = (lambda counted: counted.count) if single else (lambda _: index)
            rows: list[Record] = []
            for record in lines_of(f, rel, 0, progress, default):
                rows.append(record)
                if len(rows) >= rows_per_block:
                    yield _block(rows)
                    rows = []
            if rows:
                yield _block(rows)

    return Conversations(files or root, file_extensions=None if single or files else [e.lstrip(".") for e in _JSONL])


def _relative(path: str, root: str) -> str:
    root = root.rstrip("/") + "/"
    return path[len(root):] if path.startswith(root) else Path(path).name


def _block(rows: list[Record]) -> Any:
    import pyarrow as pa

    return pa.table({"seq": [r.seq for r in rows], "source": [r.source for r in rows],
                     "line": [r.line for r in rows], "raw": pa.array([r.raw for r in rows], pa.binary()),
                     "default_id": [r.default_id for r in rows], "progress": [r.progress for r in rows]})


def _parquet_records(batch: Any) -> Any:
    """Parquet input: a ``conversation`` column (JSON text of a conversation or a message list),
    or ``messages`` (JSON text) with an optional ``id``; a row without an id is named by its
    place (``<file>#<row>``, rows counted per read block)."""
    import pyarrow as pa

    table: pa.Table = batch
    names = table.column_names
    rows = table.to_pylist()
    raws, ids = [], []
    for number, row in enumerate(rows, 1):
        if "conversation" in names:
            raw = row["conversation"]
        else:
            head = {k: row[k] for k in ("id", "now", "timezone", "lang") if k in names and row[k] is not None}
            text = json.dumps(head, ensure_ascii=False)
            raw = text[:-1] + (", " if head else "") + f'"messages": {row.get("messages") or "null"}}}'
        raws.append(raw.encode("utf-8") if isinstance(raw, str) else bytes(raw or b""))
        ids.append(str(row.get("id")) if row.get("id") is not None else f"{row.get('path', 'parquet')}#{number}")
    return pa.table({"seq": [0] * len(rows), "source": [str(r.get("path", "parquet")) for r in rows],
                     "line": list(range(1, len(rows) + 1)), "raw": pa.array(raws, pa.binary()),
                     "default_id": ids, "progress": [0] * len(rows)})


def run_batch_ray(input_path: str | Path, output_path: str | Path, *, settings: Settings,
                  address: str | None, actors: int | None, resume: bool,
                  errors_path: str | Path | None, target_chars: int | None, force: bool,
                  on_progress: Callable[[BatchSummary, int], None] | None) -> BatchSummary:
    """``run_batch(..., engine="ray")``: see the module docstring."""
    ray = _ray()
    source = str(input_path)
    started_here = not ray.is_initialized()
    if started_here:
        # a cluster of its own: one CPU slot per actor, and one for the read tasks (light: they
        # split lines), so the reads are never starved by actors that wait for their input
        local = {"num_cpus": (actors or default_workers()) + 1} if address is None else {}
        try:
            ray.init(address=address, include_dashboard=False, log_to_driver=False,
                     logging_level=logging.WARNING, **local)
        except Exception as error:  # noqa: BLE001 - no cluster at that address, or none startable
            raise SqueezeError(Errors.E039, detail=f"cannot start or join a cluster "
                               f"({type(error).__name__}: {error})") from None
    try:   # OUTPUT is opened (and truncated, unless resuming) only once there is a cluster
        sink, done = open_sink(output_path, errors_path, settings, resume, False, on_progress)
    except BaseException:
        if started_here:
            ray.shutdown()
        raise
    summary = sink.summary
    pool = actors or max(1, int(ray.cluster_resources().get("CPU", 2)) - 1)
    if "intents.threads" in settings.values:  # the actors fill the cores, not their threads
        settings = settings.with_overrides({"intents.threads": settings["batch.worker_threads"],
                                            "intents.process": False}, origin="batch.worker_threads")
    summary.workers = pool
    started = time.perf_counter()
    consumed = 0
    try:
        context = ray.data.DataContext.get_current()
        context.enable_progress_bars = False
        context.execution_options.preserve_order = False
        dataset = _read(ray, source, settings)
        compressed = dataset.map_batches(
            _Compress, fn_constructor_kwargs={"settings": settings, "done": done,
                                              "target_chars": target_chars, "force": force},
            batch_size=settings["batch.chunk_size"], batch_format="numpy",
            compute=ray.data.ActorPoolStrategy(size=pool), num_cpus=1)
        for index, batch in enumerate(compressed.iter_batches(batch_size=None, batch_format="numpy")):
            outcomes: list[Outcome] = []
            for i, status in enumerate(batch["status"]):
                payload = batch["payload"][i]
                outcomes.append((0, str(status), str(batch["id"][i]) or None,
                                 tuple(json.loads(payload)) if status == "done" else
                                 (json.loads(payload) if payload else None),
                                 int(batch["before"][i]), int(batch["after"][i])))
                consumed = max(consumed, int(batch["progress"][i]))
            sink.add(index, outcomes, consumed)
    except KeyboardInterrupt:
        summary.interrupted = True
    except SqueezeError:
        raise
    except Exception as error:  # noqa: BLE001 - Ray's failures arrive wrapped; say what, keep what was written
        raise SqueezeError(Errors.E039, detail=f"{type(error).__name__}: {str(error)[:400]}") from error
    finally:
        summary.seconds = time.perf_counter() - started
        sink.close()
        if started_here:
            ray.shutdown()
    return summary


def _read(ray: Any, source: str, settings: Settings) -> Any:
    """The records of the input, as a Ray dataset of the local engine's Record columns."""
    rows = settings["batch.chunk_size"] * 64
    local = Path(source)
    if source.endswith(".parquet") or (local.is_dir() and any(local.rglob("*.parquet"))):
        return ray.data.read_parquet(source, include_paths=True).map_batches(
            _parquet_records, batch_format="pyarrow", batch_size=rows)
    if local.is_dir():   # listed here, in the local engine's order and names
        root = str(local.resolve())
        files = [str(p.resolve()) for p in _conversation_files(local)]
        return ray.data.read_datasource(_datasource(root, files, False, rows))
    if local.exists():
        return ray.data.read_datasource(_datasource(str(local.resolve()), None, True, rows))
    import pyarrow.fs

    filesystem, path = pyarrow.fs.FileSystem.from_uri(source)   # a URI Ray's file systems open
    single = filesystem.get_file_info(path).type != pyarrow.fs.FileType.Directory
    return ray.data.read_datasource(_datasource(source, None, single, rows))
