import Foundation
import ParlorAccounts

/// What makes a mini app's fields acceptable.
enum MiniAppRules {
    static func idProblem(_ id: String) -> String? {
        guard (2...40).contains(id.count), id.allSatisfy({ $0.isASCII && ($0.isLowercase || $0.isNumber || $0 == "-") }),
            id.first?.isLetter == true
        else { return "must be 2–40 lowercase letters, digits or '-', starting with a letter" }
        return nil
    }

    /// `scheme://host[:port]` in lowercase form, or nil when `text` is not an http(s) origin.
    static func origin(_ text: String) -> String? {
        guard let components = URLComponents(string: text), let scheme = components.scheme?.lowercased(),
            scheme == "https" || scheme == "http", let host = components.host?.lowercased(), !host.isEmpty,
            components.path.isEmpty || components.path == "/", components.query == nil, components.fragment == nil,
            components.user == nil
        else { return nil }
        return components.port.map { "\(scheme)://\(host):\($0)" } ?? "\(scheme)://\(host)"
    }

    /// The origin of an http(s) URL.
    static func origin(of url: String) -> String? {
        guard url.count <= 2048, let components = URLComponents(string: url), let scheme = components.scheme?.lowercased(),
            scheme == "https" || scheme == "http", let host = components.host?.lowercased(), !host.isEmpty, components.user == nil
        else { return nil }
        return components.port.map { "\(scheme)://\(host):\($0)" } ?? "\(scheme)://\(host)"
    }

    /// `url` with `code` added to its query, before any fragment.
    static func adding(code: String, to url: String) -> String {
        guard var components = URLComponents(string: url) else { return url }
        var items = (components.queryItems ?? []).filter { $0.name != "code" }
        items.append(URLQueryItem(name: "code", value: code))
        components.queryItems = items
        return components.string ?? url
    }
}
