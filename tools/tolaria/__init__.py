"""Tolaria: the Magic: The Gathering Comprehensive Rules in English, Spanish and Italian."""

__version__ = "0.1.0"
