"""TopDog in the console: a tournament created (a bad form explained first), two players enter
and pay through the API, the room's board shows them, the tournament is cancelled in the console
and both balances are back; a player file with bad lines is refused line by line."""
import datetime
import os
import re
import tempfile
import time
import uuid

TITLE = "Browser Best Ball"


def balance(ctx, player):
    status, wallet = ctx.api("GET", "/topdog/wallet", token=player["token"])
    return (wallet or {}).get("balance_cents") if status == 200 else None


def run(ctx):
    page = ctx.page
    # A form the console cannot read is answered with the fields named and what was typed kept.
    ctx.open("/console/topdog/new")
    page.fill("form[action='/console/topdog/tournaments'] [name=title]", TITLE)
    page.fill("form[action='/console/topdog/tournaments'] [name=entry_fee]", "ten dollars")
    page.fill("form[action='/console/topdog/tournaments'] [name=reason]", "browser scenario")
    text = ctx.submit("form[action='/console/topdog/tournaments'] button[type=submit]", status=422)
    ctx.expect("Entry fee must be an amount in dollars" in text, f"the bad fee is named: {text[:400]!r}")
    ctx.expect(page.input_value("[name=title]") == TITLE, "the title typed is kept")

    page.fill("form[action='/console/topdog/tournaments'] [name=entry_fee]", "10")
    page.fill("form[action='/console/topdog/tournaments'] [name=prizes]", "12 6")
    text = ctx.submit("form[action='/console/topdog/tournaments'] button[type=submit]")
    ctx.expect(f"Created {TITLE}." in text, f"the tournament is created: {text[:300]!r}")
    match = re.search(r"/console/topdog/tournaments/([0-9a-f-]{36})$", page.url)
    ctx.expect(match is not None, f"the answer is the tournament's page: {page.url}")
    if match is None:
        return
    tournament = match.group(1)

    # Two players pay in (the payments sandbox settles deposits at once) and enter.
    players = [ctx.player("Ann Drafter"), ctx.player("Bob <b>Drafter</b>")]
    room = None
    for player in players:
        status, deposit = ctx.api(
            "POST", "/topdog/wallet/deposits", token=player["token"], body={"amount_cents": 5000, "idempotency_key": str(uuid.uuid4())})
        ctx.expect(status == 201 and (deposit or {}).get("status") == "settled", f"a deposit settles: {status} {deposit}")
        status, joined = ctx.api(
            "POST", f"/topdog/tournaments/{tournament}/entries", token=player["token"], body={"count": 1, "idempotency_key": str(uuid.uuid4())})
        ctx.expect(status == 201, f"a player enters: {status} {joined}")
        room = room or ((joined or {}).get("entries") or [{}])[0].get("room_id")
        ctx.expect(balance(ctx, player) == 4000, "the fee is taken")

    text = ctx.open(f"/console/topdog/tournaments/{tournament}")
    ctx.expect("$20.00" in text, f"two fees taken are shown: {text[:600]!r}")
    ctx.expect("filling" in text, "the room is filling")
    if room:
        text = ctx.open(f"/console/topdog/rooms/{room}")
        ctx.expect("Ann Drafter" in text and "Bob <b>Drafter</b>" in text, f"the entrants wait in the room, names shown as text: {text[:500]!r}")
        ctx.expect(page.locator("table.board tbody tr").count() == 18, "18 rounds on the board")
    text = ctx.open("/console/topdog")
    ctx.expect(TITLE in text, "the tournament is listed")

    # Cancelled in the console (the confirm dialog is accepted): both players have their money back.
    ctx.open(f"/console/topdog/tournaments/{tournament}")
    page.fill(f"form[action='/console/topdog/tournaments/{tournament}/cancel'] [name=reason]", "browser scenario: venue lost")
    text = ctx.submit(f"form[action='/console/topdog/tournaments/{tournament}/cancel'] button[type=submit]")
    ctx.expect(f"Cancelled {TITLE}" in text, f"the cancel is confirmed: {text[:300]!r}")
    for player in players:
        ctx.expect(balance(ctx, player) == 5000, f"{player['username']}'s balance is back: {balance(ctx, player)}")
    ctx.expect("Refunded\n$20.00" in text or "Refunded\t$20.00" in text or re.search(r"Refunded\s+\$20\.00", text), f"the refunds are shown: {text[:800]!r}")
    text = ctx.open(f"/console/topdog/tournaments/{tournament}")
    ctx.expect(page.locator(f"form[action='/console/topdog/tournaments/{tournament}/cancel']").count() == 0, "no second cancel is offered")

    # A player file with bad lines imports nothing and names each line and field.
    ctx.open("/console/topdog/players")
    bad = ("id,first_name,last_name,position,team,bye_week,adp,projected_points,rank\n"
           "bb-1,Ada,Lines,QX,KC,7,12.5,200,5\n"
           "bb-2,Bo,Fine,RB,KC,7,13.5,190,6\n")
    path = os.path.join(tempfile.mkdtemp(), "players.csv")
    with open(path, "w") as file:
        file.write(bad)
    page.set_input_files("form[action='/console/topdog/players/import'] input[type=file]", path)
    page.fill("form[action='/console/topdog/players/import'] [name=reason]", "browser scenario")
    text = ctx.submit("form[action='/console/topdog/players/import'] button[type=submit]", status=422)
    ctx.expect("players.csv was not imported" in text, f"the refusal is shown: {text[:400]!r}")
    rows = page.locator("table.import-problems tbody tr")
    ctx.expect(rows.count() == 1 and "position" in rows.first.inner_text(), "the bad line is listed by line and field")
    status, found = ctx.api("GET", "/topdog/players?search=fine", token=players[0]["token"])
    ctx.expect(status == 200 and not (found or {}).get("players"), "the good line was not imported either")

    ctx.open("/console/topdog/payments")

    # A room drafts: a free tournament starting in a few seconds fills Ann's room with house teams
    # (no more sign-ups: the server limits them per address); a one-second clock autopicks.
    starts = (datetime.datetime.now(datetime.timezone.utc) + datetime.timedelta(seconds=3)).strftime("%Y-%m-%dT%H:%M:%SZ")
    status, free = ctx.api("POST", "/admin/topdog/tournaments", token=ctx.admin_token, body={
        "title": "Browser Live Draft", "entry_fee_cents": 0, "countdown_seconds": 0, "speed": "custom", "pick_seconds": 1,
        "starts_at": starts, "unfilled_policy": "fill_with_house", "reason": "browser scenario"})
    ctx.expect(status == 201, f"a free tournament is made: {status} {free}")
    if status != 201:
        return
    status, joined = ctx.api(
        "POST", f"/topdog/tournaments/{free['id']}/entries", token=players[0]["token"], body={"count": 1, "idempotency_key": str(uuid.uuid4())})
    ctx.expect(status == 201, f"Ann enters the free tournament: {status} {joined}")
    room = ((joined or {}).get("entries") or [{}])[0].get("room_id")
    board = {}
    for _ in range(1200):
        status, board = ctx.api("GET", f"/admin/topdog/drafts/{room}", token=ctx.admin_token)
        if len((board or {}).get("picks") or []) >= 3:
            break
        time.sleep(0.05)
    picks = (board or {}).get("picks") or []
    ctx.expect(len(picks) >= 3, f"the room drafts: {len(picks)} picks, {(board or {}).get('status')}")
    text = ctx.open(f"/console/topdog/rooms/{room}")
    ctx.expect("on the clock" in text, f"the board shows who is on the clock: {text[:500]!r}")
    for pick in picks[:3]:
        cell = page.locator("table.board td.pick", has_text=pick["player"]["name"])
        ctx.expect(cell.count() >= 1, f"pick {pick['label']} ({pick['player']['name']}) is on the board")
    ctx.expect(page.locator("body[data-refresh='5']").count() == 1, "a drafting board reloads itself")
    page.fill(f"form[action='/console/topdog/rooms/{room}/pause'] [name=reason]", "browser scenario: feed down")
    text = ctx.submit(f"form[action='/console/topdog/rooms/{room}/pause'] button[type=submit]")
    ctx.expect("it is paused" in text and "Paused since" in text, f"the room is paused: {text[:400]!r}")
    page.fill(f"form[action='/console/topdog/rooms/{room}/resume'] [name=reason]", "browser scenario: feed back")
    text = ctx.submit(f"form[action='/console/topdog/rooms/{room}/resume'] button[type=submit]")
    ctx.expect("it is active" in text, f"the room is resumed: {text[:400]!r}")
