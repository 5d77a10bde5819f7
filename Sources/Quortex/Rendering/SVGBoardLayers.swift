/// The board's layers, drawn bottom to top: cells, tiles, flows over the tiles, then the border
/// on top so a side's colour is never hidden by a flow leaving through it.
extension SVGScene {
    func drawCells(_ writer: inout SVGWriter) {
        writer.open(
            "g",
            [
                ("class", "cells"), ("fill", palette.emptyCell.hexString), ("stroke", palette.cellOutline.hexString),
                ("stroke-width", SVGWriter.number(size * 0.04)),
            ])
        for cell in Topology.cells {
            writer.element(
                "polygon", [("data-cell", cell.name), ("points", SVGWriter.points(geometry.corners(of: cell)))])
        }
        writer.close("g")
        guard options.showsCellNames else { return }
        writer.open(
            "g",
            [
                ("class", "cell-names"), ("fill", palette.secondaryText.hexString),
                ("font-size", SVGWriter.number(size * 0.32)), ("text-anchor", "middle"),
            ])
        for cell in view.position.board.emptyCells {
            let centre = geometry.centre(of: cell)
            writer.textElement(
                "text", [("x", SVGWriter.number(centre.x)), ("y", SVGWriter.number(centre.y + size * 0.11))], cell.name)
        }
        writer.close("g")
    }

    func drawTiles(_ writer: inout SVGWriter) {
        writer.open("g", [("class", "tiles")])
        for (cell, tile) in view.position.board.tiles {
            drawTile(
                tile, around: geometry.centre(of: cell), hex: geometry.hex, into: &writer,
                attributes: [
                    ("class", "tile"), ("data-cell", cell.name), ("data-tile", String(tile.type.letter)),
                    ("data-rotation", String(tile.rotation)),
                ])
        }
        writer.close("g")
    }

    /// A tile's face and its three connections as one group; also used for the drawn tile.
    func drawTile(
        _ tile: PlacedTile, around centre: Point, hex: HexGeometry, into writer: inout SVGWriter,
        attributes: [(String, String)]
    ) {
        writer.open("g", attributes)
        writer.element(
            "polygon",
            [
                ("points", SVGWriter.points(hex.corners(around: centre))), ("fill", palette.tileFace.hexString),
                ("stroke", palette.tileEdge.hexString),
                ("stroke-width", SVGWriter.number(hex.size * 0.04)),
            ])
        for curve in hex.curves(around: centre, of: tile) {
            writer.element(
                "path",
                [
                    ("d", SVGWriter.pathData(curve)), ("fill", "none"), ("stroke", palette.tileConnection.hexString),
                    ("stroke-width", SVGWriter.number(hex.size * 0.12)), ("stroke-linecap", "butt"),
                ])
        }
        writer.close("g")
    }

    /// Each flow as one continuous stroke in its seat's colour. A winning flow gets a pale halo;
    /// a flow of a resigned seat is grey and dashed. Where flows of two seats run through the same
    /// connection (a path from one owned side to another), the later one is drawn narrower on top
    /// so both colours stay visible.
    func drawFlows(_ writer: inout SVGWriter) {
        let resigned = resignedSeats
        writer.open(
            "g", [("class", "flows"), ("fill", "none"), ("stroke-linecap", "round"), ("stroke-linejoin", "round")])
        var seatsByConnection: [Int: [Int]] = [:]
        for flow in view.flows where !flow.steps.isEmpty {
            let keys = flow.steps.compactMap(Self.connectionKey)
            let isShared = keys.contains { key in seatsByConnection[key, default: []].contains { $0 != flow.seat } }
            for key in keys where !seatsByConnection[key, default: []].contains(flow.seat) {
                seatsByConnection[key, default: []].append(flow.seat)
            }
            let curves = flow.steps.map { geometry.curve(in: $0.cell, from: $0.entry, to: $0.exit) }
            let data = SVGWriter.pathData(curves)
            let width = size * (isShared ? 0.13 : 0.22)
            if isWinning(flow) {
                writer.element(
                    "path",
                    [
                        ("class", "flow-halo"), ("d", data), ("stroke", palette.halo.hexString), ("stroke-opacity", "0.85"),
                        ("stroke-width", SVGWriter.number(width + size * 0.16)),
                    ])
            }
            let isResigned = resigned.contains(flow.seat)
            let classes = "flow seat-\(flow.seat)" + (isWinning(flow) ? " winning" : "") + (isResigned ? " resigned" : "")
            let colour = (isResigned ? palette.resigned : palette.seat(flow.seat)).hexString
            var attributes = [
                ("class", classes), ("data-side", String(flow.side)), ("d", data), ("stroke", colour),
                ("stroke-width", SVGWriter.number(width)),
            ]
            if isResigned {
                // Butt caps: round ones would grow into the gaps and hide the dashes.
                attributes += [
                    ("stroke-dasharray", "\(SVGWriter.number(size * 0.24)) \(SVGWriter.number(size * 0.16))"),
                    ("stroke-linecap", "butt"),
                ]
            }
            writer.element("path", attributes)
            // An open flow ends at an empty cell: mark where it will continue.
            if flow.exitSide == nil, let last = curves.last {
                writer.element(
                    "circle",
                    [
                        ("class", "flow-end seat-\(flow.seat)"), ("cx", SVGWriter.number(last.end.x)),
                        ("cy", SVGWriter.number(last.end.y)), ("r", SVGWriter.number(size * 0.14)),
                        ("fill", colour),
                    ])
            }
        }
        writer.close("g")
    }

    /// Identifies one connection of one cell regardless of the direction it is travelled.
    private static func connectionKey(_ step: Flow.Step) -> Int? {
        guard let index = step.cell.index else { return nil }
        let low = min(step.entry.rawValue, step.exit.rawValue)
        let high = max(step.entry.rawValue, step.exit.rawValue)
        return index * 36 + low * 6 + high
    }

    /// The border's hex edges, one path per board side, and a numbered badge outside each side a
    /// seat owns (filled) or a solo player aims for (outlined).
    func drawBorder(_ writer: inout SVGWriter) {
        writer.open(
            "g",
            [
                ("class", "border"), ("fill", "none"), ("stroke-linecap", "round"),
                ("stroke-width", SVGWriter.number(size * 0.16)),
            ])
        for side in 0..<Topology.sideCount {
            let data = Topology.ports(ofSide: side).map { port in
                let edge = geometry.outerEdge(of: port)
                return "M\(SVGWriter.number(edge.start)) L\(SVGWriter.number(edge.end))"
            }.joined(separator: " ")
            writer.element(
                "path", [("class", "side side-\(side)"), ("d", data), ("stroke", colour(ofSide: side).hexString)])
        }
        writer.close("g")
        writer.open(
            "g", [("class", "side-badges"), ("font-size", SVGWriter.number(size * 0.36)), ("text-anchor", "middle")])
        for side in 0..<Topology.sideCount {
            let centre = geometry.boardCentre + BoardGeometry.outwardNormal(ofSide: side) * (size * 6)
            let seat: Int
            let filled: Bool
            switch role(ofSide: side) {
            case .owned(let owner): (seat, filled) = (owner, true)
            case .target(let owner): (seat, filled) = (owner, false)
            case .unowned: continue
            }
            let colour = palette.seat(seat).hexString
            writer.element(
                "circle",
                [
                    ("cx", SVGWriter.number(centre.x)), ("cy", SVGWriter.number(centre.y)),
                    ("r", SVGWriter.number(size * 0.3)), ("fill", filled ? colour : palette.background.hexString),
                    ("stroke", colour), ("stroke-width", SVGWriter.number(size * 0.06)),
                ])
            writer.textElement(
                "text",
                [
                    ("x", SVGWriter.number(centre.x)), ("y", SVGWriter.number(centre.y + size * 0.13)),
                    ("fill", filled ? palette.badgeText.hexString : colour), ("font-weight", "bold"),
                ], String(seat + 1))
        }
        writer.close("g")
    }

    func colour(ofSide side: Int) -> RGBColor {
        switch role(ofSide: side) {
        case .owned(let seat): palette.seat(seat)
        case .target(let seat): palette.target(ofSeat: seat)
        case .unowned: palette.unownedSide
        }
    }
}
