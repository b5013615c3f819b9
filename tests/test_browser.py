"""The built reference site in a real browser: Debian's Chromium, headless, driven over
the Chrome DevTools protocol. Ludex's own site is served on 127.0.0.1; a game's site as
its community publishes it (`test_site_publish.publish`: `ludex init`, a logo and a name
in `ludex.toml`, a strict build) is opened from disk (`file://`) with the network off,
and over HTTP, in a desktop window and in a phone-sized one. Every request the browser
makes is recorded: none may leave the machine, and no page may log an error.

Screenshots of the home page, a card page and a procedure page are kept as artifacts in
ARTIFACTS (`$LUDEX_ARTIFACTS`, else `ludex-artifacts/site` in the system's temporary
folder), named by how the site was opened.

Skipped, with the reason, when /usr/bin/chromium is absent (`.ci/run` installs it:
`apt-get install chromium`) or the `websocket-client` package is missing.
"""

from __future__ import annotations

import functools
import http.server
import json
import os
import subprocess
import tempfile
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from .test_site import build_rules_site
from .test_site_publish import ZENSICAL, publish

ARTIFACTS = Path(os.environ.get("LUDEX_ARTIFACTS") or
                 Path(tempfile.gettempdir()) / "ludex-artifacts" / "site")

CHROMIUM = Path("/usr/bin/chromium")
FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
         "--disable-component-update", "--disable-sync", "--no-first-run",
         "--window-size=1280,900", "--remote-debugging-port=0")

pytestmark = pytest.mark.skipif(
    not CHROMIUM.exists(),
    reason="browser tests need Debian's Chromium at /usr/bin/chromium "
           "(`apt-get install chromium`, as .ci/run does); skipped")


class Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        pass


class Tab:
    """One browser tab over the DevTools protocol: navigate, evaluate, screenshot."""

    def __init__(self, ws_url: str) -> None:
        import websocket

        self.ws = websocket.create_connection(ws_url, timeout=30, suppress_origin=True)
        self.counter = 0
        self.events: list[dict[str, Any]] = []  # what the browser told, between calls

    def call(self, method: str, **params: Any) -> dict[str, Any]:
        self.counter += 1
        self.ws.send(json.dumps({"id": self.counter, "method": method, "params": params}))
        while True:
            message = json.loads(self.ws.recv())
            if "method" in message:
                self.events.append(message)
            if message.get("id") == self.counter:
                if "error" in message:
                    raise RuntimeError(f"{method}: {message['error']}")
                result: dict[str, Any] = message["result"]
                return result

    def eval(self, expression: str) -> Any:
        result = self.call("Runtime.evaluate", expression=expression, returnByValue=True,
                           awaitPromise=True)
        if "exceptionDetails" in result:
            raise RuntimeError(f"{expression}: {result['exceptionDetails']}")
        return result["result"].get("value")

    def wait_for(self, expression: str, timeout: float = 20.0) -> Any:
        deadline = time.monotonic() + timeout
        problem = ""
        while time.monotonic() < deadline:
            try:
                value = self.eval(expression)
            except RuntimeError as err:  # the page is between two documents
                problem = f" (last error: {err})"
                value = None
            if value:
                return value
            time.sleep(0.1)
        raise AssertionError(f"timed out waiting for: {expression}{problem}")

    def goto(self, url: str) -> None:
        self.call("Page.navigate", url=url)
        self.wait_for(f"document.readyState === 'complete' && location.href === {url!r}")

    def screenshot(self, path: Path) -> None:
        import base64

        data = self.call("Page.captureScreenshot", format="png")["data"]
        path.write_bytes(base64.b64decode(data))


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    html = build_rules_site(tmp_path_factory.mktemp("site"))
    handler = functools.partial(Quiet, directory=str(html))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="module")
def tab(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Tab]:
    pytest.importorskip("websocket", reason="the browser tests drive Chromium with the "
                        "websocket-client package, which is not installed; skipped")
    profile = tmp_path_factory.mktemp("chromium-profile")
    browser = subprocess.Popen([str(CHROMIUM), *FLAGS, f"--user-data-dir={profile}",
                                "about:blank"], stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL)
    try:
        port_file = profile / "DevToolsActivePort"
        deadline = time.monotonic() + 30
        while not port_file.exists() or not port_file.read_text().strip():
            if time.monotonic() > deadline or browser.poll() is not None:
                raise RuntimeError("Chromium did not start its DevTools endpoint")
            time.sleep(0.1)
        port = port_file.read_text().split()[0]
        from urllib.request import urlopen

        with urlopen(f"http://127.0.0.1:{port}/json/list") as answer:
            pages = [t for t in json.load(answer) if t["type"] == "page"]
        current = Tab(pages[0]["webSocketDebuggerUrl"])
        yield current
        current.ws.close()
    finally:
        browser.terminate()
        browser.wait(timeout=30)


CARD = "vengeance_mode-rules-vengeance_cards-gathering"
# what a declaration's heading and everything up to the next heading of its level show
BLOCK = """(id => {
    const h = document.getElementById(id);
    let text = "", e = h.nextElementSibling;
    while (e && !(/^H[1-6]$/.test(e.tagName) && e.tagName <= h.tagName)) {
        text += e.innerText + "\\n"; e = e.nextElementSibling;
    }
    const box = h.getBoundingClientRect();
    return {title: h.innerText, text, top: box.top, height: box.height, viewport: innerHeight};
})"""


def test_a_card_page_shows_its_card(served: str, tab: Tab) -> None:
    tab.goto(f"{served}/dei_old_london/vengeance_mode/rules/vengeance_cards.html#{CARD}")
    card = tab.eval(f"{BLOCK}({CARD!r})")
    assert card["title"].startswith("Gathering")
    assert 0 <= card["top"] < card["viewport"] and card["height"] > 0, card
    assert "if you have at least 4 or more Scrappers in a Region." in card["text"]
    assert "Lose 3 Supplies." in card["text"]
    assert "Vengeance card" in card["text"]  # the kind it is an instance of


def test_a_glossary_link_leads_to_the_definition(served: str, tab: Tab) -> None:
    tab.goto(f"{served}/dei_old_london/purebred/index.html")
    href = tab.eval("""(() => {
        const a = [...document.querySelectorAll("a.ludex-term")]
            .find(a => a.innerText.startsWith("Agent"));
        a.click();
        return a.href;
    })()""")
    assert href.endswith("/dei_old_london/glossary.html#glossary-agent"), href
    tab.wait_for(f"location.href === {href!r} && document.readyState === 'complete'")
    term = tab.eval(f"{BLOCK}(location.hash.slice(1))")
    assert term["title"].startswith("Agent")
    assert "Agent: Units controlled by the Purebred." in term["text"]  # a list item of the book
    assert 0 <= term["top"] < term["viewport"]


def test_search_finds_a_hero_by_name(served: str, tab: Tab) -> None:
    tab.goto(f"{served}/index.html")
    tab.eval("""(() => {
        const input = document.querySelector("[data-md-component=search-query]");
        input.focus();
        input.value = "Julie Corvus";
        input.dispatchEvent(new KeyboardEvent("keyup", {key: "s"}));
    })()""")
    hits = tab.wait_for("""(() => {
        const items = [...document.querySelectorAll(".md-search-result__item a")];
        return items.length ? items.map(a => [a.href, a.innerText]) : null;
    })()""")
    assert any("/escalation/revolution/julie/index.html" in href and "Julie Corvus" in text
               for href, text in hits), hits


def test_the_engine_api_page_documents_the_runtime(served: str, tab: Tab) -> None:
    """The runtime's reference as a reader opens it: an entry for each public name, and a
    method's signature, docstring and example under its heading."""
    import ludex.runtime

    tab.goto(f"{served}/engine-api.html#api-Match-apply")
    apply = tab.eval(f"{BLOCK}('api-Match-apply')")
    assert apply["title"].startswith("Match.apply") and 0 <= apply["top"] < apply["viewport"]
    assert "Match.apply(action: Action | str) -> None" in apply["text"]
    assert "Take a legal action" in apply["text"]
    assert "did you mean turn.play.c=high#3?" in apply["text"]
    ids = tab.eval("[...document.querySelectorAll('h2[id^=api-]')].map(h => h.id)")
    assert sorted(ids) == sorted(f"api-{name}" for name in ludex.runtime.__all__)


# ---------------------------------------------------------------- a game's site, published

VIEWS = {"desktop": (1280, 900, False), "phone": (390, 844, True)}


@pytest.fixture(scope="module")
def published(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return publish(tmp_path_factory.mktemp("publisher"))


@pytest.fixture(scope="module")
def published_zensical(tmp_path_factory: pytest.TempPathFactory) -> Path:
    if ZENSICAL is None:
        pytest.skip("Zensical is not installed (a dev dependency); skipped")
    return publish(tmp_path_factory.mktemp("publisher-zensical"), "zensical")


@pytest.fixture(scope="module")
def published_http(published: Path) -> Iterator[str]:
    handler = functools.partial(Quiet, directory=str(published))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


@pytest.fixture(params=[("file", "desktop"), ("file", "phone"), ("http", "desktop"),
                        ("zensical", "desktop")], ids=lambda p: f"{p[0]}-{p[1]}")
def opened(request: pytest.FixtureRequest, tab: Tab) -> Iterator[tuple[str, str]]:
    """The published site's root URL, opened from disk with the network off (as MkDocs
    or Zensical built it) or over HTTP, in a window of the size asked; the tab records
    every request and console message."""
    how, view = request.param
    published: Path = request.getfixturevalue(
        "published_zensical" if how == "zensical" else "published")
    width, height, mobile = VIEWS[view]
    tab.call("Network.enable")
    tab.call("Runtime.enable")
    tab.call("Log.enable")
    tab.call("Emulation.setDeviceMetricsOverride", width=width, height=height,
             deviceScaleFactor=1, mobile=mobile)
    if how in ("file", "zensical"):  # unplugged: any request to a network fails at once
        tab.call("Network.emulateNetworkConditions", offline=True, latency=0,
                 downloadThroughput=-1, uploadThroughput=-1)
        root = published.as_uri()
    else:
        root = request.getfixturevalue("published_http")
    tab.events.clear()
    yield root, f"{how}-{view}"
    tab.call("Network.emulateNetworkConditions", offline=False, latency=0,
             downloadThroughput=-1, uploadThroughput=-1)
    tab.call("Emulation.clearDeviceMetricsOverride")


def search(tab: Tab, text: str) -> None:
    """Open the search as a reader does (from disk, the theme loads the index only then)
    and type `text`."""
    tab.eval(f"""(() => {{
        const toggle = document.querySelector("[data-md-toggle=search]");
        toggle.checked = true;
        toggle.dispatchEvent(new Event("change"));
        const input = document.querySelector("[data-md-component=search-query]");
        input.focus();
        input.value = {json.dumps(text)};
        input.dispatchEvent(new KeyboardEvent("keyup", {{key: "a"}}));
    }})()""")


def left_the_machine(tab: Tab) -> list[str]:
    """Every URL the browser asked for that is neither a file nor on 127.0.0.1."""
    urls = [e["params"]["request"]["url"] for e in tab.events
            if e["method"] == "Network.requestWillBeSent"]
    return [u for u in urls if not u.startswith(("file://", "http://127.0.0.1:", "data:",
                                                  "blob:", "about:"))]


def errors_logged(tab: Tab) -> list[str]:
    found = []
    for e in tab.events:
        params = e.get("params", {})
        if e["method"] == "Runtime.exceptionThrown":
            found.append(json.dumps(params["exceptionDetails"])[:300])
        elif e["method"] == "Runtime.consoleAPICalled" and params.get("type") == "error":
            found.append(json.dumps(params.get("args"))[:300])
        elif e["method"] == "Log.entryAdded" and params["entry"]["level"] == "error":
            found.append(f"{params['entry'].get('url', '')}: {params['entry']['text']}")
    return found


def shadow_svgs(tab: Tab) -> int:
    """How many SVG charts the theme drew for Mermaid blocks (in closed shadow roots,
    which only the DevTools protocol can pierce)."""
    root = tab.call("DOM.getDocument", depth=-1, pierce=True)["root"]
    count = 0

    def walk(node: dict[str, Any], in_chart: bool) -> None:
        nonlocal count
        attrs = node.get("attributes", [])
        chart = in_chart or ("class" in attrs[::2] and "mermaid" in attrs[
            attrs[::2].index("class") * 2 + 1].split())
        if chart and node.get("nodeName", "").lower() == "svg":
            count += 1
        for child in node.get("children", []) + node.get("shadowRoots", []):
            walk(child, chart)

    walk(root, False)
    return count


def test_the_published_site_works_anywhere(tab: Tab, opened: tuple[str, str]) -> None:
    """Home, search, a card, the glossary, a procedure's chart: all from the site itself,
    nothing fetched from another host, no error logged."""
    root, name = opened
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    tab.goto(f"{root}/index.html")
    assert tab.eval("document.title") in ("Mygame: the rules", "Home - Mygame: the rules")
    assert tab.eval("document.querySelector('.md-logo img').naturalWidth") > 0  # the logo
    tab.screenshot(ARTIFACTS / f"{name}-home.png")

    if not name.startswith("zensical"):  # Zensical's new search dialog: not driven here
        search(tab, "Ada")
        hit = tab.wait_for("""(() => {
            const a = [...document.querySelectorAll(".md-search-result__list a")]
                .find(a => /[/]mygame[/]index[.]html[?]h=ada#ada$/.test(a.href));
            return a ? a.textContent : null;
        })()""")
        assert hit.startswith("Ada") and "Max. Danger 9" in hit, hit

    tab.goto(f"{root}/mygame/index.html#ada")
    card = tab.eval(f"{BLOCK}('ada')")
    assert card["title"].startswith("Ada") and "Max. Danger" in card["text"], card
    assert tab.eval("[...document.querySelectorAll('img.ludex-card-image')]"
                    ".every(i => i.complete && i.naturalWidth > 0)")
    tab.screenshot(ARTIFACTS / f"{name}-card.png")

    tab.goto(f"{root}/mygame/card-gallery.html")
    shown = """(words => {
        const input = document.querySelector(".ludex-filterable input.ludex-filter");
        input.value = words;
        input.dispatchEvent(new Event("input"));
        return [...document.querySelectorAll(".ludex-filterable tbody tr")]
            .filter(r => !r.hidden).map(r => r.cells[0].innerText);
    })"""
    assert tab.wait_for("document.querySelector('input.ludex-filter') !== null")
    assert tab.eval(f"{shown}('nobody')") == []
    assert tab.eval(f"{shown}('ada 9')") == ["Ada"]

    tab.goto(f"{root}/mygame/index.html#turn")
    href = tab.eval("""(() => {
        const a = [...document.querySelectorAll("a.ludex-term")]
            .find(a => a.innerText.startsWith("Danger"));
        a.click();
        return a.href;
    })()""")
    assert href.endswith("/mygame/words.html#words-danger_term"), href
    tab.wait_for(f"location.href === {href!r} && document.readyState === 'complete'")
    term = tab.eval(f"{BLOCK}(location.hash.slice(1))")
    assert term["title"].startswith("Danger") and 0 <= term["top"] < term["viewport"], term

    tab.goto(f"{root}/mygame/index.html#turn")
    tab.wait_for("!document.querySelector('pre.mermaid')")  # each chart replaced, drawn
    assert shadow_svgs(tab) == 1
    tab.eval("document.getElementById('turn').scrollIntoView()")
    tab.screenshot(ARTIFACTS / f"{name}-procedure.png")

    assert left_the_machine(tab) == []
    assert errors_logged(tab) == []
