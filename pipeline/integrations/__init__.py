"""Plugging context-squeeze into the frameworks agents are built on (imported on first use):

- ``pipeline.integrations.langchain``: ``SqueezeMiddleware`` for LangChain v1 ``create_agent``,
  ``to_openai`` / ``from_openai`` message conversion, and the shared ``Squeezer``;
- ``pipeline.integrations.langgraph``: ``squeeze_hook``, a LangGraph ``pre_model_hook``;
- ``pipeline.integrations.openai``: ``SqueezedCompletions``, which compresses and then calls
  ``client.chat.completions.create``.

Each needs its framework (``pip install 'context-squeeze[langchain]'`` or ``[openai]``); the core
never imports them.
"""
