import Hummingbird
import HTTPTypes
import OpenAPIHummingbird
import OpenAPIRuntime

/// Registers generated OpenAPI handlers on the router and notes each route in the ``RouteTable``.
package struct RecordingTransport: ServerTransport {
    package let router: Router<ParlorRequestContext>
    package let table: RouteTable

    package init(router: Router<ParlorRequestContext>, table: RouteTable) {
        self.router = router
        self.table = table
    }

    package func register(
        _ handler: @escaping @Sendable (HTTPRequest, HTTPBody?, ServerRequestMetadata) async throws -> (HTTPResponse, HTTPBody?),
        method: HTTPRequest.Method,
        path: String
    ) throws {
        router.register(handler, method: method, path: path)
        table.add(method, path)
    }
}

/// Adds plain Hummingbird routes (outside the OpenAPI contract, e.g. WebSocket upgrades or test
/// fixtures) so that they get the same middleware and 405 handling as generated ones.
public struct RouteRegistrar {
    package let router: Router<ParlorRequestContext>
    package let table: RouteTable

    package init(router: Router<ParlorRequestContext>, table: RouteTable) {
        self.router = router
        self.table = table
    }

    public func on(
        _ path: String,
        method: HTTPRequest.Method,
        use handler: @escaping @Sendable (Request, ParlorRequestContext) async throws -> Response
    ) {
        router.on(RouterPath(path), method: method, use: handler)
        table.add(method, path)
    }
}
