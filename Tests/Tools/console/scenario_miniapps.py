"""Mini apps in the console: one created, its secret shown once and on no page after; the
secret rotated, shown once again."""
import time


def run(ctx):
    page = ctx.page
    app = f"browser-{int(time.time()) % 100000}"
    form = "form[action='/console/mini-apps']"
    ctx.open("/console/mini-apps")
    page.fill(f"{form} [name=id]", app)
    page.fill(f"{form} [name=name]", "Browser <Duel>")
    page.fill(f"{form} [name=launch_url]", "https://duel.example.com/play")
    page.fill(f"{form} [name=allowed_origins]", "https://duel.example.com\nhttps://beta.duel.example.com")
    page.fill(f"{form} [name=reason]", "browser scenario")
    text = ctx.submit(f"{form} button[type=submit]")
    ctx.expect("shown only this once" in text, f"the secret's page says it is shown once: {text[:300]!r}")
    secret = page.locator("#client-secret").text_content() if page.locator("#client-secret").count() else ""
    ctx.expect(len(secret) >= 20, f"a secret is shown: {secret!r}")

    for path in ("/console/mini-apps", f"/console/mini-apps/{app}", "/console/mini-apps"):
        ctx.open(path)
        ctx.expect(not secret or secret not in page.content(), f"{path} does not show the secret")
    ctx.expect("Browser <Duel>" in page.inner_text("body"), "the app is listed, its name as text")
    page.reload()
    ctx.expect(not secret or secret not in page.content(), "a reload does not show it either")

    ctx.open(f"/console/mini-apps/{app}")
    page.fill(f"form[action='/console/mini-apps/{app}/rotate'] [name=reason]", "browser scenario: rotate")
    text = ctx.submit(f"form[action='/console/mini-apps/{app}/rotate'] button[type=submit]")
    fresh = page.locator("#client-secret").text_content() if page.locator("#client-secret").count() else ""
    ctx.expect(len(fresh) >= 20 and fresh != secret, "a new secret is shown")
    ctx.expect("The old secret no longer works." in text, "the rotation says the old one is gone")
    ctx.open(f"/console/mini-apps/{app}")
    ctx.expect(fresh not in page.content() and (not secret or secret not in page.content()), "the app's page shows neither secret")
