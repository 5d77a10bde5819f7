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
        let segments = Self.split(path)
        var methods = routes.withLock { routes in
            routes.filter { Self.matches($0.segments, segments) }.flatMap(\.methods)
        }
        if methods.contains(.get), !methods.contains(.head) { methods.append(.head) }
        return methods
    }

    private static func split(_ path: String) -> [Substring] {
        path.split(separator: "/", omittingEmptySubsequences: true)
    }

    private static func matches(_ template: [Substring], _ path: [Substring]) -> Bool {
        guard template.count == path.count else { return false }
        return zip(template, path).allSatisfy { pattern, value in
            pattern == value || pattern.hasPrefix(":") || pattern == "*" || (pattern.hasPrefix("{") && pattern.hasSuffix("}"))
        }
    }
}
