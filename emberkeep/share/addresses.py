"""The machine's IPv4 addresses the share may listen on, private ones first.

A table's phones reach the GM's laptop over the room's own network: its private address
(192.168…, 10…, 172.16-31…). A public address would let anyone on the internet reach the page,
so it is listed only to be picked on purpose, never first. Loopback (this computer only) is
always there, for a browser on the laptop itself and for the tests.

Found without any network traffic: each interface's address where the system says (Linux's
``SIOCGIFADDR``), the host name's addresses, and the address a UDP socket would send from
(``connect`` on UDP sends nothing).
"""

from __future__ import annotations

import ipaddress
import socket
import struct
from dataclasses import dataclass
from typing import Literal

__all__ = ["LOOPBACK", "Address", "kind_of", "local_addresses"]

Kind = Literal["private", "loopback", "public"]
LOOPBACK = "127.0.0.1"
_SIOCGIFADDR = 0x8915


@dataclass(frozen=True, slots=True)
class Address:
    host: str
    kind: Kind
    interface: str = ""

    @property
    def label(self) -> str:
        where = f" ({self.interface})" if self.interface else ""
        if self.kind == "loopback":
            return f"{self.host}: this computer only"
        if self.kind == "private":
            return f"{self.host}{where}: the local network"
        return f"{self.host}{where}: PUBLIC — anyone who can reach it could open the page"


def kind_of(host: str) -> Kind:
    ip = ipaddress.ip_address(host)
    if ip.is_loopback:
        return "loopback"
    if ip.is_private or ip.is_link_local:
        return "private"
    return "public"


def _interfaces() -> list[tuple[str, str]]:
    """(interface, address) of each IPv4 interface, where the system tells (Linux)."""
    try:
        import fcntl
    except ImportError:  # not a POSIX system
        return []
    found = []
    try:
        names = socket.if_nameindex()
    except OSError:
        return []
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        for _index, name in names:
            try:
                packed = fcntl.ioctl(probe.fileno(), _SIOCGIFADDR,
                                     struct.pack("256s", name[:15].encode()))
            except OSError:
                continue  # no IPv4 address on it
            found.append((name, socket.inet_ntoa(packed[20:24])))
    return found


def _routed() -> list[str]:
    """The address the system would send from toward each private range and the internet."""
    found = []
    for target in ("192.168.255.255", "10.255.255.255", "172.31.255.255", "203.0.113.1"):
        try:
            with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
                probe.connect((target, 9))
                found.append(str(probe.getsockname()[0]))
        except OSError:
            continue
    return found


def _named() -> list[str]:
    try:
        infos = socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)
    except OSError:
        return []
    return [str(info[4][0]) for info in infos]


def local_addresses() -> list[Address]:
    """Private addresses first, then loopback, then any public one (to be chosen on purpose)."""
    seen: dict[str, Address] = {}
    for interface, host in _interfaces():
        seen.setdefault(host, Address(host, kind_of(host), interface))
    for host in (*_routed(), *_named(), LOOPBACK):
        if host != "0.0.0.0":
            seen.setdefault(host, Address(host, kind_of(host)))
    order: dict[Kind, int] = {"private": 0, "loopback": 1, "public": 2}
    return sorted(seen.values(), key=lambda a: (order[a.kind], a.host != LOOPBACK))
