"""The arrivals themselves (see conftest.py): each is what it says, and a game can be played in each.

The views' own journeys in every arrival live with their views' tests; this file checks the
fixture: a first visit starts Python the plain way, a returning one restores it from the memory
snapshot, an offline one does so with no network at all.
"""

from __future__ import annotations

import pytest
from conftest import ARRIVALS
from test_ai import assert_legal_history, new_game, wait_for_moves


@pytest.mark.parametrize("arrival", ARRIVALS)
def test_a_game_against_the_computer_in_every_arrival(arrive, arrival):
    site = arrive(arrival)  # checks how Python started
    site.choose_players("Play Black vs computer", 1)
    new_game(site)
    site.play("K@c8", ["c8"])
    wait_for_moves(site, 2, 60_000)
    assert_legal_history(site)
    site.watch.assert_clean()


def test_an_offline_arrival_has_no_network(arrive):
    site = arrive("offline")
    assert site.page.evaluate("navigator.onLine") is False
    assert site.page.evaluate("navigator.serviceWorker.controller !== null")
