"""The Caylus game server: tables of any edition for people and bots, over HTTP and WebSocket (FastAPI).

`create_app(Settings(db_url=...))` gives the ASGI application; `caylus serve` runs it with uvicorn. The server
holds the only real games: every move is checked by the engine, stored before it is acknowledged, and each
client is sent only what its seat may see. See docs/server.md for the API and for running several processes
over one PostgreSQL database. Needs the `web` extra: pip install 'caylus[web]'.
"""

from .app import create_app
from .settings import Settings

__all__ = ["Settings", "create_app"]
