"""Where a table file may send your API keys, and which of them.

A shared ``table.toml`` could name any environment variable (``api_key_env``) or any
file (``api_key_file``) as the key source, and any ``base_url`` to send it to. The key
sent is the user's choice, not the file's: a key source the table file names is
honoured only when the user confirms its endpoint on the command line
(``--send-key-to URL``), whatever the endpoint (this computer included: a file must not
pick which of your secrets a local server receives); otherwise the game is refused with
one line saying how. The default key (``OPENAI_API_KEY``) may go without confirmation to
an endpoint given on the command line, the provider's default endpoint or a loopback
endpoint, and needs it for any other endpoint the file names.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from ipaddress import ip_address
from typing import Any
from urllib.parse import urlsplit

OPENAI_URL = "https://api.openai.com/v1"


class KeyDestinationRefused(ValueError):
    """A table file would send a key to an endpoint the user did not confirm."""


def normalise_url(url: str) -> str:
    return url.strip().rstrip("/").lower()


def is_loopback(url: str) -> bool:
    host = urlsplit(url if "//" in url else f"//{url}").hostname or ""
    if host == "localhost":
        return True
    try:
        return ip_address(host).is_loopback
    except ValueError:
        return False


@dataclass(frozen=True, slots=True)
class KeyUse:
    """One place a table file asks for a key: where, which source, and the endpoint it goes to."""

    where: str
    source: str
    """``api_key_env``, ``api_key_file`` or ``the environment`` (the default variable)."""
    endpoint: str
    from_file: bool
    """The source is written in the table file (not the default)."""


def key_uses(
    where: str,
    section: Mapping[str, Any],
    *,
    base_url: str | None,
    cli_key: bool,
    url_from_file: bool,
) -> list[KeyUse]:
    """The key uses of one ``[llm]`` section or seat entry (none when the key comes from the command line)."""
    if cli_key or section.get("api_key"):
        return []
    endpoint = base_url or OPENAI_URL
    named = [KeyUse(where, name, endpoint, True) for name in ("api_key_env", "api_key_file") if name in section]
    if named:
        return named  # the file picks which secret: always the user's to confirm
    if not url_from_file or is_loopback(endpoint):
        return []  # the default key, to an endpoint of the user's choice (or the default provider), or this computer
    return [KeyUse(where, "the environment", endpoint, False)]


def check_key_uses(
    uses: Iterable[KeyUse],
    confirmed: Iterable[str],
    alternative: str = ", or give the key yourself (--api-key-file / --api-key-env)",
) -> None:
    """Raise :class:`KeyDestinationRefused` for the first use whose endpoint is not confirmed."""
    allowed = {normalise_url(url) for url in confirmed}
    for use in uses:
        if normalise_url(use.endpoint) not in allowed:
            raise KeyDestinationRefused(
                f"{use.where} sends an API key ({use.source}) to {use.endpoint}: "
                f"confirm that endpoint with --send-key-to {use.endpoint}{alternative}"
            )
