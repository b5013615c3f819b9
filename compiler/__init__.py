"""Ludex: a rules-as-data compiler and validator for tabletop games."""

__version__ = "0.1.0"
