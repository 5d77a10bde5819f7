// How the Quortex board is touched: angles, the local coordinate space, the drag, rotate and tap
// gestures, and sensory feedback.

// https://developer.apple.com/documentation/swiftui/angle
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@frozen public struct Angle: Hashable, Comparable, Sendable {
    // https://developer.apple.com/documentation/swiftui/angle/degrees
    public var degrees: Double
    // https://developer.apple.com/documentation/swiftui/angle/degrees(_:)
    public static func degrees(_ degrees: Double) -> Angle { fatalError() }
    // https://developer.apple.com/documentation/swiftui/angle/<(_:_:)
    public static func < (lhs: Angle, rhs: Angle) -> Bool { fatalError() }
}

// https://developer.apple.com/documentation/swiftui/coordinatespaceprotocol
@available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *)
public protocol CoordinateSpaceProtocol {}

// https://developer.apple.com/documentation/swiftui/localcoordinatespace
@available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *)
public struct LocalCoordinateSpace: CoordinateSpaceProtocol {}

@available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *)
extension CoordinateSpaceProtocol where Self == LocalCoordinateSpace {
    // https://developer.apple.com/documentation/swiftui/coordinatespaceprotocol/local
    public static var local: LocalCoordinateSpace { fatalError() }
}

// https://developer.apple.com/documentation/swiftui/gesture
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@MainActor @preconcurrency public protocol Gesture<Value> {
    // https://developer.apple.com/documentation/swiftui/gesture/value
    associatedtype Value
}

// https://developer.apple.com/documentation/swiftui/gesturemask
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@frozen public struct GestureMask: OptionSet, Sendable {
    // https://developer.apple.com/documentation/swiftui/gesturemask/rawvalue
    public let rawValue: UInt8
    // https://developer.apple.com/documentation/swiftui/gesturemask/init(rawvalue:)
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    // https://developer.apple.com/documentation/swiftui/gesturemask/all
    public static let all = GestureMask(rawValue: 3)
}

// https://developer.apple.com/documentation/swiftui/_changedgesture
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
public struct _ChangedGesture<Content>: Gesture where Content: Gesture {
    // https://developer.apple.com/documentation/swiftui/_changedgesture/value
    public typealias Value = Content.Value
}

// https://developer.apple.com/documentation/swiftui/_endedgesture
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
public struct _EndedGesture<Content>: Gesture where Content: Gesture {
    // https://developer.apple.com/documentation/swiftui/_endedgesture/value
    public typealias Value = Content.Value
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
extension Gesture {
    // https://developer.apple.com/documentation/swiftui/gesture/onended(_:)
    public func onEnded(_ action: @escaping (Self.Value) -> Void) -> _EndedGesture<Self> { fatalError() }
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
extension Gesture where Self.Value: Equatable {
    // https://developer.apple.com/documentation/swiftui/gesture/onchanged(_:)
    public func onChanged(_ action: @escaping (Self.Value) -> Void) -> _ChangedGesture<Self> { fatalError() }
}

// https://developer.apple.com/documentation/swiftui/draggesture
@available(iOS 13.0, macOS 10.15, watchOS 6.0, *)
@available(tvOS, unavailable)
public struct DragGesture: Gesture {
    // https://developer.apple.com/documentation/swiftui/draggesture/value
    public struct Value: Equatable, Sendable {
        // https://developer.apple.com/documentation/swiftui/draggesture/value/location
        public var location: CGPoint
        // https://developer.apple.com/documentation/swiftui/draggesture/value/startlocation
        public var startLocation: CGPoint
        // https://developer.apple.com/documentation/swiftui/draggesture/value/translation
        public var translation: CGSize
    }
    // https://developer.apple.com/documentation/swiftui/draggesture/init(minimumdistance:coordinatespace:)-5ppn2
    @available(iOS 17.0, macOS 14.0, watchOS 10.0, *)
    public init(minimumDistance: CGFloat = 10, coordinateSpace: some CoordinateSpaceProtocol = .local) { fatalError() }
}

// https://developer.apple.com/documentation/swiftui/rotategesture
@available(iOS 17.0, macOS 14.0, *)
@available(tvOS, unavailable)
@available(watchOS, unavailable)
public struct RotateGesture: Gesture {
    // https://developer.apple.com/documentation/swiftui/rotategesture/value
    public struct Value: Equatable, Sendable {
        // https://developer.apple.com/documentation/swiftui/rotategesture/value/rotation
        public var rotation: Angle
    }
    // https://developer.apple.com/documentation/swiftui/rotategesture/init(minimumangledelta:)
    public init(minimumAngleDelta: Angle = .degrees(1)) { fatalError() }
}

// https://developer.apple.com/documentation/swiftui/sensoryfeedback
@available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *)
public struct SensoryFeedback: Equatable, Sendable {
    // https://developer.apple.com/documentation/swiftui/sensoryfeedback/success
    public static let success = SensoryFeedback()
    // https://developer.apple.com/documentation/swiftui/sensoryfeedback/warning
    public static let warning = SensoryFeedback()
    // https://developer.apple.com/documentation/swiftui/sensoryfeedback/error
    public static let error = SensoryFeedback()
    // https://developer.apple.com/documentation/swiftui/sensoryfeedback/impact
    public static let impact = SensoryFeedback()
    private init() {}
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
extension View {
    // https://developer.apple.com/documentation/swiftui/view/gesture(_:including:)
    nonisolated public func gesture<T>(_ gesture: T, including mask: GestureMask = .all) -> some View where T: Gesture { self }
    // https://developer.apple.com/documentation/swiftui/view/simultaneousgesture(_:including:)
    nonisolated public func simultaneousGesture<T>(_ gesture: T, including mask: GestureMask = .all) -> some View where T: Gesture { self }
    // https://developer.apple.com/documentation/swiftui/view/ontapgesture(count:coordinatespace:perform:)-6yaox
    @available(iOS 17.0, macOS 14.0, watchOS 10.0, *)
    @available(tvOS, unavailable)
    nonisolated public func onTapGesture(
        count: Int = 1, coordinateSpace: some CoordinateSpaceProtocol = .local, perform action: @escaping (CGPoint) -> Void
    ) -> some View { self }
    // https://developer.apple.com/documentation/swiftui/view/sensoryfeedback(trigger:_:)
    @available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *)
    nonisolated public func sensoryFeedback<T>(trigger: T, _ feedback: @escaping () -> SensoryFeedback?) -> some View
    where T: Equatable { self }
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
extension Text {
    // https://developer.apple.com/documentation/swiftui/text/font(_:)
    public func font(_ font: Font?) -> Text { fatalError() }
    // https://developer.apple.com/documentation/swiftui/text/foregroundcolor(_:)
    public func foregroundColor(_ color: Color?) -> Text { fatalError() }
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
extension Font {
    // https://developer.apple.com/documentation/swiftui/font/weight
    @frozen public struct Weight: Hashable, Sendable {
        // https://developer.apple.com/documentation/swiftui/font/weight/regular
        public static let regular = Weight()
        // https://developer.apple.com/documentation/swiftui/font/weight/bold
        public static let bold = Weight()
        private init() {}
    }
    // https://developer.apple.com/documentation/swiftui/font/design
    public enum Design: Hashable, Sendable {
        case `default`, serif, rounded, monospaced
    }
    // https://developer.apple.com/documentation/swiftui/font/system(size:weight:design:)
    public static func system(size: CGFloat, weight: Font.Weight? = nil, design: Font.Design? = nil) -> Font { fatalError() }
}
