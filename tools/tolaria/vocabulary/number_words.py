"""Numbers written as words in English, Spanish and Italian, 0 to 29: one table for the
translation audit (numbers must agree) and for search ("ten poison" finds "10").

"one" / "un" / "uno" / "una" are left out: they are pronouns and articles far more often
than numbers; so is Italian "sei" ("you are").
"""

from __future__ import annotations

import functools

_WORDS = {
    "en": "zero one two three four five six seven eight nine ten eleven twelve thirteen "
          "fourteen fifteen sixteen seventeen eighteen nineteen twenty",
    "es": "cero uno dos tres cuatro cinco seis siete ocho nueve diez once doce trece catorce "
          "quince dieciséis diecisiete dieciocho diecinueve veinte",
    "it": "zero uno due tre quattro cinque sei sette otto nove dieci undici dodici tredici "
          "quattordici quindici sedici diciassette diciotto diciannove venti",
}
_LEFT_OUT = {"en": {"one"}, "es": {"uno"}, "it": {"uno", "sei"}}
_COMPOUND = {
    "en": {"twenty-" + w: 20 + i for i, w in enumerate(_WORDS["en"].split()[1:10], 1)},
    "es": {w: 20 + i for i, w in enumerate(
        "veintiuno veintidós veintitrés veinticuatro veinticinco veintiséis veintisiete "
        "veintiocho veintinueve".split(), 1)} | {"veintiún": 21},
    "it": {w: 20 + i for i, w in enumerate(
        "ventuno ventidue ventitré ventiquattro venticinque ventisei ventisette ventotto "
        "ventinove".split(), 1)},
}


@functools.cache
def number_words(lang: str) -> dict[str, int]:
    """lang's number words (lower case, accented as written) and their values.

    >>> number_words("es")["diez"], number_words("it")["ventuno"], "sei" in number_words("it")
    (10, 21, False)
    """
    table = {w: i for i, w in enumerate(_WORDS[lang].split()) if w not in _LEFT_OUT[lang]}
    table.update(_COMPOUND[lang])
    return table
