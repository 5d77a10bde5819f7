import Hummingbird
import NIOCore

/// A context that carries the id ``RequestIDMiddleware`` gave the request.
public protocol RequestIDContext: RequestContext {
    var requestID: String { get set }
}

/// ParlorHTTP: what every capability's routes share — this context, the middleware that fills it
/// (request ids, client origin, access log, body limit), the route table behind 405s, the error
/// envelope every failure renders as, and the Prometheus registry.
///
/// The request context of every Parlor route.
public struct ParlorRequestContext: RequestIDContext, RemoteAddressRequestContext {
    public var coreContext: CoreRequestContextStorage
    public let remoteAddress: SocketAddress?
    /// Set by ``RequestIDMiddleware`` before any route or other middleware runs.
    public var requestID = ""

    public init(source: ApplicationRequestContextSource) {
        self.coreContext = .init(source: source)
        self.remoteAddress = source.channel.remoteAddress
    }

    public var requestDecoder: JSONBodyDecoder { JSONBodyDecoder() }

    /// ``BodyLimitMiddleware`` enforces the configured limit on every body, read by whatever means.
    public var maxUploadSize: Int { .max }
}
