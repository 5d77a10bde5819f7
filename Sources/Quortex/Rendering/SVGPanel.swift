import GameCore

/// The panel right of the board: the game's status, the tile to place and the players.
extension SVGScene {
    /// The panel is laid out top to bottom by drawing it; its height is where the drawing ends.
    var panelHeight: Double {
        var scratch = SVGWriter()
        return drawPanelContent(&scratch) + size
    }

    func drawPanel(_ writer: inout SVGWriter) {
        writer.open("g", [("class", "panel"), ("fill", palette.text.hexString)])
        _ = drawPanelContent(&writer)
        writer.close("g")
    }

    /// Draws the panel and returns the y just below its last line.
    private func drawPanelContent(_ writer: inout SVGWriter) -> Double {
        let left = panelX
        var y = size
        writer.textElement(
            "text",
            [
                ("class", "title"), ("x", SVGWriter.number(left)), ("y", SVGWriter.number(y + size * 0.55)),
                ("font-size", SVGWriter.number(size * 0.6)), ("font-weight", "bold"),
            ], "Quortex")
        y += size * 1.0
        for (index, line) in statusLines.enumerated() {
            y += size * 0.55
            writer.textElement(
                "text",
                [
                    ("class", index == 0 ? "status" : "status-detail"), ("x", SVGWriter.number(left)),
                    ("y", SVGWriter.number(y)), ("font-size", SVGWriter.number(size * (index == 0 ? 0.42 : 0.34))),
                    ("fill", (index == 0 ? palette.text : palette.secondaryText).hexString),
                ], line)
        }
        if let drawn = view.position.drawn {
            y += size * 0.9
            writer.textElement("text", label(x: left, y: y), "Tile to place")
            let hex = HexGeometry(size: size * 0.9)
            let centre = Point(x: left + hex.apothem, y: y + size * 0.25 + hex.size)
            drawTile(
                PlacedTile(drawn, rotation: 0), around: centre, hex: hex, into: &writer,
                attributes: [("class", "drawn-tile"), ("data-tile", String(drawn.letter))])
            let textX = left + 2 * hex.apothem + size * 0.3
            writer.textElement(
                "text", body(x: textX, y: centre.y - size * 0.05, bold: true), drawn.displayName)
            writer.textElement(
                "text", detail(x: textX, y: centre.y + size * 0.45), "\(view.bagCount) left in the bag")
            y = centre.y + hex.size
        }
        y += size * 0.9
        writer.textElement("text", label(x: left, y: y), "Players")
        for seat in view.players.indices {
            y += size * 0.3
            drawPlayerRow(seat: seat, top: y, left: left, into: &writer)
            y += size * 0.8
        }
        y += size * 0.7
        writer.textElement("text", detail(x: left, y: y), "Placements: \(view.placements)")
        return y
    }

    /// One player: a marker if it is their turn, a swatch of their colour, their name and what
    /// they play for.
    private func drawPlayerRow(seat: Int, top: Double, left: Double, into writer: inout SVGWriter) {
        let middle = top + size * 0.28
        if view.currentSeat == seat {
            let tip = Point(x: left + size * 0.28, y: middle)
            writer.element(
                "polygon",
                [
                    ("class", "turn-marker"),
                    (
                        "points",
                        SVGWriter.points([
                            tip, tip + Point(x: -size * 0.26, y: -size * 0.16),
                            tip + Point(x: -size * 0.26, y: size * 0.16),
                        ])
                    ),
                ])
        }
        let isResigned = resignedSeats.contains(seat)
        writer.element(
            "circle",
            [
                ("class", "swatch seat-\(seat)"), ("cx", SVGWriter.number(left + size * 0.6)),
                ("cy", SVGWriter.number(middle)), ("r", SVGWriter.number(size * 0.2)),
                ("fill", palette.seat(seat).hexString), ("fill-opacity", isResigned ? "0.4" : "1"),
            ])
        let isWinner = view.outcome?.winners.contains(seat) ?? false
        let you = view.viewer.seat == seat ? " (you)" : ""
        writer.textElement(
            "text", body(x: left + size * 1.0, y: middle + size * 0.02, bold: view.currentSeat == seat || isWinner),
            name(ofSeat: seat) + you)
        writer.textElement(
            "text", detail(x: left + size * 1.0, y: middle + size * 0.42),
            goalText(ofSeat: seat) + (isResigned ? " · resigned" : "") + (isWinner ? " · winner" : ""))
    }

    /// What a seat plays for: its own side to its goal side.
    private func goalText(ofSeat seat: Int) -> String {
        let seating = view.position.seating
        guard seating.campOfSeat.indices.contains(seat), view.camps.indices.contains(seating.campOfSeat[seat]) else {
            return ""
        }
        let camp = view.camps[seating.campOfSeat[seat]]
        let own = seating.sides.indices.contains(seat) ? seating.sides[seat] : camp.from
        let goal = own == camp.from ? camp.to : camp.from
        return (camp.isTeam ? "team: " : "") + "\(Self.sideName(own)) → \(Self.sideName(goal))"
    }

    /// Whose turn it is, or who won and how; the first line is the headline.
    var statusLines: [String] {
        guard let outcome = view.outcome else {
            let slot = view.position.currentSlot
            let you = view.viewer.seat == slot.seat ? " (you)" : ""
            var lines = ["\(name(ofSeat: slot.seat))\(you) to play"]
            // With teams, a solo player also moves for its empty target side.
            if view.position.seating.sides.indices.contains(slot.seat),
                view.position.seating.sides[slot.seat] != slot.side
            {
                lines.append("for the \(Self.sideName(slot.side)) side")
            }
            return lines
        }
        let how = Self.describe(outcome.winType)
        switch outcome.winners.count {
        case 0: return ["Game over: nobody won", how]
        case 1: return ["\(name(ofSeat: outcome.winners[0])) wins", how]
        default: return ["Winners:"] + outcome.winners.map(name(ofSeat:)) + [how]
        }
    }

    static func describe(_ winType: WinType) -> String {
        switch winType {
        case .flow: "by joining their sides"
        case .tie: "tie: one tile joined several goals"
        case .constraint: "the drawn tile fit nowhere"
        case .resignation: "everyone else resigned"
        case .draw: "draw"
        default: winType.rawValue
        }
    }

    private func label(x: Double, y: Double) -> [(String, String)] {
        [
            ("x", SVGWriter.number(x)), ("y", SVGWriter.number(y)), ("font-size", SVGWriter.number(size * 0.3)),
            ("fill", palette.secondaryText.hexString), ("letter-spacing", SVGWriter.number(size * 0.03)),
        ]
    }

    private func body(x: Double, y: Double, bold: Bool) -> [(String, String)] {
        [("x", SVGWriter.number(x)), ("y", SVGWriter.number(y)), ("font-size", SVGWriter.number(size * 0.4))]
            + (bold ? [("font-weight", "bold")] : [])
    }

    private func detail(x: Double, y: Double) -> [(String, String)] {
        [
            ("x", SVGWriter.number(x)), ("y", SVGWriter.number(y)), ("font-size", SVGWriter.number(size * 0.3)),
            ("fill", palette.secondaryText.hexString),
        ]
    }
}
