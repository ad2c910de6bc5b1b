"""tolaria serve [--port N] [--host H]: build the site and serve it on localhost."""

from __future__ import annotations

from ..i18n import _


def HELP() -> str:
    return _("build the site and serve it on localhost (the main way to read the rules)")


def EXAMPLE() -> str:
    return _("Example: tolaria serve --port 8000")


def port_number(text: str) -> int:
    """A port from the command line: a whole number from 0 to 65535 (argparse reports the
    error as a usage error, in the interface's language)."""
    import argparse

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


def run(args) -> int:
    import os
    import sys

    from ..errors import UserError, os_error_text
    from ..site.serve import is_loopback, make_server, url_of

    os.environ.setdefault("NO_MKDOCS_2_WARNING", "1")
    if args.no_build and getattr(args, "rules", None):
        raise UserError(_("--rules says which rulebook to build: it does nothing with "
                          "--no-build"))
    if args.no_build and not os.path.isdir(args.out):
        raise UserError(_("{folder}: no such folder to serve (build the site into it: run "
                          "the command without --no-build)").format(folder=args.out))
    if not args.no_build:
        from ..site.build import build_site

        print(_("Building the site into {path} ...").format(path=args.out), flush=True)
        build_site(args.out, rules=getattr(args, "rules", None))
    try:
        server = make_server(args.out, args.port, args.host)
    except OSError as exc:
        raise UserError(_("cannot listen on {host} port {port}: {problem}").format(
            host=args.host, port=args.port, problem=os_error_text(exc))) from None
    except OverflowError:  # a port argparse did not check (called from Python)
        raise UserError(_("'{value}' is not a port: give a whole number from 0 to 65535"
                          ).format(value=args.port)) from None
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
