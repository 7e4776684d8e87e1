"""Links for phones: LAN addresses, ``--public-url``, absolute seat links and QR codes on the host view.

Addresses are injected: no test sends anything to a non-loopback address.
"""

from __future__ import annotations

import base64
from urllib.parse import unquote

import pytest
from fastapi.testclient import TestClient

from llm_werewolf.cli.commands.serve import serve_banner
from llm_werewolf.strings.script import in_language
from llm_werewolf.web.app import create_app
from llm_werewolf.web.links import (
    LinkError,
    check_public_url,
    lan_addresses,
    public_bases,
    qr_data_uri,
    reachable_from_others,
    usable_lan,
)
from llm_werewolf.web.tables import Lobby

from .support import HOST, create, seats


def test_usable_lan_keeps_private_addresses_first_and_drops_loopback_and_link_local() -> None:
    found = ["127.0.0.1", "203.0.113.9", "192.168.1.20", "169.254.3.3", "10.0.0.5", "192.168.1.20", "0.0.0.0", "::1"]
    assert usable_lan(found) == ["10.0.0.5", "192.168.1.20", "203.0.113.9"]


def test_lan_addresses_merges_its_sources() -> None:
    def interfaces() -> list[str]:
        return ["127.0.0.1", "192.168.1.20"]

    def hostname() -> list[str]:
        return ["127.0.1.1", "192.168.1.20", "10.1.2.3"]

    assert lan_addresses((interfaces, hostname)) == ["10.1.2.3", "192.168.1.20"]


def test_lan_addresses_of_this_machine_are_never_loopback() -> None:
    for address in lan_addresses():
        assert not address.startswith("127.")


def test_bound_to_every_interface_the_links_use_the_lan_address() -> None:
    assert public_bases("0.0.0.0", 8765, addresses=["127.0.0.1", "192.168.1.20"]) == ["http://192.168.1.20:8765"]
    assert public_bases("::", 80, addresses=["fd00::5"]) == ["http://[fd00::5]:80"]


def test_without_a_lan_address_or_bound_to_loopback_the_link_is_this_computers() -> None:
    assert public_bases("0.0.0.0", 8765, addresses=["127.0.0.1"]) == ["http://127.0.0.1:8765"]
    assert public_bases("127.0.0.1", 8765, addresses=["192.168.1.20"]) == ["http://127.0.0.1:8765"]
    assert public_bases("localhost", 9000) == ["http://127.0.0.1:9000"]


def test_bound_to_one_address_the_links_use_it() -> None:
    assert public_bases("192.168.1.20", 8765, addresses=["10.0.0.5"]) == ["http://192.168.1.20:8765"]


def test_public_url_wins_and_is_checked() -> None:
    bases = public_bases("0.0.0.0", 8765, public_url="https://werewolf.lan/table/", addresses=["10.0.0.5"])
    assert bases == ["https://werewolf.lan/table"]
    with pytest.raises(LinkError, match="public-url"):
        check_public_url("ftp://x")
    with pytest.raises(LinkError, match="no query"):
        check_public_url("http://x/?a=1")


def test_reachable_from_others() -> None:
    assert not reachable_from_others("http://127.0.0.1:8765")
    assert not reachable_from_others("http://localhost:8765")
    assert reachable_from_others("http://192.168.1.20:8765")
    assert reachable_from_others("https://werewolf.lan")


def test_qr_code_is_an_svg_data_uri() -> None:
    uri = qr_data_uri("http://192.168.1.20:8765/t/x/seat/1?token=abc")
    assert uri.startswith("data:image/svg+xml")
    payload = uri.split(",", 1)[1]
    svg = base64.b64decode(payload).decode() if ";base64" in uri.split(",", 1)[0] else unquote(payload)
    assert "<svg" in svg and "path" in svg


def test_host_view_has_absolute_seat_links_and_qr_codes_from_the_lobby_base() -> None:
    lobby = Lobby(host_token=HOST, base_url="http://192.168.1.20:8765/")
    with TestClient(create_app(lobby)) as client:
        table = create(client, variant="one_night", language="en", seats=seats("human", "human", "heuristic"))
    human = table["seats"][0]
    assert human["url"] == "http://192.168.1.20:8765" + human["link"]
    assert human["qr"].startswith("data:image/svg+xml")
    assert table["seats"][2]["url"] is None and table["seats"][2]["qr"] is None  # an AI seat has no link
    assert table["base"] == "http://192.168.1.20:8765" and table["reachable"] is True


def test_without_a_lobby_base_links_use_the_address_the_host_page_was_opened_at(client: TestClient) -> None:
    table = create(client, variant="one_night", language="en", seats=seats("human", "heuristic", "heuristic"))
    assert table["seats"][0]["url"].startswith("http://testserver/t/")


def test_serve_banner_names_the_lan_address_or_says_only_this_computer() -> None:
    lines = serve_banner("0.0.0.0", 8765, ["http://192.168.1.20:8765"], "tok", reachable=True)
    assert lines[0] == "Host page (keep this link to yourself): http://127.0.0.1:8765/host?token=tok"
    assert "http://192.168.1.20:8765" in lines[1]
    local = serve_banner("127.0.0.1", 8765, ["http://127.0.0.1:8765"], "tok", reachable=False)
    assert "Only this computer" in local[1]


def test_every_switch_and_value_of_every_ruleset_is_named_in_every_language(client: TestClient) -> None:
    from llm_werewolf.rules.variant import BUILTIN_MODULES

    english_help = {
        (r["id"], o["name"]): o["help"]
        for r in client.get("/api/host/rulesets", headers={"X-Host-Token": HOST}).json()["rulesets"]
        for o in r["options"]
    }
    for lang in ("ar", "ar-LB", "he", "ru", "zh-Hant"):  # English: the ids with spaces
        data = client.get("/api/host/rulesets", params={"lang": lang}, headers={"X-Host-Token": HOST}).json()
        for ruleset in data["rulesets"]:
            if ruleset["id"] not in BUILTIN_MODULES:
                continue
            for option in ruleset["options"]:
                assert option["label"] != option["name"].replace("_", " "), (lang, option["name"])
                # the tooltip: a description of its own in the page's language, never the English one
                english = english_help[ruleset["id"], option["name"]]
                assert english and option["help"] and option["help"] != english, (lang, ruleset["id"], option["name"])
                assert in_language(option["help"], lang), (lang, ruleset["id"], option["help"])
                named = [v for v in option["values"] if isinstance(v, str)]
                assert set(option["value_labels"]) == set(named), (lang, option["name"])
    english = client.get("/api/host/rulesets", headers={"X-Host-Token": HOST}).json()
    first = english["rulesets"][0]["options"][0]
    assert first["label"] == first["name"].replace("_", " ")
