"""Load test of ``squeeze serve``: throughput and p50/p95/p99 at 1, 4 and 16 concurrent clients.

For each level it starts the service in a subprocess on loopback (fresh, so no level inherits
another's warm caches), waits for ``/readyz``, then drives
``POST /v1/compress`` from this process with ``httpx`` async clients: a bounded number of
requests per level, each a generated 30-turn agent conversation (``benchmarks.generate``),
alternating Chinese and English, compacted to ``--target-chars``. Every conversation is new
to the server unless ``--distinct`` is smaller than ``--requests`` (then they repeat and the
server's per-text caches are warm). Errors (any non-200 or transport error) must be 0: the
exit status is 1 otherwise.

    python -m benchmarks.load_service [--requests 200] [--levels 1 4 16] [--json]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import socket
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import httpx

from benchmarks.generate import conversation

ROOT = Path(__file__).resolve().parent.parent


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def percentile(ordered: list[float], share: float) -> float:
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def start_service(port: int, config: str | None) -> subprocess.Popen[bytes]:
    command = [sys.executable, "-m", "pipeline", "serve", "--host", "127.0.0.1",
               "--port", str(port)]
    if config:
        command += ["--config", config]
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    env.pop("SQUEEZE_TOKEN", None)  # no auth for the load test
    return subprocess.Popen(command, cwd=ROOT, env=env, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)


async def wait_ready(base: str, seconds: float) -> float:
    started = time.perf_counter()
    async with httpx.AsyncClient(base_url=base, timeout=5) as http:
        while time.perf_counter() - started < seconds:
            try:
                if (await http.get("/readyz")).status_code == 200:
                    return time.perf_counter() - started
            except httpx.TransportError:
                pass
            await asyncio.sleep(0.1)
    raise SystemExit(f"the service was not ready after {seconds:.0f} s")


async def drive(base: str, bodies: list[bytes], clients: int) -> dict[str, Any]:
    """``clients`` workers share one queue of ``len(bodies)`` requests; each times its own."""
    queue: asyncio.Queue[bytes] = asyncio.Queue()
    for body in bodies:
        queue.put_nowait(body)
    latencies: list[float] = []
    errors: dict[str, int] = {}
    limits = httpx.Limits(max_connections=clients, max_keepalive_connections=clients)

    async def client(http: httpx.AsyncClient) -> None:
        while True:
            try:
                body = queue.get_nowait()
            except asyncio.QueueEmpty:
                return
            started = time.perf_counter()
            try:
                response = await http.post("/v1/compress", content=body,
                                           headers={"content-type": "application/json"})
                if response.status_code != 200:
                    key = f"HTTP {response.status_code} {response.text[:80]}"
                    errors[key] = errors.get(key, 0) + 1
                    continue
            except httpx.HTTPError as exc:
                errors[type(exc).__name__] = errors.get(type(exc).__name__, 0) + 1
                continue
            latencies.append((time.perf_counter() - started) * 1000)

    async with httpx.AsyncClient(base_url=base, timeout=120, limits=limits) as http:
        started = time.perf_counter()
        await asyncio.gather(*(client(http) for _ in range(clients)))
        wall = time.perf_counter() - started
    ordered = sorted(latencies)
    return {"clients": clients, "requests": len(bodies), "ok": len(latencies),
            "errors": sum(errors.values()), "error_kinds": errors,
            "seconds": round(wall, 2), "throughput_rps": round(len(latencies) / wall, 2),
            "p50_ms": round(statistics.median(ordered), 1) if ordered else None,
            "p95_ms": round(percentile(ordered, 0.95), 1) if ordered else None,
            "p99_ms": round(percentile(ordered, 0.99), 1) if ordered else None}


def bodies_for(level: int, requests: int, distinct: int, turns: int, target: int) -> list[bytes]:
    """Different conversations for every level, so one level never warms the next."""
    pool = [json.dumps({**conversation("zh" if i % 2 else "en", turns, level * 1_000_000 + i),
                        "target_chars": target}, ensure_ascii=False).encode("utf-8")
            for i in range(min(distinct, requests))]
    return [pool[i % len(pool)] for i in range(requests)]


async def measure_level(args: argparse.Namespace, clients: int) -> dict[str, Any]:
    """One level against a freshly started service, so every level starts from cold caches."""
    bodies = bodies_for(clients, args.requests, args.distinct or args.requests, args.turns,
                        args.target_chars)
    warm = bodies_for(clients + 1, clients * 2, clients * 2, args.turns, args.target_chars)
    port = args.port or free_port()
    base = f"http://127.0.0.1:{port}"
    process = start_service(port, args.config)
    try:
        ready = await wait_ready(base, args.ready_timeout)
        await drive(base, warm, clients)  # open the connections; not counted
        load_before = os.getloadavg()[0]
        level = await drive(base, bodies, clients)
        level["ready_seconds"] = round(ready, 2)
        level["load_average"] = round(max(load_before, os.getloadavg()[0]), 2)
        return level
    finally:
        process.terminate()
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


async def main_async(args: argparse.Namespace) -> dict[str, Any]:
    levels = [await measure_level(args, clients) for clients in args.levels]
    return {"turns": args.turns, "target_chars": args.target_chars, "cores": os.cpu_count(),
            "levels": levels}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--requests", type=int, default=200, help="requests per level")
    parser.add_argument("--levels", type=int, nargs="+", default=[1, 4, 16],
                        help="concurrent clients")
    parser.add_argument("--distinct", type=int, default=0,
                        help="distinct conversations per level (default: all distinct)")
    parser.add_argument("--turns", type=int, default=30)
    parser.add_argument("--target-chars", type=int, default=4000)
    parser.add_argument("--config", help="a TOML config for the service")
    parser.add_argument("--port", type=int, default=0, help="default: a free port")
    parser.add_argument("--ready-timeout", type=float, default=300)
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args()
    report = asyncio.run(main_async(args))
    if args.json:
        print(json.dumps(report, indent=2))
    else:
        print(f"{args.turns}-turn conversations, target {args.target_chars} chars, "
              f"{report['cores']} cores; a fresh service per level (ready = model load + warm-up)")
        print(f"{'clients':>7} {'requests':>8} {'req/s':>7} {'p50 ms':>8} {'p95 ms':>8} "
              f"{'p99 ms':>8} {'errors':>6} {'ready s':>7} {'load':>5}")
        for level in report["levels"]:
            print(f"{level['clients']:>7} {level['requests']:>8} {level['throughput_rps']:>7} "
                  f"{level['p50_ms']:>8} {level['p95_ms']:>8} {level['p99_ms']:>8} "
                  f"{level['errors']:>6} {level['ready_seconds']:>7} {level['load_average']:>5}")
            for kind, count in level["error_kinds"].items():
                print(f"        {count} × {kind}")
    if any(level["errors"] for level in report["levels"]):
        raise SystemExit(1)


if __name__ == "__main__":
    main()
