// Text and the string and font types it is made from.

// https://developer.apple.com/documentation/swiftui/text
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@frozen public struct Text: Equatable, Sendable {
    // https://developer.apple.com/documentation/swiftui/text/init(_:)-9d1g4
    public init<S>(_ content: S) where S: StringProtocol { fatalError() }
    // https://developer.apple.com/documentation/swiftui/text/init(_:tablename:bundle:comment:)
    public init(_ key: LocalizedStringKey, tableName: String? = nil, bundle: Bundle? = nil, comment: StaticString? = nil) { fatalError() }
    // https://developer.apple.com/documentation/swiftui/text/init(verbatim:)
    public init(verbatim content: String) { fatalError() }
    // https://developer.apple.com/documentation/swiftui/text/==(_:_:)
    public static func == (a: Text, b: Text) -> Bool { fatalError() }
}

// https://developer.apple.com/documentation/swiftui/text#relationships (Text: View)
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
extension Text: View {
    public typealias Body = Never
    public var body: Never { fatalError() }
}

// https://developer.apple.com/documentation/swiftui/localizedstringkey
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@frozen public struct LocalizedStringKey: Equatable, ExpressibleByStringInterpolation, Sendable {
    // https://developer.apple.com/documentation/swiftui/localizedstringkey/init(_:)
    public init(_ value: String) { fatalError() }
    // https://developer.apple.com/documentation/swiftui/localizedstringkey/init(stringliteral:)
    public init(stringLiteral value: String) { fatalError() }
    // https://developer.apple.com/documentation/swiftui/localizedstringkey/init(stringinterpolation:)
    public init(stringInterpolation: LocalizedStringKey.StringInterpolation) { fatalError() }

    // https://developer.apple.com/documentation/swiftui/localizedstringkey/stringinterpolation
    public struct StringInterpolation: StringInterpolationProtocol {
        // https://developer.apple.com/documentation/swiftui/localizedstringkey/stringinterpolation/init(literalcapacity:interpolationcount:)
        public init(literalCapacity: Int, interpolationCount: Int) { fatalError() }
        // https://developer.apple.com/documentation/swiftui/localizedstringkey/stringinterpolation/appendliteral(_:)
        public mutating func appendLiteral(_ literal: String) { fatalError() }
        // https://developer.apple.com/documentation/swiftui/localizedstringkey/stringinterpolation/appendinterpolation(_:)-7uxcs
        public mutating func appendInterpolation(_ string: String) { fatalError() }
    }
}

// https://developer.apple.com/documentation/swiftui/font
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@frozen public struct Font: Hashable, Sendable {
    // https://developer.apple.com/documentation/swiftui/font/largetitle
    public static let largeTitle: Font = { fatalError() }()
    // https://developer.apple.com/documentation/swiftui/font/headline
    public static let headline: Font = { fatalError() }()
    // https://developer.apple.com/documentation/swiftui/font/subheadline
    public static let subheadline: Font = { fatalError() }()
    // https://developer.apple.com/documentation/swiftui/font/footnote
    public static let footnote: Font = { fatalError() }()
}
