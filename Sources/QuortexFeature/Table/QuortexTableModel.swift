import AppFoundation
import Dependencies
import Foundation
import GameCore
import GameSession
import Observation
import Quortex

/// The Quortex table: the cursor and the drawn tile's rotation, the legal cells, placing, whose
/// turn it is and why the player cannot move, the other players' last moves, the game-over text
/// and the board's derived picture. The terminal and SwiftUI render it; neither decides anything.
@MainActor @Observable
public final class QuortexTableModel: GameTableFeature {
    public let table: GameTableModel<Quortex>
    public internal(set) var cursor = QuortexCursor()
    /// The other players' moves since the viewer last looked, newest last; one per other player
    /// at most, so each player's last move stays in sight.
    public private(set) var announcements: [QuortexMoveAnnouncement] = []
    /// The cell of the viewer's own move in flight, so it is not announced as another's.
    @ObservationIgnored private var ownCell: Cell?
    /// The drawn tile under the player's finger, while they drag it.
    public internal(set) var drag: QuortexDrag?
    /// The viewer's placement sent and not yet answered: the board shows it at once.
    public internal(set) var pendingPlacement: Placement?
    /// The last sound or haptic to play; a new value (its `sequence` grows) plays it once.
    public internal(set) var feedback: QuortexFeedback?
    /// Whether this table may play sounds (`feedbackEnabled`) and haptics at all; the device's
    /// settings (``AppPreferences``) are asked as well, at each event, so a change in Settings
    /// reaches a game already open.
    public var feedbackEnabled = true
    public var hapticsEnabled = true
    @ObservationIgnored @Dependency(\.appPreferences) var devicePreferences
    /// The flows the last change made longer, for the canvas to run along; `flowAnimationCount`
    /// grows with each, so a view starts the animation when it changes.
    public internal(set) var flowAnimation: QuortexFlowAnimation?
    public internal(set) var flowAnimationCount = 0
    /// The flows as last shown, to tell what the next change added.
    @ObservationIgnored var shownFlows: QuortexBoardPicture?
    /// When the player to move runs out of time, from the server's game record (`turn_deadline`);
    /// nil offline or without a clock.
    public var turnDeadline: Date?

    public init(
        endpoint: any GameSessionEndpoint<Quortex>, seatLabels: [Int: String] = [:], leavePrompt: String = TableWording.leavePrompt,
        finalOutcome: GameTableModel<Quortex>.FinalOutcome? = nil
    ) {
        table = GameTableModel(
            endpoint: endpoint, seatLabels: seatLabels, leavePrompt: leavePrompt, finalOutcome: finalOutcome,
            reader: { (viewer: $0.viewer, players: $0.players) })
        table.onNewView = { [weak self] previous, current in self?.adopt(previous, current) }
    }

    // MARK: Derived state

    public var view: QuortexView? { table.view }
    public var viewerSeat: Int? { table.viewerSeat }
    public var isMyTurn: Bool { viewerSeat != nil && view?.currentSeat == viewerSeat && !table.isOver }
    /// The tile to place, while the game goes on.
    public var drawnTile: TileType? { table.isOver ? nil : view?.position.drawn }
    public var legalPlacements: [Placement] { view?.legalPlacements ?? [] }
    /// Cells the drawn tile may go on turned as the cursor has it.
    public var legalCells: Set<Cell> { Set(legalPlacements.filter { $0.rotation == cursor.rotation }.map(\.cell)) }
    public var cursorIsLegal: Bool { legalPlacements.contains(Placement(cell: cursor.cell, rotation: cursor.rotation)) }

    /// The board as it is to be drawn (the cursor only for a player who places), with the
    /// viewer's placement in flight already on it.
    public var board: QuortexBoardPicture? {
        guard let view = shownView else { return nil }
        let showsCursor = viewerSeat != nil && !table.isOver && pendingPlacement == nil
        return QuortexBoardPicture(view: view, cursor: showsCursor ? cursor : nil, lastMoves: lastMoveCells)
    }

    /// The view as the player should see it now: the authority's (or the endpoint's prediction),
    /// with the placement still on its way shown as made, as the rules would make it.
    public var shownView: QuortexView? {
        guard let view, let pending = pendingPlacement, view.position.board[pending.cell] == nil, let seat = viewerSeat,
            let tile = view.position.drawn
        else { return view }
        if let predicted = Quortex.predict(view, .place(pending), by: seat) { return predicted }
        // A winning placement is not predicted (the authority says how it ended); the tile shows.
        var shown = view
        shown.position.board[pending.cell] = PlacedTile(tile, rotation: pending.rotation)
        shown.position.drawn = nil
        shown.legalPlacements = nil
        return shown
    }

    /// A move is on its way to the authority: the board shows it, the server may still correct it.
    public var isAwaitingAuthority: Bool { pendingPlacement != nil || table.snapshot?.isWaitingForHost == true }

    /// The cells of the moves announced, with the seat that placed each when it is known.
    public var lastMoveCells: [Cell: Int] {
        var cells: [Cell: Int] = [:]
        for announcement in announcements where announcement.seats.count == 1 {
            for placed in announcement.placements { cells[placed.cell] = announcement.seats[0] }
        }
        return cells
    }

    /// What a seat is called here: "you" for the viewer, else its label or player's name.
    public func name(ofSeat seat: Int) -> String {
        if seat == viewerSeat { return "you" }
        return table.label(ofSeat: seat) ?? "P\(seat + 1)"
    }

    // MARK: Intents

    public func moveCursor(_ step: QuortexCursor.Step) {
        table.dismissMessage()
        cursor.move(step)
    }

    /// Points at `cell` (a tap on the board).
    public func select(_ cell: Cell) {
        table.dismissMessage()
        if cell.isOnBoard { cursor.cell = cell }
    }

    public func rotate(clockwise: Bool) {
        table.dismissMessage()
        cursor.rotate(view?.position.drawn, clockwise: clockwise)
    }

    /// Moves the cursor to the next (or previous) legal cell; says why when there is none.
    public func jumpToLegal(forward: Bool) {
        table.dismissMessage()
        if !cursor.jump(among: legalPlacements, forward: forward) { table.message = blockedReason }
    }

    /// Places the drawn tile at the cursor, turned as the cursor has it; a refusal is the message.
    /// The placement shows at once (``pendingPlacement``) until the authority answers.
    public func place() async {
        table.dismissMessage()
        guard isMyTurn, pendingPlacement == nil else {
            table.message = pendingPlacement == nil ? blockedReason : "Your move is on its way."
            signal(.refused)
            return
        }
        let placement = Placement(cell: cursor.cell, rotation: cursor.rotation)
        ownCell = placement.cell
        pendingPlacement = placement
        // The tile lands at once, so it sounds at once and its flows run; a refusal sounds when it comes.
        signal(.placed)
        noteShownFlows()
        let accepted = await table.perform(.place(placement))
        pendingPlacement = nil
        noteShownFlows()
        if !accepted { signal(.refused) }
    }

    public func refresh() async { await table.refresh() }

    /// A new view: announce what the others did and keep the cursor's turn valid for the new tile.
    private func adopt(_ previous: QuortexView?, _ current: QuortexView) {
        if let previous, current.placements > previous.placements || current.position.resignedCamps != previous.position.resignedCamps,
            let news = QuortexMoveAnnouncement.between(previous, current, viewer: current.viewer.seat, ownCell: ownCell, name: announcedName)
        {
            announcements.append(news)
            let others = max(current.players.count - 1, 1)
            if announcements.count > others { announcements.removeFirst(announcements.count - others) }
        }
        if current.placements != previous?.placements { ownCell = nil }
        if let drawn = current.position.drawn { cursor.rotation = Self.equivalent(cursor.rotation, of: drawn) }
        if let previous, let event = QuortexFeedback.event(from: previous, to: current) { signal(event) }
        noteShownFlows()
    }

    /// "P2 Olga" (the seat number, so it matches the legend and the board's sides).
    private func announcedName(_ seat: Int) -> String {
        "P\(seat + 1) " + name(ofSeat: seat)
    }

    /// The distinct rotation of `tile` giving the same paths as `rotation` (a symmetric tile
    /// lists only some rotations among its legal placements).
    static func equivalent(_ rotation: Int, of tile: TileType) -> Int {
        let rotations = tile.distinctRotations
        guard !rotations.contains(rotation) else { return rotation }
        func paths(_ turn: Int) -> Set<Int> { Set(PlacedTile(tile, rotation: turn).pairs.map { $0.0.rawValue * 6 + $0.1.rawValue }) }
        let wanted = paths(rotation)
        return rotations.first { paths($0) == wanted } ?? rotations.first ?? 0
    }
}
