"""BM25F with each language's own statistics: one index holds several document collections.

Whoosh's BM25F takes a term's inverse document frequency and a field's average length over
every document of the index. Here the fields are per language (`stem_es`), and the English
collection (the whole CR, over 3,000 rules) is some forty times the Spanish or Italian one
(the covered sections): counted over all documents, a Spanish word would look rarer and a
Spanish field shorter than they are among Spanish rules, and adding English rules would
change how Spanish rules rank. PerLanguage counts only the documents of the field's
language (the suffix of its name), so each language ranks as if indexed alone.
"""

from __future__ import annotations

from math import log

from whoosh import scoring


class PerLanguage(scoring.BM25F):
    """BM25F whose statistics for a field `name_xx` come from the documents in language xx
    (counts: lang -> documents; a field with no language suffix uses the whole index)."""

    def __init__(self, counts: dict[str, int], B: float = 0.75, K1: float = 1.2):
        super().__init__(B=B, K1=K1)
        self.counts = counts

    def documents(self, searcher, fieldname: str) -> int:
        lang = fieldname.rpartition("_")[2]
        return self.counts.get(lang) or searcher.get_parent().doc_count_all() or 1

    def idf(self, searcher, fieldname, text):
        frequency = searcher.get_parent().doc_frequency(fieldname, text)
        return log(self.documents(searcher, fieldname) / (frequency + 1)) + 1

    def scorer(self, searcher, fieldname, text, qf=1):
        if not searcher.schema[fieldname].scorable:
            return scoring.WeightScorer.for_(searcher, fieldname, text)
        return _Scorer(searcher, fieldname, text, self.B, self.K1, qf,
                       self.documents(searcher, fieldname))


class _Scorer(scoring.BM25FScorer):
    def __init__(self, searcher, fieldname, text, B, K1, qf, documents):
        parent = searcher.get_parent()
        self.idf = parent.idf(fieldname, text)  # PerLanguage.idf, kept by the searcher
        self.avgfl = parent.field_length(fieldname) / documents or 1
        self.B, self.K1, self.qf = B, K1, qf
        self.setup(searcher, fieldname, text)
