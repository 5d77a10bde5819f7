extension ConsoleTemplates {
    static let reports: [String: String] = [
        "reports": #"""
            {{#page}}
            <section class="card">
            <form class="filters" method="get" action="/console/reports">
            <label>Status <select name="status">{{#filters}}<option value="{{value}}"{{#selected}} selected{{/selected}}>{{label}}</option>{{/filters}}</select></label>
            <button type="submit" class="secondary">Show</button>
            </form>
            </section>
            <section class="card">
            {{> reportTable}}
            {{> pager}}
            </section>
            {{/page}}
            """#,
        // Reads `reports: [ReportRow]`; shared with a user's page.
        "reportTable": #"""
            <table class="reports">
            <thead><tr><th>Reported</th><th>By</th><th>About</th><th>Reason</th><th>Points at</th><th>Status</th></tr></thead>
            <tbody>
            {{#reports}}{{> reportRow}}{{/reports}}
            {{^reports}}<tr><td colspan="6" class="muted">No reports here.</td></tr>{{/reports}}
            </tbody>
            </table>
            """#,
        // One `ReportRow`. Optional fields are read with a leading dot so that a missing one never
        // picks up a namesake from the page around it.
        "reportRow": #"""
            <tr>
            <td>{{createdAt}}</td>
            <td>{{#.reporter}}<a href="{{href}}">{{displayName}}</a> <span class="muted">@{{username}}</span>{{/.reporter}}{{^.reporter}}<span class="muted">a deleted account</span>{{/.reporter}}</td>
            <td>{{#.user}}<a href="{{href}}">{{displayName}}</a> <span class="muted">@{{username}}</span>{{/.user}}</td>
            <td><span class="tag">{{reason}}</span>{{#.details}}<p>{{.}}</p>{{/.details}}</td>
            <td>{{#.gameHref}}<a href="{{.}}">Game {{gameID}}</a>{{/.gameHref}}{{^.gameHref}}<span class="muted">nothing</span>{{/.gameHref}}
            {{#.chatLine}}<blockquote class="chat wrap"><span class="muted">{{name}}, {{at}}:</span> {{text}}{{#removed}} <span class="tag bad">removed</span>{{/removed}}</blockquote>{{/.chatLine}}
            {{#.missingChatLine}}<p class="muted">Chat line {{.}}, no longer kept.</p>{{/.missingChatLine}}</td>
            <td>{{#isOpen}}<span class="tag bad">open</span>
            <form method="post" action="/console/reports/{{id}}/resolve" class="stack resolve">{{> csrf}}<input type="hidden" name="back" value="{{back}}">
            <label>Outcome <select name="outcome"><option value="actioned">Actioned</option><option value="dismissed">Dismissed</option></select></label>
            <label>Note <input name="note" maxlength="500" required></label>
            <button type="submit">Resolve</button>
            </form>
            {{#.user}}<p><a href="{{href}}#moderation">Suspend {{displayName}}…</a></p>{{/.user}}
            {{/isOpen}}
            {{^isOpen}}<span class="tag">{{status}}</span>{{#.resolvedAt}} <span class="muted">{{.}}</span>{{/.resolvedAt}}{{#.resolvedByHref}} <a href="{{.}}">who resolved it</a>{{/.resolvedByHref}}{{#.resolutionNote}}<p>{{.}}</p>{{/.resolutionNote}}{{/isOpen}}
            </td>
            </tr>
            """#,
    ]
}
