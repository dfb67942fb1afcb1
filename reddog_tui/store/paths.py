"""Where the game keeps its database: --data-dir, else REDDOG_DATA_DIR, else the user data dir."""

from __future__ import annotations

from pathlib import Path

APP_NAME = "reddog-tui"
DB_FILENAME = "reddog.db"


def resolve_data_dir(cli_value: str | None, env_value: str | None) -> Path:
    """The first of the command-line value and the environment value that is set and not empty."""
    for value in (cli_value, env_value):
        if value:
            return Path(value).expanduser()
    import platformdirs  # only when no directory is given: it is slow to import

    return Path(platformdirs.user_data_dir(APP_NAME))


def database_path(data_dir: Path) -> Path:
    return Path(data_dir) / DB_FILENAME
