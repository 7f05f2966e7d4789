"""A hall, not only a living room: Dabernā at a community night, 250 ticket pages and 5 boards.

Runs the real kiosk headless (SDL's dummy driver, no voice, a journal in a temporary
directory) with its phones' server (a process of its own, as the kiosk runs it) listening
on 127.0.0.1 only, and Dabernā's caller (the scene "caller") on the screen, calling at
`--rhythm` seconds. Its frame loop runs on this process's main thread as in
benchmarks/bench_phones.py (`Kiosk.frame(now)`, then a sleep to 30 frames a second), each
frame timed. The hall's phones run in a process of their own (asyncio and aiohttp), each
page from an address of its own on the loopback (127.0.1.1, 127.0.1.2, …: its sockets
bound there through aiohttp's `TCPConnector(local_addr=…)`), as a hall's phones each have
their own address, so no address comes near the server's caps on one address
(`Doors.for_pages`) or its limiter of refused joins (the post bucket):

- `--tickets` ticket pages (250), each a ticket in play in the hand (the stand-in box's:
  a headless kiosk plays the box, `[tickets] strips` made large enough), opened by its
  signed code as its printed QR code carries it (`POST /api/ticket {"payload": ...}`,
  the kiosk's own `codes.encode(ticket)`), then its WebSocket's hello as role "ticket"
  with the secret it was given;
- `--boards` board pages (5), hello as role "board".

The server's `max_clients` is set to the pages (255; the config allows up to 256). Every
`--claim-every` seconds one ticket page claims (`{"type": "claim"}`): in turn a page with
no whole row called (its claim is refused) and a page whose ticket has a whole row (its
claim counts, unless the line is won already; it waits for the hall's first whole row).
A claim stops the calling for the host's verdict (`ClaimDesk.scan` shows it until
`resume`); the host reads it and presses Next `--verdict` seconds later (the caller
scene's own key handling, inside the timed frame), and calling goes on one beat later.
A hand that ends (its stages won, its bag empty) is followed by a new one, as the host
would start it.

Each `state` carries `sent`, the kiosk's time.time() when the caller moved; each page records
`time.time() - sent` on arrival (one machine, one clock), reading only the message's head
for it. The kiosk's process notes each such moment and whether a number was called in it,
so the figures are: event -> page latency over all pages and per role (median, p99,
longest); for each number called, the latency to the last page that got it (median, p99,
longest over the numbers) and how many pages got it; the kiosk's frames (longest, p99,
median, how many over 33 ms) after `--warm-up` seconds; its RSS; the pages connected; the
numbers called; the claims and the verdicts their pages showed. Targets: p99 event -> page
<= 100 ms, longest frame <= 33 ms. The sockets ask for permessage-deflate, as phones'
browsers do. Frames over the target are listed in parts (bench_phones.py's `Parts`: the
pump, the page models built, the messages to the server, garbage collection) and, with
`--profile`, where they went (cProfile).

`--pipe-kb KB` is a what-if, not the kiosk as it is: the pipe that carries each frame's
messages to the phones' server process (kiosk/phones/remote.py's `FramedPipe`) made KB
kilobytes (`F_SETPIPE_SZ`) instead of Linux's 64, to see what the pipe's size costs a
push of 250 pages.

`--pi` holds the kiosk's process to a fifth of a core and its phones' server process to
another (benchmarks/pi.py's `held_self` and `held_others`; cgroup v1 `cpu/pi-bench-hall-…`
or v2 `cpu.max`), about a Raspberry Pi's share; needs root. The hall's phones are outside.

    .venv/bin/python benchmarks/bench_hall.py [--minutes 2] [--tickets 250] [--boards 5]
        [--rhythm 3] [--claim-every 30] [--verdict 3] [--warm-up 20] [--seed 5] [--pi]
        [--profile] [--slow MS] [--pipe-kb KB]
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import cProfile
import fcntl
import multiprocessing
import os
import pstats
import random
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.bench_phones import Parts, ms, report_slow, rss_mb  # noqa: E402
from benchmarks.pi import HeldSelf, detect, held_others, held_self  # noqa: E402
from benchmarks.stats import p99, thread_cpu  # noqa: E402

FRAME_TARGET = 0.033
LATENCY_TARGET = 0.100
TICKETS_A_STRIP = 6
HEAD = '"sent":'  # a state's head: {"type":"state","seq":N,"sent":T,"model":...}


# -- the hall's phones (their own process) -------------------------------------------------------
@dataclass
class Tally:
    """What one page saw: each state's `sent` and its latency, verdicts on its claims."""

    role: str  # "ticket" or "board"
    address: str
    states: list[tuple[float, float]] = field(default_factory=list)  # (sent, latency)
    claims: int = 0  # claims sent
    verdicts: list[str] = field(default_factory=list)  # "valid" / "refused", as shown
    errors: dict[str, int] = field(default_factory=dict)
    closed: int = 0
    bytes: int = 0


class Page:
    """One phone's page: its own session bound to its own loopback address."""

    def __init__(self, base: str, address: str, role: str, payload: str | None,
                 grid: list[list[int | None]] | None) -> None:
        self.base = base
        self.role = role
        self.payload = payload
        self.rows = [{n for n in row if n is not None} for row in grid or []]
        self.tally = Tally(role, address)
        self.secret: str | None = None
        self.welcomed = asyncio.Event()
        self.last_text = ""  # the newest state as it came (a board's is read for claims)
        self.verdict: str | None = None
        self.ws: Any = None
        self.session: Any = None

    async def open(self) -> None:
        import aiohttp

        self.session = aiohttp.ClientSession(
            connector=aiohttp.TCPConnector(local_addr=(self.tally.address, 0)))
        if self.payload is not None:
            async with self.session.post(self.base + "/api/ticket",
                                         json={"payload": self.payload}) as r:
                body = await r.json()
                if r.status != 200:
                    raise RuntimeError(f"{self.tally.address}: ticket refused ({r.status}): "
                                       f"{body}")
                self.secret = body["secret"]

    async def run(self, stop: asyncio.Event) -> None:
        # permessage-deflate, as a phone's browser asks for it
        self.ws = ws = await self.session.ws_connect(self.base + "/ws", max_msg_size=0,
                                                     compress=15)
        hello: dict[str, Any] = {"type": "hello", "role": self.role, "lang": "en"}
        if self.secret is not None:
            hello["secret"] = self.secret
        await ws.send_json(hello)
        reader = asyncio.create_task(self._read(ws))
        await stop.wait()
        await ws.close()
        reader.cancel()
        await self.session.close()

    async def _read(self, ws: Any) -> None:
        import json

        async for msg in ws:
            if not isinstance(msg.data, str):
                continue
            arrived = time.time()
            text = msg.data
            self.tally.bytes += len(text)
            if text.startswith('{"type":"state"'):
                at = text.index(HEAD) + len(HEAD)
                sent = float(text[at:text.index(",", at)])
                self.tally.states.append((sent, arrived - sent))
                self.last_text = text
                if self.tally.claims:  # only a page that claimed reads its whole model
                    claim = json.loads(text)["model"].get("claim") or {}
                    state = claim.get("state")
                    if state in ("valid", "refused") and state != self.verdict:
                        self.tally.verdicts.append(state)
                    self.verdict = state
                continue
            data = json.loads(text)
            kind = data.get("type")
            if kind == "welcome":
                self.welcomed.set()
            elif kind == "error":
                key = str(data.get("reason") or data.get("message"))
                self.tally.errors[key] = self.tally.errors.get(key, 0) + 1
            elif kind == "closed":
                self.tally.closed += 1
                self.welcomed.set()

    def whole_row(self, called: set[int]) -> bool:
        return any(row <= called for row in self.rows)

    async def claim(self) -> None:
        self.tally.claims += 1
        self.verdict = None
        await self.ws.send_str('{"type":"claim"}')


async def claims(pages: list[Page], boards: list[Page], every: float, rng: random.Random,
                 stop: asyncio.Event) -> None:
    """A claim every `every` seconds: in turn a page with no whole row called (refused)
    and a page with one (it counts unless its line is won already), which waits for the
    first whole row if there is none yet, as a player claims once their row is full (read
    against a board page's newest state)."""
    import json

    async def rest(seconds: float) -> bool:
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(stop.wait(), seconds)
        return stop.is_set()

    turn = 0
    while not await rest(every):
        whole = turn % 2 == 1
        while True:
            text = next((b.last_text for b in boards if b.last_text), "")
            called = set(json.loads(text)["model"]["called"]) if text else set()
            fitting = [p for p in pages if p.whole_row(called) == whole]
            if fitting or not whole:
                break
            if await rest(0.5):
                return
        await rng.choice(fitting or pages).claim()
        turn += 1


async def hall(conn: Any, base: str, tickets: list[tuple[str, list[list[int | None]]]],
               boards: int, every: float, seed: int) -> list[Tally]:
    rng = random.Random(seed)
    stop = asyncio.Event()
    addresses = [f"127.0.{1 + n // 250}.{1 + n % 250}" for n in range(len(tickets) + boards)]
    ticket_pages = [Page(base, addresses[n], "ticket", payload, grid)
                    for n, (payload, grid) in enumerate(tickets)]
    board_pages = [Page(base, addresses[len(tickets) + n], "board", None, None)
                   for n in range(boards)]
    pages = ticket_pages + board_pages
    for chunk in range(0, len(pages), 25):  # a hall comes in over a few minutes, not at once
        await asyncio.gather(*(p.open() for p in pages[chunk:chunk + 25]))
    tasks = [asyncio.create_task(p.run(stop)) for p in pages]
    await asyncio.wait_for(asyncio.gather(*(p.welcomed.wait() for p in pages)), 60)
    conn.send("ready")
    claimer = asyncio.create_task(claims(ticket_pages, board_pages, every, rng, stop))
    loop = asyncio.get_running_loop()
    await loop.run_in_executor(None, conn.recv)  # "stop"
    stop.set()
    await asyncio.gather(claimer, *tasks, return_exceptions=True)
    return [p.tally for p in pages]


def phones_process(conn: Any) -> None:
    """The hall's process: waits for the kiosk's address and tickets, opens the pages,
    sends back what each saw."""
    base, tickets, boards, every, seed = conn.recv()
    try:
        tallies = asyncio.run(hall(conn, base, tickets, boards, every, seed))
    except BaseException as exc:
        conn.send(("failed", repr(exc)))
        raise
    conn.send(("done", tallies))


# -- the kiosk's process -------------------------------------------------------------------------
@dataclass
class Moments:
    """The kiosk's side of the run: each moment the pages were told of (the hub's `_sent`)
    and whether a number was called in it; the numbers and claims; the host's presses."""

    calls: dict[float, int] = field(default_factory=dict)  # `sent` -> the number called
    # `sent` -> the seconds from the call to its push (the frames it waited for the
    # journal's commit: nothing is shown before it is on the disk)
    held: dict[float, float] = field(default_factory=dict)
    numbers: int = 0  # called while measured
    hands: int = 0  # started after the first
    verdicts: int = 0
    presses: int = 0  # the host's Next after a verdict
    pushed: list[int] = field(default_factory=list)  # a number's push: bytes to the server
    # a number's push: its bytes, and the seconds from its frame's end until the pipe to
    # the server's process had taken them all (read at each frame's end; 0: at once)
    pipe: list[tuple[float, float]] = field(default_factory=list)


class Host:
    """What the host does at the kiosk while the hall plays: Next a while after a verdict,
    a new hand when one ends."""

    def __init__(self, kiosk: Any, scene: Any, verdict: float) -> None:
        self.kiosk = kiosk
        self.scene = scene
        self.verdict = verdict
        self.shown_at: float | None = None

    def act(self, now: float, moments: Moments) -> None:
        from kiosk.config import Action
        from kiosk.games.debarna.caller import ClaimPhase

        c = self.kiosk.controller
        if c.claim_phase is ClaimPhase.CLOSED:
            self.shown_at = None
        elif self.shown_at is None:
            self.shown_at = now
            moments.verdicts += c.claim_phase is ClaimPhase.VERDICT
        elif now - self.shown_at >= self.verdict:
            self.scene.handle(Action.NEXT if c.claim_phase is ClaimPhase.VERDICT
                              else Action.BACK, "", now)
            moments.presses += 1
            self.shown_at = None
        if c.hand is not None and (c.hand.is_over or (c.paused and len(c.called) >= 90)):
            c.new_hand(now)
            c.new_hand(now)  # the second press confirms
            moments.hands += 1


def cpu_of(pid: int | None) -> float:
    """The CPU seconds a process has used (Linux's /proc; NaN if it is gone)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except (OSError, IndexError):
        return float("nan")
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


SCHEDSTAT = Path("/proc/thread-self/schedstat")


def run_queue() -> float:
    """The seconds this thread has waited for a core so far (Linux's schedstat: runnable,
    not running)."""
    try:
        return int(SCHEDSTAT.read_text().split()[1]) / 1e9
    except (OSError, IndexError, ValueError):
        return float("nan")


def run(args: argparse.Namespace) -> int:
    import pygame

    from kiosk.app import FPS, Kiosk, KioskOptions
    from kiosk.config import Config

    if args.pi:
        detect()  # here, before anything starts, if the Pi model cannot run
    pi: HeldSelf | None = None
    held = contextlib.ExitStack()
    ctx = multiprocessing.get_context("spawn")
    ours, theirs = ctx.Pipe()
    phones = ctx.Process(target=phones_process, args=(theirs,), name="hall", daemon=True)
    phones.start()  # before this process enters the cgroup: the hall stays outside it

    pages = args.tickets + args.boards
    config = Config()
    config = replace(
        config, voice=replace(config.voice, enabled=False),
        tickets=replace(config.tickets, strips=max(config.tickets.strips,
                                                   -(-args.tickets // TICKETS_A_STRIP))),
        phones=replace(config.phones, bind="127.0.0.1",
                       max_clients=max(config.phones.max_clients, pages)))
    kiosk = Kiosk(KioskOptions(headless=True, lang="en", seed=args.seed, game="debarna",
                               rhythm=args.rhythm, phones=True, phones_port=0), config)
    hub, server, codes = kiosk.phones, kiosk.phone_server, kiosk.codes
    assert hub is not None and server is not None, "the phones' server did not start"
    assert codes is not None, "the kiosk has no ticket key"
    base = f"http://127.0.0.1:{server.bound[0][1]}"
    scene: Any = kiosk.show("caller")  # a headless kiosk starts a hand and calls at once
    kiosk.settle()
    controller = kiosk.controller
    assert controller.hand is not None and not controller.paused
    in_play = list(controller.hand.tickets)
    if len(in_play) < args.tickets:
        print(f"only {len(in_play)} tickets in play", file=sys.stderr)
        return 1
    tickets = [(codes.encode(t), [list(row) for row in t.grid]) for t in in_play[:args.tickets]]

    parts = Parts()
    pump = hub.pump
    pumps: list[float] = []

    def timed_pump(now: float, push: bool = True) -> None:
        began, cpu = time.perf_counter(), time.thread_time()
        pump(now, push)
        parts.pump = time.perf_counter() - began
        parts.pump_cpu = time.thread_time() - cpu
        pumps.append(parts.pump)

    hub.pump = timed_pump  # type: ignore[method-assign]
    drawn = {"wall": 0.0, "cpu": 0.0}
    draw = scene.draw

    def timed_draw(surface: Any, now: float) -> Any:
        began, cpu = time.perf_counter(), time.thread_time()
        try:
            return draw(surface, now)
        finally:
            drawn.update(wall=time.perf_counter() - began, cpu=time.thread_time() - cpu)

    scene.draw = timed_draw
    parts.watch(hub)
    handed = [0]  # bytes of pages' messages handed to the server this frame
    send_texts = hub.outlet.send_texts

    def counted_texts(items: list[tuple[int, str, str]]) -> None:
        handed[0] += sum(len(text) for _, _, text in items)
        send_texts(items)

    hub.outlet.send_texts = counted_texts  # type: ignore[method-assign]
    pipe = getattr(server, "_out", None)  # the pipe to the server's process (FramedPipe)
    if args.pipe_kb and pipe is not None:  # a what-if: that pipe made larger than Linux's
        # default of 64 kB (F_SETPIPE_SZ; at most /proc/sys/fs/pipe-max-size)
        fcntl.fcntl(pipe.fd, fcntl.F_SETPIPE_SZ, int(args.pipe_kb * 1024))
    journal = controller.journal
    assert journal is not None
    written = [0.0]  # seconds the frame spent committing the caller's journal
    record_many = journal.record_many

    def timed_record(events: Any) -> None:
        began = time.perf_counter()
        try:
            record_many(events)
        finally:
            written[0] += time.perf_counter() - began

    journal.record_many = timed_record  # type: ignore[method-assign]
    waits: list[tuple[float, float, float, float, str]] = []  # the slow frames: wall, CPU,
    # waiting for a core, committing the journal, the caller after it
    draining: list[float] = []  # a number's push: when its frame ended, until the pipe is empty

    if args.pi:
        others = [*kiosk.thinker.pids(), getattr(server, "pid", None)]
        held.enter_context(held_others([p for p in others if p], "bench-hall-server"))
        pi = held.enter_context(held_self("bench-hall"))
    ours.send((base, tickets, args.boards, args.claim_every, args.seed))

    host = Host(kiosk, scene, args.verdict)
    moments = Moments()
    frames: list[float] = []
    slow: list[tuple[Any, ...]] = []
    connected: list[int] = []  # the hub's pages, read each second while measured
    rss: list[float] = []
    kept: pstats.Stats | None = None
    failed: str | None = None
    ready_at: float | None = None
    measured_from: float | None = None  # time.time() at the warm-up's end
    end: float | None = None
    sent_before, called_before = hub._sent, len(controller.called)
    unsent: float | None = None  # when a number not pushed to the pages yet was called
    hand_before = controller.hand
    read_next = 0.0
    cpu_start = (0.0, 0.0)
    watched = {"the phones' server": getattr(server, "pid", None), "the hall": phones.pid}
    others_used = dict.fromkeys(watched, 0.0)  # their CPU seconds while measured
    began = time.monotonic()
    kiosk.frame(began)  # the first, full frame is not timed
    try:
        while True:
            now = time.monotonic()
            parts.clear()
            watch = cProfile.Profile() if args.profile else None
            start, cpu, process = time.perf_counter(), time.thread_time(), time.process_time()
            drawn.update(wall=0.0, cpu=0.0)
            written[0] = 0.0
            queued = run_queue()
            if watch is not None:
                watch.enable()
            host.act(now, moments)
            kiosk.frame(now)
            if watch is not None:
                watch.disable()
            took = time.perf_counter() - start
            ended = time.perf_counter()
            warm = measured_from is None
            if not warm and took > args.slow / 1000:
                waits.append((took, time.thread_time() - cpu, run_queue() - queued,
                              written[0], str(controller.claim_phase)))
                slow.append((took, time.thread_time() - cpu, *parts.row(),
                             str(controller.claim_phase), time.process_time() - process,
                             drawn["wall"], drawn["cpu"], 0, "", 0, 0, dict(parts.answered)))
                if watch is not None:
                    if kept is None:
                        kept = pstats.Stats(watch)
                    else:
                        kept.add(watch)
            # what the pages were told this frame (outside the frame's timing)
            called = len(controller.called)
            waiting = pipe.pending if pipe is not None else 0
            if draining and not waiting:
                moments.pipe.append((draining[1], ended - draining[0]))
                draining.clear()
            if called != called_before and controller.hand is hand_before:
                unsent = time.time()  # the pages get it once it is on the disk
            if hub._sent != sent_before:
                if unsent is not None:
                    moments.held[hub._sent] = hub._sent - unsent
                    unsent = None
                    moments.calls[hub._sent] = controller.called[-1]
                    moments.numbers += not warm
                    if not warm:
                        moments.pushed.append(handed[0])
                        if waiting and not draining:
                            draining[:] = [ended, handed[0]]
                        elif not waiting:
                            moments.pipe.append((handed[0], 0.0))
                sent_before = hub._sent
            handed[0] = 0
            called_before, hand_before = called, controller.hand
            if ready_at is None:
                if ours.poll():
                    message = ours.recv()
                    if message != "ready":
                        failed = str(message)
                        break
                    ready_at = now
                    end = now + args.warm_up + args.minutes * 60
                elif now - began > 180:
                    failed = "the hall's pages were not all connected within 180 s"
                    break
            elif warm and now - ready_at >= args.warm_up:
                measured_from = time.time()
                rss.append(rss_mb())
                pumps.clear()
                moments.hands = moments.verdicts = moments.presses = 0
                t = os.times()
                cpu_start = (t.user + t.system, now)
                others_used = {name: cpu_of(pid) for name, pid in watched.items()}
            elif not warm:
                frames.append(took)
                if now >= read_next:
                    connected.append(len(hub.clients))
                    read_next = now + 1.0
            if end is not None and now >= end:
                break
            pause = now + 1 / FPS - time.monotonic()
            if pause > 0:
                time.sleep(pause)
        measured = (measured_from or 0.0, time.time())
        rss.append(rss_mb())
        threads_used = thread_cpu()
        parts.unwatch()
        t = os.times()
        spent = max(1e-9, time.monotonic() - cpu_start[1])
        cpu_share = (t.user + t.system - cpu_start[0]) / spent
        others_used = {name: (cpu_of(watched[name]) - used) / spent
                       for name, used in others_used.items()}
    finally:
        held.close()
        ours.send("stop")
        answer: tuple[str, Any] = ours.recv() if failed is None else ("failed", failed)
        phones.join(20)
        kiosk.close_phones()
        kiosk.thinker.shutdown(wait=False, cancel_futures=True)
        kiosk.printer.shutdown(wait=False, cancel_futures=True)
        kiosk.buttons.close()
        pygame.quit()
    if answer[0] != "done" or measured_from is None:
        print(f"the hall failed: {answer[1] if answer[0] != 'done' else 'no time measured'}",
              file=sys.stderr)
        return 1
    report(args, pi, answer[1], measured, moments, frames, pumps, connected, rss, cpu_share,
           FPS)
    print("  CPU seconds of the kiosk's threads over the run: " + ", ".join(
        f"{name} {seconds:.2f}" for name, seconds in threads_used.items() if seconds > 0))
    print("  CPU of the other processes while measured: " + ", ".join(
        f"{name} {share * 100:.1f} % of a core" for name, share in others_used.items()))
    report_slow(slow, args.slow / 1000)
    report_waits(waits)
    if kept is not None:
        print("Where the frames over the target went (cProfile, cumulative):")
        kept.sort_stats("cumulative").print_stats(40)
    return 0


def report_waits(waits: list[tuple[float, float, float, float, str]]) -> None:
    """The slow frames' wall time split: the frame thread running, waiting for a core (the
    run queue: other processes had them), committing the journal (SQLite, on the disk
    before a number shows), and the rest off a core (blocked: the disk, page faults)."""
    if not waits:
        return
    wall, cpu, queued, journal = (sum(float(w[i]) for w in waits) for i in range(4))
    print(f"The same frames' wall time: {ms(wall)}; running {ms(cpu)}, waiting for a core "
          f"(run queue) {ms(queued)}, blocked off a core {ms(max(0.0, wall - cpu - queued))}"
          f"; of the wall time, committing the caller's journal {ms(journal)}")
    print("  longest: frame | running | run queue | journal | the caller after it")
    for took, ran, waited, wrote, phase in sorted(waits, key=lambda w: -w[0])[:10]:
        print(f"  {ms(took)} | {ms(ran)} | {ms(waited)} | {ms(wrote)} | {phase}")


def spread(values: list[float]) -> str:
    return (f"p50 {ms(statistics.median(values))}, p99 {ms(p99(values))}, "
            f"max {ms(max(values))}") if values else "-"


def report(args: argparse.Namespace, pi: HeldSelf | None, tallies: list[Tally],
           measured: tuple[float, float], moments: Moments, frames: list[float],
           pumps: list[float], connected: list[int], rss: list[float], cpu: float,
           fps: int) -> None:
    first, last = measured
    inside = [(t, sent, late) for t in tallies for sent, late in t.states
              if first <= sent <= last]
    latencies = [late for _, _, late in inside]
    by_role = {role: [late for t, _, late in inside if t.role == role]
               for role in ("ticket", "board")}
    to_last: dict[float, list[float]] = {}  # a number called: each page's latency
    for _, sent, late in inside:
        if sent in moments.calls:  # from the call itself, its wait for the disk included
            to_last.setdefault(sent, []).append(late + moments.held.get(sent, 0.0))
    slowest = [max(values) for values in to_last.values()]
    fastest = [min(values) for values in to_last.values()]
    reached = [len(values) for values in to_last.values()]
    errors: dict[str, int] = {}
    for t in tallies:
        for key, n in t.errors.items():
            errors[key] = errors.get(key, 0) + n
    verdicts = [v for t in tallies for v in t.verdicts]
    over = sum(1 for f in frames if f > FRAME_TARGET)
    longest = max(frames) if frames else float("nan")
    q99 = p99(latencies) if latencies else float("nan")
    pages = len(tallies)
    print(f"Dabernā's caller in a hall, on the loopback: {args.minutes:g} min measured after "
          f"a {args.warm_up:g} s warm-up, rhythm {args.rhythm:g} s, {pages} pages in a process"
          f" of their own, each from its own 127.0.x.y: {args.tickets} ticket pages (each "
          f"its own ticket in play, opened by its signed code) and {args.boards} boards; "
          f"seed {args.seed}" + (f"; the kiosk in {pi.kind}" if pi is not None else "")
          + (f"; what-if: the pipe to the server's process at {args.pipe_kb:g} kB"
             if args.pipe_kb else ""))
    print(f"  pages connected (the hub's, each second): min {min(connected, default=0)}, max "
          f"{max(connected, default=0)} of {pages}; {sum(t.closed for t in tallies)} closed "
          f"by the kiosk; refusals: {sum(errors.values())}"
          + (f" ({', '.join(f'{k}: {n}' for k, n in sorted(errors.items()))})"
             if errors else ""))
    print(f"  numbers called: {moments.numbers}; new hands: {moments.hands}; claims sent: "
          f"{sum(t.claims for t in tallies)} over the whole run, verdicts on the TV while "
          f"measured: {moments.verdicts}, the host's Next after them: {moments.presses}; "
          f"verdicts the claiming pages showed: {verdicts.count('valid')} valid, "
          f"{verdicts.count('refused')} refused")
    print(f"  states received while measured: {len(latencies)} "
          f"({len(by_role['ticket'])} by ticket pages, {len(by_role['board'])} by boards), "
          f"{sum(t.bytes for t in tallies) / 1e6:.1f} MB in the whole run")
    print(f"  event -> page (all): {spread(latencies)}")
    for role, values in by_role.items():
        print(f"  event -> page ({role}s): {spread(values)}")
    held = [moments.held[sent] for sent in to_last if sent in moments.held]
    print(f"  a number called -> its push to the pages (its commit on the journal's thread, "
          f"then the next frame): {spread(held)}")
    print(f"  a number called -> the first page to get it, over {len(fastest)} numbers: "
          f"{spread(fastest)}")
    print(f"  a number called -> the last page to get it: {spread(slowest)}; pages reached "
          f"each: min {min(reached, default=0)}, max {max(reached, default=0)}")
    print("  each number called, in order: the number (pages that got it): p50 / p99 / max")
    lines = [f"{moments.calls[sent]:>2} ({len(values)}): "
             f"{statistics.median(values) * 1000:.0f} / {p99(values) * 1000:.0f} / "
             f"{max(values) * 1000:.0f} ms" for sent, values in sorted(to_last.items())]
    for row in range(0, len(lines), 4):
        print("    " + "   ".join(f"{line:<30}" for line in lines[row:row + 4]).rstrip())
    if moments.pushed:
        waits = [wait for _, wait in moments.pipe]
        kb = statistics.median(moments.pushed) / 1000
        print(f"  a number's push to the server's process: {kb:.0f} kB of messages (median); "
              f"the pipe had taken them all at the "
              f"frame's end {sum(1 for w in waits if w == 0)} times of {len(waits)}, else "
              f"after {spread([w for w in waits if w > 0])}")
    print(f"  kiosk frames: {len(frames)} at {fps} fps, {spread(frames)}, {over} over "
          f"{ms(FRAME_TARGET)}")
    if pumps:
        print(f"  PhoneHub.pump inside them: {spread(pumps)}")
    print(f"  kiosk RSS: {rss[0]:.1f} MB after the warm-up, {rss[-1]:.1f} MB at the end")
    print(f"  kiosk CPU while measured: {cpu * 100:.1f} % of a core")
    print()
    print("Summary")
    print(f"  p99 event -> page     {ms(q99)}  (target <= {LATENCY_TARGET * 1000:.0f})  "
          f"{'ok' if q99 <= LATENCY_TARGET else 'MISSED'}; p50 "
          f"{ms(statistics.median(latencies)) if latencies else '-'}, max "
          f"{ms(max(latencies)) if latencies else '-'}")
    print(f"  longest kiosk frame   {ms(longest)}  (target <= {FRAME_TARGET * 1000:.0f})  "
          f"{'ok' if longest <= FRAME_TARGET else 'MISSED'}; "
          f"p99 {ms(p99(frames)) if frames else '-'}, {over} of {len(frames)} over "
          f"{FRAME_TARGET * 1000:.0f} ms")
    print(f"  pages connected       {min(connected, default=0)} of {pages}")
    print(f"  numbers called        {moments.numbers}")
    print(f"  kiosk RSS             {rss[0]:.1f} -> {rss[-1]:.1f} MB")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--minutes", type=float, default=2.0, help="measured, after warm-up")
    parser.add_argument("--tickets", type=int, default=250, help="ticket pages")
    parser.add_argument("--boards", type=int, default=5, help="board pages")
    parser.add_argument("--rhythm", type=float, default=3.0, help="seconds between calls")
    parser.add_argument("--claim-every", type=float, default=30.0, metavar="SECONDS",
                        help="a ticket page claims this often")
    parser.add_argument("--verdict", type=float, default=3.0, metavar="SECONDS",
                        help="the host presses Next this long after a verdict shows")
    parser.add_argument("--warm-up", type=float, default=20.0, metavar="SECONDS",
                        help="of calling once every page is connected, not measured")
    parser.add_argument("--seed", type=int, default=5)
    parser.add_argument("--pi", action="store_true",
                        help="the kiosk in a cgroup with 20 %% of a core (root)")
    parser.add_argument("--pipe-kb", type=float, default=0.0, metavar="KB",
                        help="what-if: make the kiosk's pipe to its phones' server process "
                        "KB kilobytes (Linux's default: 64)")
    parser.add_argument("--profile", action="store_true",
                        help="profile each frame and print where the slow ones went")
    parser.add_argument("--slow", type=float, default=FRAME_TARGET * 1000, metavar="MS",
                        help="the frames listed in parts (and profiled) are those over MS "
                        "milliseconds (default: the target, 33)")
    args = parser.parse_args()
    if not 1 <= args.tickets + args.boards <= 256:
        parser.error("the config allows 1 to 256 pages at once (phones.max_clients)")
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ["SDL_AUDIODRIVER"] = "dummy"
    with tempfile.TemporaryDirectory() as data:
        os.environ["DEBARNA_DATA_DIR"] = data
        return run(args)


if __name__ == "__main__":
    sys.exit(main())
