"""Hall meters from the replicated entries, and the accounting identity checked on the server."""

from __future__ import annotations

import dataclasses
import random

from benchmarks.hall_kiosk import AutoPlayer, new_session
from reddog_tui.engine import TableState
from reddog_tui.hall import server
from reddog_tui.hall.meters import hall_meters
from reddog_tui.store import identity_gap

from .conftest import hall_number, ship_all


def test_server_identity_agrees_with_the_kiosks_on_every_state(pg, kiosk_store):
    store = kiosk_store()
    play = AutoPlayer(new_session(store, seed=11), seed=11)
    rng = random.Random(12)
    checked = 0
    for _ in range(200):
        play.step()
        state = play.session.state
        meters = store.meters()
        # The real meters (gap 0) and meters put off by a few credits either way.
        for shift in (0, rng.randint(-50, 50)):
            shifted = dict(meters, credits_in=meters["credits_in"] + shift)
            on_server = pg.execute(
                "SELECT hall_identity_gap(%s::jsonb, %s, %s, %s, %s)",
                (
                    state.to_json(),
                    shifted["credits_in"],
                    shifted["credits_out"],
                    shifted["total_wagered"],
                    shifted["total_paid"],
                ),
            ).fetchone()[0]
            assert on_server == identity_gap(TableState.from_json(state.to_json()), shifted)
            checked += 1
    assert checked == 400


def test_meters_per_kiosk_and_for_the_hall(pg, kiosk_conn, kiosk_store):
    ids = [9001, 9002, 9003]  # apart from the ids the kiosk_id fixture hands out
    local = {}
    for n, kiosk_id in enumerate(ids):
        store = kiosk_store(f"k{kiosk_id}")
        play = AutoPlayer(new_session(store, seed=20 + n), seed=20 + n)
        for _ in range(60 + 40 * n):
            play.step()
        conn = kiosk_conn(kiosk_id)
        server.register_kiosk(conn, kiosk_id)
        ship_all(conn, kiosk_id, store)
        local[kiosk_id] = store.meters()
    hall = hall_meters(pg)
    mine = {k.kiosk_id: k for k in hall.kiosks if k.kiosk_id in ids}
    assert {k: v.meters for k, v in mine.items()} == local
    assert all(k.identity_gap == 0 and not k.discrepancy for k in mine.values())
    others = [k for k in hall.kiosks if k.kiosk_id not in ids]
    for name in local[ids[0]]:
        assert hall.totals[name] == sum(m[name] for m in local.values()) + sum(k.meters[name] for k in others)


def test_a_kiosk_whose_entries_do_not_add_up_is_flagged(pg, kiosk_conn, kiosk_id, kiosk_store):
    store = kiosk_store()
    play = AutoPlayer(new_session(store, seed=30), seed=30)
    for _ in range(40):
        play.step()
    entries = store.journal_entries_after(0, 1000)
    # One entry's credits-in told the server 7 credits more than the kiosk's table holds.
    first = entries[0]
    entries[0] = dataclasses.replace(first, meters=dict(first.meters, credits_in=first.meters["credits_in"] + 7))
    conn = kiosk_conn(kiosk_id)
    server.register_kiosk(conn, kiosk_id)
    server.ship(conn, kiosk_id, entries)
    flagged = {k.kiosk_id: k for k in hall_meters(pg).discrepancies}
    assert kiosk_id in flagged
    assert flagged[kiosk_id].identity_gap == -7


def test_a_voucher_credit_the_hall_did_not_redeem_for_the_kiosk_is_a_discrepancy(
    pg, kiosk_conn, console_dsn, kiosk_id, kiosk_store, capsys
):
    """Credits in from a voucher must match the hall's mark: this kiosk, this amount, before the credit."""
    from reddog_tui.cli import main
    from reddog_tui.engine import StackedDealer
    from reddog_tui.store import GameSession

    issuer_store, redeemer_store = kiosk_store("issuer"), kiosk_store("redeemer")
    issuer = GameSession(issuer_store, StackedDealer([]), initial_credits=300)
    issuing = kiosk_conn(kiosk_id + 7000)
    number = hall_number(issuing, kiosk_id + 7000)
    issuer.cash_out(voucher_number=number)
    ship_all(issuing, kiosk_id + 7000, issuer_store)

    redeemer = GameSession(redeemer_store, StackedDealer([]), initial_credits=0)
    conn = kiosk_conn(kiosk_id)
    server.register_kiosk(conn, kiosk_id)
    seq = redeemer.begin_voucher_redemption(number)
    assert server.redeem(conn, number, seq).amount == 300
    redeemer.credit_redeemed_voucher(number, 300)  # as the hall answered: no discrepancy
    seq = redeemer.begin_voucher_redemption(number)  # the same voucher again, with no answer asked
    redeemer.credit_redeemed_voucher(number, 300)
    seq = redeemer.begin_voucher_redemption(number + 1)  # and one the hall never issued
    redeemer.credit_redeemed_voucher(number + 1, 50)
    ship_all(conn, kiosk_id, redeemer_store)

    (mine,) = [k for k in hall_meters(pg).kiosks if k.kiosk_id == kiosk_id]
    assert (mine.credit_mismatches, mine.identity_gap, mine.discrepancy) == (2, 0, True)
    (issuing,) = [k for k in hall_meters(pg).kiosks if k.kiosk_id == kiosk_id + 7000]
    assert (issuing.credit_mismatches, issuing.discrepancy) == (0, False)
    assert main(["--hall-dsn", console_dsn, "hall", "meters"]) == 1
    assert (
        f"Kiosk {kiosk_id:,}: 2 vouchers were credited here but not redeemed by the hall.\n" in capsys.readouterr().out
    )


def test_a_voucher_credited_for_another_amount_than_the_hall_redeemed_is_a_discrepancy(
    pg, kiosk_conn, console_dsn, kiosk_id, kiosk_store
):
    """The hall redeemed 300 for this kiosk's intent; the kiosk credited 350. Right kiosk, right
    intent, wrong amount: flagged as much as a voucher the hall never gave it."""
    from reddog_tui.engine import StackedDealer
    from reddog_tui.store import GameSession

    issuer_store, redeemer_store = kiosk_store("issuer"), kiosk_store("redeemer")
    issuer = GameSession(issuer_store, StackedDealer([]), initial_credits=300)
    issuing = kiosk_conn(kiosk_id + 7000)
    number = hall_number(issuing, kiosk_id + 7000)
    issuer.cash_out(voucher_number=number)
    ship_all(issuing, kiosk_id + 7000, issuer_store)

    redeemer = GameSession(redeemer_store, StackedDealer([]), initial_credits=0)
    conn = kiosk_conn(kiosk_id)
    server.register_kiosk(conn, kiosk_id)
    seq = redeemer.begin_voucher_redemption(number)
    assert server.redeem(conn, number, seq).amount == 300
    redeemer.credit_redeemed_voucher(number, 350)
    ship_all(conn, kiosk_id, redeemer_store)

    (mine,) = [k for k in hall_meters(pg).kiosks if k.kiosk_id == kiosk_id]
    assert (mine.credit_mismatches, mine.discrepancy) == (1, True)


def test_a_voucher_the_hall_redeemed_for_another_kiosk_is_a_discrepancy_where_it_is_credited(
    pg, kiosk_conn, kiosk_id, kiosk_store
):
    """Kiosk B redeemed the voucher; kiosk A credits it under an intent of the same seq and for the
    same amount. Right intent number, right amount, wrong kiosk: flagged at A."""
    from reddog_tui.engine import StackedDealer
    from reddog_tui.store import GameSession

    issuer_store = kiosk_store("issuer")
    issuer = GameSession(issuer_store, StackedDealer([]), initial_credits=300)
    issuing = kiosk_conn(kiosk_id + 7000)
    number = hall_number(issuing, kiosk_id + 7000)
    issuer.cash_out(voucher_number=number)
    ship_all(issuing, kiosk_id + 7000, issuer_store)

    other = GameSession(kiosk_store("other"), StackedDealer([]), initial_credits=0)
    other_conn = kiosk_conn(kiosk_id + 8000)
    server.register_kiosk(other_conn, kiosk_id + 8000)
    seq = other.begin_voucher_redemption(number)
    assert server.redeem(other_conn, number, seq).amount == 300  # the hall gives it to B

    redeemer_store = kiosk_store("redeemer")
    redeemer = GameSession(redeemer_store, StackedDealer([]), initial_credits=0)
    conn = kiosk_conn(kiosk_id)
    server.register_kiosk(conn, kiosk_id)
    assert redeemer.begin_voucher_redemption(number) == seq
    redeemer.credit_redeemed_voucher(number, 300)  # A credits it without the hall's word
    ship_all(conn, kiosk_id, redeemer_store)

    (mine,) = [k for k in hall_meters(pg).kiosks if k.kiosk_id == kiosk_id]
    assert (mine.credit_mismatches, mine.discrepancy) == (1, True)
