"""context-squeeze: compress long agent histories, keeping what the user said must hold."""

from .compressor import Compressor
from .config import Settings, load_settings
from .errors import ConfigError, InputError, SqueezeError
from .types import CompressionResult

__all__ = ["CompressionResult", "Compressor", "ConfigError", "InputError", "Settings",
           "SqueezeError", "load_settings"]
