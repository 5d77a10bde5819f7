/// The one escaping function of markup the server writes by hand (the link pages, the console's
/// SVG charts): every value that did not come from the writer's own markup (a name, a title, a
/// code, a URL) goes through it before it is written.
package enum HTMLText {
    package static func escape(_ text: String) -> String {
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&#39;"
            default: escaped.append(character)
            }
        }
        return escaped
    }
}
