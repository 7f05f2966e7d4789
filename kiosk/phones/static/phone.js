/* Dabernā kiosk: the phones' pages (seat, ticket, board, index).
 *
 * One script for every page; `document.body.dataset.page` picks the entry function
 * ("seat", "ticket", "board", "checkin", "index"). No framework, no build step. Nothing that comes
 * from the kiosk or a player is ever put into innerHTML: text goes in with textContent.
 *
 * The `words` keys this script reads from `model.words` (the page's fixed words in its
 * language; an English literal is used only while a key is missing, e.g. before the
 * first state arrives):
 *
 *   every page:   waiting (before the first state), reconnecting (the #conn banner),
 *                 lang (the language toggle's text: "فارسی" in English, "English" in
 *                 Persian), closed (when a `closed` message has no text)
 *   seat page:    your_name, take_seat, scan_tv, cards, trick, next, send
 *                 optional: aside, new (a marked card's badge; without them "new" shows
 *                 a star and "aside" only the card's dashed look), hand (the hand's
 *                 aria-label), network_error (the join form when the kiosk is not
 *                 answering), join_seat (the join form's heading, "{game} — seat
 *                 {seat}" filled from the answer to /api/peek)
 *   ticket page:  serial, tv_code, follow (the form's button), ticket (the form's
 *                 heading), last, claim, forget; optional network_error
 *   board page:   last, called, board (the heading when the model has no title)
 *   check-in page: serial, tv_code, network_error, and its own "checkin.<key>" words
 *                 (title, count_label, add, hint, follow, yours, other, strip, strip_all
 *                 and each answer's: in_play, already, unknown, ambiguous, taken), whose
 *                 {serial}, {strip} and {count} the page fills in; when the model's
 *                 `take` is true, the "take.<key>" words of taking fresh tickets
 *   mine page:    the tickets this phone took (`kind` "tickets"): claim, last, and its
 *                 own "take.<key>" words (mine_link, none, not_in_play, claim_this, back,
 *                 again, gone)
 *
 * The last words the kiosk sent, with their language and direction, are kept in
 * localStorage "debarna.words" so that a page opened again shows its form and banners
 * in the family's language before the socket is up. The language chosen with the toggle
 * is kept in "debarna.lang" and sent in `hello`. Secrets: "debarna.seat",
 * "debarna.ticket". The check-in page keeps the TV's code it was given and the tickets
 * it checked in for as long as the tab is open (sessionStorage "debarna.tvcode",
 * "debarna.checkin"). The fresh tickets a phone took are their signed codes, kept in
 * localStorage "debarna.mine" and in the address of the page that holds them
 * (/mine#t=<code>~<code>…), so a reload, or a kiosk started again, gives them back.
 */
"use strict";

(function () {
  // ---------------------------------------------------------------- small helpers

  var FALLBACK = {
    waiting: "Waiting for the kiosk…",
    reconnecting: "Reconnecting…",
    lang: "فارسی",
    closed: "Closed",
    scan_tv: "Scan the code on the TV to take a seat",
    your_name: "Your name",
    take_seat: "Take the seat",
    cards: "cards",
    trick: "On the table",
    hand: "Your hand",
    next: "Next",
    send: "Send",
    network_error: "The kiosk is not answering. Try again.",
    join_seat: "{game} — seat {seat}",
    serial: "Ticket number",
    tv_code: "Code on the TV",
    follow: "Follow my ticket",
    ticket: "Ticket",
    last: "Last number",
    claim: "Claim!",
    forget: "Forget this ticket",
    called: "Numbers called",
    board: "Board",
    "checkin.title": "Check in your tickets",
    "checkin.count_label": "Tickets in play on the TV",
    "checkin.add": "Check in",
    "checkin.follow": "Follow it",
    "checkin.other": "Follow a ticket by its number",
    "take.again": "Getting your tickets back…",
    "take.none": "This phone holds no tickets. Take them on the check-in page, before calling starts.",
    "take.back": "Check-in page",
    "take.gone": "These tickets are not held on this phone any more",
    "take.not_in_play": "Not in play in this hand",
    "take.claim_this": "Claim with ticket {serial}",
  };

  function storageGet(key) {
    try { return window.localStorage.getItem(key); } catch (e) { return null; }
  }
  function storageSet(key, value) {
    try { window.localStorage.setItem(key, value); } catch (e) { /* private mode */ }
  }
  function storageRemove(key) {
    try { window.localStorage.removeItem(key); } catch (e) { /* private mode */ }
  }
  function sessionGet(key) {
    try { return window.sessionStorage.getItem(key); } catch (e) { return null; }
  }
  function sessionSet(key, value) {
    try { window.sessionStorage.setItem(key, value); } catch (e) { /* private mode */ }
  }

  var cached = null;
  try { cached = JSON.parse(storageGet("debarna.words") || "null"); } catch (e) { cached = null; }
  /* A server may also put the kiosk's words into the page itself
   * (<body data-words='{"your_name": …}'>, with <html lang dir> set): they are used
   * until a state arrives when this phone has none kept from before. */
  if (!cached && document.body && document.body.dataset.words) {
    try {
      var given = JSON.parse(document.body.dataset.words);
      if (given && typeof given === "object") {
        cached = { lang: document.documentElement.getAttribute("lang") || null,
                   rtl: document.documentElement.getAttribute("dir") === "rtl", words: given };
      }
    } catch (e) { /* not JSON: the English words */ }
  }
  var currentWords = (cached && typeof cached.words === "object" && cached.words) || {};
  var currentLang = (cached && cached.lang) || null;

  function w(key) {
    var v = currentWords && currentWords[key];
    if (typeof v === "string" && v) return v;
    return FALLBACK[key] || key;
  }

  var PERSIAN_DIGITS = "۰۱۲۳۴۵۶۷۸۹";
  function digits(value) {
    var s = String(value);
    if (currentLang !== "fa") return s;
    return s.replace(/[0-9]/g, function (d) { return PERSIAN_DIGITS[+d]; });
  }

  /* el("div", {id: "x", class: "a b", dataset: {id: "3"}}, [children | strings]) */
  function el(tag, attrs, children) {
    var node = document.createElement(tag);
    if (attrs) {
      Object.keys(attrs).forEach(function (k) {
        var v = attrs[k];
        if (v === null || v === undefined || v === false) return;
        if (k === "class") node.className = v;
        else if (k === "text") node.textContent = v;
        else if (k === "dataset") Object.keys(v).forEach(function (d) { node.dataset[d] = String(v[d]); });
        else if (k === "onclick") node.addEventListener("click", v);
        else if (v === true) node.setAttribute(k, "");
        else node.setAttribute(k, String(v));
      });
    }
    (children || []).forEach(function (c) {
      if (c === null || c === undefined || c === false) return;
      node.appendChild(typeof c === "string" ? document.createTextNode(c) : c);
    });
    return node;
  }

  function clear(node) {
    while (node.firstChild) node.removeChild(node.firstChild);
    return node;
  }

  function $(id) { return document.getElementById(id); }

  function applyLanguage(model) {
    if (!model) return;
    if (model.words && typeof model.words === "object") currentWords = model.words;
    if (model.lang) currentLang = model.lang;
    var root = document.documentElement;
    if (model.lang) root.setAttribute("lang", model.lang);
    root.setAttribute("dir", model.rtl ? "rtl" : "ltr");
    storageSet("debarna.words", JSON.stringify({ lang: currentLang, rtl: !!model.rtl, words: currentWords }));
  }

  // Before any state: the last known language and direction.
  function applyCachedLanguage() {
    if (cached && cached.lang) {
      applyLanguage({ lang: cached.lang, rtl: cached.rtl, words: cached.words });
    }
  }

  function markRendered(msg) {
    document.body.dataset.seq = String(msg.seq);
    window.debarnaLastState = { seq: msg.seq, sent: msg.sent, received: Date.now() };
  }

  // ---------------------------------------------------------------- the toast

  var toastTimer = null;
  var toastError = null; // {text, until}
  var toastNotice = null;

  /* The toast floats over the top of the page, so an error never moves the cards under
   * a finger; while a notice stands, the page keeps room for it above the header (the
   * room changes only when a new state arrives). */
  function showToast() {
    var toast = $("toast");
    if (!toast) return;
    var text = null;
    var kind = "notice";
    if (toastError && toastError.until > Date.now()) { text = toastError.text; kind = "error"; }
    else if (toastNotice) text = toastNotice;
    if (text) {
      toast.textContent = text;
      toast.dataset.kind = kind;
      toast.hidden = false;
    } else {
      toast.textContent = "";
      toast.hidden = true;
      delete toast.dataset.kind;
    }
  }

  function reserveNoticeRoom() {
    var app = $("app");
    var toast = $("toast");
    if (!app || !toast) return;
    if (toastNotice && !(toastError && toastError.until > Date.now())) {
      app.style.paddingTop = "calc(" + (toast.offsetHeight + 16) + "px + env(safe-area-inset-top))";
    } else if (!toastNotice) {
      app.style.paddingTop = "";
    }
  }

  function toastErrorFor(message, reason, ms) {
    var parts = [];
    if (message) parts.push(String(message));
    if (reason) parts.push(String(reason));
    toastError = { text: parts.join(" — "), until: Date.now() + (ms || 4000) };
    if (toastTimer) clearTimeout(toastTimer);
    toastTimer = setTimeout(function () {
      toastError = null;
      toastTimer = null;
      showToast();
      reserveNoticeRoom();
    }, ms || 4000);
    showToast();
  }

  function setNotice(text) {
    toastNotice = text ? String(text) : null;
    showToast();
    reserveNoticeRoom();
  }

  // ---------------------------------------------------------------- the connection

  /* One WebSocket to /ws, said hello to on each open; dropped sockets come back with
   * back-off 1 s, 2 s, 4 s … 10 s, and at once when the page becomes visible again. */
  function Connection(hello, onMessage) {
    this.hello = hello;
    this.onMessage = onMessage;
    this.ws = null;
    this.delay = 1000;
    this.timer = null;
    this.stopped = false;
    this.everOpen = false;
    this.pingTimer = null;
    this.pongTimer = null;
    var self = this;
    document.addEventListener("visibilitychange", function () {
      if (document.visibilityState === "visible") self.wake();
    });
    window.addEventListener("online", function () { self.wake(); });
    window.addEventListener("pageshow", function (e) { if (e.persisted) self.wake(); });
  }

  Connection.prototype.url = function () {
    return (location.protocol === "https:" ? "wss://" : "ws://") + location.host + "/ws";
  };

  Connection.prototype.banner = function (show) {
    var conn = $("conn");
    if (!conn) return;
    if (show) {
      conn.textContent = this.everOpen ? w("reconnecting") : w("waiting");
      conn.hidden = false;
    } else {
      conn.hidden = true;
    }
    document.body.classList.toggle("offline", !!show && this.everOpen);
  };

  Connection.prototype.connect = function () {
    if (this.stopped) return;
    if (this.timer) { clearTimeout(this.timer); this.timer = null; }
    if (this.ws && (this.ws.readyState === WebSocket.OPEN || this.ws.readyState === WebSocket.CONNECTING)) return;
    var self = this;
    var ws;
    this.banner(true);
    try {
      ws = new WebSocket(this.url());
    } catch (e) {
      this.schedule();
      return;
    }
    this.ws = ws;
    ws.onopen = function () {
      if (self.ws !== ws) return;
      try { ws.send(JSON.stringify(self.hello())); } catch (e) { /* onclose follows */ }
    };
    ws.onmessage = function (event) {
      if (self.ws !== ws) return;
      var msg;
      try { msg = JSON.parse(event.data); } catch (e) { return; }
      if (!msg || typeof msg !== "object") return;
      if (msg.type === "welcome" || msg.type === "state") {
        self.everOpen = true;
        self.delay = 1000;
        self.banner(false);
      }
      if (msg.type === "pong") {
        if (self.pongTimer) { clearTimeout(self.pongTimer); self.pongTimer = null; }
        return;
      }
      if (msg.type === "closed") self.stop();
      self.onMessage(msg);
    };
    ws.onclose = function () {
      if (self.ws !== ws) return;
      self.ws = null;
      if (!self.stopped) self.schedule();
    };
    ws.onerror = function () { /* onclose follows */ };
    this.startPing();
  };

  Connection.prototype.schedule = function () {
    if (this.stopped || this.timer) return;
    var self = this;
    this.banner(true);
    var delay = this.delay;
    this.delay = Math.min(this.delay * 2, 10000);
    this.timer = setTimeout(function () { self.timer = null; self.connect(); }, delay);
  };

  /* The page is back (screen on, Wi-Fi back): try now; if the socket looks open, make
   * sure it is alive with a ping and drop it when no pong comes. */
  Connection.prototype.wake = function () {
    if (this.stopped) return;
    if (this.ws && this.ws.readyState === WebSocket.OPEN) { this.ping(3000); return; }
    if (this.ws && this.ws.readyState === WebSocket.CONNECTING) return;
    this.delay = 1000;
    this.connect();
  };

  Connection.prototype.ping = function (timeout) {
    var ws = this.ws;
    var self = this;
    if (!ws || ws.readyState !== WebSocket.OPEN || this.pongTimer) return;
    try { ws.send(JSON.stringify({ type: "ping" })); } catch (e) { return; }
    this.pongTimer = setTimeout(function () {
      self.pongTimer = null;
      if (self.ws === ws) {
        self.ws = null;
        try { ws.close(); } catch (e) { /* already gone */ }
        self.delay = 1000;
        self.schedule();
      }
    }, timeout);
  };

  Connection.prototype.startPing = function () {
    var self = this;
    if (this.pingTimer) return;
    this.pingTimer = setInterval(function () {
      if (document.visibilityState === "visible") self.ping(10000);
    }, 25000);
  };

  Connection.prototype.send = function (obj) {
    if (!this.ws || this.ws.readyState !== WebSocket.OPEN) {
      this.wake();
      return false;
    }
    try { this.ws.send(JSON.stringify(obj)); return true; } catch (e) { return false; }
  };

  Connection.prototype.stop = function () {
    this.stopped = true;
    if (this.timer) { clearTimeout(this.timer); this.timer = null; }
    if (this.pingTimer) { clearInterval(this.pingTimer); this.pingTimer = null; }
    if (this.pongTimer) { clearTimeout(this.pongTimer); this.pongTimer = null; }
    var ws = this.ws;
    this.ws = null;
    if (ws) { try { ws.close(); } catch (e) { /* already gone */ } }
    this.banner(false);
  };

  function helloFor(role, secret) {
    var msg = { type: "hello", role: role };
    if (secret) msg.secret = secret;
    var lang = storageGet("debarna.lang");
    if (lang === "fa" || lang === "en") msg.lang = lang;
    return msg;
  }

  function postJSON(url, body) {
    return fetch(url, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
      cache: "no-store",
      credentials: "same-origin",
    }).then(function (response) {
      return response.json().catch(function () { return {}; }).then(function (data) {
        return { ok: response.ok, status: response.status, data: data || {} };
      });
    });
  }

  function langButton(conn, model) {
    var toFa = model.lang !== "fa";
    var button = el("button", {
      id: "lang", type: "button", class: "lang",
      lang: toFa ? "fa" : "en", dir: toFa ? "rtl" : "ltr",
      text: currentWords && typeof currentWords.lang === "string" && currentWords.lang
        ? currentWords.lang : toFa ? "فارسی" : "English",
    });
    button.addEventListener("click", function () {
      var lang = toFa ? "fa" : "en";
      storageSet("debarna.lang", lang);
      conn.send({ type: "lang", lang: lang });
    });
    return button;
  }

  function formatClock(seconds) {
    if (seconds === null || seconds === undefined) return "";
    var s = Math.max(0, Math.round(seconds));
    var m = Math.floor(s / 60);
    var r = s % 60;
    return digits(m + ":" + (r < 10 ? "0" : "") + r);
  }

  // ---------------------------------------------------------------- cards

  function cardElement(card, opts) {
    opts = opts || {};
    var classes = ["card"];
    if (card.legal) classes.push("legal");
    if (opts.picked) classes.push("picked");
    if (card.mark === "aside") classes.push("mark-aside");
    if (card.mark === "new") classes.push("mark-new");
    var node = el(opts.tag || "div", {
      class: classes.join(" "),
      dataset: { id: card.id },
      type: opts.tag === "button" ? "button" : null,
      dir: "ltr",
    });
    if (card.mark) node.dataset.mark = card.mark;
    if (card.colour) node.style.color = String(card.colour);
    node.appendChild(el("span", { class: "card-label", text: String(card.label != null ? card.label : "") }));
    node.appendChild(el("span", { class: "card-suit", text: String(card.suit != null ? card.suit : "") }));
    var badge = null;
    if (card.mark === "aside" || card.mark === "new") {
      badge = currentWords && typeof currentWords[card.mark] === "string" && currentWords[card.mark]
        ? currentWords[card.mark] : card.mark === "new" ? "★" : null;
    }
    if (badge) node.appendChild(el("span", { class: "card-mark", text: badge }));
    var label = String(card.label != null ? card.label : "");
    if (opts.picked) label += " ✓";
    node.setAttribute("aria-label", label);
    return node;
  }

  // ---------------------------------------------------------------- seat page

  function seatPage() {
    var app = $("app");
    var SECRET = "debarna.seat";
    var joinMatch = location.pathname.match(/^\/join\/([^\/?#]+)\/?$/i);
    var conn = null;
    var lastModel = null;
    var picks = [];
    var handKey = null;
    var clockBase = null; // {clock, at}
    var clockTimer = null;

    applyCachedLanguage();

    function message(text, extraClass) {
      clear(app);
      app.appendChild(el("div", { class: "message " + (extraClass || ""), id: "message" }, [
        el("p", { text: text }),
      ]));
    }

    function showJoinForm(code) {
      clear(app);
      var input = el("input", {
        id: "name", name: "name", type: "text", maxlength: "24", autocomplete: "nickname",
        autocapitalize: "words", required: true, enterkeyhint: "go", dir: "auto",
      });
      var button = el("button", { id: "join", type: "submit", class: "primary", text: w("take_seat") });
      var error = el("p", { id: "join-error", class: "form-error", hidden: true, role: "alert" });
      var where = el("h1", { id: "join-seat", class: "join-seat", hidden: true });
      var form = el("form", { id: "join-form", class: "form", autocomplete: "off" }, [
        where,
        el("label", { for: "name", text: w("your_name") }),
        input, button, error,
      ]);
      peekSeat(code, where, error);
      form.addEventListener("submit", function (event) {
        event.preventDefault();
        var name = input.value.trim();
        if (!name) { input.focus(); return; }
        button.disabled = true;
        error.hidden = true;
        var asked = { code: code, name: name };
        if (currentLang === "fa" || currentLang === "en") asked.lang = currentLang;  // the form's
        postJSON("/api/join", asked).then(function (r) {
          if (r.ok && r.data && typeof r.data.secret === "string") {
            storageSet(SECRET, r.data.secret);
            history.replaceState(null, "", "/play");
            start(r.data.secret);
          } else {
            error.textContent = (r.data && r.data.error) || w("network_error");
            error.hidden = false;
            button.disabled = false;
          }
        }, function () {
          error.textContent = w("network_error");
          error.hidden = false;
          button.disabled = false;
        });
      });
      app.appendChild(form);
      setTimeout(function () { try { input.focus(); } catch (e) { /* no keyboard */ } }, 50);
    }

    /* The game and seat a join code is for, above the form ("Bidel — seat North"), or
     * why the code is not good any more; a kiosk that does not answer a peek leaves the
     * form as it is. */
    function peekSeat(code, where, error) {
      var lang = currentLang;  // the form's own words' language, for its heading's too
      var body = { code: code };
      if (lang === "fa" || lang === "en") body.lang = lang;
      postJSON("/api/peek", body).then(function (r) {
        var data = r.data || {};
        if (r.ok && typeof data.game === "string" && typeof data.seat === "string") {
          clear(where);
          w("join_seat").split(/(\{game\}|\{seat\})/).forEach(function (part) {
            if (part === "{game}") where.appendChild(el("bdi", { class: "join-game", text: data.game }));
            else if (part === "{seat}") where.appendChild(el("bdi", { class: "join-place", text: data.seat }));
            else if (part) where.appendChild(document.createTextNode(part));
          });
          where.hidden = false;
        } else if (r.status === 410 && typeof data.error === "string" && data.error) {
          error.textContent = data.error;
          error.hidden = false;
        }
      }, function () { /* no answer: the form alone */ });
    }

    function start(secret) {
      message(w("waiting"), "waiting");
      conn = new Connection(function () { return helloFor("seat", secret); }, onMessage);
      conn.connect();
    }

    function onMessage(msg) {
      if (msg.type === "state" && msg.model) {
        render(msg.model);
        markRendered(msg);
      } else if (msg.type === "error") {
        toastErrorFor(msg.message, msg.reason);
      } else if (msg.type === "closed") {
        storageRemove(SECRET);
        lastModel = null;
        stopClock();
        clear(app);
        app.appendChild(el("div", { class: "message closed", id: "message" }, [
          el("p", { text: String(msg.message || w("closed")) }),
          el("p", { class: "hint", text: w("scan_tv") }),
        ]));
        setNotice(null);
      }
    }

    function stopClock() {
      if (clockTimer) { clearInterval(clockTimer); clockTimer = null; }
    }

    function tickClock() {
      var node = $("clock");
      if (!node || !clockBase) return;
      var left = clockBase.clock - (Date.now() - clockBase.at) / 1000;
      node.textContent = formatClock(Math.ceil(Math.max(0, left)));
      node.classList.toggle("low", left <= 10);
    }

    function sendCard(id) { conn.send({ type: "card", card: id }); }

    function togglePick(id, count) {
      var i = picks.indexOf(id);
      if (i >= 0) picks.splice(i, 1);
      else if (picks.length < count) picks.push(id);
      else if (count === 1) picks = [id];
      else return;
      render(lastModel, true);
    }

    /* The whole page from a state; `again` when it is the same state drawn again after a
     * pick (the clock keeps counting from when the state came). */
    function render(model, again) {
      if (model.kind === "nard" && window.DebarnaNard) {  // a Takhteh Nard seat: nard.js
        lastModel = model;
        applyLanguage(model);
        stopClock();
        setNotice(null);  // the board page shows its notice itself
        window.DebarnaNard.render(app, model, function (obj) { return conn.send(obj); },
                                  { lang: langButton(conn, model) });
        return;
      }
      if (model.kind && model.kind !== "table") return;
      lastModel = model;
      applyLanguage(model);
      var hand = Array.isArray(model.hand) ? model.hand : [];
      var key = hand.map(function (c) { return String(c.id); }).join(",");
      // Picks stay while the hand stays the same and a select-N step is asked.
      if (key !== handKey) picks = [];
      handKey = key;
      if (!model.select) picks = [];
      var ids = hand.map(function (c) { return c.id; });
      picks = picks.filter(function (id) { return ids.indexOf(id) >= 0; });
      var seats = Array.isArray(model.seats) ? model.seats : [];
      var me = null;
      seats.forEach(function (s) { if (s.you) me = s; });

      var scrollY = window.scrollY;
      clear(app);

      // header
      var clock = el("span", { id: "clock", class: "clock", dir: "ltr" });
      app.appendChild(el("header", { class: "top" }, [
        el("div", { class: "titles" }, [
          el("h1", { class: "title", text: String(model.title || "") }),
          el("span", { class: "me", id: "me", dir: "auto", text: String(model.name || (me && me.name) || "") }),
        ]),
        clock,
        langButton(conn, model),
      ]));
      if (model.clock === null || model.clock === undefined) {
        clockBase = null;
        clock.hidden = true;
        stopClock();
      } else {
        if (!again || !clockBase) clockBase = { clock: Number(model.clock), at: Date.now() };
        tickClock();
        if (!clockTimer) clockTimer = setInterval(tickClock, 250);
      }

      // prompt
      app.appendChild(el("p", {
        id: "prompt", class: "prompt" + (model.your_turn ? " your-turn" : ""),
        text: String(model.prompt || ""), role: "status", "aria-live": "polite",
      }));

      // Two panes: what is on the table, and what this seat can do (side by side on a
      // landscape phone or a tablet, one above the other on a phone held upright).
      var panes = el("div", { class: "panes" });
      var infoPane = el("div", { class: "pane pane-table" });
      var playPane = el("div", { class: "pane pane-play" });
      panes.appendChild(infoPane);
      panes.appendChild(playPane);
      app.appendChild(panes);

      // the scores of a hand
      if (model.result) {
        var r = model.result;
        var table = el("table", { class: "scores" });
        if (Array.isArray(r.header) && r.header.length) {
          table.appendChild(el("thead", null, [el("tr", null, r.header.map(function (h) {
            return el("th", { text: String(h) });
          }))]));
        }
        var body = el("tbody");
        (Array.isArray(r.rows) ? r.rows : []).forEach(function (row) {
          body.appendChild(el("tr", null, (Array.isArray(row) ? row : []).map(function (c) {
            return el("td", { text: String(c) });
          })));
        });
        table.appendChild(body);
        var next = el("button", { id: "next", type: "button", class: "primary", text: w("next") });
        next.addEventListener("click", function () { conn.send({ type: "next" }); });
        infoPane.appendChild(el("section", { id: "result", class: "result" }, [
          el("h2", { text: String(r.title || "") }),
          el("div", { class: "table-wrap" }, [table]),
          r.footer ? el("p", { class: "footer", text: String(r.footer) }) : null,
          next,
        ]));
      }

      // the seats, in turn order from the one after this phone's; this phone's last
      var oldSeats = $("seats");
      var seatsScroll = oldSeats ? oldSeats.scrollLeft : 0;
      var mine = -1;
      seats.forEach(function (s, i) { if (s.you) mine = i; });
      var ordered = mine < 0 ? seats : seats.slice(mine + 1).concat(seats.slice(0, mine + 1));
      var others = el("section", { id: "seats", class: "seats" });
      ordered.forEach(function (s) {
        var classes = ["seat"];
        if (s.turn) classes.push("turn");
        if (s.you) classes.push("you");
        var details = [];
        if (s.who) details.push(String(s.who));
        (Array.isArray(s.lines) ? s.lines : []).forEach(function (line) { details.push(String(line)); });
        var lines = el("div", { class: "seat-lines" });
        details.forEach(function (text, i) {  // one line each: no separator to misread
          lines.appendChild(el("span", { class: i === 0 && s.who ? "seat-who" : "seat-line", text: text }));
        });
        var head = el("div", { class: "seat-head" }, [
          el("span", { class: "seat-name", dir: "auto", text: String(s.name || "") }),
          s.cards !== null && s.cards !== undefined
            ? el("span", { class: "seat-cards", text: digits(s.cards) + " " + w("cards") })
            : null,
        ]);
        others.appendChild(el("div", { class: classes.join(" "), dataset: { seat: s.seat } }, [head, lines]));
      });
      infoPane.appendChild(others);
      others.scrollLeft = seatsScroll;

      // the trick
      var trick = el("section", { id: "trick", class: "trick", "aria-label": w("trick") });
      (Array.isArray(model.trick) ? model.trick : []).forEach(function (t) {
        var fig = el("figure", { class: "played", dataset: { seat: t.seat } }, [
          t.card ? cardElement(t.card) : null,
          el("figcaption", { dir: "auto", text: String(t.name || "") }),
        ]);
        trick.appendChild(fig);
      });
      // beside the trick: the trumps, a turned card, the contract
      var note = model.note;
      if (note && (note.title || (Array.isArray(note.cards) && note.cards.length))) {
        var noted = el("figure", { id: "note", class: "note" }, (Array.isArray(note.cards)
          ? note.cards : []).map(function (c) { return cardElement(c); }));
        if (note.title) noted.appendChild(el("figcaption", { dir: "auto", text: String(note.title) }));
        trick.appendChild(noted);
      }
      if (!trick.firstChild) trick.classList.add("empty");
      infoPane.appendChild(trick);

      // info line
      infoPane.appendChild(el("p", { id: "info", class: "info", text: String(model.info || "") }));
      if (!model.info) infoPane.lastChild.hidden = true;

      // offers
      var offers = Array.isArray(model.offers) ? model.offers : [];
      if (offers.length) {
        var box = el("section", { id: "offers", class: "offers" });
        offers.forEach(function (o) {
          var b = el("button", { type: "button", class: "offer", dataset: { id: o.id }, text: String(o.label || "") });
          b.addEventListener("click", function () { conn.send({ type: "offer", id: o.id }); });
          box.appendChild(b);
        });
        playPane.appendChild(el("section", { class: "offers-box" }, [
          model.offers_title ? el("h2", { id: "offers-title", text: String(model.offers_title) }) : null,
          box,
        ]));
      }

      // select-N
      var select = model.select && typeof model.select === "object" ? model.select : null;
      if (select) {
        var count = Number(select.count) || 0;
        /* `buttons[n]`: the label with n cards picked (it says the count itself); a
         * kiosk that sends one label only gets the count beside it. */
        var labels = Array.isArray(select.buttons) ? select.buttons : null;
        var label = labels && typeof labels[picks.length] === "string" ? labels[picks.length] : null;
        var send = el("button", {
          id: "select-send", type: "button",
          class: "primary" + (picks.length === count ? " ready" : ""),
          disabled: picks.length === 0,
        }, [
          el("span", { text: String(label || select.button || w("send")) }),
          label ? null : el("span", { class: "count", dir: "ltr", text: digits(picks.length + "/" + count) }),
        ]);
        send.addEventListener("click", function () { conn.send({ type: "select", cards: picks.slice() }); });
        playPane.appendChild(el("section", { class: "select" }, [
          select.banner ? el("p", { id: "select-banner", class: "banner", text: String(select.banner) }) : null,
          send,
        ]));
      }

      // the hand
      var marked = hand.some(function (c) { return c.mark === "aside" || c.mark === "new"; });
      var handBox = el("section", {  // "marked": room above each row for the cards' badges
        id: "hand", class: "hand" + (select ? " selecting" : "") + (marked ? " marked" : ""),
        "aria-label": w("hand"),
      });
      hand.forEach(function (card) {
        var picked = picks.indexOf(card.id) >= 0;
        var node = cardElement(card, { tag: "button", picked: picked });
        node.addEventListener("click", function () {
          if (select) togglePick(card.id, Number(select.count) || 0);
          else sendCard(card.id);
        });
        handBox.appendChild(node);
      });
      playPane.appendChild(handBox);

      setNotice(model.notice);
      window.scrollTo(0, scrollY);
      showTurnSeat(others);
    }

    /* The seat whose turn it is stays in view in the row of seats (scrolled sideways,
     * never the page up or down). */
    function showTurnSeat(row) {
      var turn = row.querySelector(".seat.turn");
      if (!turn || row.scrollWidth <= row.clientWidth) return;
      var r = turn.getBoundingClientRect();
      var c = row.getBoundingClientRect();
      if (r.right > c.right) row.scrollLeft += r.right - c.right + 12;
      else if (r.left < c.left) row.scrollLeft -= c.left - r.left + 12;
    }

    if (joinMatch) {
      var code;
      try { code = decodeURIComponent(joinMatch[1]); } catch (e) { code = joinMatch[1]; }
      showJoinForm(code);
      return;
    }
    var secret = storageGet(SECRET);
    if (secret) start(secret);
    else message(w("scan_tv"), "scan");
  }

  // ---------------------------------------------------------------- ticket page

  function ticketPage() {
    var app = $("app");
    var SECRET = "debarna.ticket";
    var tMatch = location.pathname.match(/^\/t\/([^\/?#]+)\/?$/i);
    var conn = null;

    applyCachedLanguage();

    function forget() {
      storageRemove(SECRET);
      if (conn) conn.stop();
      conn = null;
      history.replaceState(null, "", "/ticket");
      showForm(null);
    }

    function showForm(errorText) {
      clear(app);
      var serial = el("input", {
        id: "serial", name: "serial", type: "text", autocomplete: "off", autocapitalize: "characters",
        maxlength: "24", required: true, dir: "ltr", spellcheck: "false",
      });
      var code = el("input", {
        id: "code", name: "code", type: "text", autocomplete: "off", autocapitalize: "characters",
        maxlength: "8", required: true, dir: "ltr", spellcheck: "false",
      });
      var button = el("button", { id: "open", type: "submit", class: "primary", text: w("follow") });
      var error = el("p", { id: "ticket-error", class: "form-error", role: "alert", hidden: !errorText, text: errorText || "" });
      var form = el("form", { id: "ticket-form", class: "form", autocomplete: "off" }, [
        el("h1", { text: w("ticket") }),
        el("label", { for: "serial", text: w("serial") }), serial,
        el("label", { for: "code", text: w("tv_code") }), code,
        button, error,
      ]);
      form.addEventListener("submit", function (event) {
        event.preventDefault();
        var s = serial.value.trim().toUpperCase();
        var c = code.value.trim().toUpperCase();
        if (!s || !c) return;
        request({ serial: s, code: c }, button, error);
      });
      app.appendChild(form);
    }

    function request(body, button, error) {
      if (button) button.disabled = true;
      postJSON("/api/ticket", body).then(function (r) {
        if (r.ok && r.data && typeof r.data.secret === "string") {
          storageSet(SECRET, r.data.secret);
          history.replaceState(null, "", "/ticket");
          start(r.data.secret);
        } else {
          var text = (r.data && r.data.error) || w("network_error");
          history.replaceState(null, "", "/ticket");
          if (error) { error.textContent = text; error.hidden = false; if (button) button.disabled = false; }
          else showForm(text);
        }
      }, function () {
        if (error) { error.textContent = w("network_error"); error.hidden = false; if (button) button.disabled = false; }
        else { history.replaceState(null, "", "/ticket"); showForm(w("network_error")); }
      });
    }

    function start(secret) {
      clear(app);
      app.appendChild(el("div", { class: "message waiting", id: "message" }, [el("p", { text: w("waiting") })]));
      conn = new Connection(function () { return helloFor("ticket", secret); }, onMessage);
      conn.connect();
    }

    function onMessage(msg) {
      if (msg.type === "state" && msg.model) {
        render(msg.model);
        markRendered(msg);
      } else if (msg.type === "error") {
        toastErrorFor(msg.message, msg.reason);
      } else if (msg.type === "closed") {
        storageRemove(SECRET);
        conn = null;
        setNotice(null);
        showForm(String(msg.message || w("closed")));
      }
    }

    function render(model) {
      if (model.kind && model.kind !== "ticket") return;
      applyLanguage(model);
      var called = {};
      (Array.isArray(model.called) ? model.called : []).forEach(function (n) { called[n] = true; });
      clear(app);

      app.appendChild(el("header", { class: "top" }, [
        el("div", { class: "titles" }, [
          el("h1", { class: "title", text: String(model.title || "") }),
          model.serial ? el("span", { class: "me", id: "serial-shown", dir: "ltr", text: "#" + String(model.serial) }) : null,
        ]),
        langButton(conn, model),
      ]));

      var last = model.last;
      app.appendChild(el("section", { class: "last-box" }, [
        el("span", { class: "last-label", text: w("last") }),
        el("span", {
          id: "last", class: "last" + (last ? "" : " none"),
          dataset: last ? { number: last } : null,
          text: last ? digits(last) : "–",
        }),
      ]));

      var grid = el("div", { id: "ticket", class: "ticket", dir: "ltr", role: "table" });
      (Array.isArray(model.grid) ? model.grid : []).forEach(function (row) {
        var r = el("div", { class: "ticket-row", role: "row" });
        (Array.isArray(row) ? row : []).forEach(function (n) {
          if (n === null || n === undefined) {
            r.appendChild(el("div", { class: "cell empty", role: "cell" }));
          } else {
            var classes = "cell";
            if (called[n]) classes += " called";
            if (n === last) classes += " latest";
            r.appendChild(el("div", { class: classes, role: "cell", dataset: { number: n } }, [
              el("span", { text: digits(n) }),
            ]));
          }
        });
        grid.appendChild(r);
      });
      app.appendChild(grid);

      if (model.status) app.appendChild(el("p", { id: "status", class: "info", text: String(model.status) }));

      var claim = el("button", { id: "claim", type: "button", class: "claim", disabled: !model.can_claim, text: w("claim") });
      claim.addEventListener("click", function () { if (conn) conn.send({ type: "claim" }); });
      app.appendChild(claim);

      if (model.claim) {
        app.appendChild(el("section", {
          id: "claim-panel", class: "claim-panel " + String(model.claim.state || ""),
          dataset: { state: model.claim.state || "" }, role: "status",
        }, [el("p", { text: String(model.claim.text || "") })]));
      }

      var forgetLink = el("a", { id: "forget", href: "/ticket", class: "forget", text: w("forget") });
      forgetLink.addEventListener("click", function (event) { event.preventDefault(); forget(); });
      app.appendChild(el("footer", { class: "foot" }, [forgetLink]));

      setNotice(null);
    }

    if (tMatch) {
      var payload;
      try { payload = decodeURIComponent(tMatch[1]); } catch (e) { payload = tMatch[1]; }
      clear(app);
      app.appendChild(el("div", { class: "message waiting", id: "message" }, [el("p", { text: w("waiting") })]));
      request({ payload: payload }, null, null);
      return;
    }
    var secret = storageGet(SECRET);
    if (secret) start(secret);
    else showForm(null);
  }

  // ---------------------------------------------------------------- board page

  /* The board as on the TV: nine columns by decade (1–9, 10–19, …, 80–90), eleven rows,
   * left to right in both languages. */
  function boardPosition(n) {
    var column = Math.min(Math.floor(n / 10), 8);
    var start = column === 0 ? 1 : column * 10;
    return { column: column, row: n - start };
  }

  function boardPage() {
    var app = $("app");
    var conn = null;
    applyCachedLanguage();
    clear(app);
    app.appendChild(el("div", { class: "message waiting", id: "message" }, [el("p", { text: w("waiting") })]));

    function render(model) {
      if (model.kind && model.kind !== "board") return;
      applyLanguage(model);
      var called = {};
      var count = 0;
      (Array.isArray(model.called) ? model.called : []).forEach(function (n) {
        if (!called[n]) count += 1;
        called[n] = true;
      });
      var last = model.last;
      clear(app);
      var board = el("div", { id: "board", class: "board", dir: "ltr" });
      for (var n = 1; n <= 90; n++) {
        var pos = boardPosition(n);
        var classes = "cell";
        if (called[n]) classes += " called";
        if (n === last) classes += " latest";
        var cell = el("div", { class: classes, dataset: { number: n } }, [el("span", { text: digits(n) })]);
        cell.style.gridColumn = String(pos.column + 1);
        cell.style.gridRow = String(pos.row + 1);
        board.appendChild(cell);
      }
      app.appendChild(el("div", { class: "board-page" }, [
        el("aside", { class: "board-side" }, [
          el("div", { class: "side-top" }, [
            el("h1", { class: "title", text: String(model.title || w("board")) }),
            langButton(conn, model),
          ]),
          el("div", { class: "last-box" }, [
            el("span", { class: "last-label", text: w("last") }),
            el("span", {
              id: "last", class: "last" + (last ? "" : " none"),
              dataset: last ? { number: last } : null,
              text: last ? digits(last) : "–",
            }),
          ]),
          el("p", { class: "count", id: "count" }, [
            el("span", { class: "count-label", text: w("called") }),
            el("span", { class: "count-value", text: digits(count) + " / " + digits(90) }),
          ]),
          model.status ? el("p", { id: "status", class: "info", text: String(model.status) }) : null,
        ]),
        board,
      ]));
    }

    conn = new Connection(function () { return helloFor("board", null); }, function (msg) {
      if (msg.type === "state" && msg.model) { render(msg.model); markRendered(msg); }
      else if (msg.type === "error") toastErrorFor(msg.message, msg.reason);
    });
    conn.connect();
  }

  // ---------------------------------------------------------------- check-in page

  /* The kiosk's words with their {placeholders} filled: each value in a <bdi> of its own,
   * a serial left to right with its digits as printed. */
  function sentence(template, values) {
    var nodes = [];
    String(template).split(/(\{[a-z_]+\})/).forEach(function (part) {
      var m = part.match(/^\{([a-z_]+)\}$/);
      if (m && Object.prototype.hasOwnProperty.call(values, m[1])) {
        var v = values[m[1]];
        nodes.push(el("bdi", { dir: v.ltr ? "ltr" : null, class: v.ltr ? "serial" : null, text: String(v.text) }));
      } else if (part) {
        nodes.push(document.createTextNode(part));
      }
    });
    return nodes;
  }

  var IN_PLAY = { in_play: true, already: true };

  /* While the TV checks tickets in (before a hand's first number) a phone types the TV's
   * code and the serials it holds; each is answered, and the TV's count is the page's.
   * A ticket's strip-mates are offered as buttons, for the player to tap those they hold.
   * The page's parts are built once a language and updated in place, so a state that
   * arrives while the player types never takes the text from under their fingers. */
  function checkinPage() {
    var app = $("app");
    var CODE = "debarna.tvcode";
    var DONE = "debarna.checkin";
    var conn = null;
    var model = null;
    var parts = null;  // the page's elements, built for `parts.lang`
    var offer = null;  // {strip, serials}: the rest of a strip, not in play yet
    var answer = [];  // the last request's answers: [{serial, state}] or [{text}]
    var answerOk = true;
    var busy = false;
    var done = [];  // tickets checked in from this page, newest first: {serial, secret}
    var NAME = "debarna.name";
    var TAKE_MOST = 6;
    var taking = 1;  // how many fresh tickets the take button asks for
    try { done = JSON.parse(sessionGet(DONE) || "[]"); } catch (e) { done = []; }
    if (!Array.isArray(done)) done = [];

    applyCachedLanguage();
    clear(app);
    app.appendChild(el("div", { class: "message waiting", id: "message" }, [el("p", { text: w("waiting") })]));

    function remember(result) {
      if (!IN_PLAY[result.state] || typeof result.serial !== "string") return;
      done = done.filter(function (d) { return d.serial !== result.serial; });
      done.unshift({ serial: result.serial, secret: typeof result.secret === "string" ? result.secret : null });
      done = done.slice(0, 24);
      sessionSet(DONE, JSON.stringify(done));
    }

    function follow(secret) {
      storageSet("debarna.ticket", secret);
      location.href = "/ticket";
    }

    function build() {
      var typed = parts ? parts.serial.value : "";
      var code = parts ? parts.code.value : (sessionGet(CODE) || "");
      clear(app);
      parts = { lang: model.lang };
      app.appendChild(el("header", { class: "top" }, [
        el("div", { class: "titles" }, [el("h1", { class: "title", text: String(model.title || w("checkin.title")) })]),
        langButton(conn, model),
      ]));
      parts.count = el("span", { id: "count", class: "count-big" });
      app.appendChild(el("section", { id: "count-box", class: "count-box", role: "status" }, [
        el("span", { class: "count-label", text: w("checkin.count_label") }), parts.count,
      ]));
      parts.status = el("p", { id: "status", class: "checkin-status", role: "status", hidden: true });
      app.appendChild(parts.status);

      parts.code = el("input", {
        id: "code", name: "code", type: "text", autocomplete: "off", autocapitalize: "characters",
        maxlength: "8", required: true, dir: "ltr", spellcheck: "false", enterkeyhint: "next",
      });
      parts.code.value = code;
      parts.serial = el("input", {
        id: "serial", name: "serial", type: "text", autocomplete: "off", autocapitalize: "characters",
        maxlength: "24", dir: "ltr", spellcheck: "false", enterkeyhint: "send",
      });
      parts.serial.value = typed;
      parts.button = el("button", { id: "checkin", type: "submit", class: "primary", text: w("checkin.add") });
      parts.answer = el("div", { id: "answer", class: "answer", role: "alert", hidden: true });
      parts.form = el("form", { id: "checkin-form", class: "form checkin-form", autocomplete: "off" }, [
        el("label", { for: "code", text: w("tv_code") }), parts.code,
        el("label", { for: "serial", text: w("serial") }), parts.serial,
        parts.button, parts.answer,
        el("p", { id: "checkin-hint", class: "hint", text: w("checkin.hint"), hidden: done.length > 0 }),
      ]);
      parts.form.addEventListener("submit", function (event) {
        event.preventDefault();
        if (!parts.code.value.trim()) { parts.code.focus(); return; }
        var serial = parts.serial.value.trim();
        if (!serial) { parts.serial.focus(); return; }
        send([serial]);
      });
      app.appendChild(parts.form);
      parts.offer = el("section", { id: "strip", class: "strip-box", hidden: true });
      app.appendChild(parts.offer);
      parts.done = el("section", { id: "done", class: "done-box", hidden: true });
      app.appendChild(parts.done);
      buildTake();
      app.appendChild(el("footer", { class: "foot" }, [
        el("a", { id: "to-ticket", href: "/ticket", class: "forget", text: w("checkin.other") }),
      ]));
    }

    /* Fresh tickets for a phone with no paper ticket: a name (or none), how many, and the
     * button; the TV's code is the form's above. */
    function buildTake() {
      var name = el("input", {
        id: "take-name", name: "name", type: "text", autocomplete: "nickname",
        maxlength: "24", spellcheck: "false", enterkeyhint: "done",
      });
      name.value = storageGet(NAME) || "";
      parts.takeCount = el("output", { id: "take-count", class: "take-count", "aria-live": "polite" });
      parts.fewer = el("button", { id: "take-fewer", type: "button", class: "step", "aria-label": w("take.fewer"), text: "−" });
      parts.more = el("button", { id: "take-more", type: "button", class: "step", "aria-label": w("take.more"), text: "+" });
      parts.fewer.addEventListener("click", function () { setTaking(taking - 1); });
      parts.more.addEventListener("click", function () { setTaking(taking + 1); });
      parts.takeButton = el("button", { id: "take", type: "button", class: "primary take-button" });
      parts.takeButton.addEventListener("click", function () { take(); });
      parts.takeAnswer = el("p", { id: "take-answer", class: "answer-line", role: "alert", hidden: true });
      parts.takeName = name;
      parts.take = el("section", { id: "take-box", class: "form take-box", hidden: true }, [
        el("h2", { text: w("take.title") }),
        el("p", { class: "hint", text: w("take.offer") }),
        el("label", { for: "take-name", text: w("take.name") }), name,
        el("span", { class: "take-label", id: "take-how", text: w("take.how_many") }),
        el("div", { class: "stepper", role: "group", "aria-labelledby": "take-how", dir: "ltr" },
          [parts.fewer, parts.takeCount, parts.more]),
        parts.takeButton, parts.takeAnswer,
      ]);
      app.appendChild(parts.take);
      parts.mine = el("a", { id: "to-mine", class: "mine-link", href: mineAddress(mineCodes()), hidden: true });
      app.appendChild(parts.mine);
      setTaking(taking);
    }

    function setTaking(count) {
      taking = Math.max(1, Math.min(TAKE_MOST, count));
      if (!parts || !parts.takeCount) return;
      parts.takeCount.textContent = digits(taking);
      parts.fewer.disabled = busy || taking <= 1;
      parts.more.disabled = busy || taking >= TAKE_MOST;
      parts.takeButton.disabled = busy;
      clear(parts.takeButton);
      sentence(taking === 1 ? w("take.button_one") : w("take.button"), { count: { text: digits(taking) } })
        .forEach(function (n) { parts.takeButton.appendChild(n); });
    }

    function take() {
      if (busy || !parts) return;
      var code = parts.code.value.trim().toUpperCase();
      if (!code) { parts.code.focus(); return; }
      var name = parts.takeName.value.trim();
      storageSet(NAME, name);
      setBusy(true);
      var body = { code: code, count: taking };
      if (name) body.name = name;
      if (currentLang === "fa" || currentLang === "en") body.lang = currentLang;
      postJSON("/api/take", body).then(function (r) {
        var data = r.data || {};
        setBusy(false);
        if (r.ok && Array.isArray(data.tickets)) {
          sessionSet(CODE, code);
          var codes = mineCodes();
          data.tickets.forEach(function (t) {
            if (typeof t.payload === "string" && codes.indexOf(t.payload) < 0) codes.push(t.payload);
          });
          codes = keepMine(codes);
          location.href = mineAddress(codes);
          return;
        }
        parts.takeAnswer.textContent = String(data.error || w("network_error"));
        parts.takeAnswer.hidden = false;
        if (r.status === 403) { parts.code.focus(); parts.code.select(); }
      }, function () {
        setBusy(false);
        parts.takeAnswer.textContent = w("network_error");
        parts.takeAnswer.hidden = false;
      });
    }

    function setBusy(on) {
      busy = on;
      if (!parts) return;
      parts.button.disabled = on;
      Array.prototype.forEach.call(parts.offer.querySelectorAll("button"), function (b) { b.disabled = on; });
      setTaking(taking);
    }

    function update() {
      if (!model) return;
      if (!parts || parts.lang !== model.lang) build();
      parts.count.textContent = digits(typeof model.count === "number" ? model.count : 0);
      var open = !!model.open;
      document.body.classList.toggle("checkin-closed", !open);
      parts.status.textContent = String(model.status || "");
      parts.status.hidden = !model.status;
      parts.form.hidden = !open;
      parts.take.hidden = !open || !model.take;
      var held = mineCodes().length;
      parts.mine.hidden = !held;
      parts.mine.href = mineAddress(mineCodes());
      clear(parts.mine);
      sentence(w("take.mine_link"), { count: { text: digits(held) } })
        .forEach(function (n) { parts.mine.appendChild(n); });

      clear(parts.answer);
      answer.forEach(function (a) {
        var line = a.text !== undefined ? [document.createTextNode(String(a.text))]
          : sentence(w("checkin." + a.state), { serial: { text: a.serial, ltr: true } });
        parts.answer.appendChild(el("p", { class: "answer-line " + (a.state || ""), dataset: { state: a.state || "error", serial: a.serial || "" } }, line));
      });
      parts.answer.hidden = !answer.length;
      parts.answer.dataset.ok = answerOk ? "yes" : "no";

      clear(parts.offer);
      parts.offer.hidden = !open || !offer;
      if (open && offer) {
        parts.offer.appendChild(el("p", { class: "strip-text" },
          sentence(w("checkin.strip"), { strip: { text: offer.strip, ltr: true } })));
        var chips = el("div", { class: "chips" });
        offer.serials.forEach(function (serial) {
          var chip = el("button", { type: "button", class: "chip", dir: "ltr", dataset: { serial: serial }, text: serial, disabled: busy });
          chip.addEventListener("click", function () { send([serial]); });
          chips.appendChild(chip);
        });
        parts.offer.appendChild(chips);
        if (offer.serials.length > 1) {
          var all = el("button", { id: "strip-all", type: "button", class: "strip-all", disabled: busy },
            sentence(w("checkin.strip_all"), { count: { text: digits(offer.serials.length) } }));
          all.addEventListener("click", function () { send(offer.serials.slice()); });
          parts.offer.appendChild(all);
        }
      }

      clear(parts.done);
      parts.done.hidden = !done.length;
      $("checkin-hint").hidden = done.length > 0;  // learnt: the room goes to the list
      if (done.length) {
        parts.done.appendChild(el("h2", { text: w("checkin.yours") }));
        var list = el("ul", { class: "done-list" });
        done.forEach(function (d) {
          var row = el("li", { class: "done-row", dataset: { serial: d.serial } }, [
            el("span", { class: "done-mark", "aria-hidden": "true", text: "✓" }),
            el("bdi", { class: "serial", dir: "ltr", text: d.serial }),
          ]);
          if (d.secret) {
            var go = el("button", { type: "button", class: "follow", text: w("checkin.follow") });
            go.addEventListener("click", function () { follow(d.secret); });
            row.appendChild(go);
          }
          list.appendChild(row);
        });
        parts.done.appendChild(list);
      }
    }

    function send(serials) {
      if (busy || !parts) return;
      var code = parts.code.value.trim().toUpperCase();
      if (!code) { parts.code.focus(); return; }
      setBusy(true);
      var body = { code: code, serials: serials };
      if (currentLang === "fa" || currentLang === "en") body.lang = currentLang;
      postJSON("/api/checkin", body).then(function (r) {
        var data = r.data || {};
        setBusy(false);
        if (Array.isArray(data.results)) {  // the code was the TV's: each serial answered
          sessionSet(CODE, code);
          answer = [];
          data.results.forEach(function (res) {
            remember(res);
            if (res.state !== "strip") answer.push({ serial: String(res.serial || ""), state: String(res.state || "") });
          });
          answerOk = r.ok;
          offer = data.strip && Array.isArray(data.strip.serials) && data.strip.serials.length
            ? { strip: String(data.strip.strip || ""), serials: data.strip.serials.map(String) } : null;
          if (typeof data.count === "number" && model) model.count = data.count;
          if (r.ok) parts.serial.value = "";
          update();
          if (!r.ok) { parts.serial.focus(); parts.serial.select(); }
        } else {
          answer = [{ text: data.error || w("network_error") }];
          answerOk = false;
          if (r.status === 403) { parts.code.focus(); parts.code.select(); }
          update();
        }
      }, function () {
        setBusy(false);
        answer = [{ text: w("network_error") }];
        answerOk = false;
        update();
      });
    }

    conn = new Connection(function () { return helloFor("checkin", null); }, function (msg) {
      if (msg.type === "state" && msg.model && msg.model.kind === "checkin") {
        model = msg.model;
        applyLanguage(model);
        update();
        markRendered(msg);
      } else if (msg.type === "error") {
        toastErrorFor(msg.message, msg.reason);
      }
    });
    conn.connect();
  }

  // ---------------------------------------------------------------- a phone's fresh tickets

  var MINE = "debarna.mine";
  var MINE_MOST = 12;

  /* The signed codes of the tickets this phone took (newest last). */
  function mineCodes() {
    var codes;
    try { codes = JSON.parse(storageGet(MINE) || "[]"); } catch (e) { codes = []; }
    return Array.isArray(codes) ? codes.filter(function (c) { return typeof c === "string" && c; }) : [];
  }

  function keepMine(codes) {
    codes = codes.slice(-MINE_MOST);
    if (codes.length) storageSet(MINE, JSON.stringify(codes));
    else storageRemove(MINE);
    return codes;
  }

  function mineAddress(codes) {
    return "/mine" + (codes.length ? "#t=" + codes.map(encodeURIComponent).join("~") : "");
  }

  function codesInAddress() {
    var m = location.hash.match(/^#t=(.+)$/);
    if (!m) return null;
    var out = [];
    m[1].split("~").forEach(function (part) {
      var code;
      try { code = decodeURIComponent(part); } catch (e) { code = ""; }
      if (code && out.indexOf(code) < 0) out.push(code);
    });
    return out;
  }

  /* The page that is the phone's tickets: each ticket marked as the numbers are called,
   * each with its own Claim button and verdict. It holds their signed codes: each is
   * opened by `POST /api/ticket` (a page that claims), then one socket follows them all. */
  function minePage() {
    var app = $("app");
    var conn = null;
    var codes = codesInAddress();
    if (codes === null) codes = mineCodes();
    codes = keepMine(codes);
    var secrets = [];
    var refused = [];  // what the kiosk said of a code it no longer takes
    var closedOnce = false;

    applyCachedLanguage();
    if (codes.length) history.replaceState(null, "", mineAddress(codes));

    function message(text, withLink) {
      if (conn) { conn.stop(); conn = null; }
      clear(app);
      app.appendChild(el("div", { class: "message", id: "message" }, [
        el("p", { text: text }),
        withLink ? el("a", { id: "to-checkin", href: "/checkin", class: "primary-link", text: w("take.back") }) : null,
      ]));
    }

    function open() {
      clear(app);
      app.appendChild(el("div", { class: "message waiting", id: "message" }, [el("p", { text: w("take.again") })]));
      var lang = storageGet("debarna.lang");
      Promise.all(codes.map(function (code) {
        var body = { payload: code };
        if (lang === "fa" || lang === "en") body.lang = lang;
        return postJSON("/api/ticket", body).then(function (r) {
          return { code: code, r: r };
        });
      })).then(function (answers) {
        secrets = [];
        refused = [];
        var kept = [];
        answers.forEach(function (a) {
          if (a.r.ok && typeof a.r.data.secret === "string" && a.r.data.claims) {
            secrets.push(a.r.data.secret);
            kept.push(a.code);
          } else if (a.r.status === 403) {
            refused.push(String(a.r.data.error || w("closed")));  // not this kiosk's: let go
          } else {
            kept.push(a.code);  // the kiosk could not say now: kept for the next try
          }
        });
        codes = keepMine(kept);
        history.replaceState(null, "", mineAddress(codes));
        if (!secrets.length) {
          if (codes.length) { setTimeout(open, 3000); message(w("network_error"), false); }
          else message(refused[0] || w("take.none"), true);
          return;
        }
        connect();
      }, function () {
        message(w("network_error"), false);
        setTimeout(open, 3000);
      });
    }

    function connect() {
      if (conn) conn.stop();
      conn = new Connection(function () {
        var msg = { type: "hello", role: "tickets", secrets: secrets.slice() };
        var lang = storageGet("debarna.lang");
        if (lang === "fa" || lang === "en") msg.lang = lang;
        return msg;
      }, onMessage);
      conn.connect();
    }

    function onMessage(msg) {
      if (msg.type === "state" && msg.model && msg.model.kind === "tickets") {
        closedOnce = false;
        render(msg.model);
        markRendered(msg);
      } else if (msg.type === "error") {
        toastErrorFor(msg.message, msg.reason);
      } else if (msg.type === "closed") {
        // The kiosk no longer knows these secrets (it was started again): its codes
        // open the tickets afresh, once; a second refusal in a row is shown.
        conn = null;
        if (!closedOnce && codes.length) { closedOnce = true; open(); }
        else message(String(msg.message || w("take.gone")), true);
      }
    }

    function render(model) {
      applyLanguage(model);
      var called = {};
      (Array.isArray(model.called) ? model.called : []).forEach(function (n) { called[n] = true; });
      var last = model.last;
      clear(app);
      app.appendChild(el("header", { class: "top" }, [
        el("div", { class: "titles" }, [el("h1", { class: "title", text: String(model.title || "") })]),
        langButton(conn, model),
      ]));
      app.appendChild(el("section", { class: "last-box mine-last" }, [
        el("span", { class: "last-label", text: w("last") }),
        el("span", {
          id: "last", class: "last" + (last ? "" : " none"),
          dataset: last ? { number: last } : null, text: last ? digits(last) : "–",
        }),
      ]));
      if (model.status) app.appendChild(el("p", { id: "status", class: "info", text: String(model.status) }));
      var tickets = Array.isArray(model.tickets) ? model.tickets : [];
      tickets.forEach(function (t) {
        var serial = String(t.serial || "");
        var head = el("div", { class: "mine-head" }, [
          el("bdi", { class: "serial mine-serial", dir: "ltr", text: "#" + serial }),
          t.holder ? el("bdi", { class: "mine-holder", text: String(t.holder) }) : null,
          t.in_play ? null : el("span", { class: "mine-out", text: w("take.not_in_play") }),
        ]);
        var grid = el("div", { class: "ticket", dir: "ltr", role: "table" });
        (Array.isArray(t.grid) ? t.grid : []).forEach(function (row) {
          var r = el("div", { class: "ticket-row", role: "row" });
          (Array.isArray(row) ? row : []).forEach(function (n) {
            if (n === null || n === undefined) {
              r.appendChild(el("div", { class: "cell empty", role: "cell" }));
            } else {
              var classes = "cell";
              if (called[n]) classes += " called";
              if (n === last) classes += " latest";
              r.appendChild(el("div", { class: classes, role: "cell", dataset: { number: n } }, [
                el("span", { text: digits(n) }),
              ]));
            }
          });
          grid.appendChild(r);
        });
        var label = w("take.claim_this").replace("{serial}", serial);
        var claim = el("button", {
          type: "button", class: "claim mine-claim", disabled: !t.can_claim,
          dataset: { serial: serial }, "aria-label": label, text: w("claim"),
        });
        claim.addEventListener("click", function () { if (conn) conn.send({ type: "claim", serial: serial }); });
        var parts = [head, grid, claim];
        if (t.claim) {
          parts.push(el("section", {
            class: "claim-panel " + String(t.claim.state || ""),
            dataset: { state: t.claim.state || "" }, role: "status",
          }, [el("p", { text: String(t.claim.text || "") })]));
        }
        app.appendChild(el("section", { class: "mine-ticket", dataset: { serial: serial } }, parts));
      });
      refused.forEach(function (text) { app.appendChild(el("p", { class: "answer-line", text: text })); });
      app.appendChild(el("footer", { class: "foot" }, [
        el("a", { id: "to-checkin", href: "/checkin", class: "forget", text: w("take.back") }),
      ]));
      setNotice(null);
    }

    if (!codes.length) { message(w("take.none"), true); return; }
    open();
  }

  // ---------------------------------------------------------------- index page

  function indexPage() {
    /* Nothing to fetch: the kiosk's own page is bilingual and static. */
  }

  // ---------------------------------------------------------------- start

  function main() {
    var page = document.body.dataset.page;
    if (page === "seat") seatPage();
    else if (page === "ticket") ticketPage();
    else if (page === "board") boardPage();
    else if (page === "checkin") checkinPage();
    else if (page === "mine") minePage();
    else if (page === "index") indexPage();
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", main);
  else main();
})();
