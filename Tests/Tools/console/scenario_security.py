"""Signing in and out, and what the console refuses: a moderator on an admin page, a form with a
forged or missing CSRF token, a player's (or an admin's) bearer token without the session cookie."""
import http.client
import urllib.parse


def raw_get(base, path, headers):
    """One GET without following redirects: (status, Location)."""
    url = urllib.parse.urlparse(base)
    connection = http.client.HTTPConnection(url.hostname, url.port, timeout=30)
    connection.request("GET", path, headers=headers)
    response = connection.getresponse()
    response.read()
    connection.close()
    return response.status, response.getheader("Location")


def run(ctx):
    # The sign-in page, seen by a browser with no session.
    stranger = ctx.browser.new_context(viewport={"width": 1280, "height": 860})
    ctx.contexts.append(stranger)
    page = stranger.new_page()
    text = ctx.open("/console/users", page=page)
    ctx.expect("Sign in" in text and page.url.endswith("/console/sign-in?next=/console/users"), f"a stranger is sent to sign in: {page.url}")
    page.fill("input[name=login]", ctx.spec["admin"]["login"])
    page.fill("input[name=password]", "not the password")
    text = ctx.submit("form[action='/console/sign-in'] button[type=submit]", status=401, page=page)
    ctx.expect("Wrong username or password" in text, f"a wrong password is explained: {text[:200]!r}")

    # Signed in as admin: the overview and the account page.
    text = ctx.open("/console")
    ctx.expect("Overview" in text and "Sign out" in text, f"the overview opens: {text[:200]!r}")
    text = ctx.open("/console/account")
    ctx.expect("Set up an authenticator app" in text, "the account page offers a second factor")

    text = ctx.open("/console/sessions")
    ctx.expect("console_admin" in text and "this one" in text, f"an admin sees every staff session: {text[:300]!r}")
    ctx.open("/console/account")

    # A forged token, then a missing one: refused, and nothing changed.
    ctx.page.evaluate("document.querySelector(\"form[action='/console/account/totp/begin'] input[name=csrf]\").value = 'forged'")
    text = ctx.submit("form[action='/console/account/totp/begin'] button[type=submit]", status=403)
    ctx.expect("security token is missing or wrong" in text, f"a forged token is refused: {text[:200]!r}")
    ctx.open("/console/account")
    ctx.page.evaluate("document.querySelector(\"form[action='/console/account/totp/begin'] input[name=csrf]\").remove()")
    text = ctx.submit("form[action='/console/account/totp/begin'] button[type=submit]", status=403)
    ctx.expect("security token is missing or wrong" in text, f"a missing token is refused: {text[:200]!r}")
    text = ctx.open("/console/account")
    ctx.expect("Set up an authenticator app" in text and "Add the key below" not in text, "a refused form changed nothing")

    # A moderator is refused admin pages, and is not offered them.
    moderator = ctx.session("moderator")
    text = ctx.open("/console", page=moderator)
    ctx.expect("Mini apps" not in text and "Users" in text, f"a moderator's navigation has no admin sections: {text[:300]!r}")
    for path in ["/console/mini-apps", "/console/topdog", "/console/sessions", "/console/audit"]:
        text = ctx.open(path, status=403, page=moderator)
        ctx.expect("This page needs the admin role." in text, f"{path} refuses a moderator: {text[:200]!r}")

    # A bearer token opens nothing: not a player's, not even an admin's.
    player = ctx.player()
    for token in [player["token"], ctx.admin_token]:
        for path in ["/console", "/console/users", "/console/mini-apps"]:
            status, location = raw_get(ctx.base, path, {"Authorization": f"Bearer {token}"})
            ctx.expect(status == 303 and (location or "").startswith("/console/sign-in"), f"{path} with a bearer token: {status} {location}")
    bearer = ctx.browser.new_context(extra_http_headers={"Authorization": f"Bearer {player['token']}"})
    ctx.contexts.append(bearer)
    page = bearer.new_page()
    page.goto(ctx.base + "/console/users")
    ctx.expect(page.url.endswith("/console/sign-in?next=/console/users"), f"a player's browser with a token is sent to sign in: {page.url}")

    # Signing out ends the session: the console is closed again (a session of its own, so the
    # other scenarios' shared one lives on).
    own = ctx.session("admin", fresh=True)
    text = ctx.submit("form[action='/console/sign-out'] button[type=submit]", page=own)
    ctx.expect("Signed out." in text, f"signing out says so: {text[:200]!r}")
    own.goto(ctx.base + "/console")
    ctx.expect(own.url.endswith("/console/sign-in"), f"after signing out the console asks to sign in: {own.url}")
    ctx.expect("Overview" in ctx.open("/console"), "the other session lives on")
