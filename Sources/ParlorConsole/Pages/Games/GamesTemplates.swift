extension ConsoleTemplates {
    static let games: [String: String] = [
        "gamesStatusTag": #"<span class="tag{{#live}} good{{/live}}{{#abandoned}} bad{{/abandoned}}">{{statusLabel}}</span>"#,
        "gamesList": #"""
            {{#page}}
            <form class="filters card" method="get" action="/console/games">
            <label>Status <select name="status"><option value="">Any status</option>{{#statuses}}<option value="{{value}}"{{#selected}} selected{{/selected}}>{{label}}</option>{{/statuses}}</select></label>
            <label>Game <select name="game_type"><option value="">Any game</option>{{#types}}<option value="{{value}}"{{#selected}} selected{{/selected}}>{{label}}</option>{{/types}}</select></label>
            <label>Player's user id <input name="user_id" value="{{userID}}" maxlength="64"></label>
            <button type="submit">Show</button>
            {{#filtered}}<a class="button secondary" href="/console/games">Clear filters</a>{{/filtered}}
            </form>
            <section class="card">
            <table>
            <thead><tr><th>Game</th><th>Type</th><th>Status</th><th>Players</th><th class="number">Moves</th><th>Created</th><th>Last move</th></tr></thead>
            <tbody>
            {{#games}}
            <tr><td><a href="/console/games/{{id}}"><code>{{shortID}}</code></a></td><td class="nowrap">{{gameType}}<br><span class="muted">{{mode}}</span></td><td class="nowrap">{{> gamesStatusTag}}</td>
            <td>{{#players}}<span class="player">{{name}}{{#resigned}} <span class="tag bad">resigned</span>{{/resigned}}{{#winner}} <span class="tag good">won</span>{{/winner}}</span> {{/players}}<span class="muted">({{seats}})</span></td>
            <td class="number">{{moves}}</td><td class="nowrap">{{createdAt}}</td><td class="nowrap">{{#lastMoveAt}}{{.}}{{/lastMoveAt}}{{^lastMoveAt}}<span class="muted">–</span>{{/lastMoveAt}}</td></tr>
            {{/games}}
            {{^games}}<tr><td colspan="7" class="muted">No games{{#filtered}} match these filters{{/filtered}}.</td></tr>{{/games}}
            </tbody>
            </table>
            {{> pager}}
            </section>
            {{/page}}
            """#,
        "gamesPage": #"""
            {{#page}}
            {{#game}}
            <div class="grid">
            <section class="card">
            <h2>Game</h2>
            <dl class="facts">
            <dt>Id</dt><dd><code>{{id}}</code></dd>
            <dt>Type</dt><dd>{{gameType}} <span class="muted">{{mode}}</span></dd>
            <dt>Status</dt><dd>{{> gamesStatusTag}}{{#result}} {{.}}{{/result}}</dd>
            <dt>Players</dt><dd>{{seats}}</dd>
            <dt>Moves</dt><dd>{{moves}}</dd>
            <dt>Created</dt><dd>{{createdAt}}</dd>
            {{#startedAt}}<dt>Started</dt><dd>{{.}}</dd>{{/startedAt}}
            {{#lastMoveAt}}<dt>Last move</dt><dd>{{.}}</dd>{{/lastMoveAt}}
            {{#endedAt}}<dt>Ended</dt><dd>{{.}}</dd>{{/endedAt}}
            </dl>
            </section>
            <section class="card">
            <h2>Players</h2>
            <table>
            <thead><tr><th>Seat</th><th>Player</th><th>State</th></tr></thead>
            <tbody>
            {{#players}}<tr><td>{{seat}}</td><td><a href="/console/users/{{userID}}">{{name}}</a></td><td>{{#winner}}<span class="tag good">winner</span> {{/winner}}{{#resigned}}<span class="tag bad">resigned</span> {{/resigned}}{{#online}}<span class="tag">connected</span>{{/online}}{{^online}}<span class="muted">not connected</span>{{/online}}</td></tr>{{/players}}
            </tbody>
            </table>
            </section>
            </div>
            {{/game}}
            <section class="card">
            <h2>Position</h2>
            {{#position}}
            {{#svg}}<figure class="position board">{{{.}}}</figure>{{/svg}}
            {{#table}}
            <div class="table-top">
            <figure class="discard"><span class="playing-card{{#topCardRed}} red-suit{{/topCardRed}}">{{topCard}}</span><figcaption class="muted">Discard top · {{discard}} in the pile</figcaption></figure>
            <dl class="facts">
            <dt>Suit to follow</dt><dd>{{#suitRed}}<span class="red-suit">{{suit}}</span>{{/suitRed}}{{^suitRed}}{{suit}}{{/suitRed}}</dd>
            <dt>To move</dt><dd>{{turn}}</dd>
            <dt>Stock</dt><dd>{{stock}} cards</dd>
            <dt>Direction</dt><dd>{{direction}}</dd>
            <dt>Round</dt><dd>{{round}}</dd>
            {{#penalty}}<dt>Penalty pending</dt><dd>{{.}} cards to draw</dd>{{/penalty}}
            </dl>
            </div>
            <table>
            <thead><tr><th>Seat</th><th>Player</th><th class="number">Cards in hand</th><th class="number">Score</th></tr></thead>
            <tbody>
            {{#seats}}<tr><td>{{number}}</td><td>{{name}}{{#toMove}} <span class="tag good">to move</span>{{/toMove}}</td><td class="number">{{cards}}</td><td class="number">{{score}}</td></tr>{{/seats}}
            </tbody>
            </table>
            <p class="muted">As a spectator sees it: no player's cards are shown.</p>
            {{/table}}
            {{#undrawable}}<p class="muted">This game's position cannot be drawn here.</p>{{/undrawable}}
            {{#over}}{{^undrawable}}<p class="muted">The position the game ended in.</p>{{/undrawable}}{{/over}}
            {{/position}}
            {{^position}}<p class="muted">Nothing to draw yet: the game has not started.</p>{{/position}}
            </section>
            {{#canEnd}}
            <section class="card">
            <h2>Operator actions</h2>
            <div class="actions">
            {{#resignable}}
            <form method="post" action="/console/games/{{gameID}}/seats/{{seatIndex}}/resign" class="stack" data-confirm="Resign {{name}} (seat {{seat}}) from this game?">{{> csrf}}
            <label>Reason <input name="reason" required maxlength="500"></label>
            <button type="submit" class="danger">Resign {{name}} (seat {{seat}})</button>
            </form>
            {{/resignable}}
            <form method="post" action="/console/games/{{gameID}}/end" class="stack" data-confirm="End this game with no result? Nobody wins and no rating changes.">{{> csrf}}
            <label>Reason <input name="reason" required maxlength="500"></label>
            <button type="submit" class="danger">End the game</button>
            </form>
            </div>
            <p class="muted">A resigned seat loses as if its player resigned; the game goes on or ends as its rules say. Ending the game leaves it with no result: nobody wins, no rating changes.</p>
            </section>
            {{/canEnd}}
            <section class="card">
            <h2>Moves</h2>
            <table>
            <thead><tr><th class="number">#</th><th>Seat</th><th>Kind</th><th>Action</th><th>At</th></tr></thead>
            <tbody>
            {{#moves}}<tr><td class="number">{{seq}}</td><td>{{seat}} <span class="muted">{{player}}</span></td><td>{{kind}}</td><td class="wrap"><code>{{action}}</code></td><td>{{at}}</td></tr>{{/moves}}
            {{^moves}}<tr><td colspan="5" class="muted">No moves yet.</td></tr>{{/moves}}
            </tbody>
            </table>
            </section>
            <section class="card">
            <h2>Chat</h2>
            <table>
            <thead><tr><th>At</th><th>Who</th><th>Line</th><th></th></tr></thead>
            <tbody>
            {{#chat}}<tr><td>{{at}}</td><td>{{name}}{{#seat}} <span class="muted">seat {{.}}</span>{{/seat}}</td>
            <td class="wrap">{{#removed}}<s>{{text}}</s> <span class="tag bad">{{.}}</span>{{/removed}}{{^removed}}{{text}}{{/removed}}</td>
            <td>{{^removed}}<form method="post" action="/console/games/{{gameID}}/chat/{{id}}/delete" class="inline" data-confirm="Remove this line for every player?">{{> csrf}}<input name="reason" placeholder="Reason" aria-label="Reason" required maxlength="500"><button type="submit" class="danger">Remove</button></form>{{/removed}}</td></tr>{{/chat}}
            {{^chat}}<tr><td colspan="4" class="muted">No chat.</td></tr>{{/chat}}
            </tbody>
            </table>
            {{> pager}}
            </section>
            {{#settings}}<section class="card"><h2>Settings</h2><p class="wrap"><code>{{.}}</code></p></section>{{/settings}}
            {{/page}}
            """#,
    ]
}
