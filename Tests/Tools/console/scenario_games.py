"""The games pages: two players' games listed and filtered, a Quortex position drawn, a Crazy Eights
table shown as a spectator sees it (no hand), a seat resigned and a game ended by the operator."""
import uuid


def make_game(ctx, game_type, host, guest):
    """A turn-based game of `game_type` between two players, started; its id."""
    status, game = ctx.api("POST", "/games", token=host["token"], body={"game_type": game_type, "players": 2, "mode": "turn_based"})
    ctx.expect(status == 201, f"{game_type}: the game is made: {status} {game}")
    status, joined = ctx.api("POST", "/games/join", token=guest["token"], body={"code": game["invite_code"]})
    ctx.expect(status == 200 and joined.get("status") == "active", f"{game_type}: the second player joins and it starts: {status} {joined}")
    return game["id"]


def run(ctx):
    ann = ctx.player("Ann Games")
    bob = ctx.player("Bob <b>Games</b>")
    quortex = make_game(ctx, "quortex", ann, bob)
    eights = make_game(ctx, "crazy-eights", bob, ann)

    # The list: both games, then only the Crazy Eights one through the filters.
    text = ctx.open("/console/games")
    for game in (quortex, eights):
        ctx.expect(game[:8] in text, f"{game[:8]} is listed")
    ctx.expect("Bob <b>Games</b>" in text, "a name with markup is shown as text")
    ctx.page.select_option("form.filters select[name=status]", "active")
    ctx.page.select_option("form.filters select[name=game_type]", "crazy-eights")
    text = ctx.submit("form.filters button[type=submit]")
    ctx.expect(eights[:8] in text and quortex[:8] not in text, f"filtered to Crazy Eights: {ctx.page.url}")

    # Quortex: the board drawn by the server.
    text = ctx.open(f"/console/games/{quortex}")
    ctx.expect(ctx.page.locator("figure.position svg").count() == 1, "the Quortex board is drawn")
    ctx.expect(ctx.page.locator("figure.position svg").bounding_box()["height"] > 200, "at a readable size")
    ctx.expect("Bob <b>Games</b>" in text, "the players are listed")

    # Crazy Eights: counts, the discard top and whose turn, never a hand.
    _, mine = ctx.api("GET", f"/games/{eights}", token=ann["token"])
    _, theirs = ctx.api("GET", f"/games/{eights}", token=bob["token"])
    hands = [set((view or {}).get("view", {}).get("hand", [])) for view in (mine, theirs)]
    text = ctx.open(f"/console/games/{eights}")
    ctx.expect("Discard top" in text and "cards in hand" in text.lower(), f"the table is shown: {text[:400]!r}")
    html = ctx.page.content()
    top = (mine or {}).get("view", {}).get("topCard") or (mine or {}).get("view", {}).get("top_card")
    suits = {"H": "♥", "D": "♦", "C": "♣", "S": "♠"}
    hidden = (hands[0] ^ hands[1]) - {top}
    ctx.expect(bool(hidden), "the players hold cards")
    for card in hidden:
        ctx.expect(card[:-1] + suits[card[-1]] not in html, f"{card} (one player's) is not on the page")

    # Resign Bob's seat in the Crazy Eights game: with one player left it is over.
    form = 'form[action$="/resign"]'
    ctx.page.fill(f"{form} [name=reason]", "browser scenario: resign")
    text = ctx.submit(f"{form} button[type=submit]")
    ctx.expect("resigned" in text and "The game is over." in text, f"the resignation is confirmed: {text[:300]!r}")
    ctx.expect("Completed" in text, "the game shows completed")

    # End the Quortex game as the operator: abandoned, with no result.
    ctx.open(f"/console/games/{quortex}")
    ctx.page.fill('form[action$="/end"] [name=reason]', "browser scenario: end")
    text = ctx.submit('form[action$="/end"] button[type=submit]')
    ctx.expect("Game ended with no result" in text and "Abandoned" in text, f"the end is confirmed: {text[:300]!r}")
    ctx.expect(ctx.page.locator('form[action$="/end"]').count() == 0, "no end form on an ended game")
    status, game = ctx.api("GET", f"/games/{quortex}", token=ann["token"])
    ctx.expect(status == 200 and game.get("status") == "abandoned" and game.get("outcome") is None, f"the players see it ended: {game}")

    # An unknown game is not found.
    ctx.open(f"/console/games/{uuid.uuid4()}", status=404)
