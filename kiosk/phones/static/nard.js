/* Dabernā kiosk: a Takhteh Nard (backgammon) seat's page on a phone.
 *
 * `window.DebarnaNard.render(root, model, send, extras)` draws a seat's `kind: "nard"`
 * model into `root` (the seat page's #app) and sends the page's messages with
 * `send(obj)`: `{"type": "offer", "id": id}` for a button, `{"type": "offer", "id":
 * "step:<from>:<to>"}` for a checker moved by tapping. `extras.lang` is the seat page's
 * language button, put in the header when given. Everything is in the phone's own
 * numbering: its home board (points 1–6) lies bottom right, 25 is the bar, 0 the tray.
 *
 * The board is inline SVG drawn here, the same shape in both languages (the page's text
 * mirrors in Persian, the board does not). Nothing from the kiosk is put into innerHTML:
 * text goes in with textContent.
 *
 * Moving a checker is the TV's picker: the points in `sources` can be tapped; a tap lifts
 * one and marks its `targets` (a hit in red); a tap on a target sends the step, a tap on
 * the lifted point puts it down, a tap on another source lifts that one instead. A source
 * whose only target is the tray bears off at once.
 *
 * Words read from `model.words` (an English literal only while a key is missing):
 * nard_bar, nard_off, nard_pips, nard_cube, nard_resign, cancel.
 */
"use strict";

(function () {
  var SVG = "http://www.w3.org/2000/svg";
  var FALLBACK = {
    nard_bar: "Bar", nard_off: "Off", nard_pips: "pips", nard_cube: "Cube",
    nard_resign: "Resign", cancel: "Cancel",
  };
  var PERSIAN_DIGITS = "۰۱۲۳۴۵۶۷۸۹";
  var PRIMARY = { roll: true, done: true, next: true };

  // The board's geometry, in SVG units (one unit is a CSS pixel on a 390 px wide phone).
  var W = 390;
  var FRAME = 4;           // the wood left of the points
  var PW = 28;             // a point's width
  var BAR_W = 24;
  var TRAY_W = 26;
  var RAIL = 18;           // the frame above and below the points: their numbers
  var D = 26;              // a checker across
  var STACK = 5;           // checkers drawn on a point before the rest become a number
  var BAR_STACK = 3;
  var LEN = STACK * D + 2; // a point's length
  var GAP = 46;            // between the two rows' tips: the dice
  var LEFT_X = FRAME;
  var BAR_X = LEFT_X + 6 * PW;
  var RIGHT_X = BAR_X + BAR_W;
  var TRAY_X = RIGHT_X + 6 * PW;
  var TOP = RAIL + 2;                  // the top row's bases
  var BOTTOM = TOP + 2 * LEN + GAP;    // the bottom row's bases
  var MID = (TOP + BOTTOM) / 2;
  var H = BOTTOM + 2 + RAIL;

  var page = { model: null, send: null, root: null, extras: null, lifted: null, resignOpen: false,
               clockTimer: null, clockBase: null };

  // ---------------------------------------------------------------- small helpers

  function w(key) {
    var words = page.model && page.model.words;
    var v = words && typeof words === "object" ? words[key] : null;
    return typeof v === "string" && v ? v : FALLBACK[key] || key;
  }

  function digits(value) {
    var s = String(value);
    if (!page.model || page.model.lang !== "fa") return s;
    return s.replace(/[0-9]/g, function (d) { return PERSIAN_DIGITS[+d]; });
  }

  function el(tag, attrs, children) {
    var node = document.createElement(tag);
    return fill(node, attrs, children);
  }

  function svg(tag, attrs, children) {
    var node = document.createElementNS(SVG, tag);
    return fill(node, attrs, children);
  }

  function fill(node, attrs, children) {
    if (attrs) {
      Object.keys(attrs).forEach(function (k) {
        var v = attrs[k];
        if (v === null || v === undefined || v === false) return;
        if (k === "text") node.textContent = v;
        else if (k === "dataset") {
          Object.keys(v).forEach(function (d) { node.setAttribute("data-" + d, String(v[d])); });
        } else if (k === "onclick") node.addEventListener("click", v);
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

  function list(value) { return Array.isArray(value) ? value : []; }

  function numbers(value) {
    return list(value).map(Number).filter(function (n) { return isFinite(n); });
  }

  function targetsOf(point) {
    var t = page.model && page.model.targets;
    return t && typeof t === "object" ? numbers(t[String(point)]) : [];
  }

  function hitsOf(point) {
    var h = page.model && page.model.hits;
    return h && typeof h === "object" ? numbers(h[String(point)]) : [];
  }

  function sources() { return numbers(page.model && page.model.sources); }

  function offer(id) { if (page.send) page.send({ type: "offer", id: String(id) }); }

  function formatClock(seconds) {
    var s = Math.max(0, Math.round(seconds));
    var m = Math.floor(s / 60);
    var r = s % 60;
    return digits(m + ":" + (r < 10 ? "0" : "") + r);
  }

  // ---------------------------------------------------------------- tapping

  /* A tap on a point (1–24), the bar (25) or this phone's tray (0). */
  function tap(point) {
    var lifted = page.lifted;
    if (lifted !== null) {
      if (point === lifted) { lift(null); return; }
      if (targetsOf(lifted).indexOf(point) >= 0) {
        page.lifted = null;
        offer("step:" + lifted + ":" + point);
        redrawBoard();
        return;
      }
    }
    if (sources().indexOf(point) >= 0) {
      var targets = targetsOf(point);
      if (targets.length === 1 && targets[0] === 0) {
        page.lifted = null;
        offer("step:" + point + ":0");
        redrawBoard();
        return;
      }
      lift(point);
      return;
    }
    if (lifted !== null) lift(null);
  }

  function lift(point) {
    page.lifted = point;
    redrawBoard();
  }

  // ---------------------------------------------------------------- the board

  /* Where a point lies: its column's left edge and whether it is in the top row. */
  function column(n) {
    if (n <= 6) return { x: RIGHT_X + (6 - n) * PW, top: false };
    if (n <= 12) return { x: LEFT_X + (12 - n) * PW, top: false };
    if (n <= 18) return { x: LEFT_X + (n - 13) * PW, top: true };
    return { x: RIGHT_X + (n - 19) * PW, top: true };
  }

  /* The centre of the index-th checker (0 at the base) on point n. */
  function stackCentre(n, index) {
    var c = column(n);
    var i = Math.min(index, STACK - 1);
    var y = c.top ? TOP + D / 2 + i * D : BOTTOM - D / 2 - i * D;
    return { x: c.x + PW / 2, y: y };
  }

  /* Mine wait on the bar's upper half (they enter the top right), theirs the lower. */
  function barCentre(mine, index) {
    var i = Math.min(index, BAR_STACK - 1);
    var dir = mine ? -1 : 1;
    return { x: BAR_X + BAR_W / 2, y: MID + dir * (D + i * D) };
  }

  function checker(mine, centre, label) {
    var g = svg("g", { class: "checker-g" });
    g.appendChild(svg("circle", {
      class: "checker " + (mine ? "mine" : "theirs"), cx: centre.x, cy: centre.y, r: D / 2 - 1,
    }));
    g.appendChild(svg("circle", {
      class: "checker-ring " + (mine ? "mine" : "theirs"), cx: centre.x, cy: centre.y, r: D / 4,
    }));
    if (label) {
      g.appendChild(svg("text", {
        class: "checker-count " + (mine ? "mine" : "theirs"), x: centre.x, y: centre.y,
        text: label,
      }));
    }
    return g;
  }

  function colourOf(mine) {
    var light = page.model.colour !== "dark";
    return mine === light;  // true: the light (ivory) checkers
  }

  function pointGroup(n, count, marks) {
    var c = column(n);
    var classes = ["point"].concat(marks.classes);
    var g = svg("g", {
      class: classes.join(" "), "data-point": n, "data-count": Math.abs(count),
      "data-owner": count > 0 ? "mine" : count < 0 ? "theirs" : "none",
    });
    var tipY = c.top ? TOP + LEN : BOTTOM - LEN;
    var baseY = c.top ? TOP : BOTTOM;
    var shape = [c.x + 0.5, baseY, c.x + PW - 0.5, baseY, c.x + PW / 2, tipY].join(" ");
    g.appendChild(svg("polygon", { class: "tri " + (n % 2 ? "tri-a" : "tri-b"), points: shape }));
    var mine = count > 0;
    var shown = Math.min(Math.abs(count), STACK);
    for (var i = 0; i < shown; i++) {
      var label = Math.abs(count) > STACK && i === shown - 1 ? digits(Math.abs(count)) : null;
      g.appendChild(checker(mine, stackCentre(n, i), label));
    }
    if (marks.ring) {
      var top = stackCentre(n, Math.max(0, shown - 1));
      g.appendChild(svg("circle", { class: "ring " + marks.ring, cx: top.x, cy: top.y, r: D / 2 + 1 }));
    }
    if (marks.ghost !== null) {
      var at = stackCentre(n, marks.ghost);
      g.appendChild(svg("circle", { class: "ghost", cx: at.x, cy: at.y, r: D / 2 - 2 }));
    }
    // the whole half column, from the rail to the board's middle, takes the finger
    var areaTop = c.top ? 0 : MID;
    g.appendChild(svg("rect", { class: "area", x: c.x, y: areaTop, width: PW, height: MID }));
    return g;
  }

  /* The classes and rings a place (1–25, 0) gets from the picker and the turn's steps. */
  function marksFor(place, count) {
    var m = page.model;
    var out = { classes: [], ring: null, ghost: null };
    var lifted = page.lifted;
    var steps = list(m.last);
    steps.forEach(function (s) {
      if (!Array.isArray(s)) return;
      if (Number(s[0]) === place && out.classes.indexOf("last-from") < 0) out.classes.push("last-from");
      if (Number(s[1]) === place && out.classes.indexOf("last-to") < 0) out.classes.push("last-to");
    });
    if (lifted === null) {
      if (sources().indexOf(place) >= 0) { out.classes.push("tappable"); out.ring = "source"; }
    } else if (place === lifted) {
      out.classes.push("tappable", "lifted");
      out.ring = "lifted";
    } else if (targetsOf(lifted).indexOf(place) >= 0) {
      out.classes.push("tappable", "target");
      if (hitsOf(lifted).indexOf(place) >= 0) out.classes.push("hit");
      else if (place >= 1 && place <= 24) out.ghost = Math.max(0, count);
    } else if (sources().indexOf(place) >= 0) {
      out.classes.push("tappable");
      out.ring = "source dim";
    }
    if (out.classes.indexOf("hit") >= 0) out.ring = "hit";
    return out;
  }

  function barGroup(bar) {
    var marks = marksFor(25, bar[0]);
    var g = svg("g", { class: ["bar"].concat(marks.classes).join(" "), "data-point": 25,
                       "data-count": bar[0], "aria-label": w("nard_bar") });
    g.appendChild(svg("rect", { class: "bar-wood", x: BAR_X, y: RAIL, width: BAR_W, height: H - 2 * RAIL }));
    [true, false].forEach(function (mine) {
      var count = mine ? bar[0] : bar[1];
      var shown = Math.min(count, BAR_STACK);
      for (var i = 0; i < shown; i++) {
        var label = count > BAR_STACK && i === shown - 1 ? digits(count) : null;
        g.appendChild(checker(mine, barCentre(mine, i), label));
      }
    });
    if (marks.ring && bar[0] > 0) {
      var top = barCentre(true, Math.min(bar[0], BAR_STACK) - 1);
      g.appendChild(svg("circle", { class: "ring " + marks.ring, cx: top.x, cy: top.y, r: D / 2 + 1 }));
    }
    g.appendChild(svg("rect", { class: "area", x: BAR_X, y: 0, width: BAR_W, height: H }));
    return g;
  }

  /* A tray: this phone's at the bottom (data-point 0), the other side's at the top. */
  function trayGroup(mine, count) {
    var y = mine ? BOTTOM - LEN : TOP;
    var marks = mine ? marksFor(0, 0) : { classes: [] };
    var g = svg("g", {
      class: ["tray", mine ? "tray-mine" : "tray-theirs"].concat(marks.classes).join(" "),
      "data-point": mine ? 0 : null, "data-count": count, "aria-label": w("nard_off"),
    });
    g.appendChild(svg("rect", {
      class: "tray-bed", x: TRAY_X + 2, y: y, width: TRAY_W - 4, height: LEN, rx: 3,
    }));
    var slab = (LEN - 6) / 15;
    for (var i = 0; i < Math.min(count, 15); i++) {
      var sy = mine ? BOTTOM - 3 - (i + 1) * slab : TOP + 3 + i * slab;
      g.appendChild(svg("rect", {
        class: "slab " + (mine ? "mine" : "theirs"), x: TRAY_X + 4, y: sy + 0.5,
        width: TRAY_W - 8, height: slab - 1, rx: 1.5,
      }));
    }
    if (count) {
      g.appendChild(svg("text", {
        class: "tray-count", x: TRAY_X + TRAY_W / 2, y: mine ? MID + 12 : MID - 12, text: digits(count),
      }));
    }
    if (mine) {
      g.appendChild(svg("rect", {
        class: "area", x: TRAY_X - 2, y: MID, width: W - TRAY_X + 2, height: H - MID,
      }));
    }
    return g;
  }

  var PIPS = {
    1: [[0, 0]], 2: [[-1, -1], [1, 1]], 3: [[-1, -1], [0, 0], [1, 1]],
    4: [[-1, -1], [1, -1], [-1, 1], [1, 1]],
    5: [[-1, -1], [1, -1], [0, 0], [-1, 1], [1, 1]],
    6: [[-1, -1], [1, -1], [-1, 0], [1, 0], [-1, 1], [1, 1]],
  };

  function die(value, cx, size, light, used) {
    var g = svg("g", {
      class: "die " + (light ? "die-light" : "die-dark") + (used ? " used" : ""),
      "data-value": value, "data-used": used ? "true" : "false",
    });
    g.appendChild(svg("rect", {
      class: "die-face", x: cx - size / 2, y: MID - size / 2, width: size, height: size, rx: size / 6,
    }));
    (PIPS[value] || []).forEach(function (p) {
      g.appendChild(svg("circle", {
        class: "pip", cx: cx + p[0] * size / 4, cy: MID + p[1] * size / 4, r: size / 11,
      }));
    });
    return g;
  }

  function diceGroup() {
    var m = page.model;
    var g = svg("g", { id: "nard-dice", class: "dice" });
    var dice = numbers(m.dice);
    if (dice.length !== 2) return g;
    var values = dice[0] === dice[1] ? [dice[0], dice[0], dice[0], dice[0]] : dice;
    var left = numbers(m.dice_left);
    var mine = m.dice_of === "you";
    var light = colourOf(m.dice_of !== "them");
    var size = values.length > 2 ? 26 : 30;
    var gap = size * 1.25;
    var centre = mine || !m.dice_of ? RIGHT_X + 3 * PW : LEFT_X + 3 * PW;
    var first = centre - (values.length - 1) * gap / 2;
    values.forEach(function (v, i) {
      var at = left.indexOf(v);
      if (at >= 0) left.splice(at, 1);
      g.appendChild(die(v, first + i * gap, size, light, at < 0));
    });
    return g;
  }

  function cubeGroup() {
    var cube = page.model.cube;
    if (!cube || typeof cube !== "object") return null;
    var owner = cube.owner === "you" || cube.owner === "them" ? cube.owner : null;
    var size = 24;
    var y = owner === "you" ? BOTTOM - size / 2 - 2 : owner === "them" ? TOP + size / 2 + 2 : MID;
    var x = BAR_X + BAR_W / 2;
    var value = owner ? Number(cube.value) || 1 : 64;
    var g = svg("g", {
      id: "nard-cube", class: "cube" + (cube.offered ? " offered" : ""),
      "data-value": Number(cube.value) || 1, "data-owner": owner || "centre",
      "aria-label": w("nard_cube"),
    });
    g.appendChild(svg("rect", {
      class: "cube-face", x: x - size / 2, y: y - size / 2, width: size, height: size, rx: 4,
    }));
    g.appendChild(svg("text", {
      class: "cube-value" + (String(value).length > 1 ? " long" : ""), x: x, y: y, text: digits(value),
    }));
    return g;
  }

  function numbersGroup() {
    var g = svg("g", { class: "numbers" });
    for (var n = 1; n <= 24; n++) {
      var c = column(n);
      g.appendChild(svg("text", {
        class: "point-number", x: c.x + PW / 2, y: c.top ? RAIL / 2 + 1 : H - RAIL / 2, text: digits(n),
      }));
    }
    return g;
  }

  function drawBoard() {
    var m = page.model;
    var points = list(m.points);
    var bar = numbers(m.bar);
    var off = numbers(m.off);
    var root = svg("svg", {
      id: "nard-board", class: "nard-board colour-" + (m.colour === "dark" ? "dark" : "light"),
      viewBox: "0 0 " + W + " " + H, role: "img", "aria-label": String(m.title || ""),
      "data-lifted": page.lifted === null ? null : page.lifted,
    });
    root.appendChild(svg("rect", { class: "frame", x: 0, y: 0, width: W, height: H, rx: 8 }));
    [[LEFT_X, 6 * PW, "felt"], [RIGHT_X, 6 * PW, "felt"], [TRAY_X, TRAY_W, "tray-column"]]
      .forEach(function (r) {
        root.appendChild(svg("rect", { class: r[2], x: r[0], y: RAIL, width: r[1], height: H - 2 * RAIL }));
      });
    root.appendChild(numbersGroup());
    for (var n = 1; n <= 24; n++) {
      var count = Number(points[n - 1]) || 0;
      root.appendChild(pointGroup(n, count, marksFor(n, count > 0 ? count : 0)));
    }
    root.appendChild(barGroup([bar[0] || 0, bar[1] || 0]));
    root.appendChild(trayGroup(false, off[1] || 0));
    root.appendChild(trayGroup(true, off[0] || 0));
    root.appendChild(diceGroup());
    var cube = cubeGroup();
    if (cube) root.appendChild(cube);
    root.addEventListener("click", function (event) {
      var node = event.target;
      while (node && node !== root) {
        var p = node.getAttribute && node.getAttribute("data-point");
        if (p !== null && p !== undefined && node.classList.contains("tappable")) {
          tap(Number(p));
          return;
        }
        node = node.parentNode;
      }
      if (page.lifted !== null) lift(null);
    });
    return root;
  }

  function redrawBoard() {
    var old = document.getElementById("nard-board");
    if (old && old.parentNode) old.parentNode.replaceChild(drawBoard(), old);
  }

  // ---------------------------------------------------------------- the panel

  /* The title, the player's name, the clock (counting from when its state came: `again`
   * when the same state is drawn again) and the language button. */
  function header(m, extras, again) {
    var clock = el("span", { id: "nard-clock", class: "clock", dir: "ltr" });
    stopClock();
    if (m.clock === null || m.clock === undefined) {
      clock.hidden = true;
      page.clockBase = null;
    } else {
      if (!again || !page.clockBase) page.clockBase = { clock: Number(m.clock), at: Date.now() };
      tickClock(clock);
      page.clockTimer = setInterval(function () {
        var node = document.getElementById("nard-clock");
        if (node) tickClock(node);
        else stopClock();  // the page is no longer the board's
      }, 250);
    }
    return el("header", { class: "top" }, [
      el("div", { class: "titles" }, [
        el("h1", { class: "title", text: String(m.title || "") }),
        el("span", { class: "me", id: "nard-me", dir: "auto", text: String(m.name || "") }),
      ]),
      clock,
      extras && extras.lang ? extras.lang : null,
    ]);
  }

  function stopClock() {
    if (page.clockTimer) { clearInterval(page.clockTimer); page.clockTimer = null; }
  }

  function tickClock(node) {
    if (!node || !page.clockBase) return;
    var left = page.clockBase.clock - (Date.now() - page.clockBase.at) / 1000;
    node.textContent = formatClock(Math.ceil(Math.max(0, left)));
    node.classList.toggle("low", left <= 10);
  }

  function offerButton(o, extra) {
    var id = String(o.id);
    return el("button", {
      type: "button", class: "offer" + (PRIMARY[id] ? " primary" : "") + (extra ? " " + extra : ""),
      "data-offer": id, text: String(o.label || ""), onclick: function () { offer(id); },
    });
  }

  function offersBox(m) {
    var offers = list(m.offers).filter(function (o) {
      return o && o.id !== undefined && !(m.result && String(o.id) === "next");
    });
    var resign = list(m.resign);
    if (!resign.length) page.resignOpen = false;
    var box = el("section", { id: "nard-offers", class: "offers nard-offers" });
    offers.forEach(function (o) { box.appendChild(offerButton(o)); });
    if (resign.length) {
      box.appendChild(el("button", {
        type: "button", id: "nard-resign-open", class: "offer resign-open" + (page.resignOpen ? " open" : ""),
        "aria-expanded": page.resignOpen ? "true" : "false", text: w("nard_resign"),
        onclick: function () { page.resignOpen = !page.resignOpen; again(); },
      }));
    }
    var out = [box.firstChild ? box : null];
    if (resign.length && page.resignOpen) {
      var items = el("section", { id: "nard-resign", class: "nard-resign" });
      resign.forEach(function (o) { items.appendChild(offerButton(o, "resign-item")); });
      items.appendChild(el("button", {
        type: "button", id: "nard-resign-cancel", class: "offer cancel", text: w("cancel"),
        onclick: function () { page.resignOpen = false; again(); },
      }));
      out.push(items);
    }
    return out;
  }

  function hintBox(m) {
    var hint = m.hint;
    if (!hint || typeof hint !== "object") return null;
    var body = el("tbody");
    list(hint.rows).forEach(function (row) {
      body.appendChild(el("tr", null, list(row).map(function (c, i) {
        return el("td", { class: i === 0 ? "play" : "num", dir: i === 0 ? "ltr" : "auto", text: String(c) });
      })));
    });
    return el("section", { id: "nard-hint", class: "nard-hint" }, [
      el("h2", { text: String(hint.title || "") }),
      el("div", { class: "table-wrap" }, [el("table", { class: "scores hint-table" }, [body])]),
    ]);
  }

  function resultBox(m) {
    var r = m.result;
    if (!r || typeof r !== "object") return null;
    var next = null;
    list(m.offers).forEach(function (o) { if (o && String(o.id) === "next") next = o; });
    return el("section", { id: "nard-result", class: "result nard-result", role: "status" }, [
      el("h2", { text: String(r.title || "") }),
      el("div", { class: "lines" }, list(r.lines).map(function (line) {
        return el("p", { text: String(line) });
      })),
      next ? offerButton(next, "result-next") : null,
    ]);
  }

  function seatsBox(m) {
    var box = el("section", { id: "nard-seats", class: "seats nard-seats" });
    list(m.seats).forEach(function (s) {
      var classes = ["seat"];
      if (s.turn) classes.push("turn");
      if (s.you) classes.push("you");
      var light = colourOf(!!s.you);
      var swatch = svg("svg", { class: "swatch", viewBox: "0 0 20 20", "aria-hidden": "true" }, [
        svg("circle", { class: "swatch-dot", cx: 10, cy: 10, r: 8.5 }),
      ]);
      box.appendChild(el("div", {
        class: classes.join(" "), dataset: { seat: s.seat, colour: light ? "light" : "dark" },
      }, [
        el("div", { class: "seat-head" }, [
          swatch,
          el("span", { class: "seat-name", dir: "auto", text: String(s.name || "") }),
        ]),
        el("div", { class: "seat-lines" }, [
          s.side ? el("span", { class: "seat-side", text: String(s.side) }) : null,
          s.who ? el("span", { class: "seat-who", text: String(s.who) }) : null,
          el("span", { class: "seat-pips", text: digits(Number(s.pips) || 0) + " " + w("nard_pips") }),
          el("span", { class: "seat-off", text: w("nard_off") + " " + digits(Number(s.off) || 0) }),
        ]),
      ]));
    });
    return box;
  }

  // ---------------------------------------------------------------- the page

  function render(root, model, send, extras) {
    if (!root || !model) return;
    var sameGame = page.model && page.model.seat === model.seat;
    var redraw = page.model === model;
    page.model = model;
    page.send = send;
    page.root = root;
    page.extras = extras || null;
    if (!sameGame || sources().indexOf(page.lifted) < 0) page.lifted = null;
    var scrollY = window.scrollY;
    clear(root);
    var box = el("div", { id: "nard", class: "nard-page" });
    root.appendChild(box);
    root = box;
    root.appendChild(header(model, extras, redraw));
    root.appendChild(el("p", {
      id: "nard-prompt", class: "prompt nard-prompt" + (model.your_turn ? " your-turn" : ""),
      role: "status", "aria-live": "polite", text: String(model.prompt || ""),
    }));
    if (model.note) {
      root.appendChild(el("p", { id: "nard-note", class: "nard-note", dir: "auto", text: String(model.note) }));
    }
    if (model.notice) {
      root.appendChild(el("p", {
        id: "nard-notice", class: "nard-notice", role: "alert", text: String(model.notice),
      }));
    }
    root.appendChild(el("div", { class: "nard-board-wrap", dir: "ltr" }, [drawBoard()]));
    var result = resultBox(model);
    if (result) root.appendChild(result);
    offersBox(model).forEach(function (node) { if (node) root.appendChild(node); });
    var hint = hintBox(model);
    if (hint) root.appendChild(hint);
    root.appendChild(seatsBox(model));
    if (model.info) root.appendChild(el("p", { id: "nard-info", class: "info", text: String(model.info) }));
    window.scrollTo(0, scrollY);
  }

  /* The same state drawn again (the resignations' list opened or closed). */
  function again() { render(page.root, page.model, page.send, page.extras); }

  window.DebarnaNard = { render: render };
})();
