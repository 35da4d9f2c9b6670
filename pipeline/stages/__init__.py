"""The stages that read the prefix. Each is pure: prefix + rule pack + settings → StageResult."""

from .base import Stage, StageInput, run_stage
from .facts import FactStage
from .state import StateStage

__all__ = ["FactStage", "Stage", "StageInput", "StateStage", "run_stage"]
