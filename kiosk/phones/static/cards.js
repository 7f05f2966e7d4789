/* Registering a shop set's card from a phone (kiosk/phones/cards.py): a photo read by the
 * kiosk, or the card typed into a 3×9 grid; the reading is shown to confirm, every
 * doubtful cell framed, then registered under a card number to write on the card. */
(function () {
  "use strict";
  var page = JSON.parse(document.body.dataset.page || "{}");
  var lang = page.lang === "fa" ? "fa" : "en";
  var ROWS = 3, COLUMNS = 9;
  var FA = "۰۱۲۳۴۵۶۷۸۹";
  var doubts = {};  // "r,c" -> why
  var busy = false;

  function $(id) { return document.getElementById(id); }
  function w(key, values) {
    var text = (page.words[lang] || {})[key] || key;
    Object.keys(values || {}).forEach(function (name) {
      text = text.split("{" + name + "}").join(digits(values[name]));
    });
    return text;
  }
  function digits(value) {
    var text = String(value);
    return lang === "fa" ? text.replace(/[0-9]/g, function (d) { return FA[+d]; }) : text;
  }
  function latin(text) {
    return String(text).replace(/[۰-۹]/g, function (d) { return FA.indexOf(d); })
      .replace(/[٠-٩]/g, function (d) { return "٠١٢٣٤٥٦٧٨٩".indexOf(d); });
  }
  function cell(r, c) { return $("grid").querySelector('input[data-r="' + r + '"][data-c="' + c + '"]'); }

  function build() {
    var grid = $("grid");
    for (var r = 0; r < ROWS; r++) {
      for (var c = 0; c < COLUMNS; c++) {
        var input = document.createElement("input");
        input.dataset.r = r;
        input.dataset.c = c;
        input.inputMode = "numeric";
        input.maxLength = 2;
        input.autocomplete = "off";
        input.addEventListener("input", function (event) {
          var box = event.target;
          box.value = digits(latin(box.value).replace(/[^0-9]/g, "").slice(0, 2));
          box.classList.toggle("filled", box.value !== "");
          box.classList.remove("broken");
          delete doubts[box.dataset.r + "," + box.dataset.c];
          box.classList.remove("doubt");
        });
        grid.appendChild(input);
      }
    }
  }

  function words() {
    document.documentElement.lang = lang;
    document.documentElement.dir = lang === "fa" ? "rtl" : "ltr";
    $("title").textContent = w("title");
    $("lang").textContent = w("lang");
    $("intro").textContent = w("intro");
    $("code-label").textContent = w("code");
    $("photo-label").textContent = w("photo");
    $("type").textContent = w("type");
    $("grid-label").textContent = w("grid");
    $("number-label").textContent = w("number");
    $("number-help").textContent = w("number_help");
    $("name-label").textContent = w("name");
    $("register").textContent = w("register");
    $("another").textContent = w("another");
    for (var r = 0; r < ROWS; r++) {
      for (var c = 0; c < COLUMNS; c++) {
        var box = cell(r, c);
        box.value = digits(latin(box.value));
        box.setAttribute("aria-label", w("cell", {row: r + 1, column: c + 1}));
      }
    }
  }

  function status(text, bad) {
    $("status").textContent = text || "";
    $("status").classList.toggle("bad", !!bad);
  }

  function fill(grid) {
    for (var r = 0; r < ROWS; r++) {
      for (var c = 0; c < COLUMNS; c++) {
        var value = grid && grid[r] ? grid[r][c] : null;
        var box = cell(r, c);
        box.value = value === null || value === undefined ? "" : digits(value);
        box.classList.toggle("filled", box.value !== "");
        box.classList.remove("doubt", "broken");
      }
    }
  }

  function showDoubts(list) {
    doubts = {};
    var shown = $("doubts");
    shown.textContent = "";
    (list || []).forEach(function (d) {
      var key = d[0] + "," + d[1];
      doubts[key] = d[2] || [];
      cell(d[0], d[1]).classList.add("doubt");
      var item = document.createElement("li");
      var why = (d[2] || []).indexOf("reader") >= 0 ? "doubt_reader" : "doubt_order";
      item.textContent = w(why, {row: d[0] + 1, column: d[1] + 1});
      shown.appendChild(item);
    });
  }

  function showProblems(list) {
    var shown = $("problems");
    shown.textContent = "";
    (list || []).forEach(function (p) {
      var item = document.createElement("li");
      item.textContent = p.text;
      shown.appendChild(item);
      (p.cells || []).forEach(function (rc) { cell(rc[0], rc[1]).classList.add("broken"); });
    });
  }

  function openCard() {
    $("card-box").hidden = false;
    $("result").hidden = true;
  }

  function readPhoto(file) {
    if (!file || busy) { return; }
    busy = true;
    status(w("reading"));
    var url = "/api/card/read?code=" + encodeURIComponent(latin($("code").value.trim())) +
      "&lang=" + lang;
    fetch(url, {method: "POST", body: file,
                headers: {"Content-Type": file.type || "image/jpeg"}})
      .then(function (response) { return response.json(); })
      .then(function (found) {
        if (found.error) { status(found.error, true); return; }
        openCard();
        fill(found.grid);
        showDoubts(found.doubtful);
        showProblems(found.problems);
        var doubtful = (found.doubtful || []).length > 0;
        status(!found.holds ? w("broken") : doubtful ? w("holds") : w("holds_clear"),
               !found.holds);
      })
      .catch(function () { status(w("failed"), true); })
      .then(function () { busy = false; $("photo").value = ""; });
  }

  function grid() {
    var rows = [];
    for (var r = 0; r < ROWS; r++) {
      var row = [];
      for (var c = 0; c < COLUMNS; c++) {
        var text = latin(cell(r, c).value).trim();
        row.push(text === "" ? null : parseInt(text, 10));
      }
      rows.push(row);
    }
    return rows;
  }

  function register() {
    if (busy) { return; }
    busy = true;
    var doubtful = Object.keys(doubts).map(function (key) {
      return key.split(",").map(function (v) { return +v; });
    });
    var body = {code: latin($("code").value.trim()), lang: lang, grid: grid(),
                doubtful: doubtful, number: latin($("number").value.trim()),
                name: $("name").value};
    showProblems([]);
    fetch("/api/card", {method: "POST", body: JSON.stringify(body),
                        headers: {"Content-Type": "application/json"}})
      .then(function (response) { return response.json(); })
      .then(function (answer) {
        if (answer.error) {
          status(answer.error, true);
          showProblems(answer.problems);
          return;
        }
        status("");
        $("card-box").hidden = true;
        $("result").hidden = false;
        $("result-number").textContent = digits(answer.number);
        $("result-words").textContent = answer.words;
        $("result-hint").textContent = w("done_hint");
        document.body.dataset.registered = answer.number;
      })
      .catch(function () { status(w("failed"), true); })
      .then(function () { busy = false; });
  }

  function another() {
    fill(null);
    showDoubts([]);
    showProblems([]);
    $("number").value = "";
    $("result").hidden = true;
    $("card-box").hidden = true;
    delete document.body.dataset.registered;
    status("");
  }

  build();
  var given = new URLSearchParams(location.search).get("code");
  if (given) { $("code").value = given; }
  words();
  $("lang").addEventListener("click", function () { lang = lang === "fa" ? "en" : "fa"; words(); });
  $("photo").addEventListener("change", function () { readPhoto($("photo").files[0]); });
  $("type").addEventListener("click", function () { openCard(); fill(null); showDoubts([]); showProblems([]); cell(0, 0).focus(); });
  $("register").addEventListener("click", register);
  $("another").addEventListener("click", another);
}());
