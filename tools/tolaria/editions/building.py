"""rules/cr/editions.json made from a folder of official files (`tolaria import DIR
--all-editions`): every edition older than the stored whole CR, linked to the edition after
it by content, written all or nothing."""

from __future__ import annotations

from pathlib import Path

from ..errors import UserError
from ..i18n import _, format_date, format_number, ngettext
from .deltas import make_delta
from .linking import link
from .records import from_document, from_whole_cr
from .store import dumps, editions_path
from ..cr.store import import_whole, stored_whole_cr
from ..history.reader import history_dir, read_history
from ..history.rebuild import read_documents
from ..files.atomic import write_files
from ..yamlfiles.nodes import display_path


def deltas_of(editions: list) -> list[dict]:
    """The reverse deltas of EditionRules oldest first (the last is the current), newest
    first."""
    out = []
    for older, newer in zip(editions, editions[1:]):
        out.append(make_delta(older, newer, link(older, newer)))
    return out[::-1]


def import_current_whole(file, rules_dir) -> str:
    """`tolaria import FILE --whole`: store the official file of the current edition (the
    rule history's newest official one) as the whole CR; another edition is refused, since
    the whole CR and the history must agree (a newer edition is added with --history, which
    makes it current in both). Without a history, any edition is stored."""
    folder = history_dir(rules_dir)
    current = None
    if folder.is_dir():
        current = max((e.effective for e in read_history(folder).editions if e.file),
                      default=None)
    return import_whole(file, rules_dir, current)


def import_all_editions(folder, rules_dir) -> str:
    """Write rules/cr/editions.json from every official file of folder that is older than
    the stored whole CR (whose own edition must be among them); one line on what was
    written."""
    if not Path(folder).is_dir():
        raise UserError(_("{folder} is not a folder: --all-editions reads every official file "
                          "of a folder").format(folder=folder))
    whole = stored_whole_cr(rules_dir)
    if whole is None:
        raise UserError(_("no whole CR in {folder}: store the newest edition first with "
                          "tolaria import FILE --whole").format(folder=Path(rules_dir) / "cr"))
    docs = read_documents(Path(folder))
    if not any(d.effective == whole.edition for d in docs):
        raise UserError(_("{folder} has no official file of {date}, the edition of the whole "
                          "CR (rules/cr/en.json)").format(folder=folder,
                                                         date=format_date(whole.edition)))
    editions = [from_document(d) for d in docs if d.effective < whole.edition]
    editions.append(from_whole_cr(whole))
    path = editions_path(rules_dir)
    write_files(rules_dir, {path: dumps(whole.edition, deltas_of(editions))})
    older = len(editions) - 1
    return ngettext("wrote {file}: {n} edition older than that of {date}",
                    "wrote {file}: {n} editions older than that of {date}", older).format(
        file=display_path(path), n=format_number(older), date=format_date(whole.edition))
