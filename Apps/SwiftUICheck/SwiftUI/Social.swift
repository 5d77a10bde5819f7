// What the social screens (leaderboards, achievements, friends) use beyond the rest: a task
// that restarts when a value changes, the search field, swipe actions and a progress bar.

@available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
extension View {
    // https://developer.apple.com/documentation/swiftui/view/task(id:name:priority:file:line:_:)
    nonisolated public func task<T>(
        id value: T, name: String? = nil, priority: TaskPriority = .userInitiated, file: String = #fileID, line: Int = #line,
        _ action: sending @escaping @isolated(any) () async -> Void
    ) -> some View where T: Equatable { self }

    // https://developer.apple.com/documentation/swiftui/view/searchable(text:placement:prompt:)-1bjj3
    nonisolated public func searchable(text: Binding<String>, placement: SearchFieldPlacement = .automatic, prompt: LocalizedStringKey) -> some View {
        self
    }

    // https://developer.apple.com/documentation/swiftui/view/swipeactions(edge:allowsfullswipe:content:)
    nonisolated public func swipeActions<T>(edge: HorizontalEdge = .trailing, allowsFullSwipe: Bool = true, @ViewBuilder content: () -> T) -> some View
    where T: View { self }
}

// https://developer.apple.com/documentation/swiftui/searchfieldplacement
@available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
public struct SearchFieldPlacement: Sendable {
    // https://developer.apple.com/documentation/swiftui/searchfieldplacement/automatic
    public static let automatic = SearchFieldPlacement()
    private init() {}
}

// https://developer.apple.com/documentation/swiftui/horizontaledge
@available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
@frozen public enum HorizontalEdge: Int8, CaseIterable, Hashable, Sendable {
    // https://developer.apple.com/documentation/swiftui/horizontaledge/leading
    case leading
    // https://developer.apple.com/documentation/swiftui/horizontaledge/trailing
    case trailing
}

@available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
extension ProgressView where Label == EmptyView, CurrentValueLabel == EmptyView {
    // https://developer.apple.com/documentation/swiftui/progressview/init(value:total:)
    nonisolated public init<V>(value: V?, total: V = 1.0) where V: BinaryFloatingPoint { fatalError() }
}
