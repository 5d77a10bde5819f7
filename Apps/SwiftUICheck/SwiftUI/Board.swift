// What the Quortex board draws with: Canvas and its GraphicsContext, paths and colours, geometry,
// and TimelineView for animation and the turn clock. CGLineCap and CGLineJoin are CoreGraphics',
// which SwiftUI re-exports. How the board is touched is in Gestures.swift.

// https://developer.apple.com/documentation/swiftui/color
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@frozen public struct Color: Hashable, Sendable {
    // https://developer.apple.com/documentation/swiftui/color/rgbcolorspace
    public enum RGBColorSpace: Equatable, Sendable {
        case sRGB, sRGBLinear, displayP3
    }
    // https://developer.apple.com/documentation/swiftui/color/init(_:red:green:blue:opacity:)
    public init(_ colorSpace: Color.RGBColorSpace = .sRGB, red: Double, green: Double, blue: Double, opacity: Double = 1) { fatalError() }
}

// https://developer.apple.com/documentation/swiftui/color#relationships (Color: ShapeStyle)
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
extension Color: ShapeStyle {}

// https://developer.apple.com/documentation/coregraphics/cglinecap
public enum CGLineCap: Int32, Sendable {
    case butt, round, square
}

// https://developer.apple.com/documentation/coregraphics/cglinejoin
public enum CGLineJoin: Int32, Sendable {
    case miter, round, bevel
}

// https://developer.apple.com/documentation/swiftui/strokestyle
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@frozen public struct StrokeStyle: Equatable, Sendable {
    // https://developer.apple.com/documentation/swiftui/strokestyle/init(linewidth:linecap:linejoin:miterlimit:dash:dashphase:)
    public init(
        lineWidth: CGFloat = 1, lineCap: CGLineCap = .butt, lineJoin: CGLineJoin = .miter, miterLimit: CGFloat = 10,
        dash: [CGFloat] = [CGFloat](), dashPhase: CGFloat = 0
    ) { fatalError() }
}

// https://developer.apple.com/documentation/swiftui/fillstyle
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@frozen public struct FillStyle: Equatable, Sendable {
    // https://developer.apple.com/documentation/swiftui/fillstyle/init(eofill:antialiased:)
    public init(eoFill: Bool = false, antialiased: Bool = true) { fatalError() }
}

// https://developer.apple.com/documentation/swiftui/path
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@frozen public struct Path: Equatable, Sendable {
    // https://developer.apple.com/documentation/swiftui/path/init()
    public init() { fatalError() }
    // https://developer.apple.com/documentation/swiftui/path/init(ellipsein:)
    public init(ellipseIn rect: CGRect) { fatalError() }
    // https://developer.apple.com/documentation/swiftui/path/move(to:)
    public mutating func move(to end: CGPoint) { fatalError() }
    // https://developer.apple.com/documentation/swiftui/path/addline(to:)
    public mutating func addLine(to end: CGPoint) { fatalError() }
    // https://developer.apple.com/documentation/swiftui/path/addcurve(to:control1:control2:)
    public mutating func addCurve(to end: CGPoint, control1: CGPoint, control2: CGPoint) { fatalError() }
    // https://developer.apple.com/documentation/swiftui/path/closesubpath()
    public mutating func closeSubpath() { fatalError() }
}

// https://developer.apple.com/documentation/swiftui/unitpoint
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@frozen public struct UnitPoint: Hashable, Sendable {
    // https://developer.apple.com/documentation/swiftui/unitpoint/center
    public static let center = UnitPoint()
    private init() {}
}

// https://developer.apple.com/documentation/swiftui/graphicscontext
@available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
@frozen public struct GraphicsContext {
    // https://developer.apple.com/documentation/swiftui/graphicscontext/shading
    public struct Shading: Sendable {
        // https://developer.apple.com/documentation/swiftui/graphicscontext/shading/color(_:)
        public static func color(_ color: Color) -> GraphicsContext.Shading { fatalError() }
    }
    // https://developer.apple.com/documentation/swiftui/graphicscontext/fill(_:with:style:)
    public func fill(_ path: Path, with shading: GraphicsContext.Shading, style: FillStyle = FillStyle()) { fatalError() }
    // https://developer.apple.com/documentation/swiftui/graphicscontext/stroke(_:with:style:)
    public func stroke(_ path: Path, with shading: GraphicsContext.Shading, style: StrokeStyle) { fatalError() }
    // https://developer.apple.com/documentation/swiftui/graphicscontext/draw(_:at:anchor:)-5dgmd
    public func draw(_ text: Text, at point: CGPoint, anchor: UnitPoint = .center) { fatalError() }
}

// https://developer.apple.com/documentation/swiftui/colorrenderingmode
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
public enum ColorRenderingMode: Equatable, Hashable, Sendable {
    case nonLinear, linear, extendedLinear
}

// https://developer.apple.com/documentation/swiftui/canvas
@available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
nonisolated public struct Canvas<Symbols> where Symbols: View {}

// https://developer.apple.com/documentation/swiftui/canvas#relationships (Canvas: View)
@available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
extension Canvas: View {
    public typealias Body = Never
    public var body: Never { fatalError() }
}

@available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
extension Canvas where Symbols == EmptyView {
    // https://developer.apple.com/documentation/swiftui/canvas/init(opaque:colormode:rendersasynchronously:renderer:)
    nonisolated public init(
        opaque: Bool = false, colorMode: ColorRenderingMode = .nonLinear, rendersAsynchronously: Bool = false,
        renderer: @escaping (inout GraphicsContext, CGSize) -> Void
    ) { fatalError() }
}

// https://developer.apple.com/documentation/swiftui/geometryproxy
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
public struct GeometryProxy {
    // https://developer.apple.com/documentation/swiftui/geometryproxy/size
    public var size: CGSize { fatalError() }
}

// https://developer.apple.com/documentation/swiftui/geometryreader
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@frozen public struct GeometryReader<Content>: View where Content: View {
    // https://developer.apple.com/documentation/swiftui/geometryreader/init(content:)
    nonisolated public init(@ViewBuilder content: @escaping (GeometryProxy) -> Content) { fatalError() }
    public var body: Never { fatalError() }
}

// https://developer.apple.com/documentation/swiftui/timelineschedule
@available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
public protocol TimelineSchedule {}

// https://developer.apple.com/documentation/swiftui/animationtimelineschedule
@available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
public struct AnimationTimelineSchedule: TimelineSchedule, Sendable {}

// https://developer.apple.com/documentation/swiftui/periodictimelineschedule
@available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
public struct PeriodicTimelineSchedule: TimelineSchedule, Sendable {}

@available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
extension TimelineSchedule where Self == AnimationTimelineSchedule {
    // https://developer.apple.com/documentation/swiftui/timelineschedule/animation(minimuminterval:paused:)
    public static func animation(minimumInterval: Double? = nil, paused: Bool = false) -> AnimationTimelineSchedule { fatalError() }
}

@available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
extension TimelineSchedule where Self == PeriodicTimelineSchedule {
    // https://developer.apple.com/documentation/swiftui/timelineschedule/periodic(from:by:)
    public static func periodic(from startDate: Date, by interval: TimeInterval) -> PeriodicTimelineSchedule { fatalError() }
}

// https://developer.apple.com/documentation/swiftui/timelineviewdefaultcontext
@available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
public struct TimelineViewDefaultContext {
    // https://developer.apple.com/documentation/swiftui/timelineview/context/date
    public let date: Date
}

// https://developer.apple.com/documentation/swiftui/timelineview
@available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
public struct TimelineView<Schedule, Content> where Schedule: TimelineSchedule {}

// https://developer.apple.com/documentation/swiftui/timelineview#relationships (TimelineView: View)
@available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
extension TimelineView: View where Content: View {
    public typealias Body = Never
    public var body: Never { fatalError() }
    // https://developer.apple.com/documentation/swiftui/timelineview/init(_:content:)
    nonisolated public init(_ schedule: Schedule, @ViewBuilder content: @escaping (TimelineViewDefaultContext) -> Content) { fatalError() }
}
