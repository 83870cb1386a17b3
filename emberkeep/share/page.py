"""The page the players' phones open: one small HTML document, everything inline.

Its script renders the snapshot's JSON into the page with ``textContent`` only (no markup is
ever parsed from a name), then follows the server's event stream: each new snapshot is drawn
again. No file, font or script is fetched from anywhere; the Content-Security-Policy allows only
this page's own script and style (by their hashes) and the event stream to its own server.

It reads at 360 px wide and on a tablet, in the browser's light or dark scheme
(``prefers-color-scheme``), in ``rem`` so the phone's text size setting scales it.
"""

from __future__ import annotations

import base64
import hashlib
import html

__all__ = ["CSP", "page"]

_CSS = """
:root{color-scheme:light dark;--bg:#fbfaf7;--fg:#1c1b19;--muted:#57534c;--line:#d6d0c4;
--now:#fde9b0;--nowfg:#1c1b19;--down:#6f6a62;--link:#8a3b12;--bad:#9b1c1c}
@media (prefers-color-scheme:dark){:root{--bg:#151413;--fg:#eeece8;--muted:#b8b2a8;
--line:#3b3834;--now:#4d3b10;--nowfg:#fff7e0;--down:#a39e95;--link:#f2ad74;--bad:#ff9b9b}}
html{font-size:100%;-webkit-text-size-adjust:100%;text-size-adjust:100%}
@media (min-width:40rem){html{font-size:112.5%}}
body{margin:0;background:var(--bg);color:var(--fg);
font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;line-height:1.4}
main{max-width:48rem;margin:0 auto;padding:.5rem 1rem 2.5rem}
a{color:var(--link)}
.status{margin:0;padding:.3rem 1rem;font-size:.8rem;color:var(--muted);text-align:right}
.status.bad{color:var(--bad);font-weight:700;text-align:left}
h1{font-size:1.3rem;margin:.2rem 0;overflow-wrap:anywhere}
h2{font-size:1.05rem;margin:1.25rem 0 .35rem;color:var(--muted)}
.stage{margin:0;color:var(--muted)}
.turn{font-size:1.7rem;font-weight:700;margin:.6rem 0 0;overflow-wrap:anywhere}
.next{margin:.1rem 0 .8rem;color:var(--muted);overflow-wrap:anywhere}
ol,ul{list-style:none;margin:0;padding:0}
.order{border-top:1px solid var(--line)}
.order li{display:flex;flex-wrap:wrap;align-items:baseline;gap:.1rem .75rem;
padding:.55rem .5rem;border-bottom:1px solid var(--line)}
.order li.now{background:var(--now);color:var(--nowfg);font-weight:700}
.order li.now a{color:inherit}
.order li.down .name{text-decoration:line-through}
.order li.down{color:var(--down)}
.name{flex:1 1 9rem;font-size:1.15rem;overflow-wrap:anywhere}
.health{white-space:nowrap;font-variant-numeric:tabular-nums}
.side,.cond{flex-basis:100%;font-size:.9rem;color:var(--muted);overflow-wrap:anywhere}
.order li.now .side,.order li.now .cond{color:inherit}
.cond{font-weight:700}
.log li{padding:.3rem 0;border-bottom:1px solid var(--line);font-size:.95rem;
overflow-wrap:anywhere}
.sheets li{padding:.35rem 0}
.sheets a{font-size:1.1rem}
.numbers{display:grid;grid-template-columns:repeat(auto-fill,minmax(6.5rem,1fr));gap:.5rem;
margin:.6rem 0}
.numbers div{border:1px solid var(--line);border-radius:.4rem;padding:.35rem .5rem}
.numbers dt{font-size:.8rem;color:var(--muted)}
.numbers dd{margin:0;font-size:1.3rem;font-weight:700;font-variant-numeric:tabular-nums}
.lines li{padding:.2rem 0;overflow-wrap:anywhere}
.empty{color:var(--muted);font-style:italic}
""".strip()

_SCRIPT = """
"use strict";
(function () {
  var main = document.getElementById("main");
  var status = document.getElementById("status");
  var base = "/" + location.pathname.split("/")[1] + "/";
  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) { e.className = cls; }
    if (text !== undefined && text !== null) { e.textContent = text; }
    return e;
  }
  function link(href, text) {
    var a = el("a", null, text);
    a.href = href;
    return a;
  }
  function list(cls, items) {
    var ul = el("ul", cls);
    items.forEach(function (item) { ul.appendChild(el("li", null, item)); });
    return ul;
  }
  function table(d) {
    var box = document.createDocumentFragment();
    var f = d.fight;
    if (!f) {
      box.appendChild(el("h1", null, "No fight is shared right now"));
      box.appendChild(el("p", "stage", "The page follows the fight as soon as the GM shares one."));
    } else {
      document.title = f.title + " \\u2014 " + f.stage;
      box.appendChild(el("h1", "title", f.title));
      box.appendChild(el("p", "stage", f.stage));
      box.appendChild(el("p", "turn", f.acting ? f.acting + "\\u2019s turn" : "\\u00a0"));
      box.appendChild(el("p", "next", f.next ? "Next: " + f.next : "\\u00a0"));
      var ol = el("ol", "order");
      f.rows.forEach(function (r) {
        var li = el("li", (r.acting ? "now " : "") + (r.down ? "down" : ""));
        var name = el("span", "name");
        if (r.acting) { name.appendChild(el("span", "mark", "\\u25b6 ")); }
        if (r.sheet) { name.appendChild(link(base + "sheet/" + r.sheet, r.name)); }
        else { name.appendChild(document.createTextNode(r.name)); }
        li.appendChild(name);
        li.appendChild(el("span", "health", r.health));
        li.appendChild(el("span", "side", r.side));
        if (r.conditions) { li.appendChild(el("span", "cond", r.conditions)); }
        ol.appendChild(li);
      });
      box.appendChild(ol);
      if (f.log.length) {
        box.appendChild(el("h2", null, "Lately"));
        box.appendChild(list("log", f.log.slice().reverse()));
      }
    }
    if (d.sheets.length) {
      box.appendChild(el("h2", null, "Character sheets"));
      var ul = el("ul", "sheets");
      d.sheets.forEach(function (s) {
        var li = el("li");
        li.appendChild(link(base + "sheet/" + s.key, s.name));
        ul.appendChild(li);
      });
      box.appendChild(ul);
    }
    return box;
  }
  function sheet(d) {
    var box = document.createDocumentFragment();
    var back = el("p");
    back.appendChild(link(base, "\\u2190 The fight"));
    box.appendChild(back);
    var s = d.sheet;
    if (!s) {
      box.appendChild(el("h1", null, "This sheet is no longer shared"));
      return box;
    }
    document.title = s.name;
    box.appendChild(el("h1", "title", s.name));
    box.appendChild(el("p", "stage", s.subtitle));
    var dl = el("dl", "numbers");
    s.numbers.forEach(function (n) {
      var div = el("div");
      div.appendChild(el("dt", null, n[0]));
      div.appendChild(el("dd", null, n[1]));
      dl.appendChild(div);
    });
    box.appendChild(dl);
    s.sections.forEach(function (section) {
      box.appendChild(el("h2", null, section.title));
      box.appendChild(list("lines", section.lines));
    });
    return box;
  }
  function render(d) {
    main.replaceChildren(d.kind === "sheet" ? sheet(d) : table(d));
  }
  render(JSON.parse(document.getElementById("data").textContent));
  var events = new EventSource(location.pathname.replace(/\\/?$/, "/") + "events");
  events.onmessage = function (e) {
    status.className = "status";
    status.textContent = "Live";
    render(JSON.parse(e.data));
    document.body.setAttribute("data-version", e.lastEventId);
  };
  events.onopen = function () {
    status.className = "status";
    status.textContent = "Live";
  };
  events.onerror = function () {
    status.className = "status bad";
    status.textContent = "Not connected: the GM has stopped sharing or is out of reach. " +
      "Trying again\\u2026";
  };
}());
""".strip()


def _hash(text: str) -> str:
    digest = hashlib.sha256(text.encode("utf-8")).digest()
    return "'sha256-" + base64.b64encode(digest).decode("ascii") + "'"


CSP = ("default-src 'none'; "
       f"script-src {_hash(_SCRIPT)}; style-src {_hash(_CSS)}; connect-src 'self'; "
       "img-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'")


def _embedded(data: str) -> str:
    """JSON inside a ``<script type="application/json">``: no ``<`` can close the element."""
    return data.replace("&", "\\u0026").replace("<", "\\u003c").replace(">", "\\u003e")


def page(title: str, data: str) -> bytes:
    """The page with its first snapshot (``data``, JSON) in it; the stream brings the rest."""
    return (
        '<!doctype html>\n<html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        '<meta name="color-scheme" content="light dark">'
        '<meta name="referrer" content="no-referrer">'
        f"<title>{html.escape(title)}</title><style>{_CSS}</style></head><body>"
        '<p id="status" class="status">Connecting…</p><main id="main"></main>'
        "<noscript><p>This page needs JavaScript to follow the fight.</p></noscript>"
        f'<script id="data" type="application/json">{_embedded(data)}</script>'
        f"<script>{_SCRIPT}</script></body></html>\n").encode()
