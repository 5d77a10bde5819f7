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
    /// The apps devices may register for: a token of any other app is refused, since this
    /// server's APNs key could not reach it and a stranger's app must not collect its pushes.
    public var bundleIDs: Set<String> = PushConfiguration.productBundleIDs
    /// Quortex, OneForTheBoys, TopDog, Tandem and PubGames.
    public static let productBundleIDs: Set<String> = [
        "com.quortex.app", "com.oneforboys.app", "com.topdog.app", "com.tandemdaily.app", "com.pubgames.app",
    ]

    public init() {}

    package init(transport: any PushTransport) { self.transport = transport }
}
