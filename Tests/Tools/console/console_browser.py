#!/usr/bin/env python3
"""Drives the operator console in headless Chromium (Playwright) against a running `parlor serve`.

Usage: console_browser.py SPEC_JSON
SPEC_JSON: {"base": "http://127.0.0.1:PORT", "chromium": PATH, "out": DIR,
            "admin": {"login", "password"}, "moderator": {"login", "password"},
            "scenarios": ["security", ...] or null for every scenario_*.py here}

Each scenario is `scenario_<name>.py` beside this file with `run(ctx)`. Every page a scenario opens
is checked for a status, validated as HTML (html.parser: no unclosed or mismatched tags) and
screenshotted. Prints each screenshot's path; exits 1 with every failed check on stderr.
"""
import importlib.util
import json
import os
import re
import sys
import time
import traceback
import urllib.error
import urllib.request
from html.parser import HTMLParser

from playwright.sync_api import sync_playwright

HERE = os.path.dirname(os.path.abspath(__file__))
VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}
# Elements whose end tag HTML lets a document leave out; the console always closes them, so they
# are checked like any other.


# What scenarios share: the admin's bearer token and each role's signed-in browser state.
SHARED = {}


class TagBalance(HTMLParser):
    """Checks that every element the page opens is closed, in order."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.stack = []
        self.problems = []
        self.doctype = False

    def handle_decl(self, decl):
        if decl.lower() == "doctype html":
            self.doctype = True

    def handle_starttag(self, tag, attrs):
        if tag not in VOID:
            self.stack.append((tag, self.getpos()))
        names = [name for name, _ in attrs]
        if len(names) != len(set(names)):
            self.problems.append(f"<{tag}> at line {self.getpos()[0]} repeats an attribute")
        for name, _ in attrs:
            if name == "style" or name.startswith("on"):
                self.problems.append(f"<{tag}> at line {self.getpos()[0]} has a {name} attribute (the CSP forbids it)")

    def handle_startendtag(self, tag, attrs):
        pass  # <path/> in SVG, <br/>: opened and closed at once

    def handle_endtag(self, tag):
        if tag in VOID:
            return
        if not self.stack:
            self.problems.append(f"</{tag}> at line {self.getpos()[0]} closes nothing")
            return
        open_tag, where = self.stack[-1]
        if open_tag != tag:
            self.problems.append(f"</{tag}> at line {self.getpos()[0]} closes <{open_tag}> opened at line {where[0]}")
            # Recover: pop to the matching tag if there is one.
            for index in range(len(self.stack) - 1, -1, -1):
                if self.stack[index][0] == tag:
                    del self.stack[index:]
                    break
            return
        self.stack.pop()


def html_problems(text):
    checker = TagBalance()
    checker.feed(text)
    checker.close()
    problems = list(checker.problems)
    if not checker.doctype:
        problems.append("no <!DOCTYPE html>")
    for tag, where in checker.stack:
        problems.append(f"<{tag}> opened at line {where[0]} is never closed")
    return problems


class Context:
    def __init__(self, spec, browser, scenario):
        self.spec = spec
        self.base = spec["base"]
        self.browser = browser
        self.scenario = scenario
        self.failures = []
        self.shots = []
        self.contexts = []
        self._counter = 0
        self.admin_token = SHARED.get("admin_token") or self._bearer(spec["admin"])
        SHARED["admin_token"] = self.admin_token
        self.page = self.session("admin")

    # Pages

    def session(self, role, fresh=False):
        """A new browser context signed in to the console as `role` ('admin' or 'moderator').

        Scenarios share one signed-in session per role (sign-in is rate limited per account, as
        for any client); `fresh` signs in anew, for a scenario that ends its session."""
        state = None if fresh else SHARED.get(f"state:{role}")
        context = self.browser.new_context(viewport={"width": 1280, "height": 860}, storage_state=state)
        self.contexts.append(context)
        page = context.new_page()
        page.on("dialog", lambda dialog: dialog.accept())
        if state is not None:
            return page
        credentials = self.spec[role]
        page.goto(self.base + "/console/sign-in")
        page.fill("input[name=login]", credentials["login"])
        page.fill("input[name=password]", credentials["password"])
        with page.expect_navigation():
            page.click("form[action='/console/sign-in'] button[type=submit]")
        if not page.url.rstrip("/").endswith("/console"):
            self.fail(f"signing in as {role} ended at {page.url}: {page.inner_text('body')[:300]}")
        elif not fresh:
            SHARED[f"state:{role}"] = context.storage_state()
        return page

    def open(self, path, status=200, page=None):
        """Opens `path`, checks its status and HTML, takes a screenshot; the visible text."""
        page = page or self.page
        response = page.goto(self.base + path)
        return self._arrived(page, response, path, status)

    def submit(self, selector, status=200, page=None):
        """Clicks the submit button `selector` and waits for the page it leads to; its visible text."""
        page = page or self.page
        with page.expect_navigation() as navigation:
            page.click(selector)
        response = navigation.value
        return self._arrived(page, response, f"after {selector}", status)

    def _arrived(self, page, response, label, status):
        if response is None:
            self.fail(f"{label}: no response")
            return ""
        if status is not None and response.status != status:
            self.fail(f"{label}: status {response.status}, expected {status}; it shows {page.inner_text('body')[:300]!r}")
        if "text/html" in (response.headers.get("content-type") or ""):
            for problem in html_problems(response.text()):
                self.fail(f"{label} ({page.url}): HTML: {problem}")
            policy = response.headers.get("content-security-policy") or ""
            if "default-src 'none'" not in policy:
                self.fail(f"{label}: no strict Content-Security-Policy ({policy!r})")
        self.shot(label, page=page)
        return page.inner_text("body")

    def shot(self, name, page=None):
        page = page or self.page
        self._counter += 1
        slug = re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")[:60] or "page"
        path = os.path.join(self.spec["out"], f"{self.scenario}-{self._counter:02d}-{slug}.png")
        page.screenshot(path=path, full_page=True)
        self.shots.append(path)
        print(path, flush=True)
        return path

    # HTTP to the API

    def api(self, method, path, token=None, body=None, headers=None):
        """A plain HTTP call; (status, parsed JSON or None)."""
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.base + path, data=data, method=method)
        if body is not None:
            request.add_header("Content-Type", "application/json")
        if token:
            request.add_header("Authorization", f"Bearer {token}")
        for name, value in (headers or {}).items():
            request.add_header(name, value)
        try:
            with urllib.request.urlopen(request, timeout=30) as response:
                status, raw = response.status, response.read()
        except urllib.error.HTTPError as error:
            status, raw = error.code, error.read()
        try:
            return status, json.loads(raw) if raw else None
        except ValueError:
            return status, None

    def _bearer(self, credentials):
        status, reply = self.api("POST", "/auth/login", body={"login": credentials["login"], "password": credentials["password"]})
        if status != 200:
            raise RuntimeError(f"the admin cannot sign in to the API: {status} {reply}")
        return reply["access_token"]

    def player(self, display_name=None):
        """A new registered player: dict(id, token, username, password)."""
        username = f"p{int(time.time() * 1000) % 10**9}{len(self.shots)}{self._counter}"[:24]
        password = "a player password 9"
        body = {"username": username, "password": password}
        if display_name is not None:
            body["display_name"] = display_name
        status, reply = self.api("POST", "/auth/register", body=body)
        if status not in (200, 201):
            raise RuntimeError(f"registering a player failed: {status} {reply}")
        time.sleep(0.002)
        return {"id": reply["user"]["id"], "token": reply["access_token"], "username": username, "password": password}

    # Checks

    def expect(self, condition, message):
        if not condition:
            self.fail(message)

    def fail(self, message):
        self.failures.append(f"{self.scenario}: {message}")

    def close(self):
        for context in self.contexts:
            context.close()


def load(name):
    path = os.path.join(HERE, f"scenario_{name}.py")
    spec = importlib.util.spec_from_file_location(f"scenario_{name}", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def main():
    spec = json.loads(sys.argv[1])
    names = spec.get("scenarios") or sorted(
        file[len("scenario_"):-3] for file in os.listdir(HERE) if file.startswith("scenario_") and file.endswith(".py"))
    failures = []
    arguments = ["--no-sandbox"] if os.geteuid() == 0 else []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=spec["chromium"], args=arguments)
        try:
            for name in names:
                started = time.monotonic()
                context = None
                try:
                    context = Context(spec, browser, name)
                    load(name).run(context)
                except Exception:
                    failures.append(f"{name}: raised\n{traceback.format_exc()}")
                finally:
                    if context is not None:
                        failures.extend(context.failures)
                        context.close()
                print(f"scenario {name}: {time.monotonic() - started:.1f} s", file=sys.stderr, flush=True)
        finally:
            browser.close()
    if failures:
        print("\n".join(failures), file=sys.stderr)
        sys.exit(1)


if __name__ == "__main__":
    main()
