"""The browser tests' fixtures: a real `caylus serve` process on a free loopback port, and Debian's Chromium
driven by Playwright (`executable_path`: no browser is ever downloaded)."""

from __future__ import annotations

import shutil

import pytest
from playwright.sync_api import sync_playwright

from tests.server.servers import Server

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
# Flags for a sandbox without a network: no first-run, sync or component-update traffic, no GPU.
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-sync",
                 "--disable-background-networking", "--disable-component-update"]


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    where = tmp_path_factory.mktemp("serve")
    # The tests make tables and read states faster than a person does: the per-address limits out of the way.
    srv = Server(f"sqlite:///{where / 'caylus.db'}", where / "server.log", extra=(
        "--tables-per-minute", "1000", "--reads-per-second", "1000", "--bot-tables-per-client", "100")).start()
    yield srv
    srv.stop()


@pytest.fixture(scope="session")
def browser():
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield b
        b.close()


@pytest.fixture
def page(browser):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    pg = context.new_page()
    errors = []
    pg.on("pageerror", lambda exc: errors.append(str(exc)))
    pg.js_errors = errors
    yield pg
    context.close()
    assert not errors, f"JavaScript errors on the page: {errors}"
