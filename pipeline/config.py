"""Settings: the default config, validated overrides from the API, the CLI and files.

Every threshold lives in ``default_config.toml``; code reads it only through ``Settings``.
Overrides are nested dicts or dotted keys (``{"policy.budget": 8000}``); an unknown key or a
value of the wrong type is an error (E020/E021), never silently ignored.
"""

from __future__ import annotations

import copy
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Mapping

from .errors import ConfigError, Errors

__all__ = ["Settings", "load_settings"]


def _default_tree() -> dict[str, Any]:
    text = (Path(__file__).parent / "default_config.toml").read_text("utf-8")
    return tomllib.loads(text)


def _flatten(tree: Mapping[str, Any], prefix: str = "") -> dict[str, Any]:
    flat: dict[str, Any] = {}
    for key, value in tree.items():
        dotted = f"{prefix}{key}"
        if isinstance(value, Mapping):
            flat.update(_flatten(value, dotted + "."))
        else:
            flat[dotted] = value
    return flat


def _check_type(key: str, default: Any, value: Any, origin: str) -> Any:
    if isinstance(default, bool):
        ok = isinstance(value, bool)
    elif isinstance(default, int):
        ok = isinstance(value, int) and not isinstance(value, bool)
    elif isinstance(default, float):
        ok = isinstance(value, (int, float)) and not isinstance(value, bool)
        value = float(value) if ok else value
    elif isinstance(default, list):
        ok = isinstance(value, list)
    else:
        ok = isinstance(value, type(default))
    if not ok:
        raise ConfigError(Errors.E021, key=key, origin=origin,
                          expected=type(default).__name__, value=value)
    return value


@dataclass(frozen=True)
class Settings:
    """A validated, read-only view of the config: ``settings["policy.budget"]``."""

    values: Mapping[str, Any]

    def __getitem__(self, key: str) -> Any:
        return self.values[key]

    def with_overrides(self, overrides: Mapping[str, Any] | None, origin: str = "API") -> Settings:
        if not overrides:
            return self
        merged = dict(self.values)
        for key, value in _flatten(overrides).items():
            if key not in merged:
                raise ConfigError(Errors.E020, key=key, origin=origin)
            merged[key] = _check_type(key, merged[key], value, origin)
        settings = Settings(merged)
        settings.validate()
        return settings

    def with_file(self, path: str | Path) -> Settings:
        try:
            tree = tomllib.loads(Path(path).read_text("utf-8"))
        except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
            raise ConfigError(Errors.E022, detail=f"cannot read config file {path}: {exc}") from exc
        return self.with_overrides(tree, origin=str(path))

    def validate(self) -> None:
        ratios = ("policy.trim_ratio", "policy.compact_ratio", "policy.tail_ratio",
                  "policy.low_watermark_ratio")
        for key in ratios:
            if not 0.0 < self[key] <= 1.0:
                raise ConfigError(Errors.E021, key=key, origin="settings",
                                  expected="a ratio in (0, 1]", value=self[key])
        if self["policy.trim_ratio"] > self["policy.compact_ratio"]:
            raise ConfigError(Errors.E022, detail="trim_ratio must not exceed compact_ratio")
        if self["policy.low_watermark_ratio"] > self["policy.compact_ratio"]:
            raise ConfigError(Errors.E022, detail="low_watermark_ratio must not exceed compact_ratio")
        if self["policy.budget"] <= 0:
            raise ConfigError(Errors.E021, key="policy.budget", origin="settings",
                              expected="a positive size", value=self["policy.budget"])
        if self["summary.role"] not in ("user", "system"):
            raise ConfigError(Errors.E021, key="summary.role", origin="settings",
                              expected='"user" or "system"', value=self["summary.role"])


def load_settings(overrides: Mapping[str, Any] | None = None,
                  file: str | Path | None = None) -> Settings:
    """Defaults, then a config file, then explicit overrides (the last wins)."""
    settings = Settings(copy.deepcopy(_flatten(_default_tree())))
    if file is not None:
        settings = settings.with_file(file)
    return settings.with_overrides(overrides)
