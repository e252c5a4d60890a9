"""The arrivals themselves (see conftest.py): each is what it says, and a game can be played in each.

The views' own journeys in every arrival live with their views' tests; this file checks the
fixture: a first visit restores Python from the memory snapshot the build made, a returning one
from the snapshot the first stored, an offline one does so with no network at all.
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


#: A request no service worker answers (nothing precached has this name) goes to the network.
UNCACHED_FETCH = "fetch('no-such-file-' + Math.random()).then((r) => `HTTP ${r.status}`, () => 'no network')"


def test_an_offline_arrival_has_no_network(arrive):
    # Asked of the network itself, not navigator.onLine: Debian's Chromium 150 says true in a page
    # of a context Playwright set offline once a service worker has served it.
    site = arrive("offline")
    assert site.page.evaluate("navigator.serviceWorker.controller !== null")
    assert site.page.evaluate(UNCACHED_FETCH) == "no network"


def test_the_other_arrivals_have_the_network(arrive):
    """The check above can fail: online, the server answers (the file does not exist)."""
    assert arrive("returning").page.evaluate(UNCACHED_FETCH) == "HTTP 404"
