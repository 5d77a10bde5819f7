import Foundation

/// How this node sends notifications.
public struct PushConfiguration: Sendable {
    /// APNs, or the log (the default, for development).
    package var transport: (any PushTransport)?
    /// How often the sender looks for due notifications.
    public var interval: Duration = .milliseconds(250)
    /// How long a claimed notification stays with its sender before another node may take it over.
    public var lease: Duration = .seconds(60)
    /// Tries per notification before it is given up (429 and 5xx answers, unreachable APNs).
    public var maxAttempts = 8
    /// How long sent notifications are kept, for support and the delivery log.
    public var retention: Duration = .seconds(7 * 24 * 3600)
    /// Each product's apps: a device may register only for one of them (this server's APNs key
    /// could not reach another, and a stranger's app must not collect its pushes), and a
    /// notification goes only to the devices of its product's apps.
    public var products: PushProducts = .standard
    /// The most alerts one user is sent in an hour; more are recorded as `capped`, not sent, so a
    /// fault that raises notifications in a loop cannot flood a phone. Live Activity updates (a
    /// draft's clock) are not alerts and are not counted.
    public var hourlyCap = 60

    /// The apps devices may register for.
    public var bundleIDs: Set<String> { products.all }

    public init() {}

    package init(transport: any PushTransport) { self.transport = transport }
}
