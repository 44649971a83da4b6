"""Opening a database: the URL, the SQLAlchemy engine, and the schema version.

``resolve_url`` turns ``--db`` / ``REMI_DB`` (a file path or a URL) into an SQLAlchemy URL;
``open_engine`` makes the engine (SQLite: write transactions start with ``BEGIN IMMEDIATE``
and wait for a busy file; a file marked read-only is opened read-only) and checks that the
database is ours and current, migrating it with Alembic when it is older. Alembic is only
imported when there is something to migrate.
"""

from __future__ import annotations

import os
import sqlite3
import stat
from pathlib import Path
from typing import Any

from remi.scoresheet.errors import StoreError
from remi.scoresheet.models import SCHEMA_HEAD, VERSION_TABLE

#: every revision this code knows, oldest first
REVISIONS = ("0001", "0002", "0003", "0004")
_MIGRATIONS = Path(__file__).with_name("migrations")


def default_path() -> Path:
    """The default sheet: ``remi.db`` in the user data directory (XDG)."""
    from platformdirs import user_data_dir

    return Path(user_data_dir("remi", appauthor=False)) / "remi.db"


def resolve_url(db: str | None) -> str:
    """``--db``/``REMI_DB``: a path (SQLite file) or a URL (``postgresql://...``, ``sqlite:///...``)."""
    text = (db or os.environ.get("REMI_DB") or "").strip()
    if not text:
        path = default_path()
        path.parent.mkdir(parents=True, exist_ok=True)
        return f"sqlite:///{path}"
    if "://" not in text:
        return f"sqlite:///{Path(text).expanduser().resolve()}"
    scheme, rest = text.split("://", 1)
    if scheme in ("postgresql", "postgres"):
        return f"postgresql+psycopg://{rest}"
    return text


def describe(url: str) -> str:
    """The URL without a password, for messages."""
    if url.startswith("sqlite:///"):
        return url[len("sqlite:///"):]
    if "@" in url:
        scheme, rest = url.split("://", 1)
        creds, host = rest.rsplit("@", 1)
        return f"{scheme}://{creds.split(':', 1)[0]}@{host}"
    return url


def _sqlite_path(url: str) -> Path | None:
    if url.startswith("sqlite:///") and "?" not in url:
        path = url[len("sqlite:///"):]
        return None if path in ("", ":memory:") else Path(path)
    return None


def _check_sqlite_file(path: Path) -> bool:
    """Refuse a file that is not SQLite; True when the file is marked read-only."""
    if not path.exists():
        if not path.parent.is_dir():
            raise StoreError("store.no_folder", path=str(path), folder=str(path.parent))
        return False
    if path.is_dir():
        raise StoreError("store.folder", path=str(path))
    with path.open("rb") as fh:
        head = fh.read(16)
    if head and head != b"SQLite format 3\x00":
        raise StoreError("store.not_sqlite", path=str(path))
    mode = path.stat().st_mode
    return not mode & (stat.S_IWUSR | stat.S_IWGRP | stat.S_IWOTH) or not os.access(path, os.W_OK)


def make_engine(url: str) -> Any:
    """The SQLAlchemy engine for a URL, set up for safe concurrent writers."""
    from sqlalchemy import create_engine, event
    from sqlalchemy.pool import NullPool

    path = _sqlite_path(url)
    if url.startswith("sqlite"):
        read_only = _check_sqlite_file(path) if path is not None else False
        if path is not None:
            uri = f"file:{path}" + ("?mode=ro" if read_only else "")

            def creator() -> sqlite3.Connection:
                return sqlite3.connect(uri, uri=True, timeout=20, isolation_level=None, check_same_thread=False)

            engine = create_engine("sqlite://", creator=creator, poolclass=NullPool)
        else:  # in memory: one connection shared, or the database would vanish between sessions
            from sqlalchemy.pool import StaticPool

            engine = create_engine(url, connect_args={"timeout": 20, "isolation_level": None, "check_same_thread": False},
                                   poolclass=StaticPool)

        @event.listens_for(engine, "connect")
        def _connect(dbapi_conn: Any, _record: Any) -> None:
            cur = dbapi_conn.cursor()
            cur.execute("PRAGMA foreign_keys=ON")
            cur.execute("PRAGMA busy_timeout=20000")
            cur.close()

        @event.listens_for(engine, "begin")
        def _begin(conn: Any) -> None:
            # Writers take the lock up front, so two of them never read the same last hand.
            conn.exec_driver_sql("BEGIN IMMEDIATE" if conn.get_execution_options().get("remi_write") else "BEGIN")

        engine.info = {"read_only": read_only, "path": path}  # type: ignore[attr-defined]
        return engine
    try:
        engine = create_engine(url, poolclass=NullPool, connect_args={"connect_timeout": 10})
    except Exception as exc:  # an unknown scheme or a missing driver
        raise StoreError("store.unusable", url=describe(url), reason=str(exc)) from None
    engine.info = {"read_only": False, "path": None}  # type: ignore[attr-defined]
    return engine


def schema_version(conn: Any) -> str | None:
    """The database's revision; None for an empty database. StoreError for one not ours."""
    from sqlalchemy import inspect

    names = set(inspect(conn).get_table_names())
    if VERSION_TABLE in names:
        row = conn.exec_driver_sql(f"SELECT version_num FROM {VERSION_TABLE}").first()
        return row[0] if row else None
    if "game" in names or "action" in names or (conn.dialect.name == "sqlite" and names):
        raise StoreError("store.other_tables")
    return None


def ensure_schema(engine: Any, url: str) -> None:
    """Create or migrate the schema to ``SCHEMA_HEAD``; fast when it is already current."""
    from sqlalchemy.exc import DBAPIError

    try:
        with engine.connect() as conn:
            try:
                row = conn.exec_driver_sql(f"SELECT version_num FROM {VERSION_TABLE}").first()
                version = row[0] if row else None
            except DBAPIError:
                conn.rollback()
                version = schema_version(conn)
            if version == SCHEMA_HEAD:
                return
            if version is not None and version not in REVISIONS:
                raise StoreError("store.newer_schema", url=describe(url), version=version, head=SCHEMA_HEAD)
            if version is None and schema_version(conn) is not None:
                raise StoreError("store.empty_version", url=describe(url))
    except DBAPIError as exc:
        raise StoreError("store.cannot_open", url=describe(url), reason=first_line(exc)) from None
    if engine.info.get("read_only"):
        raise StoreError("store.read_only_create" if version is None else "store.read_only_upgrade", url=describe(url))
    try:
        if version is None:
            create(engine, url)
        else:
            migrate(engine, url)
    except StoreError:
        # Another process may have set it up at the same moment: fine if it is current now.
        with engine.connect() as conn:
            if schema_version(conn) != SCHEMA_HEAD:
                raise


def create(engine: Any, url: str) -> None:
    """A new database: the tables at ``SCHEMA_HEAD`` and the version, in one transaction.

    The same schema as running every migration (a test compares the two), without the cost
    of importing Alembic for every new file.
    """
    from sqlalchemy import Column, MetaData, String, Table
    from sqlalchemy.exc import DBAPIError
    from sqlmodel import SQLModel

    version = Table(VERSION_TABLE, MetaData(), Column("version_num", String(32), primary_key=True))
    try:
        with engine.execution_options(remi_write=True).begin() as conn:
            if schema_version(conn) is not None:
                return  # another process created it first
            SQLModel.metadata.create_all(conn)
            version.create(conn)
            conn.execute(version.insert().values(version_num=SCHEMA_HEAD))
    except DBAPIError as exc:
        raise StoreError("store.cannot_set_up", url=describe(url), reason=first_line(exc)) from None


def migrate(engine: Any, url: str, revision: str = "head") -> None:
    """Run the Alembic migrations up to ``revision`` in one transaction."""
    from alembic import command
    from alembic.config import Config
    from sqlalchemy.exc import DBAPIError

    cfg = Config()
    cfg.set_main_option("script_location", str(_MIGRATIONS))
    try:
        with engine.execution_options(remi_write=True).begin() as conn:
            cfg.attributes["connection"] = conn
            command.upgrade(cfg, revision)
    except DBAPIError as exc:
        raise StoreError("store.cannot_set_up", url=describe(url), reason=first_line(exc)) from None


def first_line(exc: BaseException) -> str:
    orig = getattr(exc, "orig", None) or exc
    return str(orig).strip().splitlines()[0] if str(orig).strip() else type(orig).__name__
