"""Phones at the table (DESIGN §3c): pages the kiosk serves on the home network.

A phone takes a seat by scanning the QR code the TV shows for it, holds that seat's
hand privately and plays from it; a Dabernā player follows their ticket and claims from
the phone; a board page mirrors the called numbers across the room. Nothing is
installed on the phone and nothing comes from the internet.

Parts:

- `kiosk.phones.hub` (the frame loop's side, no I/O): join codes, seat secrets, the
  phones' actions applied through the table controller, the pages' models pushed when
  the game moves. Only the frame loop's thread touches a game.
- `kiosk.phones.models`: what each page shows, built from a seat's `view(seat)` through
  the card table's own hooks (the same legal cards, offers, select-N steps and refusals
  as on the TV), in the page's language.
- `kiosk.phones.server` (its own thread and asyncio loop, aiohttp): the pages, their
  script, style and fonts, and one WebSocket per page; bounds on clients, message size
  and rate; every message validated before it reaches the hub.
- `kiosk.phones.remote`: that server in a process of its own, as the kiosk runs it; the
  hub's pump polls its pipes once a frame, and no thread of the kiosk serves them.
- `kiosk/phones/static/`: the kiosk's home page (`index.html`), the one page the seat,
  ticket, check-in and board pages are drawn in (`page.html`, by `phone.js`), `phone.css`.

## Addresses

- `GET /` the kiosk's own page: links to the check-in, the board and the ticket page.
- `GET /join/<code>` a seat's join page (the TV's QR code for a free seat); the same
  page as `GET /play`, which a phone that has joined comes back to.
- `POST /api/peek` `{"code": str, "lang": "en" | "fa"}` → `{"game": str, "seat": str}`
  (what a join code is for, for the join page to say before the name is typed; the code
  is not used up, and a wrong one costs what a wrong join does), or HTTP 410 with
  `{"error": str}`. Every POST body may carry `"lang"`: every `{"error"}` is words, in
  that language (else the kiosk's).
- `POST /api/join` `{"code": str, "name": str}` → `{"secret": str, "seat": int}`, or
  HTTP 400/403/410 with `{"error": str}` saying why. The code is used up. A name is
  visible text that fits its seat's plate on the TV and is no look-alike of the kiosk's
  own seat words or of another player's name at the table (`kiosk.phones.names`).
- `GET /ticket` the ticket page: a form for the ticket's serial and the Dabernā code the
  TV shows. `GET /t/<ticket code>` the same page with a ticket's signed code.
- `POST /api/ticket` `{"serial": str, "code": str}` or `{"payload": str}` →
  `{"secret": str, "serial": str, "claims": bool}` or an error as above. Only a ticket's
  own signed code (`payload`, the printed QR) gives a page that may claim; its serial and
  the TV's code, which anyone in the room can read, give one that only follows it.
- `GET /checkin` the check-in page (the address of the QR code on the TV's check-in
  panel): while the TV checks tickets in, a phone types the TV's code and the serials it
  holds, and each is put in play.
- `POST /api/checkin` `{"code": str (the TV's), "serials": [str] (1 to 6: a strip at
  most)}` → `{"count": int (tickets in play now), "results": [{"serial": str, "state":
  "in_play" | "already" | "unknown" | "ambiguous" | "taken" | "strip", "text": str,
  "secret": str | null}], "strip": {"strip": str, "serials": [str], "text": str, "all":
  str} | null}`. `secret` opens that ticket's page by `hello` (one that follows it and
  cannot claim); `strip` names the tickets of the strip of the first serial (or of the
  strip a serial names, state "strip") that are not in play, for the player to tap those
  they hold: none is put in play unasked. HTTP 200 when a serial is in play or a strip
  was found; 404 (with the same body and an `"error"`) when none is: that is a refusal,
  paid as one; 403 for a code that is not the TV's (before anything else is looked at),
  409 once calling has started or when the TV is not checking tickets in, 400 for a
  body of another shape, each `{"error": str}` in the page's language.
- `POST /api/take` `{"code": str (the TV's), "count": int (1 to 6), "name": str
  (optional: who holds them, shown on the TV's list)}` → `{"count": int (tickets in play
  now), "text": str, "tickets": [{"serial": str, "payload": str (its signed code), "secret":
  str (opens it by `hello`, a page that claims)}]}`: fresh tickets for a phone with no
  paper one, drawn and registered as a print's are, put in play and journaled before the
  answer comes (`kiosk.phones.checkin`). 403 for a code that is not the TV's (first), 400
  for a count or a name refused, 503 with no ticket key, 409 once calling has started,
  when the TV is not checking tickets in, while this phone's last take is being made, or
  past the caps (6 in play from one phone, 48 from phones in a hand); each `{"error":
  str}` in the page's language. Every take is charged to the address, even one that is
  given tickets.
- `GET /mine` the page that is a phone's fresh tickets (their signed codes in its address,
  `/mine#t=<code>~<code>`, and in localStorage): each opened by `POST /api/ticket`
  `{"payload"}`, then followed on one socket.
- `GET /board` the board of called numbers.
- `GET /static/<file>`, `GET /fonts/<name>.ttf` (`sans`, `sans-bold`, `arabic`,
  `arabic-bold`, `symbols`: the kiosk's own font files).
- `GET /ws` the WebSocket of any page.

## WebSocket messages (JSON text frames; a client's are at most 2 KiB)

Client → kiosk:
- `{"type": "hello", "role": "seat", "secret": str}` | `{"type": "hello", "role":
  "ticket", "secret": str}` | `{"type": "hello", "role": "board"}` | `{"type": "hello",
  "role": "checkin"}` | `{"type": "hello", "role": "tickets", "secrets": [str] (1 to
  12: a phone's fresh tickets)}`; optional `"lang":
  "fa" | "en"`. First, and once.
- `{"type": "card", "card": id}` play a card of the hand (a card's `id` as the model
  gives it); `{"type": "offer", "id": id}` press a button of `offers`;
  `{"type": "select", "cards": [id, ...]}` submit a select-N step; `{"type": "next"}`
  go on after a hand's scores.
- `{"type": "claim"}` a ticket page's claim button; `{"type": "claim", "serial": str}`
  the claim button of one ticket of a phone's fresh tickets.
- `{"type": "lang", "lang": "fa" | "en"}` the page's language.
- `{"type": "ping"}` → `{"type": "pong"}`.

Kiosk → client:
- `{"type": "welcome", "role": str, "seat": int | null}`
- `{"type": "state", "seq": int, "sent": float (the kiosk's time.time() when the game
  moved), "model": {...}}` the whole page, each time it changes.
- `{"type": "error", "message": str, "reason": str | null}` a refusal: nothing changed.
- `{"type": "closed", "message": str}` the seat or ticket is no longer this phone's, and
  why, in the page's language (taken back to the TV, given to the computer or to another
  phone, a new game set out): the page forgets its secret. A seat at a table the TV has
  left is still the phone's: its page shows the game as it stands with nothing to press
  (`away`: true, `notice` says why) until the host comes back to that table.

### A seat's model (`kind` "table")
`game`, `title`, `lang`, `rtl`, `seat`, `prompt` (what the seat is asked now),
`your_turn`, `clock` (whole seconds left or null), `step` ("play" | "select" |
"choose" | ""), `hand` [card], `select` {count, button, buttons (the button's label with
0, 1, … `count` cards picked), banner} | null, `offers`
[{id, label}], `offers_title` str | null, `trick` [{seat, name, card}], `note`
{title: str | null, cards: [card]} | null (beside the trick: the trumps, a turned card), `seats`
[{seat, name, who, cards, lines: [str], turn: bool, you: bool}], `info` str, `notice`
str | null, `result` {title, header: [str], rows: [[str]], footer} | null (a hand's
scores: the `next` message goes on), `over` bool, `words` {key: text} (the page's
fixed words in its language).
A card: {id, label (rank and suit as printed), rank, suit (a sign), colour (a CSS
colour), legal: bool, mark: "aside" | "new" | null}.

### A Takhteh Nard seat's model (`kind` "nard")
Built by `kiosk.games.backgammon.phone`: everything in the seat's own numbering (its home
board 1–6, 25 the bar, 0 off). `points` [24 ints: + its checkers, − the other side's],
`bar` and `off` [its own, the other's], `pips`, `dice`, `dice_left`, `dice_of`, `cube`
{value, owner: "you" | "them" | null, offered} | null, `sources` (points a checker may be
picked up from now), `targets` {source: [point]}, `hits` {source: [point]}, `last` (the
turn's steps so far as [from, to]), `offers` [{id, label}] (`roll`, `double`, `take`,
`drop`, `accept`, `decline`, `undo`, `done`, `hint`, `next`), `resign` [{id:
"resign:<kind>", label}], `hint` {title, rows} | null, `seats`, `info`, `result` {title,
lines} | null, and `prompt`, `note`, `your_turn`, `clock`, `words` as a card table's. The
page answers with `{"type": "offer", "id": id}`; a checker's step is the id
`step:<from>:<to>`, checked by the TV's own step picker.

### A ticket's model (`kind` "ticket") and the board's (`kind` "board")
`lang`, `rtl`, `title`, `serial`, `grid` (3 rows of 9, numbers or null), `called`
[int], `last` int | null, `claim` {state: "open" | "valid" | "refused", text} | null,
`can_claim` bool, `status` str, `words`. The board: `called`, `last`, `status`,
`words`.

### A phone's fresh tickets (`kind` "tickets")
`lang`, `rtl`, `title`, `called`, `last`, `status`, `words`, and `tickets` [{serial, grid,
in_play: bool, holder: str | null, can_claim: bool, claim: {state, text} | null}] (each
ticket's own claim, as a ticket page's).

### The check-in page's model (`kind` "checkin")
`lang`, `rtl`, `title`, `open` bool (the TV is checking tickets in: a hand is dealt and
no number is called yet), `count` int (tickets in play, as the TV's count), `status` str
(empty while open, else why not: calling has started, or no check-in now), `take` bool
(fresh tickets can be taken: the kiosk has its ticket key), `words` (the pages' words,
the check-in's own, "checkin.<key>", and those of taking tickets, "take.<key>").
"""
