"""Lighthouse (mobile, its default simulated slow 4G and CPU) on the site as `tolaria serve`
serves it: the home page and a rule page in each language, in Debian's Chromium.

Prints the four scores of each page (performance, accessibility, best practices, SEO; aim:
>= 90, 100, 100, >= 90) and, under a page, each audit of those categories that did not pass.
Run: make lighthouse (installs Lighthouse from the npm registry into build/ first), or
  CHROME_PATH=/usr/bin/chromium LIGHTHOUSE=build/lighthouse/node_modules/.bin/lighthouse \\
  .venv/bin/python bench/bench_lighthouse.py [--site DIR] [--no-build] [PATH ...]
"""

from __future__ import annotations

import argparse
import json
import os
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

from common import BIN, REPO

PAGES = ["en/", "en/702.26/", "es/702.26/", "it/702.26/"]
CATEGORIES = ["performance", "accessibility", "best-practices", "seo"]
AIMS = [90, 100, 100, 90]  # the least score of each category that meets its aim
CHROME_FLAGS = "--headless=new --no-sandbox --disable-gpu --no-first-run"


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def wait_for(url: str, server: subprocess.Popen, seconds: float = 900) -> None:
    """Until url answers (a build may come first), or the server ends."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if server.poll() is not None:
            sys.exit(f"tolaria serve ended with status {server.returncode}")
        try:
            with urllib.request.urlopen(url, timeout=5):
                return
        except OSError:
            time.sleep(1)
    sys.exit(f"{url}: no answer in {seconds:.0f} s")


def lighthouse(url: str, out: Path) -> dict:
    """Lighthouse's report of url (mobile), as JSON."""
    command = [os.environ.get("LIGHTHOUSE", str(REPO / "build/lighthouse/node_modules/.bin/"
                                                       "lighthouse")),
               url, "--quiet", "--output=json", f"--output-path={out}",
               f"--only-categories={','.join(CATEGORIES)}", f"--chrome-flags={CHROME_FLAGS}"]
    environment = dict(os.environ, CHROME_PATH=os.environ.get("CHROME_PATH", "/usr/bin/chromium"))
    subprocess.run(command, check=True, env=environment)
    return json.loads(out.read_text(encoding="utf-8"))


def failing(report: dict) -> list[str]:
    """Each audit of the categories whose score is below 1, with its title."""
    out = []
    for category in CATEGORIES:
        for ref in report["categories"][category]["auditRefs"]:
            audit = report["audits"][ref["id"]]
            if ref.get("weight") and audit.get("score") is not None and audit["score"] < 1:
                out.append(f"    {category}: {audit['id']} ({audit['score']:.2f}) "
                           f"{audit.get('displayValue', '')}".rstrip())
                if category != "performance":
                    out.extend(f"      {where}" for where in _where(audit)[:3])
    return out


def _where(audit: dict) -> list[str]:
    """The elements (or addresses) an audit names, shortly."""
    out = []
    for item in (audit.get("details") or {}).get("items") or ():
        node = item.get("node") or {}
        text = node.get("snippet") or item.get("source") or item.get("href") or ""
        if text:
            out.append(" ".join(str(text).split())[:160])
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", default=str(REPO / "site"), help="the built site's folder")
    parser.add_argument("--no-build", action="store_true", help="serve the folder as it is")
    parser.add_argument("pages", nargs="*", default=PAGES, help="paths under the site's root")
    args = parser.parse_args()
    port = free_port()
    command = [str(BIN / "tolaria"), "serve", "--out", args.site, "--port", str(port)]
    server = subprocess.Popen(command + (["--no-build"] if args.no_build else []),
                              stdout=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}/"
    scores = []
    try:
        wait_for(base, server)
        with tempfile.TemporaryDirectory() as folder:
            for page in args.pages:
                report = lighthouse(base + page, Path(folder) / "report.json")
                values = [round(100 * (report["categories"][c]["score"] or 0))
                          for c in CATEGORIES]
                scores.append((page, values))
                print(f"{page:<14} " + "  ".join(f"{c} {v}" for c, v in
                                                  zip(("performance", "accessibility",
                                                       "best practices", "SEO"), values)),
                      flush=True)
                for line in failing(report):
                    print(line, flush=True)
    finally:
        server.terminate()
        server.wait()
    print("\npage           perf  a11y  best  seo")
    missed = 0
    for page, values in scores:
        short = [f"{c} {v} (aim >= {a})" for c, v, a in zip(CATEGORIES, values, AIMS) if v < a]
        missed += bool(short)
        print(f"{page:<14} " + "  ".join(f"{v:>4}" for v in values)
              + (f"  NOT MET: {', '.join(short)}" if short else ""))
    print(f"aims (performance >= {AIMS[0]}, accessibility {AIMS[1]}, best practices "
          f"{AIMS[2]}, SEO >= {AIMS[3]}): "
          + (f"NOT MET on {missed} of {len(scores)} pages" if missed else "met on every page"))
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
