extension ConsoleTemplates {
    static let account: [String: String] = [
        "account": #"""
            {{#page}}
            <section class="card">
            <h2>Two-step sign-in</h2>
            <p>Signed in as <strong>{{username}}</strong> ({{role}}).</p>
            {{#totpOn}}
            <p>On: each sign-in asks for the code from your authenticator app.</p>
            <form method="post" action="/console/account/totp/disable" class="inline">{{> csrf}}
            <label>Current code <input name="code" inputmode="numeric" autocomplete="one-time-code" required></label>
            <button type="submit" class="danger">Turn off</button></form>
            {{/totpOn}}
            {{^totpOn}}
            {{#enrolment}}
            <p>Add this key to your authenticator app (1Password, Google Authenticator, Authy…), by its setup address or typed in:</p>
            <p class="secret"><code>{{key}}</code></p>
            <p class="muted wrap"><code>{{uri}}</code></p>
            <form method="post" action="/console/account/totp/confirm" class="inline">{{> csrf}}
            <label>The code the app shows <input name="code" inputmode="numeric" autocomplete="one-time-code" required></label>
            <button type="submit">Turn on</button></form>
            {{/enrolment}}
            {{^enrolment}}
            <p>Off. Anyone with your password can sign in to the console.</p>
            <form method="post" action="/console/account/totp/begin">{{> csrf}}<button type="submit">Set up an authenticator app</button></form>
            {{/enrolment}}
            {{/totpOn}}
            </section>
            <section class="card">
            <h2>Your sessions</h2>
            {{> sessionTable}}
            <form method="post" action="/console/account/sessions/end-others">{{> csrf}}<button type="submit">End every other session</button></form>
            {{#isAdmin}}<p><a href="/console/sessions">Every staff member's sessions</a></p>{{/isAdmin}}
            </section>
            {{/page}}
            """#,
        "staffSessions": #"""
            {{#page}}
            <section class="card">
            {{> sessionTable}}
            </section>
            <section class="card">
            <h2>Staff and two-step sign-in</h2>
            <table>
            <thead><tr><th>Staff member</th><th>Role</th><th>Two-step</th><th></th></tr></thead>
            <tbody>
            {{#staff}}
            <tr><td><a href="/console/users/{{id}}">{{username}}</a></td><td>{{role}}</td><td>{{#totpOn}}<span class="tag good">on</span>{{/totpOn}}{{^totpOn}}<span class="tag">off</span>{{/totpOn}}</td>
            <td>{{#totpOn}}{{^isMe}}<form class="inline" method="post" action="/console/staff/{{id}}/totp/reset" data-confirm="Turn off two-step sign-in for {{username}}?">{{> csrf}}<label>Reason <input name="reason" required maxlength="500"></label><button type="submit" class="danger">Turn off (lost authenticator)</button></form>{{/isMe}}{{/totpOn}}</td></tr>
            {{/staff}}
            </tbody>
            </table>
            </section>
            {{/page}}
            """#,
        "sessionTable": #"""
            <table>
            <thead><tr><th>Who</th><th>Signed in</th><th>Last used</th><th>From</th><th>Browser</th><th></th></tr></thead>
            <tbody>
            {{#sessions}}
            <tr><td>{{username}}{{#awaitsCode}} <span class="tag">code owed</span>{{/awaitsCode}}</td><td>{{createdAt}}</td><td>{{lastSeenAt}}</td><td>{{clientAddress}}</td><td class="wrap">{{userAgent}}</td>
            <td>{{#isCurrent}}<span class="tag">this one</span>{{/isCurrent}}{{^isCurrent}}<form method="post" action="/console/account/sessions/{{id}}/end">{{> csrf}}{{#allStaff}}<input type="hidden" name="back" value="sessions">{{/allStaff}}<button type="submit">End</button></form>{{/isCurrent}}</td></tr>
            {{/sessions}}
            {{^sessions}}<tr><td colspan="6" class="muted">No live sessions.</td></tr>{{/sessions}}
            </tbody>
            </table>
            """#,
    ]
}
