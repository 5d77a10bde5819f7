/// Every colour a Quortex board is drawn with, for one theme. The SVG renderer, the SwiftUI
/// canvas and the terminal read the same values, so a theme looks the same everywhere.
public struct QuortexPalette: Hashable, Sendable {
    /// One colour per seat, 0…5, fixed by seat number so a player keeps theirs across seatings.
    public var seats: [RGBColor]
    /// A board side nobody owns or aims for.
    public var unownedSide: RGBColor
    /// Flows of resigned seats, drawn dashed.
    public var resigned: RGBColor
    public var background: RGBColor
    public var emptyCell: RGBColor
    public var cellOutline: RGBColor
    public var tileFace: RGBColor
    /// A tile's paths that no flow runs along yet.
    public var tileConnection: RGBColor
    public var text: RGBColor
    public var secondaryText: RGBColor
    /// The glow under a winning flow.
    public var halo: RGBColor
    /// The number on a filled seat badge.
    public var badgeText: RGBColor
    /// Tints an empty cell the drawn tile may go on.
    public var legalCell: RGBColor
    /// Outlines the cell the player points at.
    public var cursor: RGBColor

    public init(
        seats: [RGBColor], unownedSide: RGBColor, resigned: RGBColor, background: RGBColor, emptyCell: RGBColor,
        cellOutline: RGBColor, tileFace: RGBColor, tileConnection: RGBColor, text: RGBColor, secondaryText: RGBColor,
        halo: RGBColor, badgeText: RGBColor, legalCell: RGBColor, cursor: RGBColor
    ) {
        self.seats = seats
        self.unownedSide = unownedSide
        self.resigned = resigned
        self.background = background
        self.emptyCell = emptyCell
        self.cellOutline = cellOutline
        self.tileFace = tileFace
        self.tileConnection = tileConnection
        self.text = text
        self.secondaryText = secondaryText
        self.halo = halo
        self.badgeText = badgeText
        self.legalCell = legalCell
        self.cursor = cursor
    }

    /// The colour of `seat`; seats beyond the list (impossible in Quortex) reuse it.
    public func seat(_ seat: Int) -> RGBColor {
        guard !seats.isEmpty else { return text }
        return seats[(seat % seats.count + seats.count) % seats.count]
    }

    /// The lighter tint marking a solo player's target side: halfway to the background, so it
    /// reads as "the same player, fainter" on light and dark themes alike.
    public func target(ofSeat seat: Int) -> RGBColor {
        self.seat(seat).mixed(with: background.isDark ? background : .white, 0.5)
    }

    /// The edge stroke of a tile's face.
    public var tileEdge: RGBColor { tileFace.mixed(with: .white, 0.25) }
}

extension RGBColor {
    /// Relative luminance as WCAG defines it (0 black … 1 white), for contrast checks.
    public var luminance: Double {
        func linear(_ component: UInt8) -> Double {
            let value = Double(component) / 255
            guard value > 0.04045 else { return value / 12.92 }
            let base = (value + 0.055) / 1.055
            // base^2.4 = base² · (base^⅕)², the fifth root by Newton's method: no `pow`, so no
            // Foundation in the rules module.
            var root = 1.0
            for _ in 0..<12 { root -= (root * root * root * root * root - base) / (5 * root * root * root * root) }
            return base * base * root * root
        }
        return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
    }

    /// WCAG contrast ratio with `other`, 1 (same) … 21 (black on white).
    public func contrast(with other: RGBColor) -> Double {
        let (light, dark) = (max(luminance, other.luminance), min(luminance, other.luminance))
        return (light + 0.05) / (dark + 0.05)
    }

    /// Dark enough that light marks read on it.
    public var isDark: Bool { luminance < 0.2 }
}
