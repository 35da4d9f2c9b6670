"""context-squeeze: compress long agent histories, keeping what the user said must hold."""

__version__ = "0.1.0"  # the one place the version is written (pyproject.toml reads it)

from .compressor import Compressor
from .config import Settings, load_settings
from .errors import ConfigError, InputError, SqueezeError, StoreError
from .inspection import inspection_html
from .session import Session
from .store import SQLiteStore, Store
from .types import CompressionResult

__all__ = ["CompressionResult", "Compressor", "ConfigError", "InputError", "SQLiteStore", "Session",
           "Settings", "SqueezeError", "Store", "StoreError", "__version__", "inspection_html",
           "load_settings"]
