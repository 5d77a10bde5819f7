import GameCore

/// Draws a Quortex view as a standalone SVG document: the board with its tiles, every player's
/// flows in their seat colour, the border coloured by who owns or aims for each side, and a
/// panel with the drawn tile, the players and whose turn it is or who won.
///
/// The output depends only on the view and the options (same input, same bytes), needs no
/// Foundation, and escapes all text, so player names cannot inject markup.
public enum QuortexSVG {
    public struct Options: Hashable, Sendable {
        /// Circumradius of one cell in SVG user units; everything else scales with it.
        public var hexSize: Double
        /// Whether to draw the side panel (drawn tile, players, status) right of the board.
        public var showsPanel: Bool
        /// Whether empty cells show their notation name (`d4`), so a reader can name a move.
        public var showsCellNames: Bool

        /// The colours; the standard theme draws exactly what the renderer drew before themes.
        public var theme: QuortexTheme

        public init(hexSize: Double = 36, showsPanel: Bool = true, showsCellNames: Bool = true, theme: QuortexTheme = .standard) {
            self.hexSize = hexSize
            self.showsPanel = showsPanel
            self.showsCellNames = showsCellNames
            self.theme = theme
        }
    }

    public static func render(_ view: QuortexView, options: Options = Options()) -> String {
        let scene = SVGScene(view: view, options: options)
        var writer = SVGWriter()
        let size = scene.documentSize
        writer.open(
            "svg",
            [
                ("xmlns", "http://www.w3.org/2000/svg"), ("width", SVGWriter.number(size.width)),
                ("height", SVGWriter.number(size.height)),
                ("viewBox", "0 0 \(SVGWriter.number(size.width)) \(SVGWriter.number(size.height))"),
                ("font-family", "Helvetica, Arial, sans-serif"),
            ])
        writer.textElement("title", [], "Quortex: " + scene.statusLines.joined(separator: ", "))
        writer.element(
            "rect",
            [
                ("width", SVGWriter.number(size.width)), ("height", SVGWriter.number(size.height)),
                ("fill", scene.palette.background.hexString),
            ])
        scene.drawCells(&writer)
        scene.drawTiles(&writer)
        scene.drawFlows(&writer)
        scene.drawBorder(&writer)
        if options.showsPanel { scene.drawPanel(&writer) }
        writer.close("svg")
        return writer.text
    }
}

/// Everything the drawing steps share: the view, the geometry and facts derived once from the view.
struct SVGScene {
    let view: QuortexView
    let options: QuortexSVG.Options
    let geometry: BoardGeometry
    let palette: QuortexPalette

    init(view: QuortexView, options: QuortexSVG.Options) {
        self.view = view
        self.options = options
        palette = options.theme.palette
        // A non-positive or non-finite size would make every coordinate meaningless.
        let size = options.hexSize.isFinite && options.hexSize > 0 ? options.hexSize : 36
        // One cell size of margin leaves room for the side badges outside the border.
        geometry = BoardGeometry(size: size, padding: size)
    }

    var size: Double { geometry.size }

    /// Left edge of the panel, right of the board's margin.
    var panelX: Double { geometry.canvasSize.width }
    var panelWidth: Double { 7.5 * size }

    var documentSize: Size {
        let board = geometry.canvasSize
        guard options.showsPanel else { return board }
        return Size(width: board.width + panelWidth, height: max(board.height, panelHeight))
    }

    /// The player's name for `seat`, shortened so it fits the panel.
    func name(ofSeat seat: Int) -> String {
        let name = view.players.indices.contains(seat) ? view.players[seat].name : ""
        let shown = name.isEmpty ? "Seat \(seat + 1)" : name
        return shown.count > 22 ? String(shown.prefix(21)) + "…" : shown
    }

    /// Seats whose camp has resigned.
    var resignedSeats: [Int] {
        view.position.resignedCamps.flatMap { view.camps.indices.contains($0) ? view.camps[$0].seats : [] }
    }

    /// What board side `side` means for the picture.
    enum SideRole: Equatable {
        case owned(seat: Int)
        /// The unowned side a solo player must reach.
        case target(seat: Int)
        case unowned
    }

    func role(ofSide side: Int) -> SideRole {
        if let seat = view.position.seating.seat(onSide: side) { return .owned(seat: seat) }
        if let camp = view.camps.first(where: { !$0.isTeam && $0.to == side }), let seat = camp.seats.first {
            return .target(seat: seat)
        }
        return .unowned
    }

    /// Whether `flow` joined its camp's sides and so won the game.
    func isWinning(_ flow: Flow) -> Bool {
        guard let outcome = view.outcome, outcome.winType == .flow || outcome.winType == .tie,
            outcome.winners.contains(flow.seat), let exit = flow.exitSide,
            view.position.seating.campOfSeat.indices.contains(flow.seat)
        else { return false }
        let campIndex = view.position.seating.campOfSeat[flow.seat]
        return view.camps.indices.contains(campIndex) && view.camps[campIndex].isJoined(from: flow.side, to: exit)
    }

    /// Everyday names of the board sides, for text.
    static let sideNames = ["lower left", "upper left", "top", "upper right", "lower right", "bottom"]

    static func sideName(_ side: Int) -> String {
        sideNames.indices.contains(side) ? sideNames[side] : "side \(side)"
    }
}
