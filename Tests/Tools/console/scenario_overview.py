"""The overview with its figures and charts, and the push, App Store, leaderboard and audit pages:
made figures show, filters work, a bad filter is explained, a moderator is kept to their pages."""
import re
import uuid


def figure(text, label):
    """The number shown under `label` on the overview (None when the figure is not there)."""
    match = re.search(re.escape(label) + r"\s+([\d,]+\+?)", text)
    return match.group(1) if match else None


def run(ctx):
    ann = ctx.player("Ann Overview")
    bob = ctx.player("Bob <i>Overview</i>")
    status, _ = ctx.api("POST", "/reports", token=ann["token"], body={"user_id": bob["id"], "reason": "spam"})
    ctx.expect(status == 201, f"a report is made: {status}")
    # The payments sandbox leaves amounts ending in .01 pending.
    status, deposit = ctx.api(
        "POST", "/topdog/wallet/deposits", token=bob["token"], body={"amount_cents": 1001, "idempotency_key": str(uuid.uuid4())})
    ctx.expect(status == 201 and (deposit or {}).get("status") == "pending", f"a pending deposit is made: {status} {deposit}")
    status, _ = ctx.api("POST", f"/admin/users/{bob['id']}/suspend", token=ctx.admin_token, body={"ban": True, "reason": "overview scenario"})
    ctx.expect(status == 200, f"Bob is banned through the API: {status}")
    status, _ = ctx.api("POST", f"/admin/users/{bob['id']}/unsuspend", token=ctx.admin_token, body={"reason": "overview scenario, lifted"})
    ctx.expect(status == 204, f"and let back: {status}")

    # The overview: figures that link to their pages, two charts drawn by the server.
    text = ctx.open("/console")
    reports = figure(text, "Open reports")
    ctx.expect(reports is not None and reports != "0", f"the open report is counted: {reports!r} in {text[:400]!r}")
    payments = figure(text, "Pending TopDog payments")
    ctx.expect(payments is not None and payments != "0", f"the pending deposit is counted: {payments!r}")
    for label in ("Push queue", "Push failures, last day"):
        ctx.expect(figure(text, label) is not None, f"{label} is shown")
    ctx.expect(ctx.page.locator("svg.chart").count() == 2, "two SVG charts")
    ctx.expect(ctx.page.locator("svg.chart title").first.text_content().startswith("Moves a second"), "the charts are titled for screen readers")
    ctx.expect("this node's alone" in text, "the charts say whose they are")
    ctx.expect("Nodes" in text and "No node has reported in." not in text, "this node is listed")
    href = ctx.page.locator("a.figure-link", has_text="Open reports").get_attribute("href")
    ctx.expect(href == "/console/reports?status=open", f"the reports figure links to the queue: {href}")

    # Push: the outbox, a filter, a bad filter explained.
    text = ctx.open("/console/push")
    ctx.expect("Queue now" in text and "Failed in the last day" in text, "the push page's figures")
    ctx.page.select_option("form.filters select[name=state]", "failed")
    text = ctx.submit("form.filters button[type=submit]")
    ctx.expect("state=failed" in ctx.page.url, f"the filter is applied: {ctx.page.url}")
    text = ctx.open("/console/push?state=lost", status=422)
    ctx.expect("is not one the console knows" in text, f"a bad state is explained: {text[:300]!r}")

    # App Store notifications.
    text = ctx.open("/console/purchases")
    ctx.expect("App Store notifications" in text, "the App Store page opens")

    # Leaderboards: the list, then a board.
    text = ctx.open("/console/leaderboards")
    ctx.expect("quortex.wins" in text, f"the boards are listed: {text[:300]!r}")
    text = ctx.open("/console/leaderboards/quortex.wins?period=weekly")
    ctx.expect("Week" in text and "entries" in text, f"a board's week opens: {text[:300]!r}")

    # Audit: the ban and its lift, filtered to Bob; targets link to the user's page.
    text = ctx.open("/console/audit")
    ctx.expect("user.suspend" in text and "overview scenario" in text, "the ban is in the audit trail")
    ctx.page.fill("form.filters [name=target_id]", bob["id"])
    text = ctx.submit("form.filters button[type=submit]")
    ctx.expect("user.suspend" in text and "user.unsuspend" in text, f"both of Bob's records: {text[:400]!r}")
    links = ctx.page.locator(f'a[href="/console/users/{bob["id"]}"]').count()
    ctx.expect(links == 2, f"each record links to Bob's page ({links})")

    # A moderator: the overview without the admin figures, and no push page.
    moderator = ctx.session("moderator")
    text = ctx.open("/console", page=moderator)
    ctx.expect("Open reports" in text and "Push queue" not in text, "a moderator's overview leaves out the admin figures")
    text = ctx.open("/console/push", status=403, page=moderator)
    ctx.expect("This page needs the admin role." in text, "a moderator is refused the push page")
