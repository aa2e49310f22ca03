"""Screenshots of each edition's browser board, at desktop, tablet and phone size, for docs/screenshots/ and the
README.

    .venv/bin/python scripts/screenshots.py [OUT_DIR]   # needs the web extra, playwright and Debian's chromium

Starts `caylus serve` on a free loopback port with a throw-away database, creates a table per edition (you
against random bots), plays a few moves by clicking so that the board has something on it, and shoots it.
"""

from __future__ import annotations

import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx
from playwright.sync_api import sync_playwright

OUT = Path(__file__).resolve().parent.parent / "docs" / "screenshots"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-sync",
        "--disable-background-networking", "--disable-component-update"]
SETUPS = {"caylus": (4, 12), "caylus-1303": (4, 14), "magna-carta": (3, 10)}  # players, moves to play first
SIZES = {"desktop": (1400, 900), "tablet": (820, 1180), "phone": (390, 844)}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def my_move(page) -> bool:
    page.wait_for_function("() => { const b = document.getElementById('turn-banner');"
                           " return b && (b.classList.contains('mine') || b.textContent.includes('over')); }")
    # The buildings' words (and so their glyphs) for the state on show have arrived: the picture is complete.
    page.wait_for_function("() => document.querySelector('.board-box').dataset.notesVersion"
                           " === document.getElementById('turn-banner').dataset.version")
    return "over" not in page.inner_text("#turn-banner")


def click_a_move(page) -> None:
    version = page.get_attribute("#turn-banner", "data-version")
    for selector in ("dialog[open] [data-action]", "svg.board [data-action]", ".actions > .moves [data-action]"):
        if page.locator(selector).count():
            page.locator(selector).first.click()
            break
    else:
        folded = page.locator(".actions details:not([open]) summary")
        if folded.count():
            folded.first.click()
        page.locator(".actions [data-action]").first.click()
    page.wait_for_function("v => document.getElementById('turn-banner').dataset.version !== v", arg=version)


def main(argv: list[str]) -> int:
    out = Path(argv[0]) if argv else OUT
    out.mkdir(parents=True, exist_ok=True)
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    with tempfile.TemporaryDirectory() as tmp:
        server = subprocess.Popen([sys.executable, "-m", "caylus.cli", "serve", "--port", str(port),
                                   "--db", f"sqlite:///{tmp}/shots.db"], stdout=subprocess.DEVNULL,
                                  stderr=subprocess.DEVNULL)
        try:
            for _ in range(100):
                try:
                    httpx.get(url + "/api/tables", timeout=1)
                    break
                except httpx.HTTPError:
                    time.sleep(0.1)
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
                for edition, (players, moves) in SETUPS.items():
                    spec = {"edition": edition, "players": players, "options": {},
                            "seats": ["human"] + ["random"] * (players - 1)}
                    if edition != "magna-carta":  # a person's Magna Carta table takes no chosen seed
                        spec["seed"] = 11
                    table = httpx.post(url + "/api/tables", json=spec).json()
                    link = f"{url}/?table={table['id']}&token={table['seats'][0]['token']}"
                    page = browser.new_page(viewport=dict(zip(("width", "height"), SIZES["desktop"])))
                    page.goto(link)
                    for _ in range(moves):
                        if not my_move(page):
                            break
                        click_a_move(page)
                    my_move(page)
                    page.screenshot(path=out / f"{edition}-desktop.png")
                    for size in ("tablet", "phone"):
                        width, height = SIZES[size]
                        small = browser.new_page(viewport={"width": width, "height": height}, is_mobile=True,
                                                 has_touch=True)
                        small.goto(link)
                        my_move(small)
                        small.screenshot(path=out / f"{edition}-{size}.png")
                        small.close()
                    print(f"{edition}: {out}/{edition}-desktop.png, -tablet.png, -phone.png")
                browser.close()
        finally:
            server.terminate()
            server.wait(10)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
