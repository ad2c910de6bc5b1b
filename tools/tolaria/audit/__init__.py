"""The translation audit: Spanish and Italian texts checked against the English they claim."""

from __future__ import annotations

from .runner import AuditReport, audit_sections, run_audit

__all__ = ["AuditReport", "audit_sections", "run_audit"]
