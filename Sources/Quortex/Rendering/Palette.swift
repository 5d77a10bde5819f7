/// A colour as 8-bit sRGB components, so the palette is plain data any renderer can use.
public struct RGBColor: Hashable, Sendable {
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8

    public init(red: UInt8, green: UInt8, blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// `0xRRGGBB`.
    public init(hex: UInt32) {
        self.init(red: UInt8((hex >> 16) & 0xFF), green: UInt8((hex >> 8) & 0xFF), blue: UInt8(hex & 0xFF))
    }

    /// `#rrggbb`, as SVG and CSS write it.
    public var hexString: String {
        let digits = Array("0123456789abcdef")
        var text = "#"
        for component in [red, green, blue] {
            text.append(digits[Int(component >> 4)])
            text.append(digits[Int(component & 0xF)])
        }
        return text
    }

    /// This colour moved a fraction `amount` (0…1) of the way towards `other`.
    public func mixed(with other: RGBColor, _ amount: Double) -> RGBColor {
        let t = min(max(amount, 0), 1)
        func mix(_ a: UInt8, _ b: UInt8) -> UInt8 {
            UInt8(min(max((Double(a) + (Double(b) - Double(a)) * t).rounded(), 0), 255))
        }
        return RGBColor(red: mix(red, other.red), green: mix(green, other.green), blue: mix(blue, other.blue))
    }

    public static let white = RGBColor(hex: 0xFFFFFF)
}

/// The standard theme's colours by name, as the renderers read them before themes existed; the
/// same values as ``QuortexPalette/standard`` (a themed picture reads its ``QuortexPalette``).
public enum Palette {
    /// One colour per seat, 0…5: see ``QuortexPalette/standard``.
    public static var seats: [RGBColor] { QuortexPalette.standard.seats }

    /// The colour of `seat`; seats beyond six (impossible in Quortex) reuse the palette.
    public static func seat(_ seat: Int) -> RGBColor { QuortexPalette.standard.seat(seat) }

    /// The lighter tint marking a solo player's target side.
    public static func target(ofSeat seat: Int) -> RGBColor { QuortexPalette.standard.target(ofSeat: seat) }

    /// A board side nobody owns or aims for.
    public static var unownedSide: RGBColor { QuortexPalette.standard.unownedSide }
    /// Flows of resigned seats are drawn in this grey, dashed.
    public static var resigned: RGBColor { QuortexPalette.standard.resigned }

    public static var background: RGBColor { QuortexPalette.standard.background }
    public static var emptyCell: RGBColor { QuortexPalette.standard.emptyCell }
    public static var cellOutline: RGBColor { QuortexPalette.standard.cellOutline }
    public static var tileFace: RGBColor { QuortexPalette.standard.tileFace }
    public static var tileConnection: RGBColor { QuortexPalette.standard.tileConnection }
    public static var text: RGBColor { QuortexPalette.standard.text }
    public static var secondaryText: RGBColor { QuortexPalette.standard.secondaryText }
}
