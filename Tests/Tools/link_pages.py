#!/usr/bin/env python3
"""Opens Parlor's link pages in Chromium with JavaScript off, as a person without the app would,
checks what the page shows, and saves a screenshot of each page at a phone's and a laptop's width.

Usage: link_pages.py SPEC_JSON
SPEC_JSON: {"base": "http://127.0.0.1:PORT", "chromium": PATH, "out": DIR,
            "pages": [{"name", "path", "status", "texts": [...], "open": URL or null,
                       "frames": N or null}]}
Prints each screenshot's path; exits 1 with every failed check on stderr.
"""
import json
import os
import sys

from playwright.sync_api import sync_playwright

VIEWPORTS = [("phone", {"width": 375, "height": 812}), ("laptop", {"width": 1280, "height": 800})]


def check_page(page, spec, failures):
    name = spec["name"]
    response = page.goto(spec["base"] + spec["path"])
    if response is None or response.status != spec["status"]:
        failures.append(f"{name}: status {response and response.status}, expected {spec['status']}")
    text = page.inner_text("body")
    for expected in spec.get("texts", []):
        if expected not in text:
            failures.append(f"{name}: the page does not show {expected!r}; it shows {text[:400]!r}")
    if page.locator("script").count() != 0:
        failures.append(f"{name}: the page has a script element")
    if spec.get("open") is not None:
        href = page.get_attribute("a.button:not(.store)", "href")
        if href != spec["open"]:
            failures.append(f"{name}: 'Open in the app' goes to {href!r}, expected {spec['open']!r}")
    if spec.get("frames") is not None:
        count = page.locator("figure img").count()
        if count != spec["frames"]:
            failures.append(f"{name}: {count} frames shown, expected {spec['frames']}")


def main():
    spec = json.loads(sys.argv[1])
    failures = []
    arguments = ["--no-sandbox"] if os.geteuid() == 0 else []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=spec["chromium"], args=arguments)
        try:
            for label, viewport in VIEWPORTS:
                context = browser.new_context(java_script_enabled=False, viewport=viewport)
                page = context.new_page()
                for entry in spec["pages"]:
                    check_page(page, {**entry, "base": spec["base"]}, failures)
                    path = os.path.join(spec["out"], f"{entry['name']}-{label}.png")
                    page.screenshot(path=path, full_page=True)
                    print(path, flush=True)
                context.close()
        finally:
            browser.close()
    if failures:
        print("\n".join(failures), file=sys.stderr)
        sys.exit(1)


if __name__ == "__main__":
    main()
