"""The ``squeeze`` command: thin over the library. Errors print one numbered line and exit 2."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Any, Optional

import typer

from .compressor import Compressor
from .config import Settings, load_settings
from .errors import Errors, InputError, SqueezeError
from .inspection import inspection_html
from .parse import decode_json
from .units import is_tokens, target_in

app = typer.Typer(add_completion=False, no_args_is_help=True,
                  help="Compress long LLM-agent histories without losing the user's constraints.")


def _show_version(value: bool) -> None:
    if value:
        from . import __version__
        typer.echo(f"context-squeeze {__version__}")
        raise typer.Exit()


LOG_LEVELS = ("debug", "info", "warning", "error")


@app.callback()
def _root(ctx: typer.Context,
          version: bool = typer.Option(False, "--version", callback=_show_version, is_eager=True,
                                       help="Print the version and exit."),
          log_level: str = typer.Option("warning", "--log-level", case_sensitive=False,
                                        help="Log to stderr from this level: debug, info, warning, error "
                                        "(serve: also the server's access log).")) -> None:
    """Compress long LLM-agent histories without losing the user's constraints."""
    level = log_level.lower()
    if level not in LOG_LEVELS:
        typer.echo(f"--log-level must be one of {', '.join(LOG_LEVELS)}, not {log_level!r}", err=True)
        raise typer.Exit(2)
    import logging
    logging.basicConfig(level=level.upper(), stream=sys.stderr,
                        format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    ctx.obj = {"log_level": level}


def _fail(error: SqueezeError) -> None:
    typer.echo(error.message, err=True)
    raise typer.Exit(2)


def _read(source: str) -> Any:
    if source == "-":
        raw = sys.stdin.buffer.read()
    else:
        try:
            raw = Path(source).read_bytes()
        except OSError as exc:
            raise InputError(Errors.E014, path=source, detail=exc.strerror or str(exc)) from exc
    return decode_json(raw)


def _settings(config: Optional[Path], overrides: dict[str, Any], unit: Optional[str] = None,
              target_chars: Optional[str] = None,
              target_tokens: Optional[str] = None) -> tuple[Settings, Optional[int]]:
    """Settings with the command's flags, and the target in the unit they count in.

    ``--target-tokens`` without a unit counts o200k tokens; a target in the other unit, or one
    that is not a positive integer, is E011 (as in the library and the service)."""
    target_chars = _positive("--target-chars", target_chars)
    target_tokens = _positive("--target-tokens", target_tokens)
    settings = load_settings({k: v for k, v in {**overrides, "policy.unit": unit}.items()
                              if v is not None}, file=config)
    if target_tokens is not None and unit is None and not is_tokens(settings["policy.unit"]):
        settings = settings.with_overrides({"policy.unit": "o200k"})
    return settings, target_in(settings["policy.unit"], target_chars, target_tokens, "command line",
                               ("--target-chars", "--target-tokens"))


def _positive(flag: str, value: Optional[str]) -> Any:
    """A target flag read as text, so a bad one is E011 like everywhere else, not a usage box."""
    if value is None:
        return None
    if value.strip().isdigit() and int(value) > 0:
        return int(value)
    raise InputError(Errors.E011, where="command line", field=flag, value=value,
                     detail="expected a positive integer")


def _compressor(config: Optional[Path], overrides: dict[str, Any], unit: Optional[str] = None,
                target_chars: Optional[str] = None,
                target_tokens: Optional[str] = None) -> tuple[Compressor, Optional[int]]:
    settings, target = _settings(config, overrides, unit, target_chars, target_tokens)
    return _one_shot(settings), target


def _one_shot(settings: Settings) -> Compressor:
    """The Compressor of a command that compresses once, then ends: its entities are read here,
    where spaCy loads beside the embedding process's model (one-shot en 2.0 s), not in that
    process after it (2.6 s); the cold-call gain of ``models.ner_apart`` (about 20 ms) pays only
    in a process that keeps running."""
    return Compressor(settings.with_overrides({"models.ner_apart": []}, origin="one-shot command"))


ConfigOpt = typer.Option(None, "--config", help="A TOML file of settings (see default_config.toml).")
BudgetOpt = typer.Option(None, "--budget", help="Context budget, in the unit (policy.budget).")
UnitOpt = typer.Option(None, "--unit", help="What sizes count: chars (default), o200k or cl100k "
                       "tokens (the tokens extra), or a Hugging Face tokenizer.json (policy.unit).")
TargetTokensOpt = typer.Option(None, "--target-tokens", metavar="N",
                               help="Compact now to at most N tokens (o200k unless --unit says).")


@app.command()
def compress(
    source: str = typer.Argument(..., help="A JSON file of messages or a conversation object; - for stdin."),
    target_chars: Optional[str] = typer.Option(None, "--target-chars", metavar="N",
                                               help="Compact now to at most N chars."),
    target_tokens: Optional[str] = TargetTokensOpt,
    unit: Optional[str] = UnitOpt,
    force: bool = typer.Option(False, "--force", help="Compact now to the low watermark."),
    now: Optional[str] = typer.Option(None, "--now", help="ISO-8601 time that anchors relative dates."),
    lang: Optional[str] = typer.Option(None, "--lang", help="zh or en (default: detect)."),
    config: Optional[Path] = ConfigOpt,
    budget: Optional[int] = BudgetOpt,
    annotate: Optional[bool] = typer.Option(None, "--annotate/--no-annotate",
                                            help="Add metadata.squeeze to the summary message."),
    pretty: bool = typer.Option(False, "--pretty", help="Indent the JSON output."),
    llm_url: Optional[str] = typer.Option(None, "--llm-url",
                                          help="An OpenAI-compatible endpoint (e.g. http://127.0.0.1:8080/v1): "
                                               "write the summary with that model, validated, with fallback."),
    llm_model: Optional[str] = typer.Option(None, "--llm-model", help="The model name for --llm-url."),
    llm_key_env: Optional[str] = typer.Option(None, "--llm-key-env",
                                              help="The NAME of the environment variable holding the API key."),
) -> None:
    """Print {messages, snapshot, report} as JSON."""
    try:
        llm = {"llm.enabled": True if llm_url or llm_model else None, "llm.base_url": llm_url,
               "llm.model": llm_model, "llm.api_key_env": llm_key_env}
        compressor, target = _compressor(config, {"policy.budget": budget, "summary.annotate": annotate,
                                                  **llm}, unit, target_chars, target_tokens)
        result = compressor.compress(_read(source), target_chars=target, force=force,
                                     now=now, lang=lang)
    except SqueezeError as error:
        _fail(error)
    typer.echo(json.dumps(result.to_dict(), ensure_ascii=False, indent=2 if pretty else None))


@app.command()
def inspect(
    source: str = typer.Argument(..., help="A JSON file of messages or a conversation object; - for stdin."),
    target_chars: Optional[str] = typer.Option(None, "--target-chars", metavar="N"),
    target_tokens: Optional[str] = TargetTokensOpt,
    unit: Optional[str] = UnitOpt,
    force: bool = typer.Option(False, "--force"),
    now: Optional[str] = typer.Option(None, "--now"),
    lang: Optional[str] = typer.Option(None, "--lang"),
    config: Optional[Path] = ConfigOpt,
    budget: Optional[int] = BudgetOpt,
    html: Optional[Path] = typer.Option(None, "--html", help="Write a self-contained HTML page "
                                        "of this compression to this file instead of the table."),
) -> None:
    """Show where the cut fell, what was kept and what the summary says."""
    from rich.console import Console
    from rich.panel import Panel
    from rich.table import Table

    try:
        compressor, target = _compressor(config, {"policy.budget": budget}, unit, target_chars, target_tokens)
        data = _read(source)
        result = compressor.compress(data, target_chars=target, force=force, now=now, lang=lang)
        if html is not None:
            named = result.trace.conversation.id if result.trace else None
            page = inspection_html(result, title=named or Path(source).name)
            try:
                html.write_text(page, encoding="utf-8")
            except OSError as error:
                raise InputError(Errors.E016, path=str(html), detail=error.strerror or str(error)) from None
    except SqueezeError as error:
        _fail(error)
    if html is not None:
        typer.echo(f"wrote {html} ({len(page.encode('utf-8'))} bytes): {result.report['action']}, "
                   f"{result.report['size_before']} -> {result.report['size_after']} {result.report['unit']}")
        return
    report = result.report
    console = Console()
    head = Table(title="squeeze inspect", show_header=False)
    for key in ("action", "reason", "lang", "unit", "size_before", "size_after", "target", "cut_event",
                "covered", "summary_chars", "trimmed", "stage_ms"):
        head.add_row(key, str(report[key]))
    console.print(head)
    kept = Table(title="output messages")
    for column in ("#", "role", "kept as", "chars", "text"):
        kept.add_column(column)
    for i, message in enumerate(result.messages, 1):
        content = message.get("content") or ""
        text = content if isinstance(content, str) else json.dumps(content, ensure_ascii=False)
        how = ("summary" if message.get("name") == compressor.settings["summary.name"]
               else "trimmed" if report["trimmed"] and message.get("role") == "tool"
               and text.startswith(("[已省略", "[omitted")) else "verbatim")
        kept.add_row(str(i), message.get("role", ""), how, str(len(text)),
                     text.replace("\n", " ")[:80])
    console.print(kept)
    summary = next((m for m in result.messages if m.get("name") == compressor.settings["summary.name"]), None)
    if summary:
        console.print(Panel(summary["content"], title="summary"))
    for warning in report["warnings"]:
        console.print(f"[yellow]{warning}[/yellow]")


@app.command()
def batch(
    source: str = typer.Argument(..., help="A JSONL file (one conversation a line) or a directory "
                                 "of .json/.jsonl files; .gz too. --engine ray: also .parquet, "
                                 "and URIs Ray reads (s3://...)."),
    output: Path = typer.Option(..., "-o", "--output", help="OUTPUT JSONL ({id, messages, snapshot, "
                                "report} a line), or .parquet (needs the parquet extra)."),
    workers: Optional[int] = typer.Option(None, "--workers", min=1,
                                          help="Worker processes, each loading the models once "
                                          "(default: the cores; 1 = in this process)."),
    unordered: bool = typer.Option(False, "--unordered", help="Write results as they finish "
                                   "instead of in input order."),
    resume: bool = typer.Option(False, "--resume", help="Skip ids already in OUTPUT; append the rest."),
    errors: Optional[Path] = typer.Option(None, "--errors", help="Where failed lines go "
                                          "(default: OUTPUT.errors.jsonl)."),
    target_chars: Optional[str] = typer.Option(None, "--target-chars", metavar="N",
                                               help="Compact each to at most N chars."),
    target_tokens: Optional[str] = typer.Option(None, "--target-tokens", metavar="N", help="Compact each to "
                                                "at most N tokens (o200k unless --unit says)."),
    unit: Optional[str] = UnitOpt,
    force: bool = typer.Option(False, "--force", help="Compact each to the low watermark."),
    config: Optional[Path] = ConfigOpt,
    progress: bool = typer.Option(True, "--progress/--no-progress", help="Show a progress bar on stderr."),
    engine: str = typer.Option("local", "--engine", help="local: worker processes here; ray: a Ray "
                               "cluster (needs the ray extra). OUTPUT is the same set of records."),
    address: Optional[str] = typer.Option(None, "--address", help="--engine ray: join this cluster "
                                          "(auto, ray://HOST:PORT); default: start one on this machine."),
    actors: Optional[int] = typer.Option(None, "--actors", min=1, help="--engine ray: compressor actors "
                                         "(default: the cluster's CPUs minus one for the reads)."),
) -> None:
    """Compress an archive of conversations; failed lines go to an errors file, never lost.

    Exit status: 0 all done, 1 some lines failed (listed in the errors file), 2 bad arguments,
    130 interrupted (OUTPUT stays valid up to its last line; --resume goes on).
    """
    import time

    from rich.console import Console
    from rich.progress import (BarColumn, Progress, TaskProgressColumn, TextColumn,
                               TimeElapsedColumn, TimeRemainingColumn)
    from rich.table import Table

    from .batch import BatchSummary, input_size, run_batch

    if engine not in ("local", "ray"):
        typer.echo(f"--engine must be local or ray, not {engine!r}", err=True)
        raise typer.Exit(2)
    if engine == "ray":  # Ray Data's progress lines would run through the progress bar
        import logging
        try:
            import ray.data  # noqa: F401  (it sets up its loggers on import: quieted after)
        except ImportError:
            pass  # run_batch says E038 with the install hint
        for name in ("ray", "ray.data"):
            logging.getLogger(name).setLevel(logging.WARNING)
    local = Path(source)
    if not local.exists() and not (engine == "ray" and "://" in source):
        _fail(InputError(Errors.E014, path=source, detail="no such file or directory"))
    if resume and output.suffix == ".parquet":
        typer.echo("--resume needs a JSONL OUTPUT (a Parquet file cannot be appended to)", err=True)
        raise typer.Exit(2)
    try:
        settings, target = _settings(config, {}, unit, target_chars, target_tokens)
    except SqueezeError as error:
        _fail(error)
    console = Console(stderr=True)
    bar = Progress(BarColumn(bar_width=24), TaskProgressColumn(),
                   TextColumn("{task.fields[done]} done {task.fields[failed]} failed "
                              "{task.fields[skipped]} skipped · {task.fields[rate]:.1f}/s"),
                   TimeElapsedColumn(), TextColumn("ETA"), TimeRemainingColumn(),
                   console=console, disable=not progress, transient=False)
    task = bar.add_task("batch", total=(input_size(local) if local.exists() else 0) or None,
                        done=0, failed=0, skipped=0,
                        rate=0.0)
    started = time.perf_counter()

    def show(summary: BatchSummary, consumed: int) -> None:
        elapsed = time.perf_counter() - started
        rate = (summary.done + summary.failed) / elapsed if elapsed > 0 else 0.0
        bar.update(task, completed=consumed, done=summary.done, failed=summary.failed,
                   skipped=summary.skipped, rate=rate)

    try:
        with bar:
            summary = run_batch(source, output, settings=settings, workers=workers,
                                ordered=not unordered, resume=resume, errors_path=errors,
                                target_chars=target, force=force, on_progress=show,
                                engine=engine, address=address, actors=actors)
    except SqueezeError as error:
        _fail(error)
    except (OSError, RuntimeError) as error:
        typer.echo(f"squeeze batch: {error}", err=True)
        raise typer.Exit(2)
    table = Table(title="squeeze batch" + (" (interrupted)" if summary.interrupted else ""),
                  show_header=False)
    saved = summary.chars_before - summary.chars_after
    ratio = summary.chars_after / summary.chars_before if summary.chars_before else 1.0
    for key, value in (("done", summary.done), ("skipped (already in OUTPUT)", summary.skipped),
                       ("failed", f"{summary.failed} " + ", ".join(
                           f"{code}×{n}" for code, n in sorted(summary.codes.items()))),
                       ("chars before", f"{summary.chars_before:,}"),
                       ("chars after", f"{summary.chars_after:,} ({ratio:.1%}, {saved:,} saved)"),
                       ("time", (f"{summary.seconds:.1f} s, {summary.rate:.1f} conv/s, "
                                 f"{summary.workers} worker(s)")),
                       ("output", summary.output), ("errors", summary.errors)):
        table.add_row(key, str(value))
    console.print(table)
    if summary.interrupted:
        # OUTPUT and the errors file are closed. A worker stopped while it was sending a result
        # can leave multiprocessing's manager thread waiting for the rest forever, and Python
        # joins that thread at exit: end the process here instead (seen once in ~20 CI runs).
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(130)
    if summary.failed:
        raise typer.Exit(1)


@app.command()
def serve(
    ctx: typer.Context,
    host: Optional[str] = typer.Option(None, "--host", help="Address to listen on (service.host)."),
    port: Optional[int] = typer.Option(None, "--port", help="Port (service.port)."),
    workers: Optional[int] = typer.Option(None, "--workers", min=0, help="Worker processes, each with "
                                          "its own models (service.workers; 0 = threads of this process)."),
    unit: Optional[str] = UnitOpt,
    config: Optional[Path] = ConfigOpt,
) -> None:
    """Run the HTTP API (POST /v1/compress, /healthz, /readyz, /metrics, /docs); models load once."""
    try:
        import uvicorn

        from .service import create_app, exposure_warning
    except ImportError as exc:
        typer.echo(f"squeeze serve needs the service extra ({exc.name} is missing): "
                   "pip install 'context-squeeze[service]'", err=True)
        raise typer.Exit(2)
    try:
        settings, _ = _settings(config, {"service.workers": workers}, unit)
    except SqueezeError as error:
        _fail(error)
    host = host or settings["service.host"]
    warning = exposure_warning(host, settings)
    if warning:
        typer.echo(warning, err=True)
    level = (ctx.obj or {}).get("log_level", "warning")
    uvicorn.run(create_app(settings), host=host,
                port=port if port is not None else settings["service.port"],
                log_level="info" if level == "warning" else level)  # uvicorn's startup lines by default


session_app = typer.Typer(no_args_is_help=True,
                           help="Sessions in a store file: append, context, show, export, delete.")
app.add_typer(session_app, name="session")
StoreOpt = typer.Option(None, "--store", help="The session store file (default: session.store).")


def _session(store: Optional[Path], config: Optional[Path], session: str,
             unit: Optional[str] = None) -> Any:
    from .session import Session
    from .store import SQLiteStore

    settings, _ = _settings(config, {}, unit)
    return Session(SQLiteStore(store or settings["session.store"]), session, compressor=_one_shot(settings))


def _store(store: Optional[Path], config: Optional[Path]) -> Any:
    from .store import SQLiteStore

    return SQLiteStore(store or load_settings(file=config)["session.store"])


@session_app.command("append")
def session_append(
    session: str = typer.Argument(..., help="The session id (created on first append)."),
    source: str = typer.Argument(..., help="A JSON file of messages; - for stdin."),
    store: Optional[Path] = StoreOpt, config: Optional[Path] = ConfigOpt,
) -> None:
    """Append messages to the session's event log; prints their event ids."""
    try:
        data = _read(source)
        messages = data.get("messages") if isinstance(data, dict) else data
        ids = _session(store, config, session).append(messages)
    except SqueezeError as error:
        _fail(error)
    typer.echo(json.dumps(ids))


@session_app.command("context")
def session_context(
    session: str = typer.Argument(...),
    budget: Optional[int] = BudgetOpt,
    unit: Optional[str] = UnitOpt,
    force: bool = typer.Option(False, "--force", help="Compact now to the low watermark."),
    store: Optional[Path] = StoreOpt, config: Optional[Path] = ConfigOpt,
    pretty: bool = typer.Option(False, "--pretty", help="Indent the JSON output."),
) -> None:
    """Print {messages, snapshot, report}: what to send now, compacting first if needed."""
    try:
        result = _session(store, config, session, unit).compact(force=force, budget=budget)
    except SqueezeError as error:
        _fail(error)
    typer.echo(json.dumps(result.to_dict(), ensure_ascii=False, indent=2 if pretty else None))


@session_app.command("show")
def session_show(
    session: Optional[str] = typer.Argument(None, help="Omit to list the sessions in the store."),
    store: Optional[Path] = StoreOpt, config: Optional[Path] = ConfigOpt,
) -> None:
    """Print a session's log size, snapshots (newest state in full) and audit rows."""
    try:
        opened = _store(store, config)
        if session is None:
            typer.echo(json.dumps({"sessions": opened.sessions()}, ensure_ascii=False, indent=2))
            return
        view = opened.load(session)
        snapshots = opened.snapshots(session)
    except SqueezeError as error:
        _fail(error)
    shown = {
        "session": session, "revision": view.revision, "events": len(view.events),
        "last_event": view.events[-1].id if view.events else None,
        "snapshots": [{"version": s.version, "valid": s.valid, "covered": list(s.covered),
                       "state_revision": s.state_revision, "summary_chars": len(s.text),
                       "producers": s.producers, "created": s.created} for s in snapshots],
        "snapshot": view.snapshot.snapshot if view.snapshot else None,
        "audits": opened.audits(session),
    }
    typer.echo(json.dumps(shown, ensure_ascii=False, indent=2))


@session_app.command("export")
def session_export(
    session: str = typer.Argument(...),
    output: Optional[Path] = typer.Option(None, "--output", "-o", help="A JSONL file (default: stdout)."),
    store: Optional[Path] = StoreOpt, config: Optional[Path] = ConfigOpt,
) -> None:
    """Write the session's event log as JSONL: one {seq, id, appended, message} per line."""
    try:
        events = _store(store, config).load(session).events
    except SqueezeError as error:
        _fail(error)
    lines = [json.dumps({"seq": e.seq, "id": e.id, "appended": e.appended, "message": e.message},
                        ensure_ascii=False) for e in events]
    if output is None:
        for line in lines:
            typer.echo(line)
    else:
        output.write_text("".join(line + "\n" for line in lines), "utf-8")


@session_app.command("delete")
def session_delete(
    session: str = typer.Argument(...),
    event: Optional[list[str]] = typer.Option(None, "--event", help="An event id to erase (repeatable)."),
    everything: bool = typer.Option(False, "--all", help="Erase the whole session."),
    store: Optional[Path] = StoreOpt, config: Optional[Path] = ConfigOpt,
) -> None:
    """Erase events (and every snapshot covering them) or, with --all, the whole session."""
    if bool(event) == everything:
        typer.echo("give either --event ID (repeatable) or --all", err=True)
        raise typer.Exit(2)
    try:
        if everything:
            _store(store, config).delete_session(session)
            typer.echo(json.dumps({"deleted": session}))
        else:
            invalid = _session(store, config, session).delete_events(event or [])
            typer.echo(json.dumps({"deleted": event, "invalidated_snapshots": invalid}))
    except SqueezeError as error:
        _fail(error)


@app.command(context_settings={"allow_extra_args": True, "ignore_unknown_options": True,
                                "help_option_names": []})
def bench(ctx: typer.Context) -> None:
    """Run the benchmark suite (python -m benchmarks, from a checkout); --help lists its options.

    Quality next to LangChain truncation, a rule-only compressor and this project's ablations;
    latency by length, throughput, load time, RSS. Writes results/<timestamp>/.
    """
    root = Path(__file__).resolve().parent.parent
    if (root / "benchmarks" / "suite.py").is_file() and str(root) not in sys.path:
        sys.path.insert(0, str(root))  # benchmarks/ ships in the checkout, not in the wheel
    try:
        from benchmarks.suite import main as run_suite
    except ImportError as exc:
        typer.echo(f"squeeze bench runs from a source checkout (benchmarks/ not found: {exc})", err=True)
        raise typer.Exit(2) from None
    raise typer.Exit(run_suite(list(ctx.args)))


def main() -> None:
    app()


if __name__ == "__main__":
    main()
