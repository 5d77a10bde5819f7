// How screens present and navigate: sheets, alerts, confirmation dialogs, titles and
// destinations, pull to refresh, and reacting to appearance and change.

// https://developer.apple.com/documentation/swiftui/visibility
@available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
@frozen public enum Visibility: Hashable, CaseIterable {
    case automatic
    case visible
    case hidden
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
extension View {
    // https://developer.apple.com/documentation/swiftui/view/sheet(ispresented:ondismiss:content:)
    nonisolated public func sheet<Content>(
        isPresented: Binding<Bool>, onDismiss: (() -> Void)? = nil, @ViewBuilder content: @escaping () -> Content
    ) -> some View where Content: View { self }
    // https://developer.apple.com/documentation/swiftui/view/sheet(item:ondismiss:content:)
    nonisolated public func sheet<Item, Content>(
        item: Binding<Item?>, onDismiss: (() -> Void)? = nil, @ViewBuilder content: @escaping (Item) -> Content
    ) -> some View where Item: Identifiable, Content: View { self }
    // https://developer.apple.com/documentation/swiftui/view/onappear(perform:)
    nonisolated public func onAppear(perform action: (() -> Void)? = nil) -> some View { self }
    // https://developer.apple.com/documentation/swiftui/view/tag(_:)
    nonisolated public func tag<V>(_ tag: V) -> some View where V: Hashable { self }
}

@available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
extension View {
    // https://developer.apple.com/documentation/swiftui/view/navigationtitle(_:)-avgj
    nonisolated public func navigationTitle(_ titleKey: LocalizedStringKey) -> some View { self }
    // https://developer.apple.com/documentation/swiftui/view/navigationtitle(_:)-43srq
    nonisolated public func navigationTitle<S>(_ title: S) -> some View where S: StringProtocol { self }
}

@available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
extension View {
    // https://developer.apple.com/documentation/swiftui/view/alert(_:ispresented:actions:)-1bkka
    nonisolated public func alert<A>(_ titleKey: LocalizedStringKey, isPresented: Binding<Bool>, @ViewBuilder actions: () -> A) -> some View
    where A: View { self }
    // https://developer.apple.com/documentation/swiftui/view/alert(_:ispresented:actions:)-8dvt8
    nonisolated public func alert<S, A>(_ title: S, isPresented: Binding<Bool>, @ViewBuilder actions: () -> A) -> some View
    where S: StringProtocol, A: View { self }
    // https://developer.apple.com/documentation/swiftui/view/alert(_:ispresented:actions:message:)-8584l
    nonisolated public func alert<S, A, M>(
        _ title: S, isPresented: Binding<Bool>, @ViewBuilder actions: () -> A, @ViewBuilder message: () -> M
    ) -> some View where S: StringProtocol, A: View, M: View { self }
    // https://developer.apple.com/documentation/swiftui/view/confirmationdialog(_:ispresented:titlevisibility:actions:)-9ibgk
    nonisolated public func confirmationDialog<S, A>(
        _ title: S, isPresented: Binding<Bool>, titleVisibility: Visibility = .automatic, @ViewBuilder actions: () -> A
    ) -> some View where S: StringProtocol, A: View { self }
    // https://developer.apple.com/documentation/swiftui/view/confirmationdialog(_:ispresented:titlevisibility:actions:message:)-8y541
    nonisolated public func confirmationDialog<S, A, M>(
        _ title: S, isPresented: Binding<Bool>, titleVisibility: Visibility = .automatic, @ViewBuilder actions: () -> A,
        @ViewBuilder message: () -> M
    ) -> some View where S: StringProtocol, A: View, M: View { self }
    // https://developer.apple.com/documentation/swiftui/view/refreshable(action:)
    nonisolated public func refreshable(action: @escaping @Sendable () async -> Void) -> some View { self }
}

@available(iOS 16.0, macOS 13.0, tvOS 16.0, watchOS 9.0, *)
extension View {
    // https://developer.apple.com/documentation/swiftui/view/navigationdestination(for:destination:)
    nonisolated public func navigationDestination<D, C>(for data: D.Type, @ViewBuilder destination: @escaping (D) -> C) -> some View
    where D: Hashable, C: View { self }
}

@available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *)
extension View {
    // https://developer.apple.com/documentation/swiftui/view/onchange(of:initial:_:)-4psgg
    nonisolated public func onChange<V>(of value: V, initial: Bool = false, _ action: @escaping () -> Void) -> some View where V: Equatable { self }
    // https://developer.apple.com/documentation/swiftui/view/onchange(of:initial:_:)-8wgw9
    nonisolated public func onChange<V>(of value: V, initial: Bool = false, _ action: @escaping (_ oldValue: V, _ newValue: V) -> Void) -> some View
    where V: Equatable { self }
}
