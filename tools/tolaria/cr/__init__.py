"""The whole CR in English: every rule, section, chapter and glossary entry of one edition
(the current one), stored verbatim in rules/cr/en.json.

official (Wizards' CR text files in any encoding, read into the model), records (CRRule,
CRSection, CRChapter, CRTerm, WholeCR and its lookups), store (the file:
write from an official file, read, check), loading (load_whole_cr, with its cache).
"""

from .loading import load_whole_cr
from .records import CRChapter, CRRule, CRSection, CRTerm, WholeCR

__all__ = ["load_whole_cr", "WholeCR", "CRRule", "CRSection", "CRChapter", "CRTerm"]
