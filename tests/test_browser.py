"""The built reference site in a real browser: Debian's Chromium, headless, driven over
the Chrome DevTools protocol, the site served on 127.0.0.1.

Skipped, with the reason, when /usr/bin/chromium is absent (`.ci/run` installs it:
`apt-get install chromium`) or the `websocket-client` package is missing.
"""

from __future__ import annotations

import functools
import http.server
import json
import subprocess
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from .test_site import build_rules_site

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

    def call(self, method: str, **params: Any) -> dict[str, Any]:
        self.counter += 1
        self.ws.send(json.dumps({"id": self.counter, "method": method, "params": params}))
        while True:
            message = json.loads(self.ws.recv())
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
    tab.goto(f"{served}/dei_old_london/vengeance_mode/rules/vengeance_cards/#{CARD}")
    card = tab.eval(f"{BLOCK}({CARD!r})")
    assert card["title"].startswith("Gathering")
    assert 0 <= card["top"] < card["viewport"] and card["height"] > 0, card
    assert "if you have at least 4 or more Scrappers in a Region." in card["text"]
    assert "Lose 3 Supplies." in card["text"]
    assert "Vengeance card" in card["text"]  # the kind it is an instance of


def test_a_glossary_link_leads_to_the_definition(served: str, tab: Tab) -> None:
    tab.goto(f"{served}/dei_old_london/purebred/")
    href = tab.eval("""(() => {
        const a = [...document.querySelectorAll("a.ludex-term")]
            .find(a => a.innerText.startsWith("Agent"));
        a.click();
        return a.href;
    })()""")
    assert href.endswith("/dei_old_london/glossary/#glossary-agent"), href
    tab.wait_for(f"location.href === {href!r} && document.readyState === 'complete'")
    term = tab.eval(f"{BLOCK}(location.hash.slice(1))")
    assert term["title"].startswith("Agent")
    assert "• Agent: Units controlled by the Purebred." in term["text"]
    assert 0 <= term["top"] < term["viewport"]


def test_search_finds_a_hero_by_name(served: str, tab: Tab) -> None:
    tab.goto(f"{served}/")
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
    assert any("/escalation/revolution/julie/" in href and "Julie Corvus" in text
               for href, text in hits), hits


def test_the_engine_api_page_documents_the_runtime(served: str, tab: Tab) -> None:
    """The runtime's reference as a reader opens it: an entry for each public name, and a
    method's signature, docstring and example under its heading."""
    import ludex.runtime

    tab.goto(f"{served}/engine-api/#api-Match-apply")
    apply = tab.eval(f"{BLOCK}('api-Match-apply')")
    assert apply["title"].startswith("Match.apply") and 0 <= apply["top"] < apply["viewport"]
    assert "Match.apply(action: Action | str) -> None" in apply["text"]
    assert "Take a legal action" in apply["text"]
    assert "did you mean turn.play.c=high#3?" in apply["text"]
    ids = tab.eval("[...document.querySelectorAll('h2[id^=api-]')].map(h => h.id)")
    assert sorted(ids) == sorted(f"api-{name}" for name in ludex.runtime.__all__)
