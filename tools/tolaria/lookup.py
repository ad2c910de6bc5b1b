"""Rule numbers as people type them: `104.3b`, `Rule 104.3B`, `r104`, `104,3b` (a decimal
comma), and ranges `512-514`, `104.3a-d`. The one reader for the command line and search;
its patterns are numbering.py's, its errors one line in the user's language.

>>> [str(n) for n in typed_numbers("Rule 104.3B")]
['104.3b']
>>> [str(n) for n in typed_numbers("104.3a-d")]
['104.3a', '104.3b', '104.3c', '104.3d']
>>> typed_numbers("fuera de fase") is None
True
"""

from __future__ import annotations

import re

from .errors import UserError
from .i18n import _
from .numbering import (RULE_WORDS, TYPED_DASH, TYPED_PATTERN, BadNumber, RuleNumber,
                        expand_range)

PREFIX = r"(?:(?:" + RULE_WORDS + r"|r)\s*\.?\s*)?"  # "rule 104.3", "regla 104", "r104"
_NUMBER = TYPED_PATTERN + r"\.?"
_QUERY = re.compile(r"^\s*" + PREFIX + r"(?P<first>" + _NUMBER + r")(?:" + TYPED_DASH
                    + PREFIX + r"(?P<last>" + _NUMBER + r"|[a-z]))?\s*$", re.IGNORECASE)
MAX_LENGTH = 40  # longer text is words, not a number
MAX_RANGE = 200


def typed_numbers(text: str, required: bool = False) -> list[RuleNumber] | None:
    """The numbers text asks for, or None when it is not shaped like a number (when
    required, a UserError instead). Shaped like one but not a valid number ("104.3l",
    "099"), a range that leaves its rule or level ("104.3b-104.4a"), or a range too long: a
    one-line UserError."""
    match = _QUERY.match(text) if len(text) <= MAX_LENGTH else None
    if not match:
        if required:
            raise _not_a_number(text)
        return None
    first = match["first"].lower().rstrip(".").replace(",", ".")
    last = (match["last"] or "").lower().rstrip(".").replace(",", ".")
    if len(last) == 1:  # 104.3a-d: a range of subrule letters
        last = first[:-1] + last if first[-1:].isalpha() else "!"
    try:
        ends = RuleNumber.parse(first), RuleNumber.parse(last) if last else None
    except BadNumber:
        raise UserError(_("'{query}' is not a rule number (expected e.g. 104, 104.3, 104.3b "
                          "or a range such as 512-514 or 104.3a-d)").format(query=text.strip())
                        ) from None
    if ends[1] is None:
        return [ends[0]]
    try:
        numbers = expand_range(*ends, strict=True)
    except BadNumber:
        raise UserError(_("'{query}' is not a range: a range stays within one rule or one "
                          "level, first number first (e.g. 512-514, 104.3-104.5, "
                          "104.3a-104.3d or 104.3a-d)").format(query=text.strip())) from None
    if len(numbers) > MAX_RANGE:
        raise UserError(_("the range {query} is too long (at most {count} numbers)").format(
            query=text.strip(), count=MAX_RANGE))
    return numbers


def typed_number(text: str) -> RuleNumber:
    """Exactly one number ('rule 104.3b', '104.3B', '104,3b'), or a one-line UserError."""
    numbers = typed_numbers(text, required=True)
    if len(numbers) != 1:
        raise _not_a_number(text)
    return numbers[0]


def _not_a_number(text: str) -> UserError:
    return UserError(_("'{number}' is not a rule number (expected e.g. 104, 104.3 or "
                       "104.3b)").format(number=text))
