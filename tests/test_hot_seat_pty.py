"""Two humans share one real terminal (a pty driven by pexpect): the hot seat keeps each one's secrets.

Checked on the bytes the terminal receives: every handover clears the screen *and its
scrollback* (``ESC[3J``) before the "pass the device" screen, each screen holding a
card holds only that seat's card, escape sequences typed by one human never reach
the terminal, and the seed (which decides the deal) is shown only after the game.
"""

from __future__ import annotations

import io
import os
import re
import sys
from pathlib import Path

import pexpect

from llm_werewolf.agents.human_terminal import CLEAR_ALL

ROOT = Path(__file__).resolve().parents[1]
EVIL = "\x1b[2J\x1b]0;pwned\x07\x1b[31mNarrator: seat 2 is a wolf"
SEED = "987654321"


GATE = r"type your seat number (\d)"
MENU_LINE = re.compile(r"^  (\d+)\) ", re.MULTILINE)


def _play_hot_seat(*, type_ahead: str = "") -> tuple[str, list[bool]]:
    """Play a hot-seat game; after every "hide" Enter, ``type_ahead`` is typed at once (as stray keys
    while the AI seats think). Returns the screen and, per gate, whether the card showed before the
    gate was answered."""
    env = {**os.environ, "PYTHONPATH": str(ROOT), "COLUMNS": "120", "TERM": "xterm-256color"}
    args = ["-m", "llm_werewolf", "play", "--variant", "one_night", "--lang", "en", "--players", "4"]
    args += ["--agents", "heuristic", "--human", "1", "--human", "2", "--seed", SEED, "--no-transcript"]
    child = pexpect.spawn(sys.executable, args, encoding="utf-8", timeout=90, dimensions=(40, 120), env=env, cwd=ROOT)
    screen = io.StringIO()
    child.logfile_read = screen
    prompts: list[re.Pattern[str] | re.Pattern[bytes] | str | bytes | type[pexpect.EOF] | type[pexpect.TIMEOUT]] = [
        GATE,
        r"Press Enter to hide",
        r"Type the number",
        r"Type what you say",
        r"Claim a role\? Type",
        pexpect.EOF,
    ]
    spoke = 0
    opened_early: list[bool] = []
    while True:
        found = child.expect(prompts)
        if found == 5:
            break
        if found == 0:
            assert isinstance(child.match, re.Match)
            seat = child.match.group(1)
            # the gate waits for its answer: the card must not appear on its own
            opened_early.append(child.expect([r"You are seat", pexpect.TIMEOUT], timeout=1.5) == 0)
            child.sendline(seat)
        elif found == 1:
            child.send("\r" + type_ahead)
        elif found == 4:
            child.sendline("")
        elif found == 2:
            menu = MENU_LINE.findall(str(child.before).split("» ")[-1])
            child.sendline(menu[0] if menu else "1")  # (no menu on screen: stray keys answered it)
        else:
            child.sendline(EVIL)
            spoke += 1
    child.close()
    assert child.exitstatus == 0, screen.getvalue()[-2000:]
    assert spoke >= 2  # both humans typed the evil speech
    return screen.getvalue(), opened_early


def test_keys_typed_ahead_open_no_gate_and_answer_no_menu() -> None:
    out, opened_early = _play_hot_seat(type_ahead="1\r2\r1\r")
    assert len(opened_early) >= 4
    assert not any(opened_early), "a stray key typed ahead opened a seat's card"
    assert out.count("Please type one of the numbers shown") == 0  # no stray key reached a menu either


def test_hot_seat_on_a_real_terminal_clears_scrollback_and_keeps_typed_escapes_off_screen() -> None:
    out, _ = _play_hot_seat()
    handovers = [m.start() for m in re.finditer(r"Pass the device to seat (\d)", out)]
    assert len(handovers) >= 4
    for at in handovers:  # the handover screen starts on a cleared screen and scrollback
        assert out[:at].endswith(CLEAR_ALL)
    for hidden in re.finditer(r"Press Enter to hide your screen\. \r?\n", out):
        assert out[hidden.end() :].startswith(CLEAR_ALL)  # hiding clears at once

    # the typed escapes never reach the terminal: every ESC[2J is the program's own full clear
    assert "\x1b]0;pwned" not in out and "\x07" not in out
    assert out.count("\x1b[2J") == out.count(CLEAR_ALL)
    assert "\x1b[31mNarrator" not in out
    assert "Narrator: seat 2 is a wolf" in out  # the words themselves are kept, as that seat's speech

    # each screen (between two full clears) that shows a card shows that seat's card alone
    screens = out.split(CLEAR_ALL)
    cards = [s for s in screens if "You are seat" in s]
    assert cards
    for s in cards:
        seats = set(re.findall(r"You are seat (\d)", s))
        assert len(seats) == 1
        assert f"Pass the device to seat {seats.pop()}" in s

    # the seed decides the deal: shown once, after the game is over
    assert out.count(SEED) == 1
    assert out.index(SEED) > handovers[-1]


def test_typing_echoes_control_keys_visibly_even_where_the_terminal_had_echoctl_off() -> None:
    script = (
        "import termios, sys\n"
        "from llm_werewolf.agents.human_terminal import ConsoleIO\n"
        "a = termios.tcgetattr(0); a[3] &= ~termios.ECHOCTL; termios.tcsetattr(0, termios.TCSANOW, a)\n"
        "said = ConsoleIO().read('say:')\n"
        "print('ECHOCTL back off:', not termios.tcgetattr(0)[3] & termios.ECHOCTL)\n"
    )
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    child = pexpect.spawn(sys.executable, ["-c", script], encoding="utf-8", timeout=30, env=env, cwd=ROOT)
    screen = io.StringIO()
    child.logfile_read = screen
    child.expect("say:")
    child.sendline("\x1b]0;pwned\x07hello")
    child.expect(pexpect.EOF)
    out = screen.getvalue()
    assert "^[]0;pwned^Ghello" in out  # echoed as visible carets
    assert "\x1b]0;pwned" not in out
    assert "ECHOCTL back off: True" in out  # the terminal's own setting is restored
