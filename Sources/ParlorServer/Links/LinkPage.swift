import Foundation
import OpenAPIRuntime
import ParlorAPI
import ParlorHTTP

/// A link page: plain HTML with its own small style sheet, no script and nothing loaded from
/// elsewhere (the Content-Security-Policy says so to the browser). Its parts hold plain text;
/// ``html`` escapes every one of them with ``HTMLText/escape(_:)``.
struct LinkPage {
    enum Block {
        case paragraph(String)
        /// An invite code, large.
        case code(String)
        /// Label and value pairs.
        case facts([(String, String)])
        /// "Open in the app" (the custom scheme link) and the App Store page, when there are.
        case actions(open: URL?, store: URL?)
        /// A replay: each picture an SVG document, with its caption.
        case frames([(caption: String, svg: String)])
    }

    /// No script, no frames, no requests anywhere; styles only inline, pictures only inline.
    static let contentSecurityPolicy = "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

    var brand: String
    var title: String
    var blocks: [Block]

    var response: Components.Responses.LinkPage {
        // The policy header is the middleware's (``LinkPageHeadersMiddleware``), unencoded.
        .init(body: .html(HTTPBody(html)))
    }

    var html: String {
        var body = ""
        for block in blocks { body += Self.render(block) }
        return """
            <!doctype html>
            <html lang="en"><head><meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(HTMLText.escape(title)) · \(HTMLText.escape(brand))</title>
            <style>\(Self.style)</style></head>
            <body><main>
            <p class="brand">\(HTMLText.escape(brand))</p>
            <h1>\(HTMLText.escape(title))</h1>
            \(body)</main></body></html>

            """
    }

    private static func render(_ block: Block) -> String {
        switch block {
        case .paragraph(let text):
            return "<p>\(HTMLText.escape(text))</p>\n"
        case .code(let code):
            return "<p class=\"code\">\(HTMLText.escape(code))</p>\n"
        case .facts(let facts):
            let rows = facts.map { "<div><dt>\(HTMLText.escape($0.0))</dt><dd>\(HTMLText.escape($0.1))</dd></div>" }
            return "<dl>\(rows.joined())</dl>\n"
        case .actions(let open, let store):
            var links = ""
            if let open { links += "<a class=\"button\" href=\"\(HTMLText.escape(open.absoluteString))\">Open in the app</a>" }
            if let store { links += "<a class=\"button store\" href=\"\(HTMLText.escape(store.absoluteString))\">Get the app on the App Store</a>" }
            return links.isEmpty ? "" : "<nav class=\"actions\">\(links)</nav>\n"
        case .frames(let frames):
            // Each picture is a data URL: an SVG in an <img> runs nothing and reaches nothing.
            let figures = frames.map { frame in
                let source = "data:image/svg+xml;base64," + Data(frame.svg.utf8).base64EncodedString()
                return "<figure><img src=\"\(HTMLText.escape(source))\" alt=\"\(HTMLText.escape(frame.caption))\">"
                    + "<figcaption>\(HTMLText.escape(frame.caption))</figcaption></figure>"
            }
            return "<section class=\"frames\">\(figures.joined(separator: "\n"))</section>\n"
        }
    }

    /// Readable from a 320-pixel phone to a laptop: one column, the replay a grid that wraps.
    private static let style = """
        :root{color-scheme:light dark;--ink:#1d2430;--muted:#5b6577;--card:#ffffff;--back:#eef1f6;--accent:#2b59c3;--line:#d9dee8}
        @media (prefers-color-scheme:dark){:root{--ink:#e8ecf3;--muted:#a4adbd;--card:#1b2130;--back:#10141d;--accent:#7ea2ff;--line:#2c3446}}
        *{box-sizing:border-box}
        body{margin:0;background:var(--back);color:var(--ink);font:17px/1.5 -apple-system,BlinkMacSystemFont,"Segoe UI",Helvetica,Arial,sans-serif}
        main{max-width:960px;margin:0 auto;padding:24px 16px 48px}
        .brand{margin:0;color:var(--accent);font-weight:700;letter-spacing:.08em;text-transform:uppercase;font-size:14px}
        h1{margin:4px 0 16px;font-size:clamp(24px,6vw,36px);line-height:1.2;overflow-wrap:anywhere}
        p{margin:0 0 16px;overflow-wrap:anywhere}
        .code{font:700 clamp(40px,14vw,72px)/1.1 ui-monospace,Menlo,Consolas,monospace;letter-spacing:.12em;text-align:center;
          background:var(--card);border:1px solid var(--line);border-radius:16px;padding:20px 8px;margin:8px 0 24px}
        dl{display:grid;grid-template-columns:repeat(auto-fit,minmax(140px,1fr));gap:12px;margin:0 0 24px}
        dl div{background:var(--card);border:1px solid var(--line);border-radius:12px;padding:12px 14px}
        dt{color:var(--muted);font-size:14px}dd{margin:2px 0 0;font-weight:600;font-size:20px;overflow-wrap:anywhere}
        .actions{display:flex;flex-wrap:wrap;gap:12px;margin:8px 0 24px}
        .button{flex:1 1 220px;display:block;text-align:center;padding:14px 18px;border-radius:12px;background:var(--accent);color:#fff;
          font-weight:600;text-decoration:none}
        .button.store{background:transparent;color:var(--accent);border:2px solid var(--accent)}
        .frames{margin:0 0 24px;display:grid;grid-template-columns:repeat(auto-fill,minmax(280px,1fr));gap:16px}
        figure{margin:0;background:var(--card);border:1px solid var(--line);border-radius:12px;padding:8px}
        figure img{display:block;width:100%;height:auto}
        figcaption{text-align:center;color:var(--muted);font-size:15px;padding-top:4px}
        """
}
