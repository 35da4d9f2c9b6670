"""The ``squeeze`` command: thin over the library. Errors print one numbered line and exit 2."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any, Optional

import typer

from .compressor import Compressor
from .config import load_settings
from .errors import Errors, InputError, SqueezeError
from .parse import decode_json

app = typer.Typer(add_completion=False, no_args_is_help=True,
                  help="Compress long LLM-agent histories without losing the user's constraints.")


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


def _compressor(config: Optional[Path], overrides: dict[str, Any]) -> Compressor:
    return Compressor(load_settings({k: v for k, v in overrides.items() if v is not None},
                                    file=config))


ConfigOpt = typer.Option(None, "--config", help="A TOML file of settings (see default_config.toml).")
BudgetOpt = typer.Option(None, "--budget", help="Context budget in chars (policy.budget).")


@app.command()
def compress(
    source: str = typer.Argument(..., help="A JSON file of messages or a conversation object; - for stdin."),
    target_chars: Optional[int] = typer.Option(None, "--target-chars", help="Compact now to at most N chars."),
    force: bool = typer.Option(False, "--force", help="Compact now to the low watermark."),
    now: Optional[str] = typer.Option(None, "--now", help="ISO-8601 time that anchors relative dates."),
    lang: Optional[str] = typer.Option(None, "--lang", help="zh or en (default: detect)."),
    config: Optional[Path] = ConfigOpt,
    budget: Optional[int] = BudgetOpt,
    annotate: Optional[bool] = typer.Option(None, "--annotate/--no-annotate",
                                            help="Add metadata.squeeze to the summary message."),
    pretty: bool = typer.Option(False, "--pretty", help="Indent the JSON output."),
) -> None:
    """Print {messages, snapshot, report} as JSON."""
    try:
        compressor = _compressor(config, {"policy.budget": budget, "summary.annotate": annotate})
        result = compressor.compress(_read(source), target_chars=target_chars, force=force,
                                     now=now, lang=lang)
    except SqueezeError as error:
        _fail(error)
    typer.echo(json.dumps(result.to_dict(), ensure_ascii=False, indent=2 if pretty else None))


@app.command()
def inspect(
    source: str = typer.Argument(..., help="A JSON file of messages or a conversation object; - for stdin."),
    target_chars: Optional[int] = typer.Option(None, "--target-chars"),
    force: bool = typer.Option(False, "--force"),
    now: Optional[str] = typer.Option(None, "--now"),
    lang: Optional[str] = typer.Option(None, "--lang"),
    config: Optional[Path] = ConfigOpt,
    budget: Optional[int] = BudgetOpt,
) -> None:
    """Show where the cut fell, what was kept and what the summary says."""
    from rich.console import Console
    from rich.panel import Panel
    from rich.table import Table

    try:
        compressor = _compressor(config, {"policy.budget": budget})
        data = _read(source)
        result = compressor.compress(data, target_chars=target_chars, force=force, now=now, lang=lang)
    except SqueezeError as error:
        _fail(error)
    report = result.report
    console = Console()
    head = Table(title="squeeze inspect", show_header=False)
    for key in ("action", "reason", "lang", "chars_before", "chars_after", "target", "cut_event",
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


def main() -> None:
    app()


if __name__ == "__main__":
    main()
