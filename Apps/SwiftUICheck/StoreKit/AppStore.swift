// The App Store itself: syncing this device's purchases with it.

// https://developer.apple.com/documentation/storekit/appstore
@available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, visionOS 1.0, *)
public enum AppStore {
    // https://developer.apple.com/documentation/storekit/appstore/sync()
    public static func sync() async throws { fatalError() }
}
