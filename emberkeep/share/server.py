"""The share server: the players' page and its event stream, read-only, off the GUI's thread.

A :class:`ShareServer` is a standard-library ``ThreadingHTTPServer`` on one address and port,
running in a daemon thread; each connection gets its own thread. The window hands it a new
immutable :class:`~emberkeep.share.snapshot.Shared` after each step (:meth:`ShareServer.
publish`: a reference swapped, and the waiting streams woken); no server thread touches the
fight or the campaign, so a stalled phone can slow nothing but its own thread.

Safety, for a page anyone in the room's network could try:

- every path starts with the share's random token (``secrets.token_urlsafe``, compared in
  constant time); a wrong or missing token is a plain 404, as is any unknown path;
- GET only: any other method is a 405, and nothing any request says changes anything;
- a request line of at most 2 KiB and headers of at most 16 KiB (414, 431), read with a
  10-second timeout; a send to a phone that stops reading gives up after 10 seconds;
- at most :data:`MAX_STREAMS` event streams at once (503 beyond: the page retries);
- responses say ``no-store``, ``no-referrer`` (the token is in the address), ``nosniff``, and
  the page's strict Content-Security-Policy.
"""

from __future__ import annotations

import hmac
import http.server
import io
import secrets
import select
import socket
import threading
import time
from typing import Any

from emberkeep.share.page import CSP, page
from emberkeep.share.snapshot import NO_SHEET, Shared, shared

__all__ = ["MAX_STREAMS", "ShareServer", "new_token"]

MAX_STREAMS = 64
MAX_REQUEST_LINE = 2048
MAX_HEADERS = 16 * 1024
IO_TIMEOUT = 10.0  # seconds a read or a send may take before the connection is dropped
KEEPALIVE = 15.0  # seconds between comments on a quiet stream (so proxies and phones keep it)
LOOK_AGAIN = 1.0  # seconds between looks whether a quiet stream's phone has gone


def new_token() -> str:
    return secrets.token_urlsafe(12)


class _TooLarge(Exception):
    pass


class _Capped:
    """The request's reader, refusing headers past :data:`MAX_HEADERS` in all."""

    def __init__(self, raw: io.BufferedIOBase, budget: int) -> None:
        self.raw, self.budget = raw, budget

    def readline(self, limit: int = -1) -> bytes:
        line = self.raw.readline(min(limit, self.budget + 1) if limit >= 0 else self.budget + 1)
        self.budget -= len(line)
        if self.budget < 0:
            raise _TooLarge
        return line

    def read(self, size: int = -1) -> bytes:  # headers are read by lines; nothing else is read
        return b""


class _Handler(http.server.BaseHTTPRequestHandler):
    server: _Server
    timeout = IO_TIMEOUT
    server_version = "Emberkeep"
    sys_version = ""
    protocol_version = "HTTP/1.0"  # one request per connection: nothing to keep track of

    def handle_one_request(self) -> None:
        try:
            self.raw_requestline = self.rfile.readline(MAX_REQUEST_LINE + 1)
            if len(self.raw_requestline) > MAX_REQUEST_LINE:
                self.requestline = self.request_version = self.command = ""
                self._plain(414, "Request line too long")
                return
            if not self.raw_requestline:
                self.close_connection = True
                return
            real = self.rfile
            self.rfile = _Capped(real, MAX_HEADERS)  # type: ignore[assignment]
            try:
                ok = self.parse_request()
            except _TooLarge:
                self.close_connection = True
                self._plain(431, "Request headers too large")
                return
            finally:
                self.rfile = real
            if not ok:
                return
            self.close_connection = True
            if self.command != "GET":
                self._plain(405, "Method not allowed", allow=True)
                return
            self._get()
        except (TimeoutError, ConnectionError, OSError):
            self.close_connection = True

    def send_error(self, code: int, message: str | None = None,
                   explain: str | None = None) -> None:
        """What ``parse_request`` refuses (a malformed line): plain text, no echo of it."""
        self.close_connection = True
        self.request_version = self.protocol_version  # a status line even to "HTTP/0.9"
        self._plain(code, "Bad request" if code < 500 else "Server error")

    def log_message(self, format: str, *args: Any) -> None:
        """Nothing logged: a request's line holds the token."""

    # -- answers --------------------------------------------------------------------------

    def _headers(self, code: int, content_type: str, length: int | None = None) -> None:
        self.send_response_only(code)
        self.send_header("Server", self.server_version)
        self.send_header("Content-Type", content_type)
        if length is not None:
            self.send_header("Content-Length", str(length))
        self.send_header("Cache-Control", "no-store")
        self.send_header("Referrer-Policy", "no-referrer")
        self.send_header("X-Content-Type-Options", "nosniff")
        self.send_header("X-Frame-Options", "DENY")
        self.send_header("Content-Security-Policy", CSP)

    def _plain(self, code: int, text: str, *, allow: bool = False) -> None:
        body = (text + "\n").encode()
        self._headers(code, "text/plain; charset=utf-8", len(body))
        if allow:
            self.send_header("Allow", "GET")
        if code == 503:
            self.send_header("Retry-After", "5")
        self.end_headers()
        self.wfile.write(body)

    def _get(self) -> None:
        path = self.path.split("?", 1)[0]
        parts = path.split("/")
        # "", token, then: "" (the page) | "events" | "sheet", key[, "events"]
        if len(parts) < 2 or not hmac.compare_digest(parts[1].encode(),
                                                     self.server.token.encode()):
            self._plain(404, "Not found")
            return
        rest = [p for p in parts[2:]]
        if rest and rest[-1] == "":
            rest.pop()
        snapshot = self.server.latest
        if not rest:
            self._page(snapshot.table.title if snapshot.table else "The table",
                       snapshot.table_data)
        elif rest == ["events"]:
            self._stream(lambda s: s.table_data)
        elif len(rest) == 2 and rest[0] == "sheet" and snapshot.sheet(rest[1]) is not None:
            key = rest[1]
            found = next(s for s in snapshot.sheets if s.key == key)
            self._page(found.view.name, snapshot.sheet(key) or NO_SHEET)
        elif len(rest) == 3 and rest[0] == "sheet" and rest[2] == "events" \
                and snapshot.sheet(rest[1]) is not None:
            key = rest[1]
            self._stream(lambda s: s.sheet(key) or NO_SHEET)
        else:
            self._plain(404, "Not found")

    def _gone(self) -> bool:
        """The phone closed its end (nothing else is ever sent to us on a stream)."""
        try:
            readable, _w, _x = select.select([self.connection], [], [], 0)
            return bool(readable) and not self.connection.recv(1, socket.MSG_PEEK)
        except OSError:
            return True

    def _page(self, title: str, data: str) -> None:
        body = page(title, data)
        self._headers(200, "text/html; charset=utf-8", len(body))
        self.end_headers()
        self.wfile.write(body)

    def _stream(self, data_of: Any) -> None:
        server = self.server
        if not server.open_stream():
            self._plain(503, "Too many open pages; try again shortly")
            return
        try:
            self._headers(200, "text/event-stream; charset=utf-8")
            self.end_headers()
            self.wfile.write(b"retry: 2000\n\n")
            sent: str | None = None
            version = -1
            quiet_since = time.monotonic()
            while not server.stopping:
                snapshot = server.latest
                if snapshot.version != version:
                    version = snapshot.version
                    data = data_of(snapshot)
                    if data != sent:
                        sent = data
                        self.wfile.write(f"id: {version}\ndata: {data}\n\n".encode())
                        quiet_since = time.monotonic()
                if server.wait_newer(version, LOOK_AGAIN):
                    continue
                if self._gone():
                    break  # the phone left the page: its place is free for another
                if time.monotonic() - quiet_since >= KEEPALIVE:
                    self.wfile.write(b": still here\n\n")
                    quiet_since = time.monotonic()
        finally:
            server.close_stream()


class _Server(http.server.ThreadingHTTPServer):
    daemon_threads = True
    allow_reuse_address = True

    def __init__(self, address: tuple[str, int], token: str, first: Shared) -> None:
        super().__init__(address, _Handler)
        self.token = token
        self.latest = first
        self.stopping = False
        self.changed = threading.Condition()
        self.streams = 0
        self._count = threading.Lock()

    def open_stream(self) -> bool:
        with self._count:
            if self.streams >= MAX_STREAMS:
                return False
            self.streams += 1
            return True

    def close_stream(self) -> None:
        with self._count:
            self.streams -= 1

    def wait_newer(self, version: int, timeout: float) -> bool:
        """Wait until a snapshot newer than ``version`` (or the stop); False on a timeout."""
        with self.changed:
            return self.changed.wait_for(
                lambda: self.latest.version != version or self.stopping, timeout)

    def get_request(self) -> tuple[socket.socket, Any]:
        conn, address = super().get_request()
        conn.settimeout(IO_TIMEOUT)  # reads and sends alike
        return conn, address


class ShareServer:
    """One share: started on an address and port, fed snapshots, stopped."""

    def __init__(self, host: str, port: int, token: str | None = None) -> None:
        self.token = token or new_token()
        self._server = _Server((host, port), self.token, shared(0, None, ()))
        self.host = host
        self.port = int(self._server.server_address[1])  # the one given, or the free one of 0
        self._thread = threading.Thread(target=self._server.serve_forever,
                                        kwargs={"poll_interval": 0.25},
                                        name="emberkeep-share", daemon=True)
        self._thread.start()

    @property
    def url(self) -> str:
        return f"http://{self.host}:{self.port}/{self.token}/"

    @property
    def streams(self) -> int:
        return self._server.streams

    @property
    def latest(self) -> Shared:
        return self._server.latest

    def publish(self, snapshot: Shared) -> None:
        """Hand the server a new snapshot (from the GUI's thread): swapped in, streams woken."""
        server = self._server
        server.latest = snapshot
        with server.changed:
            server.changed.notify_all()

    def stop(self) -> None:
        """Close the port and every open stream; returns once the server's loop has ended."""
        server = self._server
        server.stopping = True
        with server.changed:
            server.changed.notify_all()
        server.shutdown()
        server.server_close()
        self._thread.join(timeout=2)
