extension ConsoleTemplates {
    static let signIn: [String: String] = [
        "signIn": #"""
            {{#page}}
            <form class="card narrow" method="post" action="/console/sign-in">
            {{> csrf}}
            {{#next}}<input type="hidden" name="next" value="{{next}}">{{/next}}
            <label>Username or email <input name="login" autocomplete="username" required value="{{login}}"></label>
            <label>Password <input name="password" type="password" autocomplete="current-password" required></label>
            <button type="submit">Sign in</button>
            </form>
            <p class="muted">Staff accounts only. The first admin is made on the server: <code>parlor admin create --username NAME</code>.</p>
            {{/page}}
            """#,
        "signInCode": #"""
            <form class="card narrow" method="post" action="/console/sign-in/code">
            {{> csrf}}
            <label>The 6-digit code from your authenticator app <input name="code" inputmode="numeric" autocomplete="one-time-code" pattern="[0-9 ]{6,7}" required autofocus></label>
            <button type="submit">Continue</button>
            </form>
            """#,
    ]
}
