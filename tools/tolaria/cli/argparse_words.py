"""argparse's own words, marked here so that `pybabel extract` puts them in our catalogs.

main() routes argparse's gettext calls through tolaria.i18n, so usage lines, help headings
and argument errors are translated like the rest of the interface. The strings must be
exactly argparse's (Python 3.11).
"""

from ..i18n import N_

ARGPARSE_WORDS = [
    N_("usage: "),
    N_("positional arguments"),
    N_("options"),
    N_("show this help message and exit"),
    N_("%(prog)s: error: %(message)s\n"),
    N_("the following arguments are required: %s"),
    N_("unrecognized arguments: %s"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"),
    N_("expected one argument"),
    N_("expected at least one argument"),
    N_("expected at most one argument"),
    N_("ambiguous option: %(option)s could match %(matches)s"),
    N_("argument %(argument_name)s: %(message)s"),
    N_("invalid %(type)s value: %(value)r"),
    N_("not allowed with argument %s"),
    N_("ignored explicit argument %r"),
    N_("one of the arguments %s is required"),
    N_("unknown parser %(parser_name)r (choices: %(choices)s)"),
]
