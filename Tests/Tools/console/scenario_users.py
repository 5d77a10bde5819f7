"""Users and reports: find a player whose display name is an XSS attempt, open their page (the
name is text, no element made from it), suspend them with a reason (their token stops working and
signing in again is refused), lift it, and resolve a report about them from the queue."""
import urllib.parse

XSS = "<img src=x onerror=alert(1)>"


def run(ctx):
    player = ctx.player(display_name=XSS)
    reporter = ctx.player("Reporter Rita")
    status, report = ctx.api("POST", "/reports", token=reporter["token"],
                             body={"user_id": player["id"], "reason": "inappropriate_name", "details": "their name is code"})
    ctx.expect(status == 201, f"a report about the player is made: {status} {report}")

    # Find them by username through the search form.
    ctx.open("/console/users")
    ctx.page.fill("form.filters input[name=q]", player["username"])
    text = ctx.submit("form.filters button[type=submit]")
    ctx.expect(f"q={urllib.parse.quote(player['username'])}" in ctx.page.url, f"the search is in the address: {ctx.page.url}")
    ctx.expect(XSS in text and f"@{player['username']}" in text, f"the player is found, their name shown as text: {text[:400]!r}")
    ctx.expect(ctx.page.locator("main img").count() == 0, "no img element comes from the name")

    # Their page: the name as text, nothing made of it.
    link = ctx.page.locator(f"a[href='/console/users/{player['id']}']").first
    with ctx.page.expect_navigation():
        link.click()
    ctx.shot("user page")
    ctx.expect(ctx.page.url.endswith(f"/console/users/{player['id']}"), f"the link opens their page: {ctx.page.url}")
    ctx.expect(ctx.page.locator("h1").inner_text() == XSS, f"the heading is the name as text: {ctx.page.locator('h1').inner_text()!r}")
    ctx.expect(ctx.page.locator("img").count() == 0, "no img element anywhere on their page")
    text = ctx.page.inner_text("body")
    ctx.expect("In good standing." in text and "their name is code" in text, "their standing and the report about them")

    # Suspend for a day with a reason.
    ctx.page.select_option("form[action$='/suspend'] select[name=duration]", "1d")
    ctx.page.fill("form[action$='/suspend'] [name=reason]", "name is an XSS attempt")
    text = ctx.submit("form[action$='/suspend'] button[type=submit]")
    ctx.expect(f"Suspended {XSS} until" in text, f"the suspension is confirmed: {text[:400]!r}")
    ctx.expect("“name is an XSS attempt”" in text, "the reason is shown")
    status, body = ctx.api("GET", "/users/me", token=player["token"])
    ctx.expect(status in (401, 403), f"their token is refused after the suspension: {status} {body}")
    status, body = ctx.api("POST", "/auth/login", body={"login": player["username"], "password": player["password"]})
    code = ((body or {}).get("error") or {}).get("code")
    ctx.expect(status == 403 and code == "account_suspended", f"signing in again is refused: {status} {body}")

    # Lift it: they may sign in again.
    ctx.page.fill("form[action$='/lift'] [name=reason]", "renamed after a warning")
    text = ctx.submit("form[action$='/lift'] button[type=submit]")
    ctx.expect("may sign in again" in text and "In good standing." in text, f"the lift is confirmed: {text[:400]!r}")
    status, _ = ctx.api("POST", "/auth/login", body={"login": player["username"], "password": player["password"]})
    ctx.expect(status == 200, f"they sign in again: {status}")

    # The queue: the report, open, resolved with an outcome and a note.
    report_id = (report or {}).get("id", "")
    text = ctx.open("/console/reports")
    ctx.expect("their name is code" in text and "Reporter Rita" in text and XSS in text, f"the report is queued: {text[:500]!r}")
    form = f"form[action='/console/reports/{report_id}/resolve']"
    ctx.page.select_option(f"{form} select[name=outcome]", "actioned")
    ctx.page.fill(f"{form} [name=note]", "warned; name changed")
    text = ctx.submit(f"{form} button[type=submit]")
    ctx.expect("Report actioned: “warned; name changed”." in text, f"the resolution is confirmed: {text[:400]!r}")
    ctx.expect(ctx.page.locator(form).count() == 0, "the resolved report left the open queue")
    text = ctx.open("/console/reports?status=actioned")
    ctx.expect("warned; name changed" in text, "the actioned list shows it with its note")

    # A moderator sees no admin-only action on the page.
    moderator = ctx.session("moderator")
    ctx.open(f"/console/users/{player['id']}", page=moderator)
    ctx.expect(moderator.locator("form[action$='/delete'], form[action$='/role']").count() == 0, "no delete or role form for a moderator")
