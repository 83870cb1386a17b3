"""The share server: the players' page and its event stream, read-only, off the GUI's thread.

A :class:`ShareServer` is a standard-library ``ThreadingHTTPServer`` on one address and port,
running in a daemon thread; each request gets its own short thread, and every open event stream
is then written by one more thread, non-blocking (:class:`_Streams`). The window hands the
server a new immutable :class:`~emberkeep.share.snapshot.Shared` after each step
(:meth:`ShareServer.publish`: a reference swapped, and the writer woken by one byte); no server
thread touches the fight or the campaign, and fifty phones cost one wake-up per step.

Safety, for a page anyone in the room's network could try:

- every path starts with the share's random token (``secrets.token_urlsafe``, compared in
  constant time); a wrong or missing token is a plain 404, as is any unknown path;
- GET only: any other method is a 405, and nothing any request says changes anything;
- a request line of at most 2 KiB and headers of at most 16 KiB (414, 431), read with a
  10-second timeout; a phone that stops reading its stream is dropped after 10 seconds (or
  1 MiB unread), one that closes it at once;
- at most :data:`MAX_STREAMS` event streams at once (503 beyond: the page retries);
- responses say ``no-store``, ``no-referrer`` (the token is in the address), ``nosniff``, and
  the page's strict Content-Security-Policy.
"""

from __future__ import annotations

import contextlib
import hmac
import http.server
import io
import secrets
import selectors
import socket
import threading
import time
from collections.abc import Callable
from typing import Any

from emberkeep.share.page import CSP, page
from emberkeep.share.snapshot import NO_SHEET, Shared, shared

__all__ = ["MAX_STREAMS", "ShareServer", "new_token"]

MAX_STREAMS = 64
MAX_REQUEST_LINE = 2048
MAX_HEADERS = 16 * 1024
IO_TIMEOUT = 10.0  # seconds a read or a send may take before the connection is dropped
KEEPALIVE = 15.0  # seconds between comments on a quiet stream (so proxies and phones keep it)
LOOK_AGAIN = 1.0  # seconds the streams' writer sleeps at most between looks
MAX_PENDING = 1 << 20  # bytes a phone may leave unread before it is dropped


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

    def _page(self, title: str, data: str) -> None:
        body = page(title, data)
        self._headers(200, "text/html; charset=utf-8", len(body))
        self.end_headers()
        self.wfile.write(body)

    def _stream(self, data_of: Callable[[Shared], str]) -> None:
        """The event stream's headers from this thread, then the connection is handed to the
        one thread that writes every stream (:class:`_Streams`), and this thread ends."""
        server = self.server
        if not server.open_stream():
            self._plain(503, "Too many open pages; try again shortly")
            return
        try:
            self._headers(200, "text/event-stream; charset=utf-8")
            self.end_headers()
            self.wfile.write(b"retry: 2000\n\n")
            server.streams_thread.add(self.connection.dup(), data_of)
            server.handed.add(self.connection)
        except BaseException:
            server.close_stream()
            raise


class _Stream:
    """One phone's open event stream, as the writing thread keeps it."""

    __slots__ = ("conn", "data_of", "pending", "sent", "since")

    def __init__(self, conn: socket.socket, data_of: Callable[[Shared], str]) -> None:
        self.conn, self.data_of = conn, data_of
        self.sent: str | None = None
        self.pending = b""  # what the phone has not taken yet
        self.since = time.monotonic()  # when it last took something (or was last fed)


class _Streams(threading.Thread):
    """The one thread that writes every event stream, non-blocking: a new snapshot wakes it
    once, it queues the snapshot's event for each stream whose data changed and sends what
    each phone takes. A phone that takes nothing for :data:`IO_TIMEOUT` seconds, or lets
    :data:`MAX_PENDING` bytes pile up, is dropped; one that closes is dropped at once. So
    fifty phones cost one wake-up per step, and no phone can hold anyone up."""

    def __init__(self, server: _Server) -> None:
        super().__init__(name="emberkeep-share-streams", daemon=True)
        self.server = server
        self.selector = selectors.DefaultSelector()
        self.wake_in, self.wake_out = socket.socketpair()
        self.wake_in.setblocking(False)
        self.selector.register(self.wake_out, selectors.EVENT_READ)
        self.arriving: list[_Stream] = []
        self.lock = threading.Lock()
        self.streams: dict[socket.socket, _Stream] = {}
        self.version = -1
        self.encoded: dict[str, bytes] = {}  # this snapshot's events, by their data

    def add(self, conn: socket.socket, data_of: Callable[[Shared], str]) -> None:
        conn.setblocking(False)
        with self.lock:
            self.arriving.append(_Stream(conn, data_of))
        self.wake()

    def wake(self) -> None:
        with contextlib.suppress(OSError):  # a byte already waiting wakes it as well
            self.wake_in.send(b"!")

    def run(self) -> None:
        quiet = time.monotonic()
        try:
            while not self.server.stopping:
                for key, events in self.selector.select(LOOK_AGAIN):
                    if key.fileobj is self.wake_out:
                        with contextlib.suppress(OSError):
                            self.wake_out.recv(4096)
                    elif events & selectors.EVENT_READ:
                        self._readable(key.data)
                with self.lock:
                    arriving, self.arriving = self.arriving, []
                latest = self.server.latest
                for stream in arriving:
                    self.streams[stream.conn] = stream
                    self.selector.register(stream.conn, selectors.EVENT_READ, stream)
                    self._feed(stream, latest)
                if latest.version != self.version:
                    self.version = latest.version
                    self.encoded.clear()
                    for stream in list(self.streams.values()):
                        self._feed(stream, latest)
                now = time.monotonic()
                if now - quiet >= KEEPALIVE:
                    quiet = now
                    for stream in list(self.streams.values()):
                        stream.pending += b": still here\n\n"
                for stream in list(self.streams.values()):
                    self._send(stream, now)
        finally:
            for stream in list(self.streams.values()):
                self._drop(stream)
            self.selector.close()
            self.wake_in.close()
            self.wake_out.close()

    def _feed(self, stream: _Stream, latest: Shared) -> None:
        data = stream.data_of(latest)
        if data != stream.sent:
            if not stream.pending:
                stream.since = time.monotonic()
            stream.sent = data
            event = self.encoded.get(data)
            if event is None:  # once per snapshot for all the phones on the same page
                event = self.encoded[data] = f"id: {latest.version}\ndata: {data}\n\n".encode()
            stream.pending += event

    def _send(self, stream: _Stream, now: float) -> None:
        if stream.pending:
            try:
                sent = stream.conn.send(stream.pending)
            except BlockingIOError:
                sent = 0
            except OSError:
                self._drop(stream)
                return
            if sent:
                stream.pending = stream.pending[sent:]
                stream.since = now
        if stream.pending and (now - stream.since > IO_TIMEOUT
                               or len(stream.pending) > MAX_PENDING):
            self._drop(stream)  # a phone that stopped reading: it reconnects when it can
            return
        wanted = selectors.EVENT_READ | (selectors.EVENT_WRITE if stream.pending else 0)
        if self.selector.get_key(stream.conn).events != wanted:
            self.selector.modify(stream.conn, wanted, stream)

    def _readable(self, stream: _Stream) -> None:
        """A stream's phone sends nothing after its request: readable means it closed."""
        if stream.conn not in self.streams:
            return
        try:
            if stream.conn.recv(4096):
                return
        except BlockingIOError:
            return
        except OSError:
            pass
        self._drop(stream)

    def _drop(self, stream: _Stream) -> None:
        if self.streams.pop(stream.conn, None) is None:
            return
        with contextlib.suppress(KeyError, ValueError):
            self.selector.unregister(stream.conn)
        with contextlib.suppress(OSError):
            stream.conn.close()
        self.server.close_stream()


class _Server(http.server.ThreadingHTTPServer):
    daemon_threads = True
    allow_reuse_address = True

    def __init__(self, address: tuple[str, int], token: str, first: Shared) -> None:
        super().__init__(address, _Handler)
        self.token = token
        self.latest = first
        self.stopping = False
        self.streams = 0
        self._count = threading.Lock()
        self.handed: set[socket.socket] = set()  # stream connections the writer now owns
        self.streams_thread = _Streams(self)
        self.streams_thread.start()

    def open_stream(self) -> bool:
        with self._count:
            if self.streams >= MAX_STREAMS:
                return False
            self.streams += 1
            return True

    def close_stream(self) -> None:
        with self._count:
            self.streams -= 1

    def shutdown_request(self, request: Any) -> None:
        """A stream handed to the writer is only closed here (its copy stays open): no
        ``shutdown``, which would end the connection for both."""
        if request in self.handed:
            self.handed.discard(request)
            self.close_request(request)
        else:
            super().shutdown_request(request)

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
        """Hand the server a new snapshot (from the GUI's thread): swapped in, and the
        streams' writer woken (one byte on a socket pair; it never blocks)."""
        server = self._server
        server.latest = snapshot
        server.streams_thread.wake()

    def stop(self) -> None:
        """Close the port and every open stream; returns once the server's loop has ended."""
        server = self._server
        server.stopping = True
        server.streams_thread.wake()
        server.shutdown()
        server.server_close()
        self._thread.join(timeout=2)
        server.streams_thread.join(timeout=2)
