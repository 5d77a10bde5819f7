/// How every endpoint of a `FakeProviders` misbehaves, to test the verifier's handling of provider trouble.
public enum FakeProviderFault: Sendable, Equatable {
    /// Endpoints answer normally.
    case healthy
    /// Every endpoint answers 503 with a non-JSON body, as a provider behind a failing load balancer does.
    case down
    /// Every endpoint answers 200 with an HTML page instead of JSON.
    case garbage
    /// Every endpoint answers 200 with a body of 2 MiB, more than any verifier should read.
    case oversized
    /// Every endpoint waits this long before answering normally, to exercise timeouts.
    case slow(Duration)
}

/// A request the fake could not serve because of how the test set it up.
public struct FakeProvidersError: Error, CustomStringConvertible {
    public var description: String

    init(_ description: String) { self.description = description }
}
