"""Links that work from the phones at the table: the server's addresses on the local network.

``serve --host 0.0.0.0`` listens on every interface, but ``127.0.0.1`` means "this
computer" to a phone. :func:`lan_addresses` reads this machine's own interface
addresses (no packet is sent anywhere), :func:`public_bases` turns the listening
address (or ``--public-url``) into the base URLs people can open, and
:func:`qr_data_uri` draws a link as a QR code for the host page.
"""

from __future__ import annotations

import ipaddress
import socket
import struct
from collections.abc import Callable, Iterable, Sequence
from functools import lru_cache
from urllib.parse import urlsplit

import segno

LOOPBACK_HOSTS = frozenset({"127.0.0.1", "localhost", "::1"})
ANY_HOSTS = frozenset({"0.0.0.0", "::", ""})
_SIOCGIFADDR = 0x8915
"""Linux ioctl that reads an interface's IPv4 address."""


class LinkError(ValueError):
    """A ``--public-url`` that cannot be a link (shown as it is)."""


def _interface_ipv4() -> list[str]:
    """IPv4 addresses of this machine's interfaces (Linux ioctl; empty elsewhere)."""
    try:
        import fcntl
    except ImportError:  # pragma: no cover - not a POSIX system
        return []
    try:
        names = [name for _, name in socket.if_nameindex()]
    except OSError:
        return []
    found: list[str] = []
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:  # only a handle for the ioctl: never sends
        for name in names:
            try:
                packed = fcntl.ioctl(probe.fileno(), _SIOCGIFADDR, struct.pack("256s", name.encode()[:15]))
            except OSError:
                continue
            found.append(socket.inet_ntoa(packed[20:24]))
    return found


def _hostname_ipv4() -> list[str]:
    try:
        infos = socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)
    except OSError:
        return []
    return [str(info[4][0]) for info in infos]


def usable_lan(addresses: Iterable[str]) -> list[str]:
    """The addresses a phone on the same network can reach, private ranges first, no duplicates.

    Loopback, link-local, unspecified and multicast addresses are left out.
    """
    kept: list[ipaddress.IPv4Address | ipaddress.IPv6Address] = []
    for text in addresses:
        try:
            address = ipaddress.ip_address(text.split("%")[0])
        except ValueError:
            continue
        if address.is_loopback or address.is_link_local or address.is_unspecified or address.is_multicast:
            continue
        if address not in kept:
            kept.append(address)
    kept.sort(key=lambda a: (not a.is_private, a.version, a.packed))
    return [str(a) for a in kept]


def lan_addresses(sources: Sequence[Callable[[], list[str]]] = (_interface_ipv4, _hostname_ipv4)) -> list[str]:
    """This machine's addresses on the local network (read from its interfaces; nothing is sent)."""
    found: list[str] = []
    for source in sources:
        found.extend(source())
    return usable_lan(found)


def _url_host(address: str) -> str:
    return f"[{address}]" if ":" in address else address


def check_public_url(url: str) -> str:
    """``url`` without a trailing slash, if it is an ``http(s)://host[:port][/path]`` URL."""
    parts = urlsplit(url.strip())
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise LinkError(f"bad --public-url {url!r}: give an address such as http://192.168.1.20:8765")
    if parts.query or parts.fragment:
        raise LinkError(f"bad --public-url {url!r}: no query or fragment")
    return url.strip().rstrip("/")


def public_bases(host: str, port: int, *, public_url: str | None = None, addresses: Sequence[str] = ()) -> list[str]:
    """The base URLs of the pages, best first (the first one goes into seat links and QR codes).

    ``public_url`` wins (a reverse proxy, a name in the local DNS); a server listening on every
    interface is reached at each LAN address of ``addresses``; a loopback-only server at
    ``127.0.0.1`` (nobody else can reach it); a server bound to one address at that address.
    """
    if public_url:
        return [check_public_url(public_url)]
    host = host.strip()
    if host in ANY_HOSTS:
        lan = usable_lan(addresses)
        if lan:
            return [f"http://{_url_host(a)}:{port}" for a in lan]
        return [f"http://127.0.0.1:{port}"]
    if host.lower() in LOOPBACK_HOSTS:
        return [f"http://{_url_host('127.0.0.1' if host == 'localhost' else host)}:{port}"]
    return [f"http://{_url_host(host)}:{port}"]


def reachable_from_others(base: str) -> bool:
    """``False`` when ``base`` is a loopback address (a link that only works on this computer)."""
    host = urlsplit(base).hostname or ""
    if host == "localhost":
        return False
    try:
        return not ipaddress.ip_address(host).is_loopback
    except ValueError:
        return True  # a name: the user chose it


@lru_cache(maxsize=512)
def qr_data_uri(url: str) -> str:
    """The link as an SVG QR code in a ``data:`` URI (the page's CSP allows ``img-src data:``)."""
    code = segno.make(url, error="m", micro=False)
    return str(code.svg_data_uri(scale=4, border=2, dark="#000", light="#fff"))
