"""Synonyms: the words judges and players type for what the rules text words differently.

The table below is data, one entry a line:

    LANG: WHAT PEOPLE TYPE = HOW THE RULES SAY IT ; ANOTHER WAY THE RULES SAY IT

The left side is matched on the query's stems (so inflections and accents do not matter:
"multijugadores" matches "multijugador"), as consecutive words; each alternative on the right
is then also looked for, a little below the words typed, and counts as the query word for
ranking (a rule that says "varios jugadores" holds the word "multijugador"). A stop word on
the left ("rientra in fase") must be typed as it is, right after the word before it. English
words that Spanish and Italian players use as they are ("token", "trigger") are not reduced
by those languages' stemmers: their English plurals get a line of their own.
Entries go one way, from people's words to the rules' words.

Add an entry only for a wording a real user would type that the rules of that language do
not use (jargon, a common verb the translation avoids, an irregular form Snowball does not
reduce), with a comment saying so; never to steer a query to a rule (no "discard = maximum
hand size": that is the answer, not another way to say the question). Then run
bench/bench_relevance.py: the tuning set (bench/queries.yaml) and the dev set
(bench/queries_dev.yaml, conversational queries) must not get worse; the held-out set
(bench/queries_heldout.yaml) is only read, never tuned against. Lines starting
with # are comments.
"""

from __future__ import annotations

import functools
from typing import NamedTuple

from .analysis import LANGS, fold, keys
from .analysis import words as words_of

DATA = """
# --- English -------------------------------------------------------------------------
# Player jargon ("wears off": stems match every inflection) for effects ending and damage
# going away; the rules say end, expire, removed.
en: wear off = end ; expire ; removed
# "The Equipment falls off": the rules say it becomes unattached.
en: fall off = unattached
# The rules say "owned by", never "owner" (a derivation Snowball does not reduce).
en: owner = owned
en: everyone = all players
en: everybody = all players
# American usage; the rules say "draw".
en: tie = draw
# "At once", "at the same time": the rules also say "simultaneously".
en: at once = simultaneously
en: same time = simultaneously
# Like "wears off": damage and effects "go away"; the rules say end, expire, removed.
en: go away = end ; expire ; removed
# Abbreviations players and judges use: end of turn, and an intentional draw in a
# tournament (Spanish and Italian players use both as they are).
en: eot = end of turn
en: id = intentional draw
# Players "float" mana (leave it in their pool unspent); the rules say unused mana.
en: float = unused ; pool
# "Respond" to a spell or a trigger is what the rules call getting priority and casting.
en: respond = priority ; cast
# Players say deck for the library.
en: deck = library
# --- Spanish -------------------------------------------------------------------------
# The rules say "varios jugadores", never "multijugador".
es: multijugador = varios jugadores
# Chess usage for a draw; the rules say "empate".
es: tablas = empate
# The rules say the damage is "removido", never "eliminado" or "quitado".
es: eliminar = removido ; remover
es: quitar = removido ; remover
# Irregular forms Snowball does not reduce to one stem (perd-, pierd-).
es: perder = pierde ; pierden ; perdieron
# The rules say a player "deja el juego", never "abandona".
es: abandonar = dejaron ; deja ; dejar
# Players say "partida" for a game; these rules (the MTG Wiki's wording) say "juego".
es: partida = juego
# Players say "turno extra"; the rules say "adicional".
es: extra = adicional ; adicionales
# Players say "mazo" for the library ("biblioteca").
es: mazo = biblioteca
# "A la vez", "al mismo tiempo" (at once): the rules say "simultáneamente".
es: a la vez = simultáneamente
es: al mismo tiempo = simultáneamente
# English jargon Spanish players use as it is, for the rules' Spanish words: triggers,
# tokens, the cleanup step, untapping, the stack, steps, responding (getting priority),
# and the abbreviations EOT (end of turn) and ID (intentional draw).
es: trigger = dispara ; disparada
es: triggers = dispara ; disparada
es: token = ficha
es: tokens = fichas
es: cleanup = limpieza
es: untap = enderezar
es: stack = pila
es: step = paso
es: steps = pasos
es: responder = prioridad
es: eot = final del turno
es: id = empate intencional
# --- Italian -------------------------------------------------------------------------
# The rules say "patta", never "pareggio".
it: pareggio = patta
it: pareggiare = patta
# Players say "multiplayer"; the rules say "multigiocatore".
it: multiplayer = multigiocatore
# The official translation calls phasing out "scomparire" and phasing in "apparire";
# players say "(va) fuori fase" and "rientra in fase".
it: fuori fase = scompare ; scomparire ; scomparsa
it: rientra in fase = appare ; apparire
# Players say "phasato" (phasata, phasati, phasare: English "phase" made Italian) for a
# permanent that phased out.
it: phasato = fuori fase ; scompare
# Players say "extra" for phases and steps too; the rules say "aggiuntive" for those.
it: extra = aggiuntiva ; aggiuntive
# Players say "mazzo" for the library ("grimorio").
it: mazzo = grimorio
# "At the same time": the rules say "contemporaneamente" or "simultaneamente".
it: stesso momento = contemporaneamente ; simultaneamente
it: stesso tempo = contemporaneamente ; simultaneamente
# English jargon Italian players use as it is, for the rules' Italian words: triggers,
# tokens, the cleanup step, untapping ("stap" is the rules' own loanword), the stack,
# steps, responding (getting priority), and the abbreviations EOT and ID.
it: trigger = innesca ; innescata
it: triggers = innesca ; innescata
it: token = pedina
it: tokens = pedine
it: cleanup = cancellazione
it: untap = stap
it: stack = pila
it: step = sottofase
it: steps = sottofasi
it: rispondere = priorità
it: eot = fine del turno
it: id = patta intenzionale
"""


class Synonym(NamedTuple):
    lang: str
    words: tuple[str, ...]  # what people type, as words
    alternatives: tuple[tuple[str, ...], ...]  # how the rules say it, each as words


def parse(text: str) -> list[Synonym]:
    """The entries of a table in the format above; ValueError naming a malformed line."""
    out = []
    for number, line in enumerate(text.splitlines(), 1):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        lang, sep, rest = line.partition(":")
        left, equals, right = rest.partition("=")
        alternatives = tuple(tuple(words_of(a.lower())) for a in right.split(";"))
        if not sep or not equals or lang.strip() not in LANGS or not words_of(left) \
                or not all(alternatives):
            raise ValueError(f"synonyms line {number}: expected 'LANG: words = words ; words',"
                             f" got {line!r}")
        out.append(Synonym(lang.strip(), tuple(words_of(left.lower())), alternatives))
    return out


@functools.cache
def _entries() -> tuple[Synonym, ...]:
    """The entries of DATA, read once for every language."""
    return tuple(parse(DATA))


@functools.cache
def table(lang: str) -> tuple[tuple[tuple[frozenset[str] | str, ...], Synonym], ...]:
    """lang's entries, each with its left side as a pattern: the stem keys of a meaningful
    word, or the folded spelling of a stop word (which must then be typed as it is)."""
    out = []
    for entry in _entries():
        if entry.lang != lang:
            continue
        pattern = tuple(keys(lang, w) or fold(w) for w in entry.words)
        if any(not isinstance(item, str) for item in pattern):
            out.append((pattern, entry))
    return tuple(out)


def _match(pattern, words: list[str], found: list[frozenset[str] | None],
           start: int) -> range | None:
    """The query positions pattern covers from start; stop words typed between two
    meaningful words are skipped, as they are when the rules are indexed."""
    position = start
    for n, item in enumerate(pattern):
        if isinstance(item, str):  # a stop word of the entry: the very next word
            if position >= len(words) or fold(words[position]) != item:
                return None
        else:
            while n and position < len(words) and found[position] is None:
                position += 1
            if position >= len(words) or not (found[position] or set()) & item:
                return None
        position += 1
    return range(start, position)


@functools.cache
def known_keys(lang: str) -> frozenset[str]:
    """The keys of every meaningful word on the left of lang's entries: words the search
    understands although no rule holds them ("mazzo"), so never read as typos."""
    return frozenset(k for pattern, _entry in table(lang) for item in pattern
                     if not isinstance(item, str) for k in item)


@functools.cache
def _by_first_word(lang: str) -> dict[str, tuple[int, ...]]:
    """The entries of table(lang) (by index) under each key of their first word (a stop
    word under "=" and its folded spelling, as keys() gives every word's)."""
    out: dict[str, list[int]] = {}
    for index, (pattern, _entry) in enumerate(table(lang)):
        first = pattern[0]
        for key in (("=" + first,) if isinstance(first, str) else first):
            out.setdefault(key, []).append(index)
    return {key: tuple(found) for key, found in out.items()}


def find(lang: str, words: list[str]) -> list[tuple[range, Synonym]]:
    """The entries whose left side the query's (lowercase) words hold: each with the range
    of query word positions it covers. Only entries whose first word the query holds are
    tried (the table grows; a query is a few words)."""
    found = [keys(lang, w) for w in words]
    first = _by_first_word(lang)
    candidates: set[int] = set()
    for word, held in zip(words, found):
        for key in (held or ("=" + fold(word),)):
            candidates.update(first.get(key, ()))
    entries = table(lang)
    out = []
    for index in sorted(candidates):
        pattern, entry = entries[index]
        for start in range(len(words)):
            span = _match(pattern, words, found, start)
            if span is not None:
                out.append((span, entry))
                break
    return out
