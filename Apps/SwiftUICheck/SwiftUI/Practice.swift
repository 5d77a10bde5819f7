// What the practice screens add: a binding made of a getter and a setter (a picker per bot
// seat, the alerts shown from model state) and the push of a started game.

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
extension Binding {
    // https://developer.apple.com/documentation/swiftui/binding/init(get:set:)-7ufcp
    @preconcurrency public init(get: @escaping @isolated(any) @Sendable () -> Value, set: @escaping @isolated(any) @Sendable (Value) -> Void) {
        fatalError()
    }
}

@available(iOS 16.0, macOS 13.0, tvOS 16.0, watchOS 9.0, *)
extension View {
    // https://developer.apple.com/documentation/swiftui/view/navigationdestination(ispresented:destination:)
    nonisolated public func navigationDestination<V>(isPresented: Binding<Bool>, @ViewBuilder destination: () -> V) -> some View where V: View { self }
}
