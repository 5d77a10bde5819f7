import Hummingbird

/// The request context of every Parlor route.
public struct ParlorRequestContext: RequestContext {
    public var coreContext: CoreRequestContextStorage

    public init(source: ApplicationRequestContextSource) {
        self.coreContext = .init(source: source)
    }

    public var requestDecoder: JSONBodyDecoder { JSONBodyDecoder() }

    /// ``BodyLimitMiddleware`` enforces the configured limit on every body, read by whatever means.
    public var maxUploadSize: Int { .max }
}
