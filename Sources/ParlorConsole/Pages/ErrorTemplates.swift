extension ConsoleTemplates {
    static let errors: [String: String] = [
        "error": #"""
            {{#page}}
            <p class="problem">{{message}}</p>
            <p>{{#signedIn}}<a href="/console">Back to the overview</a>{{/signedIn}}{{^signedIn}}<a href="/console/sign-in">Sign in</a>{{/signedIn}}</p>
            {{/page}}
            """#
    ]
}
