"""Service workers: a deadline that really stops the work (the worker is killed and replaced),
heavy requests that cannot take every worker, a dead worker replaced, and workers that end
with the service, kill -9 included."""

from __future__ import annotations

import asyncio
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import httpx
import psutil

from benchmarks.generate import conversation
from pipeline.service import create_app
from tests.test_service import ServerThread

ROOT = Path(__file__).resolve().parent.parent
LIGHT = {"stages.enabled": ["facts", "state"], "service.warmup_zh": "预算500元以内，别打电话。",
         "service.warmup_en": "Budget $300, don't call me."}
# one long message that takes many seconds to read (DESIGN §10: about 50-110 ms per 1,000 chars)
HEAVY = {"messages": [{"role": "user", "content": "Don't call me before 9am, and the budget is $300. " * 8000},
                      {"role": "assistant", "content": "Noted."}, {"role": "user", "content": "Thanks."}],
         "target_chars": 500}


def light(**service: Any) -> dict[str, Any]:
    return {**LIGHT, **{f"service.{k}": v for k, v in service.items()}}


async def ready(http: httpx.AsyncClient, seconds: float = 180) -> None:
    deadline = time.monotonic() + seconds
    while (await http.get("/readyz")).status_code != 200:
        assert time.monotonic() < deadline, "the workers never became ready"
        await asyncio.sleep(0.1)


def worker_pids(app: Any) -> set[int]:
    return {w.process.pid for w in app.state.squeeze.runner.workers}


def test_past_the_deadline_the_worker_is_killed_and_the_service_goes_on():
    app = create_app(light(workers=1, timeout_seconds=3.0))

    async def drive(base: str) -> tuple[httpx.Response, float, set[int], httpx.Response]:
        async with httpx.AsyncClient(base_url=base, timeout=120) as http:
            await ready(http)
            before = worker_pids(app)
            started = time.monotonic()
            slow = await http.post("/v1/compress", json=HEAVY)
            took = time.monotonic() - started
            await ready(http)
            after = await http.post("/v1/compress", json={**conversation("en", 30, seed=1), "target_chars": 2000})
            return slow, took, before, after

    with ServerThread(app) as base:
        slow, took, before, after = asyncio.run(drive(base))
        now = worker_pids(app)
    assert slow.status_code == 504 and slow.json()["error"]["code"] == "E032"
    assert took < 6, f"the deadline of 3 s answered after {took:.1f} s"
    (old,) = before
    assert not psutil.pid_exists(old) or psutil.Process(old).status() == psutil.STATUS_ZOMBIE
    assert now and old not in now                     # replaced by a fresh worker
    assert after.status_code == 200 and after.json()["report"]["action"] == "compact"


def test_heavy_requests_never_hold_every_worker():
    """Two workers, heavy requests may hold one: ordinary requests keep being answered fast."""
    app = create_app(light(workers=2, heavy_workers=1, timeout_seconds=15.0))

    async def drive(base: str) -> tuple[list[httpx.Response], list[float], list[httpx.Response]]:
        async with httpx.AsyncClient(base_url=base, timeout=120) as http:
            await ready(http)
            while len(worker_pids(app)) < 2 or not app.state.squeeze.runner._idle.qsize() == 2:
                await asyncio.sleep(0.1)
            heavy = [asyncio.create_task(http.post("/v1/compress", json=HEAVY)) for _ in range(3)]
            await asyncio.sleep(0.5)
            times: list[float] = []

            async def ordinary(seed: int) -> httpx.Response:
                started = time.monotonic()
                answer = await http.post("/v1/compress", json={**conversation("zh", 20, seed=seed),
                                                               "target_chars": 1500})
                times.append(time.monotonic() - started)
                return answer

            ordinary_answers = [await ordinary(seed) for seed in range(8)]
            return ordinary_answers, times, list(await asyncio.gather(*heavy))

    with ServerThread(app) as base:
        ordinary, times, heavy = asyncio.run(drive(base))
    assert [r.status_code for r in ordinary] == [200] * 8
    assert max(times) < 5, f"ordinary requests waited behind heavy ones: {times}"
    # the heavy ones queue for their one worker and end at their deadline (or earlier)
    assert {r.status_code for r in heavy} <= {200, 503, 504}
    assert any(r.status_code in (503, 504) for r in heavy)


def test_a_worker_killed_mid_request_answers_500_and_is_replaced():
    app = create_app(light(workers=1, timeout_seconds=60.0))

    async def drive(base: str) -> tuple[httpx.Response, httpx.Response]:
        async with httpx.AsyncClient(base_url=base, timeout=120) as http:
            await ready(http)
            (pid,) = worker_pids(app)
            slow = asyncio.create_task(http.post("/v1/compress", json=HEAVY))
            await asyncio.sleep(1.0)
            os.kill(pid, signal.SIGKILL)
            died = await slow
            await ready(http)
            return died, await http.post("/v1/compress", json=conversation("zh", 20, seed=2))

    with ServerThread(app) as base:
        died, after = asyncio.run(drive(base))
    assert died.status_code == 500 and died.json()["error"]["code"] == "E034"
    assert "worker process died" in died.json()["error"]["message"]
    assert after.status_code == 200


def test_workers_end_with_the_service_even_on_kill_9(tmp_path):
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    config = tmp_path / "service.toml"
    config.write_text(f'[service]\nport = {port}\n[stages]\nenabled = ["facts", "state"]\n', "utf-8")
    process = subprocess.Popen([sys.executable, "-m", "pipeline", "serve", "--workers", "2", "--config", str(config)],
                               cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 180
        while True:
            try:
                if httpx.get(f"http://127.0.0.1:{port}/readyz", timeout=2).status_code == 200:
                    break
            except httpx.TransportError:
                pass
            assert process.poll() is None and time.monotonic() < deadline
            time.sleep(0.2)
        children = psutil.Process(process.pid).children(recursive=True)
        workers = [c for c in children if "spawn_main" in " ".join(c.cmdline())]
        assert len(workers) >= 2
        os.kill(process.pid, signal.SIGKILL)
        process.wait(10)
        gone, alive = psutil.wait_procs(children, timeout=10)
        assert not alive, f"still running 10 s after the service was killed: {[p.pid for p in alive]}"
    finally:
        if process.poll() is None:
            process.kill()
