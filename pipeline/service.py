"""The HTTP service: thin over :class:`Compressor`, with the models loaded once per worker.

``squeeze serve`` runs :func:`create_app` under uvicorn. Startup returns at once and loads the
models in the background (a warm-up compression per language), so ``/healthz`` answers while
``/readyz`` says 503 until the models are in; ``POST /v1/compress`` takes what ``squeeze
compress`` takes (a conversation object or a list of messages, plus ``target_chars`` and
``force``) and returns the same ``{messages, snapshot, report}``; ``POST /v1/inspect`` takes
the same and answers the page of ``squeeze inspect --html``. Compressions run in
worker processes (``service.workers``; pipeline/workers.py), each request bounded by
``service.timeout_seconds``: past it, its worker is killed and replaced.
Every error is JSON, ``{"error": {"code", "message"}}``, never a stack trace.

>>> uvicorn.run(create_app(), port=8000)  # doctest: +SKIP
"""

from __future__ import annotations

import hmac
import ipaddress
import logging
import os
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Mapping
from contextlib import asynccontextmanager
from typing import Any

from fastapi import FastAPI, Request
from fastapi.responses import HTMLResponse, JSONResponse, Response
from prometheus_client import (
    CONTENT_TYPE_LATEST,
    CollectorRegistry,
    Counter,
    Gauge,
    Histogram,
    generate_latest,
)
from pydantic import BaseModel
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.requests import ClientDisconnect

from . import __version__
from .compressor import Compressor
from .config import Settings, load_settings
from .errors import Errors, InputError, SqueezeError, Warnings
from .parse import decode_json
from .units import target_in
from .workers import NoWorker, Overdue, ProcessRunner, Runner, ThreadRunner, WorkerLost

__all__ = ["create_app"]

log = logging.getLogger("pipeline.service")


class ApiError(Exception):
    """An HTTP error answered as ``{"error": {"code", "message"}}``."""

    def __init__(self, status: int, code: str, message: str,
                 headers: Mapping[str, str] | None = None) -> None:
        super().__init__(message)
        self.status, self.code, self.message, self.headers = status, code, message, headers

    @classmethod
    def of(cls, status: int, entry: Errors, headers: Mapping[str, str] | None = None,
           **kwargs: object) -> ApiError:
        return cls(status, entry.name, entry.format(**kwargs), headers)


def error_response(status: int, code: str, message: str,
                   headers: Mapping[str, str] | None = None) -> JSONResponse:
    return JSONResponse({"error": {"code": code, "message": message}}, status_code=status,
                        headers=dict(headers or {}))


# ------------------------------------------------------------------ OpenAPI documentation only


class ErrorDetail(BaseModel):
    code: str
    message: str


class ErrorBody(BaseModel):
    error: ErrorDetail


class CompressResponse(BaseModel):
    messages: list[dict[str, Any]]
    snapshot: dict[str, Any]
    report: dict[str, Any]


_MESSAGE_SCHEMA = {
    "type": "object", "required": ["role"],
    "properties": {"role": {"type": "string", "enum": ["system", "user", "assistant", "tool"]},
                   "content": {"anyOf": [{"type": "string"}, {"type": "array"}, {"type": "null"}]},
                   "tool_calls": {"type": "array"}, "tool_call_id": {"type": "string"},
                   "id": {"type": "string"}, "name": {"type": "string"},
                   "metadata": {"type": "object"}, "timestamp": {"type": ["string", "number"]}},
}
_REQUEST_SCHEMA = {"oneOf": [
    {"type": "object", "required": ["messages"], "title": "Conversation",
     "properties": {"messages": {"type": "array", "items": _MESSAGE_SCHEMA},
                    "id": {"type": "string"}, "now": {"type": ["string", "number"]},
                    "timezone": {"type": "string"}, "lang": {"type": "string"},
                    "target_chars": {"type": "integer", "minimum": 1,
                                     "description": "compact now to at most this many chars"},
                    "target_tokens": {"type": "integer", "minimum": 1,
                                      "description": "compact now to at most this many tokens "
                                                     "(when the service counts tokens: policy.unit)"},
                    "force": {"type": "boolean", "description": "compact now to the low watermark"}}},
    {"type": "array", "items": _MESSAGE_SCHEMA, "title": "Messages"},
]}


# ------------------------------------------------------------------ metrics


class Metrics:
    """Prometheus metrics of one app, in their own registry (several apps may share a process)."""

    def __init__(self) -> None:
        self.registry = CollectorRegistry()
        r = self.registry
        self.requests = Counter("squeeze_requests", "HTTP requests", ["path", "status"], registry=r)
        self.latency = Histogram("squeeze_request_seconds", "HTTP request latency", ["path"],
                                 buckets=(.005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5, 10, 30),
                                 registry=r)
        self.actions = Counter("squeeze_compressions", "Compressions by action taken",
                               ["action"], registry=r)
        self.fallbacks = Counter("squeeze_fallbacks", "Degraded compressions: a failed stage "
                                 "or a summariser fallback", ["kind"], registry=r)
        for kind in ("stage", "summary"):  # exported as 0 from the start
            self.fallbacks.labels(kind)
        self.chars_in = Counter("squeeze_chars_in", "Chars of the histories received", registry=r)
        self.chars_out = Counter("squeeze_chars_out", "Chars of the histories returned", registry=r)
        self.chars_saved = Counter("squeeze_chars_saved", "Chars removed by compression", registry=r)
        self.ready = Gauge("squeeze_ready", "1 once the models are loaded", registry=r)
        self.load_seconds = Gauge("squeeze_model_load_seconds", "Time to load and warm the models",
                                  registry=r)

    def observe(self, report: Mapping[str, Any]) -> None:
        self.actions.labels(report["action"]).inc()
        for state in (report.get("stages") or {}).values():
            if state != "ok":
                self.fallbacks.labels("stage").inc()
        if report.get("fallback"):
            self.fallbacks.labels("summary").inc()
        self.chars_in.inc(report["chars_before"])
        self.chars_out.inc(report["chars_after"])
        self.chars_saved.inc(max(0, report["chars_before"] - report["chars_after"]))


# ------------------------------------------------------------------ the app


class _State:
    """What the app holds: where compressions run, the auth token, the metrics."""

    def __init__(self, settings: Settings, runner: Runner, token: str | None) -> None:
        self.settings = settings
        self.runner = runner
        self.token = token
        self.metrics = Metrics()


def _option(name: str, value: Any, query: bool = False) -> Any:
    """Check ``target_chars`` / ``target_tokens`` / ``force``; only the query string's are text
    (a body's "12" is E011, as in the library)."""
    if name in ("target_chars", "target_tokens"):
        if query and value.strip().isdigit():
            value = int(value)
        if value is None or (isinstance(value, int) and not isinstance(value, bool) and value > 0):
            return value
        raise InputError(Errors.E011, where="request", field=name, value=value,
                         detail="expected a positive integer")
    if query and value.lower() in ("true", "false", "1", "0"):
        value = value.lower() in ("true", "1")
    if isinstance(value, bool):
        return value
    raise InputError(Errors.E011, where="request", field="force", value=value,
                     detail="expected true or false")


def _request(data: Any, query: Mapping[str, str], unit: str) -> tuple[Any, dict[str, Any]]:
    """Split a body into the history and the options (body fields win over the query string);
    the target must be named in the unit the service counts (policy.unit)."""
    options: dict[str, Any] = {"target_chars": None, "target_tokens": None, "force": False}
    for name in options:
        if name in query:
            options[name] = _option(name, query[name], query=True)
    if isinstance(data, Mapping):
        data = dict(data)
        for name in options:
            if name in data:
                options[name] = _option(name, data.pop(name))
    for name in ("now", "lang"):  # for a bare list of messages these come from the query
        if name in query and not (isinstance(data, Mapping) and name in data):
            options[name] = query[name]
    options["target_chars"] = target_in(unit, options.pop("target_chars"), options.pop("target_tokens"),
                                        "request", ("target_chars", "target_tokens"))
    return data, options


async def _read_body(request: Request, limit: int) -> bytes:
    declared = request.headers.get("content-length")
    if declared is not None and declared.isdigit() and int(declared) > limit:
        raise ApiError.of(413, Errors.E031, limit=limit)
    body = bytearray()
    async for chunk in request.stream():  # a chunked upload has no length to check first
        body += chunk
        if len(body) > limit:
            raise ApiError.of(413, Errors.E031, limit=limit)
    return bytes(body)


def exposure_warning(host: str, settings: Settings) -> str | None:
    """W014 when the service listens beyond this machine with no bearer token set."""
    if os.environ.get(settings["service.token_env"]):
        return None
    try:
        loopback = host == "localhost" or ipaddress.ip_address(host).is_loopback
    except ValueError:  # a host name: it may resolve to anything
        loopback = False
    return None if loopback else Warnings.W014.format(host=host, env=settings["service.token_env"])


def create_app(settings: Settings | Mapping[str, Any] | str | None = None, *,
               compressor: Compressor | Callable[[], Compressor] | None = None) -> FastAPI:
    """The FastAPI app. ``settings``: a Settings, overrides, or a TOML path.

    Compressions run in ``service.workers`` worker processes (a deadline stops them), or, when
    that is 0 or ``compressor`` is given, in this process's threads: ``compressor`` is an
    already built Compressor or a function building one (called in the background at startup).
    The bearer token is read from the environment variable named by ``service.token_env`` when
    the app is created.
    """
    if isinstance(settings, str):
        settings = load_settings(file=settings)
    elif not isinstance(settings, Settings):
        settings = load_settings(settings)
    token = os.environ.get(settings["service.token_env"]) or None
    runner: Runner = (ProcessRunner(settings, settings["service.workers"])
                      if compressor is None and settings["service.workers"] > 0
                      else ThreadRunner(settings, compressor))
    state = _State(settings, runner, token)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        await runner.start()
        try:
            yield
        finally:
            runner.close()

    app = FastAPI(title="context-squeeze", version=__version__, lifespan=lifespan,
                  description="Compress long LLM-agent chat histories, keeping the user's "
                              "constraints. Errors: {\"error\": {\"code\", \"message\"}}.")
    app.state.squeeze = state
    metrics = state.metrics

    @app.middleware("http")
    async def count(request: Request,
                    call_next: Callable[[Request], Awaitable[Response]]) -> Response:
        started = time.perf_counter()
        try:
            response = await call_next(request)
        except Exception:
            log.exception("unhandled error on %s %s", request.method, request.url.path)
            response = error_response(500, "E034", Errors.E034.format(kind="unexpected"))
        route = request.scope.get("route")
        path = getattr(route, "path", "other")
        metrics.requests.labels(path, str(response.status_code)).inc()
        metrics.latency.labels(path).observe(time.perf_counter() - started)
        return response

    @app.exception_handler(ApiError)
    async def api_error(request: Request, exc: ApiError) -> JSONResponse:
        return error_response(exc.status, exc.code, exc.message, exc.headers)

    @app.exception_handler(SqueezeError)
    async def squeeze_error(request: Request, exc: SqueezeError) -> JSONResponse:
        return error_response(400, exc.code, exc.message)

    @app.exception_handler(ClientDisconnect)
    async def gone(request: Request, exc: ClientDisconnect) -> Response:
        # the client left before its body arrived: nobody reads this, and it is not our error
        return Response(status_code=499)

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, exc: StarletteHTTPException) -> JSONResponse:
        return error_response(exc.status_code, "E035", Errors.E035.format(
            method=request.method, path=request.url.path, detail=exc.detail),
            getattr(exc, "headers", None))

    def authorize(request: Request) -> None:
        if state.token is None:
            return
        scheme, _, given = request.headers.get("authorization", "").partition(" ")
        if scheme.lower() != "bearer" or not hmac.compare_digest(given.strip().encode(),
                                                                 state.token.encode()):
            raise ApiError.of(401, Errors.E030, {"WWW-Authenticate": "Bearer"},
                              env=settings["service.token_env"])

    def not_ready() -> ApiError:
        detail = f" (loading failed: {runner.load_error})" if runner.load_error else ""
        return ApiError.of(503, Errors.E033, detail=detail)

    error_responses: dict[int | str, dict[str, Any]] = {
        status: {"model": ErrorBody, "description": text}
        for status, text in ((400, "invalid history or options (codes E001-E024)"),
                             (401, "missing or wrong bearer token (E030)"),
                             (413, "body too large (E031)"),
                             (503, "models loading (E033), or no worker free in time (E050)"),
                             (504, "timed out (E032)"), (500, "internal error (E034)"))}

    @app.post("/v1/compress", response_model=CompressResponse, responses=error_responses,
              openapi_extra={"requestBody": {"required": True, "content": {
                  "application/json": {"schema": _REQUEST_SCHEMA}}}},
              summary="Compress a history (same input and output as `squeeze compress`)")
    async def compress(request: Request) -> Response:
        return await answer(request, "compress", "application/json")

    @app.post("/v1/inspect", response_class=HTMLResponse, responses=error_responses,
              openapi_extra={"requestBody": {"required": True, "content": {
                  "application/json": {"schema": _REQUEST_SCHEMA}}}},
              summary="The same compression as one self-contained HTML page (`squeeze inspect --html`)")
    async def inspect(request: Request) -> Response:
        return await answer(request, "inspect", "text/html; charset=utf-8")

    async def answer(request: Request, kind: str, media_type: str) -> Response:
        """Compress the request's history where the runner says, bounded by the deadline."""
        authorize(request)
        if not runner.ready:
            raise not_ready()
        body = await _read_body(request, settings["service.max_body_bytes"])
        data, options = _request(decode_json(body), request.query_params, runner.unit)
        timeout = settings["service.timeout_seconds"]
        try:
            written, report = await runner.run(kind, data, options,
                                               heavy=len(body) >= settings["service.heavy_bytes"])
        except Overdue:
            raise ApiError.of(504, Errors.E032, seconds=timeout) from None
        except NoWorker:
            raise ApiError.of(503, Errors.E050, {"Retry-After": "1"}, seconds=timeout) from None
        except WorkerLost:
            raise ApiError.of(500, Errors.E034, kind="the worker process died; it is replaced") from None
        except SqueezeError:
            raise
        except Exception as exc:
            log.exception("compression failed")
            raise ApiError.of(500, Errors.E034, kind=str(exc) or type(exc).__name__) from None
        metrics.observe(report)
        return Response(written, media_type=media_type)

    @app.get("/healthz", summary="Liveness: the process answers")
    async def healthz() -> dict[str, str]:
        return {"status": "ok"}

    @app.get("/readyz", summary="Readiness: 200 once the models are loaded, else 503",
             responses={503: {"model": ErrorBody}})
    async def readyz() -> Response:
        if not runner.ready:
            error = not_ready()
            return error_response(error.status, error.code, error.message)
        return JSONResponse({"status": "ready"})

    @app.get("/metrics", summary="Prometheus metrics", response_class=Response)
    async def prometheus(request: Request) -> Response:
        authorize(request)  # request counts and sizes say what tenants send: not for everyone
        if runner.load_seconds is not None:
            metrics.load_seconds.set(runner.load_seconds)
        metrics.ready.set(1 if runner.ready else 0)
        return Response(generate_latest(metrics.registry), media_type=CONTENT_TYPE_LATEST)

    return app
