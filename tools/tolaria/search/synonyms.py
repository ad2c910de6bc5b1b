"""Synonyms: the words judges and players type for what the rules text words differently.

The table below is data, one entry a line:

    LANG: WHAT PEOPLE TYPE = HOW THE RULES SAY IT ; ANOTHER WAY THE RULES SAY IT

The left side is matched on the query's stems (so inflections and accents do not matter:
"multijugadores" matches "multijugador"), as consecutive words; each alternative on the right
is then also looked for, a little below the words typed, and counts as the query word for
ranking (a rule that says "varios jugadores" holds the word "multijugador"). Entries go one
way, from people's words to the rules' words. Add an entry only for a wording a real user
would type that the rules do not use (jargon, a common verb the translation avoids, an
irregular form Snowball does not reduce), never to steer one query to one rule; then run
bench/bench_relevance.py and check that the held-out set (bench/queries_review.yaml) did not
get worse. Lines starting with # are comments.
"""

from __future__ import annotations

import functools
from typing import NamedTuple

DATA = """
# --- English -------------------------------------------------------------------------
en: wear off = end ; expire ; removed
en: wears off = end ; expire ; removed
en: fall off = unattached ; attached
en: falls off = unattached ; attached
en: owner = owned
en: everyone = all players
en: everybody = all players
en: zero = 0
en: discard = maximum hand size
en: tie = draw
en: come back = phases in
en: comes back = phases in
# --- Spanish -------------------------------------------------------------------------
es: multijugador = varios jugadores
es: empatar = empate
es: tablas = empate
es: descartar = tamaño máximo de mano
es: eliminar = removido ; remover ; terminan
es: quitar = removido ; remover
es: perder = pierde ; pierden ; perdieron
es: cero = 0
es: abandonar = dejaron ; deja ; dejar
# --- Italian -------------------------------------------------------------------------
it: pareggio = patta
it: pareggiare = patta
it: multigiocatore = più giocatori
it: multiplayer = multigiocatore
it: scartare = numero massimo di carte in mano
it: zero = 0
it: fuori fase = scompare ; scomparire ; scomparsa
it: in fase = appare ; apparire
it: rientra in fase = appare
"""


class Synonym(NamedTuple):
    lang: str
    words: tuple[str, ...]  # what people type, as words
    alternatives: tuple[tuple[str, ...], ...]  # how the rules say it, each as words


def parse(text: str) -> list[Synonym]:
    """The entries of a table in the format above; ValueError naming a malformed line."""
    from .analysis import LANGS, words

    out = []
    for number, line in enumerate(text.splitlines(), 1):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        lang, sep, rest = line.partition(":")
        left, equals, right = rest.partition("=")
        alternatives = tuple(tuple(words(a.lower())) for a in right.split(";"))
        if not sep or not equals or lang.strip() not in LANGS or not words(left) \
                or not all(alternatives):
            raise ValueError(f"synonyms line {number}: expected 'LANG: words = words ; words',"
                             f" got {line!r}")
        out.append(Synonym(lang.strip(), tuple(words(left.lower())), alternatives))
    return out


@functools.cache
def table(lang: str) -> tuple[tuple[tuple[frozenset[str], ...], Synonym], ...]:
    """lang's entries, each with the stem keys of its left side's meaningful words."""
    from .analysis import keys

    out = []
    for entry in parse(DATA):
        if entry.lang != lang:
            continue
        found = tuple(k for k in (keys(lang, w) for w in entry.words) if k is not None)
        if found:
            out.append((found, entry))
    return tuple(out)


def find(lang: str, query_keys: list[frozenset[str] | None]) -> list[tuple[range, Synonym]]:
    """The entries whose left side the query holds (as consecutive meaningful words): each
    with the range of query word positions it covers (positions index query_keys)."""
    present = [(i, k) for i, k in enumerate(query_keys) if k is not None]
    out = []
    for name, entry in table(lang):
        for start in range(len(present) - len(name) + 1):
            window = present[start:start + len(name)]
            if all(k & n for (_, k), n in zip(window, name)):
                out.append((range(window[0][0], window[-1][0] + 1), entry))
                break
    return out
