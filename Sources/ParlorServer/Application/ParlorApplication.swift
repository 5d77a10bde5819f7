import Hummingbird
import Logging
import NIOCore
import ParlorAPI
import ParlorStore

/// Assembles the Parlor HTTP application.
public enum ParlorApplication {
    /// Builds the application over an open, migrated `database`.
    ///
    /// - Parameters:
    ///   - onServerRunning: called with the bound address once the server accepts connections.
    ///   - additionalRoutes: plain routes beyond the OpenAPI contract; they share the middleware.
    public static func build(
        configuration: ServerConfiguration,
        database: Database,
        migrator: Migrator = Migrator(),
        logger: Logger,
        onServerRunning: @escaping @Sendable (SocketAddress?) async -> Void = { _ in },
        additionalRoutes: (RouteRegistrar) -> Void = { _ in }
    ) throws -> some ApplicationProtocol {
        let router = Router(context: ParlorRequestContext.self, options: .autoGenerateHeadEndpoints)
        let table = RouteTable()
        _ = ParlorMetrics.registry
        // Outermost first: every response, errors included, gets a request id, a log line and metrics.
        router.add(middleware: RequestIDMiddleware())
        router.add(middleware: AccessLogMiddleware())
        router.add(middleware: MetricsMiddleware())
        router.add(middleware: ErrorMiddleware(routes: table))
        router.add(middleware: BodyLimitMiddleware(limit: configuration.maxBodyBytes))

        try APIHandler(database: database, migrator: migrator)
            .registerHandlers(on: RecordingTransport(router: router, table: table))
        additionalRoutes(RouteRegistrar(router: router, table: table))

        return Application(
            router: router,
            configuration: .init(
                address: .hostname(configuration.host, port: configuration.port),
                serverName: "parlor"
            ),
            onServerRunning: { channel in await onServerRunning(channel.localAddress) },
            logger: logger
        )
    }
}
