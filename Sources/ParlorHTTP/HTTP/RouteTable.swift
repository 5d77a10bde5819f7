import HTTPTypes
import Synchronization

/// Every route the application serves, as path templates with their methods.
///
/// Hummingbird answers 404 both for an unknown path and for a known path with the wrong method;
/// the table lets ``ErrorMiddleware`` tell the two apart and answer 405 with an `Allow` header.
package final class RouteTable: Sendable {
    private struct Route {
        let segments: [Substring]
        var methods: [HTTPRequest.Method]
    }

    private let routes = Mutex<[Route]>([])

    package init() {}

    /// Records `method` on `path`, a template whose `{name}` or `:name` segments match any value.
    package func add(_ method: HTTPRequest.Method, _ path: String) {
        let segments = Self.split(path)
        routes.withLock { routes in
            if let index = routes.firstIndex(where: { $0.segments == segments }) {
                if !routes[index].methods.contains(method) { routes[index].methods.append(method) }
            } else {
                routes.append(Route(segments: segments, methods: [method]))
            }
        }
    }

    /// The methods served on `path` (HEAD wherever GET is), or none when no template matches it.
    package func methods(matching path: String) -> [HTTPRequest.Method] {
        var methods = route(matching: path)?.methods ?? []
        if methods.contains(.get), !methods.contains(.head) { methods.append(.head) }
        return methods
    }

    /// The template the router serves `path` under, as it was added.
    package func template(matching path: String) -> String? {
        route(matching: path).map { "/" + $0.segments.joined(separator: "/") }
    }

    /// The template that serves `path`: of those that match, the one with a literal segment where
    /// the others have a parameter, earliest first, as the router's trie picks it (it does not fall
    /// back to a parameter once a literal matched, so `GET /games/join` is not `GET /games/{id}`).
    private func route(matching path: String) -> Route? {
        let segments = Self.split(path)
        return routes.withLock { routes in
            routes.filter { Self.matches($0.segments, segments) }.max { Self.literals($0.segments).lexicographicallyPrecedes(Self.literals($1.segments)) }
        }
    }

    private static func literals(_ template: [Substring]) -> [Int] {
        template.map { isParameter($0) ? 0 : 1 }
    }

    private static func isParameter(_ segment: Substring) -> Bool {
        segment.hasPrefix(":") || segment == "*" || (segment.hasPrefix("{") && segment.hasSuffix("}"))
    }

    private static func split(_ path: String) -> [Substring] {
        path.split(separator: "/", omittingEmptySubsequences: true)
    }

    private static func matches(_ template: [Substring], _ path: [Substring]) -> Bool {
        guard template.count == path.count else { return false }
        return zip(template, path).allSatisfy { pattern, value in pattern == value || isParameter(pattern) }
    }
}
