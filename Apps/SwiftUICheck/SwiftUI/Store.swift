// What the profile, settings and store screens use beyond the rest: an image loaded from a URL
// (the avatar).

// https://developer.apple.com/documentation/swiftui/asyncimage
@available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
@MainActor @preconcurrency public struct AsyncImage<Content>: View where Content: View {
    public typealias Body = Never
    public var body: Never { fatalError() }
}

@available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
extension AsyncImage where Content == Image {
    // https://developer.apple.com/documentation/swiftui/asyncimage/init(url:scale:)
    nonisolated public init(url: URL?, scale: CGFloat = 1) { fatalError() }
}
