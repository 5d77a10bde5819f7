/// The users search and a user's longer lists. Optional fields are read with a leading dot
/// (`{{#.email}}`) so a missing one never picks up a namesake from the page around it.
extension ConsoleTemplates {
    static let users: [String: String] = [
        "users": #"""
            {{#page}}
            <section class="card">
            <form class="filters" method="get" action="/console/users" role="search">
            <label>Name, username, email or id <input type="search" name="q" value="{{query}}" maxlength="100" autofocus></label>
            <button type="submit">Search</button>
            </form>
            </section>
            <section class="card">
            <table>
            <thead><tr><th>User</th><th>Email</th><th>Standing</th><th>Joined</th><th>Last active</th></tr></thead>
            <tbody>
            {{#users}}
            <tr>
            <td><a href="{{href}}">{{displayName}}</a> <span class="muted">@{{username}}</span></td>
            <td class="wrap">{{#.email}}{{.}}{{/.email}}</td>
            <td>{{#.role}}<span class="tag good">{{.}}</span> {{/.role}}{{#.suspension}}<span class="tag bad">{{label}}</span>{{/.suspension}}</td>
            <td>{{createdAt}}</td>
            <td>{{lastActiveAt}}</td>
            </tr>
            {{/users}}
            {{^users}}<tr><td colspan="5" class="muted">No user matches.</td></tr>{{/users}}
            </tbody>
            </table>
            {{> pager}}
            </section>
            {{/page}}
            """#,
        "userListHeading": #"""
            {{#user}}<p><a href="{{href}}">← {{displayName}}</a> <span class="muted">@{{username}}</span></p>{{/user}}
            """#,
        "userGames": #"""
            {{#page}}
            {{> userListHeading}}
            <section class="card">
            {{> userGameTable}}
            {{> pager}}
            </section>
            {{/page}}
            """#,
        // Reads `rows: [UserGameRow]`.
        "userGameTable": #"""
            <table>
            <thead><tr><th>Game</th><th>Type</th><th>Status</th><th>Players</th><th class="number">Moves</th><th>Created</th><th>Last move</th></tr></thead>
            <tbody>
            {{#rows}}
            <tr><td><a href="{{href}}">{{id}}</a></td><td>{{gameType}} <span class="muted">{{mode}}</span></td><td><span class="tag">{{status}}</span></td>
            <td>{{players}}</td><td class="number">{{moves}}</td><td>{{createdAt}}</td><td>{{#.lastMoveAt}}{{.}}{{/.lastMoveAt}}</td></tr>
            {{/rows}}
            {{^rows}}<tr><td colspan="7" class="muted">No games.</td></tr>{{/rows}}
            </tbody>
            </table>
            """#,
        "userReports": #"""
            {{#page}}
            {{> userListHeading}}
            <section class="card">
            <table class="reports">
            <thead><tr><th>Reported</th><th>By</th><th>About</th><th>Reason</th><th>Points at</th><th>Status</th></tr></thead>
            <tbody>
            {{#rows}}{{> reportRow}}{{/rows}}
            {{^rows}}<tr><td colspan="6" class="muted">No reports about them.</td></tr>{{/rows}}
            </tbody>
            </table>
            {{> pager}}
            </section>
            {{/page}}
            """#,
        "userLedger": #"""
            {{#page}}
            {{> userListHeading}}
            {{#rows}}<section class="card">{{> userLedgerTable}}</section>{{/rows}}
            {{/page}}
            """#,
        // Reads a `UserLedgerView`; its `moreHref` is the next page here, the whole ledger on a user's page.
        "userLedgerTable": #"""
            <p>Balance <strong>{{balance}}</strong></p>
            <table>
            <thead><tr><th>When</th><th>Kind</th><th>Status</th><th class="number">Amount</th><th>Description</th><th>Tournament</th></tr></thead>
            <tbody>
            {{#entries}}
            <tr><td>{{createdAt}}</td><td>{{kind}}</td><td><span class="tag">{{status}}</span>{{#.failure}} <span class="muted">{{.}}</span>{{/.failure}}</td>
            <td class="number">{{amount}}</td><td>{{description}}</td><td class="wrap">{{#.reference}}{{.}}{{/.reference}}</td></tr>
            {{/entries}}
            {{^entries}}<tr><td colspan="6" class="muted">No transactions.</td></tr>{{/entries}}
            </tbody>
            </table>
            {{#.moreHref}}<nav class="pager" aria-label="More"><a class="button" href="{{.}}">More of the ledger →</a></nav>{{/.moreHref}}
            """#,
        "userPurchases": #"""
            {{#page}}
            {{> userListHeading}}
            {{#rows}}{{> userPurchaseTables}}{{/rows}}
            {{/page}}
            """#,
        // Reads a `UserPurchasesView`.
        "userPurchaseTables": #"""
            <section class="card">
            <h2>App Store transactions</h2>
            <table>
            <thead><tr><th>Product</th><th class="number">Quantity</th><th>Bought</th><th>Ends</th><th>Environment</th><th>Transaction</th></tr></thead>
            <tbody>
            {{#transactions}}
            <tr><td>{{productID}} <span class="muted">{{productType}}</span>{{#.revokedAt}} <span class="tag bad">revoked {{.}}</span>{{/.revokedAt}}</td>
            <td class="number">{{quantity}}</td><td>{{purchasedAt}}</td><td>{{#.expiresAt}}{{.}}{{/.expiresAt}}</td><td>{{environment}}</td><td class="wrap">{{transactionID}}</td></tr>
            {{/transactions}}
            {{^transactions}}<tr><td colspan="6" class="muted">No purchases.</td></tr>{{/transactions}}
            </tbody>
            </table>
            </section>
            <div class="grid">
            <section class="card">
            <h2>Subscriptions</h2>
            {{#subscriptions}}<p>{{productID}} <span class="tag">{{status}}</span>{{#.expiresAt}} <span class="muted">until {{.}}</span>{{/.expiresAt}}{{#autoRenew}} <span class="muted">renews</span>{{/autoRenew}}</p>{{/subscriptions}}
            {{^subscriptions}}<p class="muted">None.</p>{{/subscriptions}}
            </section>
            <section class="card">
            <h2>Entitlement balances</h2>
            {{#balances}}<p>{{item}}: <strong>{{balance}}</strong> <span class="muted">{{bundleID}}</span></p>{{/balances}}
            {{^balances}}<p class="muted">None.</p>{{/balances}}
            </section>
            <section class="card">
            <h2>App Store notifications</h2>
            {{#notifications}}<p>{{type}} <span class="tag">{{outcome}}</span> <span class="muted">{{receivedAt}}</span></p>{{/notifications}}
            {{^notifications}}<p class="muted">None.</p>{{/notifications}}
            </section>
            </div>
            {{#.moreHref}}<p><a href="{{.}}">Every purchase →</a></p>{{/.moreHref}}
            """#,
    ]
}
