#if canImport(SwiftUI)
import Quortex
import QuortexFeature
import SwiftUI

/// Strokes and fills exactly the shapes a ``QuortexBoardDrawing`` lists, in its order; nothing
/// here decides what to draw.
struct QuortexCanvasPainter {
    var context: GraphicsContext

    func paint(_ drawing: QuortexBoardDrawing, flows: [QuortexBoardDrawing.FlowShape]) {
        for cell in drawing.cells {
            let hexagon = Self.polygon(cell.corners)
            context.fill(hexagon, with: .color(cell.fill.color))
            stroke(hexagon, cell.outline)
        }
        for tile in drawing.tiles { paint(tile) }
        for flow in flows {
            let path = Self.path(flow.curves)
            if let halo = flow.halo { stroke(path, halo, round: true) }
            stroke(path, flow.stroke, round: flow.stroke.dash.isEmpty)
            if let end = flow.end {
                let radius = flow.endRadius
                let dot = Path(ellipseIn: CGRect(x: end.x - radius, y: end.y - radius, width: 2 * radius, height: 2 * radius))
                context.fill(dot, with: .color(flow.stroke.colour.color))
            }
        }
        for side in drawing.sides {
            var path = Path()
            for edge in side.edges {
                path.move(to: edge.start.cgPoint)
                path.addLine(to: edge.end.cgPoint)
            }
            stroke(path, side.stroke, round: true)
        }
        for badge in drawing.badges {
            let r = badge.radius
            let disc = Path(ellipseIn: CGRect(x: badge.centre.x - r, y: badge.centre.y - r, width: 2 * r, height: 2 * r))
            context.fill(disc, with: .color(badge.fill.color))
            stroke(disc, badge.outline)
            label(badge.text, at: badge.centre, colour: badge.textColour, size: badge.fontSize, bold: true)
        }
        for ring in drawing.rings { stroke(Self.polygon(ring.corners), ring.stroke, round: true) }
        for text in drawing.labels { label(text.text, at: text.centre, colour: text.colour, size: text.fontSize, bold: false) }
    }

    /// A tile's face and its three paths.
    func paint(_ tile: QuortexBoardDrawing.TileShape) {
        let face = Self.polygon(tile.corners)
        context.fill(face, with: .color(tile.face.color))
        stroke(face, tile.edge)
        for curve in tile.paths { stroke(Self.path([curve]), tile.path) }
    }

    private func stroke(_ path: Path, _ stroke: QuortexBoardDrawing.Stroke, round: Bool = false) {
        let style = StrokeStyle(
            lineWidth: stroke.width, lineCap: round ? .round : .butt, lineJoin: .round, dash: stroke.dash.map { CGFloat($0) })
        context.stroke(path, with: .color(stroke.colour.color), style: style)
    }

    private func label(_ text: String, at point: Point, colour: RGBColor, size: Double, bold: Bool) {
        let font = Font.system(size: size, weight: bold ? .bold : .regular)
        context.draw(Text(text).font(font).foregroundColor(colour.color), at: point.cgPoint, anchor: .center)
    }

    static func polygon(_ corners: [Point]) -> Path {
        var path = Path()
        guard let first = corners.first else { return path }
        path.move(to: first.cgPoint)
        for corner in corners.dropFirst() { path.addLine(to: corner.cgPoint) }
        path.closeSubpath()
        return path
    }

    /// Joined curves as one path, so a flow is one stroke.
    static func path(_ curves: [Curve]) -> Path {
        var path = Path()
        guard let first = curves.first else { return path }
        path.move(to: first.start.cgPoint)
        for curve in curves {
            path.addCurve(to: curve.end.cgPoint, control1: curve.control1.cgPoint, control2: curve.control2.cgPoint)
        }
        return path
    }
}

extension Point {
    var cgPoint: CGPoint { CGPoint(x: x, y: y) }

    init(_ point: CGPoint) { self.init(x: Double(point.x), y: Double(point.y)) }
}

extension Size {
    init(_ size: CGSize) { self.init(width: Double(size.width), height: Double(size.height)) }
}

extension RGBColor {
    var color: Color { Color(.sRGB, red: Double(red) / 255, green: Double(green) / 255, blue: Double(blue) / 255, opacity: 1) }
}
#endif
