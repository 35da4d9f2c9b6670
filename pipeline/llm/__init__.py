"""The optional LLM summary (DESIGN §7): a client for OpenAI-compatible chat endpoints, the
prompt built from the snapshot, a validator that never trusts the answer, and the summariser
that retries with the findings and falls back to the extractive summary.

Off by default: ``llm.enabled = true`` in the config, ``Compressor(llm=LLMSummarizer(...))``
or ``squeeze compress --llm-url URL --llm-model NAME``. httpx is imported on the first call.
"""

from .client import ChatClient, Completion, LLMCallError
from .summarizer import LLMSummarizer
from .validator import CHECKS, Finding, Validator, char_ngram_similarity, embedding_similarity

__all__ = ["CHECKS", "ChatClient", "Completion", "Finding", "LLMCallError", "LLMSummarizer",
           "Validator", "char_ngram_similarity", "embedding_similarity"]
