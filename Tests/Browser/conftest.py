"""The browser suite's fixtures: a real `validate serve` on an ephemeral loopback port and
headless Chromium from Debian driven by Playwright (never Playwright's own browser download).

Environment:
  VALIDATE_BIN      the validate executable (default: .build/debug/validate)
  CHROMIUM          the browser (default: /usr/bin/chromium)
  BROWSER_RESULTS   a file that receives "PASSED FAILED" when the run ends (scripts/test.sh reads it)
  FORMRULES_BASE    use a server that is already running instead of starting one (development)
"""

import json
import os
import re
import signal
import socket
import subprocess
import time
import urllib.request
from pathlib import Path

import pytest
from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[2]
VALIDATE = os.environ.get("VALIDATE_BIN", str(ROOT / ".build" / "debug" / "validate"))
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_ready(base, process, log, deadline=30.0):
    end = time.monotonic() + deadline
    while time.monotonic() < end:
        if process is not None and process.poll() is not None:
            raise RuntimeError(f"validate serve exited with {process.returncode}:\n{log.read_text()}")
        try:
            with urllib.request.urlopen(f"{base}/readyz", timeout=1) as response:
                if response.status == 200:
                    return
        except OSError:
            pass
        time.sleep(0.1)
    raise RuntimeError(f"validate serve did not become ready at {base}:\n{log.read_text()}")


@pytest.fixture(scope="session")
def server(tmp_path_factory):
    """Starts `validate serve --rules Rules` on 127.0.0.1 and a free port; yields its base URL."""
    if os.environ.get("FORMRULES_BASE"):
        yield os.environ["FORMRULES_BASE"].rstrip("/")
        return
    log = tmp_path_factory.mktemp("serve") / "serve.log"
    for attempt in range(3):
        port = free_port()
        base = f"http://127.0.0.1:{port}"
        with open(log, "wb") as sink:
            process = subprocess.Popen(
                [VALIDATE, "serve", "--rules", "Rules", "--web", "Web", "--listen", f"127.0.0.1:{port}"],
                cwd=ROOT, stdout=sink, stderr=sink, stdin=subprocess.DEVNULL,
            )
        try:
            wait_ready(base, process, log)
            break
        except RuntimeError:
            process.kill()
            process.wait()
            if attempt == 2:
                raise
    try:
        yield base
    finally:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
        # The access log must never hold a value typed in the browser.
        text = log.read_text(errors="replace")
        for secret in SECRETS:
            assert secret not in text, f"a typed value appeared in the server log: {secret!r}"


# Every password the tests type; none may appear in the server's log or in a URL.
SECRETS = [
    "abc12", "wrong-pass-1", "demo-pass-2024", "kq7#mzxp", "8302951746", "correct horse", "hunter22", "s3cret-pw",
    "abcabcabcabcabcabc",
]


@pytest.fixture(scope="session")
def playwright_instance():
    with sync_playwright() as p:
        yield p


@pytest.fixture(scope="session")
def browser(playwright_instance):
    browser = playwright_instance.chromium.launch(
        executable_path=CHROMIUM, headless=True, args=["--no-sandbox", "--disable-dev-shm-usage"]
    )
    yield browser
    browser.close()


class Requests:
    """Every request a page made, to check that values stay on our own origin and out of URLs."""

    def __init__(self):
        self.urls = []

    def __call__(self, request):
        self.urls.append(request.url)


def open_context(browser, server, reduced_motion="no-preference", locale="ja-JP"):
    context = browser.new_context(
        base_url=server, reduced_motion=reduced_motion, locale=locale,
        viewport={"width": 560, "height": 900}, device_scale_factor=1,
    )
    context.set_default_timeout(10_000)
    return context


@pytest.fixture
def context(browser, server):
    context = open_context(browser, server)
    yield context
    context.close()


@pytest.fixture
def reduced_context(browser, server):
    context = open_context(browser, server, reduced_motion="reduce")
    yield context
    context.close()


def watch(page):
    """Records JavaScript errors and console errors (a CSP violation, a failed resource load
    are console errors in Chromium). A test that provokes one on purpose (a 401 from the demo
    login, a server that is down) lists what it expects with `page.expect_console(pattern)`."""
    errors = []
    console = []
    page.expected_console = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("console", lambda message: console.append(message.text) if message.type == "error" else None)
    page.expect_console = lambda pattern: page.expected_console.append(re.compile(pattern))

    def check():
        assert not errors, f"JavaScript errors on the page: {errors}"
        unexpected = [text for text in console if not any(p.search(text) for p in page.expected_console)]
        assert not unexpected, f"console errors on the page: {unexpected}"

    return check


@pytest.fixture
def page(context, server):
    page = context.new_page()
    requests = Requests()
    page.on("request", requests)
    check = watch(page)
    page.requests = requests
    yield page
    check()
    for url in requests.urls:
        assert url.startswith(server + "/"), f"a request left our origin: {url}"
        for secret in SECRETS:
            assert secret not in url and secret.replace(" ", "+") not in url, f"a value in a URL: {url}"


class Counter:
    def __init__(self):
        self.passed = 0
        self.failed = 0


COUNTS = Counter()


def pytest_runtest_logreport(report):
    if report.when == "call" and report.passed:
        COUNTS.passed += 1
    elif report.failed:
        COUNTS.failed += 1


def pytest_sessionfinish(session, exitstatus):
    # Under pytest-xdist the workers' reports also reach the controller's logreport hook; only the
    # controller (no `workerinput`) writes the counts.
    target = os.environ.get("BROWSER_RESULTS")
    if target and not hasattr(session.config, "workerinput"):
        failed = COUNTS.failed
        if exitstatus not in (0, 1) and failed == 0:
            failed = 1  # collection or fixture trouble counts as a failure
        Path(target).write_text(f"{COUNTS.passed} {failed}\n")


def wait_until(page, expression, timeout=10.0):
    """Polls `expression` with page.evaluate until it is truthy. (Playwright's wait_for_function
    evaluates its predicate from a string, which the pages' Content-Security-Policy forbids.)"""
    end = time.monotonic() + timeout
    while True:
        if page.evaluate(expression):
            return
        if time.monotonic() > end:
            raise AssertionError(f"timed out waiting for {expression}")
        time.sleep(0.02)


def js_json(page, expression):
    return json.loads(page.evaluate(f"JSON.stringify({expression})"))
