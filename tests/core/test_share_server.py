"""The share server on loopback: the token guards every path, nothing but GET is answered,
requests and open streams are bounded, a stalled phone slows nobody, and the stream follows
each published snapshot."""

from __future__ import annotations

import http.client
import json
import socket
import time
import urllib.error
import urllib.request
from collections.abc import Iterator

import pytest

from emberkeep.encounter.table_view import TableRow, TableView
from emberkeep.share import server as share_server
from emberkeep.share.page import CSP
from emberkeep.share.server import ShareServer
from emberkeep.share.snapshot import shared

HOSTILE = '<img src=x onerror="alert(1)"></script><script>alert(2)</script>'


def _view(acting: str = "Ysolde", title: str = "Ogre den") -> TableView:
    rows = (TableRow("c1", None, "Ysolde", "party", "7/9 HP", "", acting == "Ysolde", False,
                     True),
            TableRow("c2", None, HOSTILE, "foes", "bloodied", "FRIGHTENED", acting == HOSTILE,
                     False, False))
    return TableView(title, "round 1", 1, acting, "", rows, ())


@pytest.fixture
def server() -> Iterator[ShareServer]:
    running = ShareServer("127.0.0.1", 0)
    running.publish(shared(1, _view(), ()))
    yield running
    running.stop()


def _get(url: str, method: str = "GET") -> tuple[int, dict[str, str], bytes]:
    request = urllib.request.Request(url, method=method)
    try:
        with urllib.request.urlopen(request, timeout=5) as answer:
            return answer.status, dict(answer.headers), answer.read()
    except urllib.error.HTTPError as refused:
        return refused.code, dict(refused.headers), refused.read()


def _raw(server: ShareServer, data: bytes) -> bytes:
    with socket.create_connection((server.host, server.port), timeout=5) as conn:
        conn.sendall(data)
        out = b""
        while chunk := conn.recv(4096):
            out += chunk
        return out


def _events(server: ShareServer, path: str = "events") -> http.client.HTTPResponse:
    conn = http.client.HTTPConnection(server.host, server.port, timeout=5)
    conn.request("GET", f"/{server.token}/{path}")
    answer = conn.getresponse()
    assert answer.status == 200
    assert answer.headers["Content-Type"].startswith("text/event-stream")
    return answer


def _next_data(stream: http.client.HTTPResponse) -> dict[str, object]:
    while True:
        line = stream.readline()
        assert line, "the stream ended"
        if line.startswith(b"data: "):
            data: dict[str, object] = json.loads(line[6:])
            return data


def test_the_page_is_served_with_its_token_and_strict_headers(server: ShareServer) -> None:
    status, headers, body = _get(server.url)
    assert status == 200 and headers["Content-Type"] == "text/html; charset=utf-8"
    assert headers["Content-Security-Policy"] == CSP and "default-src 'none'" in CSP
    assert "unsafe-inline" not in CSP and "script-src 'sha256-" in CSP
    assert headers["Cache-Control"] == "no-store" and headers["Referrer-Policy"] == "no-referrer"
    assert headers["X-Content-Type-Options"] == "nosniff"
    page = body.decode()
    assert "<title>Ogre den</title>" in page and "Ysolde" in page
    # the hostile name is in the page only as escaped JSON data, never as markup
    assert "<img" not in page and "</script><script>alert" not in page
    assert "\\u003cimg src=x" in page


def test_a_wrong_or_missing_token_and_unknown_paths_are_404(server: ShareServer) -> None:
    base = f"http://{server.host}:{server.port}"
    wrong = server.token[:-1] + ("A" if server.token[-1] != "A" else "B")
    for path in ("/", f"/{wrong}/", f"/{wrong}/events", f"/{server.token[:8]}/", "/favicon.ico",
                 f"/{server.token}/nothing", f"/{server.token}/sheet/nokey",
                 f"/{server.token}/sheet/nokey/events", f"/{server.token}/../etc/passwd"):
        status, _headers, body = _get(base + path)
        assert (status, body) == (404, b"Not found\n"), path
        assert server.token.encode() not in body


@pytest.mark.parametrize("method", ["POST", "PUT", "DELETE", "PATCH", "HEAD", "OPTIONS"])
def test_every_method_but_get_is_405(server: ShareServer, method: str) -> None:
    status, headers, _body = _get(server.url, method)
    assert status == 405 and headers["Allow"] == "GET"
    assert server.latest.version == 1  # nothing changed


def test_requests_are_bounded(server: ShareServer) -> None:
    long_line = f"GET /{server.token}/{'x' * 4000} HTTP/1.0\r\n\r\n".encode()
    assert _raw(server, long_line).startswith(b"HTTP/1.0 414")
    many_headers = (f"GET /{server.token}/ HTTP/1.0\r\n".encode()
                    + b"".join(b"X-Pad-%d: %s\r\n" % (i, b"y" * 1000) for i in range(40))
                    + b"\r\n")
    assert _raw(server, many_headers).startswith(b"HTTP/1.0 431")
    assert _raw(server, b"NONSENSE\r\n\r\n").startswith(b"HTTP/1.0 400")
    assert _get(server.url)[0] == 200  # and the server goes on


def test_the_stream_follows_each_snapshot_within_a_second(server: ShareServer) -> None:
    stream = _events(server)
    first = _next_data(stream)
    assert first["kind"] == "table"
    started = time.monotonic()
    server.publish(shared(2, _view(acting=HOSTILE), ()))
    second = _next_data(stream)
    assert time.monotonic() - started < 1.0
    fight = second["fight"]
    assert isinstance(fight, dict) and fight["acting"] == HOSTILE
    stream.close()


def test_open_streams_are_bounded_and_freed(monkeypatch: pytest.MonkeyPatch,
                                            server: ShareServer) -> None:
    monkeypatch.setattr(share_server, "MAX_STREAMS", 3)
    streams = [_events(server) for _ in range(3)]
    for stream in streams:
        _next_data(stream)
    status, headers, _body = _get(server.url + "events")
    assert status == 503 and headers["Retry-After"] == "5"
    streams.pop().close()  # a phone leaves the page: its place is free within a few seconds
    deadline = time.monotonic() + 5
    while server.streams >= 3 and time.monotonic() < deadline:
        time.sleep(0.05)
    assert server.streams == 2
    streams.append(_events(server))
    for stream in streams:
        stream.close()


def test_a_stalled_client_slows_neither_publishing_nor_the_others(
        monkeypatch: pytest.MonkeyPatch, server: ShareServer) -> None:
    monkeypatch.setattr(share_server, "IO_TIMEOUT", 1.0)
    stalled = socket.create_connection((server.host, server.port))
    stalled.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    stalled.sendall(f"GET /{server.token}/events HTTP/1.0\r\n\r\n".encode())  # never read
    reader = _events(server)
    _next_data(reader)
    big = _view(title="x" * 200_000)  # fills the stalled one's buffers at once
    slowest = 0.0
    for version in range(2, 12):
        started = time.monotonic()
        server.publish(shared(version, big if version % 2 else _view(title=str(version)), ()))
        slowest = max(slowest, time.monotonic() - started)
        data = _next_data(reader)
        assert data["kind"] == "table"
    assert slowest < 0.05
    version, deadline = 12, time.monotonic() + 10
    while server.streams > 1 and time.monotonic() < deadline:  # till the buffers are full
        version += 1
        server.publish(shared(version, _view(title=f"{version}" * 100_000), ()))
        _next_data(reader)
    assert server.streams == 1  # the stalled one was dropped, a second after it stopped
    server.publish(shared(99, _view(title="after"), ()))
    assert _next_data(reader)["fight"]["title"] == "after"  # type: ignore[index]
    stalled.close()
    reader.close()


def test_stopping_ends_the_streams_and_closes_the_port() -> None:
    running = ShareServer("127.0.0.1", 0)
    stream = _events(running)
    _next_data(stream)
    running.stop()
    assert stream.read().strip() == b""  # the stream ended (read returns: no timeout)
    with pytest.raises(OSError):
        socket.create_connection((running.host, running.port), timeout=1).close()
