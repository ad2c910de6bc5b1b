"""The whole CR through every official edition: each edition's rules (text and examples) and
section titles, stored as the current edition (rules/cr/en.json) plus, for each older
edition, only what differs from the edition after it (rules/cr/editions.json).

records (EditionRules, order), linking (which rule of one edition continues which of the
next, by content), deltas (an older edition as a reverse delta, and back), store (the file),
archive (every edition rebuilt, a rule followed through them), changes (what an edition
changed), building (the file from the official files).
"""
