"""Red Dog, the casino card game, as a terminal kiosk."""

__version__ = "0.1.0"  # the one place the version is written; the package metadata reads it
