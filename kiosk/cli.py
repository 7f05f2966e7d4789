"""The `debarna` command line: tickets, simulate, and the kiosk itself (the default).

Every mistake on the command line gets a usage message and exit code 2, never a
traceback. Every registered game (`engines.registry`) has its own command,
``debarna <game> selfplay``, whose rule flags are made from the game's options
dataclass (`kiosk.flags.option_flags`), and is a choice of ``debarna kiosk --game``.
"""

from __future__ import annotations

import argparse
import json
import logging
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

from engines.registry import GameEntry
from engines.registry import game as registered_game
from engines.registry import games as registered_games
from kiosk.flags import bots_from_flag, bounded, option_flags, options_from_flags, seeded_rng
from kiosk.games import hosting

if TYPE_CHECKING:
    from engines.debarna.codes import TicketCodes
    from engines.debarna.ticket import Ticket

KIOSK_COMMANDS = (
    "kiosk", "tickets", "print", "simulate", "history", "config", "voice", "backup", "restore",
    "cards",
)


def subcommands() -> tuple[str, ...]:
    """The kiosk's own commands, then one per registered game."""
    return (*KIOSK_COMMANDS, *(entry.key for entry in registered_games()))


HEADLESS_MIN_RHYTHM = 0.05
RHYTHM_RANGE = (3.0, 5.0)


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The command line. With `command` (the one being run), a game's own commands are
    made in full only for that game: the others are named, with their help, and no more
    (its tools would import the game's hosting, its selfplay flags read its options), so
    ``debarna kiosk`` imports no game's table and parses just as fast as it can."""
    parser = argparse.ArgumentParser(
        prog="debarna",
        description="The Dabernā kiosk: the Iranian 90-ball game on the family TV.",
    )
    sub = parser.add_subparsers(dest="command", metavar="{" + ",".join(subcommands()) + "}")
    _kiosk_parser(sub)
    _tickets_parser(sub)
    _print_parser(sub)
    _simulate_parser(sub)
    _history_parser(sub)
    _backup_parsers(sub)
    _config_parser(sub)
    _cards_parser(sub)
    for entry in registered_games():
        _game_commands(sub, entry, command is None or command == entry.key)
    _voice_parser(sub)
    return parser


def _kiosk_parser(sub: Any) -> None:
    """``debarna kiosk``: the kiosk itself, on the screen or headless."""
    kiosk = sub.add_parser("kiosk", help="start the kiosk (the default)")
    kiosk.add_argument("--windowed", action="store_true", help="run in a 1280x720 window")
    kiosk.add_argument("--lang", choices=("fa", "en"), help="language of the screen and voice")
    kiosk.add_argument("--config", type=Path, metavar="FILE", help="TOML configuration file")
    kiosk.add_argument("--headless", action="store_true",
                       help="no screen (SDL dummy driver); start a hand at once")
    kiosk.add_argument("--run-for", type=bounded(float, 0.0, what="--run-for"),
                       metavar="SECONDS", help="exit after this many seconds")
    kiosk.add_argument("--screenshot", type=Path, metavar="PATH",
                       help="save a PNG of the screen on exit")
    kiosk.add_argument("--seed", type=int, help="seed for the bag (repeatable hands)")
    kiosk.add_argument("--rhythm", type=bounded(float, HEADLESS_MIN_RHYTHM, what="--rhythm"),
                       metavar="SECONDS",
                       help="seconds between calls: 3-5 on a screen, down to 0.05 headless")
    kiosk.add_argument("--size", type=_size, metavar="WxH",
                       help="headless screen size, default 1920x1080")
    kiosk.add_argument("--auto-check", action="store_true", default=None,
                       help="the kiosk itself finds and announces winning cards")
    kiosk.add_argument("--game", choices=("debarna", *(e.key for e in registered_games())),
                       default="debarna",
                       help="headless: the game to show (a table game shows its demo: the "
                            "computers playing, or a hand under way against them; else its "
                            "menu)")


def _tickets_parser(sub: Any) -> None:
    """``debarna tickets``: make strips, ``tickets verify`` a code, ``tickets issued``."""
    tickets = sub.add_parser(
        "tickets", help="make strips of 6 tickets covering 1-90; `tickets verify CODE`",
        usage="debarna tickets --strips N [--seed S] [--format json|text|pdf] [--out FILE]\n"
              "       debarna tickets verify CODE\n"
              "       debarna tickets issued [--today]")
    tickets.add_argument("--strips", type=bounded(int, 1, 100_000, what="--strips"),
                         metavar="N")
    tickets.add_argument("--seed", type=int, help="seed for repeatable tickets")
    tickets.add_argument("--format", choices=("json", "text", "pdf"), default="text")
    tickets.add_argument("--out", type=Path, metavar="FILE", help="the PDF to write")
    tickets_sub = tickets.add_subparsers(dest="tickets_command", metavar="verify")
    verify = tickets_sub.add_parser("verify", help="check a scanned or typed ticket code")
    verify.add_argument("code", help="the QR payload, as scanned")
    listed = tickets_sub.add_parser("issued", help="the tickets this kiosk has printed")
    listed.add_argument("--today", action="store_true", help="only those printed today")


def _print_parser(sub: Any) -> None:
    """``debarna print``: issue strips and print them, through CUPS or on a receipt printer."""
    printing = sub.add_parser("print", help="issue strips and print them")
    printing.add_argument("--strips", type=bounded(int, 1, 500, what="--strips"), required=True,
                          metavar="N")
    printing.add_argument("--seed", type=int, help=argparse.SUPPRESS)
    where = printing.add_mutually_exclusive_group()
    where.add_argument("--printer", metavar="NAME", help="a CUPS printer (default: CUPS's)")
    where.add_argument("--escpos", metavar="DEVICE",
                       help="a receipt printer: /dev/usb/lp0 or usb:VID:PID")


def _simulate_parser(sub: Any) -> None:
    """``debarna simulate``: hands played with every player claiming at once."""
    sim = sub.add_parser("simulate", help="play hands with every player claiming at once")
    sim.add_argument("--games", type=bounded(int, 1, 1_000_000, what="--games"), required=True,
                     metavar="N")
    sim.add_argument("--tickets", type=bounded(int, 1, 600, what="--tickets"), required=True,
                     metavar="K")
    sim.add_argument("--seed", type=int)
    sim.add_argument("--no-two-lines", action="store_true", help="skip the two-lines stage")
    sim.add_argument("--format", choices=("json", "text"), default="text")


def _history_parser(sub: Any) -> None:
    """``debarna history``: the journal's record of a hand, or of every hand."""
    history = sub.add_parser("history", help="the record of a hand: calls, claims, winners")
    history.add_argument("--hand", type=bounded(int, 1, what="--hand"), metavar="N",
                         help="one hand by number (default: every hand)")
    history.add_argument("--format", choices=("json", "text"), default="text")
    history.add_argument("--ledger", action="store_true",
                         help="also the last night's prize-pot ledger: who put in and won what")


def _backup_parsers(sub: Any) -> None:
    """``debarna backup`` and ``debarna restore``: the journal and the ticket key, copied
    out and put back."""
    saving = sub.add_parser(
        "backup", help="copy the journal and the ticket key into a new folder",
        description="Copy the game journal (a consistent copy, also while the kiosk runs) "
                    "and the ticket key into DEST, a new or empty folder (mode 0700): "
                    "journal.sqlite3, ticket-key.json (0600) and backup.json.")
    saving.add_argument("dest", type=Path, metavar="DEST", help="a new or empty folder")
    restoring = sub.add_parser(
        "restore", help="put back the journal and ticket key from a backup folder",
        description="Check a folder made by `debarna backup` and put its journal and "
                    "ticket key in place. Stop the kiosk first. The files replaced are "
                    "kept beside them as <name>.replaced-<date>.")
    restoring.add_argument("src", type=Path, metavar="SRC", help="a folder made by backup")
    restoring.add_argument("--force", action="store_true",
                           help="replace a journal that holds games, or a different key")


def _config_parser(sub: Any) -> None:
    """``debarna config``: check a config file (with the TV's settings), or print the
    defaults."""
    config = sub.add_parser("config", help="check a config file, or print the defaults")
    what = config.add_mutually_exclusive_group(required=True)
    what.add_argument("--check", type=Path, metavar="FILE", help="validate FILE")
    what.add_argument("--defaults", action="store_true", help="print every key and its default")
    config.add_argument("--overlay", type=Path, metavar="PATH",
                        help="the settings changed on the TV to check with FILE "
                             "(default: settings.toml in the kiosk's data directory)")


def _cards_parser(sub: Any) -> None:
    """``debarna cards read PHOTO``: what a phone photo of a store-bought card reads as."""
    cards = sub.add_parser("cards", help="store-bought cards: `cards read PHOTO`, `cards list`, "
                           "`cards stickers`")
    cards_sub = cards.add_subparsers(dest="cards_command", metavar="{read,list,stickers}",
                                     required=True)
    read = cards_sub.add_parser("read", help="read a card's numbers from a photo (JPEG, PNG)")
    read.add_argument("photo", type=Path, metavar="PHOTO")
    read.add_argument("--format", choices=("text", "json"), default="text")
    listed = cards_sub.add_parser("list", help="the shop cards registered, by card number")
    listed.add_argument("--format", choices=("text", "json"), default="text")
    stickers = cards_sub.add_parser(
        "stickers", help="a PDF of stickers for registered cards: each its number and QR code")
    stickers.add_argument("numbers", nargs="*", metavar="NUMBER",
                          help="the cards' numbers (default: every registered card)")
    stickers.add_argument("--out", type=Path, default=Path("stickers.pdf"),
                          help="the PDF to write (default: stickers.pdf)")


def _voice_parser(sub: Any) -> None:
    """``debarna voice``: the caller's voice clips, rendered now."""
    voice = sub.add_parser("voice", help="render the caller's voice clips now")
    voice.add_argument("--lang", choices=("fa", "en", "all"), default="all")
    voice.add_argument("--config", type=Path, metavar="FILE", help="TOML configuration file")


def _game_commands(sub: Any, entry: GameEntry, full: bool = True) -> None:
    """``debarna <game> selfplay`` for every game, and the game's own tools (not `full`:
    the command's name and help only)."""
    tools = sub.add_parser(entry.key, help=f"{entry.name_en} tools")
    if not full:
        return
    commands = tools.add_subparsers(dest="game_command", required=True)
    selfplay = commands.add_parser(
        "selfplay", help=f"bots play games of {entry.name_en}; one JSON line per game")
    how_many = selfplay.add_mutually_exclusive_group(required=True)
    how_many.add_argument("--games", type=bounded(int, 1, what="--games"), metavar="N",
                          help="how many games")
    selfplay.add_argument("--seed", type=int, help="random seed, for a repeatable run")
    selfplay.add_argument("--bots", metavar="LEVEL,...",
                          help=f"each seat's bot: {', '.join(entry.bot_levels)} "
                               f"(default: all {entry.default_level})")
    selfplay.add_argument("--record", action="store_true",
                          help="add each game's record (its events) to its line")
    own = hosting(entry.key)
    if own is not None and hasattr(own, "add_tools"):
        own.add_tools(commands, selfplay, how_many)
    option_flags(selfplay, entry)
    commands.metavar = "{" + ",".join(commands.choices) + "}"


def _size(text: str) -> tuple[int, int]:
    try:
        width, height = (int(part) for part in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"--size must look like 1920x1080, not {text!r}") from None
    if not (320 <= width <= 7680 and 240 <= height <= 4320):
        raise argparse.ArgumentTypeError(f"--size {text} is out of range")
    return width, height


def _print_ticket(ticket: Ticket, out: TextIO) -> None:
    out.write(f"Ticket {ticket.serial}\n")
    for row in ticket.grid:
        out.write(" ".join(f"{n:>2}" if n is not None else " ." for n in row) + "\n")


# -- the service's data and key ---------------------------------------------------------
SERVICE_DATA_DIR = Path("/var/lib/debarna")  # the unit's StateDirectory; install.sh makes it


def _service_dir() -> Path:
    # DEBARNA_SERVICE_DIR stands in for /var/lib/debarna in the tests, and only there.
    import os

    return Path(os.environ.get("DEBARNA_SERVICE_DIR") or SERVICE_DATA_DIR)


def _service_data(named_only: bool = False) -> tuple[Path, int, int] | None:
    """The service's data directory, owner and group, if a command here should use it.

    That is when the kiosk is installed as a service on this machine (its data directory
    exists) and DEBARNA_DATA_DIR does not point the command somewhere else; with
    `named_only` (the kiosk and the voice, which otherwise keep data of their own), only
    when DEBARNA_DATA_DIR or STATE_DIRECTORY names the service's directory.
    """
    import os

    service = _service_dir()
    try:
        info = service.stat()
    except OSError:
        return None
    named = os.environ.get("DEBARNA_DATA_DIR") or os.environ.get("STATE_DIRECTORY")
    if named:
        chosen = Path(named.split(":")[0])
        try:
            same = os.path.samefile(chosen, service)
        except OSError:
            same = chosen.absolute() == service.absolute()
        if not same:
            return None
    elif named_only:
        return None
    return service, info.st_uid, info.st_gid


def _user_name(uid: int) -> str:
    import pwd

    try:
        return pwd.getpwuid(uid).pw_name
    except KeyError:
        return f"#{uid}"  # how sudo -u names a user without a name


def _program() -> str:
    """This program as a command to copy: its full path when run as `debarna`."""
    import shutil

    called = sys.argv[0] if sys.argv else ""
    if Path(called).name != "debarna":
        return "debarna"
    return str(Path(shutil.which(called) or called).absolute())


XDG_PLACES = ("XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME", "XDG_STATE_HOME",
              "XDG_RUNTIME_DIR")


def _become(uid: int, gid: int) -> None:
    """Leave root for the service's user and groups, as systemd starts the kiosk."""
    import os
    import pwd

    try:
        entry = pwd.getpwuid(uid)
    except KeyError:
        os.setgroups([])
    else:
        gid = entry.pw_gid
        os.initgroups(entry.pw_name, gid)
        os.environ.update(HOME=entry.pw_dir, USER=entry.pw_name, LOGNAME=entry.pw_name)
    for name in XDG_PLACES:  # root's own folders (sudo -E keeps them), not the user's
        os.environ.pop(name, None)
    os.setgid(gid)
    os.setuid(uid)
    os.umask(0o077)  # the unit's UMask: the journal and key stay the service's alone


def _as_the_service(command: Sequence[str], key_only: bool = False,
                    named_only: bool = False) -> str | None:
    """Make a command use the service's data and key as its user would, or say why not.

    With the kiosk installed as a service, a command run by hand would otherwise use a
    data directory of its own (and sign tickets with a new key that no kiosk knows), or,
    under sudo, leave files owned by root in /var/lib/debarna that lock the service out.
    So the service's own user uses the service's directory; root becomes that user first
    (nothing it writes is root's); anyone else is told what to run instead, except that
    `key_only` commands (verify) may read a key they are allowed to read. `named_only`
    commands (the kiosk, the voice) keep to data of their own unless DEBARNA_DATA_DIR (or
    systemd's STATE_DIRECTORY) names the service's directory; when it does, they are run as
    its user in the same way. Returns None to go on, or the sentence to print.
    """
    import os
    import shlex

    from kiosk.games.debarna.keys import KEY_FILE

    found = _service_data(named_only)
    if found is None:
        return None
    service, uid, gid = found
    os.environ["DEBARNA_DATA_DIR"] = str(service)
    me = os.geteuid()
    if me == uid:
        return None
    name = _user_name(uid)
    named = f"env DEBARNA_DATA_DIR={shlex.quote(str(service))} " if named_only else ""
    instead = f"sudo -u {name} {named}{_program()} {shlex.join(command)}"
    if me == 0:
        try:
            _become(uid, gid)
        except OSError as exc:
            return (f"this command cannot switch to the kiosk's user {name} "
                    f"({exc.strerror or exc}); run this as that user instead: {instead}")
        return None
    if key_only and os.access(service / KEY_FILE, os.R_OK):
        return None
    return (f"this kiosk's tickets, ticket key and games are in {service}, which belongs to "
            f"its user {name}; run this as that user instead: {instead}")


def _ticket_key(create: bool) -> tuple[TicketCodes | None, str | None]:
    """This kiosk's ticket key, or the sentence saying why it cannot be used.

    With `create` false a missing key gives (None, None) and nothing is made: only
    issuing tickets makes the key, as the kiosk does on its first run.
    """
    from kiosk.games.debarna.keys import KeyFileError, key_path, load_codes

    path = key_path()
    try:
        present = path.exists()
    except OSError as exc:
        return None, (f"the ticket key {path} cannot be read ({exc.strerror or exc}); "
                      "run this as the kiosk's user")
    if not present and not create:
        return None, None
    try:
        return load_codes(path), None
    except KeyFileError as exc:
        return None, str(exc)
    except OSError as exc:
        return None, (f"no ticket key can be made in {path.parent} ({exc.strerror or exc}); "
                      "make it writable for the kiosk's user, or set DEBARNA_DATA_DIR "
                      "to the kiosk's data directory")


def _tickets_command(args: argparse.Namespace) -> list[str]:
    command = ["tickets", "--strips", str(args.strips)]
    if args.seed is not None:
        command += ["--seed", str(args.seed)]
    command += ["--format", args.format]
    if args.out is not None:
        command += ["--out", str(args.out)]
    return command


def cmd_tickets(args: argparse.Namespace, out: TextIO,
                parser: argparse.ArgumentParser) -> int:
    from kiosk.games.debarna.tickets import box, ticket_json

    if args.tickets_command == "verify":
        return cmd_verify(args.code, out)
    if args.tickets_command == "issued":
        return cmd_issued(args.today, out)
    if args.strips is None:
        parser.error("tickets needs --strips N (or: tickets verify CODE)")
    if args.format == "pdf" and args.out is None:
        parser.error("--format pdf needs --out FILE")
    if args.format in ("pdf", "json"):  # these sign with the kiosk's key
        refused = _as_the_service(_tickets_command(args))
        if refused is not None:
            print(f"debarna: {refused}", file=sys.stderr)
            return 1
    if args.format == "pdf":
        return _issue_and(args, out, pdf=args.out)
    strips = box(args.strips, args.seed)  # not printed here: the stand-in box's serials
    if args.format == "json":
        codes, problem = _ticket_key(create=True)
        if codes is None:
            print(f"debarna: {problem}", file=sys.stderr)
            return 1
        json.dump([[ticket_json(t, codes) for t in strip] for strip in strips], out)
        out.write("\n")
    else:
        for strip in strips:
            for ticket in strip:
                _print_ticket(ticket, out)
                out.write("\n")
    return 0


def cmd_cards(args: argparse.Namespace, out: TextIO) -> int:
    """``debarna cards list`` and ``debarna cards stickers``: the shop cards registered in
    the journal, read from a private copy of it (a running kiosk is no trouble)."""
    import json

    from kiosk.games.debarna.history import read_only_journal
    from kiosk.games.debarna.shop import card_number, shop_cards
    from kiosk.store import DB_NAME, data_dir

    path = data_dir() / DB_NAME
    cards = []
    if path.exists():
        with read_only_journal(path) as store:
            cards = shop_cards(store)
    if args.cards_command == "list":
        if args.format == "json":
            out.write(json.dumps([c.to_json() for c in cards]) + "\n")
            return 0
        if not cards:
            out.write(f"no shop card is registered in {path}: register one at the TV's "
                      "check-in (*) or on a phone's /cards page\n")
        for card in cards:
            rows = " / ".join(" ".join(str(n) for n in row if n is not None)
                              for row in card.grid)
            out.write(f"card {card.serial:>3}  {rows}\n")
        return 0
    by_number = {c.serial: c for c in cards}
    try:
        wanted = [card_number(n) for n in args.numbers] if args.numbers else list(by_number)
    except ValueError as exc:
        print(f"debarna: {exc}", file=sys.stderr)
        return 1
    missing = [n for n in wanted if n not in by_number]
    if missing or not wanted:
        print(f"debarna: no registered card has the number {', '.join(missing)}" if missing
              else "debarna: no shop card is registered yet", file=sys.stderr)
        return 1
    codes, problem = _ticket_key(create=False)
    if codes is None:
        print(f"debarna: {problem or 'this kiosk has no ticket key yet'}", file=sys.stderr)
        return 1
    from hardware.printing import PrintError, write_stickers_pdf

    try:
        write_stickers_pdf([by_number[n] for n in wanted], codes, args.out)
    except PrintError as exc:
        print(f"debarna: {exc}", file=sys.stderr)
        return 1
    out.write(f"{len(wanted)} stickers written to {args.out}\n")
    return 0


def cmd_issued(today: bool, out: TextIO) -> int:
    """The tickets printed by this kiosk (tonight's, with --today), a strip a line."""
    import datetime

    from kiosk.games.debarna.history import read_only_journal
    from kiosk.games.debarna.keys import key_path
    from kiosk.store import DB_NAME, data_dir

    refused = _as_the_service(["tickets", "issued", *(["--today"] if today else [])])
    if refused is not None:
        print(f"debarna: {refused}", file=sys.stderr)
        return 1
    codes, problem = _ticket_key(create=False)
    if problem is not None:
        print(f"debarna: {problem}", file=sys.stderr)
        return 1
    if codes is None:
        out.write(f"0 tickets: this kiosk has no ticket key in {key_path().parent} yet, "
                  "so it has printed none\n")
        return 0
    midnight = datetime.datetime.combine(datetime.date.today(), datetime.time()).timestamp()
    path = data_dir() / DB_NAME
    issued = []
    if path.exists():  # only read: from a private copy, so a read-only disk is no trouble
        with read_only_journal(path) as store:
            if store.salvage is not None:
                print(f"debarna: the journal {path} is damaged; listed is what could be read "
                      "of it (the kiosk salvages it when it next starts)", file=sys.stderr)
            issued = store.issued(codes.series, since=midnight if today else 0.0)
    strips: dict[str, list[str]] = {}
    when: dict[str, float] = {}
    for serial, _, at in issued:
        strip = serial.rsplit("-", 1)[0]
        strips.setdefault(strip, []).append(serial)
        when.setdefault(strip, at)
    for strip, serials in strips.items():
        stamp = datetime.datetime.fromtimestamp(when[strip]).strftime("%Y-%m-%d %H:%M")
        out.write(f"strip {strip}  printed {stamp}  {' '.join(serials)}\n")
    out.write(f"{len(issued)} tickets of series {codes.series}\n")
    return 0


def cmd_verify(code: str, out: TextIO) -> int:
    """Check a ticket code against this kiosk's key; never makes a key (exit 1 without one)."""
    from engines.debarna.codes import CodeError
    from kiosk.games.debarna.keys import KEY_FILE, key_path

    refused = _as_the_service(["tickets", "verify", code], key_only=True)
    if refused is not None:
        print(f"debarna: {refused}", file=sys.stderr)
        return 1
    codes, problem = _ticket_key(create=False)
    if codes is None:
        problem = problem or (
            f"this kiosk has no ticket key in {key_path().parent}; it has printed no tickets, "
            "so none can be verified here — check them on the kiosk that printed them, or "
            f"restore its {KEY_FILE} here from a backup")
        print(f"debarna: {problem}", file=sys.stderr)
        return 1
    try:
        scanned = codes.verify(code)
    except CodeError as exc:
        out.write(f"not valid ({exc.problem}): {exc}\n")
        return 1
    ticket = scanned.ticket
    out.write(f"valid: ticket {ticket.serial} of series {scanned.series}\n")
    for row in ticket.grid:
        out.write(" ".join(f"{n:>2}" if n is not None else " ." for n in row) + "\n")
    return 0


def _issue_and(args: argparse.Namespace, out: TextIO, pdf: Path | None = None,
               printer: str | None = None, escpos: str | None = None) -> int:
    """Draw strips, write them to a PDF or a printer, then register them (a failure
    registers nothing)."""
    import tempfile

    from hardware.printing import PrintError, print_escpos, print_pdf, write_pdf
    from kiosk.games.debarna.tickets import draw, register
    from kiosk.store import StoreError, open_store

    store, problem = open_store()
    if problem is not None:
        print(f"debarna: {problem}; tickets are not issued", file=sys.stderr)
        return 1
    codes, trouble = _ticket_key(create=True)
    if codes is None:
        store.close()
        print(f"debarna: {trouble}; tickets are not issued", file=sys.stderr)
        return 1
    try:
        # Drawn with serials never used under this key; registered only once printed.
        strips = draw(args.strips, store, codes, seeded_rng(args.seed))
        first, last = strips[0][0].serial, strips[-1][-1].serial
        if escpos is not None:
            print_escpos(strips, codes, escpos)
            register(strips, store, codes)
            out.write(f"printed {_strips(args.strips)} on {escpos}\n")
            return 0
        if pdf is not None:
            write_pdf(strips, codes, pdf)
            register(strips, store, codes)
            out.write(f"{pdf}: tickets {first} to {last} ({_strips(args.strips)})\n")
            return 0
        with tempfile.TemporaryDirectory() as tmp:
            path = Path(tmp) / f"debarna-{first}-{last}.pdf"
            write_pdf(strips, codes, path)
            job = print_pdf(path, printer)
        register(strips, store, codes)
        out.write(f"tickets {first} to {last} sent to the printer: {job}\n")
        return 0
    except PrintError as exc:
        print(f"debarna: {exc}", file=sys.stderr)
        return 1
    except StoreError as exc:
        print(f"debarna: {exc}; tickets are not issued", file=sys.stderr)
        return 1
    finally:
        store.close()


def _strips(count: int) -> str:
    return f"{count} strip" if count == 1 else f"{count} strips"


def cmd_print(args: argparse.Namespace, out: TextIO) -> int:
    command = ["print", "--strips", str(args.strips)]
    if args.printer is not None:
        command += ["--printer", args.printer]
    if args.escpos is not None:
        command += ["--escpos", args.escpos]
    refused = _as_the_service(command)
    if refused is not None:
        print(f"debarna: {refused}", file=sys.stderr)
        return 1
    return _issue_and(args, out, printer=args.printer, escpos=args.escpos)


def cmd_simulate(args: argparse.Namespace, out: TextIO) -> int:
    from engines.debarna.options import HandOptions
    from engines.debarna.simulate import simulate, summary

    options = HandOptions(two_lines=not args.no_two_lines)
    results = simulate(args.games, args.tickets, seeded_rng(args.seed), options)
    if args.format == "json":
        for result in results:
            out.write(json.dumps(result.to_json()) + "\n")
        return 0
    out.write(f"{args.games} hands with {args.tickets} tickets — calls needed to win:\n")
    out.write(f"{'stage':<12}{'mean':>8}{'median':>8}\n")
    for stage, mean, median in summary(results, options):
        out.write(f"{stage.replace('_', ' '):<12}{mean:>8.1f}{median:>8.1f}\n")
    return 0


def cmd_history(args: argparse.Namespace, out: TextIO) -> int:
    """The hands' records; only reads the journal (a damaged one is left as it is)."""
    from kiosk.games.debarna.history import print_ledger, print_record, read_history, read_ledger
    from kiosk.store import StoreError

    command = ["history", *(["--hand", str(args.hand)] if args.hand else []),
               *(["--format", "json"] if args.format == "json" else []),
               *(["--ledger"] if args.ledger else [])]
    refused = _as_the_service(command)
    if refused is not None:
        print(f"debarna: {refused}", file=sys.stderr)
        return 1
    try:
        records, warning = read_history(args.hand)
    except (StoreError, LookupError, OSError) as exc:
        print(f"debarna: {exc}", file=sys.stderr)
        return 1
    if warning is not None:
        print(f"debarna: {warning}", file=sys.stderr)
    for record in records:
        if args.format == "json":
            out.write(json.dumps(record) + "\n")
        else:
            print_record(record, out)
    if not records:
        print("debarna: no hands have been played yet", file=sys.stderr)
    if args.ledger:
        ledger, _ = read_ledger()
        if args.format == "json":
            out.write(json.dumps({"ledger": ledger.to_json() if ledger else None}) + "\n")
        else:
            print_ledger(ledger, out)
    return 0


def cmd_backup(args: argparse.Namespace, out: TextIO) -> int:
    """Back up the journal and the key into a new folder (exit 1 if it cannot be done)."""
    from kiosk.backup import BackupError, backup

    refused = _as_the_service(["backup", str(args.dest.absolute())])
    if refused is not None:
        print(f"debarna: {refused}", file=sys.stderr)
        return 1
    try:
        contents = backup(args.dest)
    except BackupError as exc:
        print(f"debarna: {exc}", file=sys.stderr)
        return 1
    out.write(f"backed up {contents.describe()} to {args.dest}\n")
    return 0


def cmd_restore(args: argparse.Namespace, out: TextIO) -> int:
    """Restore the journal and the key from a backup folder (exit 1 if refused)."""
    from kiosk.backup import BackupError, restore

    command = ["restore", str(args.src.absolute()), *(["--force"] if args.force else [])]
    refused = _as_the_service(command)
    if refused is not None:
        print(f"debarna: {refused}", file=sys.stderr)
        return 1
    try:
        restored = restore(args.src, force=args.force)
    except BackupError as exc:
        print(f"debarna: {exc}", file=sys.stderr)
        return 1
    out.write(f"restored {restored.contents.describe()} from {args.src}\n")
    for path in restored.replaced:
        out.write(f"kept aside: {path}\n")
    return 0


def cmd_config(args: argparse.Namespace, out: TextIO) -> int:
    """Check FILE exactly as the kiosk does at start, then report the TV's saved settings.

    Exit 2 when the kiosk would not start with FILE (one line naming the key). The
    overlay's problems are reported but leave the exit code 0: the kiosk starts anyway,
    setting a bad overlay aside.
    """
    from kiosk.config import ConfigError, defaults_toml
    from kiosk.settings import OVERLAY_NAME, check_settings, describe, overlay_path

    if args.defaults:
        out.write(defaults_toml())
        return 0
    overlay = args.overlay
    if overlay is None:
        service = _service_data()  # the service's settings, whoever asks
        overlay = service[0] / OVERLAY_NAME if service else overlay_path()
    try:
        found = check_settings(args.check, overlay)
    except ConfigError as exc:
        print(f"debarna: {exc}", file=sys.stderr)
        return 2
    out.write(f"{args.check}: ok\n")
    for line in describe(found):
        out.write(line + "\n")
    return 0


def _bar(done: int, total: int, out: TextIO, label: str) -> None:
    width = 30
    filled = width * done // total if total else width
    out.write(f"\r{label} [{'#' * filled}{'.' * (width - filled)}] {done}/{total}")
    if done >= total:
        out.write("\n")
    out.flush()


def cmd_voice(args: argparse.Namespace, out: TextIO) -> int:
    """Render the voice clips into the data directory's voice cache (exit 1 if any fail)."""
    from audio.cache import ClipCache, VoiceKey, voice_dir
    from audio.render import SpeechUnavailable, renderer
    from kiosk.config import ConfigError, default_path, load
    from kiosk.store import data_dir

    command = ["voice", *(["--lang", args.lang] if args.lang != "all" else []),
               *(["--config", str(args.config)] if args.config else [])]
    refused = _as_the_service(command, named_only=True)  # the service's clips are its own
    if refused is not None:
        print(f"debarna: {refused}", file=sys.stderr)
        return 1
    try:
        config = load(args.config or default_path())
    except ConfigError as exc:
        print(f"debarna: {exc}", file=sys.stderr)
        return 2
    try:
        speech = renderer()
    except SpeechUnavailable as exc:
        print(f"debarna: {exc}", file=sys.stderr)
        return 1
    failed_any = False
    for lang in (("fa", "en") if args.lang == "all" else (args.lang,)):
        try:
            voice = speech.voice_for(lang, config.voice.voice)
        except SpeechUnavailable as exc:
            print(f"debarna: {exc}", file=sys.stderr)
            return 1
        cache = ClipCache(voice_dir(data_dir()), VoiceKey(lang, voice, config.voice.rate))
        total = len(cache.texts)
        have = total - len(cache.missing())
        label = f"{lang} ({voice}, {config.voice.rate} wpm)"
        _bar(have, total, out, label)
        failed = cache.build(
            speech, lambda done, _todo, h=have, t=total, x=label: _bar(h + done, t, out, x))
        if failed:
            failed_any = True
            print(f"debarna: {len(failed)} {lang} clips could not be rendered: "
                  f"{', '.join(failed)}", file=sys.stderr)
    return 1 if failed_any else 0


def cmd_selfplay(args: argparse.Namespace, out: TextIO, parser: argparse.ArgumentParser) -> int:
    """Bots play `--games` games of any registered game through the one protocol; a JSON
    line per game as it ends: ``game``, ``actions``, ``returns``, ``bots`` (and ``record``)."""
    from engines.selfplay import play_games

    entry = registered_game(args.command)
    options = options_from_flags(args, entry, parser)
    bots = bots_from_flag(args.bots, entry, entry.players(options), parser)
    for result in play_games(entry, options, bots, args.games, seeded_rng(args.seed), args.record):
        out.write(json.dumps(result, ensure_ascii=False) + "\n")
        out.flush()
    return 0


def cmd_kiosk(args: argparse.Namespace, parser: argparse.ArgumentParser,
              command: Sequence[str] = ("kiosk",)) -> int:
    """The kiosk; `command` is its command line, for saying what to run instead."""
    if args.rhythm is not None and not args.headless:
        low, high = RHYTHM_RANGE
        if not low <= args.rhythm <= high:
            parser.error(f"--rhythm must be from {low:g} to {high:g} seconds on a screen")
    if (args.run_for is not None or args.screenshot or args.size) and not args.headless:
        parser.error("--run-for, --screenshot and --size need --headless")
    # Against the service's directory, the kiosk is its user (its journal, marks, key,
    # settings and clips stay the service's), as systemd starts it.
    refused = _as_the_service(command, named_only=True)
    if refused is not None:
        print(f"debarna: {refused}", file=sys.stderr)
        return 1
    from kiosk.app import KioskOptions, run
    from kiosk.config import ConfigError

    # One line per event worth knowing, on stdout (journald under systemd).
    logging.basicConfig(level=logging.INFO, stream=sys.stdout,
                        format="%(levelname)s %(name)s: %(message)s")
    logging.raiseExceptions = False  # a closed stdout must never stop the game

    options = KioskOptions(
        windowed=args.windowed,
        lang=args.lang,
        config_path=args.config,
        headless=args.headless,
        run_for=args.run_for,
        screenshot=args.screenshot,
        seed=args.seed,
        rhythm=args.rhythm,
        size=args.size,
        auto_check=args.auto_check,
        game=args.game,
    )
    try:
        return run(options)
    except ConfigError as exc:
        print(f"debarna: configuration error: {exc}", file=sys.stderr)
        return 2


def main(argv: Sequence[str] | None = None, out: TextIO | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    out = out or sys.stdout
    if not argv or (argv[0] not in subcommands() and argv[0] not in ("-h", "--help")):
        argv.insert(0, "kiosk")
    parser = build_parser(argv[0])
    args = parser.parse_args(argv)
    try:
        if args.command == "tickets":
            return cmd_tickets(args, out, parser)
        if args.command == "print":
            return cmd_print(args, out)
        if args.command == "simulate":
            return cmd_simulate(args, out)
        if args.command == "history":
            return cmd_history(args, out)
        if args.command == "backup":
            return cmd_backup(args, out)
        if args.command == "restore":
            return cmd_restore(args, out)
        if args.command == "config":
            return cmd_config(args, out)
        if args.command == "voice":
            return cmd_voice(args, out)
        if args.command == "cards" and args.cards_command == "read":
            from kiosk.games.debarna.reading import print_reading
            return print_reading(args.photo, args.format, out)
        if args.command == "cards":
            return cmd_cards(args, out)
        if args.command != "kiosk":
            own = hosting(args.command)
            ran = own.run_tool(args, out, parser) if hasattr(own, "run_tool") else None
            if ran is not None:
                return ran
            return cmd_selfplay(args, out, parser)
        return cmd_kiosk(args, parser, argv)
    except BrokenPipeError:
        return 0


if __name__ == "__main__":
    sys.exit(main())
