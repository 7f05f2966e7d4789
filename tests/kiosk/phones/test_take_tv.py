"""The TV's side of a phone's fresh tickets: the caller puts them in play together with
their holder's name, says so, marks them as a phone's (and forgets the mark of one taken
out), and the check-in list draws a small phone inside the plate of each, under its
serial's line, before the name, clear of both, in both languages and at both sizes."""

from __future__ import annotations

import random

import pygame
import pytest

from engines.debarna.options import HandOptions
from engines.debarna.strips import BOX_PREFIX, make_strips
from engines.debarna.ticket import Ticket
from kiosk.games.debarna.caller import CallerController
from kiosk.games.debarna.scene import CallerScene, make_layout
from kiosk.i18n import Translator
from kiosk.text import TextRenderer


def tickets() -> list[Ticket]:
    return [t for strip in make_strips(2, random.Random(3), prefix=BOX_PREFIX) for t in strip]


def test_a_phones_tickets_come_in_together_held_by_its_name() -> None:
    known = tickets()
    c = CallerController((), HandOptions(), known=known, check_in=True, rng=random.Random(9))
    c.new_hand(0.0)
    assert c.check_in_ticket(known[0], 1.0)
    added = c.check_in_phone(known[1:3], 2.0, "Sara")
    assert added == known[1:3] and c.in_play == 3
    assert [c.holder(t) for t in known[:3]] == [None, "Sara", "Sara"]
    assert [c.is_phone_ticket(t) for t in known[:3]] == [False, True, True]
    assert c.notice is not None and c.notice.key == "checkin.phone_added_named"
    assert dict(c.notice.values) == {"name": "Sara", "added": 2, "count": 3}
    # Again: nothing more comes in, nothing is said.
    c.notice = None
    assert c.check_in_phone(known[1:3], 3.0) == [] and c.notice is None
    # Taken out on the TV: no longer a phone's, nor Sara's.
    assert c.take_out(known[1], 4.0)
    assert not c.is_phone_ticket(known[1]) and c.holder(known[1]) is None
    # After the first call, nothing comes in.
    c.toggle_pause(5.0)
    c.call_next(5.0)
    assert c.check_in_phone(known[3:4], 6.0, "Sara") == [] and c.in_play == 2


@pytest.mark.parametrize("size", [(1920, 1080), (1280, 720)])
@pytest.mark.parametrize("lang", ["en", "fa"])
def test_the_list_draws_a_phone_beside_a_phones_tickets(
        display: None, lang: str, size: tuple[int, int]) -> None:
    known = tickets()
    c = CallerController((), HandOptions(), known=known, check_in=True, rng=random.Random(9))
    c.new_hand(0.0)
    c.check_in_ticket(known[0], 1.0, holder="Reza")
    c.check_in_phone(known[1:3], 1.0, "Sara")
    c.check_in_phone(known[3:4], 1.0)
    tr = Translator(lang)
    scene = CallerScene(c, TextRenderer(rtl=tr.rtl), tr)
    screen = pygame.display.set_mode(size)
    scene.draw(screen, 1.0)
    drawn = scene.checkin_drawn
    phones = {key.rsplit("|", 1)[1]: d for key, d in drawn.items()
              if key.startswith("checkin|phone|")}
    assert set(phones) == {t.serial for t in known[1:4]}
    panel = make_layout(size, tr.rtl).board
    for serial, sign in phones.items():
        text = drawn[f"checkin|ticket|{serial}"].rect
        assert panel.contains(sign.rect)
        assert not sign.rect.colliderect(text)
        name = drawn.get(f"checkin|name|{serial}")
        assert name is None or not sign.rect.colliderect(name.rect)
        # under the serial, before the name in the reading order
        assert sign.rect.top >= text.centery
        if name is not None:
            assert name.text == "Sara"
            assert (sign.rect.right <= name.rect.left) if not tr.rtl else \
                (sign.rect.left >= name.rect.right)
            assert name.rect.top <= sign.rect.centery <= name.rect.bottom
        assert sign.rect.height >= 20  # big enough to be seen from the sofa
        # drawn in the plate's ink: some of its pixels are the serial's colour
        ink = drawn[f"checkin|ticket|{serial}"].colour
        assert any(screen.get_at((x, y))[:3] == tuple(ink[:3])
                   for x in range(sign.rect.left, sign.rect.right)
                   for y in range(sign.rect.top, sign.rect.bottom))
