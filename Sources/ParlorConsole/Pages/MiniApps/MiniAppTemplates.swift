extension ConsoleTemplates {
    static let miniApps: [String: String] = [
        "miniApps": #"""
            {{#page}}
            <section class="card">
            <table>
            <thead><tr><th>App</th><th>Launch URL</th><th>Allowed origins</th><th>Category</th><th>State</th><th>Updated</th></tr></thead>
            <tbody>
            {{#apps}}
            <tr><td><a href="/console/mini-apps/{{id}}">{{name}}</a><br><span class="muted">{{id}}</span></td><td class="wrap">{{launchURL}}</td><td class="wrap">{{#origins}}<span class="origin">{{.}}</span>{{/origins}}</td><td>{{category}}</td><td>{{#enabled}}<span class="tag good">enabled</span>{{/enabled}}{{^enabled}}<span class="tag bad">disabled</span>{{/enabled}}</td><td>{{updated}}</td></tr>
            {{/apps}}
            {{^apps}}<tr><td colspan="6" class="muted">No mini apps yet.</td></tr>{{/apps}}
            </tbody>
            </table>
            {{> pager}}
            </section>
            {{#form}}
            <form method="post" action="/console/mini-apps" class="card stack narrowish">{{> csrf}}
            <h2>New mini app</h2>
            {{#problem}}<p class="problem" role="alert">{{problem}}</p>{{/problem}}
            <label>Id (2–40 lowercase letters, digits or -) <input name="id" value="{{id}}" maxlength="40" required></label>
            <label>Name <input name="name" value="{{name}}" required></label>
            <label>Description <input name="description" value="{{description}}"></label>
            <label>Launch URL (inside an allowed origin) <input name="launch_url" value="{{launchURL}}" placeholder="https://games.example.com/play" required></label>
            <label>Allowed origins (one a line) <textarea name="allowed_origins" placeholder="https://games.example.com" required>{{origins}}</textarea></label>
            <label>Icon URL <input name="icon_url" value="{{iconURL}}"></label>
            <label>Category <input name="category" value="{{category}}"></label>
            <label class="check"><input type="checkbox" name="enabled"{{#enabled}} checked{{/enabled}}> Enabled (listed to players)</label>
            <label>Reason (kept in the audit record) <input name="reason" value="{{reason}}" maxlength="500" required></label>
            <button type="submit">Create mini app</button>
            </form>
            {{/form}}
            {{/page}}
            """#,
        "miniApp": #"""
            <p><a href="/console/mini-apps">All mini apps</a></p>
            {{#page}}
            <div class="grid">
            <section class="card">
            <h2>{{name}} {{#enabled}}<span class="tag good">enabled</span>{{/enabled}}{{^enabled}}<span class="tag bad">disabled</span>{{/enabled}}</h2>
            <dl class="facts"><dt>Id</dt><dd>{{id}}</dd><dt>Launch URL</dt><dd class="wrap">{{launchURL}}</dd><dt>Created</dt><dd>{{created}}</dd><dt>Updated</dt><dd>{{updated}}</dd><dt>Client secret</dt><dd class="muted">Shown only when made. Rotate it to get a new one.</dd></dl>
            </section>
            </div>
            <form method="post" action="/console/mini-apps/{{id}}/edit" class="card stack narrowish">{{> csrf}}
            <h2>Edit</h2>
            <label>Name <input name="name" value="{{name}}" required></label>
            <label>Description <input name="description" value="{{description}}"></label>
            <label>Launch URL <input name="launch_url" value="{{launchURL}}" required></label>
            <label>Allowed origins (one a line) <textarea name="allowed_origins" required>{{origins}}</textarea></label>
            <label>Icon URL <input name="icon_url" value="{{iconURL}}"></label>
            <label>Category <input name="category" value="{{category}}"></label>
            <label class="check"><input type="checkbox" name="enabled"{{#enabled}} checked{{/enabled}}> Enabled (listed to players)</label>
            <label>Reason <input name="reason" maxlength="500" required></label>
            <button type="submit">Save</button>
            </form>
            <div class="grid">
            <form method="post" action="/console/mini-apps/{{id}}/rotate" class="stack card" data-confirm="Replace the secret? The app's current secret stops working at once.">{{> csrf}}
            <h2>Rotate the secret</h2>
            <p class="muted">A new secret is made and shown once; the current one stops working at once.</p>
            <label>Reason <input name="reason" maxlength="500" required></label>
            <button type="submit" class="secondary">Rotate the secret</button>
            </form>
            <form method="post" action="/console/mini-apps/{{id}}/delete" class="stack card" data-confirm="Really delete this mini app? Its launch codes stop working.">{{> csrf}}
            <h2>Delete</h2>
            <p class="muted">Removes the app from the catalogue; its outstanding launch codes stop working.</p>
            <label>Reason <input name="reason" maxlength="500" required></label>
            <button type="submit" class="danger">Delete the app</button>
            </form>
            </div>
            {{/page}}
            """#,
        "miniAppSecret": #"""
            {{#page}}
            <section class="card">
            <h2>{{name}} <span class="muted">({{id}})</span></h2>
            <p>{{#created}}The app is created. {{/created}}{{^created}}The old secret no longer works. {{/created}}Its client secret is below. <strong>Copy it now: it is shown only this once</strong>, and Parlor keeps only its hash.</p>
            <p class="secret"><code id="client-secret">{{secret}}</code></p>
            <p><a class="button" href="/console/mini-apps/{{id}}">I have copied it</a></p>
            </section>
            {{/page}}
            """#,
    ]
}
