// What Quortex's Home uses beyond the rest: sharing a link, and knowing when a screen goes.

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
extension View {
    // https://developer.apple.com/documentation/swiftui/view/ondisappear(perform:)
    nonisolated public func onDisappear(perform action: (() -> Void)? = nil) -> some View { self }
}

// Apple declares it in CoreTransferable, which SwiftUI re-exports; only what ShareLink names.
// https://developer.apple.com/documentation/coretransferable/transferable
@available(iOS 16.0, macOS 13.0, tvOS 16.0, watchOS 9.0, *)
public protocol Transferable {}

@available(iOS 16.0, macOS 13.0, tvOS 16.0, watchOS 9.0, *)
// https://developer.apple.com/documentation/foundation/url#conforms-to (Transferable)
extension URL: Transferable {}
@available(iOS 16.0, macOS 13.0, tvOS 16.0, watchOS 9.0, *)
// https://developer.apple.com/documentation/swift/string#conforms-to (Transferable)
extension String: Transferable {}
@available(iOS 16.0, macOS 13.0, tvOS 16.0, watchOS 9.0, *)
// https://developer.apple.com/documentation/swift/never#conforms-to (Transferable)
extension Never: Transferable {}

// https://developer.apple.com/documentation/swiftui/sharelink
@available(iOS 16.0, macOS 13.0, watchOS 9.0, *)
@MainActor @preconcurrency public struct ShareLink<Data, PreviewImage, PreviewIcon, Label>: View
where Data: RandomAccessCollection, PreviewImage: Transferable, PreviewIcon: Transferable, Label: View, Data.Element: Transferable {
    public typealias Body = Never
    public var body: Never { fatalError() }
}

// https://developer.apple.com/documentation/swiftui/defaultsharelinklabel
@available(iOS 16.0, macOS 13.0, watchOS 9.0, *)
public struct DefaultShareLinkLabel: View {
    public typealias Body = Never
    public var body: Never { fatalError() }
}

@available(iOS 16.0, macOS 13.0, watchOS 9.0, *)
extension ShareLink where PreviewImage == Never, PreviewIcon == Never, Label == DefaultShareLinkLabel {
    // https://developer.apple.com/documentation/swiftui/sharelink/init(item:subject:message:)
    nonisolated public init(item: URL, subject: Text? = nil, message: Text? = nil) where Data == CollectionOfOne<URL> { fatalError() }
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
extension HorizontalAlignment {
    // https://developer.apple.com/documentation/swiftui/horizontalalignment/leading
    public static let leading: HorizontalAlignment = { fatalError() }()
}
