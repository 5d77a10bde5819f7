/// A user's page. Optional fields are read with a leading dot (`{{#.email}}`) so a missing one
/// never picks up a namesake from the page around it.
extension ConsoleTemplates {
    static let user: [String: String] = [
        "user": #"""
            {{#page}}
            <div class="grid">
            <section class="card">
            <h2>Account</h2>
            <dl class="facts">
            <dt>Display name</dt><dd>{{displayName}}</dd>
            <dt>Username</dt><dd>@{{username}}</dd>
            <dt>Id</dt><dd class="wrap">{{id}}</dd>
            <dt>Email</dt><dd class="wrap">{{#.email}}{{.}}{{#emailVerified}} <span class="tag good">verified</span>{{/emailVerified}}{{^emailVerified}} <span class="tag">unverified</span>{{/emailVerified}}{{/.email}}{{^.email}}<span class="muted">none</span>{{/.email}}</dd>
            <dt>Role</dt><dd>{{#.role}}<span class="tag good">{{.}}</span>{{/.role}}{{^.role}}player{{/.role}}{{#isYou}} <span class="tag">you</span>{{/isYou}}</dd>
            <dt>Password</dt><dd>{{#hasPassword}}set{{/hasPassword}}{{^hasPassword}}none{{/hasPassword}}</dd>
            <dt>Language</dt><dd>{{#.locale}}{{.}}{{/.locale}}{{^.locale}}<span class="muted">not set</span>{{/.locale}}</dd>
            <dt>Joined</dt><dd>{{createdAt}}</dd>
            <dt>Last active</dt><dd>{{lastActiveAt}}</dd>
            </dl>
            </section>
            <section class="card">
            <h2>Ways to sign in</h2>
            {{#identities}}<p><span class="tag">{{provider}}</span>{{#.email}} {{.}}{{/.email}}{{#.linkedAt}} <span class="muted">linked {{.}}</span>{{/.linkedAt}}</p>{{/identities}}
            {{^identities}}<p class="muted">None.</p>{{/identities}}
            <h2>Ratings</h2>
            {{#ratings}}<p>{{game}}: <strong>{{rating}}</strong> <span class="muted">{{games}} games, {{wins}} won, {{losses}} lost</span></p>{{/ratings}}
            {{^ratings}}<p class="muted">No rated games.</p>{{/ratings}}
            </section>
            </div>
            {{> userModeration}}
            <section class="card">
            <h2>Live sessions</h2>
            <table>
            <thead><tr><th>Signed in</th><th>Last used</th><th>Expires</th><th>From</th><th>Client</th></tr></thead>
            <tbody>
            {{#sessions}}<tr><td>{{createdAt}}</td><td>{{lastUsedAt}}</td><td>{{expiresAt}}</td><td>{{#.clientAddress}}{{.}}{{/.clientAddress}}</td><td class="wrap">{{#.userAgent}}{{.}}{{/.userAgent}}</td></tr>{{/sessions}}
            {{^sessions}}<tr><td colspan="5" class="muted">No live sessions.</td></tr>{{/sessions}}
            </tbody>
            </table>
            </section>
            <section class="card">
            <h2>Games</h2>
            {{#games}}{{> userGameTable}}{{#.moreHref}}<p><a href="{{.}}">Every game →</a></p>{{/.moreHref}}{{/games}}
            </section>
            <section class="card">
            <h2>Reports about them</h2>
            {{> reportTable}}
            {{#.reportsMoreHref}}<p><a href="{{.}}">Every report →</a></p>{{/.reportsMoreHref}}
            </section>
            {{#.purchases}}<h2>Purchases and entitlements</h2>{{> userPurchaseTables}}{{/.purchases}}
            {{#.ledger}}<section class="card"><h2>TopDog ledger</h2>{{> userLedgerTable}}</section>{{/.ledger}}
            {{/page}}
            """#,
        // The actions, each with the reason the audit trail keeps. Delete and role are offered to admins only.
        "userModeration": #"""
            <section class="card" id="moderation">
            <h2>Standing</h2>
            {{#.suspension}}
            <p><span class="tag bad">{{label}}</span> since {{since}}, by <a href="{{byHref}}">{{byName}}</a>: “{{reason}}”</p>
            {{/.suspension}}
            {{^.suspension}}<p>In good standing.</p>{{/.suspension}}
            <div class="actions moderation">
            <form method="post" action="/console/users/{{id}}/suspend" class="stack">{{> csrf}}
            <h3>Suspend</h3>
            <label>For <select name="duration">{{#durations}}<option value="{{value}}"{{#selected}} selected{{/selected}}>{{label}}</option>{{/durations}}<option value="custom">until the time below</option></select></label>
            <label>Until (UTC) <input type="datetime-local" name="until"></label>
            <label>Reason <input name="reason" maxlength="500" required></label>
            <button type="submit">Suspend</button>
            </form>
            <form method="post" action="/console/users/{{id}}/ban" class="stack" data-confirm="Ban {{displayName}} with no end?">{{> csrf}}
            <h3>Ban</h3>
            <p class="muted">No end, until lifted.</p>
            <label>Reason <input name="reason" maxlength="500" required></label>
            <button type="submit" class="danger">Ban</button>
            </form>
            {{#.suspension}}
            <form method="post" action="/console/users/{{id}}/lift" class="stack">{{> csrf}}
            <h3>Lift</h3>
            <label>Reason <input name="reason" maxlength="500" required></label>
            <button type="submit" class="secondary">Lift the {{#isBan}}ban{{/isBan}}{{^isBan}}suspension{{/isBan}}</button>
            </form>
            {{/.suspension}}
            {{#isAdmin}}
            <form method="post" action="/console/users/{{id}}/role" class="stack">{{> csrf}}
            <h3>Role</h3>
            <label>New role <select name="role">{{#roles}}<option value="{{value}}"{{#selected}} selected{{/selected}}>{{label}}</option>{{/roles}}</select></label>
            <label>Reason <input name="reason" maxlength="500" required></label>
            <button type="submit" class="secondary">Change role</button>
            </form>
            <form method="post" action="/console/users/{{id}}/delete" class="stack" data-confirm="Delete {{displayName}}'s account for good?">{{> csrf}}
            <h3>Delete</h3>
            <p class="muted">As if they deleted it themselves.</p>
            <label>Reason <input name="reason" maxlength="500" required></label>
            <button type="submit" class="danger">Delete account</button>
            </form>
            {{/isAdmin}}
            </div>
            </section>
            """#,
    ]
}
