"""The stages that read the prefix. Each is pure: prefix + rule pack + settings → StageResult."""

from .base import Stage, StageInput, run_stage, start_stage
from .facts import FactStage
from .intents import IntentStage
from .state import StateStage

__all__ = ["FactStage", "IntentStage", "Stage", "StageInput", "StateStage", "run_stage", "start_stage"]
