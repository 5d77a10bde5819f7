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

/// The colours of a Quortex picture. Seat colours are fixed by seat number (not by side) so a
/// player keeps their colour across seatings, and are far apart in hue and lightness so they stay
/// distinguishable on the dark tiles and for the common colour-vision deficiencies.
public enum Palette {
    /// One colour per seat, 0…5: vermilion, blue, bluish green, reddish purple, orange, sky blue
    /// (Okabe & Ito's colour-blind-safe set without its yellow, which vanishes on a light board).
    /// The similar pairs (vermilion and orange, blue and sky blue) only meet in 5- and 6-player
    /// games.
    public static let seats: [RGBColor] = [
        RGBColor(hex: 0xD55E00), RGBColor(hex: 0x0072B2), RGBColor(hex: 0x009E73),
        RGBColor(hex: 0xCC79A7), RGBColor(hex: 0xE69F00), RGBColor(hex: 0x56B4E9),
    ]

    /// The colour of `seat`; seats beyond six (impossible in Quortex) reuse the palette.
    public static func seat(_ seat: Int) -> RGBColor { seats[(seat % seats.count + seats.count) % seats.count] }

    /// The lighter tint marking a solo player's target side.
    public static func target(ofSeat seat: Int) -> RGBColor { Palette.seat(seat).mixed(with: .white, 0.5) }

    /// A board side nobody owns or aims for.
    public static let unownedSide = RGBColor(hex: 0x9A968C)
    /// Flows of resigned seats are drawn in this grey, dashed.
    public static let resigned = RGBColor(hex: 0x8A8A8A)

    public static let background = RGBColor(hex: 0xFBF8F1)
    public static let emptyCell = RGBColor(hex: 0xEFE9DC)
    public static let cellOutline = RGBColor(hex: 0xCFC6B2)
    public static let tileFace = RGBColor(hex: 0x3A3935)
    public static let tileConnection = RGBColor(hex: 0xCFC8B8)
    public static let text = RGBColor(hex: 0x2B2A27)
    public static let secondaryText = RGBColor(hex: 0x77726A)
}
