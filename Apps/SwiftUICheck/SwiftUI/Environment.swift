// The environment a view reads: the property wrapper, its values, and the actions views use
// from it (dismissing a presentation, opening a URL).

// https://developer.apple.com/documentation/swiftui/environment
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@frozen @propertyWrapper public struct Environment<Value>: DynamicProperty {
    // https://developer.apple.com/documentation/swiftui/environment/init(_:)-8slkf
    public init(_ keyPath: KeyPath<EnvironmentValues, Value>) { fatalError() }
    // https://developer.apple.com/documentation/swiftui/environment/wrappedvalue
    public var wrappedValue: Value { fatalError() }
}

// https://developer.apple.com/documentation/swiftui/environmentvalues
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
public struct EnvironmentValues: CustomStringConvertible {
    // https://developer.apple.com/documentation/swiftui/environmentvalues/init()
    public init() { fatalError() }
    // https://developer.apple.com/documentation/swiftui/environmentvalues/description
    public var description: String { fatalError() }
}

// https://developer.apple.com/documentation/swiftui/dismissaction
@available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
@MainActor @preconcurrency public struct DismissAction {
    // https://developer.apple.com/documentation/swiftui/dismissaction/callasfunction()
    public func callAsFunction() { fatalError() }
}

// https://developer.apple.com/documentation/swiftui/openurlaction
@available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
@MainActor @preconcurrency public struct OpenURLAction {
    // https://developer.apple.com/documentation/swiftui/openurlaction/callasfunction(_:)
    public func callAsFunction(_ url: URL) { fatalError() }
}

extension EnvironmentValues {
    // https://developer.apple.com/documentation/swiftui/environmentvalues/dismiss
    @available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
    public var dismiss: DismissAction { fatalError() }
    // https://developer.apple.com/documentation/swiftui/environmentvalues/openurl
    @available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
    public var openURL: OpenURLAction {
        get { fatalError() }
        set { fatalError() }
    }
}
