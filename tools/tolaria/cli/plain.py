"""A plain command line, read without argparse: the command first, then only options of its
PLAIN table (`--name VALUE`, `--name=VALUE`, `--flag`), each at most once, and at most one
argument not starting with "-". It gives what argparse (cli.parser) would; anything else
(help, a mistake, a repeated option, `--`) is left to argparse, which a plain `show` then
never imports: argparse, with gettext, re and enum, costs `show`'s cold start about 16 ms
(python -X importtime).

A PLAIN table maps an option to bool (a flag), None (any value) or a tuple of the values
it takes; its one name without dashes is the optional argument."""

from __future__ import annotations

from .. import i18n
from .commands import COMMANDS, command_module

COMMON = {"--rules": None, "--ui-lang": i18n.SUPPORTED}  # every command's (cli.parser)


class Arguments:
    """A command line read: one attribute per option, as argparse's Namespace."""

    def __init__(self, **values) -> None:
        self.__dict__.update(values)

    def __eq__(self, other) -> bool:
        return vars(self) == vars(other)

    def __repr__(self) -> str:
        return f"Arguments({vars(self)!r})"


def read_plain(argv: list[str]) -> Arguments | None:
    """argv read as a plain command line, or None when argparse must read it."""
    if not argv or argv[0] not in COMMANDS:
        return None
    module = command_module(argv[0])
    table = getattr(module, "PLAIN", None)
    if table is None:
        return None
    table = {**COMMON, **table}
    values = {name.lstrip("-").replace("-", "_"): False if kind is bool else None
              for name, kind in table.items() if name != "--ui-lang"}  # its default: unset
    seen = set()
    words = iter(argv[1:])
    for word in words:
        if not word.startswith("-"):
            name, value = next((n for n in table if not n.startswith("-")), None), word
        else:
            name, equals, value = word.partition("=")
            kind = table.get(name, "")
            if kind is bool and not equals:
                value = True
            elif kind == "" or kind is bool:
                return None
            elif not equals:
                value = next(words, None)
                if value is None or value.startswith("-"):
                    return None
            if isinstance(kind, tuple) and value not in kind:
                return None
        if name is None or name in seen:
            return None
        seen.add(name)
        values[name.lstrip("-").replace("-", "_")] = value
    return Arguments(command=argv[0], run=module.run, **values)
