"""The HTTP service: endpoints, auth, limits, readiness, errors, and the library's answers.

One Compressor (real models) is built and warmed once for the module and handed to every app.
"""

from __future__ import annotations

import asyncio
import copy
import json
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import uvicorn
from fastapi.testclient import TestClient

from pipeline import Compressor
from pipeline.service import create_app

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # the conversation generator lives in benchmarks/
    sys.path.insert(0, str(ROOT))
from benchmarks.generate import conversation

EXAMPLES = ROOT / "examples"
NAMES = ["zh_repair.json", "zh_return.json", "en_insurance.json", "en_booking.json"]
TIMING = ("total_ms", "stage_ms")


def example(name: str) -> dict[str, Any]:
    return json.loads((EXAMPLES / name).read_text("utf-8"))


def comparable(result: dict[str, Any]) -> dict[str, Any]:
    """The answer without its timings (which differ from call to call)."""
    result = copy.deepcopy(result)
    for key in TIMING:
        result["report"].pop(key)
    return result


@pytest.fixture(scope="module")
def compressor() -> Compressor:
    return Compressor()


def wait_ready(client: TestClient, seconds: float = 120) -> None:
    deadline = time.monotonic() + seconds
    while client.get("/readyz").status_code != 200:
        assert time.monotonic() < deadline, "the service never became ready"
        time.sleep(0.02)


def started(app: Any) -> Iterator[TestClient]:
    with TestClient(app) as client:
        wait_ready(client)
        yield client


@pytest.fixture(scope="module")
def client(compressor: Compressor) -> Iterator[TestClient]:
    yield from started(create_app(compressor=compressor))


def test_healthz_readyz_metrics_and_openapi(client: TestClient) -> None:
    assert client.get("/healthz").json() == {"status": "ok"}
    assert client.get("/readyz").json() == {"status": "ready"}
    schema = client.get("/openapi.json").json()
    assert {"/v1/compress", "/v1/inspect", "/healthz", "/readyz", "/metrics"} <= set(schema["paths"])
    body = schema["paths"]["/v1/compress"]["post"]["requestBody"]["content"]["application/json"]
    assert {s["title"] for s in body["schema"]["oneOf"]} == {"Conversation", "Messages"}
    assert client.get("/docs").status_code == 200
    metrics = client.get("/metrics")
    assert metrics.headers["content-type"].startswith("text/plain")
    assert "squeeze_ready 1.0" in metrics.text


@pytest.mark.parametrize("name", NAMES)
def test_compress_answers_as_the_library(client: TestClient, compressor: Compressor,
                                         name: str) -> None:
    conv = example(name)
    response = client.post("/v1/compress", json={**conv, "target_chars": 3000})
    assert response.status_code == 200
    expected = compressor.compress(conv, target_chars=3000).to_dict()
    assert comparable(response.json()) == comparable(expected)
    assert response.json()["report"]["action"] == "compact"


def test_inspect_answers_the_page_of_the_same_compression(client: TestClient,
                                                         compressor: Compressor) -> None:
    conv = example("en_insurance.json")
    response = client.post("/v1/inspect", json={**conv, "target_chars": 3000})
    assert response.status_code == 200
    assert response.headers["content-type"] == "text/html; charset=utf-8"
    summary = compressor.compress(conv, target_chars=3000).messages[1]["content"]
    assert response.text.startswith("<!DOCTYPE html>")
    assert summary.splitlines()[0] in response.text and 'id="timeline"' in response.text
    bad = client.post("/v1/inspect", content=b'{"messages": [', headers={"content-type": "application/json"})
    assert bad.status_code == 400 and bad.json()["error"]["code"] == "E001"


def test_list_of_messages_with_options_in_the_query(client: TestClient,
                                                    compressor: Compressor) -> None:
    conv = example("en_booking.json")
    response = client.post("/v1/compress", json=conv["messages"],
                           params={"force": "true", "now": "2026-05-01T10:00:00+00:00",
                                   "lang": "en"})
    assert response.status_code == 200, response.text
    expected = compressor.compress(conv["messages"], force=True, now="2026-05-01T10:00:00+00:00",
                                   lang="en").to_dict()
    assert comparable(response.json()) == comparable(expected)


@pytest.mark.parametrize(("body", "code"), [
    (b'{"messages": [', "E001"),
    (b'{"messages": []}', "E002"),
    (b'{"messages": [{"role": "robot", "content": "hi"}]}', "E003"),
    ((b'{"messages": [{"role": "user", "content": "hi"}, '
      b'{"role": "tool", "tool_call_id": "x", "content": "r"}]}'), "E004"),
    (b'"hello"', "E007"),
    (b'{"messages": [{"role": "user", "content": "hi"}], "target_chars": -5}', "E011"),
    (b'{"messages": [{"role": "user", "content": "hi"}], "force": "maybe"}', "E011"),
    # text belongs to the query string; in a body, as in the library, a number must be a number
    (b'{"messages": [{"role": "user", "content": "hi"}], "target_chars": "12"}', "E011"),
    (b'{"messages": [{"role": "user", "content": "hi"}], "force": "true"}', "E011"),
    (b'{"messages": [{"role": "user", "content": "caf\xe9"}]}', "E013"),
    (b'{"messages": [{"role": "user", "content": "hi"}], "lang": "xx"}', "E024"),
    # client errors that once answered 500: each is the client's, with its number
    (b'{"messages": [{"role": ["user"], "content": "hi"}]}', "E003"),
    (b'{"messages": [{"role": "user", "content": "hi"}], "now": 1e20}', "E011"),
    (b'{"messages": [{"role": "user", "content": "hi"}], "timezone": 8}', "E011"),
    (b'{"messages": [{"role": "user", "content": "\\ud800"}]}', "E017"),
    (b'{"messages": ' + b"[" * 100_000 + b"]" * 100_000 + b"}", "E017"),
])
def test_input_errors_answer_400_with_the_code(client: TestClient, body: bytes, code: str) -> None:
    response = client.post("/v1/compress", content=body,
                           headers={"content-type": "application/json"})
    assert response.status_code == 400
    error = response.json()["error"]
    assert error["code"] == code and error["message"].startswith(f"[{code}]")
    assert "Traceback" not in response.text


def test_unknown_paths_and_methods_answer_json_errors(client: TestClient) -> None:
    for response, status in ((client.get("/nope"), 404), (client.get("/v1/compress"), 405)):
        assert response.status_code == status
        assert response.json()["error"]["code"] == "E035"


def test_auth_off_without_the_variable(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("SQUEEZE_TOKEN", raising=False)
    response = client.post("/v1/compress", json=example("zh_return.json"))
    assert response.status_code == 200


def test_auth_on_when_the_variable_is_set(compressor: Compressor,
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SQUEEZE_TEST_TOKEN", "s3cret")
    app = create_app({"service.token_env": "SQUEEZE_TEST_TOKEN"}, compressor=compressor)
    for client in started(app):
        body = example("zh_return.json")
        for path, headers in [(p, h) for p in ("/v1/compress", "/v1/inspect") for h in (
                {}, {"Authorization": "Bearer wrong"}, {"Authorization": "Basic s3cret"})]:
            response = client.post(path, json=body, headers=headers)
            assert response.status_code == 401
            assert response.json()["error"]["code"] == "E030"
            assert response.headers["www-authenticate"] == "Bearer"
        ok = client.post("/v1/compress", json=body, headers={"Authorization": "Bearer s3cret"})
        assert ok.status_code == 200
        assert client.get("/healthz").status_code == 200  # probes stay open
        assert client.get("/readyz").status_code == 200
        assert client.get("/metrics").status_code == 401  # what tenants send is not public
        metrics = client.get("/metrics", headers={"Authorization": "Bearer s3cret"})
        assert metrics.status_code == 200 and "squeeze_requests_total" in metrics.text


def test_body_over_the_limit_answers_413(compressor: Compressor) -> None:
    app = create_app({"service.max_body_bytes": 2000}, compressor=compressor)
    for client in started(app):
        big = json.dumps(example("en_booking.json")).encode()
        response = client.post("/v1/compress", content=big,
                               headers={"content-type": "application/json"})
        assert response.status_code == 413
        assert response.json()["error"]["code"] == "E031"
        # a chunked upload has no Content-Length: it is counted as it comes
        chunks = (big[i:i + 500] for i in range(0, len(big), 500))
        response = client.post("/v1/compress", content=chunks,
                               headers={"content-type": "application/json"})
        assert response.status_code == 413
        small = [{"role": "user", "content": "hi"}]
        assert client.post("/v1/compress", json=small).status_code == 200


def test_timeout_answers_504(compressor: Compressor) -> None:
    app = create_app({"service.timeout_seconds": 0.001}, compressor=compressor)
    unseen = conversation("en", 30, seed=7001)  # nothing memoised: takes well over 1 ms
    for client in started(app):
        response = client.post("/v1/compress", json={**unseen, "target_chars": 2000})
        assert response.status_code == 504
        assert response.json()["error"]["code"] == "E032"


def test_not_ready_until_the_models_are_loaded(compressor: Compressor) -> None:
    gate = threading.Event()

    def load() -> Compressor:
        gate.wait(30)
        return compressor

    with TestClient(create_app(compressor=load)) as client:
        assert client.get("/healthz").status_code == 200
        response = client.get("/readyz")
        assert response.status_code == 503 and response.json()["error"]["code"] == "E033"
        busy = client.post("/v1/compress", json=example("zh_return.json"))
        assert busy.status_code == 503
        assert "squeeze_ready 0.0" in client.get("/metrics").text
        gate.set()
        wait_ready(client)
        assert client.post("/v1/compress", json=example("zh_return.json")).status_code == 200


def test_failed_model_load_is_reported_without_a_stack_trace() -> None:
    def load() -> Compressor:
        raise RuntimeError("no weights here")

    with TestClient(create_app(compressor=load)) as client:
        deadline = time.monotonic() + 10
        while "loading failed" not in client.get("/readyz").text:
            assert time.monotonic() < deadline
            time.sleep(0.01)
        response = client.get("/readyz")
        assert response.status_code == 503
        assert "no weights here" in response.json()["error"]["message"]
        assert "Traceback" not in response.text


def test_metrics_count_requests_compressions_and_chars_saved(compressor: Compressor) -> None:
    for client in started(create_app(compressor=compressor)):
        for _ in range(2):
            client.post("/v1/compress", json={**example("zh_repair.json"), "target_chars": 3000})
        client.post("/v1/compress", content=b"{")
        text = client.get("/metrics").text
        lines = dict(line.rsplit(" ", 1) for line in text.splitlines() if not line.startswith("#"))
        assert float(lines['squeeze_requests_total{path="/v1/compress",status="200"}']) == 2
        assert float(lines['squeeze_requests_total{path="/v1/compress",status="400"}']) == 1
        assert float(lines['squeeze_compressions_total{action="compact"}']) == 2
        assert float(lines["squeeze_chars_saved_total"]) > 0
        assert float(lines['squeeze_request_seconds_count{path="/v1/compress"}']) == 3
        assert float(lines['squeeze_fallbacks_total{kind="summary"}']) == 0


class ServerThread:
    """A real uvicorn server on a free loopback port, in a thread of this process."""

    def __init__(self, app: Any) -> None:
        self.server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=0,
                                                    log_level="warning"))
        self.thread = threading.Thread(target=self.server.run, daemon=True)

    def __enter__(self) -> str:
        self.thread.start()
        deadline = time.monotonic() + 30
        while not self.server.started:
            assert time.monotonic() < deadline
            time.sleep(0.01)
        port = self.server.servers[0].sockets[0].getsockname()[1]
        return f"http://127.0.0.1:{port}"

    def __exit__(self, *exc: object) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=10)


def test_concurrent_requests_give_the_library_answers(compressor: Compressor) -> None:
    bodies = [{**example(name), "target_chars": target} for name in NAMES
              for target in (2500, 4000)] * 2
    expected = [comparable(compressor.compress(
        {k: v for k, v in b.items() if k != "target_chars"},
        target_chars=b["target_chars"]).to_dict()) for b in bodies]

    async def drive(base: str) -> list[httpx.Response]:
        async with httpx.AsyncClient(base_url=base, timeout=60) as http:
            while (await http.get("/readyz")).status_code != 200:
                await asyncio.sleep(0.02)
            return await asyncio.gather(*(http.post("/v1/compress", json=b) for b in bodies))

    with ServerThread(create_app(compressor=compressor)) as base:
        responses = asyncio.run(drive(base))
    assert [r.status_code for r in responses] == [200] * len(bodies)
    assert [comparable(r.json()) for r in responses] == expected


def test_squeeze_serve_answers_on_the_configured_port(tmp_path: Path) -> None:
    import socket
    import subprocess

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    config = tmp_path / "service.toml"
    config.write_text(f'[service]\nport = {port}\ntoken_env = "SQUEEZE_SERVE_TEST_TOKEN"\n', "utf-8")
    process = subprocess.Popen([sys.executable, "-m", "pipeline", "serve", "--config", str(config)],
                               cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        deadline = time.monotonic() + 60
        while True:
            assert process.poll() is None, process.stderr.read() if process.stderr else ""
            try:
                response = httpx.get(f"http://127.0.0.1:{port}/healthz", timeout=2)
                break
            except httpx.TransportError:
                assert time.monotonic() < deadline, "squeeze serve never answered"
                time.sleep(0.1)
        assert response.json() == {"status": "ok"}
        assert httpx.get(f"http://127.0.0.1:{port}/openapi.json").status_code == 200
    finally:
        process.terminate()
        process.wait(timeout=30)


def test_a_client_that_leaves_mid_body_is_499_not_a_server_error(compressor: Compressor) -> None:
    import socket
    from urllib.parse import urlparse

    with ServerThread(create_app(compressor=compressor)) as base:
        while httpx.get(f"{base}/readyz").status_code != 200:
            time.sleep(0.05)
        address = urlparse(base)
        for _ in range(3):
            with socket.create_connection((address.hostname, address.port)) as raw:
                raw.sendall(b"POST /v1/compress HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                            b"Content-Length: 100000\r\n\r\n[{\"role\": \"user\", ")
        deadline = time.monotonic() + 10
        while True:
            metrics = httpx.get(f"{base}/metrics").text
            if 'status="499"' in metrics or time.monotonic() > deadline:
                break
            time.sleep(0.1)
    assert 'squeeze_requests_total{path="/v1/compress",status="499"} 3.0' in metrics
    assert 'status="500"' not in metrics
