"""Settings: defaults from the one TOML file, overrides from the API, files and dotted keys."""

from __future__ import annotations

from pathlib import Path

import pytest

from pipeline import Compressor, ConfigError, load_settings


def test_defaults_match_the_design() -> None:
    s = load_settings()
    assert (s["policy.budget"], s["policy.trim_ratio"], s["policy.compact_ratio"]) == (100000, 0.5, 0.8)
    assert (s["policy.tail_ratio"], s["policy.low_watermark_ratio"], s["summary.summary_cap"]) == (0.2, 0.5, 6000)


def test_overrides_nested_dotted_and_file(tmp_path: Path) -> None:
    assert load_settings({"policy": {"budget": 5000}})["policy.budget"] == 5000
    assert load_settings({"policy.budget": 6000})["policy.budget"] == 6000
    path = tmp_path / "c.toml"
    path.write_text("[policy]\nbudget = 7000\n[summary]\nrole = \"system\"\n")
    s = load_settings({"policy.tail_ratio": 0.3}, file=path)
    assert (s["policy.budget"], s["summary.role"], s["policy.tail_ratio"]) == (7000, "system", 0.3)
    assert Compressor(str(path)).settings["policy.budget"] == 7000


@pytest.mark.parametrize(("overrides", "code"), [
    ({"policy.nope": 1}, "E020"),
    ({"policy.budget": "10k"}, "E021"),
    ({"policy.lenient_orphans": 1}, "E021"),
    ({"summary.role": "tool"}, "E021"),
    ({"policy.tail_ratio": 1.5}, "E021"),
    ({"policy.low_watermark_ratio": 0.9}, "E022"),
])
def test_bad_overrides_are_numbered_errors(overrides: dict, code: str) -> None:
    with pytest.raises(ConfigError) as caught:
        load_settings(overrides)
    assert caught.value.code == code
