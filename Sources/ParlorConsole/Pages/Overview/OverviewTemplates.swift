extension ConsoleTemplates {
    static let overview: [String: String] = [
        // The charts are embedded unescaped only because the server drew them (``LineChart``),
        // every text in them a number it formatted or a fixed label, XML-escaped besides.
        "overview": #"""
            {{#page}}
            <div class="grid">
            {{#figures}}
            <a class="card figure-link" href="{{href}}"><span class="muted">{{label}}</span>
            <span class="figure{{#bad}} bad{{/bad}}">{{value}}</span>{{#note}}<span class="muted small">{{note}}</span>{{/note}}</a>
            {{/figures}}
            </div>
            <div class="grid charts">
            <section class="card"><h2>Moves a second</h2>{{{movesChart}}}</section>
            <section class="card"><h2>Move round trip (p50, p99)</h2>{{{latencyChart}}}</section>
            </div>
            <p class="muted">The charts are this node's alone, kept in its memory for the last hour. {{samples}} Other nodes keep their own; Prometheus' <code>/metrics</code> has every node's.</p>
            {{#isAdmin}}
            <section class="card">
            <h2>Nodes</h2>
            <table>
            <thead><tr><th>Node</th><th>Started</th><th>Last heartbeat</th><th class="number">Sockets</th><th class="number">Users</th><th class="number">Games</th></tr></thead>
            <tbody>
            {{#nodes}}<tr><td class="wrap"><code>{{id}}</code></td><td>{{startedAt}}</td><td>{{seenAt}}</td><td class="number">{{sockets}}</td><td class="number">{{users}}</td><td class="number">{{games}}</td></tr>{{/nodes}}
            {{^nodes}}<tr><td colspan="6" class="muted">No node has reported in.</td></tr>{{/nodes}}
            </tbody>
            </table>
            </section>
            {{/isAdmin}}
            {{/page}}
            """#
    ]
}
