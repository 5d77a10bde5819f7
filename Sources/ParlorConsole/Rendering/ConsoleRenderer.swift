import Mustache

/// Draws console pages: each page's template inside the layout, escaped by Mustache.
///
/// A page template reads its model under `page` (`{{#page}}…{{/page}}`), and, from anywhere,
/// `csrfToken` (or the `{{> csrf}}` partial every form carries) and `staff`.
package struct ConsoleRenderer: Sendable {
    let library: MustacheLibrary

    init() throws {
        var library = MustacheLibrary()
        for (name, text) in ConsoleTemplates.all {
            try library.register(text, named: name)
        }
        self.library = library
    }

    /// The whole document for `frame`: its page's template, then the layout around it.
    func document(_ frame: ConsoleFrame, template: String) throws -> String {
        guard library.getTemplate(named: template) != nil else { throw ConsoleProblem("no template named '\(template)'") }
        let body = library.render(frame, withTemplate: template) ?? ""
        var outer = frame
        outer.body = body
        return library.render(outer, withTemplate: "layout") ?? ""
    }
}

/// What the layout and every page template can read.
struct ConsoleFrame {
    var title: String
    var csrfToken: String?
    var staff: StaffView?
    var nav: [NavItem]
    var notice: String?
    var problem: String?
    var refreshSeconds: Int?
    var page: Any
    var body = ""

    struct StaffView {
        var username: String
        var displayName: String
        var role: String
        var isAdmin: Bool
    }

    struct NavItem {
        var label: String
        var href: String
        var current: Bool
    }
}
