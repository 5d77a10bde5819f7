import Foundation
import GameCore
import Testing

@testable import Quortex

/// The board's themes: every palette legible, the SVG drawn in each, and the standard theme's
/// SVG exactly what the renderer wrote before themes existed.
@Suite struct QuortexThemeTests {
    /// Records whose SVG, rendered before themes, hashed to these values (FNV-1a, 64 bits): a
    /// mid-game of five players, a finished game of four (a constraint win), a mid-game of three.
    static let goldens: [(record: String, hash: UInt64, length: Int)] = [
        (#"{"actions":[{"action":"e2r1","seat":1},{"action":"a5r2","seat":2},{"action":"e4r0","seat":3},{"action":"c2r1","seat":4},{"action":"c3r2","seat":2},{"action":"e5r0","seat":0},{"action":"f2r1","seat":1},{"action":"e3r1","seat":2},{"action":"e6r0","seat":3},{"action":"d1r1","seat":4},{"action":"f1r1","seat":2},{"action":"d4r1","seat":0},{"action":"d7r2","seat":1}],"engine_version":1,"game_type":"quortex","seats":[{"id":"bot-0","name":"heuristic bot 1"},{"id":"bot-1","name":"heuristic bot 2"},{"id":"bot-2","name":"heuristic bot 3"},{"id":"bot-3","name":"heuristic bot 4"},{"id":"bot-4","name":"heuristic bot 5"}],"seed":"3","settings":{"settings_version":1}}"#, 0x27b46494c6a5a7c9, 21433),
        (#"{"actions":[{"action":"d3r2","seat":0},{"action":"a4r0","seat":1},{"action":"a5r0","seat":2},{"action":"e2r1","seat":3},{"action":"f2r2","seat":0},{"action":"g3r2","seat":1},{"action":"g4r0","seat":2},{"action":"f3r1","seat":3},{"action":"b5r0","seat":0},{"action":"b4r0","seat":1},{"action":"c4r1","seat":2},{"action":"e5r1","seat":3},{"action":"a7r2","seat":0},{"action":"c5r1","seat":1},{"action":"d5r2","seat":2},{"action":"c2r0","seat":3},{"action":"c6r1","seat":0},{"action":"b6r0","seat":1},{"action":"f5r2","seat":2},{"action":"g1r0","seat":3},{"action":"c3r2","seat":0},{"action":"e6r1","seat":1},{"action":"d2r0","seat":2},{"action":"d1r1","seat":3},{"action":"d6r5","seat":0},{"action":"d7r0","seat":1},{"action":"e4r1","seat":2},{"action":"f1r2","seat":3},{"action":"f4r1","seat":0},{"action":"b7r0","seat":1},{"action":"d4r1","seat":2},{"action":"a6r1","seat":3},{"action":"b3r2","seat":0},{"action":"g2r4","seat":1},{"action":"e3r1","seat":2}],"engine_version":1,"game_type":"quortex","outcome":{"win_type":"constraint","winners":[1,3]},"seats":[{"id":"bot-0","name":"heuristic bot 1"},{"id":"bot-1","name":"heuristic bot 2"},{"id":"bot-2","name":"heuristic bot 3"},{"id":"bot-3","name":"heuristic bot 4"}],"seed":"7","settings":{"settings_version":1}}"#, 0xe5e929c538afd91e, 36178),
        (#"{"actions":[{"action":"c7r0","seat":0},{"action":"g1r1","seat":1},{"action":"g2r0","seat":2},{"action":"f1r0","seat":0},{"action":"b3r0","seat":1},{"action":"c5r1","seat":2},{"action":"g4r1","seat":0},{"action":"d3r1","seat":1},{"action":"d6r1","seat":2},{"action":"e6r2","seat":0},{"action":"e3r0","seat":1},{"action":"b4r0","seat":2},{"action":"e2r0","seat":0},{"action":"a4r2","seat":1},{"action":"f2r1","seat":2},{"action":"f5r2","seat":0},{"action":"d7r3","seat":1},{"action":"d2r0","seat":2},{"action":"d1r3","seat":0},{"action":"e4r1","seat":1},{"action":"b5r1","seat":2},{"action":"a7r0","seat":0},{"action":"d5r5","seat":1},{"action":"d4r1","seat":2},{"action":"c6r0","seat":0},{"action":"a6r1","seat":1},{"action":"e5r0","seat":2},{"action":"c4r1","seat":0}],"engine_version":1,"game_type":"quortex","seats":[{"id":"bot-0","name":"heuristic bot 1"},{"id":"bot-1","name":"heuristic bot 2"},{"id":"bot-2","name":"heuristic bot 3"}],"seed":"11","settings":{"settings_version":1}}"#, 0x17694e2866cd356c, 30812),
    ]

    static func fnv1a(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xcbf29ce484222325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100000001b3
        }
        return hash
    }

    static func view(_ record: String) throws -> QuortexView {
        let state = try Quortex.decodeRecord(Data(record.utf8)).replay()
        return Quortex.view(of: state, for: .spectator)
    }

    @Test func theStandardThemeDrawsTheSameBytesAsBeforeThemes() throws {
        for golden in Self.goldens {
            let view = try Self.view(golden.record)
            let svg = QuortexSVG.render(view)
            #expect(svg.utf8.count == golden.length)
            #expect(Self.fnv1a(svg) == golden.hash)
            #expect(QuortexSVG.render(view, options: .init(theme: .standard)) == svg)
        }
        #expect(QuortexTheme.standard.palette == .standard)
        #expect(Palette.seats == QuortexPalette.standard.seats && Palette.background == QuortexPalette.standard.background)
    }

    @Test func eachThemeDrawsTheSVGInItsOwnColours() throws {
        let view = try Self.view(Self.goldens[0].record)
        var documents: Set<String> = []
        for theme in QuortexTheme.allCases {
            let palette = theme.palette
            let svg = QuortexSVG.render(view, options: .init(theme: theme))
            documents.insert(svg)
            let document = try #require(ParsedSVG(svg))
            let cells = try #require(document.elements(classed: "cells").first)
            #expect(cells["fill"] == palette.emptyCell.hexString && cells["stroke"] == palette.cellOutline.hexString)
            for (flow, element) in zip(view.flows, document.elements(classed: "flow")) {
                #expect(element["stroke"] == palette.seat(flow.seat).hexString, "\(theme)")
            }
            #expect(document.elements(classed: "side-0").first?["stroke"] == palette.seat(0).hexString)
            #expect(svg.contains("fill=\"\(palette.background.hexString)\""))
            #expect(svg.contains("fill=\"\(palette.tileFace.hexString)\""))
        }
        #expect(documents.count == QuortexTheme.allCases.count, "no two themes draw the same picture")
    }

    /// Seat colours must tell the players apart from each other (CIE76 ΔE ≥ 25 between any two,
    /// the standard theme's closest pair being 26), and stay visible where they are drawn: sides
    /// on the background and flows on the tile face (WCAG contrast ≥ 1.8), text readable (≥ 4.5).
    @Test func everyPaletteIsLegible() {
        for theme in QuortexTheme.allCases {
            let palette = theme.palette
            #expect(palette.seats.count == 6)
            for (index, seat) in palette.seats.enumerated() {
                #expect(seat.contrast(with: palette.background) >= 1.8, "\(theme) seat \(index) on the background")
                #expect(seat.contrast(with: palette.tileFace) >= 1.8, "\(theme) seat \(index) on a tile")
                for other in palette.seats[(index + 1)...] {
                    #expect(Self.deltaE(seat, other) >= 25, "\(theme) seats \(seat.hexString) and \(other.hexString)")
                }
            }
            #expect(palette.text.contrast(with: palette.background) >= 4.5, "\(theme) text")
            #expect(palette.tileConnection.contrast(with: palette.tileFace) >= 2, "\(theme) paths on a tile")
            #expect(palette.resigned.contrast(with: palette.tileFace) >= 1.8, "\(theme) resigned flows")
            #expect(palette.legalCell != palette.emptyCell && palette.cursor.contrast(with: palette.emptyCell) >= 3, "\(theme) marks")
            // A target side is its seat's colour, fainter, and still not the background.
            for seat in 0..<6 { #expect(palette.target(ofSeat: seat) != palette.background && palette.target(ofSeat: seat) != palette.seat(seat)) }
        }
        #expect(Set(QuortexTheme.allCases.map(\.rawValue)) == ["standard", "neon", "classic_wood", "ocean", "aurora", "midnight", "sunset"])
        #expect(Set(QuortexTheme.allCases.map(\.palette)).count == 7)
    }

    @Test func luminanceAndContrastFollowWCAG() {
        #expect(abs(RGBColor.white.luminance - 1) < 1e-9)
        #expect(RGBColor(hex: 0).luminance == 0)
        #expect(abs(RGBColor.white.contrast(with: RGBColor(hex: 0)) - 21) < 1e-6)
        // #777777 is the grey of contrast 4.48 on white.
        #expect(abs(RGBColor(hex: 0x777777).contrast(with: .white) - 4.48) < 0.01)
        #expect(abs(RGBColor(hex: 0xD55E00).luminance - Self.luminance(RGBColor(hex: 0xD55E00))) < 1e-9)
    }

    /// Relative luminance with Foundation's `pow`, to check the renderer's own.
    static func luminance(_ colour: RGBColor) -> Double {
        func linear(_ component: UInt8) -> Double {
            let value = Double(component) / 255
            return value <= 0.04045 ? value / 12.92 : pow((value + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * linear(colour.red) + 0.7152 * linear(colour.green) + 0.0722 * linear(colour.blue)
    }

    /// CIE76 colour difference in CIELAB (D65).
    static func deltaE(_ a: RGBColor, _ b: RGBColor) -> Double {
        func lab(_ colour: RGBColor) -> (Double, Double, Double) {
            func linear(_ component: UInt8) -> Double {
                let value = Double(component) / 255
                return value <= 0.04045 ? value / 12.92 : pow((value + 0.055) / 1.055, 2.4)
            }
            let (r, g, b) = (linear(colour.red), linear(colour.green), linear(colour.blue))
            let x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
            let y = 0.2126 * r + 0.7152 * g + 0.0722 * b
            let z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883
            func f(_ t: Double) -> Double { t > 0.008856 ? cbrt(t) : 7.787 * t + 16 / 116 }
            return (116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z)))
        }
        let (l1, a1, b1) = lab(a)
        let (l2, a2, b2) = lab(b)
        return ((l1 - l2) * (l1 - l2) + (a1 - a2) * (a1 - a2) + (b1 - b2) * (b1 - b2)).squareRoot()
    }
}
