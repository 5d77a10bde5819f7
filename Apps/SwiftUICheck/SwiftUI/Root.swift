// What an app's root screen uses: tabs, and links opened from outside the app.

// https://developer.apple.com/documentation/swiftui/tabview
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 7.0, *)
@MainActor @preconcurrency public struct TabView<SelectionValue, Content>: View where SelectionValue: Hashable, Content: View {
    public typealias Body = Never
    public var body: Never { fatalError() }
    // https://developer.apple.com/documentation/swiftui/tabview/init(selection:content:)
    nonisolated public init(selection: Binding<SelectionValue>?, @ViewBuilder content: () -> Content) { fatalError() }
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 7.0, *)
extension View {
    // https://developer.apple.com/documentation/swiftui/view/tabitem(_:)
    nonisolated public func tabItem<V>(@ViewBuilder _ label: () -> V) -> some View where V: View { self }
}

@available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
extension View {
    // https://developer.apple.com/documentation/swiftui/view/onopenurl(perform:)
    nonisolated public func onOpenURL(perform action: @escaping (URL) -> ()) -> some View { self }
}
