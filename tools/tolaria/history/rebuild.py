"""Rebuilding the history from the reference folder of official files, and adding one file."""

from __future__ import annotations

import os
from datetime import date
from pathlib import Path

from ..errors import UserError
from ..i18n import _, format_date
from ..cr.official import CRDocument, OfficialFileError, read_official
from .build import build_units, extend
from .records import EditionRef, HistoryData
from .titles import document_titles, merge_titles
from .pre2009 import old_unit
from .storage import write_history
from ..yamlfiles.nodes import display_path

OLD_SECTION = "300"  # the pre-2009 rule: quoted, not imported; linked to what it became


def default_reference_dir() -> Path:
    """$TOLARIA_SHARED/reference/cr-en, else ../shared/reference/cr-en beside the repository."""
    shared = os.environ.get("TOLARIA_SHARED")
    if shared:
        return Path(shared) / "reference" / "cr-en"
    repo = Path(__file__).resolve().parents[3]
    return repo.parent / "shared" / "reference" / "cr-en"


def read_documents(folder: Path) -> list[CRDocument]:
    """Every official file of folder, oldest edition first (one per effective date)."""
    folder = Path(folder)
    paths = sorted(folder.glob("*.txt")) if folder.is_dir() else []
    if not paths:
        raise UserError(_("no official CR files (*.txt) in {folder}: give the folder with "
                          "--reference DIR").format(folder=folder))
    docs: dict[date, CRDocument] = {}
    for path in paths:
        doc = read_whole(path)
        if doc.effective in docs:
            raise UserError(_("{file} and {other} are both effective {date}").format(
                file=doc.file, other=docs[doc.effective].file, date=format_date(doc.effective)))
        docs[doc.effective] = doc
    return [docs[d] for d in sorted(docs)]


def read_whole(path: Path) -> CRDocument:
    """An official file that is complete; UserError (file:line) for one that is cut short,
    which the history must not be built on."""
    try:
        doc = read_official(path)
    except OfficialFileError as exc:
        raise UserError(str(exc)) from None
    if doc.incomplete:
        raise UserError(doc.incomplete[0])
    return doc


def covered(book) -> tuple[dict[str, date], object | None]:
    """The units to follow (English sections imported from official files, by the edition
    each comes from) and the pre-2009 section 300 as the rulebook quotes it."""
    anchors = {}
    old = None
    for (lang, number), section in book.sections.items():
        if lang != "en":
            continue
        if number == OLD_SECTION:
            old = section
        elif section.source.kind == "official":
            anchors[number] = section.edition.effective
    return anchors, old


def rebuild(reference: Path, rules_dir: Path, extra=(), read=None) -> HistoryData:
    """The whole history, from every official file of reference (and the documents extra,
    which take the place of a file of the same edition) and the rulebook's units. read: the
    documents of reference, when read already."""
    # lazy: saves 35 ms of `history NUMBER`'s cold start (import CPU time, min of 5 runs)
    from ..rulebook.reading import read_folder

    book = read_folder(rules_dir)
    anchors, old = covered(book)
    docs = read if read is not None else read_documents(reference)
    if extra:
        dated = {d.effective: d for d in docs} | {d.effective: d for d in extra}
        docs = [dated[d] for d in sorted(dated)]
    dates = [d.effective for d in docs]
    missing = sorted(a for a in anchors.values() if a not in dates)
    if missing:
        raise UserError(_("{folder} has no official file effective {date}, the edition some "
                          "English text comes from").format(folder=reference,
                                                            date=format_date(missing[0])))
    units = [b.unit() for b in build_units(docs, anchors)]
    editions = [EditionRef(d.effective, d.file) for d in docs]
    if old is not None:
        known = sorted(d for d in book.editions if d < dates[0])
        unit = old_unit(old, known, docs)
        units.append(unit)
        used = {d for t in (unit.head, *unit.rules) for v in t.versions for d in (v.first, v.last)}
        editions = [EditionRef(d) for d in sorted(used)] + editions
    titles: dict = {}
    previous = None
    for doc in docs:
        titles = merge_titles(titles, document_titles(doc), doc.effective, previous)
        previous = doc.effective
    return HistoryData(tuple(editions), tuple(units), titles)


def add_edition(data: HistoryData, doc: CRDocument) -> HistoryData:
    """data with the official document doc added as its newest edition."""
    last = data.editions[-1]
    if doc.effective <= last.effective:
        raise UserError(_("{file} is effective {date}, not after the newest edition of the "
                          "history ({last}, {last_file}): only a newer edition can be added"
                          ).format(file=doc.file, date=format_date(doc.effective),
                                   last=format_date(last.effective), last_file=last.file))
    return extend(data, doc)


def insert_older(data: HistoryData, doc: CRDocument, reference: Path, rules_dir
                 ) -> HistoryData:
    """data with doc, older than its newest edition, added in its place: the history built
    again from the official files of reference and doc, which must hold every edition data
    has (the current one stays current)."""
    read = read_documents(reference)
    docs = {d.effective for d in read} | {doc.effective}
    missing = [e for e in data.editions if e.file and e.effective not in docs]
    if missing:
        raise UserError(_("{file} is older than the current edition: adding it builds the "
                          "history again from the official files, and {folder} has no file "
                          "of {date} ({name}); put it there, or set TOLARIA_SHARED").format(
            file=doc.file, folder=reference, date=format_date(missing[0].effective),
            name=missing[0].file))
    rebuilt = rebuild(reference, rules_dir, [doc], read)
    if rebuilt.editions[-1].effective != data.editions[-1].effective:
        raise UserError(_("{folder} holds an edition newer than the current one ({date}): "
                          "import that one first").format(
            folder=reference, date=format_date(data.editions[-1].effective)))
    return rebuilt


def rebuild_history(rules_dir, reference=None) -> list[str]:
    """Rebuild rules/history/ from every official file of reference (default: the shared
    folder); the files written, as shown to people."""
    data = rebuild(reference or default_reference_dir(), rules_dir)
    return [display_path(path) for path in write_history(data, rules_dir)]
