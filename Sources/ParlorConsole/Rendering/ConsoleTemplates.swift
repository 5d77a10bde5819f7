/// Every template of the console by name. Each area keeps its templates beside its pages, as a
/// dictionary named for the area, and adds it here.
enum ConsoleTemplates {
    static var all: [String: String] {
        var all = base
        for area in [
            signIn, account, errors, overview, games, users, user, reports, push, purchases, leaderboards, audit, topDog, miniApps,
        ] {
            all.merge(area) { first, _ in first }
        }
        return all
    }

    /// The layout and the partials every page uses.
    static let base: [String: String] = [
        "layout": layout,
        "csrf": #"<input type="hidden" name="csrf" value="{{csrfToken}}">"#,
        // `pager` reads a ``ConsolePager`` in the current context.
        "pager": #"""
            {{#pager}}<nav class="pager" aria-label="More">{{#nextHref}}<a class="button" href="{{nextHref}}">Next page →</a>{{/nextHref}}{{^nextHref}}<span class="muted">End of the list.</span>{{/nextHref}}</nav>{{/pager}}
            """#,
    ]

    static let layout = #"""
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>{{title}} · Parlor console</title>
        <link rel="stylesheet" href="/console/static/console.css">
        <script src="/console/static/console.js" defer></script>
        </head>
        <body{{#refreshSeconds}} data-refresh="{{refreshSeconds}}"{{/refreshSeconds}}>
        <header class="top">
        <a class="brand" href="/console">Parlor console</a>
        {{#staff}}
        <nav class="sections" aria-label="Sections">
        {{#nav}}<a href="{{href}}"{{#current}} aria-current="page"{{/current}}>{{label}}</a>{{/nav}}
        </nav>
        <form class="signout" method="post" action="/console/sign-out">{{> csrf}}<span class="who">{{displayName}} · {{role}}</span> <button type="submit">Sign out</button></form>
        {{/staff}}
        </header>
        <main>
        <h1>{{title}}</h1>
        {{#notice}}<p class="notice" role="status">{{notice}}</p>{{/notice}}
        {{#problem}}<p class="problem" role="alert">{{problem}}</p>{{/problem}}
        <div data-live>
        {{{body}}}
        </div>
        </main>
        </body>
        </html>
        """#
}
