"""The interface's language, read from the command line before any parser is built.

`--ui-lang X` (or `--ui-lang=X`) chooses it, on the top level or on a command; `--lang X`
is its alias on the top level and on the commands whose --lang never meant the rules'
language. An explicit pre-scan, so that help and argparse's own errors speak it too.
"""

from __future__ import annotations

from .. import i18n

# commands whose --lang chooses the rules' language (po: the translation exported or imported)
RULES_LANG_COMMANDS = ("show", "search", "audit", "status", "po")
TOP_LEVEL_VALUED = ("--ui-lang", "--lang")


def _values(argv: list[str], names: tuple[str, ...]):
    """(index, value) of each `NAME VALUE` or `NAME=VALUE` of names, up to `--`."""
    for index, arg in enumerate(argv):
        if arg == "--":
            return
        for name in names:
            if arg == name and index + 1 < len(argv):
                yield index, argv[index + 1]
            elif arg.startswith(name + "="):
                yield index, arg[len(name) + 1:]


def command_position(argv: list[str]) -> int:
    """Where the command is: the first word after the top-level options (len(argv) if none)."""
    index = 0
    while index < len(argv):
        arg = argv[index]
        if arg in TOP_LEVEL_VALUED:
            index += 2
        elif arg.startswith(tuple(name + "=" for name in TOP_LEVEL_VALUED)) or \
                arg in ("-h", "--help"):
            index += 1
        else:
            return index
    return index


def _lang_is_an_alias(argv: list[str], where: int) -> bool:
    """Whether a `--lang` at index where means the interface's language."""
    at = command_position(argv)
    if where < at or at >= len(argv):
        return True
    return argv[at] not in RULES_LANG_COMMANDS


def interface_language(argv: list[str]) -> str | None:
    """The language the command line asks the interface to speak, or None (the last valid
    value wins, as argparse's would; an invalid one is left for argparse to report)."""
    found = sorted([(i, v) for i, v in _values(argv, ("--ui-lang",))] +
                   [(i, v) for i, v in _values(argv, ("--lang",)) if _lang_is_an_alias(argv, i)])
    valid = [value for _index, value in found if value in i18n.SUPPORTED]
    return valid[-1] if valid else None
