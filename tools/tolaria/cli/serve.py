"""tolaria serve [--port N] [--host H] [--watch]: build the site and serve it on localhost."""

from __future__ import annotations

import argparse
import sys

from ..i18n import _
from ..site.serve import is_loopback, open_site_server, url_of


def HELP() -> str:
    return _("build the site and serve it on localhost (the main way to read the rules)")


def EXAMPLE() -> str:
    return _("Example: tolaria serve --port 8000")


def port_number(text: str) -> int:
    """A port from the command line: a whole number from 0 to 65535 (argparse reports the
    error as a usage error, in the interface's language)."""
    try:
        value = int(text.strip(), 10)
    except ValueError:
        value = -1
    if not 0 <= value <= 65535:
        raise argparse.ArgumentTypeError(_("'{value}' is not a port: give a whole number from "
                                           "0 to 65535").format(value=text))
    return value


def add_arguments(parser) -> None:
    parser.add_argument("--port", type=port_number, default=8000, metavar=_("PORT"),
                        help=_("the port to listen on (default: 8000; 0 for any free port)"))
    parser.add_argument("--host", metavar=_("HOST"), default="127.0.0.1",
                        help=_("the address to listen on (default: 127.0.0.1, this machine "
                               "only; 0.0.0.0 makes the site reachable from other machines)"))
    parser.add_argument("--out", metavar=_("DIR"), default="site",
                        help=_("the folder to build the site into (default: site)"))
    parser.add_argument("--no-build", action="store_true",
                        help=_("serve the folder as it is, without building it first"))
    parser.add_argument("--watch", action="store_true",
                        help=_("rebuild the site when the rules, the translations or the "
                               "code change, and reload the open pages"))


def told(event: str, detail) -> None:
    """What the watcher does, said as it happens."""
    if event == "failed":
        print(_("tolaria: the site was not rebuilt: {problem}").format(problem=detail),
              file=sys.stderr, flush=True)
    else:
        print(_("Sources changed: rebuilding the site ...") if event == "building"
              else _("Site rebuilt: open pages reload"), flush=True)


def run(args) -> int:
    server = open_site_server(
        args.out, args.port, args.host, getattr(args, "rules", None), not args.no_build,
        building=lambda: print(_("Building the site into {path} ...").format(path=args.out),
                               flush=True), watch=args.watch, watching=told)
    if not args.no_build and not server.built:
        print(_("The site in {path} is up to date: its sources have not changed").format(
            path=args.out), flush=True)
    if not is_loopback(args.host):
        print(_("tolaria: warning: {message}").format(message=_(
            "{host} is not a loopback address: the site is reachable from other machines"
        ).format(host=args.host)), file=sys.stderr, flush=True)
    print(_("Serving the rules at {url} (Ctrl+C to stop)").format(url=url_of(server)),
          flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        print(file=sys.stderr)
    finally:
        server.server_close()
    return 0
