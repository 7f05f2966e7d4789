"""Phones at the table under load: 16 phones on the loopback play Bidel for 10 minutes.

Runs the real kiosk headless (SDL's dummy driver, no voice, a journal in a temporary
directory) with its phones' server on a free port of the loopback, and Bidel ("hearts")
on the screen in the way "people4". Its frame loop runs on this process's main thread
as `Kiosk.loop` does (`Kiosk.frame(now)`, then a sleep to 30 frames a second), each
frame timed. The phones run in a process of their own (asyncio and aiohttp), so their
memory and CPU are not the kiosk's:

- 4 players take the four seats through the TV's join codes (`POST /api/join`), open
  their seat's WebSocket and play: on a state whose `step` is play, select or choose
  they answer after a think time drawn from `--think` (a legal card at random, the
  first `select.count` cards, the first offer); the player of the first seat presses
  `next` on a hand's scores (a new game starts after the last hand of one, with the
  same seats); a refused answer (say `next` while the last trick still lies there) is
  tapped again after another think time;
- the other clients are watchers: more seat pages of the same seats, with the same
  secrets (one phone reloaded, or a family member looking on), three a seat with 16
  clients, so each page's model is built for them as for the players.

Each `state` carries `sent`, the kiosk's time.time() when the game moved; each client
records `time.time() - sent` on arrival (one machine, one clock). Prints that latency's
median, 99th percentile and longest over all clients; the action round trip (a
player's message to the next state); the kiosk's frames while they play (longest,
p99, how many over 20 ms, and the hub's `pump` inside them); the kiosk's RSS
(/proc/self/status VmRSS) after a minute's warm-up and at the end; hands, games and
actions. Targets: p99 event -> client <= 100 ms, longest frame <= 20 ms, RSS growth
<= 10 MB. The sockets ask for permessage-deflate, as phones' browsers do. To say why a
target is missed it also prints each frame over 20 ms in parts (the pump's page models
and messages, garbage collection, the frame thread's own CPU time against the wall
clock: the difference is waiting, for the GIL or a core) and the kiosk's bounded
surface caches (text, cards) after the warm-up and at the end.

`--pi` puts the kiosk's process (not the phones') in a cgroup with 20 % of a core
(benchmarks/pi.py's `held_self`: cgroup v1 `cpu/pi-bench-phones-<pid>`: cfs_period_us
10000, cfs_quota_us 2000; or v2 `cpu.max` "2000 10000"), about a Raspberry Pi's share
left to it; needs root. The group is made for the run and removed after it.

`--profile` profiles every frame (cProfile) and prints where the slow frames went: those
over 20 ms, or over `--slow MS`.

`--flood RATE` adds a bounded flood while the phones play, as another device on the
network would make it: Debian's `wrk` (apt-get install wrk), over 64 connections, paced
to at most RATE requests a second (pages, the script, an unknown join code), held with
`--pi` to half a core of its own; prints wrk's summary (requests answered, rate,
statuses, errors).

    .venv/bin/python benchmarks/bench_phones.py [--minutes 10] [--clients 16] [--seed 5]
        [--think 0.2 1.0] [--pi] [--flood 3000] [--profile]
        [--slow MS]

A hall rather than a living room (Dabernā's caller with 250 ticket pages and 5 boards, each
page from its own loopback address) is benchmarks/bench_hall.py, which uses this file's
`Parts` and slow-frame report.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import cProfile
import gc
import json
import multiprocessing
import os
import pstats
import random
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.pi import HeldSelf, detect, held_others, held_self  # noqa: E402
from benchmarks.stats import p99, thread_cpu  # noqa: E402

WARM_UP = 60.0  # seconds of play before the first RSS reading: about two hands, so every
# card has been drawn at every size and turn it is drawn at
FRAME_TARGET = 0.020
LATENCY_TARGET = 0.100
RSS_TARGET_MB = 10.0
PLAYERS = 4


# -- the phones' process -------------------------------------------------------------------------
@dataclass
class Tally:
    """What one client saw."""

    role: str  # "player" or "watcher"
    seat: int
    latencies: list[float] = field(default_factory=list)
    round_trips: list[float] = field(default_factory=list)
    sent: int = 0  # actions sent
    errors: dict[str, int] = field(default_factory=dict)
    closed: int = 0
    bytes: int = 0


class Phone:
    """One page's WebSocket: a player answers its seat's decisions, a watcher looks on."""

    def __init__(self, session: Any, base: str, secret: str, seat: int, player: bool,
                 presses_next: bool, think: tuple[float, float], rng: random.Random) -> None:
        self.session = session
        self.base = base
        self.secret = secret
        self.player = player
        self.presses_next = presses_next
        self.think = think
        self.rng = rng
        self.tally = Tally("player" if player else "watcher", seat)
        self.model: dict[str, Any] | None = None
        self.seq = 0
        self.acted_on = -1  # the seq of the state last answered
        self.pending: asyncio.Task[None] | None = None
        self.asked_at: float | None = None  # when the last action was sent
        self.welcomed = asyncio.Event()
        self.ws: Any = None

    async def run(self, stop: asyncio.Event) -> None:
        # permessage-deflate, as a phone's browser asks for it
        self.ws = ws = await self.session.ws_connect(self.base + "/ws", max_msg_size=0,
                                                     compress=15)
        await ws.send_str(json.dumps({"type": "hello", "role": "seat", "secret": self.secret,
                                      "lang": "en"}))
        reader = asyncio.create_task(self._read(ws))
        await stop.wait()
        if self.pending is not None:
            self.pending.cancel()
        await ws.close()
        reader.cancel()

    async def _read(self, ws: Any) -> None:
        async for msg in ws:
            if not isinstance(msg.data, str):
                continue
            arrived = time.time()
            self.tally.bytes += len(msg.data)
            data = json.loads(msg.data)
            kind = data.get("type")
            if kind == "state":
                self.tally.latencies.append(arrived - data["sent"])
                if self.asked_at is not None:
                    self.tally.round_trips.append(time.monotonic() - self.asked_at)
                    self.asked_at = None
                self.model, self.seq = data["model"], data["seq"]
                if self.player:
                    self._consider()
            elif kind == "welcome":
                self.welcomed.set()
            elif kind == "error":
                key = str(data.get("reason") or data.get("message"))
                self.tally.errors[key] = self.tally.errors.get(key, 0) + 1
                self.asked_at = None
                if self.player:  # a person taps again a moment later
                    self.acted_on = -1
                    self._consider()
            elif kind == "closed":
                self.tally.closed += 1
                self.welcomed.set()

    def _wanted(self, model: dict[str, Any]) -> dict[str, Any] | None:
        """This page's answer to `model`, as a person would tap it (None: nothing to do)."""
        if model.get("result") is not None:
            return {"type": "next"} if self.presses_next else None
        step = model.get("step")
        if step == "play":
            legal = [card["id"] for card in model["hand"] if card["legal"]]
            return {"type": "card", "card": self.rng.choice(legal)} if legal else None
        if step == "select" and model.get("select"):
            count = model["select"]["count"]
            return {"type": "select", "cards": [c["id"] for c in model["hand"][:count]]}
        if step == "choose" and model.get("offers"):
            return {"type": "offer", "id": model["offers"][0]["id"]}
        return None

    def _consider(self) -> None:
        if self.pending is None and self.model is not None and self._wanted(self.model):
            self.pending = asyncio.create_task(self._answer())

    async def _answer(self) -> None:
        try:
            await asyncio.sleep(self.rng.uniform(*self.think))
            model, seq = self.model, self.seq
            answer = self._wanted(model) if model is not None and seq > self.acted_on \
                else None
            if answer is not None:
                self.acted_on = seq
                self.asked_at = time.monotonic()
                self.tally.sent += 1
                await self.ws.send_str(json.dumps(answer))
        finally:
            self.pending = None
        self._consider()  # a state that came meanwhile may ask again


async def play(conn: Any, base: str, codes: list[str], clients: int,
               think: tuple[float, float], seed: int) -> list[Tally]:
    import aiohttp

    rng = random.Random(seed)
    stop = asyncio.Event()
    async with aiohttp.ClientSession() as session:
        secrets: list[str] = []
        for seat, code in enumerate(codes):
            async with session.post(base + "/api/join",
                                    json={"code": code, "name": f"Phone {seat + 1}"}) as r:
                body = await r.json()
                if r.status != 200:
                    raise RuntimeError(f"seat {seat}: join refused ({r.status}): {body}")
                secrets.append(body["secret"])
        phones = []
        for n in range(clients):
            seat = n % len(secrets)
            phones.append(Phone(session, base, secrets[seat], seat, n < len(secrets),
                                n == 0, think, random.Random(rng.random())))
        tasks = [asyncio.create_task(p.run(stop)) for p in phones]
        await asyncio.wait_for(asyncio.gather(*(p.welcomed.wait() for p in phones)), 30)
        conn.send("ready")
        loop = asyncio.get_running_loop()
        await loop.run_in_executor(None, conn.recv)  # "stop"
        stop.set()
        await asyncio.gather(*tasks, return_exceptions=True)
    return [p.tally for p in phones]


def phones_process(conn: Any) -> None:
    """The phones' process: waits for the kiosk's address and codes, plays, sends back
    what each client saw."""
    base, codes, clients, think, seed = conn.recv()
    try:
        tallies = asyncio.run(play(conn, base, codes, clients, think, seed))
    except BaseException as exc:
        conn.send(("failed", repr(exc)))
        raise
    conn.send(("done", tallies))


FLOOD_CONNECTIONS = 64
FLOOD_SHARE = 0.5  # of a core: the flood is another device's, not the kiosk's cores
FLOOD_SCRIPT = """\
-- Paced requests for pages and files any visitor may fetch (bench_phones.py --flood).
local paths = {"/", "/play", "/static/phone.js", "/join/zzzzzz", "/board"}
local n = 0
request = function()
  n = n + 1
  return wrk.format("GET", paths[n % #paths + 1])
end
delay = function() return DELAY_MS end
"""


class Flood:
    """A bounded flood of the phones' server on the loopback: Debian's `wrk`, which
    spends little CPU to make it, over `FLOOD_CONNECTIONS` connections, each waiting
    `FLOOD_CONNECTIONS / rate` seconds between its requests, so at most `rate` requests
    a second reach the server, fewer when its answers are slow."""

    def __init__(self, base: str, rate: float, seconds: float) -> None:
        wrk = shutil.which("wrk")
        if wrk is None:
            raise SystemExit("--flood needs wrk: apt-get install wrk")
        self.rate = rate
        self._dir = tempfile.TemporaryDirectory(prefix="bench-flood-")
        script = Path(self._dir.name) / "flood.lua"
        script.write_text(FLOOD_SCRIPT.replace("DELAY_MS",
                                              str(round(1000 * FLOOD_CONNECTIONS / rate))))
        self.popen = subprocess.Popen(
            [wrk, "-t2", f"-c{FLOOD_CONNECTIONS}", f"-d{int(seconds) + 60}s", "--timeout",
             "5s", "-s", str(script), base + "/"],
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)

    def stop(self) -> str:
        """Stop it (wrk reports on SIGINT); its summary, in a few lines."""
        self.popen.send_signal(signal.SIGINT)
        try:
            out, _ = self.popen.communicate(timeout=30)
        except subprocess.TimeoutExpired:
            self.popen.kill()
            out, _ = self.popen.communicate()
        self._dir.cleanup()
        wanted = ("requests in", "Requests/sec", "Non-2xx", "Socket errors", "Latency ")
        return "; ".join(" ".join(line.split()) for line in out.splitlines()
                         if any(word in line for word in wanted))


# -- the kiosk's process -------------------------------------------------------------------------
def rss_mb() -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


class Parts:
    """Where a frame's time went: the hub's pump, and in it the page models built (a seat's,
    a ticket's, the board's) and the messages handed to the server's thread (json.dumps and
    call_soon_threadsafe, which may wait for the GIL); the garbage collector's passes in the
    frame."""

    def __init__(self) -> None:
        self.clear()
        self._gc_at: float | None = None
        self._undo: list[Any] = []

    def clear(self) -> None:
        self.pump = self.pump_cpu = self.models = self.sends = self.gc = 0.0
        self.answered: dict[str, float] = {}  # the requests answered: CPU by kind
        self.n_models = self.n_sends = 0
        self.gc_gen = -1

    def row(self) -> tuple[float, ...]:
        return (self.pump, self.pump_cpu, self.models, self.n_models, self.sends,
                self.n_sends, self.gc, self.gc_gen)

    def watch(self, hub: Any) -> None:
        import kiosk.phones.hub as hub_module

        builders = {name: getattr(hub_module, name)
                    for name in ("seat_model", "ticket_model", "board_model")}
        send, send_texts = hub.outlet.send, hub.outlet.send_texts

        def timed(build: Any) -> Any:
            def timed_model(*args: Any) -> Any:
                began = time.perf_counter()
                try:
                    return build(*args)
                finally:
                    self.models += time.perf_counter() - began
                    self.n_models += 1
            return timed_model

        def timed_send(client: int, message: dict[str, Any]) -> None:
            began = time.perf_counter()
            try:
                send(client, message)
            finally:
                self.sends += time.perf_counter() - began
                self.n_sends += 1

        def timed_texts(items: list[tuple[int, str, str]]) -> None:
            began = time.perf_counter()
            try:
                send_texts(items)
            finally:
                self.sends += time.perf_counter() - began
                self.n_sends += len(items)

        answer = hub._answer

        def timed_answer(request: Any, now: float) -> None:
            cpu = time.thread_time()
            try:
                answer(request, now)
            finally:
                kind = request.kind if request.kind != "message" else \
                    str(request.data.get("type"))
                self.answered[kind] = self.answered.get(kind, 0.0) + time.thread_time() - cpu

        for name, build in builders.items():
            setattr(hub_module, name, timed(build))
        hub._answer = timed_answer
        hub.outlet.send = timed_send
        hub.outlet.send_texts = timed_texts
        gc.callbacks.append(self._collected)
        self._undo = [lambda: hub_module.__dict__.update(builders),
                      lambda: gc.callbacks.remove(self._collected)]

    def unwatch(self) -> None:
        for undo in self._undo:
            undo()

    def _collected(self, phase: str, info: dict[str, int]) -> None:
        now = time.perf_counter()
        if phase == "start":
            self._gc_at = now
        elif self._gc_at is not None:
            self.gc += now - self._gc_at
            self.gc_gen = max(self.gc_gen, info["generation"])
            self._gc_at = None


def caches(kiosk: Any, scene: Any) -> tuple[str, float]:
    """The kiosk's own surface caches (LRU, bounded): the text renderer's and the card
    table's card painter's, in surfaces and MB of pixels."""
    from kiosk import cards_draw, text

    out, total = [], 0.0
    for name, owner, most in (("text", kiosk.text, text.CACHE_SIZE),
                              ("cards", getattr(scene, "painter", None),
                               cards_draw.CACHE_SIZE)):
        cache = getattr(owner, "_cache", None)
        if cache is None:
            continue
        size = sum(s.get_pitch() * s.get_height() for s in cache.values()) / 2**20
        total += size
        out.append(f"{name} {len(cache)} of {most} surfaces, {size:.1f} MB")
    return ", ".join(out), total


def moment(table: Any) -> str:
    """What the table was at after a frame (for the slow frames' list)."""
    if table.state.is_over:
        return "game over"
    if table.showing_result:
        return "hand's scores shown"
    if table.result_due:
        return "hand just over"
    return "playing"


def report_slow(slow: list[tuple[Any, ...]], over: float = FRAME_TARGET) -> None:
    """The frames over the target, in parts (the longest ten, and the sums)."""
    if not slow:
        return
    total = [sum(row[i] for row in slow) for i in range(10)]
    print(f"Frames over {ms(over)} ({len(slow)}), where the time went: "
          f"{ms(total[0])} in all, of which the frame thread ran {ms(total[1])} (CPU; the "
          f"rest it waited: for the GIL or a core); the pump {ms(total[2])} (CPU "
          f"{ms(total[3])}; page models {ms(total[4])}, messages to the server's thread "
          f"{ms(total[6])}), garbage collection {ms(total[8])}, the rest (events, update, "
          f"draw) {ms(total[0] - total[2])}")
    print("  longest: frame (CPU; the whole process's CPU) | pump (CPU) | models (n) | "
          "messages to the server (n) | gc (gen) | draw (CPU; pieces painted, all or whole "
          "if so) | lines of text drawn, fonts opened | requests answered (CPU) | the table "
          "after it")
    for row in sorted(slow, key=lambda r: -r[0])[:10]:
        (took, cpu, pump, pump_cpu, models, n_models, sends, n_sends, collected, gen, what,
         process, draw, draw_cpu, pieces, how, lines, fonts, answered) = row
        asked = ", ".join(f"{k} {ms(v)}" for k, v in answered.items()) or "-"
        print(f"  {ms(took)} ({ms(cpu)}; {ms(process)}) | {ms(pump)} ({ms(pump_cpu)}) | "
              f"{ms(models)} ({n_models:.0f}) | {ms(sends)} ({n_sends:.0f}) | {ms(collected)}"
              + (f" (gen {gen:.0f})" if gen >= 0 else "")
              + f" | {ms(draw)} ({ms(draw_cpu)}; {pieces}{' ' + how if how else ''}) | "
              f"{lines}, {fonts} | {asked} | {what}")


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.1f} ms"


def run(args: argparse.Namespace) -> int:
    import pygame

    from kiosk.app import FPS, Kiosk, KioskOptions
    from kiosk.config import Config
    from kiosk.scenes.budget import WHOLE_AFTER

    if args.pi:
        detect()  # here, before anything starts, if the Pi model cannot run
    pi: HeldSelf | None = None  # with --pi: this process alone at 20 % of a core (benchmarks/pi.py)
    held = contextlib.ExitStack()
    ctx = multiprocessing.get_context("spawn")
    ours, theirs = ctx.Pipe()
    phones = ctx.Process(target=phones_process, args=(theirs,), name="phones", daemon=True)
    phones.start()  # before this process enters the cgroup: the phones stay outside it

    config = Config()
    config = replace(config, voice=replace(config.voice, enabled=False),
                     phones=replace(config.phones, bind="127.0.0.1",
                                    max_clients=max(config.phones.max_clients,
                                                    args.clients + 2)))
    kiosk = Kiosk(KioskOptions(headless=True, lang="en", seed=args.seed, game="hearts",
                               phones=True, phones_port=0), config)
    hub, server = kiosk.phones, kiosk.phone_server
    assert hub is not None and server is not None, "the phones' server did not start"
    base = f"http://127.0.0.1:{server.bound[0][1]}"
    scene: Any = kiosk.show("hearts")
    mode = next(m for m in scene.modes if m.key == "people4")
    scene.start(mode.bots, "people4")
    hub.sit_at(scene)
    kiosk.settle()  # as the app does once it has started
    table = scene.table
    codes = [(hub.join_url(seat) or "").rsplit("/", 1)[-1] for seat in range(scene.players)]

    # what the game did: actions applied, hands and games finished (counted after each
    # frame's timing, or in the listener's call, never in the frame's own figures)
    counts = {"person": 0, "timed_out": 0, "other": 0}
    applied = scene.applied

    def counting(move: Any) -> None:
        if move.timed_out:
            counts["timed_out"] += 1
        elif move.person:
            counts["person"] += 1
        else:
            counts["other"] += 1
        applied(move)

    scene.applied = counting
    pumps: list[float] = []
    parts = Parts()
    pump = hub.pump

    def timed_pump(now: float, push: bool = True) -> None:
        began, cpu = time.perf_counter(), time.thread_time()
        pump(now, push)
        parts.pump = time.perf_counter() - began
        parts.pump_cpu = time.thread_time() - cpu
        pumps.append(parts.pump)

    hub.pump = timed_pump  # type: ignore[method-assign]
    drawn: dict[str, Any] = {"wall": 0.0, "cpu": 0.0, "pieces": 0, "how": ""}
    draw, paint = scene.draw, scene._paint

    def timed_draw(surface: Any, now: float) -> Any:
        how = "all" if scene._full else "whole" if scene._cut >= WHOLE_AFTER else ""
        drawn["pieces"] = 0
        began, cpu = time.perf_counter(), time.thread_time()
        try:
            return draw(surface, now)
        finally:
            drawn.update(wall=time.perf_counter() - began, cpu=time.thread_time() - cpu,
                         how=how)

    def counted_paint(*args: Any) -> Any:
        drawn["pieces"] += 1
        return paint(*args)

    scene.draw = timed_draw
    scene._paint = counted_paint
    parts.watch(hub)
    slow: list[tuple[Any, ...]] = []  # each frame over the target, in parts

    if args.pi:
        # The kiosk's worker processes (they paint the cards' faces) and its phones' server
        # each at a fifth of a core of their own, as the Pi's other cores; the kiosk's
        # process at another.
        kiosk.thinker.warm()
        kiosk.thinker.submit(int).result(120)
        others = [*kiosk.thinker.pids(), getattr(kiosk.phone_server, "pid", None)]
        held.enter_context(held_others([p for p in others if p], "bench-phones-worker"))
        pi = held.enter_context(held_self("bench-phones"))
    flood = None
    if args.flood:
        flood = Flood(base, args.flood, 60 + WARM_UP + args.minutes * 60)
        if args.pi:  # another device's, at a share of its own, so that it cannot take
            # the cores this machine lends the kiosk's processes
            held.enter_context(held_others([flood.popen.pid], "bench-phones-flood",
                                           FLOOD_SHARE))
    ours.send((base, codes, args.clients, tuple(args.think), args.seed))
    frames: list[float] = []
    warm_frames: list[float] = []
    hands = games = 0
    showing = False
    rss_start = rss_end = rss_next = float("nan")
    rss_each: list[float] = []  # a reading a minute
    cached: list[tuple[str, float]] = []  # the surface caches after warm-up and at the end
    ready_at: float | None = None
    end: float | None = None
    cpu_start = (0.0, 0.0)
    kept: pstats.Stats | None = None  # with --profile: the calls of the slow frames, added up
    failed: str | None = None
    began = time.monotonic()
    kiosk.frame(began)  # the first, full frame is not timed
    try:
        while True:
            now = time.monotonic()
            parts.clear()
            watch = cProfile.Profile() if args.profile else None
            start, cpu, process = time.perf_counter(), time.thread_time(), time.process_time()
            misses, fonts = kiosk.text.misses, len(kiosk.text._fonts)
            drawn.update(wall=0.0, cpu=0.0, pieces=0, how="")
            if watch is not None:
                watch.enable()
            kiosk.frame(now)
            if watch is not None:
                watch.disable()
            took = time.perf_counter() - start
            if took > args.slow / 1000 and ready_at is not None and now - ready_at >= WARM_UP:
                slow.append((took, time.thread_time() - cpu, *parts.row(), moment(table),
                             time.process_time() - process, drawn["wall"], drawn["cpu"],
                             drawn["pieces"], drawn["how"], kiosk.text.misses - misses,
                             len(kiosk.text._fonts) - fonts, dict(parts.answered)))
                if watch is not None:
                    if kept is None:
                        kept = pstats.Stats(watch)
                    else:
                        kept.add(watch)
            if ready_at is None:
                if ours.poll():
                    message = ours.recv()
                    if message != "ready":
                        failed = str(message)
                        break
                    ready_at = now
                    end = now + WARM_UP + args.minutes * 60
                    pumps.clear()
                elif now - began > 60:
                    failed = "the phones were not all connected within 60 s"
                    break
            elif now - ready_at < WARM_UP:
                warm_frames.append(took)
            else:
                if rss_start != rss_start:  # NaN: the warm-up just ended
                    rss_start = rss_mb()
                    t = os.times()
                    cpu_start = (t.user + t.system, now)
                    pumps.clear()
                    rss_each.append(rss_start)
                    cached.append(caches(kiosk, scene))
                    rss_next = now + 60
                elif now >= rss_next:
                    rss_each.append(rss_mb())
                    rss_next += 60
                frames.append(took)
            if table.showing_result and not showing:
                hands += 1
                games += bool(table.state.is_over)
            showing = table.showing_result
            if end is not None and now >= end:
                break
            pause = now + 1 / FPS - time.monotonic()
            if pause > 0:
                time.sleep(pause)
        rss_end = rss_mb()
        threads_used = thread_cpu()
        cached.append(caches(kiosk, scene))
        parts.unwatch()
        t = os.times()
        cpu = (t.user + t.system - cpu_start[0]) / max(1e-9, time.monotonic() - cpu_start[1])
    finally:
        flooded = None
        if flood is not None:
            flooded = flood.stop()
        held.close()
        ours.send("stop")
        answer: tuple[str, Any] = ours.recv() if failed is None else ("failed", failed)
        phones.join(10)
        kiosk.close_phones()
        kiosk.thinker.shutdown(wait=False, cancel_futures=True)
        kiosk.printer.shutdown(wait=False, cancel_futures=True)
        kiosk.buttons.close()
        pygame.quit()
    if answer[0] != "done":
        print(f"the phones failed: {answer[1]}", file=sys.stderr)
        return 1
    tallies: list[Tally] = answer[1]
    report(args, pi, tallies, frames, warm_frames, pumps, [*rss_each, rss_end], cpu,
           counts, hands, games, FPS)
    if len(cached) == 2:
        print(f"  the kiosk's surface caches after the warm-up: {cached[0][0]}; at the end: "
              f"{cached[1][0]}")
        print(f"  RSS growth outside those caches: "
              f"{rss_end - rss_each[0] - (cached[1][1] - cached[0][1]):+.1f} MB")
    print("  CPU seconds of the kiosk's threads over the run: " + ", ".join(
        f"{name} {seconds:.2f}" for name, seconds in threads_used.items() if seconds > 0))
    report_slow(slow, args.slow / 1000)
    if kept is not None:
        print("Where the frames over the target went (cProfile, cumulative):")
        kept.sort_stats("cumulative").print_stats(40)
    if args.flood:
        print(f"  meanwhile a flood on the loopback (wrk, {FLOOD_CONNECTIONS} connections, "
              f"paced to at most {args.flood:g} requests/s"
              + (f", held to {FLOOD_SHARE:g} of a core" if args.pi else "")
              + f"): {flooded or 'no summary'}")
    return 0


def report(args: argparse.Namespace, pi: HeldSelf | None, tallies: list[Tally],
           frames: list[float], warm_frames: list[float], pumps: list[float],
           rss: list[float], cpu: float, counts: dict[str, int],
           hands: int, games: int, fps: int) -> None:
    latencies = [x for t in tallies for x in t.latencies]
    players = [x for t in tallies if t.role == "player" for x in t.latencies]
    watchers = [x for t in tallies if t.role == "watcher" for x in t.latencies]
    trips = [x for t in tallies for x in t.round_trips]
    errors: dict[str, int] = {}
    for t in tallies:
        for key, n in t.errors.items():
            errors[key] = errors.get(key, 0) + n
    n_players = sum(1 for t in tallies if t.role == "player")
    n_watchers = len(tallies) - n_players
    over = sum(1 for f in frames if f > FRAME_TARGET)
    p50 = statistics.median(latencies) if latencies else float("nan")
    q99 = p99(latencies) if latencies else float("nan")
    longest = max(frames) if frames else float("nan")
    rss_start, rss_end = rss[0], rss[-1]
    growth = rss_end - rss_start
    print(f"Bidel (hearts), people4, on the loopback: {args.minutes:g} min of play after "
          f"a {WARM_UP:g} s warm-up, {len(tallies)} clients in a process of their own: "
          f"{n_players} players (one a seat, joined through the TV's codes, think "
          f"{args.think[0]:g}-{args.think[1]:g} s) and {n_watchers} watchers as seat "
          f"pages of the same seats (the same secrets), seed {args.seed}"
          + (f"; the kiosk in {pi.kind}" if pi is not None else ""))
    print(f"  game: {hands} hands, {games} games finished; actions applied: "
          f"{counts['person']} by the phones, {counts['timed_out']} by the computer for a "
          f"phone out of time, {counts['other']} others (deals); {sum(t.sent for t in tallies)}"
          f" sent by the phones, {sum(errors.values())} refused"
          + (f" ({', '.join(f'{k}: {n}' for k, n in sorted(errors.items()))})"
             if errors else "")
          + f"; {sum(t.closed for t in tallies)} pages closed")
    print(f"  states received: {len(latencies)} ({len(players)} by players, "
          f"{len(watchers)} by watchers), "
          f"{sum(t.bytes for t in tallies) / 1e6:.1f} MB")
    for name, values in (("all", latencies), ("players", players), ("watchers", watchers)):
        if values:
            print(f"  event -> client ({name}): p50 {ms(statistics.median(values))}, "
                  f"p99 {ms(p99(values))}, max {ms(max(values))}")
    if trips:
        print(f"  action -> next state (a player's round trip, frame wait included): p50 "
              f"{ms(statistics.median(trips))}, p99 {ms(p99(trips))}, max {ms(max(trips))}"
              f" ({len(trips)})")
    if frames:
        print(f"  kiosk frames while they play: {len(frames)} at {fps} fps, longest "
              f"{ms(longest)}, p99 {ms(p99(frames))}, median {ms(statistics.median(frames))},"
              f" {over} over {ms(FRAME_TARGET)}")
    if pumps:
        print(f"  PhoneHub.pump inside them: longest {ms(max(pumps))}, p99 {ms(p99(pumps))}, "
              f"median {ms(statistics.median(pumps))}")
    if warm_frames:
        print(f"  warm-up frames (not counted): {len(warm_frames)}, longest "
              f"{ms(max(warm_frames))}")
    print(f"  kiosk RSS a minute apart from the warm-up's end, then at the end: "
          f"{', '.join(f'{x:.1f}' for x in rss)} MB")
    print(f"  kiosk CPU while they play: {cpu * 100:.0f} % of a core")
    print()
    print("Summary")
    print(f"  p50 event -> client   {ms(p50)}")
    print(f"  p99 event -> client   {ms(q99)}  (target <= {LATENCY_TARGET * 1000:.0f})  "
          f"{'ok' if q99 <= LATENCY_TARGET else 'MISSED'}")
    print(f"  max event -> client   {ms(max(latencies) if latencies else float('nan'))}"
          f"  over {len(latencies)} messages to {len(tallies)} clients")
    print(f"  longest kiosk frame   {ms(longest)}  (target <= {FRAME_TARGET * 1000:.0f})  "
          f"{'ok' if longest <= FRAME_TARGET else 'MISSED'}; "
          f"p99 {ms(p99(frames)) if frames else '-'}, "
          f"{over} of {len(frames)} over {FRAME_TARGET * 1000:.0f} ms")
    print(f"  kiosk RSS             {rss_start:.1f} MB after warm-up -> {rss_end:.1f} MB at "
          f"the end: {growth:+.1f} MB  (target <= +{RSS_TARGET_MB:.0f})  "
          f"{'ok' if growth <= RSS_TARGET_MB else 'MISSED'}")
    print(f"  played                {hands} hands, {games} games, {counts['person']} phone "
          f"actions applied")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--minutes", type=float, default=10.0, help="of play after warm-up")
    parser.add_argument("--clients", type=int, default=16,
                        help="4 players and the rest watchers (at least 4)")
    parser.add_argument("--seed", type=int, default=5)
    parser.add_argument("--think", type=float, nargs=2, default=(0.2, 1.0),
                        metavar=("LOW", "HIGH"), help="a player's think time, in seconds")
    parser.add_argument("--pi", action="store_true",
                        help="the kiosk in a cgroup with 20 %% of a core (root)")
    parser.add_argument("--profile", action="store_true",
                        help="profile each frame and print where the slow ones went")
    parser.add_argument("--slow", type=float, default=FRAME_TARGET * 1000, metavar="MS",
                        help="the frames listed in parts (and profiled) are those over MS "
                        "milliseconds (default: the target, 20)")
    parser.add_argument("--flood", type=float, default=0.0, metavar="RATE",
                        help="also flood the phones' server with RATE requests a second "
                             "from another process for the whole run (say 3000)")
    args = parser.parse_args()
    if args.clients < PLAYERS:
        parser.error(f"--clients: at least {PLAYERS} (one a seat)")
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ["SDL_AUDIODRIVER"] = "dummy"
    with tempfile.TemporaryDirectory() as data:
        os.environ["DEBARNA_DATA_DIR"] = data
        return run(args)


if __name__ == "__main__":
    sys.exit(main())
