extension ConsoleTemplates {
    /// Every TopDog template: the tournaments here, the board, pool and payments beside them.
    static var topDog: [String: String] { topDogTournaments.merging(topDogPool) { first, _ in first } }

    static let topDogTournaments: [String: String] = [
        "topDogNav": #"""
            <nav class="subnav" aria-label="TopDog"><a href="/console/topdog">Tournaments</a> <a href="/console/topdog/new">New tournament</a> <a href="/console/topdog/players">Players</a> <a href="/console/topdog/payments">Payments</a></nav>
            """#,
        "topDogTournaments": #"""
            {{> topDogNav}}
            {{#page}}
            <section class="card">
            <table>
            <thead><tr><th>Tournament</th><th>Status</th><th class="number">Entries</th><th class="number">Fee</th><th class="number">Prizes</th><th>Rooms</th><th class="number">Fees taken</th><th class="number">Refunded</th><th class="number">Prizes paid</th><th class="number">House</th><th class="number">Escrow</th><th>Created</th></tr></thead>
            <tbody>
            {{#tournaments}}
            <tr><td><a href="/console/topdog/tournaments/{{id}}">{{title}}</a></td><td><span class="tag {{tone}}">{{status}}</span></td><td class="number">{{entries}}</td><td class="number">{{fee}}</td><td class="number">{{prizes}}</td><td>{{rooms}}</td><td class="number">{{feesTaken}}</td><td class="number">{{refunded}}</td><td class="number">{{prizesPaid}}</td><td class="number">{{houseShare}}</td><td class="number">{{escrow}}</td><td>{{created}}</td></tr>
            {{/tournaments}}
            {{^tournaments}}<tr><td colspan="12" class="muted">No tournaments yet. <a href="/console/topdog/new">Create one</a>.</td></tr>{{/tournaments}}
            </tbody>
            </table>
            {{> pager}}
            </section>
            {{/page}}
            """#,
        "topDogNewTournament": #"""
            {{> topDogNav}}
            {{#page}}
            {{#hasProblems}}<div class="problem" role="alert"><p>The tournament was not created:</p><ul>{{#problems}}<li>{{.}}</li>{{/problems}}</ul></div>{{/hasProblems}}
            <form method="post" action="/console/topdog/tournaments" class="card stack narrowish">{{> csrf}}
            <label>Title <input name="title" value="{{title}}" maxlength="80" required></label>{{#errors.title}}<p class="field-error">{{errors.title}}</p>{{/errors.title}}
            <div class="columns">
            <label>Entry fee ($) <input name="entry_fee" value="{{entryFee}}" inputmode="decimal" placeholder="25.00" required></label>
            <label>Most entries (0 = unlimited) <input name="max_entries" value="{{maxEntries}}" inputmode="numeric" placeholder="0"></label>
            <label>Most entries a player (0 = unlimited) <input name="max_per_user" value="{{maxPerUser}}" inputmode="numeric" placeholder="0"></label>
            </div>
            {{#errors.entry_fee}}<p class="field-error">Entry fee: {{errors.entry_fee}}</p>{{/errors.entry_fee}}{{#errors.max_entries}}<p class="field-error">Most entries: {{errors.max_entries}}</p>{{/errors.max_entries}}{{#errors.max_per_user}}<p class="field-error">Most entries a player: {{errors.max_per_user}}</p>{{/errors.max_per_user}}
            <label>Prizes ($, first place first, separated by spaces) <textarea name="prizes" placeholder="1000 500 250">{{prizes}}</textarea></label>{{#errors.prizes}}<p class="field-error">{{errors.prizes}}</p>{{/errors.prizes}}
            <div class="columns">
            <label>Speed <select name="speed">{{#speeds}}<option value="{{value}}"{{#selected}} selected{{/selected}}>{{label}}</option>{{/speeds}}</select></label>
            <label>Seconds a pick (custom only) <input name="pick_seconds" value="{{pickSeconds}}" inputmode="numeric"></label>
            <label>Teams a room <input name="teams" value="{{teams}}" inputmode="numeric" placeholder="12"></label>
            <label>Rounds <input name="rounds" value="{{rounds}}" inputmode="numeric" placeholder="18"></label>
            </div>
            {{#errors.pick_seconds}}<p class="field-error">Seconds a pick: {{errors.pick_seconds}}</p>{{/errors.pick_seconds}}{{#errors.teams}}<p class="field-error">Teams: {{errors.teams}}</p>{{/errors.teams}}{{#errors.rounds}}<p class="field-error">Rounds: {{errors.rounds}}</p>{{/errors.rounds}}
            <fieldset><legend>Most players a team drafts per position (all four, or none for QB 4, RB 9, WR 10, TE 5)</legend>
            <div class="columns">
            <label>QB <input name="cap_qb" value="{{qb}}" inputmode="numeric" placeholder="4"></label>
            <label>RB <input name="cap_rb" value="{{rb}}" inputmode="numeric" placeholder="9"></label>
            <label>WR <input name="cap_wr" value="{{wr}}" inputmode="numeric" placeholder="10"></label>
            <label>TE <input name="cap_te" value="{{te}}" inputmode="numeric" placeholder="5"></label>
            </div></fieldset>
            {{#errors.caps}}<p class="field-error">{{errors.caps}}</p>{{/errors.caps}}
            <div class="columns">
            <label>Countdown (seconds from full to first pick) <input name="countdown_seconds" value="{{countdownSeconds}}" inputmode="numeric" placeholder="10"></label>
            <label>Playoff pod size <input name="pod_size" value="{{podSize}}" inputmode="numeric" placeholder="10"></label>
            <label>Starts at (UTC; entries close) <input type="datetime-local" name="starts_at" value="{{startsAt}}"></label>
            </div>
            {{#errors.countdown_seconds}}<p class="field-error">Countdown: {{errors.countdown_seconds}}</p>{{/errors.countdown_seconds}}{{#errors.pod_size}}<p class="field-error">Pod size: {{errors.pod_size}}</p>{{/errors.pod_size}}{{#errors.starts_at}}<p class="field-error">Starts at: {{errors.starts_at}}</p>{{/errors.starts_at}}
            <label>At the start, a room not full <select name="unfilled_policy">{{#policies}}<option value="{{value}}"{{#selected}} selected{{/selected}}>{{label}}</option>{{/policies}}</select></label>
            <label>Reason (kept in the audit record) <input name="reason" value="{{reason}}" maxlength="500" required></label>{{#errors.reason}}<p class="field-error">{{errors.reason}}</p>{{/errors.reason}}
            <button type="submit">Create tournament</button>
            </form>
            {{/page}}
            """#,
        "topDogTournament": #"""
            {{> topDogNav}}
            {{#page}}
            <div class="grid">
            <section class="card">
            <h2>Tournament <span class="tag {{tone}}">{{status}}</span></h2>
            <dl class="facts">{{#facts}}<dt>{{label}}</dt><dd>{{value}}</dd>{{/facts}}</dl>
            </section>
            <section class="card">
            <h2>Money</h2>
            <dl class="facts">{{#money}}<dt>{{label}}</dt><dd>{{value}}</dd>{{/money}}</dl>
            </section>
            </div>
            <section class="card">
            <h2>Rooms</h2>
            {{#rooms}}
            <table>
            <thead><tr><th>Room</th><th>Status</th><th class="number">Entries</th><th class="number">Picks</th><th>Clock</th><th>Pause or resume</th></tr></thead>
            <tbody>
            {{#rows}}
            <tr><td><a href="/console/topdog/rooms/{{id}}">{{shortID}}</a></td><td><span class="tag {{tone}}">{{status}}</span></td><td class="number">{{entries}}</td><td class="number">{{picks}}</td><td>{{clock}}</td>
            <td>{{#canPause}}<form method="post" action="/console/topdog/rooms/{{id}}/pause" class="inline">{{> csrf}}<input type="hidden" name="tournament" value="{{page.id}}"><input name="reason" placeholder="Reason" maxlength="500" required aria-label="Reason to pause"><button type="submit" class="secondary">Pause</button></form>{{/canPause}}{{#canResume}}<form method="post" action="/console/topdog/rooms/{{id}}/resume" class="inline">{{> csrf}}<input type="hidden" name="tournament" value="{{page.id}}"><input name="reason" placeholder="Reason" maxlength="500" required aria-label="Reason to resume"><button type="submit">Resume</button></form>{{/canResume}}</td></tr>
            {{/rows}}
            {{^rows}}<tr><td colspan="6" class="muted">No rooms yet: the first entry opens one.</td></tr>{{/rows}}
            </tbody>
            </table>
            {{> pager}}
            {{/rooms}}
            </section>
            <section class="card">
            <h2>Standings{{#round}} after {{round}}{{/round}}</h2>
            {{#standings}}
            <table>
            <thead><tr><th class="number">Rank</th><th>Entry</th><th>Round reached</th><th class="number">Points</th><th class="number">Prize</th></tr></thead>
            <tbody>
            {{#rows}}<tr><td class="number">{{rank}}</td><td>{{name}}</td><td>{{roundReached}}</td><td class="number">{{points}}</td><td class="number">{{prize}}</td></tr>{{/rows}}
            {{^rows}}<tr><td colspan="5" class="muted">No standings yet: a round is ranked once every room has drafted and its weeks are scored.</td></tr>{{/rows}}
            </tbody>
            </table>
            {{> pager}}
            {{/standings}}
            </section>
            <div class="grid">
            {{#edit}}
            <form method="post" action="/console/topdog/tournaments/{{page.id}}/edit" class="stack card">{{> csrf}}
            <h2>Edit before the start</h2>
            <label>Title <input name="title" value="{{title}}" maxlength="80" required></label>
            <label>Entry fee ($){{#feeLocked}} — locked: entries are taken{{/feeLocked}} <input name="entry_fee" value="{{entryFee}}" inputmode="decimal"{{#feeLocked}} readonly{{/feeLocked}}></label>
            <label>Prizes ($, first place first) <textarea name="prizes">{{prizes}}</textarea></label>
            <label>Starts at (UTC) <input type="datetime-local" name="starts_at" value="{{startsAt}}"></label>
            <label>At the start, a room not full <select name="unfilled_policy"><option value="fill_with_house"{{#fillWithHouse}} selected{{/fillWithHouse}}>Fill with house teams</option><option value="cancel_room"{{#cancelRoom}} selected{{/cancelRoom}}>Close it and refund</option></select></label>
            <label>Reason <input name="reason" maxlength="500" required></label>
            <button type="submit">Save changes</button>
            </form>
            {{/edit}}
            {{#canComplete}}
            <form method="post" action="/console/topdog/tournaments/{{id}}/complete" class="stack card" data-confirm="Complete this tournament: score every week, rank every entry and pay the prizes?">{{> csrf}}
            <h2>Complete</h2>
            <p class="muted">Scores every week, runs the playoffs and pays prizes. Every room must have finished drafting.</p>
            <label>Reason <input name="reason" maxlength="500" required></label>
            <button type="submit">Complete and pay prizes</button>
            </form>
            {{/canComplete}}
            {{#canCancel}}
            <form method="post" action="/console/topdog/tournaments/{{id}}/cancel" class="stack card" data-confirm="Really cancel this tournament? Every entry is refunded and every room still drafting is closed.">{{> csrf}}
            <h2>Cancel</h2>
            <p class="muted">Refunds every entry's fee and closes every room not finished drafting. It cannot be undone.</p>
            <label>Reason <input name="reason" maxlength="500" required></label>
            <button type="submit" class="danger">Cancel and refund</button>
            </form>
            {{/canCancel}}
            </div>
            {{/page}}
            """#,
    ]
}
