extension ConsoleTemplates {
    static let topDogPool: [String: String] = [
        "topDogRoom": #"""
            {{> topDogNav}}
            {{#page}}
            <section class="card">
            <p><a href="/console/topdog/tournaments/{{tournamentID}}">{{tournamentTitle}}</a> · <span class="tag {{tone}}">{{status}}</span> · {{picksMade}} picks{{#startsAt}} · first pick {{startsAt}}{{/startsAt}}</p>
            {{#paused}}<p class="problem" role="status">Paused{{#pausedAt}} since {{pausedAt}}{{/pausedAt}}: no pick is taken and nothing is autopicked until it resumes.</p>{{/paused}}
            {{#clock}}<p class="clock"><strong>{{clock}}</strong></p>{{/clock}}
            {{#waiting}}<p class="muted">In the room, waiting for it to fill: {{waiting}}</p>{{/waiting}}
            <div class="actions">
            {{#canPause}}<form method="post" action="/console/topdog/rooms/{{id}}/pause" class="inline">{{> csrf}}<input type="hidden" name="back" value="board"><label>Reason <input name="reason" maxlength="500" required></label><button type="submit" class="secondary">Pause the room</button></form>{{/canPause}}
            {{#canResume}}<form method="post" action="/console/topdog/rooms/{{id}}/resume" class="inline">{{> csrf}}<input type="hidden" name="back" value="board"><label>Reason <input name="reason" maxlength="500" required></label><button type="submit">Resume the room</button></form>{{/canResume}}
            </div>
            </section>
            <section class="card">
            <table class="board">
            <thead><tr><th class="round">Rd</th>{{#teams}}<th{{#onClock}} class="on-clock"{{/onClock}}>{{slot}}. {{name}}{{#autopick}} <span class="tag">auto</span>{{/autopick}}</th>{{/teams}}</tr></thead>
            <tbody>
            {{#rounds}}
            <tr><th>{{number}}</th>{{#cells}}<td class="pick{{#player}} pos-{{position}}{{/player}}{{#onClock}} on-clock{{/onClock}}">{{#player}}<span class="label">{{label}}</span> <strong>{{player}}</strong><br><span class="muted">{{position}} · {{team}}{{#auto}} · auto{{/auto}}</span>{{/player}}{{^player}}{{#onClock}}<span class="label">{{label}}</span> on the clock{{/onClock}}{{/player}}</td>{{/cells}}</tr>
            {{/rounds}}
            </tbody>
            </table>
            </section>
            {{/page}}
            """#,
        "topDogPlayers": #"""
            {{> topDogNav}}
            {{#page}}
            {{#refusal}}
            <section class="card problem-card" role="alert">
            <h2>{{filename}} was not imported</h2>
            <p>{{message}}. Fix these lines and upload the file again.</p>
            <table class="import-problems">
            <thead><tr><th class="number">Line</th><th>Field</th><th>Problem</th></tr></thead>
            <tbody>{{#problems}}<tr><td class="number">{{line}}</td><td><code>{{field}}</code></td><td>{{message}}</td></tr>{{/problems}}</tbody>
            </table>
            </section>
            {{/refusal}}
            <section class="card">
            <h2>Import players from CSV</h2>
            <p class="muted">Columns: <code>{{columns}}</code>. A player whose id is already in the pool is replaced. Every row is checked first: any problem imports nothing.</p>
            <form method="post" action="/console/topdog/players/import" enctype="multipart/form-data" class="inline">{{> csrf}}
            <label>CSV file <input type="file" name="csv" accept=".csv,text/csv" required></label>
            <label>Reason <input name="reason" maxlength="500" required></label>
            <button type="submit">Import</button>
            </form>
            </section>
            <section class="card">
            <form method="get" action="/console/topdog/players" class="filters">
            <label>Name or team <input name="search" value="{{search}}" maxlength="60"></label>
            <label>Position <select name="position"><option value="">Any</option>{{#positions}}<option value="{{value}}"{{#selected}} selected{{/selected}}>{{value}}</option>{{/positions}}</select></label>
            <button type="submit" class="secondary">Show</button>
            </form>
            <p class="muted">{{total}} players.</p>
            <table>
            <thead><tr><th class="number">Rank</th><th>Player</th><th>Pos</th><th>Team</th><th class="number">Bye</th><th class="number">ADP</th><th class="number">Projected</th><th>Id</th></tr></thead>
            <tbody>
            {{#players}}<tr><td class="number">{{rank}}</td><td>{{name}}</td><td>{{position}}</td><td>{{team}}</td><td class="number">{{byeWeek}}</td><td class="number">{{adp}}</td><td class="number">{{projected}}</td><td class="muted">{{id}}</td></tr>{{/players}}
            {{^players}}<tr><td colspan="8" class="muted">No players match.</td></tr>{{/players}}
            </tbody>
            </table>
            {{> pager}}
            </section>
            {{/page}}
            """#,
        "topDogPayments": #"""
            {{> topDogNav}}
            {{#page}}
            <section class="card">
            <form method="get" action="/console/topdog/payments" class="filters">
            <label>Status <select name="status">{{#statuses}}<option value="{{value}}"{{#selected}} selected{{/selected}}>{{value}}</option>{{/statuses}}</select></label>
            <button type="submit" class="secondary">Show</button>
            </form>
            </section>
            <section class="card">
            <table>
            <thead><tr><th>Created</th><th>User</th><th>Kind</th><th class="number">Amount</th><th>Status</th><th>Description</th><th>Settle or fail</th></tr></thead>
            <tbody>
            {{#payments}}
            <tr><td>{{created}}</td><td><a href="/console/users/{{userID}}">{{userID}}</a></td><td>{{kind}}</td><td class="number">{{amount}}</td><td><span class="tag {{tone}}">{{status}}</span>{{#settled}}<br><span class="muted">{{settled}}</span>{{/settled}}</td><td>{{description}}{{#failure}}<br><span class="muted">{{failure}}</span>{{/failure}}</td>
            <td>{{#pending}}<form method="post" action="/console/topdog/payments/{{id}}/resolve" class="inline">{{> csrf}}<select name="outcome" aria-label="Outcome"><option value="settled">Settled</option><option value="failed">Failed</option></select><input name="reason" placeholder="Reason" maxlength="200" required aria-label="Reason"><button type="submit">Record</button></form>{{/pending}}</td></tr>
            {{/payments}}
            {{^payments}}<tr><td colspan="7" class="muted">No {{status}} payments.</td></tr>{{/payments}}
            </tbody>
            </table>
            {{> pager}}
            </section>
            {{/page}}
            """#,
    ]
}
