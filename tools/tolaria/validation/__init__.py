"""`validate` and `fmt` over a whole rulebook folder, above every reader they call.

folder (validate_folder: every data file read by its own reader, every error reported
together), fmt (format_rulebook: the canonical form, applied only to a folder that validates).
"""
